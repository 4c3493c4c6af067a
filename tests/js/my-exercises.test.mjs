// my-exercises.js and stored.js's reader of the learner's exercises (issue 43): a game's
// exercises are kept once each, newest last, capped; anything else read back is left out.
import assert from "node:assert/strict";
import test from "node:test";

import { withExercises, withSolved } from "../../book/_static_play/my-exercises.js";
import { EXERCISE_LINK, MAX_EXERCISES, MAX_STORED, storedReader } from "../../book/_static_play/stored.js";
import { translator } from "../../book/_static_play/words.js";

const WHAT = "your exercises";
const found = [{ ply: 1, played: "3R" }, { ply: 7, played: "5L" }];

test("a reviewed game's exercises are kept once each, unsolved, and a solved one says so", () => {
  const kept = withExercises([], "?record=6L", found, 5);
  assert.deepEqual(kept, [
    { link: "?record=6L", ply: 1, played: "3R", solved: false, time: 5 },
    { link: "?record=6L", ply: 7, played: "5L", solved: false, time: 5 },
  ]);
  const solved = withSolved(kept, "?record=6L", 7);
  assert.deepEqual(solved.map((ex) => ex.solved), [false, true]);
  const again = withExercises(solved, "?record=6L", found, 9); // the same game reviewed again
  assert.deepEqual(again, solved);
  assert.deepEqual(withExercises(again, "?record=7R", found.slice(0, 1), 9).map((ex) => ex.link), ["?record=6L", "?record=6L", "?record=7R"]);
});

test("the oldest exercises go beyond MAX_EXERCISES", () => {
  const many = Array.from({ length: MAX_EXERCISES + 5 }, (_, i) => ({ ply: i, played: "1L" }));
  const kept = withExercises([], "?record=1L", many, 1);
  assert.equal(kept.length, MAX_EXERCISES);
  assert.equal(kept[0].ply, 5);
});

test("the kept list always fits what the reader takes back, and a game too long to keep is left out", () => {
  const reader = storedReader(translator({}));
  const long = "?record=" + "1L%20".repeat(780); // 3,908 characters: within EXERCISE_LINK
  const many = Array.from({ length: MAX_EXERCISES }, (_, i) => ({ ply: i, played: "1L" }));
  const kept = withExercises([], long, many, 1);
  assert.ok(kept.length > 0 && kept.length < MAX_EXERCISES);
  assert.ok(JSON.stringify(kept).length <= MAX_STORED);
  assert.equal(kept[kept.length - 1].ply, MAX_EXERCISES - 1); // the newest stay
  assert.deepEqual(reader.exercises(JSON.parse(JSON.stringify(kept)), WHAT), kept);
  const tooLong = "?record=" + "1L%20".repeat(EXERCISE_LINK);
  assert.deepEqual(withExercises(kept, tooLong, many.slice(0, 1), 2), kept);
});

test("the kept exercises are read back as written, and what is not one is left out with a notice", () => {
  const good = withExercises([], "?record=6L%203R", found, 1700000000000);
  const reader = storedReader(translator({}));
  assert.deepEqual(reader.exercises(JSON.parse(JSON.stringify(good)), WHAT), good);
  assert.equal(reader.notices.length, 0);
  const one = good[0];
  const bad = [
    {}, "?record=6L", Array(MAX_EXERCISES + 1).fill(one), [null],
    [{ ...one, extra: 1 }], [{ ...one, link: "record=6L" }], [{ ...one, link: "?" + "x".repeat(4000) }],
    [{ ...one, ply: -1 }], [{ ...one, ply: 1.5 }], [{ ...one, played: "<b>" }], [{ ...one, played: "10L" }],
    [{ ...one, solved: "yes" }], [{ ...one, time: "now" }], [{ link: one.link, ply: 1, played: "3R", solved: false }],
  ];
  bad.forEach((value) => {
    const fresh = storedReader(translator({}));
    assert.equal(fresh.exercises(value, WHAT), null, JSON.stringify(value).slice(0, 80));
    assert.equal(fresh.notices.length, 1, JSON.stringify(value).slice(0, 80));
    assert.ok(fresh.notices[0].includes(WHAT));
  });
});

test("the Puzzles page names a kept exercise by its move, and says when it was solved", async () => {
  const { keptLine } = await import("../../book/_static_play/from-my-games.js");
  const t = translator({});
  assert.equal(keptLine({ ply: 1, played: "3R", solved: false }, t), "Move 2: you played 3R");
  assert.equal(keptLine({ ply: 1, played: "3R", solved: true }, t), "Move 2: you played 3R (solved)");
  const vi = translator({ "Move {number}: you played {move}": "Nước {number}: em đã đi {move}", solved: "đã giải" });
  assert.equal(keptLine({ ply: 6, played: "5L", solved: true }, vi), "Nước 7: em đã đi 5L (đã giải)");
});
