"""The Vietnamese edition's catalogues and chapters (issue 15, tools/build/edition.py).

- every message of every page's catalogue is translated, not fuzzy, and keeps the markup
  and the code of the English (links, roles, backticks, HTML tags, f-string placeholders);
- the catalogues hold exactly the messages of today's sources (a changed page fails until
  ``make translations`` is run and the new messages translated);
- the Vietnamese copy of a chapter is the English code with only its strings changed;
- the search folds diacritics the same way when it indexes and when it reads a query.

The built pages of both editions are checked in a browser by tests/test_site.py.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Message

from conftest import english_words
from oanquan.i18n import words
from tools.build import edition, lite_cell
from tools.sphinx import site_i18n

ROOT = Path(__file__).resolve().parent.parent


def test_every_page_has_a_catalogue() -> None:
    documents = edition.documents()
    assert len(documents) >= 18
    assert [d for d in documents if not edition.catalogue_path(d).is_file()] == []


@pytest.mark.parametrize("path", edition.catalogues(), ids=lambda p: p.stem)
def test_catalogue_is_complete_and_keeps_the_markup(path: Path) -> None:
    """Fails on any message untranslated, fuzzy, or whose translation breaks markup or code."""
    assert edition.catalogue_problems(path) == []


def test_catalogues_compile_with_msgfmt(tmp_path: Path) -> None:
    """GNU msgfmt reads every file as a well-formed catalogue, header included. Its format
    checks are left out (``--check-format``): it takes "50% of" in a message for a printf
    directive; the placeholders are checked by tools.build.edition instead (Python's own parser)."""
    msgfmt = Path("/usr/bin/msgfmt")
    if not msgfmt.exists():
        pytest.fail("msgfmt is missing: apt-get install gettext")
    for path in edition.catalogues():
        result = subprocess.run(
            [str(msgfmt), "--check-header", "--check-domain", "-o", str(tmp_path / "out.mo"), str(path)],
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, f"{path}: {result.stderr[-800:]}"


def test_catalogues_hold_the_messages_of_the_sources() -> None:
    """The templates made from today's pages (Sphinx's gettext builder + the code cells) have
    the same messages as the catalogues: nothing missing, nothing left over."""
    edition.gettext_build()
    for template in edition.templates():
        document = template.relative_to(edition.TEMPLATES).with_suffix("").as_posix()
        wanted = {m.id for m in edition.iter_messages(template)}
        present = {m.id for m in edition.iter_messages(edition.catalogue_path(document))}
        assert wanted - present == set(), f"{document}: new messages, run `make translations`"
        assert present - wanted == set(), f"{document}: messages no page has any more, run `make translations`"


def template_messages(template: Path) -> list[str]:
    """The words a Jinja2 template marks for readers, as Babel extracts them (babel.cfg)."""
    from babel.messages.extract import extract_from_file

    found = extract_from_file("jinja2", template, options={"extensions": "jinja2.ext.i18n"})
    return [message for _line, message, _comments, _context in found if isinstance(message, str)]


def shown_in(page: str, message: str) -> bool:
    """Whether ``message`` stands in ``page`` as a template renders it (its spaces made single)."""
    return " ".join(message.split()) in " ".join(page.split())


def in_text(page: str, message: str) -> bool:
    """Whether ``message`` is among the words ``page`` shows (its tags and attributes left out), whole."""

    def text(html: str) -> str:
        return " ".join(re.sub(r"<[^>]*>", " ", html).split())

    return re.search(rf"(?<!\w){re.escape(text(message))}(?!\w)", text(page)) is not None


def test_the_reset_page_is_rendered_in_the_editions_language(tmp_path: Path) -> None:
    """The live notebooks' reset page (a Jinja2 template, words from the engine's catalogue): every
    word it marks is in Vietnamese in the Vietnamese edition, and the chapters' list is escaped."""
    from oanquan.i18n import _, language
    from tools.build import lite

    marked = template_messages(lite.RESET_PAGE / "reset.html")
    assert len(marked) >= 12
    for lang in ("en", "vi"):
        out = tmp_path / lang
        out.mkdir()
        lite.write_reset_page(out, {"01_board.ipynb": "</script><b>1</b>"}, lang)
        page = (out / "reset.html").read_text("utf-8")
        assert f'<html lang="{lang}">' in page and "</script><b>" not in page
        with language(lang):
            assert [m for m in marked if not shown_in(page, _(m))] == []
        if lang == "vi":
            assert [m for m in marked if shown_in(page, m)] == []


def test_the_games_markup_is_rendered_in_the_editions_language() -> None:
    """The Play and Puzzles pages' templates: every word they mark is in Vietnamese in the
    Vietnamese edition (the words come from the engine's catalogue, no English left over)."""
    from oanquan.i18n import language
    from tools.build import play

    marked = {
        m for name in ("play.html", "puzzles.html", "game.html") for m in template_messages(play.PAGE_FILES / name)
    }
    assert len(marked) >= 60
    with language("en"):
        english = " ".join(play.fragments().values())
    with language("vi"):
        pages = " ".join(play.fragments().values())
    assert [m for m in marked if not in_text(english, m)] == []  # each word is found where the page shows it
    # and none of them in the Vietnamese page's text (but a word the same in both, such as a number)
    assert [m for m in marked if in_text(pages, m) and not m.isdigit()] == []
    assert pages.count('data-oaq="board"') == 2 and "<html" not in pages


def test_chapters_say_the_same_thing_the_same_way() -> None:
    """A message several chapters share (the how-to cell, the section titles) has one translation."""
    seen: dict[str, set[str]] = {}
    for document in edition.documents():
        if document.startswith("notebooks/"):
            for english, vietnamese in edition.translations(document).items():
                seen.setdefault(english, set()).add(vietnamese)
    assert {english: found for english, found in seen.items() if len(found) > 1} == {}


def test_untranslated_message_is_reported() -> None:
    message = Message("Every citizen square starts with {n} pebbles.", "", auto_comments=["code: cell 3, f-string"])
    assert edition.message_problems(message) == ["untranslated"]


#: A message of a code cell's f-string, and how its comment marks it.
OWED, F_STRING_CELL = "owed {plural(debts[mover], 'pebble')}", ["code: cell 3, f-string"]


@pytest.mark.parametrize(
    ("english", "translation", "comments", "problem"),
    [
        ("See the [glossary](glossary.md).", "Xem [bảng từ](tu.md).", [], "link targets differ"),
        ("The {doc}`rules <rules>`.", "{doc}`Luật <luat>`.", [], "roles differ"),
        ("Move `7R` first.", "Đi 7R trước.", [], "backticks"),
        ("<p>Right.</p>", "Đúng.", [], "HTML tags"),
        (" and more", "và thêm", [], "leading spaces"),
        (OWED, "nợ {debts[mover] viên sỏi", F_STRING_CELL, "not valid Python"),
        (OWED, "nợ {debtz[mover]} viên sỏi", F_STRING_CELL, "names the English does not"),
    ],
)
def test_broken_markup_or_code_is_reported(english: str, translation: str, comments: list[str], problem: str) -> None:
    problems = edition.message_problems(Message(english, translation, auto_comments=comments))
    assert any(problem in p for p in problems), problems


def test_placeholders_rewritten_with_the_english_names_are_no_problem() -> None:
    assert edition.message_problems(Message(OWED, "nợ {debts[mover]} viên sỏi", auto_comments=F_STRING_CELL)) == []


def test_code_strings_are_the_marked_words_only() -> None:
    """Issue 21: extraction reads the marker ``_(...)`` and never guesses (an unmarked sentence is
    not taken, whatever it looks like; an attribute named ``_`` is not the marker)."""
    source = '''def f(n):
    """A docstring is for programmers."""
    assert n, "an assert message is for programmers"
    figure(START, _(f"Player {n} to move (R2.5)."), "ch01-opening", kind="capture")
    log("A sentence for the log, not marked")
    return {_("player 0"): 0, "key": table._("not the marker")}
'''
    found = [s.text for s in edition.code_strings(source)]
    assert found == ["Player {n} to move (R2.5).", "player 0"]


def test_adjacent_literals_are_one_message_and_written_back_as_one() -> None:
    source = 'say(\n    _(\n        f"The board has {len(c)} squares, "\n        "all {empty}."\n    )\n)\n'
    (found,) = edition.code_strings(source)
    assert found.text == "The board has {len(c)} squares, all {{empty}}."
    out = edition.translate_code(source, lambda text: "Bàn có {len(c)} ô, tất cả {{trống}}.")
    shown = eval(out.removeprefix("say(").strip().removesuffix(")"), {"c": "ab", "_": words})
    assert shown == "Bàn có 2 ô, tất cả {trống}."


def test_every_chapter_marks_its_words_with_the_one_marker() -> None:
    """Each chapter (and book page) that has words in its code imports the marker once, as ``_``."""
    for document in edition.notebook_documents():
        cells = [c for c in lite_cell.read(edition.source_of(document))["cells"] if c["cell_type"] == "code"]
        sources = ["".join(c["source"]) for c in cells]
        if any(edition.code_strings(s) for s in sources):
            imports = [s for s in sources if "from oanquan.i18n import words as _" in s]
            assert len(imports) == 1, document
            first = next(i for i, s in enumerate(sources) if edition.code_strings(s))
            assert sources.index(imports[0]) <= first, document  # imported before the first use
        # a throwaway ``_`` would shadow the marker for every later cell: such a name is ``_unused``
        stores = [
            ast.unparse(node)
            for source in sources
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)
        ]
        assert stores == [], document


def test_identity_translation_leaves_every_code_cell_unchanged() -> None:
    """The Vietnamese copy changes strings only: with each message 'translated' by itself, the
    code of every chapter is the same program (the same syntax tree)."""
    compared = 0
    for document in edition.notebook_documents():
        for cell in lite_cell.read(edition.source_of(document))["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"]).replace("await ", "")
            out = edition.translate_code("".join(cell["source"]), lambda text: text).replace("await ", "")
            assert ast.dump(ast.parse(out)) == ast.dump(ast.parse(source)), f"{document}: {source[:80]}"
            compared += 1
    assert compared > 100


def test_vietnamese_copies_are_python_in_vietnamese() -> None:
    """Every Vietnamese copy parses, sets LANGUAGE = "vi" first, and no message of its catalogue is left in English."""
    for document in edition.notebook_documents():
        notebook = edition.vietnamese_notebook(document)
        lookup = edition.translations(document)
        assert lite_cell.language_of(notebook) == "vi" or not document.startswith("notebooks/"), document
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                source = "".join(cell["source"])
                ast.parse(source.replace("await ", ""))
                left = [s.text for s in edition.code_strings(source) if s.text in lookup and lookup[s.text] != s.text]
                assert left == [], f"{document}: {left[:3]}"


def test_markdown_is_translated_block_by_block() -> None:
    lookup = {"Hello": "Xin chào", "A long line that goes on.": "Một dòng dài.", "item one": "mục một"}
    text = "## Hello\n\nA long line\nthat goes on.\n\n> - item\n>   one\n\nKept as it is.\n"
    assert edition.translate_markdown(text, lookup) == "## Xin chào\n\nMột dòng dài.\n\n> - mục một\n\nKept as it is.\n"


def test_every_chapter_paragraph_finds_its_translation() -> None:
    """Each Markdown block of a chapter is found in its catalogue (the live notebooks' Markdown
    is translated outside Sphinx, so the two must cut the text into the same blocks)."""
    from markdown_it import MarkdownIt

    for document in edition.notebook_documents():
        lookup = {" ".join(k.split()) for k in edition.translations(document)}
        for cell in lite_cell.read(edition.source_of(document))["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for token in MarkdownIt("commonmark").parse("".join(cell["source"])):
                words = re.search(r"[A-Za-z]{2}", token.content) and not re.fullmatch(r"\(.*\)=", token.content)
                if token.type == "inline" and token.map is not None and words:
                    assert " ".join(token.content.split()) in lookup, f"{document}: {token.content[:80]!r}"


def test_setup_cell_language_setting() -> None:
    assert 'LANGUAGE = "en"' in lite_cell.SOURCE.splitlines()
    with pytest.raises(ValueError, match="'fr'"):
        lite_cell.source("fr")


def test_search_folds_diacritics_in_the_index() -> None:
    english, vietnamese = site_i18n.FoldedEnglish({}), site_i18n.SearchVietnamese({})
    for language in (english, vietnamese):
        assert language.stem("thả") == language.stem("tha")
        assert language.stem("Đường") == language.stem("duong")
    assert english.stem("captures") == english.stem("capture")  # the Porter stemmer still works


def test_search_folds_the_query_the_same_way_in_javascript(tmp_path: Path) -> None:
    """The JavaScript stemmers give the index's words for queries with or without diacritics (node)."""
    words = ["thả", "tha", "cá", "Ăn", "quan", "đường", "captures", "sowing"]
    for language in (site_i18n.FoldedEnglish({}), site_i18n.SearchVietnamese({})):
        script = tmp_path / "stem.js"
        call = f"console.log(JSON.stringify({json.dumps(words)}.map(w => s.stemWord(w))));"
        script.write_text(language.js_stemmer_code + f"\nconst s = new Stemmer();\n{call}\n", encoding="utf-8")
        result = subprocess.run(["node", str(script)], capture_output=True, text=True, check=True)
        assert json.loads(result.stdout) == [language.stem(w) for w in words], language.lang


def test_language_switch_links() -> None:
    both = ["en", "vi"]
    assert site_i18n.switch_link("en", "book/intro", both) == {
        "href": "../vi/book/intro.html",
        "lang": "vi",
        "name": "Tiếng Việt",
        # said by the switch with no network while the other edition is not kept (issue 45)
        "missing": "This site in Vietnamese is not on this device yet. Open one of its pages once with "
        "internet: after that it opens here with no internet too.",
    }
    assert site_i18n.switch_link("vi", "search", both)["href"] == "../search.html"  # type: ignore[index]
    assert site_i18n.switch_link("en", "book/intro", ["en"]) is None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))


def test_the_vietnamese_footer_names_the_authors_in_vietnamese() -> None:
    # the theme writes "Bởi {author}" at the foot of every page (issue 21: "Bởi The oanquan project")
    author = edition.vietnamese_config()["author"]
    assert author and english_words(author, allowed={"oanquan"}) == [] and "project" not in author.lower()
