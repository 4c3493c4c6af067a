// board-view.js: which squares of a drawn board take clicks and keys, and the animation's frames.
// The page's elements are small stand-ins with the few DOM methods the module uses.
import assert from "node:assert/strict";
import test from "node:test";

import { animate, arrowTarget, changed, directionKey, draw, expand, mark, onDirectionKey, onSquare, Playback, reducedMotion, squareOf } from "../../book/_static_play/board-view.js";

class FakeElement {
  constructor(attributes) {
    this.attributes = new Map(Object.entries(attributes || {}));
    this.classes = new Set();
    this.listeners = {};
    this.classList = {
      toggle: (name, on) => (on ? this.classes.add(name) : this.classes.delete(name)),
    };
  }
  getAttribute(name) { return this.attributes.has(name) ? this.attributes.get(name) : null; }
  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  removeAttribute(name) { this.attributes.delete(name); }
  addEventListener(type, fn) { (this.listeners[type] = this.listeners[type] || []).push(fn); }
}

// A board of the twelve squares 0-11, as oanquan/svg.py draws them (a [data-square] each).
function board() {
  const squares = Array.from(
    { length: 12 },
    (unused, i) => new FakeElement({ "data-square": String(i), "aria-label": `square ${i}: 5 pebbles` }),
  );
  const container = new FakeElement();
  container.squares = squares;
  container.svg = new FakeElement({ role: "img" }); // the picture that holds the squares
  // the one part of it these tests look at: square 0's count, which a frame's scene fills
  const count = new FakeElement({ "data-count": "0" });
  count.textContent = "";
  container.svg.querySelectorAll = (selector) => (selector === "[data-count]" ? [count] : []);
  container.svg.querySelector = () => null;
  Object.defineProperty(container, "innerHTML", {
    get: () => (count.textContent === "" ? "" : `<svg>${count.textContent}</svg>`),
    set: (text) => { count.textContent = text.replace(/^<svg>|<\/svg>$/g, ""); },
  });
  container.querySelectorAll = (selector) => {
    assert.equal(selector, "[data-square]");
    return squares;
  };
  container.querySelector = (selector) => {
    assert.equal(selector, "svg");
    return container.svg;
  };
  return container;
}

// A frame whose scene says ``shown`` in square 0's count (the stand-in board's "<svg>shown</svg>").
function frame(shown, caption, kind) {
  return { scene: { n: [shown], s: [] }, caption, kind };
}

// An event on a square's picture (its target is inside the square's group).
function eventOn(square, extra) {
  const target = { closest: (selector) => (selector === "[data-square]" ? square : null) };
  return Object.assign({ target, defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } }, extra);
}

test("mark makes the given squares buttons for the keyboard and screen readers", () => {
  const container = board();
  mark(container, [5, 7, 9]);
  for (const square of container.squares) {
    const n = Number(square.getAttribute("data-square"));
    const can = [5, 7, 9].includes(n);
    assert.equal(square.classes.has("oaq-can"), can, `square ${n}`);
    // one Tab stop for the board: the first playable square the eye meets (5), the others by arrows
    assert.equal(square.getAttribute("tabindex"), can ? (n === 5 ? "0" : "-1") : null);
    assert.equal(square.getAttribute("role"), can ? "button" : null);
    // the name the engine gave it (what it holds, in the page's language) is kept
    assert.equal(square.getAttribute("aria-label"), `square ${n}: 5 pebbles`);
  }
});

test("a board with squares to play is a group of buttons, one with none a picture", () => {
  // role img would hide the squares from a screen reader (axe-core: nested-interactive)
  const container = board();
  mark(container, [5, 7]);
  assert.equal(container.svg.getAttribute("role"), "group");
  mark(container, []);
  assert.equal(container.svg.getAttribute("role"), "img");
});

test("mark takes the buttons away again from squares no longer playable", () => {
  const container = board();
  mark(container, [5, 6]);
  mark(container, [0]);
  assert.deepEqual(container.squares.filter((s) => s.classes.has("oaq-can")).map((s) => s.getAttribute("data-square")), ["0"]);
  assert.equal(container.squares[5].getAttribute("tabindex"), null);
  assert.equal(container.squares[5].getAttribute("role"), null);
});

test("draw fills the board with the answer's scene and marks its squares (none when it has none)", () => {
  const container = board();
  draw(container, { scene: { n: [7], s: [] }, squares: [1, 2] });
  assert.equal(container.innerHTML, "<svg>7</svg>");
  assert.ok(container.squares[1].classes.has("oaq-can") && container.squares[2].classes.has("oaq-can"));
  draw(container, { scene: { n: [3], s: [] } });
  assert.equal(container.innerHTML, "<svg>3</svg>");
  assert.ok(container.squares.every((s) => !s.classes.has("oaq-can")));
});

test("a move's frames come as changes and are made whole: each frame's scene, the caption's words given once", () => {
  const strips = [["A · 0 points", "", "", "to_move", "to move"], ["B · 0 points", "", "", "", ""]];
  const sent = [
    { c: "Move 1: A plays 7R.", k: "move", p: "Move 1, 7R: ", n: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 0, 0], q: [10, 11], m: {}, s: strips, h: null, d: null, l: null, f: [] },
    { c: "lift 7.", k: "lift", n: { 7: 0 }, m: { lifted: [7] }, h: [5, 7], s: [["A · 0 points", "", "", "playing", "playing"], null] },
    { c: "drop in 8.", k: "drop", n: { 8: 6 }, m: { received: [8] }, h: [4, 8] },
  ];
  const frames = expand(sent);
  assert.deepEqual(frames.map((f) => [f.caption, f.kind]), [["Move 1: A plays 7R.", "move"], ["Move 1, 7R: lift 7.", "lift"], ["Move 1, 7R: drop in 8.", "drop"]]);
  assert.deepEqual(frames[2].scene.n, [5, 5, 5, 5, 5, 5, 5, 0, 6, 5, 0, 0]);
  assert.deepEqual(frames[2].scene.m, { received: [8] });
  assert.deepEqual(frames[2].scene.s, [["A · 0 points", "", "", "playing", "playing"], strips[1]]);
  assert.deepEqual(frames[0].scene.n, sent[0].n); // each frame keeps its own scene (a step back shows it)
  assert.equal("c" in frames[1].scene, false);
  // a second move in the same answer (a redo) starts whole again, with its own words
  const again = expand([...sent, { c: "Move 2: B plays 1L.", k: "move", p: "Move 2, 1L: ", n: Array(12).fill(1), q: [], m: {}, s: strips, h: null, d: null, l: null, f: [] }, { c: "lift 1.", k: "lift", n: { 1: 0 } }]);
  assert.equal(again[4].caption, "Move 2, 1L: lift 1.");
  assert.equal(again[4].scene.n[1], 0);
  assert.equal(again[4].scene.n[0], 1);
  assert.deepEqual(changed({ n: [1, 2], d: "L" }, { d: null }), { n: [1, 2], d: null });
});

test("squareOf finds the square an event is on, or none", () => {
  assert.equal(squareOf(eventOn(new FakeElement({ "data-square": "10" }))), 10);
  assert.equal(squareOf(eventOn(null)), null); // outside every square
  assert.equal(squareOf({ target: {} }), null); // a text node: no closest()
});

test("onSquare answers a click, Enter and Space on a square, and nothing else", () => {
  const container = board();
  const played = [];
  onSquare(container, (square) => played.push(square));
  const [click] = container.listeners.click;
  const [key] = container.listeners.keydown;
  click(eventOn(container.squares[3]));
  click(eventOn(null));
  const enter = eventOn(container.squares[8], { key: "Enter" });
  key(enter);
  key(eventOn(container.squares[9], { key: " " }));
  const tab = eventOn(container.squares[9], { key: "Tab" });
  key(tab);
  key(eventOn(null, { key: "Enter" }));
  assert.deepEqual(played, [3, 8, 9]);
  assert.ok(enter.defaultPrevented); // Space would scroll the page, Enter submit a form
  assert.ok(!tab.defaultPrevented);
});

test("animate shows every frame in turn, each for its delay, and ends on the last caption", async () => {
  const container = board();
  const caption = { textContent: "" };
  const seen = [];
  const frames = [frame(1, "one", "pick"), frame(2, "two", "drop")];
  await animate(container, caption, frames, {
    delay(shown, count) {
      seen.push([container.innerHTML, caption.textContent, shown.kind, count]);
      return -5; // no animation: still a turn of the event loop, never a negative wait
    },
  });
  assert.deepEqual(seen, [["<svg>1</svg>", "one", "pick", 2], ["<svg>2</svg>", "two", "drop", 2]]);
  assert.equal(container.innerHTML, "<svg>2</svg>");
  assert.equal(caption.textContent, "two");
});

test("animate stops when skipped, with the last frame's caption shown", async () => {
  const container = board();
  const caption = { textContent: "" };
  let shown = 0;
  const playback = new Playback();
  const frames = [1, 2, 3, 4].map((n) => frame(n, `step ${n}`));
  await animate(container, caption, frames, {
    playback,
    delay() {
      if (++shown < 2) return 0;
      playback.skip();
      return 60_000; // a skip does not wait for the frame's time
    },
  });
  assert.equal(shown, 2);
  assert.equal(container.innerHTML, "<svg>2</svg>"); // the picture of the last frame shown
  assert.equal(caption.textContent, "step 4"); // the move's last caption
});

test("a paused animation waits for the reader, steps back and forth, and goes on when resumed", async () => {
  const container = board();
  const caption = { textContent: "" };
  const playback = new Playback();
  const seen = [];
  const frames = [1, 2, 3].map((n) => frame(n, `step ${n}`));
  playback.pause();
  const done = animate(container, caption, frames, { playback, delay() { seen.push(container.innerHTML); return 0; } });
  const turn = () => new Promise((resolve) => { setTimeout(resolve, 5); });
  await turn();
  await turn();
  assert.deepEqual(seen, ["<svg>1</svg>"]); // paused on the first frame, however long
  playback.step(1);
  await turn();
  playback.step(-1);
  await turn();
  playback.step(-1); // before the first frame: the first frame again
  await turn();
  assert.deepEqual(seen, ["<svg>1</svg>", "<svg>2</svg>", "<svg>1</svg>", "<svg>1</svg>"]);
  assert.equal(caption.textContent, "step 1"); // the caption follows the frame shown
  playback.resume();
  await done;
  assert.deepEqual(seen.slice(4), ["<svg>2</svg>", "<svg>3</svg>"]);
  assert.equal(caption.textContent, "step 3");
  assert.equal(playback.paused, false);
});

test("a step forward from the last frame ends the move; a skip ends it while paused", async () => {
  const frames = [1, 2].map((n) => frame(n, `step ${n}`));
  const stepping = new Playback();
  stepping.pause();
  const container = board();
  const ended = animate(container, null, frames, { playback: stepping, delay: () => 0 });
  stepping.step(1);
  await new Promise((resolve) => { setTimeout(resolve, 5); });
  stepping.step(1);
  await ended; // it would wait for ever if the step past the end did not end it
  assert.equal(container.innerHTML, "<svg>2</svg>");
  const skipping = new Playback();
  skipping.pause();
  const skipped = animate(board(), null, frames, { playback: skipping, delay: () => 0 });
  skipping.skip();
  await skipped;
});

test("animate under reduced motion shows the last frame and its caption at once", async () => {
  const container = board();
  const caption = { textContent: "" };
  const seen = [];
  const frames = [1, 2, 3].map((n) => frame(n, `step ${n}`));
  await animate(container, caption, frames, { reduced: true, delay() { seen.push(container.innerHTML); return 0; } });
  assert.deepEqual(seen, ["<svg>3</svg>"]);
  assert.equal(caption.textContent, "step 3");
});

test("reducedMotion reads the reader's system setting, and is false with no window", () => {
  const asking = (matches) => ({ matchMedia: (query) => ({ matches: matches && query === "(prefers-reduced-motion: reduce)" }) });
  assert.equal(reducedMotion(asking(true)), true);
  assert.equal(reducedMotion(asking(false)), false);
  assert.equal(reducedMotion(null), false);
});

test("animate of no frames changes nothing", async () => {
  const container = board();
  container.innerHTML = "<svg>as it was</svg>";
  const caption = { textContent: "kept" };
  await animate(container, caption, []);
  assert.equal(container.innerHTML, "<svg>as it was</svg>");
  assert.equal(caption.textContent, "kept");
});

test("the board keeps its Tab stop on the square focused last, while it is playable", () => {
  const container = board();
  container.setAttribute("data-focus", "7");
  mark(container, [5, 7, 9]);
  assert.deepEqual(container.squares.filter((s) => s.getAttribute("tabindex") === "0").map((s) => s.getAttribute("data-square")), ["7"]);
  mark(container, [8, 9]); // 7 is no longer playable: the first one the eye meets
  assert.deepEqual(container.squares.filter((s) => s.getAttribute("tabindex") === "0").map((s) => s.getAttribute("data-square")), ["8"]);
});

test("before any square had the focus, the top row's Tab stop is its leftmost square on screen", () => {
  const container = board();
  mark(container, [0, 2, 4]); // 4 is drawn at the left of the top row, 0 at its right
  assert.deepEqual(container.squares.filter((s) => s.getAttribute("tabindex") === "0").map((s) => s.getAttribute("data-square")), ["4"]);
});

test("the arrow keys go round the playable squares in the order the eye reads them", () => {
  const container = board();
  mark(container, [0, 2, 4]); // the top row reads 4 3 2 1 0 from left to right
  const at = (n) => container.squares[n];
  assert.equal(arrowTarget(container, at(4), "ArrowRight"), at(2));
  assert.equal(arrowTarget(container, at(2), "ArrowDown"), at(0));
  assert.equal(arrowTarget(container, at(0), "ArrowRight"), at(4)); // round the row
  assert.equal(arrowTarget(container, at(4), "ArrowLeft"), at(0));
  assert.equal(arrowTarget(container, at(2), "Home"), at(4));
  assert.equal(arrowTarget(container, at(2), "End"), at(0));
  assert.equal(arrowTarget(container, at(2), "Tab"), null);
});

test("a direction is picked by its letter, or by the arrow key the answer says plays it", () => {
  const bottom = { ArrowLeft: "L", ArrowRight: "R" };
  const top = { ArrowLeft: "R", ArrowRight: "L" }; // on the top row, R goes leftwards
  assert.equal(directionKey("l", bottom), "L");
  assert.equal(directionKey("R", top), "R");
  assert.equal(directionKey("ArrowLeft", bottom), "L");
  assert.equal(directionKey("ArrowLeft", top), "R");
  assert.equal(directionKey("ArrowRight", top), "L");
  assert.equal(directionKey("x", top), null);
  assert.equal(directionKey("ArrowLeft", null), null);
  assert.equal(directionKey("toString", top), null); // only the answer's own keys
});

test("once a square is chosen, a direction key plays and Escape gives the choice up; before, neither does", () => {
  const root = new FakeElement();
  let view = { selected: null, arrows: {} };
  const played = [];
  let cancelled = 0;
  onDirectionKey(root, () => view, (direction) => played.push(direction), () => cancelled++);
  const [key] = root.listeners.keydown;
  const press = (name, extra) => {
    const event = Object.assign(eventOn(null, { key: name }), { stopPropagation() {} }, extra);
    key(event);
    return event;
  };
  press("Escape");
  press("r");
  assert.deepEqual([played, cancelled], [[], 0]); // nothing chosen: the keys are the page's
  view = { selected: 7, arrows: { ArrowLeft: "L", ArrowRight: "R" } };
  const escape = press("Escape");
  assert.equal(cancelled, 1);
  assert.ok(escape.defaultPrevented);
  press("Escape", { target: { tagName: "INPUT", closest: () => null } }); // a text box's own Escape
  press("r");
  assert.deepEqual([played, cancelled], [["R"], 1]);
  view = null; // busy
  press("Escape");
  assert.equal(cancelled, 1);
});
