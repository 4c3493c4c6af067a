// The Play page's panels around the board: the players' names and scores, the game's details
// for a teacher (the players, the rules, the record and its link), the hint, and the end screen.
// Text goes in as text; every sentence and name comes from the engine's answer.
import { fillList } from "./dom.js";

export function showScores(root, names, scores) {
  [0, 1].forEach(function (side) {
    root.querySelector("[data-oaq=name-" + side + "]").textContent = String(names[side]);
    root.querySelector("[data-oaq=score-" + side + "]").textContent = String(scores[side]);
  });
}

// The panels of the game in ``answer`` (the engine's).
export function showGame(root, t, answer) {
  const $ = (name) => root.querySelector("[data-oaq=" + name + "]");
  showScores(root, answer.names, answer.scores);
  $("scores").setAttribute("data-to-move", String(answer.to_move));
  $("players").textContent = t("{first} = player 0 (bottom row, squares 5-9), {second} = player 1 (top row, squares 0-4); ",
    { first: answer.names[0], second: answer.names[1] }) +
    (answer.settings.opponent === "friend" ? t("two people take turns.") : t("computer level {level}.", { level: answer.settings.opponent }));
  const rules = Object.keys(answer.rules).map((k) => k + "=" + answer.rules[k]).join(", ");
  $("rules").textContent = rules || t("the defaults");
  $("record").value = answer.record;
  $("link").value = location.origin + location.pathname + answer.link;
  $("pending").textContent = answer.pending;
  $("hint-text").textContent = answer.hint ? t("Hint: {hint}", { hint: answer.hint }) : "";
  // The end screen: who won and why, in the engine's words.
  const final = answer.final;
  $("final").hidden = !final;
  if (final) {
    $("final-headline").textContent = final.headline;
    $("final-reason").textContent = final.reason;
    fillList($("final-lines"), final.lines);
  }
}
