// The service worker of one edition of the site (written to the edition's root as sw.js by
// tools/build/play.py --service-worker, after the book is built: the English site at the root,
// the Vietnamese one under vi/). Registered by every page (offline.js), it keeps every file of
// its edition (every page, the printables, the engine, the live notebooks) so that the whole
// edition opens and works with no network after one visit to any page (issues 23, 24). The
// list of files is Workbox's (injectManifest, tools/build/precache.mjs); the patterns are Workbox's too
// (precache with revisions, a versioned cache switched at once), written out here because the
// site has no bundler:
//
// - Whole builds only. VERSION is a digest of every file the worker serves; the manifest lists
//   each with its sha256. The install downloads every file past the browser's HTTP cache (cache:
//   "reload") and checks it against its digest (the fetch's `integrity`), into a cache of its own
//   named after VERSION: a file of another build (a stale HTTP cache, a half-finished upload) fails the
//   install, and the worker before it stays, whole.
// - One build per page. Each page opened from a cache is pinned to that cache (PINS), and every
//   file it asks for later comes from the same build, even after a newer worker has taken over;
//   the engine's worker carries its page's build in its address (engine.js adds ?build=), so its
//   files come from that build too. A build's cache is deleted once no open page uses it.
// - A new build reaches the next visit. A page load asks the server for sw-version.json (no HTTP
//   cache; a few seconds at most): when the server has another build, that page and everything it
//   loads come from the network, as one build, while the new worker installs; when the server
//   cannot be reached, the cached build answers. Pages still open on an older build are told
//   ("oanquan-new-version"), and the Play and Puzzles pages offer to reload.
// - Each file once on the device (issue 45). A build's cache holds, for each of its files, a stub
//   naming the file's digest; the file itself is kept once, by its digest, in FILES_CACHE, which
//   every edition's worker shares: the runtime (Pyodide, the engine, the widget scripts, the live
//   notebooks' JupyterLab), byte for byte the same in both editions and in the live notebooks,
//   is downloaded and kept once, and an edition's own download is its pages and words. A file no
//   build's stub names any more is deleted as a worker activates. Every address of a content is
//   answered with the headers (the type) of the one it was downloaded from: the build refuses two
//   files of different kinds with the same bytes (tools/build/play.py, same_bytes_of_other_kinds).
// - A quiet hand-over. A new build's worker takes over (skipWaiting) once the worker before it
//   has answered nothing for a moment: at the end of its install it asks ("oanquan-when-quiet"),
//   and the worker before answers after QUIET_MS with no request and no message. Chromium stops
//   the worker before as the new one activates, and a request or message that reaches it in that
//   instant is lost (a page that never finishes loading, or a Play page whose engine never
//   starts: about one second visit in four right after a new build, before this) or makes it
//   give the activation up, the new worker left waiting. A worker that finds a newer one left
//   waiting tells it to take over ("oanquan-activate"), at its next quiet moment.
// - Both editions, or a plain word. Every page registers the other edition's worker too, once its
//   own is active (offline.js), so one visit keeps both. Until that one is active, this worker
//   answers a visit to the other edition's folder with no network with a page in the reader's
//   words saying it is not on this device yet, never the browser's error page.
// - One edition per worker. The English worker's scope (the site's root) contains the other
//   editions' folders: SKIP lists them, and this worker never answers for them, so each edition
//   is served by its own worker only. The edition's live notebooks (lite/) are its own: kept and
//   served like its other pages (JupyterLite's own worker is switched off), kept on demand.
//
// tools/build/play.py replaces each quoted placeholder below (the lists with their JSON): quoted,
// the template itself is JavaScript, which ESLint reads. Workbox then writes the edition's files
// as MANIFEST (its injection point, which must appear once in this file: not in a comment).
const VERSION = "{{version}}";
const LITE = "{{lite}}"; // the live notebooks' folder
const MANIFEST = self.__WB_MANIFEST; // [{url: path relative to this file, integrity: "sha256-..."}]
// The live notebooks' files (JupyterLite: half the edition) are kept on demand (issue 45): the
// first time a reader opens one of them, or when the teacher's guide's control asks
// ("oanquan-keep-later", offline.js). The rest are kept as the worker installs.
const FILES = MANIFEST.filter(function (entry) { return entry.url.indexOf(LITE) !== 0; });
const LATER = MANIFEST.filter(function (entry) { return entry.url.indexOf(LITE) === 0; });
const SKIP = "{{skip}}"; // folders under this scope that are not this edition's (another edition, Sphinx's data)
const EDITIONS = "{{editions}}"; // of those, the other editions' folders (each has its own worker)
const WORDS = "{{words}}"; // {language: {title, missing, lite, home, names: {language: name}}}: the notices' words
const LANGUAGE = "{{language}}"; // this edition's
const SCOPE = new URL("./", self.location.href).pathname;
const PREFIX = "oanquan-" + SCOPE + "-";
const CACHE = PREFIX + VERSION;
const PINS = PREFIX + "pins"; // client id -> the cache its page came from, or "network"
const LATEST = SCOPE + "sw-version.json"; // {"version": ...} of the build on the server
const CHECK_MS = 3000; // how long a page load waits for the server's version before using the cache
const PARALLEL = 6;
// Every file kept, once for the whole site, under its digest (see "Each file once" above).
const FILES_CACHE = "oanquan-files";
const DIGEST = "x-oanquan-file"; // a stub's header: the digest of the file it stands for

const QUIET_MS = 1000; // how long the worker before a new one answers nothing before it hands over
const HANDOVER_MS = 20000; // the longest a new worker waits for that
let busy = 0; // the requests this worker is answering now
let lastEvent = 0; // when it last received or answered one, or received a message (performance.now())

const pins = new Map(); // the same as PINS, while this worker runs

// Download ``entries`` ({url, integrity}) into the cache ``name``, past the HTTP cache and each
// checked against its digest; a file already there (an earlier try of this same build) is kept.
// The first failure stops every download (a file of another build: the rest would be no better).
async function keep(name, entries) {
  const cache = await caches.open(name);
  const files = await caches.open(FILES_CACHE);
  const todo = entries.slice();
  let failed = null;
  async function next() {
    while (!failed) {
      const entry = todo.shift();
      if (!entry) return;
      try {
        const url = new URL(entry.url, self.location.href).href;
        const key = fileKey(entry.integrity);
        if ((await cache.match(url)) && (await files.match(key))) continue;
        // the stub first: a file kept is always named by a stub (forgetUnusedFiles deletes the others)
        await cache.put(url, new Response("", { headers: [[DIGEST, entry.integrity]] }));
        if (await files.match(key)) continue; // the same bytes, kept already (the other edition's, the engine's copy)
        try {
          const response = await fetch(new Request(url, { cache: "reload", integrity: entry.integrity, credentials: "same-origin" }));
          if (!response.ok) throw new Error(entry.url + ": HTTP " + response.status);
          await files.put(key, response);
        } catch (error) {
          await cache.delete(url); // no stub for a file not kept
          throw error;
        }
      } catch (error) {
        failed = failed || error;
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, next));
  if (failed) throw failed;
}

// Where the file of a digest is kept in FILES_CACHE (an address no page asks for).
function fileKey(integrity) {
  return new URL("/__oanquan_files__/" + encodeURIComponent(integrity), self.location.origin).href;
}

// The files no build's stub names any more (of any edition: the cache is shared), deleted. The
// list of kept files is read first, so that a file another worker keeps meanwhile, after its
// stub, is never taken for unused.
async function forgetUnusedFiles() {
  const files = await caches.open(FILES_CACHE);
  const stored = await files.keys();
  const used = new Set();
  for (const name of await caches.keys()) {
    if (name.indexOf("oanquan-") !== 0 || name === FILES_CACHE || name.slice(-5) === "-pins") continue;
    for (const stub of await (await caches.open(name)).matchAll()) {
      const integrity = stub.headers.get(DIGEST);
      if (integrity) used.add(fileKey(integrity));
    }
  }
  await Promise.all(stored.filter(function (request) { return !used.has(request.url); }).map(function (request) { return files.delete(request); }));
}

// The live notebooks kept in the active build's cache (LATER), once: asked when a reader opens
// one (a page load under LITE/) or by the teacher's guide's control, and done by one run at a
// time. Not while a newer worker is on its way: that one keeps its own.
let filling = null;
function keepLater() {
  if (self.registration.installing || self.registration.waiting) return Promise.resolve();
  if (!filling) {
    filling = keep(CACHE, LATER).catch(function () {}).then(function () { filling = null; }); // what is missing is tried again later
  }
  return filling;
}

// Whether every file of ``entries`` is kept for the build ``name``.
async function hasAll(name, entries) {
  for (const entry of entries) {
    if (!(await cached(name, new Request(new URL(entry.url, self.location.href).href)))) return false;
  }
  return true;
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    (async function () {
      try {
        await keep(CACHE, FILES);
      } catch (error) {
        await tellInstallFailed(error);
        throw error; // the install fails: the worker before it (if any) stays, whole
      }
      // safe as soon as the worker before is quiet: a page opened from an older build keeps
      // being served from it (pins)
      await quietBefore();
      await self.skipWaiting();
    })()
  );
});

// A quiet hand-over (see above): once the worker before this one (if any) says it has answered
// nothing for QUIET_MS, or after HANDOVER_MS at most (a worker of a build before the hand-over
// existed never answers).
function quietBefore() {
  const before = self.registration.active;
  if (!before) return Promise.resolve();
  return new Promise(function (resolve) {
    const channel = new MessageChannel();
    let timer = null;
    const done = function () {
      clearTimeout(timer);
      channel.port1.close();
      resolve();
    };
    timer = setTimeout(done, HANDOVER_MS + 1000);
    channel.port1.onmessage = done;
    try {
      before.postMessage({ type: "oanquan-when-quiet" }, [channel.port2]);
    } catch (error) {
      done();
    }
  });
}

// When this worker has answered nothing for QUIET_MS (``busy`` and ``lastEvent``, kept by the
// fetch and message handlers), or after HANDOVER_MS whatever it is doing.
async function quiet() {
  const until = performance.now() + HANDOVER_MS; // a clock never set back, unlike the device's
  for (;;) {
    const now = performance.now();
    const left = lastEvent + QUIET_MS - now;
    if ((busy === 0 && left <= 0) || now >= until) return;
    await new Promise(function (resolve) { setTimeout(resolve, Math.min(Math.max(left, 50), until - now)); });
  }
}

// A newer worker left waiting (its activation given up) is told to take over, at a quiet moment;
// by the active worker only, once at a time.
let handingOver = false;
function handOverIfWaiting(event) {
  const me = self.serviceWorker; // this worker (recent browsers only: without it, nothing is done)
  if (handingOver || !me || me.state !== "activated" || !self.registration.waiting) return;
  handingOver = true;
  event.waitUntil(quiet().then(function () {
    handingOver = false;
    const waiting = self.registration.waiting;
    if (waiting) waiting.postMessage({ type: "oanquan-activate" });
  }));
}

// The install failed (a file of another build: a partial deploy, or the network gone): the open
// pages of this edition are told, so that the reader learns the offline copy could not be made;
// the browser tries again on the next visit, when a page registers the worker (offline.js).
// ``offline`` says whether any build is kept for offline visits already.
async function tellInstallFailed(error) {
  try {
    const offline = Boolean(self.registration.active);
    const open = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
    open.forEach(function (client) {
      const path = new URL(client.url).pathname;
      const mine = path.indexOf(SCOPE) === 0 && !EDITIONS.some(function (folder) { return path.slice(SCOPE.length).indexOf(folder) === 0; });
      if (mine) {
        client.postMessage({ type: "oanquan-offline-failed", version: VERSION, offline: offline, reason: String(error && error.message ? error.message : error).slice(0, 200) });
      }
    });
  } catch (ignored) {
    // no page to tell
  }
}

self.addEventListener("activate", function (event) {
  event.waitUntil(
    (async function () {
      await self.clients.claim();
      const open = await self.clients.matchAll({ includeUncontrolled: true, type: "all" });
      const living = new Set(open.map(function (client) { return client.id; }));
      const kept = await readPins();
      const builds = (await caches.keys()).filter(function (name) { return name.indexOf(PREFIX) === 0 && name !== PINS; });
      if (builds.every(function (name) { return name === CACHE; })) {
        // the first build this browser keeps: the pages open now were loaded from the network
        // just before they registered this worker, from this same build, so they are pinned to it
        for (const client of open) if (!kept.has(client.id)) { await pin(client.id, CACHE); kept.set(client.id, CACHE); }
      }
      // The build active before this one is kept as well, whoever uses it: a browser does not
      // always list a page controlled by another edition's worker among this worker's clients.
      const store = await caches.open(PINS);
      const last = await store.match(pinKey("__active__"));
      const previous = last ? await last.text() : null;
      await store.put(pinKey("__active__"), new Response(CACHE));
      kept.delete("__active__");
      const used = new Set([CACHE]);
      if (previous) used.add(previous);
      for (const [id, name] of kept) {
        if (living.has(id) || name === previous) used.add(name);
        else await store.delete(pinKey(id));
      }
      await Promise.all(builds.filter(function (name) { return !used.has(name); }).map(function (name) { return caches.delete(name); }));
      open.forEach(function (client) {
        const pinned = kept.get(client.id);
        if (pinned && pinned !== CACHE) client.postMessage({ type: "oanquan-new-version", version: VERSION });
      });
      await forgetUnusedFiles();
      // the live notebooks, if the reader kept them with the build before: kept again for this one
      if (previous && previous !== CACHE && (await cached(previous, new Request(new URL(LITE + "notebooks/index.html", self.location.href).href)))) {
        keepLater(); // not awaited: the pages' requests wait until the activation has ended
      }
    })()
  );
});

// A page says which build it is (play.js: its <meta name="oanquan-build">), so that what it loads
// later comes from that build whichever worker is active by then, and whether it was opened
// before this edition's worker ran or not (issue 24).
self.addEventListener("message", function (event) {
  const data = event.data || {};
  const source = event.source;
  lastEvent = performance.now();
  // the hand-over's two messages are a worker's, never a page's
  const fromWorker = typeof ServiceWorker !== "undefined" && source instanceof ServiceWorker;
  if (data.type === "oanquan-when-quiet" && fromWorker && event.ports && event.ports[0]) {
    const port = event.ports[0]; // a new build's worker, installed: see quietBefore
    event.waitUntil(quiet().then(function () { port.postMessage("quiet"); }));
    return;
  }
  if (data.type === "oanquan-activate" && fromWorker) {
    event.waitUntil(self.skipWaiting()); // told by the worker before (handOverIfWaiting)
    return;
  }
  handOverIfWaiting(event);
  if (data.type === "oanquan-keep-later") {
    // the teacher's guide's control: told when the live notebooks are all kept, or not
    event.waitUntil(keepLater().then(async function () {
      const kept = await hasAll(CACHE, LATER);
      if (source) source.postMessage({ type: "oanquan-later-kept", kept: kept });
    }));
    return;
  }
  if (data.type !== "oanquan-pin" || !source || typeof data.build !== "string" || !/^[0-9a-f]{1,64}$/.test(data.build)) return;
  event.waitUntil(pin(source.id, PREFIX + data.build));
});

// Where a page's pin is kept, in the pins of the edition whose caches' names start with ``prefix``.
function pinKey(id, prefix) { return (prefix || PREFIX).slice("oanquan-".length, -1) + "__pins__/" + encodeURIComponent(id); }

async function readPins() {
  const found = new Map();
  pins.forEach(function (name, key) { if (key.indexOf(PINS) === 0) found.set(key.slice(PINS.length), name); });
  try {
    const store = await caches.open(PINS);
    for (const request of await store.keys()) {
      const id = decodeURIComponent(new URL(request.url).pathname.slice((SCOPE + "__pins__/").length));
      if (!found.has(id)) found.set(id, await (await store.match(request)).text());
    }
  } catch (error) {
    // no pins kept: every page is served by the active build
  }
  return found;
}

async function pin(id, name) {
  if (!id) return;
  pins.set(PINS + id, name);
  try {
    await (await caches.open(PINS)).put(pinKey(id), new Response(name));
  } catch (error) {
    // storage refused: the pin lasts while this worker runs
  }
}

// The build a client is pinned to, in this edition's pins or another's (prefix: its caches' names).
async function pinOf(id, prefix) {
  if (!id) return null;
  const store = (prefix || PREFIX) + "pins";
  if (pins.has(store + id)) return pins.get(store + id);
  try {
    if (!(await caches.has(store))) return null;
    const hit = await (await caches.open(store)).match(pinKey(id, prefix));
    if (hit) {
      const name = await hit.text();
      pins.set(store + id, name);
      return name;
    }
  } catch (error) {
    // as if not pinned
  }
  return null;
}

// The build on the server, or null when it cannot be asked (offline, or too slow).
async function latestVersion() {
  const abort = new AbortController();
  const timer = setTimeout(function () { abort.abort(); }, CHECK_MS);
  try {
    const response = await fetch(LATEST, { cache: "no-store", signal: abort.signal });
    if (!response.ok) return null;
    const data = await response.json();
    return data && typeof data.version === "string" ? data.version : null;
  } catch (error) {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

// The address a file is cached under: without the query (pages carry ?record=..., the engine's
// worker ?lang=...&build=...) or the fragment, a folder's address as its index.html.
function cacheAddress(address) {
  const url = new URL(address);
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return url.href;
}

// The cached copy of a file, in the cache of one build: the file its stub names, or the file
// itself in a build kept before stubs. The file as it was kept when it was kept from this very
// address, or when it is WebAssembly (its address only names the browser's compiled copy of it,
// which is kept beside it: issue 45, a second visit does not compile Pyodide again); otherwise a
// new response, so that the page reads it at its own address (a style sheet's or a script's
// relative addresses are read from it), whichever edition's copy of the same bytes was kept.
async function cached(cacheName, request) {
  if (!(await caches.has(cacheName))) return null;
  const cache = await caches.open(cacheName);
  const address = cacheAddress(request.url);
  const hit = await cache.match(address);
  if (!hit) return null;
  const integrity = hit.headers.get(DIGEST);
  if (!integrity) return hit;
  const file = await (await caches.open(FILES_CACHE)).match(fileKey(integrity));
  if (!file) return null;
  if (file.url === address || /\.wasm$/.test(address)) return file;
  return new Response(file.body, { status: 200, statusText: "OK", headers: file.headers });
}

// A page of this worker's making, in the words of ``languages`` (the first one's first): what is
// not on this device yet (``what``: "missing", another edition, or "lite", a live notebook) and a
// link to this edition's home page. It has no script, and a policy that says so.
function notice(what, languages) {
  const escape = function (text) {
    return String(text).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; });
  };
  const parts = languages.filter(function (code, i) { return WORDS[code] && languages.indexOf(code) === i; }).map(function (code) {
    const words = WORDS[code];
    const text = what === "lite" ? words.lite : words.missing.replace("{language}", words.names[languages[0]] || languages[0]);
    return '<section lang="' + code + '"><h1>' + escape(words.title) + "</h1><p>" + escape(text) + '</p><p><a href="' + SCOPE + '">' + escape(words.home) + "</a></p></section>";
  });
  const first = WORDS[languages[0]] || WORDS[LANGUAGE];
  const html = '<!DOCTYPE html>\n<html lang="' + languages[0] + '"><head><meta charset="utf-8">' +
    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">" +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>' + escape(first.title) + "</title>" +
    "<style>body{font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}</style></head>" +
    '<body><main data-oaq-notice="' + what + '">' + parts.join("") + "</main></body></html>";
  return new Response(html, { status: 503, statusText: "Not on this device yet", headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// A visit to another edition's folder, which that edition's worker does not answer yet (it is
// not registered, or still installing): from the network, or, with none, a notice in that
// edition's words and this one's.
async function otherEdition(event, folder) {
  try {
    return await fetch(event.request);
  } catch (error) {
    return notice("missing", [folder.replace(/\/$/, ""), LANGUAGE]);
  }
}

function fromNetwork(request, fresh) {
  // "no-cache": the server is asked whether the file changed, so a stale HTTP cache never answers
  return fresh ? fetch(request.url, { cache: "no-cache", credentials: "same-origin" }) : fetch(request);
}

async function navigate(event) {
  const request = event.request;
  const latest = await latestVersion();
  if (latest === null || latest === VERSION) {
    const hit = await cached(CACHE, request);
    if (hit) {
      await pin(event.resultingClientId, CACHE);
      return hit;
    }
  } else {
    self.registration.update().catch(function () {}); // the new build's worker installs meanwhile
  }
  await pin(event.resultingClientId, "network");
  try {
    const response = await fromNetwork(request, true);
    // a folder's address without its slash: the browser must see the redirect itself
    return response.redirected ? Response.redirect(response.url, 302) : response;
  } catch (error) {
    const hit = await cached(CACHE, request); // offline after all
    if (!hit) {
      // a live notebook not kept yet (issue 45), or a page not kept: said, in the reader's words
      const path = new URL(request.url).pathname.slice(SCOPE.length);
      return notice(path.indexOf(LITE) === 0 ? "lite" : "missing", [LANGUAGE]);
    }
    await pin(event.resultingClientId, CACHE);
    return hit;
  }
}

// Which build a request belongs to: the one in its own address or its worker's (?build=), else its page's pin.
async function buildOf(event, prefix) {
  const own = new URL(event.request.url).searchParams.get("build");
  if (own) return prefix + own;
  if (!event.clientId) return null;
  const pinned = await pinOf(event.clientId, prefix);
  if (pinned) return pinned;
  try {
    const client = await self.clients.get(event.clientId);
    const build = client ? new URL(client.url).searchParams.get("build") : null;
    if (build) return prefix + build;
  } catch (error) {
    // not a client this worker can see
  }
  return null;
}

// A file a page asks for: from its page's build. ``prefix`` names the edition's caches, and
// ``active`` is its active build's cache (null for another edition's file: a page of the other
// edition opened before that edition's worker ran is controlled by this one, and its files
// still come from its own build, which the page has told that worker about).
async function subresource(event, prefix, active) {
  const request = event.request;
  const build = await buildOf(event, prefix);
  // its page's build; for a page opened before this worker ran, the active build
  const from = build === null ? active : build === "network" ? null : build;
  const kept = from && (await cached(from, request));
  if (kept) return kept;
  try {
    return await fromNetwork(request, build !== null && build !== active); // another build than the active one: past the HTTP cache
  } catch (error) {
    const hit = (active && (await cached(active, request))) || (build && (await cached(build, request))); // offline
    if (!hit) throw error;
    return hit;
  }
}

// Answer ``event`` with ``response`` (a promise), counted in ``busy`` while it is on its way.
function answer(event, response) {
  busy++;
  lastEvent = performance.now();
  const done = function () {
    busy--;
    lastEvent = performance.now();
  };
  response.then(done, done);
  event.respondWith(response);
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  lastEvent = performance.now();
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf(SCOPE) !== 0) return;
  const path = url.pathname.slice(SCOPE.length);
  if (path === "sw.js" || path === "sw-version.json" || path.indexOf("__pins__/") === 0) return;
  const other = EDITIONS.find(function (folder) { return path.indexOf(folder) === 0 || path === folder.slice(0, -1); });
  if (other && request.mode === "navigate") {
    answer(event, otherEdition(event, other));
    return;
  }
  if (other) {
    answer(event, subresource(event, "oanquan-" + SCOPE + other + "-", null)); // that edition's caches: oanquan-/vi/-...
    return;
  }
  if (SKIP.some(function (folder) { return path === folder.slice(0, -1) || path.indexOf(folder) === 0; })) return;
  answer(event, request.mode === "navigate" ? navigate(event) : subresource(event, PREFIX, CACHE));
  if (request.mode === "navigate" && path.indexOf(LITE) === 0) event.waitUntil(keepLater()); // a live notebook opened: its runtime is kept
});
