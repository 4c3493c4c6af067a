"""Give every puzzle of the collection a goal a player has in a game (issue 42); print the new file.

A puzzle that asked for a particular capture ("a chain", "take the Mandarin") while another move
captures more this turn asked for less than the best: nobody plays for a chain, they play for
points. Each puzzle of the engine's themes is given, in this order of preference:

1. "the best move counting the reply" (``best_reply``) when its one answer differs from the move
   that takes the most this turn: the greedy move is punished, and the verdict shows how;
2. "the most points this turn" (``max_gain``) when one move takes the most;
3. ``best_reply`` when that has a single answer;

each only when the answer still shows the puzzle's theme. A puzzle with none is retired. Then
more puzzles whose greedy move is punished by the reply are turned to ``best_reply`` until a third
of the collection looks past the reply (:data:`~oanquan.puzzles.PAST_THE_TURN`). Every puzzle is
measured again (``authoring.puzzles.measure``: the share of simulated solvers that finds it), and
each is given its code (``P-001``...) in path order. The endgames keep their solver goals.

    python -m scripts.regoal_puzzles < oanquan/data/puzzles.json > /tmp/new.json
"""

from __future__ import annotations

import sys
from dataclasses import replace

from authoring.puzzles import explain, goal_moves, measure, theme_problems
from oanquan import Move, Position
from oanquan.ai import immediate_gain
from oanquan.puzzles import PAST_THE_TURN, SOLVER_GOALS, Puzzle, dumps, loads, path, reply_count

#: The share of the collection that must look past the reply (issue 42: at least a third).
PAST_SHARE = 0.36

#: The words a "counting the reply" title starts with, by theme.
HEADS = {
    "first_capture": "A first capture",
    "relay": "Relays",
    "mandarin": "A Mandarin to take",
    "chain": "A chain",
    "double_empty": "Two empty squares",
    "mandarin_gap": "Empty Mandarin squares",
    "young_mandarin": "A young Mandarin",
    "mandarin_value": "What a Mandarin is worth",
    "tha_ca": "After the fish",
}


def answers(puzzle: Puzzle, goal: str) -> tuple[Move, ...] | None:
    """The one answer of ``goal`` in ``puzzle``'s position that shows its theme, or None."""
    found = goal_moves(puzzle.position, goal)
    if len(found) != 1 or theme_problems(puzzle.theme, puzzle.position, found, goal):
        return None
    if goal == "max_gain" and immediate_gain(puzzle.position, found[0]) <= 0:
        return None
    return found


def points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def title(puzzle: Puzzle, goal: str, solution: tuple[Move, ...]) -> str:
    """The title of ``puzzle`` under ``goal``: kept when it still says what the answer does."""
    gain = immediate_gain(puzzle.position, solution[0])
    if goal in SOLVER_GOALS:
        return puzzle.title
    if goal == "max_gain":
        if puzzle.goal == "max_gain" or f"{points(gain)}" in puzzle.title:
            return puzzle.title
        if puzzle.theme == "chain" or puzzle.title.startswith("A chain of"):
            captures = sum(e.kind == "capture" for e in puzzle.position.play_traced(solution[0])[1])
            base = f"A chain of {captures} captures"
            return f"{base} worth {points(gain)}"
        return f"{puzzle.title}: {points(gain)}"
    return reply_title(puzzle.theme, puzzle.position, solution[0])


def reply_title(theme: str, position: Position, answer: Move) -> str:
    """The title of a "best counting the reply" puzzle: its theme, and what the answer keeps.

    >>> reply_title("relay", Position.initial(), Move(5, "L"))
    'Relays: count the reply, give back the least'
    """
    gain, back, _reply = reply_count(position, answer)
    kept = gain - back
    if kept > 0:
        words = f"count the reply, keep {points(kept)}"
    elif kept == 0:
        words = "count the reply, lose nothing"
    else:
        words = "count the reply, give back the least"
    return f"{HEADS[theme]}: {words}"


def regoal(puzzle: Puzzle, goal: str, solution: tuple[Move, ...]) -> Puzzle:
    measures = measure(puzzle.position, goal, solution)
    return replace(
        puzzle,
        title=title(puzzle, goal, solution),
        goal=goal,
        solution=tuple(str(m) for m in solution),
        unique=True,
        explanation=explain(puzzle.position, goal, solution),
        measures=measures,
        difficulty=measures.difficulty,
    )


def punished(puzzle: Puzzle) -> int:
    """How much the reply takes back after the answer of the most points (how telling a reply puzzle it is)."""
    return reply_count(puzzle.position, puzzle.moves[0])[1]


def main() -> int:
    puzzles = loads(sys.stdin.read(), "standard input")
    kept: list[Puzzle] = []
    spare: list[tuple[Puzzle, tuple[Move, ...]]] = []
    for puzzle in puzzles:
        if puzzle.goal in SOLVER_GOALS:
            kept.append(regoal(puzzle, puzzle.goal, puzzle.moves))
            continue
        greedy, reply = answers(puzzle, "max_gain"), answers(puzzle, "best_reply")
        if reply is not None and reply != goal_moves(puzzle.position, "max_gain"):
            kept.append(regoal(puzzle, "best_reply", reply))
        elif greedy is not None:
            kept.append(regoal(puzzle, "max_gain", greedy))
            if reply is not None:
                spare.append((kept[-1], reply))
        elif reply is not None:
            kept.append(regoal(puzzle, "best_reply", reply))
        else:
            print(f"retired {puzzle.id}: {puzzle.title}", file=sys.stderr)
    spare.sort(key=lambda pair: (-punished(pair[0]), pair[0].id))
    while sum(p.goal in PAST_THE_TURN for p in kept) < PAST_SHARE * len(kept) and spare:
        puzzle, reply = spare.pop(0)
        kept[kept.index(puzzle)] = regoal(puzzle, "best_reply", reply)
    titles: set[str] = set()
    unique: list[Puzzle] = []
    for puzzle in kept:
        name = puzzle.title
        if name in titles:
            name = f"{name} ({len(puzzle.position.legal_moves())} moves to choose from)"
        titles.add(name)
        unique.append(replace(puzzle, title=name))
    ordered = path(unique)
    coded = [replace(p, code=f"P-{n:03d}") for n, p in enumerate(ordered, start=1)]
    past = sum(p.goal in PAST_THE_TURN for p in coded)
    print(f"{len(coded)} puzzles, {past} look past the turn", file=sys.stderr)
    sys.stdout.write(dumps(coded))
    return 0


if __name__ == "__main__":
    sys.exit(main())
