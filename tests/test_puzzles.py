"""The puzzle collection (oanquan.puzzles): every answer proved by the engine and the solver."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from oanquan import Move, Position
from oanquan.ai import immediate_gain
from oanquan.puzzles import (
    GOALS,
    THEMES,
    Puzzle,
    PuzzleFormatError,
    dumps,
    explain,
    goal_moves,
    load,
    load_builtin,
    loads,
    verify,
)
from oanquan.solver import move_values

PUZZLES = load_builtin()


def test_the_collection_covers_every_theme() -> None:
    assert len(PUZZLES) >= 30
    themes = Counter(p.theme for p in PUZZLES)
    assert set(themes) == set(THEMES), themes
    assert all(count >= 3 for count in themes.values()), themes
    assert len({(p.position_text, p.goal) for p in PUZZLES}) == len(PUZZLES)
    young = [p for p in PUZZLES if p.theme == "young_mandarin"]
    assert all(p.rules.young_mandarin_min > 0 for p in young)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_every_puzzle_is_proved(puzzle: Puzzle) -> None:
    """The solution is exactly the set of moves reaching the goal, unique where it says so,
    the theme shows, and the explanation is the one the engine writes."""
    assert verify(puzzle) == []


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_explanation_numbers_match_the_engine(puzzle: Puzzle) -> None:
    """Independently of explain(): each "<move> ...: +n" in the text is that move's gain,
    and each solver claim ("N points ahead") is the move's proved value."""
    position = puzzle.position
    for move_text, sign, number in re.findall(r"\b(\d[LR]) [^.:]*: ([+-])(\d+)\.", puzzle.explanation):
        gain = int(number) * (1 if sign == "+" else -1)
        assert immediate_gain(position, move_text) == gain, (puzzle.id, move_text)
    if puzzle.goal in ("best", "win", "not_lose"):
        values = move_values(position, max_nodes=20_000)
        for move_text, number, side in re.findall(
            r"With best play (\d[LR]) ends the game (\d+) points? (\w+)", puzzle.explanation
        ):
            value = values[Move.parse(move_text)]
            assert value.exact and value.low == int(number) * (1 if side == "ahead" else -1), puzzle.id
    else:
        other = re.search(r"The best other move, (\d[LR]), wins (\d+) point", puzzle.explanation)
        if other:
            assert immediate_gain(position, other.group(1)) == int(other.group(2))
            best_other = max(immediate_gain(position, m) for m in position.legal_moves() if not puzzle.is_solution(m))
            assert best_other == int(other.group(2))


def test_a_wrong_solution_is_caught() -> None:
    """verify() is not a rubber stamp: change a puzzle's answer and it objects."""
    puzzle = next(p for p in PUZZLES if p.unique and p.goal == "capture_mandarin")
    wrong = next(m for m in puzzle.position.legal_moves() if not puzzle.is_solution(m))
    data = puzzle.to_dict() | {"solution": [str(wrong)]}
    broken = loads(json.dumps({"format": "oanquan-puzzles", "version": 1, "puzzles": [data]}))[0]
    assert any("the engine finds" in problem for problem in verify(broken))
    edited = puzzle.to_dict() | {"explanation": puzzle.explanation.replace("+", "+1", 1)}
    broken = loads(json.dumps({"format": "oanquan-puzzles", "version": 1, "puzzles": [edited]}))[0]
    assert any("explanation" in problem for problem in verify(broken))


def test_goal_moves_by_hand_on_the_opening() -> None:
    opening = Position.initial()
    assert [str(m) for m in goal_moves(opening, "capture_mandarin")] == ["5L", "9R"]
    assert [str(m) for m in goal_moves(opening, "max_gain")] == ["5L", "9R"]
    assert goal_moves(opening, "chain") == ()
    assert set(GOALS) >= {"capture_mandarin", "max_gain", "chain", "best", "win", "not_lose"}
    with pytest.raises(ValueError, match="unknown goal"):
        goal_moves(opening, "checkmate")


def test_round_trip_and_file_loading(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(dumps(PUZZLES[:3]), encoding="utf-8")
    assert load(path) == PUZZLES[:3]
    with pytest.raises(PuzzleFormatError, match="cannot read puzzle file"):
        load(tmp_path / "missing.json")


def _file(*puzzles: object) -> str:
    return json.dumps({"format": "oanquan-puzzles", "version": 1, "puzzles": list(puzzles)})


GOOD = PUZZLES[0].to_dict()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "chess"}', 'expected an object with "format"'),
        ('{"format": "oanquan-puzzles", "version": 7, "puzzles": []}', "unknown version 7"),
        ('{"format": "oanquan-puzzles", "version": 1, "puzzles": {}}', '"puzzles" must be a list'),
        (_file(GOOD | {"position": "5,5,5 Q,Q 0,0 0,0 0"}), "bad citizen squares field '5,5,5'"),
        (_file(GOOD | {"rules": {"speed": 3}}), "unknown rule option 'speed'"),
        (_file(GOOD | {"goal": "checkmate"}), "unknown goal 'checkmate'"),
        (_file(GOOD | {"theme": "opera"}), "unknown theme 'opera'"),
        (_file(GOOD | {"solution": ["7X"]}), "invalid move '7X'"),
        (_file(GOOD | {"solution": "5L"}), "'solution' must be a non-empty list of moves, not '5L'"),
        (_file(GOOD | {"difficulty": 9}), "'difficulty' must be 1, 2 or 3, not 9"),
        (_file(GOOD | {"unique": "yes"}), "'unique' must be true or false, not 'yes'"),
        (_file(GOOD | {"colour": "red"}), "unknown fields: 'colour'"),
        (_file(GOOD, GOOD), "is used twice"),
        (_file([1, 2]), "a puzzle must be an object, not [1, 2]"),
    ],
)
def test_bad_files_are_rejected_quoting_the_input(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as raised:
        loads(text)
    assert message in str(raised.value)


def test_an_illegal_solution_move_names_the_puzzle() -> None:
    position = PUZZLES[0].position
    mover_row = range(5, 10) if position.to_move == 0 else range(0, 5)
    other = next(s for s in range(10) if s not in mover_row)
    with pytest.raises(PuzzleFormatError, match=rf"puzzle 1 \('{GOOD['id']}'\): .*{other}L"):
        loads(_file(GOOD | {"solution": [f"{other}L"]}))


def test_explain_writes_a_solver_explanation() -> None:
    """An endgame explanation states the proved value of the answer and bounds the rest."""
    endgame = next(p for p in PUZZLES if p.theme == "endgame")
    text = explain(endgame.position, endgame.goal, endgame.moves)
    assert "With best play" in text and text == endgame.explanation


def test_the_widget_shows_the_controllers_verdicts() -> None:
    # The verdicts themselves are tested in test_controller.py; here, the wiring.
    pytest.importorskip("ipywidgets")
    from oanquan.puzzle_widget import PuzzleWidget

    widget = PuzzleWidget(PUZZLES[:3])
    puzzle = widget.puzzle
    assert widget.moves.options == tuple(str(m) for m in puzzle.position.legal_moves())
    wrong = next(m for m in puzzle.position.legal_moves() if not puzzle.is_solution(m))
    widget.moves.value = str(wrong)
    widget.play_button.click()
    assert not widget.solved and "Not this one" in widget.feedback.value and widget.play_button.disabled
    events = puzzle.position.play_traced(wrong)[1]
    assert len(widget.player.frames) == len(events) + 1  # played through the step player
    assert (len(widget.player.frames) - 1) * widget.player.play.interval <= 3000
    widget.try_move(puzzle.solution[0])  # answered: the controller asks for Try again
    assert "press Try again" in widget.feedback.value and not widget.solved
    widget.retry_button.click()
    assert len(widget.player.frames) == 1 and not widget.play_button.disabled
    widget.moves.value = puzzle.solution[0]
    widget.play_button.click()
    assert widget.solved and "Right!" in widget.feedback.value
    widget.hint_button.click()
    assert puzzle.hint.split(":")[0] in widget.feedback.value
    widget.next_button.click()
    assert widget.puzzle is PUZZLES[1] and not widget.solved and widget.controller.puzzle is PUZZLES[1]
    widget.previous_button.click()
    widget.previous_button.click()
    assert widget.puzzle is PUZZLES[2]  # wraps round
    widget.try_move("7X")
    assert "Invalid move" in widget.feedback.value
