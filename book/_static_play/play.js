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
// An ES module (<script type="module">): its pure parts are modules of their own, tested under
// Node (tests/js/).
import { pageEngine } from "./engine.js"; // the page's one engine (its worker started already: game.html)
import * as View from "./board-view.js"; // drawing a board and wiring its squares
import { readWords, translator } from "./words.js";
import { reviewPanel } from "./review-panel.js"; // the review of a game, filled in by the worker
import { learnFromMistakes } from "./my-exercises.js"; // its mistakes as exercises, kept (EXERCISES)
import { fromMyGames } from "./from-my-games.js"; // the Puzzles page opens them again
import { ASIDE_PREFIX, EXERCISES, FORM_FIELDS, FRESH, GAME_PREFIX, KEPT_GAMES, MAX_STORED, OLD_GAME, PROJECTOR, SOLVED, SPEED, TRIED, keptTime, storedReader } from "./stored.js";
import * as Tabs from "./tab.js"; // which tab this page is: a copy of a tab keeps a game of its own

// The buttons that act on a move while it is shown: on only then.
const ANIMATION_CONTROLS = ["skip", "pause", "step-back", "step-forward"];

function page(root) {
  // The page's words in its language (words.js): t(text, values).
  const t = translator(readWords(document));
  const mode = root.getAttribute("data-mode"); // "play" or "puzzles"
  // The edition's language: a kept board picture and names are in the words of the edition that
  // kept them, so another edition (the same tab, switched) waits for the engine to draw them.
  const edition = document.documentElement.lang || "en";
  let engine = null;
  let view = null; // the last answer from the engine
  let playback = new View.Playback(); // the reader's pause, step and skip of the move shown
  let busy = false;
  let queued = null; // a click made before the engine was ready
  function callEngine(request) { return engine ? engine.call(request) : Promise.resolve(null); }
  const review = mode === "play" ? reviewPanel(root, callEngine, t, learnFromMistakes(callEngine, t, { read: keptExercises, write: keepExercises })) : null;

  function $(name) { return root.querySelector("[data-oaq=" + name + "]"); }
  function $$(selector) { return root.querySelectorAll(selector); }
  // The status line; its words are said by screen readers too (the announce region), but for the
  // turn shown with a board (show), which that board's announcement already says.
  function say(text, quiet) {
    $("status").textContent = text || "";
    $("status").hidden = !text;
    if (text && !quiet) announce(text);
  }
  function announce(text) {
    if (text && $("announce").textContent !== text) $("announce").textContent = text;
  }
  function showError(text) {
    const box = $("error");
    box.textContent = text || "";
    box.hidden = !text;
  }
  // A notice is a sentence, or {text, href, label}: a sentence and a link (to a game kept aside).
  let shownNotices = [];
  function showNotices(notices) {
    shownNotices = notices || [];
    const box = $("notice");
    box.textContent = "";
    (notices || []).forEach(function (notice) {
      const line = document.createElement("p");
      line.textContent = typeof notice === "string" ? notice : notice.text;
      if (typeof notice !== "string" && notice.href) {
        const link = document.createElement("a");
        link.href = notice.href;
        link.textContent = notice.label;
        link.setAttribute("data-oaq", "notice-link");
        line.appendChild(document.createTextNode(" "));
        line.appendChild(link);
      }
      box.appendChild(line);
    });
    box.hidden = !(notices && notices.length);
  }
  function mark(name, ms) { root.setAttribute("data-" + name + "-ms", String(Math.round(ms))); }

  // ------------------------------------------------------------------ storage
  //
  // What this page keeps in the browser is read back by stored.js's strict readers: anything
  // unexpected is left out with a notice, never thrown. Nothing read is trusted: text goes in
  // with textContent, and the kept board's scene only fills the page's own board (board-view.js).
  //
  // Each tab keeps its own game (oanquan.play.v2.<tab>, the tab's name in sessionStorage, which
  // a reload keeps), so two tabs never overwrite each other; a copy of a tab takes a name of its
  // own (tab.js) and goes on from the game of the tab it copies; a new tab opened with no game in
  // its address continues the game saved last. At most KEPT_GAMES games are kept.

  const readBack = storedReader(t); // readBack.notices: what was left out, said once the page is ready

  function storage(kind) {
    try { return kind === "session" ? window.sessionStorage : window.localStorage; } catch (error) { return null; }
  }
  function readText(key, kind) {
    try {
      const box = storage(kind);
      const text = box ? box.getItem(key) : null;
      return typeof text === "string" ? text : null;
    } catch (error) {
      return null; // storage switched off
    }
  }
  function writeText(key, text, kind) {
    try {
      const box = storage(kind);
      if (box) box.setItem(key, text);
    } catch (error) {
      // storage full or switched off: the game goes on, it is just not kept
    }
  }
  function forget(key, kind) {
    try { const box = storage(kind); if (box) box.removeItem(key); } catch (error) { /* nothing kept */ }
  }
  function keysStartingWith(prefix) {
    const found = [];
    try {
      const box = storage();
      for (let i = 0; box && i < box.length; i++) {
        const key = box.key(i);
        if (typeof key === "string" && key.indexOf(prefix) === 0) found.push(key);
      }
    } catch (error) { /* none */ }
    return found;
  }
  // This tab's name, for the tab's life (reloads included): a copy of the tab (the browser's
  // Duplicate tab, window.open) takes a name of its own, at once or as soon as the tab it copies
  // answers (tab.js), and keeps its game under it from then on.
  let tab = ""; // this tab's name (Play page)
  function ownTab() {
    const session = storage("session");
    const me = Tabs.claimTab(session, Tabs.newTabName);
    window.addEventListener("pagehide", function () { Tabs.releaseTab(session, tab); });
    window.addEventListener("pageshow", function (event) { if (event.persisted) Tabs.holdTab(session, tab); });
    let channel;
    try { channel = new BroadcastChannel(Tabs.CHANNEL); } catch (error) { channel = null; }
    Tabs.watchForTwins(channel, { name: me.name, id: Tabs.newTabName() }, function () {
      tab = Tabs.renameTab(session, Tabs.newTabName);
      if (view && !busy) keep();
      return tab;
    });
    return me;
  }
  const thisTab = mode === "play" ? ownTab() : { name: "", copiedFrom: null };
  tab = thisTab.name;
  const isNewTab = mode === "play" && readText(GAME_PREFIX + tab) === null;

  // The kept game under ``key`` (null if none); one that cannot be read is said once and forgotten.
  function readGame(key, what) {
    const text = readText(key);
    const game = readBack.game(readBack.parse(text, what), what);
    if (text !== null && !game) forget(key);
    return game;
  }

  // The game this tab starts from: its own; in a copy of a tab, the game of the tab it copies; in
  // a new tab, the game saved last by any tab (or the one game kept before issue 24, moved to
  // this tab's key).
  function keptGame() {
    const own = readGame(GAME_PREFIX + tab, t("this tab's game"));
    if (own || !isNewTab) return own;
    if (readText(FRESH, "session") !== null) { forget(FRESH, "session"); return null; }
    const copied = thisTab.copiedFrom ? readGame(GAME_PREFIX + thisTab.copiedFrom, t("another tab's game")) : null;
    if (copied) return copied;
    let latest = null;
    keysStartingWith(GAME_PREFIX).forEach(function (key) {
      const game = readGame(key, t("another tab's game"));
      if (game && (!latest || game.time > latest.time)) latest = game;
    });
    const old = readText(OLD_GAME);
    if (old !== null) {
      const moved = readBack.game(readBack.parse(old, t("the game kept before")), t("the game kept before"));
      forget(OLD_GAME);
      if (moved && !latest) latest = moved;
    }
    return latest;
  }

  // A kept game this tab's key is about to stop holding (a link's game opened over it): kept
  // under a name of its own, as a closed tab's game is, and a new tab with no address finds it.
  function setAside(game) {
    writeText(GAME_PREFIX + Tabs.newTabName(), JSON.stringify(Object.assign({ v: 2 }, game)));
  }

  function saveGame(record) {
    record.v = 2;
    record.time = Date.now();
    writeText(GAME_PREFIX + tab, JSON.stringify(record));
    // the oldest games beyond KEPT_GAMES go (closed tabs'), never this tab's
    const games = keysStartingWith(GAME_PREFIX).filter(function (key) { return key !== GAME_PREFIX + tab; }).map(function (key) {
      return { key: key, time: keptTime(readText(key)) };
    }).sort(function (a, b) { return b.time - a.time; });
    games.slice(KEPT_GAMES - 1).forEach(function (game) { forget(game.key); });
  }

  // A kept list of puzzle ids, read once as the page opens. A value that is not one is said once
  // (a notice), set aside under a name this page never reads (ASIDE_PREFIX + its key; one too long
  // to keep is forgotten) and gone from the key, so the next visit starts a new list without a
  // word, and the reader was told before anything overwrites it.
  function readIds(key, what) {
    const text = readText(key);
    const value = readBack.parse(text, what);
    const ids = value === null ? null : readBack.puzzleIds(value, what);
    if (text !== null && ids === null) setListAside(key, text);
    return ids || [];
  }
  function setListAside(key, text) {
    if (text.length <= MAX_STORED) writeText(ASIDE_PREFIX + key, text);
    forget(key);
    readBack.notices.push(t("The list this page could not read was set aside; the puzzles you solve from now on are kept in a new list."));
  }
  // The puzzles solved, and those tried and not solved at the first try, on any visit: solved
  // later, they are not ticked (issue 23: a puzzle counts as solved only at the first try, reload or not).
  const lists = mode === "puzzles" ? { solved: readIds(SOLVED, t("the puzzles solved")), tried: readIds(TRIED, t("the puzzles tried")) } : { solved: [], tried: [] };
  function readSolved() { return lists.solved.slice(); }
  function readTried() { return lists.tried.slice(); }
  // What another tab of this site adds to the lists meanwhile is added here too (storage event),
  // so that this page's next write keeps it; what it cannot read there is that tab's to say.
  function followOtherTabs() {
    window.addEventListener("storage", function (event) {
      const name = event.key === SOLVED ? "solved" : event.key === TRIED ? "tried" : null;
      if (!name || typeof event.newValue !== "string" || event.newValue.length > MAX_STORED) return;
      let ids;
      try { ids = JSON.parse(event.newValue); } catch (error) { return; }
      if (!Array.isArray(ids)) return;
      ids.forEach(function (id) {
        if (typeof id === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(id) && lists[name].indexOf(id) < 0) lists[name].push(id);
      });
      if (name === "solved") markSolved();
    });
  }
  // The learner's mistakes as exercises (my-exercises.js), read like the puzzles solved: a value
  // that is not a list of them is left out with a notice and set aside (ASIDE_PREFIX + its key).
  function keptExercises() {
    const text = readText(EXERCISES);
    const value = readBack.parse(text, t("your exercises"));
    const list = value === null ? null : readBack.exercises(value, t("your exercises"));
    if (text !== null && list === null) {
      if (text.length <= MAX_STORED) writeText(ASIDE_PREFIX + EXERCISES, text);
      forget(EXERCISES);
    }
    return list || [];
  }
  function keepExercises(list) { writeText(EXERCISES, JSON.stringify(list)); }

  // "Reset this page's saved data": this tab's game and the game kept before (Play page), or the
  // puzzles solved (Puzzles page); the page then opens afresh.
  function resetSaved() {
    if (mode === "play") {
      forget(GAME_PREFIX + tab);
      forget(OLD_GAME);
      writeText(FRESH, "1", "session"); // the next load starts afresh, not from another tab's game
    } else {
      [SOLVED, TRIED].forEach(function (key) { forget(key); forget(ASIDE_PREFIX + key); });
    }
    location.replace(location.pathname);
  }

  // The animation speed the reader chose last is kept (a teacher's "slow" for the projector
  // stays "slow" after a reload); a kept value that is not one of the menu's is left out, with a
  // notice, like any other value the page cannot read.
  function restoreSpeed() {
    const kept = readText(SPEED);
    if (kept === null) return;
    const menu = $("speed");
    if (Array.prototype.some.call(menu.options, function (o) { return o.value === kept; })) {
      menu.value = kept;
      return;
    }
    readBack.leftOut(t("the speed chosen last"), t("not one of the speeds"));
    forget(SPEED);
  }

  // Projector mode (issue 23): the game fills the screen, a large board on the left and, beside
  // it, what a class reads (the scores, the turn, the caption, the hint, the verdict) and the
  // controls, with nothing to scroll at 1280x800 or 1920x1080 (play.css). The settings and the
  // teacher's details are out of sight meanwhile. A reload keeps it (this tab's sessionStorage:
  // a projector's tab), a new tab does not.
  // What the projector's game covers (the site's header, sidebar, the page's text) is made inert
  // meanwhile, so that the keyboard and a screen reader stay in the game as the eyes do.
  let covered = [];
  function coverTheRest(on) {
    covered.forEach(function (el) { el.inert = false; });
    covered = [];
    if (!on) return;
    for (let node = root; node.parentElement && node !== document.body; node = node.parentElement) {
      Array.prototype.forEach.call(node.parentElement.children, function (el) {
        if (el !== node && !el.inert && !/^(SCRIPT|STYLE|LINK|META)$/.test(el.tagName)) {
          el.inert = true;
          covered.push(el);
        }
      });
    }
  }
  function showProjector(on) {
    if (on) root.setAttribute("data-projector", "");
    else root.removeAttribute("data-projector");
    document.documentElement.classList.toggle("oaq-projecting", on);
    coverTheRest(on);
    const button = $("projector");
    button.textContent = on ? t("Leave projector mode") : t("Projector mode");
    button.setAttribute("aria-pressed", String(on));
  }
  function restoreProjector() {
    const kept = readText(PROJECTOR, "session");
    if (kept === null) return;
    if (kept === "on") { showProjector(true); return; }
    readBack.leftOut(t("the projector mode chosen last"), t("not a setting of this page")); // only "on" is written
    forget(PROJECTOR, "session");
  }

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
    $$("button, select, input").forEach(function (control) {
      const name = control.getAttribute("data-oaq");
      if (ANIMATION_CONTROLS.indexOf(name) >= 0) control.disabled = state !== "busy";
      else if (name === "speed" || name === "projector" || name === "confirm-yes" || name === "confirm-no" || name === "reset" || name === "reload") control.disabled = false;
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

  function frameDelay(frame) {
    const speed = Number($("speed").value);
    return frame.kind === "drop" ? speed / 2 : speed;
  }

  async function animate(frames) {
    // While a move runs, the status line says whose move it is (its first caption: "Move 3: you
    // play 7R"), not the turn from before it; show() gives the new turn once the move has ended.
    frames = View.expand(frames);
    if (frames.length) say(frames[0].caption, true);
    if (Number($("speed").value) === 0) frames = frames.slice(-1); // no animation: the last step only
    await View.animate($("board"), $("caption"), frames, { delay: frameDelay, playback: playback });
  }

  // The Pause button says what it does next: Pause while a move runs, Continue once paused.
  function showPaused(paused) {
    const button = $("pause");
    if (!button) return;
    button.textContent = paused ? t("Continue") : t("Pause");
    button.setAttribute("aria-pressed", String(paused));
  }

  function drawBoard(scene, squares) {
    View.draw($("board"), { scene: scene, squares: squares });
  }

  // The squares a move may start from take clicks (and the keyboard): board-view.js, shared.
  function markSquares(squares) { View.mark($("board"), squares); }

  function show(answer) {
    // A new game, an undo or another puzzle: no caption or typed move of the old board stays.
    const changed = !view || answer.record !== view.record || answer.start !== view.start;
    if (changed) $("typed").value = "";
    if (changed && !answer.frames.length) $("caption").textContent = "";
    view = answer;
    drawBoard(answer.scene, answer.squares);
    say(answer.turn, true);
    // Screen readers hear each move once, after its animation (the caption, which changes with
    // every step, is no live region): the engine's sentence for the moves, the score and the turn;
    // for a new board, the turn. The same words again (the board shown again after a refusal) are not.
    announce(answer.announce || (changed ? answer.turn : ""));
    $("position").textContent = answer.position;
    const list = $("moves");
    list.textContent = "";
    answer.moves.forEach(function (move) {
      const item = document.createElement("li");
      item.textContent = move;
      list.appendChild(item);
    });
    $("directions").hidden = answer.selected === null;
    $("directions").classList.toggle("oaq-flip", answer.selected !== null && answer.selected < 5);
    $("directions").querySelectorAll("button").forEach(function (button) {
      button.textContent = answer.selected === null ? "" : answer.direction_labels[button.getAttribute("data-direction")];
    });
    if (mode === "play") showGame(answer);
    else showPuzzle(answer);
  }

  function showGame(answer) {
    review.update(answer);
    [0, 1].forEach(function (side) {
      $("name-" + side).textContent = answer.names[side];
      $("score-" + side).textContent = String(answer.scores[side]);
    });
    $("scores").setAttribute("data-to-move", String(answer.to_move));
    $("players").textContent = t("{first} = player 0 (bottom row, squares 5-9), {second} = player 1 (top row, squares 0-4); ",
      { first: answer.names[0], second: answer.names[1] }) +
      (answer.settings.opponent === "friend" ? t("two people take turns.") : t("computer level {level}.", { level: answer.settings.opponent }));
    const rules = Object.keys(answer.rules).map(function (k) { return k + "=" + answer.rules[k]; }).join(", ");
    $("rules").textContent = rules || t("the defaults");
    $("record").value = answer.record;
    $("link").value = location.origin + location.pathname + answer.link;
    $("pending").textContent = answer.pending;
    $("hint-text").textContent = answer.hint ? t("Hint: {hint}", { hint: answer.hint }) : "";
    const final = answer.final;
    $("final").hidden = !final;
    if (final) {
      $("final-headline").textContent = final.headline;
      $("final-reason").textContent = final.reason;
      const lines = $("final-lines");
      lines.textContent = "";
      final.lines.forEach(function (text) {
        const item = document.createElement("li");
        item.textContent = text;
        lines.appendChild(item);
      });
    }
  }

  function showPuzzle(answer) {
    const puzzle = answer.puzzle;
    if (!puzzle) return;
    $("puzzle-text").textContent = puzzle.text;
    $("puzzle-id").textContent = puzzle.id;
    $("scores").textContent = answer.names[0] + " " + answer.scores[0] + " · " + answer.names[1] + " " + answer.scores[1];
    $("verdict").textContent = puzzle.verdict;
    const result = puzzle.result; // "", "right" or "wrong"
    // A line of moves (issue 42): after a right move the engine played the reply and asks for the
    // next move; the verdict on the move before stays, marked "step" until the line is answered.
    const shown = result || (puzzle.step > 1 && puzzle.verdict ? "step" : "");
    root.setAttribute("data-verdict", shown);
    root.setAttribute("data-step", puzzle.step + "/" + puzzle.steps);
    $("verdict-icon").textContent = shown === "right" || shown === "step" ? "✓" : result === "wrong" ? "✗" : "";
    if (result === "right" && puzzle.first_try) solved(puzzle.id); // trying every move in turn is not solving it
    if (puzzle.spent) tried(puzzle.id);
    if ($("pick").value !== puzzle.id) $("pick").value = puzzle.id;
  }

  // ------------------------------------------------------------------ acting

  // A refusal in the reader's words: the "reason" the engine made from the problem's code, in the
  // page's language, quoting what was typed; its "error" is the programmer's message, in English.
  function problem(answer) {
    return (answer && (answer.reason || answer.error)) || t("no answer from the engine");
  }

  async function ask(request) {
    const answer = await engine.call(request);
    if (!answer || !answer.ok) throw new Error(problem(answer));
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
    if (state === "confirm" || state === "error") return;
    if (busy) return;
    busy = true;
    playback = new View.Playback(); // each action starts unpaused; a pause lasts into the computer's reply
    setState("busy");
    if (request.op !== "state") showError("");
    try {
      // One trip for the action (issue 20): the answer carries the game as this page keeps it
      // and, when there is no animation to show first, the computer's reply too.
      const instant = Number($("speed").value) === 0;
      const extras = mode === "play" ? { save: true, reply: instant } : {};
      let answer = await ask(Object.assign({}, request, extras));
      await animate(answer.frames);
      show(answer);
      let replies = 0;
      while (answer.computer_to_move || answer.reply) {
        // Turns alternate (RULES), so a third reply in a row means the computer plays both
        // sides (a game read from storage): it stops here rather than play itself out.
        if (++replies > 2) {
          showError(t("The computer plays both sides of this game, so it stops here: choose New game to play."));
          break;
        }
        if (answer.reply) {
          const reply = answer.reply;
          if (!reply.ok) throw new Error(problem(reply)); // the move played stands; why there is no reply is said
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
        await animate(answer.frames);
        show(answer);
      }
      if (options.notices) showNotices(options.notices);
      // "Welcome back" greets the page's opening; once a move is played it has said its piece
      else if (request.op === "play") showNotices(shownNotices.filter(function (notice) { return notice !== welcomeBack(); }));
    } catch (error) {
      showError(error.message);
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
    $$("[data-square].oaq-queued").forEach(function (el) { el.classList.remove("oaq-queued"); });
    const target = $("board").querySelector("[data-square='" + request.square + "']");
    if (target) target.classList.add("oaq-queued");
    root.setAttribute("data-queued", String(request.square));
    say(t("Square {square}: chosen, as soon as the game engine is ready.", { square: request.square }));
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
    saveGame(gameRecord(view, saved.saved, formValues()));
  }

  // A game as this page keeps it (stored.js reads it back): ``shown`` is the engine's answer
  // that shows it, ``saved`` the engine's save of it.
  function gameRecord(shown, saved, form) {
    return {
      saved: saved, link: shown.link, scene: shown.scene, squares: shown.squares, names: shown.names,
      scores: shown.scores, turn: shown.turn, moves: shown.moves.length, over: shown.over, form: form, lang: edition,
    };
  }

  // The link's game, when the reader keeps the game on the board instead (issue 47): kept in
  // this browser too, as one of the kept games, so that neither game lives only in a notice.
  // It is opened on a board of its own, so the engine's game on the page stays as it is. Returns
  // whether it is kept.
  async function keepLinkGame(query) {
    const request = { op: "address", query: query, board: "link" };
    const opened = await engine.call(Object.assign(request, settings()));
    const saved = opened.ok ? await engine.call({ op: "save", board: "link" }) : null;
    await engine.call({ op: "close", board: "link" });
    if (!saved || !saved.ok || typeof saved.saved !== "string") return false;
    const record = Object.assign(gameRecord(opened, saved.saved, {}), { v: 2, time: Date.now() });
    writeText(keyOfLink(opened.link), JSON.stringify(record));
    return true;
  }

  // The key of the kept game with this link (not this tab's), or a new one: a link kept twice is kept once.
  function keyOfLink(link) {
    const same = keysStartingWith(GAME_PREFIX).filter(function (key) {
      if (key === GAME_PREFIX + tab) return false;
      const text = readText(key);
      if (text === null || text.length > MAX_STORED) return false;
      try { return JSON.parse(text).link === link; } catch (error) { return false; }
    });
    return same.length ? same[0] : GAME_PREFIX + Tabs.newTabName();
  }

  function welcomeBack() { return t("Welcome back: your game is as you left it."); }

  function inProgress(stored) { return stored && stored.moves > 0 && !stored.over; }

  // ------------------------------------------------------------------ asking first (in the page)

  function confirmInPage(text, yes, no) {
    return new Promise(function (resolve) {
      const box = $("confirm");
      const previous = root.getAttribute("data-state");
      $("confirm-text").textContent = text;
      $("confirm-yes").textContent = yes;
      $("confirm-no").textContent = no;
      box.hidden = false;
      setState("confirm");
      $("confirm-no").focus({ preventScroll: true });
      function done(answer) {
        box.hidden = true;
        $("confirm-yes").onclick = $("confirm-no").onclick = null;
        setState(previous === "confirm" ? "ready" : previous);
        resolve(answer);
      }
      $("confirm-yes").onclick = function () { done(true); };
      $("confirm-no").onclick = function () { done(false); };
    });
  }

  function describeGame() {
    const moves = view ? view.moves.length : 0;
    const against = view && view.settings.opponent !== "friend" ? t(" against the computer (level {level})", { level: view.settings.opponent }) : "";
    return moves === 1 ? t("the game in progress (1 move{against})", { against: against })
      : t("the game in progress ({moves} moves{against})", { moves: moves, against: against });
  }

  // ------------------------------------------------------------------ settings (Play page)

  function formValues() {
    const values = {};
    FORM_FIELDS.forEach(function (name) { values[name] = $(name).value; });
    return values;
  }

  function settings() {
    const options = {
      mandarin_pieces: $("pieces").value,
      mandarin_value: Number($("value").value),
      mandarin_gap: $("gap").value,
      young_mandarin_min: Number($("young").value),
      max_plies: Number($("plies").value),
    };
    // The seed only varies the computer's choice between equally good moves.
    const seed = Math.floor(Math.random() * 1000000);
    return { options: options, opponent: $("opponent").value, first: $("first").value, seed: seed };
  }

  // Show the game's settings in the form; a number the address gave that the form does not
  // offer becomes one more choice, so that New game keeps it.
  function syncSettings(answer) {
    const s = answer.settings, o = s.options;
    $("pieces").value = o.mandarin_pieces;
    choose($("value"), o.mandarin_value, t("{n} points", { n: o.mandarin_value }));
    $("gap").value = o.mandarin_gap;
    choose($("young"), o.young_mandarin_min, t("fewer than {n} pebbles: cannot be captured", { n: o.young_mandarin_min }));
    choose($("plies"), o.max_plies, t("{n} moves", { n: o.max_plies }));
    $("opponent").value = String(s.opponent);
    $("first").value = s.first;
  }

  function choose(select, value, label) {
    value = String(value);
    if (!Array.prototype.some.call(select.options, function (o) { return o.value === value; })) {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = label;
      select.appendChild(option);
    }
    select.value = value;
  }

  // A setting changed: before the first move it starts the game with it; later it waits for
  // the next game, and the page says so.
  async function settingChanged() {
    if (!view || busy) return;
    if (view.moves.length === 0 || view.over) {
      await act(Object.assign({ op: "new_game" }, settings()));
      syncSettings(view);
    } else {
      const s = settings();
      await act({ op: "configure", options: s.options, opponent: s.opponent, first: s.first });
    }
  }

  async function newGame() {
    if (view && view.moves.length > 0 && !view.over) {
      const sure = await confirmInPage(t("Start a new game? {game} will be lost.", { game: capital(describeGame()) }), t("Start a new game"), t("Keep playing"));
      if (!sure) return;
    }
    showNotices([]);
    await act(Object.assign({ op: "new_game" }, settings()));
  }

  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

  // ------------------------------------------------------------------ puzzles

  function solved(id) {
    if (lists.solved.indexOf(id) < 0) {
      lists.solved.push(id);
      writeText(SOLVED, JSON.stringify(lists.solved));
    }
    markSolved();
  }
  function tried(id) {
    if (lists.tried.indexOf(id) < 0) {
      lists.tried.push(id);
      lists.tried = lists.tried.slice(-10000);
      writeText(TRIED, JSON.stringify(lists.tried));
    }
  }
  function markSolved() {
    const ids = lists.solved;
    const options = $("pick").options;
    let count = 0;
    for (let i = 0; i < options.length; i++) {
      const option = options[i];
      const title = option.getAttribute("data-title") || option.textContent;
      option.setAttribute("data-title", title);
      const done = ids.indexOf(option.value) >= 0;
      if (done) count++;
      option.textContent = (done ? "✓ " : "") + title;
      option.toggleAttribute("data-solved", done);
    }
    $("solved-count").textContent = t("Solved: {count} of {total}", { count: count, total: options.length });
  }

  function openPuzzle(id) { act({ op: "puzzle", id: id, tried: readTried(), solved: readSolved() }); }

  // ------------------------------------------------------------------ wiring

  function wire() {
    $("reset").addEventListener("click", async function () {
      const sure = await confirmInPage(mode === "play"
        ? t("Forget what this page keeps in your browser? The game on the board will be lost.")
        : t("Forget what this page keeps in your browser? The puzzles you solved and tried will be forgotten."),
      t("Forget it"), t("Keep it"));
      if (sure) resetSaved();
    });
    $("reload").addEventListener("click", function () { location.reload(); });
    View.onSquare($("board"), function (square) { act({ op: "click", square: square }); });
    // The skip link at the top: straight to the board's square that takes the Tab.
    $("skip-to-board").addEventListener("click", function (event) {
      event.preventDefault();
      View.focusBoard($("board"), null);
    });
    // Once a square is chosen, L or R (or the arrow that points the way) plays it.
    View.onDirectionKey(root, function () { return root.getAttribute("data-state") === "ready" ? view : null; },
      function (direction) { act({ op: "play", direction: direction }); },
      function () { act({ op: "deselect" }); }); // Escape gives the chosen square up
    $("directions").querySelectorAll("button").forEach(function (button) {
      button.addEventListener("click", function () {
        act({ op: "play", direction: button.getAttribute("data-direction") });
      });
    });
    $("typed-form").addEventListener("submit", function (event) {
      event.preventDefault();
      act({ op: "play", move: $("typed").value });
    });
    $("speed").addEventListener("change", function () { writeText(SPEED, $("speed").value); });
    $("projector").addEventListener("click", function () {
      const on = !root.hasAttribute("data-projector");
      showProjector(on);
      if (on) writeText(PROJECTOR, "on", "session");
      else forget(PROJECTOR, "session");
    });
    $("skip").addEventListener("click", function () { playback.skip(); });
    $("pause").addEventListener("click", function () {
      if (playback.paused) playback.resume();
      else playback.pause();
      showPaused(playback.paused);
    });
    $("step-back").addEventListener("click", function () { playback.step(-1); showPaused(true); });
    $("step-forward").addEventListener("click", function () { playback.step(1); showPaused(true); });
    $("hint").addEventListener("click", function () { act({ op: "hint" }); });
    if (mode === "play") {
      $("new").addEventListener("click", newGame);
      $("final-new").addEventListener("click", newGame);
      $("undo").addEventListener("click", function () { act({ op: "undo" }); });
      $("redo").addEventListener("click", function () { act({ op: "redo" }); });
      $("replay").addEventListener("click", function () { act({ op: "replay" }); });
      $("copy").addEventListener("click", function () { copy($("record")); });
      $("copy-link").addEventListener("click", function () { copy($("link")); });
      $("settings").addEventListener("change", settingChanged);
      $("settings").addEventListener("submit", function (event) { event.preventDefault(); });
    } else {
      $("answer").addEventListener("click", function () { act({ op: "answer" }); });
      $("retry").addEventListener("click", function () { act({ op: "retry" }); });
      $("pick").addEventListener("change", function () { openPuzzle($("pick").value); });
      $("next").addEventListener("click", function () {
        const pick = $("pick");
        pick.selectedIndex = (pick.selectedIndex + 1) % pick.options.length;
        openPuzzle(pick.value);
      });
    }
  }

  function copy(input) {
    input.select();
    if (navigator.clipboard) {
      navigator.clipboard.writeText(input.value).then(
        function () { say(t("Copied.")); },
        function () { say(t("Select the text and copy it.")); }
      );
    }
  }

  // ------------------------------------------------------------------ loading

  // Megabytes with one decimal, written as the edition writes numbers ("3,2" in Vietnamese, issue 46).
  const oneDecimal = new Intl.NumberFormat(edition, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  function megabytes(bytes) { return oneDecimal.format(bytes / 1e6); }

  function progress(p) {
    const bar = $("progress");
    const text = $("progress-text");
    if (p.stage === "download" && p.total) {
      bar.value = Math.round(80 * p.loaded / p.total);
      text.textContent = t("Loading the game engine: {loaded} of {total} MB", { loaded: megabytes(p.loaded), total: megabytes(p.total) });
    } else if (p.stage === "start") {
      bar.value = 85;
      text.textContent = t("Starting Python in your browser…");
    } else if (p.stage === "engine") {
      bar.value = 95;
      text.textContent = t("Starting the game engine…");
    }
  }

  function failed(reason) {
    setState("error");
    $("loading").hidden = true;
    say(t("The game engine could not be loaded: {reason}", { reason: reason }));
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
    drawBoard(stored.scene, stored.squares);
    if (Array.isArray(stored.names) && Array.isArray(stored.scores)) {
      [0, 1].forEach(function (side) {
        $("name-" + side).textContent = String(stored.names[side]);
        $("score-" + side).textContent = String(stored.scores[side]);
      });
    }
    return true;
  }

  function start() {
    wire();
    restoreSpeed();
    restoreProjector();
    setState("loading");
    const stored = mode === "play" ? keptGame() : null;
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
    if (!drawn) markSquares(other ? [] : built);
    $("board").classList.toggle("oaq-stale", other);
    if (mode === "puzzles") { markSolved(); followOtherTabs(); }
    mark("board", performance.now()); // since the page was opened: drawn, and taking clicks
    $("loading").hidden = false;
    say(otherEdition ? t("Your game appears once the game engine has loaded.") :
      other ? t("The position from the link appears once the game engine has loaded.") : "");
    engine = pageEngine();
    engine.onProgress(progress);
    engine.ready.then(function () {
      return begin(stored, keptHere, query).catch(recover);
    }, function (error) { failed(error.message); });
  }

  // The first game or puzzle: the one kept in this browser, or the page address's, or a fresh one.
  async function begin(stored, keptHere, query) {
    $("loading").hidden = true;
    $("board").classList.remove("oaq-stale");
    let first = null;
    let notices = [];
    let askAfter = false;
    if (mode === "play") {
      if (stored && stored.form) restoreForm(stored.form);
      if (keptHere && typeof stored.saved === "string") {
        first = await engine.call({ op: "load", text: stored.saved });
        if (first.ok && inProgress(stored)) notices.push(welcomeBack());
        if (!first.ok) {
          notices.push(t("The game kept in this browser could not be read back, so a new game starts: {error}", { error: problem(first) }));
          first = null;
        }
      } else if (inProgress(stored) && !isNewTab && Tabs.linkOpened(window.performance)) {
        // a link opened in this tab over its game in progress: the game stays on the board (and
        // the address the link's) until the reader says
        const kept = await engine.call({ op: "load", text: stored.saved });
        if (kept.ok) { first = kept; askAfter = true; }
      } else if (inProgress(stored)) {
        // a link opened in a new tab (or this tab's page again, on another game than the one it
        // kept: its address's game, which it showed last): its game here, the other one kept as
        // it was, a link away, and under a key of its own if it was this tab's
        if (!isNewTab) setAside(stored);
        notices.push({ text: t("Your other game in progress is kept:"), href: location.pathname + stored.link, label: t("go back to it") });
      }
      if (!first) {
        first = await engine.call(Object.assign({ op: "address", query: query }, settings()));
        notices = notices.concat(first.notices || []);
      }
      if (!first.ok) {
        // Bad text in the address: the engine's message, and a fresh start instead.
        showError(problem(first));
        first = await engine.call(Object.assign({ op: "new_game" }, settings()));
      }
    } else {
      first = await engine.call({ op: "puzzle_address", query: query, tried: readTried(), solved: readSolved() });
      if (first.ok) notices = first.notices || [];
      else {
        showError(problem(first));
        first = await engine.call({ op: "puzzle", id: $("pick").options.length ? $("pick").options[0].value : "", tried: readTried(), solved: readSolved() });
      }
    }
    if (!first.ok) {
      showError(problem(first)); // for example an empty puzzle collection
      setState("error");
      settled();
      return;
    }
    if (mode === "play") syncSettings(first);
    show(first);
    if (mode !== "play") fromMyGames(root, callEngine, t, { read: keptExercises, write: keepExercises });
    if (mode === "play" && /[?&]review=1(&|$)/.test(query)) review.open(); // a game's review from its address
    showNotices(readBack.notices.concat(notices));
    mark("ready", performance.now()); // since the page was opened
    setState("ready");
    settled();
    if (askAfter) {
      // Whichever the reader chooses, neither game is lost: the other one stays a link away. The
      // focused (default) answer keeps both: the game on the board, and the link's kept in this
      // browser too (keepLinkGame); the address changes only now.
      const mine = location.pathname + first.link;
      const open = await confirmInPage(
        t("The link you opened has another game. Open it? {game} stays a link away either way.", { game: capital(describeGame()) }),
        t("Open the link's game"), t("Keep my game"));
      if (open) {
        const linked = await engine.call(Object.assign({ op: "address", query: query }, settings()));
        if (linked.ok) {
          setAside(stored); // this tab's key holds the link's game from now on
          forget(keyOfLink(linked.link)); // and not also a copy of it kept by an earlier "Keep my game"
          syncSettings(linked);
          show(linked);
          showNotices((linked.notices || []).concat([{ text: t("Your earlier game is kept:"), href: mine, label: t("go back to it") }]));
        } else {
          showError(problem(linked));
        }
      } else {
        // the address is this game's again at once; the link's game is kept meanwhile
        history.replaceState(null, "", location.pathname + view.link);
        showNotices([linkGameNotice(await keepLinkGame(query), location.pathname + query)]);
      }
      history.replaceState(null, "", location.pathname + view.link);
    }
    const waiting = queued;
    queued = null;
    root.removeAttribute("data-queued");
    if (view.computer_to_move) await act({ op: "state" });
    else if (waiting) await act(waiting);
    else await keep();
  }

  // Where the link's game is, when the reader kept the game on the board (keepLinkGame).
  function linkGameNotice(kept, href) {
    const text = kept ? t("The link's game was not opened here, but it is kept in this browser too; this link opens it:") : t("The link's game was not opened:");
    return { text: text, href: href, label: t("open it") };
  }

  // Whatever went wrong while opening the page, it ends usable: a fresh game or the first puzzle.
  async function recover(error) {
    showError(t("This page could not open as it should, so it starts afresh: {error}", { error: String(error && error.message ? error.message : error).slice(0, 300) }));
    const fresh = await engine.call(mode === "play" ? Object.assign({ op: "new_game" }, settings()) : { op: "puzzle_address", query: "", tried: readTried(), solved: readSolved() });
    if (fresh.ok) {
      if (mode === "play") syncSettings(fresh);
      show(fresh);
      setState("ready");
    } else {
      setState("error");
    }
    settled();
  }

  // The form as it was (a choice the game has that the form lacks is added by syncSettings).
  function restoreForm(form) {
    Object.keys(form).forEach(function (name) {
      const select = $(name);
      const value = form[name];
      if (select && typeof value === "string" && Array.prototype.some.call(select.options, function (o) { return o.value === value; })) {
        select.value = value;
      }
    });
  }

  // Every page registers its edition's service worker (offline.js, on every page of the book);
  // a new build that has taken over while this page was open is said here: the page goes on
  // with its own build's files, and offers to reload into the new one.
  function listenForUpdates() {
    // the edition's worker could not keep the site for offline use (offline.js says so here)
    document.addEventListener("oanquan-offline-failed", function (event) {
      event.preventDefault();
      showNotices(shownNotices.concat([t("This site could not be kept in your browser for use with no internet; it tries again on your next visit.")]));
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
