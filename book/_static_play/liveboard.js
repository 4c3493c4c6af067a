// The chapters' live boards (tools/sphinx/live_boards.py writes them into the pages): a game, a puzzle
// or a position editor, drawn at once from the engine's first answer stored in the page, and
// brought to life by the Play page's engine (engine.js, a Web Worker), which starts in the
// background once the page has loaded. A click made before it is ready is kept and played then. There are no rules here: every
// answer, check and message comes from the engine through oanquan/web/; each board is its
// own game there ("board": its name). Text is always set with textContent, and no markup is
// inserted: the board, drawn in the page by oanquan/svg.py, is filled from each answer's scene.
//
// An ES module (tools/sphinx/live_boards.py adds it with type="module").
import { pageEngine } from "./engine.js"; // the page's one engine
import * as View from "./board-view.js";
import { fill } from "./words.js"; // a sentence with its {names} filled in (the words come from the page, the values from the engine)

const PLAY_PAGE = new URL("../../book/play.html", import.meta.url).pathname;
const MAX_WAITING = 4; // clicks kept while the engine loads or a move is shown; more are dropped

function LiveBoard(root) {
  const data = JSON.parse(root.querySelector("[data-oaq=setup]").textContent);
  const setup = data.setup;
  const words = data.words; // the page's own sentences, in its language (tools/sphinx/live_boards.py)
  const kind = setup.kind; // "game", "puzzle" or "editor"
  const name = root.getAttribute("data-board");
  let view = data.answer; // the engine's last answer (the stored one until the engine runs)
  let engine = null;
  let started = null; // a Promise: the engine is ready and this board set up as the notebook's
  let chain = Promise.resolve();
  let waiting = 0;
  let playback = new View.Playback(); // "skip to the end" of the move shown
  let shownText = null; // the editor's position text last put in its box

  function $(part) { return root.querySelector("[data-oaq=" + part + "]"); }
  function text(part, value) { const el = $(part); if (el) el.textContent = value; }
  function showError(message) {
    const box = $("error");
    box.textContent = message || "";
    box.hidden = !message;
  }

  function ask(request) {
    const sent = Object.assign({}, request, { board: name });
    return engine.call(sent).then(function (answer) {
      // a refusal is shown in the learner's words (the reason alone), not the engine's full message
      if (!answer || !answer.ok) throw new Error((answer && (answer.reason || answer.error)) || "no answer from the engine");
      return answer;
    });
  }

  // The engine, started on the first action; then this board's game set up as the page shows it.
  function start() {
    if (started) return started;
    root.setAttribute("data-state", "loading");
    text("status", words.starting);
    engine = pageEngine();
    engine.onProgress(function (p) {
      if (root.getAttribute("data-state") !== "loading") return;
      const share = p.stage === "download" && p.total ? " " + Math.round((100 * p.loaded) / p.total) + "%" : "";
      text("status", words.starting + share);
    });
    started = engine.ready.then(function () {
      const line = root.querySelector(".oaq-live-line em");
      if (line) line.textContent = words.runs;
      return ask(setup.request);
    }).catch(function (error) {
      started = null; // the next action tries again (and says why it cannot)
      throw error;
    });
    return started;
  }

  function show(answer) {
    view = answer;
    View.draw($("board"), answer);
    if (kind === "editor") return showEditor(answer.editor, answer);
    text("status", answer.hint ? answer.status + " " + answer.hint : answer.status);
    // the moves, the score, the turn: once (not again when the board is shown again after a refusal)
    if (answer.announce && $("announce").textContent !== answer.announce) text("announce", answer.announce);
    View.showDirections(root, answer);
    if (kind === "game") {
      text("scores", fill(words.scores, { first: answer.scores[0], second: answer.scores[1] }));
      text("record", answer.record ? fill(words.moves, { record: answer.record }) : words.no_moves);
      $("undo").disabled = !answer.can_undo;
      $("hint").disabled = answer.hints_left === 0 || answer.over;
      $("continue").href = PLAY_PAGE + answer.link;
      $("review").hidden = !answer.record; // once a move is played; the record is in the address
      $("review").querySelector("a").href = PLAY_PAGE + answer.link + "&review=1";
    } else if (answer.puzzle) {
      text("puzzle-text", answer.puzzle.text);
      text("verdict", answer.puzzle.verdict);
      root.setAttribute("data-verdict", answer.puzzle.result); // "", "right" or "wrong"
    }
  }

  function showEditor(editor, answer) {
    text("status", "");
    text("message", editor.message);
    $("message").classList.toggle("oaq-error-text", editor.kind === "error");
    text("square-name", editor.selected_name);
    $("count").value = String(editor.count);
    $("stone-label").hidden = editor.stone === null;
    $("stone").checked = editor.stone === true;
    $("to-move").value = String(editor.to_move);
    root.querySelectorAll("[data-oaq=store]").forEach(function (box) {
      box.value = String(editor.stores[Number(box.getAttribute("data-player"))]);
    });
    // The position text follows the board; a text the engine refused stays, to be corrected.
    if (editor.text !== shownText) $("text").value = editor.text;
    shownText = editor.text;
    root.querySelectorAll("[data-oaq=mode]").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.getAttribute("data-mode") === editor.mode));
    });
    const play = $("play");
    play.hidden = !answer.play;
    play.href = PLAY_PAGE + answer.play;
  }

  function pace(frame, count) {
    const each = Math.min(350, Math.max(40, Math.round(3000 / Math.max(1, count))));
    return frame.kind === "drop" ? each / 2 : each;
  }

  async function carry(request) {
    await start();
    const focusedSquare = View.focusedSquare($("board"), document.activeElement); // drawn again below
    root.setAttribute("data-state", "busy");
    playback = new View.Playback();
    let answer = await ask(request);
    for (;;) {
      await View.animate($("board"), $("caption"), View.expand(answer.frames), { delay: pace, playback: playback });
      show(answer);
      if (kind !== "game" || !answer.computer_to_move) break;
      text("status", words.thinking);
      await View.sleep(30); // let the page show it first
      answer = await ask({ op: "computer" });
    }
    // the focus stays on the board, unless the reader took it elsewhere meanwhile
    if (focusedSquare !== null && View.mayRefocus(root, $("board"), document.activeElement)) {
      View.focusBoard($("board"), focusedSquare);
    }
  }

  // Every action goes through here: one at a time, in order, none lost while the engine loads.
  function act(request) {
    if (waiting >= MAX_WAITING) return chain;
    waiting++;
    // The progress sign (liveboard.css) shows from the click until the engine has answered and the
    // move has been shown: the first click can wait seconds while the engine loads.
    root.setAttribute("aria-busy", "true");
    chain = chain.then(function () {
      showError("");
      return carry(request).catch(function (error) {
        showError(error.message);
        if (engine && engine.state === "failed") {
          showError(fill(words.failed, { error: engine.error }));
          root.setAttribute("data-state", "failed");
          text("status", "");
        } else {
          show(view);
        }
      });
    }).then(function () {
      waiting--;
      if (waiting === 0) root.removeAttribute("aria-busy");
      if (root.getAttribute("data-state") !== "failed") root.setAttribute("data-state", "ready");
    });
    return chain;
  }

  function on(part, type, fn) {
    root.querySelectorAll("[data-oaq=" + part + "]").forEach(function (el) { el.addEventListener(type, fn); });
  }

  View.onSquare($("board"), function (square) {
    act(kind === "editor" ? { op: "edit", action: "click", square: square } : { op: "click", square: square });
  });
  if (kind !== "editor") View.onDirections(root, () => view, act);
  // the buttons named after the request they make
  (kind === "game" ? ["undo", "hint"] : kind === "puzzle" ? ["hint", "answer"] : []).forEach((op) => on(op, "click", () => act({ op })));
  if (kind === "game") {
    on("new", "click", function () { text("caption", ""); act(setup.request); });
    on("skip", "click", function () { playback.skip(); });
  } else if (kind === "puzzle") {
    on("retry", "click", function () { text("caption", ""); act({ op: "retry" }); });
    on("next", "click", function () {
      const ids = setup.puzzles;
      const at = ids.indexOf(view.puzzle ? view.puzzle.id : "");
      text("caption", "");
      act({ op: "puzzle", id: ids[(at + 1) % ids.length] });
    });
  } else {
    on("mode", "click", function (event) { act({ op: "edit", action: "mode", mode: event.currentTarget.getAttribute("data-mode") }); });
    // A number box's value is sent as a number when it reads as one, else as the text typed:
    // the engine says why not.
    function number(box) { const value = box.value.trim(); return /^\d+$/.test(value) ? Number(value) : value; }
    on("count", "change", function () { act({ op: "edit", action: "count", value: number($("count")) }); });
    on("store", "change", function (event) {
      const box = event.currentTarget;
      act({ op: "edit", action: "set", field: "stores", player: Number(box.getAttribute("data-player")), value: number(box) });
    });
    on("stone", "change", function () { act({ op: "edit", action: "stone", value: $("stone").checked }); });
    on("to-move", "change", function () { act({ op: "edit", action: "to_move", player: Number($("to-move").value) }); });
    on("text-form", "submit", function (event) {
      event.preventDefault();
      act({ op: "edit", action: "text", text: $("text").value });
    });
  }
  show(view); // the stored answer: drawn at once, before any engine
}

// The engine warms up in the background once the page has loaded with its boards drawn (issue 20),
// so that the reader's first click waits for its answer only, not for Python to start (about 7 s
// on a slow computer). Then the page says so ("oanquan-ready"): offline.js registers the
// edition's service worker only now, so that its download never slows the engine's.
function warmUp() {
  const engine = pageEngine();
  function settled() { document.dispatchEvent(new Event("oanquan-ready")); }
  engine.ready.then(settled, settled); // (a failure is said by the first click)
}

function init() {
  const boards = document.querySelectorAll(".oaq-liveboard");
  boards.forEach(function (root) {
    if (root.getAttribute("data-wired")) return;
    root.setAttribute("data-wired", "1");
    try {
      new LiveBoard(root);
    } catch (error) {
      root.setAttribute("data-state", "failed");
    }
  });
  if (!boards.length || location.protocol === "file:") return;
  if (document.readyState === "complete") warmUp();
  else window.addEventListener("load", warmUp, { once: true });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
