"""A folder served on 127.0.0.1 and Debian's headless Chromium: what the browser tests share.

The browser tests (``tests/test_site.py``, ``tests/test_play_page.py``,
``tests/test_widgets_browser.py``) and the benchmarks (``benchmarks/bench_play_page.py``) all
open pages of a local folder in headless Chromium, driven by the ``playwright`` package with the
system browser (never ``playwright install``, see docs/stack.md). This module holds that
plumbing once:

- :data:`CHROMIUM`, the tests' browser (``$CHROMIUM`` overrides Debian's headless shell),
  :data:`READERS_CHROMIUM`, the benchmarks' (a reader's Chromium, ``/usr/bin/chromium``), and
  :data:`CHROMIUM_FLAGS`, the flags of docs/stack.md (no sandbox, GPU, QUIC or background
  traffic, so nothing but the page's own requests leaves the browser), and :data:`TEST_FLAGS`,
  the tests' (V8 set to spend less CPU);
- :func:`chromium_missing`, the message to fail or skip with when the browser is absent;
- :func:`serve`, a folder served over HTTP on 127.0.0.1 for the length of a ``with`` block
  (counting the bytes it sends, for a benchmark);
- :func:`chromium` and :func:`chromium_profile`, the browser, with a profile of its own or none;
- :func:`keep_warm`, a tab kept open so that each new tab of the site starts warm.

Import it from the repository root (``pythonpath = ["."]`` for pytest; ``python -m
benchmarks`` runs from there)::

    from tools.testing.localsite import CHROMIUM, CHROMIUM_FLAGS, chromium_missing, serve
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import http.server
import importlib.util
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final, Literal

__all__ = ["CHROMIUM", "CHROMIUM_FLAGS", "READERS_CHROMIUM", "TEST_FLAGS", "chromium_missing", "keep_warm", "serve"]

#: The browser tests' Chromium: ``$CHROMIUM`` if set, else Debian's headless shell (``make
#: browser-deps``), the same Blink and V8 as the whole browser without its windows: the browser
#: stage used 0.85x the CPU with it (778 against 920 CPU-seconds, every test passing; issue 45).
CHROMIUM: Final[str] = os.environ.get("CHROMIUM", "/usr/bin/chromium-headless-shell")
#: The benchmarks' Chromium (``$READERS_CHROMIUM`` overrides it): the whole browser, as a reader
#: has it, since the pages' times are a reader's (``make bench`` installs it).
READERS_CHROMIUM: Final[str] = os.environ.get("READERS_CHROMIUM", "/usr/bin/chromium")
#: The Debian package of each.
_PACKAGES: Final[dict[str, str]] = {
    "/usr/bin/chromium-headless-shell": "chromium-headless-shell",
    "/usr/bin/chromium": "chromium",
}

#: Command-line flags for every launch (docs/stack.md): headless, and no traffic of its own.
CHROMIUM_FLAGS: Final[list[str]] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: And for the tests' browser only (never a benchmark's: its times are a reader's), V8 set to
#: spend less CPU, for a page that runs the same either way:
#: - WebAssembly compiled by the quick compiler only: every page that loads the engine starts
#:   Pyodide afresh, and optimising its 10 MB module again each time was a third of the CPU of
#:   a page load (about 2.5 s against 1.8 s, measured here);
#: - one thread per isolate (no concurrent compiling, marking or sweeping): three test workers
#:   keep both cores busy already, and the helper threads' hand-offs cost CPU of their own. Two
#:   chapters and the Play page, each in a new context, took 0.95x the CPU (4.73-4.88 against
#:   4.93-5.13 CPU-seconds, 10 rounds each; issue 45).
TEST_FLAGS: Final[list[str]] = [*CHROMIUM_FLAGS, "--js-flags=--liftoff-only --single-threaded"]


def _flags(executable: str) -> list[str]:
    """The launch flags for ``executable``: a reader's Chromium (the benchmarks') runs as a reader's does."""
    return CHROMIUM_FLAGS if executable == READERS_CHROMIUM else TEST_FLAGS


def chromium_missing(executable: str = CHROMIUM) -> str | None:
    """Why the browser tests (or, given :data:`READERS_CHROMIUM`, the benchmarks) cannot run:
    ``executable`` is not there; None if they can."""
    if Path(executable).exists():
        return None
    readers = executable == READERS_CHROMIUM
    how = "`make bench-deps`" if readers else "`make browser-deps`"
    package = _PACKAGES.get(executable, "chromium" if readers else "chromium-headless-shell")
    return f"{executable} is missing: {how} installs it (apt-get install {package})"


class _QuietServer(http.server.ThreadingHTTPServer):
    """A browser that closes a page mid-download resets its connection: not an error of the site."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # reset, broken pipe, aborted
            super().handle_error(request, client_address)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files like ``python -m http.server`` but logs nothing to stderr, and adds the bytes
    of every body it sends to ``sent[0]`` when given a list."""

    sent: list[int] | None = None

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            if self.sent is not None:
                self.sent[0] += len(chunk)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(directory: str | os.PathLike[str], sent: list[int] | None = None) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 while the block runs; yields the base URL ``http://127.0.0.1:PORT/``.

    The server runs in this process, in a daemon thread, on a free port chosen by the
    system (port 0), so it is listening as soon as the block starts; it is shut down and
    its socket closed when the block ends. With ``sent`` (a list of one number), it counts there
    the bytes it serves: what a benchmark's visit downloaded.
    """
    counting = type("Handler", (_QuietHandler,), {"sent": sent})
    handler = functools.partial(counting, directory=os.fspath(directory))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name=f"serve {directory}", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


_PLAYWRIGHT: Any = None


def playwright() -> Any:
    """The process's one Playwright driver, started on first use and stopped when the process ends.

    Playwright's sync API allows one driver at a time in a thread: a second ``sync_playwright()``
    while the first runs (a module's own browser profile beside the browser a test worker shares,
    tests/conftest.py) fails with "using Playwright Sync API inside the asyncio loop". So every
    launch of a test run goes through this one driver.
    """
    global _PLAYWRIGHT
    if _PLAYWRIGHT is None:
        from playwright.sync_api import sync_playwright

        _PLAYWRIGHT = sync_playwright().start()
        atexit.register(_PLAYWRIGHT.stop)
    return _PLAYWRIGHT


@contextlib.contextmanager
def chromium(executable: str = CHROMIUM) -> Iterator[Any]:
    """Debian's Chromium, headless and driven by Playwright, for a browser test module (or
    ``executable``, :data:`READERS_CHROMIUM` for a benchmark).

    A missing browser or Playwright fails the test with the reason (it is never skipped).
    """
    import pytest

    if importlib.util.find_spec("playwright") is None:  # pragma: no cover - requirements.txt pins playwright
        pytest.fail("Playwright is not installed: run `make setup`")
    if missing := chromium_missing(executable):
        pytest.fail(missing)
    browser = playwright().chromium.launch(executable_path=executable, args=_flags(executable))
    try:
        yield browser
    finally:
        browser.close()


@contextlib.contextmanager
def chromium_profile(
    profile: str | os.PathLike[str],
    viewport: dict[str, int] | None = None,
    extra_args: tuple[str, ...] = (),
    service_workers: Literal["allow", "block"] = "allow",
    executable: str = CHROMIUM,
) -> Iterator[Any]:
    """Debian's Chromium with a profile of its own (a persistent context: service workers, storage).

    Like :func:`chromium`, a missing browser fails the test with the reason. ``service_workers``
    is Playwright's option: ``"block"`` for a test that is not about the site's worker, which
    would otherwise keep the whole edition offline while the test goes on; ``executable`` as
    :func:`chromium`'s.
    """
    import pytest

    if missing := chromium_missing(executable):
        pytest.fail(missing)
    options: dict[str, Any] = {
        "executable_path": executable,
        "headless": True,
        "args": [*_flags(executable), *extra_args],
        "service_workers": service_workers,
    }
    if viewport is not None:
        options["viewport"] = viewport
    context = playwright().chromium.launch_persistent_context(str(profile), **options)
    try:
        yield context
    finally:
        context.close()


#: The page of :func:`keep_warm`'s tab: nothing to fetch, not even an icon.
_WARM_PAGE = '<!doctype html><html lang="en"><link rel="icon" href="data:,"><title>kept open</title></html>'


def keep_warm(context: Any, base: str) -> Any:
    """Open a tab on ``base``'s site in ``context`` and keep it open for the context's life; return it.

    Chromium gives a new tab a renderer process of its own unless a tab of the same site is
    already open, and a new process starts cold: it compiles the page's scripts and the engine's
    WebAssembly again. Measured here, a Play page opened in a new tab and played once took
    1.7 CPU-seconds, and 1.05 with such a tab open (issue 19: the browser tests open hundreds of
    tabs, on two cores). The tab's page comes from Playwright, so the server sees no request for it.
    """
    page = context.new_page()
    address = base.rstrip("/") + "/kept-open-by-the-tests.html"
    page.route(address, lambda route: route.fulfill(body=_WARM_PAGE, content_type="text/html"))
    page.goto(address)
    return page
