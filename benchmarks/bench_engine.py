"""Engine speed: random playouts from the opening, untraced and traced (issue 2).

Targets on the 2-core machine class: 200,000 moves/s untraced, 50,000 traced.
"""

from __future__ import annotations

import random
import time

from oanquan import Position


def playouts(seconds: float, traced: bool, seed: int = 1) -> tuple[float, float, float]:
    """Play random games for ``seconds``; return (games/s, moves/s, events per move)."""
    rng = random.Random(seed)
    start = time.perf_counter()
    games = moves = events = 0
    while time.perf_counter() - start < seconds:
        position = Position.initial()
        while True:
            legal = position.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            if traced:
                position, trace = position.play_traced(move)
                events += len(trace)
            else:
                position = position.play(move)
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed, events / max(moves, 1)


def main() -> None:
    for traced in (False, True):
        best = max((playouts(2.0, traced, seed) for seed in (1, 2, 3)), key=lambda r: r[1])
        label = "traced  " if traced else "untraced"
        extra = f", {best[2]:.1f} events per move" if traced else ""
        print(f"{label}: {best[0]:>9,.0f} playouts/s  {best[1]:>10,.0f} moves/s{extra}  (best of 3 x 2 s)")


if __name__ == "__main__":
    main()
