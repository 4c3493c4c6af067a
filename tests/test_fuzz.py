"""Random input only ever raises the engine's own errors, and does so quickly.

"Quickly" is not timed here (speed lives in benchmarks): the inputs are
bounded, and a hang would stop the run.
"""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oanquan import Game, Move, OAnQuanError, Position, Rules
from oanquan.errors import InvalidMoveError, PositionFormatError

FUZZ = settings(max_examples=400, deadline=None)

# Text built from the characters of the position format, so that many inputs
# come close to valid and reach the deeper checks.
position_like = st.text(alphabet="0123456789,Q+ -\t\n٣", max_size=60)
fields = st.lists(
    st.text(alphabet="0123456789,Q+", max_size=25),
    min_size=5,
    max_size=5,
).map(" ".join)


@FUZZ
@given(st.one_of(st.text(max_size=80), position_like, fields))
def test_position_text_raises_only_position_format_errors(text: str) -> None:
    try:
        position = Position.from_text(text)
    except PositionFormatError as error:
        assert repr(text) in str(error)  # the message quotes the input whole
    else:
        assert Position.from_text(position.to_text()) == position  # whatever parses, round-trips


@FUZZ
@given(st.text(max_size=12))
def test_move_text_raises_only_invalid_move_errors(text: str) -> None:
    try:
        move = Move.parse(text)
    except InvalidMoveError as error:
        assert "invalid move" in str(error)
    else:
        assert Move.parse(str(move)) == move


@FUZZ
@given(st.text(alphabet="0123456789LRlr x", max_size=40))
def test_records_raise_only_engine_errors(text: str) -> None:
    try:
        game = Game.from_record(text)
    except OAnQuanError as error:
        assert "record" in str(error)
    else:
        assert Game.from_record(game.record()).position == game.position


@FUZZ
@given(
    st.one_of(
        st.text(max_size=60),
        st.recursive(
            st.none() | st.integers() | st.text(max_size=8),
            lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=10), c, max_size=3),
        ),
    )
)
def test_json_raises_only_engine_errors(data: object) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    for load in (Position.from_json, Game.from_json):
        with contextlib.suppress(OAnQuanError):
            load(text)


@FUZZ
@given(
    st.dictionaries(
        st.sampled_from(["mandarin_pieces", "mandarin_value", "mandarin_gap", "young_mandarin_min", "max_plies", "x"]),
        st.one_of(st.integers(-5, 500), st.booleans(), st.text(max_size=6), st.none()),
    )
)
def test_rule_options_raise_only_rules_errors(options: dict[str, object]) -> None:
    try:
        rules = Rules.from_dict(options)
    except OAnQuanError as error:
        assert str(error)
    else:
        assert Rules.from_dict(rules.to_dict()) == rules


def test_a_huge_position_is_refused_rather_than_played_for_ever() -> None:
    with pytest.raises(PositionFormatError, match="999999"):  # a million pebbles
        Position.from_text("999999,0,0,0,0,0,0,0,0,0 Q,Q 0,0 0,0 1")


@FUZZ
@given(
    st.one_of(st.integers(-3, 3), st.lists(st.integers(-2, 30), max_size=13), st.text(max_size=3)),
    st.one_of(
        st.tuples(st.integers(-1, 2), st.integers(-1, 2)), st.lists(st.booleans(), max_size=3), st.text(max_size=2)
    ),
    st.one_of(st.tuples(st.integers(-1, 9), st.integers(0, 9)), st.just((1,)), st.none()),
    st.sampled_from([None, Rules(), "x", 3]),
)
def test_the_constructor_raises_only_engine_errors(
    pebbles: object, stones: object, stores: object, rules: object
) -> None:
    try:
        position = Position(pebbles, stones, stores, rules=rules)  # type: ignore[arg-type]
    except OAnQuanError as error:
        assert str(error)
    else:
        assert Position.from_text(position.to_text(), position.rules) == position


@pytest.mark.parametrize("load", [Position.from_json, Game.from_json])
def test_deeply_nested_json_is_refused_cleanly(load: object) -> None:
    with pytest.raises(OAnQuanError):
        load("[" * 100_000 + "]" * 100_000)  # type: ignore[operator]


def test_wrong_argument_types_raise_engine_errors() -> None:
    with pytest.raises(OAnQuanError):
        Position.initial().is_legal(7)  # type: ignore[arg-type]
    with pytest.raises(OAnQuanError, match="'x'"):
        Position.from_text("5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0", rules="x")  # type: ignore[arg-type]
    with pytest.raises(OAnQuanError):
        Game(5)  # type: ignore[arg-type]
    with pytest.raises(OAnQuanError):
        Game.from_record("7R", start=5)  # type: ignore[arg-type]
