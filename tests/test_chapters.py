"""The chapters read well in JupyterLab and in the book alike (issue 11), checked from their files.

``tests/test_lab.py`` opens them in a real JupyterLab; these quick checks of the stored
notebooks catch the same faults in a second, inside ``make unit``:

- every chapter has the shared "how to use" cell, and JupyterLab hides what the book hides
  (``tools/build/chapters.py``);
- links are plain Markdown that both follow, to files that exist;
- no sentence speaks of one place as if it were the only one ("this website", "make lab"…)
  or in the engine's language ("RULES §10");
- every stored board picture is an ``<img>``, which JupyterLab's sanitizer keeps in an
  untrusted notebook, never inline ``<svg>``, which it removes; every widget has such a picture
  (or text) to show before the notebook runs.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from oanquan.interact.board_setup import LIVE_MIME
from tools.build import chapters
from tools.build.lite_cell import read

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# The widgets that are live boards on the website (tools/sphinx/live_boards.py), as a cell shows one.
LIVE_WIDGET = re.compile(r"^(\w+ = )?(GameBoard|PositionEditor|PuzzleWidget)\(", re.MULTILINE)

# MyST roles and directives, which JupyterLab shows raw ({doc}`02_sowing`, ```{note}).
MYST = re.compile(r"(?<!`)\{[a-z][a-z0-9:-]*\}`|^\s*(```|:::)\{[a-z]", re.MULTILINE)
LINK = re.compile(r"\]\(([^)\s]+)\)")
# Words true in one place only, or the engine's words where a learner reads.
ONE_PLACE = re.compile(
    r"this website|on this page|without any Python|make lab|run this cell|step box|RULES §", re.IGNORECASE
)


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _prose(notebook: dict[str, Any]) -> list[tuple[int, str]]:
    """What a reader reads: Markdown cells and the Markdown that code cells display (say(...))."""
    found = []
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "markdown":
            found.append((index, _text(cell["source"])))
        for output in cell.get("outputs", []):
            if "text/markdown" in output.get("data", {}):
                found.append((index, _text(output["data"]["text/markdown"])))
    return found


@pytest.fixture(params=CHAPTERS, ids=lambda p: p.stem)
def chapter(request: pytest.FixtureRequest) -> tuple[Path, dict[str, Any]]:
    return request.param, read(request.param)


def test_there_are_chapters() -> None:
    assert len(CHAPTERS) >= 11


def test_how_to_cell_and_hiding_are_in_step(chapter: tuple[Path, dict[str, Any]]) -> None:
    path, notebook = chapter
    assert chapters.problems(notebook) == [], f"{path.name}: run `python -m tools.build.chapters --fix`"


def test_links_are_markdown_to_files_that_exist(chapter: tuple[Path, dict[str, Any]]) -> None:
    path, notebook = chapter
    problems = []
    for index, text in _prose(notebook):
        problems += [f"cell {index}: MyST markup {m.group(0)!r}" for m in MYST.finditer(text)]
        for target in LINK.findall(text):
            if target.startswith(("http://", "https://", "#", "mailto:", "data:")):
                continue
            if not (path.parent / target.split("#")[0]).exists():
                problems.append(f"cell {index}: link to a missing file {target!r}")
    assert problems == [], path.name


def test_every_sentence_is_true_where_it_is_read(chapter: tuple[Path, dict[str, Any]]) -> None:
    path, notebook = chapter
    problems = [
        f"cell {index}: {match.group(0)!r} in {' '.join(text[max(0, match.start() - 40) : match.end() + 40].split())!r}"
        for index, text in _prose(notebook)
        for match in ONE_PLACE.finditer(text)
    ]
    assert problems == [], path.name


def test_pictures_survive_an_untrusted_jupyterlab(chapter: tuple[Path, dict[str, Any]]) -> None:
    path, notebook = chapter
    problems = []
    pictures = 0
    for index, cell in enumerate(notebook["cells"]):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            html = _text(data.get("text/html", ""))
            pictures += html.count("<img")
            if "<svg" in html:
                problems.append(f"cell {index}: inline <svg> in text/html (an untrusted JupyterLab removes it)")
            if "image/svg+xml" in data and "text/html" not in data:
                problems.append(f"cell {index}: an SVG output with no HTML <img> (an untrusted JupyterLab refuses it)")
            if WIDGET_VIEW in data and not html.strip():
                problems.append(f"cell {index}: a widget with nothing to show before the notebook runs")
    assert problems == [], path.name
    assert pictures > 0, f"{path.name} shows no board picture at all"


def test_every_board_to_play_on_stores_its_live_setup(chapter: tuple[Path, dict[str, Any]]) -> None:
    """A GameBoard, PositionEditor or PuzzleWidget is a live board on the website too (issue 13).

    Its stored output carries the setup tools/sphinx/live_boards.py draws and plays on the page, so
    it must be shown (no "remove-output") and have run with the engine of today.
    """
    path, notebook = chapter
    problems = []
    for index, cell in enumerate(notebook["cells"]):
        source = _text(cell.get("source", ""))
        if cell["cell_type"] != "code" or not LIVE_WIDGET.search(source):
            continue
        if "remove-output" in cell.get("metadata", {}).get("tags", []):
            problems.append(f"cell {index}: the book would remove the live board (remove-output)")
        if not any(LIVE_MIME in output.get("data", {}) for output in cell.get("outputs", [])):
            problems.append(f"cell {index}: no stored live setup ({LIVE_MIME}): run make notebooks")
    assert problems == [], path.name


def test_the_how_to_cell_tells_how_to_run_in_both_places() -> None:
    assert "Run All Cells" in chapters.HOW_TO and "Open as a live notebook" in chapters.HOW_TO
    assert not MYST.search(chapters.HOW_TO)
    assert not ONE_PLACE.search(chapters.HOW_TO)


def test_fix_repairs_what_check_finds() -> None:
    notebook = read(CHAPTERS[0])
    cells = notebook["cells"]
    hidden = next(c for c in cells if "hide-input" in c.get("metadata", {}).get("tags", []))
    del hidden["metadata"]["jupyter"]
    cells.remove(next(c for c in cells if c.get("id") == chapters.HOW_TO_ID))
    found = chapters.problems(notebook)
    assert any("how-to" in p for p in found) and any("hides its code" in p for p in found)
    assert chapters.with_how_to(notebook) and chapters.sync_hiding(notebook)
    assert chapters.problems(notebook) == []
    assert not chapters.with_how_to(notebook) and not chapters.sync_hiding(notebook)


def _pictures_of_an_event(source: str) -> list[str]:
    """Calls that draw ``<name>.position`` (an event's position, or a game's) with nothing that says whose turn it is.

    A picture taken from an event of a move must pass :func:`oanquan.svg.event_highlights`
    (``**highlights`` or ``**event_highlights(...)``) or ``turn=``: otherwise it marks the mover
    as "to move" after their move (issue 25). A game's position (``game.position``) needs neither.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:  # a cell with top-level await (the live notebook's install cell)
        return []
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("figure", "board_svg", "picture")):
            continue
        first = node.args[0] if node.args else None
        if not (isinstance(first, ast.Attribute) and first.attr == "position"):
            continue
        owner = ast.unparse(first.value)
        if "game" in owner.lower():
            continue
        keywords = {k.arg for k in node.keywords}
        if None not in keywords and "turn" not in keywords:
            found.append(ast.unparse(node)[:80])
    return found


BOOK_PAGES = sorted((ROOT / "book").glob("*.ipynb"))


@pytest.mark.parametrize("path", CHAPTERS + BOOK_PAGES, ids=lambda p: p.stem)
def test_every_picture_of_an_event_says_whose_turn_it_is(path: Path) -> None:
    """In the chapters and the book's notebook pages (the rules page's worked examples) alike."""
    found = [
        call
        for cell in read(path)["cells"]
        if cell["cell_type"] == "code"
        for call in _pictures_of_an_event(_text(cell["source"]))
    ]
    assert found == []


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_markdown_that_a_chapter_prints_is_read_as_myst(path: Path) -> None:
    """myst-nb reads a cell's Markdown output as plain CommonMark unless told: its tables came out as raw pipes."""
    assert read(path)["metadata"].get("mystnb", {}).get("render_markdown_format") == "myst"


def test_the_picture_check_finds_an_event_drawn_without_its_turn() -> None:
    assert _pictures_of_an_event('figure(end.position, "After the last move.", "x", last_move=move)') != []
    assert _pictures_of_an_event('figure(e.position, "x", "y", **event_highlights(e))') == []
    assert _pictures_of_an_event('figure(limit_game.position, "x", "y")') == []
    # the rules page's R5.5 example, as it was drawn before issue 25 was finished
    old = "picture(jump_events[jump_index].position, 'text', 'rule-mandarin-gap', last_move=JUMP_MOVE, captured=c)"
    assert _pictures_of_an_event(old) != []
