"""The chapters' live boards on the built site, in headless Chromium, with no kernel (issue 13).

Each chapter page that has a GameBoard, PositionEditor or PuzzleWidget shows a live board
(tools/sphinx/live_boards.py, book/_static_play/liveboard.js): drawn at once from the engine's
answer stored in the page, brought to life by the Play page's engine in a Web Worker, which
starts while the reader reads; a click made before it is ready is kept and played. Every
expectation is computed here by the same engine in CPython, from the setup the notebook
stored. Any page error, failed request, HTTP error or request to another host fails the
test. Screenshots (desktop and 375x800) go to ``_build/screenshots/live/``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from conftest import record_problems, wait_until
from oanquan import Game, Position
from oanquan.i18n import _, language
from oanquan.interact.board_setup import LIVE_MIME
from oanquan.interact.controller import Controller
from oanquan.interact.editor import Editor
from oanquan.puzzles import load_builtin
from oanquan.review import review
from oanquan.web import Session
from playpages import shared_context

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "_build" / "screenshots" / "live"
BOARD = ".oaq-liveboard"
READY = f"{BOARD}[data-state=ready]"


def stored_setup(chapter: str) -> dict[str, Any]:
    """The live board's setup the chapter stored when it ran (what the page starts from)."""
    notebook = json.loads((ROOT / "notebooks" / f"{chapter}.ipynb").read_text(encoding="utf-8"))
    found = [
        output["data"][LIVE_MIME]
        for cell in notebook["cells"]
        for output in cell.get("outputs", [])
        if LIVE_MIME in output.get("data", {})
    ]
    assert len(found) == 1, f"{chapter} stores {len(found)} live boards"
    return found[0]


@pytest.fixture(scope="module")
def site(site_url: str) -> str:
    """The built site's address (tests/conftest.py serves it once for the run), without its last "/"."""
    return site_url.removesuffix("/")


@pytest.fixture(scope="module")
def boards(browser: Any, site: str) -> Iterator[Any]:
    """The browser context of the tests whose chapter boards keep nothing in the browser's storage
    (playpages.shared_context: warm, no service worker).

    One for the module (issue 45): a chapter page opened in a context of its own, with a cold cache
    and a renderer of its own, took 3.6 CPU-seconds, and 2.1 in this one. The service worker would
    keep the whole edition offline while the tests play, and these tests are about the board;
    test_updates, test_play_page and test_lite check the pages served by the worker.
    """
    yield from shared_context(browser, site, viewport={"width": 1100, "height": 1000})


class Chapter:
    """A chapter page (a tab of :func:`boards`) whose errors and requests are recorded, to be checked at the end."""

    def __init__(self, context: Any, site: str, name: str, *, hold_engine: bool = False) -> None:
        """``hold_engine``: the engine's worker script is held back until :meth:`release_engine`, so
        that a click is surely made while the engine is still starting."""
        self.name = name
        self.held: list[Any] = []
        self.problems: list[str] = []
        self.requests: list[str] = []
        self.context = context
        self.page = page = context.new_page()
        host = urlsplit(site).netloc
        record_problems(page, self.problems)

        def check_host(request: Any) -> None:
            parts = urlsplit(request.url)
            if request.service_worker is None:  # the page's and its workers' own, not the edition's
                self.requests.append(request.url)  # download for offline visits (offline.js, issue 23)
            if parts.scheme not in ("data", "blob") and parts.netloc != host:
                self.problems.append(f"request to another host: {request.url}")

        self.check_host = check_host
        self.context.on("request", check_host)  # the worker's requests too (until close)
        if hold_engine:
            self.context.route("**/engine-worker.js*", lambda route: self.held.append(route))
        page.add_init_script("document.addEventListener('oanquan-ready', () => { window.__oanquanReady = true; })")
        page.goto(f"{site}/notebooks/{name}.html")
        page.wait_for_selector(f"{BOARD} [data-oaq=board] svg [data-square]")
        text = page.inner_text("main")
        assert "runs in your browser" in page.inner_text(BOARD)
        for wrong in ("make lab", "pip install", "to use it."):  # the notebook's "run the notebook … to use it."
            assert wrong not in text, f"{name}: {wrong!r} on the page"

    def release_engine(self) -> None:
        """Let the held worker script through (``hold_engine``): the engine starts now."""
        assert self.held, "the page asked for no engine yet"
        for route in self.held:
            route.continue_()
        self.context.unroute("**/engine-worker.js*")

    def part(self, name: str) -> str:
        return str(self.page.text_content(f"{BOARD} [data-oaq={name}]") or "").strip()

    def act(self, selector: str) -> None:
        """Click a part of the board and wait until it has finished (engine start, animation, reply)."""
        self.page.click(f"{BOARD} {selector}")
        self.page.wait_for_selector(READY, timeout=120_000)

    def square(self, square: int) -> None:
        self.act(f"[data-oaq=board] [data-square='{square}']")

    def play(self, move: str) -> None:
        self.square(int(move[:-1]))
        self.act(f"[data-direction='{move[-1]}']")

    def screenshots(self) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.locator(BOARD).scroll_into_view_if_needed()
        self.page.screenshot(path=str(SHOTS / f"{self.name}-desktop.png"))
        self.page.set_viewport_size({"width": 375, "height": 800})
        # the theme slides its sidebar away at a phone's width (a 0.2 s transition): a picture taken
        # before it ends shows the page half as wide as the desktop's, scrolled sideways
        wait_until(self.page, SETTLED)
        self.page.locator(BOARD).scroll_into_view_if_needed()
        self.page.screenshot(path=str(SHOTS / f"{self.name}-375.png"))

    def close(self) -> None:
        self.screenshots()
        self.page.close()  # the tab, as closing its context did (the context is the module's)
        self.context.remove_listener("request", self.check_host)
        self.context.unroute("**/engine-worker.js*")  # a route left by a test that failed before release
        assert self.problems == [], self.name


@pytest.fixture
def chapter(boards: Any, site: str) -> Iterator[Any]:
    opened: list[Chapter] = []

    def open_chapter(name: str, **options: Any) -> Chapter:
        opened.append(Chapter(boards, site, name, **options))
        return opened[-1]

    yield open_chapter
    for page in opened:
        page.close()


def scores(position: Position, names: tuple[str, str] = ("Bottom row", "Top row")) -> str:
    """The scores line, with the players named as the view-model names them (oanquan.interact.view)."""
    return f"{names[0]}: {position.points(0)} · {names[1]}: {position.points(1)}"


def test_the_engine_warms_up_once_the_page_is_loaded_and_the_first_click_waits_for_nothing_else(chapter: Any) -> None:
    # issue 20: the engine starts in the background once the page has loaded (no click needed),
    # and says so; a click after that is answered with the board never "starting" again
    page = chapter("02_sowing")
    page.page.wait_for_function(WARM, timeout=120_000)
    assert any("engine-worker" in url for url in page.requests)
    assert page.page.get_attribute(BOARD, "data-state") == "static"  # no board was asked anything yet
    page.page.click(f"{BOARD} [data-oaq=board] [data-square='7']")
    assert page.page.get_attribute(BOARD, "data-state") != "failed"
    page.page.wait_for_selector(READY, timeout=30_000)
    assert page.page.is_visible(f"{BOARD} [data-direction=R]")


#: No transition or finite animation of the page is still running (the board's spinner runs forever).
SETTLED = (
    "() => document.getAnimations().every("
    "(a) => a.playState !== 'running' || a.effect.getComputedTiming().iterations === Infinity)"
)

#: The page's engine has started and said so ("oanquan-ready", which offline.js waits for).
WARM = "window.__oanquanReady === true"


def test_chapter_2_board_plays_a_move_and_keeps_the_first_click(chapter: Any) -> None:
    page = chapter("02_sowing", hold_engine=True)
    # Drawn at once, before any engine: the stored answer of the notebook
    assert page.page.get_attribute(BOARD, "data-state") == "static"
    assert page.part("scores") == scores(Position.initial())
    # A click while the engine is still starting is played once it is ready; a progress sign shows
    # from the click until then (issue 25): the board is busy, and the line above it spins.
    page.page.click(f"{BOARD} [data-oaq=board] [data-square='7']")
    assert page.page.get_attribute(BOARD, "aria-busy") == "true"
    sign = page.page.evaluate(
        "getComputedStyle(document.querySelector('.oaq-liveboard .oaq-live-line'), '::after').animationName"
    )
    assert sign == "oaq-spin"
    page.page.wait_for_timeout(300)  # still busy, and the click still kept, however long the start
    assert page.page.get_attribute(BOARD, "aria-busy") == "true"
    page.release_engine()
    page.page.wait_for_selector(READY, timeout=120_000)
    assert page.page.get_attribute(BOARD, "aria-busy") is None
    assert any("engine-worker" in url for url in page.requests)
    assert page.page.is_visible(f"{BOARD} [data-direction=R]")
    page.act("[data-direction=R]")
    after = Position.initial().play("7R")
    assert page.part("scores") == scores(after)
    assert page.part("record") == "Moves: 7R"
    assert page.part("caption").startswith("Move 1, 7R:")
    page.square(7)  # player 1's turn now: the engine says why not
    assert "is in the other player's row" in page.part("error")


def test_chapter_8_three_moves_against_the_computer_at_the_notebooks_level(chapter: Any) -> None:
    setup = stored_setup("08_play_the_computer")
    assert setup["request"]["opponent"] == 3  # the level the notebook's code uses
    page = chapter("08_play_the_computer")
    expected = Session()
    expected.new_game(setup["request"])
    game = Game()
    for _turn in range(3):
        move = max(game.legal_moves(), key=lambda m: game.position.play(m).points(0))
        page.play(str(move))
        expected.play({"move": str(move)})
        while expected.controller.computer_to_move:
            expected.computer()
        game = expected.controller.game
        assert page.part("record") == "Moves: " + game.record()
        assert page.part("scores") == scores(game.position, ("You", "Computer"))
    assert len(game.moves) >= 6  # three of ours, three of the computer's


def test_chapter_9_puzzles_solved_failed_hint_and_next(chapter: Any) -> None:
    setup = stored_setup("09_puzzles")
    puzzles = {p.id: p for p in load_builtin()}
    first, second = (puzzles[i] for i in setup["puzzles"][:2])
    page = chapter("09_puzzles")
    assert first.title in page.part("puzzle-text")
    page.play(str(first.solution[0]))
    right = Controller(puzzle=first)
    right.play(first.solution[0])
    assert page.page.get_attribute(BOARD, "data-verdict") == "right"
    assert page.part("verdict") == right.verdict
    page.act("[data-oaq=next]")
    assert second.title in page.part("puzzle-text")
    page.act("[data-oaq=hint]")
    assert page.part("verdict") == f"Hint 1 of 3: {second.hint_steps[0]}"
    wrong_move = next(m for m in second.position.legal_moves() if not second.is_solution(m))
    page.play(str(wrong_move))
    wrong = Controller(puzzle=second)
    wrong.play(wrong_move)
    assert page.page.get_attribute(BOARD, "data-verdict") == "wrong"
    assert page.part("verdict") == wrong.verdict


def test_chapter_1_sets_up_a_position_by_clicking(chapter: Any) -> None:
    page = chapter("01_board")
    editor = Editor()
    page.square(3)  # +1 pebble (the first click, kept)
    page.square(3)
    editor.click(3)
    editor.click(3)
    page.act("[data-mode=remove]")
    page.square(11)  # M1 has no pebbles: the editor says so
    editor.click(11, "remove")
    assert page.part("message") == editor.message == "Square M1 has no pebbles to remove."
    page.square(5)
    editor.click(5)
    page.page.fill(f"{BOARD} [data-oaq=count]", "0")
    page.page.press(f"{BOARD} [data-oaq=count]", "Tab")
    page.page.wait_for_selector(READY)
    editor.set_count(0)
    page.page.select_option(f"{BOARD} [data-oaq=to-move]", "1")
    page.page.wait_for_selector(READY)
    editor.set_to_move(1)
    assert editor.position is not None
    assert page.page.input_value(f"{BOARD} [data-oaq=text]") == editor.position.to_text()
    assert page.part("message") == editor.message
    href = page.page.get_attribute(f"{BOARD} [data-oaq=play]", "href") or ""
    opened = Session().open_editor({"position": editor.position.to_text()})["play"]
    assert href.endswith("/book/play.html" + opened) and opened.startswith("?position=")
    page.page.fill(f"{BOARD} [data-oaq=text]", "5,5,5")  # a bad text: the engine's objection, the board kept
    page.act("[data-oaq=text-form] button")
    assert "and '5,5,5' has 1" in page.part("message")  # the reader's words, quoting the text
    assert page.page.input_value(f"{BOARD} [data-oaq=text]") == "5,5,5"


def test_a_board_whose_engine_cannot_load_says_so_and_stays_drawn(browser: Any, site: str) -> None:
    """With the engine's worker unreachable, the click is answered by the reason, not a page error."""
    context = browser.new_context(service_workers="block")  # the route below sees every request
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    context.route("**/engine-worker.js*", lambda route: route.abort())
    page.goto(f"{site}/notebooks/02_sowing.html")
    page.click(f"{BOARD} [data-square='7']")
    page.wait_for_selector(f"{BOARD}[data-state=failed]", timeout=60_000)
    said = page.text_content(f"{BOARD} [data-oaq=error]") or ""
    assert said.startswith("The game engine could not be loaded: ") and said.endswith("."), said
    assert page.locator(f"{BOARD} [data-oaq=board] [data-square]").count() == 12  # the picture stays
    context.close()
    assert errors == []


ON_EDITOR_BOARD = f"() => !!(document.activeElement && document.activeElement.closest('{BOARD} [data-oaq=board]'))"
#: What has the focus: a square's number, a mode button's mode, or a control's data-oaq name.
FOCUSED = """() => { const e = document.activeElement;
  return e && (e.getAttribute('data-square') || e.getAttribute('data-mode') || e.getAttribute('data-oaq')); }"""


@pytest.mark.parametrize("edition", ["", "vi"], ids=["english", "vietnamese"])
def test_chapter_1_sets_up_a_position_with_the_keyboard_only(boards: Any, site: str, edition: str) -> None:
    # issue 22: Tab to the editor's board, the arrow keys and Enter to add pebbles, Space on a
    # mode button, Shift+Tab back, a number typed into the square's box, the turn by the arrow
    # keys on its list. No mouse event; every word the engine's, in the page's language.
    page = boards.new_page()
    problems: list[str] = []
    record_problems(page, problems)
    page.goto(f"{site}/{edition + '/' if edition else ''}notebooks/01_board.html")
    page.wait_for_selector(f"{BOARD} [data-oaq=board] svg [data-square]")
    page.evaluate("window.__mouse = 0; addEventListener('mousedown', () => window.__mouse++, true)")
    keys = page.keyboard

    def wait() -> None:
        page.wait_for_selector(READY, timeout=120_000)

    def tab_until(name: str, back: bool = False, most: int = 600) -> None:
        for _press in range(most):
            if page.evaluate(FOCUSED) == name:
                return
            keys.press("Shift+Tab" if back else "Tab")
        raise AssertionError(f"Tab never reached {name!r} (at {page.evaluate(FOCUSED)!r})")

    def arrow_to(square: int) -> None:
        for _press in range(12):
            if page.evaluate(FOCUSED) == str(square):
                return
            keys.press("ArrowRight")
        raise AssertionError(f"the arrow keys never reached square {square}")

    with language(edition or "en"):
        editor = Editor()
        page.focus("body")
        for _press in range(600):  # past the chapter's links and players to the editor's board
            if page.evaluate(ON_EDITOR_BOARD):
                break
            keys.press("Tab")
        assert page.evaluate(ON_EDITOR_BOARD), "Tab never reached the editor's board"
        arrow_to(3)
        keys.press("Enter")  # +1 pebble (the first key starts the engine, and is kept)
        wait()
        assert page.evaluate(ON_EDITOR_BOARD), "the focus left the board after an edit"
        keys.press("Enter")
        wait()
        editor.click(3, "add")
        editor.click(3, "add")
        tab_until("remove")
        keys.press("Space")
        wait()
        assert page.get_attribute(f"{BOARD} [data-mode=remove]", "aria-pressed") == "true"
        tab_until("3", back=True)  # back to the board's one stop: the square last focused
        keys.press("Enter")
        wait()
        editor.click(3, "remove")
        assert page.text_content(f"{BOARD} [data-oaq=message]") == editor.message
        tab_until("count")
        keys.press("Control+A")
        keys.type("4")
        keys.press("Tab")
        wait()
        editor.set_count(4)
        tab_until("to-move")
        keys.press("ArrowDown")  # the list's next choice: player 1
        wait()
        editor.set_to_move(1)
        assert editor.position is not None
        assert page.input_value(f"{BOARD} [data-oaq=text]") == editor.position.to_text()
        assert page.text_content(f"{BOARD} [data-oaq=message]") == editor.message
    assert page.evaluate("window.__mouse") == 0 and problems == []
    page.close()


@pytest.mark.parametrize("edition", ["", "vi"], ids=["english", "vietnamese"])
def test_chapter_8_links_the_game_played_to_its_review_on_the_play_page(browser: Any, site: str, edition: str) -> None:
    # issue 43: once a move is played, "Review this game" links to the Play page's review of the
    # game (its record in the address, oanquan/interact/address.py, and review=1), which opens reviewed
    setup = stored_setup("08_play_the_computer")
    context = browser.new_context(viewport={"width": 1100, "height": 1000}, service_workers="block")
    page = context.new_page()
    problems: list[str] = []
    record_problems(page, problems)
    prefix = f"/{edition}" if edition else ""
    page.goto(f"{site}{prefix}/notebooks/08_play_the_computer.html")
    page.wait_for_selector(f"{BOARD} [data-oaq=board] svg [data-square]")
    link = f"{BOARD} [data-oaq=review]"
    assert page.locator(link).is_hidden()  # no move yet: nothing to review
    page.click(f"{BOARD} [data-oaq=board] [data-square='7']")
    page.wait_for_selector(READY, timeout=120_000)
    page.click(f"{BOARD} [data-direction=R]")
    page.wait_for_selector(READY, timeout=120_000)
    with language(edition or "en"):
        expected = Session()
        expected.new_game(setup["request"])
        expected.play({"move": "7R"})
        while expected.controller.computer_to_move:
            expected.computer()
        game = Game.from_record(expected.controller.game.record())
        labels = [m.label for m in review(game).moves]
        words = _("Review this game on the Play page")
    assert page.locator(link).is_visible() and page.inner_text(link).strip() == words
    href = page.get_attribute(f"{link} a", "href") or ""
    assert href == f"{prefix}/book/play.html{expected.state()['link']}&review=1"
    assert "record=7R%20" in href
    page.click(f"{link} a")
    page.wait_for_url(lambda url: url.endswith(href))
    page.wait_for_selector("[data-oaq=review][data-done-ms]", timeout=120_000)
    shown = [li.get_attribute("data-label") for li in page.locator("[data-oaq=review-moves] li").all()]
    assert shown == labels and len(shown) == len(game) >= 2
    context.close()
    assert problems == []
