// "From my games" on the Puzzles page (issue 43): the learner's mistakes, kept in the browser by
// the Play page's review (my-exercises.js, stored.js's EXERCISES), opened again as exercises. Each
// is made again by the engine from its game's address on a board of its own ("my-games"), so the
// puzzle on the page is untouched: the move reviewed alone, the answers checked by the review's
// values, the same card (goal, position, moves, three hints, verdict) as on the Play page.
//
// An ES module: play.js calls fromMyGames(root, call, t, store) once the Puzzles page is ready.

import { element } from "./dom.js";
import { exerciseCard, withSolved } from "./my-exercises.js";

const BOARD = "my-games";

// The words of one kept exercise in the list: "Move 2: you played 3R (solved)".
export function keptLine(ex, t) {
  const line = t("Move {number}: you played {move}", { number: ex.ply + 1, move: ex.played });
  return ex.solved ? line + " (" + t("solved") + ")" : line;
}

export function fromMyGames(root, call, t, store) {
  const kept = store.read();
  const section = element("section", { class: "oaq-my-games", "data-oaq": "my-games", "aria-labelledby": "oaq-my-games-heading" });
  section.appendChild(element("h3", { id: "oaq-my-games-heading" }, t("From my games")));
  const list = element("ol", { "data-oaq": "my-games-list" });
  const shown = element("div", { "data-oaq": "my-games-exercise", "aria-live": "polite" });
  section.appendChild(list);
  section.appendChild(shown);
  section.hidden = kept.length === 0;
  root.appendChild(section);

  async function open(ex) {
    shown.textContent = t("Loading…");
    const game = await call({ op: "address", query: ex.link, board: BOARD });
    const made = game && game.ok ? await call({ op: "exercises", move: ex.ply, board: BOARD }) : game;
    shown.textContent = "";
    if (!made || !made.ok || !made.exercises.length) {
      shown.textContent = (made && (made.reason || made.error)) || "";
      return;
    }
    shown.appendChild(exerciseCard(made.exercises[0], function (move) {
      return call({ op: "exercise", move: ex.ply, answer: move, board: BOARD });
    }, t, function () { store.write(withSolved(store.read(), ex.link, ex.ply)); }));
  }

  kept.slice().reverse().forEach(function (ex) { // the newest first
    const item = element("li", { "data-ply": ex.ply, "data-solved": String(ex.solved) });
    const button = element("button", { type: "button", "data-oaq": "my-game-exercise" }, keptLine(ex, t));
    button.addEventListener("click", function () { open(ex); });
    item.appendChild(button);
    list.appendChild(item);
  });
  return section;
}
