"""The step player in headless Chromium with no kernel: only its jslinks make it move.

A page embeds one :class:`~oanquan.widgets.StepPlayer` as a built book page
does (widget state + view, the widget manager vendored under
``_widget_js/widgets`` by ``make vendor``), is served on 127.0.0.1 and opened in
Debian's Chromium headless shell (``make browser-deps``). The tests click the
"◀ back" and "next ▶" buttons, play, and check the caption and board on show.
A second page holds the same player with the jslink of those buttons removed:
there they do nothing, which shows that the link, and nothing else, steps the
player. Run with ``pytest -m browser tests/test_widgets_browser.py``.
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ipywidgets.embed import embed_data
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import made_by_the_page
from oanquan import Position
from oanquan.i18n import language
from oanquan.widgets import StepPlayer
from tools.sphinx.widget_state import compact
from tools.testing.localsite import serve

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
VENDORED = ROOT / "_widget_js" / "widgets"


BACK = ".oaq-steps .widget-toggle-button:has(+ .mod-active)"
NEXT = ".oaq-steps .mod-active + .widget-toggle-button"
CURRENT = ".oaq-steps .mod-active"


def write_page(site: Path, name: str, player: StepPlayer) -> None:
    """A page embedding ``player`` as a built book page does: widget state and one view, no kernel.

    The state is made smaller as the book's pages have it (``tools/sphinx/widget_state.py``: no default
    written out, one layout for alike widgets), so every test here also shows that it still works.
    """
    data = embed_data(views=[player])
    data["manager_state"] = compact(data["manager_state"])
    view = json.dumps(data["view_specs"][0])
    (site / name).write_text(
        '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        '<script src="widgets/require.js"></script><script src="widgets/widgets-config.js"></script>'
        '<script src="widgets/embed-amd.js"></script>'
        f'<script type="application/vnd.jupyter.widget-state+json">{json.dumps(data["manager_state"])}</script>'
        f'</head><body><script type="application/vnd.jupyter.widget-view+json">{view}</script></body></html>',
        encoding="utf-8",
    )


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, StepPlayer]]:
    for name in ("require.js", "widgets-config.js", "embed-amd.js"):
        if not (VENDORED / name).exists():
            pytest.fail(f"{VENDORED / name} is missing: `make vendor` fetches the widget manager from npm")
    site = tmp_path_factory.mktemp("player-page")
    shutil.copytree(VENDORED, site / "widgets")
    # The control page first: its player loses the jslink between the back / next buttons and the slider.
    unlinked = StepPlayer.from_move(Position.initial(), "7R", interval=100)
    for link in unlinked.links:
        if (unlinked.steps, "index") in (link.source, link.target):
            link.close()
    write_page(site, "unlinked.html", unlinked)
    for widget in unlinked.links:
        widget.close()
    player = StepPlayer.from_move(Position.initial(), "7R", interval=100)
    write_page(site, "index.html", player)
    with language("vi"):  # the longest words of the buttons: "◀ lùi một bước"
        write_page(site, "vi.html", StepPlayer.from_move(Position.initial(), "7R", interval=100))
    # A page of the same site with no widgets on it, to put other content in (a widget page's
    # scripts, still starting when its document is replaced, raise "Host is not attached").
    (site / "blank.html").write_text(
        '<!doctype html><html><head><link rel="icon" href="data:,"><title>blank</title></head></html>\n'
    )
    with serve(site) as base:
        yield base, player


def open_page(context: Any, url: str, problems: list[str]) -> Any:
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on(
        "requestfailed", lambda request: made_by_the_page(request) and problems.append(f"failed request: {request.url}")
    )
    page.on(
        "request",
        lambda request: (
            None
            if request.url.startswith(("http://127.0.0.1:", "data:"))
            else problems.append(f"request to another host: {request.url}")
        ),
    )
    page.goto(url)
    page.locator(".oaq-caption").first.wait_for(state="attached", timeout=15_000)
    page.locator(CURRENT).wait_for(state="visible", timeout=15_000)
    wait_for_caption(page, page.locator(".oaq-caption").first.text_content() or "")
    return page


@pytest.fixture(scope="module")
def context(browser: Any, page_url: tuple[str, StepPlayer]) -> Iterator[Any]:
    """The module's browsing context, in the browser the run shares (tests/conftest.py)."""
    made = browser.new_context()
    yield made
    made.close()


@pytest.fixture(scope="module")
def browser_page(context: Any, page_url: tuple[str, StepPlayer]) -> Iterator[Any]:
    base, _ = page_url
    problems: list[str] = []
    yield open_page(context, base + "index.html", problems), problems


#: The captions on show (the Stack hides the other frames), joined by "|".
_SHOWN_CAPTIONS_JS = """() => [...document.querySelectorAll('.oaq-caption')]
  .filter((el) => el.offsetParent !== null).map((e) => e.textContent).join('|')"""


def wait_for_caption(page: Any, caption: str, timeout: float = 10_000) -> None:
    """Wait until the frame on show has ``caption``: the jslinks move the Stack a moment after a click.

    A frame that never comes is left to the test's own assertion, which says what is on show.
    """
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"(caption) => ({_SHOWN_CAPTIONS_JS})() === caption", arg=caption, timeout=timeout)


def shown(page: Any) -> tuple[str, str]:
    """The caption and the board <title>+<desc> on show (the other frames are hidden by the Stack)."""
    caption, desc = page.evaluate(
        """() => {
          const visible = (el) => el.offsetParent !== null;
          const caption = [...document.querySelectorAll('.oaq-caption')].filter(visible);
          const boards = [...document.querySelectorAll('.oaq-board svg')].filter(visible);
          const descs = boards.map(b => b.querySelector('desc').textContent);
          return [caption.map(e => e.textContent).join('|'), descs.join('|')];
        }"""
    )
    return str(caption), str(desc)


def test_the_page_loads_offline_without_errors(browser_page: Any) -> None:
    page, problems = browser_page
    assert page.locator(".widget-play").count() == 1
    assert problems == []


def desc_of(frame_svg: str) -> str:
    """The start of a picture's <desc>, which differs from frame to frame."""
    return frame_svg.split("<desc", 1)[1].split(">", 1)[1][:60]


def buttons_on_show(page: Any) -> list[str]:
    """The texts (CSS-generated ones included) of the step buttons one can see, left to right."""
    return list(
        page.evaluate(
            r"""() => [...document.querySelectorAll('.oaq-steps button')]
                .filter(b => b.offsetParent !== null)
                .map(b => {
                  const own = parseFloat(getComputedStyle(b).fontSize) > 0 ? b.textContent : '';
                  const css = (where) => getComputedStyle(b, where).content.replace(/^none$/, '')
                    .replace(/" \/ ".*$/, '').replace(/^["']|["']$/g, '');
                  return (css('::before') + own + css('::after')).trim();
                })"""
        )
    )


def test_back_and_next_buttons_step_one_frame_each_way(browser_page: Any, page_url: tuple[str, StepPlayer]) -> None:
    page, problems = browser_page
    _, player = page_url
    last = len(player.frames) - 1
    assert shown(page)[0] == player.frames[0].caption
    assert buttons_on_show(page) == [f"step 0 of {last}", "next ▶"]  # nothing to go back to
    page.locator(NEXT).click()
    page.locator(NEXT).click()
    wait_for_caption(page, player.frames[2].caption)
    caption, desc = shown(page)
    assert caption == player.frames[2].caption and desc.startswith(desc_of(player.frames[2].svg))
    assert buttons_on_show(page) == ["◀ back", f"step 2 of {last}", "next ▶"]
    assert page.locator(".widget-slider .widget-readout").first.text_content() == "2"  # the slider follows
    page.locator(BACK).click()
    wait_for_caption(page, player.frames[1].caption)
    caption, desc = shown(page)
    assert caption == player.frames[1].caption and desc.startswith(desc_of(player.frames[1].svg))
    page.locator(BACK).click()
    wait_for_caption(page, player.frames[0].caption)
    assert shown(page)[0] == player.frames[0].caption
    assert problems == []


def test_the_buttons_are_big_enough_for_a_finger_on_a_phone(
    browser_page: Any, page_url: tuple[str, StepPlayer]
) -> None:
    page, problems = browser_page
    _, player = page_url
    page.set_viewport_size({"width": 320, "height": 800})
    try:
        page.locator(NEXT).click()
        wait_for_caption(page, player.frames[1].caption)  # both buttons on show
        for selector in (BACK, NEXT):
            box = page.locator(selector).bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 80, (selector, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= 320, (selector, box)
        page.locator(BACK).click()
        wait_for_caption(page, player.frames[0].caption)
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
    assert problems == []


def test_the_vietnamese_buttons_show_their_words_whole_on_a_phone(
    context: Any, page_url: tuple[str, StepPlayer]
) -> None:
    """Issue 46: at 390 px the Vietnamese back button read "◀ lùi một bư": its words now wrap, never cut."""
    base, _ = page_url
    problems: list[str] = []
    page = open_page(context, base + "vi.html", problems)
    try:
        page.set_viewport_size({"width": 390, "height": 800})
        page.locator(NEXT).click()
        page.locator(BACK).wait_for(state="visible")
        for selector in (BACK, NEXT):
            shown = page.locator(selector).evaluate(
                "b => ({content: getComputedStyle(b, b.matches(':has(+ .mod-active)') ? '::before' : '::after')"
                ".content,"
                " width: b.clientWidth, wide: b.scrollWidth, height: b.clientHeight, tall: b.scrollHeight,"
                " right: b.getBoundingClientRect().right})"
            )
            assert "bước" in shown["content"], shown
            assert shown["wide"] <= shown["width"] and shown["tall"] <= shown["height"], (selector, shown)
            assert shown["right"] <= 390, (selector, shown)
        page.screenshot(path=str(ROOT / "_build" / "screenshots" / "vi-step-buttons-390.png"))
    finally:
        page.close()
    assert problems == []


def test_without_their_jslink_the_buttons_do_nothing(context: Any, page_url: tuple[str, StepPlayer]) -> None:
    # The control for the test above: the same page minus one jslink, and no Python behind it.
    base, player = page_url
    problems: list[str] = []
    page = open_page(context, base + "unlinked.html", problems)
    page.locator(NEXT).click()
    # The buttons' own counter still moves (it is linked to them): once it says 1, the
    # Stack has had every chance to follow, and must not have.
    page.wait_for_function(f"() => document.querySelector('{CURRENT}')?.getAttribute('value') === '1'", timeout=10_000)
    assert shown(page)[0] == player.frames[0].caption  # the board and caption did not move
    assert page.locator(".widget-slider .widget-readout").first.text_content() == "0"
    assert problems == []
    page.close()


def test_play_runs_to_the_last_frame(browser_page: Any, page_url: tuple[str, StepPlayer]) -> None:
    page, problems = browser_page
    _, player = page_url
    page.locator(".widget-play button").first.click()  # play, at 100 ms a frame
    wait_for_caption(page, player.frames[-1].caption, timeout=100 * len(player.frames) + 15_000)
    assert shown(page)[0] == player.frames[-1].caption
    assert page.locator(CURRENT).get_attribute("value") == str(len(player.frames) - 1)  # the buttons follow
    assert buttons_on_show(page) == ["◀ back", f"step {len(player.frames) - 1} of {len(player.frames) - 1}"]
    assert problems == []


def test_a_figure_for_notebooks_shows_its_board_in_a_browser(context: Any, page_url: tuple[str, StepPlayer]) -> None:
    """svg.figure_html: an <img> of the SVG (what an untrusted JupyterLab keeps) draws the board in a page too."""
    from oanquan.svg import HEIGHT, WIDTH, figure_html

    base, _ = page_url
    html = figure_html(Position.initial().play("7R"), "After 7R.", "after-7r", last_move="7R")
    problems: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on(
        "requestfailed", lambda request: made_by_the_page(request) and problems.append(f"failed request: {request.url}")
    )
    page.goto(base + "blank.html")  # a page of the local site, then the figure as a notebook output shows it
    page.set_content(f'<!doctype html><html><body style="width:700px">{html}</body></html>')
    size = page.evaluate(
        """() => { const img = document.querySelector('figure#after-7r img');
                   return [img.complete, img.naturalWidth, img.clientWidth, img.clientHeight, img.alt]; }"""
    )
    page.close()
    complete, natural_width, shown_width, shown_height, alt = size
    assert complete and natural_width > 0  # the SVG decoded
    assert (shown_width, shown_height) == (WIDTH, HEIGHT)  # at full size in a 700 px column
    assert alt.startswith("Ô Ăn Quan board: Top row to move. Top row")
    assert problems == []
