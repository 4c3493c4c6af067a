"""Propose candidate puzzles from random and computer games; print them as a puzzle file (JSON).

Games are played by seeded players of levels 1-4 (random, greedy, search), under
the default rules and, for the young-Mandarin theme, with ``young_mandarin_min=5``;
endgames come from the last moves of games between levels 2-4.
Every position of every game is tried against each theme of ``oanquan.puzzles``;
a candidate is kept only when the engine (and, for endgames, the exact solver)
proves its answer unique, and its explanation is the one the engine writes. The
output is a valid puzzle file: every candidate passes ``oanquan.puzzles.verify``.

    python scripts/propose_puzzles.py --games 300 --per-theme 5 > candidates.json
    python scripts/propose_puzzles.py --theme endgame --per-theme 3

The built-in collection (``oanquan/data/puzzles.json``) is the output of these two
runs, joined (the endgames are slow to find, hence the second run):

    python scripts/propose_puzzles.py --games 200 --per-theme 5 --budget 480 \
        --theme relay --theme chain --theme mandarin --theme double_empty --theme tha_ca --theme young_mandarin
    python scripts/propose_puzzles.py --games 400 --per-theme 6 --budget 1200 --theme endgame
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator

from oanquan import Game, Move, Position, Rules
from oanquan.ai import immediate_gain, player_for_level
from oanquan.puzzles import THEMES, Puzzle, dumps, explain, goal_moves, theme_problems, verify
from oanquan.solver import UnsolvedError

YOUNG = Rules(young_mandarin_min=5)


def games(count: int, seed: int, rules: Rules, lowest: int = 1) -> Iterator[tuple[int, Game]]:
    """``count`` seeded games between random levels ``lowest``-4, each played to its end."""
    rng = random.Random(seed)
    for number in range(count):
        levels = (rng.randint(lowest, 4), rng.randint(lowest, 4))
        players = [player_for_level(level, seed=seed * 10_000 + number) for level in levels]
        game = Game(rules=rules)
        while game.outcome() is None:
            game.play(players[game.position.to_move].choose(game.position))
        yield number, game


def board_points(position: Position) -> int:
    """Points still on the board: pebbles, and stones at their value."""
    return position.total_points() - position.points(0) - position.points(1)


def candidate(theme: str, position: Position) -> tuple[str, tuple[Move, ...], int, str] | None:
    """(goal, solution, difficulty, title) if ``position`` makes a puzzle of ``theme``, else None."""
    if position.outcome() is not None or len(position.legal_moves()) < 2:
        return None
    if theme == "endgame":
        return _endgame(position)
    if len(position.legal_moves()) < 3:
        return None
    if theme == "young_mandarin" and position.rules.young_mandarin_min == 0:
        return None
    if theme == "tha_ca" and not position.must_release_fish():
        return None
    goal = {"mandarin": "capture_mandarin", "chain": "chain"}.get(theme, "max_gain")
    solution = goal_moves(position, goal)
    if len(solution) != 1 or theme_problems(theme, position, solution):
        return None
    move = solution[0]
    events = position.play_traced(move)[1]
    relays = sum(e.kind == "relay" for e in events)
    captures = sum(e.kind == "capture" for e in events)
    gain = immediate_gain(position, move)
    if theme == "relay" and relays < 2:
        return None
    if theme == "max_gain" and gain < 2:  # pragma: no cover - no such theme
        return None
    difficulty = 1 + (relays >= 2) + (relays >= 4 or captures >= 3)
    title = _title(theme, position, events, relays, captures)
    return goal, solution, min(difficulty, 3), title


def _title(theme: str, position: Position, events: tuple, relays: int, captures: int) -> str:  # type: ignore[type-arg]
    if theme == "relay":
        return f"Relay {relays} times"
    if theme == "chain":
        return f"A chain of {captures} captures"
    if theme == "mandarin":
        taken = next(e.square for e in events if e.kind == "capture" and (e.square or 0) >= 10)
        return f"Take the {'right' if taken == 10 else 'left'} Mandarin"
    if theme == "double_empty":
        return "Mind the two empty squares"
    if theme == "tha_ca":
        borrow = any(e.kind == "borrow" for e in events)
        return "Borrow, release the fish and capture" if borrow else "Release the fish, then capture"
    if theme == "young_mandarin":
        return "Too young to capture"
    return "Endgame"


def _endgame(position: Position) -> tuple[str, tuple[Move, ...], int, str] | None:
    if board_points(position) > 20:
        return None
    goals = (
        ("win", "Endgame: the only winning move"),
        ("not_lose", "Endgame: the only move that does not lose"),
        ("best", "Endgame: the best move"),
    )
    for goal, title in goals:
        try:
            solution = goal_moves(position, goal)
        except UnsolvedError:
            continue
        if len(solution) == 1:
            return goal, solution, 3, title
    return None


def release_variant(position: Position, rng: random.Random) -> Position:
    """``position`` with the mover's row emptied into their store: their turn starts with thả cá (R6).

    Half the time the mover's store is cut below 5 (the rest going to the
    opponent's store), so that they must borrow (R6.2). Points stay at 70.
    """
    mover = position.to_move
    row = range(5, 10) if mover == 0 else range(0, 5)
    pebbles = list(position.pebbles)
    stores = list(position.stores)
    for square in row:
        stores[mover] += pebbles[square]
        pebbles[square] = 0
    if rng.random() < 0.5:
        keep = rng.randint(0, 4)
        if stores[mover] > keep:
            stores[1 - mover] += stores[mover] - keep
            stores[mover] = keep
    stones, captured, debts = position.stones, position.captured_stones, position.debts
    return Position(pebbles, stones, (stores[0], stores[1]), captured, debts, mover, position.rules)


def positions_for(theme: str, games_count: int, seed: int) -> Iterator[tuple[Rules, Position]]:
    """Candidate positions for ``theme``: from seeded games, the thả cá ones changed to empty the mover's row."""
    rng = random.Random(f"{seed}:{theme}")
    rules = YOUNG if theme == "young_mandarin" else Rules()
    for _, game in games(games_count, seed, rules, lowest=2 if theme == "endgame" else 1):
        if theme == "endgame":  # the last few positions before the game ended
            for position in game.positions[-7:-2]:
                yield rules, position
            continue
        positions = [p for p in game.positions if p.outcome() is None]
        rng.shuffle(positions)
        for position in positions[:3]:  # a few from each game, for variety
            yield rules, (release_variant(position, rng) if theme == "tha_ca" else position)


def propose(themes: list[str], games_count: int, per_theme: int, seed: int, budget: float) -> list[Puzzle]:
    """Up to ``per_theme`` verified candidates for each theme, from seeded games."""
    found: list[Puzzle] = []
    seen: set[str] = set()
    for theme in themes:
        began = time.perf_counter()
        count = 0
        for rules, position in positions_for(theme, games_count, seed):
            if count >= per_theme or time.perf_counter() - began > budget / len(themes):
                break
            text = position.to_text()
            if text in seen:
                continue
            seen.add(text)
            tried = time.perf_counter()
            made = candidate(theme, position)
            if made is None or time.perf_counter() - tried > 1.0:  # keep the puzzle tests fast
                continue
            goal, solution, difficulty, title = made
            count += 1
            puzzle = Puzzle(
                f"{theme.replace('_', '-')}-{count}",
                title,
                theme,
                text,
                rules.changes(),
                goal,
                tuple(str(m) for m in solution),
                True,
                explain(position, goal, solution),
                difficulty,
            )
            problems = verify(puzzle)
            if problems:  # pragma: no cover - candidate() already checked the same things
                print(f"skipped: {problems}", file=sys.stderr)
                count -= 1
                continue
            found.append(puzzle)
    return found


def main(argv: list[str] | None = None) -> int:
    """Print a puzzle file of candidates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games to play for each rule set (default 300)")
    parser.add_argument("--per-theme", type=int, default=5, help="candidates per theme (default 5)")
    parser.add_argument("--theme", action="append", choices=sorted(THEMES), help="only this theme (repeatable)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games (default 1)")
    parser.add_argument("--budget", type=float, default=600.0, help="stop after this many seconds (default 600)")
    args = parser.parse_args(argv)
    themes = args.theme or list(THEMES)
    puzzles = propose(themes, args.games, args.per_theme, args.seed, args.budget)
    counts = ", ".join(f"{t} {sum(p.theme == t for p in puzzles)}" for t in themes)
    print(f"{len(puzzles)} candidates: {counts}", file=sys.stderr)
    sys.stdout.write(dumps(puzzles))
    return 0


if __name__ == "__main__":
    sys.exit(main())
