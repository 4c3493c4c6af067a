"""Sphinx extension: names for the parts of a page that the tools we build on leave unnamed (issue 22).

axe-core (``tests/test_site.py`` runs it on every page of both editions) found three kinds:

- the step-through players' **Play widget** draws icon-only buttons (▶, ■) and the sliders'
  handles have no name: ``widget-names.js`` (book/_site_static/) names them once the widget
  manager has drawn them, with words given here in the edition's language;
- myst-nb's **"Show code cell source"** toggles carry ``aria-label="Toggle hidden content"``,
  which hides the visible words from a screen reader: the same toggle is drawn here without it;
- the theme's **search button** is named "Search" while it reads "Search Ctrl+K": its
  template (book/_templates/search-button-field.html) lets the words name it.

Registered in ``_config.yml`` (``sphinx.local_extensions``).
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from sphinx.application import Sphinx

from oanquan.i18n import N_, _, language, spoken

#: The words widget-names.js gives the parts it names, by the part.
WIDGET_WORDS = {
    "play": N_("Play or pause"),
    "stop": N_("Back to the start"),
    "repeat": N_("Repeat"),
}


def widget_words(edition: str) -> dict[str, str]:
    """The words for the widgets' unnamed parts in the language of ``edition``.

    >>> widget_words("en")["stop"]
    'Back to the start'
    """
    with language(spoken(edition)):
        return {part: _(message) for part, message in WIDGET_WORDS.items()}


def add_widget_names(app: Sphinx) -> None:
    """widget-names.js on every page, its words in an attribute of its own tag (no inline script)."""
    words = json.dumps(widget_words(spoken(app.config.language)), ensure_ascii=False)
    app.add_js_file("widget-names.js", loading_method="defer", **{"data-words": words})


def visit_hidden_cell(self: Any, node: Any) -> None:
    """myst-nb's toggle of a hidden cell, its visible words its name (myst_nb.sphinx_.visit_HideCellInput)."""
    classes = " ".join(node["classes"])
    self.body.append(f'<details class="admonition hide {classes}">\n<summary>\n')
    self.body.append(f'<p class="collapsed admonition-title">{escape(node["prompt_show"])}</p>\n')
    self.body.append(f'<p class="expanded admonition-title">{escape(node["prompt_hide"])}</p>\n')
    self.body.append("</summary>\n")


def depart_hidden_cell(self: Any, node: Any) -> None:
    self.body.append("</details>\n")


def setup(app: Sphinx) -> dict[str, Any]:
    from myst_nb.sphinx_ import HideCodeCellNode

    app.add_node(HideCodeCellNode, override=True, html=(visit_hidden_cell, depart_hidden_cell))
    app.connect("builder-inited", add_widget_names)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
