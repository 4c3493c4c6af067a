"""Add lines of two moves to the collection (issue 42's fourth goal); print the new file.

A line is a position where the mover's best two moves, counting the other side's best reply in
between, are each the only one that keeps the most (:func:`authoring.puzzles.forced_line`, the
standard of Lichess's puzzles: every solution move is the only one that keeps the result). The
positions come from seeded games under the usual rules; a line is kept only when its first move
keeps more than nothing, and its title is like no other; lines whose first move takes less this turn
than another (the line is then the only reason to play it) are preferred. Each is measured (the
share of simulated solvers that finds both moves, ``authoring.solvers.found_line_share``); the lines
are then taken spread over the five levels. Every puzzle already in the collection keeps its id and
code; the new ones go on from the last code (``P-146``...). Run on the collection itself, it makes
the same lines again and gives the same file back (``tests/test_puzzles.py``).

    python -m scripts.line_puzzles < oanquan/data/puzzles.json > /tmp/new.json
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

from authoring.puzzles import forced_line, made_puzzle, measure, verify
from oanquan import Move, Position, Rules
from oanquan.ai import immediate_gain
from oanquan.puzzles import Measures, Puzzle, dumps, line_count, loads
from scripts.propose_puzzles import games

#: How many lines the collection gets of each level (1 easiest to 5): the measure rates most lines
#: hard (a reader who counts one or two plies misses them), and the collection's levels stay under 30 %.
WANTED = {1: 1, 2: 1, 3: 3, 4: 3, 5: 4}
#: The games the positions come from (seeded, so the output is the same on every machine).
GAMES, SEED = 200, 4242


def candidates() -> Iterator[tuple[Position, tuple[Move, ...], bool]]:
    """Positions of seeded games with a forced line that keeps more than nothing, and whether its
    first move takes less this turn than another (the line is then the only reason to play it)."""
    seen: set[str] = set()
    for game in games(GAMES, SEED, Rules()):
        for position in game.positions:
            text = position.to_text()
            if position.is_over() or text in seen or len({m.square for m in position.legal_moves()}) < 2:
                continue
            seen.add(text)
            line = forced_line(position)
            if line is None:
                continue
            gain, back, again, _reply, _next = line_count(position, line[0])
            if gain - back + again > 0:
                yield position, line, immediate_gain(position, line[0]) < greedy(position)


def greedy(position: Position) -> int:
    """The most any move takes this turn."""
    return max(immediate_gain(position, m) for m in position.legal_moves())


def title(position: Position, net: int, lures: bool, taken: set[str]) -> str:
    """A title that says what the line keeps, and whether the biggest capture now is the answer."""
    most = greedy(position)
    if lures:
        base = f"Not the {most} points now: two moves that keep {net}"
    else:
        base = f"Take {most} now, then find the next move: {net} point{'' if net == 1 else 's'} over two moves"
    text, board = base, 1
    while text in taken:
        board += 1
        text = f"{base} (board {board})"
    taken.add(text)
    return text


def lines(collection: list[Puzzle]) -> list[Puzzle]:
    """The new line puzzles, ids ``line-1``... and codes after the collection's last: each level's
    share (:data:`WANTED`), lines whose first move is not the greedy one first, then in the order found."""
    by_level: dict[int, list[tuple[Position, tuple[Move, ...], bool, Measures]]] = {}
    for position, line, lures in candidates():
        measures = measure(position, "line", line[:1], line)
        by_level.setdefault(measures.difficulty, []).append((position, line, lures, measures))
    last = max(int(p.code[2:]) for p in collection if p.code)
    titles = {p.title for p in collection}
    picked = [
        c for level, wanted in WANTED.items() for c in sorted(by_level.get(level, []), key=lambda c: not c[2])[:wanted]
    ]
    picked.sort(key=lambda c: -c[3].found)  # numbered in the path's order: most found first
    chosen: list[Puzzle] = []
    for number, (position, line, lures, measures) in enumerate(picked, start=1):
        name = title(position, measures.value, lures, titles)
        puzzle = made_puzzle(
            f"line-{number}", name, "line", position, "line", line[:1], code=f"P-{last + number:03d}", line=line
        )
        if problems := verify(puzzle):
            raise SystemExit("\n".join(problems))
        chosen.append(puzzle)
    return chosen


def main() -> int:
    kept = [p for p in loads(sys.stdin.read(), "standard input") if p.goal != "line"]  # the lines made again
    sys.stdout.write(dumps(kept + lines(kept)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
