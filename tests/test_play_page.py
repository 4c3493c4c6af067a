"""The Play and Puzzles pages of the built site, in headless Chromium (issue 6).

The site (``_build/html``, from ``make book``) is served on 127.0.0.1; the pages load
Pyodide and the oanquan package from it and run the real engine in the browser. Every
expectation is computed here by the same engine in CPython. Any page error, failed
request, HTTP error or request to another host fails the test.

Set ``OANQUAN_SITE`` to test another built site folder.
"""

from __future__ import annotations

import os
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest

from oanquan import Game, Position, Rules
from oanquan.puzzles import Puzzle, loads
from oanquan.web import rules_in_words
from tools.localsite import CHROMIUM, CHROMIUM_FLAGS, chromium_missing, serve

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("OANQUAN_SITE", ROOT / "_build" / "html"))
READY = "#oaq[data-state=ready]"


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The built site served on 127.0.0.1; yields its base address."""
    if not (SITE / "book" / "play.html").is_file():
        pytest.fail(f"{SITE}/book/play.html is missing: build the site first (make book)")
    with serve(SITE) as base:
        yield base.removesuffix("/")  # the tests open "/book/..." paths


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    playwright_api = pytest.importorskip("playwright.sync_api")
    if missing := chromium_missing():
        pytest.fail(missing)
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


class Watched:
    """A page whose errors and requests are recorded, to be checked at the end."""

    def __init__(self, browser: Any, site: str) -> None:
        self.site = site
        self.problems: list[str] = []
        self.page = browser.new_page(viewport={"width": 1100, "height": 1300})
        host = urlsplit(site).netloc
        page = self.page
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on("requestfailed", lambda r: self.problems.append(f"request failed: {r.url} {r.failure}"))
        page.on("response", lambda r: r.status >= 400 and self.problems.append(f"HTTP {r.status}: {r.url}"))

        def check_host(request: Any) -> None:
            parts = urlsplit(request.url)
            if parts.scheme in ("data", "blob"):
                return
            if parts.netloc != host:
                self.problems.append(f"request to another host: {request.url}")

        page.on("request", check_host)

    def open(self, path: str, state: str = READY, timeout: float = 60_000) -> None:
        self.page.goto(self.site + path)
        self.page.wait_for_selector(state, timeout=timeout)

    def text(self, name: str) -> str:
        return str(self.page.text_content(f"[data-oaq={name}]") or "").strip()

    def act(self, selector: str) -> None:
        """Click and wait until the page has finished (animation and computer reply included)."""
        self.page.click(selector)
        self.page.wait_for_selector(READY, timeout=120_000)

    def play(self, move: str) -> None:
        self.act(f"#oaq [data-oaq=board] [data-square='{move[:-1]}']")
        assert self.page.get_attribute("#oaq", "data-state") == "ready"
        self.act(f"#oaq [data-direction='{move[-1]}']")

    def close(self) -> None:
        self.page.close()
        assert self.problems == []


@pytest.fixture
def watched(browser: Any, site: str) -> Iterator[Watched]:
    page = Watched(browser, site)
    yield page
    page.close()


def scores_shown(position: Position) -> str:
    return f"Player 0: {position.points(0)} · Player 1: {position.points(1)}"


def test_play_three_moves_against_the_computer(watched: Watched) -> None:
    watched.open("/book/play.html?opponent=3")
    assert watched.text("position") == Position.initial().to_text()
    watched.page.select_option("[data-oaq=speed]", "120")  # animate, quickly
    game = Game()
    for turn in range(3):
        # the human (player 0) plays the move the engine says captures most
        move = max(game.legal_moves(), key=lambda m: game.position.play(m).points(0))
        watched.play(str(move))
        if turn == 0:
            watched.page.select_option("[data-oaq=speed]", "0")
        record = watched.page.input_value("[data-oaq=record]")
        moves = record.split()
        assert moves[: 2 * turn + 1] == [*[str(m) for m in game.moves], str(move)]
        assert len(moves) == 2 * turn + 2, f"the computer did not answer: {record!r}"
        game = Game.from_record(record)  # the engine in CPython: the computer's move is legal
        assert watched.text("position") == game.position.to_text()
        assert watched.text("scores") == scores_shown(game.position)
        assert watched.text("error") == ""
    assert game.position.points(0) > 0  # the scores did change
    assert [li.text_content() for li in watched.page.query_selector_all("[data-oaq=moves] li")] == record.split()
    caption = watched.text("caption")
    assert re.match(r"Move \d+, \d[LR]: R\d\.\d", caption), caption  # the last step, with its rule
    watched.page.screenshot(path=str(screenshot_dir() / "play.png"), full_page=True)
    # undo goes back to the human's previous turn
    watched.act("[data-oaq=undo]")
    assert watched.page.input_value("[data-oaq=record]") == " ".join(record.split()[:4])


def test_friend_game_from_a_position_in_the_address(watched: Watched) -> None:
    start = Position.initial().play("7R").play("1R")
    watched.open("/book/play.html?opponent=friend&position=" + quote(start.to_text(), safe=","))
    assert watched.text("error") == ""
    assert watched.text("position") == start.to_text()
    assert watched.text("scores") == scores_shown(start)
    move = str(start.legal_moves()[-1])
    watched.play(move)
    after = start.play(move)
    assert watched.text("position") == after.to_text()
    assert watched.text("scores") == scores_shown(after)
    assert watched.page.input_value("[data-oaq=record]") == move


def test_typed_bad_move_shows_the_engines_message(watched: Watched) -> None:
    watched.open("/book/play.html?opponent=friend")
    watched.page.fill("[data-oaq=typed]", "<b>7X</b>")
    watched.act("[data-oaq=typed-form] button[type=submit]")
    assert (
        watched.text("error") == "invalid move '<b>7X</b>': a move is a square 0-9 and a direction L or R, such as '7R'"
    )
    assert watched.page.query_selector("[data-oaq=error] b") is None


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?position=<script>window.pwned=1</script>", "bad position '<script>window.pwned=1</script>'"),
        ("?record=7R%20<img%20src=x%20onerror=window.pwned=1>", "invalid move '<img'"),
        ("?record=7R%202L", "move 2 of record '7R 2L': illegal move '2L'"),
        ("?position=5,5,5&opponent=friend", "bad position '5,5,5'"),
    ],
)
def test_bad_address_shows_an_error_and_runs_nothing(watched: Watched, query: str, message: str) -> None:
    watched.open("/book/play.html" + query)
    assert message in watched.text("error")
    assert watched.page.evaluate("window.pwned") is None
    assert watched.page.query_selector("#oaq script, #oaq img[src=x]") is None
    # the page still works: a fresh game from the opening
    assert watched.text("position") == Position.initial().to_text()


def test_position_with_plus_signs_typed_into_the_address(watched: Watched) -> None:
    """A teacher writes the position as RULES §10 does: '+' is a plus sign, spaces may stay spaces."""
    start = "6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0 0,0 1"
    watched.open("/book/play.html?opponent=friend&position=" + start)
    assert watched.text("error") == ""
    assert watched.text("position") == Position.from_text(start).to_text() == start


def test_every_setting_in_the_address_shows_in_the_form_and_new_game_keeps_it(watched: Watched) -> None:
    watched.open("/book/play.html?opponent=friend&mandarin_value=7&young_mandarin_min=3&max_plies=50")
    assert watched.text("error") == ""
    shown = {name: watched.page.input_value(f"[data-oaq={name}]") for name in ("value", "young", "plies")}
    assert shown == {"value": "7", "young": "3", "plies": "50"}
    chosen = "document.querySelector('[data-oaq=young]').selectedOptions[0].textContent"
    assert watched.page.evaluate(chosen) == "fewer than 3 pebbles: cannot be captured"
    watched.act("[data-oaq=new]")
    assert watched.text("error") == ""
    assert watched.page.input_value("[data-oaq=link]").endswith(
        "?mandarin_value=7&young_mandarin_min=3&max_plies=50&opponent=friend"
    )
    assert watched.text("position") == Position.initial(Rules(mandarin_value=7)).to_text()


def test_link_reopens_the_game_against_the_same_computer(watched: Watched) -> None:
    watched.open("/book/play.html?opponent=4&first=computer")
    record = watched.page.input_value("[data-oaq=record]")
    assert len(record.split()) == 1, record  # the computer opened
    link = watched.page.input_value("[data-oaq=link]")
    assert link.endswith(f"?record={record}&opponent=4&first=computer")
    watched.page.goto(link)
    watched.page.wait_for_selector(READY, timeout=60_000)
    assert watched.text("error") == ""
    assert watched.page.input_value("[data-oaq=record]") == record  # no second computer move: your turn
    assert watched.page.input_value("[data-oaq=opponent]") == "4"
    assert watched.page.input_value("[data-oaq=first]") == "computer"
    assert watched.text("status") == "Your move (you are player 1)."


def test_new_game_and_undo_leave_no_old_caption_or_typed_move(watched: Watched) -> None:
    watched.open("/book/play.html?opponent=friend")
    watched.page.select_option("[data-oaq=speed]", "0")
    watched.page.fill("[data-oaq=typed]", "7R")
    watched.act("[data-oaq=typed-form] button[type=submit]")
    assert watched.text("caption").startswith("Move 1, 7R: R")  # the last step of 7R, with its rule
    assert watched.page.input_value("[data-oaq=typed]") == ""  # played: the box is free again
    watched.page.fill("[data-oaq=typed]", "9X")
    watched.act("[data-oaq=typed-form] button[type=submit]")
    assert watched.text("error") != "" and watched.page.input_value("[data-oaq=typed]") == "9X"  # to correct
    watched.act("[data-oaq=undo]")
    assert watched.page.input_value("[data-oaq=record]") == ""
    assert (watched.text("caption"), watched.page.input_value("[data-oaq=typed]")) == ("", "")
    watched.play("7R")
    assert watched.text("caption") != ""
    watched.page.fill("[data-oaq=typed]", "1")
    watched.act("[data-oaq=new]")
    assert (watched.text("caption"), watched.page.input_value("[data-oaq=typed]")) == ("", "")


def test_undo_waits_visibly_while_a_move_is_shown(watched: Watched) -> None:
    watched.open("/book/play.html?opponent=friend")
    watched.page.select_option("[data-oaq=speed]", "700")
    watched.act("#oaq [data-oaq=board] [data-square='7']")
    watched.page.click("#oaq [data-direction='R']")  # a slow animation starts
    assert watched.page.get_attribute("#oaq", "data-state") == "busy"
    assert watched.page.is_disabled("[data-oaq=undo]") and watched.page.is_disabled("[data-oaq=new]")
    assert watched.page.is_enabled("[data-oaq=skip]")
    watched.act("[data-oaq=skip]")
    assert watched.page.is_enabled("[data-oaq=undo]") and watched.page.is_disabled("[data-oaq=skip]")
    watched.act("[data-oaq=undo]")
    assert watched.page.input_value("[data-oaq=record]") == ""


def served_puzzles() -> list[Puzzle]:
    """The puzzle collection inside the package the site serves to the page."""
    with zipfile.ZipFile(SITE / "_static" / "play" / "oanquan.zip") as archive:
        puzzles = loads(archive.read("oanquan/data/puzzles.json").decode("utf-8"))
    assert puzzles, "the puzzle collection is empty"
    return puzzles


def test_puzzles_one_right_and_one_wrong_answer(watched: Watched) -> None:
    puzzle = served_puzzles()[-1]
    right = puzzle.moves[0]
    wrong = next(m for m in puzzle.position.legal_moves() if not puzzle.is_solution(m))
    watched.open(f"/book/puzzles.html?puzzle={quote(puzzle.id)}")
    assert watched.text("error") == ""
    assert watched.page.input_value("[data-oaq=pick]") == puzzle.id
    assert puzzle.goal_text in watched.text("puzzle-text")
    assert watched.text("position") == puzzle.position.to_text()
    watched.page.select_option("[data-oaq=speed]", "0")
    watched.play(str(wrong))
    assert watched.page.get_attribute("#oaq", "data-verdict") == "wrong"
    assert watched.text("verdict") == puzzle.verdict(wrong)[1]
    assert watched.text("position") == puzzle.position.play(wrong).to_text()
    watched.act("[data-oaq=retry]")
    assert watched.text("position") == puzzle.position.to_text()
    watched.act("[data-oaq=hint]")
    assert watched.text("verdict") == puzzle.hint
    watched.play(str(right))
    assert watched.page.get_attribute("#oaq", "data-verdict") == "right"
    assert watched.text("verdict") == puzzle.verdict(right)[1]  # the best move of a lost ending says so
    assert watched.text("position") == puzzle.position.play(right).to_text()
    watched.page.screenshot(path=str(screenshot_dir() / "puzzles.png"), full_page=True)
    watched.act("[data-oaq=answer]")
    assert watched.text("verdict") == f"The answer: {' or '.join(puzzle.solution)}. {puzzle.explanation}"
    watched.act("[data-oaq=next]")
    assert watched.page.input_value("[data-oaq=pick]") == served_puzzles()[0].id
    assert watched.page.url.endswith(f"?puzzle={quote(served_puzzles()[0].id)}")


def test_puzzle_says_its_rule_options_in_words(watched: Watched) -> None:
    puzzle = next(p for p in served_puzzles() if p.rules_options.get("young_mandarin_min") == 5)
    watched.open(f"/book/puzzles.html?puzzle={quote(puzzle.id)}")
    text = watched.text("puzzle-text")
    assert text.endswith(" Rules: a young Mandarin (fewer than 5 pebbles) cannot be captured (R5.6).")
    assert rules_in_words(puzzle.rules) in text
    watched.page.screenshot(path=str(screenshot_dir() / "puzzles-rules.png"), full_page=True)
    # a move, then Try again or another puzzle: no caption or typed move of the old board stays
    watched.page.select_option("[data-oaq=speed]", "0")
    watched.play(str(puzzle.moves[0]))
    assert watched.text("caption") != ""
    watched.act("[data-oaq=retry]")
    assert watched.text("caption") == ""
    watched.play(str(puzzle.moves[0]))
    watched.page.fill("[data-oaq=typed]", "7R")
    watched.page.select_option("[data-oaq=pick]", served_puzzles()[0].id)
    watched.page.wait_for_selector(READY, timeout=60_000)
    assert watched.text("position") == served_puzzles()[0].position.to_text()
    assert (watched.text("caption"), watched.page.input_value("[data-oaq=typed]")) == ("", "")
    assert "Rules:" not in watched.text("puzzle-text")


def test_puzzles_bad_address_shows_an_error_and_runs_nothing(watched: Watched) -> None:
    watched.open("/book/puzzles.html?puzzle=<script>window.pwned=1</script>")
    assert "there is no puzzle '<script>window.pwned=1</script>' in the collection" in watched.text("error")
    assert watched.page.evaluate("window.pwned") is None
    assert watched.page.query_selector("#oaq script") is None
    assert watched.page.input_value("[data-oaq=pick]") == served_puzzles()[0].id


def test_file_url_shows_a_sentence_and_a_picture(browser: Any) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto((SITE / "book" / "play.html").as_uri())
    page.wait_for_selector("#oaq[data-state=fallback]", timeout=20_000)
    assert "make serve" in (page.text_content("[data-oaq=fallback]") or "")
    assert page.is_visible("[data-oaq=fallback] img")
    assert page.evaluate("document.querySelector('[data-oaq=fallback] img').naturalWidth") > 0
    assert not page.is_visible("[data-oaq=game]")
    page.close()
    assert errors == []


def screenshot_dir() -> Path:
    folder = ROOT / "_build" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
