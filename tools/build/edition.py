"""The Vietnamese edition of the book: its catalogues, its chapters and its site, from the English sources.

One source of truth: the English pages and chapters in ``book/`` and ``notebooks/``, and one
catalogue per page, ``locales/vi/LC_MESSAGES/<page>.po`` (Sphinx's i18n layout, managed with
``sphinx-intl``), that holds every message of that page:

- **the prose** (Markdown cells of the notebooks, the ``.md`` pages, titles, tables, the
  table of contents' captions): extracted by Sphinx's own ``gettext`` builder, one paragraph,
  title, list item or table cell per message, its MyST markup kept inside the message. The
  outputs of code cells are left out: the Vietnamese edition computes its own;
- **the reader's words inside the code cells** (the ``say(_(f"..."))`` paragraphs, captions,
  quiz questions and answers, table headers): every string literal, or run of adjacent
  literals, marked with ``_()`` (``from oanquan.i18n import words as _``), with its ``{...}``
  placeholders as written in the f-string. Nothing unmarked is taken: extraction never guesses;
- **the comments and docstrings of the code cells**, one message each: a folded cell opens with
  "Show code" and the live notebooks show every cell, so they are words for readers too.

Words in code outside the pages (the engine, the widgets, the Sphinx extensions, the Play and
Puzzles pages' Jinja2 templates and scripts, the live notebooks' reset page) are not here: they
are in the engine's catalogue, ``oanquan/locale/<lang>/LC_MESSAGES/oanquan.po`` (make catalogues).

``python -m tools.build.edition extract`` refreshes them all (``make translations``): the gettext
builder writes the page templates, the code messages are added, and ``sphinx-intl update``
merges each template into its catalogue, keeping what is translated (a changed message is
marked fuzzy). ``python -m tools.build.edition check`` fails on a message untranslated, fuzzy or
whose translation breaks the markup or the code; ``tests/test_edition.py`` runs the same.

``python -m tools.build.edition site`` (``make book``) writes the Vietnamese chapters into
``_build/vi-notebooks/`` (the code strings, comments and docstrings translated, the setup cell's
``LANGUAGE = "vi"``) and executes them there, so their outputs are the engine's Vietnamese; lays
out ``_build/vi-src/``, the book's sources with those chapters (their Markdown translated, the
glued values written in) and a Vietnamese configuration;
and builds it with ``jupyter-book`` into ``_build/html/vi/``.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import io
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tokenize
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.build.lite_cell import CELL_ID, live_cell, read, write

ROOT = Path(__file__).resolve().parents[2]

BIN = Path(sys.executable).parent
LOCALES = ROOT / "locales"
LANGUAGE = "vi"
WORK = ROOT / "_build" / "i18n"
GETTEXT = ROOT / "_build" / "gettext"  # Sphinx's templates, one per page
TEMPLATES = WORK / "pot"  # the same with the code cells' messages
# The notebooks' line numbers in Sphinx's locations: myst-nb numbers cell i's lines from (i + 1) * 10000.
CELL_LINES = 10000

#: The comment that marks a message taken from a code cell (an f-string when it says so).
CODE_COMMENT = "code:"
F_STRING = "f-string"

_PREFIX = re.compile(r"([A-Za-z]*)('''|\"\"\"|'|\")", re.S)


@dataclass(frozen=True)
class CodeString:
    """A string a code cell marks for readers (``_("...")``): one literal or a run of adjacent ones.

    ``text`` is the message: the literals' text joined, escapes read, with each f-string's
    ``{...}`` placeholders as written (and literal braces doubled, as an f-string writes
    them) when ``f_string``; ``start`` and ``end`` are the run's (line, column) in the cell.
    """

    text: str
    f_string: bool
    start: tuple[int, int]
    end: tuple[int, int]


def _literal_text(token: str) -> tuple[str, bool]:
    """A string token's text (escapes read) and whether it is an f-string."""
    match = _PREFIX.match(token)
    if match is None:
        raise ValueError(f"not a string literal: {token[:60]!r}")
    prefix, quote = match.group(1).lower(), match.group(2)
    body = token[len(match.group(0)) : -len(quote)]
    if "f" in prefix:
        # Escapes may only stand in the literal parts of an f-string (Python 3.11), so reading
        # them over the whole body leaves the placeholders as written.
        return (body if "r" in prefix else _unescape(body)), True
    return ast.literal_eval(token), False


def _unescape(body: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t", "\n": ""}.get(m.group(1), m.group(1)), body, flags=re.S)


#: The name a chapter gives its marker of words for readers (``from oanquan.i18n import words as _``).
MARKER = "_"


def code_strings(source: str) -> list[CodeString]:
    """The reader's words in a code cell: the literals marked ``_(...)``, and nothing else.

    A chapter marks every string a reader sees (``say(_(f"{n} pebbles"))``); the argument of a
    marker is one string literal or a run of adjacent ones, an f-string's placeholders kept as
    written. Extraction never guesses: a string left unmarked stays in English, and a browser test
    (``tests/test_site.py``) reads the Vietnamese chapters for English words.

    >>> [s.text for s in code_strings('say(_(f"{n} pebbles"))\\nkind = "capture"\\n_("a " "b")')]
    ['{n} pebbles', 'a b']
    """
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type not in _SKIPPED]
    except (tokenize.TokenError, SyntaxError):
        return []
    found: list[CodeString] = []
    for i, token in enumerate(tokens[:-3]):
        if not (token.type == tokenize.NAME and token.string == MARKER and tokens[i + 1].string == "("):
            continue
        if i and tokens[i - 1].string == ".":  # an attribute called _, not the marker
            continue
        run = list(itertools.takewhile(lambda after: after.type == tokenize.STRING, tokens[i + 2 :]))
        if not run or tokens[i + 2 + len(run)].string != ")":
            continue
        parts = [_literal_text(t.string) for t in run]
        f_string = any(is_f for _, is_f in parts)
        text = "".join(t if is_f or not f_string else t.replace("{", "{{").replace("}", "}}") for t, is_f in parts)
        found.append(CodeString(text, f_string, run[0].start, run[-1].end))
    return found


#: The comments that mark a message taken from a comment, or a docstring, of a code cell.
COMMENT = "comment"
DOCSTRING = "docstring"


def code_comments(source: str) -> list[CodeString]:
    """The comments of a code cell, each one message (its text after ``#``).

    Every comment of a chapter's code is for readers: the cells in view are there to read and to
    change, a folded cell opens with "Show code", and the live notebooks show every cell. So the
    Vietnamese edition's copy has them in Vietnamese (issue 46).

    >>> [c.text for c in code_comments('x = 1  # change the 1\\n#: and run it again\\n')]
    ['change the 1', 'and run it again']
    """
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return []
    # "#:" documents a constant (Sphinx's mark): the mark stays in the code, out of the message
    said = [(t, t.string[1:].removeprefix(":").strip()) for t in tokens if t.type == tokenize.COMMENT]
    return [CodeString(text, False, t.start, t.end) for t, text in said if text]


def code_docstrings(source: str) -> list[CodeString]:
    """The docstrings of a code cell (the cell's own, its functions' and classes'), each one message.

    The message is the docstring as ``inspect.cleandoc`` reads it (its indentation taken away);
    ``start`` and ``end`` are the literal's (line, column) in the cell, so that it can be written
    back (:func:`translate_comments`). Like comments, they are words for readers (issue 46).

    >>> [d.text for d in code_docstrings("'The tools.'\\ndef f():\\n    'One line.\\\\n\\\\n    Two.'\\n")]
    ['The tools.', 'One line.\\n\\nTwo.']
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    lines = source.splitlines(keepends=True)

    def column(row: int, offset: int) -> int:  # ast counts UTF-8 bytes; tokenize and the text count characters
        return len(lines[row - 1].encode("utf-8")[:offset].decode("utf-8"))

    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) or not node.body:
            continue
        first = node.body[0]
        if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)):
            continue
        if not isinstance(first.value.value, str) or first.end_lineno is None or first.end_col_offset is None:
            continue
        text = inspect.cleandoc(first.value.value)
        if text:
            start = (first.lineno, column(first.lineno, first.col_offset))
            end = (first.end_lineno, column(first.end_lineno, first.end_col_offset))
            found.append(CodeString(text, False, start, end))
    return sorted(found, key=lambda d: d.start)


def docstring_literal(text: str, indent: str, closing_line: bool = True) -> str:
    """A docstring's source for ``text``, its lines after the first indented by ``indent``
    (the closing quotes of one of several lines on a line of their own when ``closing_line``).

    >>> docstring_literal('Một dòng.\\n\\nHai "dòng".', "    ").splitlines()[1:3]
    ['', '    Hai "dòng".']
    >>> ast.literal_eval(docstring_literal('a "b"', "")), ast.literal_eval(docstring_literal("a\\nb", "  "))
    ('a "b"', 'a\\n  b\\n  ')
    """
    body = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    if "\n" not in body:
        return f'"""{body}"""' if not body.endswith('"') else f'"""{body[:-1]}\\""""'
    lines = body.split("\n")
    closing = "\n" + indent + '"""' if closing_line else '"""'
    return '"""' + "\n".join([lines[0], *((indent + line) if line else "" for line in lines[1:])]) + closing


def _rewritten(source: str, spans: list[CodeString], rewrite: Callable[[CodeString, str], str | None]) -> str:
    """``source`` with each of ``spans`` (none inside another) replaced by ``rewrite(span, its text)``
    (None: kept as it is).

    >>> _rewritten("x = 1  # one\\n", code_comments("x = 1  # one\\n"), lambda span, text: text.upper())
    'x = 1  # ONE\\n'
    """
    offsets = [0, *itertools.accumulate(len(line) for line in source.splitlines(keepends=True))]
    out, last = [], 0
    for span in sorted(spans, key=lambda span: span.start):
        start = offsets[span.start[0] - 1] + span.start[1]
        end = offsets[span.end[0] - 1] + span.end[1]
        written = rewrite(span, source[start:end])
        if written is not None:
            out += [source[last:start], written]
            last = end
    return "".join(out) + source[last:]


def translate_comments(source: str, translate: Any) -> str:
    """The cell's source with each comment and docstring that has a translation written in the other language."""
    docstrings = code_docstrings(source)

    def rewrite(found: CodeString, written: str) -> str | None:
        translated: str | None = translate(found.text)
        if translated is None:
            return None
        if found in docstrings:
            closing_line = re.search(r"\n[ \t]*(\"\"\"|''')$", written) is not None
            return docstring_literal(translated, " " * found.start[1], closing_line)
        return written[: written.index(found.text)] + translated  # its marker kept: "#: " documents a constant

    return _rewritten(source, docstrings + code_comments(source), rewrite)


def code_messages(source: str) -> Iterator[tuple[CodeString, str]]:
    """The messages of a code cell, each with its kind as its comment in the catalogue says it:
    the marked strings (:data:`F_STRING` or ``""``), then the :data:`COMMENT` and :data:`DOCSTRING` ones.

    >>> [(found.text, kind) for found, kind in code_messages('_(f"{n} pebbles")  # a count')]
    [('{n} pebbles', 'f-string'), ('a count', 'comment')]
    """
    for find, kind in ((code_strings, ""), (code_comments, COMMENT), (code_docstrings, DOCSTRING)):
        for found in find(source):
            yield found, F_STRING if found.f_string else kind


#: Tokens between a marker's literals that change nothing: line breaks inside brackets, comments.
_SKIPPED = (tokenize.NL, tokenize.COMMENT)


def literal(text: str, f_string: bool) -> str:
    """Python source for a string literal whose text is ``text`` (an f-string when ``f_string``).

    >>> literal('He said "hi"\\n', False)
    '"He said \\\\"hi\\\\"\\\\n"'
    >>> literal("{n} viên sỏi", True)
    'f"{n} viên sỏi"'
    """
    if not f_string:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    # Inside an f-string's placeholders no backslash may stand (Python 3.11): quote with the
    # character they do not use, and escape it in the literal parts only.
    placeholders = "".join(re.findall(r"(?<!\{)\{(?!\{)[^{}]*(?:\{[^{}]*\}[^{}]*)*\}", text))
    quote = '"' if '"' not in placeholders else "'"
    escapes = {"\\": "\\\\", "\n": "\\n", quote: "\\" + quote}
    body = "".join(
        part if placeholder else "".join(escapes.get(char, char) for char in part)
        for part, placeholder in _f_string_parts(text)
    )
    return "f" + quote + body + quote


def _f_string_parts(text: str) -> list[tuple[str, bool]]:
    """An f-string's text cut into its literal parts and its ``{...}`` placeholders (True), in order.

    >>> _f_string_parts("{{a}} {n['x']} b")
    [('{{a}} ', False), ("{n['x']}", True), (' b', False)]
    """
    parts, depth, last, i = [], 0, 0, 0
    while i < len(text):
        if depth == 0 and text.startswith(("{{", "}}"), i):
            i += 2
            continue
        if text[i] == "{":
            if depth == 0:
                parts.append((text[last:i], False))
                last = i
            depth += 1
        elif text[i] == "}" and depth:
            depth -= 1
            if depth == 0:
                parts.append((text[last : i + 1], True))
                last = i + 1
        i += 1
    parts.append((text[last:], depth > 0))  # a placeholder left open runs to the end
    return [part for part in parts if part[0]]


def translate_code(source: str, translate: Any) -> str:
    """The cell's source with each of its code strings replaced by ``translate(text)`` (None: kept)."""

    def rewrite(found: CodeString, _written: str) -> str | None:
        translated: str | None = translate(found.text)
        # A run that spanned several lines inside brackets becomes one literal; the
        # surrounding code is left as it was.
        return None if translated is None else literal(translated, found.f_string)

    return _rewritten(source, code_strings(source), rewrite)


# --- the Play and Puzzles pages' game ---------------------------------------------------

PLAY_FILES = ROOT / "book" / "_static_play"  # the games' templates and scripts
_FRAGMENT = re.compile(r":file: \.\./_widget_js/play/fragments/(\w+)\.html")
VI_FRAGMENTS = "_vi_play"  # the Vietnamese games' markup, in _build/vi-src/
#: The engine's catalogue, which also holds the words of the pages' templates and scripts (make catalogues).
ENGINE_CATALOGUE = ROOT / "oanquan" / "locale" / "{language}" / "LC_MESSAGES" / "oanquan.po"


def script_words(language: str = LANGUAGE) -> dict[str, str]:
    """The pages' scripts' words (every ``t("...")`` of book/_static_play/*.js) and their translations,
    from the engine's catalogue, where they are one catalogue with the engine's own (issue 21).

    >>> script_words()["Hint"]
    'Gợi ý'
    """
    path = Path(str(ENGINE_CATALOGUE).format(language=language))
    scripts = PLAY_FILES.relative_to(ROOT).as_posix() + "/"
    return {
        str(m.id): str(m.string)
        for m in iter_messages(path)
        if m.id
        and m.string
        and not m.fuzzy
        and any(where.startswith(scripts) and where.endswith(".js") for where, _line in m.locations)
    }


def write_vietnamese_games(document: str) -> None:
    """The Vietnamese page of a game: its markup rendered in Vietnamese (tools/build/play.py's
    templates, their words and the first board's from the engine's catalogue), the script's words
    beside it as JSON; the page (_build/vi-src/<document>.md) includes that markup instead of the
    English one."""
    text = source_of(document).read_text(encoding="utf-8")
    names = _FRAGMENT.findall(text)
    if not names:
        return
    from oanquan.i18n import language
    from tools.build import play

    with language(LANGUAGE):
        fragments = play.fragments()
    script = json.dumps(script_words(), ensure_ascii=False).replace("<", "\\u003c")
    (SOURCE / VI_FRAGMENTS).mkdir(exist_ok=True)
    for name in names:
        html = f'<script type="application/json" data-oaq-words>{script}</script>\n{fragments[f"{name}.html"]}'
        (SOURCE / VI_FRAGMENTS / f"{name}.html").write_text(html, encoding="utf-8")
    page = SOURCE / f"{document}.md"
    page.unlink()
    page.write_text(_FRAGMENT.sub(lambda m: f":file: ../{VI_FRAGMENTS}/{m.group(1)}.html", text), encoding="utf-8")


# --- the catalogues ---------------------------------------------------------------------


def documents() -> list[str]:
    """The book's pages, as Sphinx names them (``notebooks/01_board``), from the table of contents."""
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    return re.findall(r"(?:root|file):\s*(\S+)", toc)


def source_of(document: str) -> Path:
    for suffix in (".ipynb", ".md"):
        if (ROOT / f"{document}{suffix}").is_file():
            return ROOT / f"{document}{suffix}"
    raise FileNotFoundError(f"no source for the page {document!r}")


def _cell_of(location: tuple[str, int | None]) -> int | None:
    lineno = location[1]
    return None if lineno is None else lineno // CELL_LINES - 1


def gettext_build() -> None:
    """Sphinx's gettext builder over the whole book: one template per page in _build/gettext/."""
    command = [
        str(BIN / "jupyter-book"),
        "build",
        str(ROOT),
        "--builder",
        "custom",
        "--custom-builder",
        "gettext",
        "--all",
    ]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
        raise SystemExit(f"the gettext build failed ({' '.join(command)})")


def templates() -> list[Path]:
    """Each page's template, the code cells' words added and their outputs left out, into _build/i18n/pot/."""
    from babel.messages.pofile import read_po, write_po

    written = []
    for document in documents():
        source = source_of(document)
        with (GETTEXT / f"{document}.pot").open("rb") as handle:
            catalogue = read_po(handle)
        if source.suffix == ".ipynb":
            cells = read(source)["cells"]
            for message in list(catalogue):
                in_code = [
                    (c := _cell_of(loc)) is not None and cells[c]["cell_type"] == "code" for loc in message.locations
                ]
                if message.id and all(in_code):
                    del catalogue[message.id]
            for index, cell in enumerate(cells):
                if cell["cell_type"] != "code":
                    continue
                if cell.get("id") == CELL_ID:  # the live notebooks' setup cell: written in each language (lite_cell)
                    continue
                for found, kind in code_messages("".join(cell["source"])):
                    where = (f"../../{source.relative_to(ROOT).as_posix()}", (index + 1) * CELL_LINES + found.start[0])
                    comment = f"{CODE_COMMENT} cell {index}" + (f", {kind}" if kind else "")
                    present = catalogue.get(found.text)
                    if present is not None:
                        present.locations.append(where)
                        if comment not in present.auto_comments:
                            present.auto_comments.append(comment)
                    else:
                        catalogue.add(found.text, locations=[where], auto_comments=[comment])
        target = TEMPLATES / f"{document}.pot"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as handle:
            write_po(handle, catalogue, width=0, omit_header=False)
        written.append(target)
    return written


def extract() -> None:
    """Refresh every page's catalogue: gettext build, code messages, sphinx-intl update."""
    gettext_build()
    templates()
    command = [str(BIN / "sphinx-intl"), "update", "-p", str(TEMPLATES), "-l", LANGUAGE, "-d", str(LOCALES), "-w", "0"]
    subprocess.run(command, check=True, capture_output=True)


def catalogue_path(document: str, language: str = LANGUAGE) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{document}.po"


def iter_messages(path: Path) -> Iterator[Any]:
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        for message in read_po(handle):
            if message.id:
                yield message


# --- the Vietnamese chapters --------------------------------------------------------------

NOTEBOOKS = ROOT / "_build" / "vi-notebooks"  # the executed copies the Vietnamese book renders
STAMPS = NOTEBOOKS / "inputs.json"  # what each copy was executed from, so an unchanged one is not run again


def translations(document: str, language: str = LANGUAGE) -> dict[str, str]:
    """A page's translated messages (fuzzy ones left out, as Sphinx leaves them out)."""
    path = catalogue_path(document, language)
    if not path.is_file():
        return {}
    return {m.id: m.string for m in iter_messages(path) if m.string and not m.fuzzy and isinstance(m.id, str)}


def code_translator(lookup: dict[str, str]) -> Any:
    """``translate(text)`` for :func:`translate_code`: the message's translation, with quoted
    messages inside its placeholders (``g['default rules']``) translated as they are elsewhere."""
    quoted = re.compile(r"(['\"])([^'\"]+)\1")

    def inner(match: re.Match[str]) -> str:
        found = lookup.get(match.group(2))
        return match.group(0) if found is None else match.group(1) + found + match.group(1)

    def translate(text: str) -> str | None:
        translated = lookup.get(text)
        if translated is None:
            return None
        return "".join(
            quoted.sub(inner, part) if placeholder else part for part, placeholder in _f_string_parts(translated)
        )

    return translate


def _normal(text: str) -> str:
    return " ".join(text.split())


def translate_markdown(text: str, lookup: dict[str, str]) -> str:
    r"""A Markdown cell with each paragraph, title and list item that has a translation replaced by it.

    The messages are Sphinx's (each block's text on one line); a block without one is kept.

    >>> translate_markdown("## Hello\n\n> - one\n>   two\n", {"Hello": "Xin chào", "one two": "một hai"})
    '## Xin chào\n\n> - một hai\n'
    """
    from markdown_it import MarkdownIt

    normal = {_normal(k): v for k, v in lookup.items()}
    lines = text.splitlines(keepends=True)
    replaced: dict[int, str] = {}
    dropped: set[int] = set()
    for token in MarkdownIt("commonmark").parse(text):
        if token.type != "inline" or token.map is None:
            continue
        translated = normal.get(_normal(token.content))
        if translated is None:
            continue
        first, last = token.map
        head = token.content.split("\n", 1)[0]
        where = lines[first].find(head)
        if where < 0:
            continue
        ending = "\n" if lines[last - 1].endswith("\n") else ""
        rest = lines[first][where + len(head) :]
        tail = rest.rstrip("\n") if first == last - 1 and rest.strip() else ""
        replaced[first] = lines[first][:where] + translated + tail + ending
        dropped.update(range(first + 1, last))
    return "".join(replaced.get(i, line) for i, line in enumerate(lines) if i not in dropped)


def vietnamese_notebook(document: str) -> dict[str, Any]:
    """A page's notebook for the Vietnamese book: code strings translated, ``LANGUAGE = "vi"``, no outputs.

    Its Markdown stays English: Sphinx translates it from the same catalogue when it builds.
    """
    notebook = read(source_of(document))
    translate = code_translator(translations(document))
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        if cell.get("id") == CELL_ID:
            cell["source"] = live_cell(LANGUAGE)["source"]
        else:
            # the marked strings first, where the tokens are as extracted; then comments and docstrings,
            # which no marked string is inside
            source = translate_code("".join(cell["source"]), translate)
            cell["source"] = translate_comments(source, translate)
        cell["outputs"], cell["execution_count"] = [], None
    notebook.get("metadata", {}).pop("widgets", None)
    return notebook


def _inputs_key(notebook: dict[str, Any]) -> str:
    """What an executed copy depends on: its cells and the engine's code and catalogues."""
    import hashlib

    digest = hashlib.sha256(json.dumps(notebook["cells"], sort_keys=True).encode())
    for path in sorted((ROOT / "oanquan").rglob("*")):
        if path.suffix in (".py", ".mo", ".json") and "__pycache__" not in path.parts:
            digest.update(path.relative_to(ROOT).as_posix().encode() + path.read_bytes())
    return digest.hexdigest()


def notebook_documents() -> list[str]:
    return [d for d in documents() if source_of(d).suffix == ".ipynb"]


#: How a kernel that never started shows in nbconvert's output (and nothing else does).
_KERNEL_START = re.compile(
    r"Kernel died before replying to kernel_info|Address already in use|Kernel didn't respond in"
)


def write_notebooks(jobs: int = 2) -> list[Path]:
    """Write and execute the Vietnamese copy of every notebook page (an unchanged one is kept)."""
    stamps = json.loads(STAMPS.read_text()) if STAMPS.is_file() else {}
    stale = []
    for document in notebook_documents():
        notebook = vietnamese_notebook(document)
        target = NOTEBOOKS / f"{document}.ipynb"
        key = _inputs_key(notebook)
        if target.is_file() and stamps.get(document) == key:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        write(target, notebook)
        stale.append((document, target, key))
    if stale:
        env = {**os.environ, "OANQUAN_LANG": LANGUAGE}
        command = [str(BIN / "jupyter"), "nbconvert", "--to", "notebook", "--execute", "--inplace"]
        command += ["--ExecutePreprocessor.record_timing=False", "--ExecutePreprocessor.timeout=600"]
        groups = [group for i in range(jobs) if (group := [t for _, t, _ in stale[i::jobs]])]
        running = [
            subprocess.Popen([*command, *map(str, group)], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            for group in groups
        ]
        failed = []
        for process, group in zip(running, groups, strict=True):
            output, _ = process.communicate()
            status = process.returncode
            if status != 0 and _KERNEL_START.search(output.decode(errors="replace")):
                # Two kernels starting at once can pick the same free TCP port, and one then dies
                # before it answers (jupyter_client's race; a fresh-clone run failed so). Once more,
                # alone: a notebook that fails again fails the build.
                again = subprocess.run([*command, *map(str, group)], env=env, capture_output=True, check=False)
                status, output = again.returncode, again.stdout + again.stderr
            if status != 0:
                failed.append(output.decode(errors="replace")[-6000:])
        if failed:
            raise SystemExit("a Vietnamese notebook failed to run:\n" + "\n".join(failed))
        stamps.update({document: key for document, _, key in stale})
        STAMPS.write_text(json.dumps(stamps, indent=1, sort_keys=True) + "\n")
    return [NOTEBOOKS / f"{d}.ipynb" for d in notebook_documents()]


_GLUE_TEXT = re.compile(r"\{glue:text\}`([^`]+)`")


def glued(notebook: dict[str, Any]) -> dict[str, str]:
    """The text/plain of every value a notebook glues (myst-nb's ``glue``), by key."""
    values = {}
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            name = output.get("metadata", {}).get("scrapbook", {}).get("name")
            plain = output.get("data", {}).get("application/papermill.record/text/plain")
            if name and plain is not None:
                values[name] = "".join(plain)
    return values


def final_notebook(document: str) -> dict[str, Any]:
    """The executed Vietnamese notebook with its Markdown translated, glued values written in.

    Sphinx would translate the Markdown itself from the same catalogue, but a translated
    paragraph is parsed again on its own, where myst-nb's ``{glue:text}`` roles find no
    notebook: so the values are written into the Vietnamese text here, once the copy has run.
    The live notebooks get the same file. A block without a translation stays as it is,
    and Sphinx still translates what is left.
    """
    from myst_nb.core.variables import format_plain_text

    notebook = read(NOTEBOOKS / f"{document}.ipynb")
    lookup = translations(document)
    values = glued(notebook)

    def paste(match: re.Match[str]) -> str:
        key, _, spec = match.group(1).partition(":")
        return match.group(0) if key not in values else format_plain_text(values[key], spec)

    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            translated = translate_markdown("".join(cell["source"]), lookup)
            cell["source"] = _GLUE_TEXT.sub(paste, translated) if translated != "".join(cell["source"]) else translated
    return notebook


# --- the Vietnamese site -----------------------------------------------------------------

SOURCE = ROOT / "_build" / "vi-src"  # the book's sources as the Vietnamese build reads them
OUTPUT = ROOT / "_build" / "vi"  # where jupyter-book writes it (html/ below), moved to _build/html/vi/
SITE = ROOT / "_build" / "html"
EDITION_PATH = "vi"  # the Vietnamese edition's folder in the site
# Shared with the English build, as they are: read-only inputs of the build.
LINKED = ("RULES.md", "tools", "authoring", "_widget_js", "locales", "oanquan")  # authoring: the printables use it

#: Words the theme's templates and myst-nb write as they are, outside the translation machinery
#: (no _() around them), by the attribute that carries them: put in the edition's language in the
#: built pages, from the theme's catalogue (locales/<language>/LC_MESSAGES/sphinx.po), where the
#: theme's other words are translated too. No translation is written here.
UNMARKED = {
    "aria-label": ("Toggle hidden content", "Main", "Page"),
    "title": ("Toggle primary sidebar", "Toggle secondary sidebar"),
}

#: What the Vietnamese configuration changes in _config.yml (sphinx.config entries).
VI_SPHINX_CONFIG: dict[str, Any] = {
    "language": LANGUAGE,
    "locale_dirs": [str(LOCALES)],
    "gettext_compact": False,
    # docutils has no Vietnamese quotation marks: leave the quotes as written.
    "smartquotes": False,
}
#: myst-nb's words on the buttons that show hidden code or outputs, in English (its own defaults):
#: the edition's are their translations in the theme's catalogue.
CODE_PROMPTS = {"nb_code_prompt_show": "Show code cell {type}", "nb_code_prompt_hide": "Hide code cell {type}"}


def theme_words(language: str = LANGUAGE) -> dict[str, str]:
    """The theme's catalogue, ``locales/<language>/LC_MESSAGES/sphinx.po``: each English message and its translation."""
    return translations("sphinx", language)  # a catalogue like a page's, under the theme's name


def untranslated_attributes(text: str, words: dict[str, str]) -> str:
    """A built page with the words of :data:`UNMARKED` in the language of ``words``.

    >>> untranslated_attributes('<nav aria-label="Main">', theme_words("vi"))
    '<nav aria-label="Mục lục chính">'
    """
    missing = [english for messages in UNMARKED.values() for english in messages if english not in words]
    if missing:
        raise SystemExit(f"sphinx.po has no translation of {missing[0]!r} (tools/build/edition.py: UNMARKED)")
    for attribute, messages in UNMARKED.items():
        for english in messages:
            text = text.replace(f'{attribute}="{english}"', f'{attribute}="{words[english]}"')
    return text


def vietnamese_config() -> dict[str, Any]:
    """_config.yml with the Vietnamese edition's settings (Jupyter Book 1 cannot inherit a config)."""
    import yaml

    config: dict[str, Any] = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    words = theme_words()
    config["author"] = words[config["author"]]
    sphinx = config.setdefault("sphinx", {}).setdefault("config", {})
    sphinx.update(VI_SPHINX_CONFIG)
    sphinx.update({name: words[english] for name, english in CODE_PROMPTS.items()})
    options = sphinx.setdefault("html_theme_options", {})
    options["search_bar_text"] = words[options["search_bar_text"]]
    return config


def compile_catalogues(language: str = LANGUAGE) -> None:
    """Compile every .po of ``locales/<language>`` to its .mo (not committed), before Sphinx starts
    (the theme's own words, sphinx.po, are read when the builder is set up)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted((LOCALES / language / "LC_MESSAGES").rglob("*.po")):
        with po.open("rb") as handle:
            catalogue = read_po(handle, locale=language)
        with po.with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalogue)
    write_sphinx_js(language)


def write_sphinx_js(language: str = LANGUAGE) -> Path:
    """``locales/<language>/LC_MESSAGES/sphinx.js`` (not committed): the search page's words.

    Sphinx ships one per language for its JavaScript (the search page's "Search Results"...),
    and takes the first it finds in ``locale_dirs``; its Vietnamese one leaves the search
    page's words empty. This one is Sphinx's with every message of our ``sphinx.po`` over it.
    """
    import sphinx

    shipped = Path(sphinx.__file__).parent / "locale" / language / "LC_MESSAGES" / "sphinx.js"
    text = shipped.read_text(encoding="utf-8") if shipped.is_file() else ""
    found = re.search(r"Documentation\.addTranslations\((\{.*\})\);", text, re.S)
    data: dict[str, Any] = json.loads(found.group(1)) if found else {"locale": language, "plural_expr": "0"}
    data.setdefault("messages", {}).update(theme_words(language))
    target = LOCALES / language / "LC_MESSAGES" / "sphinx.js"
    target.write_text(f"Documentation.addTranslations({json.dumps(data, indent=1, ensure_ascii=False)});\n")
    return target


def vietnamese_toc() -> dict[str, Any]:
    """_toc.yml with its captions translated (the root page's catalogue holds them): the
    sidebar is built from the table of contents after Sphinx has translated the pages."""
    import yaml

    toc: dict[str, Any] = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    lookup = translations(toc["root"])
    for part in toc.get("parts", []):
        if "caption" in part:
            part["caption"] = lookup.get(part["caption"], part["caption"])
    return toc


def write_source() -> Path:
    """Lay out _build/vi-src/: the book's sources with the Vietnamese notebooks and configuration."""
    import yaml

    compile_catalogues()

    if SOURCE.exists():
        shutil.rmtree(SOURCE)
    SOURCE.mkdir(parents=True)
    for name in LINKED:
        if (ROOT / name).exists():
            (SOURCE / name).symlink_to(ROOT / name)
    for name, what, data in (
        ("_config.yml", "the Vietnamese edition", vietnamese_config()),
        ("_toc.yml", "the captions in Vietnamese", vietnamese_toc()),
    ):
        header = f"# Written by tools/build/edition.py from {name}: {what}.\n"
        (SOURCE / name).write_text(header + yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    for folder in ("book", "notebooks"):
        (SOURCE / folder).mkdir()
        for entry in sorted((ROOT / folder).iterdir()):
            if entry.suffix == ".ipynb" or entry.name in ("downloads", ".ipynb_checkpoints"):
                continue  # the notebooks are the Vietnamese copies; the printables are written anew
            (SOURCE / folder / entry.name).symlink_to(entry)
    write_notebooks()
    for document in notebook_documents():
        write(SOURCE / f"{document}.ipynb", final_notebook(document))
    for document in documents():
        if source_of(document).suffix == ".md":
            write_vietnamese_games(document)
    return SOURCE


def build_site() -> Path:
    """The Vietnamese edition, built as the English one is (-W -n), into _build/html/vi/."""
    write_source()
    command = [str(BIN / "jupyter-book"), "build", str(SOURCE), "--path-output", str(OUTPUT), "--all", "-W", "-n"]
    if subprocess.run([*command, "--keep-going"], check=False).returncode != 0:
        raise SystemExit("the Vietnamese book did not build without warnings (see above)")
    target = SITE / EDITION_PATH
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(OUTPUT / "_build" / "html", target, symlinks=False)
    words = theme_words()
    for page in target.rglob("*.html"):
        if "lite" not in page.relative_to(target).parts[:1]:
            page.write_text(untranslated_attributes(page.read_text(encoding="utf-8"), words), encoding="utf-8")
    return target


# --- checking a catalogue ----------------------------------------------------------------

_LINK = re.compile(r"\]\(([^()\s]*)\)")
_ROLE = re.compile(r"\{([\w:-]+)\}`([^`]*)`")
_ROLE_TARGET = re.compile(r"<([^<>]*)>$")
_BLOCK_START = re.compile(r"(\d+[.)]|[-*+]|#{1,6}|>)(\s|$)")
_HTML_TAG = re.compile(r"</?([A-Za-z][\w-]*)")


def is_code(message: Any) -> bool:
    return any(comment.startswith(CODE_COMMENT) for comment in message.auto_comments)


def is_f_string(message: Any) -> bool:
    return any(comment.startswith(CODE_COMMENT) and F_STRING in comment for comment in message.auto_comments)


def _names(text: str, f_string: bool) -> set[str] | None:
    """The names a literal's placeholders use, or None if it is not valid Python."""
    try:
        tree = ast.parse(literal(text, f_string), mode="eval")
    except SyntaxError:
        return None
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


def _role_targets(text: str) -> list[str]:
    """Each MyST role's name and target: ``doc:rules`` for {doc}`words <rules>`, ``term:ô dân`` for {term}`ô dân`."""
    found = []
    for role, content in _ROLE.findall(text):
        target = _ROLE_TARGET.search(content)
        found.append(f"{role}:{target.group(1) if target else content if role in ('term', 'ref', 'doc') else ''}")
    return sorted(found)


def message_problems(message: Any) -> list[str]:
    """What is wrong with one message's translation ([] when nothing)."""
    source, translated = message.id, message.string
    if isinstance(source, tuple) or isinstance(translated, tuple):
        return []  # no plural forms in page catalogues
    if not translated:
        return ["untranslated"]
    problems = []
    if message.fuzzy:
        problems.append("fuzzy (check it, then remove the fuzzy flag)")
    if unicodedata.normalize("NFC", translated) != translated:
        problems.append("not in NFC (compose the diacritics)")
    if source[: len(source) - len(source.lstrip())] != translated[: len(translated) - len(translated.lstrip())]:
        problems.append("leading spaces differ from the English")
    if source[len(source.rstrip()) :] != translated[len(translated.rstrip()) :]:
        problems.append("trailing spaces differ from the English")
    if source.count("\n") != translated.count("\n"):
        problems.append(f"{source.count(chr(10))} line breaks in the English, {translated.count(chr(10))} here")
    if sorted(_LINK.findall(source)) != sorted(_LINK.findall(translated)):
        problems.append(f"link targets differ: {sorted(_LINK.findall(source))} in the English")
    if _role_targets(source) != _role_targets(translated):
        problems.append(f"roles differ: {_role_targets(source)} in the English")
    if sorted(_HTML_TAG.findall(source)) != sorted(_HTML_TAG.findall(translated)):
        problems.append("HTML tags differ from the English")
    if source.count("`") != translated.count("`"):
        problems.append("not the same number of backticks (`code`) as the English")
    if not is_code(message) and _BLOCK_START.match(translated):
        # Sphinx parses a translated message again on its own, where "1. Board" is a list.
        problems.append("starts like a list or a heading when read alone: escape it (1\\. or \\-)")
    if is_code(message):
        f_string = is_f_string(message)
        names = _names(translated, f_string)
        if names is None:
            problems.append("not valid Python once written back as a string (a {placeholder} broken?)")
        else:
            extra = names - (_names(source, f_string) or set())
            if extra:
                problems.append(f"placeholders use names the English does not: {', '.join(sorted(extra))}")
        if not f_string and sorted(re.findall(r"\{[^{}]*\}", source)) != sorted(re.findall(r"\{[^{}]*\}", translated)):
            problems.append("{placeholders} differ from the English")
    return problems


def catalogue_problems(path: Path) -> list[str]:
    """Every problem of a catalogue, one line each: ``file:line: message start: problem``."""
    problems = []
    for message in iter_messages(path):
        for problem in message_problems(message):
            shown = message.id if isinstance(message.id, str) else message.id[0]
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            problems.append(f"{path}:{message.lineno}: {shown!r}: {problem}")
    return problems


def catalogues(language: str = LANGUAGE) -> list[Path]:
    """Every page's catalogue in ``language``, in the order of the table of contents."""
    return [catalogue_path(document, language) for document in documents()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    commands = parser.add_subparsers(dest="action", required=True)
    commands.add_parser("extract", help="refresh every page's catalogue from the sources")
    check = commands.add_parser("check", help="list untranslated, fuzzy or broken messages (exit 1 if any)")
    check.add_argument("catalogues", nargs="*", type=Path, help="default: every page's")
    commands.add_parser("site", help="build the Vietnamese edition into _build/html/vi/ (after the English one)")
    args = parser.parse_args(argv)
    if args.action == "extract":
        extract()
        return 0
    if args.action == "site":
        print(build_site().relative_to(ROOT))
        return 0
    problems = [p for path in args.catalogues or catalogues() for p in catalogue_problems(path)]
    print("\n".join(problems) if problems else "complete, no problem found")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
