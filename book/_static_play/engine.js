// The page's side of the game engine: one Web Worker per page (engine-worker.js, beside this
// file) running Pyodide and the oanquan package. Load with a plain <script> tag; then
//
//   var engine = OanquanEngine.get();     // the page's one engine (the worker starts on first use)
//   engine.call({op: "state"}).then(...)  // a Promise of the answer: {ok: true, ...} or
//                                         // {ok: false, error}; never rejected
//   engine.ready.then(...)                // resolved once the engine answers; rejected (an Error
//                                         // with the reason) if it could not be loaded
//   engine.onProgress(function (p) {...}) // {stage, loaded, total} while loading (and the last
//                                         // one at once); stage "download", "start", "engine"
//   engine.state                          // "loading", "ready" or "failed"
//   engine.timings                        // once ready: when Pyodide and the engine had started
//   OanquanEngine.start()                 // begin loading early (the same as get())
//
// Requests made before the engine is ready wait for it and are answered in the order they
// were made. Several boards on one page share the engine: a request's "board" names its game
// (oanquan/web/). This file has no rules of the game.
(function () {
  "use strict";
  if (window.OanquanEngine) return; // loaded twice: keep the first
  var script = document.currentScript;
  var here = script && script.src ? script.src.replace(/[^/]*$/, "") : "";
  var shared = null;
  // The worker has its own, shorter limits for each stage (engine-worker.js); this one is for a
  // worker that never reports at all. Loading takes 6-8 s of processor time on a school laptop.
  var LOAD_TIMEOUT_MS = 180000;

  function language() {
    var lang = (document.documentElement.getAttribute("lang") || "").slice(0, 2).toLowerCase();
    return /^[a-z]{2}$/.test(lang) && lang !== "en" ? lang : ""; // English is the engine's own language
  }

  // The engine's answer, read from the JSON text the worker passed through as it was (one
  // parse, in the page): plain data, its boards as scenes; text that is not an answer is said as one.
  function parsed(text) {
    try {
      var answer = JSON.parse(text);
      if (answer !== null && typeof answer === "object" && !Array.isArray(answer)) return answer;
    } catch (error) { /* said below */ }
    return { ok: false, error: "The game engine's answer could not be read: " + text.slice(0, 80) };
  }

  function Engine() {
    var engine = this;
    var next = 1;
    var pending = {}; // id -> resolve
    var listeners = [];
    var last = null; // the last progress message
    var resolveReady, rejectReady;
    engine.state = "loading";
    engine.error = "";
    engine.ready = new Promise(function (resolve, reject) { resolveReady = resolve; rejectReady = reject; });
    engine.ready.catch(function () {}); // a page that never asks is not an unhandled rejection

    // Loading failed, or the worker stopped later: every waiting call is answered, and so are
    // the calls made afterwards, with the reason.
    function fail(reason) {
      if (engine.state === "failed") return;
      var loading = engine.state === "loading";
      engine.state = "failed";
      engine.error = reason;
      if (loading) rejectReady(new Error(reason));
      Object.keys(pending).forEach(function (id) {
        var resolve = pending[id];
        delete pending[id];
        resolve({ ok: false, error: "The game engine could not be loaded: " + reason });
      });
    }

    var worker = null;
    try {
      if (location.protocol === "file:") throw new Error("pages opened from a file cannot run the engine; serve the site over http");
      if (!here) throw new Error("engine.js must be loaded with a <script src> tag");
      var lang = language();
      // The page's build (tools/build/play.py writes it into every page): the service worker
      // serves the engine's files from the same build as the page (service-worker.js).
      var meta = document.querySelector("meta[name=oanquan-build]");
      var build = meta && /^[0-9a-f]{1,64}$/.test(meta.getAttribute("content") || "") ? meta.getAttribute("content") : "";
      var query = [lang ? "lang=" + lang : "", build ? "build=" + build : ""].filter(Boolean).join("&");
      worker = new Worker(here + "engine-worker.js" + (query ? "?" + query : ""), { type: "module", name: lang });
    } catch (error) {
      fail(String(error && error.message ? error.message : error));
    }
    if (worker) {
      // A worker that never says it is ready or failed (its script never ran, a policy stopped it
      // silently): after LOAD_TIMEOUT_MS the page is told why it waits no more.
      var timeout = setTimeout(function () {
        if (engine.state === "loading") fail("it did not start within " + Math.round(LOAD_TIMEOUT_MS / 1000) + " s; reload the page to try again");
      }, LOAD_TIMEOUT_MS);
      engine.ready.then(function () { clearTimeout(timeout); }, function () { clearTimeout(timeout); });
      worker.onmessage = function (event) {
        var message = event.data || {};
        if (message.type === "answer") {
          var resolve = pending[message.id];
          if (resolve) {
            delete pending[message.id];
            resolve(typeof message.text === "string" ? parsed(message.text) : message.answer);
          }
        } else if (message.type === "progress") {
          last = { stage: message.stage, loaded: message.loaded, total: message.total };
          listeners.slice().forEach(function (fn) { try { fn(last); } catch (error) { /* the listener's own */ } });
        } else if (message.type === "ready") {
          engine.state = "ready";
          engine.timings = message.timings || {};
          resolveReady(engine);
        } else if (message.type === "failed") {
          fail(String(message.error));
        }
      };
      worker.onerror = function (event) {
        // the worker's script could not load (or threw outside a request)
        if (event && event.preventDefault) event.preventDefault();
        fail((event && event.message) || "the engine's worker could not start");
      };
    }

    engine.call = function (request) {
      return new Promise(function (resolve) {
        if (engine.state === "failed") {
          resolve({ ok: false, error: "The game engine could not be loaded: " + engine.error });
          return;
        }
        var id = next++;
        pending[id] = resolve;
        try {
          worker.postMessage({ id: id, request: request });
        } catch (error) {
          delete pending[id];
          resolve({ ok: false, error: "The request could not be sent to the engine: " + String(error && error.message ? error.message : error) });
        }
      });
    };

    engine.onProgress = function (fn) {
      if (typeof fn !== "function") return;
      listeners.push(fn);
      if (last) try { fn(last); } catch (error) { /* the listener's own */ }
    };
  }

  window.OanquanEngine = {
    get: function () {
      if (!shared) shared = new Engine();
      return shared;
    },
    start: function () { return window.OanquanEngine.get(); },
  };
  // On the Play and Puzzles pages the engine starts as the page's HTML arrives (this script comes
  // after the game's markup), not once the page's modules have loaded: half a second to a second
  // earlier, on a first visit and a later one alike (issue 45).
  if (document.querySelector("#oaq") && location.protocol !== "file:") window.OanquanEngine.start();
})();
