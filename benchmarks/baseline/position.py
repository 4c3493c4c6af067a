"""Positions, moves played on them, and the outcome of a game.

This module is the one place where the rules of ``RULES.md`` live.
Everything else (pictures, widgets, computer players, the book) asks a
:class:`Position` what happens.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from . import textformat
from .board import M0, M1, NEXT, Direction
from .errors import IllegalMoveError, InvalidMoveError, OAnQuanError, PositionFormatError, RulesError, quote
from .events import Event, EventKind
from .jsonio import check_fields, read_json
from .move import ALL_MOVES, Move
from .rules import Rules
from .textformat import Parts

__all__ = ["END_REASONS", "MAX_PEBBLES", "Outcome", "Position", "ending_events", "final_outcome"]

#: The most pebbles a position may hold in all. The rules set no limit; this
#: one keeps a mistyped position from making a move that takes forever.
MAX_PEBBLES = 1000

#: Why a game ends, in words, for each rule of RULES §7 that can end it.
END_REASONS = {
    "R7.1": "both Mandarin squares are empty",
    "R7.2": "the player to move has an empty row and too few pebbles to release (thả cá)",
    "R7.3": "the game reached its limit of plies, single moves (max_plies)",
}


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended (RULES §7, §8).

    ``scores`` are the final scores of players 0 and 1 after the sweep (R7.4)
    and the repayment of debts (R8.2); ``winner`` is 0, 1 or None for a draw
    (R8.3); ``reason`` is the rule that ended the game: ``"R7.1"``, ``"R7.2"``
    or ``"R7.3"``.

    >>> Outcome((40, 30), 0, "R7.1").explanation
    'Player 0 wins 40-30: both Mandarin squares are empty (R7.1).'
    >>> Outcome((32, 38), 1, "R7.3").explanation
    'Player 1 wins 38-32: the game reached its limit of plies, single moves (max_plies) (R7.3).'
    """

    scores: tuple[int, int]
    winner: int | None
    reason: str

    def __post_init__(self) -> None:
        if self.reason not in END_REASONS:
            raise OAnQuanError(f"an outcome's reason must be one of {sorted(END_REASONS)}, not {self.reason!r}")

    @property
    def explanation(self) -> str:
        """The result in one plain sentence."""
        a, b = self.scores
        # The winner's score first, as people say it.
        won = f"Player {self.winner} wins {max(a, b)}-{min(a, b)}"
        result = f"Draw, {a}-{b}" if self.winner is None else won
        return f"{result}: {END_REASONS[self.reason]} ({self.reason})."


class Position:
    """A position of Ô Ăn Quan: the board, both stores, debts and whose turn it is.

    Positions are immutable: :meth:`play` returns a new one, so a viewer can
    keep every position of a game and step through them.

    >>> p = Position.initial()
    >>> p.to_text()
    '5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0'
    >>> p.play("7R").to_text()      # RULES §11, first example
    '6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0 0,0 1'
    >>> p.play("0L")
    Traceback (most recent call last):
    ...
    oanquan.errors.IllegalMoveError: illegal move '0L' in '5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0': square 0 ...
    """

    __slots__ = ("_captured", "_debts", "_hash", "_pebbles", "_rules", "_stones", "_stores", "_to_move")

    _pebbles: tuple[int, ...]
    _stones: tuple[int, int]
    _stores: tuple[int, int]
    _captured: tuple[int, int]
    _debts: tuple[int, int]
    _to_move: int
    _rules: Rules
    _hash: int | None

    def __init__(
        self,
        pebbles: tuple[int, ...] | list[int],
        stones: tuple[bool, bool] | tuple[int, int] = (True, True),
        stores: tuple[int, int] = (0, 0),
        captured_stones: tuple[int, int] = (0, 0),
        debts: tuple[int, int] = (0, 0),
        to_move: int = 0,
        rules: Rules | None = None,
    ) -> None:
        """Build a position from its parts; see :meth:`from_text` for the usual way.

        ``pebbles`` has 12 counts indexed by square (0-9, then M0 and M1);
        ``stones`` says whether M0 and M1 still hold their stone.

        >>> Position([0] * 10 + [3, 0], stones=(False, True)).to_text()
        '0,0,0,0,0,0,0,0,0,0 3,Q 0,0 0,0 0'
        """
        if not isinstance(pebbles, (tuple, list)) or len(pebbles) != 12:
            raise PositionFormatError(f"pebbles must be 12 counts (squares 0-9, M0, M1), not {quote(pebbles)}")
        parts = Parts(
            tuple(pebbles),
            _stone_pair(stones),
            _pair_of_counts("stores", stores),
            _pair_of_counts("captured_stones", captured_stones),
            _pair_of_counts("debts", debts),
            to_move,
        )
        _set(self, *parts, _checked_rules(rules))
        _validate(self)

    # ----------------------------------------------------------------- making

    @classmethod
    def initial(cls, rules: Rules | None = None) -> Position:
        """The opening position (R2.1, R2.2, R2.5).

        >>> Position.initial(Rules(mandarin_pieces="pebbles")).to_text()
        '5,5,5,5,5,5,5,5,5,5 10,10 0,0 0,0 0'
        """
        rules = rules if rules is not None else Rules()
        if rules.mandarin_pieces == "stone":
            return cls([5] * 10 + [0, 0], (True, True), rules=rules)
        value = rules.mandarin_value
        return cls([5] * 10 + [value, value], (False, False), rules=rules)

    @classmethod
    def from_text(cls, text: str, rules: Rules | None = None) -> Position:
        """Read a position written in the format of RULES §10.

        >>> Position.from_text("0,0,0,0,1,0,0,0,0,0 Q,Q+2 3,0 0,0 1").count(M1)
        2
        >>> Position.from_text("5,5,5 Q,Q 0,0 0,0 0")
        Traceback (most recent call last):
        ...
        oanquan.errors.PositionFormatError: bad citizen squares field '5,5,5' in position '5,5,5 Q,Q 0,0 0,0 0': ...
        """
        rules = _checked_rules(rules)
        position = _make(*textformat.parse(text), rules)
        try:
            _validate(position)
        except PositionFormatError as error:
            raise PositionFormatError(f"bad position {quote(text)}: {error}") from None
        return position

    def to_text(self) -> str:
        """The position in the format of RULES §10; :meth:`from_text` reads it back.

        >>> Position.initial().play("5L").to_text()   # RULES §11, second example
        '0,6,6,6,6,0,6,6,6,6 Q+1,0 1+Q,0 0,0 1'
        """
        return textformat.write(
            Parts(self._pebbles, self._stones, self._stores, self._captured, self._debts, self._to_move)
        )

    def to_dict(self) -> dict[str, Any]:
        """The position and its rules as a JSON-ready dict.

        >>> Position.initial().to_dict()["position"]
        '5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0'
        """
        return {"position": self.to_text(), "rules": self._rules.to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> Position:
        """The inverse of :meth:`to_dict`.

        >>> p = Position.initial(Rules(mandarin_gap="always"))
        >>> Position.from_dict(p.to_dict()) == p
        True
        >>> Position.from_dict({"moves": "7R"})
        Traceback (most recent call last):
        ...
        oanquan.errors.PositionFormatError: a saved position has an unknown key 'moves' (it may have ...
        """
        data = check_fields(data, PositionFormatError, "a saved position", ["position"], ["rules"])
        try:
            rules = Rules.from_dict(data.get("rules", {}))
        except RulesError as error:
            raise PositionFormatError(f"bad rules in a saved position: {error}") from None
        return cls.from_text(data["position"], rules)

    def to_json(self) -> str:
        """The position and its rules as JSON text.

        >>> Position.from_json(Position.initial().to_json()) == Position.initial()
        True
        """
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Position:
        """Read a position saved by :meth:`to_json`.

        >>> Position.from_json('{"position": "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0"}').to_move
        0
        """
        return cls.from_dict(read_json(text, PositionFormatError, "a saved position"))

    # -------------------------------------------------------------- reading

    @property
    def rules(self) -> Rules:
        """The rule options this position is played under (RULES §9).

        >>> Position.initial().rules.mandarin_value
        10
        """
        return self._rules

    @property
    def to_move(self) -> int:
        """The player whose turn it is: 0 or 1.

        >>> Position.initial().play("7R").to_move
        1
        """
        return self._to_move

    @property
    def pebbles(self) -> tuple[int, ...]:
        """Pebbles in each square, indexed 0-9 then M0 (10) and M1 (11); stones not counted.

        >>> Position.initial().play("7R").pebbles
        (6, 6, 0, 6, 6, 6, 6, 0, 0, 6, 1, 1)
        """
        return self._pebbles

    @property
    def stones(self) -> tuple[bool, bool]:
        """Whether M0 and M1 still hold their Mandarin stone (R2.3).

        >>> Position.initial().play("5L").stones
        (True, False)
        """
        return (bool(self._stones[0]), bool(self._stones[1]))

    @property
    def stores(self) -> tuple[int, int]:
        """Captured pebbles in each player's store (R2.5).

        >>> Position.initial().play("7R").stores
        (6, 0)
        """
        return self._stores

    @property
    def captured_stones(self) -> tuple[int, int]:
        """Captured Mandarin stones in each player's store (R2.5).

        >>> Position.initial().play("9R").captured_stones
        (1, 0)
        """
        return self._captured

    @property
    def debts(self) -> tuple[int, int]:
        """Pebbles each player owes the other from thả cá (R6.2).

        >>> Position.from_text("1,1,1,1,1,0,0,0,0,0 Q,Q 2,10 0,0 0").play("5R").debts
        (3, 0)
        """
        return self._debts

    def count(self, square: int) -> int:
        """Pebbles in ``square`` (not counting a Mandarin stone).

        >>> Position.initial().count(3), Position.initial().count(M0)
        (5, 0)
        """
        return self._pebbles[square]

    def has_stone(self, square: int) -> bool:
        """Whether ``square`` is a Mandarin square that still holds its stone.

        >>> Position.initial().has_stone(M0), Position.initial().has_stone(3)
        (True, False)
        """
        return square >= 10 and bool(self._stones[square - 10])

    def is_empty(self, square: int) -> bool:
        """Whether ``square`` holds neither pebbles nor a stone (R2.4).

        >>> Position.initial().is_empty(M1)
        False
        """
        return not self._pebbles[square] and not (square >= 10 and self._stones[square - 10])

    def points(self, player: int) -> int:
        """What ``player`` has captured so far: pebbles + ``mandarin_value`` per stone (R8.1).

        >>> Position.initial().play("5L").points(0)
        11
        """
        return self._stores[player] + self._rules.mandarin_value * self._captured[player]

    def total_points(self) -> int:
        """Every point in the position: board, stones and stores (debts move none).

        >>> Position.initial().total_points()
        70
        """
        value = self._rules.mandarin_value
        return (
            sum(self._pebbles)
            + value * (self._stones[0] + self._stones[1] + self._captured[0] + self._captured[1])
            + self._stores[0]
            + self._stores[1]
        )

    def must_release_fish(self) -> bool:
        """Whether the mover's row is empty, so their turn starts with thả cá (R3.1, R6).

        >>> Position.initial().must_release_fish()
        False
        """
        start = 5 if self._to_move == 0 else 0
        return not any(self._pebbles[start : start + 5])

    # ---------------------------------------------------------------- moves

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, sorted by square, then L before R (R3.2).

        With an empty row all five squares are listed, since thả cá (R6)
        fills them first; once the game is over there are none.

        >>> [str(m) for m in Position.initial().legal_moves()][:4]
        ['5L', '5R', '6L', '6R']
        """
        if self.outcome() is not None:
            return ()
        start = 5 if self._to_move == 0 else 0
        board = self._pebbles
        refill = not any(board[start : start + 5])
        return tuple(
            move for square in range(start, start + 5) if refill or board[square] for move in ALL_MOVES[square]
        )

    def play(self, move: Move | str) -> Position:
        """The position after ``move`` (a :class:`Move` or its text, such as ``"7R"``).

        >>> Position.initial().play("9R").to_text()    # RULES §11, third example
        '6,6,6,6,0,6,6,6,6,0 0,Q+1 1+Q,0 0,0 1'
        """
        return _play(self, self._checked(move), None)

    def play_traced(self, move: Move | str) -> tuple[Position, tuple[Event, ...]]:
        """The position after ``move`` and the events of the move, in order.

        If the move ends the game, the trace ends with ``game_end``, ``sweep``
        and ``repay`` events (R7, R8); the returned position keeps the board
        as the move left it, and :meth:`outcome` gives the scores.

        >>> after, events = Position.initial().play_traced("5L")
        >>> [e.kind for e in events if e.kind != "drop"]
        ['lift', 'relay', 'capture', 'chain_end']
        """
        trace: list[Event] = []
        after = _play(self, self._checked(move), trace)
        outcome = after.outcome()
        if outcome is not None:
            trace.extend(ending_events(after, outcome))
        return after, tuple(trace)

    def _as_move(self, move: object) -> Move:
        """``move`` as a Move; bad text raises InvalidMoveError quoting it and this position."""
        if isinstance(move, Move):
            return move
        try:
            if not isinstance(move, str):
                raise InvalidMoveError(f"invalid move {quote(move)}: expected a Move or text such as '7R'")
            return Move.parse(move)
        except InvalidMoveError as error:
            raise InvalidMoveError(f"{error} (in '{self.to_text()}')") from None

    def _checked(self, move: Move | str) -> Move:
        move = self._as_move(move)
        problem = self._illegal_because(move)
        if problem:
            raise IllegalMoveError(f"illegal move '{move}' in '{self.to_text()}': {problem}")
        return move

    def _illegal_because(self, move: Move) -> str:
        """Why ``move`` is not legal here, or "" when it is."""
        outcome = self.outcome()
        if outcome is not None:
            return f"the game is over ({outcome.reason}: {END_REASONS[outcome.reason]})"
        square, mover = move.square, self._to_move
        if (square >= 5) != (mover == 0):
            return f"square {square} belongs to player {1 - mover}, and it is player {mover}'s turn"
        if not self._pebbles[square] and not self.must_release_fish():
            return f"square {square} is empty"
        return ""

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` may be played here (bad move text raises InvalidMoveError).

        >>> Position.initial().is_legal("7R"), Position.initial().is_legal("2L")
        (True, False)
        """
        return not self._illegal_because(self._as_move(move))

    # ------------------------------------------------------------------ end

    def outcome(self) -> Outcome | None:
        """None while the game goes on; otherwise the :class:`Outcome` (R7.1, R7.2).

        The ply limit (R7.3) belongs to a game record: see :meth:`Game.outcome`.

        >>> Position.initial().outcome() is None
        True
        >>> Position.from_text("3,0,0,0,0,4,0,0,0,0 0,0 30,33 0,0 1").outcome()
        Outcome(scores=(34, 36), winner=1, reason='R7.1')
        """
        p = self._pebbles
        if not (p[M0] or p[M1] or self._stones[0] or self._stones[1]):
            return final_outcome(self, "R7.1")
        if self._stores[0] + self._stores[1] < 5 and self.must_release_fish():
            return final_outcome(self, "R7.2")
        return None

    def is_over(self) -> bool:
        """Whether the game has ended in this position (R7.1, R7.2).

        >>> Position.initial().is_over(), Position.from_text("0,0,0,0,0,1,0,0,0,0 0,0 40,29 0,0 1").is_over()
        (False, True)
        """
        return self.outcome() is not None

    # --------------------------------------------------------------- python

    def key(self) -> tuple[Any, ...]:
        """Everything that tells two positions apart, as one hashable tuple.

        >>> Position.initial().key() == Position.from_text("5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0").key()
        True
        """
        return (
            self._pebbles,
            self._stones,
            self._stores,
            self._captured,
            self._debts,
            self._to_move,
            self._rules,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.key() == other.key()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.key())
        return self._hash

    def __repr__(self) -> str:
        changes = self._rules.changes()
        if changes:
            options = ", ".join(f"{k}={v!r}" for k, v in changes.items())
            return f"Position.from_text({self.to_text()!r}, Rules({options}))"
        return f"Position.from_text({self.to_text()!r})"

    def __str__(self) -> str:
        from .textboard import draw

        return draw(self)

    def _repr_svg_(self) -> str:
        """The board as an SVG picture, so a position draws itself in a notebook.

        >>> Position.initial()._repr_svg_().startswith("<svg")
        True
        """
        from .svg import board_svg  # imported here: the engine itself does not need pictures

        return board_svg(self)


# =================================================================== the rules
#
# A move is played on a mutable working copy (_Turn) that becomes a new
# Position at the end. The same code runs with and without a trace: `events`
# is None when nobody is watching, so the sowing loop can skip the events.
#
# Two shorthands run through this code because it runs once per pebble: a
# square s is a Mandarin square when s >= 10 (M0 = 10, M1 = 11; board.py's
# is_mandarin says the same), and player p's row starts at 5 if p == 0 else 0
# (board.row_of). Mandarin stones are stored as stones[s - 10].


class _Turn:
    """The mutable state of one move while it is played."""

    __slots__ = ("board", "captured", "debts", "events", "mover", "rules", "stones", "stores")

    def __init__(self, position: Position, events: list[Event] | None) -> None:
        self.board = list(position._pebbles)
        self.stones = list(position._stones)
        self.stores = list(position._stores)
        self.captured = list(position._captured)
        self.debts = list(position._debts)
        self.mover = position._to_move
        self.rules = position._rules
        self.events = events

    def snapshot(self, to_move: int) -> Position:
        return _make(
            tuple(self.board),
            (self.stones[0], self.stones[1]),
            (self.stores[0], self.stores[1]),
            (self.captured[0], self.captured[1]),
            (self.debts[0], self.debts[1]),
            to_move,
            self.rules,
        )

    def emit(self, kind: EventKind, rule: str, square: int | None = None, **counts: Any) -> None:
        if self.events is not None:
            self.events.append(Event(kind, rule, self.mover, self.snapshot(self.mover), square, **counts))

    def is_empty(self, square: int) -> bool:
        """R2.4: neither pebbles nor a stone."""
        return not self.board[square] and not (square >= 10 and self.stones[square - 10])

    def mandarin_gap_after_landing(self, square: int) -> bool:
        """R3.4a, R5.5: whether the Mandarin ``square`` right after the landing is a gap.

        Only under ``mandarin_gap="always"``, and only when it is empty; otherwise
        a Mandarin square next ends the turn.
        """
        return self.rules.mandarin_gap == "always" and self.is_empty(square)

    def is_chain_gap(self, square: int) -> bool:
        """R5.2, R5.5: whether ``square``, after a captured square, is a gap the chain jumps.

        Any empty citizen square is; an empty Mandarin square is too, unless
        ``mandarin_gap="never"``.
        """
        if square >= 10 and self.rules.mandarin_gap == "never":
            return False
        return self.is_empty(square)

    def is_young_mandarin(self, square: int) -> bool:
        """R5.6: a Mandarin with its stone and too few pebbles to be captured."""
        young = self.rules.young_mandarin_min
        return square >= 10 and young > 0 and bool(self.stones[square - 10]) and self.board[square] < young


def _play(position: Position, move: Move, events: list[Event] | None) -> Position:
    turn = _Turn(position, events)
    if position.must_release_fish():
        _release_fish(turn)
    _sow_and_capture(turn, move.square, move.direction)
    return turn.snapshot(1 - turn.mover)


def _release_fish(turn: _Turn) -> None:
    """R6.1, R6.2: put one pebble from the store into each square of the row, borrowing if short."""
    mover, other = turn.mover, 1 - turn.mover
    short = max(0, 5 - turn.stores[mover])
    if short:
        # R6.2: the shortfall comes from the opponent's store, as a debt.
        turn.stores[other] -= short
        turn.stores[mover] += short
        turn.debts[mover] += short
        turn.emit("borrow", "R6.2", pebbles=short)
    turn.stores[mover] -= 5
    start = 5 if mover == 0 else 0
    for square in range(start, start + 5):
        turn.board[square] += 1
    turn.emit("refill", "R6.1", pebbles=5)


def _sow_and_capture(turn: _Turn, square: int, direction: Direction) -> None:
    """R3.3-R3.4: sow from ``square``, relaying until the turn stops or a capture starts.

    This always ends: pebbles only move forward, and each one sown past a
    Mandarin square stays there (Mandarin squares are never lifted), so a
    relay cannot go round for ever.
    """
    nxt = NEXT[direction]
    board = turn.board
    hand = board[square]
    board[square] = 0
    turn.emit("lift", "R3.3", square, pebbles=hand, hand=hand, direction=direction)
    while True:
        square = _sow(turn, square, hand, nxt, direction)
        following = nxt[square]
        if following >= 10 and not turn.mandarin_gap_after_landing(following):
            turn.emit("mandarin_stop", "R3.4a", following, direction=direction)
            return
        if following < 10 and board[following]:
            hand = board[following]
            board[following] = 0
            square = following
            turn.emit("relay", "R3.4b", following, pebbles=hand, hand=hand, direction=direction)
            continue
        _capture(turn, following, nxt, direction)
        return


def _sow(turn: _Turn, square: int, hand: int, nxt: tuple[int, ...], direction: Direction) -> int:
    """R3.3: drop ``hand`` pebbles one by one after ``square``; return the last square sown."""
    board = turn.board
    if turn.events is None:
        while hand:
            square = nxt[square]
            board[square] += 1
            hand -= 1
        return square
    while hand:
        square = nxt[square]
        board[square] += 1
        hand -= 1
        turn.emit("drop", "R3.3", square, hand=hand, direction=direction)
    return square


def _capture(turn: _Turn, gap: int, nxt: tuple[int, ...], direction: Direction) -> None:
    """R5.1-R5.6: ``gap`` is empty; capture what follows it, and along the chain.

    By default (R5.5) the chain jumps an empty Mandarin square like any other
    gap: from ``3,1,1,1,1,0,1,0,0,4 0,Q 20,20+Q 0,0 0``, ``6R`` captures 9,
    jumps the empty M0 and captures 0 too (RULES §11).
    """
    rule = "R5.1"
    while True:
        target = nxt[gap]
        if turn.is_empty(target):
            turn.emit("double_empty", "R5.3", gap, direction=direction)
            return
        if turn.is_young_mandarin(target):
            turn.emit("young_mandarin", "R5.6", target, pebbles=turn.board[target], direction=direction)
            return
        _take(turn, target, rule, direction)
        rule = "R5.2"
        gap = nxt[target]
        if not turn.is_empty(gap):
            # The square after a capture is occupied, so no gap: no further
            # capture (R5.2), and nothing is sown after a capture (R5.4).
            turn.emit("chain_end", "R5.4", gap, direction=direction)
            return
        if not turn.is_chain_gap(gap):
            # An empty Mandarin square under mandarin_gap="never".
            turn.emit("mandarin_stop", "R5.5", gap, direction=direction)
            return


def _take(turn: _Turn, square: int, rule: str, direction: Direction) -> None:
    """Move everything in ``square`` to the mover's store (R5.1)."""
    pebbles = turn.board[square]
    turn.board[square] = 0
    turn.stores[turn.mover] += pebbles
    stones = 0
    if square >= 10 and turn.stones[square - 10]:
        stones = 1
        turn.stones[square - 10] = 0
        turn.captured[turn.mover] += 1
    turn.emit("capture", rule, square, pebbles=pebbles, stones=stones, direction=direction)


# ======================================================================= end


def final_outcome(position: Position, reason: str) -> Outcome:
    """The outcome if the game ends in ``position`` for ``reason`` (R7.4, R8).

    >>> final_outcome(Position.initial(), "R7.3").scores   # each sweeps 25
    (25, 25)
    """
    swept = _swept(position)
    d0, d1 = position._debts
    scores = (
        position.points(0) + swept[0] - d0 + d1,
        position.points(1) + swept[1] - d1 + d0,
    )
    winner = None if scores[0] == scores[1] else (0 if scores[0] > scores[1] else 1)
    return Outcome(scores, winner, reason)


def ending_events(position: Position, outcome: Outcome) -> list[Event]:
    """The ``game_end``, ``sweep`` and ``repay`` events that close a game (R7, R8.2).

    The positions they carry show the row pebbles moved into the stores; the
    debts stay on show, since repaying one can take a store below zero.

    >>> end = Position.from_text("0,0,2,0,0,0,1,0,0,0 0,0 20+2Q,27 3,0 1")
    >>> [(e.kind, e.player, e.pebbles) for e in ending_events(end, end.outcome())]
    [('game_end', 0, 0), ('sweep', 0, 1), ('sweep', 1, 2), ('repay', 0, 3)]
    """
    swept = _swept(position)
    pebbles = list(position._pebbles)
    stores = list(position._stores)
    mover = 1 - position._to_move  # the player whose move ended the game
    now = position
    events = [Event("game_end", outcome.reason, mover, now)]
    for player in (0, 1):
        start = 5 if player == 0 else 0
        for square in range(start, start + 5):
            pebbles[square] = 0
        stores[player] += swept[player]
        now = _make(
            tuple(pebbles),
            position._stones,
            (stores[0], stores[1]),
            position._captured,
            position._debts,
            position._to_move,
            position._rules,
        )
        events.append(Event("sweep", "R7.4", player, now, pebbles=swept[player]))
    for player in (0, 1):
        if position._debts[player]:
            events.append(Event("repay", "R8.2", player, now, pebbles=position._debts[player]))
    return events


def _swept(position: Position) -> tuple[int, int]:
    p = position._pebbles
    return (sum(p[5:10]), sum(p[0:5]))


# ================================================================ text format


def _make(
    pebbles: tuple[int, ...],
    stones: tuple[int, int],
    stores: tuple[int, int],
    captured: tuple[int, int],
    debts: tuple[int, int],
    to_move: int,
    rules: Rules,
) -> Position:
    """Build a Position without checks: for states the engine itself produced."""
    position = object.__new__(Position)
    _set(position, pebbles, stones, stores, captured, debts, to_move, rules)
    return position


def _set(
    position: Position,
    pebbles: tuple[int, ...],
    stones: tuple[int, int],
    stores: tuple[int, int],
    captured: tuple[int, int],
    debts: tuple[int, int],
    to_move: int,
    rules: Rules,
) -> None:
    """The one place a Position's fields are assigned."""
    position._pebbles = pebbles
    position._stones = stones
    position._stores = stores
    position._captured = captured
    position._debts = debts
    position._to_move = to_move
    position._rules = rules
    position._hash = None


def _checked_rules(rules: object) -> Rules:
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a Rules value, not {quote(rules)}")
    return rules


def _stone_pair(value: object) -> tuple[int, int]:
    """(M0, M1) stones given as True/False or 1/0, stored as 1/0 (not 1.0: see _is_count)."""
    if (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and all(type(v) in (bool, int) and v in (0, 1) for v in value)
    ):
        return (int(value[0]), int(value[1]))
    raise PositionFormatError(f"stones must be two of True/False (M0, M1), not {quote(value)}")


def _pair_of_counts(name: str, value: object) -> tuple[int, int]:
    """A pair for players 0 and 1; the counts themselves are checked by _validate."""
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return (value[0], value[1])
    raise PositionFormatError(f"{name} must be a pair of whole numbers (players 0, 1), not {quote(value)}")


def _validate(position: Position) -> None:
    """Checks shared by the constructor and the text reader (RULES §10)."""
    p = position
    numbers = (*p._pebbles, *p._stores, *p._captured, *p._debts)
    if not all(_is_count(n) for n in numbers):
        raise PositionFormatError(f"counts must be whole numbers of at least 0: {quote(numbers)}")
    if not (_is_count(p._to_move) and p._to_move in (0, 1)):
        raise PositionFormatError(f"the player to move must be 0 or 1, not {quote(p._to_move)}")
    stones = p._stones[0] + p._stones[1] + p._captured[0] + p._captured[1]
    if stones > 2:
        raise PositionFormatError(
            f"the Mandarin squares and stores fields hold {quote(stones)} Mandarin stones in all; there are only 2"
        )
    if stones and p._rules.mandarin_pieces == "pebbles":
        raise PositionFormatError(
            "the Mandarin squares and stores fields may not hold stones (Q) when mandarin_pieces='pebbles'"
        )
    pebbles = sum(p._pebbles) + p._stores[0] + p._stores[1]
    if pebbles > MAX_PEBBLES:  # so that no move can take for ever (and no number is too long to print)
        raise PositionFormatError(f"{quote(pebbles)} pebbles is more than the {MAX_PEBBLES} allowed")
    if p._debts[0] > MAX_PEBBLES or p._debts[1] > MAX_PEBBLES:
        raise PositionFormatError(f"debts of more than {MAX_PEBBLES} pebbles: {quote(p._debts)}")


def _is_count(value: object) -> bool:
    """A whole number of at least 0, exactly as the text format writes one.

    Only ``int`` itself: ``True`` is not a count, and ``1.0`` would be written
    out as ``1.0``, which the position text (RULES §10) cannot read back.
    """
    return type(value) is int and value >= 0
