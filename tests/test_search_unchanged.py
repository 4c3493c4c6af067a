"""The faster search of issue 10 is the same search: node for node, move for move.

``tests/golden/search.json`` holds what the search found before the speed work (commit
0ae508d, taken from git by ``benchmarks/old_engine.py`` when it was written), in the way
python-chess pins its move generator with perft numbers: on random positions under several
option sets, the best move, value, depth reached, positions visited and principal variation;
a position's analysis; and the order children are searched in. Today's search must find the
same, so every level plays as it did, only sooner. (If the search is ever changed on purpose,
this file is the place that says what changed.)

The search works on the fields of positions (``position.State``), not on
Position objects; the last tests check, under every option set of RULES §9,
that what it reads and plays on those fields is what a Position says: the
legal moves, the end of the game, the final scores, each move's result, and
the evaluation.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import ALL_RULES, random_positions, rules_id
from oanquan import Move, Position, Rules
from oanquan.ai import SearchPlayer, _evaluate_state, analyse, evaluate, ordered_children
from oanquan.position import (
    CAPTURED,
    DEBTS,
    MOVER,
    STONES,
    STORES,
    ending_rule,
    final_scores,
    moves_of,
    play_fast,
    state_of,
)

GOLDEN: dict[str, Any] = json.loads((Path(__file__).parent / "golden" / "search.json").read_text(encoding="utf-8"))

SOME_RULES = [ALL_RULES[0], ALL_RULES[5], ALL_RULES[17], ALL_RULES[30], ALL_RULES[47]]


@pytest.mark.parametrize("rules", SOME_RULES, ids=rules_id)
def test_search_visits_the_same_positions_and_chooses_the_same_moves(rules: Rules) -> None:
    positions = [p for p in random_positions(rules, seed=10, games=2) if p.outcome() is None][::6]
    golden = [case for case in GOLDEN["searches"] if case["rules"] == rules.changes()]
    assert len(positions) >= 4 and [case["position"] for case in golden] == [p.to_text() for p in positions]
    for number, (position, before) in enumerate(zip(positions, golden, strict=True)):
        now = SearchPlayer(depth=30, max_nodes=1_500, seed=number).search(position)
        found = {"move": str(now.move), "value": now.value, "depth": now.depth, "nodes": now.nodes}
        found["pv"] = [str(m) for m in now.pv]
        assert found == {key: before[key] for key in found}


def test_analyse_rates_moves_as_before() -> None:
    golden = GOLDEN["analyse"]
    position = Position.from_text(golden["position"])
    assert [str(row) for row in analyse(position, depth=golden["depth"])] == golden["rows"]


def test_ordered_children_in_the_same_order_for_any_first_move() -> None:
    """The first move may be any equal Move (not the shared object), or not legal (then ignored)."""
    golden = GOLDEN["ordered_children"]
    position = Position.from_text(golden["position"])
    assert position == Position.initial().play("7R")
    for case in golden["orders"]:
        first = None if case["first"] is None else Move.parse(case["first"])
        assert [str(m) for m, _ in ordered_children(position, first)] == case["children"]


@pytest.mark.parametrize("rules", ALL_RULES, ids=rules_id)
def test_the_searchs_states_follow_the_engines_rules(rules: Rules) -> None:
    """On the fields of a position, the search sees what the Position says, and plays what play() plays."""
    positions = random_positions(rules, seed=48, games=2)
    assert any(p.is_over() for p in positions) and len(positions) > 40
    for position in positions:
        state = state_of(position)
        assert state == (
            *position.pebbles,
            *(int(stone) for stone in position.stones),
            *position.stores,
            *position.captured_stones,
            *position.debts,
            position.to_move,
        )
        assert state[STONES : STONES + 2] == tuple(int(position.has_stone(s)) for s in (10, 11))
        assert (state[STORES], state[CAPTURED + 1], state[DEBTS], state[MOVER]) == (
            position.stores[0],
            position.captured_stones[1],
            position.debts[0],
            position.to_move,
        )
        outcome = position.outcome()
        assert ending_rule(state) == (None if outcome is None else outcome.termination)
        if outcome is not None:
            assert final_scores(state, rules.mandarin_value) == outcome.scores
            continue
        assert moves_of(state) == position.legal_moves()
        for move in position.legal_moves():
            child = play_fast(state, rules, move.square, move.direction)
            after = position.play(move)
            assert child == state_of(after)
            assert _evaluate_state(child, rules.mandarin_value) == evaluate(after) == _evaluation(after)


def _evaluation(position: Position) -> int:
    """The evaluation as ai.evaluate's notes define it, from the public API: half points for the mover."""
    me, other = position.to_move, 1 - position.to_move
    outcome = position.outcome()
    if outcome is not None:
        return 2 * (outcome.scores[me] - outcome.scores[other])
    settled = position.points(me) - position.points(other) - 2 * (position.debts[me] - position.debts[other])
    rows = [sum(position.pebbles[5:10]), sum(position.pebbles[0:5])]
    return 2 * settled + rows[me] - rows[other]


@pytest.mark.parametrize("hand", [1, 12, 23, 24, 25, 40, 130])
def test_large_hands_are_sown_alike(hand: int) -> None:
    """The fast path sows small hands along worked-out routes and large ones square by square (R3.3)."""
    for square, direction in [(7, "L"), (7, "R"), (5, "L"), (9, "R")]:
        pebbles = [1, 0, 2, 0, 1, 3, 0, 1, 0, 0]
        pebbles[square] = hand
        text = ",".join(map(str, pebbles)) + " Q+2,Q 3,4 0,0 0"
        for rules in (Rules(), Rules(mandarin_gap="always"), Rules(young_mandarin_min=5)):
            position = Position.from_text(text, rules)
            move = f"{square}{direction}"
            traced, _ = position.play_traced(move)
            assert position.play(move) == traced
