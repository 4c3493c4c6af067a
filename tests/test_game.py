"""Game records, saved games, errors and the terminal game (issue 2)."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from conftest import english_words
from oanquan import Game, IllegalMoveError, InvalidMoveError, Move, Position, RecordFormatError, Rules
from oanquan.__main__ import main
from oanquan.i18n import language


def test_game_keeps_every_position_and_undo_restores_exactly() -> None:
    game = Game()
    game.play("7R").play(Move(0, "L"))
    assert [p.to_move for p in game.positions] == [0, 1, 0]
    before = game.position
    game.play("5L")
    assert game.undo() == Move(5, "L")
    assert game.position == before and game.record() == "7R 0L"


def test_illegal_moves_never_change_the_game() -> None:
    game = Game().play("7R")
    with pytest.raises(IllegalMoveError, match="square 2 is empty"):
        game.play("2L")
    with pytest.raises(InvalidMoveError, match="'zz'"):
        game.play("zz")
    assert game.record() == "7R" and len(game.positions) == 2


def test_errors_quote_the_input_and_the_position() -> None:
    with pytest.raises(IllegalMoveError) as error:
        Position.initial().play("3R")
    message = str(error.value)
    assert "'3R'" in message and "'5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0'" in message
    with pytest.raises(IllegalMoveError, match="move 2 of record '7R 7R'"):
        Game.from_record("7R 7R")


def test_game_json_round_trip_with_options_and_start() -> None:
    rules = Rules(young_mandarin_min=5, max_plies=40)
    start = Position.from_text("0,0,1,0,0,1,0,0,3,2 Q,Q 0,0 0,0 0", rules)
    game = Game(start).play("5R")
    again = Game.from_json(game.to_json())
    assert again.rules == rules and again.start == start and again.position == game.position
    assert json.loads(game.to_json())["moves"] == "5R"
    assert repr(game).startswith("Game.from_record('5R'")


@pytest.mark.parametrize(
    "bad", ["[]", '{"moves": 5}', '{"moves": "7R", "rules": {"max_plies": -1}}', "{", '{"start": 3}']
)
def test_bad_saved_games_raise_record_errors(bad: str) -> None:
    with pytest.raises(RecordFormatError):
        Game.from_json(bad)


def test_rules_mismatch_between_start_and_game_is_refused() -> None:
    with pytest.raises(ValueError, match="start position"):
        Game(Position.initial(), Rules(mandarin_gap="always"))


def run_cli(argv: list[str], typed: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(argv, stdin=io.StringIO(typed), stdout=out)
    return status, out.getvalue()


def test_terminal_game_plays_reports_errors_and_ends_on_eof() -> None:
    status, text = run_cli([], "7R\n2L\nhello\n0L\nundo\nexplain\nmoves\n")
    assert status == 0
    assert "7R: relay from 2; captures 8 (6 pebbles)" in text
    assert "error: square 2 is empty" in text and "error: the move 'hello' cannot be read" in text
    assert "illegal move" not in text and "invalid move" not in text  # the programmer's messages
    assert "took back 0L" in text
    assert "legal moves: 0L 0R 1L 1R 3L 3R 4L 4R" in text
    assert text.rstrip().endswith("Goodbye. Record so far: 7R")
    # After undo, 'explain' has nothing to narrate: the move was taken back.
    status, text = run_cli([], "7R\nundo\nexplain\n")
    assert "took back 7R" in text and "R3.4b" not in text


def test_rule_options_go_before_or_after_the_command() -> None:
    stones_under_pebbles = "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0"
    for argv in (
        ["--mandarin-pieces", "pebbles", "show", stones_under_pebbles],
        ["show", "--mandarin-pieces", "pebbles", stones_under_pebbles],
    ):
        status, text = run_cli(argv, "")
        assert status == 2 and "error: with Mandarins made of pebbles, no square" in text


def test_terminal_game_to_the_end() -> None:
    game = Game.from_record("9R 2L 7R 4L 5L 3R 6R 0L 7L 0R 9L")
    status, text = run_cli([], "\n".join(game.record().split()) + "\n")
    assert status == 0 and "Bottom row wins!" in text and "56 to 14: " in text and "Record: 9R 2L" in text


def test_show_draws_a_position_and_rejects_bad_text() -> None:
    status, text = run_cli(["show", "0,0,2,0,0,0,1,0,0,0 0,0 20+2Q,27 0,0 1"], "")
    assert status == 0 and "Bottom row wins 41-29" in text and "20+2Q" in text
    status, text = run_cli(["show", "5,5 Q"], "")
    assert status == 2 and "error: a position has 5 parts separated by single spaces, and '5,5 Q' has 2" in text


def test_terminal_errors_are_in_the_readers_language() -> None:
    # issue 20: the terminal printed str(error), the programmer's English, whatever the language
    with language("vi"):
        status, text = run_cli([], "7R\n2L\nhello\nredo\n")
        shown = [line.split("error: ", 1)[1] for line in text.splitlines() if "error: " in line]
        bad_status, bad_text = run_cli(["show", "5,5 Q"], "")
    shown.append(bad_text.split("error: ", 1)[1])
    assert status == 0 and bad_status == 2 and len(shown) == 4
    for words in shown:
        assert english_words(words) == [], words


def test_python_dash_m_runs_as_a_program() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "oanquan", "show", "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "<- to move" in done.stdout


def test_help_is_plain_text_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    # issue 11: --help printed raw reST (``python -m oanquan``)
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    shown = capsys.readouterr().out
    assert done.value.code == 0 and "``" not in shown and ":class:" not in shown
    assert "play --computer 3" in shown and "rule options (RULES.md, section 9)" in shown


def test_terminal_game_against_the_computer_with_hint_undo_and_redo() -> None:
    status, text = run_cli(["play", "--computer", "1"], "7R\nhint\nundo\nredo\nrecord\n")
    assert status == 0
    assert "Computer (Level 1 (random)) plays " in text  # the controller asked the computer
    assert "hint: " in text and "took back 7R " in text and "played again 7R" in text
    record = text.rstrip().rsplit("Goodbye. Record so far: ", 1)[1]
    assert record.startswith("7R ") and len(record.split()) == 2  # redo replayed the computer's reply too
    status, text = run_cli(["play", "--computer", "1", "--first", "computer"], "undo\n")
    assert "error: there is no move of yours to undo" in text
