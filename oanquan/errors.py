"""The engine's exceptions.

Every error is a :class:`ValueError`, so code that already guards against bad
values keeps working, and every message quotes the input that caused it (and
the position text, where there is one), in the style of python-chess:
``illegal move '3R' in '...': square 3 is empty``.
"""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "InvalidMoveError",
    "OAnQuanError",
    "PositionFormatError",
    "RecordFormatError",
    "RulesError",
]


class OAnQuanError(ValueError):
    """Base class of every error the engine raises on bad input.

    >>> from oanquan import Position
    >>> try:
    ...     Position.initial().play("0L")
    ... except OAnQuanError as error:
    ...     print(type(error).__name__)
    IllegalMoveError
    """


class RulesError(OAnQuanError):
    """A rule option (RULES §9) has a value it cannot take.

    >>> from oanquan import Rules
    >>> Rules(max_plies=-1)
    Traceback (most recent call last):
    ...
    oanquan.errors.RulesError: max_plies must be a whole number of at least 0, not -1
    """


class PositionFormatError(OAnQuanError):
    """Text (or JSON) that is not a position in the format of RULES §10.

    >>> from oanquan import Position
    >>> Position.from_text("5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 2")
    Traceback (most recent call last):
    ...
    oanquan.errors.PositionFormatError: bad player to move field '2' in position '...': it must be 0 or 1
    """


class InvalidMoveError(OAnQuanError):
    """Text that is not a move at all, such as ``"7X"`` (RULES §4).

    >>> from oanquan import Move
    >>> Move.parse("7X")
    Traceback (most recent call last):
    ...
    oanquan.errors.InvalidMoveError: invalid move '7X': a move is a square 0-9 and a direction L or R, such as '7R'
    """


class IllegalMoveError(OAnQuanError):
    """A well-formed move that is not legal in the position it is played in.

    >>> from oanquan import Position
    >>> Position.initial().play("7R").play("2L")
    Traceback (most recent call last):
    ...
    oanquan.errors.IllegalMoveError: illegal move '2L' in '6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0 0,0 1': square 2 is empty
    """


class RecordFormatError(OAnQuanError):
    """A game record (RULES §4.2) or saved game that cannot be read.

    >>> from oanquan import Game
    >>> Game.from_json("[]")
    Traceback (most recent call last):
    ...
    oanquan.errors.RecordFormatError: a saved game must be an object with 'moves' text, not []
    """
