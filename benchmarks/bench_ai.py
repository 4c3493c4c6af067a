"""``make bench``: search speed (positions a second) and the depth reached in one second.

From the opening and from a midgame position (the game ``6R 2L`` played by
levels 3 and 4), the search deepens with a one-second time limit; the figures
are the positions searched per second, the last depth finished, and the time
level 5 (a node budget, no time limit) takes to choose a move there.
Also: the exact solver on two endgames, and the time to verify the puzzles.
"""

from __future__ import annotations

import time

from oanquan import Game, Position
from oanquan.ai import SearchPlayer, player_for_level
from oanquan.puzzles import load_builtin, verify
from oanquan.solver import UnsolvedError, solve

MIDGAME_RECORD = "6R 2L"
ENDGAMES = (
    "0,1,0,0,0,0,0,0,1,0 4,0 7,37+2Q 0,0 0",
    "0,0,0,0,1,0,1,0,0,2 Q,Q+1 20,28 0,0 0",
)


def main() -> None:
    """Print the figures."""
    positions = {
        "opening": Position.initial(),
        f"midgame ({MIDGAME_RECORD})": Game.from_record(MIDGAME_RECORD).position,
    }
    for name, position in positions.items():
        began = time.perf_counter()
        result = SearchPlayer(depth=60, time_limit=1.0).search(position)
        spent = time.perf_counter() - began
        print(
            f"search, 1 s, {name}: depth {result.depth} reached, {result.nodes} positions, "
            f"{result.nodes / spent:,.0f} positions/s, best {result.move} ({result.value:+g})"
        )
        began = time.perf_counter()
        move = player_for_level(5).choose(position)
        print(f"level 5 move, {name}: {move} in {time.perf_counter() - began:.2f} s")
    for text in ENDGAMES:
        began = time.perf_counter()
        try:
            found = solve(Position.from_text(text))
            answer = f"value {found.value:+d}, {found.move}, proof depth {found.depth}, {found.nodes} positions"
        except UnsolvedError as error:
            answer = f"unsolved, bounds {error.bounds}"
        print(f"solver, {text}: {answer}, {time.perf_counter() - began:.2f} s")
    began = time.perf_counter()
    puzzles = load_builtin()
    problems = sum(len(verify(p)) for p in puzzles)
    print(f"verify {len(puzzles)} puzzles: {problems} problems, {time.perf_counter() - began:.2f} s")


if __name__ == "__main__":
    main()
