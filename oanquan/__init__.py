"""oanquan: Ô Ăn Quan, the Vietnamese Mandarin Square Capturing game.

A pure-Python engine (standard library only, so it also runs in the browser)
that implements every rule of ``RULES.md`` and traces each move step by
step for pictures and tutorials. Its words for readers speak English or
Vietnamese: ``oanquan.set_language("vi")``, or ``OANQUAN_LANG=vi`` (``oanquan.i18n``).

>>> from oanquan import Position
>>> p = Position.initial()
>>> after = p.play("7R")
>>> after.points(0), after.to_move
(6, 1)
"""

from __future__ import annotations

from .board import (
    CITIZEN_SQUARES,
    M0,
    M1,
    MANDARIN_SQUARES,
    Direction,
    next_square,
    owner,
    row_of,
    square_name,
)
from .errors import (
    IllegalMoveError,
    InvalidMoveError,
    OAnQuanError,
    PositionFormatError,
    RecordFormatError,
    RulesError,
)
from .events import Event
from .game import Game
from .i18n import get_language, set_language
from .move import Move
from .narrate import caption, describe_move
from .position import Outcome, Position, Termination
from .rules import Rules

__all__ = [
    "CITIZEN_SQUARES",
    "M0",
    "M1",
    "MANDARIN_SQUARES",
    "Direction",
    "Event",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "OAnQuanError",
    "Outcome",
    "Position",
    "PositionFormatError",
    "RecordFormatError",
    "Rules",
    "RulesError",
    "Termination",
    "caption",
    "describe_move",
    "get_language",
    "next_square",
    "owner",
    "row_of",
    "set_language",
    "square_name",
]

__version__ = "0.1.0"
