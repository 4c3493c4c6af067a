"""Computer players, move analysis and hints.

Every player has a ``name`` and a ``choose(position) -> Move`` method (the
:class:`Player` protocol), so a board widget, the terminal game or a match
script can take any of them:

* :class:`RandomPlayer` picks any legal move;
* :class:`GreedyPlayer` takes the move that captures the most points at once;
* :class:`SearchPlayer` looks ahead with negamax and alpha-beta pruning,
  iterative deepening, move ordering and a transposition table.

:func:`player_for_level` gives the five levels of :data:`LEVELS`, from random
(1) to the deepest search, limited by a budget of positions per move (5).
:func:`analyse` rates every legal move and :func:`hint` says in one sentence
which move is best and why.

**The evaluation function.** A search that stops before the end of the game
has to guess who is ahead. It counts, from the point of view of the player to
move, the points each player has *settled*: captured pebbles and stones
(R8.1), less the debt they owe from thả cá and plus the debt owed to them
(R8.2). Pebbles on a player's own row count half: they are theirs if the game
ended now (R7.4), but the opponent may still capture them. Pebbles lying in a
Mandarin square belong to nobody yet and do not count. A finished game is
scored exactly by its final scores (R7.4, R8). Values are reported in points.

**Repetitions and the ply limit.** The search is depth-limited, so a line
that repeats positions cannot make it loop, and a repeated position is simply
searched again. The ply limit of R7.3 belongs to a game record, not to a
position, so the search does not know it; near the limit a
:class:`~oanquan.Game` may end sooner than the search expects. For exact
answers about repetition, see :mod:`oanquan.solver`.

>>> from oanquan import Position
>>> player = player_for_level(3, seed=1)
>>> player.name
'Level 3 (search, 2 plies)'
>>> player.choose(Position.initial()) in Position.initial().legal_moves()
True
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from operator import itemgetter
from typing import Protocol, runtime_checkable

from . import narrate
from .i18n import N_, TranslatedDict, _, decimal, ngettext
from .move import ALL_MOVES, Move
from .position import (
    CAPTURED,
    DEBTS,
    MOVER,
    STORES,
    Position,
    State,
    ending_rule,
    final_scores,
    moves_of,
    play_fast,
    state_of,
)
from .rules import Rules

__all__ = [
    "LEVEL5_NODES",
    "LEVELS",
    "GreedyPlayer",
    "Hint",
    "MoveAnalysis",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "SearchResult",
    "analyse",
    "evaluate",
    "hint",
    "immediate_gain",
    "player_for_level",
]


@runtime_checkable
class Player(Protocol):
    """Anything that can take a turn: a ``name`` and ``choose(position) -> Move``.

    ``choose`` is only called on a position whose game is not over, and must
    return one of ``position.legal_moves()``.

    >>> isinstance(RandomPlayer(seed=0), Player)
    True
    """

    name: str

    def choose(self, position: Position) -> Move:
        """The move to play in ``position``."""
        ...


# ================================================================ gains, values


def immediate_gain(position: Position, move: Move | str) -> int:
    """Points the mover captures with ``move`` itself (R5.1, R5.2), stones at their value.

    Pebbles put down for thả cá (R6) are not a loss here, and the sweep at the
    end of the game (R7.4) is not a gain: this is what the move captures.

    >>> p = Position.initial()
    >>> immediate_gain(p, "5L"), immediate_gain(p, "7R")   # RULES §11
    (11, 6)
    """
    return _gain(position, position.play(move))


def _gain(before: Position, after: Position) -> int:
    mover = before.to_move
    refill = 5 if before.must_release_fish() else 0
    borrowed = after.debts[mover] - before.debts[mover]
    return after.points(mover) - before.points(mover) + refill - borrowed


def evaluate(position: Position) -> int:
    """The evaluation in *half points*, from the view of the player to move.

    Twice the settled difference (captures and debts) plus the difference of
    pebbles on the two rows (so a row pebble counts half a point); a finished
    game is twice its exact score difference. See the module notes.

    >>> evaluate(Position.initial())
    0
    >>> evaluate(Position.initial().play("5L"))   # player 1 to move, 11 points behind, rows equal
    -22
    """
    return _evaluate_state(state_of(position), position.rules.mandarin_value)


def _evaluate_state(state: State, mandarin_value: int) -> int:
    """:func:`evaluate` of the position with these fields (see position.State)."""
    p = state
    if ending_rule(p) is None:
        # Settled points (R8.1, R8.2): captures, less what a player owes, plus what
        # they are owed; player 0's less player 1's, so each debt counts twice.
        settled = p[STORES] - p[STORES + 1] - 2 * (p[DEBTS] - p[DEBTS + 1])
        if p[CAPTURED] != p[CAPTURED + 1]:
            settled += mandarin_value * (p[CAPTURED] - p[CAPTURED + 1])
        ahead = 2 * settled + p[5] + p[6] + p[7] + p[8] + p[9] - p[0] - p[1] - p[2] - p[3] - p[4]
    else:
        # A finished game (R7.1, R7.2) counts its exact final scores (R7.4, R8).
        scores = final_scores(p, mandarin_value)
        ahead = 2 * (scores[0] - scores[1])
    return ahead if p[MOVER] == 0 else -ahead


# ===================================================================== search


class _OutOfBudgetError(Exception):
    """Raised inside the search when the node or time budget is spent."""


_EXACT, _LOWER, _UPPER = 0, 1, 2
_INFINITY = 1_000_000


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the best move, its value in points, the line it expects.

    ``depth`` is the depth of the last iteration that finished, ``nodes`` the
    positions visited in all iterations.

    >>> SearchPlayer(depth=2).search(Position.initial()).depth
    2
    """

    move: Move
    value: float
    pv: tuple[Move, ...]
    depth: int
    nodes: int


def ordered_children(position: Position, first: Move | None) -> Iterator[tuple[Move, Position]]:
    """The children of ``position``, ``first`` (a remembered best move) first, then the most
    promising for the mover by :func:`evaluate`: the order in which the search tries them
    (it does the same on positions' fields), and the solver's.

    The others are only played when the first one does not cut the search off.

    >>> [str(m) for m, _ in ordered_children(Position.initial(), None)][:2]
    ['5L', '9R']
    """
    if first is not None:
        # The very object legal_moves() holds (moves are shared: see move.ALL_MOVES), so that
        # ``is`` tells it from the others.
        first = ALL_MOVES[first.square][0 if first.direction == "L" else 1]
        if first not in position.legal_moves():
            first = None
    # Children are not kept for the next, deeper iteration: keeping them all
    # makes the search slower, not faster (memory is slow too).
    if first is None:
        children = position.children()
    else:
        first_child = position.play(first)
        yield first, first_child  # ordering it needs no evaluation, and it comes before the others are made
        children = [(m, first_child if m is first else position.play(m)) for m in position.legal_moves()]
    # A stable sort: equal values keep the order of legal_moves().
    for move, child in sorted(children, key=lambda mc: evaluate(mc[1])):
        if move is not first:
            yield move, child


_FIRST = itemgetter(0)  # the evaluation in the search's (evaluation, move, child) triples


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector (:mod:`gc`) for a search, and restore it after.

    A search makes a great many small objects (positions, table entries) that
    never refer to each other in a cycle, so the collector would find nothing;
    but it would scan them all again and again, and a search keeps more of
    them the longer it runs. Memory is still freed as usual, by reference
    counting.

    >>> import gc
    >>> with collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class _Searcher:
    """One search: negamax with alpha-beta, a transposition table and budgets.

    It works on the fields of positions (position.State), not on Position objects,
    and plays its moves with the engine's own fast path (position.play_fast), so
    the rules are the engine's; what it saves is making and checking a Position
    for every move. ``tests/test_search_unchanged.py`` holds it to the search as
    it was before (``benchmarks/baseline``): the same positions visited, in the
    same order, and the same moves chosen.
    """

    def __init__(self, rules: Rules, max_nodes: int | None, deadline: float | None) -> None:
        self.rules = rules
        self.mandarin_value = rules.mandarin_value
        self.table: dict[State, tuple[int, int, int, Move | None]] = {}
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = deadline

    def _check_budget(self) -> None:
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise _OutOfBudgetError
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _OutOfBudgetError

    def _visit(self, count: int) -> None:
        """Count ``count`` (0 to 255) positions visited one after another.

        The budget is checked at every 256th position, as if they were counted one
        at a time; when it is spent, the count stops at that position.
        """
        before = self.nodes
        after = before + count
        if before >> 8 != after >> 8:  # the count passes a multiple of 256
            self.nodes = after & ~255
            self._check_budget()
        self.nodes = after

    def negamax(self, state: State, depth: int, alpha: int, beta: int) -> int:
        """The value of the position ``state`` for its mover, searched ``depth`` plies (fail-soft).

        The children are tried best first: the table's move, then the others by their
        evaluation (lowest for the opponent first; equal ones in the order of
        legal_moves()), until one cuts the search off.
        """
        self.nodes += 1
        if self.nodes & 255 == 0:
            self._check_budget()
        if depth <= 0 or ending_rule(state) is not None:
            return _evaluate_state(state, self.mandarin_value)
        entry = self.table.get(state)
        tt_move: Move | None = None
        if entry is not None:
            e_depth, flag, value, tt_move = entry
            # Only an entry of the same depth gives a value, so a search to depth d
            # returns exactly the depth-d minimax value; deeper entries order moves.
            if e_depth == depth:
                if flag == _EXACT:
                    return value
                if flag == _LOWER and value >= beta:
                    return value
                if flag == _UPPER and value <= alpha:
                    return value
        original_alpha = alpha
        rules, mandarin_value = self.rules, self.mandarin_value
        moves = moves_of(state)
        best = -_INFINITY
        best_move: Move | None = None
        if tt_move is not None:
            # The table's move first (it is one of ``moves``: the same position made it).
            tt_child = play_fast(state, rules, tt_move.square, tt_move.direction)
        if depth == 1:
            # The children are leaves, worth minus their evaluation, visited in turn.
            visited = 0
            if tt_move is not None:
                best, best_move, visited = -_evaluate_state(tt_child, mandarin_value), tt_move, 1
            others = len(moves) - visited
            if others and best < beta:
                # Then the one of lowest evaluation (the first of them, if several): it is
                # the best of the others, and only it can raise alpha, so either it cuts
                # the search off or every child is visited after it.
                lowest = _INFINITY
                lowest_move = tt_move
                for move in moves:
                    if move is not tt_move:
                        child = play_fast(state, rules, move.square, move.direction)
                        score = _evaluate_state(child, mandarin_value)
                        if score < lowest:
                            lowest, lowest_move = score, move
                value = -lowest
                visited += 1 if value > best and value >= beta else others
                if value > best:
                    best, best_move = value, lowest_move
            self._visit(visited)
        else:
            if tt_move is not None:
                best, best_move = -self.negamax(tt_child, depth - 1, -beta, -alpha), tt_move
                if best > alpha:
                    alpha = best
            if alpha < beta:
                scored = []
                for move in moves:
                    if move is not tt_move:
                        child = play_fast(state, rules, move.square, move.direction)
                        scored.append((_evaluate_state(child, mandarin_value), move, child))
                scored.sort(key=_FIRST)  # stable: equal evaluations keep the order of legal_moves()
                for _score, move, child in scored:
                    value = -self.negamax(child, depth - 1, -beta, -alpha)
                    if value > best:
                        best, best_move = value, move
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                break
        flag = _EXACT if original_alpha < best < beta else (_LOWER if best >= beta else _UPPER)
        self.table[state] = (depth, flag, best, best_move)
        return best

    def pv(self, position: Position, first: Move, length: int) -> tuple[Move, ...]:
        """The principal variation from the table, starting with ``first``."""
        line = [first]
        seen = {position}
        current = position.play(first)
        while len(line) < length and current not in seen and current.outcome() is None:
            seen.add(current)
            entry = self.table.get(state_of(current))
            if entry is None or entry[3] is None or not current.is_legal(entry[3]):
                break
            line.append(entry[3])
            current = current.play(entry[3])
        return tuple(line)


class RandomPlayer:
    """Plays any legal move, chosen by a seeded random generator (level 1).

    The same seed and the same positions, asked in the same order, give the same moves.

    >>> player = RandomPlayer(seed=7)
    >>> player.choose(Position.initial()) == RandomPlayer(seed=7).choose(Position.initial())
    True
    """

    def __init__(self, seed: int = 0, name: str = "Random") -> None:
        self.name = name
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, position: Position) -> Move:
        """A random legal move."""
        return self._rng.choice(_legal(position))

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"


class GreedyPlayer:
    """Plays the move that captures the most at once; ties go to a seeded random choice (level 2).

    >>> GreedyPlayer().choose(Position.initial()) in (Move(5, "L"), Move(9, "R"))  # +11 each
    True
    """

    def __init__(self, seed: int = 0, name: str = "Greedy") -> None:
        self.name = name
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, position: Position) -> Move:
        """A legal move of largest :func:`immediate_gain`."""
        moves = _legal(position)
        gains = [_gain(position, position.play(m)) for m in moves]
        top = max(gains)
        return self._rng.choice([m for m, g in zip(moves, gains, strict=True) if g == top])

    def __repr__(self) -> str:
        return f"GreedyPlayer(seed={self.seed})"


class SearchPlayer:
    """Looks ahead with negamax, alpha-beta, iterative deepening and a transposition table.

    The search deepens one ply at a time up to ``depth`` and stops early when
    ``max_nodes`` positions have been visited or ``time_limit`` seconds have
    passed, keeping the best move of the last finished iteration. Moves are
    tried best first: the table's move, then by the evaluation of the
    position they lead to. Root moves are first shuffled by a generator seeded
    from ``seed`` and the position, so that equal moves vary with the seed.

    With no ``time_limit`` the choice depends only on the seed and the
    position, so it is the same on every machine; a time limit makes it
    depend on the machine's speed as well.

    >>> result = SearchPlayer(depth=3, seed=0).search(Position.initial())
    >>> str(result.move), result.value, " ".join(str(m) for m in result.pv)
    ('6L', 14.5, '6L 0R 8L')
    """

    def __init__(
        self,
        depth: int = 6,
        max_nodes: int | None = None,
        time_limit: float | None = None,
        seed: int = 0,
        name: str | None = None,
    ) -> None:
        if depth < 1:
            raise ValueError(f"depth must be at least 1, not {depth!r}")
        self.depth = depth
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self.seed = seed
        self.name = name if name is not None else f"Search (depth {depth})"

    def search(self, position: Position) -> SearchResult:
        """Search ``position`` and return the best move with its value and line."""
        children = [(m, position.play(m)) for m in _legal(position)]
        random.Random(f"{self.seed}:{position.to_text()}").shuffle(children)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        searcher = _Searcher(position.rules, self.max_nodes, deadline)
        # if not even depth 1 finishes, the first move, valued from this side (minus the reply's view)
        best: tuple[Move, int] = (children[0][0], -evaluate(children[0][1]))
        finished = 0
        children.sort(key=lambda mc: evaluate(mc[1]))  # stable: ties keep the seeded order
        with collector_paused():
            for depth in range(1, self.depth + 1):
                try:
                    found = _search_root(searcher, children, depth)
                except _OutOfBudgetError:
                    break
                best, finished = found, depth
                # The best move first next time; the rest keep their order.
                children.sort(key=lambda mc: mc[0] != found[0])
        move, value = best
        return SearchResult(move, value / 2, searcher.pv(position, move, max(finished, 1)), finished, searcher.nodes)

    def choose(self, position: Position) -> Move:
        """The best move found by :meth:`search`."""
        return self.search(position).move

    def __repr__(self) -> str:
        return (
            f"SearchPlayer(depth={self.depth}, max_nodes={self.max_nodes}, "
            f"time_limit={self.time_limit}, seed={self.seed})"
        )


def _search_root(searcher: _Searcher, children: list[tuple[Move, Position]], depth: int) -> tuple[Move, int]:
    alpha, beta = -_INFINITY, _INFINITY
    best_move = children[0][0]
    best = -_INFINITY
    for move, child in children:
        value = -searcher.negamax(state_of(child), depth - 1, -beta, -alpha)
        if value > best:
            best, best_move = value, move
            alpha = max(alpha, value)
    return best_move, best


def _legal(position: Position) -> tuple[Move, ...]:
    moves = position.legal_moves()
    if not moves:
        raise ValueError(f"no legal move in {position.to_text()!r}: the game is over")
    return moves


# ===================================================================== levels

#: Level 5's node budget, counted in positions so that level 5 plays the same on
#: every machine. It spends the time the Play page allows, a reply within a second in
#: the browser (issue 45). Measured in CPU time on the same positions (issue 45's run,
#: AMD EPYC): CPython searches 270,000-300,000 positions a second, Pyodide (the page's
#: engine, timed under Node) 2.2-2.4 times fewer, 114,000 in the slowest position; so
#: 90,000 positions take at most about 0.8 s there, leaving room for the page's own work.
#: It was 40,000 before (``benchmarks/ladder.py``'s LEVEL5_BEFORE). ``make bench``
#: measures the time it takes, in CPython and in the browser (see the README's figures).
LEVEL5_NODES = 90_000

#: What each level of :func:`player_for_level` is, in words.
#: Read in the language spoken (``LEVELS[3]``, ``LEVELS.items()``).
LEVELS: TranslatedDict[int] = TranslatedDict(
    {
        1: N_("Random: plays any legal move."),
        2: N_("Greedy: captures as much as it can this turn, never looking further."),
        3: N_("Search, 2 plies: also sees the opponent's best reply."),
        4: N_("Search, 4 plies: sees two moves for each side ahead."),
        5: N_("Search, deepest: looks one ply deeper at a time until it has visited {nodes} positions per move."),
    },
    nodes=f"{LEVEL5_NODES:,}",
)


def player_for_level(level: int, seed: int = 0, time_limit: float | None = None) -> Player:
    """The computer player of ``level`` 1-5 (see :data:`LEVELS`), seeded by ``seed``.

    Levels 3-5 are :class:`SearchPlayer` s whose budgets are counted in plies
    and positions, so they play the same on any machine; ``time_limit``
    (seconds) adds a cap on the thinking time, for a slow device.

    >>> [player_for_level(n).name for n in (1, 2, 5)]
    ['Level 1 (random)', 'Level 2 (greedy)', 'Level 5 (search, deepest)']
    >>> player_for_level(6)
    Traceback (most recent call last):
    ...
    ValueError: level must be 1-5, not 6
    """
    if level == 1:
        return RandomPlayer(seed, name=_("Level 1 (random)"))
    if level == 2:
        return GreedyPlayer(seed, name=_("Level 2 (greedy)"))
    if level == 3:
        return SearchPlayer(2, time_limit=time_limit, seed=seed, name=_("Level 3 (search, 2 plies)"))
    if level == 4:
        return SearchPlayer(4, time_limit=time_limit, seed=seed, name=_("Level 4 (search, 4 plies)"))
    if level == 5:
        return SearchPlayer(
            30, max_nodes=LEVEL5_NODES, time_limit=time_limit, seed=seed, name=_("Level 5 (search, deepest)")
        )
    raise ValueError(f"level must be 1-5, not {level!r}")


# ================================================================== analysis


@dataclass(frozen=True)
class MoveAnalysis:
    """One legal move rated by :func:`analyse`.

    ``gain`` is what the move captures at once (:func:`immediate_gain`);
    ``value`` is the searched value for the mover, in points, after the best
    replies; ``pv`` is the line the search expects, starting with the move.
    """

    move: Move
    gain: int
    value: float
    pv: tuple[Move, ...]

    def __str__(self) -> str:
        line = " ".join(str(m) for m in self.pv)
        return f"{self.move}: gain {self.gain:+d}, value {self.value:+g}, line {line}"


def analyse(position: Position, depth: int = 4, max_nodes: int | None = 200_000) -> list[MoveAnalysis]:
    """Every legal move with its immediate gain, search value and expected line, best first.

    Each move is searched to ``depth`` plies in all (iterative deepening; the
    last depth that finishes within ``max_nodes`` positions counts). Equal
    values are ordered by larger gain, then by square and direction.

    >>> [str(row) for row in analyse(Position.initial(), depth=1)][:2]
    ['5L: gain +11, value +11, line 5L', '9R: gain +11, value +11, line 9R']
    """
    moves = _legal(position)
    searcher = _Searcher(position.rules, max_nodes, None)
    children = [(m, position.play(m)) for m in moves]
    values: dict[Move, int] = {m: -evaluate(c) for m, c in children}
    finished = 1
    with collector_paused():
        for d in range(2, depth + 1):
            try:
                values = {m: -searcher.negamax(state_of(c), d - 1, -_INFINITY, _INFINITY) for m, c in children}
            except _OutOfBudgetError:
                break
            finished = d
    rows = [MoveAnalysis(m, _gain(position, c), values[m] / 2, searcher.pv(position, m, finished)) for m, c in children]
    rows.sort(key=lambda r: (-r.value, -r.gain))
    return rows


@dataclass(frozen=True)
class Hint:
    """The best move and one plain sentence saying why (:func:`hint`); :attr:`for_pupils` says it
    in a pupil's words."""

    move: Move
    text: str
    analysis: tuple[MoveAnalysis, ...]
    #: The same advice for a pupil at the board (the Play page, the notebook's game board): what
    #: the move does and that nothing the computer sees does better, without the search's values
    #: (half points, "plies") that the strategy chapter explains to older readers.
    for_pupils: str = ""

    def __str__(self) -> str:
        return self.text


def hint(position: Position, depth: int = 4) -> Hint:
    """The best move by :func:`analyse`, with one sentence saying why.

    >>> print(hint(Position.initial(), depth=1))
    5L relays from square 0 and captures the left Mandarin M1 (stone and 1 pebble): +11;
    looking 1 ply ahead it is worth +11 to you, and 9R is just as good.
    >>> print(hint(Position.from_text("0,0,0,0,1,0,1,0,0,2 Q,Q+1 20,28 0,0 0")))
    6R captures square 9 (2 pebbles): +2;
    looking 4 plies ahead it is worth +8 to you, 11 more than the next best move, 9L.
    >>> print(hint(Position.from_text("0,0,0,0,1,0,1,0,0,2 Q,Q+1 20,28 0,0 0")).for_pupils)
    6R captures square 9 (2 pebbles): +2. Looking 4 moves ahead, yours and the other player's,
    no move does better; the next best is 9L.
    """
    rows = analyse(position, depth=depth)
    best = rows[0]
    _after, events = position.play_traced(best.move)
    # In the language spoken (narrate.move_phrase).
    phrase = narrate.move_phrase(events)
    text = _("{move} {phrase}: {gain}").format(move=best.move, phrase=phrase, gain=f"{best.gain:+d}")
    plain = text
    if len(rows) == 1:
        text += _("; it is the only legal move")
        plain = text
    else:
        second = rows[1]
        worse = best.value - second.value
        ahead = ngettext(
            "looking {depth} ply ahead it is worth {value} to you",
            "looking {depth} plies ahead it is worth {value} to you",
            depth,
        ).format(depth=depth, value=decimal(best.value, sign=True))
        looking = ngettext(
            "Looking {depth} move ahead, yours and the other player's",
            "Looking {depth} moves ahead, yours and the other player's",
            depth,
        ).format(depth=depth)
        if worse > 0:
            text += _("; {ahead}, {worse} more than the next best move, {second}").format(
                ahead=ahead, worse=decimal(worse), second=second.move
            )
            plain += _(". {looking}, no move does better; the next best is {second}").format(
                looking=looking, second=second.move
            )
        else:
            text += _("; {ahead}, and {second} is just as good").format(ahead=ahead, second=second.move)
            plain += _(". {looking}, no move does better, and {second} is just as good").format(
                looking=looking, second=second.move
            )
    return Hint(best.move, text + _("."), tuple(rows), plain + _("."))
