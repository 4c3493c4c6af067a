"""The exact solver (oanquan.solver): agreement with brute force, soundness of its bounds."""

from __future__ import annotations

import random

import pytest

from oanquan import Position, Rules
from oanquan.solver import UnsolvedError, bounds, move_values, solve


def brute_force(position: Position, plies_left: int) -> int:
    """Plain minimax of the game that stops after ``plies_left`` plies (R7.3): no pruning, no memo."""
    outcome = position.outcome(plies_left)
    mover = position.to_move
    if outcome is not None:
        return outcome.scores[mover] - outcome.scores[1 - mover]
    return max(-brute_force(position.play(m), plies_left - 1) for m in position.legal_moves())


def tiny_positions(count: int, seed: int, rules: Rules | None = None) -> list[Position]:
    """Random positions with at most 6 pebbles on the board and a few Mandarin pieces."""
    rng = random.Random(seed)
    rules = rules or Rules()
    found: list[Position] = []
    while len(found) < count:
        board = [0] * 12
        for _ in range(rng.randint(1, 6)):
            board[rng.randrange(12)] += 1
        stones = (rng.random() < 0.3, rng.random() < 0.3)
        stores = (rng.randint(0, 8), rng.randint(0, 8))
        captured = (rng.randint(0, 2 - stones[0] - stones[1]), 0)
        p = Position(board, stones, stores, captured, (0, rng.choice((0, 0, 3))), rng.randint(0, 1), rules)
        if p.outcome() is None:
            found.append(p)
    return found


@pytest.mark.parametrize("seed", range(3))
def test_limited_solve_agrees_with_brute_force(seed: int) -> None:
    """With plies_left=n the solver gives exactly the minimax value of the n-ply game (R7.3)."""
    rules = Rules(mandarin_gap="never") if seed == 2 else None
    for position in tiny_positions(12, seed, rules):
        for plies in (1, 2, 3, 4):
            assert solve(position, plies_left=plies).value == brute_force(position, plies), (position, plies)


def test_limit_free_values_hold_under_every_longer_limit() -> None:
    """A limit-free value proved at depth d is the brute-force value for every limit >= d."""
    checked = 0
    for position in tiny_positions(40, 11):
        try:
            solution = solve(position, max_depth=6, max_nodes=5_000)
        except UnsolvedError:
            continue
        assert not solution.limited
        for plies in (solution.depth, solution.depth + 1, solution.depth + 2):
            assert brute_force(position, plies) == solution.value, (position, plies)
        checked += 1
    assert checked >= 8


def test_bounds_contain_brute_force_values() -> None:
    """Unsolved positions: the proved bounds contain the value under each limit beyond their depth."""
    checked = 0
    for position in tiny_positions(40, 5):
        found = bounds(position, max_depth=4, max_nodes=20_000)
        if found.exact:
            continue
        for plies in (found.depth, found.depth + 1):
            value = brute_force(position, plies)
            assert found.low is None or found.low <= value, (position, plies)
            assert found.high is None or value <= found.high, (position, plies)
        checked += 1
    assert checked >= 5


def test_best_move_achieves_the_value() -> None:
    """The move solve() names is worth the value it states (its child's value, negated)."""
    for position in tiny_positions(30, 7):
        try:
            solution = solve(position, max_depth=6, max_nodes=20_000)
        except UnsolvedError:
            continue
        assert solution.move is not None
        child = position.play(solution.move)
        assert brute_force(child, solution.depth - 1) == -solution.value


def test_move_values_bound_every_move() -> None:
    p = Position.from_text("0,0,0,0,0,0,0,1,0,0 1,0 30,38 0,0 0")
    values = move_values(p, max_nodes=20_000)
    assert str(values[p.legal_moves()[1]]) == "-6"  # 7R captures M0 and ends the game 32-38
    high = values[p.legal_moves()[0]].high
    assert high is not None and high < -6


def test_a_shuffling_position_is_reported_unsolved_with_its_bounds() -> None:
    """Player 1 can keep releasing fish (R6), so no value holds under every ply limit."""
    p = Position.from_text("0,0,0,0,0,0,1,0,0,0 1,0 30,38 0,0 1")
    with pytest.raises(UnsolvedError, match="cannot solve") as raised:
        solve(p, max_depth=10, max_nodes=20_000)
    assert raised.value.bounds is not None and raised.value.bounds.high is None


def test_finished_and_zero_ply_positions() -> None:
    over = Position.from_text("3,0,0,0,0,4,0,0,0,0 0,0 30,33 0,0 1")
    assert solve(over).value == 36 - 34 and solve(over).move is None
    p = Position.initial()
    assert solve(p, plies_left=0).value == 0  # R7.3 at once: each sweeps 25
    with pytest.raises(ValueError, match="plies_left"):
        solve(p, plies_left=-1)
