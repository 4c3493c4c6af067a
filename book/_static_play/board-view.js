// Drawing a board answer of the engine and wiring its squares: the part of a page's view that
// every board shares (play.js on the Play and Puzzles pages, liveboard.js on the chapters' live
// boards), which import this ES module:
//
//   draw(container, answer)   // the answer's scene on the board, its clickable squares marked
//   fill(svg, scene)          // the board (an SVG drawn by oanquan/svg.py, render(fillable=True)) shows scene
//   expand(frames)            // a move's frames as the bridge sends them: [{caption, kind, scene}]
//   mark(container, squares)  // mark which squares take clicks
//   animate(container, caption, frames, {delay, playback, reduced})  // a Promise; none under reduced motion
//   new Playback()            // the reader's pause, step and skip of an animation
//   onSquare(container, fn)   // fn(square) on a click, Enter or Space; the arrow keys move between squares
//   focusedSquare(container, active), focusBoard(container, square)  // keep the focus on the board
//   directionKey(key, arrows) // "L" or "R" for the key pressed once a square is chosen
//   onDirectionKey(root, current, fn, cancel) // those keys, and Escape, on a page's board
//   showDirections(root, answer), onDirections(root, shown, act)  // the direction buttons, and keys
//
// No rules and no markup here: the page's board is drawn once, at build time, by oanquan/svg.py
// (tools/build/play.py, tools/sphinx/live_boards.py); each answer carries its scene as plain data
// (oanquan/web/wire.py, wire), which fill() puts into the board's marked parts (data-*) as the
// renderer would draw it. Which squares can be clicked is the answer's "squares".

export function sleep(ms) { return new Promise(function (done) { setTimeout(done, ms); }); }

// The squares in the order the eye reads the board, for the arrow keys: the top row left to
// right (M1, 4 3 2 1 0, M0), then the bottom row (5 6 7 8 9).
const ORDER = [11, 4, 3, 2, 1, 0, 10, 5, 6, 7, 8, 9];

// The squares a move may start from take clicks and the keyboard, the others do not. The board
// is one stop of the Tab key (a roving tabindex, as ARIA's practices have it): the square last
// focused, or the first one the eye meets, takes the Tab; the arrow keys go to the others.
export function mark(container, squares) {
  container.querySelectorAll("[data-square]").forEach(function (el) {
    const can = squares.indexOf(Number(el.getAttribute("data-square"))) >= 0;
    el.classList.toggle("oaq-can", can);
    if (can) {
      el.setAttribute("tabindex", "-1");
      el.setAttribute("role", "button"); // its name, what the square holds, is the engine's (aria-label)
    } else {
      el.removeAttribute("tabindex");
      el.removeAttribute("role");
    }
  });
  const current = rovingSquare(container);
  if (current) current.setAttribute("tabindex", "0");
  // A picture (role img) hides what is inside it from a screen reader: a board that takes moves
  // is a group of squares instead, named by the same title.
  const svg = container.querySelector("svg");
  if (svg) svg.setAttribute("role", current ? "group" : "img");
}

// The playable squares (marked as buttons) in ORDER.
function playableSquares(container) {
  const found = [];
  container.querySelectorAll("[data-square]").forEach(function (el) {
    if (el.getAttribute("role") === "button") found.push(el);
  });
  return found.sort(function (a, b) {
    return ORDER.indexOf(Number(a.getAttribute("data-square"))) - ORDER.indexOf(Number(b.getAttribute("data-square")));
  });
}

// Of the playable squares, the one that takes the Tab: the one focused last, else the first in ORDER.
function rovingSquare(container) {
  const kept = container.getAttribute("data-focus"); // none yet: the first square in ORDER
  const playable = playableSquares(container);
  return playable.find(function (el) { return kept !== null && Number(el.getAttribute("data-square")) === Number(kept); }) || playable[0] || null;
}

// The square an arrow key (or Home, End) goes to from the square ``from``, among the playable
// ones in ORDER, round the board; null for any other key.
export function arrowTarget(container, from, key) {
  const list = playableSquares(container);
  const at = list.indexOf(from);
  if (!list.length) return null;
  if (key === "Home") return list[0];
  if (key === "End") return list[list.length - 1];
  const step = key === "ArrowRight" || key === "ArrowDown" ? 1 : key === "ArrowLeft" || key === "ArrowUp" ? -1 : 0;
  if (!step) return null;
  return list[(Math.max(at, 0) + step + list.length) % list.length];
}

function moveFocus(container, el) {
  playableSquares(container).forEach(function (other) { other.setAttribute("tabindex", other === el ? "0" : "-1"); });
  container.setAttribute("data-focus", el.getAttribute("data-square"));
  el.focus({ preventScroll: true });
}

// Which square had the focus (its number), -1 for the board itself or its direction buttons,
// null when the focus is elsewhere.
export function focusedSquare(container, active) {
  if (active && active.closest && active.closest("[data-oaq=directions]")) return -1;
  if (!active || !container.contains(active)) return null;
  const square = active.closest ? active.closest("[data-square]") : null;
  return square ? Number(square.getAttribute("data-square")) : -1;
}

// After the board is drawn again (a move, a choice): the focus back on it, on the same square if
// it is still playable, else on the one that takes the Tab, else on the board itself.
export function focusBoard(container, square) {
  if (square !== null && square >= 0) container.setAttribute("data-focus", String(square));
  const target = rovingSquare(container);
  if (target) return moveFocus(container, target);
  container.setAttribute("tabindex", "-1");
  container.focus({ preventScroll: true });
}

// The direction a key picks once a square is chosen: L or R as typed, or the direction of the
// arrow key, as the answer's "arrows" say ({ArrowLeft: "L", ArrowRight: "R"}: on the top row, R
// goes leftwards); null for any other key.
export function directionKey(key, arrows) {
  if (key === "l" || key === "L") return "L";
  if (key === "r" || key === "R") return "R";
  const direction = arrows && Object.prototype.hasOwnProperty.call(arrows, key) ? arrows[key] : null;
  return direction === "L" || direction === "R" ? direction : null;
}

// ------------------------------------------------------------------ the board as data
//
// A scene (oanquan/web/wire.py, wire): n the pebbles in each square, q the squares with their
// Mandarin stone, m the squares each highlight marks, s each player's strip ([heading, detail,
// debts, mark, mark's words]), h the hand ([pebbles, square] or null), d the sowing's direction,
// l the last move's square, f the footer's lines; a board's also title and desc (what a screen
// reader says) and what (what each square holds, in words, for its name).

const TURN_MARKS = ["to_move", "playing"];

function show(el, visible) {
  if (visible) el.removeAttribute("display");
  else el.setAttribute("display", "none");
}

function setAttr(el, name, value) {
  if (value === null || value === undefined) el.removeAttribute(name);
  else el.setAttribute(name, String(value));
}

// A line of text; one longer than its data-fit characters is squeezed to its data-squeeze width.
function setLine(el, text) {
  el.textContent = text;
  const long = text.length > Number(el.getAttribute("data-fit") || Infinity);
  setAttr(el, "textLength", long ? el.getAttribute("data-squeeze") : null);
  setAttr(el, "lengthAdjust", long ? "spacingAndGlyphs" : null);
}

function all(svg, selector, fn) { svg.querySelectorAll(selector).forEach(fn); }
function num(el, name) { return Number(el.getAttribute(name)); }
function has(list, item) { return Array.isArray(list) && list.indexOf(item) >= 0; }

// The board ``svg`` shows ``scene``: each marked part of it (data-*) filled or hidden.
export function fill(svg, scene) {
  const places = {};
  all(svg, "[data-places]", function (el) { places[el.getAttribute("data-dots")] = el.getAttribute("data-places").match(/M[^M]*/g) || []; });
  all(svg, "[data-dots]", function (el) {
    const square = el.getAttribute("data-dots");
    el.setAttribute("d", (places[square] || []).slice(0, scene.n[Number(square)]).join(""));
  });
  all(svg, "[data-count]", function (el) { el.textContent = String(scene.n[num(el, "data-count")]); });
  all(svg, "[data-stone]", function (el) { show(el, has(scene.q, num(el, "data-stone"))); });
  all(svg, "[data-mark]", function (el) { show(el, has((scene.m || {})[el.getAttribute("data-mark")], num(el, "data-at"))); });
  all(svg, "[data-last]", function (el) { show(el, scene.l === num(el, "data-last")); });
  all(svg, "[data-number]", function (el) { setAttr(el, "fill", scene.l === num(el, "data-number") ? "#fff" : null); });
  all(svg, "[data-sowing]", function (el) { show(el, scene.d === el.getAttribute("data-sowing")); });
  all(svg, "[data-hand]", function (el) {
    const here = Boolean(scene.h) && scene.h[1] === num(el, "data-hand");
    show(el, here);
    if (!here) return;
    const digits = Math.min(3, String(scene.h[0]).length);
    const box = el.getAttribute("data-boxes").split(";")[digits - 1].split(",");
    el.querySelector("rect").setAttribute("x", box[0]);
    el.querySelector("rect").setAttribute("width", box[1]);
    el.querySelector("text").setAttribute("x", box[2]);
    el.querySelector("text").textContent = String(scene.h[0]);
  });
  all(svg, "[data-strip]", function (el) {
    const strip = scene.s[num(el, "data-strip")];
    const turn = TURN_MARKS.indexOf(strip[3]) >= 0;
    const frame = el.querySelector("rect");
    frame.setAttribute("stroke", frame.getAttribute(turn ? "data-on" : "data-off"));
    setAttr(frame, "stroke-width", turn ? 3 : null);
    const part = function (name) { return el.querySelector("[data-part=" + name + "]"); };
    setLine(part("heading"), strip[0]);
    setLine(part("detail"), strip[1]);
    part("debts").textContent = strip[2];
    show(part("arrow"), turn);
    part("mark").textContent = strip[4];
    setAttr(part("mark"), "font-weight", turn ? "bold" : null);
  });
  all(svg, "[data-footer]", function (el) { setLine(el, (scene.f || [])[num(el, "data-footer")] || ""); });
  if (typeof scene.title === "string") {
    const title = svg.querySelector("title[id$='-title']");
    if (title) title.textContent = scene.title;
  }
  if (typeof scene.desc === "string") {
    const desc = svg.querySelector("desc");
    if (desc) desc.textContent = scene.desc;
  }
  if (Array.isArray(scene.what)) {
    all(svg, "[data-square]", function (el) {
      const words = (el.getAttribute("data-name") || "{what}").replace("{what}", scene.what[num(el, "data-square")] || "");
      el.setAttribute("aria-label", words);
      const named = el.querySelector("title");
      if (named) named.textContent = words;
    });
  }
}

// The scene after a frame's changes: a move's later frames carry only the fields that changed,
// of the pebbles ({square: n}) the squares whose count changed, of the strips the one that did.
export function changed(scene, frame) {
  const next = Object.assign({}, scene);
  Object.keys(frame).forEach(function (key) {
    const value = frame[key];
    if (key === "c" || key === "k" || key === "p") return;
    if (key === "n" && !Array.isArray(value)) {
      next.n = scene.n.slice();
      Object.keys(value).forEach(function (square) { next.n[Number(square)] = value[square]; });
    } else if (key === "s" && scene.s) {
      next.s = value.map(function (strip, player) { return strip === null ? scene.s[player] : strip; });
    } else {
      next[key] = value;
    }
  });
  return next;
}

// A move's frames as the bridge sends them (oanquan/web/wire.py, frames), each whole: its caption
// (the move's words before it, "Move 3, 7R: ", given once), its kind and its scene.
export function expand(frames) {
  let scene = null;
  let prefix = "";
  return (frames || []).map(function (frame) {
    if (typeof frame.p === "string") prefix = frame.p;
    scene = scene === null || frame.k === "move" ? changed({}, frame) : changed(scene, frame);
    const caption = frame.k === "move" ? frame.c : prefix + frame.c;
    return { caption: caption, kind: frame.k, scene: scene };
  });
}

// The board in ``container``: its own (drawn at build time), else a copy of ``model`` (the page's
// board), its ids made its own, so that every picture of the page keeps its title and description.
let copies = 0;
function boardOf(container, model) {
  let svg = container.querySelector("svg");
  if (svg || !model) return svg;
  svg = model.cloneNode(true);
  const suffix = "-" + ++copies;
  const ids = [];
  svg.querySelectorAll("[id]").forEach(function (el) { ids.push(el.id); el.id = el.id + suffix; });
  svg.setAttribute("aria-labelledby", ids.map(function (id) { return id + suffix; }).join(" "));
  svg.querySelectorAll(".oaq-click").forEach(function (el) { el.parentNode.removeChild(el); });
  container.appendChild(svg);
  return svg;
}

// A picture of ``scene`` in ``container`` (a review's position, an exercise): a copy of the page's
// board (``doc``'s [data-oaq=board]), which takes no clicks.
export function picture(container, scene, doc) {
  const model = (doc || document).querySelector("[data-oaq=board] svg");
  const svg = boardOf(container, model);
  if (!svg) return;
  svg.setAttribute("role", "img");
  fill(svg, scene);
}

export function draw(container, answer) {
  const svg = container.querySelector("svg");
  if (svg && answer.scene) fill(svg, answer.scene);
  mark(container, answer.squares || []);
}

// Whether the reader asked their system for less motion (prefers-reduced-motion: reduce).
export function reducedMotion(win) {
  return !!(win && win.matchMedia && win.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

// The reader's hold on a move's animation (animate's options.playback): pause() and resume()
// it, step(+1 or -1) one frame at a time (which pauses it), or skip() to the move's end. A
// page keeps one for a whole action, so a move paused stays paused into the computer's reply;
// start() makes it ready for the next move, still paused if it was.
export function Playback() {
  this.paused = false;
  this.skipped = false;
  this.steps = 0;
  this.wake = null; // the waiting animation's check, called when the reader does something
}
Playback.prototype.poke = function () {
  const wake = this.wake;
  this.wake = null;
  if (wake) wake();
};
Playback.prototype.pause = function () { this.paused = true; this.poke(); };
Playback.prototype.resume = function () { this.paused = false; this.poke(); };
Playback.prototype.step = function (by) { this.paused = true; this.steps += by; this.poke(); };
Playback.prototype.skip = function () { this.skipped = true; this.poke(); };
Playback.prototype.start = function () { this.skipped = false; this.steps = 0; };
// After a frame has been shown for ms: how many frames to move on. 1 once the time is up (not
// paused), the steps asked for (paused), 0 once skipped; a paused animation waits for the reader.
Playback.prototype.next = function (ms) {
  const self = this;
  return new Promise(function (done) {
    let timer = null;
    function check() {
      clearTimeout(timer);
      if (self.skipped) return done(0);
      if (self.steps) {
        const by = self.steps;
        self.steps = 0;
        return done(by);
      }
      self.wake = check;
      if (!self.paused) timer = setTimeout(function () { self.wake = null; done(1); }, ms > 0 ? ms : 0);
    }
    check();
  });
};

// A move's frames (expand) one after the other, then the last caption. options.delay(frame, count) gives
// a frame's time in ms (even 0 lets the page breathe); options.playback (a Playback) lets the
// reader pause, step back and forth, or skip to the end (the last caption stays). A reader who
// asked for less motion (options.reduced, by default their system's setting) gets the last
// frame and its caption at once.
export async function animate(container, caption, frames, options) {
  options = options || {};
  const delay = options.delay || function () { return 350; };
  const playback = options.playback || new Playback();
  const reduced = "reduced" in options ? options.reduced : reducedMotion(typeof window === "undefined" ? null : window);
  if (reduced) frames = frames.slice(-1);
  playback.start();
  let i = 0;
  const svg = container.querySelector("svg");
  while (i < frames.length) {
    if (svg) fill(svg, frames[i].scene);
    if (caption) caption.textContent = frames[i].caption;
    const by = await playback.next(delay(frames[i], frames.length));
    if (by === 0) break; // skipped
    i = Math.max(0, i + by); // a step back from the first frame shows it again
  }
  if (frames.length && caption) caption.textContent = frames[frames.length - 1].caption;
}

export function squareOf(event) {
  const target = event.target.closest ? event.target.closest("[data-square]") : null;
  return target ? Number(target.getAttribute("data-square")) : null;
}

export function onSquare(container, fn) {
  container.addEventListener("click", function (event) {
    const s = squareOf(event);
    if (s !== null) fn(s);
  });
  container.addEventListener("keydown", function (event) {
    const s = squareOf(event);
    if (s === null) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      fn(s);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return; // the browser's own shortcuts
    const from = event.target.closest("[data-square]");
    const to = arrowTarget(container, from, event.key);
    if (to) {
      event.preventDefault();
      moveFocus(container, to);
    }
  });
}

// fn(direction) when a key picks one (directionKey) while the board's answer, current(), has a
// square chosen (current() gives null while the page is busy), and cancel() on Escape, which
// gives the choice up. Keys typed into a text box or a menu are theirs, a held key plays once,
// and the browser's shortcuts (Ctrl+R, Alt+←) stay its own. It listens before the board does
// (capture), so an arrow that plays a move does not also move the focus to another square.
export function onDirectionKey(root, current, fn, cancel) {
  root.addEventListener("keydown", function (event) {
    const view = current();
    if (!view || view.selected === null || view.selected === undefined) return;
    if (event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^(INPUT|SELECT|TEXTAREA)$/.test((event.target && event.target.tagName) || "")) return;
    if (event.key === "Escape" && cancel) {
      event.preventDefault();
      event.stopPropagation();
      cancel();
      return;
    }
    const direction = directionKey(event.key, view.arrows);
    if (direction) {
      event.preventDefault();
      event.stopPropagation();
      fn(direction);
    }
  }, true);
}

// The two direction buttons beside a chosen square (data-oaq=directions), labelled with the
// answer's arrows; hidden while no square is chosen.
export function showDirections(root, answer) {
  const box = root.querySelector("[data-oaq=directions]");
  box.hidden = answer.selected === null;
  box.classList.toggle("oaq-flip", answer.selected !== null && answer.selected < 5);
  box.querySelectorAll("button").forEach(function (button) {
    button.textContent = answer.selected === null ? "" : answer.direction_labels[button.getAttribute("data-direction")];
  });
}

// Once a square is chosen, a direction button, L or R (or the arrow that points the way) plays it,
// act({op: "play", direction}), and Escape gives it up, act({op: "deselect"}); ``shown()`` is the
// board's answer, the keys taken only while the page's state is "ready".
export function onDirections(root, shown, act) {
  root.querySelectorAll("[data-oaq=directions] button").forEach(function (button) {
    button.addEventListener("click", function () { act({ op: "play", direction: button.getAttribute("data-direction") }); });
  });
  onDirectionKey(root, () => (root.getAttribute("data-state") === "ready" ? shown() : null),
    (direction) => act({ op: "play", direction }), () => act({ op: "deselect" }));
}

// Whether the focus may be put back on the board after a move: it is nowhere (the page itself,
// a control the move switched off or hid), or still on the board or its direction buttons; a
// reader who went elsewhere meanwhile is left there.
export function mayRefocus(root, container, active) {
  if (!active || active === root.ownerDocument.body || active.disabled) return true;
  if (!root.contains(active) && active.isConnected) return false;
  if (container.contains(active)) return true;
  const directions = active.closest ? active.closest("[data-oaq=directions]") : null;
  return Boolean(directions) || !active.isConnected || active.offsetParent === null;
}
