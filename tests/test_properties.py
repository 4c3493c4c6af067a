"""Invariants over positions reached by seeded random play, under every option set.

Each property runs under every option set (all 48 combinations of RULES §9);
Hypothesis picks the seeds; each example plays whole random games and checks
every position along the way.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ALL_RULES, random_positions, rules_id
from oanquan import Game, IllegalMoveError, Position, Rules
from oanquan.events import STOP_KINDS
from oanquan.move import ALL_MOVES

seeds = st.integers(min_value=0, max_value=2**32 - 1)
#: Each property runs under every one of the 48 option sets of RULES §9, on a few seeds each.
SETTINGS = settings(max_examples=4, deadline=None)
every_rule_set = pytest.mark.parametrize("rules", ALL_RULES, ids=rules_id)


@every_rule_set
@SETTINGS
@given(seed=seeds)
def test_points_are_conserved(rules: Rules, seed: int) -> None:
    for position in random_positions(rules, seed):
        assert position.total_points() == rules.total_points == 50 + 2 * rules.mandarin_value


@every_rule_set
@SETTINGS
@given(seed=seeds)
def test_text_and_json_round_trip(rules: Rules, seed: int) -> None:
    for position in random_positions(rules, seed, games=1):
        assert Position.from_text(position.to_text(), rules) == position
        assert Position.from_json(position.to_json()) == position
        assert json.loads(position.to_json())["rules"] == rules.to_dict()


@every_rule_set
@SETTINGS
@given(seed=seeds)
def test_no_legal_move_exactly_when_the_game_is_over(rules: Rules, seed: int) -> None:
    for position in random_positions(rules, seed):
        assert (position.legal_moves() == ()) == (position.outcome() is not None)


@every_rule_set
@SETTINGS
@given(seed=seeds)
def test_legal_moves_is_legal_and_play_agree(rules: Rules, seed: int) -> None:
    """play() checks a Move with a quick test of its own (R3.2); it must accept exactly the legal moves."""
    for position in random_positions(rules, seed, games=1):
        legal = position.legal_moves()
        for move in (m for pair in ALL_MOVES for m in pair):
            assert position.is_legal(move) == (move in legal)
            try:
                position.play(move)
                played = True
            except IllegalMoveError:
                played = False
            assert played == (move in legal)


@every_rule_set
@SETTINGS
@given(seed=seeds)
def test_play_never_changes_the_original(rules: Rules, seed: int) -> None:
    for position in random_positions(rules, seed, games=1):
        before = position.to_text()
        for move in position.legal_moves():
            position.play(move)
            position.play_traced(move)
        assert position.to_text() == before


@every_rule_set
@SETTINGS
@given(seed=seeds)
def test_every_random_game_ends(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    game = Game(rules=rules)
    # With max_plies=0 (no limit, R7.3) a game can repeat for ever: stop looking at 2,000 plies.
    while game.outcome() is None and len(game) < (rules.max_plies or 2000):
        game.play(rng.choice(game.legal_moves()))
    outcome = game.outcome()
    if rules.max_plies:
        assert outcome is not None and len(game) <= rules.max_plies
    else:
        assert outcome is None or outcome.reason != "R7.3"
    if outcome is not None and outcome.reason == "R7.1":
        assert sum(outcome.scores) == rules.total_points  # R8.3
    assert Game.from_record(game.record(), rules=rules).position == game.position
    assert Game.from_json(game.to_json()).position == game.position


@every_rule_set
@SETTINGS
@given(seed=seeds)
def test_fast_and_traced_play_agree(rules: Rules, seed: int) -> None:
    """The untraced path skips the per-pebble events; it must reach the same positions."""
    for position in random_positions(rules, seed, games=2):
        for move in position.legal_moves():
            fast = position.play(move)
            traced, events = position.play_traced(move)
            assert fast == traced
            assert fast.outcome() == traced.outcome()
            # Exactly one event ends the turn, and the board after it is the result.
            stops = [i for i, e in enumerate(events) if e.kind in STOP_KINDS]
            assert len(stops) == 1
            last = events[stops[0]].position
            assert last.pebbles == fast.pebbles and last.stores == fast.stores
            assert last.captured_stones == fast.captured_stones and last.debts == fast.debts


@every_rule_set
@SETTINGS
@given(seed=seeds)
def test_children_are_the_legal_moves_played(rules: Rules, seed: int) -> None:
    """children() plays every legal move without checking each: the same as play() one by one."""
    for position in random_positions(rules, seed, games=1):
        assert position.children() == [(move, position.play(move)) for move in position.legal_moves()]


@every_rule_set
@SETTINGS
@given(seed=seeds)
def test_trace_steps_are_consistent(rules: Rules, seed: int) -> None:
    """Each drop adds one pebble to its square; each capture empties its square."""
    for position in random_positions(rules, seed, games=1):
        for move in position.legal_moves()[:4]:
            _, events = position.play_traced(move)
            before = position
            for event in events:
                after = event.position
                if event.kind == "drop":
                    assert event.square is not None
                    assert after.count(event.square) == before.count(event.square) + 1
                    assert sum(after.pebbles) == sum(before.pebbles) + 1
                elif event.kind == "capture":
                    assert event.square is not None and after.is_empty(event.square)
                    gained = after.points(event.player) - before.points(event.player)
                    assert gained == event.pebbles + rules.mandarin_value * event.stones
                before = after


def test_positions_seen_cover_every_event_kind() -> None:
    """The random sample above really exercises the rare rules (thả cá, borrowing, young Mandarins)."""
    seen: set[str] = set()
    for rules in ALL_RULES:
        for position in random_positions(rules, seed=7, games=8):
            for move in position.legal_moves()[:2]:
                seen.update(e.kind for e in position.play_traced(move)[1])
    expected = {"borrow", "refill", "lift", "drop", "relay", "mandarin_stop", "capture"}
    expected |= {"double_empty", "young_mandarin", "chain_end", "game_end", "sweep", "repay"}
    assert seen == expected
