// words.js: the pages' sentences in their language, with {names} filled in.
import assert from "node:assert/strict";
import test from "node:test";

import { fill, readWords, translator } from "../../book/_static_play/words.js";

// A document with (or without) the words block tools/build/edition.py writes into the Vietnamese pages.
function pageWith(text) {
  return {
    querySelector(selector) {
      assert.equal(selector, "script[data-oaq-words]");
      return text === null ? null : { textContent: text };
    },
  };
}

test("fill puts each value in its {name}, as text", () => {
  assert.equal(fill("Square {square}: chosen", { square: 7 }), "Square 7: chosen");
  assert.equal(fill("{a} and {b} and {a}", { a: "x", b: 0 }), "x and 0 and x");
});

test("fill leaves a {name} with no value as it is", () => {
  assert.equal(fill("Hint ({left} left)", {}), "Hint ({left} left)");
  assert.equal(fill("Hint ({left} left)"), "Hint ({left} left)");
  assert.equal(fill("{constructor} {toString}", {}), "{constructor} {toString}"); // not Object's own
});

test("fill takes a value's text literally, with no replacement patterns", () => {
  assert.equal(fill("{x}", { x: "$& $1 $$" }), "$& $1 $$");
  assert.equal(fill("{x}", { x: "{y}", y: "no" }), "{y}"); // filled once, not again
});

test("t gives the translation when there is one, else the English", () => {
  const t = translator({ "Hint ({left} left)": "Gợi ý (còn {left})" });
  assert.equal(t("Hint ({left} left)", { left: 2 }), "Gợi ý (còn 2)");
  assert.equal(t("Copied."), "Copied.");
  assert.equal(t("hasOwnProperty"), "hasOwnProperty"); // no word of Object's prototype
});

test("readWords reads the page's translations", () => {
  assert.deepEqual(readWords(pageWith('{"Copied.": "Đã chép.", "Hint": "Gợi ý"}')), { "Copied.": "Đã chép.", Hint: "Gợi ý" });
});

test("readWords gives no words for a page without them or with a broken block", () => {
  for (const text of [null, "", "{", "null", "[\"a\"]", "\"text\"", "3"]) {
    assert.deepEqual(readWords(pageWith(text)), {}, String(text));
  }
});

test("readWords keeps only text for text", () => {
  assert.deepEqual(readWords(pageWith('{"Copied.": 3, "Hint": "Gợi ý", "x": null, "y": {"z": "w"}}')), { Hint: "Gợi ý" });
});
