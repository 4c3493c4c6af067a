"""The same game reads the same on every surface, from one view-model (issue 20).

One game is played move by move through the notebooks' :class:`~oanquan.widgets.GameBoard`,
the website's bridge as the Play page calls it (the default board) and as a chapter's live
board calls it (a named board), and the terminal game. After every move each surface must
show the status line, the players' names and the scores of :func:`oanquan.interact.view.game_view`
for that game, and at the end the same final words (RULES §7, §8).
"""

from __future__ import annotations

import io
import json
from html import escape, unescape

import pytest

from oanquan import Game
from oanquan.__main__ import main
from oanquan.interact.controller import Controller
from oanquan.interact.view import GameView, game_view
from oanquan.web import call, reset, unpacked
from oanquan.widgets import GameBoard

#: A whole game between two people that ends when both Mandarin squares are empty (R7.1).
RECORD = "9R 2L 7R 4L 5L 3R 6R 0L 7L 0R 9L"


def expected_views() -> list[GameView]:
    """What the view-model says after each move of :data:`RECORD` (and before the first)."""
    c = Controller()
    views = [game_view(c)]
    for move in Game.from_record(RECORD).moves:
        c.play(move)
        views.append(game_view(c))
    return views


def widget_views() -> list[tuple[str, str]]:
    """The GameBoard's status HTML and its board picture after each move."""
    board = GameBoard(animate=False)
    shown = [(board.status.value, board.viewer.frames[-1].svg)]
    for move in Game.from_record(RECORD).moves:
        board.square_buttons[move.square].click()
        board.direction_buttons[move.direction].click()
        shown.append((board.status.value, board.viewer.frames[-1].svg))
    return shown


def bridge_views(board: str | None) -> list[dict[str, object]]:
    """The bridge's answers after each move: the Play page's board (None) or a live board (named)."""
    reset()
    named = {"board": board} if board else {}
    answers = [unpacked(json.loads(call(json.dumps({"op": "new_game", "opponent": "friend"} | named))))]
    for move in RECORD.split():
        answers.append(unpacked(json.loads(call(json.dumps({"op": "play", "move": move} | named)))))
    reset()
    return answers


def terminal_lines() -> list[str]:
    """The terminal game's status lines, one after each position it prints."""
    out = io.StringIO()
    assert main([], stdin=io.StringIO("\n".join(RECORD.split()) + "\n"), stdout=out) == 0
    return [line for line in out.getvalue().splitlines() if line.endswith(")") and " · " in line]


@pytest.fixture(scope="module")
def views() -> list[GameView]:
    return expected_views()


def test_the_view_model_changes_as_the_game_goes(views: list[GameView]) -> None:
    assert len({view.status for view in views}) >= 3 and views[-1].final is not None
    assert views[-1].scores == Game.from_record(RECORD).outcome().scores  # type: ignore[union-attr]


def test_the_notebook_widget_shows_the_view_model(views: list[GameView]) -> None:
    for view, (status, svg) in zip(views, widget_views(), strict=True):
        assert f"<b>{escape(view.status)}</b>" in status
        for name, score in zip(view.names, view.scores, strict=True):
            assert f"{name} · {score} points" in unescape(svg), (name, score)
        if view.final is None:
            assert escape(view.score_line) in status
        else:
            assert escape(view.final.reason) in status and all(escape(line) in status for line in view.final.lines)


@pytest.mark.parametrize("board", [None, "ch7-live"], ids=["play-page", "live-board"])
def test_the_bridge_answers_with_the_view_model(views: list[GameView], board: str | None) -> None:
    for view, answer in zip(views, bridge_views(board), strict=True):
        assert answer["status"] == answer["turn"] == view.status
        assert answer["names"] == list(view.names) and answer["scores"] == list(view.scores)
        for name, score in zip(view.names, view.scores, strict=True):
            assert f"{name} · {score} points" in unescape(str(answer["svg"]))
        final = answer["final"]
        if view.final is None:
            assert final is None
        else:
            assert isinstance(final, dict)
            assert final["headline"] == view.final.headline and final["reason"] == view.final.reason
            assert final["lines"] == list(view.final.lines) and final["scores"] == list(view.final.scores)


def test_the_terminal_game_prints_the_view_model(views: list[GameView]) -> None:
    assert terminal_lines() == [f"{view.status} ({view.score_line})" for view in views]


def test_every_surface_says_the_same_thing_at_the_end(views: list[GameView]) -> None:
    end = views[-1]
    status, svg = widget_views()[-1]
    answer = bridge_views(None)[-1]
    said = {
        "widget": (unescape(status).split("</b>")[0].removeprefix("<b>"), unescape(svg).count(end.names[0])),
        "bridge": (answer["turn"], unescape(str(answer["svg"])).count(end.names[0])),
        "terminal": (terminal_lines()[-1].rsplit(" (", 1)[0], 1),
    }
    assert {status for status, _count in said.values()} == {end.status}
    assert all(count >= 1 for _status, count in said.values())
