"""The setup a chapter's board stores for the website: what its live board starts from, written by the notebook itself.

A :class:`~oanquan.widgets.GameBoard`, :class:`~oanquan.widgets.PositionEditor` or
:class:`~oanquan.widgets.puzzle.PuzzleWidget` shown in a notebook stores, beside its
widget view and its static picture, a small JSON output of type :data:`LIVE_MIME`:
the request to the web bridge (:mod:`oanquan.web`) that sets up the same game,
position or puzzle, with the same rules, players and hints. The book's extension
(``tools/sphinx/live_boards.py``) reads it and puts a live board on the page, which the
site's script drives with the engine running in the browser. So a board's start is
never typed twice: it is whatever the chapter's code made.

>>> from oanquan.interact.controller import Controller
>>> setup = game_setup(Controller(players=(None, 3)))
>>> setup["kind"], setup["request"]["opponent"], setup["request"]["first"]
('game', 3, 'human')

It needs only the standard library, like the rest of the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..puzzles import Puzzle, load_builtin
from .address import Setup
from .controller import Controller
from .editor import Editor

__all__ = ["LIVE_MIME", "editor_setup", "game_setup", "puzzle_setup"]

#: The output type that carries a live board's setup.
LIVE_MIME: Final[str] = "application/vnd.oanquan.live+json"


def game_setup(controller: Controller) -> dict[str, Any] | None:
    """The ``new_game`` request that gives a page this controller's game, or None if a page cannot play it.

    A page plays two humans or a human against one computer level (seeded as
    the notebook's); two computers, or a player that is not a level, have no
    live board. The page's computer starts afresh: moves already in the game are
    replayed from the record, so a random (level 1) player that made one of them
    may choose differently afterwards. The request is the setup codec's
    (:meth:`oanquan.interact.address.Setup.request`).

    >>> from oanquan.ai import player_for_level
    >>> from oanquan.interact.controller import Controller
    >>> game_setup(Controller(players=(None, player_for_level(3, seed=1))))["request"]
    {'op': 'new_game', 'opponent': 3, 'first': 'human', 'seed': 0, 'hints': 3}
    >>> game_setup(Controller(players=(2, 2))) is None
    True
    """
    setup = Setup.of(controller)
    return None if setup is None else {"kind": "game", "request": setup.request()}


def puzzle_setup(puzzles: Sequence[Puzzle], index: int) -> dict[str, Any] | None:
    """The request that opens puzzle ``index`` of ``puzzles``, and their ids for *Next*; None if not all are built in.

    >>> from oanquan.puzzles import load_builtin
    >>> setup = puzzle_setup(load_builtin(), 0)
    >>> setup["request"]["op"], setup["puzzles"][0] == setup["request"]["id"]
    ('puzzle', True)
    """
    builtin = {p.id: p for p in load_builtin()}
    if not puzzles or any(builtin.get(p.id) != p for p in puzzles):
        return None
    ids = [p.id for p in puzzles]
    return {"kind": "puzzle", "request": {"op": "puzzle", "id": ids[index % len(ids)]}, "puzzles": ids}


def editor_setup(editor: Editor) -> dict[str, Any]:
    """The ``editor`` request that sets up the same position (or the opening, while it is not valid).

    >>> from oanquan.interact.editor import Editor
    >>> editor_setup(Editor())
    {'kind': 'editor', 'request': {'op': 'editor'}}
    """
    game = Setup.of_position(editor.shown()).request()  # its position (not the opening) and its rule options
    request = {"op": "editor"} | {name: game[name] for name in ("position", "options") if name in game}
    return {"kind": "editor", "request": request}
