/* Every page of an edition registers the edition's service worker (sw.js at the edition's root,
   written by tools/build_play.py after the book is built), so that after one visit to any page
   the whole edition (every page, the printables, the engine, the live notebooks) opens with no
   network (issues 23 and 24). Added to every page by tools/offline.py. The page says which build it is (its
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
      // once active, the worker keeps the live notebooks too (what it does not have yet)
      navigator.serviceWorker.ready.then(function (ready) {
        if (ready.active) ready.active.postMessage({ type: "oanquan-keep-later" });
      });
      if (!build) return;
      [registration.installing, registration.waiting, registration.active].forEach(function (sw) {
        if (sw) sw.postMessage({ type: "oanquan-pin", build: build });
      });
    }).catch(function () {
      // no service worker (a private window, a browser setting): the page still works online
    });
  }
  // The worker downloads the whole edition: on a page with a game (the Play and Puzzles pages,
  // a chapter's live boards) only once the engine is ready (play.js, liveboard.js say so), so that
  // the reader's first move never waits behind it; elsewhere once the page has loaded.
  if (document.querySelector("#oaq, .oaq-liveboard")) document.addEventListener("oanquan-ready", register, { once: true });
  else if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
})();
