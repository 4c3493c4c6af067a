// engine-worker.js: patiently(), which asks again for a request of the engine's that has no answer
// in time (a request the service worker lost as a new build's worker took over is never answered).
// The worker itself runs only in a browser (tests/test_play_page.py leaves three of its requests
// unanswered there); its function is read out of it here and run with short waits.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";

const SOURCE = readFileSync(new URL("../../book/_static_play/engine-worker.js", import.meta.url), "utf-8");
const START = SOURCE.indexOf("function patiently(");
const END = SOURCE.indexOf("// fetch(), asked again");
assert.ok(START > 0 && END > START, "patiently() and the comment after it are where this test reads them");
const patiently = new Function(SOURCE.slice(START, END) + "\nreturn patiently;")();

const WAIT_MS = 40; // each try's time, for these tests
const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
const lost = () => new Promise(() => {}); // a request never answered
const failing = (why) => () => Promise.reject(new Error(why));

// What patiently() gives for the tries ``asks`` (one function per try), after ``ms``: its answer,
// its error or "waiting"; and which tries were asked.
async function outcome(asks, most = 3, ms = 12 * WAIT_MS) {
  const asked = [];
  let found = "waiting";
  patiently((attempt) => { asked.push(attempt); return asks[attempt - 1](); }, WAIT_MS, most).then(
    (value) => { found = "answer " + value; },
    (error) => { found = "error " + error.message; }
  );
  await sleep(ms);
  return { found, asked };
}

test("an answer in time is the answer, asked once", async () => {
  assert.deepEqual(await outcome([() => Promise.resolve("one")]), { found: "answer one", asked: [1] });
});

test("a request never answered is asked again, and the second try's answer wins", async () => {
  assert.deepEqual(await outcome([lost, () => Promise.resolve("two")]), { found: "answer two", asked: [1, 2] });
});

test("a slow first answer still wins once the second try is out", async () => {
  const slow = () => sleep(1.5 * WAIT_MS).then(() => "one");
  assert.deepEqual(await outcome([slow, lost, lost]), { found: "answer one", asked: [1, 2] });
});

test("a failed try is followed by the next at once, and every try failed is the last error", async () => {
  const started = Date.now();
  assert.deepEqual(await outcome([failing("a"), () => Promise.resolve("two")], 3, WAIT_MS / 2), { found: "answer two", asked: [1, 2] });
  assert.ok(Date.now() - started < 12 * WAIT_MS);
  assert.deepEqual(await outcome([failing("a"), failing("b"), failing("c")], 3, WAIT_MS / 2), { found: "error c", asked: [1, 2, 3] });
  assert.deepEqual(await outcome([() => { throw new Error("thrown"); }, () => "two"]), { found: "answer two", asked: [1, 2] });
});

test("tries that fail beside one never answered end in the last error once the last try has had its time", async () => {
  assert.deepEqual(await outcome([lost, failing("b"), failing("c")]), { found: "error c", asked: [1, 2, 3] });
});

test("tries that are only slow are awaited still, never more of them than allowed", async () => {
  assert.deepEqual(await outcome([lost, lost, lost, lost]), { found: "waiting", asked: [1, 2, 3] });
  assert.deepEqual(await outcome([lost, lost, lost], 2), { found: "waiting", asked: [1, 2] }); // an import's two
});
