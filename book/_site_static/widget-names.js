/* Names for the parts of the step-through players that the ipywidgets HTML manager draws
   without one (tools/sphinx/accessible_pages.py, issue 22): the Play widget's icon buttons, and each
   slider's handle, which takes the words of the slider's own label ("frame", "ms/step"); and no
   "null" for a label the manager gave no tooltip.
   The words, in the page's language, are in this script tag's data-words attribute. The widgets
   are drawn after the page has loaded, so the page is watched until they are. */
(function () {
  "use strict";
  var words = {};
  try {
    var parsed = JSON.parse(document.currentScript.getAttribute("data-words") || "{}");
    if (parsed && typeof parsed === "object") words = parsed;
  } catch (error) { words = {}; } // a broken attribute leaves the parts unnamed, never the page broken

  function name(el, text) {
    if (el && typeof text === "string" && text && !el.hasAttribute("aria-label")) el.setAttribute("aria-label", text);
  }

  function nameAll() {
    document.querySelectorAll(".widget-play").forEach(function (play) {
      var buttons = play.querySelectorAll("button");
      name(buttons[0], words.play);
      name(buttons[1], words.stop);
      name(buttons[2], words.repeat);
    });
    // The manager writes title="null" on the (empty) label of a widget that has no tooltip (the
    // pictures' HTML widgets, the step buttons): a hover would say "null". It is taken away.
    document.querySelectorAll('.jupyter-widgets label[title="null"], .widget-toggle-buttons label[title="null"]').forEach(function (label) {
      label.removeAttribute("title");
    });
    document.querySelectorAll(".widget-slider").forEach(function (slider) {
      var label = slider.querySelector(".widget-label");
      var text = label ? label.textContent.trim() : "";
      slider.querySelectorAll("[role=slider]").forEach(function (handle) { name(handle, text); });
    });
  }

  var pending = false;
  function soon() {
    if (pending) return;
    pending = true; // one pass per frame, however many widgets were drawn in it
    requestAnimationFrame(function () { pending = false; nameAll(); });
  }
  new MutationObserver(soon).observe(document.documentElement, { childList: true, subtree: true });
  soon();
})();
