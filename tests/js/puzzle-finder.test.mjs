// The Puzzles page's finder (book/_static_play/puzzle-finder.js, issue 42): its pure parts under Node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fold, matches, readCode } from "../../book/_static_play/puzzle-finder.js";

test("a code reads as a pupil types it, as the engine reads it (oanquan.puzzles.read_code)", () => {
  assert.equal(readCode("p42"), "P-042");
  assert.equal(readCode(" P-042 "), "P-042");
  assert.equal(readCode("P 7"), "P-007");
  assert.equal(readCode("145"), "P-145");
  assert.equal(readCode("relay-1"), null);
  assert.equal(readCode(""), null);
});

test("search folds case and diacritics, as the site's search does", () => {
  assert.equal(fold("Thả cá và Đi"), "tha ca va di");
});

test("every filter and every word of the search must match", () => {
  const puzzle = { code: "P-101", title: "Release the fish, then take 7 points", theme: "tha_ca", themeName: "Thả cá and borrowing (R6)", level: "3", solved: false };
  assert.ok(matches(puzzle, {}));
  assert.ok(matches(puzzle, { words: "tha ca 7", theme: "tha_ca", level: "3", unsolved: true }));
  assert.ok(matches(puzzle, { words: "p-101" }));
  assert.ok(!matches(puzzle, { words: "chain" }));
  assert.ok(!matches(puzzle, { theme: "relay" }));
  assert.ok(!matches(puzzle, { level: "2" }));
  assert.ok(!matches({ ...puzzle, solved: true }, { unsolved: true }));
});

test("the class's rules are read strictly and choose the puzzles that suit them", async () => {
  const { CLASS_RULES, readClassRules, suits, writeClassRules } = await import("../../book/_static_play/class-rules.js");
  const kept = new Map();
  const storage = { getItem: (k) => (kept.has(k) ? kept.get(k) : null), setItem: (k, v) => kept.set(k, v), removeItem: (k) => kept.delete(k) };
  globalThis.window = { localStorage: storage }; // the page's, as browser-storage.js reads it
  assert.equal(readClassRules(), "");
  writeClassRules("protected-10");
  assert.equal(readClassRules(), "protected-10");
  assert.deepEqual(CLASS_RULES["protected-10"], { young: "5", value: "10" });
  kept.set("oanquan.class-rules.v1", "<b>");
  assert.equal(readClassRules(), "", "an unknown value is left out");
  writeClassRules("");
  assert.equal(kept.size, 0);
  globalThis.window = { localStorage: { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("denied"); } } };
  assert.equal(readClassRules(), "");
  writeClassRules("open-5"); // storage switched off: nothing thrown
  assert.ok(suits("protected-10 open-10", "open-10"));
  assert.ok(!suits("protected-10", "open-5"));
  assert.ok(suits("", ""), "no class rules set: every puzzle");
});
