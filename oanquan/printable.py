"""A blank board to print: A4 landscape, as SVG and as PDF, from the standard library alone.

The teacher's guide offers it for download. It is the empty board of RULES §1, drawn at
its real size for a classroom: two rows of five square citizen squares (ô dân), 42 mm a
side, with a Mandarin square (ô quan) as a half-ellipse at each end. Each square carries
its number and each Mandarin square its name, so that moves written in the book's
notation (``7R``) can be played on paper. Player 1's labels are printed upside down, to
be read from the far side of the table. There are no pebbles, counts or score panels:
pupils bring their own pebbles.

Both formats are drawn from one list of shapes (:func:`board_shapes`), so they always
agree. The PDF is written directly: one page of 842 x 595 pt (A4 landscape), lines,
rectangles, Bézier curves for the half-ellipses and text in the standard Helvetica font,
which every PDF reader has, so nothing is embedded and the file stays a few kilobytes.

>>> svg = blank_board_svg()
>>> svg.count('class="square"')
12
>>> pdf = blank_board_pdf()
>>> pdf[:8], pdf.rstrip().endswith(b"%%EOF")
(b'%PDF-1.4', True)

The module also works as a Sphinx extension (listed in ``_config.yml``): at the start of
every build it writes both files into the folder named by the ``oanquan_printable_dir``
setting, where the teacher's guide links to them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple
from xml.sax.saxutils import escape

from .board import M0, M1, column, square_name

__all__ = [
    "FILE_STEM",
    "PAGE_HEIGHT",
    "PAGE_WIDTH",
    "HalfEllipse",
    "Rect",
    "Shape",
    "Text",
    "blank_board_pdf",
    "blank_board_svg",
    "board_shapes",
    "setup",
    "text_width",
    "write_downloads",
]

#: A4 landscape in PostScript points (1/72 inch): 297 x 210 mm.
PAGE_WIDTH, PAGE_HEIGHT = 842, 595
#: The name of the downloads, without the suffix.
FILE_STEM = "oanquan-board"

# ------------------------------------------------------------------- layout
#
# In points, y downwards (as in SVG; the PDF writer flips it). The board is
# 770 pt wide, centred with a margin of 36 pt (12.7 mm), which any printer can
# print: half-ellipses of 85 pt at the ends and five columns of 120 pt
# (42 mm) between x=121 and x=721; its rows run from y=170 to 290 and 410.

_CELL = 120
_LEFT = (PAGE_WIDTH - 5 * _CELL) // 2  # 121
_RIGHT = _LEFT + 5 * _CELL  # 721
_TOP, _MID, _BOTTOM = 170, 290, 410
_RX, _RY = 85, _CELL  # the Mandarin half-ellipses
_LINE = 2.0  # the board's lines
_INK = (0.13, 0.13, 0.13)  # near black, as printers like
_MUTED = (0.40, 0.40, 0.40)


class Rect(NamedTuple):
    """A citizen square: its top-left corner and side, and its name (``"7"``)."""

    x: float
    y: float
    size: float
    name: str


class HalfEllipse(NamedTuple):
    """A Mandarin square: the straight edge at ``x`` from ``cy - ry`` to ``cy + ry``, bulging to ``side``."""

    x: float
    cy: float
    rx: float
    ry: float
    side: int  # -1: bulges to the left (M1), +1: to the right (M0)
    name: str


class Text(NamedTuple):
    """One line of text centred on ``x``, with its baseline at ``y``; ``flip`` turns it upside down."""

    x: float
    y: float
    text: str
    size: float
    flip: bool = False
    muted: bool = False


Shape = Rect | HalfEllipse | Text


def board_shapes() -> list[Shape]:
    """Everything on the page: the 12 squares, then the text, in page points with y downwards.

    >>> shapes = board_shapes()
    >>> [s.name for s in shapes if not isinstance(s, Text)]
    ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'M1', 'M0']
    """
    shapes: list[Shape] = []
    for square in range(10):
        y = _TOP if square < 5 else _MID
        shapes.append(Rect(_LEFT + _CELL * column(square), y, _CELL, square_name(square)))
    shapes.append(HalfEllipse(_LEFT, _MID, _RX, _RY, -1, square_name(M1)))
    shapes.append(HalfEllipse(_RIGHT, _MID, _RX, _RY, +1, square_name(M0)))

    # Square numbers by the edge nearest their owner, each readable from the owner's side.
    for square in range(10):
        cx = _LEFT + _CELL * column(square) + _CELL / 2
        if square < 5:
            shapes.append(Text(cx, _TOP + 12, str(square), 20, flip=True))
        else:
            shapes.append(Text(cx, _BOTTOM - 12, str(square), 20))
    # The Mandarin names in the wide part of each half-ellipse, clear of the stone's place.
    for x, name in ((_LEFT - _RX * 0.42, square_name(M1)), (_RIGHT + _RX * 0.42, square_name(M0))):
        shapes.append(Text(x, _MID - 62, name, 20))
        shapes.append(Text(x, _MID + 74, "ô quan", 12, muted=True))

    middle = PAGE_WIDTH / 2
    shapes += [
        Text(middle, 54, "Ô Ăn Quan", 24),
        Text(middle, _TOP - 22, "Player 1 · squares 0 to 4 (ô dân)", 13, flip=True),
        Text(middle, _BOTTOM + 34, "Player 0 · squares 5 to 9 (ô dân)", 13),
        Text(
            middle,
            PAGE_HEIGHT - 74,
            "Set-up: 5 small pebbles in each of the ten squares, one large stone in each Mandarin square.",
            11,
            muted=True,
        ),
        Text(
            middle,
            PAGE_HEIGHT - 58,
            "Player 0 starts. A move is a square and a direction: 7R sows towards the mover's right hand, 7L left.",
            11,
            muted=True,
        ),
        Text(middle, PAGE_HEIGHT - 42, "Print on A4, landscape, at actual size (100 %).", 11, muted=True),
    ]
    return shapes


# ------------------------------------------------------------------- SVG


def _n(value: float) -> str:
    """A number with no needless decimals."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _colour(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgb)


def _svg_shape(shape: Shape) -> str:
    if isinstance(shape, Rect):
        return (
            f'<rect class="square" data-square="{shape.name}" x="{_n(shape.x)}" y="{_n(shape.y)}" '
            f'width="{_n(shape.size)}" height="{_n(shape.size)}"/>'
        )
    if isinstance(shape, HalfEllipse):
        top, bottom = shape.cy - shape.ry, shape.cy + shape.ry
        sweep = 1 if shape.side > 0 else 0
        d = f"M{_n(shape.x)} {_n(top)}A{_n(shape.rx)} {_n(shape.ry)} 0 0 {sweep} {_n(shape.x)} {_n(bottom)}Z"
        return f'<path class="square" data-square="{shape.name}" d="{d}"/>'
    turn = f' transform="rotate(180 {_n(shape.x)} {_n(shape.y)})"' if shape.flip else ""
    fill = f' fill="{_colour(_MUTED)}"' if shape.muted else ""
    return (
        f'<text x="{_n(shape.x)}" y="{_n(shape.y)}" font-size="{_n(shape.size)}"{fill}{turn}>'
        f"{escape(shape.text)}</text>"
    )


def blank_board_svg(page_size: bool = True) -> str:
    """The blank board as an SVG document of an A4 landscape page.

    With ``page_size`` (the default) the picture says it is 297 x 210 mm, so that it prints
    at its real size; without, it has no size of its own and fills the width of whatever
    shows it, as in a web page.

    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(blank_board_svg())
    >>> root.get("width"), root.get("height"), root.get("viewBox")
    ('297mm', '210mm', '0 0 842 595')
    >>> "width=" in blank_board_svg(page_size=False).split(">", 1)[0]
    False
    """
    size = ' width="297mm" height="210mm"' if page_size else ""
    shapes = board_shapes()
    squares = "".join(_svg_shape(s) for s in shapes if not isinstance(s, Text))
    texts = "".join(_svg_shape(s) for s in shapes if isinstance(s, Text))
    title = "Ô Ăn Quan: a blank board to print"
    desc = (
        "Two rows of five squares: player 1's row, squares 4 3 2 1 0 from the left, above player 0's row, "
        "squares 5 6 7 8 9; Mandarin square M1 at the left end and M0 at the right end."
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg"{size} viewBox="0 0 {PAGE_WIDTH} {PAGE_HEIGHT}" '
        f'role="img" aria-labelledby="oq-print-title oq-print-desc">'
        f'<title id="oq-print-title">{escape(title)}</title><desc id="oq-print-desc">{escape(desc)}</desc>'
        f'<rect width="{PAGE_WIDTH}" height="{PAGE_HEIGHT}" fill="#ffffff"/>'
        f'<g fill="none" stroke="{_colour(_INK)}" stroke-width="{_n(_LINE)}" stroke-linejoin="round">{squares}</g>'
        f'<g fill="{_colour(_INK)}" font-family="Helvetica, Arial, sans-serif" text-anchor="middle">{texts}</g>'
        "</svg>"
    )


# ------------------------------------------------------------------- PDF
#
# Text is set in the standard Helvetica font with WinAnsiEncoding, which covers
# the Latin-1 letters of "ô quan" and "ô dân"; the few letters it lacks (the Ă
# of "Ăn") get free codes through a /Differences array naming their glyphs,
# which Helvetica has. Widths are Helvetica's (from its AFM file) for centring.

#: Characters outside WinAnsiEncoding that Helvetica has, given codes 128 and up (€ and an unused code).
_EXTRA_GLYPHS = {"Ă": "Abreve", "ă": "abreve"}
_EXTRA_CODES = {char: 128 + i for i, char in enumerate(_EXTRA_GLYPHS)}

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


def text_width(text: str, size: float) -> float:
    """The width of ``text`` set in Helvetica at ``size`` points (an accented letter is as wide as its base).

    >>> text_width("M0", 10), text_width("ô", 10) == text_width("o", 10)
    (13.89, True)
    """
    total = 0
    for char in text:
        base = unicodedata.normalize("NFD", char)[0]
        total += _WIDTHS.get(char, _WIDTHS.get(base, 556))
    return total * size / 1000


def _pdf_text_bytes(text: str) -> bytes:
    """``text`` in the font's encoding, as the inside of a PDF literal string (escaped, 7-bit)."""
    out = bytearray()
    for char in text:
        if char in _EXTRA_CODES:
            code = _EXTRA_CODES[char]
        else:
            try:
                code = char.encode("cp1252")[0]
            except UnicodeEncodeError:
                raise ValueError(f"Helvetica cannot print {char!r} on the board") from None
        if chr(code) in "()\\":
            out += b"\\" + bytes([code])
        elif 32 <= code < 127:
            out.append(code)
        else:
            out += f"\\{code:03o}".encode("ascii")
    return bytes(out)


def _pdf_shape(shape: Shape) -> bytes:
    """The content-stream operators that draw ``shape``, in PDF space (y upwards from the bottom)."""

    def y(value: float) -> str:
        return _n(PAGE_HEIGHT - value)

    if isinstance(shape, Rect):
        return f"{_n(shape.x)} {y(shape.y + shape.size)} {_n(shape.size)} {_n(shape.size)} re S\n".encode()
    if isinstance(shape, HalfEllipse):
        # Two quarter-ellipses, each one cubic Bézier with the usual 0.5523 handles.
        k = 0.5522847498
        x, cy, rx, ry, s = shape.x, shape.cy, shape.rx, shape.ry, shape.side
        tip = x + s * rx
        ops = [
            f"{_n(x)} {y(cy - ry)} m",
            f"{_n(x + s * k * rx)} {y(cy - ry)} {_n(tip)} {y(cy - k * ry)} {_n(tip)} {y(cy)} c",
            f"{_n(tip)} {y(cy + k * ry)} {_n(x + s * k * rx)} {y(cy + ry)} {_n(x)} {y(cy + ry)} c",
            "h S",
        ]
        return ("\n".join(ops) + "\n").encode()
    half = text_width(shape.text, shape.size) / 2
    # Upright text starts half its width left of the centre; upside-down text runs leftwards.
    matrix = f"-1 0 0 -1 {_n(shape.x + half)}" if shape.flip else f"1 0 0 1 {_n(shape.x - half)}"
    grey = _MUTED if shape.muted else _INK
    head = f"{' '.join(_n(c) for c in grey)} rg BT /F1 {_n(shape.size)} Tf {matrix} {y(shape.y)} Tm ("
    return head.encode() + _pdf_text_bytes(shape.text) + b") Tj ET\n"


def _pdf_string(text: str) -> bytes:
    """A PDF text string for the document information: UTF-16BE with its byte order mark, in hex."""
    return b"<" + ("\ufeff" + text).encode("utf-16-be").hex().upper().encode() + b">"


def _pdf_document(objects: Sequence[bytes], root: int, info: int) -> bytes:
    """A PDF 1.4 file of ``objects`` (numbered from 1) with its cross-reference table and trailer."""
    # The second line's bytes above 127 tell file-transfer tools the file is binary.
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n".encode()
    out += b"0000000000 65535 f \n"  # each entry is exactly 20 bytes, end of line included
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root {root} 0 R /Info {info} 0 R >>\n".encode()
    out += f"startxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def _stream(content: bytes) -> bytes:
    return f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream"


def _drawing(shapes: Iterable[Shape]) -> bytes:
    ink = " ".join(_n(c) for c in _INK)
    head = f"{ink} RG {_n(_LINE)} w 1 j 1 J\n".encode()
    return head + b"".join(_pdf_shape(s) for s in shapes)


def blank_board_pdf() -> bytes:
    """The blank board as a one-page PDF 1.4 file, A4 landscape (842 x 595 pt).

    The same bytes every time (no dates), so a build that changes nothing changes no file.

    >>> pdf = blank_board_pdf()
    >>> b"/MediaBox [0 0 842 595]" in pdf, b"/BaseFont /Helvetica" in pdf
    (True, True)
    """
    differences = " ".join(f"/{_EXTRA_GLYPHS[c]}" for c in _EXTRA_CODES)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_WIDTH} {PAGE_HEIGHT}] "
            "/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>"
        ).encode(),
        (
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding "
            f"/BaseEncoding /WinAnsiEncoding /Differences [{min(_EXTRA_CODES.values())} {differences}] >> >>"
        ).encode(),
        _stream(_drawing(board_shapes())),
        b"<< /Title "
        + _pdf_string("Ô Ăn Quan: a blank board to print")
        + b" /Producer "
        + _pdf_string("oanquan.printable")
        + b" >>",
    ]
    return _pdf_document(objects, root=1, info=6)


# ------------------------------------------------------------------- files


def write_downloads(folder: str | Path) -> list[Path]:
    """Write ``oanquan-board.svg`` and ``oanquan-board.pdf`` into ``folder`` (made if missing).

    A file whose bytes are already right is left alone, so its date does not change.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for path, data in (
        (folder / f"{FILE_STEM}.svg", blank_board_svg().encode("utf-8")),
        (folder / f"{FILE_STEM}.pdf", blank_board_pdf()),
    ):
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
        written.append(path)
    return written


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension: write the downloads into ``oanquan_printable_dir`` (relative to the source folder).

    They are written when the builder starts, before any page is read, so the pages'
    ``{download}`` links find them.
    """
    app.add_config_value("oanquan_printable_dir", "book/downloads", "env", [str])

    def on_builder_inited(app: Any) -> None:
        write_downloads(Path(app.srcdir) / app.config.oanquan_printable_dir)

    app.connect("builder-inited", on_builder_inited)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":  # pragma: no cover - a convenience: python -m oanquan.printable FOLDER
    import sys

    for written in write_downloads(sys.argv[1] if len(sys.argv) > 1 else "."):
        print(written)
