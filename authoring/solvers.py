"""How hard a puzzle is for solvers of known strength: the share of a population that finds its answer.

A puzzle's difficulty is measured, never guessed (issue 42): it is the share of a population of
simulated solvers that plays the answer. The population is the same for every puzzle, so a share
means the same in every theme:

- **readers who count ahead** ``depth`` plies of captures (1: what this move takes; 2: minus what
  the other side takes back; 3: plus what the next move takes again), each with a counting error
  rate of 0, 3 % or 8 % per pebble counted: with a long sowing a solver may be one pebble out
  (the square read as holding one pebble more or fewer), and then judges that move by a board
  that is not there;
- **the computer's levels 3 and 4** (search 2 and 4 plies with their own evaluation), which make
  no counting errors; for a goal of this turn's points alone they read that turn, as a reader would.

A solver chooses the move of the highest value it reads; when several tie it picks one of them,
so it finds the answer with the share of the tie the answer holds. Every draw is seeded by the
position, so a measure is the same on every machine.

>>> from oanquan import Position, Move
>>> found_share(Position.initial(), (Move(5, "L"), Move(9, "R")))  # some miscount the long sowing
91
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from oanquan.ai import immediate_gain, player_for_level
from oanquan.move import Move
from oanquan.position import Position

__all__ = ["ERROR_RATES", "READING_DEPTHS", "TRIALS", "Solver", "found_line_share", "found_share", "population"]

#: How far the counting solvers read ahead, in plies of captures.
READING_DEPTHS = (1, 2, 3)
#: The chance, per pebble counted, that a counting solver is one pebble out on a move.
ERROR_RATES = (0.0, 0.03, 0.08)
#: The seeded draws made for each solver that can miscount.
TRIALS = 40
#: The computer's levels in the population (level 2 is the greedy depth-1 reader already there).
LEVELS = (3, 4)


@dataclass(frozen=True)
class Solver:
    """One simulated solver: a reading ``depth`` with an ``error`` rate, or the computer's ``level``."""

    depth: int = 0
    error: float = 0.0
    level: int = 0


def population() -> tuple[Solver, ...]:
    """Every solver of the population, counting readers first.

    >>> len(population()), population()[-1]
    (11, Solver(depth=0, error=0.0, level=4))
    """
    readers = tuple(Solver(depth, error) for depth in READING_DEPTHS for error in ERROR_RATES)
    return readers + tuple(Solver(level=level) for level in LEVELS)


def found_share(position: Position, solution: tuple[Move, ...], plies: int = 1) -> int:
    """The share of :func:`population` that plays one of ``solution``, in per cent (0-100).

    ``plies`` is how far the goal asks to look: 1 for this turn's points, 2 counting the reply,
    more for the game's end. A reader knows the goal, so it reads no further than it asks, and
    no further than its own depth.
    """
    moves = position.legal_moves()
    shares = [_found(solver, position, moves, solution, plies) for solver in population()]
    return round(100 * sum(shares) / len(shares))


def found_line_share(position: Position, line: tuple[Move, ...], plies: int = 3) -> int:
    """The share of :func:`population` that finds every move of a ``line`` of moves (the learner's
    and the replies in turn), in per cent: its first move read ``plies`` deep, each later one read
    as what it takes this turn (the replies come from the page). A solver finds the line when it
    finds each move, so its shares multiply.
    """
    total = 0.0
    for solver in population():
        share, before, depth = 1.0, position, plies
        for index in range(0, len(line), 2):
            share *= _found(solver, before, before.legal_moves(), (line[index],), depth)
            if index + 2 < len(line):
                before = before.play(line[index]).play(line[index + 1])
            depth = 1
        total += share
    return round(100 * total / len(population()))


def _found(
    solver: Solver, position: Position, moves: tuple[Move, ...], solution: tuple[Move, ...], plies: int
) -> float:
    if solver.level:  # the computer always looks past the turn: it solves only goals that do too
        if plies < 2:
            return _share_of_best({m: _move_value(position, m, 1) for m in moves}, solution)
        return 1.0 if player_for_level(solver.level, seed=0).choose(position) in solution else 0.0
    depth = min(solver.depth, plies)
    true = {m: _move_value(position, m, depth) for m in moves}
    if not solver.error:
        return _share_of_best(true, solution)
    misread = {m: _misread_values(position, m, depth) for m in moves}
    steps = {m: sum(e.kind == "drop" for e in position.play_traced(m)[1]) for m in moves}
    rng = random.Random(f"{position.to_text()}:{depth}:{solver.depth}:{solver.error}")
    total = 0.0
    for _trial in range(TRIALS):
        read = {}
        for m in moves:
            wrong = misread[m] and rng.random() < 1 - (1 - solver.error) ** steps[m]
            read[m] = rng.choice(misread[m]) if wrong else true[m]
        total += _share_of_best(read, solution)
    return total / TRIALS


def _share_of_best(values: dict[Move, int], solution: tuple[Move, ...]) -> float:
    top = max(values.values())
    best = [m for m, v in values.items() if v == top]
    return sum(m in solution for m in best) / len(best)


def _move_value(position: Position, move: Move, depth: int) -> int:
    """What ``move`` takes, minus the best the other side then reads ``depth - 1`` plies deep."""
    after = position.play(move)
    return immediate_gain(position, move) - _best_line(after, depth - 1)


def _best_line(position: Position, depth: int) -> int:
    if depth <= 0 or position.is_over():
        return 0
    return max(_move_value(position, m, depth) for m in position.legal_moves())


def _misread_values(position: Position, move: Move, depth: int) -> list[int]:
    """The values ``move`` seems to have when its square is read one pebble out.

    Under thả cá (R6) the square is read after the pebbles are put down: what is taken from the
    store does not change with the miscount, so only the sowing is read wrong.
    """
    refill = 0
    if position.must_release_fish():
        refilled = next(e.position for e in position.play_traced(move)[1] if e.kind == "refill")
        refill = immediate_gain(position, move) - immediate_gain(refilled, move)
        position = refilled
    values = []
    for change in (-1, 1):
        pebbles = list(position.pebbles)
        pebbles[move.square] += change
        if pebbles[move.square] < 1:
            continue
        misread = Position(
            pebbles,
            position.stones,
            position.stores,
            position.captured_stones,
            position.debts,
            position.to_move,
            position.rules,
        )
        values.append(refill + _move_value(misread, move, depth))
    return values
