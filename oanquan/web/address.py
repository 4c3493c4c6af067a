"""The Play and Puzzles pages' addresses read as requests: :func:`read_address`."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from ..errors import quote as quote_input
from ..i18n import N_, _
from ..interact.controller import check_text
from ..rules import OPTIONS
from .requests import MAX_REQUEST_TEXT

#: The rule options a page address may set (RULES §9): all of them.
_OPTION_NAMES = tuple(spec.name for spec in OPTIONS)


#: The settings of the Play page's address (beside the rule options), and of the Puzzles page's.
_PLAY_SETTINGS = ("position", "record", "opponent", "first")


#: Settings of the Play page's address that the page reads itself, not the game: ``review=1``
#: opens the game's review (issue 43: a teacher shows a pupil's game and its review).
_PLAY_VIEW = ("review",)


_PUZZLE_SETTINGS = ("puzzle",)


def read_address(query: str, page: str = "play") -> tuple[dict[str, Any], list[str]]:
    """The settings of a page address that ``page`` ("play" or "puzzles") uses, and notices for the rest.

    Every other setting is named in a notice and left out: one the page does
    not know, one that belongs to the other page (``?puzzle=`` on the Play page),
    a setting given twice, and ``first`` in a game between friends (it says who
    moves first against the computer). Values are read by the engine later.

    They are percent-decoded, and a ``+`` stays a plus sign: a position has ``+`` in it
    (``Q+1``, RULES §10), and a teacher writes it as it is; the page itself writes a space as
    ``%20`` and a ``+`` as ``%2B``, and a browser sends a typed space as ``%20``. So, unlike
    ``urllib.parse.parse_qs``, ``+`` is never read as a space.

    >>> read_address("?opponent=friend&first=computer&colour=red")
    ({'opponent': 'friend'}, ["'first' chooses who moves first against the computer: \
a game between friends ignores it.", "The page address has a setting this page does not know: 'colour' (ignored)."])
    >>> read_address("?puzzle=intro-1")[1]
    ["'puzzle' opens a puzzle on the Puzzles page (puzzles.html?puzzle=...): this page ignores it."]
    >>> read_address("?puzzle=a&record=7R", "puzzles")
    ({'puzzle': 'a'}, ["'record' is a setting of the Play page (play.html?record=...): this page ignores it."])
    >>> read_address("?record=7R&review=1")
    ({'record': '7R'}, [])
    >>> read_address("?record=7R&review=yes")[1]
    ["The page address says review='yes': only review=1 (open the game's review) is read, so it is ignored."]
    >>> read_address("?position=6,6,0,6,6,6,6,0,0,6%20Q+1,Q%2B1 6,0&first=human&first=computer&opponent=2")
    ({'position': '6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0', 'first': 'computer', 'opponent': '2'}, \
["'first' is given more than once in the page address: the last one counts."])
    """
    fields: dict[str, str] = {}
    repeated: list[str] = []
    for part in check_text(query, N_("page address"), MAX_REQUEST_TEXT).lstrip("?").split("&"):
        if part:
            name, _equals, value = part.partition("=")
            name = unquote(name)
            if name in fields and name not in repeated:
                repeated.append(name)
            fields[name] = unquote(value)
    notices = [
        _("{name} is given more than once in the page address: the last one counts.").format(name=quote_input(name))
        for name in repeated
    ]
    request: dict[str, Any] = {}
    options: dict[str, str] = {}
    mine = _PLAY_SETTINGS + _OPTION_NAMES if page == "play" else _PUZZLE_SETTINGS
    for name, value in fields.items():
        if page == "play" and name in _PLAY_VIEW:  # the page's own: play.js reads it
            if value != "1":
                notices.append(
                    _(
                        "The page address says review={value}: only review=1 (open the game's review) is read,"
                        " so it is ignored."
                    ).format(value=quote_input(value))
                )
            continue
        if name in mine:
            if name in _OPTION_NAMES:
                options[name] = value
            else:
                request[name] = value
            continue
        if name in _PUZZLE_SETTINGS:
            notice = _("{name} opens a puzzle on the Puzzles page (puzzles.html?puzzle=...): this page ignores it.")
        elif name in _PLAY_SETTINGS or name in _OPTION_NAMES or name in _PLAY_VIEW:
            notice = _("{name} is a setting of the Play page (play.html?{setting}=...): this page ignores it.")
        else:
            notice = _("The page address has a setting this page does not know: {name} (ignored).")
        notices.append(notice.format(name=quote_input(name), setting=name))
    if page == "play" and "first" in request and str(request.get("opponent", "")).strip() == "friend":
        del request["first"]
        notices.insert(
            len(repeated),
            _("'first' chooses who moves first against the computer: a game between friends ignores it."),
        )
    if options:
        request["options"] = options
    return request, notices
