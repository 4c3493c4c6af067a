"""The board drawn in plain text, for terminals and doctests (layout of RULES §1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .board import M0, M1, ROW_NAMES
from .textformat import mandarin_text

if TYPE_CHECKING:
    from .position import Position

__all__ = ["draw"]


def draw(position: Position, names: Sequence[str] | None = None) -> str:
    """The position as a text picture, player 1's row on top, as in RULES §1.

    ``names`` are what its store lines call the players (the terminal game's view-model's),
    by default their rows'.

    >>> from oanquan import Position
    >>> print(draw(Position.initial()).splitlines()[-1])
    Bottom row   store 0        0 points   <- to move
    >>> print(draw(Position.initial(), ["Bottom row", "Top row"]))
    Top row   store 0        0 points
              4     3     2     1     0
    +-------+-----+-----+-----+-----+-----+-------+
    |       |   5 |   5 |   5 |   5 |   5 |       |
    |   Q   +-----+-----+-----+-----+-----+   Q   |
    |       |   5 |   5 |   5 |   5 |   5 |       |
    +-------+-----+-----+-----+-----+-----+-------+
       M1     5     6     7     8     9      M0
    Bottom row   store 0        0 points   <- to move
    """
    p = position
    top, bottom = ("".join(f" {p.count(s):>3} |" for s in row) for row in ((4, 3, 2, 1, 0), (5, 6, 7, 8, 9)))
    rule = "+-------+" + "-----+" * 5 + "-------+"
    middle = "+" + "-----+" * 5
    left, right = (mandarin_text(p.count(square), p.has_stone(square)) for square in (M1, M0))
    return "\n".join(
        [
            _store_line(p, 1, names),
            "          4     3     2     1     0",
            rule,
            "|       |" + top + "       |",
            f"|{left:^7}{middle}{right:^7}|",
            "|       |" + bottom + "       |",
            rule,
            "   M1     5     6     7     8     9      M0",
            _store_line(p, 0, names),
        ]
    )


def _store_line(position: Position, player: int, names: Sequence[str] | None) -> str:
    stones = position.captured_stones[player]
    store = f"{position.stores[player]}" + ("" if not stones else "+Q" if stones == 1 else "+2Q")
    name = names[player] if names is not None else ROW_NAMES[player]
    line = f"{name}   store {store:<6} {position.points(player):>3} points"
    if position.debts[player]:
        line += f", owes {position.debts[player]}"
    if position.to_move == player and not position.is_over():
        line += "   <- to move"
    return line
