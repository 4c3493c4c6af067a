"""The faster search of issue 10 is the same search: node for node, move for move.

``benchmarks/baseline`` keeps the search (and the engine it ran on) as it was
before the speed work, so that ``make bench`` can compare their speeds. Here
the two must agree exactly on random positions under several option sets: the
same best move, value, depth reached and number of positions visited, so every
level plays as it did, only sooner. (If the search is ever changed on purpose,
this test is the place that says what changed.)
"""

from __future__ import annotations

import pytest

from benchmarks.baseline import ai as baseline_ai
from benchmarks.baseline import rules as baseline_rules
from benchmarks.baseline.position import Position as BaselinePosition
from conftest import ALL_RULES, random_positions
from oanquan import Position, Rules
from oanquan.ai import SearchPlayer, analyse, ordered_children

SOME_RULES = [ALL_RULES[0], ALL_RULES[5], ALL_RULES[17], ALL_RULES[30], ALL_RULES[47]]


def _before(position: Position) -> BaselinePosition:
    rules = baseline_rules.Rules(**position.rules.to_dict())
    return BaselinePosition.from_text(position.to_text(), rules)


@pytest.mark.parametrize("rules", SOME_RULES, ids=lambda r: "-".join(f"{k}={v}" for k, v in r.changes().items()))
def test_search_visits_the_same_positions_and_chooses_the_same_moves(rules: Rules) -> None:
    positions = [p for p in random_positions(rules, seed=10, games=2) if p.outcome() is None][::6]
    assert len(positions) >= 4
    for number, position in enumerate(positions):
        budget = {"depth": 30, "max_nodes": 1_500, "seed": number}
        now = SearchPlayer(**budget).search(position)  # type: ignore[arg-type]
        before = baseline_ai.SearchPlayer(**budget).search(_before(position))  # type: ignore[arg-type]
        assert (str(now.move), now.value, now.depth, now.nodes) == (
            str(before.move),
            before.value,
            before.depth,
            before.nodes,
        )
        assert [str(m) for m in now.pv] == [str(m) for m in before.pv]


def test_analyse_rates_moves_as_before() -> None:
    position = Position.from_text("0,0,0,0,1,0,1,0,0,2 Q,Q+1 20,28 0,0 0")
    now = [str(row) for row in analyse(position, depth=4)]
    before = [str(row) for row in baseline_ai.analyse(_before(position), depth=4)]
    assert now == before


def test_ordered_children_in_the_same_order_for_any_first_move() -> None:
    """The first move may be any equal Move (not the shared object), or not legal (then ignored)."""
    from benchmarks.baseline.move import Move as BaselineMove
    from oanquan import Move

    position = Position.initial().play("7R")
    for first in [None, Move(2, "L"), Move(4, "R"), Move(7, "R")]:
        now = [str(m) for m, _ in ordered_children(position, first)]
        old_first = None if first is None else BaselineMove(first.square, first.direction)
        before = [str(m) for m, _ in baseline_ai.ordered_children(_before(position), old_first)]
        assert now == before
