// engine.js: the page's side of the engine's worker, an ES module that puts nothing on window.
// Each load imports a fresh copy of it into a stand-in page (window, document and location are
// the module's globals), with a stand-in Worker that records what it is sent and answers when told.
import assert from "node:assert/strict";
import test from "node:test";

const SOURCE = new URL("../../book/_static_play/engine.js", import.meta.url).href;
const HERE = new URL(".", SOURCE).href; // the worker's script is beside the module
let copies = 0;

// engine.js loaded into a page with the given language, build and address; returns the module
// (pageEngine: the page's one engine), the workers it made, and the timers it set (run by hand).
async function load({ lang = "en", build = "0123abcd", protocol = "https:", source = SOURCE } = {}) {
  const workers = [];
  const timers = [];
  class FakeWorker {
    constructor(url, options) {
      this.url = url;
      this.options = options;
      this.sent = [];
      workers.push(this);
    }
    postMessage(message) {
      if (this.refuse) throw new Error(this.refuse);
      this.sent.push(message);
    }
    terminate() { this.ended = true; }
    // the worker's side: a message to the page
    say(data) { this.onmessage({ data }); }
  }
  const page = {
    Worker: FakeWorker,
    location: { protocol },
    document: {
      documentElement: { getAttribute: (name) => (name === "lang" ? lang : null) },
      querySelector: (selector) => (selector === "meta[name=oanquan-build]" && build !== null ? { getAttribute: () => build } : null),
    },
    setTimeout: (fn, ms) => { timers.push({ fn, ms, cleared: false }); return timers.length; },
    clearTimeout: (id) => { if (timers[id - 1]) timers[id - 1].cleared = true; },
  };
  Object.assign(globalThis, { window: page, document: page.document, location: page.location });
  const copy = source + "?copy=" + ++copies;
  return { engines: { get: (await import(copy)).pageEngine }, copy, workers, timers };
}

const settle = () => new Promise((done) => { setImmediate(done); });
// An answer made in the script's context, as a plain object of this one (deepEqual compares prototypes).
const plain = (value) => JSON.parse(JSON.stringify(value));

test("one engine per page, its worker started beside the script with the page's language and build", async () => {
  const { engines, workers } = await load({ lang: "vi-VN" });
  const engine = engines.get();
  assert.equal(engines.get(), engine);
  assert.equal(workers.length, 1);
  assert.equal(workers[0].url, HERE + "engine-worker.js?lang=vi&build=0123abcd");
  assert.equal(workers[0].options.type, "module");
  assert.equal(workers[0].options.name, "vi"); // the language again, for a worker served from the cache
  assert.equal(engine.state, "loading");
});

test("an English page asks for no language, and a build that is not a digest is left out", async () => {
  for (const [lang, build, address] of [
    ["en", "not-hex!", "engine-worker.js"],
    ["", null, "engine-worker.js"],
    ["EN-us", "abc", "engine-worker.js?build=abc"],
    ["x", "f".repeat(65), "engine-worker.js"],
  ]) {
    const { engines, workers } = await load({ lang, build });
    engines.get();
    assert.equal(workers[0].url, HERE + address, `${lang} ${build}`);
  }
});

test("calls made before the engine is ready are sent at once and answered by their ids, in any order", async () => {
  const { engines, workers } = await load();
  const engine = engines.get();
  const first = engine.call({ op: "state" });
  const second = engine.call({ op: "hint" });
  const [worker] = workers;
  assert.deepEqual(worker.sent.map((m) => [m.id, m.request.op]), [[1, "state"], [2, "hint"]]);
  worker.say({ type: "answer", id: 2, answer: { ok: true, which: "hint" } });
  worker.say({ type: "answer", id: 1, answer: { ok: true, which: "state" } });
  worker.say({ type: "answer", id: 1, answer: { ok: true, which: "again" } }); // answered once only
  assert.deepEqual(await first, { ok: true, which: "state" });
  assert.deepEqual(await second, { ok: true, which: "hint" });
});

test("an answer passed through as the engine's JSON text is read once in the page; text that is no answer is said", async () => {
  const { engines, workers } = await load();
  const engine = engines.get();
  const calls = [engine.call({ op: "state" }), engine.call({ op: "hint" }), engine.call({ op: "undo" })];
  const [worker] = workers;
  worker.say({ type: "answer", id: 1, text: '{"ok": true, "record": "7R", "saved": "{}"}' });
  worker.say({ type: "answer", id: 2, text: "[1, 2]" });
  worker.say({ type: "answer", id: 3, text: "<html>" });
  const [state, list, broken] = await Promise.all(calls);
  assert.deepEqual(plain(state), { ok: true, record: "7R", saved: "{}" });
  assert.equal(list.ok, false);
  assert.match(list.error, /could not be read: \[1, 2\]/);
  assert.match(broken.error, /could not be read: <html>/);
});

test("an answer is read as the engine sent it: plain data, its board a scene, no markup to rebuild", async () => {
  const { engines, workers } = await load();
  const call = engines.get().call({ op: "play" });
  const sent = { ok: true, frames: [{ c: "Move 1: you play 7R.", k: "move", p: "Move 1, 7R: ", n: [5] }, { c: "lift 7.", k: "lift", n: { 7: 0 } }], scene: { n: [5], title: "a <b>" } };
  workers[0].say({ type: "answer", id: 1, text: JSON.stringify(sent) });
  assert.deepEqual(plain(await call), sent);
});

test("ready resolves with the timings once the worker says so, and stops the load timeout", async () => {
  const { engines, workers, timers } = await load();
  const engine = engines.get();
  workers[0].say({ type: "ready", timings: { python: 5 } });
  assert.equal(await engine.ready, engine);
  assert.equal(engine.state, "ready");
  assert.deepEqual(plain(engine.timings), { python: 5 });
  await settle();
  assert.deepEqual(timers.map((t) => [t.ms, t.cleared]), [[180000, true], [15000, true]]); // the load's, the silence's
});

test("a worker silent for 15 s (its script lost) is replaced, twice at most, and the calls made are sent again", async () => {
  const { engines, workers, timers } = await load({ lang: "vi" });
  const engine = engines.get();
  const calls = [engine.call({ op: "state" }), engine.call({ op: "hint" })];
  timers[1].fn(); // 15 s and not a word
  assert.equal(workers.length, 2);
  assert.ok(workers[0].ended);
  assert.equal(workers[1].url, workers[0].url);
  assert.deepEqual(workers[1].options, workers[0].options);
  assert.deepEqual(workers[1].sent.map((m) => [m.id, m.request.op]), [[1, "state"], [2, "hint"]]);
  workers[0].say({ type: "ready" }); // an ended worker's word counts for nothing
  assert.equal(engine.state, "loading");
  timers[2].fn();
  assert.equal(workers.length, 3);
  assert.ok(workers[1].ended);
  assert.deepEqual(workers[2].sent.map((m) => [m.id, m.request.op]), [[1, "state"], [2, "hint"]]);
  timers[3].fn(); // the third is waited for: the load's own limit (180 s) still stands
  assert.equal(workers.length, 3);
  assert.ok(!workers[2].ended);
  workers[1].say({ type: "answer", id: 1, answer: { ok: true, which: "ended" } }); // an ended worker's answer
  workers[1].onerror({ message: "ended" }); // and error
  assert.equal(engine.state, "loading");
  workers[2].say({ type: "answer", id: 2, answer: { ok: true, which: "hint" } });
  workers[2].say({ type: "answer", id: 1, answer: { ok: true, which: "state" } });
  assert.deepEqual((await Promise.all(calls)).map(plain), [{ ok: true, which: "state" }, { ok: true, which: "hint" }]);
  workers[2].say({ type: "ready" });
  assert.equal(await engine.ready, engine);
});

test("a new worker that cannot be made fails the engine with the reason, and answers the calls", async () => {
  const { engines, timers } = await load();
  const engine = engines.get();
  const waiting = engine.call({ op: "state" });
  globalThis.window.Worker = function () { throw new Error("workers are not allowed here"); };
  timers[1].fn();
  assert.equal(engine.state, "failed");
  await assert.rejects(engine.ready, /workers are not allowed here/);
  assert.deepEqual(plain(await waiting), { ok: false, error: "The game engine could not be loaded: workers are not allowed here" });
});

test("a worker that has said anything is never replaced, however long it then takes", async () => {
  const { engines, workers, timers } = await load();
  const engine = engines.get();
  workers[0].say({ type: "progress", stage: "download", loaded: 0, total: 0 });
  assert.ok(timers[1].cleared);
  timers[1].fn(); // had it fired all the same
  assert.equal(workers.length, 1);
  assert.ok(!workers[0].ended);
  assert.equal(engine.state, "loading");
});

test("a worker that fails answers every waiting and later call with the reason, never rejecting them", async () => {
  const { engines, workers } = await load();
  const engine = engines.get();
  const waiting = engine.call({ op: "state" });
  workers[0].say({ type: "failed", error: "no WebAssembly" });
  await assert.rejects(engine.ready, /no WebAssembly/);
  assert.equal(engine.state, "failed");
  assert.deepEqual(plain(await waiting), { ok: false, error: "The game engine could not be loaded: no WebAssembly" });
  assert.deepEqual(plain(await engine.call({ op: "hint" })), { ok: false, error: "The game engine could not be loaded: no WebAssembly" });
  assert.equal(workers[0].sent.length, 1); // the later call was not sent to a dead worker
});

test("a worker that never reports is given up after the timeout, with the reason", async () => {
  const { engines, timers } = await load();
  const engine = engines.get();
  const waiting = engine.call({ op: "state" });
  timers[0].fn();
  const answer = await waiting;
  assert.equal(answer.ok, false);
  assert.match(answer.error, /did not start within 180 s; reload the page/);
  await assert.rejects(engine.ready);
});

test("a worker whose script cannot load fails the engine with the browser's message", async () => {
  const { engines, workers } = await load();
  const engine = engines.get();
  let prevented = false;
  workers[0].onerror({ message: "SyntaxError in engine-worker.js", preventDefault() { prevented = true; } });
  assert.ok(prevented);
  assert.equal(engine.error, "SyntaxError in engine-worker.js");
  await assert.rejects(engine.ready, /SyntaxError/);
});

test("a page opened from a file starts no worker and says why", async () => {
  for (const [options, reason] of [[{ protocol: "file:" }, /serve the site over http/]]) {
    const { engines, workers } = await load(options);
    const engine = engines.get();
    assert.equal(workers.length, 0);
    assert.equal(engine.state, "failed");
    await assert.rejects(engine.ready, reason);
    assert.match((await engine.call({ op: "state" })).error, reason);
  }
});

test("a request the worker cannot be sent is answered with the reason", async () => {
  const { engines, workers } = await load();
  const engine = engines.get();
  workers[0].refuse = "could not be cloned";
  assert.deepEqual(plain(await engine.call({ op: "state" })), { ok: false, error: "The request could not be sent to the engine: could not be cloned" });
});

test("progress goes to every listener, and a late listener gets the last one at once", async () => {
  const { engines, workers } = await load();
  const engine = engines.get();
  const early = [];
  engine.onProgress((p) => early.push({ ...p }));
  engine.onProgress(() => { throw new Error("a listener's own trouble"); });
  engine.onProgress("not a function");
  workers[0].say({ type: "progress", stage: "download", loaded: 5, total: 10 });
  workers[0].say({ type: "progress", stage: "start", loaded: 10, total: 10 });
  const late = [];
  engine.onProgress((p) => late.push({ ...p }));
  assert.deepEqual(early, [{ stage: "download", loaded: 5, total: 10 }, { stage: "start", loaded: 10, total: 10 }]);
  assert.deepEqual(late, [{ stage: "start", loaded: 10, total: 10 }]);
});

test("the module imported again (play.js, liveboard.js, a test) keeps the first engine", async () => {
  const first = await load();
  const engine = first.engines.get();
  assert.equal((await import(first.copy)).pageEngine(), engine);
  assert.equal(first.workers.length, 1);
});

// engine-start.js, in the Play and Puzzles pages' head: it imports engine.js itself, the one
// copy of it that is not a fresh one per test, so this test alone imports the start.
test("the game pages' head starts the worker as it runs, but from a file; elsewhere on first use (issue 45)", async () => {
  const START = new URL("engine-start.js", HERE).href;
  assert.equal((await load({ source: START, protocol: "file:" })).workers.length, 0);
  const played = await load({ source: START });
  assert.equal(played.workers.length, 1);
  (await import(new URL("engine.js", HERE).href)).pageEngine(); // play.js's call: the same engine
  assert.equal(played.workers.length, 1);
  assert.equal((await load()).workers.length, 0);
});
