"""Invariants of the engine: over seeded random play, and over any position Hypothesis finds.

Two halves:

- **Seeded playouts**: each property runs under every option set (all 48 combinations of
  RULES §9) on the same fixed seeds every run; each seed plays whole random games and
  checks every position along the way. They sample real play, reproducibly.
- **Searched**: Hypothesis draws positions, options and game records from
  ``tests/strategies.py`` (every field on its own, far from ordinary play), with enough
  examples to find a rare bug and shrinking on, so that a failure is reported as a small
  position. The engine is also compared there with the plain reference implementation
  written from RULES.md alone (``benchmarks/reference.py``).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import Phase, find, given, settings
from strategies import game_records, positions_and_rules

from benchmarks.reference import MANDARINS, ReferenceGame
from conftest import ALL_RULES, random_positions, rules_id
from oanquan import Game, IllegalMoveError, Position, Rules
from oanquan.events import STOP_KINDS
from oanquan.move import ALL_MOVES
from oanquan.position import ending_rule, moves_of, play_fast, state_of
from oanquan.svg import trace_frames

#: The seeds of the playouts: the same every run, so a failure here is reproduced by running again.
SEEDS = (0, 1, 2, 3)
every_rule_set = pytest.mark.parametrize("rules", ALL_RULES, ids=rules_id)
#: The searched properties: hundreds of examples each, shrinking on (Hypothesis's default phases).
SEARCH = settings(max_examples=300, deadline=None)


def playouts(rules: Rules, games: int = 3) -> list[Position]:
    """Every position of ``games`` random games under ``rules`` from each of the :data:`SEEDS`."""
    return [position for seed in SEEDS for position in random_positions(rules, seed, games)]


@every_rule_set
def test_points_are_conserved(rules: Rules) -> None:
    for position in playouts(rules):
        assert position.total_points() == rules.total_points == 50 + 2 * rules.mandarin_value


@every_rule_set
def test_text_and_json_round_trip(rules: Rules) -> None:
    for position in playouts(rules, games=1):
        assert Position.from_text(position.to_text(), rules) == position
        assert Position.from_json(position.to_json()) == position
        assert json.loads(position.to_json())["rules"] == rules.to_dict()


@every_rule_set
def test_no_legal_move_exactly_when_the_game_is_over(rules: Rules) -> None:
    for position in playouts(rules):
        assert (position.legal_moves() == ()) == (position.outcome() is not None)


@every_rule_set
def test_legal_moves_is_legal_and_play_agree(rules: Rules) -> None:
    """play() checks a Move with a quick test of its own (R3.2); it must accept exactly the legal moves."""
    for position in playouts(rules, games=1):
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
def test_play_never_changes_the_original(rules: Rules) -> None:
    for position in playouts(rules, games=1):
        before = position.to_text()
        for move in position.legal_moves():
            position.play(move)
            position.play_traced(move)
        assert position.to_text() == before


@every_rule_set
def test_every_random_game_ends(rules: Rules) -> None:
    for seed in SEEDS:
        rng = random.Random(seed)
        game = Game(rules=rules)
        # With max_plies=0 (no limit, R7.3) a game can repeat for ever: stop looking at 2,000 plies.
        while game.outcome() is None and len(game) < (rules.max_plies or 2000):
            game.play(rng.choice(game.legal_moves()))
        outcome = game.outcome()
        if rules.max_plies:
            assert outcome is not None and len(game) <= rules.max_plies
        else:
            assert outcome is None or outcome.rule != "R7.3"
        if outcome is not None and outcome.rule == "R7.1":
            assert sum(outcome.scores) == rules.total_points  # R8.3
        assert Game.from_record(game.record(), rules=rules).position == game.position
        assert Game.from_json(game.to_json()).position == game.position


@every_rule_set
def test_fast_and_traced_play_agree(rules: Rules) -> None:
    """The untraced path skips the per-pebble events; it must reach the same positions."""
    for position in playouts(rules, games=2):
        for move in position.legal_moves():
            fast = position.play(move)
            traced, events = position.play_traced(move)
            assert fast == traced
            # play() works out what a new position knows (its legal moves, its end) in a copy of
            # its own of _from_state's code, which the traced path uses.
            assert fast.outcome() == traced.outcome() and fast.legal_moves() == traced.legal_moves()
            # Exactly one event ends the turn, and the board after it is the result.
            stops = [i for i, e in enumerate(events) if e.kind in STOP_KINDS]
            assert len(stops) == 1
            last = events[stops[0]].position
            assert last.pebbles == fast.pebbles and last.stores == fast.stores
            assert last.captured_stones == fast.captured_stones and last.debts == fast.debts


@every_rule_set
def test_children_are_the_legal_moves_played(rules: Rules) -> None:
    """children() plays every legal move without checking each: the same as play() one by one."""
    for position in playouts(rules, games=1):
        assert position.children() == [(move, position.play(move)) for move in position.legal_moves()]


@every_rule_set
def test_trace_steps_are_consistent(rules: Rules) -> None:
    """Each drop adds one pebble to its square; each capture empties its square."""
    for position in playouts(rules, games=1):
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


# -- searched: any position, any options (tests/strategies.py) --------------------------------


def reference_at(position: Position) -> ReferenceGame:
    """The reference implementation set up at ``position`` (it starts from the opening otherwise)."""
    reference = ReferenceGame(**position.rules.to_dict())
    for square in range(10):
        reference.pebbles[square] = position.count(square)
    for index, name in enumerate(MANDARINS):
        reference.pebbles[name] = position.pebbles[10 + index]
        reference.stone[name] = position.stones[index]
    reference.store = list(position.stores)
    reference.stones_won = list(position.captured_stones)
    reference.debt = list(position.debts)
    reference.player = position.to_move
    assert reference.to_text() == position.to_text()
    return reference


@SEARCH
@given(positions_and_rules())
def test_any_position_round_trips_through_text_and_json(position: Position) -> None:
    assert Position.from_text(position.to_text(), position.rules) == position
    assert Position.from_json(position.to_json()) == position


@SEARCH
@given(positions_and_rules())
def test_any_position_has_no_legal_move_exactly_when_it_is_over(position: Position) -> None:
    assert (position.legal_moves() == ()) == (position.outcome() is not None)


@SEARCH
@given(positions_and_rules())
def test_every_move_from_any_position_conserves_points_and_agrees_with_its_trace(position: Position) -> None:
    """R8.3 (no point is made or lost by a move) and the fast paths = the traced path, from anywhere:
    play() and the search's play_fast on the position's fields (a State) alike."""
    before, hashed, state = position.to_text(), hash(position), state_of(position)
    outcome = position.outcome()
    assert ending_rule(state) == (None if outcome is None else outcome.termination)
    assert moves_of(state) == position.legal_moves() or outcome is not None
    for move in position.legal_moves():
        fast = position.play(move)
        traced, events = position.play_traced(move)
        assert fast == traced and hash(fast) == hash(traced)
        assert play_fast(state, position.rules, move.square, move.direction) == state_of(traced)
        assert fast.total_points() == position.total_points()
        assert [e.kind in STOP_KINDS for e in events].count(True) == 1
        assert fast.to_move == 1 - position.to_move  # R3.5
    # playing never changes the position played from (play() plays on a copy of its fields)
    assert (position.to_text(), hash(position), state_of(position)) == (before, hashed, state)


@SEARCH
@given(positions_and_rules())
def test_the_engine_agrees_with_the_reference_from_any_position(position: Position) -> None:
    """Legal moves, the outcome and every move's result, against the implementation written from RULES.md alone."""
    reference = reference_at(position)
    assert reference.legal_moves() == [str(m) for m in position.legal_moves()]
    outcome = position.outcome()
    assert reference.outcome() == (None if outcome is None else (outcome.scores, outcome.winner, outcome.rule))
    for move in position.legal_moves():
        assert reference.play(str(move)).to_text() == position.play(move).to_text(), str(move)


@settings(max_examples=150, deadline=None)
@given(game_records())
def test_any_game_replays_from_its_record_and_json_and_undoes_to_its_start(game: Game) -> None:
    """R4.2: a record replays to the same position; undo walks back through every position to the start."""
    assert Game.from_record(game.record(), game.start).position == game.position
    again = Game.from_json(game.to_json())
    assert again.position == game.position and again.record() == game.record()
    seen = list(game.positions)
    while len(game):
        game.undo()
        assert game.position == seen[len(game)]
    assert game.position == game.start


@pytest.mark.parametrize("kind", sorted(STOP_KINDS | {"borrow", "refill", "relay", "capture", "game_end"}))
def test_the_searched_positions_reach_every_rule(kind: str) -> None:
    """The strategies are wide enough: Hypothesis finds a position whose move goes through each kind of step."""

    def has_step(position: Position) -> bool:
        return any(e.kind == kind for move in position.legal_moves() for e in position.play_traced(move)[1])

    # Found is enough: no need to shrink the example (Phase.shrink) to the smallest such position.
    only_search = settings(max_examples=2_000, deadline=None, phases=[Phase.generate])
    assert has_step(find(positions_and_rules(), has_step, settings=only_search))


# -- the pictures of a move say whose turn it is, and the score every surface says -------------


def _strip_words(svg: str) -> dict[str, list[str]]:
    """The words on each player's strip of a picture, keyed "0" and "1" (strip 1 is drawn first, on top)."""
    words = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    strips: dict[str, list[str]] = {"0": [], "1": []}
    current = None
    for word in words:
        found = re.match(r"(Bottom|Top) row · ", word)
        if found:
            current = "0" if found.group(1) == "Bottom" else "1"
        if current is not None:
            strips[current].append(word)
    return strips


@given(positions_and_rules())
def test_a_moves_pictures_mark_the_mover_then_the_next_player(position: Position) -> None:
    """The "to move" marker always means the player whose turn it is (issue 25): during a move the
    mover is "playing", the picture of the move's end marks the next player and says the mover
    "just played", and a picture of the game's end marks nobody: it shows the points settled so
    far, and the final scores (R8) only from the sweep on (R7.4), which makes them."""
    for move in position.legal_moves()[:3]:
        after, events = position.play_traced(move)
        frames = trace_frames(position, events, move=move)
        mover = str(position.to_move)
        other = str(1 - position.to_move)
        for frame in frames[1:]:
            strips = _strip_words(frame.svg)
            kind = frame.event.kind if frame.event else ""
            if kind in ("game_end", "sweep", "repay"):
                assert "to move" not in strips[mover] + strips[other], kind
                final = after.outcome()
                if final is not None:
                    shown, words = final.scores, ""
                    if kind == "game_end":
                        shown, words = frame.position.score_breakdown(final=False).scores, " before the sweep"
                        assert "game over" not in frame.svg
                    for player in (0, 1):
                        score = shown[player]
                        points = f"point{'' if score == 1 else 's'}"
                        name = ("Bottom row", "Top row")[player]
                        assert strips[str(player)][0] == f"{name} · {score} {points}{words}"
            elif kind in STOP_KINDS:
                assert "to move" in strips[other] and "just played" in strips[mover], kind
                assert "to move" not in strips[mover]
            else:
                assert "playing" in strips[mover] and "to move" not in strips[mover] + strips[other], kind
