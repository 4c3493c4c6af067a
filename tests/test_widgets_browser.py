"""The step player in headless Chromium with no kernel: only its jslinks make it move.

A page embeds one :class:`~oanquan.widgets.StepPlayer` as a built book page
does (widget state + view, the widget manager vendored under
``_widget_js/widgets`` by ``make vendor``), is served on 127.0.0.1 and opened in
Debian's ``/usr/bin/chromium`` (``make browser-deps``). The test steps with the
number box's arrow keys, plays, and checks the caption and board on show.
Run with ``pytest -m browser tests/test_widgets_browser.py``.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ipywidgets.embed import embed_data

from oanquan import Position
from oanquan.widgets import StepPlayer
from tools.localsite import CHROMIUM, CHROMIUM_FLAGS, chromium_missing, serve

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
VENDORED = ROOT / "_widget_js" / "widgets"


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, StepPlayer]]:
    for name in ("require.js", "widgets-config.js", "embed-amd.js"):
        if not (VENDORED / name).exists():
            pytest.fail(f"{VENDORED / name} is missing: `make vendor` fetches the widget manager from npm")
    site = tmp_path_factory.mktemp("player-page")
    shutil.copytree(VENDORED, site / "widgets")
    player = StepPlayer.from_move(Position.initial(), "7R", interval=100)
    data = embed_data(views=[player])
    view = json.dumps(data["view_specs"][0])
    (site / "index.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        '<script src="widgets/require.js"></script><script src="widgets/widgets-config.js"></script>'
        '<script src="widgets/embed-amd.js"></script>'
        f'<script type="application/vnd.jupyter.widget-state+json">{json.dumps(data["manager_state"])}</script>'
        f'</head><body><script type="application/vnd.jupyter.widget-view+json">{view}</script></body></html>',
        encoding="utf-8",
    )
    with serve(site) as base:
        yield base + "index.html", player


@pytest.fixture(scope="module")
def browser_page(page_url: tuple[str, StepPlayer], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    if missing := chromium_missing():
        pytest.fail(missing)
    from playwright.sync_api import sync_playwright

    url, _ = page_url
    problems: list[str] = []
    profile = str(tmp_path_factory.mktemp("chromium-profile"))
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            page = context.new_page()
            page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
            page.on("requestfailed", lambda request: problems.append(f"failed request: {request.url}"))
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
            page.wait_for_timeout(300)
            yield page, problems
        finally:
            context.close()


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


def test_the_step_box_arrows_step_back_and_forward(browser_page: Any, page_url: tuple[str, StepPlayer]) -> None:
    page, problems = browser_page
    _, player = page_url
    assert shown(page)[0] == player.frames[0].caption
    box = page.locator(".widget-text input[type=number]").first
    box.click()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.wait_for_timeout(200)
    caption, desc = shown(page)
    assert caption == player.frames[2].caption
    assert desc.startswith(player.frames[2].svg.split("<desc", 1)[1].split(">", 1)[1][:60])
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(200)
    assert shown(page)[0] == player.frames[1].caption
    assert problems == []


def test_play_runs_to_the_last_frame(browser_page: Any, page_url: tuple[str, StepPlayer]) -> None:
    page, problems = browser_page
    _, player = page_url
    page.locator(".widget-play button").first.click()  # play, at 100 ms a frame
    page.wait_for_timeout(100 * len(player.frames) + 1500)
    assert shown(page)[0] == player.frames[-1].caption
    assert page.locator(".widget-text input[type=number]").first.input_value() == str(len(player.frames) - 1)
    assert problems == []
