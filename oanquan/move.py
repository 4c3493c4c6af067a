"""Moves and their notation (RULES §4)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .board import DIRECTIONS, Direction
from .errors import InvalidMoveError, quote

__all__ = ["ALL_MOVES", "Move"]


@dataclass(frozen=True, order=True)
class Move:
    """A move: a citizen square and a direction, written ``7R`` (R4.1).

    The same text means the same move for both players: R is always the
    ring direction ``0 1 2 3 4 M1 5 ...`` (R1.3).

    >>> Move.parse("7r")
    Move(7, 'R')
    >>> str(Move(2, "L"))
    '2L'
    >>> Move.parse("12R")
    Traceback (most recent call last):
    ...
    oanquan.errors.InvalidMoveError: invalid move '12R': a move is a square 0-9 and a direction L or R, such as '7R'
    """

    square: int
    direction: Direction

    def __post_init__(self) -> None:
        square_ok = isinstance(self.square, int) and not isinstance(self.square, bool)
        if not square_ok or not 0 <= self.square <= 9:
            raise InvalidMoveError(f"invalid move square {quote(self.square)}: it must be 0-9")
        if self.direction not in DIRECTIONS:
            raise InvalidMoveError(f"invalid move direction {quote(self.direction)}: it must be 'L' or 'R'")

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move from its notation; lower case is accepted (R4.1).

        >>> Move.parse("2l")
        Move(2, 'L')
        """
        if not isinstance(text, str):
            shown = quote(text)
            raise InvalidMoveError(f"invalid move {shown}: expected text such as '7R'", code="not-a-move", move=shown)
        if len(text) > 40:  # keep the cache for real moves, not pasted essays
            shown = quote(text, limit=40)
            raise InvalidMoveError(f"invalid move {shown}: a move is written like '7R'", code="not-a-move", move=shown)
        return _parse_cached(text)

    def __str__(self) -> str:
        return f"{self.square}{self.direction}"

    def __repr__(self) -> str:
        return f"Move({self.square}, {self.direction!r})"


@lru_cache(maxsize=256)
def _parse_cached(text: str) -> Move:
    cleaned = text.strip().upper()
    if len(cleaned) != 2 or cleaned[0] not in "0123456789" or cleaned[1] not in "LR":
        raise InvalidMoveError(
            f"invalid move {text!r}: a move is a square 0-9 and a direction L or R, such as '7R'",
            code="not-a-move",
            move=repr(text),
        )
    return ALL_MOVES[int(cleaned[0])][0 if cleaned[1] == "L" else 1]


#: ``ALL_MOVES[square]`` is ``(Move(square, 'L'), Move(square, 'R'))``: moves are
#: made once and shared, since a search plays millions of them.
ALL_MOVES: tuple[tuple[Move, Move], ...] = tuple((Move(s, "L"), Move(s, "R")) for s in range(10))
