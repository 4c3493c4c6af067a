"""The exact value of a position under perfect play, for small endgames.

:func:`solve` returns the final score difference (the mover's score less the
opponent's, after the sweep of R7.4 and the debts of R8.2) that both players
can force with best play, with a best move and a line that achieves it.

**Repetition and the ply limit.** Positions can repeat: a lone pebble can be
moved back and forth, and thả cá (R6) puts captured pebbles back on the board,
so the game from a position need not end, and a search by brute force need
not end either. The rules end such a game with the ply limit of R7.3, but
that limit belongs to a game record, not to a position: the same position
can be 5 or 250 plies from the limit. The solver therefore answers one of two
precise questions, and never guesses:

* ``solve(position)`` (no ``plies_left``) looks for a value that does *not*
  depend on the limit. It deepens a search one ply at a time. At each depth
  it makes two alpha-beta searches in which a line that reaches the depth
  without ending the game (by R7.1 or R7.2) counts as the worst possible
  result for the player to move at the root, and then as the best. The
  first gives a value the player to move can force *while making sure the
  game ends* within that many plies, the second a value the opponent can
  hold them to in the same way. When the two meet, that value is exact: it
  is the result under any ply limit that leaves at least ``depth`` plies,
  and also with no limit at all. Repeated positions need no special care:
  a line that goes round in circles never ends, so it only ever counts as
  the worst or best case, and proves nothing. If no depth up to
  ``max_depth`` (or no search within ``max_nodes`` positions) closes the
  gap, :class:`UnsolvedError` says so, with the bounds it proved.
* ``solve(position, plies_left=n)`` gives the exact value of the game that
  the ply limit stops after ``n`` more plies, as :class:`~oanquan.Game`
  would (R7.3, then R7.4): a depth-limited search in which the lines that
  last ``n`` plies are scored as the game record would score them. It first
  tries the limit-free question, whose answer also holds here when its
  depth is at most ``n``.

Answers are memoised, so a puzzle collection can ask about the same
positions many times.

>>> from oanquan import Position
>>> s = solve(Position.from_text("0,1,0,0,0,0,0,0,1,0 4,0 7,37+2Q 0,0 0"))
>>> s.value, str(s.move), s.depth
(-46, '8L', 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .ai import collector_paused, ordered_children
from .errors import OAnQuanError
from .move import Move
from .position import Position, Termination

__all__ = ["Bounds", "Solution", "UnsolvedError", "bounds", "move_values", "search_size", "solve"]

# The solver's own transposition table (not the search's in oanquan.ai): its flags and "infinity".
_INFINITY = 1_000_000
_EXACT, _LOWER, _UPPER = 0, 1, 2


class UnsolvedError(OAnQuanError):
    """The solver could not find an exact value within its limits.

    ``bounds`` holds what it did prove (a :class:`Bounds`), when it got that far.
    """

    def __init__(self, message: str, bounds: Bounds | None = None) -> None:
        super().__init__(message)
        self.bounds = bounds


@dataclass(frozen=True)
class Solution:
    """The exact result of :func:`solve`.

    ``value`` is the final score difference for the player to move under
    perfect play; ``move`` a best move (None when the game is already over);
    ``pv`` a line of best play; ``depth`` the plies the proof needed (the
    value holds under any ply limit that leaves at least that many), or, for
    ``plies_left=n`` answers that needed the limit, ``n`` itself;
    ``limited`` is True for those; ``nodes`` the positions searched.
    """

    value: int
    move: Move | None
    pv: tuple[Move, ...]
    depth: int
    limited: bool
    nodes: int


class _Prover:
    """Depth-limited alpha-beta in which unfinished lines count as a loss or a win."""

    def __init__(self, max_nodes: int, limit_scoring: bool) -> None:
        self.table: dict[tuple[Position, bool], tuple[int, int, int, Move | None]] = {}
        self.best: dict[Position, Move] = {}
        self.nodes = 0
        self.max_nodes = max_nodes
        # True: a line that reaches depth 0 is scored as R7.3 would score it.
        self.limit_scoring = limit_scoring

    def search(self, position: Position, depth: int, alpha: int, beta: int, pessimist: bool) -> int:
        """Fail-soft negamax; ``pessimist``: an unfinished line is the worst for this mover."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise UnsolvedError(f"the search passed its limit of {self.max_nodes} positions")
        # with limit scoring, a line that reaches depth 0 ends there by the ply limit (R7.3)
        outcome = position.outcome(plies_left=0 if depth == 0 and self.limit_scoring else None)
        if outcome is not None:
            return _difference(position, outcome.scores)
        if depth == 0:
            return -_INFINITY if pessimist else _INFINITY
        key = (position, pessimist)
        entry = self.table.get(key)
        first = self.best.get(position)
        if entry is not None and entry[0] == depth:
            _, flag, value, _ = entry
            if flag == _EXACT or (flag == _LOWER and value >= beta) or (flag == _UPPER and value <= alpha):
                return value
        original_alpha = alpha
        best = -_INFINITY - 1
        best_move: Move | None = None
        for move, child in ordered_children(position, first):
            value = -self.search(child, depth - 1, -beta, -alpha, not pessimist)
            if value > best:
                best, best_move = value, move
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        flag = _EXACT if original_alpha < best < beta else (_LOWER if best >= beta else _UPPER)
        self.table[key] = (depth, flag, best, best_move)
        if best_move is not None:
            self.best[position] = best_move
        return best

    def root(self, position: Position, depth: int, pessimist: bool) -> tuple[int, Move | None]:
        """The value and best move at the root, searched with a full window."""
        value = self.search(position, depth, -_INFINITY - 1, _INFINITY + 1, pessimist)
        entry = self.table.get((position, pessimist))
        return value, (entry[3] if entry is not None else None)

    def line(self, position: Position, first: Move, pessimist: bool, depth: int) -> tuple[Move, ...]:
        """A line of best play from the table, starting with ``first``."""
        moves = [first]
        current = position.play(first)
        while len(moves) < depth and current.outcome() is None:
            pessimist = not pessimist
            entry = self.table.get((current, pessimist))
            if entry is None or entry[3] is None:
                break
            moves.append(entry[3])
            current = current.play(entry[3])
        return tuple(moves)


def _difference(position: Position, scores: tuple[int, int]) -> int:
    mover = position.to_move
    return scores[mover] - scores[1 - mover]


@dataclass(frozen=True)
class Bounds:
    """What the solver proved about a value: ``low <= value <= high`` (None: unbounded).

    The value is the one of the module notes, for the player to move, under
    any ply limit leaving at least ``depth`` plies.

    >>> Bounds(-3, -1, 9).exact, Bounds(4, 4, 2).exact
    (False, True)
    """

    low: int | None
    high: int | None
    depth: int

    @property
    def exact(self) -> bool:
        """Whether the value is known: both bounds are the same number."""
        return self.low is not None and self.low == self.high

    def __str__(self) -> str:
        if self.exact:
            return str(self.low)
        low = "-inf" if self.low is None else str(self.low)
        high = "+inf" if self.high is None else str(self.high)
        return f"[{low}, {high}]"


def bounds(position: Position, max_depth: int = 40, max_nodes: int = 200_000, patience: int = 8) -> Bounds:
    """The tightest limit-free bounds on the value the solver can prove (module notes).

    Deepening stops when the bounds meet, at ``max_depth``, when the search
    has visited ``max_nodes`` positions, or when ``patience`` depths in a row
    have not moved them. Bounds are proved, whatever stopped the search.

    >>> from oanquan import Position
    >>> str(bounds(Position.from_text("0,0,0,0,0,0,1,0,0,0 1,0 30,38 0,0 1"), max_nodes=5_000))
    '[8, +inf]'
    """
    with collector_paused():  # see oanquan.ai.collector_paused
        return _bounds_cached(position, max_depth, max_nodes, patience)[0]


def search_size(position: Position, max_depth: int = 40, max_nodes: int = 200_000, patience: int = 8) -> int:
    """How many positions :func:`bounds` searched (or searches) for ``position``: the size of its proof.

    It is a count, not a time, so it is the same on every machine; the puzzle
    collection uses it to keep the proofs its tests repeat small.

    >>> from oanquan import Position
    >>> search_size(Position.from_text("0,0,0,0,0,0,0,1,0,0 1,0 30,38 0,0 0"), max_nodes=5_000) > 0
    True
    """
    return _bounds_cached(position, max_depth, max_nodes, patience)[2]


@lru_cache(maxsize=4096)
def _bounds_cached(
    position: Position, max_depth: int, max_nodes: int, patience: int
) -> tuple[Bounds, tuple[Move, ...], int]:
    """The bounds, a line of best play when they meet (else none), and the positions searched."""
    outcome = position.outcome()
    if outcome is not None:
        value = _difference(position, outcome.scores)
        return Bounds(value, value, 0), (), 0
    prover = _Prover(max_nodes, limit_scoring=False)
    low, high, proved = -_INFINITY, _INFINITY, 0
    still = 0
    try:
        for depth in range(1, max_depth + 1):
            new_low, new_move = prover.root(position, depth, pessimist=True)
            new_high, _ = prover.root(position, depth, pessimist=False)
            still = still + 1 if (new_low, new_high) == (low, high) else 0
            low, high, proved = max(low, new_low), min(high, new_high), depth
            if low == high:
                assert new_move is not None
                return Bounds(low, high, depth), prover.line(position, new_move, True, depth), prover.nodes
            if still >= patience:
                break
    except UnsolvedError:
        pass
    # a bound still at "infinity" proved nothing: None
    return Bounds(None if low <= -_INFINITY else low, None if high >= _INFINITY else high, proved), (), prover.nodes


def solve(
    position: Position,
    plies_left: int | None = None,
    max_depth: int = 40,
    max_nodes: int = 200_000,
) -> Solution:
    """The exact final score difference for the player to move, and a best move.

    See the module notes for what "exact" means when positions repeat:
    with ``plies_left=None`` the value holds under any ply limit leaving at
    least ``Solution.depth`` plies; with ``plies_left=n`` it is the value
    when the game must stop after ``n`` more plies (R7.3).
    :class:`UnsolvedError` is raised, with the bounds proved, when the value
    cannot be found within ``max_depth`` plies and ``max_nodes`` positions.

    >>> from oanquan import Position
    >>> p = Position.from_text("0,0,0,0,0,0,0,1,0,0 1,0 30,38 0,0 0")
    >>> solve(p)    # 7R captures M0 and ends the game, 32-38; 7L is worse
    Solution(value=-6, move=Move(7, 'R'), pv=(Move(7, 'R'),), depth=4, limited=False, nodes=...)
    >>> solve(Position.initial(), max_nodes=2_000)
    Traceback (most recent call last):
    ...
    oanquan.solver.UnsolvedError: cannot solve '5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0' ...
    """
    with collector_paused():  # see oanquan.ai.collector_paused
        return _solve_cached(position, plies_left, max_depth, max_nodes)


@lru_cache(maxsize=4096)
def _solve_cached(position: Position, plies_left: int | None, max_depth: int, max_nodes: int) -> Solution:
    if plies_left is not None and plies_left < 0:
        raise ValueError(f"plies_left must be at least 0, not {plies_left!r}")
    outcome = position.outcome(plies_left)
    if outcome is not None:
        needed_limit = outcome.termination is Termination.PLY_LIMIT
        return Solution(_difference(position, outcome.scores), None, (), 0, needed_limit, 0)
    deepest = max_depth if plies_left is None else min(max_depth, plies_left)
    found, line, used = _bounds_cached(position, deepest, max_nodes, 8)
    if found.exact and found.low is not None and line:
        return Solution(found.low, line[0], line, found.depth, False, used)
    if plies_left is None or plies_left > max_depth or used >= max_nodes:
        why = f"within {max_nodes} positions" if used >= max_nodes else f"within {deepest} plies"
        raise UnsolvedError(
            f"cannot solve {position.to_text()!r} {why}: with the game sure to end, "
            f"the value for the player to move is {found} (see oanquan.solver)",
            found,
        )
    limited = _Prover(max_nodes - used, limit_scoring=True)
    try:
        value, move = limited.root(position, plies_left, pessimist=True)
    except UnsolvedError:
        raise UnsolvedError(
            f"cannot solve {position.to_text()!r} with {plies_left} plies left within {max_nodes} positions",
            found,
        ) from None
    assert move is not None
    return Solution(value, move, limited.line(position, move, True, plies_left), plies_left, True, used + limited.nodes)


def move_values(position: Position, max_depth: int = 40, max_nodes: int = 200_000) -> dict[Move, Bounds]:
    """Proved bounds on the value of every legal move, for the player to move (module notes).

    >>> from oanquan import Position
    >>> values = move_values(Position.from_text("0,0,0,0,0,0,0,1,0,0 1,0 30,38 0,0 0"), max_nodes=5_000)
    >>> {str(m): str(v) for m, v in values.items()}
    {'7L': '[-inf, -8]', '7R': '-6'}
    """
    values: dict[Move, Bounds] = {}
    for move in position.legal_moves():
        child = bounds(position.play(move), max_depth, max_nodes)
        low = None if child.high is None else -child.high
        high = None if child.low is None else -child.low
        values[move] = Bounds(low, high, child.depth + 1)
    return values
