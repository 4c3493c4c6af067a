"""Sphinx extension: the book's two editions, English at the site's root and Vietnamese under ``vi/``.

- **The language switch**: a link at the top of every page to the same page in the other
  edition (template ``book/_templates/language-switch.html``, in the theme's article header).
  It is shown only when both editions are built: ``OANQUAN_EDITIONS="en vi"`` in the
  environment (the Makefile sets it when ``VI=1``), or in the Vietnamese build itself.
- **Search that ignores diacritics**: the search index is built by a Sphinx search language
  whose ``stem()`` folds the diacritics away (``thả cá`` is indexed as ``tha ca``), with the
  same folding in the JavaScript stemmer that reads the reader's query, so "tha ca" and
  "thả cá" find the same pages, in both editions. English keeps the Porter stemmer after the
  folding; Vietnamese has no stemming, only the folding. The results' summaries leave out the
  chapters' code and their "Show code" toggles (``book/_site_static/search-text.js``, on the
  search page only).
- **Diagrams are translated**: a literal block with no language (the rule book's board
  diagram, drawn in words) is a picture for readers, not code. Sphinx keeps literal blocks out
  of its catalogues, and its own way in (``gettext_additional_targets``) would take every
  notebook cell too, then parse the translation as reStructuredText. So the gettext build marks
  these blocks alone, and each edition's build swaps in the catalogue's text itself.
"""

from __future__ import annotations

import functools
import os
import unicodedata
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.locale import init as init_locale
from sphinx.search import SearchLanguage
from sphinx.search.en import SearchEnglish, js_porter_stemmer

#: The environment variable that lists the editions built (``"en vi"``); English alone without it.
EDITIONS_VARIABLE = "OANQUAN_EDITIONS"
#: Each edition's folder in the site, from the root.
EDITION_PATHS = {"en": "", "vi": "vi/"}
#: The name of each edition in its own language, as the switch shows it.
EDITION_NAMES = {"en": "English", "vi": "Tiếng Việt"}


def fold(word: str) -> str:
    """A word without its diacritics, lower-case: what the search index stores.

    >>> fold("Thả cá"), fold("Đường"), fold("ô ĂN quan")
    ('tha ca', 'duong', 'o an quan')
    """
    decomposed = unicodedata.normalize("NFD", word.lower())
    stripped = "".join(c for c in decomposed if not 0x300 <= ord(c) <= 0x36F)
    return unicodedata.normalize("NFC", stripped.replace("đ", "d"))


#: The same folding in JavaScript, for the reader's query (searchtools.js calls ``Stemmer``).
JS_FOLD = r"""
var oanquanFold = function(w) {
  return w.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/\u0111/g, "d").normalize("NFC");
};
"""


class FoldedEnglish(SearchEnglish):
    """English search: diacritics folded, then the Porter stemmer (as Sphinx's English search)."""

    js_stemmer_code = (
        js_porter_stemmer.replace("var Stemmer = function()", "var PorterStemmer = function()", 1)
        + JS_FOLD
        + """
var Stemmer = function() {
  var porter = new PorterStemmer();
  this.stemWord = function(w) { return porter.stemWord(oanquanFold(w)); };
};
"""
    )

    def stem(self, word: str) -> str:
        return super().stem(fold(word))


class SearchVietnamese(SearchLanguage):
    """Vietnamese search: words split as Sphinx splits them, diacritics folded, no stemming."""

    lang = "vi"
    language_name = "Vietnamese"
    js_stemmer_code = (
        JS_FOLD
        + """
var Stemmer = function() {
  this.stemWord = function(w) { return oanquanFold(w); };
};
"""
    )

    def stem(self, word: str) -> str:
        return fold(word)


def editions() -> list[str]:
    """The editions this build links to (English alone unless the environment lists more)."""
    listed = os.environ.get(EDITIONS_VARIABLE, "").split()
    return [e for e in EDITION_PATHS if e in listed] or ["en"]


def switch_link(language: str, pagename: str, built: list[str]) -> dict[str, str] | None:
    """The switch's link on ``pagename`` of the ``language`` edition: the same page in the other one,
    and what the page says, in its own language, if the other edition is not on the device yet.

    >>> switch_link("en", "notebooks/01_board", ["en", "vi"])["href"]
    '../vi/notebooks/01_board.html'
    >>> switch_link("vi", "book/intro", ["en", "vi"])["href"]
    '../../book/intro.html'
    >>> switch_link("vi", "book/intro", ["en", "vi"])["missing"][:46]
    'Trang web bằng tiếng Anh chưa có trên thiết bị'
    >>> switch_link("en", "index", ["en"]) is None
    True
    """
    others = [e for e in built if e != language]
    if language not in EDITION_PATHS or not others:
        return None
    other = others[0]
    to_root = "../" * pagename.count("/") + ("../" if EDITION_PATHS[language] else "")
    return {
        "href": f"{to_root}{EDITION_PATHS[other]}{pagename}.html",
        "lang": other,
        "name": EDITION_NAMES[other],
        "missing": not_kept_yet(language, other),
    }


@functools.cache  # every page of an edition asks the same: the catalogues are read once
def not_kept_yet(language: str, other: str) -> str:
    """The sentence, in ``language``, that the ``other`` edition is not on this device yet: the
    words of the page the service worker makes for it (``tools.build.play.notice_words``), said
    here by the language switch itself, which the worker of a Vietnamese page cannot answer for
    (it answers only under ``vi/``; book/_site_static/offline.js)."""
    from tools.build.play import notice_words

    words = notice_words()[language]
    names = words["names"]
    assert isinstance(names, dict)
    return str(words["missing"]).replace("{language}", names[other])


#: What a literal block's language is when none was given (MyST writes "default").
NO_LANGUAGE = frozenset({"", "default", "text", "none"})


def diagrams(doctree: nodes.Node) -> list[nodes.literal_block]:
    """The literal blocks of a page that are drawn in words: no language, not a notebook cell's."""
    return [
        block
        for block in doctree.findall(nodes.literal_block)
        if block.get("language", "default") in NO_LANGUAGE and not _in_cell(block)
    ]


def _in_cell(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.Element) and {"cell", "cell_input", "cell_output"} & set(parent["classes"]):
            return True
        parent = parent.parent
    return False


def mark_diagrams(app: Any, doctree: nodes.document) -> None:
    """For the gettext build: a diagram's text becomes a message of its page's catalogue."""
    if app.builder.name == "gettext":
        for block in diagrams(doctree):
            block["translatable"] = True


def translate_diagrams(app: Any, doctree: nodes.document) -> None:
    """For an edition's build: each diagram as its page's catalogue translates it."""
    language = app.config.language or "en"
    if language == "en" or app.builder.name == "gettext":
        return
    domain = app.env.docname  # one catalogue per page: gettext_compact is off (_config.yml)
    folders = [str(Path(app.srcdir) / folder) for folder in app.config.locale_dirs]
    catalogue, found = init_locale(folders, language, domain)
    if not found:
        return
    for block in diagrams(doctree):
        message = block.rawsource or block.astext()  # the message as the gettext build took it
        translated = catalogue.gettext(message)
        if translated != message:
            text = translated if block.astext().endswith("\n") else translated.removesuffix("\n")
            block[:] = [nodes.Text(text)]
            block.rawsource = text


def setup(app: Any) -> dict[str, Any]:
    # "doctree-read" runs once a page is read (its transforms, Sphinx's translation included,
    # done) and before the gettext builder collects the page's messages.
    app.connect("doctree-read", mark_diagrams)
    app.connect("doctree-read", translate_diagrams)
    app.add_search_language(FoldedEnglish)
    app.add_search_language(SearchVietnamese)

    def on_page_context(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
        language = app.config.language or "en"
        built = editions()
        if language != "en" and language not in built:
            built = ["en", language]
        context["oanquan_switch"] = switch_link(language, pagename, built)
        if pagename == "search":  # its summaries without the chapters' code (book/_site_static/search-text.js)
            app.add_js_file("search-text.js", type="module")  # deferred, after searchtools.js

    app.connect("html-page-context", on_page_context)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
