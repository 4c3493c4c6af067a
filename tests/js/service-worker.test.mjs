// service-worker.js: the addresses files are cached under, and which requests the worker of an
// edition answers. The template is filled in as tools/build/play.py does and run in a context of
// its own, with stand-ins for the worker's caches, clients and network.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import vm from "node:vm";

const TEMPLATE = readFileSync(new URL("../../book/_static_play/service-worker.js", import.meta.url), "utf-8");
const VERSION = "00ff00ff00ff00ff";

// Cache Storage in memory: name -> Map(address -> {body, headers}).
function fakeCaches() {
  const stores = new Map();
  const open = async (name) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name);
    const key = (request) => (typeof request === "string" ? request : request.url);
    const answer = (kept) => new Response(kept.body, { headers: kept.headers });
    return {
      match: async (request) => (store.has(key(request)) ? answer(store.get(key(request))) : undefined),
      matchAll: async () => [...store.values()].map(answer),
      put: async (request, response) => { store.set(key(request), { body: await response.text(), headers: [...response.headers] }); },
      delete: async (request) => store.delete(key(request)),
      keys: async () => [...store.keys()].map((url) => ({ url })),
    };
  };
  return { stores, open, has: async (name) => stores.has(name), keys: async () => [...stores.keys()], delete: async (name) => stores.delete(name) };
}

const WORDS = {
  en: { title: "Not on this device yet", missing: "This site in {language} is not here.", lite: "This live notebook is not here.", home: "Home", names: { en: "English", vi: "Vietnamese" } },
  vi: { title: "Chưa có trên thiết bị này", missing: "Trang web bằng {language} chưa có.", lite: "Sổ tay này chưa có.", home: "Trang chủ", names: { en: "tiếng Anh", vi: "tiếng Việt" } },
};

// A service worker as another worker sees it (the sender of a worker's message).
class ServiceWorker {
  constructor(postMessage = () => {}) { this.postMessage = postMessage; }
}

// The English edition's worker at the site's root (with the Vietnamese edition in vi/), or
// (``edition: "vi/"``) the Vietnamese one; ``caches`` shared with another worker of the site.
function worker({ edition = "", caches = fakeCaches(), manifest = null } = {}) {
  const listeners = {};
  const fetched = [];
  const scope = {
    location: { href: "https://site.test/" + edition + "sw.js", origin: "https://site.test" },
    addEventListener: (type, fn) => { listeners[type] = fn; },
    caches,
    clients: { get: async () => null, matchAll: async () => [], claim: async () => {} },
    registration: { update: async () => {} },
    fetch: async (request) => {
      const url = typeof request === "string" ? request : request.url;
      fetched.push(url);
      if (url.endsWith("sw-version.json")) return new Response(JSON.stringify({ version: VERSION }));
      return new Response("from the network: " + url);
    },
    URL, Response, Request, AbortController, MessageChannel, ServiceWorker, performance, setTimeout, clearTimeout, console,
  };
  scope.self = scope;
  const files = manifest || [
    { url: "index.html", integrity: "sha256-x" },
    { url: "lite/notebooks/index.html", integrity: "sha256-z" },
    { url: "_static/play/play.js", integrity: "sha256-y" },
  ];
  const text = TEMPLATE.replace("{{version}}", VERSION)
    .replace("{{lite}}", "lite/")
    .replace("self.__WB_MANIFEST", JSON.stringify(files)) // as Workbox's injectManifest does
    .replace('"{{skip}}"', JSON.stringify(edition ? [".doctrees/"] : [".doctrees/", "vi/"]))
    .replace('"{{editions}}"', JSON.stringify(edition ? [] : ["vi/"]))
    .replace('"{{words}}"', JSON.stringify(WORDS))
    .replace("{{language}}", edition ? "vi" : "en");
  vm.createContext(scope);
  vm.runInContext(text, scope, { filename: "sw.js" });
  return { scope, listeners, fetched };
}

// A fetch event: whether the worker answered it, and with what.
function fetchEvent(listeners, url, { method = "GET", mode = "no-cors", clientId = "" } = {}) {
  let answer = null;
  listeners.fetch({
    request: { url, method, mode },
    clientId,
    resultingClientId: "new-page",
    respondWith(promise) { answer = Promise.resolve(promise); },
    waitUntil() {},
  });
  return answer;
}

test("the template is filled in as the build does, leaving no placeholder", () => {
  assert.equal(TEMPLATE.split("self.__WB_MANIFEST").length, 2, "Workbox's injectManifest wants one injection point");
  const { scope } = worker();
  assert.equal(vm.runInContext("CACHE", scope), "oanquan-/-" + VERSION);
  // the live notebooks are kept once the worker is active, the rest as it installs
  assert.deepEqual([...vm.runInContext("FILES.map((entry) => entry.url)", scope)], ["index.html", "_static/play/play.js"]);
  assert.deepEqual([...vm.runInContext("LATER.map((entry) => entry.url)", scope)], ["lite/notebooks/index.html"]);
  assert.equal(vm.runInContext("EDITIONS[0]", scope), "vi/");
  assert.equal(vm.runInContext("LANGUAGE", scope), "en");
  assert.equal(vm.runInContext("WORDS.vi.title", scope), "Chưa có trên thiết bị này");
});

test("the install keeps every file of the manifest but the live notebooks, each checked against its digest", async () => {
  const { scope, listeners } = worker();
  const requests = [];
  const network = scope.fetch;
  scope.fetch = async (request) => { requests.push([request.url, request.integrity]); return network(request); };
  scope.skipWaiting = async () => {};
  let installed = null;
  listeners.install({ waitUntil(promise) { installed = promise; } });
  await installed;
  assert.deepEqual(requests.sort(), [
    ["https://site.test/_static/play/play.js", "sha256-y"],
    ["https://site.test/index.html", "sha256-x"],
  ]);
});

test("a file is cached under its address without the query or fragment", () => {
  const { scope } = worker();
  const address = (url) => scope.cacheAddress(url);
  assert.equal(address("https://site.test/book/play.html?record=7R&opponent=friend"), "https://site.test/book/play.html");
  assert.equal(address("https://site.test/_static/play/engine-worker.js?lang=vi&build=abc#x"), "https://site.test/_static/play/engine-worker.js");
  assert.equal(address("https://site.test/book/rules.html#capture"), "https://site.test/book/rules.html");
  assert.equal(address("https://site.test/_static/play/play.js"), "https://site.test/_static/play/play.js");
});

test("a folder's address is cached as its index.html", () => {
  const { scope } = worker();
  assert.equal(scope.cacheAddress("https://site.test/"), "https://site.test/index.html");
  assert.equal(scope.cacheAddress("https://site.test/vi/?x=1"), "https://site.test/vi/index.html");
  assert.equal(scope.cacheAddress("https://site.test/book"), "https://site.test/book"); // the server redirects that one
});

test("a page's pin is kept under its client id, escaped", () => {
  const { scope } = worker();
  assert.equal(scope.pinKey("a/b c"), "/__pins__/a%2Fb%20c");
});

test("the worker leaves alone what is not this edition's to answer", () => {
  const { listeners } = worker();
  const left = [
    ["https://site.test/book/play.html", { method: "POST" }],
    ["https://elsewhere.test/book/play.html", {}],
    ["https://site.test/sw.js", {}],
    ["https://site.test/sw-version.json", {}],
    ["https://site.test/__pins__/abc", {}],
    ["https://site.test/.doctrees/index.doctree", {}],
    ["https://site.test/.doctrees", { mode: "navigate" }],
  ];
  for (const [url, options] of left) assert.equal(fetchEvent(listeners, url, options), null, `${url} ${JSON.stringify(options)}`);
});

test("the worker answers this edition's pages and files, and another edition's files", () => {
  const { listeners } = worker();
  const answered = [
    ["https://site.test/book/play.html?record=7R", { mode: "navigate" }],
    ["https://site.test/", { mode: "navigate" }],
    ["https://site.test/_static/play/play.js", {}],
    ["https://site.test/.doctreesque", {}], // not the folder .doctrees/, only named like it
    // the edition's live notebooks are its own (JupyterLite's worker is switched off)
    ["https://site.test/lite/notebooks/index.html?path=02_sowing.ipynb", { mode: "navigate" }],
    ["https://site.test/lite/files/02_sowing.ipynb", {}],
    ["https://site.test/vi/_static/play/play.js", {}], // from the Vietnamese build's caches
    // the Vietnamese worker's pages when it does not answer them yet: from the network, or a notice
    ["https://site.test/vi/book/play.html", { mode: "navigate" }],
  ];
  for (const [url, options] of answered) {
    const answer = fetchEvent(listeners, url, options);
    assert.notEqual(answer, null, url);
    answer.catch(() => {});
  }
});

test("a file this build keeps is served from its cache, whatever its query", async () => {
  const { scope, listeners, fetched } = worker();
  const cache = await scope.caches.open("oanquan-/-" + VERSION);
  await cache.put("https://site.test/_static/play/play.js", new Response("// kept"));
  const response = await fetchEvent(listeners, "https://site.test/_static/play/play.js?v=3");
  assert.equal(await response.text(), "// kept");
  assert.deepEqual(fetched, []);
  const other = await fetchEvent(listeners, "https://site.test/_static/play/play.css");
  assert.equal(await other.text(), "from the network: https://site.test/_static/play/play.css");
});

// A message from a page, as offline.js sends it; the promise the worker waits on.
function message(listeners, data, source = null) {
  const waited = [];
  listeners.message({ data, source, waitUntil(promise) { waited.push(promise); } });
  return Promise.all(waited);
}

test("a page's message keeps the live notebooks in the active build's cache, one download each", async () => {
  const { scope, listeners, fetched } = worker();
  const notebook = "https://site.test/lite/notebooks/index.html";
  await Promise.all([message(listeners, { type: "oanquan-keep-later" }), message(listeners, { type: "oanquan-keep-later" })]);
  assert.deepEqual(fetched.filter((url) => url === notebook), [notebook]); // two pages asking: one download
  assert.ok(scope.caches.stores.get("oanquan-/-" + VERSION).has(notebook));
  await message(listeners, { type: "oanquan-keep-later" });
  assert.equal(fetched.filter((url) => url === notebook).length, 1); // kept: not downloaded again
});

test("the live notebooks are not kept while a newer worker is on its way, and a failed download stops", async () => {
  const waiting = worker();
  waiting.scope.registration.waiting = {};
  await message(waiting.listeners, { type: "oanquan-keep-later" });
  assert.deepEqual(waiting.fetched, []);
  const failing = worker();
  failing.scope.fetch = async () => { throw new TypeError("integrity"); };
  await message(failing.listeners, { type: "oanquan-keep-later" }); // caught: tried again on the next page
  assert.equal(failing.scope.caches.stores.get("oanquan-/-" + VERSION).size, 0);
});

test("an install that fails tells this edition's open pages, and fails", async () => {
  const { scope, listeners } = worker();
  const told = [];
  const page = (url) => ({ url, postMessage: (data) => told.push([url, data]) });
  scope.clients.matchAll = async (options) => {
    assert.equal(JSON.stringify(options), JSON.stringify({ includeUncontrolled: true, type: "window" })); // the first visit's page is not controlled yet
    return [page("https://site.test/book/play.html?record=7R"), page("https://site.test/vi/book/play.html")];
  };
  scope.registration.active = null;
  scope.skipWaiting = async () => { throw new Error("a failed install must not take over"); };
  const network = scope.fetch;
  // a partial deploy: play.js is of another build than the worker's list says
  scope.fetch = async (request) => {
    if (request.url.endsWith("play.js")) throw new TypeError("Failed to fetch: integrity mismatch");
    return network(request);
  };
  let installed = null;
  listeners.install({ waitUntil(promise) { installed = promise; } });
  await assert.rejects(installed, /integrity/);
  assert.equal(told.length, 1, "only this edition's page is told (vi/ has its own worker)");
  const [url, data] = told[0];
  assert.equal(url, "https://site.test/book/play.html?record=7R");
  assert.equal(data.type, "oanquan-offline-failed");
  assert.equal(data.version, VERSION);
  assert.equal(data.offline, false);
  assert.match(data.reason, /integrity/);
});

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

test("a new build's worker takes over once the worker before has answered nothing for a moment", async () => {
  // Chromium stops the worker before as the new one takes over: a request reaching it then was lost
  const before = worker();
  const next = worker({ caches: before.scope.caches });
  const sender = new ServiceWorker();
  next.scope.registration.active = new ServiceWorker(
    (data, ports) => before.listeners.message({ data, ports, source: sender, waitUntil() {} }),
  );
  let tookOver = null;
  next.scope.skipWaiting = async () => { tookOver = Date.now(); };
  // a page of the build before is loading: one of its files is on its way
  let arrive = null;
  const network = before.scope.fetch;
  before.scope.fetch = (request) => (String(request.url || request).endsWith("play.js")
    ? new Promise((resolve) => { arrive = () => resolve(network(request)); })
    : network(request));
  const answered = fetchEvent(before.listeners, "https://site.test/_static/play/play.js", { clientId: "page" });
  let installed = null;
  next.listeners.install({ waitUntil(promise) { installed = promise; } });
  await sleep(1300);
  assert.equal(tookOver, null, "not while the worker before is answering");
  const quietFrom = Date.now();
  arrive();
  assert.match(await (await answered).text(), /play\.js/);
  await installed;
  assert.ok(tookOver - quietFrom >= 990, tookOver - quietFrom); // a second with nothing to answer first
});

test("a worker with a newer one left waiting tells it to take over, once it has been quiet a moment", async () => {
  const active = worker();
  const told = [];
  active.scope.serviceWorker = { state: "activated" };
  active.scope.registration.waiting = { postMessage: (data) => told.push(data) };
  const start = Date.now();
  await message(active.listeners, { type: "oanquan-pin", build: "abc" }); // a page that has loaded says its build
  assert.deepEqual(told.map((data) => data.type), ["oanquan-activate"]);
  assert.ok(Date.now() - start >= 990);
  const waiting = worker();
  let skipped = false;
  waiting.scope.skipWaiting = async () => { skipped = true; };
  await message(waiting.listeners, { type: "oanquan-activate" }); // a page's: not taken
  assert.ok(!skipped);
  await message(waiting.listeners, { type: "oanquan-activate" }, new ServiceWorker());
  assert.ok(skipped);
});

test("an install that succeeds tells no page of a failure", async () => {
  const { scope, listeners } = worker();
  const told = [];
  scope.clients.matchAll = async () => [{ url: "https://site.test/index.html", postMessage: (data) => told.push(data) }];
  scope.skipWaiting = async () => {};
  let installed = null;
  listeners.install({ waitUntil(promise) { installed = promise; } });
  await installed;
  assert.deepEqual(told, []);
});

test("both editions' workers keep a file of the same bytes once, each build naming it by its digest", async () => {
  const caches = fakeCaches();
  const shared = { url: "_static/pyodide/pyodide.asm.wasm", integrity: "sha256-w" };
  const english = worker({ caches, manifest: [{ url: "index.html", integrity: "sha256-en" }, shared] });
  const vietnamese = worker({ edition: "vi/", caches, manifest: [{ url: "index.html", integrity: "sha256-vi" }, shared] });
  for (const one of [english, vietnamese]) {
    one.scope.skipWaiting = async () => {};
    let installed = null;
    one.listeners.install({ waitUntil(promise) { installed = promise; } });
    await installed;
  }
  assert.deepEqual(english.fetched.sort(), ["https://site.test/_static/pyodide/pyodide.asm.wasm", "https://site.test/index.html"]);
  assert.deepEqual(vietnamese.fetched, ["https://site.test/vi/index.html"]); // the runtime: kept already
  assert.equal(caches.stores.get("oanquan-files").size, 3);
  // and the Vietnamese page gets it at its own address, from the one copy
  await (await caches.open("oanquan-files")).put("https://site.test/__oanquan_files__/sha256-w", new Response("wasm"));
  const wasm = await fetchEvent(vietnamese.listeners, "https://site.test/vi/_static/pyodide/pyodide.asm.wasm");
  assert.equal(await wasm.text(), "wasm");
  assert.equal(vietnamese.fetched.length, 1);
  // a file no build names any more goes as a worker activates; the others stay
  await (await caches.open("oanquan-files")).put("https://site.test/__oanquan_files__/sha256-old", new Response("old"));
  english.scope.clients.matchAll = async () => [];
  let activated = null;
  english.listeners.activate({ waitUntil(promise) { activated = promise; } });
  await activated;
  assert.deepEqual([...caches.stores.get("oanquan-files").keys()].sort(), [
    "https://site.test/__oanquan_files__/sha256-en",
    "https://site.test/__oanquan_files__/sha256-vi",
    "https://site.test/__oanquan_files__/sha256-w",
  ]);
  assert.ok(!english.fetched.some((url) => url.includes("lite/")), "the live notebooks wait until a reader asks");
});

test("with no network, what is not on the device yet is said in the reader's words, never the browser's error page", async () => {
  const { scope, listeners } = worker();
  scope.fetch = async () => { throw new TypeError("Failed to fetch"); };
  const lite = await fetchEvent(listeners, "https://site.test/lite/notebooks/index.html?path=02_sowing.ipynb", { mode: "navigate" });
  assert.equal(lite.status, 503);
  const page = await lite.text();
  assert.match(page, /<html lang="en">/);
  assert.match(page, /data-oaq-notice="lite"/);
  assert.match(page, /This live notebook is not here\./);
  assert.doesNotMatch(page, /<script/);
  // the other edition, whose worker does not answer yet: in its words first, then this edition's
  const other = await (await fetchEvent(listeners, "https://site.test/vi/", { mode: "navigate" })).text();
  assert.match(other, /<html lang="vi">/);
  assert.match(other, /<section lang="vi"><h1>Chưa có trên thiết bị này<\/h1><p>Trang web bằng tiếng Việt chưa có\./);
  assert.match(other, /<section lang="en"><h1>Not on this device yet<\/h1><p>This site in Vietnamese is not here\./);
});

test("opening a live notebook keeps the live notebooks' files; opening another page does not", async () => {
  const { listeners, fetched } = worker();
  const waited = [];
  const open = (url) => listeners.fetch({
    request: { url, method: "GET", mode: "navigate" },
    clientId: "",
    resultingClientId: "new-page",
    respondWith(promise) { promise.catch(() => {}); },
    waitUntil(promise) { waited.push(promise); },
  });
  open("https://site.test/book/teachers.html");
  await Promise.all(waited);
  assert.ok(!fetched.includes("https://site.test/lite/notebooks/index.html"));
  open("https://site.test/lite/notebooks/index.html?path=01_board.ipynb");
  await Promise.all(waited);
  assert.ok(fetched.includes("https://site.test/lite/notebooks/index.html"));
});
