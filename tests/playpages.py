"""What the browser tests of the Play and Puzzles pages share (``tests/test_play_page.py`` and
``tests/test_puzzles_page.py``): a browsing context per module, whose tabs start with empty
storage, a page whose errors and requests are watched, and the puzzles the site serves.

The two modules were one until issue 19: apart, the two workers of ``make site-test`` share
the browser tests out more evenly.
"""

from __future__ import annotations

import contextlib
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from conftest import SITE, record_problems
from oanquan.puzzles import Puzzle, loads, path
from tools.testing.localsite import keep_warm

ROOT = Path(__file__).resolve().parent.parent
READY = "#oaq[data-state=ready]"

#: A new tab starts with empty storage; a reload in the same tab keeps it (sessionStorage is per tab).
FRESH_STORAGE = """
try {
  if (!sessionStorage.getItem("oaq-test-tab")) { localStorage.clear(); sessionStorage.setItem("oaq-test-tab", "1"); }
} catch (e) {}
"""


def new_context(browser: Any, **options: Any) -> Any:
    made = browser.new_context(**{"viewport": {"width": 1100, "height": 1300}, **options})
    made.add_init_script(FRESH_STORAGE)
    return made


def shared_context(browser: Any, site: str, **options: Any) -> Iterator[Any]:
    """One browsing context for a module (its cache is shared), for a fixture; ``options`` are
    Playwright's (another ``viewport``). Each new tab starts with empty storage (``FRESH_STORAGE``).

    It has no service worker: a worker would keep the whole edition offline (88 MB) in every
    module's context, some 25 CPU-seconds that the other test worker needs; the pages served by
    the worker are checked by test_updates and by the Play page's offline test, in contexts of
    their own.
    """
    shared = new_context(browser, service_workers="block", **options)
    keep_warm(shared, site)  # every test opens a new tab
    yield shared
    shared.close()


class Watched:
    """A page whose errors and requests are recorded, to be checked at the end."""

    def __init__(self, context: Any, site: str) -> None:
        self.site = site
        self.problems: list[str] = []
        self.page = context.new_page()
        host = urlsplit(site).netloc
        page = self.page
        record_problems(page, self.problems)

        def check_host(request: Any) -> None:
            parts = urlsplit(request.url)
            if parts.scheme in ("data", "blob"):
                return
            if parts.netloc != host:
                self.problems.append(f"request to another host: {request.url}")

        page.on("request", check_host)

    def open(self, path: str, state: str = READY, timeout: float = 60_000, speed: str | None = None) -> None:
        """Open ``path`` and wait for ``state``; then choose the animation ``speed`` ("0": none), if given."""
        self.page.goto(self.site + path)
        self.page.wait_for_selector(state, timeout=timeout)
        if speed is not None:
            self.page.select_option("[data-oaq=speed]", speed)

    def text(self, name: str) -> str:
        return str(self.page.text_content(f"[data-oaq={name}]") or "").strip()

    def value(self, name: str) -> str:
        return str(self.page.input_value(f"[data-oaq={name}]"))

    def act(self, selector: str) -> None:
        """Click and wait until the page has finished (animation and computer reply included)."""
        self.page.click(selector)
        self.page.wait_for_selector(READY, timeout=120_000)

    def play(self, move: str) -> None:
        self.act(f"#oaq [data-oaq=board] [data-square='{move[:-1]}']")
        assert self.page.get_attribute("#oaq", "data-state") == "ready"
        self.act(f"#oaq [data-direction='{move[-1]}']")

    def close(self) -> None:
        self.page.close()
        assert self.problems == []


def watched_page(context: Any, site: str) -> Iterator[Watched]:
    """A watched page for one test, for a fixture: closed, and its problems checked, afterwards."""
    page = Watched(context, site)
    yield page
    page.close()


@contextlib.contextmanager
def own_context(browser: Any, site: str, **options: Any) -> Iterator[Watched]:
    """A watched page in a browsing context of its own (a first visit, a service worker, a route of
    its own): the page closed, its problems checked, and the context closed at the end."""
    context = new_context(browser, **options)
    watched = Watched(context, site)
    yield watched
    watched.close()
    context.close()


def served_puzzles() -> list[Puzzle]:
    """The puzzle collection inside the package the site serves to the page, on its graded path."""
    with zipfile.ZipFile(SITE / "_static" / "play" / "oanquan.zip") as archive:
        puzzles = loads(archive.read("oanquan/data/puzzles.json").decode("utf-8"))
    assert puzzles, "the puzzle collection is empty"
    return path(puzzles)


def screenshot_dir() -> Path:
    folder = ROOT / "_build" / "screenshots" / "play"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
