"""The page's entry point: :func:`call` (JSON in, JSON out), the page's boards, and what an
action carries with it (:func:`carried`).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from ..errors import OAnQuanError, reader_words
from ..errors import quote as quote_input
from ..jsonio import read_json
from .address import read_address
from .requests import WebError
from .session import ACTIONS, Session

_SESSION = Session()


#: The independent boards of one page (``"board": NAME`` in a request), beside the default one.
_BOARDS: dict[str, Session] = {}


#: At most this many named boards exist at once (a page has a few; a loop making names cannot grow memory).
MAX_BOARDS = 32


#: A board's name: 1-32 ASCII letters, digits, ``-`` or ``_``.
_BOARD_NAME = re.compile(r"[A-Za-z0-9_-]{1,32}")


OPS = {
    "new_game": Session.new_game,
    "configure": Session.configure,
    "play": Session.play,
    "computer": Session.computer,
    "redo": Session.redo,
    "state": Session.state,
    "replay": Session.replay,
    "save": Session.save,
    "load": Session.load,
    "puzzles": Session.list_puzzles,
    "puzzle": Session.open_puzzle,
    "puzzle_address": Session.puzzle_address,
    "editor": Session.open_editor,
    "edit": Session.edit,
    "review": Session.review,
    "exercises": Session.exercises,
    "exercise": Session.exercise,
    **dict.fromkeys(ACTIONS, Session.act),
}


def answer(session: Session, request: dict[str, Any]) -> dict[str, Any]:
    """Carry out one request on ``session`` (not one of the page's boards), in Python values.

    A refusal raises the engine's error. The book uses it to draw a live board's first answer.

    >>> answer(Session(), {"op": "new_game", "record": "7R"})["scores"]
    [6, 0]
    """
    op = request.get("op")
    handler = OPS.get(op) if isinstance(op, str) else None
    if handler is None:
        raise WebError(code="unknown-request", op=quote_input(op))
    return handler(session, request)


def reset() -> None:
    """Forget the page's games, the default one and every named board (for tests).

    >>> reset()
    """
    global _SESSION
    _SESSION = Session()
    _BOARDS.clear()


def session_for(board: Any) -> Session:
    """The session a request's ``board`` names: the default one for None, else that board's own.

    A name is 1-32 ASCII letters, digits, ``-`` or ``_``; a new name makes a new,
    independent session (a fresh game from the opening), up to :data:`MAX_BOARDS` of them.

    >>> reset()
    >>> session_for(None) is session_for(None), session_for("ch8") is session_for("ch8")
    (True, True)
    >>> session_for("ch8") is session_for(None)
    False
    >>> session_for("<b>")
    Traceback (most recent call last):
    ...
    oanquan.web.requests.WebError: a board's name is 1-32 letters, digits, '-' or '_', not '<b>'
    """
    if board is None:
        return _SESSION
    if not (isinstance(board, str) and board.isascii() and _BOARD_NAME.fullmatch(board)):
        raise WebError(code="bad-board-name", board=quote_input(board))
    session = _BOARDS.get(board)
    if session is None:
        if len(_BOARDS) >= MAX_BOARDS:
            raise WebError(
                f"too many boards on one page (at most {MAX_BOARDS}): cannot open {quote_input(board)}",
                code="too-many-boards",
                most=MAX_BOARDS,
            )
        session = _BOARDS[board] = Session()
    return session


def close_board(board: Any) -> dict[str, Any]:
    """Forget a named board's session (its name may be used again for a fresh one).

    >>> reset(); _ = session_for("a"); close_board("a"), len(_BOARDS)
    ({'ok': True, 'closed': True}, 0)
    """
    if board is None:
        raise WebError("'close' needs the name of a board", code="close-needs-board")
    session_for(board)  # checks the name
    return {"ok": True, "closed": _BOARDS.pop(board, None) is not None}


def call(request_json: str) -> str:
    """Carry out one request from the page and answer in JSON; the page's only entry point.

    A request may carry ``"board": NAME`` to address one of several independent boards
    on a page (:func:`session_for`); without it, the page's default session answers.

    >>> reset()
    >>> json.loads(call('{"op": "dance"}'))
    {'ok': False, 'error': "unknown request 'dance'", 'reason': "Unknown request 'dance'.", 'code': 'unknown-request'}
    >>> json.loads(call('{"op": "new_game", "position": "5,5,5"}'))["error"]
    "bad position '5,5,5': ..."
    >>> json.loads(call('{"op": "play", "move": "7R", "board": "two"}'))["record"]
    '7R'
    """
    try:
        request = read_json(request_json, WebError, "a request")
        if not isinstance(request, dict):
            raise WebError(f"a request must be a JSON object, not {quote_input(request)}", code="request-not-object")
        board = request.pop("board", None)
        op = request.get("op")
        if op == "close":
            result = close_board(board)
        else:
            session = session_for(board)
            if op == "address":
                settings, notices = read_address(request.get("query", ""))
                try:
                    result = session.new_game(_defaults(request) | settings) | {"notices": notices}
                except OAnQuanError as error:  # the settings it did not use are named all the same
                    return json.dumps(_refusal(error) | {"notices": notices}, ensure_ascii=False)
            else:
                result = carried(session, answer(session, request), request)
    except OAnQuanError as error:
        return json.dumps(_refusal(error), ensure_ascii=False)
    return json.dumps(result, ensure_ascii=False, separators=(",", ":"))


def _refusal(error: OAnQuanError) -> dict[str, Any]:
    """A refused request as the page reads it.

    ``"error"`` is the programmer's message; ``"reason"`` the reader's words from the code, and the code itself.
    """
    return {"ok": False, "error": str(error), "reason": reader_words(error), "code": error.code}


def carried(session: Session, answer: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    """``answer`` with what its request asked to be carried with it, so that an action is one
    trip between the page and the engine (issue 20):

    - ``"reply": true``: when the computer is to move, its reply, as its own answer under
      ``"reply"``, with the time it thought (``"thinking_ms"``);
    - ``"save": true``: the game as the page keeps it (``"saved"``, as :meth:`Session.save`
      gives it), on the last answer: the reply's when there is one.

    >>> s = Session(); _ = s.new_game({"opponent": 1})
    >>> both = carried(s, s.play({"move": "7R"}), {"save": True, "reply": True})
    >>> both["reply"]["record"].startswith("7R "), "saved" in both["reply"], "saved" in both
    (True, True, False)
    """
    last = answer
    if request.get("reply") is True and answer.get("computer_to_move"):
        started = time.perf_counter()
        try:
            last = answer["reply"] = session.computer()
            last["thinking_ms"] = round((time.perf_counter() - started) * 1000)
        except OAnQuanError as error:  # the reader's move stands (and is kept); the reply says why not
            answer["reply"] = _refusal(error)
    if request.get("save") is True:
        last["saved"] = session.save()["saved"]
    return answer


def _defaults(request: dict[str, Any]) -> dict[str, Any]:
    return {k: request[k] for k in ("opponent", "first", "options", "seed", "hints") if k in request}


def first_answer(setup: dict[str, Any]) -> dict[str, Any]:
    """The bridge's answer to a setup's request: what the page shows before the engine runs in the browser.

    It is computed by the same bridge the page's engine runs, on a session of its
    own. A setup the bridge refuses raises ``ValueError`` with the bridge's message.

    >>> from oanquan.interact.board_setup import game_setup
    >>> from oanquan.interact.controller import Controller
    >>> first_answer(game_setup(Controller(players=(None, 3))))["legal"][:2]
    ['5L', '5R']
    """
    try:
        return answer(Session(), dict(setup["request"]))
    except OAnQuanError as error:
        raise ValueError(f"a live board's setup was refused: {error}") from None
