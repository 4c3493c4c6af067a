"""Pictures of the board: a pure renderer of a :class:`~oanquan.scene.Scene` as SVG.

:func:`board_svg` draws a :class:`~oanquan.Position` as the real board looks
(RULES §1): player 1's row on top reading 4 3 2 1 0, player 0's row below
reading 5 6 7 8 9, the Mandarin squares as half-ellipses with M1 on the left
and M0 on the right. Each square shows drawn pebbles and its count; a Mandarin
stone is a large dark stone. Keyword options highlight what a teacher points
at during a move (the square lifted, the pebble just dropped and how many are
left in the hand, the sowing direction, captured squares, the last move).

:func:`trace_frames` turns the events of a move into one picture per event,
each with its caption from :mod:`oanquan.narrate`; the step-through player of
:mod:`oanquan.widgets` shows them.

The module knows no rule: every number it draws comes from the position or
the event it is given. It uses the standard library only.

>>> from oanquan import Position
>>> svg = board_svg(Position.initial())
>>> svg.startswith("<svg") and "Bottom row to move" in svg
True
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .board import M0, M1, Direction, column, next_square, owner, row_of
from .i18n import N_, _
from .move import Move
from .narrate import as_names, caption, who
from .scene import (
    FINAL_CHARS,
    FOOTER_CHARS,
    MARKS,
    Scene,
    board_scene,
    event_highlights,
    square_contents,
    strip_mark,
)

if TYPE_CHECKING:
    from .events import Event
    from .position import Position

__all__ = [
    "COLOURS",
    "Figure",
    "Frame",
    "board_svg",
    "event_highlights",
    "figure",
    "figure_html",
    "picture_html",
    "position_text_svg",
    "render",
    "screen_direction",
    "square_box",
    "square_centre",
    "strip_mark",
    "svg_alt_text",
    "trace_frames",
]

# ------------------------------------------------------------------ palette
#
# Okabe & Ito's palette, which readers with any common colour-vision deficiency
# can tell apart; each highlight also differs in line style, and every one is
# said in words in the footer and in <desc>, so colour is never the only cue.

#: Colours of the picture, by role (Okabe-Ito for the highlights).
COLOURS: dict[str, str] = {
    "board": "#f4e4c1",
    "line": "#5b4025",
    "text": "#1f1a14",
    "muted": "#6b5a45",
    "pebble": "#55606e",
    "pebble_edge": "#2b323b",
    "stone": "#26211d",
    "stone_shine": "#8c8177",
    "lifted": "#0072b2",  # blue, solid frame
    "lifted_fill": "#cfe4f3",
    "received": "#e69f00",  # orange, solid frame
    "received_fill": "#fbe5b3",
    "captured": "#d55e00",  # vermillion, dashed frame
    "captured_fill": "#f6d3bd",
    "hand": "#009e73",  # bluish green badge
    "selectable": "#009e73",  # bluish green, dotted frame
    "focus": "#000000",  # black, dotted frame
    "direction": "#0072b2",
    "panel": "#fbf6ea",
}

# ------------------------------------------------------------------- layout
#
# viewBox 600 x 442: player 1's strip on top, the board from y=106 to 266,
# player 0's strip, then two footer lines. The board runs from x=10 to 590:
# a half-ellipse of width 90 at each end and five columns of 80 between
# x=100 and x=500.
#
# Text: a phone 320 px wide shows the board about 280 px wide, 0.47 px a unit,
# so no text is smaller than 24 units (11 px there, 24 px at 600 px wide).
# The board therefore carries few words: short labels, and the highlights in
# at most two short footer lines; the full sentences are in <title> and <desc>.

WIDTH = 600
HEIGHT = 442
#: The smallest font size used anywhere on the picture, in viewBox units.
MIN_FONT = 24
_COUNT_FONT = 26  # the pebble counts in the squares
_LEFT, _RIGHT = 100, 500  # the citizen squares lie between these
_CELL = 80
_TOP, _MID, _BOTTOM = 106, 186, 266  # top row y, the line between rows, bottom
_RX, _RY = 90, 80  # the Mandarin half-ellipses
_PANEL_H = 66  # a player's strip
_PANELS = (306, 4)  # the y of player 0's strip (below the board) and player 1's (above)
_FOOTER_Y = (402, 432)  # the baselines of the two footer lines

#: How many pebbles are drawn in one square; the count is always written too.
MAX_DRAWN = 15


def square_box(square: int) -> tuple[int, int, int, int]:
    """The box ``square`` takes on the picture: x, y, width and height in the 600 x 442 viewBox.

    Every place on the board is measured from these boxes. A notebook board lays a button on
    each of them, so that a click on a square of the picture is a click on that square
    (``oanquan/widgets/boards.py``).

    >>> square_box(4), square_box(9), square_box(M1), square_box(M0)
    ((100, 106, 80, 80), (420, 186, 80, 80), (10, 106, 90, 160), (500, 106, 90, 160))
    """
    if square in (M0, M1):
        return (_LEFT - _RX if square == M1 else _RIGHT, _TOP, _RX, _BOTTOM - _TOP)
    return (_LEFT + _CELL * column(square), _TOP if square < 5 else _MID, _CELL, _CELL)


def square_centre(square: int) -> tuple[int, int]:
    """Where ``square`` is drawn: the centre of its box (:func:`square_box`) in the 600 x 442 viewBox.

    >>> square_centre(4), square_centre(5), square_centre(M0)
    ((140, 146), (140, 226), (545, 186))
    """
    x, y, width, height = square_box(square)
    return (x + width // 2, y + height // 2)


def screen_direction(row: int, direction: Direction) -> str:
    """Which way sowing in ``direction`` moves on the picture along ``row`` (0 or 1).

    Direction R (R1.3) runs right along player 0's row and left along
    player 1's, since the two players face each other.

    >>> screen_direction(0, "R"), screen_direction(1, "R"), screen_direction(1, "L")
    ('right', 'left', 'right')
    """
    square = row_of(row)[2]
    after = next_square(square, direction)
    return "right" if square_centre(after)[0] > square_centre(square)[0] else "left"


def direction_label(square: int, direction: Direction) -> str:
    """A button label for the move, its arrow pointing the way the pebbles go on the picture.

    >>> direction_label(7, "R"), direction_label(7, "L"), direction_label(3, "R")
    ('7R →', '← 7L', '← 3R')
    """
    text = f"{square}{direction}"
    return f"← {text}" if screen_direction(owner(square) or 0, direction) == "left" else f"{text} →"


def _slots(x0: float, y0: float, cols: int, rows: int, dx: float, dy: float) -> list[tuple[float, float]]:
    """Pebble places in a staggered grid, the middle ones first so few pebbles sit centred."""
    cx = x0 + dx * (cols - 1) / 2
    cy = y0 + dy * (rows - 1) / 2
    places = [(x0 + dx * c + (dx / 2 if r % 2 else 0) - dx / 4, y0 + dy * r) for r in range(rows) for c in range(cols)]
    return sorted(places, key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p[1], p[0]))


_CELL_SLOTS = _slots(18, 38, 5, 3, 12, 13)  # relative to a cell's top-left corner
_MANDARIN_SLOTS = _slots(-28, 28, 5, 3, 12, 13)  # relative to the Mandarin stone's centre


def _n(value: float) -> str:
    """A coordinate with no needless decimals, to keep the text small."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _mandarin_path(square: int, inset: float = 0) -> str:
    """The half-ellipse of a Mandarin square (M1 left, M0 right)."""
    rx, ry = _RX - inset, _RY - inset
    x, sweep = (_LEFT - inset, 0) if square == M1 else (_RIGHT + inset, 1)
    return f"M{_n(x)} {_n(_MID - ry)}A{_n(rx)} {_n(ry)} 0 0 {sweep} {_n(x)} {_n(_MID + ry)}Z"


def _el(parent: ET.Element | None, tag: str, text: object = None, **attributes: object) -> ET.Element:
    """A new element (in ``parent`` when given): ``attributes`` with ``_`` for ``-`` in their names, ``text`` inside.

    ElementTree escapes the text and the attributes, so nothing a scene says can break the markup.
    """
    named = {_attribute(key): str(value) for key, value in attributes.items() if value is not None}
    element = ET.Element(tag, named) if parent is None else ET.SubElement(parent, tag, named)
    if text is not None:
        element.text = str(text)
    return element


@functools.cache
def _attribute(key: str) -> str:
    """An SVG attribute's name from a keyword's (``class_`` → ``class``, ``font_size`` → ``font-size``).

    >>> _attribute("class_"), _attribute("data_square")
    ('class', 'data-square')
    """
    return key.rstrip("_").replace("_", "-")


#: How each mark of a square is drawn: stroke, fill, width, dash and inset (see :data:`oanquan.scene.MARKS`).
_MARK_STYLES: dict[str, tuple[str, str, float, str, float]] = {
    "selectable": (COLOURS["selectable"], "none", 3, "2 4", 5),
    "captured": (COLOURS["captured"], COLOURS["captured_fill"], 4, "9 5", 3),
    "lifted": (COLOURS["lifted"], COLOURS["lifted_fill"], 5, "", 3),
    "received": (COLOURS["received"], COLOURS["received_fill"], 5, "", 3),
    "selected": (COLOURS["lifted"], COLOURS["lifted_fill"], 5, "10 5", 3),
    "focus": (COLOURS["focus"], "none", 3, "2 4", 2),
}


def _frame(square: int, mark: str) -> tuple[str, dict[str, str]]:
    """The element of a highlight frame inside a square: its tag and its attributes."""
    stroke, fill, width, dash, inset = _MARK_STYLES[mark]
    paint: dict[str, object] = {
        "fill": fill,
        "stroke": stroke,
        "stroke_width": _n(width),
        "stroke_dasharray": dash or None,
        "data_mark": mark,
        "data_at": square,
    }
    if square >= 10:
        frame = _el(None, "path", d=_mandarin_path(square, inset), **paint)
    else:
        x, y = square_box(square)[:2]
        size = _n(_CELL - 2 * inset)
        frame = _el(None, "rect", x=_n(x + inset), y=_n(y + inset), width=size, height=size, rx=4, **paint)
    return frame.tag, frame.attrib


#: ``_FRAMES[mark][square]``: a frame's element, computed once since every board draws them all.
_FRAMES = {mark: [_frame(square, mark) for square in range(12)] for mark in _MARK_STYLES}


def _shown(visible: bool) -> str | None:
    """The ``display`` attribute of a part of the board: none for one its scene does not show."""
    return None if visible else "none"


def _mandarin_anchor(square: int) -> tuple[int, int]:
    """Where a Mandarin square's stone sits, pulled away from the narrow tip of its half-ellipse."""
    cx, cy = square_centre(square)
    return cx + (8 if square == M1 else -8), cy


def _pebble_dots(square: int) -> tuple[str, ...]:
    """Path data for 0..MAX_DRAWN pebbles in ``square``: zero-length segments with round caps, a dot each."""
    if square >= 10:
        places, (ox, oy) = _MANDARIN_SLOTS, _mandarin_anchor(square)
    else:
        places, (ox, oy) = _CELL_SLOTS, square_box(square)[:2]
    dots = [f"M{_n(ox + px)} {_n(oy + py)}h0" for px, py in places[:MAX_DRAWN]]
    return tuple("".join(dots[:n]) for n in range(MAX_DRAWN + 1))


#: ``_DOTS[square][n]`` draws n pebbles in ``square``: computed once, since every picture needs them.
_DOTS = tuple(_pebble_dots(square) for square in range(12))


def _squares(parent: ET.Element, scene: Scene, fillable: bool) -> None:
    """The drawn pebbles, then the counts and stones of every square.

    A ``fillable`` board draws each square's pebbles as a path of its own (its places in
    ``data-places``), so that the page can fill each square; a plain picture draws them all
    in one path.
    """
    order = (*range(10), M1, M0)
    if fillable:
        pebbles = _el(parent, "g", fill="none", stroke_linecap="round")
        for layer, (colour, width) in enumerate(((COLOURS["pebble_edge"], 12), (COLOURS["pebble"], "9.6"))):
            group = _el(pebbles, "g", stroke=colour, stroke_width=width)
            for square in order:
                dots = _DOTS[square][min(scene.squares[square].pebbles, MAX_DRAWN)]
                places = _DOTS[square][MAX_DRAWN] if layer == 0 else None
                _el(group, "path", d=dots, data_dots=square, data_places=places)
    else:
        path = "".join(_DOTS[square][min(scene.squares[square].pebbles, MAX_DRAWN)] for square in order)
        if path:
            pebbles = _el(parent, "g", fill="none", stroke_linecap="round")
            _el(pebbles, "path", d=path, stroke=COLOURS["pebble_edge"], stroke_width=12)
            _el(pebbles, "path", d=path, stroke=COLOURS["pebble"], stroke_width="9.6")
    counts = _el(parent, "g", font_size=_COUNT_FONT, font_weight="bold")
    for square in range(10):
        x, y = square_box(square)[:2]
        _el(counts, "text", scene.squares[square].pebbles, x=x + 7, y=y + 26, data_count=square)
    for square in (M1, M0):  # the count above the stone
        sx, cy = _mandarin_anchor(square)
        count = scene.squares[square].pebbles
        _el(counts, "text", count, x=_n(sx), y=cy - 40, text_anchor="middle", data_count=square)
        stone = _el(parent, "g", data_stone=square, display=_shown(scene.squares[square].stone))
        paint = {"fill": COLOURS["stone"], "stroke": COLOURS["line"], "stroke_width": 2}
        _el(stone, "ellipse", cx=_n(sx), cy=cy - 6, rx=25, ry=17, **paint)
        _el(stone, "ellipse", cx=_n(sx - 8), cy=cy - 12, rx=8, ry=4, fill=COLOURS["stone_shine"])


#: Characters of a strip's first line (bold) that fit its width unsqueezed, when no mark stands beside it.
_LINE1_CHARS = 38


def _panel(parent: ET.Element, scene: Scene, player: int) -> None:
    """A player's strip (:class:`~oanquan.scene.StripScene`): their name and score, its parts, the turn's mark.

    Every part is there, empty or hidden when the scene has none; each line says how many
    characters it takes before it is squeezed to the strip's width (``data-fit``).
    """
    strip, y = scene.strips[player], _PANELS[player]
    group = _el(parent, "g", font_size=MIN_FONT, data_strip=player)
    turn = strip.mark in ("to_move", "playing")
    stroke = {"stroke": COLOURS["text"], "stroke_width": 3} if turn else {"stroke": COLOURS["muted"]}
    stroke |= {"data_on": COLOURS["text"], "data_off": COLOURS["muted"]}  # the page switches between the two
    _el(group, "rect", x=10, y=y, width=580, height=_PANEL_H, rx=8, fill=COLOURS["panel"], **stroke)
    _line(group, strip.heading, x=22, y=y + 28, font_weight="bold", data_part="heading", fit=_LINE1_CHARS)
    # even the short sum of a final score (a long language): squeezed, not cut
    _line(group, strip.detail, x=22, y=y + 57, data_part="detail", fit=FINAL_CHARS)
    _el(group, "text", strip.debts, x=578, y=y + 57, text_anchor="end", data_part="debts")
    arrow = {"data_part": "arrow", "display": _shown(turn)}
    _el(group, "path", d=f"M442 {y + 11}l18 10-18 10z", fill=COLOURS["text"], **arrow)
    weight = "bold" if turn else None
    _el(group, "text", strip.mark_words, x=578, y=y + 28, font_weight=weight, text_anchor="end", data_part="mark")


def _line(parent: ET.Element, text: str, fit: int, width: int = 556, **attributes: object) -> None:
    """A line of ``text`` that, longer than ``fit`` characters, is squeezed to ``width`` rather than cut."""
    line = _el(parent, "text", text, **attributes, data_fit=fit, data_squeeze=width)
    if len(text) > fit:
        line.attrib.update({"textLength": str(width), "lengthAdjust": "spacingAndGlyphs"})


def _chevrons(parent: ET.Element, direction: str, shown: bool) -> None:
    """Arrowheads between the square numbers, pointing the way the pebbles travel, hidden unless ``shown``."""
    parts: list[str] = []
    for row, y in ((1, _TOP - 19), (0, _BOTTOM + 19)):
        tip = 10 if screen_direction(row, direction) == "right" else -10  # type: ignore[arg-type]
        for x in range(_LEFT, _RIGHT + 1, _CELL):
            parts.append(f"M{x - tip // 2} {y - 7}l{tip} 7l{-tip} 7z")
    _el(parent, "path", d="".join(parts), fill=COLOURS["direction"], data_sowing=direction, display=_shown(shown))


def _badge_box(at: int, digits: int) -> tuple[float, float, float]:
    """The hand's badge on square ``at`` for a number of ``digits``: its left edge, its width and its middle.

    A pill wide enough for the number: on a citizen square, in its top right corner; on a
    Mandarin square, just outside its tip.
    """
    x, _y = square_centre(at)
    half = max(16, 7 + 8 * digits)
    bx = x + 38 - half if at < 10 else (4 + half if at == M1 else WIDTH - 4 - half)
    return bx - half, 2 * half, bx


#: ``_BOXES[at]``: the ``data-boxes`` of the badge on square ``at``, computed once since every board draws all twelve.
_BOXES = tuple(";".join(",".join(_n(v) for v in _badge_box(at, digits)) for digits in (1, 2, 3)) for at in range(12))


def _badge(parent: ET.Element, at: int, hand: int | None) -> None:
    """The hand: a badge on square ``at`` with the ``hand`` pebbles still to sow, hidden when None.

    The board has one on every square; each says where it goes for a number of 1, 2 or 3
    digits (``data-boxes``: left edge, width, middle), for the page that fills it.
    """
    _x, y = square_centre(at)
    by = y - 22 if at < 10 else _TOP + 4
    left, width, middle = _badge_box(at, len(str(hand or 0)))
    badge = _el(parent, "g", data_hand=at, data_boxes=_BOXES[at], display=_shown(hand is not None))
    pill = {"rx": 16, "fill": COLOURS["hand"], "stroke": "#fff", "stroke_width": 2}
    _el(badge, "rect", x=_n(left), y=_n(by - 16), width=_n(width), height=32, **pill)
    font = {"font_size": MIN_FONT, "font_weight": "bold", "text_anchor": "middle", "fill": "#fff"}
    _el(badge, "text", hand or 0, x=_n(middle), y=_n(by + 8.5), **font)


_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}\Z")


def board_svg(position: Position, *, id_prefix: str | None = None, **highlights: Any) -> str:
    """The position as an SVG picture (a string), laid out as RULES §1: :func:`render` of its scene.

    Highlights, all optional (:func:`oanquan.scene.board_scene` makes the scene):

    - ``lifted``: the square whose pebbles were just lifted (blue, solid);
    - ``received``: the square(s) that just received a pebble (orange, solid);
    - ``hand``: how many pebbles remain in the hand, drawn as a green badge on
      the ``received`` square (or the ``lifted`` one);
    - ``direction``: ``"L"`` or ``"R"``, arrowheads between the square numbers;
    - ``captured``: squares captured this move (vermillion, dashed);
    - ``last_move``: a move such as ``"7R"``, named in the footer, its square number circled;
    - ``selectable`` / ``selected``: squares a player may click (green, dotted) and
      the one they picked (blue, dashed);
    - ``focus``: square(s) a caption talks about (black, dotted);
    - ``note``: a line of text for the footer; ``title`` replaces the ``<title>``;
    - ``names``: what the picture calls the players, in its strips and in its words
      (a board's view-model, :class:`~oanquan.narrate.Names`), by default the rows'
      (:func:`~oanquan.narrate.row_names`);
    - ``turn``: what the picture shows of a move (see :data:`~oanquan.scene.Turn`): by default the
      player to move has the turn marker; a picture taken during a move passes
      ``"playing"``, one taken as it ends ``"played"`` (the marker goes to the next
      player), one of the game's end ``"over"`` (each strip shows the final score).

    The strips count what each player has captured (R8.1) and owes (R6.2) until
    the game is over; then they show the final scores and what makes them (R8),
    unless ``result`` is False: an exercise that asks for the final score shows
    the finished board without it (no marker, no final scores, no result line).
    With the result shown, the pebbles left on the rows are drawn as taken into the
    stores (R7.4), since the final scores count them there; ``taken`` False keeps
    them on the board (the pictures of the sweep, which take them row by row).

    >>> from oanquan import Position
    >>> svg = board_svg(Position.initial().play("7R"), last_move="7R", id_prefix="demo")
    >>> 'id="demo-title"' in svg, "last move: 7R" in svg
    (True, True)
    >>> board_svg(Position.initial(), id_prefix="1bad")
    Traceback (most recent call last):
    ...
    ValueError: id_prefix '1bad' must be a letter followed by letters, digits, '-' or '_'
    """
    return render(board_scene(position, **highlights), id_prefix=id_prefix)


def render(scene: Scene, *, id_prefix: str | None = None, fillable: bool = False, labels: Sequence[str] = ()) -> str:
    """A :class:`~oanquan.scene.Scene` as an SVG picture (a string), laid out as RULES §1.

    The picture scales to its container (``width="100%"`` and a viewBox) and
    stays readable from 320 px wide. Its element ids start with ``id_prefix``,
    by default a digest of the scene drawn (and how), so they are the same every time the
    same picture is drawn and pictures on one page do not clash. ElementTree
    writes it, so every text is escaped.

    >>> from oanquan import Position
    >>> from oanquan.scene import board_scene
    >>> svg = render(board_scene(Position.initial(), note="<b> & co"), id_prefix="x")
    >>> "&lt;b&gt; &amp; co" in svg, svg.count("<svg"), svg.endswith("</svg>")
    (True, 1, True)

    A ``fillable`` picture is the website's board (issue 41): the same drawing with every part
    a scene may show present, those this scene does not show hidden, each marked with a
    ``data-`` attribute that says what it shows; ``book/_static_play/board-view.js`` fills it
    from the bridge's scene data (:func:`oanquan.web.wire`) as this function draws the scene.
    ``labels`` then give each square's click area its name's template, ``{what}`` standing
    for what the square holds.

    >>> board = render(board_scene(Position.initial()), id_prefix="b", fillable=True, labels=["{what}"] * 12)
    >>> board.count('data-mark="lifted"'), board.count("data-square="), board.count('data-hand="')
    (12, 12, 12)
    """
    ids = _ids(id_prefix, (scene, fillable, tuple(labels)))
    body = ET.Element("g")
    _board(body, scene, fillable)
    if fillable:
        _click_areas(body, scene, labels)
    else:
        _plain(body)
    return _svg(WIDTH, HEIGHT, ids, scene.title, scene.desc, list(body))


def _click_areas(parent: ET.Element, scene: Scene, labels: Sequence[str]) -> None:
    """Transparent shapes over the squares, each named by ``labels`` (what it holds as ``{what}``)."""
    group = _el(parent, "g", class_="oaq-click")
    for square in range(12):
        template = labels[square] if labels else "{what}"
        words = template.replace("{what}", square_contents(scene.squares[square]))
        named = {"data_square": square, "data_name": template, "aria_label": words, "fill": "transparent"}
        if square < 10:
            x, y, width, height = square_box(square)
            area = _el(group, "rect", x=x, y=y, width=width, height=height, **named)
        else:  # a Mandarin square: an ellipse as wide as a citizen square, over its half-ellipse
            cx, cy = square_centre(square)
            area = _el(group, "ellipse", cx=cx, cy=cy, rx=_CELL // 2, ry=_CELL, **named)
        _el(area, "title", words)


def _board(body: ET.Element, scene: Scene, fillable: bool = False) -> None:
    """The board of ``scene`` drawn into ``body``: its outline, marks, pebbles, numbers, hand, strips and footer.

    Every part a scene may show is drawn, those ``scene`` does not show hidden, each marked with a
    ``data-`` attribute that says what it shows: the fillable board (see :func:`render`), which
    :func:`_plain` makes a plain picture.
    """
    # The board: one outline from M1 round to M0, then the lines between squares.
    arc = f"A{_RX} {_RY} 0 0 1"
    outline = f"M{_LEFT} {_TOP}H{_RIGHT}{arc} {_RIGHT} {_BOTTOM}H{_LEFT}{arc} {_LEFT} {_TOP}Z"
    _el(body, "path", d=outline, fill=COLOURS["board"], stroke=COLOURS["line"], stroke_width=4)
    lines = "".join(f"M{x} {_TOP}V{_BOTTOM}" for x in range(_LEFT, _RIGHT + 1, _CELL))
    _el(body, "path", d=f"{lines}M{_LEFT} {_MID}H{_RIGHT}", stroke=COLOURS["line"], stroke_width="2.5")

    # Highlights go under the pebbles so the counts stay readable: a frame inside each square, hidden unless marked.
    for mark in MARKS:
        for square, shown in enumerate(scene.squares):
            tag, attributes = _FRAMES[mark][square]
            ET.SubElement(body, tag, attributes if mark in shown.marks else attributes | {"display": "none"})

    _squares(body, scene, fillable)

    # Square numbers above player 1's row and below player 0's, M1 and M0 beside; the last move's circled.
    numbers = _el(body, "g", fill=COLOURS["muted"], font_size=MIN_FONT, text_anchor="middle")
    for square in range(10):
        x, _y = square_centre(square)
        y = _TOP - 10 if square < 5 else _BOTTOM + 28
        last = scene.last_square == square
        _el(numbers, "circle", cx=_n(x), cy=y - 9, r=16, fill=COLOURS["text"], data_last=square, display=_shown(last))
        _el(numbers, "text", square, x=_n(x), y=y, fill="#fff" if last else None, data_number=square)
    _el(numbers, "text", "M1", x=32, y=_BOTTOM + 28)
    _el(numbers, "text", "M0", x=568, y=_BOTTOM + 28)
    for direction in ("L", "R"):
        _chevrons(body, direction, scene.direction == direction)

    # The hand: a badge with the pebbles still to sow.
    for square in range(12):
        _badge(body, square, scene.hand if scene.hand_at == square else None)

    for player in (1, 0):
        _panel(body, scene, player)

    # Footer: the highlights in words, so colour is never the only cue.
    footer = _el(body, "g", font_size=MIN_FONT, text_anchor="middle")
    for index, (y, line) in enumerate(zip(_FOOTER_Y, [*scene.footer, "", ""], strict=False)):
        # a line too long for the width (a long note) is squeezed, not cut
        _line(footer, line, x=300, y=y, data_footer=index, fit=FOOTER_CHARS, width=572)


def _plain(element: ET.Element) -> None:
    """The fillable board made a plain picture: its hidden parts and empty texts and groups left out, and its hooks.

    A notebook's or a book's picture never changes once drawn, so it needs neither.
    """
    for child in list(element):
        if child.get("display") == "none":
            element.remove(child)
            continue
        _plain(child)
        if child.tag in ("text", "g") and not child.text and not len(child):
            element.remove(child)
    for name in [name for name in element.attrib if name.startswith("data-")]:
        del element.attrib[name]


def _ids(id_prefix: str | None, drawn: object) -> str:
    """The start of a picture's element ids: ``id_prefix``, checked, or a digest of what the picture is ``drawn`` from.

    A picture is a pure function of what it is drawn from, so its ids are the same every time
    it is drawn, and different pictures on one page do not clash. ``drawn`` is written out
    (``str``) only for the digest.
    """
    if id_prefix is not None and not _ID.match(id_prefix):
        raise ValueError(f"id_prefix {id_prefix!r} must be a letter followed by letters, digits, '-' or '_'")
    return id_prefix or f"oaq-{hashlib.sha1(str(drawn).encode('utf-8')).hexdigest()[:10]}"


def _svg(width: int, height: int, ids: str, title: str, desc: str, content: Iterable[ET.Element]) -> str:
    """An SVG picture that scales to its container, with a title and description for screen readers, as text."""
    svg = _el(
        None,
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {width} {height}",
        width="100%",
        style=f"max-width:{width}px;height:auto",
        role="img",
        aria_labelledby=f"{ids}-title {ids}-desc",
        font_family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
        fill=COLOURS["text"],
    )
    _el(svg, "title", title, id=f"{ids}-title")
    _el(svg, "desc", desc, id=f"{ids}-desc")
    svg.extend(content)
    return ET.tostring(svg, encoding="unicode")


# ------------------------------------------------------- the position text


#: The five fields of the position text (RULES §10), in order: a short name and where the board shows it.
POSITION_TEXT_FIELDS: tuple[tuple[str, str], ...] = (
    (
        N_("squares 0 to 9"),
        N_("the pebbles in the citizen squares, 0 to 9: the top row from its right end, then the bottom row"),
    ),
    (N_("M0, then M1"), N_("the Mandarin squares: M0 on the right first, then M1 on the left")),
    (N_("stores"), N_("what Bottom row, then Top row, has captured, written in their strips")),
    (N_("debts"), N_("what Bottom row, then Top row, owes the other")),
    (N_("player to move"), N_("the player whose turn it is, marked ▶ in their strip")),
)
#: The fields' colours (Okabe-Ito), each with the colour of a number written on it.
_FIELD_COLOURS = (
    ("#0072b2", "#ffffff"),
    ("#d55e00", "#ffffff"),
    ("#009e73", "#ffffff"),
    ("#cc79a7", COLOURS["text"]),
    (COLOURS["text"], "#ffffff"),
)
_TEXT_BAND = 96  # the position text and its numbers, above the board
_MARGIN = 44  # left and right of the board, for the numbers that point into it
_LEGEND_ROW = 36


def _field_badge(parent: ET.Element, number: int, x: float, y: float) -> None:
    fill, ink = _FIELD_COLOURS[number - 1]
    _el(parent, "circle", cx=_n(x), cy=_n(y), r=16, fill=fill, stroke="#fff", stroke_width=2)
    font = {"font_size": MIN_FONT, "font_weight": "bold", "text_anchor": "middle"}
    _el(parent, "text", number, x=_n(x), y=_n(y + 8.5), fill=ink, **font)


def position_text_svg(position: Position, *, id_prefix: str | None = None) -> str:
    """The board with the five fields of its position text (RULES §10) numbered on it, as SVG.

    Above the board, the text itself, each field in its colour over its number;
    on the board, the same numbers beside what each field describes: 1 the
    citizen squares (the count starts at square 0, the top row's right end),
    2 the Mandarin squares (M0 on the right, then M1), 3 the stores and 4 the
    debts in the players' strips, 5 the player to move (the ▶ marker). A legend
    below names each number. Every word and number comes from ``position``.

    >>> from oanquan import Position
    >>> svg = position_text_svg(Position.from_text("6,6,0,6,6,6,6,0,0,6 Q+1,2 6+Q,0 0,0 1"), id_prefix="parts")
    >>> "6,6,0,6,6,6,6,0,0,6" in svg and ">M0, then M1<" in svg and ">player to move<" in svg
    True
    """
    text = position.to_text()
    fields = text.split(" ")
    scene = board_scene(position)
    ids = _ids(id_prefix, text)
    width = WIDTH + 2 * _MARGIN
    rows = (len(POSITION_TEXT_FIELDS) + 1) // 2
    top = _TEXT_BAND + _PANELS[0] + _PANEL_H + 14  # the legend, below player 0's strip (the board has no footer here)
    height = top + rows * _LEGEND_ROW + 4
    parts = ET.Element("g")
    board = _el(parts, "g", transform=f"translate({_MARGIN} {_TEXT_BAND})")
    _board(board, scene)
    _plain(board)

    # The text, in a monospaced font so that each field's place is known: its number under its middle.
    size = min(28.0, (width - 24) / (0.6 * len(text)))
    advance = 0.6 * size
    x0 = (width - advance * len(text)) / 2
    font = "DejaVu Sans Mono, Menlo, Consolas, monospace"
    line = _el(parts, "text", x=_n(x0), y=36, font_family=font, font_size=_n(size), font_weight="bold")
    line.set("xml:space", "preserve")
    offset = 0
    for number, field in enumerate(fields, start=1):
        span = _el(line, "tspan", field, fill=_FIELD_COLOURS[number - 1][0])
        span.tail = " " if number < len(fields) else None
        _field_badge(parts, number, x0 + advance * (offset + len(field) / 2), 66)
        offset += len(field) + 1

    # The numbers on the board, in the margins beside what they name (in board units, shifted as the board is).
    marks: list[tuple[int, float, float]] = [
        (1, square_centre(0)[0] + 30, _TOP - 18),  # square 0: where the count starts
        (2, -_MARGIN / 2, _MID),  # M1
        (2, WIDTH + _MARGIN / 2, _MID),  # M0
    ]
    for strip_y in _PANELS:  # each player's strip: 3 the store at its left, 4 the debts at its right
        marks += [(3, -_MARGIN / 2, strip_y + _PANEL_H / 2), (4, WIDTH + _MARGIN / 2, strip_y + 52)]
    marks.append((5, WIDTH + _MARGIN / 2, _PANELS[position.to_move] + 13))
    for number, x, y in marks:
        _field_badge(parts, number, x + _MARGIN, y + _TEXT_BAND)

    # The legend: two columns of numbers and names.
    for index, (name, _meaning) in enumerate(POSITION_TEXT_FIELDS):
        x = 30 + (width / 2) * (index // rows)
        y = top + _LEGEND_ROW * (index % rows) + 18
        _field_badge(parts, index + 1, x, y)
        _el(parts, "text", _(name), x=_n(x + 24), y=_n(y + 8.5), font_size=MIN_FONT)

    title = _("The parts of the position text {text}").format(text=text)
    desc = " ".join(
        _("{number}. {field}: {meaning}.").format(number=number, field=field, meaning=_(meaning))
        for number, (field, (_name, meaning)) in enumerate(zip(fields, POSITION_TEXT_FIELDS, strict=True), start=1)
    )
    return _svg(width, height, f"{ids}-parts", title, desc, list(parts))


# ------------------------------------------------------------------- frames


class Frame(NamedTuple):
    """One picture of a step-through: the position, its caption, its scene, the event (None at the start).

    The scene is what the picture shows, as data (:class:`~oanquan.scene.Scene`): what a page
    that holds its own board is sent. The SVG (:attr:`svg`) is drawn from it when asked for,
    so that the website, which never asks, does not draw it; ``ids`` are its element ids' prefix.

    >>> from oanquan import Position
    >>> shown = Frame(Position.initial(), "The opening.", board_scene(Position.initial()))
    >>> shown.caption, shown.svg == board_svg(Position.initial())
    ('The opening.', True)
    """

    position: Position
    caption: str
    scene: Scene
    event: Event | None = None
    ids: str | None = None

    @property
    def svg(self) -> str:
        """The picture, drawn from the scene (:func:`render`)."""
        return render(self.scene, id_prefix=self.ids)


def trace_frames(
    start: Position,
    events: Sequence[Event],
    *,
    move: Move | str | None = None,
    start_caption: str | None = None,
    prefix: str = "",
    id_prefix: str | None = None,
    names: Sequence[str] | None = None,
) -> list[Frame]:
    """One :class:`Frame` for ``start`` and one after each event: what a step-through shows.

    Each caption names its rule (from :func:`oanquan.narrate.caption`);
    ``prefix`` goes before each event's caption (for example ``"Move 3, 7R: "``).
    Squares captured earlier in the same move stay marked. With ``id_prefix``,
    frame ``i`` gets the element ids ``{id_prefix}-{i}-...`` (by default they
    come from each picture's digest). ``names`` are what the players' strips call
    the players.

    >>> from oanquan import Position
    >>> start = Position.initial()
    >>> after, events = start.play_traced("5L")
    >>> frames = trace_frames(start, events, move="5L")
    >>> len(frames) == len(events) + 1, frames[-1].position.pebbles == after.pebbles
    (True, True)
    >>> frames[0].caption
    'Start: Bottom row to play 5L.'
    """
    said = as_names(names)
    if start_caption is None:
        if move is not None:
            start_caption = who(
                said, start.to_move, N_("Start: you play {move}."), N_("Start: {name} to play {move}."), move=move
            )
        else:
            start_caption = who(said, start.to_move, N_("Start: your move."), N_("Start: {name} to move."))

    def ids(index: int) -> str | None:
        return None if id_prefix is None else f"{id_prefix}-{index}"

    frames = [Frame(start, start_caption, board_scene(start, names=said), None, ids(0))]
    captured: list[int] = []
    for event in events:
        if event.kind in ("borrow", "refill", "lift"):  # a new move (or sowing) starts
            captured = []
        options = event_highlights(event, captured)
        if event.kind == "capture" and event.square is not None:
            captured.append(event.square)
            options["captured"] = tuple(captured)
        scene = board_scene(event.position, **options, names=said)
        frames.append(Frame(event.position, prefix + caption(event, said), scene, event, ids(len(frames))))
    return frames


# ------------------------------------------------------------------ figures
#
# JupyterLab sanitizes the HTML of an untrusted notebook (one opened fresh, not
# run on this machine): it removes inline <svg> and keeps only its text, so a
# board shows as run-on words. An <img> whose source is a data: URI survives the
# sanitizer (JupyterLab checks URL schemes on href, not on src), and it shows in
# a trusted notebook and on the book's pages alike. So every figure meant for a
# notebook is an <img> of the SVG, with the SVG's title and description as its
# alternative text (docs/lab-findings.md has the evidence).

_SVG = "{http://www.w3.org/2000/svg}"


def svg_alt_text(svg: str) -> str:
    """The words a screen reader says for a picture: its ``<title>`` and ``<desc>``, as plain text.

    The picture is read as the XML it is (ElementTree), not searched as text.

    >>> from oanquan import Position
    >>> svg_alt_text(board_svg(Position.initial()))[:60]
    'Ô Ăn Quan board: Bottom row to move. Top row, squares 4 3 2 '
    """
    return _alt_text(ET.fromstring(svg))


def _alt_text(picture: ET.Element) -> str:
    parts = [picture.findtext(f"{_SVG}{part}") or "" for part in ("title", "desc")]
    return ". ".join(" ".join(p.split()) for p in parts if p.strip())


def picture_html(svg: str, *, max_width: int = WIDTH, alt: str | None = None) -> str:
    """An SVG picture as an ``<img>`` that every notebook viewer shows, trusted or not.

    The alternative text is the picture's own title and description unless
    ``alt`` is given; its size is the picture's own (a board, or a board with labels around it).

    >>> from oanquan import Position
    >>> html = picture_html(board_svg(Position.initial()))
    >>> html.startswith('<img src="data:image/svg+xml;base64,') and 'alt="Ô Ăn Quan board' in html
    True
    """
    picture = ET.fromstring(svg)
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    words = html.escape(alt if alt is not None else _alt_text(picture), quote=True)
    _x, _y, width, height = (picture.get("viewBox") or f"0 0 {WIDTH} {HEIGHT}").split()
    return (
        f'<img src="data:image/svg+xml;base64,{data}" alt="{words}" width="{width}" height="{height}"'
        f' style="width:100%;max-width:{max_width}px;height:auto">'
    )


def figure_html(
    position: Position | None,
    caption: str,
    anchor: str | None = None,
    *,
    svg: str | None = None,
    compact: bool = False,
    **highlights: object,
) -> str:
    """A board with its caption as HTML that shows in JupyterLab (trusted or not) and in the book.

    ``anchor`` is the figure's id (a link target) and the prefix of the SVG's
    element ids; ``highlights`` are :func:`board_svg`'s options. Pass ``svg``
    to show a picture drawn already instead of ``position``. ``compact`` makes
    the figure smaller (the book's ``oq-compact`` class).

    >>> from oanquan import Position
    >>> html = figure_html(Position.initial(), "The opening <position>.", "opening", selectable=(5, 6))
    >>> html.startswith('<figure class="oq-figure" id="opening" style="max-width:600px">')
    True
    >>> "<figcaption>The opening &lt;position&gt;.</figcaption>" in html, "<svg" in html
    (True, False)
    """
    if svg is None:
        if position is None:
            raise ValueError("figure_html needs a position or an svg")
        svg = board_svg(position, id_prefix=anchor, **highlights)
    width = 440 if compact else WIDTH
    classes = "oq-figure oq-compact" if compact else "oq-figure"
    ident = f' id="{html.escape(anchor, quote=True)}"' if anchor else ""
    words = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    return (
        f'<figure class="{classes}"{ident} style="max-width:{width}px">'
        f"{picture_html(svg, max_width=width)}{words}</figure>"
    )


@dataclass(frozen=True)
class Figure:
    """A board figure to display in a notebook: ``figure(...)`` as the last line of a cell shows it.

    It has the HTML of :func:`figure_html` (``html``, ``_repr_html_``), which
    JupyterLab shows whether the notebook is trusted or not, and so does the
    book. ``str(figure)`` is that HTML too, for pages that join several.

    >>> from oanquan import Position
    >>> shown = figure(Position.initial(), "The opening.", "ch01-opening")
    >>> shown
    Figure('ch01-opening', 'The opening.')
    >>> shown._repr_html_() == str(shown) == shown.html
    True
    """

    html: str
    anchor: str | None
    caption: str

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html

    def __repr__(self) -> str:
        # Short and stable: nbval compares it, and it never shows in JupyterLab, which shows the HTML.
        short = self.caption if len(self.caption) <= 60 else self.caption[:57] + "..."
        return f"Figure({self.anchor!r}, {short!r})"


def figure(position: Position | None, caption: str, anchor: str | None = None, **options: Any) -> Figure:
    """A board figure with its caption, to display: :func:`figure_html` has the arguments, ``options`` its keywords.

    >>> from oanquan import Position
    >>> "<figcaption>After 7R.</figcaption>" in figure(Position.initial().play("7R"), "After 7R.", last_move="7R").html
    True
    """
    return Figure(figure_html(position, caption, anchor, **options), anchor, caption)
