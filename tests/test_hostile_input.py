"""Bad data, as a hostile or careless user would give it (issue 9).

Every loader answers with the project's own error, a message that quotes the
input briefly (at most about 200 characters, and how long it was), and never
a ``RecursionError``, ``TypeError`` or an empty game in place of a typo.
"""

from __future__ import annotations

import json

import pytest

from oanquan import Game, Position, Rules
from oanquan.errors import QUOTE_LIMIT, PositionFormatError, RecordFormatError, RulesError, quote
from oanquan.puzzles import PuzzleFormatError, loads
from oanquan.web import call

DEEP = "[" * 100_000
MEGABYTE = "x" * 1_000_000


# ------------------------------------------------------------- saved games


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "has no 'moves'"),
        ({"mvoes": "7R"}, "unknown key 'mvoes'"),
        (Position.initial().to_dict(), "unknown key 'position'"),
        ({"moves": 7}, "'moves' of a saved game must be text"),
        ({"moves": "7R", "start": ["5"]}, "'start' of a saved game must be position text"),
        ({"moves": "7R", "rules": {"mandarin_gap": True}}, "mandarin_gap must be one of"),
        ([], "must be a JSON object, not []"),
        (None, "must be a JSON object, not None"),
    ],
)
def test_a_saved_game_names_what_is_missing_or_unknown(data: object, message: str) -> None:
    with pytest.raises(RecordFormatError, match="a saved game") as caught:
        Game.from_dict(data)
    assert message in str(caught.value)
    with pytest.raises(RecordFormatError) as caught:
        Game.from_json(json.dumps(data))
    assert message in str(caught.value)


@pytest.mark.parametrize("text", ["", "   ", "{not json", DEEP, None, 7])
def test_a_saved_game_that_is_not_json_text_is_refused(text: object) -> None:
    with pytest.raises(RecordFormatError, match="a saved game") as caught:
        Game.from_json(text)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 2 * QUOTE_LIMIT + 200


def test_a_saved_position_refuses_a_game_and_unknown_keys() -> None:
    with pytest.raises(PositionFormatError, match="a saved position has an unknown key 'start'"):
        Position.from_json(Game().play("7R").to_json())
    with pytest.raises(PositionFormatError, match="has no 'position'"):
        Position.from_dict({"rules": {}})
    with pytest.raises(PositionFormatError, match="nested too deeply"):
        Position.from_json(DEEP)


def test_rule_options_refuse_unknown_keys_quoting_them() -> None:
    with pytest.raises(RulesError, match="unknown rule option 'mandarin_gaps'"):
        Rules.from_dict({"mandarin_gaps": "chain"})


# ------------------------------------------------------------ puzzles, web


@pytest.mark.parametrize("text", [DEEP, None, 3.5, b"\xff\xfe", ""])
def test_puzzle_loading_answers_any_input_with_its_own_error(text: object) -> None:
    with pytest.raises(PuzzleFormatError, match="puzzle text") as caught:
        loads(text)  # type: ignore[arg-type]
    assert quote(text) in str(caught.value) or "nested too deeply" in str(caught.value)


def test_a_puzzle_file_with_an_unknown_top_level_key_is_refused() -> None:
    text = json.dumps({"format": "oanquan-puzzles", "version": 5, "puzzles": [], "pzzles": []})
    with pytest.raises(PuzzleFormatError, match="unknown key 'pzzles'"):
        loads(text)


@pytest.mark.parametrize(
    ("request_text", "message"), [(DEEP, "nested too deeply"), ("null", "not None"), ("7", "not 7")]
)
def test_the_web_bridge_answers_bad_requests_with_a_message(request_text: str, message: str) -> None:
    answer = json.loads(call(request_text))
    assert answer["ok"] is False and message in answer["error"]
    assert len(answer["error"]) < 2 * QUOTE_LIMIT + 100


# --------------------------------------------------------- strict values


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"to_move": 1.0}, "the player to move must be 0 or 1, not 1.0"),
        ({"to_move": True}, "the player to move must be 0 or 1, not True"),
        ({"stores": (1.0, 0)}, "counts must be whole numbers"),
        ({"debts": (0, "2")}, "counts must be whole numbers"),
        ({"stones": (1.0, True)}, "stones must be two of True/False"),
    ],
)
def test_the_position_constructor_checks_types_as_strictly_as_the_text(arguments: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(PositionFormatError) as caught:
        Position([5] * 10 + [0, 0], **arguments)
    assert message in str(caught.value)


def test_a_position_the_constructor_accepts_writes_text_it_reads_back() -> None:
    p = Position([0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 3, 0], stones=(True, False), stores=(20, 35), to_move=1)
    assert Position.from_text(p.to_text()) == p


@pytest.mark.parametrize("value", [True, False, None, "Chain", "yes", 1, ["chain"]])
def test_R9_mandarin_gap_takes_exactly_three_values(value: object) -> None:
    with pytest.raises(RulesError) as caught:
        Rules(mandarin_gap=value)  # type: ignore[arg-type]
    message = str(caught.value)
    assert "'never', 'chain', 'always'" in message and f"not {value!r}" in message


def test_R9_max_plies_has_an_upper_bound_and_huge_numbers_are_described() -> None:
    with pytest.raises(
        RulesError,
        match=r"max_plies must be a whole number from 0 to 1000000, not a whole number of about 5,000 digits",
    ):
        Rules(max_plies=10**5000)
    rules = Rules(max_plies=1_000_000)
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules and "1000000" in repr(rules)


# ------------------------------------------------------- brief quotations


def test_a_megabyte_of_input_gives_a_short_message_saying_how_long_it_was() -> None:
    for load, error in [
        (Position.from_text, PositionFormatError),
        (Game.from_record, Exception),
        (Game.from_json, RecordFormatError),
        (loads, PuzzleFormatError),
    ]:
        with pytest.raises(error) as caught:
            load(MEGABYTE)  # type: ignore[operator]
        message = str(caught.value)
        assert len(message) < 2 * QUOTE_LIMIT + 200, (load, len(message))
        assert "1,000,000 characters" in message and "xxxxxxxxxx" in message


def test_quote_never_fails() -> None:
    nested: list[object] = []
    for _ in range(5000):
        nested = [nested]
    assert quote(nested) == "[[[[[[[...]]]]]]]"  # reprlib writes the first levels only
    assert quote(10**5000) == "a whole number of about 5,000 digits"
    assert quote("short") == "'short'"
