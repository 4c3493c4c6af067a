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
import re
import subprocess
from collections.abc import Iterable, Iterator
from html import escape, unescape
from pathlib import Path
from typing import Any

import pytest

import oanquan
from oanquan import Game, Move
from oanquan.__main__ import main
from oanquan.interact.controller import Controller
from oanquan.interact.view import GameView, game_view
from oanquan.paper import blank_board_svg
from oanquan.puzzles import SHEETS
from oanquan.svg import svg_alt_text
from oanquan.web import call, reset
from oanquan.widgets import GameBoard
from tests.scenes import page_view
from tools.build import edition
from tools.sphinx import live_boards, printables

ROOT = Path(__file__).resolve().parent.parent

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
    answers = [page_view(json.loads(call(json.dumps({"op": "new_game", "opponent": "friend"} | named))))]
    for move in RECORD.split():
        answers.append(page_view(json.loads(call(json.dumps({"op": "play", "move": move} | named)))))
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


# ------------------------------------------- one name for each player (issue 41)
#
# The same games through every surface, in both languages: a game between friends (RECORD) and
# one against the computer. No reader-facing text calls a player "Player 0/1" ("Người chơi 0/1"):
# that notation stays in the specification, the position text and the record, which are not read
# here. Every place that states the result states the same winner and the same score.

#: The notation's names of the players, which reader text never uses.
NOTATION_NAME = re.compile(r"\b(player|người chơi)\s*[01]\b", re.IGNORECASE)
#: Fields of a bridge answer that are notation or data for the page's code, not reader text.
DATA_FIELDS = {"position", "start", "record", "link", "moves", "legal", "saved", "settings", "id", "address"}
DATA_FIELDS |= {"kind", "theme", "code", "json", "error", "result", "mode", "play", "rules"}


def reader_texts(value: Any, key: str = "") -> Iterator[str]:
    """Every text of a bridge answer a reader may see; a picture as its text, title and description."""
    if key in DATA_FIELDS:
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield from reader_texts(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from reader_texts(v, key)
    elif isinstance(value, str):
        yield unescape(re.sub(r"<[^>]+>", " ", value)) if value.lstrip().startswith("<svg") else value


def leaks(texts: Iterable[str]) -> list[str]:
    return [text[:160] for text in texts if NOTATION_NAME.search(text)]


def computer_game_moves() -> list[str]:
    """The reader's moves of a game against the computer (level 1, the reader first): the first legal move each time."""
    c = Controller(players=(None, 1))
    while not c.over:
        c.play(c.legal_moves()[0]) if c.human_to_move else c.play_computers()
    return [str(m) for m in c.game.moves[::2]]


def bridge_game(opponent: object, board: str | None) -> list[dict[str, Any]]:
    """A whole game through the bridge: the reader plays the first legal move each time, the computer replies."""
    reset()
    named = {"board": board} if board else {}
    ask = lambda request: page_view(json.loads(call(json.dumps(request | named))), scenes=False)  # noqa: E731
    answers = [ask({"op": "new_game", "opponent": opponent})]
    moves = iter(RECORD.split())
    while not answers[-1]["over"]:
        if answers[-1]["computer_to_move"]:
            answers.append(ask({"op": "computer"}))
        else:
            move = next(moves) if opponent == "friend" else answers[-1]["legal"][0]
            answers.append(ask({"op": "play", "move": move}))
        answers.extend(a["reply"] for a in [answers[-1]] if a.get("reply"))
    reset()
    return answers


def widget_game(players: dict[int, int] | None) -> tuple[GameBoard, list[str]]:
    """A whole game on the notebooks' board; what it showed: status, messages, every picture and caption."""
    board = GameBoard(animate=False, players=players)
    moves = iter(RECORD.split())
    shown: list[str] = []
    while not board.controller.over:
        c = board.controller
        move = Move.parse(next(moves)) if players is None else c.legal_moves()[0]
        board.square_buttons[move.square].click()
        board.direction_buttons[move.direction].click()
        shown += [board.status.value, board.message.value]
        shown += [text for frame in board.viewer.frames for text in (frame.caption, svg_alt_text(frame.svg))]
    return board, shown


def terminal_game(arguments: list[str], moves: list[str]) -> str:
    out = io.StringIO()
    assert main(["play", *arguments], stdin=io.StringIO("\n".join([*moves, "explain"]) + "\n"), stdout=out) == 0
    return out.getvalue()


def sheet_texts(tmp_path: Path) -> list[str]:
    """The words of the printed sheets (each PDF read back as text, the blank board's SVG as its text)."""
    texts = [unescape(re.sub(r"<[^>]+>", " ", blank_board_svg()))]
    level = next(iter(SHEETS))
    made = {
        "worksheet": lambda: printables.worksheet_pdf(level),
        "answers": lambda: printables.worksheet_pdf(level, answers=True),
        "record": printables.record_sheet_pdf,
        "wall": printables.rules_wall_pdf,
        "blank": printables.blank_board_pdf,
    }
    for name, make in made.items():
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(make())
        read = subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True, check=True)
        texts.append(read.stdout)
    return texts


@pytest.fixture(params=["en", "vi"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    oanquan.set_language(request.param)
    yield request.param
    oanquan.set_language("en")


@pytest.mark.parametrize("opponent", ["friend", 1])
@pytest.mark.parametrize("board", [None, "ch7-live"], ids=["play-page", "live-board"])
def test_the_bridge_names_the_players_as_the_view_model_does(lang: str, opponent: object, board: str | None) -> None:
    answers = bridge_game(opponent, board)
    assert leaks(text for answer in answers for text in reader_texts(answer)) == []
    end = answers[-1]
    names, scores, final = end["names"], end["scores"], end["final"]
    expected = ["You", "Computer"] if opponent == 1 else ["Bottom row", "Top row"]
    assert names == [oanquan.i18n._(name) for name in expected]
    # the same winner and score wherever the end is stated: the headline, the reason, the picture's title
    winner = max((0, 1), key=lambda p: scores[p]) if scores[0] != scores[1] else None
    high, low = max(scores), min(scores)
    assert final["scores"] == scores and f"{high}" in final["reason"] and f"{low}" in final["reason"]
    title = unescape(re.search(r"<title[^>]*>(.*?)</title>", end["svg"], re.S)[1])  # type: ignore[index]
    assert f"{high}-{low}" in title, title
    if winner is not None and opponent == "friend":
        assert names[winner] in final["headline"] and names[winner] in title


@pytest.mark.parametrize("players", [None, {1: 1}], ids=["friends", "computer"])
def test_the_notebook_board_names_the_players_as_the_view_model_does(lang: str, players: Any) -> None:
    board, shown = widget_game(players)
    assert leaks(shown) == []
    view = game_view(board.controller)
    assert view.final is not None and escape(view.final.headline) in board.status.value + board.message.value
    assert f"{max(view.scores)}-{min(view.scores)}" in svg_alt_text(board.viewer.frames[-1].svg)


def test_the_terminal_game_names_the_players_as_the_view_model_does(lang: str) -> None:
    for arguments, moves in (([], RECORD.split()), (["--computer", "1"], computer_game_moves())):
        said = terminal_game(arguments, moves)
        assert leaks(said.splitlines()) == [], arguments
    c = Controller()
    for move in RECORD.split():
        c.play(move)
    final = game_view(c).final
    assert (final is not None and final.reason in said) or final.reason in terminal_game([], RECORD.split())


def test_the_same_game_ends_the_same_on_every_surface(lang: str) -> None:
    answer = bridge_game("friend", None)[-1]
    board, _shown = widget_game(None)
    view = game_view(board.controller)
    assert view.final is not None
    assert answer["final"]["headline"] == view.final.headline and answer["scores"] == list(view.scores)
    assert view.final.reason in terminal_game([], RECORD.split())


def test_the_sheets_name_the_rows_not_the_notation(lang: str, tmp_path: Path) -> None:
    texts = sheet_texts(tmp_path)
    assert leaks(texts) == []
    assert any(oanquan.i18n._("Bottom row") in text.replace("\n", " ") for text in texts)


def test_the_chapters_live_boards_name_the_rows_not_the_notation(lang: str) -> None:
    # the chapters' own boards (the controls the book's build writes around each): the position
    # editor's "to move" and stores said "player 0" and "Store of player 0" until a review found them
    markup = {kind: live_boards.controls(kind) for kind in ("game", "puzzle", "editor")}
    assert leaks([unescape(re.sub(r"<[^>]+>", " ", html)) for html in markup.values()]) == []
    rows = [oanquan.i18n._("Bottom row"), oanquan.i18n._("Top row")]
    assert all(escape(row) in markup["editor"] for row in rows)


def test_friends_play_under_the_names_they_give_on_every_surface() -> None:
    given = ["Lan", "Minh"]
    reset()
    answer = page_view(json.loads(call(json.dumps({"op": "new_game", "opponent": "friend", "names": given}))))
    assert answer["names"] == given and answer["status"] == "Lan to move."
    played = page_view(json.loads(call(json.dumps({"op": "play", "move": "7R"}))))
    assert played["frames"][1]["caption"].endswith(
        "R3.3 — Lan lifts the 5 pebbles of square 7 and sows them to the right (R)."
    )
    assert "Minh · 0 points" in unescape(played["svg"]) and "Minh to move" in unescape(played["svg"])
    refused = json.loads(call(json.dumps({"op": "new_game", "opponent": "friend", "names": ["Lan"]})))
    assert refused["ok"] is False and refused["code"] == "bad-setting"
    reset()
    board = GameBoard(animate=False, names=given)
    assert "Lan to move." in board.status.value
    c = Controller(names=given)
    again = Controller()
    again.load_json(c.to_json())  # a saved session keeps the names
    assert again.names == ("Lan", "Minh")
    said = terminal_game(["--names", *given], RECORD.split())
    assert "Lan wins! (Lan 56 · Minh 14)" in said and "Bottom row" not in said


# The chapters and the book's pages are surfaces too: what they print (stored outputs: pictures,
# captions, tables, quiz words), their prose, and the Vietnamese edition's words for both.
CHAPTERS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "book").glob("*.ipynb"))
#: The one sentence that maps the players' names to the notation, for the teacher (issue 41).
NOTATION_MAP = re.compile(
    r"notation instead: player 0 is the bottom row [^.]* player 1 the top row"
    r"|ký hiệu: người chơi 0 là hàng dưới [^.]* người chơi 1 là hàng trên"
)


def chapter_texts(path: Path) -> Iterator[str]:
    """Everything a reader sees of a chapter: its Markdown cells and every stored output, as text."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            yield "".join(cell["source"])
        for output in cell.get("outputs", []):
            data = dict(output.get("data", {}), text=output.get("text", ""))
            for kind in ("text/html", "text/markdown", "text/plain", "image/svg+xml", "text"):
                text = "".join(data.get(kind, ""))
                yield unescape(re.sub(r"<[^>]+>", " ", text))


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_a_chapter_names_the_players_as_its_boards_do(path: Path) -> None:
    found = [NOTATION_NAME.findall(NOTATION_MAP.sub("", text)) for text in chapter_texts(path)]
    assert [name for names in found for name in names] == []


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_the_vietnamese_chapter_names_the_players_as_its_boards_do(path: Path) -> None:
    words = edition.translations(f"{path.parent.name}/{path.stem}")
    assert words, f"no Vietnamese catalogue for {path.name}"
    found = [text for text in words.values() if NOTATION_NAME.search(NOTATION_MAP.sub("", text))]
    assert found == []
