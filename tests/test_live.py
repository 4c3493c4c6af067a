"""The live boards' Python side (issue 13): the editing rules, the bridge's editor requests, and the setups.

The browser half is tests/test_live_boards.py. Here: :class:`oanquan.interact.editor.Editor` (the
rules of editing, shared by the notebook's PositionEditor and the web bridge) refuses every
bad action strictly and leaves the position as it was; the bridge's ``editor``/``edit``
requests say the engine's words; and the setup a widget stores (:mod:`oanquan.interact.board_setup`) gives
the website the same game, computer included, as the notebook's code made.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from oanquan import Position, Rules
from oanquan.ai import player_for_level
from oanquan.interact.board_setup import LIVE_MIME, game_setup
from oanquan.interact.controller import Controller
from oanquan.interact.editor import EditError, Editor
from oanquan.web import Session, call, first_answer, read_address, reset
from oanquan.widgets import GameBoard, PositionEditor


@pytest.mark.parametrize(
    ("action", "args", "said"),
    [
        ("click", (12,), "a square is a whole number 0-11"),
        ("click", (True,), "not True"),
        ("click", ("3",), "not '3'"),
        ("click", (3, "double"), "a click mode is 'add', 'remove' or 'select'"),
        ("set_count", (-1,), "from 0 to 1000, not -1"),
        ("set_count", (1001,), "not 1001"),
        ("set_count", (1.5,), "not 1.5"),
        ("set_stone", (True, 4), "only a Mandarin square"),
        ("set_stone", ("yes", 10), "true (there) or false"),
        ("set_player_field", ("stores", 2, 1), "a player is 0 or 1, not 2"),
        ("set_player_field", ("captured", 0, 3), "from 0 to 2, not 3"),
        ("set_player_field", ("pebbles", 0, 1), "'stores', 'captured' or 'debts'"),
        ("set_to_move", (None,), "not None"),
    ],
)
def test_the_editor_refuses_bad_actions_and_keeps_the_position(action: str, args: tuple[Any, ...], said: str) -> None:
    editor = Editor()
    editor.click(3)
    before = editor.position
    with pytest.raises(EditError, match=said.replace("(", r"\(").replace(")", r"\)")):
        getattr(editor, action)(*args)
    assert editor.position == before and editor.kind == "info"


def test_the_editor_sets_up_a_position_the_engine_checks() -> None:
    editor = Editor()
    editor.click(10, "remove")  # M0 holds a stone and no pebbles (R2.2)
    assert editor.kind == "error" and editor.message == "Square M0 has no pebbles to remove."
    editor.set_player_field("captured", 0, 2)  # two stones captured, and still two on the board
    assert editor.position is None and editor.message.startswith("Not a valid position:")
    editor.set_stone(False, 10)
    editor.set_stone(False, 11)
    for square in range(10):
        editor.set_count(0, square)
    assert editor.position is not None and editor.message.startswith("Valid, but the game is already over here")
    editor.set_player_field("captured", 0, 0)
    editor.set_count(2, 4)
    editor.set_player_field("stores", 0, 68)
    editor.set_to_move(0)
    assert editor.position is not None and editor.position.to_text() == "0,0,0,0,2,0,0,0,0,0 0,0 68,0 0,0 0"
    assert PositionEditor(editor.position).editor.position == editor.position  # the notebook's view reads the same


def test_the_bridge_edits_strictly_and_its_play_link_reopens_the_position() -> None:
    reset()
    ask: Any = lambda request: json.loads(call(json.dumps({**request, "board": "ed"})))  # noqa: E731
    assert "not a position editor" in ask({"op": "edit", "action": "click", "square": 3})["error"]
    assert ask({"op": "editor", "position": "0,0,0,0,1,0,2,0,3,4 Q,0 0,0 0,0 1"})["editor"]["valid"]
    assert ask({"op": "editor", "sides": 2})["error"] == "an 'editor' request takes options, position, not 'sides'"
    assert "an edit is one of click, mode" in ask({"op": "edit", "action": "paint"})["error"]
    assert ask({"op": "edit", "action": "click"})["error"] == "an edit 'click' needs 'square'"
    assert "not '7'" in ask({"op": "edit", "action": "count", "value": "7"})["error"]
    view = ask({"op": "edit", "action": "click", "square": 9, "mode": "add"})
    assert view["editor"]["text"] == "0,0,0,0,1,0,2,0,3,5 Q,0 0,0 0,0 1" and len(view["scene"]["what"]) == 12
    bad = ask({"op": "edit", "action": "text", "text": "5,5"})
    assert bad["editor"]["kind"] == "error" and bad["editor"]["text"] == view["editor"]["text"]
    settings, notices = read_address(view["play"])
    assert notices == []
    game = Session().new_game(settings)
    assert game["position"] == view["editor"]["text"]


@pytest.mark.parametrize(("side", "level", "seed"), [(1, 3, 1), (1, 2, 7), (0, 4, 0), (1, 1, 5)])
def test_a_stored_setup_plays_the_notebooks_computer(side: int, level: int, seed: int) -> None:
    players = {side: player_for_level(level, seed=seed), 1 - side: None}
    board = GameBoard(players=players)
    setup = board._repr_mimebundle_()[LIVE_MIME]
    assert setup == game_setup(board.controller) and setup["request"]["opponent"] == level
    notebook = board.controller  # as the notebook left it (a computer that opens has moved already)
    page = Session()
    page.new_game(setup["request"])
    for _ in range(3):  # the same replies, move for move
        if notebook.computer_to_move:
            notebook.computer_move()
            page.computer()
        else:
            move = notebook.legal_moves()[0]
            notebook.play(move)
            page.play({"move": str(move)})
    assert page.controller.game.record() == notebook.game.record()


def test_a_board_a_page_cannot_play_stores_no_setup_and_a_setup_is_drawn_at_once() -> None:
    assert game_setup(Controller(players=(2, 3))) is None
    start = Position.initial(Rules(young_mandarin_min=5)).play("7R")
    answer = first_answer(game_setup(Controller(start)) or {})
    assert answer["position"] == start.to_text() and answer["rules"] == {"young_mandarin_min": 5}
    with pytest.raises(ValueError, match="refused"):
        first_answer({"kind": "game", "request": {"op": "new_game", "opponent": 9}})
