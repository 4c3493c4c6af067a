"""Sphinx extension: a live board on the page wherever a chapter shows a board to play on.

A chapter's ``GameBoard``, ``PositionEditor`` or ``PuzzleWidget`` stores, beside its widget
view, the setup of the same board for the website (an output of type
``application/vnd.oanquan.live+json``, written by :mod:`oanquan.interact.board_setup` when the notebook ran).
On a page with no kernel the widget view would be dead, so this extension renders that output
instead of the widget (a myst-nb mime renderer, first in the HTML builders' priority): the
first answer of the web bridge (:mod:`oanquan.web`), computed here from the stored setup, so
the board is drawn at once; one line saying that it runs in the browser; and the controls.
``liveboard.js`` (book/_static_play/) brings it to life with the engine the Play page uses
(``engine.js``, a Web Worker), which it starts in the background once the page has loaded.

Registered in ``_config.yml`` (``sphinx.local_extensions``). Nothing here is a rule of the
game: the setup comes from the notebook, the picture and the words from the engine.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from oanquan.i18n import LANGUAGES, N_, _, language, spoken
from oanquan.interact.board_setup import LIVE_MIME
from oanquan.narrate import row_names
from oanquan.web import first_answer, picture

#: The one line each board carries on the page (in the edition's language, as every label here).
RUNS_HERE = N_("This board runs in your browser: click a square to play (the game engine starts as the page opens).")

#: The sentences liveboard.js puts on the page itself, given to it in the page's language.
SCRIPT_WORDS = {
    "starting": N_("Starting the game engine in your browser…"),
    "runs": N_("This board runs in your browser."),
    "thinking": N_("The computer is thinking…"),
    "moves": N_("Moves: {record}"),
    "no_moves": N_("No moves yet."),
    "scores": N_("{name_0}: {first} · {name_1}: {second}"),
    "failed": N_("The game engine could not be loaded: {error}."),
}


#: The controls' labels, marked for the catalogue (Babel does not read inside f-strings).
LABELS = {
    "continue": N_("Continue this game on the Play page"),
    "review": N_("Review this game on the Play page"),
    "a_click_on_a_square": N_("A click on a square"),
    "pebbles_in_square": N_("Pebbles in square"),
    "mandarin_stone": N_("Mandarin stone"),
    "to_move": N_("To move"),
    "position": N_("Position"),
    "read_text": N_("Read text"),
    "play_from_here": N_("Play from here on the Play page"),
    "every_level_and_rule_option": N_("(every level and rule option)"),
}


def label(key: str) -> str:
    """A control's label in the language spoken, escaped for HTML."""
    return escape(_(LABELS[key]))


def _button(part: str, message: str, extra: str = "") -> str:
    """A button of the board's controls, labelled with ``message`` in the language spoken."""
    return f'<button type="button" data-oaq="{part}"{extra}>{escape(_(message))}</button>'


def _row(*buttons: str) -> str:
    """A row of the board's buttons."""
    return '<div class="oaq-controls">' + " ".join(buttons) + "</div>"


def _directions() -> str:
    return (
        '<div class="oaq-directions" data-oaq="directions" hidden>'
        '<button type="button" data-direction="L"></button><button type="button" data-direction="R"></button></div>'
    )


def controls(kind: str) -> str:
    """The controls under a board of ``kind`` (game, puzzle or editor), labelled in the language spoken.

    No text typed into them comes from here, only their labels.
    """
    # The caption follows every step of a move's animation, so it is no live region: each move
    # is said once, after it is shown, in the visually hidden "announce" (issue 22).
    caption = (
        '<p class="oaq-caption" data-oaq="caption"></p>'
        '<p class="oaq-announce" data-oaq="announce" role="status" aria-live="polite" aria-atomic="true"></p>'
    )
    if kind == "game":
        return (
            _directions()
            + caption
            + '<p class="oaq-scores" data-oaq="scores"></p><p class="oaq-record" data-oaq="record"></p>'
            + _row(
                _button("undo", N_("undo")),
                _button("hint", N_("hint")),
                _button("new", N_("new game")),
                _button("skip", N_("skip to the end")),
            )
            + f'<p><a data-oaq="continue" href="#">{label("continue")}</a> '
            f"{label('every_level_and_rule_option')}</p>"
            # the review of the game played here (issue 43): the Play page reviews the game of its address
             + f'<p data-oaq="review" hidden><a href="#">{label("review")}</a></p>'
        )
    if kind == "puzzle":
        return (
            _directions()
            + caption
            + '<p class="oaq-verdict" data-oaq="verdict" aria-live="polite"></p>'
            + _row(
                _button("hint", N_("hint")),
                _button("answer", N_("Show answer")),
                _button("retry", N_("Try again")),
                _button("next", N_("Next puzzle ▶")),
            )
        )
    if kind == "editor":
        store = (
            '<label>{label} <input type="number" min="0" max="1000" data-oaq="store" data-player="{player}"></label>'
        )
        # the players as the board's picture calls them (issue 41), as the notebook's editor does
        names = [escape(name) for name in row_names()]
        stores = [
            store.format(label=escape(_("{name}: store").format(name=name)), player=p)
            for p, name in enumerate(row_names())
        ]
        return (
            f'<div class="oaq-edit-modes" role="group" aria-label="{label("a_click_on_a_square")}">'
            + " ".join(
                [
                    _button("mode", N_("+1 pebble"), ' data-mode="add" aria-pressed="true"'),
                    _button("mode", N_("−1 pebble"), ' data-mode="remove" aria-pressed="false"'),
                    _button("mode", N_("select"), ' data-mode="select" aria-pressed="false"'),
                ]
            )
            + "</div>"
            f'<div class="oaq-edit-square"><label>{label("pebbles_in_square")} <span data-oaq="square-name"></span> '
            '<input type="number" min="0" max="1000" data-oaq="count"></label> '
            f'<label data-oaq="stone-label"><input type="checkbox" data-oaq="stone"> {label("mandarin_stone")}</label> '
            f'<label>{label("to_move")} <select data-oaq="to-move">'
            f'<option value="0">{names[0]}</option><option value="1">{names[1]}</option>'
            "</select></label></div>"
            f'<div class="oaq-edit-square">{stores[0]} {stores[1]}</div>'
            '<p class="oaq-edit-message" data-oaq="message" aria-live="polite"></p>'
            f'<form class="oaq-typed" data-oaq="text-form"><label>{label("position")} '
            '<input data-oaq="text" size="36" autocomplete="off" spellcheck="false"></label> '
            f'<button type="submit">{label("read_text")}</button></form>'
            f'<p><a data-oaq="play" href="#">{label("play_from_here")}</a></p>'
        )
    raise ValueError(f"a live board's kind is game, puzzle or editor, not {kind!r}")


#: The language of the edition being built (Sphinx's ``language``), set when the build starts.
_EDITION = {"language": LANGUAGES[0]}


def board_html(setup: dict[str, Any], board: str) -> str:
    """The live board's HTML: the stored setup and the bridge's first answer, drawn at once.

    Everything on it, the engine's first answer included, is in the language of the edition.
    """
    with language(_EDITION["language"]):
        kind = setup["kind"]
        buttons = controls(kind)  # refuses an unknown kind before the engine is asked
        answer = first_answer(setup)
        words = {key: _(message) for key, message in SCRIPT_WORDS.items()}
        # The script fills in the scores; the names are the view-model's (oanquan.interact.view),
        # one board's for its life.
        names = answer.get("names") or row_names()
        words["scores"] = words["scores"].format(name_0=names[0], name_1=names[1], first="{first}", second="{second}")
        data = json.dumps({"setup": setup, "answer": answer, "words": words}, ensure_ascii=False).replace("</", "<\\/")
        status = answer.get("status", "") if kind != "editor" else answer["editor"]["message"]
        puzzle = answer.get("puzzle") or {}
        heading = f'<p class="oaq-puzzle-text" data-oaq="puzzle-text">{escape(puzzle.get("text", ""))}</p>'
        return (
            f'<div class="oaq oaq-liveboard" data-kind="{kind}" data-board="{escape(board)}" data-state="static">'
            f'<script type="application/json" data-oaq="setup">{data}</script>'
            f'<p class="oaq-live-line"><em>{escape(_(RUNS_HERE))}</em></p>'
            + (heading if kind == "puzzle" else "")
            + '<p class="oaq-error" data-oaq="error" role="alert" hidden></p>'
            f'<div class="oaq-board" data-oaq="board">{picture(answer["scene"], f"oaq-{board}")}</div>'
            f'<p class="oaq-status" data-oaq="status" role="status">{escape(status)}</p>' + buttons + "</div>"
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
        raise RuntimeError("myst-nb's load_mime_renders() no longer returns a list: update tools/sphinx/live_boards.py")
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
        app.add_js_file("play/liveboard.js", type="module")  # it imports engine.js, board-view.js and words.js
        app.add_css_file("play/play.css")
        app.add_css_file("play/liveboard.css")


def note_language(app: Sphinx) -> None:
    """Speak the edition's language on its boards (the Vietnamese book's boards are in Vietnamese)."""
    wanted = app.config.language
    _EDITION["language"] = spoken(wanted)


def setup(app: Sphinx) -> dict[str, Any]:
    _register_renderer()
    app.connect("builder-inited", note_language)
    app.connect("doctree-resolved", mark_pages)
    app.connect("html-page-context", add_scripts)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
