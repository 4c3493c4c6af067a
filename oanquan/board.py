"""The squares of the board and how they join into a ring (RULES §1).

Squares are plain integers: the citizen squares (ô dân) are 0-9, as in the
rules, and the two Mandarin squares (ô quan) are :data:`M0` = 10 and
:data:`M1` = 11. Going in direction R the ring reads
``0 1 2 3 4 M1 5 6 7 8 9 M0`` (R1.3); direction L is the reverse::

                Player 1's row
              [4] [3] [2] [1] [0]
      ( M1 )                        ( M0 )
              [5] [6] [7] [8] [9]
                Player 0's row

>>> square_name(M1), next_square(4, "R"), next_square(0, "L")
('M1', 11, 10)
"""

from __future__ import annotations

from typing import Literal

from .i18n import N_

__all__ = [
    "CITIZEN_SQUARES",
    "DIRECTIONS",
    "M0",
    "M1",
    "MANDARIN_SQUARES",
    "RING_R",
    "ROW_NAMES",
    "SQUARES",
    "Direction",
    "column",
    "is_mandarin",
    "next_square",
    "owner",
    "row_of",
    "square_name",
]

#: What a reader's text calls the players who give no names: their rows (R1.1). "Player 0" and
#: "Player 1" are the notation's names, kept where a teacher reads notation (the position text,
#: the record); the messages are marked here and translated where they are said.
ROW_NAMES: tuple[str, str] = (N_("Bottom row"), N_("Top row"))

Direction = Literal["L", "R"]
DIRECTIONS: tuple[Direction, Direction] = ("L", "R")

M0 = 10  #: The Mandarin square on the right, between squares 9 and 0 (R1.2).
M1 = 11  #: The Mandarin square on the left, between squares 4 and 5 (R1.2).
CITIZEN_SQUARES = tuple(range(10))
MANDARIN_SQUARES = (M0, M1)
SQUARES = CITIZEN_SQUARES + MANDARIN_SQUARES

#: The ring in direction R (R1.3).
RING_R = (0, 1, 2, 3, 4, M1, 5, 6, 7, 8, 9, M0)

# NEXT[d][s] is the square after s in direction d: a lookup table, because
# sowing asks this question once for every pebble dropped.
NEXT: dict[str, tuple[int, ...]] = {
    direction: tuple(RING_R[(RING_R.index(square) + step) % 12] for square in SQUARES)
    for direction, step in (("R", 1), ("L", -1))
}

_ROWS = (tuple(range(5, 10)), tuple(range(0, 5)))


def next_square(square: int, direction: Direction) -> int:
    """The square after ``square`` going in ``direction`` (R1.3).

    >>> next_square(9, "R") == M0, next_square(M0, "R"), next_square(5, "L") == M1
    (True, 0, True)
    """
    return NEXT[direction][square]


def square_name(square: int) -> str:
    """How the rules write a square: ``"7"``, ``"M0"`` or ``"M1"``.

    >>> [square_name(s) for s in (0, 9, M0, M1)]
    ['0', '9', 'M0', 'M1']
    """
    if square == M0:
        return "M0"
    if square == M1:
        return "M1"
    return str(square)


def is_mandarin(square: int) -> bool:
    """Whether ``square`` is one of the two Mandarin squares (R1.2).

    >>> is_mandarin(M0), is_mandarin(4)
    (True, False)
    """
    return square >= 10


def column(square: int) -> int:
    """The column 0-4 of a citizen square from the left of the picture of RULES §1.

    Player 1's row reads 4 3 2 1 0 and player 0's row 5 6 7 8 9.

    >>> [column(s) for s in (4, 0, 5, 9)]
    [0, 4, 0, 4]
    """
    return 4 - square if square < 5 else square - 5


def owner(square: int) -> int | None:
    """The player who owns a square: 1 for 0-4, 0 for 5-9, None for a Mandarin (R1.1).

    >>> owner(2), owner(7), owner(M1) is None
    (1, 0, True)
    """
    if square >= 10:
        return None
    return 1 if square < 5 else 0


def row_of(player: int) -> tuple[int, ...]:
    """The five citizen squares of ``player`` (R1.1).

    >>> row_of(0), row_of(1)
    ((5, 6, 7, 8, 9), (0, 1, 2, 3, 4))
    """
    return _ROWS[player]
