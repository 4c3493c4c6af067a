"""Positions, moves played on them, and the outcome of a game.

This module is the one place where the rules of ``RULES.md`` live.
Everything else (pictures, widgets, computer players, the book) asks a
:class:`Position` what happens.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, NamedTuple

from . import textboard, textformat
from .board import DIRECTIONS, M0, M1, NEXT, ROW_NAMES, Direction
from .errors import (
    PROBLEMS,
    IllegalMoveError,
    InvalidMoveError,
    PositionFormatError,
    RulesError,
    quote,
)
from .events import Event, EventKind
from .i18n import N_, _, ngettext
from .jsonio import check_fields, read_json
from .move import ALL_MOVES, Move
from .rules import Rules
from .textformat import Parts

__all__ = [
    "CAPTURED",
    "DEBTS",
    "MAX_PEBBLES",
    "MOVER",
    "STONES",
    "STONE_OF",
    "STORES",
    "Outcome",
    "Position",
    "ScoreBreakdown",
    "State",
    "Termination",
    "ending_events",
    "ending_rule",
    "final_outcome",
    "final_scores",
    "moves_of",
    "play_fast",
    "play_on",
    "state_of",
    "swept_pebbles",
]

#: The most pebbles a position may hold in all. The rules set no limit; this
#: one keeps a mistyped position from making a move that takes forever.
MAX_PEBBLES = 1000

#: A position without its rules, as one flat tuple of 21 whole numbers: the pebbles in squares
#: 0-9, M0 and M1 (indices 0-11, so that ``state[square]`` is a square's count), then pairs for
#: M0 and M1 or for players 0 and 1, starting at the indices below, then the player to move.
#: A Position keeps its fields so, and the search keeps positions so (one search keeps its
#: rules fixed, so it can leave them out): one flat tuple is quicker to copy, compare and hash
#: than six, and the fast path (:func:`play_on`) changes a list copy of it in place.
#: :func:`state_of` gives a position's; :func:`play_fast`, :func:`moves_of`, :func:`ending_rule`
#: and :func:`final_scores` work on them.
State = tuple[int, ...]
STONES = 12  #: ``state[STONES + m]``: 1 while M0 (m = 0) or M1 (m = 1) holds its stone, else 0
STONE_OF = STONES - M0  #: so the stone of Mandarin square ``s`` (10 or 11) is ``state[s + STONE_OF]``
STORES = 14  #: ``state[STORES + p]``: the pebbles in player p's store
CAPTURED = 16  #: ``state[CAPTURED + p]``: the Mandarin stones player p has captured
DEBTS = 18  #: ``state[DEBTS + p]``: what player p owes the other from thả cá (R6.2)
MOVER = 20  #: ``state[MOVER]``: the player to move, 0 or 1


def _moves_from(start: int, occupied: int) -> tuple[Move, ...]:
    """R3.2: the moves from the row's squares whose bit is set in ``occupied`` (bit i for square
    ``start + i``), L before R; from all five when the row is empty, since thả cá fills it
    first (R3.1, R6.1).

    >>> [str(m) for m in _moves_from(5, 0b00101)]
    ['5L', '5R', '7L', '7R']
    """
    squares = [start + i for i in range(5) if occupied == 0 or occupied >> i & 1]
    return tuple(move for square in squares for move in ALL_MOVES[square])


#: ``_LEGAL_MOVES[player][occupied]``: the legal moves of ``player`` while the game goes on,
#: worked out once for each of the 32 ways their row's squares can be empty or not.
_LEGAL_MOVES = tuple(tuple(_moves_from(start, occupied) for occupied in range(32)) for start in (5, 0))


def _playable(moves: tuple[Move, ...]) -> tuple[bool, ...]:
    """Whether any of ``moves`` starts from each square 0-9: ``_playable(moves)[square]``.

    >>> _playable(_LEGAL_MOVES[0][0b00101])    # squares 5 and 7
    (False, False, False, False, False, True, False, True, False, False)
    """
    starts = {move.square for move in moves}
    return tuple(square in starts for square in range(10))


#: ``_LEGAL[player][occupied]``: the pair (those moves, :func:`_playable` of them), which a new
#: Position keeps: legal_moves() gives the first, and play() checks a move by the second, with one
#: look-up (``self._playable[move.square]``, a quicker test than a shift and a mask on a number of bits,
#: which Python 3.11 runs without its fast path for whole numbers: about 3% of a random playout).
_LEGAL = tuple(tuple((moves, _playable(moves)) for moves in row) for row in _LEGAL_MOVES)

#: ``_playable`` once the game is over: no square.
_NONE_PLAYABLE = _playable(())


def moves_of(state: State) -> tuple[Move, ...]:
    """R3.2: the legal moves in the position with these fields (a :data:`State`), while the game goes on.

    :meth:`Position.legal_moves` on a position's fields, for the search.

    >>> [str(move) for move in moves_of(state_of(Position.from_text("0,0,0,0,0,0,3,0,0,1 Q,Q 0,0 0,0 0")))]
    ['6L', '6R', '9L', '9R']
    """
    p = state
    # Which of the mover's squares hold pebbles, as _occupied says, written out: the search asks
    # this of every position it expands, and a function call costs as much as the work.
    if p[MOVER] == 0:
        return _LEGAL_MOVES[0][(p[5] and 1) + (p[6] and 2) + (p[7] and 4) + (p[8] and 8) + (p[9] and 16)]
    return _LEGAL_MOVES[1][(p[0] and 1) + (p[1] and 2) + (p[2] and 4) + (p[3] and 8) + (p[4] and 16)]


def _occupied(pebbles: Sequence[int], mover: int) -> int:
    """Which of ``mover``'s squares hold pebbles, one bit each (bit i for the row's i-th square, as
    in :func:`_moves_from`); ``x and 1`` is 0 for an empty square and 1 for any other. The bits
    are added, which is the same as or-ing them (each is in its own place), since Python 3.11 adds
    small whole numbers on a fast path and has none for ``|``: the search and every new position
    ask this.

    >>> _occupied((0, 0, 0, 0, 0, 0, 3, 0, 0, 1, 0, 0), 0) == 0b10010
    True
    """
    p = pebbles
    if mover == 0:
        return (p[5] and 1) + (p[6] and 2) + (p[7] and 4) + (p[8] and 8) + (p[9] and 16)
    return (p[0] and 1) + (p[1] and 2) + (p[2] and 4) + (p[3] and 8) + (p[4] and 16)


class Termination(Enum):
    """Why a game ended: the rule of RULES §7 that ended it, which is each member's value.

    No words: a reader's are :func:`oanquan.narrate.end_words`'s, which the view-model says.

    >>> Termination("R7.3"), Termination.MANDARINS_EMPTY.value
    (<Termination.PLY_LIMIT: 'R7.3'>, 'R7.1')
    """

    #: R7.1: both Mandarin squares are empty at the end of a move.
    MANDARINS_EMPTY = "R7.1"
    #: R7.2: the player to move has an empty row and the stores cannot pay thả cá (R6.3).
    CANNOT_RELEASE = "R7.2"
    #: R7.3: the game has lasted the rules' ``max_plies`` plies.
    PLY_LIMIT = "R7.3"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended (RULES §7, §8), as data: python-chess's ``Outcome(termination, winner)``.

    ``termination`` is the rule that ended the game; ``winner`` is 0, 1 or None
    for a draw (R8.3); ``scores`` are the final scores of players 0 and 1 after
    the sweep (R7.4) and the repayment of debts (R8.2).

    >>> Outcome(Termination.PLY_LIMIT, 1, (32, 38)).rule
    'R7.3'
    """

    termination: Termination
    winner: int | None
    scores: tuple[int, int]

    @property
    def rule(self) -> str:
        """The rule that ended the game, as RULES.md numbers it ("R7.1", "R7.2" or "R7.3")."""
        return self.termination.value


class ScoreBreakdown(NamedTuple):
    """A score taken apart (R7.4, R8.1, R8.2), each field a pair (player 0, player 1).

    ``captured`` counts the pebbles in each store, ``stones`` the Mandarin
    stones captured and ``stone_points`` what they are worth; ``swept`` the
    pebbles each takes from their row at the end (0 while the game goes on);
    ``debts`` what each owes the other (R6.2); ``scores`` add everything up.
    Made by :meth:`Position.score_breakdown`.
    """

    captured: tuple[int, int]
    stones: tuple[int, int]
    stone_points: tuple[int, int]
    swept: tuple[int, int]
    debts: tuple[int, int]
    scores: tuple[int, int]

    def lines(self, names: Sequence[str] | None = None) -> list[str]:
        """One sentence per player that adds up their score, in the language spoken.

        ``names`` are what to call the two players (the page's "You" and "Computer");
        by default their rows' (R1.1).

        >>> ScoreBreakdown((20, 15), (1, 0), (10, 0), (5, 17), (0, 3), (38, 29)).lines()[1]
        'Top row: 15 captured + 17 from their row − debt 3 = 29.'
        >>> from oanquan.narrate import Names
        >>> breakdown = ScoreBreakdown((20, 15), (1, 0), (10, 0), (5, 17), (0, 3), (38, 29))
        >>> breakdown.lines(Names(["You", "Computer"], you=0))[0]
        'You: 20 captured + 1 stone (10) + 5 from your row + debt repaid 3 = 38.'
        """
        said = []
        for p in (0, 1):
            name = names[p] if names is not None else _(ROW_NAMES[p])
            you = getattr(names, "you", None) == p  # the reader playing the computer: "from your row" (issue 41)
            parts = self.parts(p, you=you)
            said.append(_("{name}: {parts} = {score}.").format(name=name, parts=parts, score=self.scores[p]))
        return said

    def parts(self, player: int, *, short: bool = False, you: bool = False) -> str:
        """What ``player``'s score is made of, as a sum in words; ``short``: each number named in brackets;
        ``you``: the player is the reader, spoken to ("from your row").

        The short sum fits a picture's strip at its smallest readable size, where the long one had
        to be squeezed sideways (issue 46).

        >>> ScoreBreakdown((20, 15), (1, 0), (10, 0), (5, 17), (0, 3), (38, 29)).parts(1)
        '15 captured + 17 from their row − debt 3'
        >>> ScoreBreakdown((29, 15), (2, 0), (20, 0), (3, 3), (0, 5), (57, 13)).parts(0, short=True)
        '29 + 20 (2 stones) + 3 (row) + 5 (repaid)'
        """
        if short:
            return self._short_parts(player)
        p = player
        stones = self.stones[p]
        parts = [_("{n} captured").format(n=self.captured[p])]
        if stones:
            parts.append(
                ngettext("{n} stone ({points})", "{n} stones ({points})", stones).format(
                    n=stones, points=self.stone_points[p]
                )
            )
        parts.append((_("{n} from your row") if you else _("{n} from their row")).format(n=self.swept[p]))
        text = " + ".join(parts)
        if self.debts[p]:
            text += _(" − debt {n}").format(n=self.debts[p])
        if self.debts[1 - p]:
            text += _(" + debt repaid {n}").format(n=self.debts[1 - p])
        return text

    def _short_parts(self, p: int) -> str:
        parts = [str(self.captured[p])]
        if self.stones[p]:
            parts.append(
                ngettext("{points} ({n} stone)", "{points} ({n} stones)", self.stones[p]).format(
                    n=self.stones[p], points=self.stone_points[p]
                )
            )
        if self.swept[p]:
            parts.append(_("{n} (row)").format(n=self.swept[p]))
        text = " + ".join(parts)
        if self.debts[p]:
            text += _(" − {n} (debt)").format(n=self.debts[p])
        if self.debts[1 - p]:
            text += _(" + {n} (repaid)").format(n=self.debts[1 - p])
        return text


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

    __slots__ = ("_ending", "_hash", "_moves", "_playable", "_rules", "_state", "_swept")

    # Every field of the position but its rules, laid out as a State but kept as a list: play()
    # copies it and plays the move on the copy in place (play_on), which becomes the new
    # position's, with no tuple made on the way. Nothing changes it once the position is made.
    _state: list[int]
    _rules: Rules
    # Worked out when first asked for, then kept (a position never changes); unset until then,
    # since setting it to None costs every new position a little time.
    _hash: int
    _ending: Outcome | None  # outcome(), worked out once when the position is made
    _moves: tuple[Move, ...]  # legal_moves(), worked out once when the position is made
    # Whether those moves start from each square 0-9 (none once the game is over): play()
    # checks a move with one look-up, ``_playable[move.square]``.
    _playable: tuple[bool, ...]
    # The pebbles each player has already taken from their row at the end (R7.4), which the
    # stores include: (0, 0) but in the positions of a game's closing events (ending_events).
    _swept: tuple[int, int]

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
        rules = _checked_rules(rules)
        _validate(parts, rules)
        made = _make(parts, rules)  # where a Position's fields are assigned (see _from_state)
        for name in ("_ending", "_moves", "_playable", "_rules", "_state", "_swept"):  # all but _hash, unset yet
            object.__setattr__(self, name, getattr(made, name))

    # ----------------------------------------------------------------- making

    @classmethod
    def initial(cls, rules: Rules | None = None) -> Position:
        """The opening position (R2.1, R2.2, R2.5).

        >>> Position.initial(Rules(mandarin_pieces="pebbles")).to_text()
        '5,5,5,5,5,5,5,5,5,5 10,10 0,0 0,0 0'
        """
        if rules is None and cls is Position:
            return _OPENING  # the usual case, without hashing the rules for _opening's cache
        opening = _opening(_checked_rules(rules))  # made once per set of rules: positions never change
        return opening if cls is Position else cls(opening.pebbles, opening.stones, rules=opening.rules)

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
        parts = textformat.parse(text)
        try:
            _validate(parts, rules)
        except PositionFormatError as error:
            # the reader's words are the problem's own (its code and fields), the message names the text too
            raise PositionFormatError(f"bad position {quote(text)}: {error}", code=error.code, **error.fields) from None
        return _make(parts, rules)

    def to_text(self) -> str:
        """The position in the format of RULES §10; :meth:`from_text` reads it back.

        >>> Position.initial().play("5L").to_text()   # RULES §11, second example
        '0,6,6,6,6,0,6,6,6,6 Q+1,0 1+Q,0 0,0 1'
        """
        p = self._state
        return textformat.write(
            Parts(self.pebbles, (p[STONES], p[STONES + 1]), self.stores, self.captured_stones, self.debts, p[MOVER])
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
        data = check_fields(data, PositionFormatError, N_("a saved position"), ["position"], ["rules"])
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
        return cls.from_dict(read_json(text, PositionFormatError, N_("a saved position")))

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
        return self._state[MOVER]

    @property
    def pebbles(self) -> tuple[int, ...]:
        """Pebbles in each square, indexed 0-9 then M0 (10) and M1 (11); stones not counted.

        >>> Position.initial().play("7R").pebbles
        (6, 6, 0, 6, 6, 6, 6, 0, 0, 6, 1, 1)
        """
        return tuple(self._state[:12])

    @property
    def stones(self) -> tuple[bool, bool]:
        """Whether M0 and M1 still hold their Mandarin stone (R2.3).

        >>> Position.initial().play("5L").stones
        (True, False)
        """
        return (bool(self._state[STONES]), bool(self._state[STONES + 1]))

    @property
    def stores(self) -> tuple[int, int]:
        """Captured pebbles in each player's store (R2.5).

        >>> Position.initial().play("7R").stores
        (6, 0)
        """
        return (self._state[STORES], self._state[STORES + 1])

    @property
    def captured_stones(self) -> tuple[int, int]:
        """Captured Mandarin stones in each player's store (R2.5).

        >>> Position.initial().play("9R").captured_stones
        (1, 0)
        """
        return (self._state[CAPTURED], self._state[CAPTURED + 1])

    @property
    def debts(self) -> tuple[int, int]:
        """Pebbles each player owes the other from thả cá (R6.2).

        >>> Position.from_text("1,1,1,1,1,0,0,0,0,0 Q,Q 2,10 0,0 0").play("5R").debts
        (3, 0)
        """
        return (self._state[DEBTS], self._state[DEBTS + 1])

    def count(self, square: int) -> int:
        """Pebbles in ``square`` (not counting a Mandarin stone).

        >>> Position.initial().count(3), Position.initial().count(M0)
        (5, 0)
        """
        return self._state[square]

    def has_stone(self, square: int) -> bool:
        """Whether ``square`` is a Mandarin square that still holds its stone.

        >>> Position.initial().has_stone(M0), Position.initial().has_stone(3)
        (True, False)
        """
        return square >= 10 and bool(self._state[square + STONE_OF])

    def is_empty(self, square: int) -> bool:
        """Whether ``square`` holds neither pebbles nor a stone (R2.4).

        >>> Position.initial().is_empty(M1)
        False
        """
        return not self._state[square] and not (square >= 10 and self._state[square + STONE_OF])

    def points(self, player: int) -> int:
        """What ``player`` has captured so far: pebbles + ``mandarin_value`` per stone (R8.1).

        >>> Position.initial().play("5L").points(0)
        11
        """
        return self._state[STORES + player] + self._rules.mandarin_value * self._state[CAPTURED + player]

    def score_breakdown(self, final: bool | None = None) -> ScoreBreakdown:
        """The score of each player taken apart (R8.1, R8.2, and R7.4 at the end).

        ``final`` (by default: whether the game is over here) adds the pebbles
        each player takes from their row, which gives the final scores of R8.
        Before the end the scores are the points settled so far: what each has
        captured, less what they owe and plus what they are owed.

        The positions of a game's closing events (the sweep of R7.4, shown step
        by step) remember what was swept into the stores, so the pebbles taken
        from a row are never counted as captured.

        >>> Position.initial().play("5L").score_breakdown().scores
        (11, 0)
        >>> end = Position.from_text("3,0,0,0,0,4,0,0,0,0 0,0 30,33 0,0 1")
        >>> end.score_breakdown().parts(0)
        '30 captured + 4 from their row'
        >>> swept = ending_events(end, end.outcome())[-1].position   # both rows taken into the stores
        >>> swept.stores, swept.score_breakdown().parts(0), swept.score_breakdown().scores
        ((34, 36), '30 captured + 4 from their row', (34, 36))
        """
        over = self.is_over() if final is None else final
        value = self._rules.mandarin_value
        stones, stores, taken = self.captured_stones, self.stores, self._swept
        # The scoring rule has one home, final_scores; before the end the rows are not swept yet.
        scores = final_scores(self._state, value)
        row = swept_pebbles(self)
        if not over:
            scores = (scores[0] - row[0], scores[1] - row[1])
        return ScoreBreakdown(
            captured=(stores[0] - taken[0], stores[1] - taken[1]),
            stones=stones,
            stone_points=(stones[0] * value, stones[1] * value),
            swept=(row[0] + taken[0], row[1] + taken[1]) if over else taken,
            debts=self.debts,
            scores=scores,
        )

    def total_points(self) -> int:
        """Every point in the position: board, stones and stores (debts move none).

        >>> Position.initial().total_points()
        70
        """
        p = self._state
        stones = p[STONES] + p[STONES + 1] + p[CAPTURED] + p[CAPTURED + 1]  # on the board or captured
        return sum(p[:12]) + self._rules.mandarin_value * stones + p[STORES] + p[STORES + 1]

    def must_release_fish(self) -> bool:
        """Whether the mover's row is empty, so their turn starts with thả cá (R3.1, R6).

        >>> Position.initial().must_release_fish()
        False
        """
        return not _occupied(self._state, self._state[MOVER])

    # ---------------------------------------------------------------- moves

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, sorted by square, then L before R (R3.2).

        With an empty row all five squares are listed, since thả cá (R6)
        fills them first; once the game is over there are none.

        >>> [str(m) for m in Position.initial().legal_moves()][:4]
        ['5L', '5R', '6L', '6R']
        """
        return self._moves

    def play(self, move: Move | str) -> Position:
        """The position after ``move`` (a :class:`Move` or its text, such as ``"7R"``).

        >>> Position.initial().play("9R").to_text()    # RULES §11, third example
        '6,6,6,6,0,6,6,6,6,0 0,Q+1 1+Q,0 0,0 1'
        """
        # The usual case, a legal Move, checked with one test (R3.2): its square is one that
        # legal_moves() starts from (a square of the mover's row with pebbles in it, or any of
        # them when thả cá fills the row first, R3.1; none once the game is over).
        # ``__class__ is`` is quicker than isinstance(), and Move has no subclass.
        if move.__class__ is Move and self._playable[move.square]:
            rules = self._rules
            # A copy of the fields: copy() is quicker than a slice ([:] makes a slice object first).
            p = self._state.copy()
            play_on(p, rules, move.square, move.direction)
            return _from_state(p, rules)
        move = self._checked(move)  # move text, or a move that is not legal here (an error)
        return _play_untraced(self, move.square, move.direction)

    def children(self) -> list[tuple[Move, Position]]:
        """Every legal move with the position it leads to, in the order of :meth:`legal_moves`.

        >>> [(str(move), child.points(0)) for move, child in Position.initial().children()][:3]
        [('5L', 11), ('5R', 6), ('6L', 6)]
        """
        # The moves are legal, so they need no checking one by one.
        return [(move, _play_untraced(self, move.square, move.direction)) for move in self.legal_moves()]

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
                shown = quote(move)
                raise InvalidMoveError(
                    f"invalid move {shown}: expected a Move or text such as '7R'",
                    code="not-a-move",
                    move=shown,
                )
            return Move.parse(move)
        except InvalidMoveError as error:
            raise InvalidMoveError(
                f"{error} (in '{self.to_text()}')",
                code=error.code,
                **error.fields,
            ) from None

    def _checked(self, move: Move | str) -> Move:
        """``move`` as a Move when it is legal here; otherwise the error that says why."""
        move = self._as_move(move)
        problem = self._illegal_because(move)
        if problem:
            code, fields = problem
            # the programmer's message names the rule that ended the game and the players by number;
            # the reader's words come from the code, and name no player by number (issue 41)
            programmers = {
                "game-over": "the game is over ({rule})",
                "not-yours": "square {square} belongs to player {other}, and it is player {player}'s turn",
            }
            because = programmers.get(code, PROBLEMS[code])
            raise IllegalMoveError(
                f"illegal move '{move}' in '{self.to_text()}': {because.format_map(fields)}",
                code=code,
                move=str(move),
                **fields,
            )
        return move

    def _illegal_because(self, move: Move) -> tuple[str, dict[str, object]] | None:
        """Why ``move`` is not legal here (a problem's code and fields), or None when it is."""
        outcome = self.outcome()
        if outcome is not None:
            return "game-over", {"rule": outcome.rule, "winner": outcome.winner, "scores": outcome.scores}
        square, mover = move.square, self._state[MOVER]
        if (square >= 5) != (mover == 0):
            return "not-yours", {"square": square, "other": 1 - mover, "player": mover}
        if not self._state[square] and not self.must_release_fish():
            return "empty-square", {"square": square}
        return None

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` may be played here (bad move text raises InvalidMoveError).

        >>> Position.initial().is_legal("7R"), Position.initial().is_legal("2L")
        (True, False)
        """
        return self._illegal_because(self._as_move(move)) is None

    # ------------------------------------------------------------------ end

    def outcome(self, plies_left: int | None = None) -> Outcome | None:
        """None while the game goes on; otherwise how it ended (R7.1-R7.3), as an :class:`Outcome`.

        ``plies_left`` is how many more plies the game may last under its ply
        limit (R7.3), which a position cannot count: :meth:`Game.outcome` and the
        solver say it; at 0 the game is over here. None: no limit in sight.

        >>> Position.initial().outcome() is None
        True
        >>> Position.from_text("3,0,0,0,0,4,0,0,0,0 0,0 30,33 0,0 1").outcome()
        Outcome(termination=<Termination.MANDARINS_EMPTY: 'R7.1'>, winner=1, scores=(34, 36))
        >>> Position.initial().outcome(plies_left=0)   # each sweeps 25
        Outcome(termination=<Termination.PLY_LIMIT: 'R7.3'>, winner=None, scores=(25, 25))
        """
        if plies_left is None or self._ending is not None or plies_left > 0:
            return self._ending
        return final_outcome(self, Termination.PLY_LIMIT)

    def is_over(self) -> bool:
        """Whether the game has ended in this position (R7.1, R7.2).

        >>> Position.initial().is_over(), Position.from_text("0,0,0,0,0,1,0,0,0,0 0,0 40,29 0,0 1").is_over()
        (False, True)
        """
        return self._ending is not None

    # --------------------------------------------------------------- python

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        # Two positions are equal when all they hold is: their fields, their rules, and what the
        # sweep at the end took from the rows (ending_events). A search's table compares many.
        return self is other or (
            self._state == other._state
            and (self._rules is other._rules or self._rules == other._rules)
            and self._swept == other._swept
        )

    def __hash__(self) -> int:
        # The fields without the rules, whose hash is slow to work out: positions equal
        # but for their rules share a hash, which is allowed, and rare in one table.
        try:
            return self._hash
        except AttributeError:  # not worked out yet
            self._hash = hash(tuple(self._state))
            return self._hash

    def __repr__(self) -> str:
        changes = self._rules.changes()
        if changes:
            options = ", ".join(f"{k}={v!r}" for k, v in changes.items())
            return f"Position.from_text({self.to_text()!r}, Rules({options}))"
        return f"Position.from_text({self.to_text()!r})"

    def __str__(self) -> str:
        return textboard.draw(self)

    def _repr_svg_(self) -> str:
        """The board as an SVG picture, so a position draws itself in a notebook.

        >>> Position.initial()._repr_svg_().startswith("<svg")
        True
        """
        # Imported here, as python-chess's Board does: the engine itself does not need pictures,
        # and svg imports the engine (through narrate), so at the top it would be a cycle.
        from .svg import board_svg

        return board_svg(self)

    def _repr_html_(self) -> str:
        """The board as an ``<img>`` of its SVG, which JupyterLab shows even in an untrusted notebook.

        (JupyterLab prefers HTML to SVG, and its sanitizer drops inline SVG.)

        >>> Position.initial()._repr_html_().startswith('<img src="data:image/svg+xml;base64,')
        True
        """
        from .svg import picture_html  # imported here, as in _repr_svg_

        return picture_html(self._repr_svg_())


# =================================================================== the rules
#
# The rules are written twice in this module, and kept equal by a test:
#
# * here, as play_traced() runs them: a move is played on a working copy
#   (_Turn) that writes down an event, with a picture of the position, for
#   every step a teacher would narrate, and becomes a new Position at the end;
# * below (the fast path), as play() runs them: the same steps in one function
#   with no trace, because a search plays millions of moves.
#
# Two shorthands run through this code because it runs once per pebble: a
# square s is a Mandarin square when s >= 10 (M0 = 10, M1 = 11; board.py's
# is_mandarin says the same), and player p's row starts at 5 if p == 0 else 0
# (board.row_of). Both play on the same list: a copy of the position's fields
# laid out as a State (pebbles, then stones, stores, captured stones, debts and
# the mover, at the indices named at the top of this module), changed in place.


class _Turn:
    """One traced move while it is played: the position's fields as it stands (``board``, laid out
    as a State), and the events written down so far."""

    __slots__ = ("board", "events", "mover", "rules")

    def __init__(self, position: Position, events: list[Event]) -> None:
        self.board = position._state[:]
        self.mover = self.board[MOVER]
        self.rules = position._rules
        self.events = events

    def snapshot(self, to_move: int) -> Position:
        """The position as it stands now, with ``to_move`` to move."""
        fields = self.board[:]
        fields[MOVER] = to_move
        return _from_state(fields, self.rules)

    def emit(self, kind: EventKind, rule: str, square: int | None = None, **counts: Any) -> None:
        """Write down one event, with the position right after it."""
        self.events.append(Event(kind, rule, self.mover, self.snapshot(self.mover), square, **counts))

    def is_empty(self, square: int) -> bool:
        """R2.4: ``square`` holds neither pebbles nor a stone."""
        return not self.board[square] and not (square >= 10 and self.board[square + STONE_OF])


def _play(position: Position, move: Move, events: list[Event]) -> Position:
    """The position after the legal ``move``, its events appended to ``events``."""
    turn = _Turn(position, events)
    if position.must_release_fish():  # R3.1
        _release_fish(turn)
    _sow_and_capture(turn, move.square, move.direction)
    return turn.snapshot(1 - turn.mover)  # R3.5: the other player moves next


def _release_fish(turn: _Turn) -> None:
    """R6.1, R6.2: put one pebble from the store into each square of the row, borrowing if short."""
    board, mover = turn.board, turn.mover
    short = max(0, 5 - board[STORES + mover])
    if short:
        # R6.2: the shortfall comes from the opponent's store, as a debt.
        board[STORES + 1 - mover] -= short
        board[STORES + mover] += short
        board[DEBTS + mover] += short
        turn.emit("borrow", "R6.2", pebbles=short)
    board[STORES + mover] -= 5
    start = 5 if mover == 0 else 0
    for square in range(start, start + 5):
        board[square] += 1
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
        # R3.3: one pebble into each following square, Mandarin squares included.
        while hand:
            square = nxt[square]
            board[square] += 1
            hand -= 1
            turn.emit("drop", "R3.3", square, hand=hand, direction=direction)
        following = nxt[square]
        if following >= 10:
            # R3.4a: a Mandarin square next ends the turn, even an empty one, unless
            # mandarin_gap="always" makes an empty one a gap like any other (R5.5).
            if turn.rules.mandarin_gap != "always" or not turn.is_empty(following):
                turn.emit("mandarin_stop", "R3.4a", following, direction=direction)
                return
        elif board[following]:
            # R3.4b: an occupied citizen square: lift it and keep sowing after it.
            hand = board[following]
            board[following] = 0
            square = following
            turn.emit("relay", "R3.4b", following, pebbles=hand, hand=hand, direction=direction)
            continue
        # R3.4c: an empty square next: a capture may follow (R5).
        _capture(turn, following, nxt, direction)
        return


def _capture(turn: _Turn, gap: int, nxt: tuple[int, ...], direction: Direction) -> None:
    """R5.1-R5.6: ``gap`` is empty; capture what follows it, and along the chain.

    By default (R5.5) the chain jumps an empty Mandarin square like any other
    gap: from ``3,1,1,1,1,0,1,0,0,4 0,Q 20,20+Q 0,0 0``, ``6R`` captures 9,
    jumps the empty M0 and captures 0 too (RULES §11).
    """
    board, rules = turn.board, turn.rules
    rule = "R5.1"
    while True:
        target = nxt[gap]
        if turn.is_empty(target):
            # R5.3: two empty squares in a row: no (further) capture.
            turn.emit("double_empty", "R5.3", gap, direction=direction)
            return
        young = rules.young_mandarin_min
        if young and target >= 10 and board[target + STONE_OF] and board[target] < young:
            # R5.6: a young Mandarin (its stone and too few pebbles) cannot be captured.
            turn.emit("young_mandarin", "R5.6", target, pebbles=board[target], direction=direction)
            return
        _take(turn, target, rule, direction)
        rule = "R5.2"
        gap = nxt[target]
        if not turn.is_empty(gap):
            # The square after a capture is occupied, so no gap: no further
            # capture (R5.2), and nothing is sown after a capture (R5.4).
            turn.emit("chain_end", "R5.4", gap, direction=direction)
            return
        if gap >= 10 and rules.mandarin_gap == "never":
            # R5.5: under mandarin_gap="never" an empty Mandarin square is no gap.
            turn.emit("mandarin_stop", "R5.5", gap, direction=direction)
            return


def _take(turn: _Turn, square: int, rule: str, direction: Direction) -> None:
    """R5.1: move everything in ``square`` to the mover's store, a Mandarin stone included."""
    board, mover = turn.board, turn.mover
    pebbles = board[square]
    board[square] = 0
    board[STORES + mover] += pebbles
    stones = board[square + STONE_OF] if square >= 10 else 0  # 1 when its Mandarin stone is there
    if stones:
        board[square + STONE_OF] = 0
        board[CAPTURED + mover] += 1
    turn.emit("capture", rule, square, pebbles=pebbles, stones=stones, direction=direction)


# ============================================================ the fast path
#
# Position.play() runs the same rules again in one function (play_on), with
# no trace and no working object: a search plays millions of moves, and this is
# where its time goes. It plays on a list of the position's fields laid out as a
# State (one flat list: pebbles, stones, stores, captured stones, debts, mover),
# in place, so that a move makes no object but the new position and its list.
# The search (oanquan.ai) plays its moves here too (play_fast, on a State rather
# than on Position objects), and reads the end of the game (ending_rule), the
# final scores (final_scores) and the legal moves (moves_of) from functions that
# say what a Position says. Each rule is marked with its number, as above. The
# traced code above is the reference for it: tests/test_properties.py
# (test_fast_and_traced_play_agree) plays every legal move of many random
# positions both ways, under every combination of the options of RULES §9, and
# requires the same positions, and its searched properties do the same for play()
# and play_fast from any position; tests/test_reference.py also checks both against
# a plain implementation written from RULES.md alone; tests/test_search_unchanged.py
# checks the search's States against Positions under every option set.


def _route(square: int, hand: int, direction: Direction) -> tuple[int, ...]:
    """R3.3: the squares after ``square`` in ``direction`` that a hand of ``hand`` pebbles
    lifted from it fills, one pebble each, in order.

    >>> _route(3, 4, "R"), _route(1, 3, "L")
    ((4, 11, 5, 6), (0, 10, 9))
    """
    squares = []
    for _step in range(hand):
        square = NEXT[direction][square]
        squares.append(square)
    return tuple(squares)


#: ``_ROUTES[direction][square][hand]`` is ``_route(square, hand, direction)``, worked out once
#: for hands of fewer than ``_ROUTE_HANDS`` pebbles: the fast path sows along it.
_ROUTE_HANDS = 24
_ROUTES = {d: tuple(tuple(_route(s, h, d) for h in range(_ROUTE_HANDS)) for s in range(12)) for d in DIRECTIONS}

#: (``NEXT[direction]``, ``_ROUTES[direction]``) for each direction, found with one test per move
#: (quicker than looking the direction up in a dict).
_SOWING_L = (NEXT["L"], _ROUTES["L"])
_SOWING_R = (NEXT["R"], _ROUTES["R"])


def state_of(position: Position) -> State:
    """The fields of ``position`` without its rules, as the search keeps them (:data:`State`).

    >>> state_of(Position.initial().play("7R"))
    (6, 6, 0, 6, 6, 6, 6, 0, 0, 6, 1, 1, 1, 1, 6, 0, 0, 0, 0, 0, 1)
    """
    return tuple(position._state)


def _play_untraced(position: Position, square: int, direction: Direction) -> Position:
    """The position after the legal move from ``square`` in ``direction`` (R3-R6)."""
    board = position._state.copy()
    play_on(board, position._rules, square, direction)
    return _from_state(board, position._rules)


def play_fast(state: State, rules: Rules, square: int, direction: Direction) -> State:
    """The fields of the position after the legal move from ``square`` in ``direction`` (R3-R6),
    played on a position's fields (a :data:`State`) by :func:`play_on`.

    The search (:mod:`oanquan.ai`) plays its moves here, without making Positions. The move is
    not checked: it must be one of :func:`moves_of` the same fields.

    >>> start = Position.initial()
    >>> after = play_fast(state_of(start), start.rules, 7, "R")
    >>> after == state_of(start.play("7R")), after[STORES:STORES + 2]    # the stores
    (True, (6, 0))
    """
    board = list(state)
    play_on(board, rules, square, direction)
    return tuple(board)


def play_on(board: list[int], rules: Rules, square: int, direction: Direction) -> None:
    """Play the legal move from ``square`` in ``direction`` (R3-R6) on ``board``, a position's
    fields laid out as a :data:`State` in a list, which it changes in place: the fast path.

    :meth:`Position.play` plays on a copy of its fields, which become the new position's, and
    the search on a copy of a State (:func:`play_fast`). The move is not checked: it must be one
    of :func:`moves_of` the same fields.

    >>> board = list(state_of(Position.initial()))
    >>> play_on(board, Rules(), 7, "R")
    >>> board[:12], board[STORES:STORES + 2], board[MOVER]    # RULES §11, first example
    ([6, 6, 0, 6, 6, 6, 6, 0, 0, 6, 1, 1], [6, 0], 1)
    """
    mover = board[MOVER]
    if not board[square]:
        # A legal move from an empty square: the mover's row is empty (R3.1), so thả cá
        # first (R6.1), borrowing from the opponent what the store lacks (R6.2).
        short = max(0, 5 - board[STORES + mover])
        board[STORES + 1 - mover] -= short
        board[STORES + mover] += short - 5
        board[DEBTS + mover] += short
        start = 5 if mover == 0 else 0
        for row_square in range(start, start + 5):
            board[row_square] += 1
    nxt, routes = _SOWING_R if direction == "R" else _SOWING_L
    hand = board[square]  # R3.3: lift every pebble of the square
    board[square] = 0
    while True:
        # A pebble is dropped by ``board[square] = board[square] + 1``, not ``+=``, which Python
        # 3.11 runs in three more steps (it copies and swaps the list and the index on its stack):
        # a random game drops about five pebbles a move (1.5% of a playout).
        if hand == 1:
            # R3.3 for a hand of one pebble, half the hands of a random game: dropped without the
            # route table, whose loop costs more than the drop itself (about 1.5% of a playout).
            square = nxt[square]
            board[square] = board[square] + 1
        else:
            try:
                route = routes[square][hand]
            except IndexError:  # a hand too large for the table (rare): its route worked out now
                route = _route(square, hand, direction)
            for square in route:  # R3.3: one pebble into each following square
                board[square] = board[square] + 1
        gap = nxt[square]
        if gap >= 10:
            # R3.4a: a Mandarin square next ends the turn, unless mandarin_gap="always"
            # makes an empty one a gap (R5.5).
            if rules.mandarin_gap != "always" or board[gap] or board[gap + STONE_OF]:
                break
        elif board[gap]:
            hand = board[gap]  # R3.4b: relay
            board[gap] = 0
            square = gap
            continue
        # R3.4c, R5: ``gap`` is empty: capture along the chain.
        young = rules.young_mandarin_min
        while True:
            target = nxt[gap]
            stone = board[target + STONE_OF] if target >= 10 else 0
            if not board[target] and not stone:
                break  # R5.3: two empty squares
            if stone and young and board[target] < young:
                break  # R5.6: a young Mandarin
            board[STORES + mover] += board[target]  # R5.1, R5.2: take it
            board[target] = 0
            if stone:
                board[target + STONE_OF] = 0
                board[CAPTURED + mover] += 1
            gap = nxt[target]
            if board[gap] or (gap >= 10 and board[gap + STONE_OF]):
                break  # R5.4: no gap after the capture: the turn ends
            if gap >= 10 and rules.mandarin_gap == "never":
                break  # R5.5: under mandarin_gap="never", an empty Mandarin square is no gap
        break
    board[MOVER] = 1 - mover  # R3.5: the other player moves next


# ======================================================================= end


def final_outcome(position: Position, termination: Termination) -> Outcome:
    """The outcome if the game ends in ``position`` by ``termination`` (R7.4, R8).

    :meth:`Position.outcome` is the one that knows whether it does.

    >>> final_outcome(Position.initial(), Termination.PLY_LIMIT).scores   # each sweeps 25
    (25, 25)
    """
    p = position
    scores = final_scores(p._state, p._rules.mandarin_value)
    winner = None if scores[0] == scores[1] else (0 if scores[0] > scores[1] else 1)
    return Outcome(termination, winner, scores)


def ending_events(position: Position, outcome: Outcome) -> list[Event]:
    """The ``game_end``, ``sweep`` and ``repay`` events that close a game (R7, R8.2).

    The positions they carry show the row pebbles moved into the stores, and
    remember how many (so that :meth:`Position.score_breakdown` still counts them
    as taken from the row, not captured); the debts stay on show, since repaying
    one can take a store below zero.

    >>> end = Position.from_text("0,0,2,0,0,0,1,0,0,0 0,0 20+2Q,27 3,0 1")
    >>> [(e.kind, e.player, e.pebbles) for e in ending_events(end, end.outcome())]
    [('game_end', 0, 0), ('sweep', 0, 1), ('sweep', 1, 2), ('repay', 0, 3)]
    """
    swept = swept_pebbles(position)
    board = position._state[:]
    mover = 1 - board[MOVER]  # the player whose move ended the game
    now = position
    events = [Event("game_end", outcome.rule, mover, now)]
    taken = [0, 0]
    for player in (0, 1):
        start = 5 if player == 0 else 0
        for square in range(start, start + 5):
            board[square] = 0
        board[STORES + player] += swept[player]
        taken[player] = swept[player]
        now = _from_state(board[:], position._rules, (taken[0], taken[1]))
        events.append(Event("sweep", "R7.4", player, now, pebbles=swept[player]))
    for player, debt in enumerate(position.debts):
        if debt:
            events.append(Event("repay", "R8.2", player, now, pebbles=debt))
    return events


def swept_pebbles(position: Position) -> tuple[int, int]:
    """The pebbles left in each player's row, which each takes at the end of the game (R7.4).

    >>> swept_pebbles(Position.from_text("3,0,0,0,0,4,0,0,0,0 0,0 30,33 0,0 1"))
    (4, 3)
    """
    p = position._state
    return (sum(p[5:10]), sum(p[0:5]))


def final_scores(state: Sequence[int], mandarin_value: int) -> tuple[int, int]:
    """R7.4, R8: the final scores of players 0 and 1 if the game ends with these fields (a :data:`State`).

    Each player's points (R8.1), plus the pebbles left on their own row (R7.4), less what
    they owe and plus what they are owed (R8.2). Used by :func:`final_outcome` and the search.

    >>> final_scores(state_of(Position.from_text("0,0,2,0,0,0,1,0,0,0 0,0 20+2Q,27 3,0 1")), 10)
    (38, 32)
    """
    p = state
    d0, d1 = p[DEBTS], p[DEBTS + 1]
    return (
        p[STORES] + mandarin_value * p[CAPTURED] + p[5] + p[6] + p[7] + p[8] + p[9] - d0 + d1,
        p[STORES + 1] + mandarin_value * p[CAPTURED + 1] + p[0] + p[1] + p[2] + p[3] + p[4] - d1 + d0,
    )


# ================================================================ text format


@lru_cache(maxsize=64)
def _opening(rules: Rules) -> Position:
    """The opening position under ``rules`` (R2.1, R2.2, R2.5), read from its text (RULES §10).

    Read rather than built by ``Position(...)``, because from_text makes it the way a move makes
    every later position (:func:`_from_state`, a ``_CheckedPosition``): so every position of a
    game is of one class. Python 3.11 tunes each attribute look-up and call to the class it meets,
    and an opening of another class untuned them once a game (about 1.5% of a random playout).

    >>> _opening(Rules(mandarin_pieces="pebbles")).to_text(), type(_opening(Rules())) is _CheckedPosition
    ('5,5,5,5,5,5,5,5,5,5 10,10 0,0 0,0 0', True)
    """
    value = rules.mandarin_value
    mandarins = "Q,Q" if rules.mandarin_pieces == "stone" else f"{value},{value}"
    return Position.from_text(f"5,5,5,5,5,5,5,5,5,5 {mandarins} 0,0 0,0 0", rules)


def ending_rule(state: State) -> Termination | None:
    """How the game ends in a position with these fields (a :data:`State`; R7.1, R7.2), or None.

    Used by the search (:mod:`oanquan.ai`); every Position works out the same when it is made.

    >>> ending_rule(state_of(Position.initial())) is None
    True
    >>> ending_rule(state_of(Position.from_text("5,5,5,5,5,5,5,5,5,5 0,0 0,0 0,0 0")))
    <Termination.MANDARINS_EMPTY: 'R7.1'>
    """
    p = state
    if not (p[M0] or p[M1] or p[STONES] or p[STONES + 1]):
        return Termination.MANDARINS_EMPTY  # both Mandarin squares are empty
    if p[STORES] + p[STORES + 1] < 5 and not _occupied(p, p[MOVER]):
        return Termination.CANNOT_RELEASE  # thả cá is due (R3.1) and both stores together cannot pay it
    return None


def _make(parts: Parts, rules: Rules) -> Position:
    """Build a Position from checked parts, as the text gives them (see :func:`_from_state`)."""
    return _from_state(
        [*parts.pebbles, *parts.stones, *parts.stores, *parts.captured, *parts.debts, parts.to_move], rules
    )


def _from_state(state: list[int], rules: Rules, swept: tuple[int, int] = (0, 0)) -> Position:
    """Build a Position from its checked fields, laid out as a :data:`State` (the list is the
    position's from now on): the one place a Position's fields are assigned.

    ``swept`` is what the stores hold of the rows' pebbles taken at the end (R7.4): only
    :func:`ending_events` gives any.
    """
    position: Position = _CheckedPosition()  # without __init__, whose checks the fields have passed
    position._state = p = state
    position._rules = rules
    position._swept = swept
    # legal_moves() and outcome() are asked of nearly every position a game makes, so both are
    # worked out here, once. This is moves_of and ending_rule written out in place, since a
    # function call costs as much as the work itself (issue 45); tests/test_search_unchanged.py
    # checks on every option set that both functions say what every Position says.
    to_move = p[MOVER]
    if to_move == 0:  # which of the mover's squares hold pebbles, as _occupied says
        occupied = (p[5] and 1) + (p[6] and 2) + (p[7] and 4) + (p[8] and 8) + (p[9] and 16)
    else:
        occupied = (p[0] and 1) + (p[1] and 2) + (p[2] and 4) + (p[3] and 8) + (p[4] and 16)
    if not (p[M0] or p[M1] or p[STONES] or p[STONES + 1]):
        ending = Termination.MANDARINS_EMPTY  # both Mandarin squares are empty
    elif not occupied and p[STORES] + p[STORES + 1] < 5:
        ending = Termination.CANNOT_RELEASE  # thả cá is due (R3.1) and both stores together cannot pay it
    else:
        position._moves, position._playable = _LEGAL[to_move][occupied]  # R3.2
        position._ending = None
        return position
    position._moves = ()
    position._playable = _NONE_PLAYABLE
    position._ending = final_outcome(position, ending)
    return position


_DEFAULT_RULES = Rules()


class _CheckedPosition(Position):
    """A Position made by the engine from fields already checked: :func:`_from_state` makes them.

    It is a Position in every way but its class's name (``isinstance``, ``==``, ``hash``, every
    method), without ``Position.__init__``, whose checks those fields have passed. Python makes
    an object of a class with no ``__init__`` of its own by calling the class, which is quicker
    than ``object.__new__(Position)`` (Position has one): a game or a search makes a position
    for every move (issue 45).
    """

    __slots__ = ()
    __init__ = object.__init__


def _checked_rules(rules: object) -> Rules:
    if rules is None:
        return _DEFAULT_RULES
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


def _validate(p: Parts, rules: Rules) -> None:
    """Checks shared by the constructor and the text reader (RULES §10), before a Position is made."""
    numbers = (*p.pebbles, *p.stores, *p.captured, *p.debts)
    if not all(_is_count(n) for n in numbers):
        raise PositionFormatError(f"counts must be whole numbers of at least 0: {quote(numbers)}")
    if not (_is_count(p.to_move) and p.to_move in (0, 1)):
        raise PositionFormatError(f"the player to move must be 0 or 1, not {quote(p.to_move)}")
    stones = p.stones[0] + p.stones[1] + p.captured[0] + p.captured[1]
    if stones > 2:
        raise PositionFormatError(
            f"the Mandarin squares and stores fields hold {quote(stones)} Mandarin stones in all; there are only 2",
            code="too-many-stones",
            stones=stones,
        )
    if stones and rules.mandarin_pieces == "pebbles":
        raise PositionFormatError(
            "the Mandarin squares and stores fields may not hold stones (Q) when mandarin_pieces='pebbles'",
            code="stones-as-pebbles",
        )
    pebbles = sum(p.pebbles) + p.stores[0] + p.stores[1]
    if pebbles > MAX_PEBBLES:  # so that no move can take for ever (and no number is too long to print)
        raise PositionFormatError(
            f"{quote(pebbles)} pebbles is more than the {MAX_PEBBLES} allowed",
            code="too-many-pebbles",
            pebbles=pebbles,
            most=MAX_PEBBLES,
        )
    if p.debts[0] > MAX_PEBBLES or p.debts[1] > MAX_PEBBLES:
        raise PositionFormatError(
            f"debts of more than {MAX_PEBBLES} pebbles: {quote(p.debts)}", code="too-much-debt", most=MAX_PEBBLES
        )


def _is_count(value: object) -> bool:
    """A whole number of at least 0, exactly as the text format writes one.

    Only ``int`` itself: ``True`` is not a count, and ``1.0`` would be written
    out as ``1.0``, which the position text (RULES §10) cannot read back.
    """
    return type(value) is int and value >= 0


#: The opening under the default rules, which Position.initial() gives most often.
_OPENING = _opening(_DEFAULT_RULES)
