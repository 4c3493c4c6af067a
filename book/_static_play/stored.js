// What the Play and Puzzles pages keep in the browser, read back (an ES module, imported by
// play.js, which does the storing).
//
// It is read like an address (issue 24): every value by a strict reader of its version, and
// anything unexpected (not JSON, a wrong type, an unknown key, a value too long, an old or future
// version) is left out with a notice, never thrown. Another site on the same host can write these
// keys (all of an owner's GitHub Pages sites share one origin), so nothing read here is trusted:
// play.js puts text in with textContent, and no markup is kept: a board is kept as its scene (data).

export const GAME_PREFIX = "oanquan.play.v2."; // + the tab's name: this tab's game (Play page)
export const OLD_GAME = "oanquan.play.v1"; // one game for every tab (before issue 24), read once and moved
export const TAB = "oanquan.tab"; // this tab's name (sessionStorage; tab.js tells a copied tab from its original)
export const FRESH = "oanquan.fresh"; // set by the reset control: this tab starts with a fresh game (sessionStorage)
export const SOLVED = "oanquan.puzzles.solved.v1"; // ids of the puzzles solved (Puzzles page)
export const TRIED = "oanquan.puzzles.tried.v1"; // ids of the puzzles tried and not solved at the first try
export const EXERCISES = "oanquan.exercises.v1"; // the learner's mistakes as exercises (Play page, issue 43)
// A game's address is about 4 characters a move: 4000 holds a game of a thousand moves (a game
// with no length limit may be longer, and its exercises are not kept); the newest MAX_EXERCISES
// are kept, and fewer when their list would not fit in MAX_STORED (my-exercises.js withExercises).
export const MAX_EXERCISES = 60;
export const EXERCISE_LINK = 4000;
const EXERCISE_KEYS = ["link", "ply", "played", "solved", "time"];
export const PROJECTOR = "oanquan.projector"; // "on": this tab shows the game in projector mode (sessionStorage)
export const ASIDE_PREFIX = "oanquan.aside."; // + a key: a value that could not be read, kept aside, never read again
export const SPEED = "oanquan.speed.v1"; // the animation speed chosen last (both pages): one of the menu's values
export const KEPT_GAMES = 10;
// Characters of one stored value: near the largest a page writes (a game whose record is as long
// as the engine reads back, 20,000 characters, in its address too, with its board's scene: under
// 50,000; tests/test_web.py measures the largest real game's value against it). Anything longer
// is left out before it is parsed, so an oversized value costs the page nothing (issue 47).
export const MAX_STORED = 64000;
export const FORM_FIELDS = ["opponent", "first", "pieces", "value", "gap", "young", "plies"];
const GAME_KEYS = ["v", "saved", "link", "scene", "svg", "squares", "names", "scores", "turn", "moves", "over", "form", "time", "lang"];

function isObject(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }
function isWhole(value, low, high) { return typeof value === "number" && Math.floor(value) === value && value >= low && value <= high; }
function isText(value, most) { return typeof value === "string" && value.length <= most; }

// A tab's name as tabName() in play.js makes it; anything else is replaced.
export function isTabName(name) { return typeof name === "string" && /^[a-z0-9]{8,32}$/.test(name); }

// A board's scene kept in this browser (oanquan/web/wire.py, wire; board-view.js fills the page's own
// board with it), checked field by field: data only, each text put in with textContent. No
// markup is kept (issue 41): a game kept by an older build with its board picture ("svg") is
// read without it, and its board comes from the engine.
const MARKS = ["selectable", "captured", "lifted", "received", "selected", "focus"];
function isSquare(value) { return isWhole(value, 0, 11); }
function isSquares(value) { return Array.isArray(value) && value.length <= 12 && value.every(isSquare); }
export function isScene(value) {
  if (!isObject(value)) return false;
  const known = ["n", "q", "m", "s", "h", "d", "l", "f", "title", "desc", "what"];
  if (Object.keys(value).some(function (key) { return known.indexOf(key) < 0; })) return false;
  if (!Array.isArray(value.n) || value.n.length !== 12 || !value.n.every(function (n) { return isWhole(n, 0, 1000000); })) return false;
  if (!isSquares(value.q) || !isObject(value.m)) return false;
  if (!Object.keys(value.m).every(function (kind) { return MARKS.indexOf(kind) >= 0 && isSquares(value.m[kind]); })) return false;
  const strips = Array.isArray(value.s) && value.s.length === 2 && value.s.every(function (strip) {
    return Array.isArray(strip) && strip.length === 5 && strip.every(function (text) { return isText(text, 400); });
  });
  if (!strips) return false;
  if (value.h !== null && !(Array.isArray(value.h) && value.h.length === 2 && isWhole(value.h[0], 0, 1000000) && isSquare(value.h[1]))) return false;
  if (value.d !== null && value.d !== "L" && value.d !== "R") return false;
  if (value.l !== null && !isSquare(value.l)) return false;
  if (!Array.isArray(value.f) || value.f.length > 2 || !value.f.every(function (line) { return isText(line, 400); })) return false;
  if (!isText(value.title, 2000) || !isText(value.desc, 8000)) return false;
  return Array.isArray(value.what) && value.what.length === 12 && value.what.every(function (text) { return isText(text, 400); });
}

// A kept value read without a word (for sorting or finding the kept games, not for showing one):
// the object ``text`` holds, or null (none kept, too long, not JSON, not an object).
export function keptObject(text) {
  let value = null;
  try { value = typeof text === "string" && text.length <= MAX_STORED ? JSON.parse(text) : null; } catch (error) { /* not JSON */ }
  return isObject(value) ? value : null;
}

// When a kept game was saved (0 if that cannot be read): the oldest games go first.
export function keptTime(text) {
  const value = keptObject(text);
  return value && isWhole(value.time, 0, 1e15) ? value.time : 0;
}

// The readers, saying in the page's words (t, words.js) what they left out: reader.notices.
export function storedReader(t) {
  const notices = [];

  function leftOut(what, why) {
    notices.push(t("Something this page had kept in your browser could not be read, so it was left out ({what}: {why}).", { what: what, why: why }));
  }

  // JSON text from storage, or null (with a notice when there was something unreadable).
  function parse(text, what) {
    if (text === null) return null;
    if (text.length > MAX_STORED) { leftOut(what, t("too long")); return null; }
    let value;
    try { value = JSON.parse(text); } catch (error) { leftOut(what, t("not JSON")); return null; }
    if (value === null) leftOut(what, t("not an object"));
    return value;
  }

  // A kept game, checked field by field; null (and a notice) if anything is not as play.js writes it.
  function game(value, what) {
    if (value === null) return null;
    function bad(why) { leftOut(what, why); return null; }
    if (!isObject(value)) return bad(t("not an object"));
    const version = value.v === undefined ? 1 : value.v;
    if (version !== 1 && version !== 2) return bad(t("version {v}", { v: String(version).slice(0, 20) }));
    const extra = Object.keys(value).filter(function (key) { return GAME_KEYS.indexOf(key) < 0; });
    if (extra.length) return bad(t("unknown key {key}", { key: JSON.stringify(extra[0].slice(0, 40)) }));
    if (!isText(value.saved, MAX_STORED)) return bad("saved");
    if (!isText(value.link, 20000) || (value.link !== "" && value.link.charAt(0) !== "?")) return bad("link");
    if (!isSquares(value.squares)) return bad("squares");
    if (!Array.isArray(value.names) || value.names.length !== 2 || !value.names.every(function (n) { return isText(n, 200); })) return bad("names");
    if (!Array.isArray(value.scores) || value.scores.length !== 2 || !value.scores.every(function (n) { return isWhole(n, -100000, 100000); })) return bad("scores");
    if (value.turn !== undefined && !isText(value.turn, 2000)) return bad("turn");
    if (!isWhole(value.moves, 0, 1000000)) return bad("moves");
    if (typeof value.over !== "boolean") return bad("over");
    if (value.time !== undefined && !isWhole(value.time, 0, 1e15)) return bad("time");
    if (value.lang !== undefined && !(isText(value.lang, 20) && /^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(value.lang))) return bad("lang");
    const form = value.form === undefined ? {} : value.form;
    if (!isObject(form)) return bad("form");
    const fields = Object.keys(form);
    for (let i = 0; i < fields.length; i++) {
      if (FORM_FIELDS.indexOf(fields[i]) < 0) return bad(t("unknown key {key}", { key: JSON.stringify(fields[i].slice(0, 40)) }));
      if (!isText(form[fields[i]], 20)) return bad("form");
    }
    // a scene that is not one: the game is kept, its board comes from the engine
    const scene = value.scene === undefined || isScene(value.scene) ? value.scene || null : null;
    if (value.scene !== undefined && scene === null) leftOut(what, t("its board picture"));
    return {
      saved: value.saved, link: value.link, scene: scene, squares: value.squares.slice(), names: value.names.slice(),
      scores: value.scores.slice(), moves: value.moves, over: value.over, form: form, time: value.time || 0,
      lang: value.lang === undefined ? "" : value.lang,
    };
  }

  // A list of puzzle ids (parsed JSON: the puzzles solved, or tried); null (and a notice) if it is not one.
  function puzzleIds(value, what) {
    const fine = Array.isArray(value) && value.length <= 10000 && value.every(function (id) { return isText(id, 100) && /^[A-Za-z0-9_-]+$/.test(id); });
    if (fine) return value.slice();
    leftOut(what, t("not a list of puzzle ids"));
    return null;
  }

  // The learner's exercises (parsed JSON), each {link, ply, played, solved, time} as
  // my-exercises.js writes it; null (and a notice) if the list or any of them is not one.
  function exercises(value, what) {
    function bad(why) { leftOut(what, why); return null; }
    if (!Array.isArray(value) || value.length > MAX_EXERCISES) return bad(t("not a list of exercises"));
    for (let i = 0; i < value.length; i++) {
      const ex = value[i];
      if (!isObject(ex)) return bad(t("not an object"));
      const extra = Object.keys(ex).filter(function (key) { return EXERCISE_KEYS.indexOf(key) < 0; });
      if (extra.length) return bad(t("unknown key {key}", { key: JSON.stringify(extra[0].slice(0, 40)) }));
      if (!isText(ex.link, EXERCISE_LINK) || ex.link.charAt(0) !== "?") return bad("link");
      if (!isWhole(ex.ply, 0, 100000)) return bad("ply");
      if (!(typeof ex.played === "string" && /^[0-9][LR]$/.test(ex.played))) return bad("played");
      if (typeof ex.solved !== "boolean") return bad("solved");
      if (!isWhole(ex.time, 0, 1e15)) return bad("time");
    }
    return value.map(function (kept) { return { link: kept.link, ply: kept.ply, played: kept.played, solved: kept.solved, time: kept.time }; });
  }

  return { notices: notices, leftOut: leftOut, parse: parse, game: game, puzzleIds: puzzleIds, exercises: exercises };
}
