"""Reading saved JSON strictly: one way for every loader of the engine.

Every loader (a position, a game, rule options, puzzles, the web bridge's
requests) reads its JSON here, so each refuses bad input in the same way:
with the loader's own error, a message that quotes the input briefly, and
never a ``RecursionError`` or ``TypeError`` from deep inside the standard
library.

>>> from oanquan.errors import RecordFormatError
>>> read_json('{"moves": "7R"}', RecordFormatError, "a saved game")
{'moves': '7R'}
>>> read_json("[" * 100_000, RecordFormatError, "a saved game")
Traceback (most recent call last):
...
oanquan.errors.RecordFormatError: a saved game is not valid JSON (nested too deeply): '[[[[[[[...
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from .errors import OAnQuanError, quote

__all__ = ["check_fields", "read_json"]


def read_json(text: object, error: type[OAnQuanError], what: str) -> Any:
    """Parse JSON ``text``; anything that is not JSON raises ``error`` naming ``what``.

    >>> from oanquan.errors import PositionFormatError
    >>> read_json(None, PositionFormatError, "a saved position")
    Traceback (most recent call last):
    ...
    oanquan.errors.PositionFormatError: a saved position must be JSON text, not None
    >>> read_json("{", PositionFormatError, "a saved position")
    Traceback (most recent call last):
    ...
    oanquan.errors.PositionFormatError: a saved position is not valid JSON (at line 1, column 2): '{'
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise error(f"{what} must be JSON text, not {quote(text)}")
    try:
        return json.loads(text)
    except RecursionError:
        raise error(f"{what} is not valid JSON (nested too deeply): {quote(text)}") from None
    except json.JSONDecodeError as problem:
        where = f"at line {problem.lineno}, column {problem.colno}"
        raise error(f"{what} is not valid JSON ({where}): {quote(text)}") from None
    except ValueError:  # bytes that are not UTF-8 text
        raise error(f"{what} is not valid JSON: {quote(text)}") from None


def check_fields(
    data: object,
    error: type[OAnQuanError],
    what: str,
    required: Collection[str],
    optional: Collection[str] = (),
) -> dict[str, Any]:
    """``data`` as a dict, after checking it is an object with every required key and no other.

    A typo in a key (``"mvoes"``) is an error, never a silently empty value.

    >>> from oanquan.errors import RecordFormatError
    >>> check_fields({"mvoes": "7R"}, RecordFormatError, "a saved game", ["moves"], ["start"])
    Traceback (most recent call last):
    ...
    oanquan.errors.RecordFormatError: a saved game has an unknown key 'mvoes' (it may have 'moves', 'start')...
    """
    if not isinstance(data, dict):
        raise error(f"{what} must be a JSON object, not {quote(data)}")
    allowed = [*required, *optional]
    unknown = [key for key in data if key not in allowed]
    if unknown:
        keys = ", ".join(repr(k) for k in allowed)
        raise error(f"{what} has an unknown key {quote(unknown[0])} (it may have {keys}): {quote(data)}")
    missing = [key for key in required if key not in data]
    if missing:
        keys = ", ".join(repr(k) for k in missing)
        raise error(f"{what} has no {keys}: {quote(data)}")
    return data
