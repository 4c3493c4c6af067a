"""Engine speed: random playouts from the opening, side by side with other engines (issues 2, 10).

Every engine plays random games from the opening through its public API, one
move chosen at random from its legal moves at every ply, until the game ends
or :data:`MAX_PLIES` plies (R7.3's default). For this engine that is
``legal_moves()``, ``play()`` and ``outcome()`` at every ply. The engines take
turns in rounds of :data:`SLICE` seconds each, in an order that is reversed
every other round, so that the machine's noise (other programs, the clock
speed) hits all of them alike; a ratio is the median over the rounds of the
two engines' moves per second in the same round. Time is this process's CPU
time, so that other programs on the machine count less.

Compared: ``play_traced()`` (which records every step of a move), the engine as it
was before a position's fields became one flat list (issue 45's second round), before
issue 45 and before issue 10 (taken from git: ``benchmarks/old_engine.py``),
the plain reference implementation (``benchmarks/reference.py``), and, when
``OANQUAN_PUBLIC_ENGINES`` points at their checkouts, three public Python
engines of the game (``benchmarks/public_engines.py``). Target (issue 45):
at least 4.5x the fastest public engine (issue 10's was 3x); the engine before
issue 45 and before its second round are measured against it in the same run.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks import public_engines
from benchmarks.old_engine import BEFORE_FLAT_STATE, BEFORE_ISSUE_45, COMMIT, load
from benchmarks.reference import ReferenceGame
from oanquan import Position

MAX_PLIES = public_engines.MAX_PLIES
TARGET = 4.5  # times the fastest public engine (issue 45)
ROUNDS = 6
SLICE = 0.6  # seconds per engine per round

Playout = Callable[[random.Random], int]


def playouts_from(start: Any) -> Playout:
    """One random game from ``start`` through its engine's public API (``legal_moves()``, ``play()``
    and ``outcome()`` at every ply), as a function of the random generator that returns its plies."""

    def playout(rng: random.Random) -> int:
        position = start
        plies = 0
        while plies < MAX_PLIES and position.outcome() is None:
            position = position.play(rng.choice(position.legal_moves()))
            plies += 1
        return plies

    return playout


#: One random game through this engine.
ours = playouts_from(Position.initial())


def ours_traced(rng: random.Random) -> int:
    """The same with ``play_traced``, which records every step of each move."""
    position = Position.initial()
    plies = 0
    while plies < MAX_PLIES and position.outcome() is None:
        position, _ = position.play_traced(rng.choice(position.legal_moves()))
        plies += 1
    return plies


def from_git(commit: str = COMMIT) -> Playout:
    """The same playout through the engine of ``commit`` (taken from git by benchmarks/old_engine.py;
    by default the one before issue 10)."""
    return playouts_from(load(commit).position.Position.initial())


#: The same through the plain reference implementation, which has the same three methods.
reference = playouts_from(ReferenceGame(max_plies=MAX_PLIES))


def race(engines: dict[str, Playout], rounds: int = ROUNDS, seconds: float = SLICE) -> dict[str, list[float]]:
    """Moves per second of each engine in each round, the engines taking turns."""
    rates: dict[str, list[float]] = {name: [] for name in engines}
    order = list(engines)
    for number in range(rounds):
        for name in order if number % 2 == 0 else reversed(order):
            rng = random.Random(number)
            plies = 0
            start = time.process_time()
            while (elapsed := time.process_time() - start) < seconds:
                plies += engines[name](rng)
            rates[name].append(plies / elapsed)
        order = order[1:] + order[:1]  # a different engine starts each pair of rounds
    return rates


def ratio(mine: list[float], theirs: list[float]) -> float:
    """Median over the rounds of my speed divided by theirs in the same round."""
    return statistics.median(a / b for a, b in zip(mine, theirs, strict=True))


def main() -> None:
    public, missing = public_engines.load()
    engines: dict[str, Playout] = {
        "oanquan: legal_moves/play/outcome": ours,
        "oanquan: play_traced": ours_traced,
        f"before the flat state (commit {BEFORE_FLAT_STATE})": from_git(BEFORE_FLAT_STATE),
        f"before issue 45 (commit {BEFORE_ISSUE_45}, from git)": from_git(BEFORE_ISSUE_45),
        "before issue 10 (commit 0ae508d, from git)": from_git(),
        "reference (benchmarks/reference.py)": reference,
        **public,
    }
    rates = race(engines)
    mine = rates["oanquan: legal_moves/play/outcome"]
    print(f"random playouts from the opening, {ROUNDS} rounds x {SLICE:g} s per engine, interleaved")
    print(f"  {'engine':<42} {'moves/s (median)':>17}   oanquan / it")
    for name, figures in rates.items():
        print(f"  {name:<42} {statistics.median(figures):>17,.0f}   {ratio(mine, figures):>8.2f}x")
    for reason in missing:
        print(f"  (public engine not measured: {reason})")
    if public:
        fastest = max(public, key=lambda name: statistics.median(rates[name]))
        times = ratio(mine, rates[fastest])
        before = ratio(rates[f"before issue 45 (commit {BEFORE_ISSUE_45}, from git)"], rates[fastest])
        flat = ratio(rates[f"before the flat state (commit {BEFORE_FLAT_STATE})"], rates[fastest])
        verdict = "ok" if times >= TARGET else "UNDER TARGET"
        print(
            f"  fastest public engine: {fastest}; oanquan is {times:.2f}x as fast"
            f" ({verdict}, target >= {TARGET:g}x); before the flat state {flat:.2f}x, before issue 45 {before:.2f}x"
        )


if __name__ == "__main__":
    main()
