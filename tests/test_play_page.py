"""The Play page of the built site, in headless Chromium (issues 6 and 12); the Puzzles page has
``tests/test_puzzles_page.py``, and the two share ``tests/playpages.py``.

The site (``_build/html``, from ``make book``) is served on 127.0.0.1; the pages run the real
engine in a Web Worker (Pyodide and the oanquan package, loaded from the site itself). Every
expectation is computed here by the same engine in CPython. Any page error, failed request,
HTTP error or request to another host fails the test.

To keep the file quick, one browser and one browsing context are shared: the pages of a test
start with empty storage (see :class:`Watched`), and after the first page the browser's cache
(of files and of compiled WebAssembly) makes later pages start sooner, as a returning reader's
would. That context has no service worker (see ``playpages.shared_context``): the tests that
need a first visit, the worker or the network switched off open a context of their own.

Set ``OANQUAN_SITE`` to test another built site folder.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any
from unittest import mock
from urllib.parse import quote

import pytest
from scenes import expand

from conftest import POLICY_REFUSAL, SITE, english_words, record_problems
from oanquan import Game, Move, Position, Rules
from oanquan.interact.controller import Controller
from oanquan.puzzles import Puzzle
from oanquan.web import frames
from playpages import READY, Watched, own_context, screenshot_dir, served_puzzles, shared_context, watched_page

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(site_url: str) -> str:
    """The built site's address (tests/conftest.py serves it once for the run), without its last "/"."""
    return site_url.removesuffix("/")  # the tests open "/book/..." paths


@pytest.fixture(scope="module")
def context(browser: Any, site: str) -> Iterator[Any]:
    yield from shared_context(browser, site)


@pytest.fixture
def watched(context: Any, site: str) -> Iterator[Watched]:
    yield from watched_page(context, site)


def scores_shown(watched: Watched) -> list[int]:
    return [int(watched.text("score-0")), int(watched.text("score-1"))]


# ------------------------------------------------------------------ the engine in a worker


ENGINE_PAGE = """<!doctype html><html lang="en"><body>
<script type="module">
import { pageEngine } from "../_static/play/engine.js";
window.progress = [];
const engine = pageEngine();
window.pageEngine = pageEngine;
engine.onProgress(function (p) { progress.push(p.stage); });
window.answers = Promise.all([
  engine.call({op: "play", move: "7R"}),
  engine.call({op: "play", move: "5L", board: "ch2"}),
  engine.call({op: "state"}),
  engine.call({op: "dance"}),
  engine.call({op: "state", board: "<b>"}),
  engine.call({op: "new_game", position: "5,5,5"}),
]);
window.same = pageEngine() === engine && !("OanquanEngine" in window);
</script></body></html>"""


def test_the_engine_worker_answers_in_order_with_one_engine_per_page(browser: Any, site: str) -> None:
    """engine.js: calls made before the worker is ready are answered in order; errors are answers."""
    with own_context(browser, site, service_workers="block") as watched:  # so that the test page is routed here
        url = watched.site + "/book/engine-test.html"
        watched.page.route(url, lambda route: route.fulfill(body=ENGINE_PAGE, content_type="text/html"))
        watched.page.goto(url)
        watched.page.wait_for_function("() => window.answers !== undefined")
        answers = watched.page.evaluate("answers")
        assert watched.page.evaluate("same") is True
        assert [a["ok"] for a in answers] == [True, True, True, False, False, False]
        assert answers[0]["record"] == "7R" and answers[1]["record"] == "5L"  # two independent boards
        assert answers[2]["record"] == "7R"  # answered after the first: in order
        assert answers[3]["error"] == "unknown request 'dance'"
        assert "board's name" in answers[4]["error"] and answers[5]["error"].startswith("bad position '5,5,5'")
        assert all("Traceback" not in a.get("error", "") for a in answers)
        stages = watched.page.evaluate("progress")
        assert stages[0] == "download" and "engine" in stages, stages
        assert watched.page.evaluate("pageEngine().state") == "ready"


#: The engine's files whose first request the next test never answers (the snapshot by its prefix).
NEVER_ANSWERED = ("engine-worker.js", "pyodide.asm.mjs", "python_stdlib.zip", "engine-snapshot")


def test_an_engine_request_never_answered_is_asked_again_and_the_engine_starts(browser: Any, site: str) -> None:
    """A request the service worker loses as a new build's worker takes over is never answered (CI,
    stop 55, and a fresh clone since: a Play page's engine that never started). The engine's worker
    asks again, after 10 s for a fetch and 60 s for an import (book/_static_play/engine-worker.js),
    and the page starts a new worker for one silent after 15 s (book/_static_play/engine.js): here
    the first request for the worker's own script, for Pyodide's JavaScript (an import), for its
    standard library (Pyodide's own fetch) and for the engine's snapshot (the worker's) are never
    answered, and the engine starts all the same."""
    asked: list[str] = []  # the files asked for, with their queries
    kept: list[Any] = []  # the requests never answered

    def key(name: str) -> str:
        file = name.split("?")[0]
        return "engine-snapshot" if file.startswith("engine-snapshot-") else file

    def hold_the_first(route: Any) -> None:
        name = route.request.url.rsplit("/", 1)[-1]
        first = all(key(earlier) != key(name) for earlier in asked)
        asked.append(name)
        if first and key(name) in NEVER_ANSWERED:
            kept.append(route)
        else:
            route.continue_()

    with own_context(browser, site, service_workers="block") as watched:  # no service worker: routed here
        url = watched.site + "/book/engine-test.html"
        watched.page.route(url, lambda route: route.fulfill(body=ENGINE_PAGE, content_type="text/html"))
        watched.page.context.route("**/_static/play/engine-worker.js*", hold_the_first)
        watched.page.context.route("**/_static/pyodide/*", hold_the_first)
        watched.page.context.route("**/_static/play/engine-snapshot-*", hold_the_first)
        watched.page.goto(url)
        watched.page.wait_for_function("() => window.pageEngine().state !== 'loading'", timeout=180_000, polling=500)
        assert watched.page.evaluate("pageEngine().state") == "ready", watched.page.evaluate("pageEngine().error")
        assert [a["ok"] for a in watched.page.evaluate("answers")] == [True, True, True, False, False, False]
        assert len(kept) == len(NEVER_ANSWERED), asked
        tries = {name: [a for a in asked if key(a) == name] for name in NEVER_ANSWERED}
        assert len(tries["engine-worker.js"]) == 2, asked  # a new worker, once
        assert tries["pyodide.asm.mjs"] == ["pyodide.asm.mjs", "pyodide.asm.mjs?try=2"], asked  # a new address
        assert len(tries["python_stdlib.zip"]) == 2 and len(tries["engine-snapshot"]) == 2, asked
        assert watched.page.evaluate("pageEngine().timings.restored") is True  # from the snapshot asked again
        # The requests never answered, released now so that nothing waits on them as the context
        # closes; each then fails (the worker had stopped the two fetches already): expected, and
        # nothing else. The first worker's script is not among them: the page ended that worker,
        # and the browser reports nothing of an ended worker's request (or, should it, that one only).
        reported = sorted(name for name in NEVER_ANSWERED if name != "engine-worker.js")
        for route in kept:
            with contextlib.suppress(Exception):  # a request the worker stopped is answered already
                route.abort()

        def file_of(problem: str) -> str:  # "request failed: <url> <why>"
            return key(problem.split()[2].rsplit("/", 1)[-1])

        def released() -> list[str]:
            failed = [p for p in watched.problems if p.startswith("request failed: ")]
            return [p for p in failed if file_of(p) in NEVER_ANSWERED]

        for _ in range(50):
            if len(released()) >= len(reported):
                break
            watched.page.wait_for_timeout(100)
        seen = sorted(name for name in map(file_of, released()) if name != "engine-worker.js")
        assert seen == reported, watched.problems
        watched.problems[:] = [p for p in watched.problems if p not in released()]


# ------------------------------------------------------------------ playing


def test_a_click_before_the_engine_is_ready_is_played_and_the_page_never_freezes(browser: Any, site: str) -> None:
    """Issue 12: on a first visit (its own context) Python runs in the page's worker, never on its
    main thread, so a click made while it loads is kept and played, and level 5 thinks there too.

    How long the main thread's tasks last is a speed figure: `make bench` measures it
    (benchmarks/bench_play_page.py), no test times it."""
    # a first visit with no service worker: once the engine is ready, a worker would begin keeping
    # the whole edition offline (88 MB) beside level 5's thinking (test_updates checks the worker)
    with own_context(browser, site, service_workers="block") as watched:
        page = watched.page
        # The engine's snapshot is held back until the click is made: the engine, started from the
        # page's head, could otherwise be ready before the test clicks (a fresh-clone run)
        held: list[Any] = []
        holding = [True]

        def hold(route: Any) -> None:
            if holding[0]:
                held.append(route)
            else:
                route.continue_()

        page.context.route("**/engine-snapshot-*", hold)
        page.goto(site + "/book/play.html?opponent=5")
        page.wait_for_selector("#oaq[data-state=loading] [data-oaq=board] [data-square='7'].oaq-can")
        assert page.is_visible("[data-oaq=progress]")
        page.click("#oaq [data-oaq=board] [data-square='7']")  # before the engine is ready
        assert page.get_attribute("#oaq", "data-queued") == "7"
        assert "chosen, as soon as the game engine is ready" in watched.text("status")
        assert held  # the snapshot was asked for and held: the engine could not be ready yet
        holding[0] = False  # later requests go through
        for route in held:
            route.continue_()
        page.wait_for_selector(READY, timeout=90_000)
        assert page.is_visible("[data-direction='R']") and watched.text("status") != ""
        assert page.text_content("[data-direction='R']") == "7R →"  # the queued click, played once ready
        page.select_option("[data-oaq=speed]", "0")
        watched.act("#oaq [data-direction='R']")  # 7R, then level 5 thinks in the worker
        assert watched.value("record").split()[0] == "7R" and len(watched.value("record").split()) == 2
        assert int(page.get_attribute("#oaq", "data-reply-ms") or 0) > 0
        # The engine is the worker's: the page itself never loaded Python.
        assert page.evaluate("typeof loadPyodide === 'undefined' && typeof pyodide === 'undefined'")
        assert [w.url for w in page.workers if "engine-worker" in w.url], [w.url for w in page.workers]


def test_a_game_against_the_computer_is_kept_through_reload_undo_redo_and_new_game(watched: Watched) -> None:
    watched.open("/book/play.html?opponent=3")
    assert watched.text("position") == Position.initial().to_text()
    assert [watched.text("name-0"), watched.text("name-1")] == ["You", "Computer"]
    watched.page.select_option("[data-oaq=speed]", "120")  # animate, quickly
    game = Game()
    for turn in range(3):
        # the human (player 0) plays the move the engine says captures most
        move = max(game.legal_moves(), key=lambda m: game.position.play(m).points(0))
        watched.play(str(move))
        if turn == 0:
            watched.page.select_option("[data-oaq=speed]", "0")
        record = watched.value("record")
        moves = record.split()
        assert moves[: 2 * turn + 1] == [*[str(m) for m in game.moves], str(move)]
        assert len(moves) == 2 * turn + 2, f"the computer did not answer: {record!r}"
        game = Game.from_record(record)  # the engine in CPython: the computer's move is legal
        assert watched.text("position") == game.position.to_text()
        assert scores_shown(watched) == [game.position.points(0), game.position.points(1)]
        assert watched.text("error") == ""
    assert game.position.points(0) > 0  # the scores did change
    assert [li.text_content() for li in watched.page.query_selector_all("[data-oaq=moves] li")] == record.split()
    assert re.match(r"Move \d+, \d[LR]: R\d\.\d", watched.text("caption")), watched.text("caption")
    # the address follows the game
    assert watched.page.url.endswith(f"?record={quote(record)}&opponent=3&first=human")
    watched.page.screenshot(path=str(screenshot_dir() / "play.png"), full_page=True)
    # a hint (one of three), and the last move shown again without changing the game
    watched.act("[data-oaq=hint]")
    assert watched.text("hint-text").split()[1] in [str(m) for m in game.legal_moves()]
    assert watched.text("hint") == "Hint (2 left)"
    watched.page.select_option("[data-oaq=speed]", "120")
    watched.act("[data-oaq=replay]")
    assert watched.text("caption").startswith(f"Move 6, {record.split()[-1]}: R")
    assert watched.value("record") == record
    watched.page.select_option("[data-oaq=speed]", "0")
    # undo goes back to the human's previous turn; redo plays it again
    watched.act("[data-oaq=undo]")
    assert watched.value("record") == " ".join(record.split()[:4])
    watched.act("[data-oaq=redo]")
    assert watched.value("record") == record
    # settings changed mid-game wait for the next game, and say so
    watched.page.click("[data-oaq=settings-box] summary")
    watched.page.select_option("[data-oaq=opponent]", "5")
    watched.page.wait_for_selector(READY)
    assert watched.text("pending") == "These settings apply to the next game: press New game to start it."
    assert watched.page.url.endswith("&opponent=3&first=human")  # the game goes on at level 3
    # reload: the same game, the same opponent, drawn from the browser's storage before the engine is ready
    watched.page.reload(wait_until="domcontentloaded")
    watched.page.wait_for_selector("#oaq [data-oaq=board] svg")
    state = watched.page.get_attribute("#oaq", "data-state")
    kept = watched.page.evaluate(  # this tab's game (issue 24: one key per tab)
        "JSON.parse(localStorage.getItem('oanquan.play.v2.' + sessionStorage.getItem('oanquan.tab')))"
    )
    assert kept["link"] == f"?record={quote(record)}&opponent=3&first=human"
    if state == "loading":
        assert [watched.text("score-0"), watched.text("score-1")] == [str(s) for s in kept["scores"]]
    watched.page.wait_for_selector(READY, timeout=90_000)
    assert watched.value("record") == record and watched.value("opponent") == "3"
    assert watched.text("hint") == "Hint (2 left)"  # the hints used are kept too
    # New game asks first, in the page; keeping the game changes nothing
    watched.page.click("[data-oaq=new]")
    assert watched.page.is_visible("[data-oaq=confirm]")
    assert "6 moves against the computer (level 3)" in watched.text("confirm-text")
    watched.act("[data-oaq=confirm-no]")
    assert watched.value("record") == record
    watched.page.click("[data-oaq=new]")
    watched.act("[data-oaq=confirm-yes]")
    assert watched.value("record") == ""
    # a link over a game in progress asks before replacing it
    watched.play("7R")
    mine, address = watched.value("record"), watched.page.url
    watched.open("/book/play.html?record=9L&opponent=friend", state="#oaq[data-state=confirm]")
    assert watched.page.is_visible("[data-oaq=confirm]")
    assert "The link you opened has another game" in watched.text("confirm-text")
    assert watched.value("record") == mine  # the game in progress stays on the board meanwhile
    watched.act("[data-oaq=confirm-no]")
    assert watched.value("record") == mine and watched.page.url == address


def test_friend_game_from_a_position_typed_with_plus_signs(watched: Watched) -> None:
    """A teacher writes the position as RULES §10 does: '+' is a plus sign, spaces may stay spaces."""
    start = Position.initial().play("7R").play("1R")
    watched.open("/book/play.html?opponent=friend&position=" + start.to_text())
    assert watched.text("error") == "" and watched.text("notice") == ""
    assert watched.text("position") == start.to_text()
    assert [watched.text("name-0"), watched.text("name-1")] == ["Bottom row", "Top row"]
    assert scores_shown(watched) == [start.points(0), start.points(1)]
    move = str(start.legal_moves()[-1])
    watched.play(move)
    after = start.play(move)
    assert watched.text("position") == after.to_text()
    assert scores_shown(watched) == [after.points(0), after.points(1)]
    assert watched.value("record") == move
    # a typed bad move: the reader's words quoting it, as text, and the box kept to correct it
    watched.page.fill("[data-oaq=typed]", "<b>7X</b>")
    watched.act("[data-oaq=typed-form] button[type=submit]")
    assert watched.text("error") == (
        "The move '<b>7X</b>' cannot be read: a move is one of your squares and a direction, left or right."
    )
    assert watched.page.query_selector("[data-oaq=error] b") is None
    assert watched.value("typed") == "<b>7X</b>"
    # undo: no caption or typed move of the old board stays
    watched.act("[data-oaq=undo]")
    assert watched.value("record") == ""
    assert (watched.text("caption"), watched.value("typed")) == ("", "")
    # while a move is shown, only Skip acts
    watched.page.select_option("[data-oaq=speed]", "700")
    watched.act(f"#oaq [data-oaq=board] [data-square='{move[:-1]}']")
    watched.page.click(f"#oaq [data-direction='{move[-1]}']")  # a slow animation starts
    assert watched.page.get_attribute("#oaq", "data-state") == "busy"
    assert watched.page.is_disabled("[data-oaq=undo]") and watched.page.is_disabled("[data-oaq=new]")
    assert watched.page.is_enabled("[data-oaq=skip]")
    watched.act("[data-oaq=skip]")
    assert watched.page.is_enabled("[data-oaq=undo]") and watched.page.is_disabled("[data-oaq=skip]")


CAPTION_IS = "(caption) => document.querySelector('#oaq [data-oaq=caption]').textContent === caption"


def test_the_speed_chosen_is_kept_and_welcome_back_goes_once_a_move_is_played(watched: Watched) -> None:
    # issue 23: a teacher's "fast" (or "slow" for the projector) survives a reload; the greeting
    # of a game kept in this browser does not stay on the page for the rest of the game
    watched.open("/book/play.html?opponent=friend", speed="120")
    watched.play("7R")
    watched.open("/book/play.html")
    assert watched.value("speed") == "120"
    assert watched.text("notice").startswith("Welcome back")
    reply = next(str(m) for m in Position.initial().play("7R").legal_moves())
    watched.play(reply)
    assert watched.value("record") == f"7R {reply}"
    assert "Welcome back" not in watched.text("notice")


def test_a_move_is_paused_and_stepped_through_one_picture_at_a_time(watched: Watched) -> None:
    # issue 22 (an animation the reader can pause) and issue 23 (a class on a projector stops a
    # move to predict its next step): Pause holds the picture however long the page's clock runs,
    # the step buttons go forward and back one picture with its caption, Continue plays the rest.
    page = watched.page
    page.clock.install()  # the page's timers, run forward at will below
    watched.open("/book/play.html?opponent=friend", speed="700")
    captions = [frame["caption"] for frame in expand(frames(Controller().play("7R")[0]))]
    watched.act("#oaq [data-oaq=board] [data-square='7']")
    assert page.is_disabled("[data-oaq=pause]") and page.is_disabled("[data-oaq=step-forward]")
    page.click("#oaq [data-direction='R']")
    page.click("[data-oaq=pause]")
    assert (watched.text("pause"), page.get_attribute("[data-oaq=pause]", "aria-pressed")) == ("Continue", "true")
    # paused before the engine's answer has come, the move starts held on its first picture
    page.wait_for_function(
        "captions => captions.includes(document.querySelector('[data-oaq=caption]').textContent.trim())",
        arg=captions[:-1],
    )
    held = watched.text("caption")
    assert held in captions[:-1], held
    assert watched.text("status") == captions[0]  # whose move is running, not the turn from before it
    page.clock.run_for(10_000)  # ten seconds of the page's time: a move not paused would have ended
    assert (watched.text("caption"), page.get_attribute("#oaq", "data-state")) == (held, "busy")
    at = captions.index(held)
    page.click("[data-oaq=step-forward]")
    page.wait_for_function(CAPTION_IS, arg=captions[at + 1])
    page.click("[data-oaq=step-back]")
    page.wait_for_function(CAPTION_IS, arg=captions[at])
    page.clock.run_for(10_000)
    assert watched.text("caption") == captions[at]  # a step pauses too
    page.click("[data-oaq=pause]")  # Continue
    assert watched.text("pause") == "Pause"
    for _frame in captions:  # the rest of the move, one frame's time after another
        if page.get_attribute("#oaq", "data-state") == "ready":
            break
        page.clock.run_for(700)
    page.wait_for_selector(READY)
    assert watched.value("record") == "7R" and watched.text("caption") == captions[-1]
    assert watched.text("status") not in captions  # the new turn
    assert page.is_disabled("[data-oaq=pause]") and watched.text("pause") == "Pause"


@pytest.mark.parametrize(
    ("query", "error", "notices"),
    [
        # a superscript two: isdigit() is true and int() fails; the page once showed a traceback
        (
            "?mandarin_value=%C2%B2&puzzle=3&colour=red",
            "must be a whole number from 1 to 100, not '²'",
            ["'puzzle' opens a puzzle", "setting this page does not know: 'colour'"],
        ),
        (
            "?opponent=friend&first=computer&record=7R%20<img%20src=x%20onerror=window.pwned=1>",
            "The move '<img' cannot be read",
            ["'first' chooses who moves first against the computer"],
        ),
        ("?opponent=%EF%BC%95", "a computer level 1-5, not '５'", []),  # a full-width five
    ],
)
def test_a_hostile_address_gives_a_notice_and_a_usable_page(
    watched: Watched, query: str, error: str, notices: list[str]
) -> None:
    watched.open("/book/play.html" + query)
    assert error in watched.text("error")
    assert "Traceback" not in watched.page.text_content("#oaq")
    shown = [p.text_content() for p in watched.page.query_selector_all("[data-oaq=notice] p")]
    assert len(shown) == len(notices) and all(part in line for part, line in zip(notices, shown, strict=True)), shown
    assert watched.page.evaluate("window.pwned") is None
    assert watched.page.query_selector("#oaq script, #oaq img[src=x]") is None
    # the page still works: a fresh game from the opening, which takes a move
    assert watched.text("position") == Position.initial().to_text()
    watched.page.select_option("[data-oaq=speed]", "0")
    watched.play("7R")
    assert watched.value("record").startswith("7R")


def test_every_setting_in_the_address_shows_in_the_form_and_new_game_keeps_it(watched: Watched) -> None:
    watched.open("/book/play.html?opponent=friend&mandarin_value=7&young_mandarin_min=3&max_plies=50")
    assert watched.text("error") == ""
    shown = {name: watched.value(name) for name in ("value", "young", "plies")}
    assert shown == {"value": "7", "young": "3", "plies": "50"}
    chosen = "document.querySelector('[data-oaq=young]').selectedOptions[0].textContent"
    assert watched.page.evaluate(chosen) == "fewer than 3 pebbles: cannot be captured"
    watched.act("[data-oaq=new]")  # no move yet: nothing to lose, no question
    assert watched.text("error") == ""
    assert watched.value("link").endswith("?mandarin_value=7&young_mandarin_min=3&max_plies=50&opponent=friend")
    assert watched.text("position") == Position.initial(Rules(mandarin_value=7)).to_text()


def test_link_reopens_the_game_against_the_same_computer(watched: Watched) -> None:
    watched.open("/book/play.html?opponent=4&first=computer")
    record = watched.value("record")
    assert len(record.split()) == 1, record  # the computer opened
    link = watched.value("link")
    assert link.endswith(f"?record={record}&opponent=4&first=computer")
    watched.page.evaluate("localStorage.clear()")  # another reader's browser
    watched.page.goto(link)
    watched.page.wait_for_selector(READY, timeout=60_000)
    assert watched.text("error") == ""
    assert watched.value("record") == record  # no second computer move: your turn
    assert watched.value("opponent") == "4" and watched.value("first") == "computer"
    assert watched.text("status") == "Your move: you play the top row."


def test_the_end_of_a_game_shows_the_score_taken_apart(watched: Watched) -> None:
    game = Game()
    while game.outcome() is None:
        game.play(max(game.legal_moves(), key=lambda m: game.position.play(m).points(game.position.to_move)))
    last = str(game.moves[-1])
    before = Game.from_record(" ".join(str(m) for m in game.moves[:-1]))
    watched.open("/book/play.html?opponent=friend&record=" + quote(before.record()))
    assert watched.page.is_hidden("[data-oaq=final]")
    watched.page.select_option("[data-oaq=speed]", "0")
    watched.play(last)
    outcome = game.outcome()
    assert outcome is not None
    assert watched.page.is_visible("[data-oaq=final]")
    names = ["Bottom row", "Top row"]
    headline = "A draw!" if outcome.winner is None else f"{names[outcome.winner]} wins!"
    assert watched.text("final-headline") == headline
    assert watched.text("final-reason").startswith(f"{max(outcome.scores)} to {min(outcome.scores)}: ")
    lines = [li.text_content() for li in watched.page.query_selector_all("[data-oaq=final-lines] li")]
    assert [line.split(":")[0] for line in lines] == names
    assert [int(line.rsplit("= ", 1)[1].rstrip(".")) for line in lines] == list(outcome.scores)
    watched.page.screenshot(path=str(screenshot_dir() / "play-end.png"), full_page=True)


def test_a_move_of_a_thousand_pebbles_is_shown_in_a_few_pictures_and_skipped(watched: Watched) -> None:
    """Issue 12: one such move made 3,263 frames, a 23.5 MB answer and an 8 s stall; now a few
    pictures (at most 120, tested in the controller) that Skip cuts short."""
    start = "0,0,0,0,0,0,0,0,0,990 Q+5,Q+5 0,0 0,0 0"
    watched.open("/book/play.html?opponent=friend&position=" + quote(start), speed="120")
    watched.act("#oaq [data-oaq=board] [data-square='9']")
    watched.page.click("#oaq [data-direction='R']")
    watched.page.wait_for_function(  # a few of its pictures, then the rest skipped
        """() => {
          const seen = (window.__captions = window.__captions || new Set());
          seen.add(document.querySelector('#oaq [data-oaq=caption]').textContent);
          return seen.size >= 4;
        }""",
        polling=50,
        timeout=30_000,
    )
    watched.act("[data-oaq=skip]")
    assert watched.value("record") == "9R"
    assert watched.text("position") == Position.from_text(start).play("9R").to_text()


# ------------------------------------------------------------------ layout and colours


@pytest.mark.parametrize(("width", "height"), [(375, 800), (1280, 900)])
def test_the_board_is_near_the_top_with_no_sideways_scrolling(context: Any, site: str, width: int, height: int) -> None:
    """Checked as soon as the built page is drawn: the board is there before the engine."""
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    for name in ("play", "puzzles"):
        page.goto(f"{site}/book/{name}.html", wait_until="domcontentloaded")
        board = page.eval_on_selector("[data-oaq=board] svg", "e => e.getBoundingClientRect().toJSON()")
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{name} at {width} px scrolls sideways by {overflow} px"
        assert board["top"] < 400, f"{name} at {width}x{height}: the board's top is at {board['top']:.0f} px"
        if width > 1000:
            assert board["bottom"] < height, f"{name} at {width}x{height}: the board ends at {board['bottom']:.0f} px"
        page.wait_for_selector(READY, timeout=90_000)
        page.screenshot(path=str(screenshot_dir() / f"{name}-{width}.png"))
    page.close()


#: What is cut off in projector mode: every shown part of the game that ends outside the window,
#: whether the game's own box scrolls, and where the board ends (its right edge).
CUT_OFF = """() => {
  const root = document.getElementById("oaq");
  const cut = [];
  for (const el of root.children) {
    if (!el.getClientRects().length || el.classList.contains("oaq-announce")) continue;
    const box = el.getBoundingClientRect();
    if (box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5 || box.top < -0.5 || box.left < -0.5 ||
        el.scrollHeight > el.clientHeight + 1)  // its own text runs out of its box
      cut.push((el.getAttribute("data-oaq") || el.className) + " " + JSON.stringify(box.toJSON()));
  }
  return {cut: cut, scrolls: root.scrollHeight > root.clientHeight + 1 || root.scrollWidth > root.clientWidth + 1,
          page: document.scrollingElement.scrollTop,
          board: root.querySelector("[data-oaq=board]").getBoundingClientRect().toJSON()};
}"""


def beside_the_board(watched: Watched, name: str) -> None:
    """``name`` is shown, whole, to the right of the board, and nothing of the game is cut off or scrolled."""
    found = watched.page.evaluate(CUT_OFF)
    assert found["cut"] == [] and not found["scrolls"] and found["page"] == 0, found
    box = watched.page.eval_on_selector(f"[data-oaq={name}]", "e => e.getBoundingClientRect().toJSON()")
    assert box["width"] > 0 and box["left"] >= found["board"]["right"], (name, box, found["board"])


def _shown_length(puzzle: Puzzle, wrong: Move) -> int:
    """How long the puzzle's title, goal and verdict on ``wrong`` are together: what projector mode must fit."""
    return len(puzzle.title) + len(puzzle.goal_text) + len(puzzle.verdict(wrong)[1])


def longest_wrong_answer(puzzles: list[Puzzle]) -> tuple[Puzzle, Move]:
    """The puzzle and wrong move of ``puzzles`` whose title, goal and verdict are the longest together
    (the first such, in the collection's and the legal moves' order).

    An endgame's verdict names the reply that punishes the move, which the solver searches: about
    16 CPU-seconds for the whole collection (issue 45). Every move is written in two characters
    (squares 0-9), so a verdict told that any move is the reply is as long as the true one, or
    longer when there is no reply to name: an upper bound. Only the pairs whose bound reaches the
    longest verdict found so far are searched; the pair chosen is the one every search would choose.
    """
    pairs = [(p, m) for p in puzzles for m in p.position.legal_moves() if not p.is_solution(m)]
    any_move = Move(9, "R")
    assert all(len(str(Move(s, d))) == len(str(any_move)) for s in range(10) for d in ("L", "R"))
    with mock.patch.object(Puzzle, "punishing_reply", lambda self, move, step=0: any_move):
        bounds = [_shown_length(*pair) for pair in pairs]
    best, best_length = -1, -1
    for i in sorted(range(len(pairs)), key=lambda i: (-bounds[i], i)):
        if bounds[i] < best_length:
            break  # neither this pair nor any after it can be longer
        length = _shown_length(*pairs[i])
        if length > best_length or (length == best_length and i < best):
            best, best_length = i, length
    return pairs[best]


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_projector_mode_shows_a_large_board_with_everything_beside_it_and_nothing_to_scroll(
    watched: Watched, width: int, height: int
) -> None:
    # issue 23: a class at a projector sees the board large, and the caption, the hint, the
    # puzzle's verdict and the controls beside it, with nothing scrolled away; pause and step work
    page = watched.page
    page.set_viewport_size({"width": width, "height": height})
    watched.open("/book/play.html?opponent=friend")
    normal = page.eval_on_selector("[data-oaq=board] svg", "e => e.getBoundingClientRect().width")
    watched.act("[data-oaq=projector]")
    assert watched.text("projector") == "Leave projector mode"
    assert page.get_attribute("[data-oaq=projector]", "aria-pressed") == "true"
    large = page.eval_on_selector("[data-oaq=board] svg", "e => e.getBoundingClientRect()")
    assert large["width"] > 1.25 * normal and large["height"] > 0.65 * height, (normal, large)
    assert not page.is_visible("[data-oaq=settings-box]") and not page.is_visible("[data-oaq=details]")
    # whose turn it is and the two directions are read from the back of the room: larger than the
    # game's other text (a tryout found them the controls' size beside the large board at 1920x1080)
    size = "(selector) => parseFloat(getComputedStyle(document.querySelector(selector)).fontSize)"
    body = page.evaluate(size, "#oaq")
    assert page.evaluate(size, "[data-oaq=status]") >= 1.2 * body
    assert page.evaluate(size, "[data-oaq=directions] button") >= 1.35 * body
    # what the game covers is out of the keyboard's and a screen reader's reach too
    covered = "document.querySelector('.bd-sidebar-primary, .bd-header').closest('[inert]') !== null"
    assert page.evaluate(covered) and page.evaluate("document.getElementById('oaq').closest('[inert]')") is None
    watched.act("[data-oaq=hint]")
    assert watched.text("hint-text").startswith("Hint: ")
    beside_the_board(watched, "hint-text")
    # a move at the slow speed, paused half way and stepped, as a class predicting the next step
    page.select_option("[data-oaq=speed]", "700")
    watched.act("#oaq [data-oaq=board] [data-square='7']")
    page.click("#oaq [data-direction='R']")
    page.click("[data-oaq=pause]")
    held = watched.text("caption")
    page.click("[data-oaq=step-forward]")
    page.wait_for_function("(held) => document.querySelector('#oaq [data-oaq=caption]').textContent !== held", arg=held)
    for name in ("caption", "pause", "step-back", "step-forward"):
        beside_the_board(watched, name)
    page.click("[data-oaq=pause]")  # Continue
    page.wait_for_selector(READY, timeout=60_000)
    assert watched.value("record") == "7R"
    beside_the_board(watched, "caption")
    page.screenshot(path=str(screenshot_dir() / f"projector-play-{width}.png"))
    # a reload keeps the mode (the projector's tab); Leave gives the page back
    watched.open("/book/play.html")
    assert page.get_attribute("#oaq", "data-projector") == "" and watched.text("projector") == "Leave projector mode"
    watched.act("[data-oaq=projector]")
    assert page.get_attribute("#oaq", "data-projector") is None and page.is_visible("[data-oaq=settings-box]")
    assert page.evaluate("document.querySelectorAll('[inert]').length") == 0
    # the Puzzles page: the longest goal and wrong answer of the collection, and a hint, beside the board
    puzzle, wrong = longest_wrong_answer(served_puzzles())
    watched.open(f"/book/puzzles.html?puzzle={quote(puzzle.id)}")
    watched.act("[data-oaq=projector]")
    page.select_option("[data-oaq=speed]", "0")
    watched.act("[data-oaq=hint]")
    beside_the_board(watched, "verdict-box")
    watched.play(str(wrong))
    assert watched.text("verdict") == puzzle.verdict(wrong)[1]
    for name in ("puzzle-text", "verdict-box", "retry", "projector"):
        beside_the_board(watched, name)
    page.screenshot(path=str(screenshot_dir() / f"projector-puzzle-{width}.png"))
    watched.act("[data-oaq=projector]")  # this tab's next page opens as usual


#: WCAG 2 contrast of every visible label of the game (HTML text on its background, and the
#: board's SVG text on the shape under it): the lowest ratios, with what they are.
CONTRAST = """() => {
  function rgba(text) {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  }
  function lum(c) {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  }
  function ratio(a, b) { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); }
  function over(top, bottom) {
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + bottom[i] * (1 - a)).concat([1]);
  }
  function background(el) {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let colour = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) colour = over(layers[i], colour);
    return colour;
  }
  const found = [];
  const root = document.getElementById("oaq");
  root.querySelectorAll("*").forEach(el => {
    if (el.closest("svg") || el.closest("[hidden]") || el.disabled || !el.getClientRects().length) return;
    const own = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) return;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || parseFloat(style.opacity) < 0.99) return;
    const fg = over(rgba(style.color), background(el));
    found.push({ratio: ratio(fg, background(el)), what: el.tagName + " " + el.textContent.trim().slice(0, 40)});
  });
  root.querySelectorAll("[data-oaq=board] svg text").forEach(t => {
    const box = t.getBoundingClientRect();
    if (!box.width || !t.textContent.trim()) return;
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    let under = null;
    for (const e of document.elementsFromPoint(x, y)) {
      if (e.closest(".oaq-click")) continue;
      if (["rect", "ellipse", "circle", "path", "polygon"].includes(e.tagName)) {
        const c = rgba(getComputedStyle(e).fill);
        if (c && c[3] > 0) { under = c; break; }
      } else if (!e.closest("svg")) { under = background(e); break; }
    }
    const fill = rgba(getComputedStyle(t).fill);
    if (!under || !fill) return;
    found.push({ratio: ratio(fill, under), what: "svg text " + t.textContent.trim()});
  });
  found.sort((a, b) => a.ratio - b.ratio);
  return {count: found.length, lowest: found.slice(0, 5)};
}"""


def test_every_label_keeps_its_contrast_in_light_and_dark_mode(watched: Watched) -> None:
    watched.open("/book/play.html?opponent=friend&record=7R&colour=red")  # a notice, a caption, the details
    watched.page.click("[data-oaq=board] .oaq-can")
    watched.page.wait_for_selector(READY)
    assert watched.page.is_visible("[data-oaq=directions]")
    watched.page.evaluate("document.querySelectorAll('#oaq details').forEach(d => d.open = true)")
    for mode in ("light", "dark"):
        watched.page.evaluate(f"document.documentElement.dataset.theme = '{mode}'")
        found = watched.page.evaluate(CONTRAST)
        assert found["count"] > 40, found  # the board's numbers and the page's labels were all measured
        lowest = found["lowest"][0]
        assert lowest["ratio"] >= 4.5, f"{mode} mode: {found['lowest']}"
        watched.page.screenshot(path=str(screenshot_dir() / f"play-{mode}.png"), full_page=True)


# ------------------------------------------------------------------ offline


def test_a_second_visit_works_with_the_network_off(browser: Any, site: str) -> None:
    """The service worker keeps the pages and the engine after a first visit (its own context)."""
    with own_context(browser, site) as watched:
        watched.open("/book/play.html?opponent=friend")
        assert re.search(r'const VERSION = "[0-9a-f]{16}"', (SITE / "sw.js").read_text())
        watched.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        # a function, not an expression: Playwright polls an expression with eval(), which the
        # page's policy refuses (a flaky failure whenever the worker took over after the first check)
        watched.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
        watched.page.context.set_offline(True)
        watched.open("/book/puzzles.html", timeout=90_000)
        watched.open("/book/play.html?opponent=friend&record=7R", timeout=90_000, speed="0")
        watched.play("1R")
        assert watched.value("record") == "7R 1R"


def test_file_url_shows_a_sentence_and_the_board(context: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto((SITE / "book" / "play.html").as_uri())
    page.wait_for_selector("#oaq[data-state=fallback]", timeout=20_000)
    assert "make serve" in (page.text_content("[data-oaq=fallback]") or "")
    assert page.is_visible("[data-oaq=board] svg")
    assert page.is_visible("[data-oaq=fallback]")
    page.close()
    assert errors == []


#: Every change of a live region's words (aria-live, role=status or alert), as a screen reader hears them.
LIVE_WATCH = """() => {
  window.__said = [];
  const live = [...document.querySelectorAll('#oaq [aria-live], #oaq [role=status], #oaq [role=alert]')];
  const observer = new MutationObserver((changes) => {
    for (const change of changes) {
      const region = live.find((r) => r === change.target || r.contains(change.target));
      if (region) window.__said.push([region.getAttribute('data-oaq'), region.textContent.trim()]);
    }
  });
  live.forEach((r) => observer.observe(r, { childList: true, characterData: true, subtree: true }));
}"""


def test_a_move_and_the_computers_reply_are_each_announced_once(watched: Watched) -> None:
    # issue 22: the caption changes with every step of a move, so it is no live region; each move
    # is said once, after it is shown, with what it captured, the score and whose turn it is.
    watched.open("/book/play.html?opponent=1")
    assert watched.page.get_attribute("[data-oaq=caption]", "aria-live") is None
    watched.page.select_option("[data-oaq=speed]", "120")  # animated, quickly
    watched.page.evaluate(LIVE_WATCH)
    watched.play("7R")
    watched.page.wait_for_function("() => (window.__said || []).filter(([name]) => name === 'announce').length >= 2")
    said = watched.page.evaluate("window.__said")
    announced = [words for name, words in said if name == "announce"]
    assert len(announced) == 2, said  # one per move: yours, then the computer's
    assert announced[0].startswith("Move 1: you play 7R") and "captures 8 (6 pebbles)" in announced[0]
    assert "Score: You 6 · Computer 0." in announced[0]
    assert announced[1].startswith("Move 2: Computer (Level 1 (random)) plays ")
    assert announced[1].endswith("Your move: you play the bottom row.")
    assert [name for name, _words in said if name != "announce"] == [], said  # no other region spoke


ON_BOARD = "() => !!(document.activeElement && document.activeElement.closest('#oaq [data-oaq=board]'))"
FOCUSED_SQUARE = "() => document.activeElement && document.activeElement.getAttribute('data-square')"


def tab_to_the_board(page: Any) -> None:
    """From the top of the page, Tab past the site's own links (its header, its contents) to the
    game's first stop, a skip link to the board, and follow it: the focus is on the board."""
    page.focus("body")
    tabs = 0
    while page.evaluate("document.activeElement.getAttribute('data-oaq')") != "skip-to-board":
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs < 60 and not page.evaluate(ON_BOARD), f"no skip link to the board before it ({tabs} Tabs)"
    page.keyboard.press("Enter")
    assert page.evaluate(ON_BOARD), "the skip link did not take the focus to the board"


def arrow_to(page: Any, square: int) -> None:
    """Move the focus over the board's playable squares with the arrow key until it is on ``square``."""
    for _step in range(12):
        if page.evaluate(FOCUSED_SQUARE) == str(square):
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached square {square} (at {page.evaluate(FOCUSED_SQUARE)})")


@pytest.mark.parametrize(("edition", "most_moves"), [("", 400), ("/vi", 6)], ids=["english-whole-game", "vietnamese"])
def test_a_game_is_played_with_the_keyboard_only_and_the_focus_stays_on_the_board(
    watched: Watched, edition: str, most_moves: int
) -> None:
    # issue 22: Tab to the board (one stop), Enter chooses the square (Escape gives it up), R or L
    # plays it; after each move and the computer's reply the focus is back on the board. No mouse
    # event at all.
    page = watched.page
    watched.open(f"{edition}/book/play.html?opponent=1", speed="0")  # no animation: a whole game in seconds
    page.evaluate("window.__mouse = 0; addEventListener('mousedown', () => window.__mouse++, true)")
    tab_to_the_board(page)
    moves = 0
    while not page.is_visible("[data-oaq=final]") and moves < most_moves:
        assert page.evaluate(ON_BOARD), f"the focus left the board after {moves} moves"
        page.keyboard.press("ArrowRight")  # another playable square, by the arrow keys
        page.keyboard.press("Enter")
        page.wait_for_selector(READY, timeout=60_000)
        assert page.is_visible("[data-oaq=directions]") and page.evaluate(ON_BOARD)
        if moves == 0:  # Escape gives the chosen square up, and the focus stays; Enter chooses again
            page.keyboard.press("Escape")
            page.wait_for_selector("[data-oaq=directions]", state="hidden", timeout=60_000)
            assert page.evaluate(ON_BOARD), "the focus left the board on Escape"
            page.keyboard.press("Enter")
            page.wait_for_selector("[data-oaq=directions]", state="visible", timeout=60_000)
        # R by its letter, or the arrow that points its way on screen (which must not also move the focus)
        page.keyboard.press("r" if moves % 2 == 0 else "ArrowLeft")
        page.wait_for_selector(READY, timeout=60_000)
        moves += 1
    assert moves > 0 and watched.text("error") == ""
    assert page.evaluate("window.__mouse") == 0
    if most_moves == 400:
        assert page.is_visible("[data-oaq=final]"), f"no end after {moves} of the reader's moves"


@pytest.mark.parametrize("edition", ["", "/vi"], ids=["english", "vietnamese"])
def test_a_puzzle_is_solved_with_the_keyboard_only(watched: Watched, edition: str) -> None:
    # issue 22: the skip link, the arrow keys to the answer's square, Enter, then its letter; the
    # verdict is said once in the live region, in the page's language. No mouse event at all.
    page = watched.page
    puzzle = served_puzzles()[0]
    answer = puzzle.solution[0]
    watched.open(f"{edition}/book/puzzles.html?puzzle={quote(puzzle.id)}", speed="0")
    page.evaluate("window.__mouse = 0; addEventListener('mousedown', () => window.__mouse++, true)")
    page.evaluate(LIVE_WATCH)
    tab_to_the_board(page)
    arrow_to(page, int(answer[:-1]))
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-oaq=directions]", state="visible", timeout=60_000)
    page.keyboard.press(answer[-1].lower())
    page.wait_for_selector(READY, timeout=60_000)
    assert page.get_attribute("#oaq", "data-verdict") == "right", watched.text("verdict")
    assert page.evaluate(ON_BOARD) and page.evaluate("window.__mouse") == 0
    page.wait_for_function("() => (window.__said || []).some(([name]) => name === 'announce')")
    announced = [words for name, words in page.evaluate("window.__said") if name == "announce"]
    assert len(announced) == 1 and answer in announced[0], announced
    if edition:
        assert english_words(announced[0]) == [], announced[0]
    else:  # the Puzzles page names the rows, as its status line does
        mover = ("Bottom row", "Top row")[puzzle.position.to_move]
        assert announced[0].startswith(f"Move 1: {mover} plays {answer}"), announced[0]


# Each picture shown fills the page's one board (board-view.js, fill), its footer's first line too.
COUNT_PICTURES = """() => {
  window.__pictures = 0;
  new MutationObserver((changes) => { window.__pictures += changes.length; })
    .observe(document.querySelector('#oaq [data-oaq=board] [data-footer="0"]'), { childList: true });
}"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_reader_who_asks_for_less_motion_sees_each_move_at_once(watched: Watched, motion: str) -> None:
    # issue 22: prefers-reduced-motion, at the page's usual speed: the move's last picture and the
    # final board, not its frames one by one; the caption is the move's last one all the same.
    watched.page.emulate_media(reduced_motion=motion)
    watched.open("/book/play.html?opponent=friend", speed="120")  # animated, quickly
    watched.page.evaluate(COUNT_PICTURES)
    watched.play("7R")  # 5 pebbles sown, a relay and a capture: a dozen frames
    pictures = watched.page.evaluate("window.__pictures")
    if motion == "reduce":
        # the board with square 7 chosen, the move's last frame, the board as the move left it
        assert pictures <= 3, pictures
    else:
        assert pictures > 5, pictures
    assert watched.text("caption").startswith("Move 1")


INLINE_SCRIPT = """() => {
  const script = document.createElement('script');
  script.textContent = 'window.__ran = 1';
  document.body.append(script);
}"""


def test_what_the_pages_policy_refuses_is_a_problem_for_every_browser_test(context: Any, site: str) -> None:
    # issue 24: the pages ship a Content-Security-Policy, and record_problems (every browser test's
    # watcher) counts what it refuses; an inline script, which the policy does not allow, proves it
    problems: list[str] = []
    page = context.new_page()
    record_problems(page, problems)
    page.goto(site + "/book/play.html")
    page.wait_for_selector(READY, timeout=120_000)
    assert problems == []
    with page.expect_console_message(lambda message: bool(POLICY_REFUSAL.search(message.text))):
        page.evaluate(INLINE_SCRIPT)
    assert page.evaluate("window.__ran") is None
    assert len(problems) == 1 and "inline script" in problems[0], problems
    page.close()
