// The page's side of the game engine: one Web Worker per page (engine-worker.js, beside this
// file) running Pyodide and the oanquan package. An ES module that puts nothing on window:
//
//   import { pageEngine } from "./engine.js";
//   const engine = pageEngine();          // the page's one engine (the worker starts on first use)
//   engine.call({op: "state"}).then(...)  // a Promise of the answer: {ok: true, ...} or
//                                         // {ok: false, error}; never rejected
//   engine.ready.then(...)                // resolved once the engine answers; rejected (an Error
//                                         // with the reason) if it could not be loaded
//   engine.onProgress((p) => {...})       // {stage, loaded, total} while loading (and the last
//                                         // one at once); stage "download", "start", "engine"
//   engine.state                          // "loading", "ready" or "failed"
//   engine.timings                        // once ready: when Pyodide and the engine had started
//
// Requests made before the engine is ready wait for it and are answered in the order they
// were made. Several boards on one page share the engine: a request's "board" names its game
// (oanquan/web/). This file has no rules of the game.

// The worker has its own, shorter limits for each stage (engine-worker.js); this one is for a
// worker that never reports at all. Loading takes 6-8 s of processor time on a school laptop.
const LOAD_TIMEOUT_MS = 180000;
// A worker says something as soon as its script runs (its first progress). One that has said
// nothing after SILENT_MS is taken to have lost its script (25 kB): a request the service worker
// loses as a new build's worker takes over is never answered (docs/site.md). It is ended and a
// new one started, at most RESTARTS times, and the calls sent to it are sent again; the last one
// is waited for, within LOAD_TIMEOUT_MS from the first. The worker's own requests are asked again
// by the worker itself (engine-worker.js).
const SILENT_MS = 15000;
const RESTARTS = 2;

function language(doc) {
  const lang = (doc.documentElement.getAttribute("lang") || "").slice(0, 2).toLowerCase();
  return /^[a-z]{2}$/.test(lang) && lang !== "en" ? lang : ""; // English is the engine's own language
}

function reasonOf(error) { return String(error && error.message ? error.message : error); }

// The engine's answer, read from the JSON text the worker passed through as it was (one
// parse, in the page): plain data, its boards as scenes; text that is not an answer is said as one.
function parsed(text) {
  try {
    const answer = JSON.parse(text);
    if (answer !== null && typeof answer === "object" && !Array.isArray(answer)) return answer;
  } catch (error) { /* said below */ }
  return { ok: false, error: "The game engine's answer could not be read: " + text.slice(0, 80) };
}

// The engine of the page ``win`` (its document, address, Worker and timers: the Node tests give
// stand-ins), its worker's script in the folder ``here``.
function Engine(win, here) {
  const engine = this;
  let next = 1;
  const pending = {}; // id -> {request, resolve}, each call not answered yet (sent again to a new worker)
  const listeners = [];
  let last = null; // the last progress message
  let resolveReady, rejectReady;
  engine.state = "loading";
  engine.error = "";
  engine.ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  engine.ready.catch(() => {}); // a page that never asks is not an unhandled rejection

  // Loading failed, or the worker stopped later: every waiting call is answered, and so are
  // the calls made afterwards, with the reason.
  const failed = () => ({ ok: false, error: "The game engine could not be loaded: " + engine.error });
  function fail(reason) {
    if (engine.state === "failed") return;
    const loading = engine.state === "loading";
    engine.state = "failed";
    engine.error = reason;
    if (loading) rejectReady(new Error(reason));
    Object.keys(pending).forEach((id) => {
      const call = pending[id];
      delete pending[id];
      call.resolve(failed());
    });
  }

  let worker = null;
  let address = "";
  let options = null;
  try {
    if (win.location.protocol === "file:") throw new Error("pages opened from a file cannot run the engine; serve the site over http");
    const lang = language(win.document);
    // The page's build (tools/build/play.py writes it into every page): the service worker
    // serves the engine's files from the same build as the page (service-worker.js).
    const meta = win.document.querySelector("meta[name=oanquan-build]");
    const build = meta && /^[0-9a-f]{1,64}$/.test(meta.getAttribute("content") || "") ? meta.getAttribute("content") : "";
    const query = [lang ? "lang=" + lang : "", build ? "build=" + build : ""].filter(Boolean).join("&");
    address = here + "engine-worker.js" + (query ? "?" + query : "");
    options = { type: "module", name: lang };
    worker = new win.Worker(address, options);
  } catch (error) {
    fail(reasonOf(error));
  }
  if (worker) {
    // A worker that never says it is ready or failed (its script never ran, a policy stopped it
    // silently): after LOAD_TIMEOUT_MS the page is told why it waits no more.
    const timeout = win.setTimeout(() => {
      if (engine.state === "loading") fail("it did not start within " + Math.round(LOAD_TIMEOUT_MS / 1000) + " s; reload the page to try again");
    }, LOAD_TIMEOUT_MS);
    engine.ready.finally(() => win.clearTimeout(timeout)).catch(() => {});
    listen(worker, 0);
  }

  // The messages of ``from``, the worker started after ``restarts`` silent ones.
  function listen(from, restarts) {
    let heard = false;
    const silence = win.setTimeout(() => {
      if (heard || worker !== from || engine.state !== "loading" || restarts >= RESTARTS) return;
      from.terminate();
      try {
        worker = new win.Worker(address, options);
      } catch (error) {
        fail(reasonOf(error));
        return;
      }
      listen(worker, restarts + 1);
      Object.keys(pending).map(Number).forEach(send); // in the order they were made
    }, SILENT_MS);
    from.onmessage = (event) => {
      if (from !== worker) return; // an ended worker's
      heard = true;
      win.clearTimeout(silence);
      const message = event.data || {};
      if (message.type === "answer") {
        const call = pending[message.id];
        if (call) {
          delete pending[message.id];
          call.resolve(typeof message.text === "string" ? parsed(message.text) : message.answer);
        }
      } else if (message.type === "progress") {
        last = { stage: message.stage, loaded: message.loaded, total: message.total };
        listeners.slice().forEach((fn) => { try { fn(last); } catch (error) { /* the listener's own */ } });
      } else if (message.type === "ready") {
        engine.state = "ready";
        engine.timings = message.timings || {};
        resolveReady(engine);
      } else if (message.type === "failed") {
        fail(String(message.error));
      }
    };
    from.onerror = (event) => {
      // the worker's script could not load (or threw outside a request)
      if (event && event.preventDefault) event.preventDefault();
      if (from !== worker) return;
      heard = true;
      win.clearTimeout(silence);
      fail((event && event.message) || "the engine's worker could not start");
    };
  }

  engine.call = (request) => new Promise((resolve) => {
    if (engine.state === "failed") {
      resolve(failed());
      return;
    }
    const id = next++;
    pending[id] = { request, resolve };
    send(id);
  });

  // Call ``id`` sent to the worker; one it cannot take (not cloneable) is answered at once.
  function send(id) {
    try {
      worker.postMessage({ id, request: pending[id].request });
    } catch (error) {
      const call = pending[id];
      delete pending[id];
      call.resolve({ ok: false, error: "The request could not be sent to the engine: " + reasonOf(error) });
    }
  }

  engine.onProgress = (fn) => {
    if (typeof fn !== "function") return;
    listeners.push(fn);
    if (last) try { fn(last); } catch (error) { /* the listener's own */ }
  };
}

let shared = null;

// The page's one engine, started on first use: on the Play and Puzzles pages, by engine-start.js
// from the page's head (issue 45), before play.js and its modules have loaded.
export function pageEngine() {
  if (!shared) shared = new Engine(window, new URL(".", import.meta.url).href);
  return shared;
}
