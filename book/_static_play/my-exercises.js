// Learn from your mistakes (issue 43): the positions of a reviewed game where the learner lost at
// least a mistake's worth become exercises ("You played 5L here; find a move that loses at most
// 1 point"). The engine says which they are ({op: "exercises"}: the goal, the position drawn, the
// moves and three hints, never the answers) and checks each answer ({op: "exercise"}, by the
// review's own values, oanquan/review.py); this module shows them and keeps them in the browser
// (stored.js's EXERCISES, read back by its strict reader) so that the Puzzles page can open them
// again ("from my games").
//
// An ES module: the Play page's review panel offers a reviewed game's exercises through
// learnFromMistakes(call, t, store); the Puzzles page draws one with exerciseCard.

import { EXERCISE_LINK, MAX_EXERCISES, MAX_STORED } from "./stored.js";
import { picture as showScene } from "./board-view.js";
import { element } from "./dom.js";

function same(ex, link, ply) { return ex.link === link && ex.ply === ply; }

// The kept list with a game's exercises added (each once: a game reviewed again keeps whether it
// was solved), newest last, the oldest going beyond MAX_EXERCISES or beyond what the browser's
// reader takes back (MAX_STORED): a list that the reader refused would lose every exercise. A game
// whose address is longer than the reader takes (EXERCISE_LINK) is not kept.
export function withExercises(kept, link, found, now) {
  let list = kept.slice();
  if (link.length <= EXERCISE_LINK) {
    found.forEach(function (ex) {
      if (!list.some(function (old) { return same(old, link, ex.ply); })) {
        list.push({ link: link, ply: ex.ply, played: ex.played, solved: false, time: now });
      }
    });
  }
  list = list.slice(-MAX_EXERCISES);
  while (list.length && JSON.stringify(list).length > MAX_STORED) list.shift();
  return list;
}

// The kept list with one exercise marked solved.
export function withSolved(kept, link, ply) {
  return kept.map(function (ex) { return same(ex, link, ply) ? Object.assign({}, ex, { solved: true }) : ex; });
}

// One exercise: its goal, its position, a menu of the legal moves, Check, three hints (each
// giving more away) and the verdict. ``check(answer)`` asks the engine; ``solved()`` is told once.
export function exerciseCard(ex, check, t, solved) {
  const card = element("article", { class: "oaq-exercise", "data-oaq": "exercise", "data-ply": ex.ply });
  card.appendChild(element("h4", {}, t("Move {number}", { number: ex.number })));
  card.appendChild(element("p", { "data-oaq": "exercise-goal" }, ex.goal));
  const picture = element("div", { "data-oaq": "exercise-board", class: "oaq-review-board" });
  card.appendChild(picture);
  showScene(picture, ex.scene); // a copy of the page's board, filled with the exercise's scene
  const label = element("label", {}, t("Your move") + " ");
  const menu = element("select", { "data-oaq": "exercise-move" });
  ex.moves.forEach(function (move) { menu.appendChild(element("option", { value: move }, move)); });
  label.appendChild(menu);
  const checkButton = element("button", { type: "button", "data-oaq": "exercise-check" }, t("Check"));
  const hintButton = element("button", { type: "button", "data-oaq": "exercise-hint" }, t("Hint"));
  const hints = element("ol", { "data-oaq": "exercise-hints" });
  const verdict = element("p", { "data-oaq": "exercise-verdict", role: "status" });
  [label, checkButton, hintButton, hints, verdict].forEach(function (el) { card.appendChild(el); });

  hintButton.addEventListener("click", function () {
    const given = hints.children.length;
    if (given < ex.hints.length) hints.appendChild(element("li", {}, ex.hints[given]));
    hintButton.disabled = hints.children.length >= ex.hints.length;
  });
  checkButton.addEventListener("click", async function () {
    checkButton.disabled = true;
    const answer = await check(menu.value);
    checkButton.disabled = false;
    if (!answer || !answer.ok) { verdict.textContent = (answer && (answer.reason || answer.error)) || ""; return; }
    verdict.textContent = answer.verdict;
    card.setAttribute("data-result", answer.right ? "right" : "wrong");
    if (answer.right && card.getAttribute("data-solved") !== "true") {
      card.setAttribute("data-solved", "true");
      solved();
    }
  });
  return card;
}

// The Play page's part: after a review, the learner's exercises of the game on the board, kept in
// ``store`` ({read(), write(list)}). ``call`` asks the page's engine.
export function learnFromMistakes(call, t, store) {
  const section = element("section", { class: "oaq-exercises", "data-oaq": "exercises", "aria-labelledby": "oaq-exercises-heading" });
  section.appendChild(element("h4", { id: "oaq-exercises-heading" }, t("Learn from your mistakes")));
  const list = element("div", { "data-oaq": "exercise-list" });
  section.appendChild(list);
  section.hidden = true;
  let run = 0;

  return {
    section: section,
    // The game on the board was reviewed (its address: ``link``): its exercises are shown and kept.
    offer: async function (link) {
      const mine = ++run;
      const answer = await call({ op: "exercises" });
      if (mine !== run || !answer || !answer.ok) return;
      list.textContent = "";
      if (!answer.exercises.length) {
        list.appendChild(element("p", {}, t("No mistakes to learn from in this game.")));
      }
      answer.exercises.forEach(function (ex) {
        list.appendChild(exerciseCard(ex, function (move) { return call({ op: "exercise", move: ex.ply, answer: move }); }, t, function () {
          store.write(withSolved(store.read(), link, ex.ply));
        }));
      });
      store.write(withExercises(store.read(), link, answer.exercises, Date.now()));
      section.hidden = false;
    },
    clear: function () {
      run++;
      list.textContent = "";
      section.hidden = true;
    },
  };
}
