"""Shared helpers for the engine's tests."""

from __future__ import annotations

import itertools
import random

import pytest

from oanquan import Position, Rules
from oanquan.rules import MANDARIN_GAPS

#: Every combination of the options of RULES §9: 2 x 2 x 3 x 2 x 2 = 48. Random
#: games under ``max_plies=0`` are cut at 300 plies by the helpers below.
ALL_RULES = [
    Rules(mandarin_pieces=pieces, mandarin_value=value, mandarin_gap=gap, young_mandarin_min=young, max_plies=plies)
    for pieces, value, gap, young, plies in itertools.product(
        ("stone", "pebbles"), (10, 5), MANDARIN_GAPS, (0, 5), (300, 0)
    )
]


def kinds(events: tuple[object, ...]) -> list[str]:
    """The kinds of a trace without the individual drops, for compact assertions."""
    return [e.kind for e in events if e.kind != "drop"]  # type: ignore[attr-defined]


def random_positions(rules: Rules, seed: int, games: int = 3) -> list[Position]:
    """Every position of a few seeded random games: a varied sample of real play."""
    rng = random.Random(seed)
    seen: list[Position] = []
    for _ in range(games):
        position = Position.initial(rules)
        for _ in range(rules.max_plies or 300):
            seen.append(position)
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(moves))
    return seen


def rules_id(rules: Rules) -> str:
    """A test id naming the options that differ from the defaults."""
    return "-".join(f"{k}={v}" for k, v in rules.changes().items()) or "default"


@pytest.fixture(params=ALL_RULES, ids=rules_id)
def rules(request: pytest.FixtureRequest) -> Rules:
    return request.param  # type: ignore[no-any-return]
