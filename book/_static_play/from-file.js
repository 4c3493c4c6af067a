// The Play and Puzzles pages opened from a file (file://): a browser loads no ES module from a
// file (modules need CORS, which a file has not), so play.js never runs there, and the engine
// could not either. This plain script, loaded before it, says so in the page's words and leaves
// the board as built.
(function () {
  "use strict";
  var root = document.getElementById("oaq");
  if (!root || location.protocol !== "file:") return;
  var words = {}; // the page's translations (tools/build/edition.py), as words.js reads them
  try {
    var script = document.querySelector("script[data-oaq-words]");
    words = script ? JSON.parse(script.textContent) || {} : {};
  } catch (error) {
    words = {};
  }
  function t(text) { return typeof words[text] === "string" ? words[text] : text; }
  root.setAttribute("data-state", "fallback");
  root.querySelectorAll("button, select, input").forEach(function (control) { control.disabled = true; });
  root.querySelector("[data-oaq=loading]").hidden = true;
  root.querySelector("[data-oaq=fallback]").hidden = false;
  var status = root.querySelector("[data-oaq=status]");
  status.textContent = t("The board below is the starting position; to play, serve the site over http.");
  status.hidden = false;
})();
