"""Sphinx extension: every page registers its edition's service worker (``offline.js``, issue 23).

The worker itself (``sw.js`` at each edition's root) is written after the book is built, by
``tools/build/play.py --service-worker``, and keeps every file of its edition. Registered here
on every page, not only on the Play and Puzzles pages, so that one visit to any page of an
edition (the teacher's guide, a chapter) is enough for the whole edition to open offline.

Registered in ``_config.yml`` (``sphinx.local_extensions``).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

#: The script, from book/_site_static/ (served as _static/offline.js).
SCRIPT = "offline.js"


def setup(app: Sphinx) -> dict[str, Any]:
    # deferred: it runs once the page is parsed (its <meta name="oanquan-build"> read), never in the way
    app.add_js_file(SCRIPT, loading_method="defer")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
