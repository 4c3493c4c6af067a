"""The Vietnamese Play and Puzzles pages (issue 15) in headless Chromium: a move played, its
caption in Vietnamese, the game's words in Vietnamese, no request off 127.0.0.1.

The game's markup is the English template translated from the page's catalogue, its first
board drawn by the engine speaking Vietnamese (tools/edition.py); the script's own words come
from the JSON beside it; the engine in the worker speaks the page's ``<html lang>``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tools.localsite import chromium_profile

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "_build" / "screenshots" / "vi-play"
READY = "#oaq[data-state=ready]"
# Words that would give English away in the game's text (none is Vietnamese without diacritics).
ENGLISH = re.compile(r"\b(Player|Move|captures?|pebbles?|square|Hint|Undo|New game|the|and)\b")


@pytest.fixture(scope="module")
def page(site_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with chromium_profile(tmp_path_factory.mktemp("vi-play-profile"), {"width": 1280, "height": 900}) as context:
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


def _game_text(page: Any) -> str:
    return page.evaluate(
        """() => {
          const game = document.querySelector('#oaq').cloneNode(true);
          game.querySelectorAll('svg, code, input, [hidden], script, style').forEach(e => e.remove());
          return game.textContent.replace(/\\s+/g, ' ');
        }"""
    )


def _play_7R(page: Any) -> None:
    """Play 7R with the mouse and wait until the page has shown it and is ready again."""
    page.click("#oaq [data-oaq=board] [data-square='7']")
    page.click("#oaq [data-direction='R']")
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
    text = _game_text(page)
    assert not ENGLISH.search(text), ENGLISH.findall(text)[:10]
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
        assert not ENGLISH.search(_game_text(tab)), ENGLISH.findall(_game_text(tab))[:10]
        assert errors == []
    finally:
        tab.close()
