// browser-storage.js: the browser's storage read and written as text, where storage switched off
// or full answers as if nothing were kept, and a kept value that cannot be read is set aside.
import assert from "node:assert/strict";
import test from "node:test";

import { forget, keysStartingWith, readKept, readText, writeText } from "../../book/_static_play/browser-storage.js";
import { ASIDE_PREFIX, MAX_STORED, SOLVED, TRIED, storedReader } from "../../book/_static_play/stored.js";
import { translator } from "../../book/_static_play/words.js";

// A Storage stand-in; ``refuse`` makes every call throw, as a browser with storage switched off does.
class FakeStorage {
  constructor() { this.items = new Map(); this.refuse = false; }
  check() { if (this.refuse) throw new Error("SecurityError"); }
  get length() { this.check(); return this.items.size; }
  key(i) { this.check(); return [...this.items.keys()][i] ?? null; }
  getItem(key) { this.check(); return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.check(); this.items.set(key, String(value)); }
  removeItem(key) { this.check(); this.items.delete(key); }
}

function browser() {
  const local = new FakeStorage();
  const session = new FakeStorage();
  globalThis.window = { localStorage: local, sessionStorage: session };
  return { local, session };
}

test("text is kept in localStorage, or this tab's sessionStorage, and found by its prefix", () => {
  const { local, session } = browser();
  writeText("oanquan.a", "1");
  writeText("oanquan.b", "2", "session");
  writeText("other", "3");
  assert.equal(readText("oanquan.a"), "1");
  assert.equal(readText("oanquan.b"), null);
  assert.equal(readText("oanquan.b", "session"), "2");
  assert.deepEqual(keysStartingWith("oanquan."), ["oanquan.a"]);
  forget("oanquan.a");
  forget("oanquan.b", "session");
  assert.deepEqual([[...local.items.keys()], session.items.size], [["other"], 0]);
});

test("storage switched off answers as if nothing were kept, and nothing throws", () => {
  const { local } = browser();
  local.refuse = true;
  writeText("oanquan.a", "1");
  forget("oanquan.a");
  assert.equal(readText("oanquan.a"), null);
  assert.deepEqual(keysStartingWith("oanquan."), []);
  globalThis.window = {}; // no storage at all
  assert.equal(readText("oanquan.a"), null);
});

test("a kept value is read strictly: none is undefined, a good one is itself, a bad one is set aside", () => {
  const { local } = browser();
  const reader = storedReader(translator({}));
  const read = () => readKept(SOLVED, reader, "the puzzles solved", reader.puzzleIds);
  assert.equal(read(), undefined);
  local.setItem(SOLVED, '["a-1", "b-2"]');
  assert.deepEqual(read(), ["a-1", "b-2"]);
  assert.deepEqual(reader.notices, []);
  local.setItem(SOLVED, '{"not": "a list"}');
  assert.equal(read(), null);
  assert.equal(local.getItem(SOLVED), null); // gone from its key: the next visit starts a new list
  assert.equal(local.getItem(ASIDE_PREFIX + SOLVED), '{"not": "a list"}'); // and kept aside, never read again
  assert.equal(reader.notices.length, 1);
  local.setItem(SOLVED, "x".repeat(MAX_STORED + 1));
  assert.equal(read(), null);
  assert.equal(local.getItem(ASIDE_PREFIX + SOLVED), '{"not": "a list"}'); // too long to keep aside: forgotten
  assert.equal(local.getItem(SOLVED), null);
});

// Issue 24's hostile values for the puzzles' lists that the browser test (tests/test_stored_state.py)
// no longer opens a page for, one by one (issue 45): each takes a way that test takes with one value.
test("every other hostile list of puzzles is set aside with one notice, and an empty one is read", () => {
  const PWN = "window.top.__pwned = (window.top.__pwned || 0) + 1";
  const hostile = ['{"a": 1}', "[1, 2]", JSON.stringify([`<svg onload=${PWN}>`]), JSON.stringify(["javascript:alert(1)"]),
    JSON.stringify(Array(20000).fill("a")), JSON.stringify(["a".repeat(101)]), "null", "true", "1e400",
    '"first-capture-1"', '[["first-capture-1"]]', '["first capture"]', "[null]", '[{"toString": 1}]',
    '{"length": 1, "0": "first-capture-1"}', "\ufeff[]", "[]x", '["first-capture-1"', '"all"',
    JSON.stringify([`<img src=x onerror=${PWN}>`])];
  for (const [key, what] of [[SOLVED, "the puzzles solved"], [TRIED, "the puzzles tried"]]) {
    for (const text of hostile) {
      const { local } = browser();
      const reader = storedReader(translator({}));
      local.setItem(key, text);
      assert.equal(readKept(key, reader, what, reader.puzzleIds), null, text.slice(0, 80));
      assert.equal(reader.notices.length, 1, text.slice(0, 80));
      assert.ok(reader.notices[0].includes(`(${what}: `), reader.notices[0]);
      assert.equal(local.getItem(key), null, text.slice(0, 80));
      // kept aside unless too long to keep (then forgotten)
      assert.equal(local.getItem(ASIDE_PREFIX + key) === text, text.length <= MAX_STORED, text.slice(0, 80));
    }
    const { local } = browser();
    const reader = storedReader(translator({}));
    local.setItem(key, "[]");
    assert.deepEqual(readKept(key, reader, what, reader.puzzleIds), []);
    assert.deepEqual(reader.notices, []);
  }
});
