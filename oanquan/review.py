"""A review of a game: what each move was worth, what the best move was, and how much was lost.

:func:`review` takes a finished or unfinished :class:`~oanquan.Game` and, for every move,
values the move played and the best move for the player who made it, in points of final
score (the mover's score less the opponent's, R8), says how many points the move lost and
labels it: *best*, *good*, *inaccuracy*, *mistake* or *blunder* (:data:`THRESHOLDS`). It
also gives an accuracy figure for each player and, for every move, the best move and the
line the computer expects after it.

**Where the values come from.** Each position is rated by :func:`oanquan.ai.analyse`
(its searched values; a position not finished with counts half of each player's row
pebbles, as :func:`oanquan.ai.evaluate` explains). Where the exact solver
(:mod:`oanquan.solver`) proves the value of every legal move within its budget, its exact
values replace the search's, and the move's ``exact`` flag says so; the ply limit of R7.3
is taken into account (the plies the game has left). Budgets are counted in positions
(:data:`REVIEW_DEPTH`, :data:`REVIEW_NODES`, :data:`SOLVER_NODES`), never in time, so a
review is the same on every machine, in CPython and in the browser (Pyodide).

**The thresholds, from data.** ``python -m benchmarks.bench_review --games 60`` plays 60
seeded games between the computer's levels (each level meets the others in turn), reviews
them with these budgets and prints the spread of the points each level loses per move
(``make bench`` prints it for fewer games). The figures when the thresholds were chosen:

===========  =====  ============  ===  ===  ===  ===  =====  =====  =====
level        moves  lose nothing  p50  p75  p90  p95   >= 2   >= 5  >= 10
===========  =====  ============  ===  ===  ===  ===  =====  =====  =====
1 random       222           31%  4.5   13   26   31    64%    48%    32%
2 greedy       198           43%  1.5    8   17   28    49%    34%    22%
3 2 plies      257           56%    0  5.5   16 16.5    39%    28%    15%
4 4 plies      235           83%    0    0    3  4.5    14%     4%     0%
5 deepest      254           80%    0    0  2.5    7    12%     7%     4%
===========  =====  ============  ===  ===  ===  ===  =====  =====  =====

(p50...p95: the points lost that half, three quarters... of the level's moves stay within.)
A move that loses nothing is *best*. The two strong levels lose less than 2 points on
seven moves in eight, and a row pebble counts half a point in the search's values (R7.4),
so up to 1.5 points is the evaluation's own noise: *good*. From 2 points a move is an
*inaccuracy*: the strong levels make one now and then (level 4 loses at most 4.5 points on
19 moves in 20). From 5 points it is a *mistake*: the strong levels lose that much on 4 to
7 moves in 100, the weak ones on a third to a half of their moves. From 10 points, a
Mandarin's worth (R8.1), it is a *blunder*: level 4 never made one, level 5 on 4 moves in
100 (it searches deeper than the review, which sometimes sees less than it did), the random
player on a third of its moves.

**Accuracy.** Each move scores ``100 * 2 ** (-lost / 5)``: 100 for a best move, half for
a move that loses a mistake's worth (5 points), a quarter for a blunder of 10; a player's
accuracy is the mean over their moves.

>>> from oanquan import Game
>>> r = review(Game.from_record("6L 3R"))
>>> [(str(m.move), m.label, str(m.best)) for m in r.moves]
[('6L', 'best', '6L'), ('3R', 'blunder', '0L')]
>>> r.moves[1].value, r.moves[1].best_value, r.moves[1].lost
(-28.5, -16.0, 12.5)
"""

from __future__ import annotations

import bisect
import functools
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .ai import analyse, immediate_gain
from .board import M0, M1, square_name
from .game import Game
from .i18n import N_, _, decimal, ngettext, percent
from .move import Move
from .narrate import and_list, square_words
from .position import Position
from .scene import Scene, board_scene
from .solver import UnsolvedError, solve
from .svg import render

__all__ = [
    "EXERCISE_MARGIN",
    "LABELS",
    "REVIEW_DEPTH",
    "REVIEW_NODES",
    "SOLVER_NODES",
    "THRESHOLDS",
    "Exercise",
    "MoveReview",
    "Review",
    "Thresholds",
    "better_move_scene",
    "exercises",
    "label_words",
    "move_words",
    "review",
    "review_moves",
]

#: The search's depth for each position of a review (plies, iterative deepening).
REVIEW_DEPTH = 6
#: The search's budget for each position of a review, in positions visited (level 5's before issue 45, which
#: raised level 5's to 90,000: the thresholds below were measured with this budget).
REVIEW_NODES = 40_000
#: The exact solver's budget, in positions, for the position and for each of its moves.
SOLVER_NODES = 2_000

#: The labels, best first (marked for the catalogue, which has their words in each language).
LABELS = (N_("best"), N_("good"), N_("inaccuracy"), N_("mistake"), N_("blunder"))


def label_words(label: str) -> str:
    """A label in the language spoken.

    >>> label_words("blunder")
    'blunder'
    """
    return _(label)


@dataclass(frozen=True)
class Thresholds:
    """The points lost from which a move is an inaccuracy, a mistake, a blunder (module notes).

    A move that loses nothing is best; one that loses less than ``inaccuracy`` is good.

    >>> [THRESHOLDS.label(lost) for lost in (0, 1.5, 2, 5, 10, 12)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder', 'blunder']
    """

    inaccuracy: float = 2
    mistake: float = 5
    blunder: float = 10

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder:
            raise ValueError(f"thresholds must rise, above 0: not {self!r}")

    def label(self, lost: float) -> str:
        """The label of a move that lost ``lost`` points."""
        if lost <= 0:
            return "best"
        # the label after "good" for each threshold reached: LABELS is best first, in the thresholds' order
        return LABELS[1 + bisect.bisect_right((self.inaccuracy, self.mistake, self.blunder), lost)]

    def accuracy(self, lost: float) -> float:
        """A move's accuracy, 0-100: half for a mistake's worth of points lost (module notes).

        >>> THRESHOLDS.accuracy(0), THRESHOLDS.accuracy(5), THRESHOLDS.accuracy(10)
        (100.0, 50.0, 25.0)
        """
        return 100.0 * math.pow(2.0, -max(lost, 0) / self.mistake)


#: The thresholds a review uses unless told otherwise (module notes: chosen from data).
THRESHOLDS = Thresholds()


@dataclass(frozen=True)
class MoveReview:
    """One move of a review: its value, the best move's value, the points lost, the label.

    Values are for the player who moved (``player``), in points of final score;
    ``exact`` says they are the solver's proved values, not the search's. ``line`` is
    the line the computer expects after the best move (starting with it),
    ``played_line`` the one it expects after the move played.
    """

    ply: int
    player: int
    move: Move
    value: float
    best: Move
    best_value: float
    line: tuple[Move, ...]
    played_line: tuple[Move, ...]
    exact: bool
    lost: float
    label: str

    @property
    def number(self) -> int:
        """The move's number in the game, counting from 1."""
        return self.ply + 1

    @property
    def expected(self) -> float:
        """What the position before the move is worth to player 0 (the bottom row) with best play.

        >>> review(Game.from_record("6L 3R")).moves[1].expected   # player 1 moves: -(-16)
        16.0
        """
        return self.best_value if self.player == 0 else -self.best_value

    def to_dict(self) -> dict[str, Any]:
        """The move's review as plain data (the bridge sends it to the page), its label in words too.

        >>> review(Game.from_record("5L"), depth=1).moves[0].to_dict()["label_words"]
        'best'
        """
        return {
            "ply": self.ply,
            "number": self.number,
            "player": self.player,
            "move": str(self.move),
            "value": self.value,
            "best": str(self.best),
            "best_value": self.best_value,
            "lost": self.lost,
            "label": self.label,
            "label_words": label_words(self.label),
            "line": [str(m) for m in self.line],
            "played_line": [str(m) for m in self.played_line],
            "exact": self.exact,
            "expected": self.expected,
        }


@dataclass(frozen=True)
class Review:
    """The review of a game: every move's :class:`MoveReview`, and the game it reviews.

    >>> r = review(Game.from_record("6L 3R"))
    >>> r.counts(1)["blunder"], r.accuracy(0), r.accuracy(1)
    (1, 100.0, 17.7)
    """

    game: Game
    moves: tuple[MoveReview, ...]
    thresholds: Thresholds = THRESHOLDS
    #: the search's depth and positions, and the solver's positions, for each position reviewed
    budget: tuple[int, int, int] = (REVIEW_DEPTH, REVIEW_NODES, SOLVER_NODES)

    def of(self, player: int) -> list[MoveReview]:
        """The moves of ``player`` (0 or 1)."""
        return [m for m in self.moves if m.player == player]

    def counts(self, player: int) -> dict[str, int]:
        """How many of ``player``'s moves have each label."""
        tally = Counter(m.label for m in self.of(player))
        return {label: tally[label] for label in LABELS}

    def accuracy(self, player: int) -> float | None:
        """``player``'s accuracy, 0-100 to a tenth (module notes), or None when they made no move."""
        theirs = self.of(player)
        if not theirs:
            return None
        # to a tenth: the last digits of a power differ between CPython and Pyodide's WebAssembly
        return round(sum(self.thresholds.accuracy(m.lost) for m in theirs) / len(theirs), 1)

    def expected(self) -> list[float]:
        """The expected score (player 0's less player 1's, with best play) before each move, then
        after the last move the final score difference, if the game is over. The review's graph.

        >>> from oanquan import Position
        >>> endgame = Position.from_text("0,1,0,0,0,0,0,0,1,0 4,0 7,37+2Q 0,0 0")
        >>> review(Game.from_record("8L 1R 7R", start=endgame)).expected()   # 12-58 (R7.1)
        [-46.0, -46.0, -46.0, -46.0]
        """
        points = [m.expected for m in self.moves]
        outcome = self.game.outcome()
        if outcome is not None:
            points.append(float(outcome.scores[0] - outcome.scores[1]))
        return points

    def player_summary(self, player: int, name: str) -> str:
        """One player's review in a sentence or two, ``name`` being what the surface calls them.

        >>> print(review(Game.from_record("6L 3R")).player_summary(1, "Computer"))
        Computer: accuracy 18%; 1 blunder. Move 2, 3R: it let the reply 5R capture the left Mandarin M1:
        13 points; 0L was 12.5 points better.
        """
        accuracy = self.accuracy(player)
        if accuracy is None:
            return _("{name}: no move yet.").format(name=name)
        counts = self.counts(player)
        faults = _fault_words(counts)
        text = _("{name}: accuracy {accuracy}; {faults}.").format(
            name=name,
            accuracy=percent(accuracy),
            faults=", ".join(faults) if faults else _("no inaccuracy, mistake or blunder"),
        )
        worst = max(self.of(player), key=lambda m: m.lost)  # the first of those that lost the most
        if worst.label not in ("best", "good"):  # an inaccuracy or worse: say what went wrong
            text += " " + self.why(worst)
        return text

    def why(self, move: MoveReview, *, named: bool = True) -> str:
        """What went wrong with ``move``, in a sentence: the reply it allowed, and the better move.

        ``named``: the sentence starts by naming the move; a text that has named it already
        (:func:`move_words`) says the rest alone, or a reader reads "Move 2, 3R" twice.

        >>> r = review(Game.from_record("6L 3R"))
        >>> print(r.why(r.moves[1]))
        Move 2, 3R: it let the reply 5R capture the left Mandarin M1: 13 points; 0L was 12.5 points better.
        >>> print(r.why(r.moves[1], named=False))
        It let the reply 5R capture the left Mandarin M1: 13 points; 0L was 12.5 points better.
        """
        before = self.game.positions[move.ply]
        better = ngettext(
            "{best} was {n} point better", "{best} was {n} points better", 1 if move.lost == 1 else 2
        ).format(best=move.best, n=decimal(move.lost))
        answer = _reply_words(before, move.played_line)
        said = better + "." if answer is None else _("{answer}; {better}.").format(answer=answer, better=better)
        if named:
            return _("Move {number}, {move}: ").format(number=move.number, move=move.move) + said
        return said[:1].upper() + said[1:]

    def picture(self, move: MoveReview, names: Sequence[str] | None = None) -> str:
        """The position before ``move`` with the better move marked (:func:`better_move_scene`), as an SVG board.

        >>> r = review(Game.from_record("6L 3R"))
        >>> "Better: 0L (played: 3R)" in r.picture(r.moves[1]), "Best: 6L" in r.picture(r.moves[0])
        (True, True)
        """
        return render(better_move_scene(self.game, move, names))

    def summary(self, names: Sequence[str]) -> str:
        """Both players' reviews, one line each, with the names the surface gives them.

        >>> print(review(Game.from_record("6L 3R")).summary(("Bottom row", "Top row")))
        Bottom row: accuracy 100%; no inaccuracy, mistake or blunder.
        Top row: accuracy 18%; 1 blunder. Move 2, 3R: it let the reply 5R capture the left Mandarin M1:
        13 points; 0L was 12.5 points better.
        """
        return "\n".join(self.player_summary(side, names[side]) for side in (0, 1))

    def to_dict(self, names: Sequence[str] | None = None) -> dict[str, Any]:
        """The review as plain data: every move, each player's accuracy and counts, the graph's points.

        >>> sorted(review(Game.from_record("5L"), depth=1).to_dict())
        ['accuracy', 'counts', 'expected', 'moves', 'summary']
        """
        return {
            "moves": [m.to_dict() for m in self.moves],
            "accuracy": [self.accuracy(0), self.accuracy(1)],
            "counts": [self.counts(0), self.counts(1)],
            "expected": self.expected(),
            "summary": self.summary(names) if names is not None else None,
        }


#: An exercise accepts any move that loses at most this many points against the best one.
EXERCISE_MARGIN = 1.0


@dataclass(frozen=True)
class Exercise:
    """A position where a player lost at least a mistake's worth: find a better move ("Learn from
    your mistakes"). ``accepted`` are the moves that lose at most ``margin`` points against the
    best (by the review's own values), best first.

    >>> ex = exercises(review(Game.from_record("6L 3R")), 1)[0]
    >>> print(ex.goal())
    You played 3R here; find a move that loses at most 1 point.
    >>> ex.check("0L"), ex.check("3R"), [str(m) for m in ex.accepted]
    (True, False, ['0L'])
    """

    position: Position
    number: int
    played: Move
    best: Move
    accepted: tuple[Move, ...]
    margin: float = EXERCISE_MARGIN

    def goal(self) -> str:
        """What to do, in a sentence for the learner."""
        return ngettext(
            "You played {move} here; find a move that loses at most {n} point.",
            "You played {move} here; find a move that loses at most {n} points.",
            1 if self.margin == 1 else 2,
        ).format(move=self.played, n=decimal(self.margin))

    def check(self, move: Move | str) -> bool:
        """Whether ``move`` is good enough (one of :attr:`accepted`)."""
        return Move.parse(move) in self.accepted if isinstance(move, str) else move in self.accepted

    def hint_steps(self) -> tuple[str, str, str]:
        """Hints in three steps, each giving more away, as a puzzle's (issue 23): the idea to look
        for, then how many moves are good enough, and only last where to look (the best move's square).

        >>> ex = exercises(review(Game.from_record("6L 3R")), 1)[0]
        >>> for step in ex.hint_steps():
        ...     print(step)
        Before you move, count where your last pebble lands and what your opponent can take next.
        Only 1 move here is good enough.
        Look at the pebbles of square 0.
        """
        good = ngettext(
            "Only {count} move here is good enough.",
            "{count} moves here are good enough.",
            len(self.accepted),
        ).format(count=len(self.accepted))
        return (
            _("Before you move, count where your last pebble lands and what your opponent can take next."),
            good,
            _("Look at the pebbles of square {square}.").format(square=square_name(self.best.square)),
        )

    def to_dict(self) -> dict[str, Any]:
        """What a page shows of the exercise, in the language spoken; not its answers (the
        bridge checks them).

        >>> exercises(review(Game.from_record("6L 3R")), 1)[0].to_dict()["number"]
        2
        """
        return {
            "ply": self.number - 1,
            "number": self.number,
            "played": str(self.played),
            "goal": self.goal(),
            "hints": list(self.hint_steps()),
            "moves": [str(move) for move in self.position.legal_moves()],
        }


def exercises(reviewed: Review, player: int, margin: float = EXERCISE_MARGIN) -> list[Exercise]:
    """The positions where ``player`` lost at least a mistake's worth (:data:`THRESHOLDS`), as exercises.

    Each is checked by the values the review used for that position (the search's, or the
    solver's where it finished): a move is accepted when it loses at most ``margin`` points.

    >>> [ex.number for ex in exercises(review(Game.from_record("6L 3R")), 1)]
    [2]
    """
    found = []
    for move in reviewed.of(player):
        if move.lost < reviewed.thresholds.mistake:
            continue
        position = reviewed.game.positions[move.ply]
        values, _lines, best, _exact = _position_values(
            position, _plies_left(reviewed.game, move.ply), *reviewed.budget
        )
        accepted = tuple(sorted((m for m in values if values[best] - values[m] <= margin), key=lambda m: -values[m]))
        found.append(Exercise(position, move.number, move.move, best, accepted, margin))
    return found


def better_move_scene(game: Game, move: MoveReview, names: Sequence[str] | None = None) -> Scene:
    """The position before ``move`` (of ``game``) as a board's scene, the better move marked: its
    square chosen, its direction drawn, the square played from circled in dots, both named below.

    >>> r = review(Game.from_record("6L 3R"))
    >>> better_move_scene(r.game, r.moves[1]).footer
    ('Better: 0L (played: 3R) · sowing L', 'square 0 chosen')
    """
    best = move.move == move.best
    return board_scene(
        game.positions[move.ply],
        selected=move.best.square,
        direction=move.best.direction,
        focus=None if best else move.move.square,
        note=(_("Best: {move}") if best else _("Better: {best} (played: {move})")).format(
            best=move.best, move=move.move
        ),
        names=names,
    )


def move_words(reviewed: Review, move: MoveReview, names: Sequence[str]) -> str:
    """What the review says of one move, in sentences (plain text).

    >>> r = review(Game.from_record("6L 3R"))
    >>> print(move_words(r, r.moves[0], ("You", "Computer")))
    Move 1, 6L, by You: best. The line the computer expects: 6L 0R 8L 1R 6R 3L. Values from the computer's search.
    >>> print(move_words(r, r.moves[1], ("You", "Computer")))  # doctest: +ELLIPSIS
    Move 2, 3R, by Computer: blunder. It let the reply 5R capture the left Mandarin M1: 13 points; 0L was ...
    """
    said = [
        _("Move {number}, {move}, by {name}: {label}.").format(
            number=move.number, move=move.move, name=names[move.player], label=label_words(move.label)
        )
    ]
    if move.lost > 0:
        said.append(reviewed.why(move, named=False))  # the move is named once, above
    said.append(_("The line the computer expects: {line}.").format(line=" ".join(str(m) for m in move.line)))
    said.append(_("Values proved by the exact solver.") if move.exact else _("Values from the computer's search."))
    return " ".join(said)


def _fault_words(counts: dict[str, int]) -> list[str]:
    """ "1 inaccuracy", "2 mistakes"...: the faults a player made, those they made at all."""
    n = counts["inaccuracy"], counts["mistake"], counts["blunder"]
    words = (
        ngettext("{n} inaccuracy", "{n} inaccuracies", n[0]),
        ngettext("{n} mistake", "{n} mistakes", n[1]),
        ngettext("{n} blunder", "{n} blunders", n[2]),
    )
    return [text.format(n=count) for text, count in zip(words, n, strict=True) if count]


#: A captured Mandarin square in words (the same words as the captions': oanquan.narrate).
def _reply_words(before: Position, played_line: tuple[Move, ...]) -> str | None:
    """What the reply the computer expects after the move played captures, in words (None: nothing)."""
    if len(played_line) < 2:
        return None
    after = before.play(played_line[0])
    reply = played_line[1]
    if not after.is_legal(reply):
        return None
    gain = immediate_gain(after, reply)
    if gain <= 0:
        return None
    mandarins = [
        square_words(e.square, sides=True)
        for e in after.play_traced(reply)[1]
        if e.kind == "capture" and e.square in (M0, M1)
    ]
    if mandarins:
        return ngettext(
            "it let the reply {reply} capture {taken}: {n} point",
            "it let the reply {reply} capture {taken}: {n} points",
            gain,
        ).format(reply=reply, taken=and_list(mandarins), n=gain)
    return ngettext(
        "it let the reply {reply} capture {n} point", "it let the reply {reply} capture {n} points", gain
    ).format(reply=reply, n=gain)


def review_moves(
    game: Game,
    depth: int = REVIEW_DEPTH,
    max_nodes: int = REVIEW_NODES,
    solver_nodes: int = SOLVER_NODES,
    thresholds: Thresholds = THRESHOLDS,
    start: int = 0,
) -> Iterator[MoveReview]:
    """Each move's review, one at a time from move ``start`` (0-based), as :func:`review` makes them.

    A page can show each as it comes. Each position's review is remembered, so asking again
    (a summary after the moves) costs nothing.

    >>> [m.label for m in review_moves(Game.from_record("6L 3R"), start=1)]
    ['blunder']
    """
    for ply in range(start, len(game.moves)):
        position, move = game.positions[ply], game.moves[ply]
        values, lines, best, exact = _position_values(position, _plies_left(game, ply), depth, max_nodes, solver_nodes)
        lost = values[best] - values[move]
        yield MoveReview(
            ply=ply,
            player=position.to_move,
            move=move,
            value=values[move],
            best=best,
            best_value=values[best],
            line=lines[best],
            played_line=lines[move],
            exact=exact,
            lost=lost,
            label=thresholds.label(lost),
        )


def review(
    game: Game,
    depth: int = REVIEW_DEPTH,
    max_nodes: int = REVIEW_NODES,
    solver_nodes: int = SOLVER_NODES,
    thresholds: Thresholds = THRESHOLDS,
) -> Review:
    """The review of ``game``, finished or not (module notes); budgets in positions, not time.

    ``depth`` and ``max_nodes`` are the search's for each position (:func:`oanquan.ai.analyse`),
    ``solver_nodes`` the exact solver's (0: never use it).

    >>> r = review(Game.from_record("6L 3R"))
    >>> [m.label for m in r.moves], r.moves[1].line[:2]
    (['best', 'blunder'], (Move(0, 'L'), Move(9, 'R')))
    """
    moves = tuple(review_moves(game, depth, max_nodes, solver_nodes, thresholds))
    return Review(game, moves, thresholds, (depth, max_nodes, solver_nodes))


def _plies_left(game: Game, ply: int) -> int | None:
    """The plies the game has left after ``ply`` moves under its ply limit (R7.3); None: no limit."""
    limit = game.rules.max_plies
    return limit - ply if limit else None


@functools.lru_cache(maxsize=1024)
def _position_values(
    position: Position, plies_left: int | None, depth: int, max_nodes: int, solver_nodes: int
) -> tuple[dict[Move, float], dict[Move, tuple[Move, ...]], Move, bool]:
    """Every legal move's value and line, the best move, and whether the values are the solver's.

    Remembered: the review and its exercises ask about the same positions (do not change them).
    The solver tries the position itself first: when it is out of reach, its moves are not tried.
    """
    if solver_nodes > 0:
        left = None if plies_left is None else plies_left - 1
        try:
            solve(position, plies_left, max_nodes=solver_nodes)
            after = {move: solve(position.play(move), left, max_nodes=solver_nodes) for move in position.legal_moves()}
        except UnsolvedError:
            pass  # one of them is out of the solver's reach: the search values them all
        else:
            values = {move: float(-s.value) for move, s in after.items()}
            best = max(values, key=lambda m: values[m])  # the first of the best, in legal_moves() order
            return values, {move: (move, *s.pv) for move, s in after.items()}, best, True
    rows = analyse(position, depth=depth, max_nodes=max_nodes)
    return {r.move: r.value for r in rows}, {r.move: r.pv for r in rows}, rows[0].move, False
