"""The engine against the plain reference implementation of ``benchmarks/reference.py``.

The reference is written from RULES.md alone and shares no code with the
engine. On seeded random games under every combination of the options of
RULES §9 (R7.3 included: the ply limit is checked through :class:`Game`), the
two must agree at every ply on the legal moves, the position text, the
result of every legal move and the outcome.
"""

from __future__ import annotations

import random

import pytest

from benchmarks.reference import ReferenceGame
from conftest import ALL_RULES
from oanquan import Game, Rules

GAMES = 6  # per option set: 48 x 6 random games, every ply compared


def _same_game(rules: Rules, seed: int) -> int:
    """Play one random game on both engines, comparing every ply; return the plies played."""
    rng = random.Random(seed)
    game = Game(rules=rules)
    reference = ReferenceGame(**rules.to_dict())
    limit = rules.max_plies or 300  # max_plies=0 (no limit): look at 300 plies
    while True:
        assert reference.to_text() == game.position.to_text()
        legal = [str(m) for m in game.legal_moves()]
        assert reference.legal_moves() == legal
        outcome = game.outcome()
        expected = None if outcome is None else (outcome.scores, outcome.winner, outcome.rule)
        assert reference.outcome() == expected
        if not legal or len(game) >= limit:
            return len(game)
        # Every move from here, not only the one played, so that rare turns (a chain
        # through an empty Mandarin square, a young Mandarin) are compared too.
        for other in legal:
            assert reference.play(other).to_text() == game.position.play(other).to_text()
        move = rng.choice(legal)
        game.play(move)
        reference = reference.play(move)


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: "-".join(f"{k}={v}" for k, v in r.changes().items()))
def test_engine_agrees_with_the_reference_on_random_games(rules: Rules) -> None:
    plies = sum(_same_game(rules, seed) for seed in range(GAMES))
    assert plies > GAMES * 10  # real games were compared, not just openings


def test_reference_refuses_an_illegal_move() -> None:
    with pytest.raises(ValueError, match="illegal move '0L'"):
        ReferenceGame().play("0L")


def test_reference_follows_the_worked_examples_of_rules_11() -> None:
    start = ReferenceGame()
    assert start.play("5L").to_text() == "0,6,6,6,6,0,6,6,6,6 Q+1,0 1+Q,0 0,0 1"
    assert start.play("9R").to_text() == "6,6,6,6,0,6,6,6,6,0 0,Q+1 1+Q,0 0,0 1"
    young = ReferenceGame(young_mandarin_min=5).play("5L").to_text()
    assert young == "0,6,6,6,6,0,6,6,6,6 Q+1,Q+1 0,0 0,0 1"
