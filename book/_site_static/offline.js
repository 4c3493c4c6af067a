/* Every page of an edition registers the edition's service worker (sw.js at the edition's root,
   written by tools/build/play.py after the book is built), so that after one visit to any page
   the whole edition (every page, the printables, the engine) opens with no network (issues 23
   and 24); once it is active, the other edition's worker too, so that one visit keeps both
   (issue 45: the two share one copy of the runtime). The live notebooks are kept when one is
   opened, or all at once by the teacher's guide's control ("Keep the live notebooks on this
   device", a button this script wakes). Added to every page by tools/sphinx/offline.py. The page says which build it is (its
   <meta name="oanquan-build">), so that everything it loads later comes from that same build.
   A page the worker finds on an older build is told ("oanquan-new-version"): the Play and
   Puzzles pages offer to reload (play.js); other pages are simply whole, as they were built. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext || location.protocol === "file:") return;
  var script = document.currentScript;
  if (!script || !script.src) return;
  var worker = new URL("../sw.js", script.src); // this script is <edition>/_static/offline.js
  var lite = new URL("../lite/", script.src).href; // the edition's live notebooks
  // The other edition's root: the language switch's language, at the site's root (English) or
  // in the folder named after it.
  var switchLink = document.querySelector("a.oq-language[hreflang]");
  var otherLang = switchLink ? switchLink.getAttribute("hreflang") : "";
  var mine = (document.documentElement.lang || "en").slice(0, 2);
  var otherRoot = !/^[a-z]{2}$/.test(otherLang) || otherLang === mine ? null
    : otherLang === "en" ? new URL("../../", script.src) : new URL("../" + otherLang + "/", script.src);
  var meta = document.querySelector("meta[name=oanquan-build]");
  var build = meta ? meta.getAttribute("content") : "";
  // A browser that opened the live notebooks of an earlier build has JupyterLite's own worker
  // registered for lite/; it would answer there from the network only, so it goes.
  function forgetLiteWorker() {
    if (!navigator.serviceWorker.getRegistrations) return;
    navigator.serviceWorker.getRegistrations().then(function (registrations) {
      registrations.forEach(function (registration) {
        if (registration.scope === lite) registration.unregister();
      });
    }).catch(function () {});
  }
  // The worker could not keep this edition (its install failed: a file of another build, from a
  // deploy not finished, or the network gone): the reader is told, once. The Play and Puzzles
  // pages say it among their notices (play.js, in the page's words: it takes the event);
  // elsewhere a line at the top of the page does. The next visit tries again (register()).
  var SAID = {
    en: "This site could not be kept in your browser for use with no internet; it tries again on your next visit.",
    vi: "Không lưu được trang web này vào trình duyệt để dùng khi không có mạng; lần ghé thăm sau sẽ thử lại.",
  };
  var told = false;
  function installFailed(event) {
    var data = event.data || {};
    if (data.type !== "oanquan-offline-failed" || told) return;
    told = true;
    var taken = !document.dispatchEvent(new CustomEvent("oanquan-offline-failed", { cancelable: true, detail: { offline: data.offline === true } }));
    if (taken) return;
    var line = document.createElement("p");
    line.className = "oaq-offline-failed";
    line.setAttribute("role", "status");
    line.textContent = SAID[(document.documentElement.lang || "en").slice(0, 2)] || SAID.en;
    var main = document.querySelector("main") || document.body;
    main.insertBefore(line, main.firstChild);
  }
  function register() {
    navigator.serviceWorker.addEventListener("message", installFailed);
    if (navigator.serviceWorker.startMessages) navigator.serviceWorker.startMessages();
    forgetLiteWorker();
    navigator.serviceWorker.register(worker.href).then(function (registration) {
      // once this edition is kept, the other one's worker keeps that one (its pages: the runtime
      // is the same files, which the two workers keep once)
      navigator.serviceWorker.ready.then(function () {
        if (otherRoot) navigator.serviceWorker.register(new URL("sw.js", otherRoot).href, { scope: otherRoot.href }).catch(function () {});
      });
      if (!build) return;
      [registration.installing, registration.waiting, registration.active].forEach(function (sw) {
        if (sw) sw.postMessage({ type: "oanquan-pin", build: build });
      });
    }).catch(function () {
      // no service worker (a private window, a browser setting): the page still works online
    });
  }
  // The teacher's guide's "Keep the live notebooks on this device": the active worker keeps them
  // all and says when it is done (or could not: the network went).
  var KEEP = {
    en: { busy: "Keeping the live notebooks…", done: "The live notebooks are kept on this device.", failed: "The live notebooks could not all be kept; try again with internet." },
    vi: { busy: "Đang lưu các sổ tay tương tác…", done: "Các sổ tay tương tác đã được lưu trên thiết bị này.", failed: "Chưa lưu được hết các sổ tay tương tác; hãy thử lại khi có mạng." },
  };
  function keepLiveNotebooks() {
    var button = document.querySelector("button.oaq-keep-lite");
    if (!button) return;
    var words = KEEP[mine] || KEEP.en;
    var status = document.createElement("span");
    status.className = "oaq-keep-lite-status";
    status.setAttribute("role", "status");
    button.parentNode.insertBefore(status, button.nextSibling);
    navigator.serviceWorker.addEventListener("message", function (event) {
      var data = event.data || {};
      if (data.type !== "oanquan-later-kept") return;
      status.textContent = " " + (data.kept ? words.done : words.failed);
      button.disabled = false;
    });
    button.addEventListener("click", function () {
      button.disabled = true;
      status.textContent = " " + words.busy;
      navigator.serviceWorker.ready.then(function (ready) {
        ready.active.postMessage({ type: "oanquan-keep-later" });
      });
    });
    button.disabled = false;
  }
  keepLiveNotebooks();
  // The worker downloads the whole edition: on a page with a game (the Play and Puzzles pages,
  // a chapter's live boards) only once the engine is ready (play.js, liveboard.js say so), so that
  // the reader's first move never waits behind it; elsewhere once the page has loaded.
  if (document.querySelector("#oaq, .oaq-liveboard")) document.addEventListener("oanquan-ready", register, { once: true });
  else if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
})();
