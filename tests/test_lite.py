"""The live notebooks (JupyterLite under ``lite/``) in headless Chromium: they run, offline.

`make site-test` (part of `make test`) builds the book and the live notebooks first
(`make book`; ``tools/build/lite.py``), once for every browser test (``site_dir`` and
``site_url`` in tests/conftest.py). The site is served on 127.0.0.1 and opened in Debian's
Chromium by ``tools.testing.localsite`` (never `playwright install`), with every host name but
127.0.0.1 made unresolvable, so a request to another host fails here as it would offline,
and is recorded: any such request fails the tests.

- chapters 1 and 2: every stored output cleared, Run All, then no error output, no
  "Error displaying widget", every code cell run, and a board picture drawn by the kernel;
- chapter 2's "Try it yourself" board: a click on a square and on a direction plays the
  engine's move, which shows in the move list;
- the reader's changes survive leaving and reopening the chapter, and "Start the chapter
  again" (the reset page the chapter page links to) brings back the original;
- every chapter page of the book links to its live notebook and to its reset page, and
  both exist in the build.

Screenshots go to ``_build/screenshots/lite/``.
"""

from __future__ import annotations

import contextlib
import json
import re
import zipfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urljoin, urlsplit

import pytest

from conftest import SITE, made_by_the_page, wait_until
from oanquan import Position
from tools.build.lite_cell import CELL_ID, starts_with_live_cell
from tools.testing.localsite import chromium_profile, keep_warm

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
HTML = SITE
LITE = HTML / "lite"
SHOTS = ROOT / "_build" / "screenshots" / "lite"
LOCAL_SCHEMES = ("data:", "blob:", "about:", "chrome-extension:")
#: Every host but 127.0.0.1 fails to resolve: nothing can quietly come from the internet.
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"
#: Starting Python in the browser and running a chapter: 20-60 s here; generous for a busy machine.
RUN_ALL_MS = 240_000

ERROR_OUTPUTS = (
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"],'
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]'
)


class Browser:
    """One Chromium profile for the module (its storage is what keeps a reader's changes) and what it requested."""

    def __init__(self, context: Any, base: str) -> None:
        self.context = context
        self.base = base
        self.foreign: list[str] = []
        self.failed: list[str] = []
        self.errors: list[str] = []
        self.requested: list[str] = []  # every address asked for, the kernel's worker's included
        context.on("request", self._on_request)
        context.on("requestfailed", self._on_failed)
        context.on("response", lambda r: self._on_failed(r.request, f"HTTP {r.status}") if r.status >= 400 else None)

    def _on_failed(self, request: Any, why: str | None = None) -> None:
        # A request the test's next navigation cancels (net::ERR_ABORTED: a chapter page's engine,
        # which starts in the background, left for the live notebook) is not a failure.
        if made_by_the_page(request) and (why is not None or "ERR_ABORTED" not in str(request.failure)):
            self.failed.append(f"{request.url} ({why or request.failure})")

    def _on_request(self, request: Any) -> None:
        self.requested.append(request.url)
        if not request.url.startswith(LOCAL_SCHEMES) and urlsplit(request.url).hostname != "127.0.0.1":
            self.foreign.append(request.url)

    def page(self) -> Any:
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        page.on("console", lambda message: self._on_console(page, message))
        return page

    def _on_console(self, page: Any, message: Any) -> None:
        # "Failed to load resource" is a request, judged by the listeners above (and the
        # browser's own /favicon.ico, which the notebook pages do not name, is not one of ours).
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            self.errors.append(f"{page.url}: console error: {message.text[:300]}")


@pytest.fixture(scope="module")
def browser(site_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    SHOTS.mkdir(parents=True, exist_ok=True)
    profile = tmp_path_factory.mktemp("lite-profile")
    # a common laptop screen
    with chromium_profile(profile, {"width": 1366, "height": 768}, extra_args=(OFFLINE,)) as context:
        keep_warm(context, site_url)  # each notebook opens in a new tab
        yield Browser(context, site_url)


# -- driving a live notebook -----------------------------------------------------------------


def open_notebook(browser: Browser, name: str, root: str = "lite/") -> Any:
    """A page showing the chapter's live notebook (Python may still be starting); ``root``
    ``vi/lite/`` for the Vietnamese edition's."""
    page = browser.page()
    page.goto(f"{browser.base}{root}notebooks/index.html?path={name}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    return page


def menu(page: Any, top: str, item: str) -> None:
    page.get_by_role("menuitem", name=top, exact=True).click()
    page.locator(".lm-Menu-item", has_text=item).first.click()


def run_all_from_scratch(page: Any) -> None:
    """Clear every stored output, run every cell, and wait until the last one has run."""
    menu(page, "Edit", "Clear Outputs of All Cells")
    page.wait_for_function("() => !document.querySelector('.jp-Notebook .jp-OutputArea-output')")
    # The page-building code is collapsed (as in JupyterLab: tools/build/chapters.py), and a collapsed
    # cell shows no "[n]:" prompt; expanded, every code cell shows the count it ran with.
    menu(page, "View", "Expand All Code")
    menu(page, "Run", "Run All Cells")
    # Done when the last code cell shows the number of code cells ("[22]:") and Python is idle:
    # Run All stops at the first error, so the count is reached only if every cell ran.
    page.wait_for_function(
        """() => {
          const prompts = document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt');
          const status = document.querySelector('.jp-Notebook-ExecutionIndicator')?.dataset.status;
          const last = prompts.length ? prompts[prompts.length - 1].textContent.trim() : '';
          return last === `[${prompts.length}]:` && status === 'idle';
        }""",
        timeout=RUN_ALL_MS,
        polling=500,
    )


def cell_outputs(page: Any) -> dict[str, Any]:
    return page.evaluate(
        f"""() => {{
          const outputs = document.querySelectorAll('.jp-Notebook .jp-OutputArea-output');
          const errors = [...document.querySelectorAll('{ERROR_OUTPUTS}')].map(e => e.textContent.slice(0, 500));
          const text = [...outputs].map(e => e.textContent).join('\\n');
          const boards = [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output svg title')]
            .filter(t => /board/i.test(t.textContent)).length;
          const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]
            .map(p => p.textContent.trim());
          const setup = document.querySelector('.jp-Notebook .jp-CodeCell').querySelectorAll('.jp-OutputArea-output');
          return {{count: outputs.length, errors, widgetErrors: (text.match(/Error displaying widget/g) || []).length,
                   boards, prompts, setupOutputs: setup.length}};
        }}"""
    )


@pytest.fixture(scope="module")
def chapter_runs(browser: Browser) -> dict[str, dict[str, Any]]:
    """Chapters 1 and 2 run from scratch; chapter 2's page is kept open for the board test."""
    runs = {}
    for name in ("01_board.ipynb", "02_sowing.ipynb"):
        page = open_notebook(browser, name)
        run_all_from_scratch(page)
        runs[name] = cell_outputs(page)
        page.screenshot(path=str(SHOTS / f"{name}-ran.png"))
        if name == "02_sowing.ipynb":
            runs[name]["page"] = page  # its board is played below
        else:
            page.close()  # and its Python with it: the machine has two cores
    return runs


@pytest.mark.parametrize("name", ["01_board.ipynb", "02_sowing.ipynb"])
def test_chapter_runs_without_an_error(chapter_runs: dict[str, dict[str, Any]], name: str) -> None:
    run = chapter_runs[name]
    assert run["count"] > 0, f"{name}: no output at all after Run All"
    assert run["errors"] == [], f"{name}: error output"
    assert run["widgetErrors"] == 0, f"{name}: a widget could not be displayed"
    assert run["setupOutputs"] == 0, f"{name}: the setup cell printed something (it installs quietly)"
    # Every code cell, the setup cell first, ran once and in order (run_all_from_scratch expands
    # the collapsed code, so that each shows its number).
    assert all(run["prompts"]), f"{name}: a code cell shows no number: {run['prompts']}"
    numbers = [int(p.strip("[]:")) for p in run["prompts"]]
    assert numbers == list(range(1, len(numbers) + 1)), f"{name}: not every cell ran, in order: {run['prompts']}"


def test_vietnamese_live_notebook_runs_in_vietnamese(browser: Browser) -> None:
    """The Vietnamese edition's live chapter 1 (vi/lite/, issue 15): its text is Vietnamese, its
    first cell sets LANGUAGE = "vi", and run in the browser its boards and captions are the
    engine's Vietnamese."""
    files = HTML / "vi" / "lite" / "files"
    notebook = json.loads((files / "01_board.ipynb").read_text(encoding="utf-8"))
    assert 'LANGUAGE = "vi"' in "".join(notebook["cells"][0]["source"])
    assert "Bàn chơi" in "".join(notebook["cells"][1]["source"])  # the title, translated
    page = open_notebook(browser, "01_board.ipynb", root="vi/lite/")
    try:
        run_all_from_scratch(page)
        run = cell_outputs(page)
        assert run["errors"] == [] and run["widgetErrors"] == 0
        text = page.locator(".jp-Notebook").inner_text()
        assert "Hàng dưới" in text and "Người chơi 0" not in text, text[:400]
        titles = page.locator(".jp-Notebook .jp-OutputArea-output svg title").all_text_contents()
        assert titles and all("board" not in t for t in titles), titles[:3]
        page.screenshot(path=str(SHOTS / "vi-01_board-ran.png"))
    finally:
        page.close()


@pytest.mark.parametrize("name", ["01_board.ipynb", "02_sowing.ipynb"])
def test_chapter_draws_a_board(chapter_runs: dict[str, dict[str, Any]], name: str) -> None:
    assert chapter_runs[name]["boards"] > 0, f"{name}: no board picture after Run All"


def test_try_it_yourself_board_plays_a_move(chapter_runs: dict[str, dict[str, Any]]) -> None:
    """Chapter 2's GameBoard: a square, then a direction; the engine's move shows in the move list (R3.1, R3.2)."""
    page = chapter_runs["02_sowing.ipynb"]["page"]
    move = Position.initial().legal_moves()[0]
    board = page.locator(f'.jp-OutputArea-output:has(button[title="square {move.square}"])').first
    square = board.locator(f'button[title="square {move.square}"]')
    # textContent, not innerText: JupyterLab skips rendering the cells off screen (content-visibility).
    assert "No moves yet" in board.text_content()
    square.scroll_into_view_if_needed()
    square.click()
    # The direction buttons name the move once a square is chosen ("← 5L", "7R →").
    board.get_by_role("button", name=re.compile(rf"(^|\s){move}(\s|$)")).click()
    page.wait_for_function(  # the move list names the player ("1. Bottom row 5L")
        "([el, listed]) => new RegExp(listed).test(el.textContent)",
        arg=[board.element_handle(), rf"1\. Bottom row {move}(?![0-9A-Z])"],
        timeout=30_000,
    )
    board.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "02_sowing-board-played.png"))
    assert "No moves yet" not in board.text_content()


#: The package's wheel that the site ships for the live notebooks (tools/build/lite.py).
WHEEL = re.compile(r"/lite/pypi/oanquan-[^/]+\.whl$")


def test_the_setup_cell_installs_the_sites_wheel_once(browser: Browser, chapter_runs: dict[str, Any]) -> None:
    """The first cell (tools/build/lite_cell.py) installed oanquan from this site's wheel; run again
    in the same Python, it installs nothing more and still prints nothing."""
    page = chapter_runs["02_sowing.ipynb"]["page"]
    fetched = [url for url in browser.requested if WHEEL.search(urlsplit(url).path)]
    assert fetched, "the chapters ran, but no oanquan wheel was fetched from the site"
    setup = page.locator(".jp-Notebook .jp-CodeCell").first
    before = setup.locator(".jp-InputPrompt").text_content().strip()
    setup.locator(".jp-InputPrompt").click()
    page.keyboard.press("Control+Enter")  # run the selected cell, stay on it
    page.wait_for_function(
        r"""([cell, before]) => {
          const status = document.querySelector('.jp-Notebook-ExecutionIndicator')?.dataset.status;
          const prompt = cell.querySelector('.jp-InputPrompt').textContent.trim();
          return prompt !== before && /^\[\d+\]:$/.test(prompt) && status === 'idle';
        }""",
        arg=[setup.element_handle(), before],
        timeout=60_000,
        polling=250,
    )
    assert [url for url in browser.requested if WHEEL.search(urlsplit(url).path)] == fetched
    assert setup.locator(".jp-OutputArea-output").count() == 0


# -- changes kept, and the way back to the original --------------------------------------------

MARKER = "my_change = 12345"


def _notebook_text(page: Any) -> str:
    return page.locator(".jp-Notebook").text_content()


#: The reader's saved copy of a file, as JupyterLite stores it (IndexedDB "JupyterLite Storage - <folder>",
#: store "files", keyed by file name), as JSON text; null when there is none.
_SAVED_COPY_JS = """async (name) => {
  const folder = new URL('./', location.href).pathname.replace(/notebooks\\/$/, '');
  const open = indexedDB.open('JupyterLite Storage - ' + folder);
  const db = await new Promise((ok, fail) => { open.onsuccess = () => ok(open.result); open.onerror = fail; });
  if (!db.objectStoreNames.contains('files')) return null;
  const get = db.transaction('files').objectStore('files').get(name);
  const value = await new Promise((ok, fail) => { get.onsuccess = () => ok(get.result); get.onerror = fail; });
  db.close();
  return value === undefined ? null : JSON.stringify(value);
}"""


def _saved_copy(page: Any, name: str) -> str | None:
    return page.evaluate(_SAVED_COPY_JS, name)  # type: ignore[no-any-return]


def _cells_shown(page: Any, count: int) -> None:
    """Wait until the notebook shows ``count`` cells (JupyterLab adds them to the page a few at a time)."""
    page.wait_for_function(f"() => document.querySelectorAll('.jp-Notebook .jp-Cell').length === {count}")


def test_changes_are_kept_and_the_chapter_can_be_reset(browser: Browser) -> None:
    name = "03_relay.ipynb"
    original_cells = len(json.loads((LITE / "files" / name).read_text(encoding="utf-8"))["cells"])

    page = open_notebook(browser, name)
    _cells_shown(page, original_cells)
    page.locator(".jp-Notebook .jp-MarkdownCell").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # a new code cell below
    page.keyboard.press("Enter")
    page.keyboard.type(MARKER)
    page.keyboard.press("Escape")
    page.keyboard.press("Control+s")
    with contextlib.suppress(TimeoutError):  # saved in the browser within a few seconds
        wait_until(
            page,
            f"async ([name, marker]) => ((await ({_SAVED_COPY_JS})(name)) || '').includes(marker)",
            [name, MARKER],
            timeout=10,
        )
    assert MARKER in (_saved_copy(page, name) or ""), "the change was not saved in the browser"
    page.close()

    # Another visit: the change is still there.
    page = open_notebook(browser, name)
    _cells_shown(page, original_cells + 1)
    assert MARKER in _notebook_text(page)
    page.close()

    # The chapter's page in the book links to the reset page, which asks, then removes the copy.
    page = browser.page()
    page.goto(f"{browser.base}notebooks/{name.removesuffix('.ipynb')}.html")
    page.get_by_role("link", name="Start the chapter again from the original").click()
    page.wait_for_selector("[data-part=ask]:not([hidden])")
    page.screenshot(path=str(SHOTS / "reset-ask.png"))
    page.get_by_role("button", name="Remove my changes and open the original").click()
    page.wait_for_url(re.compile(r"/lite/notebooks/index\.html\?path=03_relay\.ipynb$"))
    _cells_shown(page, original_cells)
    # Opened in full, its Python started: a copy read from storage would have replaced it by now.
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status=idle]", timeout=RUN_ALL_MS)
    _cells_shown(page, original_cells)
    assert MARKER not in _notebook_text(page)
    assert MARKER not in (_saved_copy(page, name) or "")
    page.close()

    # Asked again, the reset page says there is nothing to remove.
    page = browser.page()
    page.goto(f"{browser.base}lite/reset.html?path={name}")
    page.wait_for_selector("[data-part=unchanged]:not([hidden])")
    page.close()


def test_reset_page_names_the_chapters_for_an_unknown_one(browser: Browser) -> None:
    page = browser.page()
    page.goto(f"{browser.base}lite/reset.html?path=%3Cb%3Enope%3C%2Fb%3E.ipynb")
    page.wait_for_selector("[data-part=unknown]:not([hidden])")
    assert page.locator("[data-name=asked]").inner_text() == "<b>nope</b>.ipynb"  # shown as text, not markup
    assert page.locator("[data-name=list] a").count() == len(list((LITE / "files").glob("*.ipynb")))
    page.close()


# -- the whole module: nothing from another host, no page error ----------------------------------


def test_nothing_came_from_another_host(browser: Browser, chapter_runs: dict[str, Any]) -> None:
    """After the tests above (pytest keeps the file's order): Python, wheels and chapters came from 127.0.0.1."""
    assert browser.foreign == []
    assert browser.failed == []
    assert browser.errors == []


# -- the build: every chapter has a twin, linked from its page ----------------------------------


def test_every_chapter_has_a_live_twin_that_starts_with_the_setup_cell(site_dir: Path) -> None:
    chapters = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    twins = sorted(p.name for p in (LITE / "files").glob("*.ipynb"))
    assert twins == chapters
    for name in twins:
        notebook = json.loads((LITE / "files" / name).read_text(encoding="utf-8"))
        assert starts_with_live_cell(notebook), name
        assert [c.get("id") for c in notebook["cells"]].count(CELL_ID) == 1, name
        assert notebook["metadata"]["kernelspec"]["name"] == "python", name


def test_the_file_lists_dates_are_the_commits_not_the_builds(site_dir: Path) -> None:
    """Two builds of the same tree are the same build (the service worker's version, every reader's
    download): the live notebooks' file list and package index give no date later than the
    commit's (SOURCE_DATE_EPOCH), where a build writes its files later than that."""
    from tools.build.lite import source_date_epoch

    latest = datetime.fromtimestamp(int(source_date_epoch()), tz=UTC).isoformat().replace("+00:00", "Z")
    for lite in (LITE, site_dir / "vi" / "lite"):
        listing = json.loads((lite / "api" / "contents" / "all.json").read_text(encoding="utf-8"))["content"]
        assert len(listing) == len(list((ROOT / "notebooks").glob("*.ipynb"))), lite
        for entry in listing:
            assert entry["created"] <= latest and entry["last_modified"] <= latest, (lite, entry)
        index = json.loads((lite / "pypi" / "all.json").read_text(encoding="utf-8"))
        for release in index["oanquan"]["releases"].values():
            assert all(upload["upload_time"] <= latest for upload in release), lite


def test_every_chapter_page_links_to_its_live_notebook_and_reset_page(site_dir: Path) -> None:
    for chapter in sorted((ROOT / "notebooks").glob("*.ipynb")):
        page = site_dir / "notebooks" / f"{chapter.stem}.html"
        html = page.read_text(encoding="utf-8")
        box = re.search(r'<aside class="oaq-live".*?</aside>', html, re.S)
        assert box, f"{page.name}: no live-notebook box"
        links = dict(re.findall(r'<a class="(oaq-live-open|oaq-live-reset)" href="([^"]+)"', box[0]))
        for kind, target in (("oaq-live-open", "notebooks/index.html"), ("oaq-live-reset", "reset.html")):
            url = urlsplit(urljoin(f"http://site/notebooks/{page.name}", links[kind].replace("&amp;", "&")))
            assert url.path == f"/lite/{target}", (page.name, kind, links[kind])
            assert parse_qs(url.query)["path"] == [chapter.name], (page.name, kind, links[kind])
            assert (site_dir / unquote(url.path).lstrip("/")).is_file()
        assert "first start" in box[0] and "stay in this browser" in box[0]
    # Pages that are not chapters have no box.
    assert 'class="oaq-live"' not in (site_dir / "book" / "rules.html").read_text(encoding="utf-8")


def test_every_live_notebook_page_carries_the_policy(site_dir: Path) -> None:
    """Issue 24: the live notebooks' pages (both editions) have the site's Content-Security-Policy;
    the browser tests above run under it and count what it refuses as a console error."""
    pages = sorted(LITE.rglob("*.html")) + sorted((site_dir / "vi" / "lite").rglob("*.html"))
    assert len(pages) >= 20, pages
    for page in pages:
        head = page.read_text(encoding="utf-8").split("</head>")[0]
        assert head.count('http-equiv="Content-Security-Policy"') == 1, page
        assert "default-src &#x27;self&#x27;" in head, page


def test_live_notebooks_never_ask_the_internet(site_dir: Path) -> None:
    """The settings the page reads: Pyodide from this site, no fallback to PyPI, and the pinned wheels."""
    config = json.loads((LITE / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert all(url.startswith("./") for url in kernel["pipliteUrls"])
    index = json.loads((LITE / "pypi" / "all.json").read_text(encoding="utf-8"))
    assert {"oanquan", "ipywidgets", "comm", "jupyterlab-widgets"} <= set(index)
    lock = json.loads((LITE / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    for entry in lock["packages"].values():
        assert (LITE / "static" / "pyodide" / entry["file_name"]).is_file(), entry["file_name"]


def test_the_kernel_gets_the_package_built_from_this_tree(site_dir: Path) -> None:
    """The oanquan wheel of the live notebooks holds this work tree's package, and building it left nothing here."""
    (wheel,) = (LITE / "pypi").glob("oanquan-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        packed = {name: archive.read(name) for name in archive.namelist() if name.startswith("oanquan/")}
    sources = {
        p.relative_to(ROOT).as_posix(): p.read_bytes()
        for p in (ROOT / "oanquan").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert packed == sources
    assert not (ROOT / "build").exists()


def test_the_live_notebooks_are_served_by_the_editions_worker_not_jupyterlites(
    chapter_runs: dict[str, dict[str, Any]],
) -> None:
    """JupyterLite's own service worker is switched off (tools/build/lite.py): registered for lite/,
    it would answer there from the network only, and the live notebooks would not open offline
    (issue 23; the offline run itself is in tests/test_updates.py).

    Asked of chapter 2's live notebook that ran above, open in full with its Python idle (issue 45:
    the test opened it again, and started Python again, to ask the same question)."""
    page = chapter_runs["02_sowing.ipynb"]["page"]
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status=idle]", timeout=RUN_ALL_MS)
    scopes = page.evaluate("navigator.serviceWorker.getRegistrations().then(rs => rs.map(r => r.scope))")
    assert not [scope for scope in scopes if scope.endswith("/lite/")], scopes
    config = json.loads((LITE / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    assert config["disabledExtensions"] == ["@jupyterlite/application-extension:service-worker-manager"]
