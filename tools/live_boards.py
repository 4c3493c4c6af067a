"""Sphinx extension: a live board on the page wherever a chapter shows a board to play on.

A chapter's ``GameBoard``, ``PositionEditor`` or ``PuzzleWidget`` stores, beside its widget
view, the setup of the same board for the website (an output of type
``application/vnd.oanquan.live+json``, written by :mod:`oanquan.live` when the notebook ran).
On a page with no kernel the widget view would be dead, so this extension renders that output
instead of the widget (a myst-nb mime renderer, first in the HTML builders' priority): the
first answer of the web bridge (:mod:`oanquan.web`), computed here from the stored setup, so
the board is drawn at once; one line saying that it runs in the browser; and the controls.
``liveboard.js`` (book/_static_play/) brings it to life on the first click with the engine
the Play page uses (``engine.js``, a Web Worker).

Registered in ``_config.yml`` (``sphinx.local_extensions``). Nothing here is a rule of the
game: the setup comes from the notebook, the picture and the words from the engine.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from oanquan.live import LIVE_MIME, first_answer

#: The one line each board carries on the page.
RUNS_HERE = "This board runs in your browser: click a square to start (the engine takes a few seconds to load)."

#: Each kind's controls under the board (no text typed into them comes from here but labels).
_DIRECTIONS = (
    '<div class="oaq-directions" data-oaq="directions" hidden>'
    '<button type="button" data-direction="L"></button><button type="button" data-direction="R"></button></div>'
)

CONTROLS = {
    "game": (
        _DIRECTIONS + '<p class="oaq-caption" data-oaq="caption" aria-live="polite"></p>'
        '<p class="oaq-scores" data-oaq="scores"></p><p class="oaq-record" data-oaq="record"></p>'
        '<div class="oaq-controls"><button type="button" data-oaq="undo">Undo</button> '
        '<button type="button" data-oaq="hint">Hint</button> '
        '<button type="button" data-oaq="new">New game</button> '
        '<button type="button" data-oaq="skip">Skip animation</button></div>'
        '<p><a data-oaq="continue" href="#">Continue this game on the Play page</a> (every level and rule option)</p>'
    ),
    "puzzle": (
        _DIRECTIONS + '<p class="oaq-caption" data-oaq="caption" aria-live="polite"></p>'
        '<p class="oaq-verdict" data-oaq="verdict" aria-live="polite"></p>'
        '<div class="oaq-controls"><button type="button" data-oaq="hint">Hint</button> '
        '<button type="button" data-oaq="answer">Show answer</button> '
        '<button type="button" data-oaq="retry">Try again</button> '
        '<button type="button" data-oaq="next">Next puzzle ▶</button></div>'
    ),
    "editor": (
        '<div class="oaq-edit-modes" role="group" aria-label="A click on a square">'
        '<button type="button" data-oaq="mode" data-mode="add" aria-pressed="true">+1 pebble</button> '
        '<button type="button" data-oaq="mode" data-mode="remove" aria-pressed="false">−1 pebble</button> '
        '<button type="button" data-oaq="mode" data-mode="select" aria-pressed="false">select</button></div>'
        '<div class="oaq-edit-square"><label>Pebbles in square <span data-oaq="square-name"></span> '
        '<input type="number" min="0" max="1000" data-oaq="count"></label> '
        '<label data-oaq="stone-label"><input type="checkbox" data-oaq="stone"> Mandarin stone</label> '
        '<label>To move <select data-oaq="to-move"><option value="0">player 0</option>'
        '<option value="1">player 1</option></select></label></div>'
        '<div class="oaq-edit-square"><label>Store of player 0 <input type="number" min="0" max="1000"'
        ' data-oaq="store" data-player="0"></label> <label>Store of player 1 <input type="number" min="0"'
        ' max="1000" data-oaq="store" data-player="1"></label></div>'
        '<p class="oaq-edit-message" data-oaq="message" aria-live="polite"></p>'
        '<form class="oaq-typed" data-oaq="text-form"><label>Position '
        '<input data-oaq="text" size="36" autocomplete="off" spellcheck="false"></label> '
        '<button type="submit">Read text</button></form>'
        '<p><a data-oaq="play" href="#">Play from here on the Play page</a></p>'
    ),
}


def board_html(setup: dict[str, Any], board: str) -> str:
    """The live board's HTML: the stored setup and the bridge's first answer, drawn at once."""
    answer = first_answer(setup)
    kind = setup["kind"]
    if kind not in CONTROLS:
        raise ValueError(f"a live board's kind is game, puzzle or editor, not {kind!r}")
    data = json.dumps({"setup": setup, "answer": answer}, ensure_ascii=False).replace("</", "<\\/")
    status = answer.get("status", "") if kind != "editor" else answer["editor"]["message"]
    puzzle = answer.get("puzzle") or {}
    heading = f'<p class="oaq-puzzle-text" data-oaq="puzzle-text">{escape(puzzle.get("text", ""))}</p>'
    return (
        f'<div class="oaq oaq-liveboard" data-kind="{kind}" data-board="{escape(board)}" data-state="static">'
        f'<script type="application/json" data-oaq="setup">{data}</script>'
        f'<p class="oaq-live-line"><em>{escape(RUNS_HERE)}</em></p>'
        + (heading if kind == "puzzle" else "")
        + '<p class="oaq-error" data-oaq="error" role="alert" hidden></p>'
        f'<div class="oaq-board" data-oaq="board">{answer["svg"]}</div>'
        f'<p class="oaq-status" data-oaq="status" role="status">{escape(status)}</p>' + CONTROLS[kind] + "</div>"
    )


class LiveBoardRenderer:
    """The myst-nb mime renderer of a live board's setup (see ``myst_nb.core.render.MimeRenderPlugin``).

    For the HTML builders the setup comes first, before the widget view; elsewhere it is not shown.
    """

    mime_priority_overrides = [("*", LIVE_MIME, None)] + [
        (builder, LIVE_MIME, 1) for builder in ("html", "dirhtml", "singlehtml", "readthedocs", "readthedocsdirhtml")
    ]

    @staticmethod
    def handle_mime(renderer: Any, data: Any, inline: bool) -> list[nodes.Element] | None:
        if data.mime_type != LIVE_MIME or inline:
            return None
        setup = data.content if isinstance(data.content, dict) else json.loads(data.string)
        return [nodes.raw("", board_html(setup, f"cell{data.cell_index}"), format="html", oaq_live=True)]


def _register_renderer() -> None:
    """Add :class:`LiveBoardRenderer` to myst-nb's mime renderers (those of the entry points, cached once)."""
    from myst_nb.core import render

    plugins = render.load_mime_renders()
    if not isinstance(plugins, list):
        raise RuntimeError("myst-nb's load_mime_renders() no longer returns a list: update tools/live_boards.py")
    if LiveBoardRenderer not in plugins:
        plugins.append(LiveBoardRenderer)


def mark_pages(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Note the pages that have live boards, for :func:`add_scripts`."""
    if any(node.get("oaq_live") for node in doctree.findall(nodes.raw)):
        _pages(app).add(docname)


def _pages(app: Sphinx) -> set[str]:
    """The pages of this build that have live boards."""
    if not hasattr(app, "oanquan_live_pages"):
        app.oanquan_live_pages = set()  # type: ignore[attr-defined]
    pages: set[str] = app.oanquan_live_pages  # type: ignore[attr-defined]
    return pages


def add_scripts(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """The engine's client and the boards' script, on the pages that have live boards only."""
    if pagename in _pages(app):
        app.add_js_file("play/engine.js")
        app.add_js_file("play/board-view.js")
        app.add_js_file("play/liveboard.js")
        app.add_css_file("play/play.css")
        app.add_css_file("play/liveboard.css")


def setup(app: Sphinx) -> dict[str, Any]:
    _register_renderer()
    app.connect("doctree-resolved", mark_pages)
    app.connect("html-page-context", add_scripts)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
