"""The bridge between the website's Play and Puzzles pages and the engine.

The pages run this package in the browser under Pyodide. Their script stays
small: it hands clicks and text to :func:`call` as JSON and fills the page's
board with the scenes and captions it gets back. Every rule, every parse of
text from the page address or the user and every error message comes from
the engine; this package only keeps the state of one game (or puzzle) and
writes the answers as plain data. One module a job:

- :mod:`~oanquan.web.bridge`: the entry point, :func:`call`, and the page's boards;
- :mod:`~oanquan.web.session`: :class:`Session`, one board's game or puzzle and its answers;
- :mod:`~oanquan.web.wire`: the board as data (:func:`wire`, :func:`frames`, :func:`picture`);
- :mod:`~oanquan.web.address`: the pages' addresses read as requests;
- :mod:`~oanquan.web.requests`: :class:`WebError` and the readers of a request's values.

A request is ``{"op": NAME, ...arguments}``; the answer is a JSON object with
``"ok": true`` and the view of the game, or ``"ok": false`` with the error's
``"code"``, its ``"reason"`` in a reader's words (from the code) and the
programmer's ``"error"`` message.

>>> import json
>>> view = json.loads(call('{"op": "new_game", "opponent": "friend"}'))
>>> view["ok"], view["to_move"], view["scores"]
(True, 0, [0, 0])
>>> view = json.loads(call('{"op": "play", "move": "7R"}'))
>>> view["record"], view["scores"], len(view["frames"]) > 10
('7R', [6, 0], True)
>>> json.loads(call('{"op": "play", "move": "7X"}'))["error"]
"invalid move '7X': a move is a square 0-9 and a direction L or R, such as '7R'"

It needs only the standard library, like the rest of the engine.
"""

from __future__ import annotations

from .address import read_address
from .bridge import MAX_BOARDS, OPS, answer, call, first_answer, reset, session_for
from .requests import WebError
from .session import Session
from .wire import WEB_MOVE_FRAMES, frames, picture, scene_data, wire

__all__ = [
    "MAX_BOARDS",
    "OPS",
    "WEB_MOVE_FRAMES",
    "Session",
    "WebError",
    "answer",
    "call",
    "first_answer",
    "frames",
    "picture",
    "read_address",
    "reset",
    "scene_data",
    "session_for",
    "wire",
]
