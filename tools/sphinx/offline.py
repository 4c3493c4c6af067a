"""Sphinx extension: every page registers its edition's service worker (``offline.js``, issue 23),
and a game page starts its engine from its head (``play/engine-start.js``, issue 45).

The worker itself (``sw.js`` at each edition's root) is written after the book is built, by
``tools/build/play.py --service-worker``, and keeps every file of its edition. Registered here
on every page, not only on the Play and Puzzles pages, so that one visit to any page of an
edition (the teacher's guide, a chapter) is enough for the whole edition to open offline.

The Play and Puzzles pages' engine (``play/engine.js``, a Web Worker) was started by a script at
the end of the game's markup, which runs only once the browser has read the page's head and its
dozen theme scripts; a module in the head (asynchronous: it never holds the page back) starts the
same engine as soon as it arrives, the worker fetching Pyodide while the rest of the page loads.

Registered in ``_config.yml`` (``sphinx.local_extensions``).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

#: The script, from book/_site_static/ (served as _static/offline.js).
SCRIPT = "offline.js"
#: The engine's early start, from book/_static_play/ (served as _static/play/engine-start.js): before
#: the theme's scripts (priority 100, theirs 500), which hold the page until each has run.
ENGINE_START = "play/engine-start.js"
#: What marks a game page: the game's markup (book/_static_play/game.html).
GAME = 'id="oaq"'


def start_engine_early(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """The engine's start in the head of the pages with a game (the Play and Puzzles pages) only."""
    if GAME in str(context.get("body", "")):
        app.add_js_file(ENGINE_START, priority=100, type="module", loading_method="async")


def setup(app: Sphinx) -> dict[str, Any]:
    # a module, so deferred: it runs once the page is parsed (its <meta name="oanquan-build"> read), never in the way
    app.add_js_file(SCRIPT, type="module")
    app.connect("html-page-context", start_engine_early)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
