"""Sphinx extension: an "Open as a live notebook" box under the title of every chapter page.

Each chapter of the book (a notebook under ``notebooks/``) has a twin in the live notebooks
that ``tools/build/lite.py`` builds into ``lite/``: the same notebook, run by Python in the
reader's browser. This extension puts, right under the chapter's title, a link to that twin
and a few words on what to expect (the first start takes a while, changes stay in this
browser, how to go back to the original), without touching the notebooks themselves.

Registered in ``_config.yml`` (``sphinx.local_extensions``). Settings, in ``sphinx.config``:

- ``oanquan_lite_chapters`` (default ``"notebooks/"``): the document names that get a box;
- ``oanquan_lite_root`` (default ``"lite/"``): where the live notebooks are, from the root of
  the edition's site. Each edition (a Vietnamese one under ``vi/`` later) links to its own.

The words are marked with ``_()`` and come from the engine's catalogue (oanquan.i18n, the one
catalogue of every word in code), in the language of the edition being built.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import quote

from docutils import nodes
from sphinx.application import Sphinx

from oanquan.i18n import _, language, spoken


def live_url(root: str, notebook: str) -> str:
    """The address of a chapter's live notebook, from the edition's root.

    >>> live_url("lite/", "01_board.ipynb")
    'lite/notebooks/index.html?path=01_board.ipynb'
    """
    return f"{root.rstrip('/')}/notebooks/index.html?path={quote(notebook)}"


def reset_url(root: str, notebook: str) -> str:
    """The address of the page that puts a chapter's live notebook back to the original.

    >>> reset_url("lite/", "02_sowing.ipynb")
    'lite/reset.html?path=02_sowing.ipynb'
    """
    return f"{root.rstrip('/')}/reset.html?path={quote(notebook)}"


def box_html(to_root: str, root: str, notebook: str, edition: str = "en") -> str:
    """The box's HTML in the language of ``edition``; ``to_root`` leads from the page to the edition's root.

    >>> "Mở sổ tay tương tác" in box_html("../", "lite/", "01_board.ipynb", "vi")
    True
    """
    with language(spoken(edition)):
        label = _("Live notebook")  # each message outside the f-string, where Babel finds it
        link = _("Open as a live notebook")
        what = _("and run or change the code of this chapter in your browser, with nothing to install.")
        start = _(
            "The first start takes some seconds (up to half a minute on a slow computer) while Python "
            "loads in your browser; then choose Run ▸ Run All Cells."
        )
        kept = _(
            "Your changes stay in this browser, on this computer, until you clear its saved data; "
            "nothing is sent anywhere."
        )
        again = _("Start the chapter again from the original")
    live = escape(to_root + live_url(root, notebook))
    reset = escape(to_root + reset_url(root, notebook))
    return (
        f'<aside class="oaq-live" aria-label="{escape(label)}">\n'
        f'<p><a class="oaq-live-open" href="{live}">{escape(link)}</a> {escape(what)}</p>\n'
        f'<p class="oaq-live-note">{escape(start)} {escape(kept)} '
        f'<a class="oaq-live-reset" href="{reset}">{escape(again)}</a>.</p>\n'
        "</aside>\n"
    )


def add_box(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Insert the box after the first title of a chapter page (HTML builders only)."""
    prefix = app.config.oanquan_lite_chapters
    if app.builder.format != "html" or not docname.startswith(prefix):
        return
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None or not isinstance(section[0], nodes.title):
        return
    notebook = Path(docname).name + ".ipynb"
    to_root = "../" * docname.count("/")
    box = box_html(to_root, app.config.oanquan_lite_root, notebook, spoken(app.config.language))
    raw = nodes.raw("", box, format="html")
    section.insert(1, raw)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("oanquan_lite_chapters", "notebooks/", "html")
    app.add_config_value("oanquan_lite_root", "lite/", "html")
    app.add_css_file("live-notebooks.css")
    app.connect("doctree-resolved", add_box)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
