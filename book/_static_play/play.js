// The Play and Puzzles pages: load Pyodide and the oanquan package from this site's own
// files, then pass clicks in and SVG out. There are no rules here: every answer, every
// check of text from the address or the user and every error message comes from the
// engine, through oanquan/web.py. Text is always set with textContent; the only markup
// inserted is the board SVG that oanquan/svg.py draws from numbers.
(function () {
  "use strict";
  var here = document.currentScript.src.replace(/[^/]*$/, ""); // .../_static/play/
  var root = document.getElementById("oaq");
  if (!root) return;
  var mode = root.getAttribute("data-mode"); // "play" or "puzzles"
  var api = null; // oanquan.web.call, once Python has loaded
  var view = null; // the last answer from Python
  var skip = false;

  function $(name) { return root.querySelector("[data-oaq=" + name + "]"); }
  var focused = null; // the control to give the focus back to after a move
  function setState(state) {
    root.setAttribute("data-state", state);
    if (state === "busy") focused = document.activeElement;
    // While a move is shown or the computer thinks, only Skip (and the speed) can act.
    root.querySelectorAll("button, [data-oaq=pick]").forEach(function (control) {
      control.disabled = (state === "busy") !== (control.getAttribute("data-oaq") === "skip");
    });
    if (state === "ready" && focused && root.contains(focused) && focused.offsetParent) {
      focused.focus({ preventScroll: true });
    }
  }
  function sleep(ms) { return new Promise(function (done) { setTimeout(done, ms); }); }
  function say(text) { $("status").textContent = text; }
  function showError(text) {
    var box = $("error");
    box.textContent = text || "";
    box.hidden = !text;
  }

  // Opened from file:// (or Python failed to load): a sentence and a picture instead.
  function fallback(reason) {
    setState(reason ? "error" : "fallback");
    $("fallback").hidden = false;
    $("game").hidden = true;
    say(reason ? "The game engine could not be loaded: " + reason : "");
  }

  function ask(request) {
    var answer = JSON.parse(api(JSON.stringify(request)));
    if (!answer.ok) throw new Error(answer.error);
    return answer;
  }

  function frameDelay(frame) {
    var speed = Number($("speed").value);
    return frame.kind === "drop" ? speed / 2 : speed;
  }

  async function animate(frames) {
    skip = false;
    for (var i = 0; i < frames.length && !skip; i++) {
      $("board").innerHTML = frames[i].svg; // drawn by oanquan/svg.py from numbers only
      $("caption").textContent = frames[i].caption;
      var wait = frameDelay(frames[i]);
      if (wait > 0) await sleep(wait);
    }
    if (frames.length) $("caption").textContent = frames[frames.length - 1].caption;
  }

  function show(answer) {
    // A new game, an undo or another puzzle: no caption or typed move of the old board stays.
    var changed = !view || answer.record !== view.record || answer.start !== view.start;
    if (changed) $("typed").value = "";
    if (changed && !answer.frames.length) $("caption").textContent = "";
    view = answer;
    $("board").innerHTML = answer.svg; // drawn by oanquan/svg.py from numbers only
    $("board").querySelectorAll("[data-square]").forEach(function (el) {
      var square = Number(el.getAttribute("data-square"));
      var can = answer.squares.indexOf(square) >= 0;
      el.classList.toggle("oaq-can", can);
      if (can) {
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
      }
    });
    say(answer.status);
    $("scores").textContent = "Player 0: " + answer.scores[0] + " · Player 1: " + answer.scores[1];
    $("position").textContent = answer.position;
    var list = $("moves");
    list.textContent = "";
    answer.moves.forEach(function (move) {
      var item = document.createElement("li");
      item.textContent = move;
      list.appendChild(item);
    });
    if ($("record")) $("record").value = answer.record;
    if ($("link")) $("link").value = location.origin + location.pathname + answer.link;
    $("directions").hidden = answer.selected === null;
    $("directions").classList.toggle("oaq-flip", answer.selected !== null && answer.selected < 5);
    $("directions").querySelectorAll("button").forEach(function (button) {
      button.textContent = answer.selected === null ? "" : answer.direction_labels[button.getAttribute("data-direction")];
    });
    if (answer.puzzle) {
      $("puzzle-text").textContent = answer.puzzle.text;
      $("verdict").textContent = answer.puzzle.verdict;
      root.setAttribute("data-verdict", answer.puzzle.result); // "", "right" or "wrong"
    }
  }

  // Every action goes through here: one request at a time, animation, then the computer.
  var busy = false;
  async function act(request) {
    if (busy || !api) return;
    busy = true;
    setState("busy");
    if (request.op !== "state") showError("");
    try {
      var answer = ask(request);
      await animate(answer.frames);
      show(answer);
      while (answer.computer_to_move) {
        await sleep(30); // let the page show "thinking" first
        var thinking = performance.now();
        answer = ask({ op: "computer" });
        root.setAttribute("data-reply-ms", String(Math.round(performance.now() - thinking)));
        await animate(answer.frames);
        show(answer);
      }
    } catch (error) {
      showError(error.message);
      if (view) show(view);
    } finally {
      busy = false;
      setState("ready");
    }
  }

  function settings() {
    var options = {
      mandarin_pieces: $("pieces").value,
      mandarin_value: Number($("value").value),
      mandarin_gap: $("gap").value,
      young_mandarin_min: Number($("young").value),
      max_plies: Number($("plies").value),
    };
    // The seed only varies the computer's choice between equally good moves.
    var seed = Math.floor(Math.random() * 1000000);
    return { options: options, opponent: $("opponent").value, first: $("first").value, seed: seed };
  }

  // Show the game's settings in the form; a number the address gave that the form does not
  // offer becomes one more choice, so that New game keeps it.
  function syncSettings(answer) {
    var s = answer.settings, o = s.options;
    $("pieces").value = o.mandarin_pieces;
    choose($("value"), o.mandarin_value, o.mandarin_value + " points");
    $("gap").value = o.mandarin_gap;
    choose($("young"), o.young_mandarin_min, "fewer than " + o.young_mandarin_min + " pebbles: cannot be captured");
    choose($("plies"), o.max_plies, o.max_plies + " plies");
    $("opponent").value = String(s.opponent);
    $("first").value = s.first;
  }

  function choose(select, value, label) {
    value = String(value);
    if (!Array.prototype.some.call(select.options, function (o) { return o.value === value; })) {
      var option = document.createElement("option");
      option.value = value;
      option.textContent = label;
      select.appendChild(option);
    }
    select.value = value;
  }

  function wire() {
    $("board").addEventListener("click", function (event) {
      var target = event.target.closest("[data-square]");
      if (target) act({ op: "click", square: Number(target.getAttribute("data-square")) });
    });
    $("board").addEventListener("keydown", function (event) {
      var target = event.target.closest("[data-square]");
      if (target && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        act({ op: "click", square: Number(target.getAttribute("data-square")) });
      }
    });
    $("directions").querySelectorAll("button").forEach(function (button) {
      button.addEventListener("click", function () {
        act({ op: "play", direction: button.getAttribute("data-direction") });
      });
    });
    $("typed-form").addEventListener("submit", function (event) {
      event.preventDefault();
      act({ op: "play", move: $("typed").value });
    });
    $("skip").addEventListener("click", function () { skip = true; });
    if (mode === "play") {
      $("new").addEventListener("click", function () {
        history.replaceState(null, "", location.pathname);
        act(Object.assign({ op: "new_game" }, settings()));
      });
      $("undo").addEventListener("click", function () { act({ op: "undo" }); });
      $("copy").addEventListener("click", function () { copy($("record")); });
      $("copy-link").addEventListener("click", function () { copy($("link")); });
    } else {
      $("hint").addEventListener("click", function () { act({ op: "hint" }); });
      $("answer").addEventListener("click", function () { act({ op: "answer" }); });
      $("retry").addEventListener("click", function () { openPuzzle($("pick").value); });
      $("pick").addEventListener("change", function () { openPuzzle($("pick").value); });
      $("next").addEventListener("click", function () {
        var pick = $("pick");
        pick.selectedIndex = (pick.selectedIndex + 1) % pick.options.length;
        openPuzzle(pick.value);
      });
    }
  }

  function openPuzzle(id) {
    history.replaceState(null, "", location.pathname + "?puzzle=" + encodeURIComponent(id));
    act({ op: "puzzle", id: id });
  }

  function copy(input) {
    input.select();
    if (navigator.clipboard) {
      navigator.clipboard.writeText(input.value).then(
        function () { say("Copied."); },
        function () { say("Select the text and copy it."); }
      );
    }
  }

  async function start() {
    setState("loading");
    say("Loading the game engine (Python in your browser)…");
    try {
      var pyodideUrl = here + "../pyodide/";
      var download = fetch(here + "oanquan.zip"); // meanwhile, the engine itself
      download.catch(function () {}); // reported below, when awaited
      var module = await import(pyodideUrl + "pyodide.mjs");
      var python = await module.loadPyodide({ indexURL: pyodideUrl });
      var archive = await download;
      if (!archive.ok) throw new Error("oanquan.zip: HTTP " + archive.status);
      python.unpackArchive(await archive.arrayBuffer(), "zip", { extractDir: "/home/pyodide/site" });
      python.runPython("import sys; sys.path.insert(0, '/home/pyodide/site')");
      api = python.pyimport("oanquan.web").call;
    } catch (error) {
      fallback(String(error && error.message ? error.message : error));
      return;
    }
    $("fallback").hidden = true;
    $("game").hidden = false;
    wire();
    try {
      await begin();
    } catch (error) {
      showError(error.message); // for example an empty puzzle collection
      setState("error");
      return;
    }
    root.setAttribute("data-ready-ms", String(Math.round(performance.now()))); // since the page was opened
    setState("ready");
  }

  // The first game or puzzle: from the page address if it names one, else a fresh start.
  async function begin() {
    var first;
    if (mode === "play") {
      first = JSON.parse(api(JSON.stringify(Object.assign({ op: "address", query: location.search }, settings()))));
    } else {
      ask({ op: "puzzles" }).puzzles.forEach(function (p) {
        var option = document.createElement("option");
        option.value = p.id;
        option.textContent = p.title;
        $("pick").appendChild(option);
      });
      first = JSON.parse(api(JSON.stringify({ op: "puzzle_address", query: location.search })));
      if (first.ok) $("pick").value = first.puzzle.id;
    }
    if (!first.ok) {
      // Bad text in the address: the engine's message, and a fresh start instead.
      showError(first.error);
      first = mode === "play" ? ask(Object.assign({ op: "new_game" }, settings())) : ask({ op: "puzzle", id: $("pick").value });
    }
    if (mode === "play") syncSettings(first);
    show(first);
    if (first.computer_to_move) await act({ op: "state" });
  }

  if (location.protocol === "file:") fallback("");
  else start();
})();
