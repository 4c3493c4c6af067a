"""Hypothesis strategies for the engine's values: rule options, positions and game records.

The property tests draw from these so that Hypothesis *searches*: every field of a
position varies on its own (a Mandarin stone already captured, debts on both sides, a
row empty with pebbles in the stores…), far from the positions of ordinary play, and a
failure shrinks to a small position that a reader can check by hand. The seeded random
playouts of ``tests/test_properties.py`` sample real games instead; both are kept.

>>> from hypothesis import find
>>> find(positions(), lambda p: p.must_release_fish()).must_release_fish()
True
"""

from __future__ import annotations

from hypothesis import strategies as st

from oanquan import Game, Position, Rules
from oanquan.rules import MANDARIN_GAPS

__all__ = ["game_records", "positions", "positions_and_rules", "rule_sets"]

#: Small counts keep a move short, yet big enough for laps of the ring (13 pebbles or more, R3.5).
CITIZEN_COUNTS = st.integers(min_value=0, max_value=15)
MANDARIN_COUNTS = st.integers(min_value=0, max_value=12)
#: Stores near the five pebbles of thả cá (R6.1, R6.2) as often as large ones.
STORE_COUNTS = st.integers(min_value=0, max_value=8) | st.integers(min_value=0, max_value=40)
DEBT_COUNTS = st.integers(min_value=0, max_value=8)
#: A row of five citizen squares: empty (thả cá next, R3.1), nearly empty (gaps, chains), or anything.
ROWS = st.one_of(
    st.just([0] * 5),
    st.lists(st.sampled_from((0, 0, 0, 1, 2)), min_size=5, max_size=5),
    st.lists(CITIZEN_COUNTS, min_size=5, max_size=5),
)


@st.composite
def rule_sets(draw: st.DrawFn, max_plies: st.SearchStrategy[int] | None = None) -> Rules:
    """Any options of RULES §9: the Mandarin's pieces and value, the gap rule, young Mandarins, the ply limit."""
    return Rules(
        mandarin_pieces=draw(st.sampled_from(("stone", "pebbles"))),
        mandarin_value=draw(st.one_of(st.sampled_from((10, 5)), st.integers(min_value=1, max_value=20))),
        mandarin_gap=draw(st.sampled_from(MANDARIN_GAPS)),
        young_mandarin_min=draw(st.sampled_from((0, 0, 5)) | st.integers(min_value=0, max_value=8)),
        max_plies=draw(max_plies if max_plies is not None else st.sampled_from((300, 0, 40))),
    )


@st.composite
def positions(draw: st.DrawFn, rules: Rules | None = None) -> Position:
    """A position that the format of RULES §10 can hold, under ``rules`` (default options if None).

    Each Mandarin stone is on its square, in player 0's store or in player 1's (R2.2 with
    stones; with ``mandarin_pieces="pebbles"`` there are none); everything else is drawn
    freely, so the total need not be the opening's.
    """
    rules = rules or Rules()
    if rules.mandarin_pieces == "stone":
        places = draw(st.tuples(*[st.sampled_from(("square", "store 0", "store 1"))] * 2))
    else:
        places = ("gone", "gone")
    citizens = draw(ROWS) + draw(ROWS)  # squares 0-4 (player 1's row), then 5-9 (player 0's): R1.1
    return Position(
        citizens + draw(st.lists(MANDARIN_COUNTS, min_size=2, max_size=2)),
        stones=(places[0] == "square", places[1] == "square"),
        stores=draw(st.tuples(STORE_COUNTS, STORE_COUNTS)),
        captured_stones=(places.count("store 0"), places.count("store 1")),
        debts=draw(st.tuples(DEBT_COUNTS, DEBT_COUNTS)),
        to_move=draw(st.sampled_from((0, 1))),
        rules=rules,
    )


@st.composite
def positions_and_rules(draw: st.DrawFn) -> Position:
    """A position under any options (its rules are ``position.rules``)."""
    return draw(positions(draw(rule_sets())))


@st.composite
def game_records(draw: st.DrawFn, max_moves: int = 40) -> Game:
    """A game from a drawn start under drawn options, its moves chosen among the legal ones.

    Hypothesis picks each move by its index in :meth:`Position.legal_moves`, so every
    record it builds can be played, and shrinking shortens the game and prefers the first moves.
    """
    start = draw(st.one_of(st.builds(Position.initial, rule_sets()), positions_and_rules()))
    game = Game(start)
    for _ in range(draw(st.integers(min_value=0, max_value=max_moves))):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))])
    return game
