"""``make ladder``: the match table between the computer levels (issue 4).

Every pair of levels plays ``--games`` games (200 by default) from the
opening position with colours alternated: the lower level moves first in the
even-numbered games. Both players are seeded by the game number, and the
seed breaks ties between equal moves, so the games differ; the table says how
many distinct games were played. A game ends by the rules, the ply limit of
R7.3 included.

It prints the table (wins-draws-losses of the row level against the column
level), the checks the issue asks for, and the time per move of each level.
This is a measurement, not a test: it takes a while.

The search levels choose the same move in the same position whatever their seed, but for
equal moves, so games between them from the opening repeat themselves: ``--opening N``
starts each pair of games (numbers 2k and 2k+1, one with each colour) from its own
position after N random moves (4 by default), seeded by k, as engine matches use opening
books; ``--opening 0`` plays every game from the opening, as the ladder did before issue 45.

Most such openings are far from even: the opening position itself is worth about +18 points
to the first player, and after four random moves the player to move is ahead by 0.5 to 35
points (a search of 20,000 positions), so the colour decides most games and each side of a
pair wins with the same colour whatever their strength. ``--balanced P`` keeps only openings
that such a search (:data:`JUDGE`) values within P points either way, drawing more random
openings until one is (issue 45): a match between close players then says more. Level 5 with
4 times the positions against 8,000, 40 games: 55% from any opening, 69% from openings
within 3 points. There are few such openings after two random moves (10 of the 80 positions) and
many after three (147 of 660): ``--opening 3 --balanced 3`` is where level 5 (90,000 positions)
beats ``5@40000``, 66-17-37 in 120 games (62.1%, mean margin +2.6 points), against 39-3-38 in 80
games after four random moves from any opening (``docs/figures.md``).

A level may also be level 5 with another budget of positions, written ``5@N``:
``5@40000`` is level 5 as it was before issue 45 (:data:`LEVEL5_BEFORE`), so that
the match between the new level 5 and that one is part of the table.

    python -m benchmarks.ladder --games 20 --levels 1,2,3,4,5 --workers 2
    python -m benchmarks.ladder --games 40 --levels 5@40000,5 --opening 0
    python -m benchmarks.ladder --games 120 --levels 5@40000,5 --opening 3 --balanced 3 --workers 1
    python -m benchmarks.ladder --games 40 --levels 5@8000,5@32000 --balanced 3
"""

from __future__ import annotations

import argparse
import functools
import itertools
import random
import sys
import time
from collections import defaultdict
from multiprocessing import Pool

from oanquan import Game
from oanquan.ai import LEVEL5_NODES, Player, SearchPlayer, player_for_level

#: Level 5's budget of positions per move before issue 45 spent the time the Play page allows.
LEVEL5_BEFORE = 40_000

#: The levels ``make ladder`` plays by default: 1-5, and level 5 as it was before issue 45.
DEFAULT_LEVELS = f"1,2,3,4,5@{LEVEL5_BEFORE},5"

Level = str  # "1" to "5", or "5@N": level 5 with a budget of N positions
#: What values an opening for ``--balanced``: level 5's search with a small budget, the same on every machine.
JUDGE = SearchPlayer(30, max_nodes=20_000, seed=0, name="judge")
#: How many random openings ``--balanced`` draws for a pair of games before it gives up.
BALANCED_DRAWS = 500

Task = tuple[Level, Level, int, int, float | None]  # levels a and b, game number, random moves, balance
Result = tuple[Level, Level, int, int, float, int, float, int, str, str]


def player_for(level: Level, seed: int) -> Player:
    """The player of ``level``: :func:`player_for_level`, or level 5 with the budget after ``@``.

    >>> player_for("5@40000", seed=1).max_nodes, player_for("3", seed=1).name
    (40000, 'Level 3 (search, 2 plies)')
    """
    if "@" in level:
        budget = int(level.split("@")[1])
        return SearchPlayer(30, max_nodes=budget, seed=seed, name=f"Level 5 ({budget:,} positions)")
    return player_for_level(int(level), seed=seed)


def strength(level: Level) -> tuple[int, int]:
    """How ``level`` sorts in the table: by level, then level 5 by its budget.

    >>> sorted(["5", "5@1000", "4"], key=strength)
    ['4', '5@1000', '5']
    """
    if "@" in level:
        number, budget = level.split("@")
        return int(number), int(budget)
    return int(level), LEVEL5_NODES if level == "5" else 0


def parse_levels(text: str) -> list[Level]:
    """The levels of ``--levels``, weakest first; an error names a bad one.

    >>> parse_levels("5,1,5@40000")
    ['1', '5@40000', '5']
    """
    levels = sorted({part.strip() for part in text.split(",") if part.strip()}, key=strength)
    for level in levels:
        number, _, budget = level.partition("@")
        if number not in {"1", "2", "3", "4", "5"} or (budget and (number != "5" or not budget.isdigit())):
            raise argparse.ArgumentTypeError(f"not a level: {level!r} (1-5, or 5@N for level 5 with N positions)")
    return levels


def _opening(pair: int, plies: int, balanced: float | None = None) -> Game:
    """The game the pair of games number ``pair`` starts from: ``plies`` random moves from the
    opening, seeded by ``pair``, and never a finished game (the random moves stop short of that).

    With ``balanced``, the first such game (of the ones the same generator goes on drawing) that
    :data:`JUDGE` values within ``balanced`` points either way: the player to move is far ahead
    after most random openings (the opening position itself is worth +18 to the first player), so
    the colour decides most games and both sides of a pair win with it whatever their strength.

    >>> _opening(3, 4).record() == _opening(3, 4).record(), len(_opening(3, 4).record().split())
    (True, 4)
    >>> abs(JUDGE.search(_opening(3, 3, balanced=3).position).value) <= 3
    True
    """
    game = Game()
    for move in _opening_moves(pair, plies, balanced):
        game.play(move)
    return game


@functools.cache  # both games of a pair start from it, and a balanced one takes searches to find
def _opening_moves(pair: int, plies: int, balanced: float | None) -> list[str]:
    """The moves of :func:`_opening`."""
    rng = random.Random(pair)
    for _draw in range(BALANCED_DRAWS):
        game = _random_moves(rng, plies)
        if balanced is None or game.outcome() is not None or abs(JUDGE.search(game.position).value) <= balanced:
            return game.record().split()
    raise SystemExit(f"no opening of {plies} random moves within {balanced:g} points in {BALANCED_DRAWS} draws")


def _random_moves(rng: random.Random, plies: int) -> Game:
    """A game of ``plies`` random moves drawn by ``rng``, stopping short of a finished game."""
    game = Game()
    for _ply in range(plies):
        moves = [move for move in game.legal_moves() if game.position.play(move).outcome() is None]
        if not moves:
            break
        game.play(rng.choice(moves))
    return game


def play_game(task: Task) -> Result:
    """Play game ``number`` between levels ``a`` and ``b``; the result is from a's side.

    Returns (a, b, number, score difference for a, a's seconds, a's moves, b's seconds,
    b's moves, reason the game ended, game record).
    """
    a, b, number, opening, balanced = task
    a_first = number % 2 == 0
    first, second = (a, b) if a_first else (b, a)
    players = {0: player_for(first, seed=number), 1: player_for(second, seed=number)}
    game = _opening(number // 2, opening, balanced)
    spent = {0: 0.0, 1: 0.0}
    count = {0: 0, 1: 0}
    while game.outcome() is None:
        mover = game.position.to_move
        start = time.perf_counter()
        move = players[mover].choose(game.position)
        spent[mover] += time.perf_counter() - start
        count[mover] += 1
        game.play(move)
    outcome = game.outcome()
    assert outcome is not None
    a_side = 0 if a_first else 1
    diff = outcome.scores[a_side] - outcome.scores[1 - a_side]
    return (
        a,
        b,
        number,
        diff,
        spent[a_side],
        count[a_side],
        spent[1 - a_side],
        count[1 - a_side],
        outcome.rule,
        game.record(),
    )


def main(argv: list[str] | None = None) -> int:
    """Run the ladder and print the table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ladder", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair of levels (default 200)")
    parser.add_argument(
        "--levels",
        type=parse_levels,
        default=DEFAULT_LEVELS,
        help=f"comma-separated levels, 5@N for level 5 with N positions (default {DEFAULT_LEVELS})",
    )
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--opening", type=int, default=4, help="random moves before the players, per pair of games (default 4)"
    )
    parser.add_argument(
        "--balanced",
        type=float,
        default=None,
        metavar="POINTS",
        help="only openings a small search values within POINTS either way (default: any opening)",
    )
    args = parser.parse_args(argv)
    if args.balanced is not None and not args.balanced >= 0:
        parser.error(f"--balanced must be 0 or more points, not {args.balanced:g}")
    levels: list[Level] = args.levels
    tasks = [
        (a, b, n, args.opening, args.balanced) for a, b in itertools.combinations(levels, 2) for n in range(args.games)
    ]
    # The slow games (strong levels) first, so the workers finish together.
    tasks.sort(key=lambda t: [-(x + y) for x, y in zip(strength(t[0]), strength(t[1]), strict=True)])
    print(
        f"ladder: levels {levels}, {args.games} games a pair, {len(tasks)} games, {args.workers} workers,"
        f" {args.opening} random moves before the players"
        + ("" if args.balanced is None else f", openings within {args.balanced:g} points"),
        flush=True,
    )
    began = time.perf_counter()
    wins: dict[tuple[Level, Level], list[int]] = defaultdict(lambda: [0, 0, 0])
    margin: dict[tuple[Level, Level], int] = defaultdict(int)
    seconds: dict[Level, float] = defaultdict(float)
    moves: dict[Level, int] = defaultdict(int)
    reasons: dict[str, int] = defaultdict(int)
    records: dict[tuple[Level, Level], set[str]] = defaultdict(set)
    plies = 0
    with Pool(args.workers) as pool:
        for done, result in enumerate(pool.imap_unordered(play_game, tasks, chunksize=1), start=1):
            a, b, _, diff, sa, na, sb, nb, reason, record = result
            records[(a, b)].add(record)
            plies += na + nb
            slot = 0 if diff > 0 else (1 if diff == 0 else 2)
            wins[(a, b)][slot] += 1
            wins[(b, a)][2 - slot] += 1
            margin[(a, b)] += diff
            margin[(b, a)] -= diff
            seconds[a] += sa
            seconds[b] += sb
            moves[a] += na
            moves[b] += nb
            reasons[reason] += 1
            if done % max(1, len(tasks) // 10) == 0:
                print(f"  {done}/{len(tasks)} games, {time.perf_counter() - began:.0f} s", flush=True)
    print(f"\nwins-draws-losses of the row level against the column level ({args.games} games a pair)\n")
    print("  level | " + " | ".join(f"{c:^11}" for c in levels))
    print("------- | " + " | ".join("-" * 11 for _ in levels))
    for r in levels:
        cells = []
        for c in levels:
            cells.append(f"{'—':^11}" if r == c else f"{'-'.join(str(x) for x in wins[(r, c)]):^11}")
        print(f"{r:^7} | " + " | ".join(cells))
    print("\nscore (wins + half the draws) and mean margin of the row level:")
    for r, c in itertools.permutations(levels, 2):
        if strength(r) > strength(c):
            w, d, lost = wins[(r, c)]
            n = w + d + lost
            print(f"  {r} v {c}: {100 * (w + d / 2) / n:5.1f}%  (mean margin {margin[(r, c)] / n:+.1f} points)")
    print("\nchecks:")
    failures = 0
    for low, high in itertools.pairwise(levels):
        w, d, lost = wins[(high, low)]
        ok = w > lost
        failures += not ok
        print(f"  level {high} beats level {low}: {'yes' if ok else 'NO'} ({w}-{d}-{lost})")
    top = levels[-1]
    for bottom, need in (("2", 90.0), ("1", 99.0)):
        if bottom in levels and bottom != top:
            w, d, lost = wins[(top, bottom)]
            share = 100 * w / (w + d + lost)
            ok = share >= need
            failures += not ok
            print(f"  level {top} wins >= {need:g}% against level {bottom}: {'yes' if ok else 'NO'} ({share:.1f}%)")
    print("\nseconds per move: " + ", ".join(f"level {lv} {seconds[lv] / max(1, moves[lv]):.3f}" for lv in levels))
    distinct = ", ".join(f"{a}v{b} {len(r)}" for (a, b), r in sorted(records.items()))
    print(f"distinct games per pair: {distinct}")
    ended = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items()))
    print(f"mean length {plies / max(1, len(tasks)):.1f} plies; games ended by {ended}")
    print(f"total time {time.perf_counter() - began:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
