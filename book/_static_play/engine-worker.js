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
const timings = {}; // ms since the worker started: begun (about to import Pyodide's loader), snapshot_ready (the snapshot in hand), python (Pyodide restored or started), imported and snapshot_made (a start without a snapshot: the package imported, its snapshot made), engine (ready); snapshot_from: "build" (unzipped as it arrived), "unzipped" (the build's, unzipped by an earlier visit) or "kept" (one this browser made)
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
  const fine = message && typeof message === "object" && typeof message.request === "object" && message.request !== null;
  const found = fine ? answerOf(message.request) : { answer: { ok: false, error: "a request must be an object {id, request}" } };
  self.postMessage(Object.assign({ type: "answer", id: id }, found));
}

self.onmessage = function (event) {
  if (call === null && failure === null) waiting.push(event.data);
  else reply(event.data);
};

// A stage of loading that takes longer than this is given up, with the stage named (timeLimit): a
// policy that forbids WebAssembly (a Content-Security-Policy without 'wasm-unsafe-eval') can leave
// Pyodide waiting for ever (issue 24). Loading takes 6-8 s on this project's slowest machines.
const STAGE_TIMEOUT_MS = 120000;
const stageOf = { download: "downloading the engine", start: "starting Python (WebAssembly)", engine: "starting the game engine" };
let stage = stageOf.download;

function progress(name, loaded, total) {
  stage = stageOf[name] || stage;
  self.postMessage({ type: "progress", stage: name, loaded: loaded, total: total });
}

// The engine started at build time (tools/build/engine_start.mjs), named after the engine it holds
// (the manifest's "engine"), so that an engine changed without it is never run from an old one.
let snapshotFile = "";
// Count the bytes of the engine's files as they arrive (a clone of each response is read, so
// Pyodide still gets the original one, and the browser's cache of compiled WebAssembly, keyed
// by the response's address, keeps working).
const FETCHED = ["pyodide-lock.json", "python_stdlib.zip", "pyodide.asm.wasm", "oanquan.zip"];
const sizes = {}; // file name -> bytes expected
let started = false;
const received = {}; // file name -> bytes so far
// the build's snapshot counts once it is asked for (a start without it never downloads it)
function counted(name) {
  return name !== snapshotFile || name in received;
}
function expected() {
  return Object.keys(sizes).filter(counted).reduce(function (sum, name) { return sum + sizes[name]; }, 0);
}
function sofar() {
  return Object.keys(received).reduce(function (sum, name) { return sum + received[name]; }, 0);
}

// The browser's fetch, before the worker puts its own in its place (below).
const browserFetch = self.fetch.bind(self);

// A request the service worker loses is never answered: Chromium stops the worker before a new
// build's as the new one takes over, and a request reaching it in that instant is lost (the
// service worker waits for a quiet moment to hand over, service-worker.js, but the engine can be
// quiet for longer: a slow device unzipping the snapshot). So each request of the engine's that
// has no answer in time is asked again (the new worker answers), the earlier tries still awaited:
// the first answer wins, a slow one as well as a lost one's stand-in.
// - A fetch's answer is its headers, which come at once from a cache or a server: asked again
//   after FETCH_WAIT_MS, three tries in all.
// - An import's answer is the whole script, downloaded beside the WebAssembly and the snapshot
//   (and, on a first visit, the service worker's copy of the site): asked once more, after
//   IMPORT_WAIT_MS, since an import cannot be stopped, and a network too slow to bring Pyodide's
//   JavaScript (1.25 MB) in that time then downloads it twice.
// A try that fails (the network gone, say) when no other is out is followed by the next at once.
// The request fails, with the last error, once every try has failed, or has had its time with one
// failed; tries that are only slow are awaited still (a stage of loading has its own limit below).
const FETCH_WAIT_MS = 10000;
const FETCH_TRIES = 3;
const IMPORT_WAIT_MS = 60000;
const IMPORT_TRIES = 2;

function patiently(ask, waitMs, most) {
  return new Promise(function (resolve, reject) {
    let tries = 0;
    let failed = 0;
    let lastError = null;
    let settled = false;
    let timer = null;
    function settle(done, value) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(value);
    }
    function next() {
      clearTimeout(timer);
      if (settled) return;
      if (tries === most) {
        if (lastError !== null) settle(reject, lastError);
        return;
      }
      tries++;
      timer = setTimeout(next, waitMs);
      let answer;
      try {
        answer = Promise.resolve(ask(tries));
      } catch (error) {
        answer = Promise.reject(error);
      }
      answer.then(
        function (value) { settle(resolve, value); },
        function (error) {
          failed++;
          lastError = error;
          if (failed === tries) next(); // none is out: the next try at once, or the failure
        }
      );
    }
    next();
  });
}

// fetch(), asked again if it has no answer (its headers) in time; the tries that lose are aborted.
// A request with a signal of its own is the caller's to stop, and one given as a Request may carry
// a body: each is asked once (Pyodide's requests and the worker's are addresses).
function patientFetch(resource, init) {
  if ((init && init.signal) || (typeof Request !== "undefined" && resource instanceof Request)) return browserFetch(resource, init);
  const tries = [];
  let won = false;
  return patiently(function () {
    const abort = new AbortController();
    tries.push(abort);
    return browserFetch(resource, Object.assign({}, init, { signal: abort.signal })).then(function (response) {
      if (!won) {
        won = true;
        tries.forEach(function (other) { if (other !== abort) other.abort(); });
      }
      return response;
    });
  }, FETCH_WAIT_MS, FETCH_TRIES);
}

// import(), asked again the same way, once for each address. The module map keeps one answer per
// address, so the second try asks for the same file at another address (the service worker and the
// server ignore this query), and a second load (the fallback below) reuses the first one's import,
// never a lost try of it.
const importsAsked = new Map(); // address -> the import's promise
function patientImport(url) {
  if (!importsAsked.has(url)) {
    const imported = patiently(function (attempt) {
      return import(attempt === 1 ? url : url + "?try=" + attempt);
    }, IMPORT_WAIT_MS, IMPORT_TRIES);
    imported.catch(function () { importsAsked.delete(url); }); // asked afresh next time
    importsAsked.set(url, imported);
  }
  return importsAsked.get(url);
}

// Pyodide's WebAssembly, compiled from the moment the worker starts (issue 45): Pyodide itself
// compiles it only once it holds the snapshot (the snapshot sets the memory's size), after the
// manifest, the snapshot and its loader have been read one after the other; compiled here, from
// the response as it arrives (on a later visit, from the browser's compiled copy of it, kept beside
// the service worker's), it is ready when Pyodide asks for it. Pyodide's own request for the file
// gets a stand-in, which its instantiation below replaces with this module; should this one fail,
// Pyodide's way is taken, the file fetched again. And when it is instantiated (timings.wasm).
const WASM = "pyodide.asm.wasm";
let compiled = null; // the module, compiling
const standIns = new WeakSet();
// The name of the file a fetch asks for ("pyodide.asm.wasm"), its folder and query left out.
function fileName(resource) {
  try {
    return new URL(typeof resource === "string" || resource instanceof URL ? resource : resource.url, here).pathname.replace(/.*\//, "");
  } catch (error) { return ""; } // not an address: the fetch fails as it would
}
if (self.WebAssembly && typeof WebAssembly.instantiateStreaming === "function") {
  const plainInstantiate = WebAssembly.instantiateStreaming.bind(WebAssembly);
  WebAssembly.instantiateStreaming = async function (source, imports) {
    const response = await source;
    let result;
    if (standIns.has(response)) {
      try {
        const module = await compiled;
        result = { module: module, instance: await WebAssembly.instantiate(module, imports) };
      } catch (error) {
        result = await plainInstantiate(patientFetch(pyodideUrl + WASM, { credentials: "same-origin" }), imports);
      }
    } else {
      result = await plainInstantiate(response, imports);
    }
    if (timings.wasm === undefined) timings.wasm = Math.round(performance.now());
    return result;
  };
}
self.fetch = async function (resource, init) {
  if (compiled && fileName(resource) === WASM) {
    const standIn = new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } });
    standIns.add(standIn);
    return standIn;
  }
  const response = await patientFetch(resource, init);
  try {
    const name = fileName(resource);
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
            if (!started && FETCHED.filter(counted).every(function (f) { return f in sizes && received[f] >= sizes[f]; })) {
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

if (self.WebAssembly && typeof WebAssembly.compileStreaming === "function") {
  compiled = WebAssembly.compileStreaming(self.fetch(pyodideUrl + WASM, { credentials: "same-origin" })); // counted for the progress bar
  compiled.catch(function () {}); // instantiated the plain way then (above)
}

// The engine starts from a Pyodide memory snapshot: Python started with the engine imported, made
// at build time (tools/build/engine_start.mjs, issue 45) on the site's own standard library zip.
// Restoring it skips starting Python and importing the engine, which were most of a first
// visit's time (measured by benchmarks/bench_play_page.py and bench_start.py). Should it fail to
// restore here, the engine starts the ordinary way and keeps a snapshot of its own in the browser's
// Cache Storage, one per build (the manifest's version) and language, which later visits restore
// instead. Any trouble with that one falls back to an ordinary start too.
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

// The build's snapshot, unzipped as it arrives (a 30 MB heap, 6 MB zipped); null if there is none.
async function builtSnapshot() {
  try {
    if (!self.DecompressionStream || !snapshotFile) return null;
    const response = await self.fetch(here + snapshotFile);
    if (!response.ok || !response.body) return null;
    const bytes = new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
    return bytes.byteLength ? bytes : null;
  } catch (error) {
    return null;
  }
}

// The build's snapshot kept unzipped for the next visits (issue 45): unzipping its 6 MB took a
// second visit 0.4-1.4 s of the worker's time on a shared 2-core machine, reading 15 MB back from
// Cache Storage 0.1-0.2 s. Kept without its zero pages, half of its 30 MB heap, as
//   "OAQS", the heap's length, the number of runs, then each run's [start, length], then their bytes
// (little-endian 32-bit numbers; every run of non-zero 4 kB pages, in order).
const PAGE = 4096;
const MAGIC = 0x5351414f; // "OAQS"

function unzippedKey() {
  return here + snapshotFile.replace(/\.gz$/, "");
}

function withoutZeroPages(heap) {
  const words = new Uint32Array(heap.buffer, heap.byteOffset, Math.floor(heap.byteLength / 4));
  const runs = [];
  for (let start = 0; start < heap.byteLength; start += PAGE) {
    const end = Math.min(start + PAGE, heap.byteLength);
    let used = false;
    for (let i = start / 4; i < Math.floor(end / 4) && !used; i++) used = words[i] !== 0;
    for (let i = Math.floor(end / 4) * 4; i < end && !used; i++) used = heap[i] !== 0;
    if (!used) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === start) last[1] += end - start;
    else runs.push([start, end - start]);
  }
  const head = 12 + 8 * runs.length;
  const size = runs.reduce(function (sum, run) { return sum + run[1]; }, head);
  const out = new Uint8Array(size);
  const numbers = new DataView(out.buffer);
  numbers.setUint32(0, MAGIC, true);
  numbers.setUint32(4, heap.byteLength, true);
  numbers.setUint32(8, runs.length, true);
  let at = head;
  runs.forEach(function (run, i) {
    numbers.setUint32(12 + 8 * i, run[0], true);
    numbers.setUint32(16 + 8 * i, run[1], true);
    out.set(heap.subarray(run[0], run[0] + run[1]), at);
    at += run[1];
  });
  return out;
}

// The heap again, or null if ``kept`` is not one (a copy cut short, or of another format).
function withZeroPages(kept) {
  if (kept.byteLength < 12) return null;
  const numbers = new DataView(kept.buffer, kept.byteOffset, kept.byteLength);
  const count = numbers.getUint32(8, true);
  if (numbers.getUint32(0, true) !== MAGIC || 12 + 8 * count > kept.byteLength) return null;
  const heap = new Uint8Array(numbers.getUint32(4, true));
  let at = 12 + 8 * count;
  for (let i = 0; i < count; i++) {
    const start = numbers.getUint32(12 + 8 * i, true);
    const length = numbers.getUint32(16 + 8 * i, true);
    if (start + length > heap.byteLength || at + length > kept.byteLength) return null;
    heap.set(kept.subarray(at, at + length), start);
    at += length;
  }
  return at === kept.byteLength ? heap : null;
}

// Kept after the engine is ready (not in a first visit's way), in place of any other snapshot.
function keepUnzipped(heap) {
  setTimeout(function () {
    try {
      saveSnapshot(unzippedKey(), withoutZeroPages(heap));
    } catch (error) {
      // memory or storage refused: the next visit unzips the build's copy again
    }
  }, 0);
}
let unzipped = null; // the build's snapshot just unzipped, to keep once the engine is ready

async function forgetSnapshots() {
  try {
    if (self.caches) await caches.delete(SNAPSHOTS);
  } catch (error) {
    // nothing kept
  }
}

async function load(useSnapshot) {
  progress("download", 0, 0);
  // Pyodide's loader, fetched and compiled while the manifest and the snapshot are looked up
  const loader = patientImport(pyodideUrl + "pyodide.mjs");
  loader.catch(function () {}); // reported below, when awaited
  let version = "";
  try {
    const manifest = await patientFetch(here + "manifest.json").then(function (r) { return r.ok ? r.json() : null; });
    const files = (manifest && manifest.files) || {}; // path -> bytes
    const named = manifest && typeof manifest.engine === "string" && /^[0-9a-f]{16}$/.test(manifest.engine);
    // the build's snapshot of this engine, if the build has one (the manifest lists it)
    if (named && ("play/engine-snapshot-" + manifest.engine + ".bin.gz") in files) {
      snapshotFile = "engine-snapshot-" + manifest.engine + ".bin.gz";
      if (FETCHED.indexOf(snapshotFile) < 0) FETCHED.push(snapshotFile);
    }
    Object.keys(files).forEach(function (path) {
      const name = path.replace(/.*\//, "");
      if (FETCHED.indexOf(name) >= 0) sizes[name] = files[path];
    });
    if (manifest && typeof manifest.version === "string" && /^[0-9a-f]+$/.test(manifest.version)) version = manifest.version;
  } catch (error) {
    // no manifest: the sizes come from each response, and no snapshot is kept
  }
  const download = self.fetch(here + "oanquan.zip"); // meanwhile, the engine itself
  download.catch(function () {}); // reported below, when awaited
  // The page's language: in the address, and in the worker's name, since a worker script served
  // by the service worker's cache has the cached address, without the query (issue 15).
  const lang = params.get("lang") || self.name;
  const env = lang && /^[a-z]{2}$/.test(lang) ? { OANQUAN_LANG: lang } : {};
  const key = here + "snapshot-" + version + "-" + (env.OANQUAN_LANG || "default") + ".bin";
  // and the snapshot: one this browser kept (after the build's failed to restore here), else the
  // build's, unzipped by an earlier visit or as it arrives
  const kept = version && useSnapshot ? await readSnapshot(key) : null;
  let snapshot = kept;
  let from = "kept";
  if (!kept && useSnapshot && snapshotFile) {
    // Pyodide downloads and compiles its WebAssembly while the snapshot arrives (it takes a promise)
    snapshot = (async function () {
      const stripped = await readSnapshot(unzippedKey());
      let bytes = stripped ? withZeroPages(stripped) : null;
      from = bytes ? "unzipped" : "build";
      if (!bytes) bytes = unzipped = await builtSnapshot();
      timings.snapshot_ready = Math.round(performance.now());
      if (!bytes) throw new Error("the build's snapshot could not be read");
      return bytes;
    })();
    snapshot.catch(function () {}); // handled where Pyodide awaits it (below), however late
  }
  timings.begun = Math.round(performance.now());
  const module = await loader;
  // Pyodide's JavaScript, which its loader would import itself: imported here, patiently
  const glue = patientImport(pyodideUrl + "pyodide.asm.mjs").then(function (imported) { return imported.default; });
  glue.catch(function () {}); // reported where Pyodide awaits it
  let python = null;
  if (snapshot) {
    progress("start", 0, 0);
    try {
      python = await module.loadPyodide({ indexURL: pyodideUrl, env: env, createPyodideModule: glue, _loadSnapshot: snapshot });
      timings.snapshot = (await snapshot).byteLength;
      timings.snapshot_from = from;
    } catch (error) {
      python = null;
      timings.snapshot_error = oneLine(error);
      await forgetSnapshots();
    }
  }
  const fresh = python === null;
  const keep = fresh && useSnapshot && Boolean(version) && Boolean(self.caches);
  if (fresh) python = await module.loadPyodide({ indexURL: pyodideUrl, env: env, createPyodideModule: glue, _makeSnapshot: keep });
  timings.python = Math.round(performance.now());
  progress("engine", sofar(), Math.max(expected(), sofar()));
  const archive = await download;
  if (!archive.ok) throw new Error("oanquan.zip: HTTP " + archive.status);
  // the package's files (its data, its catalogues) live in the file system, which a snapshot does not hold
  python.unpackArchive(await archive.arrayBuffer(), "zip", { extractDir: SITE_DIR });
  if (!fresh) {
    // The build's snapshot was made in English with a fixed seed: this page's language, and a
    // random generator of its own (the computer's random levels would otherwise play alike everywhere).
    try {
      python.runPython("import os, random, oanquan.i18n; os.environ.update(" + JSON.stringify(env) + "); oanquan.i18n.set_language(" + JSON.stringify(env.OANQUAN_LANG || "en") + "); random.seed()");
    } catch (error) {
      throw new RestoredBadly();
    }
  } else {
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
    if (unzipped && timings.snapshot_from === "build") keepUnzipped(unzipped); // restored well: kept for the next visit
    unzipped = null;
  },
  function (error) {
    failure = oneLine(error);
    self.postMessage({ type: "failed", error: failure });
    while (waiting.length) reply(waiting.shift());
  }
);
