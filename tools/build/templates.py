"""The site's hand-written pages and fragments as Jinja2 templates, their words in the reader's language.

The Play and Puzzles pages' game (``book/_static_play/play.html``, ``puzzles.html`` and the macros
they share, ``game.html``; rendered by tools/build/play.py) and the live notebooks' reset page
(``book/_static_lite/reset.html``; tools/build/lite.py). Every word for readers in them is marked
with ``_()`` or ``{% trans %}``: Babel extracts them into the engine's catalogue with the rest
(``babel.cfg``, ``make catalogues``), and a template renders them in the language that
:func:`oanquan.i18n.language` has set, so there is one catalogue and one way to translate every
word in code (issue 21).
"""

from __future__ import annotations

from pathlib import Path

import jinja2

from oanquan import i18n


def environment(folder: Path) -> jinja2.Environment:
    """The templates in ``folder``: escaped values, an error for an undefined one, words from the catalogue.

    >>> from oanquan.i18n import language
    >>> page = environment(Path(".")).from_string('<p title="{{ tip }}">{{ _("Hint") }}</p>')
    >>> with language("vi"):
    ...     page.render(tip="<b>")
    '<p title="&lt;b&gt;">Gợi ý</p>'
    """
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder),
        extensions=["jinja2.ext.i18n"],
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    # newstyle: _() and {% trans %} look the words up when the page is rendered, in its language
    env.install_gettext_callables(i18n._, i18n.ngettext, newstyle=True)  # type: ignore[attr-defined]
    return env
