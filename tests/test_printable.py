"""The printable blank board (oanquan.printable): a real SVG and a well-formed PDF, both A4 landscape.

The PDF is written by hand, so these tests check its structure the way a reader does:
header, objects, a cross-reference table whose every offset lands on its object, the
trailer and ``startxref``. When poppler's ``pdfinfo`` is installed (it is not a project
dependency) the file is also opened by a real PDF library, which must not complain.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from oanquan.printable import (
    FILE_STEM,
    PAGE_HEIGHT,
    PAGE_WIDTH,
    HalfEllipse,
    Rect,
    blank_board_pdf,
    blank_board_svg,
    board_shapes,
    setup,
    text_width,
    write_downloads,
)

SVG_NS = "{http://www.w3.org/2000/svg}"
SQUARE_NAMES = {str(n) for n in range(10)} | {"M0", "M1"}


@pytest.fixture(scope="module")
def svg() -> ET.Element:
    return ET.fromstring(blank_board_svg())


@pytest.fixture(scope="module")
def pdf() -> bytes:
    return blank_board_pdf()


# --------------------------------------------------------------------- SVG


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


def test_everything_fits_on_the_page_inside_a_printable_margin() -> None:
    for shape in board_shapes():
        if isinstance(shape, Rect):
            x0, y0, x1, y1 = shape.x, shape.y, shape.x + shape.size, shape.y + shape.size
        elif isinstance(shape, HalfEllipse):
            tip = shape.x + shape.side * shape.rx
            x0, y0, x1, y1 = min(shape.x, tip), shape.cy - shape.ry, max(shape.x, tip), shape.cy + shape.ry
        else:
            half = text_width(shape.text, shape.size) / 2
            x0, y0, x1, y1 = shape.x - half, shape.y - shape.size, shape.x + half, shape.y + shape.size
        assert min(x0, y0) >= 28 and x1 <= PAGE_WIDTH - 28 and y1 <= PAGE_HEIGHT - 28, shape


# --------------------------------------------------------------------- PDF


def _xref(pdf: bytes) -> tuple[int, list[tuple[int, int, bytes]]]:
    """The startxref offset and the cross-reference entries (offset, generation, kind)."""
    startxref = int(re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", pdf)[1])  # type: ignore[index]
    assert pdf[startxref : startxref + 4] == b"xref"
    lines = pdf[startxref:].split(b"\n")
    first, count = map(int, lines[1].split())
    assert first == 0
    entries = []
    raw = pdf[startxref + len(lines[0]) + len(lines[1]) + 2 :]
    for i in range(count):
        entry = raw[20 * i : 20 * (i + 1)]
        assert len(entry) == 20 and entry.endswith((b" \n", b"\r\n")), entry
        offset, generation, kind = entry.split()
        entries.append((int(offset), int(generation), kind))
    assert raw[20 * count :].startswith(b"trailer"), "the trailer follows the table"
    return startxref, entries


def test_pdf_header_and_end(pdf: bytes) -> None:
    assert pdf.startswith(b"%PDF-1.4\n%")
    assert all(b > 127 for b in pdf[10:14]), "the binary-marker comment"
    assert pdf.endswith(b"%%EOF\n")


def test_pdf_xref_offsets_point_at_their_objects(pdf: bytes) -> None:
    _, entries = _xref(pdf)
    assert entries[0] == (0, 65535, b"f")
    assert len(entries) == 7
    for number, (offset, generation, kind) in enumerate(entries[1:], 1):
        assert kind == b"n" and generation == 0
        assert pdf[offset:].startswith(f"{number} 0 obj".encode()), (number, pdf[offset : offset + 20])
    trailer = pdf[pdf.rindex(b"trailer") :]
    assert f"/Size {len(entries)}".encode() in trailer and b"/Root 1 0 R" in trailer


def test_pdf_objects_are_well_formed(pdf: bytes) -> None:
    _, entries = _xref(pdf)
    bodies = {}
    for number, (offset, *_rest) in enumerate(entries[1:], 1):
        end = pdf.index(b"endobj", offset)
        bodies[number] = pdf[offset:end]
    assert b"/Type /Catalog" in bodies[1] and b"/Pages 2 0 R" in bodies[1]
    assert b"/Type /Pages" in bodies[2] and b"/Count 1" in bodies[2]
    assert f"/MediaBox [0 0 {PAGE_WIDTH} {PAGE_HEIGHT}]".encode() in bodies[3]
    assert b"/BaseFont /Helvetica" in bodies[4] and b"/Abreve" in bodies[4]
    length = int(re.search(rb"/Length (\d+)", bodies[5])[1])  # type: ignore[index]
    start = bodies[5].index(b"stream\n") + len(b"stream\n")
    assert bodies[5][start + length :].startswith(b"\nendstream"), "the stream /Length is exact"


def test_pdf_draws_the_board(pdf: bytes) -> None:
    content = pdf[pdf.index(b"stream\n") : pdf.index(b"endstream")]
    assert content.count(b" re S") == 10, "ten citizen squares"
    assert content.count(b" c\n") == 4 and content.count(b"h S") == 2, "two half-ellipses of two Béziers each"
    shown = re.findall(rb"\((.*?)\) Tj", content)
    for name in SQUARE_NAMES:
        assert name.encode() in shown
    assert b"\\324 \\200n Quan" in shown, "the title, with the Ă of Differences code 128"
    assert content.count(b"-1 0 0 -1 ") == 6, "player 1's five numbers and label face the far side"


def test_pdf_is_the_same_every_time(pdf: bytes) -> None:
    assert blank_board_pdf() == pdf
    assert b"CreationDate" not in pdf


def test_text_outside_the_font_is_refused() -> None:
    from oanquan.printable import _pdf_text_bytes

    assert _pdf_text_bytes("(ô)") == b"\\(\\364\\)"
    with pytest.raises(ValueError, match="Helvetica"):
        _pdf_text_bytes("thả cá")


@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="poppler-utils not installed (optional)")
def test_poppler_reads_the_pdf_without_complaint(tmp_path: Path, pdf: bytes) -> None:
    path = tmp_path / "board.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    assert done.stderr == ""
    assert "Pages:           1" in done.stdout and "842 x 595 pts (A4)" in done.stdout
    assert "Ô Ăn Quan" in done.stdout, "the document title, in UTF-16"


# --------------------------------------------------------------------- files


def test_write_downloads_writes_both_files_once(tmp_path: Path) -> None:
    folder = tmp_path / "downloads"
    paths = write_downloads(folder)
    assert [p.name for p in paths] == [f"{FILE_STEM}.svg", f"{FILE_STEM}.pdf"]
    assert paths[0].read_text(encoding="utf-8") == blank_board_svg()
    assert paths[1].read_bytes() == blank_board_pdf()
    stamps = [p.stat().st_mtime_ns for p in paths]
    write_downloads(folder)
    assert [p.stat().st_mtime_ns for p in paths] == stamps, "unchanged files are not rewritten"


def test_sphinx_hook_writes_into_the_configured_folder(tmp_path: Path) -> None:
    class Config:
        oanquan_printable_dir = "book/downloads"

    class App:
        srcdir = str(tmp_path)
        config = Config()
        handlers: dict[str, object] = {}  # noqa: RUF012

        def add_config_value(self, name: str, default: object, rebuild: str, types: object) -> None:
            assert name == "oanquan_printable_dir" and default == "book/downloads"

        def connect(self, event: str, handler: object) -> None:
            self.handlers[event] = handler

    app = App()
    assert setup(app)["parallel_read_safe"] is True
    app.handlers["builder-inited"](app)  # type: ignore[operator]
    assert (tmp_path / "book" / "downloads" / f"{FILE_STEM}.pdf").read_bytes() == blank_board_pdf()
