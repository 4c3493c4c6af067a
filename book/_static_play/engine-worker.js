// The game engine in a Web Worker (a module worker): Pyodide and the oanquan package load and
// think here, so the page's main thread is never blocked. Served as _static/play/engine-worker.js;
// engine.js starts it, one per page.
//
// Messages it posts:
//   {type: "progress", stage, loaded, total}  while downloading ("download": bytes) and starting
//                                             ("start": Python, "engine": the oanquan package)
//   {type: "ready", timings}                  once requests are answered by the engine (timings:
//                                             ms since the worker started, for the benchmarks)
//   {type: "failed", error}                   if loading failed (every request is then answered
//                                             {ok: false, error})
//   {type: "answer", id, text}                for each {id, request} received, in order: text is the
//                                             JSON of oanquan.web.call(request), passed through as it
//                                             is (engine.js reads it once, in the page: issue 20)
//   {type: "answer", id, answer}              instead, when the engine could not answer: any exception,
//                                             in Python or here, becomes {ok: false, error: "..."}:
//                                             one line, never a traceback.
// The worker has no rules of the game: it passes text to the engine and back.
const here = new URL(".", import.meta.url).href; // .../_static/play/
const pyodideUrl = new URL("../pyodide/", here).href;
const params = new URL(import.meta.url).searchParams;

let call = null; // oanquan.web.call once loaded
const timings = {}; // ms since the worker started: begun, python (Pyodide started), imported and snapshot_made (a first start: the package imported, its snapshot made), engine (ready)
let failure = null; // the reason loading failed, once it has
const waiting = []; // requests that arrived before the engine was ready

// The engine's answer as its JSON text ({text}), or why there is none ({answer}).
function answerOf(request) {
  if (failure !== null) return { answer: { ok: false, error: "The game engine could not be loaded: " + failure } };
  try {
    return { text: String(call(JSON.stringify(request))) };
  } catch (error) {
    return { answer: { ok: false, error: "The game engine could not answer: " + oneLine(error) } };
  }
}

// A Python exception arrives as a PythonError whose message is the whole traceback: keep its
// last line ("RecursionError: maximum recursion depth exceeded"), which says what happened.
function oneLine(error) {
  const text = String(error && error.message !== undefined ? error.message : error).trim();
  const lines = text.split("\n").filter(function (line) { return line.trim() !== ""; });
  const last = lines.length ? lines[lines.length - 1].trim() : "unknown error";
  return last.length > 300 ? last.slice(0, 300) + "…" : last;
}

function reply(message) {
  const id = message && message.id;
  let found;
  if (!message || typeof message !== "object" || typeof message.request !== "object" || message.request === null) {
    found = { answer: { ok: false, error: "a request must be an object {id, request}" } };
  } else {
    found = answerOf(message.request);
  }
  self.postMessage(Object.assign({ type: "answer", id: id }, found));
}

self.onmessage = function (event) {
  if (call === null && failure === null) waiting.push(event.data);
  else reply(event.data);
};

let progress = function (stage, loaded, total) {
  self.postMessage({ type: "progress", stage: stage, loaded: loaded, total: total });
};

// Count the bytes of the engine's files as they arrive (a clone of each response is read, so
// Pyodide still gets the original one, and the browser's cache of compiled WebAssembly, keyed
// by the response's address, keeps working).
const FETCHED = ["pyodide-lock.json", "python_stdlib.zip", "pyodide.asm.wasm", "oanquan.zip"];
const sizes = {}; // file name -> bytes expected
let started = false;
const received = {}; // file name -> bytes so far
function expected() {
  return Object.keys(sizes).reduce(function (sum, name) { return sum + sizes[name]; }, 0);
}
function sofar() {
  return Object.keys(received).reduce(function (sum, name) { return sum + received[name]; }, 0);
}
const plainFetch = self.fetch.bind(self);
self.fetch = async function (resource, init) {
  const response = await plainFetch(resource, init);
  try {
    const url = new URL(typeof resource === "string" || resource instanceof URL ? resource : resource.url, here);
    const name = url.pathname.replace(/.*\//, "");
    if (response.ok && response.body && !(name in received)) {
      const length = Number(response.headers.get("Content-Length")) || 0;
      if (FETCHED.indexOf(name) < 0) return response;
      if (!(name in sizes) && length) sizes[name] = length;
      received[name] = 0;
      const reader = response.clone().body.getReader();
      (async function () {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) {
            if (!started && FETCHED.every(function (f) { return f in sizes && received[f] >= sizes[f]; })) {
              started = true; // everything is here: now WebAssembly compiles and Python starts
              progress("start", sofar(), Math.max(expected(), sofar()));
            }
            break;
          }
          received[name] += chunk.value.byteLength;
          progress("download", sofar(), Math.max(expected(), sofar()));
        }
      })().catch(function () {});
    }
  } catch (error) {
    // counting is only for the progress bar
  }
  return response;
};

// A started engine is kept as a Pyodide memory snapshot in the browser's Cache Storage, one per
// build (the manifest's version) and language: restoring it skips starting Python and importing
// the engine, which is most of the start-up time (tools/build/play.py's manifest; measured by
// benchmarks/bench_play_page.py). Any trouble with it falls back to an ordinary start.
const SNAPSHOTS = "pyodide-snapshot";
const SITE_DIR = "/home/pyodide/site";
const IMPORTS = "import sys; sys.path.insert(0, '" + SITE_DIR + "'); import oanquan.web, oanquan.svg, oanquan.ai, oanquan.puzzles";

async function readSnapshot(key) {
  try {
    if (!self.caches) return null;
    const hit = await (await caches.open(SNAPSHOTS)).match(key);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (error) {
    return null;
  }
}

async function saveSnapshot(key, bytes) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    const old = await cache.keys();
    await Promise.all(old.filter(function (r) { return r.url !== key; }).map(function (r) { return cache.delete(r); }));
    await cache.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (error) {
    // storage full or refused: the next visit starts the ordinary way
  }
}

async function forgetSnapshots() {
  try {
    if (self.caches) await caches.delete(SNAPSHOTS);
  } catch (error) {
    // nothing kept
  }
}

async function load(useSnapshot) {
  progress("download", 0, 0);
  let version = "";
  try {
    const manifest = await plainFetch(here + "manifest.json").then(function (r) { return r.ok ? r.json() : null; });
    if (manifest && manifest.files) {
      Object.keys(manifest.files).forEach(function (path) {
        const name = path.replace(/.*\//, "");
        if (FETCHED.indexOf(name) >= 0) sizes[name] = manifest.files[path];
      });
    }
    if (manifest && typeof manifest.version === "string" && /^[0-9a-f]+$/.test(manifest.version)) version = manifest.version;
  } catch (error) {
    // no manifest: the sizes come from each response, and no snapshot is kept
  }
  const download = self.fetch(here + "oanquan.zip"); // meanwhile, the engine itself
  download.catch(function () {}); // reported below, when awaited
  timings.begun = Math.round(performance.now());
  const module = await import(pyodideUrl + "pyodide.mjs");
  // The page's language: in the address, and in the worker's name, since a worker script served
  // by the service worker's cache has the cached address, without the query (issue 15).
  const lang = params.get("lang") || self.name;
  const env = lang && /^[a-z]{2}$/.test(lang) ? { OANQUAN_LANG: lang } : {};
  const key = here + "snapshot-" + version + "-" + (env.OANQUAN_LANG || "default") + ".bin";
  const snapshot = version && useSnapshot ? await readSnapshot(key) : null;
  timings.snapshot_found = Boolean(snapshot);
  let python = null;
  if (snapshot) {
    progress("start", 0, 0);
    try {
      python = await module.loadPyodide({ indexURL: pyodideUrl, env: env, _loadSnapshot: snapshot });
      timings.snapshot = snapshot.byteLength;
    } catch (error) {
      python = null;
      timings.snapshot_error = oneLine(error);
      await forgetSnapshots();
    }
  }
  const fresh = python === null;
  const keep = fresh && useSnapshot && Boolean(version) && Boolean(self.caches);
  if (fresh) python = await module.loadPyodide({ indexURL: pyodideUrl, env: env, _makeSnapshot: keep });
  timings.python = Math.round(performance.now());
  progress("engine", sofar(), Math.max(expected(), sofar()));
  const archive = await download;
  if (!archive.ok) throw new Error("oanquan.zip: HTTP " + archive.status);
  // the package's files (its data, its catalogues) live in the file system, which a snapshot does not hold
  python.unpackArchive(await archive.arrayBuffer(), "zip", { extractDir: SITE_DIR });
  if (fresh) {
    python.runPython(IMPORTS);
    timings.imported = Math.round(performance.now());
    if (keep) {
      try {
        saveSnapshot(key, python.makeMemorySnapshot());
      } catch (error) {
        // no snapshot this time
      }
      timings.snapshot_made = Math.round(performance.now());
    }
  }
  const web = python.pyimport("oanquan.web");
  call = web.call;
  const check = JSON.parse(call(JSON.stringify({ op: "dance" })));
  if (check.ok !== false || typeof check.error !== "string") {
    if (!fresh) throw new RestoredBadly();
    throw new Error("the engine does not answer as it should");
  }
  timings.engine = Math.round(performance.now());
  timings.restored = !fresh;
}

function RestoredBadly() {}

// A stage of loading that takes longer than this is given up, with the stage named: a policy
// that forbids WebAssembly (a Content-Security-Policy without 'wasm-unsafe-eval') can leave
// Pyodide waiting for ever (issue 24). Loading takes 6-8 s on this project's slowest machines.
const STAGE_TIMEOUT_MS = 120000;
let stage = "downloading the engine";
const stageOf = { download: "downloading the engine", start: "starting Python (WebAssembly)", engine: "starting the game engine" };
const plainProgress = progress;
progress = function (name, loaded, total) {
  stage = stageOf[name] || stage;
  plainProgress(name, loaded, total);
};
let refused = "";
self.addEventListener("securitypolicyviolation", function (event) {
  refused = "the site's security policy refused " + (event.effectiveDirective || event.violatedDirective || "something the engine needs");
});
function timeLimit() {
  return new Promise(function (resolve, reject) {
    let last = stage;
    let since = performance.now();
    const timer = setInterval(function () {
      if (call !== null || failure !== null) { clearInterval(timer); resolve(); return; }
      if (refused) { clearInterval(timer); reject(new Error(refused)); return; }
      if (stage !== last) { last = stage; since = performance.now(); return; }
      if (performance.now() - since > STAGE_TIMEOUT_MS) {
        clearInterval(timer);
        reject(new Error(stage + " took more than " + Math.round(STAGE_TIMEOUT_MS / 1000) + " s"));
      }
    }, 1000);
  });
}

// A snapshot that restored but does not answer is forgotten, and the engine starts afresh.
Promise.race([load(true), timeLimit().then(function () { return new Promise(function () {}); })]).catch(function (error) {
  if (!(error instanceof RestoredBadly)) throw error;
  call = null;
  timings.snapshot_error = "the restored engine did not answer";
  return forgetSnapshots().then(function () { return load(false); });
}).then(
  function () {
    self.postMessage({ type: "ready", timings: timings });
    while (waiting.length) reply(waiting.shift());
  },
  function (error) {
    failure = oneLine(error);
    self.postMessage({ type: "failed", error: failure });
    while (waiting.length) reply(waiting.shift());
  }
);
