"""The Vietnamese Play and Puzzles pages (issue 15) in headless Chromium: a move played, its
caption in Vietnamese, the game's words in Vietnamese, no request off 127.0.0.1.

The game's markup is the pages' Jinja2 template rendered in Vietnamese, its words and its first
board from the engine speaking Vietnamese (tools/build/templates.py, tools/build/edition.py); the script's own
words come from the JSON beside it; the engine in the worker speaks the page's ``<html lang>``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from conftest import english_words
from oanquan.puzzles import load_builtin
from playpages import READY, ROOT

pytestmark = pytest.mark.browser

SHOTS = ROOT / "_build" / "screenshots" / "vi-play"
# Words that would give English away in the game's text (none is Vietnamese without diacritics).
ENGLISH = re.compile(r"\b(Player|Move|captures?|pebbles?|square|Hint|Undo|New game|the|and)\b")


@pytest.fixture(scope="module")
def page(browser: Any, site_url: str) -> Iterator[Any]:
    # no service worker (it would keep the whole edition offline meanwhile; test_updates checks it)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    page.foreign = []  # type: ignore[attr-defined]
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))  # type: ignore[attr-defined]

    def check_host(request: Any) -> None:
        host = urlsplit(request.url).hostname
        if request.url.startswith(("http:", "https:")) and host != "127.0.0.1":
            page.foreign.append(request.url)  # type: ignore[attr-defined]

    page.on("request", check_host)
    yield page
    context.close()


#: What a reader meets in the game: its text (the pictures' titles and descriptions included) and
#: the names and tooltips of its parts; code, typed fields and hidden parts left out.
_READER_TEXT = """() => {
  const game = document.querySelector('#oaq');
  const copy = game.cloneNode(true);
  copy.querySelectorAll('code, input, textarea, script, style, [hidden], svg').forEach(e => e.remove());
  const parts = [copy.textContent];
  for (const el of game.querySelectorAll('svg title, svg desc')) parts.push(el.textContent);
  for (const el of game.querySelectorAll('[aria-label], [title]')) {
    if (el.closest('[hidden], code')) continue;
    parts.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
  }
  return parts.join(' ').replace(/\\s+/g, ' ');
}"""


def _click_move(page: Any, move: str) -> None:
    page.click(f"#oaq [data-oaq=board] [data-square='{move[:-1]}']")
    page.wait_for_selector("#oaq [data-oaq=directions]:not([hidden])")
    page.click(f"#oaq [data-direction='{move[-1]}']")


def _play_7R(page: Any) -> None:
    """Play 7R with the mouse and wait until the page has shown it and is ready again."""
    _click_move(page, "7R")
    page.wait_for_function("() => /7R/.test(document.querySelector('#oaq [data-oaq=record]').value)")
    page.wait_for_selector(READY, timeout=60_000)


def test_a_move_on_the_vietnamese_play_page_gets_a_vietnamese_caption(page: Any, site_url: str) -> None:
    page.goto(f"{site_url}vi/book/play.html?opponent=friend")
    page.wait_for_selector(READY, timeout=90_000)
    assert page.evaluate("document.documentElement.lang") == "vi"
    _play_7R(page)
    caption = page.text_content("#oaq [data-oaq=caption]") or ""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "play-after-7R.png"), full_page=True)
    assert re.search(r"[ạ-ỹàáâãèéêìíòóôõùúýăđĩũơư]", caption, re.I), caption
    assert not ENGLISH.search(caption), caption
    assert "7R" in page.input_value("#oaq [data-oaq=record]")
    assert page.errors == [] and page.foreign == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", ["vi/book/play.html", "vi/book/puzzles.html"])
def test_the_game_speaks_vietnamese(page: Any, site_url: str, path: str) -> None:
    page.goto(site_url + path)
    page.wait_for_selector(READY, timeout=90_000)
    text = page.evaluate(_READER_TEXT)
    assert not ENGLISH.search(text), ENGLISH.findall(text)[:10]
    # The theme's "Lên đầu trang" (back to top) button covered the verdict and the buttons on a
    # phone: the game's pages never show it, however the reader scrolls.
    page.set_viewport_size({"width": 390, "height": 844})
    bottom = page.evaluate("() => document.documentElement.scrollHeight - window.innerHeight")
    assert bottom > 600  # the page is long enough for the button at 390 px
    for y in (bottom, bottom - 300):  # down, then up a little: where the theme shows it
        page.evaluate(f"() => window.scrollTo(0, {y})")
        page.wait_for_function(f"() => Math.abs(window.scrollY - {y}) < 2")
        page.wait_for_timeout(100)  # the scroll event is dispatched on the next frame
    button = "() => getComputedStyle(document.getElementById('pst-back-to-top')).display"
    assert page.evaluate(button) == "none"
    # The class's rules are longer than a phone's select ("chưa chọn: theo luật của từng ván h"):
    # the chosen rules are said again in full below it, on a phone only.
    page.evaluate("() => document.querySelectorAll('#oaq details').forEach((d) => { d.open = true; })")
    page.select_option("#oaq [data-oaq=class-rules]", "protected-10")
    chosen = page.locator("#oaq [data-oaq=class-chosen]")
    option = page.evaluate(
        "() => { const s = document.querySelector('#oaq [data-oaq=class-rules]'); return s.selectedOptions[0].text; }"
    )
    assert chosen.is_visible() and chosen.text_content() == option and "quan non" in option
    box = chosen.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.set_viewport_size({"width": 1280, "height": 900})
    assert not chosen.is_visible()  # a wide select shows its whole text
    page.select_option("#oaq [data-oaq=class-rules]", "")
    assert page.errors == [] and page.foreign == []  # type: ignore[attr-defined]


# Every value the players' names take while the page loads, from the first parse on: a name in
# another edition's words is caught however briefly it shows.
_WATCH_NAMES = """
window.oaqNamesSeen = [];
new MutationObserver(() => {
  for (const side of [0, 1]) {
    const name = document.querySelector('#oaq [data-oaq=name-' + side + ']');
    const text = name ? name.textContent.trim() : null;
    if (text !== null && !window.oaqNamesSeen.includes(text)) window.oaqNamesSeen.push(text);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def test_a_game_kept_by_the_english_page_goes_on_in_vietnamese(page: Any, site_url: str) -> None:
    """The same tab switched to the other edition: the game kept in the browser goes on, and the
    kept English picture and names never show on the Vietnamese page (they wait for the engine)."""
    tab = page.context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        tab.goto(f"{site_url}book/intro.html")
        tab.evaluate("localStorage.clear()")  # no game of the tests before: this tab starts afresh
        tab.goto(f"{site_url}book/play.html")
        tab.wait_for_selector(READY, timeout=90_000)
        assert tab.text_content("#oaq [data-oaq=name-1]") == "Computer"
        _play_7R(tab)
        tab.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('oanquan.play.v2.'))")
        record = tab.input_value("#oaq [data-oaq=record]")

        tab.add_init_script(_WATCH_NAMES)
        tab.goto(f"{site_url}vi/book/play.html")
        tab.wait_for_selector(READY, timeout=90_000)
        seen = tab.evaluate("window.oaqNamesSeen")
        assert seen and not {"You", "Computer"} & set(seen), seen
        assert tab.input_value("#oaq [data-oaq=record]") == record  # the same game, moves and all
        text = tab.evaluate(_READER_TEXT)
        assert not ENGLISH.search(text), ENGLISH.findall(text)[:10]
        assert errors == []
    finally:
        tab.close()


#: A game between friends that ends with its last move (tests/test_vi_bridge.py's, the last move left out).
ALMOST_ENDED = "9R 2L 7R 4L 5L 3R 6R 0L 7L 0R"


def test_what_a_vietnamese_reader_meets_while_playing_has_no_english(page: Any, site_url: str) -> None:
    """Issue 21: the Play page through a hint and the end of a game, then the Puzzles page through a
    wrong answer, Try again, its three hints and the answer shown, read against conftest's allow-list."""
    seen: dict[str, str] = {}
    page.goto(f"{site_url}vi/book/play.html?opponent=friend&record={ALMOST_ENDED.replace(' ', '%20')}")
    page.wait_for_selector(READY, timeout=90_000)
    page.select_option("#oaq [data-oaq=speed]", "0")
    seen["play, loaded"] = page.evaluate(_READER_TEXT)
    page.click("#oaq [data-oaq=hint]")
    page.wait_for_function("() => document.querySelector('#oaq [data-oaq=hint-text]').textContent.trim() !== ''")
    seen["play, a hint"] = page.evaluate(_READER_TEXT)
    _click_move(page, "9L")
    page.wait_for_selector("#oaq [data-oaq=final]:not([hidden])", timeout=60_000)
    seen["play, the end"] = page.evaluate(_READER_TEXT)
    puzzle = load_builtin()[0]
    wrong = next(str(m) for m in puzzle.position.legal_moves() if not puzzle.is_solution(str(m)))
    page.goto(f"{site_url}vi/book/puzzles.html?puzzle={puzzle.id}")
    page.wait_for_selector(READY, timeout=90_000)
    page.select_option("#oaq [data-oaq=speed]", "0")
    _click_move(page, wrong)
    page.wait_for_selector(READY)
    page.wait_for_function("() => document.querySelector('#oaq [data-oaq=verdict]').textContent.trim() !== ''")
    seen["puzzles, a wrong answer"] = page.evaluate(_READER_TEXT)
    page.click("#oaq [data-oaq=retry]")  # the hints are for a puzzle still to answer
    page.wait_for_selector(READY)
    before = page.evaluate(_READER_TEXT)
    for step in (1, 2, 3):
        page.click("#oaq [data-oaq=hint]")
        page.wait_for_function(f"(before) => ({_READER_TEXT})() !== before", arg=before)
        page.wait_for_selector(READY)
        before = seen[f"puzzles, hint {step}"] = page.evaluate(_READER_TEXT)
    page.click("#oaq [data-oaq=answer]")
    page.wait_for_function(f"(before) => ({_READER_TEXT})() !== before", arg=before)
    page.wait_for_selector(READY)
    seen["puzzles, the answer"] = page.evaluate(_READER_TEXT)
    assert all(len(text) > 100 for text in seen.values()), seen
    assert len({seen[f"puzzles, hint {step}"] for step in (1, 2, 3)}) == 3  # each hint step said something new
    found = {where: english_words(text) for where, text in seen.items() if english_words(text)}
    assert found == {}, found
    assert page.errors == [] and page.foreign == []  # type: ignore[attr-defined]
