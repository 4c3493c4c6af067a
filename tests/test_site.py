"""The built book in a real browser: every page loads cleanly, offline, and its players work.

`make site-test` (part of `make test`) builds the book first, once for every browser test
(``site_dir`` and ``site_url`` in tests/conftest.py). The site is served on 127.0.0.1 and every page
is opened in headless Chromium (Debian's chromium-headless-shell, driven by the `playwright`
package: never `playwright install`, see docs/stack.md), both by `tools.testing.localsite`.

A page fails on any JavaScript error or console message of type "error" (the theme logs
its own failures there, such as "Got invalid theme mode"), any failed request (network
error or HTTP status 400 or more), any request to a host other than 127.0.0.1, or a weight over 2 MB apart
from the shared widget scripts. On the pages with a step-through player, the player is
stepped forward three times and the board and caption must change each time.

Both editions are walked (issue 15): English at the root, Vietnamese under ``vi/``. Every
page has its twin in the other edition, and its language switch links to that twin (the
switch is also clicked, both ways); a Vietnamese page shows no English interface text (the
theme's buttons, labels and tooltips, the book's own words); the search of each edition
finds a word written with or without its diacritics.
axe-core (npm) checks every page against the WCAG 2.2 A and AA rules (issue 22): the English
edition in the light theme, the Vietnamese one in the dark (the reader's ``prefers-color-scheme``),
so each kind of page is checked in both.
The pages are read from the server, with no service worker: a worker would keep each edition
offline (88 MB) while the pages are walked, some 30 CPU-seconds that the other test worker needs.
test_updates opens every page of both editions from the worker, with the network off, and judges
the same errors, failed requests and policy reports.
The English edition's pages are walked here and the Vietnamese edition's by tests/test_site_vi.py,
which runs this module's checks of each page on its own edition: apart, the two workers of
`make site-test` walk the two editions side by side (issue 45: one module walked all 42 pages in
one fixture, some 140 s that kept one worker busy while the other finished the run alone).
Screenshots go to `_build/screenshots/site/` (`site-vi/` for the Vietnamese edition): each page's
first screen (1280 x 900), or the whole page with ``OANQUAN_SCREENSHOTS=full`` (a chapter is some
15,000 px tall: about a CPU-second a page, some 35 a run, issue 45); a summary (build time, page
weights and load times) to `_build/site-report.txt` (`site-report-vi.txt`).
"""

from __future__ import annotations

import contextlib
import csv
import itertools
import os
import re
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import NAMES_AND_NOTATION, PLAIN_VIETNAMESE, SITE, made_by_the_page
from tools.testing.localsite import keep_warm

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "_build" / "screenshots" / "site"  # its own: other modules write beside it at the same time
#: Whether a page's screenshot is the whole page (``OANQUAN_SCREENSHOTS=full``), or its first screen.
FULL_PAGE_SCREENSHOTS = os.environ.get("OANQUAN_SCREENSHOTS") == "full"
REPORT = ROOT / "_build" / "site-report.txt"
BUILD_SECONDS = ROOT / "_build" / "build-seconds.txt"  # written by tools/build/book.py (make book)
# Scripts and fonts shared by every page with widgets, the engine that every page with a
# board starts in the background (Python's runtime and the oanquan package), and the search's
# index, which the theme loads on every page: downloaded once and cached, so they do not count
# toward a page's weight.
_SHARED = (
    "searchindex.js",
    "_static/widgets/",
    "_static/pyodide/",
    "_static/play/oanquan.zip",
    "_static/play/engine-worker.js",
    "_static/play/manifest.json",
    "_static/play/engine-snapshot-",  # the engine started at build time (issue 45), fetched with it
)
SHARED_PREFIXES = tuple(f"/{edition}{shared}" for edition in ("", "vi/") for shared in _SHARED)
#: A page's own bytes at most. The strategy chapter's worked examples and exercises took chapter 10
#: to 2.07-2.12 MB, and chapter 4 over 2 MB in Vietnamese (issue 46), while the pages' widget state
#: wrote out every default (a LayoutModel of nulls, about 1 kB, for every widget): the pages now
#: embed it without them and with one layout for alike widgets (tools/sphinx/widget_state.py).
MAX_PAGE_BYTES = 2_000_000
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
    switch: str | None = None  # the language switch's address, resolved
    lang: str = ""  # <html lang>
    english: list[str] = field(default_factory=list)  # English interface text on a Vietnamese page
    violations: list[str] = field(default_factory=list)  # axe-core's, one line per rule
    checks: float = 0.0  # seconds spent after the load: screenshot, axe-core, the players stepped


def _pages(edition: str | None = None) -> list[str]:
    """Every HTML page of the book (of one ``edition``, "en" or "vi", if given), as paths relative
    to the site root.

    The live notebooks under ``lite/`` are an application of their own, tested by
    ``tests/test_lite.py``.
    """
    return sorted(
        path
        for path in (p.relative_to(SITE).as_posix() for p in SITE.rglob("*.html"))
        if not _edition_path(path)[1].startswith(("_static", "_sources", "_images", "lite"))
        and edition in (None, _edition_path(path)[0])
    )


#: The Vietnamese edition's folder (tools/build/edition.py), the English one being the root.
VI = "vi/"


#: axe-core's rules for WCAG 2.0, 2.1 and 2.2 at levels A and AA (its tags).
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"  # package.json's devDependencies
_AXE_RUN_JS = """
async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes[0].html.slice(0, 160)}`);
}
"""


def _dark(path: str) -> bool:
    """Whether the page is checked in the dark theme: the Vietnamese edition's pages."""
    return _edition_path(path)[0] == "vi"


def _axe_violations(page: Any) -> list[str]:
    """axe-core's WCAG A and AA violations on the page as it stands, one line per rule.

    The script goes in through the browser's debugging protocol, so the page's own
    Content-Security-Policy (which allows no inline script) does not stop it.
    """
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    violations: list[str] = page.evaluate(_AXE_RUN_JS, WCAG_TAGS)
    return violations


def _edition_path(path: str) -> tuple[str, str]:
    """(edition, path inside the edition): ``("vi", "book/intro.html")`` for ``vi/book/intro.html``."""
    return ("vi", path.removeprefix(VI)) if path.startswith(VI) else ("en", path)


def _twin(path: str) -> str:
    """The same page in the other edition."""
    edition, inner = _edition_path(path)
    return inner if edition == "vi" else VI + inner


@pytest.fixture(scope="module")
def walked() -> str:
    """The edition whose pages the module walks: English here, Vietnamese in tests/test_site_vi.py."""
    return "en"


def _screenshots(edition: str) -> Path:
    """Where the pages of ``edition`` are shot: a folder of each module's own, since the two run side by side."""
    return SCREENSHOTS if edition == "en" else SCREENSHOTS.with_name(f"site-{edition}")


@pytest.fixture(scope="module")
def browser_context(browser: Any, site_url: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    keep_warm(context, site_url)  # every page is visited in a new tab
    yield context
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
        # The jslinks redraw the frame a moment later: wait for the change (the test then
        # reports a player that never changes as such).
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(
                f"([play, before]) => JSON.stringify(({_PLAYER_STATE_JS})(play)) !== JSON.stringify(before)",
                arg=[play.element_handle(), states[-1]],
                timeout=5_000,
            )
        states.append(play.evaluate(_PLAYER_STATE_JS))
    return states


#: Parts of Vietnamese pages still in English, by page (CSS selectors): none.
NOT_YET_TRANSLATED: dict[str, tuple[str, ...]] = {}


def _glossary_english() -> list[str]:
    """The English words that the glossary (both editions) shows as English on purpose: the
    first column of its word list and the terms of its "English terms" section."""
    with (ROOT / "oanquan" / "locale" / "glossary.csv").open(encoding="utf-8") as handle:
        words = {row[0].strip().lower() for row in csv.reader(handle)}
    glossary = (ROOT / "book" / "glossary.md").read_text(encoding="utf-8").split("## English terms", 1)[1]
    block = glossary.split("```{glossary}", 1)[1].split("```", 1)[0]
    words.update(line.strip().lower() for line in block.splitlines() if line.strip() and not line.startswith(" "))
    return sorted({word for term in words for word in re.findall(r"[a-z]+", term)})


# The English interface text of a Vietnamese page (issue 21): tooltips, labels, placeholders and
# every block of text (paragraph, item, title, cell, button...) are read against an allow-list,
# the same as conftest.english_words: a word of two letters or more with no Vietnamese letter must
# be a Vietnamese word written without marks, or a name or notation the page keeps. A block drawn
# in words (a literal block with no language: the rule book's diagram) is text too. Code, the
# English link of the language switch (lang="en") and pictures' own text are not interface text;
# the glossary and the index show their English terms on purpose.
_ENGLISH_TEXT_JS = """
([allowedWords, glossaryWords, notYet]) => {
  const allowed = new Set(allowedWords);
  const glossary = /[/](glossary|genindex)[.]html$/.test(location.pathname) ? new Set(glossaryWords) : new Set();
  const skip = 'pre, code, script, style, .highlight, [lang="en"], .cell_input, kbd, samp, svg, .headerlink' + notYet;
  const quoted = /(?<!\\w)'[^']*'(?!\\w)/g;  // typed input such as '7R', not a possessive's s
  const english = (text) => (text.replace(quoted, ' ').match(/[A-Za-z\u00c0-\u1ef9\u0110\u0111]+/g) || [])
    .filter(w => /^[A-Za-z]{2,}$/.test(w) && !allowed.has(w.toLowerCase()) && !glossary.has(w.toLowerCase()));
  const found = [];
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    if (el.closest(skip)) continue;
    for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      const words = value ? english(value) : [];
      if (words.length) found.push(`${el.tagName.toLowerCase()}[${name}]: ${value} (${words.join(', ')})`);
    }
  }
  const blocks = 'p, li, dt, dd, h1, h2, h3, h4, h5, h6, td, th, figcaption, caption, button, summary, label, ' +
                 '.widget-label, .widget-html-content, .toggle-hidden, .caption-text, nav a, footer';
  for (const el of document.querySelectorAll(blocks)) {
    if (el.closest(skip) || el.querySelector(blocks)) continue;
    const shown = el.cloneNode(true);
    shown.querySelectorAll(skip).forEach(e => e.remove());
    const text = (shown.textContent || '').replace(/\\s+/g, ' ').trim();
    const words = english(text);
    if (words.length) found.push(`${el.tagName.toLowerCase()}: ${text.slice(0, 120)} (${words.join(', ')})`);
  }
  // a block drawn in words, with no language (the rule book's board diagram), is read as text
  const drawn = ['default', 'text', 'none'].map(language => `div.highlight-${language} pre`).join(', ');
  for (const el of document.querySelectorAll(drawn)) {
    if (el.closest('.cell, .cell_input, .cell_output, [lang="en"]')) continue;
    const text = (el.textContent || '').replace(/\\s+/g, ' ').trim();
    const words = english(text);
    if (words.length) found.push(`pre: ${text.slice(0, 120)} (${words.join(', ')})`);
  }
  return [...new Set(found)];
}
"""


def _file_size(url_path: str) -> int:
    local = SITE / unquote(url_path).lstrip("/")
    if local.is_dir():
        local = local / "index.html"
    return local.stat().st_size if local.is_file() else 0


def _visit(page: Any, base: str, path: str, shots: Path) -> Visit:
    """Open ``path`` in ``page`` (the walk's one tab), check it, and leave it for about:blank.

    The listeners are the visit's own, removed before the page is left, as closing its tab did.
    """
    visit = Visit(path)
    page.emulate_media(color_scheme="dark" if _dark(path) else "light")

    def on_error(exc: Any) -> None:
        visit.errors.append(str(exc))

    def on_console(message: Any) -> None:
        # "Failed to load resource" messages are requests, which the listeners below judge.
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            visit.errors.append(f"console error: {message.text}")

    def on_failed(req: Any) -> None:
        if made_by_the_page(req):
            visit.failed.append(f"{req.url} ({req.failure})")

    def on_request(req: Any) -> None:
        if req.url.startswith(LOCAL_SCHEMES):
            return
        parts = urlsplit(req.url)
        if parts.hostname != "127.0.0.1":
            visit.foreign.append(req.url)
        else:
            visit.requested.add(parts.path)

    def on_response(resp: Any) -> None:
        if resp.status >= 400 and made_by_the_page(resp.request):
            visit.failed.append(f"{resp.url} (HTTP {resp.status})")

    listeners = {
        "pageerror": on_error,
        "console": on_console,
        "requestfailed": on_failed,
        "request": on_request,
        "response": on_response,
    }
    for event, listener in listeners.items():
        page.on(event, listener)
    start = time.perf_counter()
    # Generous limits: a limit that a busy machine can reach is a test that cries wolf.
    page.goto(base + path, wait_until="networkidle", timeout=120_000)
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
        # the widgets' own files, once they rendered: waited for, but a page still busy after 30 s
        # (a busy machine, a widget's timer) is judged on what it did by then, not failed
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_load_state("networkidle", timeout=30_000)
    visit.seconds = time.perf_counter() - start
    loaded = time.perf_counter()
    if not path.endswith(("genindex.html", "search.html")) and path != "index.html":
        shots.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "__", path.removesuffix(".html"))
        # JPEG: a whole chapter is some 15,000 px tall, and PNG took half again as long to write
        page.screenshot(path=str(shots / f"{name}.jpg"), full_page=FULL_PAGE_SCREENSHOTS, type="jpeg", quality=85)
    visit.violations = _axe_violations(page)
    visit.lang = page.evaluate("document.documentElement.lang")
    switch = page.locator("a.oq-language")
    if switch.count():
        visit.switch = switch.first.evaluate("a => a.href")
    if path.startswith(VI):
        not_yet = "".join(f", {selector}" for selector in NOT_YET_TRANSLATED.get(path, ()))
        allowed = sorted(PLAIN_VIETNAMESE | NAMES_AND_NOTATION)
        visit.english = page.evaluate(_ENGLISH_TEXT_JS, [allowed, _glossary_english(), not_yet])
    visit.players = page.locator(".widget-play").count()
    steppable = _steppable_player(page) if visit.players else None
    if steppable is not None:
        visit.steps = _step_player(page, steppable)
    for event, listener in listeners.items():
        page.remove_listener(event, listener)
    page.evaluate("sessionStorage.clear()")  # the next page starts as in a new tab (the theme keeps its place there)
    page.goto("about:blank")  # as closing the tab did: the page, its timers and its engine end here
    visit.checks = time.perf_counter() - loaded
    visit.weight = sum(_file_size(p) for p in visit.requested if not p.startswith(SHARED_PREFIXES))
    return visit


@pytest.fixture(scope="module")
def visits(site_dir: Path, site_url: str, browser_context: Any, walked: str) -> dict[str, Visit]:
    """Every page of the module's edition, visited once, and what happened (see :class:`Visit`)."""
    shots = _screenshots(walked)
    shutil.rmtree(shots, ignore_errors=True)
    pages = _pages(walked)
    home = "index.html" if walked == "en" else f"{VI}index.html"
    assert home in pages and len(pages) > 3, f"the build looks incomplete: {pages}"
    # One tab for the whole walk (issue 45): Chromium starts a renderer process for each new tab,
    # and a page opened in a new tab took 1.55 CPU-seconds against 1.17 in a tab already open.
    tab = browser_context.new_page()
    result = {path: _visit(tab, site_url, path, shots) for path in pages}
    tab.close()
    lines = [f"build: {_build_seconds() or '?'} s (make book)", f"{len(result)} pages", ""]
    lines.append(f"{'page':<40} {'weight':>10} {'load':>7} players stepped axe-rules  checks")
    for v in result.values():
        stepped = "yes" if v.steps else ""
        load = f"{v.weight / 1e3:>8.0f}kB {v.seconds:>6.2f}s"
        lines.append(f"{v.path:<40} {load} {v.players:>7} {stepped:>7} {len(v.violations):>9} {v.checks:>6.2f}s")
    report = REPORT if walked == "en" else REPORT.with_name(f"site-report-{walked}.txt")
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return result


def _build_seconds() -> int | None:
    with contextlib.suppress(OSError, ValueError):
        return int(BUILD_SECONDS.read_text().strip())
    return None


def _report(visits: dict[str, Visit], attr: str) -> dict[str, list[str]]:
    return {path: getattr(v, attr) for path, v in visits.items() if getattr(v, attr)}


@pytest.mark.parametrize("problem", ["errors", "failed", "foreign"], ids=["errors", "failed-requests", "foreign-hosts"])
def test_no_page_has(visits: dict[str, Visit], problem: str) -> None:
    """No page errors, no failed requests, no request that leaves 127.0.0.1 (Visit's lists of each)."""
    assert _report(visits, problem) == {}


def test_every_page_meets_wcag_2_2_a_and_aa_in_axe_core(visits: dict[str, Visit]) -> None:
    # every page of both editions, its widgets drawn: the board, the players, the search button
    assert len(visits) > 3
    assert _report(visits, "violations") == {}


def test_pages_weigh_under_2_mb(visits: dict[str, Visit]) -> None:
    heavy = {path: v.weight for path, v in visits.items() if v.weight >= MAX_PAGE_BYTES}
    assert heavy == {}


def test_every_page_has_a_screenshot_or_is_an_index(visits: dict[str, Visit], walked: str) -> None:
    shots = {p.name for p in _screenshots(walked).glob("*.jpg")}
    assert len(shots) >= len(visits) - 3  # genindex, search and the index redirect have none


def test_step_through_players_work_without_a_kernel(visits: dict[str, Visit]) -> None:
    players = {path: v for path, v in visits.items() if v.steps}
    assert players, "no page has a step-through player with frames to step through"
    # The chapters are the notebooks; until they exist any page with a player stands in.
    chapters = {p: v for p, v in players.items() if _edition_path(p)[1].startswith("notebooks/")} or players
    for path, v in chapters.items():
        states = v.steps
        assert len(states) == 4, path
        assert states[0]["board"] and states[0]["caption"], f"{path}: the player shows no board or caption"
        for before, after in itertools.pairwise(states):
            assert after["board"] != before["board"], f"{path}: the board did not change: {after['caption']}"
            assert after["caption"] != before["caption"], f"{path}: the caption did not change: {after['caption']}"


def test_pages_have_no_header_strip(site_dir: Path) -> None:
    """The theme's header strip stays empty: its "Search Ctrl+K" field doubled the sidebar's search."""
    strips = []
    for page in _pages():
        header = re.search(
            r'<header id="pst-header"[^>]*>(.*?)</header>', (site_dir / page).read_text(encoding="utf-8"), re.S
        )
        if header and header[1].strip():
            strips.append(page)
    assert strips == []


#: The widget manager's three scripts as a page names them: RequireJS, its config, the manager.
WIDGET_SCRIPTS = re.compile(r'<script([^>]*) src="[^"]*/widgets/(require|widgets-config|embed-amd)\.js[^"]*">')


def test_the_widget_manager_runs_once_the_page_is_parsed(site_dir: Path) -> None:
    """Issue 45: the manager (3.6 MB) is deferred, so a chapter's text is drawn before it runs; RequireJS
    and its config come first and are not, so the config is set before the theme's deferred
    FontAwesome script starts (docs/stack.md), in every page of both editions that draws widgets."""
    found = {}
    for page in _pages():
        scripts = WIDGET_SCRIPTS.findall((site_dir / page).read_text(encoding="utf-8"))
        if scripts:
            found[page] = [(name, "defer" in attributes) for attributes, name in scripts]
    assert len(found) >= 20, sorted(found)  # the chapters and the book's pages with widgets, in each edition
    wrong = {
        page: order
        for page, order in found.items()
        if order != [("require", False), ("widgets-config", False), ("embed-amd", True)]
    }
    assert wrong == {}


def test_download_links_resolve(site_dir: Path) -> None:
    """Every {download} link points at a file of the build, and the teacher's guide offers the whole kit."""
    hrefs: dict[str, list[str]] = {}
    for page in _pages():
        text = (site_dir / page).read_text(encoding="utf-8")
        hrefs[page] = re.findall(r'<a class="reference download[^"]*"[^>]*\shref="([^"]+)"', text)
    for page, links in hrefs.items():
        for href in links:
            target = (site_dir / page).parent / unquote(href)
            assert target.is_file() and target.stat().st_size > 0, f"{page}: {href}"
    names = {Path(href).name for href in hrefs.get("book/teachers.html", [])}
    from tools.sphinx.printables import kit_names

    assert set(kit_names()) <= names, set(kit_names()) - names


def test_both_editions_have_the_same_pages(site_dir: Path) -> None:
    english = set(_pages("en"))
    vietnamese = {path.removeprefix(VI) for path in _pages("vi")}
    assert vietnamese, "no Vietnamese edition under vi/: build with `make book` (VI=1)"
    assert english == vietnamese


def test_pages_say_their_language(visits: dict[str, Visit]) -> None:
    wrong = {path: v.lang for path, v in visits.items() if v.lang != _edition_path(path)[0]}
    assert wrong == {}


def test_language_switch_leads_to_the_same_page(visits: dict[str, Visit], site_url: str) -> None:
    """Every page but the bare redirect links to its twin in the other edition."""
    wrong = {
        path: v.switch
        for path, v in visits.items()
        if _edition_path(path)[1] != "index.html" and v.switch != site_url + _twin(path)
    }
    assert wrong == {}


@pytest.mark.parametrize("path", ["notebooks/06_tha_ca.html", "vi/book/rules.html"])
def test_clicking_the_language_switch_lands_on_the_same_page(path: str, site_url: str, browser_context: Any) -> None:
    page = browser_context.new_page()
    try:
        page.goto(site_url + path)
        page.locator("a.oq-language").first.click()
        page.wait_for_load_state("load")
        assert page.url == site_url + _twin(path)
        assert page.evaluate("document.documentElement.lang") == _edition_path(_twin(path))[0]
        assert page.locator("a.oq-language").count() == 1
    finally:
        page.close()


@pytest.mark.parametrize("edition", ["", VI])
@pytest.mark.parametrize("query", ["tha ca", "thả cá", "THA CA"])
def test_search_finds_words_with_or_without_diacritics(
    edition: str, query: str, site_url: str, browser_context: Any
) -> None:
    page = browser_context.new_page()
    try:
        page.goto(f"{site_url}{edition}search.html?q={query}")
        page.wait_for_selector("#search-results ul.search li", timeout=20_000)
        found = page.locator("#search-results ul.search li a").evaluate_all("links => links.map(a => a.href)")
        assert any("notebooks/06_tha_ca.html" in href for href in found), found
    finally:
        page.close()


#: Program text in a search result's summary: a cell's code, or its "Show code" toggle's words.
_CODE_IN_SUMMARY = re.compile(r"\bimport \w|\bdef \w+\(|\bfrom oanquan\b|Show code|Hiện phần ẩn")


@pytest.mark.parametrize("edition", ["", VI])
def test_search_results_read_as_text_on_a_phone(edition: str, site_url: str, browser_context: Any) -> None:
    """Issue 46: at 390 px the results' summaries showed the chapters' code ("import html from
    IPython.display…"), and the field's magnifier covered the query's first letter."""
    page = browser_context.new_page()
    try:
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(f"{site_url}{edition}search.html?q=tha ca")
        page.wait_for_selector("#search-results ul.search li p.context", timeout=20_000)
        summaries = page.locator("#search-results ul.search li p.context").all_inner_texts()
        assert len(summaries) >= 3
        assert [s[:80] for s in summaries if _CODE_IN_SUMMARY.search(s)] == []
        field = page.locator(".bd-search-container form.bd-search")
        icon = field.locator(".fa-magnifying-glass").bounding_box()
        words_start = field.locator("input").evaluate(
            "i => i.getBoundingClientRect().left + parseFloat(getComputedStyle(i).paddingLeft)"
        )
        assert icon is not None and icon["x"] + icon["width"] <= words_start, (icon, words_start)
        if edition:
            page.screenshot(path=str(ROOT / "_build" / "screenshots" / "vi-search-390.png"))
    finally:
        page.close()


def test_every_page_names_the_sites_own_icon(site_dir: Path) -> None:
    """Issue 19: a page that names no icon makes the browser ask for /favicon.ico, which fails.

    Every page of both editions, the live notebooks' included (tools/build/favicon.py), names an
    icon that is a file of the site.
    """
    pages = [p for p in site_dir.rglob("*.html") if not {"_static", "_sources", "static"} & set(p.parts)]
    assert len(pages) > 60  # 21 pages and 12 of the live notebooks' in each edition
    missing = []
    for page in pages:
        links = re.findall(r'<link[^>]+rel="(?:shortcut )?icon"[^>]*href="([^"]+)"', page.read_text(encoding="utf-8"))
        if not links or not all((page.parent / unquote(href)).resolve().is_file() for href in links):
            missing.append(f"{page.relative_to(site_dir)}: {links}")
    assert missing == []
