"""Computer players, analysis and hints (oanquan.ai)."""

from __future__ import annotations

import random

import pytest

from oanquan import Game, Move, Position, Rules
from oanquan.ai import (
    LEVEL5_NODES,
    LEVELS,
    GreedyPlayer,
    Player,
    RandomPlayer,
    SearchPlayer,
    analyse,
    evaluate,
    hint,
    immediate_gain,
    player_for_level,
)


def minimax(position: Position, depth: int) -> int:
    """Plain negamax with the same evaluation: no pruning, no table."""
    if depth == 0 or position.outcome() is not None:
        return evaluate(position)
    return max(-minimax(position.play(m), depth - 1) for m in position.legal_moves())


def sample_positions(count: int, seed: int, rules: Rules | None = None) -> list[Position]:
    """Positions from seeded random games, the game not over."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        p = Position.initial(rules)
        for _ in range(rng.randint(0, 14)):
            if p.outcome() is not None:
                break
            p = p.play(rng.choice(p.legal_moves()))
        if p.outcome() is None:
            found.append(p)
    return found


def play_out(white: Player, black: Player) -> Game:
    game = Game()
    while game.outcome() is None:
        game.play((white, black)[game.position.to_move].choose(game.position))
    return game


def test_every_level_is_a_player_and_plays_legal_moves() -> None:
    assert sorted(LEVELS) == [1, 2, 3, 4, 5]
    for level in (1, 2, 3, 4):
        player = player_for_level(level, seed=level)
        assert isinstance(player, Player)
        assert player.name.startswith(f"Level {level}")
        for position in sample_positions(5, level):
            assert player.choose(position) in position.legal_moves()


def test_level_5_is_bounded_by_its_node_budget() -> None:
    player = player_for_level(5)
    assert isinstance(player, SearchPlayer) and player.max_nodes == LEVEL5_NODES
    found = SearchPlayer(depth=30, max_nodes=3_000).search(Position.initial())
    assert found.depth < 30
    assert found.nodes <= 3_000 + 256  # the budget is checked every 256 positions


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_a_seed_fixes_the_game(level: int) -> None:
    """Determinism: the same seeds replay the same game, move for move."""
    first = play_out(player_for_level(level, seed=3), player_for_level(2, seed=4))
    again = play_out(player_for_level(level, seed=3), player_for_level(2, seed=4))
    assert first.record() == again.record()


def test_different_seeds_vary_the_random_player() -> None:
    records = {play_out(RandomPlayer(seed=s), RandomPlayer(seed=s + 100)).record() for s in range(5)}
    assert len(records) == 5


def test_greedy_takes_the_largest_gain_and_breaks_ties_by_seed() -> None:
    opening = Position.initial()
    choices = {GreedyPlayer(seed=s).choose(opening) for s in range(20)}
    assert choices == {Move(5, "L"), Move(9, "R")}  # the two +11 captures of the opening
    for position in sample_positions(20, 8):
        move = GreedyPlayer(seed=1).choose(position)
        best = max(immediate_gain(position, m) for m in position.legal_moves())
        assert immediate_gain(position, move) == best


def test_immediate_gain_counts_what_the_trace_captures() -> None:
    """Including a turn that starts with thả cá and borrowing (R6.1, R6.2), which are no gain."""
    rules = Rules(mandarin_value=10)
    positions = sample_positions(20, 9, rules)
    positions.append(Position.from_text("3,0,2,0,1,0,0,0,0,0 Q+2,Q 2,53 0,0 0"))  # player 0 borrows 3
    for position in positions:
        for move in position.legal_moves():
            events = position.play_traced(move)[1]
            captured = sum(e.pebbles + 10 * e.stones for e in events if e.kind == "capture")
            assert immediate_gain(position, move) == captured


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_search_value_equals_plain_minimax(depth: int) -> None:
    """Alpha-beta, the table and move ordering change the work, never the value."""
    for position in sample_positions(8, depth):
        result = SearchPlayer(depth=depth, seed=depth).search(position)
        assert result.value * 2 == minimax(position, depth)
        assert -minimax(position.play(result.move), depth - 1) == minimax(position, depth)


def test_search_finds_a_forced_mandarin_capture() -> None:
    # 7R sows 8; 9 is empty, so M0 falls with its 2 pebbles (R5.1); the other moves take 3 at most.
    p = Position.from_text("1,0,2,0,0,2,0,1,0,0 Q+2,Q 20,28 0,0 0")
    capturing = [m for m in p.legal_moves() if immediate_gain(p, m) >= 10]
    assert capturing == [Move(7, "R")]
    for depth in (1, 2):  # deeper, 5L (+3 now) sets up more: see test_search_value_equals_plain_minimax
        assert SearchPlayer(depth=depth).choose(p) == capturing[0]


def test_search_avoids_a_greedy_trap() -> None:
    """A position where the biggest capture now loses more at once: depth 2 sees it, greedy does not."""
    for position in sample_positions(200, 21):
        greedy = GreedyPlayer().choose(position)
        after_greedy = -minimax(position.play(greedy), 1)
        best = minimax(position, 2)
        if best > after_greedy:
            choice = SearchPlayer(depth=2).choose(position)
            assert choice != greedy
            assert -minimax(position.play(choice), 1) == best
            return
    pytest.fail("no trap found in 200 positions")


def test_analyse_rates_every_move_best_first() -> None:
    for position in sample_positions(6, 13):
        rows = analyse(position, depth=3)
        assert sorted(r.move for r in rows) == sorted(position.legal_moves())
        values = [r.value for r in rows]
        assert values == sorted(values, reverse=True)
        for row in rows:
            assert row.gain == immediate_gain(position, row.move)
            assert row.value * 2 == -minimax(position.play(row.move), 2)
            assert row.pv[0] == row.move
            current = position
            for move in row.pv:  # the line is playable
                current = current.play(move)


def test_hint_names_the_best_move_and_its_gain() -> None:
    position = Position.initial()
    found = hint(position, depth=3)
    assert found.move == found.analysis[0].move
    assert found.text.startswith(f"{found.move} ")
    assert f": {immediate_gain(position, found.move):+d};" in found.text
    assert hint(position, depth=1).text.startswith(
        "5L relays from square 0 and captures the left Mandarin M1 (stone and 1 pebble): +11;"
    )


def test_players_refuse_a_finished_game() -> None:
    over = Position.from_text("3,0,0,0,0,4,0,0,0,0 0,0 30,33 0,0 1")
    for level in (1, 2, 3):
        with pytest.raises(ValueError, match="game is over"):
            player_for_level(level).choose(over)
    with pytest.raises(ValueError, match="level must be 1-5"):
        player_for_level(0)
    with pytest.raises(ValueError, match="depth"):
        SearchPlayer(depth=0)


def test_a_search_out_of_budget_before_depth_1_values_its_move_for_the_mover(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fallback move's value is from the mover's side, as every finished search's is."""
    import oanquan.ai

    def out_of_budget(*_: object) -> None:
        raise oanquan.ai._OutOfBudgetError

    monkeypatch.setattr(oanquan.ai, "_search_root", out_of_budget)
    start = Position.initial()
    result = SearchPlayer(depth=3).search(start)
    assert result.depth == 0 and result.value * 2 == -evaluate(start.play(result.move))
    assert result.value > 0  # every opening move captures: the mover is ahead
