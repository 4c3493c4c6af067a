"""The engine's exceptions.

Every error is a :class:`ValueError`, so code that already guards against bad
values keeps working, and every message quotes the input that caused it (and
the position text, where there is one), in the style of python-chess:
``illegal move '3R' in '...': square 3 is empty``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from .i18n import _

__all__ = [
    "QUOTE_LIMIT",
    "IllegalMoveError",
    "InvalidMoveError",
    "OAnQuanError",
    "PositionFormatError",
    "RecordFormatError",
    "RulesError",
    "quote",
]

#: The most characters of an input that an error message quotes.
QUOTE_LIMIT = 200


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
    oanquan.errors.RulesError: max_plies must be a whole number from 0 to 1000000, not -1
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
    oanquan.errors.RecordFormatError: a saved game must be a JSON object, not []
    """


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message: at most ``limit`` characters, and how long it was.

    A message that quotes a megabyte of input helps nobody, and some values
    (a number of 5,000 digits, a list nested 1,000 deep) cannot even be
    written out, so they are described instead. A list or an object is cut
    while it is written, never written out whole first (issue 24: a list of
    100,000 numbers took 0.6 s to format before it was cut).

    >>> quote("7X")
    "'7X'"
    >>> quote("x" * 1000, limit=8)
    "'xxxxxx... (1,000 characters)"
    >>> quote(10**5000)
    'a whole number of about 5,000 digits'
    >>> quote(list(range(100_000)), limit=12)
    '[0, 1, 2, 3... (100,000 items in all)'
    >>> quote([[]] * 2)
    '[[], []]'
    """
    if isinstance(value, int) and value.bit_length() > 4 * limit:
        # Python refuses to write out a number of more than 4,300 digits; count them instead.
        return _("a whole number of about {n} digits").format(n=_digits(value))
    if isinstance(value, str) and len(value) > limit:
        return _("{start}... ({n} characters)").format(start=repr(value[:limit])[: limit - 1], n=f"{len(value):,}")
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        shown: list[str] = []
        size = 0
        try:
            for piece in _pieces(value, limit, 0):
                shown.append(piece)
                size += len(piece)
                if size > limit:
                    return _("{start}... ({n} items in all)").format(
                        start="".join(shown)[: limit - 1], n=f"{len(value):,}"
                    )
        except RecursionError:
            return _("a {kind} nested too deeply to show").format(kind=type(value).__name__)
        return "".join(shown)
    try:
        written = repr(value)
    except (RecursionError, ValueError):
        return _("a {kind} nested too deeply to show").format(kind=type(value).__name__)
    if len(written) <= limit:
        return written
    return _("{start}... ({n} characters written out)").format(start=written[: limit - 1], n=f"{len(written):,}")


#: How deep :func:`quote` follows lists inside lists before it describes the value instead.
_QUOTE_DEPTH = 100


def _digits(value: int) -> str:
    return f"{round(value.bit_length() * math.log10(2)):,}"


def _pieces(value: object, limit: int, depth: int) -> Iterator[str]:
    """``repr(value)`` in pieces, so that :func:`quote` can stop as soon as it has enough."""
    if depth > _QUOTE_DEPTH:
        raise RecursionError(depth)
    if isinstance(value, (list, tuple, set, frozenset)):
        if isinstance(value, (set, frozenset)) and not value:
            yield repr(value)
            return
        opening, closing = "[]" if isinstance(value, list) else "()" if isinstance(value, tuple) else "{}"
        yield opening
        for index, item in enumerate(value):
            if index:
                yield ", "
            yield from _pieces(item, limit, depth + 1)
        if isinstance(value, tuple) and len(value) == 1:
            yield ","
        yield closing
    elif isinstance(value, dict):
        yield "{"
        for index, (key, item) in enumerate(value.items()):
            if index:
                yield ", "
            yield from _pieces(key, limit, depth + 1)
            yield ": "
            yield from _pieces(item, limit, depth + 1)
        yield "}"
    elif isinstance(value, str) and len(value) > limit:
        yield repr(value[: limit + 1])  # more than the message can show: cut here
    elif isinstance(value, int) and value.bit_length() > 4 * limit:
        yield "<" + _("a whole number of about {n} digits").format(n=_digits(value)) + ">"
    else:
        yield repr(value)
