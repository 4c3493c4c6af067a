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
    """Base class of every error the engine raises on bad input."""


class RulesError(OAnQuanError):
    """A rule option (RULES §9) has a value it cannot take."""


class PositionFormatError(OAnQuanError):
    """Text (or JSON) that is not a position in the format of RULES §10."""


class InvalidMoveError(OAnQuanError):
    """Text that is not a move at all, such as ``"7X"`` (RULES §4)."""


class IllegalMoveError(OAnQuanError):
    """A well-formed move that is not legal in the position it is played in."""


class RecordFormatError(OAnQuanError):
    """A game record (RULES §4.2) or saved game that cannot be read."""
