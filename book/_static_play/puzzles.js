// The Puzzles page's side of the game: the puzzle shown with its verdict, and the puzzles solved
// and tried on any visit, kept in this browser (SOLVED, TRIED): solved later, a puzzle tried is not
// ticked (issue 23: a puzzle counts as solved only at the first try, reload or not).
import { forget, readKept, writeText } from "./browser-storage.js";
import { ASIDE_PREFIX, MAX_STORED, SOLVED, TRIED } from "./stored.js";

export function puzzles(root, readBack, t) {
  const $ = (name) => root.querySelector("[data-oaq=" + name + "]");

  // A kept list of puzzle ids, read once as the page opens. A value that is not one is said once
  // (a notice) and set aside (readKept), so the next visit starts a new list without a word, and
  // the reader was told before anything overwrites it.
  function readIds(key, what) {
    const ids = readKept(key, readBack, what, readBack.puzzleIds);
    if (ids === null) readBack.notices.push(t("The list this page could not read was set aside; the puzzles you solve from now on are kept in a new list."));
    return ids || [];
  }
  const lists = { solved: readIds(SOLVED, t("the puzzles solved")), tried: readIds(TRIED, t("the puzzles tried")) };

  function markSolved() {
    const options = $("pick").options;
    let count = 0;
    for (const option of options) {
      const title = option.getAttribute("data-title") || option.textContent;
      option.setAttribute("data-title", title);
      const done = lists.solved.indexOf(option.value) >= 0;
      if (done) count++;
      option.textContent = (done ? "✓ " : "") + title;
      option.toggleAttribute("data-solved", done);
    }
    $("solved-count").textContent = t("Solved: {count} of {total}", { count, total: options.length });
  }

  function add(name, id) {
    if (lists[name].indexOf(id) >= 0) return;
    lists[name] = lists[name].concat([id]).slice(-10000);
    writeText(name === "solved" ? SOLVED : TRIED, JSON.stringify(lists[name]));
  }

  return {
    // What the engine is told with each puzzle it opens.
    known() { return { tried: lists.tried.slice(), solved: lists.solved.slice() }; },
    // The list ticked, and what another tab of this site adds to the lists meanwhile added here
    // too (storage event), so that this page's next write keeps it; what it cannot read there is
    // that tab's to say.
    start() {
      markSolved();
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
    },
    show(answer) {
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
      if (result === "right" && puzzle.first_try) { add("solved", puzzle.id); markSolved(); } // trying every move in turn is not solving it
      if (puzzle.spent) add("tried", puzzle.id);
      if ($("pick").value !== puzzle.id) $("pick").value = puzzle.id;
    },
    // "Reset this page's saved data": the lists go, and those set aside.
    reset() { [SOLVED, TRIED].forEach(function (key) { forget(key); forget(ASIDE_PREFIX + key); }); },
  };
}
