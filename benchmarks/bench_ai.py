"""Search speed: positions searched per second, now and before issue 10, in the same run.

Today's search (``oanquan.ai``) and the search as it was before the speed work
of issue 10 (taken from git with the engine it ran on: ``benchmarks/old_engine.py``) each
search the same positions with level 5's budget of positions (``ai.LEVELS``),
taking turns, in rounds; the ratio is the median over the rounds of the two
speeds in the same round. Speeds are in this process's CPU time, so that other
programs on the machine count less (they still slow it a little). Both visit
the same positions and choose the same moves, which the benchmark checks, so
the ratio is the speed-up in the same time, for every level.

Also: the depth each reaches in one second (of real time), level 5's time to
choose a move (CPython, the median of three turns each, in CPU time; the
browser's figure is in ``bench_play_page``): now, with level 5's budget before
issue 45 on this engine, and before issue 10; the exact solver on two endgames,
before and after, and the time to verify the puzzles (CPU time).
"""

from __future__ import annotations

import contextlib
import statistics
import time

from authoring.puzzles import verify
from benchmarks.ladder import LEVEL5_BEFORE
from benchmarks.old_engine import BEFORE_FLAT_STATE, load
from oanquan import Game, Position
from oanquan.ai import LEVEL5_NODES, SearchPlayer, player_for_level
from oanquan.puzzles import load_builtin
from oanquan.solver import UnsolvedError, solve

POSITIONS = {
    "opening": Position.initial().to_text(),
    "midgame (6R 2L)": Game.from_record("6R 2L").position.to_text(),
    "midgame (7R 0L 9R 4R)": Game.from_record("7R 0L 9R 4R").position.to_text(),
}
ENDGAMES = (
    "0,1,0,0,0,0,0,0,1,0 4,0 7,37+2Q 0,0 0",
    "0,0,0,0,1,0,1,0,0,2 Q,Q+1 20,28 0,0 0",
)
ROUNDS = 5
REPLY_ROUNDS = 3  # level 5's reply: now and before, taking turns, on each position


def _search(
    now: bool, text: str, max_nodes: int | None = None, time_limit: float | None = None
) -> tuple[str, float, int, int, float]:
    """(move, value, depth, positions, seconds of this process's CPU time) of one search, now or before."""
    start = time.process_time()
    if now:
        found = SearchPlayer(60, max_nodes, time_limit, seed=1).search(Position.from_text(text))
    else:
        before = load().ai.SearchPlayer(60, max_nodes, time_limit, seed=1)
        found = before.search(load().position.Position.from_text(text))  # type: ignore[assignment]
    return str(found.move), found.value, found.depth, found.nodes, time.process_time() - start


def main() -> None:
    """Print the figures."""
    print(f"search with level 5's budget ({LEVEL5_NODES:,} positions), now and before issue 10, {ROUNDS} rounds:")
    print(
        f"  {'position':<24} {'positions/s now':>16} {'before':>10}   now / before (median, lowest round)"
        "   same moves and counts"
    )
    ratios = []
    for name, text in POSITIONS.items():
        now_rates, before_rates, same = [], [], True
        for number in range(ROUNDS):
            for now in (True, False) if number % 2 == 0 else (False, True):
                move, value, depth, nodes, seconds = _search(now, text, max_nodes=LEVEL5_NODES)
                (now_rates if now else before_rates).append(nodes / seconds)
                if now:
                    mine = (move, value, depth, nodes)
                else:
                    theirs = (move, value, depth, nodes)
            same = same and mine == theirs
        each = [a / b for a, b in zip(now_rates, before_rates, strict=True)]
        ratio = statistics.median(each)
        ratios.append(ratio)
        print(
            f"  {name:<24} {statistics.median(now_rates):>16,.0f} {statistics.median(before_rates):>10,.0f}"
            f"   {ratio:>12.2f}x {min(each):>10.2f}x             {'yes' if same else 'NO'}"
        )
    verdict = "ok" if min(ratios) >= 3 else "UNDER TARGET"
    print(f"  lowest median ratio {min(ratios):.2f}x ({verdict}, target >= 3x)")

    for name, text in POSITIONS.items():
        now = _search(True, text, time_limit=1.0)
        before = _search(False, text, time_limit=1.0)
        print(f"search for 1 s, {name}: depth {now[2]} now, {before[2]} before; best now {now[0]} ({now[1]:+g})")
    print(
        f"level 5's move (CPython, CPU time): now ({LEVEL5_NODES:,} positions); the same on the engine"
        f" before its flat state ({BEFORE_FLAT_STATE}); with the budget before issue 45 ({LEVEL5_BEFORE:,}),"
        " this engine; the same budget before issue 10"
    )
    for name, text in POSITIONS.items():
        which_ones = ("now", "before the flat state", "budget before", "before issue 10")
        times: dict[str, list[float]] = {which: [] for which in which_ones}
        for number in range(REPLY_ROUNDS):
            for which in list(times) if number % 2 == 0 else reversed(list(times)):
                start = time.process_time()
                if which == "now":
                    player_for_level(5).choose(Position.from_text(text))
                elif which == "before the flat state":
                    today = load(BEFORE_FLAT_STATE)
                    today.ai.player_for_level(5).choose(today.position.Position.from_text(text))
                elif which == "budget before":
                    SearchPlayer(30, max_nodes=LEVEL5_BEFORE).choose(Position.from_text(text))
                else:
                    load().ai.player_for_level(5).choose(load().position.Position.from_text(text))
                times[which].append(time.process_time() - start)
        now, flat, budget, old = (statistics.median(times[which]) for which in times)
        print(
            f"  {name}: {now:.2f} s now, {flat:.2f} s before the flat state ({flat / now:.2f}x as fast);"
            f" {budget:.2f} s with {LEVEL5_BEFORE:,} positions, {old:.2f} s"
            f" before issue 10 ({old / budget:.2f}x as fast at the same budget)"
        )

    for text in ENDGAMES:
        start = time.process_time()
        try:
            found = solve(Position.from_text(text))
            answer = f"value {found.value:+d}, {found.move}, proof depth {found.depth}, {found.nodes} positions"
        except UnsolvedError as error:
            answer = f"unsolved, bounds {error.bounds}"
        mine = time.process_time() - start
        start = time.process_time()
        with contextlib.suppress(load().solver.UnsolvedError):
            load().solver.solve(load().position.Position.from_text(text))
        theirs = time.process_time() - start
        print(f"solver, {text}: {answer}; {mine:.2f} s now, {theirs:.2f} s before ({theirs / mine:.2f}x as fast)")
    start = time.process_time()
    puzzles = load_builtin()
    problems = sum(len(verify(p)) for p in puzzles)
    print(f"verify {len(puzzles)} puzzles: {problems} problems, {time.process_time() - start:.2f} s")


if __name__ == "__main__":
    main()
