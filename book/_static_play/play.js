// The Play and Puzzles pages: a thin view over the engine, which runs in a Web Worker
// (engine.js, engine-worker.js), so the page never freezes. There are no rules here: every
// answer, every check of text from the address or the user and every error message comes from
// the engine, through oanquan/web/. Text is always set with textContent, and no markup is
// inserted: the board is drawn once, at build time, by oanquan/svg.py, and filled from the scene
// data of the engine's answers (board-view.js), or of the game kept in this browser.
//
// The board of the page (drawn at build time, or the game kept in this browser) is shown at
// once and takes clicks while the engine loads: a click is played as soon as it is ready.
//
// An ES module (<script type="module">): this one acts (one request at a time, the animation,
// the computer's reply) and opens the page; each part of the page is a module of its own.
import { pageEngine } from "./engine.js"; // the page's one engine (its worker started already: engine-start.js)
import * as View from "./board-view.js"; // drawing a board and wiring its squares
import { readWords, translator } from "./words.js";
import { messages } from "./messages.js"; // the status line, the errors, the notices, the questions
import { form } from "./form.js"; // the game's settings and the animation's speed
import { fillList } from "./dom.js";
import { showGame, showScores } from "./game-panel.js"; // the Play page's panels and end screen
import { puzzles } from "./puzzles.js"; // the Puzzles page's puzzle, verdict and lists
import { projector } from "./projector.js";
import { keptGames } from "./kept-games.js"; // the Play page's games kept in this browser, one per tab
import { reviewPanel } from "./review-panel.js"; // the review of a game, filled in by the worker
import { learnFromMistakes } from "./my-exercises.js"; // its mistakes as exercises, kept (EXERCISES)
import { fromMyGames } from "./from-my-games.js"; // the Puzzles page opens them again
import { forget, readKept, writeText } from "./browser-storage.js";
import { EXERCISES, SPEED, storedReader } from "./stored.js";
import { linkOpened } from "./tab.js";

// The buttons that act on a move while it is shown: on only then.
const ANIMATION_CONTROLS = ["skip", "pause", "step-back", "step-forward"];

function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

// A refusal in the reader's words: the "reason" the engine made from the problem's code, in the
// page's language, quoting what was typed; its "error" is the programmer's message, in English.
function problem(answer, t) {
  return (answer && (answer.reason || answer.error)) || t("no answer from the engine");
}

function inProgress(stored) { return stored && stored.moves > 0 && !stored.over; }

function page(root) {
  // The page's words in its language (words.js): t(text, values).
  const t = translator(readWords(document));
  const mode = root.getAttribute("data-mode"); // "play" or "puzzles"
  // The edition's language: a kept board picture and names are in the words of the edition that
  // kept them, so another edition (the same tab, switched) waits for the engine to draw them.
  const edition = document.documentElement.lang || "en";
  const $ = (name) => root.querySelector("[data-oaq=" + name + "]");
  const ui = messages(root, t, edition);
  const fields = form(root, t);
  let engine = null;
  let view = null; // the last answer from the engine
  let playback = new View.Playback(); // the reader's pause, step and skip of the move shown
  let busy = false;
  let queued = null; // a click made before the engine was ready
  function callEngine(request) { return engine ? engine.call(request) : Promise.resolve(null); }

  // What this page keeps in the browser is read back by stored.js's strict readers: anything
  // unexpected is left out with a notice (readBack.notices, said once the page is ready), never
  // thrown. Nothing read is trusted: text goes in with textContent, and the kept board's scene
  // only fills the page's own board (board-view.js).
  const readBack = storedReader(t);
  const games = mode === "play" ? keptGames(readBack, t, edition, function () { if (view && !busy) keep(); }) : null;
  const lists = mode === "puzzles" ? puzzles(root, readBack, t) : null;
  // The learner's mistakes as exercises (my-exercises.js), read like the puzzles solved.
  const exercises = {
    read: () => readKept(EXERCISES, readBack, t("your exercises"), readBack.exercises) || [],
    write: (list) => writeText(EXERCISES, JSON.stringify(list)),
  };
  const review = mode === "play" ? reviewPanel(root, callEngine, t, learnFromMistakes(callEngine, t, exercises)) : null;
  const newGameRequest = () => Object.assign({ op: "new_game" }, fields.settings());
  const puzzleRequest = (request) => Object.assign(request, lists.known());
  function mark(name, ms) { root.setAttribute("data-" + name + "-ms", String(Math.round(ms))); }

  // ------------------------------------------------------------------ state

  let focused = null; // the control to give the focus back to after a move
  let focusedSquare = null; // the board's square that had it (-1: the board), which is drawn again
  function setState(state) {
    root.setAttribute("data-state", state);
    if (state === "busy") {
      focused = document.activeElement;
      focusedSquare = View.focusedSquare($("board"), focused);
    }
    const loading = state === "loading" || state === "confirm";
    root.querySelectorAll("button, select, input").forEach(function (control) {
      const name = control.getAttribute("data-oaq");
      if (ANIMATION_CONTROLS.indexOf(name) >= 0) control.disabled = state !== "busy";
      else if (/^(speed|projector|confirm-yes|confirm-no|reset|reload)$/.test(name)) control.disabled = false;
      else control.disabled = state === "busy" || loading || state === "error";
    });
    showPaused(state === "busy" && playback.paused); // a confirm box opened meanwhile changes nothing
    if (state === "ready") refreshButtons();
    if (state === "ready" && focusedSquare !== null) {
      // after a move the focus stays on the board, unless the reader took it elsewhere meanwhile
      if (View.mayRefocus(root, $("board"), document.activeElement)) View.focusBoard($("board"), focusedSquare);
      focusedSquare = null;
    } else if (state === "ready" && focused && root.contains(focused) && focused.offsetParent && !focused.disabled) {
      focused.focus({ preventScroll: true });
    }
  }
  const confirmInPage = (text, yes, no) => ui.confirm(text, yes, no, setState);

  // Buttons that make no sense now (Undo with nothing to undo...) are switched off.
  function refreshButtons() {
    if (!view) return;
    const off = function (name, disabled) { const b = $(name); if (b) b.disabled = disabled; };
    if (mode === "play") {
      off("undo", !view.can_undo);
      off("redo", !view.can_redo);
      off("replay", view.moves.length === 0);
      off("hint", view.hints_left === 0 || view.legal.length === 0);
      $("hint").textContent = view.hints_left === null ? t("Hint") : t("Hint ({left} left)", { left: view.hints_left });
    } else {
      off("hint", view.puzzle && view.puzzle.result === "right"); // a wrong answer may ask for one at once
    }
  }

  // ------------------------------------------------------------------ drawing

  async function animate(frames) {
    // While a move runs, the status line says whose move it is (its first caption: "Move 3: you
    // play 7R"), not the turn from before it; show() gives the new turn once the move has ended.
    frames = View.expand(frames);
    if (frames.length) ui.say(frames[0].caption, true);
    const speed = () => Number($("speed").value); // read at each step: a speed chosen meanwhile takes at once
    if (speed() === 0) frames = frames.slice(-1); // no animation: the last step only
    await View.animate($("board"), $("caption"), frames, { delay: (frame) => (frame.kind === "drop" ? speed() / 2 : speed()), playback });
  }

  // The Pause button says what it does next: Pause while a move runs, Continue once paused.
  function showPaused(paused) {
    const button = $("pause");
    if (!button) return;
    button.textContent = paused ? t("Continue") : t("Pause");
    button.setAttribute("aria-pressed", String(paused));
  }

  function show(answer) {
    // A new game, an undo or another puzzle: no caption or typed move of the old board stays.
    const changed = !view || answer.record !== view.record || answer.start !== view.start;
    if (changed) $("typed").value = "";
    if (changed && !answer.frames.length) $("caption").textContent = "";
    view = answer;
    View.draw($("board"), answer);
    ui.say(answer.turn, true);
    // Screen readers hear each move once, after its animation (the caption, which changes with
    // every step, is no live region): the engine's sentence for the moves, the score and the turn;
    // for a new board, the turn. The same words again (the board shown again after a refusal) are not.
    // On a new board the old board's sentence never stays (a tryout found the last puzzle's move
    // still in the region after "Next puzzle"), even when the new board has nothing to say.
    ui.announce(answer.announce || (changed ? answer.turn : ""), changed);
    $("position").textContent = answer.position;
    fillList($("moves"), answer.moves);
    View.showDirections(root, answer);
    if (mode === "play") {
      review.update(answer);
      showGame(root, t, answer);
    } else {
      lists.show(answer);
    }
  }

  // ------------------------------------------------------------------ acting

  async function ask(request) {
    const answer = await engine.call(request);
    if (!answer || !answer.ok) throw new Error(problem(answer, t));
    return answer;
  }

  // Every action goes through here: one request at a time, animation, then the computer.
  async function act(request, options) {
    options = options || {};
    const state = root.getAttribute("data-state");
    if (!engine || engine.state !== "ready" || state === "loading") {
      if (request.op === "click" && engine && state === "loading") queue(request);
      return;
    }
    if (state === "confirm" || state === "error" || busy) return;
    busy = true;
    playback = new View.Playback(); // each action starts unpaused; a pause lasts into the computer's reply
    setState("busy");
    if (request.op !== "state") ui.error("");
    try {
      // One trip for the action (issue 20): the answer carries the game as this page keeps it
      // and, when there is no animation to show first, the computer's reply too.
      const instant = Number($("speed").value) === 0;
      const extras = mode === "play" ? { save: true, reply: instant } : {};
      let answer = await ask(Object.assign({}, request, extras));
      for (let replies = 0; ; replies++) {
        await animate(answer.frames);
        show(answer);
        if (!answer.computer_to_move && !answer.reply) break;
        // Turns alternate (RULES), so a third reply in a row means the computer plays both
        // sides (a game read from storage): it stops here rather than play itself out.
        if (replies === 2) {
          ui.error(t("The computer plays both sides of this game, so it stops here: choose New game to play."));
          break;
        }
        if (answer.reply) {
          const reply = answer.reply;
          if (!reply.ok) throw new Error(problem(reply, t)); // the move played stands; why there is no reply is said
          // one announcement for both moves: the reply's alone would cut the reader's own short
          reply.announce = [answer.announce, reply.announce].filter(Boolean).join(" ");
          answer = reply;
          mark("reply", answer.thinking_ms); // as the engine timed it, in the same trip
        } else {
          await View.sleep(30); // let the page show "thinking" first
          const thinking = performance.now();
          answer = await ask({ op: "computer", save: true });
          mark("reply", performance.now() - thinking);
        }
      }
      if (options.notices) ui.notices(options.notices);
      // "Welcome back" greets the page's opening; once a move is played it has said its piece
      else if (request.op === "play") ui.notices(ui.shownNotices().filter((notice) => notice !== welcomeBack()));
    } catch (error) {
      ui.error(error.message);
      if (view) show(view);
    } finally {
      busy = false;
      setState("ready");
    }
    await keep();
  }

  // A click while the engine loads: remembered (the last one) and played once it is ready.
  function queue(request) {
    queued = request;
    root.querySelectorAll("[data-square].oaq-queued").forEach((el) => el.classList.remove("oaq-queued"));
    const target = $("board").querySelector("[data-square='" + request.square + "']");
    if (target) target.classList.add("oaq-queued");
    root.setAttribute("data-queued", String(request.square));
    ui.say(t("Square {square}: chosen, as soon as the game engine is ready.", { square: request.square }));
  }

  // ------------------------------------------------------------------ keeping the game

  // The address follows the game, and the game is kept in this browser (Play page).
  async function keep() {
    if (!view) return;
    if (mode === "puzzles") {
      if (view.puzzle) history.replaceState(null, "", location.pathname + "?puzzle=" + encodeURIComponent(view.puzzle.id));
      return;
    }
    history.replaceState(null, "", location.pathname + view.link);
    // an action's answer carries the game to keep (act); a game opened afresh asks for it
    const saved = typeof view.saved === "string" ? view : await engine.call({ op: "save" });
    if (!saved.ok || typeof saved.saved !== "string") return;
    games.save(games.record(view, saved.saved, fields.values()));
  }

  // The link's game, when the reader keeps the game on the board instead (issue 47): kept in
  // this browser too, as one of the kept games, so that neither game lives only in a notice.
  // It is opened on a board of its own, so the engine's game on the page stays as it is. Returns
  // whether it is kept.
  async function keepLinkGame(query) {
    const opened = await engine.call(Object.assign({ op: "address", query, board: "link" }, fields.settings()));
    const saved = opened.ok ? await engine.call({ op: "save", board: "link" }) : null;
    await engine.call({ op: "close", board: "link" });
    if (!saved || !saved.ok || typeof saved.saved !== "string") return false;
    games.keepBeside(games.record(opened, saved.saved, {}));
    return true;
  }

  function welcomeBack() { return t("Welcome back: your game is as you left it."); }

  function describeGame() {
    const moves = view ? view.moves.length : 0;
    const against = view && view.settings.opponent !== "friend" ? t(" against the computer (level {level})", { level: view.settings.opponent }) : "";
    return moves === 1 ? t("the game in progress (1 move{against})", { against })
      : t("the game in progress ({moves} moves{against})", { moves, against });
  }

  // ------------------------------------------------------------------ settings (Play page)

  // A setting changed: before the first move it starts the game with it; later it waits for
  // the next game, and the page says so.
  async function settingChanged() {
    if (!view || busy) return;
    if (view.moves.length === 0 || view.over) {
      await act(newGameRequest());
      fields.sync(view);
    } else {
      const s = fields.settings();
      await act({ op: "configure", options: s.options, opponent: s.opponent, first: s.first });
    }
  }

  async function newGame() {
    if (view && view.moves.length > 0 && !view.over) {
      const sure = await confirmInPage(t("Start a new game? {game} will be lost.", { game: capital(describeGame()) }), t("Start a new game"), t("Keep playing"));
      if (!sure) return;
    }
    ui.notices([]);
    await act(newGameRequest());
  }

  function openPuzzle(id) { act(puzzleRequest({ op: "puzzle", id })); }

  // ------------------------------------------------------------------ wiring

  function wire() {
    const on = (name, event, fn) => $(name).addEventListener(event, fn);
    on("reset", "click", async function () {
      const sure = await confirmInPage(mode === "play"
        ? t("Forget what this page keeps in your browser? The game on the board will be lost.")
        : t("Forget what this page keeps in your browser? The puzzles you solved and tried will be forgotten."),
      t("Forget it"), t("Keep it"));
      if (!sure) return;
      // "Reset this page's saved data": this tab's game (Play page), or the puzzles solved (Puzzles
      // page); the page then opens afresh.
      (games || lists).reset();
      location.replace(location.pathname);
    });
    on("reload", "click", () => location.reload());
    View.onSquare($("board"), (square) => act({ op: "click", square }));
    // The skip link at the top: straight to the board's square that takes the Tab.
    on("skip-to-board", "click", function (event) {
      event.preventDefault();
      View.focusBoard($("board"), null);
    });
    View.onDirections(root, () => view, act); // once a square is chosen, L or R plays it
    on("typed-form", "submit", function (event) {
      event.preventDefault();
      act({ op: "play", move: $("typed").value });
    });
    on("speed", "change", () => writeText(SPEED, $("speed").value));
    on("skip", "click", () => playback.skip());
    on("pause", "click", function () {
      if (playback.paused) playback.resume();
      else playback.pause();
      showPaused(playback.paused);
    });
    on("step-back", "click", function () { playback.step(-1); showPaused(true); });
    on("step-forward", "click", function () { playback.step(1); showPaused(true); });
    // the buttons named after the request they make
    (mode === "play" ? ["hint", "undo", "redo", "replay"] : ["hint", "answer", "retry"]).forEach((op) => on(op, "click", () => act({ op })));
    if (mode === "play") {
      on("new", "click", newGame);
      on("final-new", "click", newGame);
      on("copy", "click", () => copy($("record")));
      on("copy-link", "click", () => copy($("link")));
      on("settings", "change", settingChanged);
      on("settings", "submit", (event) => event.preventDefault());
    } else {
      on("pick", "change", () => openPuzzle($("pick").value));
      on("next", "click", function () {
        const pick = $("pick");
        pick.selectedIndex = (pick.selectedIndex + 1) % pick.options.length;
        openPuzzle(pick.value);
      });
    }
  }

  function copy(input) {
    input.select();
    if (navigator.clipboard) {
      navigator.clipboard.writeText(input.value).then(() => ui.say(t("Copied.")), () => ui.say(t("Select the text and copy it.")));
    }
  }

  // ------------------------------------------------------------------ loading

  function failed(reason) {
    setState("error");
    $("loading").hidden = true;
    ui.say(t("The game engine could not be loaded: {reason}", { reason }));
    settled();
  }

  // The engine is ready, or will not be: offline.js registers the edition's service worker now,
  // not before, so that its download of the whole edition never holds up the engine's (and the
  // pages are kept for offline visits whether or not this one could play).
  let hasSettled = false;
  function settled() {
    if (hasSettled) return;
    hasSettled = true;
    listenForUpdates();
    document.dispatchEvent(new Event("oanquan-ready"));
  }

  // The board kept in this browser (Play page) is shown at once, before the engine is ready.
  function drawKept(stored) {
    if (!stored || !stored.scene) return false;
    View.draw($("board"), stored);
    if (Array.isArray(stored.names) && Array.isArray(stored.scores)) showScores(root, stored.names, stored.scores);
    return true;
  }

  function start() {
    wire();
    fields.restoreSpeed(readBack);
    projector(root, t, readBack);
    setState("loading");
    const stored = mode === "play" ? games.kept() : null;
    const query = location.search;
    const addressFits = Boolean(stored) && (query === "" || query === stored.link);
    // Kept by another edition (an older record says nothing, so it is treated the same way), or
    // by a build that kept its board as a picture, not a scene: the game goes on, its board and
    // names come from the engine, in this edition's words.
    const otherEdition = addressFits && (stored.lang !== edition || !stored.scene);
    const drawn = addressFits && !otherEdition && drawKept(stored);
    const keptHere = drawn || otherEdition;
    const built = ($("board").getAttribute("data-squares") || "").split(",").filter(Boolean).map(Number);
    // The built page's board is the opening (Play) or the first puzzle (Puzzles). An address
    // that asks for another position, or a game kept by the other edition, gets it once the
    // engine has read it.
    const other = !drawn && (otherEdition || (mode === "play" ? /[?&](position|record)=/.test(query) : /[?&]puzzle=/.test(query)));
    if (!drawn) View.mark($("board"), other ? [] : built);
    $("board").classList.toggle("oaq-stale", other);
    if (mode === "puzzles") lists.start();
    mark("board", performance.now()); // since the page was opened: drawn, and taking clicks
    $("loading").hidden = false;
    ui.say(otherEdition ? t("Your game appears once the game engine has loaded.") :
      other ? t("The position from the link appears once the game engine has loaded.") : "");
    engine = pageEngine();
    engine.onProgress(ui.progress);
    engine.ready.then(() => begin(stored, keptHere, query).catch(recover), (error) => failed(error.message));
  }

  // The first game or puzzle: the one kept in this browser, or the page address's, or a fresh one.
  async function begin(stored, keptHere, query) {
    $("loading").hidden = true;
    $("board").classList.remove("oaq-stale");
    let first = null;
    let notices = [];
    let askAfter = false;
    if (mode === "play") {
      if (stored && stored.form) fields.restore(stored.form);
      if (keptHere && typeof stored.saved === "string") {
        first = await engine.call({ op: "load", text: stored.saved });
        if (first.ok && inProgress(stored)) notices.push(welcomeBack());
        if (!first.ok) {
          notices.push(t("The game kept in this browser could not be read back, so a new game starts: {error}", { error: problem(first, t) }));
          first = null;
        }
      } else if (inProgress(stored) && !games.isNewTab && linkOpened(window.performance)) {
        // a link opened in this tab over its game in progress: the game stays on the board (and
        // the address the link's) until the reader says
        const kept = await engine.call({ op: "load", text: stored.saved });
        if (kept.ok) { first = kept; askAfter = true; }
      } else if (inProgress(stored)) {
        // a link opened in a new tab (or this tab's page again, on another game than the one it
        // kept: its address's game, which it showed last): its game here, the other one kept as
        // it was, a link away, and under a key of its own if it was this tab's
        if (!games.isNewTab) games.setAside(stored);
        notices.push({ text: t("Your other game in progress is kept:"), href: location.pathname + stored.link, label: t("go back to it") });
      }
      if (!first) {
        first = await engine.call(Object.assign({ op: "address", query }, fields.settings()));
        notices = notices.concat(first.notices || []);
      }
      if (!first.ok) {
        // Bad text in the address: the engine's message, and a fresh start instead.
        ui.error(problem(first, t));
        first = await engine.call(newGameRequest());
      }
    } else {
      first = await engine.call(puzzleRequest({ op: "puzzle_address", query }));
      if (first.ok) notices = first.notices || [];
      else {
        ui.error(problem(first, t));
        first = await engine.call(puzzleRequest({ op: "puzzle", id: $("pick").options.length ? $("pick").options[0].value : "" }));
      }
    }
    if (!first.ok) {
      ui.error(problem(first, t)); // for example an empty puzzle collection
      setState("error");
      settled();
      return;
    }
    if (mode === "play") fields.sync(first);
    show(first);
    if (mode !== "play") fromMyGames(root, callEngine, t, exercises);
    if (mode === "play" && /[?&]review=1(&|$)/.test(query)) review.open(); // a game's review from its address
    ui.notices(readBack.notices.concat(notices));
    mark("ready", performance.now()); // since the page was opened
    setState("ready");
    settled();
    if (askAfter) await askAboutTheLink(stored, query, location.pathname + first.link);
    const waiting = queued;
    queued = null;
    root.removeAttribute("data-queued");
    if (view.computer_to_move) await act({ op: "state" });
    else if (waiting) await act(waiting);
    else await keep();
  }

  // A link opened over this tab's game in progress (issue 47). Whichever the reader chooses,
  // neither game is lost: the other one stays a link away. The focused (default) answer keeps
  // both: the game on the board (``mine``), and the link's kept in this browser too
  // (keepLinkGame); the address changes only now.
  async function askAboutTheLink(stored, query, mine) {
    const open = await confirmInPage(
      t("The link you opened has another game. Open it? {game} stays a link away either way.", { game: capital(describeGame()) }),
      t("Open the link's game"), t("Keep my game"));
    if (open) {
      const linked = await engine.call(Object.assign({ op: "address", query }, fields.settings()));
      if (linked.ok) {
        games.setAside(stored); // this tab's key holds the link's game from now on
        forget(games.keyOfLink(linked.link)); // and not also a copy of it kept by an earlier "Keep my game"
        fields.sync(linked);
        show(linked);
        ui.notices((linked.notices || []).concat([{ text: t("Your earlier game is kept:"), href: mine, label: t("go back to it") }]));
      } else {
        ui.error(problem(linked, t));
      }
    } else {
      // the address is this game's again at once; the link's game is kept meanwhile
      history.replaceState(null, "", location.pathname + view.link);
      const kept = await keepLinkGame(query);
      ui.notices([{
        text: kept ? t("The link's game was not opened here, but it is kept in this browser too; this link opens it:") : t("The link's game was not opened:"),
        href: location.pathname + query, label: t("open it"),
      }]);
    }
    history.replaceState(null, "", location.pathname + view.link);
  }

  // Whatever went wrong while opening the page, it ends usable: a fresh game or the first puzzle.
  async function recover(error) {
    ui.error(t("This page could not open as it should, so it starts afresh: {error}", { error: String(error && error.message ? error.message : error).slice(0, 300) }));
    const fresh = await engine.call(mode === "play" ? newGameRequest() : puzzleRequest({ op: "puzzle_address", query: "" }));
    if (fresh.ok) {
      if (mode === "play") fields.sync(fresh);
      show(fresh);
      setState("ready");
    } else {
      setState("error");
    }
    settled();
  }

  // Every page registers its edition's service worker (offline.js, on every page of the book);
  // a new build that has taken over while this page was open is said here: the page goes on
  // with its own build's files, and offers to reload into the new one.
  function listenForUpdates() {
    // the edition's worker could not keep the site for offline use (offline.js says so here)
    document.addEventListener("oanquan-offline-failed", function (event) {
      event.preventDefault();
      ui.notices(ui.shownNotices().concat([t("This site could not be kept in your browser for use with no internet; it tries again on your next visit.")]));
    });
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "oanquan-new-version") $("update").hidden = false;
    });
  }

  start();
}

// The pages that load this script have the game's markup (#oaq). From a file, from-file.js has
// said why nothing runs (in a browser that loads a module from a file at all).
const gameRoot = document.getElementById("oaq");
if (gameRoot && location.protocol !== "file:") page(gameRoot);
