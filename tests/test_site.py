"""The built book in a real browser: every page loads cleanly, offline, and its players work.

`make site-test` (part of `make test`) builds the book first; run alone, this module
builds it when `_build/html` is missing. The site is served on 127.0.0.1 and every page
is opened in headless Chromium (Debian's /usr/bin/chromium, driven by the `playwright`
package: never `playwright install`, see shared/SITE.md), both by `tools.localsite`.

A page fails on any JavaScript error or console message of type "error" (the theme logs
its own failures there, such as "Got invalid theme mode"), any failed request (network
error or HTTP status 400 or more), any request to a host other than 127.0.0.1, or a weight over 2 MB apart
from the shared widget scripts. On the pages with a step-through player, the player is
stepped forward three times and the board and caption must change each time.
Screenshots go to `_build/screenshots/`; a summary (build time, page weights and load
times) to `_build/site-report.txt`.
"""

from __future__ import annotations

import contextlib
import itertools
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

from tools.localsite import CHROMIUM, CHROMIUM_FLAGS, chromium_missing, serve

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "_build" / "html"
SCREENSHOTS = ROOT / "_build" / "screenshots"
REPORT = ROOT / "_build" / "site-report.txt"
BUILD_SECONDS = ROOT / "_build" / "build-seconds.txt"  # written by the Makefile's `book` target
# Scripts and fonts shared by every page with widgets (or by the play page's Python
# runtime): downloaded once and cached, so they do not count toward a page's weight.
SHARED_PREFIXES = ("/_static/widgets/", "/_static/pyodide/")
MAX_PAGE_BYTES = 2_000_000
MAX_BUILD_SECONDS = 300
LOCAL_SCHEMES = ("data:", "blob:", "about:")


@dataclass
class Visit:
    """What happened while one page was open."""

    path: str
    errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    requested: set[str] = field(default_factory=set)
    seconds: float = 0.0
    weight: int = 0
    players: int = 0
    steps: list[dict[str, Any]] = field(default_factory=list)


def _pages() -> list[str]:
    """Every HTML page of the book, as paths relative to the site root.

    The live notebooks under ``lite/`` are an application of their own, tested by
    ``tests/test_lite.py``.
    """
    return sorted(
        p.relative_to(HTML).as_posix()
        for p in HTML.rglob("*.html")
        if not p.relative_to(HTML).parts[0].startswith(("_static", "_sources", "_images", "lite"))
    )


@pytest.fixture(scope="module")
def site() -> Path:
    if not (HTML / "index.html").is_file():
        subprocess.run(["make", "book"], cwd=ROOT, check=True)
    return HTML


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    with serve(site) as base:
        yield base


@pytest.fixture(scope="module")
def browser_context(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    if missing := chromium_missing():
        pytest.fail(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_FLAGS,
            viewport={"width": 1280, "height": 900},
        )
        try:
            yield context
        finally:
            context.close()


# The player region is the nearest box around a Play widget; its board is the first svg/pre
# outside the controls, its caption the rest of its text.
_PLAYER_STATE_JS = """
(play) => {
  const region = play.closest('.widget-vbox') || play.parentElement;
  const clone = region.cloneNode(true);
  clone.querySelectorAll('.widget-play, .widget-slider, .widget-readout').forEach(e => e.remove());
  const board = clone.querySelector('svg, pre');
  const boardHtml = board ? board.outerHTML : '';
  if (board) board.remove();
  return {board: boardHtml, caption: clone.textContent.replace(/\\s+/g, ' ').trim()};
}
"""


def _steppable_player(page: Any) -> int | None:
    """The index of the first player on the page with at least three frames to step through."""
    for index in range(page.locator(".widget-play").count()):
        handle = _player_handle(page, index)
        if handle.count() and float(handle.get_attribute("aria-valuemax") or 0) >= 3:
            return index
    return None


def _player_handle(page: Any, index: int) -> Any:
    """The handle of the slider that sits beside the index-th Play widget (its frame slider)."""
    play = page.locator(".widget-play").nth(index)
    return play.locator("xpath=ancestor::*[contains(@class,'widget-hbox')][1]").locator(".noUi-handle").first


def _step_player(page: Any, index: int) -> list[dict[str, Any]]:
    """Step the index-th player forward three times; the state before and after each step."""
    play = page.locator(".widget-play").nth(index)
    handle = _player_handle(page, index)
    states = [play.evaluate(_PLAYER_STATE_JS)]
    handle.scroll_into_view_if_needed()
    handle.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(150)
        states.append(play.evaluate(_PLAYER_STATE_JS))
    return states


def _file_size(url_path: str) -> int:
    local = HTML / unquote(url_path).lstrip("/")
    if local.is_dir():
        local = local / "index.html"
    return local.stat().st_size if local.is_file() else 0


def _visit(context: Any, base: str, path: str) -> Visit:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    visit = Visit(path)
    page = context.new_page()
    page.on("pageerror", lambda exc: visit.errors.append(str(exc)))

    def on_console(message: Any) -> None:
        # "Failed to load resource" messages are requests, which the listeners below judge;
        # one is the browser's own /favicon.ico on the bare redirect page index.html.
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            visit.errors.append(f"console error: {message.text}")

    page.on("console", on_console)
    page.on("requestfailed", lambda req: visit.failed.append(f"{req.url} ({req.failure})"))

    def on_request(req: Any) -> None:
        if req.url.startswith(LOCAL_SCHEMES):
            return
        parts = urlsplit(req.url)
        if parts.hostname != "127.0.0.1":
            visit.foreign.append(req.url)
        else:
            visit.requested.add(parts.path)

    def on_response(resp: Any) -> None:
        if resp.status >= 400:
            visit.failed.append(f"{resp.url} (HTTP {resp.status})")

    page.on("request", on_request)
    page.on("response", on_response)
    start = time.perf_counter()
    page.goto(base + path, wait_until="networkidle")
    # Pages with stored widget state render their widgets once embed-amd.js has run.
    views = page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
    if views:
        try:
            page.wait_for_function(
                """() => [...document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')]
                       .every(s => s.parentElement.querySelector('.jupyter-widgets'))""",
                timeout=20_000,
            )
        except PlaywrightTimeout:
            visit.errors.append(f"{views} widget views did not all render within 20 s (blank widgets)")
        page.wait_for_load_state("networkidle")
    visit.seconds = time.perf_counter() - start
    if not path.endswith(("genindex.html", "search.html")) and path != "index.html":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "__", path.removesuffix(".html"))
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    visit.players = page.locator(".widget-play").count()
    steppable = _steppable_player(page) if visit.players else None
    if steppable is not None:
        visit.steps = _step_player(page, steppable)
    page.close()
    visit.weight = sum(_file_size(p) for p in visit.requested if not p.startswith(SHARED_PREFIXES))
    return visit


@pytest.fixture(scope="module")
def visits(site: Path, server: str, browser_context: Any) -> dict[str, Visit]:
    shutil.rmtree(SCREENSHOTS, ignore_errors=True)
    pages = _pages()
    assert "index.html" in pages and len(pages) > 3, f"the build looks incomplete: {pages}"
    result = {path: _visit(browser_context, server, path) for path in pages}
    lines = [f"build: {_build_seconds() or '?'} s (make book)", f"{len(result)} pages", ""]
    lines.append(f"{'page':<40} {'weight':>10} {'load':>7} players stepped")
    for v in result.values():
        stepped = "yes" if v.steps else ""
        lines.append(f"{v.path:<40} {v.weight / 1e3:>8.0f}kB {v.seconds:>6.2f}s {v.players:>7} {stepped}")
    REPORT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return result


def _build_seconds() -> int | None:
    with contextlib.suppress(OSError, ValueError):
        return int(BUILD_SECONDS.read_text().strip())
    return None


def _report(visits: dict[str, Visit], attr: str) -> dict[str, list[str]]:
    return {path: getattr(v, attr) for path, v in visits.items() if getattr(v, attr)}


def test_no_page_errors(visits: dict[str, Visit]) -> None:
    assert _report(visits, "errors") == {}


def test_no_failed_requests(visits: dict[str, Visit]) -> None:
    assert _report(visits, "failed") == {}


def test_no_request_leaves_localhost(visits: dict[str, Visit]) -> None:
    assert _report(visits, "foreign") == {}


def test_pages_weigh_under_2_mb(visits: dict[str, Visit]) -> None:
    heavy = {path: v.weight for path, v in visits.items() if v.weight >= MAX_PAGE_BYTES}
    assert heavy == {}


def test_every_page_has_a_screenshot_or_is_an_index(visits: dict[str, Visit]) -> None:
    shots = {p.name for p in SCREENSHOTS.glob("*.png")}
    assert len(shots) >= len(visits) - 3  # genindex, search and the index redirect have none


def test_step_through_players_work_without_a_kernel(visits: dict[str, Visit]) -> None:
    players = {path: v for path, v in visits.items() if v.steps}
    assert players, "no page has a step-through player with frames to step through"
    # The chapters are the notebooks; until they exist any page with a player stands in.
    chapters = {p: v for p, v in players.items() if p.startswith("notebooks/")} or players
    for path, v in chapters.items():
        states = v.steps
        assert len(states) == 4, path
        assert states[0]["board"] and states[0]["caption"], f"{path}: the player shows no board or caption"
        for before, after in itertools.pairwise(states):
            assert after["board"] != before["board"], f"{path}: the board did not change: {after['caption']}"
            assert after["caption"] != before["caption"], f"{path}: the caption did not change: {after['caption']}"


def test_pages_have_no_header_strip(site: Path) -> None:
    """The theme's header strip stays empty: its "Search Ctrl+K" field doubled the sidebar's search."""
    strips = []
    for page in _pages():
        header = re.search(
            r'<header id="pst-header"[^>]*>(.*?)</header>', (site / page).read_text(encoding="utf-8"), re.S
        )
        if header and header[1].strip():
            strips.append(page)
    assert strips == []


def test_download_links_resolve(site: Path) -> None:
    """Every {download} link points at a file of the build, and the teacher's guide offers the whole kit."""
    hrefs: dict[str, list[str]] = {}
    for page in _pages():
        text = (site / page).read_text(encoding="utf-8")
        hrefs[page] = re.findall(r'<a class="reference download[^"]*"[^>]*\shref="([^"]+)"', text)
    for page, links in hrefs.items():
        for href in links:
            target = (site / page).parent / unquote(href)
            assert target.is_file() and target.stat().st_size > 0, f"{page}: {href}"
    names = {Path(href).name for href in hrefs.get("book/teachers.html", [])}
    from tools.printables import kit_names

    assert set(kit_names()) <= names, set(kit_names()) - names


def test_book_builds_in_under_5_minutes(visits: dict[str, Visit]) -> None:
    seconds = _build_seconds()
    if seconds is None:
        pytest.skip("no build time recorded: build with `make book`")
    assert seconds < MAX_BUILD_SECONDS
