"""The classroom kit to print, built with the book: worksheets, answer keys, a rules sheet, a blank board.

Every file is an A4 PDF made with the ``fpdf2`` library, QR codes with ``segno`` (both
pinned in ``requirements.txt``), text in DejaVu Sans (Debian's ``fonts-dejavu-core``, which
the Makefile installs), which has every Vietnamese letter. This module lives outside the
engine package, which stays standard-library only: it is imported only by the book's build,
as a Sphinx extension listed in ``_config.yml``, and by the tests.

- ``oanquan-board.pdf`` / ``.svg``: the blank board (the shapes of :mod:`oanquan.paper`).
- ``oanquan-worksheet-<level>.pdf`` for the three levels of :data:`oanquan.puzzles.SHEETS`
  (first lesson, captures and chains, endgames): one board per exercise, drawn in black
  and white with the pebble counts, the goal, the position text, space to write, and a QR
  code that opens the puzzle on the site's Puzzles page when the site's address is set.
- ``oanquan-answers-<level>.pdf``: the answer key of each worksheet: the answer, the
  engine's explanation, the board after the answer (the squares it captured hatched, as on the
  desk sheet), and a QR code that opens the position on the Play page.
- ``oanquan-rules-sheet.pdf``: the rules for the pupils' desks, two pages, each rule with the
  picture of the rules page's move (:func:`rule_examples`) drawn in black and white, its
  highlights hatched or framed, never in colour alone, every caption at least 9 points.
- ``oanquan-game-record.pdf``: a game record and score sheet for a pair of pupils.
- ``oanquan-rules-wall.pdf``: the rules for the classroom wall, an A3 poster read from 8 m: every
  word at least 48 points (:func:`letter_size` says why, :func:`rules_wall_pdf`).
- ``oanquan-cards-<level>.pdf``: a position card for every exercise of a worksheet, its code and
  its board drawn large, two to a page (:func:`cards_pdf`); ``oanquan-self-check-<level>.pdf``:
  the pupils' own key to the worksheet (:func:`self_check_pdf`).
- ``oanquan-path-9-11.pdf``: the path of 20 puzzles for 9-11-year-olds
  (:func:`~oanquan.puzzles.class_path`), each by the code a pupil types on the Puzzles page.

The site's public address is the Sphinx setting ``oanquan_site_url`` (``_config.yml``);
when it is empty, the sheets carry the position text and the puzzle's code but no QR code.
Every exercise of a worksheet and of its answer key names its puzzle's code (``P-042``, issue 42).
Every file is the same byte for byte from one build to the next (a fixed creation date).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import functools
import io
import itertools
import math
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import segno
from fpdf import FPDF

from authoring.puzzles import CLASS_RULES, class_rules_kept, suits_every_recommended_class
from oanquan import Move, Position, Rules, caption, describe_move
from oanquan.ai import immediate_gain
from oanquan.board import M0, M1, column, row_of, square_name
from oanquan.events import Event
from oanquan.i18n import N_, _, get_language, language, ngettext, spoken
from oanquan.interact.address import Setup
from oanquan.narrate import move_phrase, row_names
from oanquan.paper import FILE_STEM, HalfEllipse, Rect, Text, blank_board_svg, board_shapes
from oanquan.puzzles import SHEET_SIZE, SHEETS, Puzzle, class_path, sheet
from oanquan.rules import rules_in_words
from oanquan.scene import Scene, board_scene
from oanquan.svg import event_highlights

__all__ = [
    "FONT_DIR",
    "SHEET_SIZE",
    "RuleExample",
    "blank_board_pdf",
    "cards_pdf",
    "downloads",
    "draw_board",
    "kit_names",
    "letter_size",
    "path_sheet_pdf",
    "play_address",
    "puzzle_address",
    "qr_png",
    "record_sheet_pdf",
    "rule_examples",
    "rules_sheet_pdf",
    "rules_wall_pdf",
    "self_check_pdf",
    "setup",
    "worksheet_pdf",
    "write_downloads",
]

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
#: The creation date written into every file, so that a build that changes nothing changes no byte.
_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
_INK = (33, 33, 33)
_GREY = (110, 110, 110)

# ----------------------------------------------------------------- words
#
# Every sentence printed for pupils and teachers is here, ready for a translation catalogue.


class _Words(dict[str, str]):
    """The printed words: English in the code (marked for the catalogue), read in the language spoken."""

    def __getitem__(self, key: str) -> str:
        return _(super().__getitem__(key))


TEXT: dict[str, str] = _Words(
    {
        "worksheet_title": N_("Ô Ăn Quan · Worksheet: {name}"),
        "answers_title": N_("Ô Ăn Quan · Answer key: {name}"),
        "name_line": N_("Name: ____________________   Class: ________   Date: ____________"),
        "instructions": N_(
            "Set up each board with pebbles (or counters) and a large stone for each Mandarin, as drawn. "
            "One player plays the bottom row, the other the top row; R sows towards the mover's right hand. "
            "Try the moves, then write your answer."
        ),
        "answers_intro": N_(
            "For the teacher: the answer to each exercise of the worksheet, why (computed by the game's engine), "
            "and the board after the answer."
        ),
        "answers_qr": N_("The QR code opens the exercise's position on the Play page."),
        "answers_marks": N_(
            "On the boards after the answer, a hatched square has just been captured; a framed square is "
            "the one the last move started from."
        ),
        "exercise": N_("Exercise {number} · {code} · {title}"),
        "to_move": N_("{name} to move."),
        "rules": N_("Rules for this one: {words}."),
        "my_move": N_("My move:"),
        "what_it_does": N_("What it does:"),
        "qr_puzzle": N_("Check it on the Puzzles page"),
        "qr_play": N_("Play it on the Play page"),
        "no_site": N_("On the Puzzles page, type the code {code}"),
        "position": N_("Position: {text}"),
        "answer": N_("Answer: {moves}."),
        "after": N_("After {move}:"),
        "line_blanks": N_("Write your move, your opponent's best reply, and your next move."),
        "share_one": N_("1 time in {moves}"),
        "share_many": N_("{answers} times in {moves}"),
        "measures": N_(
            "Difficulty {difficulty} of 5: {found} in 100 simulated solvers find the answer (a random move solves "
            "it {share}; legal moves: {moves})."
        ),
        "page": N_("Page {page} of {pages}"),
        "rules_title": N_("Ô Ăn Quan · The rules for the desk"),
        "desk_key": N_(
            "In the pictures: a hatched square has just been captured; a dashed frame marks the square lifted "
            "or the square the last pebble dropped into; a plain inner frame, the square the move started from."
        ),
        "rules_intro": N_(
            "Two players, ten small squares (ô dân) with {pebbles} pebbles each, two Mandarin squares (ô quan) "
            "with a large stone worth {value}. The bottom row moves first. The pictures are real moves, "
            "computed by the game's engine; the numbers R3.3… are those of the rule book."
        ),
        "rules_footer": N_(
            "Score = captured pebbles + {value} per Mandarin stone + the pebbles left in your own row at the end; "
            "pebbles borrowed are paid back."
        ),
        "board_title": N_("Ô Ăn Quan: a blank board to print"),
        "wall_title": N_("Ô Ăn Quan · The rules"),
        "record_title": N_("Ô Ăn Quan · Game record"),
        "record_names": N_("Bottom row: ______________   Top row: ______________   Date: ________"),
        "record_rules": N_("Rules: ☐ standard   ☐ young Mandarins (quan non) cannot be captured"),
        "record_how": N_(
            "Write each move as its square and direction (7R), and what it took (7R +5). "
            "One pupil writes, the other checks. A longer game goes on over the page."
        ),
        "record_move": N_("Move"),
        "score_title": N_("The score at the end"),
        "score_pebbles": N_("Pebbles captured"),
        "score_stones": N_("Mandarin stones captured × {value}"),
        "score_row": N_("Pebbles left in your own row at the end"),
        "score_borrowed": N_("Minus the pebbles you borrowed (thả cá)"),
        "score_lent": N_("Plus the pebbles the other player borrowed from you"),
        "score_total": N_("Total"),
        "score_check": N_("Check: when both Mandarin squares are empty at the end, the two totals add up to {total}."),
        "cards_title": N_("Ô Ăn Quan · Position cards: {name}"),
        "card_of": N_("Exercise {number} of the worksheet “{name}”"),
        "self_check_title": N_("Check your answers: {name}"),
        "self_check_how": N_(
            "Do the exercise first, with the pebbles. Then find its number here, or type its code on the "
            "Puzzles page. Wrong? Set the board up again and play the answer: watch where the last pebble goes."
        ),
        "self_check_line": N_("Exercise {number} · {code} · answer: {moves}"),
        "poster_setup": N_(
            "{pebbles} pebbles in each small square, a stone worth {value} in each Mandarin square. "
            "The bottom row starts. 7R: from square 7, towards the player's right hand."
        ),
        "path_title": N_("Ô Ăn Quan · A path of {n} puzzles for ages 9 to 11"),
        "path_intro": N_(
            "Open each puzzle on the Puzzles page by typing its code in the box beside the list. The puzzles "
            "get harder step by step (level 1 is found by most players, level 5 by few); tick one when you "
            "solve it at the first try. Every one of them is the same puzzle whether your class protects young "
            "Mandarins (quan non) or not, with a Mandarin worth 10."
        ),
        "path_head": N_("Solved|Code|Level|Theme|Puzzle"),
        "rules_open-10": N_(
            "The rules of this sheet: young Mandarins (quan non) can be taken; a Mandarin is worth 10."
        ),
        "rules_protected-10": N_(
            "The rules of this sheet: young Mandarins (quan non) cannot be taken; a Mandarin is worth 10."
        ),
    }
)


# ----------------------------------------------------------------- addresses


def puzzle_address(site: str, puzzle: Puzzle) -> str:
    """The address of ``puzzle`` on the site's Puzzles page (``book/puzzles.html?puzzle=ID``).

    >>> from oanquan.puzzles import load_builtin
    >>> puzzle_address("https://example.org/oanquan/", load_builtin()[0])
    'https://example.org/oanquan/book/puzzles.html?puzzle=first-capture-2'
    """
    return f"{site.rstrip('/')}/book/puzzles.html{puzzle.link}"


def play_address(site: str, position: Position) -> str:
    """The address that opens ``position`` (and its rule options) on the site's Play page, as the page writes it.

    >>> play_address("https://example.org", Position.initial(Rules(young_mandarin_min=5)))
    'https://example.org/book/play.html?young_mandarin_min=5&opponent=friend'
    """
    return f"{site.rstrip('/')}/book/play.html{Setup.of_position(position).address()}"


def qr_png(data: str, scale: int = 4) -> bytes:
    """A QR code of ``data`` as a black and white PNG (medium error correction, 4-module quiet zone)."""
    out = io.BytesIO()
    segno.make(data, error="m", micro=False).save(out, kind="png", scale=scale, border=4)
    return out.getvalue()


# ----------------------------------------------------------------- the document


class _Document(FPDF):
    """An A4 document (or ``paper``, such as A3) with the DejaVu fonts and a fixed date."""

    def __init__(self, title: str, landscape: bool = False, paper: str = "A4") -> None:
        super().__init__(orientation="L" if landscape else "P", unit="mm", format=paper)
        for style, name in (("", "DejaVuSans.ttf"), ("B", "DejaVuSans-Bold.ttf")):
            self.add_font("DejaVu", style, str(FONT_DIR / name))
        self.add_font("DejaVuMono", "", str(FONT_DIR / "DejaVuSansMono.ttf"))
        self.set_creation_date(_DATE)
        self.set_title(title)
        self.set_author("The oanquan project")
        self.set_creator("tools/sphinx/printables.py (fpdf2)")
        self.set_lang(get_language())
        self.set_auto_page_break(False)
        self.set_margins(14, 12, 14)
        self.set_text_color(*_INK)
        self.set_draw_color(*_INK)

    def font(self, size: float, bold: bool = False, mono: bool = False) -> None:
        self.set_font("DejaVuMono" if mono else "DejaVu", "B" if bold and not mono else "", size)

    def pdf_bytes(self) -> bytes:
        return bytes(self.output())

    def line_count(self, width: float, height: float, text: str, markdown: bool = False) -> int:
        """How many lines ``text`` takes in a :meth:`multi_cell` ``width`` mm wide, in the font set now."""
        lines = self.multi_cell(width, height, text, markdown=markdown, dry_run=True, output="LINES")
        assert isinstance(lines, list)
        return len(lines)

    def half_ellipse(self, edge: float, top: float, rx: float, height: float, side: int) -> None:
        """A Mandarin square: half an ellipse, its straight edge at ``edge``, bulging to ``side`` (-1 left, 1 right)."""
        start, end = (90, 270) if side < 0 else (-90, 90)
        self.arc(edge - rx, top, 2 * rx, start, end, b=height, style="D")


# ----------------------------------------------------------------- a board in black and white


def draw_board(
    pdf: _Document,
    scene: Scene,
    x: float,
    y: float,
    width: float,
    *,
    strips: bool = True,
    marks: bool = False,
    label: float = 5.5,
) -> float:
    """Draw ``scene`` (:func:`oanquan.scene.board_scene`) at (``x``, ``y``), ``width`` mm wide, in black and white.

    The sheets draw the same scene as the screens (the squares, the strips' words), in their own
    inks; the height drawn is returned.

    Each square shows its pebble count in large figures and its number small in a corner;
    a Mandarin square shows a black stone when it has one, and its pebbles. Player 1's store
    is written above the board, player 0's below, the player to move in bold. The square of the
    scene's last move (the start of the move just played) is outlined.

    With ``marks``, the scene's highlights are drawn as they survive black and white printing
    (issue 46), never by colour: a captured square is hatched (:func:`_hatch`), the square
    lifted or dropped into has a thick dashed frame. Without ``strips`` the players' lines
    above and below are left out (a rule's picture, whose caption says what matters); with them,
    a line too long for the board's width goes on to a second line between its parts, never
    past the board's edges onto the text beside it (:func:`board_height` gives the height drawn).
    The squares' names are at least ``label`` points.
    """
    cell = width / 6.4  # five cells and two Mandarin half-ellipses of 0.7 cell each
    rx = 0.7 * cell
    lines = {player: _strip_lines(pdf, scene, player, width) if strips else "" for player in (0, 1)}
    above = _strip_height(pdf, scene, 1, width) + 0.9 if strips else 0.5
    left, top = x + rx, y + above
    mid = top + cell
    pdf.set_line_width(0.4)
    for square in range(10):
        sx = left + cell * column(square)
        sy = top if square < 5 else mid
        if marks:
            _mark_square(pdf, scene.squares[square].marks, sx, sy, cell)
        pdf.rect(sx, sy, cell, cell)
        if scene.last_square == square:  # under the square's name, which stays readable on it
            pdf.set_line_width(1.0)
            pdf.rect(sx + 0.8, sy + 0.8, cell - 1.6, cell - 1.6)
            pdf.set_line_width(0.4)
        count = scene.squares[square].pebbles
        pdf.font(cell * 1.3, bold=True)  # figures about half the cell's height
        _on_white(pdf, sx + cell / 2, sy + cell * 0.55, str(count) if count else "")
        _label(pdf, sx + 0.8, sy + 0.6, str(square), cell, label)
    for square, edge, side in ((M1, left, -1), (M0, left + 5 * cell, 1)):
        if marks and "captured" in scene.squares[square].marks:
            with pdf.elliptic_clip(edge - rx, top, 2 * rx, 2 * cell):
                _hatch(pdf, min(edge, edge + side * rx), top, rx, 2 * cell)
        if marks and {"lifted", "received"} & set(scene.squares[square].marks):
            pdf.set_line_width(DASH_WIDTH)
            pdf.set_dash_pattern(dash=DASH, gap=DASH)
            pdf.half_ellipse(edge + side * 1.2, top + 1.2, rx - 2.4, 2 * cell - 2.4, side)
            pdf.set_dash_pattern()
            pdf.set_line_width(0.4)
        # a half-ellipse: the straight edge on the board, bulging outwards
        pdf.half_ellipse(edge, top, rx, 2 * cell, side)
        cx = edge + side * rx * 0.5
        pebbles, stone = scene.squares[square].pebbles, scene.squares[square].stone
        if stone:
            pdf.set_fill_color(*_INK)
            pdf.ellipse(cx - rx * 0.32, mid - cell * 0.62, rx * 0.64, cell * 0.36, style="F")
        pdf.font(cell * 1.1, bold=True)
        _on_white(pdf, cx, mid + cell * 0.1, str(pebbles) if pebbles or not stone else "")
        # the name near the straight edge, high enough to stay inside the curve
        name = square_name(square)
        pdf.font(_label_size(cell, label))
        name_x = edge + side * rx * 0.4 - (pdf.get_string_width(name) + 0.4) / 2
        _label(pdf, name_x, mid + cell * 0.36, name, cell, label)
    if not strips:
        return 2 * cell + 1
    for player, row_y in ((1, y), (0, top + 2 * cell + 0.8)):
        pdf.font(_strip_size(width), bold=scene.to_move == player)
        pdf.set_xy(x, row_y)
        pdf.multi_cell(width, _strip_line(width), lines[player], align="C")
    return board_height(pdf, scene, width)


#: The height of a line of the players' words above and below a board, in mm, at 7.5 points.
STRIP_LINE = 3.6


def board_height(pdf: _Document, scene: Scene, width: float) -> float:
    """The height :func:`draw_board` takes to draw ``scene`` ``width`` mm wide with the players' words
    above and below it, in as many lines as they need, in mm."""
    cell = width / 6.4
    return _strip_height(pdf, scene, 1, width) + 0.9 + 2 * cell + 0.9 + _strip_height(pdf, scene, 0, width)


def _strip_size(width: float) -> float:
    """The size of the players' words beside a board ``width`` mm wide, in points."""
    return min(7.5, width / 10)


def _strip_line(width: float) -> float:
    """The height of a line of the players' words beside a board ``width`` mm wide, in mm."""
    return STRIP_LINE * _strip_size(width) / 7.5


def _strip_lines(pdf: _Document, scene: Scene, player: int, width: float) -> str:
    """The player's words for beside a board ``width`` mm wide, its parts (" · ") joined on a line
    as long as they fit, each line ended by a newline (sets the font they are drawn in)."""
    pdf.font(_strip_size(width), bold=scene.to_move == player)
    lines: list[str] = []
    for part in _strip_parts(scene, player):
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and pdf.get_string_width(joined) <= width - 2 * pdf.c_margin - 0.2:  # as multi_cell measures
            lines[-1] = joined
        else:
            lines.append(part)
    return "\n".join(lines)


def _strip_height(pdf: _Document, scene: Scene, player: int, width: float) -> float:
    """The height of the player's words beside a board ``width`` mm wide, in mm."""
    text = _strip_lines(pdf, scene, player, width)
    return pdf.line_count(width, _strip_line(width), text) * _strip_line(width)


#: The hatching of a captured square (issue 46): lines this far apart (mm) and this thick, dark
#: enough that the square stays clearly darker than a plain one in grey or black-and-white print.
HATCH_STEP = 1.8
HATCH_WIDTH = 0.45
#: The dashed frame of a square lifted or dropped into: dashes and gaps this long (mm), lines this
#: thick, unlike the plain frame of the square a move started from.
DASH = 2.0
DASH_WIDTH = 0.9


def _hatch(pdf: _Document, x: float, y: float, w: float, h: float) -> None:
    """Diagonal lines (45°) over the rectangle (``x``, ``y``, ``w``, ``h``), clipped to it."""
    pdf.set_line_width(HATCH_WIDTH)
    with pdf.rect_clip(x, y, w, h):
        offset = -h
        while offset < w:
            pdf.line(x + offset, y + h, x + offset + h, y)
            offset += HATCH_STEP
    pdf.set_line_width(0.4)


def _mark_square(pdf: _Document, marks: tuple[str, ...], x: float, y: float, cell: float) -> None:
    """A citizen square's highlights in black and white: hatched if captured, a thick dashed frame if
    lifted or dropped into (drawn before the square's own outline and figures, which stay on top)."""
    if "captured" in marks:
        _hatch(pdf, x, y, cell, cell)
    if "lifted" in marks or "received" in marks:
        pdf.set_line_width(DASH_WIDTH)
        pdf.set_dash_pattern(dash=DASH, gap=DASH)
        pdf.rect(x + 1.0, y + 1.0, cell - 2.0, cell - 2.0)
        pdf.set_dash_pattern()
        pdf.set_line_width(0.4)


#: The height of a line of DejaVu Sans, ascent and descent, as a share of its size (1901 + 483 of 2048).
_FONT_BOX = (1901 + 483) / 2048


def _text_box(pdf: _Document) -> float:
    """The height, in mm, of a line of the font set now, from the top of its accents to its descenders."""
    return pdf.font_size * _FONT_BOX


def _label_size(cell: float, smallest: float) -> float:
    """The size of a square's name in a board of cells ``cell`` mm wide, in points."""
    return max(smallest, cell * 0.34)


def _label(pdf: _Document, x: float, y: float, text: str, cell: float, smallest: float = 5.5) -> None:
    """A square's name, small and grey, its top left at (``x``, ``y``), at least ``smallest`` points,
    on a white backing as tall as the letters' whole line (issue 46: a backing shorter than the
    figures let a hatching show through them), so that over a frame or a hatching it stays readable."""
    pdf.font(_label_size(cell, smallest))
    pdf.set_text_color(*_GREY)
    _backed(pdf, x, y, text)
    pdf.set_text_color(*_INK)


def _on_white(pdf: _Document, cx: float, cy: float, text: str) -> None:
    """``text`` in the font set now, centred on (``cx``, ``cy``), on a white backing just its size: a
    count stays readable over a hatching."""
    if text:
        _backed(pdf, cx - (pdf.get_string_width(text) + 0.4) / 2, cy - _text_box(pdf) / 2, text)


def _backed(pdf: _Document, x: float, y: float, text: str) -> None:
    """``text`` in the font set now, its line's top left at (``x``, ``y``), on a white rectangle 0.2 mm
    wider than the letters on each side and a tenth of the size taller than their line above and below
    (the library sets a line a little higher than the font's box; the cell's own padding, which would
    shift the letters off their backing, is set to that 0.2 mm)."""
    padding, pdf.c_margin = pdf.c_margin, 0.2
    width, height, extra = pdf.get_string_width(text) + 0.4, _text_box(pdf), 0.1 * pdf.font_size
    pdf.set_fill_color(255, 255, 255)
    pdf.rect(x, y - extra, width, height + 2 * extra, style="F")
    pdf.set_xy(x, y)
    pdf.cell(width, height, text)
    pdf.c_margin = padding


def _strip_words(scene: Scene, player: int) -> str:
    """What is printed beside the board, the words of the player's strip on the screen.

    >>> _strip_words(board_scene(Position.initial(), names=row_names()), 0)
    'Bottom row · 0 points · captured: 0 pebbles · to move'
    """
    return " · ".join(_strip_parts(scene, player))


def _strip_parts(scene: Scene, player: int) -> list[str]:
    """The parts of the words of the player's strip: who, the points, the debts, whose turn it is."""
    strip = scene.strips[player]
    mark = strip.mark_words if strip.mark == "to_move" else ""
    return [words for words in (strip.heading, strip.detail, strip.debts, mark) if words]


# ----------------------------------------------------------------- worksheets


def _header(pdf: _Document, title: str, subtitle: str) -> None:
    pdf.set_xy(14, 10)
    pdf.font(14, bold=True)
    pdf.cell(182, 7, title)
    pdf.set_xy(14, 18)
    pdf.font(9)
    pdf.multi_cell(182, 4.2, subtitle, align="L")


def _footer(
    pdf: _Document, class_rules: str, y: float, size: float, pages: int = 0, colour: tuple[int, int, int] = _INK
) -> None:
    """The rules the sheet was made for (issue 42: each sheet names its rules), centred across the page
    at ``y`` in ``size`` points, then the page's number when the sheet has ``pages``."""
    pdf.set_xy(14, y)
    pdf.font(size)
    pdf.set_text_color(*colour)
    words = TEXT[f"rules_{class_rules}"]
    page = TEXT["page"].format(page=pdf.page_no(), pages=pages)
    pdf.cell(182, 4, f"{words} · {page}" if pages else words, align="C")
    pdf.set_text_color(*_INK)


def _goal_lines(puzzle: Puzzle) -> list[str]:
    mover = puzzle.position.to_move
    lines = [f"{puzzle.goal_text} " + TEXT["to_move"].format(name=row_names()[mover])]
    if puzzle.line:  # a line of moves (issue 42): the pupil writes each move, the reply between
        lines.append(TEXT["line_blanks"])
    if words := rules_in_words(puzzle.rules):
        lines.append(TEXT["rules"].format(words=words))
    return lines


#: Exercises on a page, where the first starts, and the room each takes with the 3 mm before the
#: next: a worksheet (three to a page), then an answer key (four).
_LAYOUT = {False: (3, 40.0, 80.0), True: (4, 35.0, 62.0)}


#: The rule sets of the class the kit is made for (the two the guide recommends, issue 42), and the
#: end of their files' names: the site's usual rules keep the names the kit always had.
CLASS_FILES = {"open-10": "", "protected-10": "-protected"}


def class_sheet(level: str, class_rules: str = "open-10") -> list[Puzzle]:
    """The exercises of worksheet ``level`` for a class playing ``class_rules`` (a key of
    :data:`CLASS_FILES`): only puzzles that are the same under those rules."""
    return sheet(level, SHEET_SIZE, keep=lambda p: class_rules in class_rules_kept(p))


def worksheet_pdf(level: str, site: str = "", answers: bool = False, class_rules: str = "open-10") -> bytes:
    """The worksheet of ``level`` (a key of :data:`~oanquan.puzzles.SHEETS`), or its answer key, for a
    class playing ``class_rules`` (a key of :data:`CLASS_FILES`), which each page names at its foot.

    ``site`` is the site's public address: when given, each exercise has a QR code that opens
    it on the Puzzles page (worksheet) or its position on the Play page (answer key).
    """
    name = _(SHEETS[level][0])
    puzzles = class_sheet(level, class_rules)
    title = TEXT["answers_title" if answers else "worksheet_title"].format(name=name)
    pdf = _Document(title)
    per_page, first, room = _LAYOUT[answers]
    pages = (len(puzzles) + per_page - 1) // per_page
    for index, puzzle in enumerate(puzzles):
        if index % per_page == 0:
            pdf.add_page()
            intro = " ".join([TEXT["answers_intro"], TEXT["answers_marks"]] + ([TEXT["answers_qr"]] if site else []))
            _header(pdf, title, intro if answers else TEXT["name_line"] + "\n" + TEXT["instructions"])
            _footer(pdf, class_rules, 287, 7, pages, _GREY)
        top = first + (index % per_page) * room
        _exercise(pdf, index + 1, puzzle, top, top + room - 3, site, answers)
    return pdf.pdf_bytes()


def _exercise(pdf: _Document, number: int, puzzle: Puzzle, top: float, bottom: float, site: str, answers: bool) -> None:
    """Exercise ``number`` between ``top`` and ``bottom`` (mm) of the page: on a worksheet or on its answer key."""
    x, y = 14.0, top
    pdf.set_line_width(0.2)
    pdf.set_draw_color(*_GREY)
    pdf.line(x, y - 1.5, 196, y - 1.5)
    pdf.set_draw_color(*_INK)
    pdf.set_xy(x, y)
    pdf.font(10.5, bold=True)
    # a title too long for one line goes on to the next, rather than off the page
    # the code a pupil types on the Puzzles page to open it (issue 42), on the sheet and on the key
    pdf.multi_cell(182, 5, TEXT["exercise"].format(number=number, code=puzzle.code, title=puzzle.title_text), align="L")
    pdf.set_xy(x, pdf.get_y() + 0.5)
    pdf.font(8.5)
    pdf.multi_cell(150, 3.9, " ".join(_goal_lines(puzzle)), align="L")
    board_top = max(y + 12, pdf.get_y() + 1.5)  # under the goal, however many lines it took
    qr_size = 27.0
    if answers:
        # a line is written out: the first move, the reply, the next move
        text = TEXT["answer"].format(moves=puzzle.answer_text) + " " + puzzle.explanation_text
        pdf.set_xy(x, board_top)
        pdf.font(8)
        pdf.multi_cell(84, 3.6, text, align="L")
        measures = puzzle.measures
        if measures is not None:
            pdf.set_xy(x, pdf.get_y() + 1.5)
            pdf.font(7)
            pdf.set_text_color(*_GREY)
            share = TEXT["share_one" if measures.answers == 1 else "share_many"].format(
                answers=measures.answers, moves=measures.moves
            )
            words = TEXT["measures"].format(
                difficulty=puzzle.difficulty, found=measures.found, share=share, moves=measures.moves
            )
            pdf.multi_cell(84, 3.2, words, align="L")
            pdf.set_text_color(*_INK)
        played = puzzle.line or puzzle.solution[:1]  # the board after the whole line
        last = puzzle.steps - 1  # the pupil's last move, played where the line leads
        move = puzzle.step_answer(last)[0]
        after, events = puzzle.step_position(last).play_traced(move)
        # what the last move took is hatched, as on the desk sheet's pictures (issue 46)
        captured = [e.square for e in events if e.kind == "capture" and e.square is not None]
        pdf.set_xy(102, board_top - 1)
        pdf.font(8)
        pdf.cell(60, 3.5, TEXT["after"].format(move=", ".join(played)))
        position_line = bottom - 4
        shown = board_scene(after, names=row_names(), last_move=move, captured=captured)
        width = _board_width(pdf, shown, 64, board_top + 4, position_line - 1)
        draw_board(pdf, shown, 102, board_top + 4, width, marks=True)
        address = play_address(site, puzzle.position) if site else ""
        label = TEXT["qr_play"]
    else:
        # the writing lines take 12 mm under the board, above the position's line
        scene = board_scene(puzzle.position, names=row_names())
        width = _board_width(pdf, scene, 116, board_top, bottom - 4 - 12.5)
        height = draw_board(pdf, scene, x, board_top, width)
        _writing_lines(pdf, x, board_top + height + 0.5)
        address = puzzle_address(site, puzzle) if site else ""
        label = TEXT["qr_puzzle"]
    pdf.set_xy(x, bottom - 4)
    pdf.font(6.5, mono=get_language() == "en")  # DejaVu Sans Mono lacks letters of Vietnamese (ế)
    pdf.set_text_color(*_GREY)
    pdf.cell(182, 3.5, TEXT["position"].format(text=puzzle.position_text))
    pdf.set_text_color(*_INK)
    qx = 196 - qr_size
    if address:
        pdf.image(
            io.BytesIO(qr_png(address)), x=qx, y=board_top - 2, w=qr_size, h=qr_size, alt_text=address, link=address
        )
        pdf.set_xy(qx - 4, board_top + qr_size - 1)
        pdf.font(6.5)
        pdf.multi_cell(qr_size + 8, 3, label, align="C")
    else:
        pdf.set_xy(qx - 4, board_top + 8)
        pdf.font(7)
        # the code the Puzzles page's box opens (its id is for the address, not for pupils)
        pdf.multi_cell(qr_size + 8, 3.2, TEXT["no_site"].format(code=puzzle.code), align="C")


def _board_width(pdf: _Document, scene: Scene, wanted: float, top: float, bottom: float) -> float:
    """The width to draw ``scene`` at from ``top``: ``wanted`` mm, or less if its height
    (:func:`board_height`, the players' words included) would pass ``bottom``, as under a title
    that took two lines.

    >>> pdf, scene = _Document(""), board_scene(Position.initial(), names=row_names())
    >>> pdf.add_page()
    >>> _board_width(pdf, scene, 116, 20, 80), _board_width(pdf, scene, 116, 30, 60)
    (116.0, 61.0)
    """
    width = float(wanted)
    while width > 20 and top + board_height(pdf, scene, width) > bottom:
        width -= 1
    return width


def _writing_lines(pdf: _Document, x: float, y: float) -> None:
    """Room to write: the move, then what it does, on two ruled lines."""
    pdf.font(9)
    pdf.set_line_width(0.25)
    pdf.set_xy(x, y)
    pdf.cell(16, 6, TEXT["my_move"])
    pdf.line(x + 16, y + 5, x + 40, y + 5)
    pdf.set_xy(x + 44, y)
    pdf.cell(24, 6, TEXT["what_it_does"])
    pdf.line(x + 68, y + 5, x + 150, y + 5)
    pdf.line(x, y + 11, x + 150, y + 11)


# ----------------------------------------------------------------- the rules sheet


@dataclasses.dataclass(frozen=True)
class RuleExample:
    """A picture of the rules page: a rule's statement and the first real move that shows it."""

    anchor: str
    rule: str
    position: Position
    move_text: str
    events: tuple[Event, ...]
    index: int
    #: the moves of the game before this one (none from the opening or a made-up position)
    before: tuple[str, ...] = ()

    @property
    def scene(self) -> Scene:
        """The board right after the event, as the rules page draws it, for the black and white sheets.

        A sweep (R7.4) is drawn just before it, the squares whose pebbles the player takes framed
        as lifted (issue 46: the board after it is empty, under a caption that names the pebbles taken).
        """
        event = self.events[self.index]
        captured = [e.square for e in self.events[: self.index + 1] if e.kind == "capture" and e.square is not None]
        highlights = event_highlights(event, captured)
        if event.kind != "sweep" or event.player is None:
            return board_scene(event.position, names=row_names(), last_move=self.move_text, **highlights)
        before = self.events[self.index - 1].position
        scene = board_scene(before, names=row_names(), last_move=self.move_text, **highlights)
        taken = {square for square in row_of(event.player) if before.count(square)}
        squares = tuple(
            dataclasses.replace(shown, marks=(*shown.marks, "lifted")) if square in taken else shown
            for square, shown in enumerate(scene.squares)
        )
        return dataclasses.replace(scene, squares=squares)

    @property
    def caption(self) -> str:
        """The engine's caption of the event and a summary of the move, as on the rules page."""
        summary = describe_move(self.events)
        if self.position == Position.initial(self.position.rules):
            played = _("{name} plays {move} from the opening position: {summary}.")
        elif self.before:  # a board no pupil has seen: the moves that made it
            played = _("{name} plays {move} after {moves}: {summary}.")
        else:
            played = _("{name} plays {move}: {summary}.")
        names = row_names()
        played = played.format(
            name=names[self.position.to_move], move=self.move_text, moves=" ".join(self.before), summary=summary
        )
        return f"{caption(self.events[self.index], names)} ({played})"


_YOUNG = Rules(young_mandarin_min=5)
#: The rules of the examples that need an option of their own (every other is found under the class's rules).
_OWN_RULES = {"young-mandarin": _YOUNG}


def _rule_numbers() -> dict[str, int]:
    """The numbers the rules' sentences name: pebbles in a small square, a stone's value, a young Mandarin's size."""
    return {"pebbles": Position.initial().count(0), "value": Rules().mandarin_value, "young": _YOUNG.young_mandarin_min}


#: The rules of the rules sheet: (anchor, statement, which event shows it), as on the rules page.
_RULES: list[tuple[str, str, Callable[[Event], bool]]] = [
    (
        "sowing",
        N_(
            "Sowing (R3.3): lift all the pebbles of one of your squares and drop them one by one, "
            "Mandarin squares included."
        ),
        lambda e: e.kind == "drop" and e.hand == 0,
    ),
    (
        "relay",
        N_("Relay (R3.4b): if the square after the last pebble is full, lift it and sow on."),
        lambda e: e.kind == "relay",
    ),
    (
        "mandarin-stop",
        N_("Stop (R3.4a): if the next square is a Mandarin square, the turn ends."),
        lambda e: e.kind == "mandarin_stop" and e.rule == "R3.4a",
    ),
    (
        "capture",
        N_("Capture (R5.1): an empty square and then a full one: take everything in it."),
        lambda e: e.kind == "capture" and e.rule == "R5.1" and not e.stones,
    ),
    (
        "chain",
        N_("Chain (R5.2): empty, full, empty, full… take each full square."),
        lambda e: e.kind == "capture" and e.rule == "R5.2",
    ),
    (
        "double-empty",
        N_("Two empty squares (R5.3): the turn ends with no capture."),
        lambda e: e.kind == "double_empty",
    ),
    (
        "mandarin-capture",
        N_("Capturing a Mandarin (R5.1): its stone is worth {value} points."),
        lambda e: e.kind == "capture" and bool(e.stones),
    ),
    (
        "young-mandarin",
        N_(
            "Young Mandarin (R5.6, a variant): a Mandarin with its stone and fewer than {young} pebbles "
            "cannot be taken."
        ),
        lambda e: e.kind == "young_mandarin",
    ),
    (
        "tha-ca",
        N_("Thả cá (R6): your row is empty? Put one pebble from your store in each square; borrow if you must."),
        lambda e: e.kind == "refill",
    ),
    (
        "end",
        N_("The end (R7): both Mandarin squares are empty. Each player takes the pebbles of their own row."),
        # the last sweep (R7.4): the board once both rows are taken, with the final scores (as on the rules page)
        lambda e: e.kind == "sweep" and e.player == 1,
    ),
]


@functools.cache
def rule_examples(seed: int = 2026, games: int = 500, rules: Rules | None = None) -> tuple[RuleExample, ...]:
    """For each rule of the sheet, the first move whose trace shows it, found as the rules page finds them.

    The opening moves are tried first, then the moves of seeded random games (seed 2026,
    the rules page's), so the pictures are the same in every build. ``rules``, when given, are the
    class's: every example that needs no rule option of its own is found under them.
    """
    found = []
    for anchor, rule, test in _RULES:
        chosen = _OWN_RULES.get(anchor, rules or Rules())
        position, move, events, index, before = _example(test, chosen, seed, games)
        found.append(RuleExample(anchor, rule, position, str(move), events, index, before))
        if anchor == "chain":  # then the rule book's own example of a chain over an empty Mandarin
            found.append(_gap_example())
    return tuple(found)


#: The worked example of RULES.md §11, also on the rules page: 6R takes 9, jumps the empty M0, takes 0.
GAP_EXAMPLE = ("3,1,1,1,1,0,1,0,0,4 0,Q 20,20+Q 0,0 0", "6R")


def _gap_example() -> RuleExample:
    position = Position.from_text(GAP_EXAMPLE[0])
    events = position.play_traced(GAP_EXAMPLE[1])[1]
    index = max(i for i, e in enumerate(events) if e.kind == "capture")
    rule = N_("Chain over an empty Mandarin (R5.5): a gap like any other, except right after the last pebble.")
    return RuleExample("mandarin-gap", rule, position, GAP_EXAMPLE[1], events, index)


def _example(
    test: Callable[[Event], bool], rules: Rules, seed: int, games: int
) -> tuple[Position, Move, tuple[Event, ...], int, tuple[str, ...]]:
    start = Position.initial(rules)
    for move in start.legal_moves():
        events = start.play_traced(move)[1]
        for i, event in enumerate(events):
            if test(event):
                return start, move, events, i, ()
    rng = random.Random(seed)
    for _game in range(games):
        position, played = start, list[str]()
        while not position.is_over():
            move = rng.choice(position.legal_moves())
            after, events = position.play_traced(move)
            for i, event in enumerate(events):
                if test(event):
                    return position, move, events, i, tuple(played)
            position = after
            played.append(str(move))
    raise LookupError("no example found")  # pragma: no cover - every rule happens in 500 games


#: The desk sheet's sizes (issue 46): every caption and label at least this many points, so that a
#: pupil reads it on the desk; the boards this wide (mm), two columns to a page.
DESK_TEXT_SIZE = 9.0
DESK_RULE_SIZE = 10.0
DESK_BOARD_WIDTH = 72.0


def rules_sheet_pdf(class_rules: str = "open-10") -> bytes:
    """The rules for the pupils' desks: each rule in a sentence above a picture of the first real move
    that shows it (the rules page's moves, :func:`rule_examples`), found under the rules of the class
    (a key of :data:`CLASS_FILES`), which each page names at its foot: a class that protects young
    Mandarins never sees a picture of a capture its rules forbid.

    Issue 46: the pictures are drawn in black and white (:func:`draw_board` with its marks: a
    captured square hatched, the square lifted or dropped into framed), with a key to the marks,
    and every caption is at least :data:`DESK_TEXT_SIZE` points: two pages, not one.
    """
    pdf = _Document(TEXT["rules_title"])
    numbers = _rule_numbers()
    col_w = 89.0
    pages = _desk_pages(rule_examples(rules=CLASS_RULES[class_rules]), numbers, col_w)
    for page, rows in enumerate(pages):
        pdf.add_page()
        if page == 0:
            _header(pdf, TEXT["rules_title"], TEXT["rules_intro"].format(**numbers) + " " + TEXT["desk_key"])
        _desk_footer(pdf, numbers, class_rules, len(pages))
        for top, row in rows:
            for side, example in enumerate(row):
                _desk_rule(pdf, example, numbers, 14 + side * (col_w + 4), top, col_w)
    return pdf.pdf_bytes()


#: Where the rules of a desk page stop, above its foot (mm).
_DESK_BOTTOM = 268.0
#: A row of the desk sheet: its top (mm) and its rules, two side by side (the last may hold one).
_DeskRow = tuple[float, tuple[RuleExample, ...]]


def _desk_pages(examples: tuple[RuleExample, ...], numbers: dict[str, int], col_w: float) -> list[list[_DeskRow]]:
    """The rules laid out two to a row, a new page when a row would pass the foot: each page's
    rows with the top of each (measured before drawing, so that each page can say "Page 1 of 2")."""
    measure = _Document("")  # a scratch page to draw the blocks on, to measure them
    measure.add_page()
    pages: list[list[_DeskRow]] = []
    top = _DESK_BOTTOM + 1  # start with a new page
    for first in range(0, len(examples), 2):
        row = examples[first : first + 2]
        height = max(_desk_rule(measure, example, numbers, 0, 0, col_w) for example in row)
        if top + height > _DESK_BOTTOM:
            top = 14.0 if pages else 40.0  # the first page's rules start under its header
            pages.append([])
        pages[-1].append((top, row))
        top += height + 3
    return pages


def _desk_rule(
    pdf: _Document, example: RuleExample, numbers: dict[str, int], x: float, top: float, col_w: float
) -> float:
    """One rule: its sentence in bold, its picture in black and white, the engine's caption under it.
    Returns the height drawn."""
    pdf.set_xy(x, top)
    pdf.font(DESK_RULE_SIZE, bold=True)
    pdf.multi_cell(col_w, 4.3, _(example.rule).format(**numbers), align="L")
    below = pdf.get_y() + 1
    height = draw_board(
        pdf,
        example.scene,
        x + (col_w - DESK_BOARD_WIDTH) / 2,
        below,
        DESK_BOARD_WIDTH,
        strips=False,
        marks=True,
        label=DESK_TEXT_SIZE,
    )
    pdf.set_xy(x, below + height + 1)
    pdf.font(DESK_TEXT_SIZE)
    pdf.multi_cell(col_w, 3.9, example.caption, align="L")
    return pdf.get_y() - top


def _desk_footer(pdf: _Document, numbers: dict[str, int], class_rules: str, pages: int) -> None:
    """The score rule, and the class's rules with the page's number, at the foot of a desk page."""
    pdf.set_xy(14, 271)
    pdf.font(DESK_RULE_SIZE, bold=True)
    pdf.multi_cell(182, 4.3, TEXT["rules_footer"].format(**numbers), align="C")
    _footer(pdf, class_rules, 286, DESK_TEXT_SIZE, pages)


#: Rows of the record sheet's two tables: moves 1 to 2 x RECORD_ROWS on the page.
RECORD_ROWS = 22


def record_sheet_pdf() -> bytes:
    """A game record and score sheet for a pair of pupils (issue 23): one A4 page.

    The moves in two tables of :data:`RECORD_ROWS` numbered rows (a row is a move of each
    player), then the score counted as the rules count it (R8.1, R8.2): pebbles, stones,
    the pebbles left in each row (R7.4), debts, with the check that the totals make the 70.
    """
    pdf = _Document(TEXT["record_title"])
    pdf.add_page()
    _header(pdf, TEXT["record_title"], TEXT["record_how"])
    pdf.set_xy(14, 32)
    pdf.font(10)
    pdf.cell(182, 6, TEXT["record_names"])
    pdf.set_xy(14, 39)
    pdf.cell(182, 6, TEXT["record_rules"])
    top, row_h = 48.0, 7.0
    pdf.set_line_width(0.3)
    widths = (15.0, 37.0, 37.0)
    for block in range(2):
        x = 14 + block * 93
        pdf.font(10, bold=True)
        pdf.set_xy(x, top)
        for width, heading in zip(widths, (TEXT["record_move"], *row_names()), strict=True):
            pdf.cell(width, row_h, heading, border=1, align="C")  # each cell starts where the last ended
        pdf.font(10)
        for row in range(RECORD_ROWS):
            pdf.set_xy(x, top + row_h * (row + 1))
            for width, text in zip(widths, (str(block * RECORD_ROWS + row + 1), "", ""), strict=True):
                pdf.cell(width, row_h, text, border=1, align="C")
    _score_box(pdf, top + row_h * (RECORD_ROWS + 1) + 6)
    return pdf.pdf_bytes()


def _score_box(pdf: _Document, top: float) -> None:
    """The score table of the record sheet: one line per part of R8.1 and R8.2, a column per player."""
    rules = Rules()
    pdf.set_xy(14, top)
    pdf.font(12, bold=True)
    pdf.cell(182, 7, TEXT["score_title"])
    lines = [
        TEXT["score_pebbles"],
        TEXT["score_stones"].format(value=rules.mandarin_value),
        TEXT["score_row"],
        TEXT["score_borrowed"],
        TEXT["score_lent"],
    ]
    label_w, cell_w, row_h = 112.0, 35.0, 7.0
    y = top + 8
    pdf.font(10, bold=True)
    pdf.set_xy(14 + label_w, y)
    for player in (0, 1):
        pdf.cell(cell_w, row_h, row_names()[player], border=1, align="C")
    for number, line in enumerate([*lines, TEXT["score_total"]]):
        y += row_h
        pdf.set_xy(14, y)
        pdf.font(10, bold=number == len(lines))
        pdf.cell(label_w, row_h, line, border=1)
        pdf.cell(cell_w, row_h, "", border=1)
        pdf.cell(cell_w, row_h, "", border=1)
    total = Position.initial().total_points()  # the points every game shares out
    pdf.set_xy(14, y + row_h + 2)
    pdf.font(10)
    pdf.multi_cell(182, 5, TEXT["score_check"].format(total=total), align="L")


#: How far the back row of a classroom is from its wall (issue 46: a class of 30), in metres.
POSTER_DISTANCE = 8.0
#: The height of a capital letter of DejaVu Sans, bold or not, as a share of its size (capHeight 1493/2048).
CAP_HEIGHT = 1493 / 2048
#: The angle a letter must fill to be read with normal sight: the 6/6 (20/20) line of an eye
#: chart is capitals 5 minutes of arc tall.
READING_ANGLE = math.radians(5 / 60)


def letter_size(distance: float) -> float:
    """The smallest size, in points, at which DejaVu Sans's capitals fill :data:`READING_ANGLE`
    seen from ``distance`` metres: the size a pupil with normal sight reads from the back of the room.

    At 8 m a 6/6 capital is 11.6 mm tall; DejaVu's capitals are 0.73 of the size, so 45 points
    (36 points, with capitals of 9.3 mm, is read from 6.4 m at most):

    >>> round(letter_size(8.0), 1), round(letter_size(6.4), 1)
    (45.2, 36.2)
    """
    capital = distance * 1000 * math.tan(READING_ANGLE)  # mm
    return capital / CAP_HEIGHT / (25.4 / 72)


#: The poster's sizes in points: every word is at least :data:`POSTER_TEXT_SIZE`, above
#: ``letter_size(POSTER_DISTANCE)``; the board's square numbers are larger still.
POSTER_TEXT_SIZE = 48.0
POSTER_TITLE_SIZE = 60.0
POSTER_NUMBER_SIZE = 80.0
POSTER_LINE = 1.2  # line height, as a share of the size

#: The poster's rules, one short sentence each, in the order of the rule book (issue 46); the name
#: of each, in bold (between the stars), is that of the desk sheet's rule.
POSTER_RULES = (
    N_("**Sowing:** lift all the pebbles of one of your squares and drop one in each square that follows."),
    N_("**Relay:** the next square has pebbles? Lift them and sow on."),
    N_("**Stop:** the next square is a Mandarin square? Your turn ends."),
    N_("**Capture:** one empty square, then pebbles? Take them all."),
    N_("**Chain:** empty, full, empty, full… take each full square."),
    N_("**Two empty squares:** your turn ends. Nothing is taken."),
    N_("**Empty Mandarin square:** in a chain, jump it. Right after your last pebble, it ends your turn."),
    N_("**Young Mandarin**, if your class plays it: fewer than {young} pebbles beside its stone? It cannot be taken."),
    N_("**Thả cá:** your row is empty? Put 1 pebble from your store in each square. Too few? Borrow."),
    N_("**The end:** both Mandarin squares are empty. Each player takes the pebbles of their own row."),
    N_("**Score:** pebbles + {value} for each Mandarin stone. Pay back what you borrowed."),
)


def rules_wall_pdf() -> bytes:
    """The rules for the classroom wall: an A3 poster, landscape, read from :data:`POSTER_DISTANCE` metres.

    Issue 46: the A4 sheet's 15 points were read from 3 m, not from the back of a classroom.
    Every word here is at least :data:`POSTER_TEXT_SIZE` points (see :func:`letter_size` for why),
    in black on white with no grey. The first page is the board, with its square numbers, rows and
    set-up; the next pages the rules in short sentences (:data:`POSTER_RULES`), on as few pages as
    they fit on, shared out evenly (:func:`_balanced_pages`) and spread over each page's height: no
    sheet on the wall is left half empty (issue 46: the last of four held two rules at its top).
    """
    pdf = _Document(TEXT["wall_title"], landscape=True, paper="A3")
    numbers = _rule_numbers()
    width = pdf.w - 2 * 14
    pdf.add_page()
    pdf.set_xy(14, 12)
    pdf.font(POSTER_TITLE_SIZE, bold=True)
    pdf.cell(width, _line(POSTER_TITLE_SIZE), TEXT["wall_title"], align="C")
    below = _poster_board(pdf, 14, 12 + _line(POSTER_TITLE_SIZE) + 2, width)
    pdf.set_xy(14, below + 2)
    pdf.font(POSTER_TEXT_SIZE)
    pdf.multi_cell(width, _line(POSTER_TEXT_SIZE), TEXT["poster_setup"].format(**numbers), align="C")
    line = _line(POSTER_TEXT_SIZE)
    texts = [_(rule).format(**numbers) for rule in POSTER_RULES]
    heights = [pdf.line_count(width, line, text, markdown=True) * line for text in texts]
    room = pdf.h - 2 * 12
    for page in _balanced_pages(heights, room, POSTER_GAP):
        pdf.add_page()  # the rules start on a page of their own
        gap = (room - sum(heights[rule] for rule in page)) / (len(page) + 1)  # as much above as between
        top = 12 + gap
        for rule in page:
            pdf.set_xy(14, top)
            pdf.multi_cell(width, line, texts[rule], markdown=True, align="L")
            top += heights[rule] + gap
    return pdf.pdf_bytes()


#: The least space between two rules of the poster, in mm.
POSTER_GAP = 3.0


def _balanced_pages(heights: list[float], room: float, gap: float) -> list[range]:
    """The rules (their ``heights``, in order) shared out over the fewest pages ``room`` mm tall they
    fit on, ``gap`` mm between two rules: of all the ways, the one whose fullest page is the least full
    (then whose pages differ least), so that no page is left with a rule or two.

    >>> _balanced_pages([3, 2, 2, 2, 2, 2, 3, 3, 3, 3, 2], 12, 0)
    [range(0, 4), range(4, 8), range(8, 11)]
    """

    def height(page: range) -> float:
        return sum(heights[rule] for rule in page) + gap * (len(page) - 1)

    for count in range(1, len(heights) + 1):
        ways = []
        for cuts in itertools.combinations(range(1, len(heights)), count - 1):
            pages = [range(start, end) for start, end in itertools.pairwise((0, *cuts, len(heights)))]
            if all(height(page) <= room for page in pages):
                ways.append(pages)
        if ways:
            return min(
                ways, key=lambda pages: (max(map(height, pages)), max(map(height, pages)) - min(map(height, pages)))
            )
    raise ValueError(f"a rule of the poster is taller than its page: {max(heights):.0f} mm of {room:.0f}")


def _line(size: float) -> float:
    """The height of a line of text of ``size`` points, in mm."""
    return size * POSTER_LINE * 25.4 / 72


def _poster_board(pdf: _Document, x: float, y: float, width: float) -> float:
    """The empty board of the poster at (``x``, ``y``): each square's number in large type, each
    Mandarin square's name and stone, each row's name above and below. Returns the y below it."""
    cell = width / 7.2
    rx = 1.1 * cell
    pdf.font(POSTER_TEXT_SIZE, bold=True)
    pdf.set_xy(x, y)
    pdf.cell(width, _line(POSTER_TEXT_SIZE), row_names()[1], align="C")
    top = y + _line(POSTER_TEXT_SIZE)
    cell = min(cell, (pdf.h - 12 - top - 3 * _line(POSTER_TEXT_SIZE) - 4) / 2)  # room below for the rest
    mid = top + cell
    left = x + rx + (width - 2 * rx - 5 * cell) / 2  # the squares, centred between the Mandarin squares
    pdf.set_line_width(1.2)
    for square in range(10):
        sx, sy = left + cell * column(square), top if square < 5 else mid
        pdf.rect(sx, sy, cell, cell)
        pdf.font(POSTER_NUMBER_SIZE, bold=True)
        pdf.set_xy(sx, sy + cell * 0.2)
        pdf.cell(cell, cell * 0.6, str(square), align="C")
    for square, edge, side in ((M1, left, -1), (M0, left + 5 * cell, 1)):
        pdf.half_ellipse(edge, top, rx, 2 * cell, side)
        cx = edge + side * rx * 0.5
        pdf.set_fill_color(*_INK)
        pdf.ellipse(cx - rx * 0.25, mid - cell * 0.6, rx * 0.5, cell * 0.3, style="F")
        pdf.font(POSTER_TEXT_SIZE, bold=True)
        pdf.set_xy(cx - rx * 0.5, mid + cell * 0.05)
        pdf.cell(rx, cell * 0.4, square_name(square), align="C")
    pdf.font(POSTER_TEXT_SIZE, bold=True)
    pdf.set_xy(x, mid + cell + 1)
    pdf.cell(width, _line(POSTER_TEXT_SIZE), row_names()[0], align="C")
    return mid + cell + 1 + _line(POSTER_TEXT_SIZE)


# ----------------------------------------------------------------- the blank board


def blank_board_pdf() -> bytes:
    """The blank board of :func:`oanquan.paper.board_shapes` as a one-page A4 landscape PDF."""
    pdf = _Document(TEXT["board_title"], landscape=True)
    pdf.add_page()
    pt = 25.4 / 72  # the shapes are in points, the document in millimetres
    pdf.set_line_width(2.0 * pt)
    for shape in board_shapes():
        if isinstance(shape, Rect):
            pdf.rect(shape.x * pt, shape.y * pt, shape.size * pt, shape.size * pt)
        elif isinstance(shape, HalfEllipse):
            pdf.half_ellipse(shape.x * pt, (shape.cy - shape.ry) * pt, shape.rx * pt, 2 * shape.ry * pt, shape.side)
            pdf.line(shape.x * pt, (shape.cy - shape.ry) * pt, shape.x * pt, (shape.cy + shape.ry) * pt)
        elif isinstance(shape, Text):
            pdf.font(shape.size)
            pdf.set_text_color(*(_GREY if shape.muted else _INK))
            width = pdf.get_string_width(shape.text)
            turned = pdf.rotation(180, x=shape.x * pt, y=shape.y * pt) if shape.flip else contextlib.nullcontext()
            with turned:
                pdf.text(shape.x * pt - width / 2, shape.y * pt, shape.text)
    return pdf.pdf_bytes()


def path_sheet_pdf() -> bytes:
    """The class path (:func:`~oanquan.puzzles.class_path`) on one A4 page: a box to tick, the code
    to type on the Puzzles page, the measured level, the theme and the title of each puzzle."""
    chosen = class_path(keep=suits_every_recommended_class)
    title = TEXT["path_title"].format(n=len(chosen))
    pdf = _Document(title)
    pdf.add_page()
    _header(pdf, title, TEXT["path_intro"])
    widths = (14.0, 18.0, 13.0, 52.0, 85.0)
    top = 36.0
    pdf.font(8.5, bold=True)
    x = 14.0
    for width, head in zip(widths, TEXT["path_head"].split("|"), strict=True):
        pdf.set_xy(x, top)
        pdf.cell(width, 5, head)
        x += width
    top += 6
    for puzzle in chosen:
        theme = re.sub(r"\s*\([^)]*\)$", "", puzzle.theme_name)
        cells = ("", puzzle.code, str(puzzle.difficulty), theme, puzzle.title_text)
        pdf.set_draw_color(*_GREY)
        pdf.line(14, top - 0.8, 196, top - 0.8)
        pdf.set_draw_color(*_INK)
        pdf.rect(17, top + 1, 5, 5)
        x, bottom = 14.0, top + 7
        for width, text in zip(widths, cells, strict=True):
            pdf.set_xy(x, top + 1.2)
            pdf.font(9, bold=text == puzzle.code)
            pdf.multi_cell(width - 1.5, 4.2, text, align="L")
            bottom = max(bottom, pdf.get_y() + 1.5)
            x += width
        top = bottom
    return pdf.pdf_bytes()


# ----------------------------------------------------------------- the lessons' cards and keys (issue 46)

#: Cards on an A4 page: two, each half a page, cut along the dashed line between them.
CARDS_PER_PAGE = 2
CARD_HEIGHT = 148.5
CARD_BOARD_WIDTH = 182.0
CARD_CODE_SIZE = 26.0
CARD_TEXT_SIZE = 12.0


def cards_pdf(level: str, class_rules: str = "open-10") -> bytes:
    """The position cards of worksheet ``level`` for a class playing ``class_rules``: one card per
    exercise, two to an A4 page, each with its puzzle's code in large type and the position drawn
    large (figures of about 36 points), so that a pair copies it onto its pebble board at a glance
    instead of reading 13 numbers off the projector (issue 46).

    >>> cards_pdf("captures")[:8]
    b'%PDF-1.4'
    """
    name = _(SHEETS[level][0])
    puzzles = class_sheet(level, class_rules)
    pdf = _Document(TEXT["cards_title"].format(name=name))
    for number, puzzle in enumerate(puzzles, 1):
        slot = (number - 1) % CARDS_PER_PAGE
        if slot == 0:
            pdf.add_page()
        _card(pdf, puzzle, number, name, slot * CARD_HEIGHT, class_rules)
    return pdf.pdf_bytes()


def _card(pdf: _Document, puzzle: Puzzle, number: int, sheet_name: str, top: float, class_rules: str) -> None:
    """One card, in the half page starting at ``top``: the code, the goal, the board, the stores."""
    if top > 0:  # the line to cut along
        pdf.set_line_width(0.3)
        pdf.set_dash_pattern(dash=3, gap=2)
        pdf.line(0, top, pdf.w, top)
        pdf.set_dash_pattern()
    x = (pdf.w - CARD_BOARD_WIDTH) / 2
    pdf.set_xy(x, top + 9)
    pdf.font(CARD_CODE_SIZE, bold=True)
    pdf.cell(60, 11, puzzle.code)
    pdf.set_xy(x + 60, top + 10)
    pdf.font(CARD_TEXT_SIZE)
    pdf.multi_cell(CARD_BOARD_WIDTH - 60, 5, TEXT["card_of"].format(number=number, name=sheet_name), align="R")
    pdf.set_xy(x, top + 22)
    pdf.font(CARD_TEXT_SIZE, bold=True)
    pdf.multi_cell(CARD_BOARD_WIDTH, 5.2, " ".join(_goal_lines(puzzle)), align="L")
    scene = board_scene(puzzle.position, names=row_names())
    board_top = pdf.get_y() + 8
    pdf.font(CARD_TEXT_SIZE, bold=scene.to_move == 1)
    pdf.set_xy(x, board_top - 6.5)
    pdf.cell(CARD_BOARD_WIDTH, 5.5, _strip_words(scene, 1), align="C")
    height = draw_board(pdf, scene, x, board_top, CARD_BOARD_WIDTH, strips=False)
    pdf.font(CARD_TEXT_SIZE, bold=scene.to_move == 0)
    pdf.set_xy(x, board_top + height + 1)
    pdf.cell(CARD_BOARD_WIDTH, 5.5, _strip_words(scene, 0), align="C")
    pdf.set_xy(x, top + CARD_HEIGHT - 9)  # centred on the card, as its board is
    pdf.font(9)
    pdf.cell(CARD_BOARD_WIDTH, 4, TEXT[f"rules_{class_rules}"], align="C")


SELF_CHECK_SIZE = 12.0


def self_check_pdf(level: str, class_rules: str = "open-10") -> bytes:
    """The pupils' own key to worksheet ``level`` (issue 46): one A4 page, for the check table at the
    side of the room, with each exercise's code, its answer and what the answer does, in words a
    pupil reads (from the engine's trace), in type of at least :data:`SELF_CHECK_SIZE` points.

    >>> self_check_pdf("endgames", "protected-10")[:8]
    b'%PDF-1.4'
    """
    name = _(SHEETS[level][0])
    puzzles = class_sheet(level, class_rules)
    title = TEXT["self_check_title"].format(name=name)
    pdf = _Document(title)
    pdf.add_page()
    pdf.set_xy(14, 12)
    pdf.font(18, bold=True)
    pdf.multi_cell(182, 8, title, align="L")
    pdf.set_xy(14, pdf.get_y() + 1)
    pdf.font(SELF_CHECK_SIZE)
    pdf.multi_cell(182, 5.6, TEXT["self_check_how"], align="L")
    top = pdf.get_y() + 4
    for number, puzzle in enumerate(puzzles, 1):
        pdf.set_draw_color(*_INK)
        pdf.set_line_width(0.3)
        pdf.line(14, top - 1.5, 196, top - 1.5)
        pdf.set_xy(14, top)
        pdf.font(SELF_CHECK_SIZE + 2, bold=True)
        # a line's answer ("9R, then your opponent's reply 3R, then 8R") may need a second line
        pdf.multi_cell(
            182,
            7,
            TEXT["self_check_line"].format(number=number, code=puzzle.code, moves=puzzle.answer_text),
            align="L",
        )
        pdf.set_xy(14, pdf.get_y() + 0.5)
        pdf.font(SELF_CHECK_SIZE)
        pdf.multi_cell(182, 5.4, _self_check_words(puzzle), align="L")
        top = pdf.get_y() + 4
    _footer(pdf, class_rules, 281, 9)
    return pdf.pdf_bytes()


def _self_check_words(puzzle: Puzzle) -> str:
    """What the answer does, and what it takes, in a pupil's words.

    >>> from oanquan.puzzles import load_builtin
    >>> print(_self_check_words(next(p for p in load_builtin() if p.id == "first-capture-2")))
    2R captures the left Mandarin M1 (5 pebbles): 5 points.
    """
    parts = []
    for step in range(puzzle.steps):  # a line: each of the pupil's moves, from where it is played
        position, move = puzzle.step_position(step), puzzle.step_answer(step)[0]
        events = position.play_traced(move)[1]
        gain = immediate_gain(position, move)
        said = ngettext("{move} {does}: {points} point.", "{move} {does}: {points} points.", gain)
        parts.append(said.format(move=move, does=move_phrase(events), points=gain))
    return " ".join(parts)


# ----------------------------------------------------------------- files and the book


def _builders(site: str) -> dict[str, Callable[[], bytes]]:
    """How to make each file of the kit, by name."""
    builders: dict[str, Callable[[], bytes]] = {
        f"{FILE_STEM}.svg": lambda: blank_board_svg().encode("utf-8"),
        f"{FILE_STEM}.pdf": blank_board_pdf,
    }
    # for each class's rules: the worksheets, their answer keys, cards and pupils' keys (issue 46), a rules sheet
    for key, end in CLASS_FILES.items():
        for level in SHEETS:
            builders[f"oanquan-worksheet-{level}{end}.pdf"] = functools.partial(
                worksheet_pdf, level, site, class_rules=key
            )
            builders[f"oanquan-answers-{level}{end}.pdf"] = functools.partial(
                worksheet_pdf, level, site, answers=True, class_rules=key
            )
            builders[f"oanquan-cards-{level}{end}.pdf"] = functools.partial(cards_pdf, level, key)
            builders[f"oanquan-self-check-{level}{end}.pdf"] = functools.partial(self_check_pdf, level, key)
        builders[f"oanquan-rules-sheet{end}.pdf"] = functools.partial(rules_sheet_pdf, key)
    builders["oanquan-rules-wall.pdf"] = rules_wall_pdf
    builders["oanquan-game-record.pdf"] = record_sheet_pdf
    builders["oanquan-path-9-11.pdf"] = path_sheet_pdf
    return builders


def kit_names() -> list[str]:
    """The names of the kit's files, as :func:`write_downloads` writes them.

    >>> kit_names()[:3]
    ['oanquan-board.svg', 'oanquan-board.pdf', 'oanquan-worksheet-first-lesson.pdf']
    """
    return list(_builders(""))


def downloads(site: str = "") -> dict[str, bytes]:
    """Every file of the kit, by name: its bytes."""
    return {name: build() for name, build in _builders(site).items()}


def write_downloads(folder: str | Path, site: str = "") -> list[Path]:
    """Write every file of the kit into ``folder`` (made if missing); a file already right is left alone."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in downloads(site).items():
        path = folder / name
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
        written.append(path)
    return written


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension: write the kit into ``oanquan_printable_dir`` when the build starts.

    ``oanquan_site_url``: the site's public address (empty: no QR codes).
    """
    app.add_config_value("oanquan_printable_dir", "book/downloads", "env", [str])
    app.add_config_value("oanquan_site_url", "", "env", [str])

    def on_builder_inited(app: Any) -> None:
        # In the edition's language: the Vietnamese book's kit is printed in Vietnamese.
        with language(spoken(getattr(app.config, "language", None))):
            write_downloads(Path(app.srcdir) / app.config.oanquan_printable_dir, app.config.oanquan_site_url)

    app.connect("builder-inited", on_builder_inited)
    return {"version": "2", "parallel_read_safe": True, "parallel_write_safe": True}
