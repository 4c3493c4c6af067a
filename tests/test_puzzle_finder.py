"""The Puzzles page's finder and its teaching, in headless Chromium (issue 42), both editions, at a
phone's width (360 px) and at a projector's (1280 x 800): filter by theme and level, search, type a
code (the teacher's, before projector mode, which leaves the finder out); solve a puzzle with its
three hints, none repeating the title; a wrong answer whose verdict says what it gets against what
the answer gets and the reply that punishes it, with Hint on at once; a line of two moves with a
wrong second move; and every code opens its puzzle.

Every expectation is computed here by the same engine in CPython (``served_puzzles``), in the
edition's language; any page error, failed request or request to another host fails the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

from oanquan.i18n import language
from oanquan.puzzles import Puzzle
from playpages import READY, Watched, screenshot_dir, served_puzzles, shared_context, watched_page

pytestmark = pytest.mark.browser

#: The sizes a class uses: a pupil's phone, and a projector (in projector mode).
SIZES = {"phone": {"width": 360, "height": 740}, "projector": {"width": 1280, "height": 800}}
#: The editions: the folder each is under, and its language.
EDITIONS = {"en": "", "vi": "/vi"}
PUZZLE_SHOWN = "(id) => document.querySelector('#oaq [data-oaq=puzzle-id]').textContent === id"


@pytest.fixture(scope="module")
def site(site_url: str) -> str:
    return site_url.removesuffix("/")


@pytest.fixture(scope="module")
def context(browser: Any, site: str) -> Iterator[Any]:
    """One browsing context for the module, warm and with no service worker (playpages.shared_context).

    Each test had a context of its own, whose service worker began keeping the whole edition
    offline (88 MB) as soon as the page was ready, and whose cold cache loaded and compiled the
    engine again (issue 45). A test's tab still starts with empty storage, as a fresh browser's.
    """
    yield from shared_context(browser, site)


@pytest.fixture
def watched(context: Any, site: str) -> Iterator[Watched]:
    yield from watched_page(context, site)


def shown(page: Any) -> list[str]:
    """The ids the list offers (not hidden by the filters)."""
    return list(page.eval_on_selector_all("[data-oaq=pick] option:not([hidden])", "os => os.map(o => o.value)"))


def open_page(watched: Watched, edition: str, size: str, puzzle: Puzzle | None = None, finding: bool = False) -> None:
    """The Puzzles page, in projector mode at a projector's size unless the teacher is ``finding`` a
    puzzle (the finder is out of the class's sight in projector mode)."""
    query = f"?puzzle={quote(puzzle.id)}" if puzzle else ""
    watched.open(f"{EDITIONS[edition]}/book/puzzles.html{query}", speed="0")
    if size == "projector" and not finding:
        watched.act("[data-oaq=projector]")


def fits(page: Any, selector: str) -> bool:
    """Whether an element is shown and within the window's width (nothing cut off on a phone)."""
    return bool(
        page.eval_on_selector(
            selector,
            "e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.left >= 0 && r.right <= innerWidth; }",
        )
    )


@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("size", list(SIZES))
def test_filter_search_and_type_a_code(watched: Watched, edition: str, size: str) -> None:
    puzzles = served_puzzles()
    with language(edition):
        page = watched.page
        page.set_viewport_size(SIZES[size])
        open_page(watched, edition, size, finding=True)
        page.click("[data-oaq=find] summary")  # the finder: the code box, then the filters
        # a code typed as a pupil types it opens its puzzle
        wanted = puzzles[len(puzzles) // 2]
        assert fits(page, "[data-oaq=code]") and fits(page, "[data-oaq=code-open]")
        page.fill("[data-oaq=code]", wanted.code.lower().replace("-", ""))
        page.click("[data-oaq=code-open]")
        page.wait_for_function(PUZZLE_SHOWN, arg=wanted.id)
        page.wait_for_selector(READY)
        assert watched.value("pick") == wanted.id and wanted.title_text in watched.text("puzzle-text")
        page.fill("[data-oaq=code]", "P-999")
        page.click("[data-oaq=code-open]")
        assert "P-999" in watched.text("find-message") and watched.value("pick") == wanted.id
        # the filters: a theme and a level, then a search, then "not solved yet"
        theme = "endgame"
        level = next(p.difficulty for p in puzzles if p.theme == theme)
        page.select_option("[data-oaq=theme]", theme)
        page.select_option("[data-oaq=level]", str(level))
        expected = [p.id for p in puzzles if p.theme == theme and p.difficulty == level]
        assert [i for i in shown(page) if i != wanted.id] == expected
        assert fits(page, "[data-oaq=theme]") and fits(page, "[data-oaq=level]") and fits(page, "[data-oaq=search]")
        page.select_option("[data-oaq=theme]", "")
        page.select_option("[data-oaq=level]", "")
        word = "M1"  # in titles of both editions
        page.fill("[data-oaq=search]", word)
        matching = {p.id for p in puzzles if word.lower() in f"{p.code} {p.title_text}".lower()}
        assert matching and set(shown(page)) - {wanted.id} == matching - {wanted.id}
        page.fill("[data-oaq=search]", puzzles[3].code)
        assert puzzles[3].id in shown(page)
        page.fill("[data-oaq=search]", "")
        page.check("[data-oaq=unsolved]")
        assert len(shown(page)) == len(puzzles), "nothing solved yet in a fresh browser"
        page.screenshot(path=str(screenshot_dir() / f"finder-{edition}-{size}.png"), full_page=size == "phone")


@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("size", list(SIZES))
def test_a_wrong_answer_then_three_hints_then_the_answer(watched: Watched, edition: str, size: str) -> None:
    puzzles = served_puzzles()
    puzzle = next(p for p in puzzles if p.goal == "best_reply" and p.measures and p.measures.lure_cost)
    lure = puzzle.measures.lure if puzzle.measures else None
    assert lure is not None
    with language(edition):
        page = watched.page
        page.set_viewport_size(SIZES[size])
        open_page(watched, edition, size, puzzle)
        watched.play(lure)
        verdict = watched.text("verdict")
        assert verdict == puzzle.verdict(lure)[1]
        reply = puzzle.punishing_reply(lure)
        words = ("It takes", "the answer takes", "gives back") if edition == "en" else ("Nước này", "đáp án", "ăn lại")
        assert all(w in verdict for w in words), verdict
        assert reply is None or str(reply) in verdict
        assert puzzle.solution[0] not in verdict, "the answer's move is not given away"
        # Hint is on at once after a wrong answer, and each step says more, none repeating the title
        assert page.is_enabled("[data-oaq=hint]")
        title = puzzle.title_text
        for text in puzzle.hint_steps:
            watched.act("[data-oaq=hint]")
            said = watched.text("verdict")
            assert said.endswith(text) and verdict in said, said  # the verdict stays, the hint after it
            assert title not in text and puzzle.solution[0] not in text
        watched.act("[data-oaq=retry]")
        watched.play(puzzle.solution[0])
        assert page.get_attribute("#oaq", "data-verdict") == "right"
        page.screenshot(path=str(screenshot_dir() / f"finder-verdict-{edition}-{size}.png"))


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_a_line_of_two_moves_with_a_wrong_second_move(watched: Watched, edition: str) -> None:
    """Issue 42's fourth goal, on a phone: after a right first move the page plays the other side's
    reply, with its caption, and asks for the next move; a wrong next move is told what it gets
    against the answer, with Hint on at once and that move's own hints; Try again goes back to the
    second move (the first and the reply stay played), and the right one answers the line."""
    puzzle = next(p for p in served_puzzles() if p.goal == "line")
    first, reply, second = puzzle.line
    wrong = next(m for m in puzzle.step_position(1).legal_moves() if not puzzle.is_solution(m, 1))
    with language(edition):
        page = watched.page
        page.set_viewport_size(SIZES["phone"])
        open_page(watched, edition, "phone", puzzle)
        assert page.get_attribute("#oaq", "data-step") == "1/2"
        watched.play(first)
        asked = puzzle.verdict(first)[1]
        assert watched.text("verdict") == asked and reply in asked
        assert page.get_attribute("#oaq", "data-verdict") == "step" and watched.text("verdict-icon") == "✓"
        assert page.get_attribute("#oaq", "data-step") == "2/2"
        assert watched.text("caption").startswith(("Move 2, " if edition == "en" else "Nước 2, ") + reply)
        assert watched.text("position") == puzzle.step_position(1).to_text()
        watched.play(str(wrong))
        verdict = watched.text("verdict")
        assert verdict == puzzle.verdict(wrong, 1)[1] and page.get_attribute("#oaq", "data-verdict") == "wrong"
        words = ("It takes", "the answer takes") if edition == "en" else ("Nước này", "đáp án")
        assert all(w in verdict for w in words) and second not in verdict, verdict
        assert page.is_enabled("[data-oaq=hint]")
        for text in puzzle.step_hints(1):  # the second move's hints, none the first move's
            watched.act("[data-oaq=hint]")
            assert watched.text("verdict").endswith(text) and text not in puzzle.step_hints(0)
        watched.act("[data-oaq=retry]")
        assert watched.text("position") == puzzle.step_position(1).to_text()
        assert page.get_attribute("#oaq", "data-verdict") == "step"
        watched.play(second)
        assert page.get_attribute("#oaq", "data-verdict") == "right"
        assert watched.text("verdict").startswith(puzzle.verdict(second, 1)[1])
        page.screenshot(path=str(screenshot_dir() / f"line-{edition}-phone.png"), full_page=True)


def test_every_code_opens_its_puzzle(watched: Watched) -> None:
    """Each code of the collection, typed in the box (and in the address), opens its own puzzle."""
    puzzles = served_puzzles()
    page = watched.page
    open_page(watched, "en", "phone", finding=True)
    page.click("[data-oaq=find] summary")
    for puzzle in puzzles:
        page.fill("[data-oaq=code]", puzzle.code)
        page.click("[data-oaq=code-open]")
        page.wait_for_function(PUZZLE_SHOWN, arg=puzzle.id)
        page.wait_for_selector(READY)
        assert watched.text("position") == puzzle.position_text, puzzle.code
    watched.open(f"/book/puzzles.html?puzzle={puzzles[7].code}")
    assert watched.value("pick") == puzzles[7].id and watched.text("error") == ""


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_the_class_rules_set_once_change_the_play_page_and_hide_other_puzzles(watched: Watched, edition: str) -> None:
    """Issue 42: "our class's rules", chosen once, are kept in the browser: the Puzzles page leaves
    out (and marks) the puzzles that need other rules, and the Play page's game takes them."""
    from authoring.puzzles import class_rules_kept

    puzzles = served_puzzles()
    suited = [p.id for p in puzzles if "protected-10" in class_rules_kept(p)]
    other = next(p for p in puzzles if "protected-10" not in class_rules_kept(p))
    with language(edition):
        page = watched.page
        page.set_viewport_size(SIZES["phone"])
        open_page(watched, edition, "phone")
        assert len(shown(page)) == len(puzzles), "no class rules set: every puzzle"
        page.click("[data-oaq=find] summary")  # the class's rules are with the finder's filters
        page.select_option("[data-oaq=class-rules]", "protected-10")
        assert set(shown(page)) - {puzzles[0].id} == set(suited) - {puzzles[0].id}
        assert other.id not in shown(page) or other.id == puzzles[0].id
        # a link to a puzzle that needs other rules still opens it, and says so
        watched.open(f"{EDITIONS[edition]}/book/puzzles.html?puzzle={quote(other.id)}")
        assert watched.value("pick") == other.id and watched.value("class-rules") == "protected-10"
        assert watched.text("class-note") != ""
        # the Play page follows the same choice: its game protects young Mandarins
        watched.open(f"{EDITIONS[edition]}/book/play.html")
        page.wait_for_function("() => document.querySelector('#oaq [data-oaq=young]').value === '5'")
        page.wait_for_selector(READY)
        assert watched.value("class-rules") == "protected-10" and watched.value("value") == "10"
        page.wait_for_function(
            "() => document.querySelector('#oaq [data-oaq=rules]').textContent.includes('young_mandarin_min=5')"
        )  # a fresh page's game starts again under the class's rules
        page.click("[data-oaq=settings-box] summary")  # the choice is with the game's settings
        page.select_option("[data-oaq=class-rules]", "open-5")
        page.wait_for_function("() => document.querySelector('#oaq [data-oaq=value]').value === '5'")
        assert watched.value("young") == "0"
