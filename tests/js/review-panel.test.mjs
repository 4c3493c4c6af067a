// review-panel.js: the Play page's review of a game — the graph's numbers and the move list's words.
import assert from "node:assert/strict";
import test from "node:test";

import { graphPoints, graphValues, graphWidth, MARKS, moveLine, reviewAddress, scaleOf } from "../../book/_static_play/review-panel.js";

const row = (ply, player, expected, label) => ({
  ply, number: ply + 1, player, move: "5L", expected, label, label_words: label, lost: 0, best: "5L", line: ["5L"],
});

test("the graph's scale is a multiple of 10 that holds every point, at least 10", () => {
  assert.equal(scaleOf([]), 10);
  assert.equal(scaleOf([3, -7.5]), 10);
  assert.equal(scaleOf([10]), 10);
  assert.equal(scaleOf([10.5, -2]), 20);
  assert.equal(scaleOf([-41]), 50);
});

test("the final score is drawn only once every move is in and the game is over", () => {
  const rows = [row(0, 0, 11, "best"), row(1, 1, 9.5, "good")];
  assert.deepEqual(graphValues(rows, [30, 40], 2), [11, 9.5, -10]);
  assert.deepEqual(graphValues(rows, [30, 40], 3), [11, 9.5]);
  assert.deepEqual(graphValues(rows, null, 2), [11, 9.5]);
});

test("the line grows from the left: the slots of the whole game fix the spacing", () => {
  const points = graphPoints([0, 20, -20], 5);
  assert.equal(points.length, 3);
  assert.deepEqual(points.map((p) => p.x), [12, 156, 300]);
  const middle = 28 + (200 - 28 - 30) / 2;
  assert.equal(points[0].y, middle);
  assert.ok(points[1].y < middle && points[2].y > middle, "player 0 ahead is drawn above the middle line");
  assert.equal(points[1].y - middle, middle - points[2].y);
});

test("the graph is as wide in its units as on screen, so its 13-unit words are 13 px on a phone", () => {
  assert.equal(graphWidth(340), 340);
  assert.equal(graphWidth(1200), 600);
  assert.equal(graphWidth(100), 240);
  assert.equal(graphWidth(0), 600, "a graph not laid out yet is drawn at full width");
  assert.deepEqual(graphPoints([0, 20], 2, 340).map((p) => p.x), [12, 328]);
});

test("each move says its number, its player's name, the move and its label with its sign", () => {
  assert.equal(moveLine(row(11, 0, 0, "blunder"), ["You", "Computer"]), "12. You: 5L — blunder ??");
  assert.equal(moveLine(row(2, 1, 0, "best"), ["You", "Computer"]), "3. Computer: 5L — best");
  assert.deepEqual(Object.keys(MARKS), ["best", "good", "inaccuracy", "mistake", "blunder"]);
});

test("a review's address is its game's with review=1, once", () => {
  assert.equal(reviewAddress("/en/play.html", "?record=6L%203R&opponent=friend"), "/en/play.html?record=6L%203R&opponent=friend&review=1");
  assert.equal(reviewAddress("/en/play.html", "?record=6L&review=1"), "/en/play.html?record=6L&review=1");
  assert.equal(reviewAddress("/play.html", ""), "/play.html?review=1");
  assert.equal(reviewAddress("/play.html", undefined), "/play.html?review=1");
});
