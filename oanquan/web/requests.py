"""What a request from the page may say: :class:`WebError`, the bridge's refusals, and the
readers of a request's values (text, the rule options, the opponent, who moves first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from ..errors import RulesError
from ..errors import quote as quote_input
from ..i18n import N_
from ..interact.controller import (
    LEVELS,
    SessionError,
    check_text,
)
from ..interact.editor import EditError
from ..rules import Rules

#: Longest text from the page address or a text box that is passed on to the engine.
MAX_REQUEST_TEXT = 4000


class WebError(SessionError):
    """A request from the page that the bridge cannot carry out (bad opponent, unknown request...).

    A refusal of the session, with the bridge's own problems: their codes and a reader's words live here.

    >>> from oanquan.errors import reader_words
    >>> reader_words(WebError(code="unknown-request", op="'dance'"))
    "Unknown request 'dance'."
    """

    problems: ClassVar[Mapping[str, str]] = {
        "unknown-request": N_("unknown request {op}"),
        "request-not-object": N_("a request to the engine must be a table of names and values"),
        "next-with-settings": N_(
            "a new game with the next settings takes them from the settings, not from the request"
        ),
        "bad-board-name": N_("a board's name is 1-32 letters, digits, '-' or '_', not {board}"),
        "too-many-boards": N_("too many boards on one page (at most {most})"),
        "close-needs-board": N_("closing a board needs the board's name"),
        "not-editor": N_("this board is not a position editor"),
        "bad-first": N_("who moves first must be you or the computer, not {value}"),
        "bad-opponent": N_("the opponent must be a friend or a computer level 1-5, not {value}"),
        "bad-tried": N_("the puzzles tried or solved before must be a list of puzzle names, not {value}"),
        "empty-collection": N_("the puzzle collection is empty"),
        "nothing-played": N_("no move has been played yet"),
        "bad-review-move": N_("the move to review must be a whole number from 0 to {top}"),
        "not-an-exercise": N_("move {move} of this game is not one of your exercises"),
    }


def rules_from(options: Any) -> Rules:
    """Rules from the options a page sends: JSON values, or text from the address."""
    if options is None:
        return Rules()
    if not isinstance(options, dict):
        raise RulesError(f"rule options must be a JSON object, not {quote_input(options)}", code="bad-options")
    return Rules.from_dict({name: _option_value(value) for name, value in options.items()})


def _option_value(value: Any) -> Any:
    """Turn address text such as ``"5"`` into a number.

    Anything else is passed on unchanged, so that the engine's check of the
    option rejects it with its own message.
    """
    if not isinstance(value, str):
        return value
    text = value.strip()
    # Only ASCII digits: "²".isdigit() and "٣".isdigit() are true, and int("²") fails.
    if text.isascii() and text.isdigit() and len(text) < 10:
        return int(text)
    return value


def only_fields(request: dict[str, Any], allowed: set[str], what: str, required: set[str] | None = None) -> None:
    """Refuse a request with a field it does not take, or without one it needs (strictly: a page sends no extras)."""
    extra = sorted(set(request) - allowed - {"op"})
    if extra:
        takes = ", ".join(sorted(allowed - {"action"})) or "nothing"
        raise EditError(
            f"{what} takes {takes}, not {quote_input(extra[0])}", code="edit-extra", field=quote_input(extra[0])
        )
    missing = sorted((required or set()) - set(request))
    if missing:
        raise EditError(f"{what} needs {quote_input(missing[0])}", code="edit-missing", field=quote_input(missing[0]))


def who_first(first: Any) -> Literal["human", "computer"]:
    """Who moves first as a request gives it: ``"human"`` or ``"computer"``, refused otherwise."""
    if first not in ("human", "computer"):
        raise WebError(
            f"who moves first must be 'human' or 'computer', not {quote_input(first)}",
            code="bad-first",
            value=quote_input(first),
        )
    return "human" if first == "human" else "computer"


def level_of(opponent: Any) -> int | None:
    if opponent in ("friend", None):
        return None
    level = _option_value(opponent)  # "3" and 3 alike; no int() of a number too long to read
    if type(level) is int and level in LEVELS:  # not True, which equals 1
        return level
    raise WebError(
        f"the opponent must be 'friend' or a computer level 1-5, not {quote_input(opponent)}",
        code="bad-opponent",
        value=quote_input(opponent),
    )


def request_text(value: Any, what: str) -> str | None:
    if value is None:
        return None
    return check_text(value, what, MAX_REQUEST_TEXT)
