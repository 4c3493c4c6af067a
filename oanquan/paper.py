"""A blank board to print, A4 landscape: its shapes, and the board as SVG, from the standard library alone.

The teacher's guide offers it for download. It is the empty board of RULES §1, drawn at
its real size for a classroom: two rows of five square citizen squares (ô dân), 42 mm a
side, with a Mandarin square (ô quan) as a half-ellipse at each end. Each square carries
its number and each Mandarin square its name, so that moves written in the book's
notation (``7R``) can be played on paper. The top row's labels are printed upside down, to
be read from the far side of the table. There are no pebbles, counts or score panels:
pupils bring their own pebbles.

Both formats are drawn from one list of shapes (:func:`board_shapes`), so they always
agree: the SVG here, the PDF by the book's build with a PDF library
(``tools/sphinx/printables.py``, which also makes the worksheets), since the engine itself
needs nothing but the standard library.

>>> svg = blank_board_svg()
>>> svg.count('class="square"')
12
"""

from __future__ import annotations

from typing import NamedTuple
from xml.sax.saxutils import escape

from .board import M0, M1, column, square_name
from .i18n import _

__all__ = [
    "FILE_STEM",
    "PAGE_HEIGHT",
    "PAGE_WIDTH",
    "HalfEllipse",
    "Rect",
    "Shape",
    "Text",
    "blank_board_svg",
    "board_shapes",
]

#: A4 landscape in PostScript points (1/72 inch): 297 x 210 mm.
PAGE_WIDTH, PAGE_HEIGHT = 842, 595
#: The name of the downloads, without the suffix.
FILE_STEM = "oanquan-board"

# ------------------------------------------------------------------- layout
#
# In points, y downwards, as in SVG and in the PDF library. The board is
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
    shapes: list[Shape] = [
        Rect(_LEFT + _CELL * column(square), _TOP if square < 5 else _MID, _CELL, square_name(square))
        for square in range(10)
    ]
    shapes.append(HalfEllipse(_LEFT, _MID, _RX, _RY, -1, square_name(M1)))
    shapes.append(HalfEllipse(_RIGHT, _MID, _RX, _RY, +1, square_name(M0)))

    # Square numbers by the edge nearest their owner, each readable from the owner's side.
    for square in range(10):
        cx = _LEFT + _CELL * column(square) + _CELL / 2
        upside_down = square < 5  # player 1's
        shapes.append(Text(cx, _TOP + 12 if upside_down else _BOTTOM - 12, str(square), 20, flip=upside_down))
    # The Mandarin names in the wide part of each half-ellipse, clear of the stone's place.
    for x, name in ((_LEFT - _RX * 0.42, square_name(M1)), (_RIGHT + _RX * 0.42, square_name(M0))):
        shapes.append(Text(x, _MID - 62, name, 20))
        shapes.append(Text(x, _MID + 74, "ô quan", 12, muted=True))

    middle = PAGE_WIDTH / 2
    shapes += [
        Text(middle, 54, "Ô Ăn Quan", 24),
        Text(middle, _TOP - 22, _("Top row · squares 0 to 4 (ô dân)"), 13, flip=True),
        Text(middle, _BOTTOM + 34, _("Bottom row · squares 5 to 9 (ô dân)"), 13),
    ]
    # Three lines of small print at the foot of the page, 16 pt apart.
    notes = (
        _("Set-up: 5 small pebbles in each of the ten squares, one large stone in each Mandarin square."),
        _("The bottom row starts. A move is a square and a direction: 7R sows to the mover's right hand, 7L left."),
        _("Print on A4, landscape, at actual size (100 %)."),
    )
    shapes += [Text(middle, PAGE_HEIGHT - 74 + 16 * i, note, 11, muted=True) for i, note in enumerate(notes)]
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
    title = _("Ô Ăn Quan: a blank board to print")
    desc = _(
        "Two rows of five squares: the top row, squares 4 3 2 1 0 from the left, above the bottom row, "
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
