"""The review of a game (oanquan/review.py, issue 43): values, labels, the solver, the bridge, the words."""

from __future__ import annotations

import html
import io
import json
import xml.etree.ElementTree as ET

import pytest

from oanquan import Game, Position, web
from oanquan.__main__ import main, print_review
from oanquan.ai import analyse, immediate_gain, player_for_level
from oanquan.i18n import decimal, language
from oanquan.interact.controller import Controller
from oanquan.review import (
    LABELS,
    THRESHOLDS,
    Thresholds,
    better_move_scene,
    exercises,
    review,
    review_moves,
)
from oanquan.solver import UnsolvedError, solve

#: An endgame the solver finishes (RULES R7.1: 8L lets player 1 capture the last Mandarin
#: with the best result for player 0; 8R loses 10 points more).
SOLVED = "0,1,0,0,0,0,0,0,1,0 4,0 7,37+2Q 0,0 0"


def seeded_game(levels: tuple[int, int] = (2, 3), seed: int = 5, limit: int = 24) -> Game:
    game = Game()
    players = (player_for_level(levels[0], seed), player_for_level(levels[1], seed + 1))
    while game.outcome() is None and len(game) < limit:
        game.play(players[game.position.to_move].choose(game.position))
    return game


def from_start(text: str, record: str) -> Game:
    return Game.from_record(record, start=Position.from_text(text))


@pytest.mark.parametrize(
    ("lost", "label"),
    [(0, "best"), (0.5, "good"), (1.5, "good"), (2, "inaccuracy"), (4.5, "inaccuracy"), (5, "mistake"),
     (9.5, "mistake"), (10, "blunder"), (40, "blunder")],
)  # fmt: skip
def test_labels_follow_the_thresholds(lost: float, label: str) -> None:
    assert THRESHOLDS.label(lost) == label


def test_thresholds_must_rise() -> None:
    with pytest.raises(ValueError, match="thresholds must rise"):
        Thresholds(inaccuracy=5, mistake=2, blunder=10)


def test_a_blunder_of_ten_points_or_more_is_labelled_a_blunder_and_the_best_move_best() -> None:
    # 6L is the search's best opening move; then 3R gives away 12.5 points against 0L.
    r = review(Game.from_record("6L 3R"))
    first, second = r.moves
    assert (first.label, first.lost, first.best) == ("best", 0, first.move)
    assert second.lost >= 10 and second.label == "blunder"
    assert str(second.best) == "0L" and second.line[0] == second.best
    assert r.counts(1)["blunder"] == 1 and r.counts(0)["best"] == 1


def test_every_move_gets_the_label_of_the_points_it_lost() -> None:
    r = review(seeded_game())
    assert {m.label for m in r.moves} <= set(LABELS)
    for m in r.moves:
        assert m.lost == m.best_value - m.value >= 0
        assert m.label == THRESHOLDS.label(m.lost)
    assert len({m.label for m in r.moves}) >= 3  # a game between weak levels has more than one kind of move


def test_the_review_of_a_game_is_the_values_of_analyse_at_each_position() -> None:
    game = seeded_game()
    r = review(game, solver_nodes=0)
    assert len(r.moves) == len(game) > 10
    for ply, m in enumerate(r.moves):
        position = game.positions[ply]
        rows = analyse(position, depth=6, max_nodes=40_000)
        values = {row.move: row.value for row in rows}
        assert (m.ply, m.player, m.move, m.exact) == (ply, position.to_move, game.moves[ply], False)
        assert (m.value, m.best, m.best_value) == (values[game.moves[ply]], rows[0].move, rows[0].value)
        assert m.line == rows[0].pv
        assert m.played_line == next(row.pv for row in rows if row.move == m.move)


def test_the_solver_values_are_used_where_it_finishes() -> None:
    # With a one-ply search the analysis values these moves otherwise than the solver.
    for move in ("8L", "8R"):
        game = from_start(SOLVED, move)
        reviewed = review(game, depth=1).moves[0]
        searched = review(game, depth=1, solver_nodes=0).moves[0]
        before = game.positions[0]
        exact = {m: -solve(before.play(m)).value for m in before.legal_moves()}
        assert reviewed.exact and not searched.exact
        assert reviewed.value == exact[game.moves[0]] and reviewed.best_value == max(exact.values()) == -46
        assert (reviewed.value, reviewed.best_value) != (searched.value, searched.best_value)
        assert reviewed.line == (reviewed.best, *solve(before.play(reviewed.best)).pv)
    assert review(from_start(SOLVED, "8R")).moves[0].label == "blunder"  # exactly 10 points lost


def test_the_search_values_are_used_where_the_solver_does_not_finish() -> None:
    with pytest.raises(UnsolvedError):
        solve(Position.initial(), max_nodes=2_000)
    assert not review(Game.from_record("7R")).moves[0].exact


def test_accuracy_is_the_mean_of_each_move_s() -> None:
    r = review(seeded_game())
    for player in (0, 1):
        theirs = [m for m in r.moves if m.player == player]
        assert r.accuracy(player) == round(sum(100 * 2 ** (-m.lost / 5) for m in theirs) / len(theirs), 1)
    assert review(Game()).accuracy(0) is None


def test_the_expected_score_ends_with_the_final_score() -> None:
    game = seeded_game(limit=300)
    outcome = game.outcome()
    assert outcome is not None
    expected = review(game).expected()
    assert len(expected) == len(game) + 1
    assert expected[-1] == outcome.scores[0] - outcome.scores[1]
    assert len(review(Game.from_record("7R")).expected()) == 1  # an unfinished game has no final score


def test_review_moves_starts_where_asked_and_agrees_with_review() -> None:
    game = seeded_game()
    whole = review(game).moves
    assert tuple(review_moves(game, start=5)) == whole[5:]


def test_the_summary_uses_the_names_and_names_the_worst_move() -> None:
    r = review(Game.from_record("6L 3R"))
    names = Controller(players=(None, 3)).names
    text = r.summary(names)
    assert text.splitlines()[0].startswith("You: accuracy 100%")
    assert text.splitlines()[1].startswith("Computer: accuracy ")
    assert "1 blunder. Move 2, 3R: " in text and "0L was 12.5 points better." in text
    assert "Player" not in text and "player" not in text


def test_the_summary_in_vietnamese() -> None:
    r = review(Game.from_record("6L 3R"))
    with language("vi"):
        text = r.summary(Controller(players=(None, 3)).names)
        words = r.moves[1].to_dict()["label_words"]
    assert "blunder" not in text and "better" not in text and "accuracy" not in text
    assert "3R" in text and "0L" in text
    assert words != "blunder"


def test_the_bridge_gives_the_same_review_as_the_library() -> None:
    game = seeded_game()
    web.reset()
    json.loads(web.call(json.dumps({"op": "new_game", "record": game.record()})))
    names = Controller().names
    whole = json.loads(web.call(json.dumps({"op": "review"})))
    assert whole["ok"] and whole["moves"] == len(game)
    assert whole["review"] == json.loads(json.dumps(review(game).to_dict(names)))
    for ply in (0, len(game) - 1):
        one = json.loads(web.call(json.dumps({"op": "review", "move": ply})))
        assert one["review"] == json.loads(json.dumps(review(game).moves[ply].to_dict()))


@pytest.mark.parametrize("move", [-1, 99, "3", True, None])
def test_the_bridge_refuses_a_move_it_cannot_review(move: object) -> None:
    web.reset()
    web.call(json.dumps({"op": "new_game", "record": "7R 0L"}))
    refused = json.loads(web.call(json.dumps({"op": "review", "move": move})))
    assert refused["ok"] is False and refused["code"] == "bad-review-move"
    assert refused["reason"] == "The move to review must be a whole number from 0 to 1."


def test_the_bridge_refuses_to_review_a_move_before_any() -> None:
    web.reset()
    refused = json.loads(web.call(json.dumps({"op": "review", "move": 0})))
    assert refused["code"] == "nothing-played"
    assert json.loads(web.call(json.dumps({"op": "review"})))["review"]["moves"] == []


#: A whole game between two people that ends when both Mandarin squares are empty (R7.1).
RECORD = "9R 2L 7R 4L 5L 3R 6R 0L 7L 0R 9L"


def terminal(argv: list[str], typed: str) -> str:
    out = io.StringIO()
    assert main(argv, stdin=io.StringIO(typed), stdout=out) == 0
    return out.getvalue()


def test_the_terminal_prints_the_review_at_the_end_of_a_game() -> None:
    text = terminal([], "\n".join(RECORD.split()) + "\n")
    summary = review(Game.from_record(RECORD)).summary(("Bottom row", "Top row"))
    assert text.endswith("Review of the game by the computer:\n" + summary + "\n")
    assert "Player" not in summary and summary.count("accuracy") == 2


def test_the_terminal_review_names_you_and_the_computer_in_vietnamese() -> None:
    session = Controller(players=(None, 3))
    session.play("6L")
    session.play_computers()
    out = io.StringIO()
    with language("vi"):
        print_review(session, out)
    lines = out.getvalue().splitlines()
    assert lines[1].startswith("Em: ") and lines[2].startswith("Máy: ") and len(lines) == 3
    assert "accuracy" not in out.getvalue() and "Review" not in lines[0]


def test_what_went_wrong_names_the_move_the_reply_and_the_better_move() -> None:
    game = seeded_game()
    r = review(game)
    faulty = [m for m in r.moves if m.lost > 0]
    assert faulty
    replies = 0
    for m in faulty:
        text = r.why(m)
        assert text.startswith(f"Move {m.number}, {m.move}: ")
        assert text.endswith(f"{m.best} was {decimal(m.lost)} point{'' if m.lost == 1 else 's'} better.")
        if "it let the reply" in text:
            replies += 1
            reply = m.played_line[1]
            assert f"the reply {reply} capture" in text
            assert f": {immediate_gain(game.positions[m.ply].play(m.move), reply)} point" in text or (
                f"capture {immediate_gain(game.positions[m.ply].play(m.move), reply)} point" in text
            )
    assert replies >= 1


def test_the_widget_lists_every_move_with_its_label_and_shows_the_better_move() -> None:
    from oanquan.widgets.review import MARKS, ReviewWidget

    game = seeded_game()
    widget = ReviewWidget(game, names=("You", "Computer"))
    r = widget.review
    assert [value for _text, value in widget.moves.options] == list(range(len(game)))
    for (text, _value), m in zip(widget.moves.options, r.moves, strict=True):
        assert text.startswith(f"{m.number}. {('You', 'Computer')[m.player]}: {m.move} — {m.label}")
    faulty = next(m for m in r.moves if m.lost > 0)
    widget.moves.value = faulty.ply
    assert f"square {faulty.best.square} chosen" in widget.board.value
    assert f"Better: {faulty.best} (played: {faulty.move})" in widget.board.value
    assert html.escape(r.why(faulty, named=False)) in widget.detail.value
    assert widget.detail.value.count(f"{faulty.number}, {faulty.move}") == 1  # named once, not "Move 2, 3R" twice
    marks = sum(1 for m in r.moves if MARKS[m.label])
    assert widget.graph.value.count("<circle") == marks > 0
    assert widget.table.value.count("<tr>") == len(game) + 1


def test_the_graph_follows_the_theme_and_reads_in_black_and_white() -> None:
    from oanquan.widgets.review import graph_svg

    r = review(seeded_game())
    svg = graph_svg(r, ("You", "Computer"))
    # no colour of its own: everything in the text's colour, labels told apart by their signs
    assert "#" not in svg and "rgb" not in svg and 'fill="currentColor"' in svg
    root = ET.fromstring(svg)
    line = root.find("{http://www.w3.org/2000/svg}polyline")
    assert line is not None and len(line.get("points", "").split()) == len(r.expected())
    assert root.get("role") == "img" and "Expected score over the game" in (root.get("aria-label") or "")


def test_the_widget_speaks_vietnamese() -> None:
    from oanquan.widgets.review import ReviewWidget

    with language("vi"):
        widget = ReviewWidget(Game.from_record("6L 3R"), names=Controller(players=(None, 3)).names)
        widget.moves.value = 1
        shown = widget.summary.value + widget.table.value + widget.detail.value + widget.graph.value
    for english in ("blunder", "better", "Move", "ahead", "Expected", "computer"):
        assert english not in shown, english


def test_the_bridge_draws_the_position_with_the_better_move_when_asked() -> None:
    web.reset()
    web.call(json.dumps({"op": "new_game", "record": "6L 3R"}))
    plain = json.loads(web.call(json.dumps({"op": "review", "move": 1})))
    drawn = json.loads(web.call(json.dumps({"op": "review", "move": 1, "picture": True})))
    r = review(Game.from_record("6L 3R"))
    assert "scene" not in plain and drawn["review"] == plain["review"]
    assert drawn["scene"] == web.wire(better_move_scene(r.game, r.moves[1], Controller().names))
    assert "Better: 0L (played: 3R)" in drawn["scene"]["f"][0]
    assert "Better: 0L (played: 3R)" in r.picture(r.moves[1], Controller().names)


def test_learn_from_your_mistakes_one_exercise_per_mistake_checked_by_the_review_s_values() -> None:
    game = seeded_game()
    r = review(game, solver_nodes=0)
    for player in (0, 1):
        found = exercises(r, player)
        wrong = [m for m in r.moves if m.player == player and m.lost >= THRESHOLDS.mistake]
        assert [ex.number for ex in found] == [m.number for m in wrong]
        for ex, m in zip(found, wrong, strict=True):
            rows = analyse(ex.position, depth=6, max_nodes=40_000)
            best = rows[0].value
            assert ex.position == game.positions[m.ply] and ex.played == m.move and ex.best == m.best
            assert set(ex.accepted) == {row.move for row in rows if best - row.value <= 1}
            assert ex.check(ex.best) and not ex.check(ex.played) and ex.check(str(ex.accepted[-1]))
    assert any(exercises(r, player) for player in (0, 1))


def test_an_exercise_says_its_goal_in_both_languages() -> None:
    ex = exercises(review(Game.from_record("6L 3R")), 1)[0]
    assert ex.goal() == "You played 3R here; find a move that loses at most 1 point."
    with language("vi"):
        assert ex.goal() == "Em đã đi 3R ở đây; hãy tìm một nước kém nước hay nhất không quá 1 điểm."
    assert exercises(review(Game.from_record("6L 3R")), 0) == []


def bridge(request: dict[str, object]) -> dict[str, object]:
    answer: dict[str, object] = json.loads(web.call(json.dumps(request)))
    return answer


def test_the_bridge_offers_a_human_s_mistakes_as_exercises_and_checks_every_answer() -> None:
    game = seeded_game()
    r = review(game)
    web.reset()
    bridge({"op": "new_game", "record": game.record(), "opponent": "friend"})
    offered = bridge({"op": "exercises"})["exercises"]
    expected = sorted((ex for player in (0, 1) for ex in exercises(r, player)), key=lambda ex: ex.number)
    assert expected and [ex["number"] for ex in offered] == [ex.number for ex in expected]  # type: ignore[index]
    for shown, ex in zip(offered, expected, strict=True):  # type: ignore[call-overload]
        assert shown["goal"] == ex.goal() and shown["played"] == str(ex.played)
        assert shown["hints"] == list(ex.hint_steps())
        assert bridge({"op": "exercises", "move": ex.number - 1})["exercises"] == [shown]  # that move alone
        assert shown["scene"]["n"] == [ex.position.count(sq) for sq in range(12)] and str(ex.best) not in json.dumps(
            {k: shown[k] for k in ("goal", "played")}
        )
        for move in ex.position.legal_moves():
            checked = bridge({"op": "exercise", "move": ex.number - 1, "answer": str(move)})
            assert checked["right"] is (move in ex.accepted), (ex.number, move)
            assert str(move) in str(checked["verdict"])


def test_an_answer_that_is_no_move_there_is_refused_not_judged() -> None:
    """A square of the other row is no answer (R3.2): the engine's refusal, never "loses more than 1 point"."""
    web.reset()
    bridge({"op": "new_game", "record": "6L 3R", "opponent": "friend"})
    refused = bridge({"op": "exercise", "move": 1, "answer": "9R"})
    assert refused["ok"] is False and "verdict" not in refused
    assert "9" in str(refused["error"]) and "loses" not in str(refused["error"])


def test_a_move_that_is_no_exercise_is_named_as_the_card_numbers_it() -> None:
    """Moves are counted from 1 for a reader (the exercise card says "Move 2"), from 0 on the wire."""
    web.reset()
    bridge({"op": "new_game", "record": "6L 3R", "opponent": "friend"})
    refused = bridge({"op": "exercises", "move": 0})
    assert refused["ok"] is False and refused["code"] == "not-an-exercise"
    assert "move 1 of this game" in str(refused["error"]).lower()


def test_against_the_computer_only_the_learner_s_own_mistakes_are_exercises() -> None:
    web.reset()
    bridge({"op": "new_game", "record": "6L 3R", "opponent": "friend"})
    assert [ex["played"] for ex in bridge({"op": "exercises"})["exercises"]] == ["3R"]  # type: ignore[union-attr]
    web.reset()
    bridge({"op": "new_game", "record": "6L 3R", "opponent": "3", "first": "computer"})
    assert [ex["played"] for ex in bridge({"op": "exercises"})["exercises"]] == ["3R"]  # type: ignore[union-attr]
    web.reset()
    bridge({"op": "new_game", "record": "6L 3R", "opponent": "3", "first": "human"})
    assert bridge({"op": "exercises"})["exercises"] == []
    refused = bridge({"op": "exercise", "move": 0, "answer": "0L"})
    assert refused["ok"] is False


def test_an_exercise_s_hints_and_verdicts_speak_vietnamese() -> None:
    web.reset()
    bridge({"op": "new_game", "record": "6L 3R", "opponent": "friend"})
    with language("vi"):
        hints = bridge({"op": "exercises"})["exercises"][0]["hints"]  # type: ignore[index]
        verdicts = [bridge({"op": "exercise", "move": 1, "answer": a})["verdict"] for a in ("0L", "3R")]
    for english in ("pebble", "move", "square", "Well found", "Not yet"):
        assert english not in json.dumps([hints, verdicts], ensure_ascii=False), english
