"""The classroom kit to print: the blank board (oanquan.paper, SVG; tools/sphinx/printables.py, PDF),
the worksheets and answer keys of the three levels, and the rules sheet.

Each PDF is opened by poppler (``pdfinfo``), its first page drawn as an image (``pdftoppm``)
and read back as text (``pdftotext``), and its QR codes decoded from that image (``zbarimg``):
what a printer and a phone would see. The Makefile installs poppler-utils and zbar-tools.
"""

from __future__ import annotations

import dataclasses
import html
import json
import math
import re
import shutil
import subprocess
import types
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageStat

from conftest import english_words
from oanquan import Game, Position, Rules, i18n
from oanquan.paper import FILE_STEM, PAGE_HEIGHT, PAGE_WIDTH, HalfEllipse, Rect, blank_board_svg, board_shapes
from oanquan.puzzles import SHEETS, load_builtin, sheet
from oanquan.scene import board_scene
from oanquan.web import Session, read_address
from tools.sphinx import printables
from tools.sphinx.printables import (
    SHEET_SIZE,
    blank_board_pdf,
    kit_names,
    play_address,
    puzzle_address,
    rule_examples,
    rules_wall_pdf,
    setup,
    write_downloads,
)

SVG_NS = "{http://www.w3.org/2000/svg}"
SQUARE_NAMES = {str(n) for n in range(10)} | {"M0", "M1"}
SITE = "https://school.example/oanquan/"
TOOLS = ("pdfinfo", "pdftoppm", "pdftotext", "zbarimg")


def test_the_print_tools_are_installed() -> None:
    """The Makefile's print-deps step installs them: these checks never skip."""
    assert [t for t in TOOLS if shutil.which(t) is None] == []
    assert (printables.FONT_DIR / "DejaVuSans.ttf").is_file()


class FakeSphinx:
    """Just enough of a Sphinx application for :func:`printables.setup`: its source folder and configuration."""

    def __init__(self, srcdir: Path, **config: object) -> None:
        self.srcdir = str(srcdir)
        self.config = types.SimpleNamespace(**config)
        self.values: dict[str, object] = {}
        self.handlers: dict[str, Any] = {}

    def add_config_value(self, name: str, default: object, rebuild: str, types: object) -> None:
        self.values[name] = default

    def connect(self, event: str, handler: object) -> None:
        self.handlers[event] = handler


def book_kit(root: Path, **config: object) -> Path:
    """The kit as a book's build writes it: the Sphinx hook (:func:`printables.setup`) run as the build
    starts, into its configured folder. A kit costs about 12 CPU-seconds (issue 45: ``make test``'s
    CPU), so the tests below share three: the English with the site's address and the Vietnamese
    with it (written by this hook), and the English without it (:func:`kit_without_site`)."""
    app = FakeSphinx(root, oanquan_printable_dir="book/downloads", oanquan_site_url=SITE, **config)
    setup(app)
    app.handlers["builder-inited"](app)
    return root / "book" / "downloads"


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The English edition's kit, as its book writes it (with the site's address)."""
    return book_kit(tmp_path_factory.mktemp("kit"))


@pytest.fixture(scope="module")
def kit_without_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("kit-no-site")
    write_downloads(folder)
    return folder


def info(path: Path) -> dict[str, str]:
    done = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    assert done.stderr == "", done.stderr
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in done.stdout.splitlines())}


def first_page_text(path: Path, mode: str = "-raw") -> str:
    """The first page's text: as written (``-raw``), as laid out (``-layout``), or each word's box (``-bbox``)."""
    done = subprocess.run(
        ["pdftotext", "-f", "1", "-l", "1", mode, str(path), "-"], capture_output=True, text=True, check=True
    )
    assert done.stderr == ""
    return done.stdout


def first_page_image(path: Path, tmp_path: Path, dpi: int = 150) -> Path:
    stem = tmp_path / path.stem
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-png", "-f", "1", "-l", "1", "-singlefile", str(path), str(stem)], check=True
    )
    return stem.with_suffix(".png")


def page_colours(path: Path, tmp_path: Path, page: int, dpi: int) -> list[tuple[int, tuple[int, int, int]]]:
    """The colours of page ``page`` drawn at ``dpi``, each with its count of pixels."""
    stem = tmp_path / f"{path.stem}-page{page}"
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-png", "-f", str(page), "-l", str(page), "-singlefile", str(path), str(stem)],
        check=True,
    )
    image = Image.open(stem.with_suffix(".png")).convert("RGB")
    return image.getcolors(maxcolors=1 << 20) or []  # type: ignore[return-value]


def first_page_colours(path: Path, tmp_path: Path, dpi: int) -> list[tuple[int, tuple[int, int, int]]]:
    """The colours of the first page drawn at ``dpi``, each with its count of pixels."""
    image = Image.open(first_page_image(path, tmp_path, dpi)).convert("RGB")
    return image.getcolors(maxcolors=1 << 20) or []  # type: ignore[return-value]


def qr_codes(image: Path) -> list[str]:
    """Every QR code zbar finds in the image, sorted."""
    done = subprocess.run(
        ["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(image)], capture_output=True, text=True
    )
    assert done.returncode in (0, 4), done.stderr  # 4: no code found
    return sorted(line for line in done.stdout.splitlines() if line)


# --------------------------------------------------------------------- the blank board (SVG)


@pytest.fixture(scope="module")
def svg() -> ET.Element:
    return ET.fromstring(blank_board_svg())


def test_svg_is_an_a4_landscape_page(svg: ET.Element) -> None:
    assert svg.tag == f"{SVG_NS}svg"
    assert (svg.get("width"), svg.get("height")) == ("297mm", "210mm")
    assert svg.get("viewBox") == f"0 0 {PAGE_WIDTH} {PAGE_HEIGHT}"


def test_svg_has_the_twelve_squares(svg: ET.Element) -> None:
    squares = [e for e in svg.iter() if e.get("class") == "square"]
    assert len(squares) == 12
    assert {e.get("data-square") for e in squares} == SQUARE_NAMES
    rects = [e for e in squares if e.tag == f"{SVG_NS}rect"]
    assert len(rects) == 10 and all(e.get("width") == e.get("height") for e in rects), "citizen squares are square"
    halves = [e for e in squares if e.tag == f"{SVG_NS}path"]
    assert sorted(e.get("data-square") for e in halves) == ["M0", "M1"]
    assert all("A" in (e.get("d") or "") for e in halves), "Mandarin squares are elliptical arcs"


def test_svg_rows_follow_the_rules(svg: ET.Element) -> None:
    """R1: player 1's row on top reads 4 3 2 1 0 from the left; player 0's below reads 5 to 9."""
    rects = {e.get("data-square"): e for e in svg.iter(f"{SVG_NS}rect") if e.get("class") == "square"}

    def row(names: str) -> list[tuple[float, float]]:
        return [(float(rects[n].get("x", 0)), float(rects[n].get("y", 0))) for n in names]

    top, bottom = row("43210"), row("56789")
    assert [x for x, _ in top] == sorted(x for x, _ in top) == [x for x, _ in bottom]
    assert len({y for _, y in top}) == 1 and len({y for _, y in bottom}) == 1
    assert top[0][1] < bottom[0][1]
    paths = {e.get("data-square"): e.get("d") or "" for e in svg.iter(f"{SVG_NS}path")}
    left_x = float(re.match(r"M([\d.]+)", paths["M1"])[1])  # type: ignore[index]
    right_x = float(re.match(r"M([\d.]+)", paths["M0"])[1])  # type: ignore[index]
    assert left_x == top[0][0] and right_x > top[-1][0], "M1 at the left end, M0 at the right end"


def test_svg_shows_numbers_and_names_but_no_position(svg: ET.Element) -> None:
    texts = ["".join(e.itertext()) for e in svg.iter(f"{SVG_NS}text")]
    for name in SQUARE_NAMES:
        assert name in texts, f"square {name} is not labelled"
    assert texts.count("ô quan") == 2
    assert not list(svg.iter(f"{SVG_NS}circle")), "a blank board has no pebbles or stones"
    words = " ".join(texts).lower()
    assert "to move" not in words and "points" not in words and "store" not in words


def test_svg_without_page_size_scales_to_its_container() -> None:
    root = ET.fromstring(blank_board_svg(page_size=False))
    assert root.get("width") is None and root.get("height") is None
    assert root.get("viewBox") == f"0 0 {PAGE_WIDTH} {PAGE_HEIGHT}"


# Helvetica advance widths, in 1/1000 em, for ASCII 32..126.
_ASCII_WIDTHS = (
    [278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278]
    + [556] * 10
    + [278, 278, 584, 584, 584, 556, 1015]
    + [667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833]
    + [722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611]
    + [278, 278, 278, 469, 556, 333]
    + [556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833]
    + [556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500]
    + [334, 260, 334, 584]
)
_WIDTHS = {chr(32 + i): w for i, w in enumerate(_ASCII_WIDTHS)}
_WIDTHS.update({"–": 556, "—": 1000, "‘": 222, "’": 222, "“": 333, "”": 333, "·": 278, "…": 1000, "\u00a0": 278})


def helvetica_width(text: str, size: float) -> float:
    """The width of ``text`` set in Helvetica at ``size`` points (an accented letter is as wide as its base).

    Only this test measures the labels (moved here from ``oanquan.paper``, which never used it): the
    PDF is drawn from the same shapes by the book's build (``tools/printables.py``), in a font whose
    letters are no wider.
    """
    total = sum(_WIDTHS.get(char, _WIDTHS.get(unicodedata.normalize("NFD", char)[0], 556)) for char in text)
    return total * size / 1000


def test_helvetica_width_counts_an_accented_letter_as_its_base() -> None:
    assert helvetica_width("M0", 10) == pytest.approx(13.89)
    assert helvetica_width("ô", 10) == helvetica_width("o", 10)


def test_everything_fits_on_the_page_inside_a_printable_margin() -> None:
    for shape in board_shapes():
        if isinstance(shape, Rect):
            x0, y0, x1, y1 = shape.x, shape.y, shape.x + shape.size, shape.y + shape.size
        elif isinstance(shape, HalfEllipse):
            tip = shape.x + shape.side * shape.rx
            x0, y0, x1, y1 = min(shape.x, tip), shape.cy - shape.ry, max(shape.x, tip), shape.cy + shape.ry
        else:
            half = helvetica_width(shape.text, shape.size) / 2
            x0, y0, x1, y1 = shape.x - half, shape.y - shape.size, shape.x + half, shape.y + shape.size
        assert min(x0, y0) >= 28 and x1 <= PAGE_WIDTH - 28 and y1 <= PAGE_HEIGHT - 28, shape


# --------------------------------------------------------------------- the blank board (PDF)


def test_blank_board_pdf_is_one_a4_landscape_page(kit: Path, tmp_path: Path) -> None:
    path = kit / f"{FILE_STEM}.pdf"
    meta = info(path)
    assert meta["Pages"] == "1" and "(A4)" in meta["Page size"] and meta["Page size"].startswith("841.89 x 595.28")
    assert meta["Title"] == "Ô Ăn Quan: a blank board to print"
    text = first_page_text(path, "-layout")
    for name in ("M0", "M1", "ô quan", "Ô Ăn Quan", "Bottom row · squares 5 to 9 (ô dân)"):
        assert name in text, name
    assert re.search(r"\b5\s+6\s+7\s+8\s+9\b", text), "player 0's numbers, left to right"
    image = Image.open(first_page_image(path, tmp_path, dpi=40)).convert("L")
    assert image.size[0] > image.size[1], "landscape"
    assert image.getextrema()[0] < 80, "the board's lines are drawn"


# --------------------------------------------------------------------- worksheets and answer keys


@pytest.mark.parametrize("level", list(SHEETS))
def test_worksheet_first_page_text_and_qr_codes(level: str, kit: Path, tmp_path: Path) -> None:
    path = kit / f"oanquan-worksheet-{level}.pdf"
    meta = info(path)
    assert meta["Pages"] == "2" and meta["Page size"].startswith("595.28 x 841.89")
    text = " ".join(first_page_text(path).split())  # a long title goes on to the next line
    assert SHEETS[level][0] in text and "Name:" in text and "My move:" in text
    exercises = sheet(level, SHEET_SIZE)
    for number, puzzle in enumerate(exercises[:3], 1):
        assert f"Exercise {number} · {puzzle.code} · {puzzle.title}" in text
        assert " ".join(puzzle.goal_text.split(":")[0].split()) in text
        assert puzzle.position_text in text, "each exercise carries its position text"
    assert f"Exercise 4 · {exercises[3].code}" not in text, "three exercises to a page"
    codes = qr_codes(first_page_image(path, tmp_path))
    assert codes == sorted(puzzle_address(SITE, p) for p in exercises[:3])
    assert all(code.startswith(f"{SITE}book/puzzles.html?puzzle=") for code in codes)


@pytest.mark.parametrize("level", list(SHEETS))
def test_answer_key_gives_the_engines_answers_and_play_links(level: str, kit: Path, tmp_path: Path) -> None:
    path = kit / f"oanquan-answers-{level}.pdf"
    text = first_page_text(path)
    flat = " ".join(text.split())
    exercises = sheet(level, SHEET_SIZE)
    for number, puzzle in enumerate(exercises[:4], 1):
        assert f"Exercise {number} · {puzzle.code} · {puzzle.title}" in flat
        assert f"Answer: {puzzle.answer_text}." in flat  # a line written out: move, reply, next move
        assert " ".join(puzzle.explanation.split())[:60] in flat
        if puzzle.line:
            assert f"After {', '.join(puzzle.line)}:" in flat, "the board after the whole line"
    if level == "endgames":  # issue 42: the lines of two moves are on the sheet that looks past the reply
        lines = [p for p in exercises if p.line]
        assert lines and lines[0] in exercises[:4], [p.id for p in exercises]
        sheet_text = all_text(kit / f"oanquan-worksheet-{level}.pdf")
        assert "Write your move, your opponent's best reply, and your next move." in sheet_text
    codes = qr_codes(first_page_image(path, tmp_path))
    assert len(codes) == 4
    opened = []
    for code in codes:
        address, _, query = code.partition("?")
        assert address == f"{SITE}book/play.html"
        settings, notices = read_address("?" + query)  # what the Play page does with the address
        assert notices == []
        view = Session().new_game(settings)
        opened.append((view["position"], view["rules"]))
    expected = [(p.position_text, p.rules_options) for p in exercises[:4]]
    assert sorted(opened, key=str) == sorted(expected, key=str)


def all_text(path: Path) -> str:
    """Every page's text, each run of spaces and lines as one space."""
    done = subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True, check=True)
    return " ".join(done.stdout.split())


CLASS_SHEETS = {"": "can be taken", "-protected": "cannot be taken"}


@pytest.mark.parametrize("end", list(CLASS_SHEETS))
@pytest.mark.parametrize("level", list(SHEETS))
def test_every_sheet_and_answer_key_carries_the_codes_and_names_its_rules(
    level: str, end: str, kit: Path, kit_without_site: Path
) -> None:
    """Issue 42: every exercise on every page of a worksheet and of its answer key names its code, with
    or without QR codes; the codes are the collection's, each opening its puzzle (find_puzzle); every
    page names the rules the sheet was made for, and each of its puzzles is the same under them."""
    from authoring.puzzles import class_rules_kept
    from oanquan.interact.controller import find_puzzle

    key = "protected-10" if end else "open-10"
    exercises = [p for p in sheet(level, SHEET_SIZE, keep=lambda p: key in class_rules_kept(p))]
    assert len(exercises) == SHEET_SIZE
    named = f"The rules of this sheet: young Mandarins (quan non) {CLASS_SHEETS[end]}; a Mandarin is worth 10."
    for folder in (kit, kit_without_site):
        for name in (f"oanquan-worksheet-{level}{end}.pdf", f"oanquan-answers-{level}{end}.pdf"):
            text = all_text(folder / name)
            printed = re.findall(r"Exercise \d+ · (P-\d{3}) ·", text)
            assert printed == [p.code for p in exercises], (name, printed)
            assert all(find_puzzle(code).id == p.id for code, p in zip(printed, exercises, strict=True))
            assert text.count(named) == int(info(folder / name)["Pages"]), (name, "each page names its rules")


@pytest.mark.parametrize("end", list(CLASS_SHEETS))
def test_each_rules_sheet_names_its_rules_and_shows_only_what_they_allow(end: str, kit: Path) -> None:
    """Issue 42: the desk rules sheet for a class that protects young Mandarins shows no capture of one."""
    text = all_text(kit / f"oanquan-rules-sheet{end}.pdf")
    assert f"The rules of this sheet: young Mandarins (quan non) {CLASS_SHEETS[end]}" in text
    if not end:
        return
    protected = Rules(young_mandarin_min=5)
    for example in rule_examples(rules=protected):
        # the move pictured does the same under the class's rules: nothing they forbid is shown
        replayed = Position.from_text(example.position.to_text(), protected).play_traced(example.move_text)[1]
        assert [e.kind for e in replayed] == [e.kind for e in example.events], example.anchor
    opening = rule_examples()[0]
    assert opening.position == Position.initial() and opening.move_text == "5L", "the usual sheet's first picture"
    first = rule_examples(rules=protected)[0]
    assert not any(e.kind == "capture" and e.stones for e in first.events), "no young Mandarin taken"


def test_the_class_path_sheet_lists_its_codes(kit: Path) -> None:
    """Issue 42: the path for 9-11-year-olds as its own sheet, each puzzle by its code, in order."""
    from oanquan.puzzles import class_path

    text = all_text(kit / "oanquan-path-9-11.pdf")
    printed = re.findall(r"P-\d{3}", text)
    from authoring.puzzles import suits_every_recommended_class

    assert printed == [p.code for p in class_path(keep=suits_every_recommended_class)], printed
    assert "whether your class protects young Mandarins (quan non) or not" in text, "the sheet names its rules"
    assert "A path of 20 puzzles for ages 9 to 11" in text


def test_the_guide_shows_the_class_path_as_the_sheet_does(kit: Path) -> None:
    """Issue 42: the teacher's guide shows the same 20 puzzles as the path sheet, in its order, as a
    table of code, title, theme and level that its code cell computes (the stored output checked here)."""
    from authoring.puzzles import suits_every_recommended_class
    from oanquan.puzzles import THEMES, class_path

    guide = json.loads((Path(__file__).parents[1] / "book" / "teachers.ipynb").read_text(encoding="utf-8"))
    shown = "".join(
        "".join(output.get("data", {}).get("text/html", ""))
        for cell in guide["cells"]
        for output in cell.get("outputs", [])
    )
    table = re.search(r'<table class="table oq-class-path">.*?</table>', shown, re.S)
    assert table is not None, "the guide has the path's table"
    rows = re.findall(
        r"<tr><td>(\d+)</td><td><code>(P-\d{3})</code></td><td><a [^>]*>([^<]*)</a></td>"
        r"<td>([^<]*)</td><td>(\d)</td></tr>",
        table[0],
    )
    chosen = class_path(keep=suits_every_recommended_class)
    assert [code for _n, code, *_rest in rows] == re.findall(r"P-\d{3}", all_text(kit / "oanquan-path-9-11.pdf"))
    expected = [
        (str(n), p.code, html.escape(p.title), html.escape(THEMES[p.theme]), str(p.difficulty))
        for n, p in enumerate(chosen, 1)
    ]
    assert rows == expected


def test_worksheets_print_in_black_and_white(kit: Path, tmp_path: Path) -> None:
    """No colour at all: every pixel of the worksheet's page is a grey."""
    colours = first_page_colours(kit / "oanquan-worksheet-captures.pdf", tmp_path, dpi=50)
    assert colours and all(r == g == b for _, (r, g, b) in colours)
    darkest = min(r for _, (r, _g, _b) in colours)
    assert darkest < 60, "the ink is near black"


def test_without_a_site_address_there_is_no_qr_code(kit_without_site: Path, tmp_path: Path) -> None:
    path = kit_without_site / "oanquan-worksheet-first-lesson.pdf"
    assert qr_codes(first_page_image(path, tmp_path)) == []
    text = " ".join(first_page_text(path).split())
    first = sheet("first-lesson", SHEET_SIZE)[0]
    # the puzzle by the code the Puzzles page's box opens (issue 42); never its id (issue 21: "câu first-capture-1")
    assert f"type the code {first.code}" in text and first.position_text in text and first.id not in text
    # issue 23: no sheet speaks of a QR code it does not carry
    for sheet_path in sorted(kit_without_site.glob("*.pdf")):
        assert "QR" not in first_page_text(sheet_path), sheet_path.name


def test_addresses_are_the_pages_own() -> None:
    puzzle = next(p for p in load_builtin() if p.rules_options)
    assert puzzle_address("https://x.example", puzzle) == f"https://x.example/book/puzzles.html?puzzle={puzzle.id}"
    address = play_address("https://x.example/", puzzle.position)
    assert address.startswith("https://x.example/book/play.html?position=")
    request, notices = read_address(address.partition("?")[2])
    assert notices == []
    assert Position.from_text(request["position"]) == Position.from_text(puzzle.position_text)
    assert {k: int(v) if v.isdigit() else v for k, v in request["options"].items()} == puzzle.rules_options


# --------------------------------------------------------------------- the rules sheet


def test_the_desk_sheet_has_every_rule_with_a_black_and_white_picture(kit: Path, tmp_path: Path) -> None:
    """Issue 46: the rules for the desk, every rule with its picture (the rules page's moves), on two
    pages, every word at least 9 pt (the captions were 4-5 pt), in greys only, with a key to the marks."""
    path = kit / "oanquan-rules-sheet.pdf"
    assert info(path)["Pages"] == "2"
    text = " ".join(all_text(path).split())
    examples = rule_examples()
    assert len(examples) == 11
    assert any(e.anchor == "mandarin-gap" and e.move_text == "6R" for e in examples), "the rule book's R5.5 example"
    for example in examples:
        heading = example.rule.split(":")[0]
        assert heading in text, heading
        assert " ".join(example.caption.split()) in text, example.caption
    assert "Score = captured pebbles + 10 per Mandarin stone" in text
    assert "a hatched square has just been captured" in text, "the key to the pictures' marks"
    words = all_word_sizes(path)
    smallest = min(words, key=lambda w: w[1])
    assert smallest[1] >= printables.DESK_TEXT_SIZE - 0.05, smallest
    for page in (1, 2):
        colours = page_colours(path, tmp_path, page, dpi=50)
        assert all(r == g == b for _, (r, g, b) in colours), f"page {page}: black and white only"


def test_the_desk_sheet_draws_its_pictures_with_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every picture of the desk sheet is drawn with the black-and-white marks (the test below checks
    what they look like), none with the players' lines of small type."""
    calls: list[dict[str, object]] = []
    drawn = printables.draw_board

    def spy(*args: Any, **kwargs: Any) -> float:
        calls.append(kwargs)
        return drawn(*args, **kwargs)

    monkeypatch.setattr(printables, "draw_board", spy)
    printables.rules_sheet_pdf()
    assert len(calls) == 2 * len(rule_examples())  # each block drawn on a scratch page to measure it, then on the sheet
    assert all(c == {"strips": False, "marks": True, "label": printables.DESK_TEXT_SIZE} for c in calls), calls


def test_highlights_survive_black_and_white_printing(tmp_path: Path) -> None:
    """Issue 46: the highlights printed pale grey. Drawn in grey at 100 dpi, an empty captured
    square (hatched) is clearly darker than an empty plain one, and a square dropped into has a
    dark frame where a plain square is white."""
    position = Position.from_text("3,1,1,1,1,0,1,0,0,4 0,Q 20,20+Q 0,0 0")
    after, events = position.play_traced("6R")  # captures 9, then 0 over the empty M0 (RULES §11)
    assert after.is_empty(9) and after.is_empty(8) and after.is_empty(5)
    scene = board_scene(after, captured=(9, 0), received=7)
    pdf = printables._Document("marks")
    pdf.add_page()
    x, y, width = 20.0, 20.0, 120.0
    printables.draw_board(pdf, scene, x, y, width, strips=False, marks=True)
    path = tmp_path / "marks.pdf"
    path.write_bytes(pdf.pdf_bytes())
    dpi = 100
    image = Image.open(first_page_image(path, tmp_path, dpi)).convert("L")
    cell = width / 6.4
    left, top = x + 0.7 * cell, y + 0.5

    def pixels(box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
        """A box in mm as the image's pixels."""
        a, b, c, d = (round(v / 25.4 * dpi) for v in box)
        return a, b, c, d

    def mean_grey(square: int, inset: float) -> float:
        """The mean grey of a bottom-row square's inside, ``inset`` mm from its edges (0 black, 255 white)."""
        sx = left + cell * (square - 5)
        corners = (sx + inset, top + cell + inset, sx + cell - inset, top + 2 * cell - inset)
        return float(ImageStat.Stat(image.crop(pixels(corners))).mean[0])

    plain, hatched = mean_grey(8, 2.5), mean_grey(9, 2.5)
    assert plain > 245, plain
    assert plain - hatched > 40, (plain, hatched)  # about a quarter of the square inked

    def frame_grey(square: int) -> float:
        """The mean grey of the band 1 to 2 mm inside the square's edge, where the frame is drawn."""
        sx = left + cell * (square - 5)
        sy = top + cell
        strips = [(sx + 1, sy + 1, sx + 2, sy + cell - 1), (sx + cell - 2, sy + 1, sx + cell - 1, sy + cell - 1)]
        means = [ImageStat.Stat(image.crop(pixels(strip))).mean[0] for strip in strips]
        return float(sum(means) / len(means))

    assert frame_grey(8) - frame_grey(7) > 60, (frame_grey(8), frame_grey(7))


#: A word's box as poppler measures it is DejaVu Sans's ascent plus descent: 1.164 times its size.
DEJAVU_BOX = 0.928 + 0.236


def word_boxes(path: Path) -> list[tuple[float, float, float, float, str]]:
    """Each word of the first page: its box in points (left, top, right, bottom) and its text."""
    found = re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
        first_page_text(path, "-bbox"),
    )
    return [(float(left), float(top), float(right), float(bottom), text) for left, top, right, bottom, text in found]


def word_sizes(path: Path) -> list[tuple[str, float, float]]:
    """Each word of the first page: its text, its font size in points (from its box), its bottom in points."""
    return [(text, (bottom - top) / DEJAVU_BOX, bottom) for _left, top, _right, bottom, text in word_boxes(path)]


def all_word_sizes(path: Path) -> list[tuple[str, float, float]]:
    """Each word of every page: its text, its font size in points (from its box), its bottom in points."""
    done = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True)
    found = re.findall(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', done.stdout)
    return [(text, (float(bottom) - float(top)) / DEJAVU_BOX, float(bottom)) for top, bottom, text in found]


def test_a_poster_letter_is_read_from_the_back_of_the_room() -> None:
    """The letter size is computed, not guessed: a capital 5 minutes of arc tall at 8 m (the 6/6 line
    of an eye chart) is 11.6 mm, which DejaVu Sans reaches at 45.2 points; the poster's words are larger."""
    size = printables.letter_size(printables.POSTER_DISTANCE)
    capital_mm = size * printables.CAP_HEIGHT * 25.4 / 72
    assert abs(capital_mm - 8000 * math.tan(math.radians(5 / 60))) < 0.01
    assert 45 < size <= printables.POSTER_TEXT_SIZE
    assert printables.letter_size(2 * printables.POSTER_DISTANCE) == pytest.approx(2 * size)


@pytest.mark.parametrize("edition", ["en", "vi"])
def test_the_wall_poster_is_read_from_the_back_of_the_room(edition: str, tmp_path: Path) -> None:
    """Issue 46: the rules for the wall are an A3 poster read from 8 m: every word on every page at
    least the size a pupil with normal sight reads from 8 m (``letter_size``, 45 pt), the board's
    square numbers larger still, every rule of the poster, black on white, inside the margins."""
    path = tmp_path / "wall.pdf"
    with i18n.language(edition):
        path.write_bytes(rules_wall_pdf())
        headings = [i18n._(rule).split("**")[1] for rule in printables.POSTER_RULES]
    pages = int(info(path)["Pages"])
    assert 2 <= pages <= 5
    sizes = subprocess.run(["pdfinfo", "-f", "1", "-l", str(pages), str(path)], capture_output=True, text=True).stdout
    assert sizes.count("(A3)") == pages, sizes  # every page A3 (landscape: 1190.55 x 841.89 pts)
    assert "1190.55 x 841.89 pts (A3)" in sizes
    words = all_word_sizes(path)
    assert len(words) > 120
    smallest = min(words, key=lambda w: w[1])
    assert smallest[1] >= printables.letter_size(printables.POSTER_DISTANCE), smallest
    for number in "0123456789":
        assert max(size for text, size, _ in words if text == number) >= 70, f"square {number} on the board"
    assert max(bottom for *_, bottom in words) <= 841.89 - 10 / 25.4 * 72, "inside the bottom margin"
    text = " ".join(all_text(path).split())
    assert all(heading in text for heading in headings), headings
    for page in range(1, pages + 1):
        colours = page_colours(path, tmp_path, page, dpi=20)
        assert all(r == g == b for _, (r, g, b) in colours), "black and white only"
        assert min(grey for _count, (grey, _g, _b) in colours) < 60, "the text is near black"


# --------------------------------------------------------------------- the lessons' cards and keys (issue 46)


@pytest.mark.parametrize(("level", "end"), [(level, end) for level in SHEETS for end in ("", "-protected")])
def test_a_position_card_for_every_exercise(level: str, end: str, kit: Path) -> None:
    """One card per exercise of the worksheet, two to a page, each with its puzzle's code in large
    type and the board's pebble counts large enough to copy at a glance (at least 30 pt)."""
    rules = "open-10" if end == "" else "protected-10"
    puzzles = printables.class_sheet(level, rules)
    path = kit / f"oanquan-cards-{level}{end}.pdf"
    assert int(info(path)["Pages"]) == (len(puzzles) + 1) // 2
    words = all_word_sizes(path)
    codes = [(text, size) for text, size, _ in words if re.fullmatch(r"P-\d{3}", text)]
    assert [code for code, _ in codes] == [p.code for p in puzzles]
    assert min(size for _, size in codes) >= 24
    text = " ".join(all_text(path).split())
    for number, puzzle in enumerate(puzzles, 1):
        assert f"Exercise {number} of the worksheet" in text
        assert puzzle.goal_text.split(":")[0] in text
    counts = [size for text, size, _ in words if text.isdigit() and size > 20]
    biggest = {int(text) for text, size, _ in words if text.isdigit() and size > 30}
    wanted = {puzzle.position.count(s) for puzzle in puzzles for s in range(12) if puzzle.position.count(s)}
    assert wanted <= biggest, wanted - biggest
    assert min(counts) >= 30


@pytest.mark.parametrize("level", list(SHEETS))
def test_the_pupils_self_check_key_gives_each_answer(level: str, kit: Path) -> None:
    """The key pupils check their own sheets with: every exercise's code and answer, and what the
    answer does, in type a pupil reads (at least 12 pt, its foot 9 pt)."""
    path = kit / f"oanquan-self-check-{level}.pdf"
    assert info(path)["Pages"] == "1"
    text = " ".join(all_text(path).split())
    for number, puzzle in enumerate(printables.class_sheet(level), 1):
        assert f"Exercise {number} · {puzzle.code} · answer: {' or '.join(puzzle.solution)}" in text
        assert printables._self_check_words(puzzle) in text
    words = all_word_sizes(path)
    assert min(size for _, size, _ in words) >= 9 - 0.05
    body = [size for _, size, bottom in words if bottom < 275 / 25.4 * 72]
    assert min(body) >= printables.SELF_CHECK_SIZE - 0.05


def test_the_record_sheet_has_room_for_a_game_and_counts_the_score_as_the_rules_do(kit: Path, tmp_path: Path) -> None:
    """Issue 23: a game record and score sheet for pairs: numbered rows for the moves of both
    players, the score's parts of R8.1 and R8.2, and the total the two scores make (R8.3)."""
    path = kit / "oanquan-game-record.pdf"
    assert info(path)["Pages"] == "1"
    text = " ".join(first_page_text(path).split())
    numbers = [int(line) for line in first_page_text(path).splitlines() if line.strip().isdigit()]
    assert numbers == list(range(1, 2 * printables.RECORD_ROWS + 1))
    for words in ("Pebbles captured", "Mandarin stones captured × 10", "Pebbles left in your own row", "borrowed"):
        assert words in text, words
    start, rules = Position.initial(), Rules()
    total = sum(start.count(square) for square in range(12)) + 2 * rules.mandarin_value
    assert total == 70 and f"add up to {total}." in text
    assert min(size for _, size, _ in word_sizes(path)) >= 9 - 0.05, "every word at least 9 pt"
    assert all(r == g == b for _, (r, g, b) in first_page_colours(path, tmp_path, dpi=50))


def test_rule_examples_are_real_moves() -> None:
    for example in rule_examples():
        position = example.position
        after, events = position.play_traced(example.move_text)
        assert events == example.events and 0 <= example.index < len(events)
        assert example.caption


def test_a_rule_example_from_the_middle_of_a_game_names_the_moves_that_made_its_board() -> None:
    # A tryout found R3.4a's picture (after 5R 3R: 44 pebbles) with no word about the move before it.
    examples = {example.anchor: example for example in rule_examples()}
    assert "after 5R:" in examples["mandarin-stop"].caption
    for example in examples.values():
        if not example.before:
            continue
        game = Game(rules=example.position.rules)
        for move in example.before:
            game.play(move)
        assert game.position == example.position  # the moves named do make the board drawn
        assert f"plays {example.move_text} after {' '.join(example.before)}:" in example.caption


# --------------------------------------------------------------------- files and the build


def test_downloads_are_the_whole_kit(kit: Path) -> None:
    names = sorted(path.name for path in kit.iterdir())
    assert names == sorted(kit_names())
    expected = [f"{FILE_STEM}.pdf", f"{FILE_STEM}.svg", "oanquan-rules-wall.pdf"]
    # issue 46: position cards and the pupils' key for each worksheet
    expected += [
        f"oanquan-{kind}-{level}{end}.pdf"
        for kind in ("cards", "self-check")
        for level in SHEETS
        for end in ("", "-protected")
    ]
    expected += ["oanquan-game-record.pdf", "oanquan-path-9-11.pdf"]
    # issue 42: a set of worksheets and a rules sheet for each of the two rule sets the guide recommends
    for end in ("", "-protected"):
        expected += [f"oanquan-{kind}-{level}{end}.pdf" for kind in ("answers", "worksheet") for level in SHEETS]
        expected.append(f"oanquan-rules-sheet{end}.pdf")
    assert names == sorted(expected)
    assert all(path.read_bytes().startswith(b"%PDF-") for path in kit.iterdir() if path.suffix == ".pdf")


def test_the_kit_is_the_same_bytes_every_build_and_unchanged_files_are_left_alone(kit: Path) -> None:
    """Built again, every file of the kit is the same, byte for byte (no date, no random name), so
    writing it again leaves every file as it was: a file whose bytes differed would be written anew."""
    before = {path.name: (path.read_bytes(), path.stat().st_mtime_ns) for path in kit.iterdir()}
    paths = write_downloads(kit, SITE)
    assert sorted(path.name for path in paths) == sorted(before)
    assert {path.name: (path.read_bytes(), path.stat().st_mtime_ns) for path in paths} == before


def test_sphinx_hook_writes_into_the_configured_folder(kit: Path, tmp_path: Path) -> None:
    app = FakeSphinx(tmp_path, oanquan_printable_dir="book/downloads", oanquan_site_url=SITE)
    assert setup(app)["parallel_read_safe"] is True
    assert app.values == {"oanquan_printable_dir": "book/downloads", "oanquan_site_url": ""}
    assert list(app.handlers) == ["builder-inited"]
    # the kit of these tests is that hook's, run (book_kit): in the folder configured, under the source
    assert kit.parts[-2:] == ("book", "downloads") and kit.is_dir()
    assert (kit / f"{FILE_STEM}.pdf").read_bytes() == blank_board_pdf()
    assert (kit / "oanquan-worksheet-endgames.pdf").is_file()


def test_vietnamese_book_prints_its_kit_in_vietnamese(vi_kit: Path) -> None:
    """The printables extension writes the kit in the edition's language (Sphinx's ``language``)."""
    sheets = sorted(vi_kit.glob("*.pdf"))
    texts = {
        sheet.name: subprocess.run(["pdftotext", str(sheet), "-"], capture_output=True, text=True, check=True).stdout
        for sheet in sheets
    }
    text = texts["oanquan-rules-sheet.pdf"]
    assert "Luật chơi" in text and "The rules for the desk" not in text, text[:300]
    # issue 21: no English in any sheet of the Vietnamese kit (worksheets, answer keys, board, rules)
    assert len(sheets) >= 8, sheets
    for name, text in texts.items():
        assert english_words(text) == [], (name, sorted(set(english_words(text))))


def test_a_long_exercise_title_wraps_inside_the_page(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A title longer than a line goes on to the next line: every word is printed, none past the
    right margin (issue 21: a Vietnamese title ran off the page)."""
    long_title = "A title made long on purpose to see it wrap " * 4 + "endword"
    puzzles = [dataclasses.replace(p, id=f"long-{n}", title=long_title) for n, p in enumerate(sheet("captures", 3))]
    monkeypatch.setattr(printables, "sheet", lambda level, count, keep=None: puzzles)
    path = tmp_path / "long.pdf"
    path.write_bytes(printables.worksheet_pdf("captures", SITE))  # with QR codes: the title printed once
    words = word_boxes(path)
    right_margin = 200 / 25.4 * 72  # 10 mm from the A4 page's edge (the QR code's label reaches it), in points
    assert [w for w in words if w[2] > right_margin] == []
    assert sum(1 for *_box, word in words if word == "endword") == 3
    # the board shrinks to make room: each exercise's second ruled line, 11 mm under the writing
    # lines' labels ("What it does:"), stays above its position line
    mm = 72 / 25.4
    labels = [w[1] for w in words if w[4] == "What"]
    position = [w[1] for w in words if w[4] == "Position:"]
    assert len(labels) == len(position) == 3
    assert all(label + 9.5 * mm < line for label, line in zip(labels, position, strict=True)), (labels, position)
    assert " ".join(first_page_text(path).split()).count(" ".join(long_title.split())) == 3


# --------------------------------------------------------------------- what a teacher saw printing the kit (issue 46)

MM = 72 / 25.4  # points in a millimetre
#: A word's box on a page, in points: left, top, right, bottom, and its text.
Box = tuple[float, float, float, float, str]


@pytest.fixture(scope="module")
def vi_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Vietnamese edition's kit, as its book writes it (with the site's address)."""
    return book_kit(tmp_path_factory.mktemp("kit-vi"), language="vi")


def kit_of(edition: str, kit: Path, vi_kit: Path) -> Path:
    return vi_kit if edition == "vi" else kit


def pages_words(path: Path) -> list[list[Box]]:
    """Each page's words, each with its box in points, as poppler lays them out (``pdftotext -bbox``)."""
    done = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True)
    pages: list[list[Box]] = []
    for found in re.finditer(
        r"<page |<word xMin=\"([\d.]+)\" yMin=\"([\d.]+)\" xMax=\"([\d.]+)\" yMax=\"([\d.]+)\">([^<]*)<", done.stdout
    ):
        if found[0] == "<page ":
            pages.append([])
        else:
            left, top, right, bottom = (float(v) for v in found.groups()[:4])
            pages[-1].append((left, top, right, bottom, html.unescape(found[5])))
    return pages


def test_no_word_of_any_printable_runs_off_its_page(kit: Path, vi_kit: Path) -> None:
    """Every word of every page of both editions' kits lies 5 mm inside the page's edges: a teacher
    met the pupils' key to the endgames with its two-move answers cut off at the right edge
    ("answer: 9R, then your opponent's reply 3R, then 8" and no more)."""
    off = []
    for path in sorted(kit.glob("*.pdf")) + sorted(vi_kit.glob("*.pdf")):
        done = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True)
        for page in re.split(r"(?=<page )", done.stdout)[1:]:
            width = float(re.search(r'<page width="([\d.]+)"', page)[1])  # type: ignore[index]
            words = re.findall(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)<', page)
            for left, right, word in words:
                if float(left) < 5 * MM or float(right) > width - 5 * MM:
                    off.append((path.name, word))
    assert len(list(kit.glob("*.pdf"))) > 20 and off == [], off[:10]


def page_image(path: Path, tmp_path: Path, page: int, dpi: int) -> Image.Image:
    """Page ``page`` drawn in greys at ``dpi``."""
    stem = tmp_path / f"{path.stem}-grey{page}"
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(dpi),
            "-gray",
            "-png",
            "-f",
            str(page),
            "-l",
            str(page),
            "-singlefile",
            str(path),
            str(stem),
        ],
        check=True,
    )
    return Image.open(stem.with_suffix(".png")).convert("L")


def overprinted(words: list[Box], slack: float = 0.3) -> list[tuple[str, str]]:
    """The pairs of words whose boxes overlap by more than ``slack`` points both ways: text printed over text."""
    found = []
    for number, a in enumerate(words):
        for b in words[number + 1 :]:
            if min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack:
                found.append((a[4], b[4]))
    return found


@dataclasses.dataclass(frozen=True)
class DrawnBoard:
    """A board found on a printed page by its squares' names: where each citizen square's name
    starts (its word's top left, in points), the side of a square and the Mandarin squares' names' boxes."""

    names: dict[int, tuple[float, float]]
    cell: float
    mandarins: dict[int, Box]


def drawn_boards(words: list[Box]) -> list[DrawnBoard]:
    """Every board on a page, top to bottom: the names 4 3 2 1 0 in a row at equal steps, 5 to 9 one
    step below them, and M1 and M0 beside them (as :func:`tools.printables.draw_board` writes them)."""
    digits: dict[str, list[Box]] = {}
    for word in words:
        digits.setdefault(word[4], []).append(word)
    boards = []
    for four in digits.get("4", []):
        threes = [w for w in digits.get("3", []) if abs(w[1] - four[1]) < 0.5 and w[0] > four[0]]
        for three in threes:
            step = three[0] - four[0]

            def at(name: str, x: float, y: float) -> Box | None:
                return next((w for w in digits.get(name, []) if abs(w[0] - x) < 0.8 and abs(w[1] - y) < 0.8), None)

            top = [at(str(4 - column), four[0] + column * step, four[1]) for column in range(5)]
            bottom = [at(str(5 + column), four[0] + column * step, four[1] + step) for column in range(5)]
            if all(top) and all(bottom):
                names = {int(w[4]): (w[0], w[1]) for w in (*top, *bottom) if w}
                left, right = four[0] - step, four[0] + 5 * step
                mandarins = {}
                for square, name, x in ((10, "M0", right), (11, "M1", left)):
                    mandarins[square] = min(
                        digits.get(name, []), key=lambda w, x=x: abs(w[0] - x) + abs(w[1] - four[1] - step)
                    )
                boards.append(DrawnBoard(names, step, mandarins))
    return sorted(boards, key=lambda board: board.names[4][1])


def hatched_squares(board: DrawnBoard, image: Image.Image, dpi: int) -> dict[int, float]:
    """The mean grey of a patch inside each of the board's 12 squares where nothing but a hatching is
    drawn (away from the square's name, count, stone and frames): 255 is white paper."""
    scale = dpi / 72

    def grey(left: float, top: float, right: float, bottom: float) -> float:
        box = tuple(round(v * scale) for v in (left, top, right, bottom))
        return float(ImageStat.Stat(image.crop(box)).mean[0])

    cell = board.cell
    means = {}
    for square, (x, y) in board.names.items():
        sx, sy = x - 1.0 * MM, y - 0.6 * MM  # the name starts 0.8 mm in, its backing 0.2 mm before it
        means[square] = grey(sx + 0.5 * cell, sy + 0.5 * cell, sx + 0.75 * cell, sy + 0.75 * cell)
    rx = 0.7 * cell
    for square, (left, top, right, _bottom, _text) in board.mandarins.items():
        side = 1 if square == 10 else -1
        edge = (left + right) / 2 - side * 0.4 * rx  # the name is centred 0.4 of the bulge from the edge
        mid = top - 0.36 * cell  # the name's top is 0.36 of a cell under the middle line
        near, far = edge + side * 0.15 * rx, edge + side * 0.4 * rx
        means[square] = grey(min(near, far), mid - 0.85 * cell, max(near, far), mid - 0.7 * cell)
    return means


@pytest.mark.parametrize("edition", ["en", "vi"])
def test_no_word_of_an_answer_key_is_printed_over_another(edition: str, kit: Path, vi_kit: Path) -> None:
    """Issue 46: the players' line above the board after the answer ran past the board, over the
    answer's text beside it (and the QR code's label). On every page of every answer key, of both rule
    sets, with and without the site's QR codes, no word's box overlaps another's."""
    folder = kit_of(edition, kit, vi_kit)
    for level in SHEETS:
        for end in ("", "-protected"):
            path = folder / f"oanquan-answers-{level}{end}.pdf"
            for page, words in enumerate(pages_words(path), 1):
                assert len(words) > 100, (path.name, page)
                assert overprinted(words) == [], (path.name, page)


def test_no_word_of_an_answer_key_without_qr_codes_is_printed_over_another(kit_without_site: Path) -> None:
    for level in SHEETS:
        for page, words in enumerate(pages_words(kit_without_site / f"oanquan-answers-{level}.pdf"), 1):
            assert overprinted(words) == [], (level, page)


@pytest.mark.parametrize("level", list(SHEETS))
def test_the_answer_keys_boards_hatch_what_the_answer_captured(level: str, kit: Path, tmp_path: Path) -> None:
    """Issue 46: the boards after the answer showed the captured squares empty and plain, where the
    desk sheet hatches them. Drawn at 150 dpi, each board after an answer has a hatching in exactly the
    squares its last move captured: every other empty square is white."""
    path = kit / f"oanquan-answers-{level}.pdf"
    exercises = iter(sheet(level, SHEET_SIZE))
    hatched_somewhere = 0
    for page, words in enumerate(pages_words(path), 1):
        image = page_image(path, tmp_path, page, dpi=150)
        for board in drawn_boards(words):
            puzzle = next(exercises)
            after, events = puzzle.position, ()
            for move in puzzle.line or puzzle.solution[:1]:
                after, events = after.play_traced(move)
            captured = {e.square for e in events if e.kind == "capture"}
            means = hatched_squares(board, image, dpi=150)
            for square, mean in means.items():
                if square in captured:
                    assert mean < 215, (puzzle.id, square, mean)
                    hatched_somewhere += 1
                elif after.count(square) == 0 and not after.has_stone(square):
                    assert mean > 245, (puzzle.id, square, mean)
    assert next(exercises, None) is None, "a board after each answer"
    assert hatched_somewhere >= SHEET_SIZE


def ink_around_the_figures(word: Box, image: Image.Image, dpi: int) -> int:
    """The darkest grey (0 black, 255 white) in the word's box above and below its figures: a
    figure or a capital fills DejaVu Sans's box from 0.199 to 0.928 of its size down, so the bands
    above and below that are paper, unless something is drawn over or under them."""
    left, top, right, bottom, _text = word
    size = (bottom - top) / DEJAVU_BOX
    scale = dpi / 72
    darkest = 255
    for band_top, band_bottom in ((top, top + 0.15 * size), (top + 0.97 * size, bottom)):
        box = (
            math.ceil((left + 0.4) * scale) + 1,
            math.ceil(band_top * scale) + 1,
            math.floor((right - 0.4) * scale) - 1,
            math.floor(band_bottom * scale) - 1,
        )
        if box[2] > box[0] and box[3] > box[1]:
            darkest = min(darkest, image.crop(box).getextrema()[0])
    return darkest


@pytest.mark.parametrize("edition", ["en", "vi"])
def test_the_desk_sheets_numbers_stay_readable_over_its_marks(
    edition: str, kit: Path, vi_kit: Path, tmp_path: Path
) -> None:
    """Issue 46: on the desk sheet, the hatching of a captured square covered its number (the white
    behind the number was shorter than the number). Drawn at 200 dpi, every square's name and every
    count in every picture has only paper around its figures: no hatching, frame or line crosses it."""
    path = kit_of(edition, kit, vi_kit) / "oanquan-rules-sheet.pdf"
    dpi = 200
    checked, on_marks = 0, 0
    for page, words in enumerate(pages_words(path), 1):
        image = page_image(path, tmp_path, page, dpi)
        boards = drawn_boards(words)
        assert boards, page
        for board in boards:
            top = board.names[4][1] - 1 * MM
            bottom = board.names[5][1] + board.cell
            left = board.names[4][0] - board.cell
            right = board.names[0][0] + 2 * board.cell
            means = hatched_squares(board, image, dpi)
            on_marks += sum(1 for mean in means.values() if mean < 215)
            for word in words:
                inside = left < word[0] and word[2] < right and top < word[1] and word[3] < bottom
                if inside and re.fullmatch(r"\d+|M[01]", word[4]):
                    assert ink_around_the_figures(word, image, dpi) > 200, (page, word)
                    checked += 1
    assert checked > 12 * len(rule_examples()), checked  # every name, and the counts
    assert on_marks >= 5, "the sheet has hatched squares, whose names are checked above"


@pytest.mark.parametrize("edition", ["en", "vi"])
def test_the_desk_sheets_end_shows_the_pebbles_its_caption_names(edition: str, kit: Path, vi_kit: Path) -> None:
    """Issue 46: the picture of the end (R7.4) showed the board after the last pebbles were taken,
    empty, under a caption that names 3 pebbles. The picture is now the board as the player takes
    them: the counts printed in the player's row add up to the number the caption prints."""
    example = next(e for e in rule_examples() if e.anchor == "end")
    sweep = example.events[example.index]
    assert sweep.kind == "sweep" and sweep.player is not None
    path = kit_of(edition, kit, vi_kit) / "oanquan-rules-sheet.pdf"
    for words in pages_words(path):
        caption = next((n for n, word in enumerate(words) if word[4] == "R7.4"), None)
        if caption is None:
            continue
        named = int(next(word[4] for word in words[caption + 1 :] if word[4].isdigit()))
        assert named == sweep.pebbles == 3, named
        above = [board for board in drawn_boards(words) if board.names[5][1] < words[caption][1]]
        board = max(above, key=lambda board: board.names[5][1])  # the picture right above the caption
        row = 0 if sweep.player == 1 else 5  # the top row holds squares 0-4, the bottom row 5-9
        top, cell = board.names[row][1], board.cell
        counts = [
            int(word[4])
            for word in words
            if word[4].isdigit()
            and board.names[4][0] - 1 * MM < word[0] < board.names[0][0] + cell
            and top < word[1] < top + cell
            and (word[3] - word[1]) / DEJAVU_BOX > 12  # a count, not a square's name (9 points)
        ]
        assert sum(counts) == named, (counts, named)
        return
    pytest.fail("no caption of R7.4 on the desk sheet")


@pytest.mark.parametrize("edition", ["en", "vi"])
def test_the_wall_posters_rules_fill_their_sheets_evenly(edition: str, tmp_path: Path) -> None:
    """Issue 46: the English poster's last sheets were half empty (its last held two rules at its
    top). Each sheet after the board's holds about as many lines of rules as the others (the least
    at least two thirds of the most), spread over at least two thirds of its height, with as much
    paper above the first rule as under the last; the size of the words is the test above's."""
    path = tmp_path / "wall.pdf"
    with i18n.language(edition):
        path.write_bytes(rules_wall_pdf())
    height = 841.89  # A3 landscape, in points
    sheets = pages_words(path)[1:]
    assert sheets
    lines, spans, margins = [], [], []
    for words in sheets:
        tops = sorted({round(word[1]) for word in words})
        lines.append(sum(1 for n, top in enumerate(tops) if n == 0 or top - tops[n - 1] > 20))
        first, last = min(word[1] for word in words), max(word[3] for word in words)
        spans.append((last - first) / (height - 2 * 12 * MM))
        margins.append((first, height - last))
    assert min(lines) >= 2 / 3 * max(lines), lines
    assert min(spans) >= 2 / 3, spans
    assert all(abs(above - below) < 0.1 * height for above, below in margins), margins
