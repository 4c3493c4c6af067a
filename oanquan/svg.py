"""Pictures of the board: a pure function from a position to an SVG string.

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
>>> svg.startswith("<svg") and "player 0 to move" in svg
True
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple, TypedDict
from xml.sax.saxutils import escape

from .board import M0, M1, Direction, column, next_square, owner, row_of, square_name
from .events import STOP_KINDS
from .i18n import N_, _, ngettext
from .move import Move
from .narrate import as_names, caption, outcome_sentence, pebble_words, who, winner_words

if TYPE_CHECKING:
    from .events import Event
    from .position import Outcome, Position

__all__ = [
    "COLOURS",
    "Figure",
    "Frame",
    "Highlights",
    "Turn",
    "board_svg",
    "describe_position",
    "event_highlights",
    "figure",
    "figure_html",
    "picture_html",
    "position_text_svg",
    "result_words",
    "screen_direction",
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
#: Characters that fit on one footer line at font size 24 (in DejaVu Sans, a wide font).
FOOTER_CHARS = 42
_LEFT, _RIGHT = 100, 500  # the citizen squares lie between these
_CELL = 80
_TOP, _MID, _BOTTOM = 106, 186, 266  # top row y, the line between rows, bottom
_RX, _RY = 90, 80  # the Mandarin half-ellipses
_PANEL_H = 66  # a player's strip
_PANELS = (306, 4)  # the y of player 0's strip (below the board) and player 1's (above)
_FOOTER_Y = (402, 432)  # the baselines of the two footer lines

#: How many pebbles are drawn in one square; the count is always written too.
MAX_DRAWN = 15


def square_centre(square: int) -> tuple[int, int]:
    """Where ``square`` is drawn: the centre of its cell in the 600 x 442 viewBox.

    >>> square_centre(4), square_centre(5), square_centre(M0)
    ((140, 146), (140, 226), (545, 186))
    """
    if square == M1:
        return (_LEFT - _RX // 2, _MID)
    if square == M0:
        return (_RIGHT + _RX // 2, _MID)
    x = _LEFT + _CELL * column(square) + _CELL // 2
    return (x, _TOP + _CELL // 2 if square < 5 else _MID + _CELL // 2)


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


def _cell_box(square: int) -> tuple[int, int]:
    x = _LEFT + _CELL * column(square)
    return x, _TOP if square < 5 else _MID


def _mandarin_path(square: int, inset: float = 0) -> str:
    """The half-ellipse of a Mandarin square (M1 left, M0 right)."""
    rx, ry = _RX - inset, _RY - inset
    x, sweep = (_LEFT - inset, 0) if square == M1 else (_RIGHT + inset, 1)
    return f"M{_n(x)} {_n(_MID - ry)}A{_n(rx)} {_n(ry)} 0 0 {sweep} {_n(x)} {_n(_MID + ry)}Z"


def _outline(square: int, stroke: str, fill: str, width: float, dash: str = "", inset: float = 3) -> str:
    """A highlight frame drawn inside a square."""
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    paint = f'fill="{fill}" stroke="{stroke}" stroke-width="{_n(width)}"{extra}'
    if square >= 10:
        return f'<path d="{_mandarin_path(square, inset)}" {paint}/>'
    x, y = _cell_box(square)
    size = _CELL - 2 * inset
    return f'<rect x="{_n(x + inset)}" y="{_n(y + inset)}" width="{_n(size)}" height="{_n(size)}" rx="4" {paint}/>'


def _mandarin_anchor(square: int) -> tuple[int, int]:
    """Where a Mandarin square's stone sits, pulled away from the narrow tip of its half-ellipse."""
    cx, cy = square_centre(square)
    return cx + (8 if square == M1 else -8), cy


def _pebble_dots(square: int) -> tuple[str, ...]:
    """Path data for 0..MAX_DRAWN pebbles in ``square``: zero-length segments with round caps, a dot each."""
    if square >= 10:
        places, (ox, oy) = _MANDARIN_SLOTS, _mandarin_anchor(square)
    else:
        places, (ox, oy) = _CELL_SLOTS, _cell_box(square)
    dots = [f"M{_n(ox + px)} {_n(oy + py)}h0" for px, py in places[:MAX_DRAWN]]
    return tuple("".join(dots[:n]) for n in range(MAX_DRAWN + 1))


#: ``_DOTS[square][n]`` draws n pebbles in ``square``: computed once, since every picture needs them.
_DOTS = tuple(_pebble_dots(square) for square in range(12))


def _squares(position: Position) -> tuple[str, str]:
    """The drawn pebbles and the counts and stones of every square."""
    path = "".join(_DOTS[square][min(position.count(square), MAX_DRAWN)] for square in (*range(10), M1, M0))
    counts: list[str] = []
    stones: list[str] = []
    for square in range(10):
        x, y = _cell_box(square)
        counts.append(f'<text x="{x + 7}" y="{y + 26}">{position.count(square)}</text>')
    for square in (M1, M0):
        sx, cy = _mandarin_anchor(square)
        counts.append(f'<text x="{_n(sx)}" y="{cy - 40}" text-anchor="middle">{position.count(square)}</text>')
        if position.has_stone(square):
            stones.append(
                f'<ellipse cx="{_n(sx)}" cy="{cy - 6}" rx="25" ry="17" fill="{COLOURS["stone"]}"'
                f' stroke="{COLOURS["line"]}" stroke-width="2"/>'
                f'<ellipse cx="{_n(sx - 8)}" cy="{cy - 12}" rx="8" ry="4" fill="{COLOURS["stone_shine"]}"/>'
            )
    pebbles = (
        f'<g fill="none" stroke-linecap="round"><path d="{path}" stroke="{COLOURS["pebble_edge"]}" stroke-width="12"/>'
        f'<path d="{path}" stroke="{COLOURS["pebble"]}" stroke-width="9.6"/></g>'
        if path
        else ""
    )
    marks = f'<g font-size="{_COUNT_FONT}" font-weight="bold">{"".join(counts)}</g>{"".join(stones)}'
    return pebbles, marks


def _store_words(position: Position, player: int, short: bool = False) -> str:
    """The store in words; ``short`` says "stone" for "Mandarin stone", for a strip with a debt beside it."""
    pebbles = position.score_breakdown(final=False).captured[player]  # the store, less any pebbles swept in (R7.4)
    stones = position.captured_stones[player]
    text = pebble_words(pebbles)
    if stones:
        if short:
            words = ngettext("{n} stone", "{n} stones", stones)
        else:
            words = ngettext("{n} Mandarin stone", "{n} Mandarin stones", stones)
        text += " + " + words.format(n=stones)
    return text


#: Characters of a strip's second line that leave room for the debt beside them.
_STORE_CHARS = 34


#: What a picture says about the turn, besides the position: the mover in the middle of their
#: move ("playing"), the move just finished ("played": the marker passes to the next player and
#: the mover's strip says "just played"), or the game over ("over": no marker, final scores).
#: With none, the player to move in the position has the marker.
Turn = Literal["playing", "played", "over"]


def _panel(
    position: Position, player: int, y: int, mark: str | None, label: str, final: bool, unswept: bool = False
) -> str:
    """A player's strip: their name and score, what they have captured and owe, and the turn ``mark``.

    The score is the one every surface shows (:meth:`Position.score_breakdown
    <oanquan.Position.score_breakdown>`): the points settled so far, or at the
    end of the game (``final``) the final score. The second line says what it
    is made of: the store and any debt, or at the end the whole sum (R7.4, R8).
    ``unswept`` says the game is over but its result not shown (its end before
    the sweep, an exercise): the score is then said to be before the sweep.
    """
    breakdown = position.score_breakdown(final=final)
    score = breakdown.scores[player]
    if unswept:
        # a finished game whose result is not shown yet (its end before the sweep, an exercise)
        line1 = ngettext("{name} · {n} point before the sweep", "{name} · {n} points before the sweep", score).format(
            name=label, n=score
        )
    else:
        line1 = ngettext("{name} · {n} point", "{name} · {n} points", score).format(name=label, n=score)
    squeeze1 = _SQUEEZE if len(line1) > _LINE1_CHARS else ""
    debts = _debt_words(position, player)
    if final:
        line2 = breakdown.parts(player)
    else:
        line2 = _("captured: {store}").format(store=_store_words(position, player))
        if debts and len(line2) > _STORE_CHARS:
            line2 = _("captured: {store}").format(store=_store_words(position, player, short=True))
    squeeze = _SQUEEZE if final and len(line2) > _FINAL_CHARS else ""
    turn = mark is not None and mark != _JUST_PLAYED
    stroke = f'stroke="{COLOURS["text"]}" stroke-width="3"' if turn else f'stroke="{COLOURS["muted"]}"'
    parts = [
        f'<rect x="10" y="{y}" width="580" height="{_PANEL_H}" rx="8" fill="{COLOURS["panel"]}" {stroke}/>',
        f'<text x="22" y="{y + 28}" font-weight="bold"{squeeze1}>{escape(line1)}</text>',
        f'<text x="22" y="{y + 57}"{squeeze}>{escape(line2)}</text>',
    ]
    if debts and not final:
        parts.append(f'<text x="578" y="{y + 57}" text-anchor="end">{escape(debts)}</text>')
    if mark is not None:
        said = escape(_(mark))
        if mark == _JUST_PLAYED:
            parts.append(f'<text x="578" y="{y + 28}" text-anchor="end">{said}</text>')
        else:
            parts.append(
                f'<g><path d="M442 {y + 11}l18 10-18 10z" fill="{COLOURS["text"]}"/>'
                f'<text x="578" y="{y + 28}" font-weight="bold" text-anchor="end">{said}</text></g>'
            )
    return f'<g font-size="{MIN_FONT}">{"".join(parts)}</g>'


def _debt_words(position: Position, player: int) -> str:
    """What ``player`` owes and is owed (R6.2), in a few words, or "" when nothing is lent."""
    owes, owed = position.debts[player], position.debts[1 - player]
    words = []
    if owes:
        words.append(_("owes {n}").format(n=owes))
    if owed:
        words.append(_("is owed {n}").format(n=owed))
    return " · ".join(words)


#: The strips' marks (translated when drawn).
_TO_MOVE, _PLAYING, _JUST_PLAYED = N_("to move"), N_("playing"), N_("just played")
#: Characters of a final strip's second line that fit its width unsqueezed.
_FINAL_CHARS = 44
#: Characters of a strip's first line (bold) that fit its width unsqueezed, when no mark stands beside it.
_LINE1_CHARS = 38
#: A strip's line too long for it is squeezed to its width rather than cut.
_SQUEEZE = ' textLength="556" lengthAdjust="spacingAndGlyphs"'


def strip_mark(kind: Literal["to_move", "playing", "just_played"]) -> str:
    """The words a player's strip shows beside their name for the turn, in the language spoken.

    >>> strip_mark("to_move"), strip_mark("just_played")
    ('to move', 'just played')
    """
    marks = {"to_move": _TO_MOVE, "playing": _PLAYING, "just_played": _JUST_PLAYED}
    return _(marks[kind])


def _outcome(position: Position, turn: Turn | None) -> Outcome | None:
    """How the game in ``position`` ended, or None; never during a move, whose pebbles may be in the hand."""
    return None if turn in ("playing", "played") else position.outcome()


def _turn_words(position: Position, turn: Turn | None, names: Sequence[str] | None = None) -> str:
    """Whose turn it is, as the strips mark it: the mover "is playing" during a move, else who is to move."""
    said = as_names(names)
    if turn == "playing":
        return who(said, position.to_move, N_("you are playing"), N_("{name} is playing"))
    # after a finished move ("played"), the mover's opponent is to move
    mover = 1 - position.to_move if turn == "played" else position.to_move
    return who(said, mover, N_("your move"), N_("{name} to move"))


def _marks(position: Position, turn: Turn | None, over: bool) -> tuple[str | None, str | None]:
    """The mark on each player's strip (player 0, player 1): who is to move, playing or just played."""
    marks: list[str | None] = [None, None]
    if over:
        return (None, None)
    mover = position.to_move
    if turn == "played":
        marks[mover], marks[1 - mover] = _JUST_PLAYED, _TO_MOVE
    else:
        marks[mover] = _PLAYING if turn == "playing" else _TO_MOVE
    return (marks[0], marks[1])


def _chevrons(direction: Direction) -> str:
    """Arrowheads between the square numbers, pointing the way the pebbles travel."""
    parts: list[str] = []
    for row, y in ((1, _TOP - 19), (0, _BOTTOM + 19)):
        tip = 10 if screen_direction(row, direction) == "right" else -10
        for x in range(_LEFT, _RIGHT + 1, _CELL):
            parts.append(f"M{x - tip // 2} {y - 7}l{tip} 7l{-tip} 7z")
    return f'<path d="{"".join(parts)}" fill="{COLOURS["direction"]}"/>'


def _as_set(squares: int | Iterable[int] | None) -> tuple[int, ...]:
    if squares is None:
        return ()
    if isinstance(squares, int):
        return (squares,)
    return tuple(dict.fromkeys(squares))


def _names(squares: Sequence[int]) -> str:
    return ", ".join(square_name(s) for s in squares)


def _contents(position: Position, square: int) -> str:
    """What a square holds, in words: "5 pebbles", or "the Mandarin stone and 1 pebble"."""
    what = pebble_words(position.count(square))
    if position.has_stone(square):
        what = _("the Mandarin stone and {pebbles}").format(pebbles=what)
    return what


def square_words(position: Position, square: int) -> str:
    """A square and what it holds, in words: a board's name for each square, for screen readers.

    A citizen square says whose it is by its row, as every surface names the players' rows
    (R1.1: player 0 owns squares 5-9, the bottom row); a Mandarin square belongs to nobody.

    >>> from oanquan import Position
    >>> square_words(Position.initial(), 7), square_words(Position.initial(), 2)
    ('square 7 in the bottom row: 5 pebbles', 'square 2 in the top row: 5 pebbles')
    >>> square_words(Position.initial(), 10)
    'Mandarin square M0: the Mandarin stone and 0 pebbles'
    """
    what = _contents(position, square)
    if square in (M0, M1):
        return _("Mandarin square {name}: {what}").format(name=square_name(square), what=what)
    if square >= 5:
        return _("square {square} in the bottom row: {what}").format(square=square, what=what)
    return _("square {square} in the top row: {what}").format(square=square, what=what)


def describe_position(
    position: Position, turn: Turn | None = None, result: bool = True, names: Sequence[str] | None = None
) -> str:
    """The position in words, for screen readers (the SVG's ``<desc>``), the players called ``names``.

    >>> from oanquan import Position
    >>> print(describe_position(Position.from_text("0,1,0,0,0,0,0,0,0,2 Q,3 4,0 0,2 1"), names=["You", "Computer"]))
    Top row, squares 4 3 2 1 0: 0, 0, 0, 1, 0. Bottom row, squares 5 6 7 8 9: 0, 0, 0, 0, 2.
    Mandarin square M1 (left): 3 pebbles. Mandarin square M0 (right): the Mandarin stone and 0 pebbles.
    You: 6 points (captured: 4 pebbles), is owed 2. Computer: -2 points (captured: 0 pebbles), owes 2.
    Computer to move.

    ``turn`` and ``result`` are :func:`board_svg`'s: after a move (``"played"``) the next
    player is to move; with ``result`` False a finished game's scores and result are left out.
    """
    p = position
    said = as_names(names)
    top, bottom = (", ".join(str(p.count(s)) for s in row) for row in ((4, 3, 2, 1, 0), (5, 6, 7, 8, 9)))
    lines = [
        _("Top row, squares 4 3 2 1 0: {counts}.").format(counts=top)
        + " "
        + _("Bottom row, squares 5 6 7 8 9: {counts}.").format(counts=bottom)
    ]
    sides = {M1: N_("Mandarin square {name} (left): {what}."), M0: N_("Mandarin square {name} (right): {what}.")}
    lines.append(" ".join(_(side).format(name=square_name(sq), what=_contents(p, sq)) for sq, side in sides.items()))
    players = []
    outcome = _outcome(p, turn)
    over = outcome is not None or turn == "over"
    scores = p.score_breakdown(final=over and result).scores
    for player in (0, 1):
        score = scores[player]
        text = ngettext(
            "{name}: {n} point (captured: {store})", "{name}: {n} points (captured: {store})", score
        ).format(name=said[player], n=score, store=_store_words(p, player))
        debts = _debt_words(p, player)
        if debts:
            text = _("{player_and_store}, {debts}").format(player_and_store=text, debts=debts)
        players.append(text + ".")
    if outcome is not None and result:
        players.append(outcome_sentence(outcome, said))
    elif over:
        players.append(_("The game is over."))
    else:
        turn_words = _turn_words(p, turn, said)
        players.append(turn_words[0].upper() + turn_words[1:] + ".")
    lines.append(" ".join(players))
    return "\n".join(lines)


def _pack(parts: list[str], width: int, joiner: str) -> list[str]:
    out: list[str] = []
    for part in parts:
        if out and len(out[-1]) + len(joiner) + len(part) <= width:
            out[-1] += joiner + part
        else:
            out.append(part)
    return out


def _wrap(text: str, width: int = FOOTER_CHARS, lines: int = 2) -> list[str]:
    """Break ``text`` into at most ``lines`` lines of about ``width`` characters.

    Breaks go between the " · " items when they fit, else between words; what
    does not fit goes on the last line (which the picture then squeezes).

    >>> _wrap("lifted 7 · 4 in hand", width=12)
    ['lifted 7', '4 in hand']
    >>> _wrap("a b c", width=3)
    ['a b', 'c']
    """
    if not text:
        return []
    packed = _pack(text.split(" · "), width, " · ")
    if len(packed) <= lines and all(len(line) <= width for line in packed):
        return packed
    packed = _pack(text.split(" "), width, " ")
    return [*packed[: lines - 1], " ".join(packed[lines - 1 :])]


def result_words(outcome: Outcome, names: Sequence[str] | None = None) -> str:
    """The end of a game in a few words for the board's footer (the full sentence is in ``<title>``).

    >>> from oanquan.position import Outcome
    >>> result_words(Outcome((32, 38), 1, "R7.3"), ["Bottom row", "Top row"])
    'game over: Top row wins 38-32 (R7.3)'
    """
    return _("game over: {result} ({rule})").format(
        result=winner_words(outcome.winner, outcome.scores, names), rule=outcome.reason
    )


_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}\Z")


def board_svg(
    position: Position,
    *,
    lifted: int | None = None,
    received: int | Iterable[int] | None = None,
    hand: int | None = None,
    direction: Direction | None = None,
    captured: Iterable[int] = (),
    last_move: Move | str | None = None,
    selectable: Iterable[int] = (),
    selected: int | None = None,
    focus: int | Iterable[int] | None = None,
    note: str = "",
    title: str | None = None,
    id_prefix: str | None = None,
    names: Sequence[str] | None = None,
    turn: Turn | None = None,
    result: bool = True,
) -> str:
    """The position as an SVG picture (a string), laid out as RULES §1.

    Highlights, all optional:

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
      (a board's view-model, :class:`~oanquan.narrate.Names`), instead of the notation's
      "Player 0" and "Player 1";
    - ``turn``: what the picture shows of a move (see :data:`Turn`): by default the
      player to move has the turn marker; a picture taken during a move passes
      ``"playing"``, one taken as it ends ``"played"`` (the marker goes to the next
      player), one of the game's end ``"over"`` (each strip shows the final score).

    The strips count what each player has captured (R8.1) and owes (R6.2) until
    the game is over; then they show the final scores and what makes them (R8),
    unless ``result`` is False: an exercise that asks for the final score shows
    the finished board without it (no marker, no final scores, no result line).

    The picture scales to its container (``width="100%"`` and a viewBox) and
    stays readable from 320 px wide. Its element ids start with ``id_prefix``,
    by default a digest of the picture, so they are the same every time the
    same picture is drawn and pictures on one page do not clash. All text is
    escaped.

    >>> from oanquan import Position
    >>> svg = board_svg(Position.initial().play("7R"), last_move="7R", id_prefix="demo")
    >>> 'id="demo-title"' in svg, "last move: 7R" in svg
    (True, True)
    >>> board_svg(Position.initial(), id_prefix="1bad")
    Traceback (most recent call last):
    ...
    ValueError: id_prefix '1bad' must be a letter followed by letters, digits, '-' or '_'
    """
    if id_prefix is not None and not _ID.match(id_prefix):
        raise ValueError(f"id_prefix {id_prefix!r} must be a letter followed by letters, digits, '-' or '_'")
    p = position
    received_squares = _as_set(received)
    captured_squares = _as_set(captured)
    focus_squares = _as_set(focus)
    selectable_squares = _as_set(selectable)
    move = Move.parse(last_move) if isinstance(last_move, str) else last_move
    outcome = _outcome(p, turn)
    said = as_names(names)

    body: list[str] = []
    # The board: one outline from M1 round to M0, then the lines between squares.
    arc = f"A{_RX} {_RY} 0 0 1"
    body.append(
        f'<path d="M{_LEFT} {_TOP}H{_RIGHT}{arc} {_RIGHT} {_BOTTOM}H{_LEFT}{arc} {_LEFT} {_TOP}Z"'
        f' fill="{COLOURS["board"]}" stroke="{COLOURS["line"]}" stroke-width="4"/>'
    )
    lines = "".join(f"M{x} {_TOP}V{_BOTTOM}" for x in range(_LEFT, _RIGHT + 1, _CELL))
    body.append(f'<path d="{lines}M{_LEFT} {_MID}H{_RIGHT}" stroke="{COLOURS["line"]}" stroke-width="2.5"/>')

    # Highlights go under the pebbles so the counts stay readable.
    for square in selectable_squares:
        body.append(_outline(square, COLOURS["selectable"], "none", 3, "2 4", inset=5))
    for square in captured_squares:
        body.append(_outline(square, COLOURS["captured"], COLOURS["captured_fill"], 4, "9 5"))
    if lifted is not None:
        body.append(_outline(lifted, COLOURS["lifted"], COLOURS["lifted_fill"], 5))
    for square in received_squares:
        body.append(_outline(square, COLOURS["received"], COLOURS["received_fill"], 5))
    if selected is not None:
        body.append(_outline(selected, COLOURS["lifted"], COLOURS["lifted_fill"], 5, "10 5"))
    for square in focus_squares:
        body.append(_outline(square, COLOURS["focus"], "none", 3, "2 4", inset=2))

    body.extend(_squares(p))  # the pebbles, then the counts and stones

    # Square numbers above player 1's row and below player 0's, M1 and M0 beside.
    numbers: list[str] = []
    for square in range(10):
        x, _y = square_centre(square)
        y = _TOP - 10 if square < 5 else _BOTTOM + 28
        if move is not None and move.square == square:
            numbers.append(f'<circle cx="{_n(x)}" cy="{y - 9}" r="16" fill="{COLOURS["text"]}"/>')
            numbers.append(f'<text x="{_n(x)}" y="{y}" fill="#fff">{square}</text>')
        else:
            numbers.append(f'<text x="{_n(x)}" y="{y}">{square}</text>')
    numbers.append(f'<text x="32" y="{_BOTTOM + 28}">M1</text><text x="568" y="{_BOTTOM + 28}">M0</text>')
    body.append(f'<g fill="{COLOURS["muted"]}" font-size="{MIN_FONT}" text-anchor="middle">{"".join(numbers)}</g>')
    if direction is not None:
        body.append(_chevrons(direction))

    # The hand: a badge with the pebbles still to sow.
    at = received_squares[-1] if received_squares else lifted
    if hand is not None and at is not None:
        x, y = square_centre(at)
        # A pill wide enough for the number: on a citizen square, in its top right
        # corner; on a Mandarin square, just outside its tip.
        half = max(16, 7 + 8 * len(str(hand)))
        bx, by = (x + 38 - half, y - 22) if at < 10 else (4 + half if at == M1 else WIDTH - 4 - half, _TOP + 4)
        body.append(
            f'<g><rect x="{_n(bx - half)}" y="{_n(by - 16)}" width="{2 * half}" height="32" rx="16"'
            f' fill="{COLOURS["hand"]}" stroke="#fff" stroke-width="2"/>'
            f'<text x="{_n(bx)}" y="{_n(by + 8.5)}" font-size="{MIN_FONT}" font-weight="bold" text-anchor="middle"'
            f' fill="#fff">{hand}</text></g>'
        )

    over = outcome is not None or turn == "over"
    strip_marks = _marks(p, turn, over)
    for player in (1, 0):
        body.append(
            _panel(p, player, _PANELS[player], strip_marks[player], said[player], over and result, over and not result)
        )

    # Footer: the highlights in words, so colour is never the only cue.
    words: list[str] = []
    if note:
        words.append(note)
    if move is not None:
        words.append(_("last move: {move}").format(move=move))
    if lifted is not None:
        words.append(_("lifted {name}").format(name=square_name(lifted)))
    if received_squares:
        words.append(_("dropped in {names}").format(names=_names(received_squares)))
    if hand is not None:
        words.append(_("{n} in hand").format(n=hand))
    if direction is not None:
        words.append(_("sowing {direction}").format(direction=direction))
    if captured_squares:
        words.append(_("captured {names}").format(names=_names(captured_squares)))
    if selected is not None:
        words.append(_("chosen {name}").format(name=square_name(selected)))
    if outcome is not None and result:
        words.append(result_words(outcome, said))
    footer = " · ".join(words)
    footer_lines: list[str] = []
    for y, line in zip(_FOOTER_Y, _wrap(footer), strict=False):
        # A line too long for the width (a long note) is squeezed to fit rather than cut.
        squeeze = ' textLength="572" lengthAdjust="spacingAndGlyphs"' if len(line) > FOOTER_CHARS else ""
        footer_lines.append(f'<text x="300" y="{y}"{squeeze}>{escape(line)}</text>')
    if footer_lines:
        body.append(f'<g font-size="{MIN_FONT}" text-anchor="middle">{"".join(footer_lines)}</g>')

    if title is None:
        if outcome is not None and result:
            state = outcome_sentence(outcome, said)
        elif over:
            state = _("the game is over")
        else:
            state = _turn_words(p, turn, said)
        title = _("Ô Ăn Quan board: {state}").format(state=state)
    desc = describe_position(p, turn, result, said) + (
        "\n" + _("Highlighted: {footer}").format(footer=footer) if footer else ""
    )
    content = "".join(body)
    if id_prefix is None:
        digest = hashlib.sha1((title + desc + content).encode("utf-8")).hexdigest()[:10]
        id_prefix = f"oaq-{digest}"
    return _picture(WIDTH, HEIGHT, id_prefix, title, desc, content)


def _picture(width: int, height: int, ids: str, title: str, desc: str, content: str) -> str:
    """An SVG picture that scales to its container, with a title and description for screen readers."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="100%"'
        f' style="max-width:{width}px;height:auto" role="img"'
        f' aria-labelledby="{ids}-title {ids}-desc"'
        f' font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" fill="{COLOURS["text"]}">'
        f'<title id="{ids}-title">{escape(title)}</title>'
        f'<desc id="{ids}-desc">{escape(desc)}</desc>{content}</svg>'
    )


# ------------------------------------------------------- the position text


#: The five fields of the position text (RULES §10), in order: a short name and where the board shows it.
POSITION_TEXT_FIELDS: tuple[tuple[str, str], ...] = (
    (
        N_("squares 0 to 9"),
        N_("the pebbles in the citizen squares, 0 to 9: the top row from its right end, then the bottom row"),
    ),
    (N_("M0, then M1"), N_("the Mandarin squares: M0 on the right first, then M1 on the left")),
    (N_("stores"), N_("what player 0, then player 1, has captured, written in their strips")),
    (N_("debts"), N_("what player 0, then player 1, owes the other")),
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


def _field_badge(number: int, x: float, y: float) -> str:
    fill, ink = _FIELD_COLOURS[number - 1]
    return (
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="16" fill="{fill}" stroke="#fff" stroke-width="2"/>'
        f'<text x="{_n(x)}" y="{_n(y + 8.5)}" fill="{ink}" font-size="{MIN_FONT}" font-weight="bold"'
        f' text-anchor="middle">{number}</text>'
    )


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
    board = board_svg(position, id_prefix=id_prefix)
    inner = board[board.index("</desc>") + len("</desc>") : -len("</svg>")]
    prefix = re.search(r'id="([^"]+)-title"', board)
    ids = prefix[1] if prefix else "oaq"
    width = WIDTH + 2 * _MARGIN
    rows = (len(POSITION_TEXT_FIELDS) + 1) // 2
    top = _TEXT_BAND + _PANELS[0] + _PANEL_H + 14  # the legend, below player 0's strip (the board has no footer here)
    height = top + rows * _LEGEND_ROW + 4
    parts: list[str] = []

    # The text, in a monospaced font so that each field's place is known: its number under its middle.
    size = min(28.0, (width - 24) / (0.6 * len(text)))
    advance = 0.6 * size
    x0 = (width - advance * len(text)) / 2
    spans, offset = [], 0
    for number, field in enumerate(fields, start=1):
        colour = _FIELD_COLOURS[number - 1][0]
        spans.append(f'<tspan fill="{colour}">{escape(field)}</tspan>')
        middle = x0 + advance * (offset + len(field) / 2)
        parts.append(_field_badge(number, middle, 66))
        offset += len(field) + 1
    parts.insert(
        0,
        f'<text x="{_n(x0)}" y="36" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace"'
        f' font-size="{_n(size)}" font-weight="bold" xml:space="preserve">{" ".join(spans)}</text>',
    )

    # The numbers on the board, in the margins beside what they name (board units, shifted).
    def at(x: float, y: float) -> tuple[float, float]:
        return x + _MARGIN, y + _TEXT_BAND

    mover = position.to_move
    marks = [
        (1, *at(square_centre(0)[0] + 30, _TOP - 18)),  # square 0: where the count starts
        (2, *at(-_MARGIN / 2, _MID)),  # M1
        (2, *at(WIDTH + _MARGIN / 2, _MID)),  # M0
    ]
    for y in _PANELS:  # each player's strip: 3 the store at its left, 4 the debts at its right
        marks += [(3, *at(-_MARGIN / 2, y + _PANEL_H / 2)), (4, *at(WIDTH + _MARGIN / 2, y + 52))]
    marks.append((5, *at(WIDTH + _MARGIN / 2, _PANELS[mover] + 13)))
    parts.extend(_field_badge(number, x, y) for number, x, y in marks)

    # The legend: two columns of numbers and names.
    for index, (name, _meaning) in enumerate(POSITION_TEXT_FIELDS):
        x = 30 + (width / 2) * (index // rows)
        y = top + _LEGEND_ROW * (index % rows) + 18
        label = escape(_(name))
        parts.append(_field_badge(index + 1, x, y))
        parts.append(f'<text x="{_n(x + 24)}" y="{_n(y + 8.5)}" font-size="{MIN_FONT}">{label}</text>')

    title = _("The parts of the position text {text}").format(text=text)
    desc = " ".join(
        _("{number}. {field}: {meaning}.").format(number=number, field=field, meaning=_(meaning))
        for number, (field, (_name, meaning)) in enumerate(zip(fields, POSITION_TEXT_FIELDS, strict=True), start=1)
    )
    board_part = f'<g transform="translate({_MARGIN} {_TEXT_BAND})">{inner}</g>'
    return _picture(width, height, f"{ids}-parts", title, desc, board_part + "".join(parts))


# ------------------------------------------------------------------- frames


class Frame(NamedTuple):
    """One picture of a step-through: the position, its caption, its SVG, the event (None at the start).

    >>> from oanquan import Position
    >>> Frame(Position.initial(), "The opening.", board_svg(Position.initial())).caption
    'The opening.'
    """

    position: Position
    caption: str
    svg: str
    event: Event | None = None


class Highlights(TypedDict, total=False):
    """Keyword options of :func:`board_svg` that show one event.

    >>> from oanquan import Position
    >>> options: Highlights = {"lifted": 7, "direction": "R"}
    >>> "lifted 7 · sowing R" in board_svg(Position.initial(), **options)
    True
    """

    lifted: int | None
    received: int | tuple[int, ...] | None
    hand: int | None
    direction: Direction | None
    captured: tuple[int, ...]
    focus: int | tuple[int, ...] | None
    turn: Turn
    result: bool


def event_highlights(event: Event, captured: Sequence[int] = ()) -> Highlights:
    """The :func:`board_svg` highlights that show ``event``; ``captured`` lists earlier captures of the move.

    >>> from oanquan import Position
    >>> _, events = Position.initial().play_traced("7R")
    >>> event_highlights(events[1])
    {'turn': 'playing', 'direction': 'R', 'received': 8, 'hand': 4}
    >>> event_highlights(events[-1])["turn"]   # the move is over: the marker passes on
    'played'

    The end of a game (``game_end``) shows no result yet: the final scores and who won
    appear with the sweep (R7.4) that makes them, on the pictures of the events after it.

    >>> end = Position.from_text("3,0,0,0,0,4,0,0,0,0 0,0 30,33 0,0 1")
    >>> from oanquan.position import ending_events
    >>> [event_highlights(e).get("result", True) for e in ending_events(end, end.outcome())]
    [False, True, True]
    """
    e = event
    options: Highlights = {"turn": _event_turn(e.kind)}
    if e.kind == "game_end":
        options["result"] = False
    if e.direction is not None:
        options["direction"] = e.direction
    if captured:
        options["captured"] = tuple(captured)
    if e.kind in ("lift", "relay"):
        options["lifted"] = e.square
        options["hand"] = e.hand
    elif e.kind == "drop":
        options["received"] = e.square
        options["hand"] = e.hand
    elif e.kind == "refill":
        options["received"] = row_of(e.player)
    elif e.kind == "sweep":
        options["focus"] = row_of(e.player)
    elif e.kind in ("mandarin_stop", "double_empty", "young_mandarin", "chain_end") and e.square is not None:
        options["focus"] = e.square
    return options


def _event_turn(kind: str) -> Turn:
    """What a picture of an event of ``kind`` shows of the turn: a move going on, just over, or the game's end."""
    if kind in STOP_KINDS:
        return "played"
    if kind in ("game_end", "sweep", "repay"):
        return "over"
    return "playing"


def trace_frames(
    start: Position,
    events: Sequence[Event],
    *,
    move: Move | str | None = None,
    start_caption: str | None = None,
    prefix: str = "",
    id_prefix: str | None = None,
    names: Sequence[str] | None = None,
    numbered_ids: bool = True,
) -> list[Frame]:
    """One :class:`Frame` for ``start`` and one after each event: what a step-through shows.

    Each caption names its rule (from :func:`oanquan.narrate.caption`);
    ``prefix`` goes before each event's caption (for example ``"Move 3, 7R: "``).
    Squares captured earlier in the same move stay marked. With ``id_prefix``,
    frame ``i`` gets the element ids ``{id_prefix}-{i}-...`` (by default they
    come from each picture's digest); with ``numbered_ids=False`` every frame gets
    ``{id_prefix}-...``, for pictures shown one at a time in one place (the website's
    bridge sends them as patches, and equal ids keep those small). ``names`` are what
    the players' strips call the players.

    >>> from oanquan import Position
    >>> start = Position.initial()
    >>> after, events = start.play_traced("5L")
    >>> frames = trace_frames(start, events, move="5L")
    >>> len(frames) == len(events) + 1, frames[-1].position.pebbles == after.pebbles
    (True, True)
    >>> frames[0].caption
    'Start: player 0 to play 5L.'
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
        if id_prefix is None:
            return None
        return f"{id_prefix}-{index}" if numbered_ids else id_prefix

    frames = [Frame(start, start_caption, board_svg(start, id_prefix=ids(0), names=said), None)]
    captured: list[int] = []
    for event in events:
        if event.kind in ("borrow", "refill", "lift"):  # a new move (or sowing) starts
            captured = []
        options = event_highlights(event, captured)
        if event.kind == "capture" and event.square is not None:
            captured.append(event.square)
            options["captured"] = tuple(captured)
        svg = board_svg(event.position, **options, id_prefix=ids(len(frames)), names=said)
        frames.append(Frame(event.position, prefix + caption(event, said), svg, event))
    return frames


# ------------------------------------------------------------------ figures
#
# JupyterLab sanitizes the HTML of an untrusted notebook (one opened fresh, not
# run on this machine): it removes inline <svg> and keeps only its text, so a
# board shows as run-on words. An <img> whose source is a data: URI survives the
# sanitizer (JupyterLab checks URL schemes on href, not on src), and it shows in
# a trusted notebook and on the book's pages alike. So every figure meant for a
# notebook is an <img> of the SVG, with the SVG's title and description as its
# alternative text (notes/lab-findings.md has the evidence).

_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.S)
_DESC = re.compile(r"<desc[^>]*>(.*?)</desc>", re.S)


def svg_alt_text(svg: str) -> str:
    """The words a screen reader says for a picture: its ``<title>`` and ``<desc>``, as plain text.

    >>> from oanquan import Position
    >>> svg_alt_text(board_svg(Position.initial()))[:60]
    'Ô Ăn Quan board: player 0 to move. Top row, squares 4 3 2 1 '
    """
    parts = [html.unescape(m.group(1)).strip() for m in (_TITLE.search(svg), _DESC.search(svg)) if m]
    return ". ".join(" ".join(p.split()) for p in parts if p)


_VIEWBOX = re.compile(r'viewBox="0 0 (\d+) (\d+)"')


def picture_html(svg: str, *, max_width: int = WIDTH, alt: str | None = None) -> str:
    """An SVG picture as an ``<img>`` that every notebook viewer shows, trusted or not.

    The alternative text is the picture's own title and description unless
    ``alt`` is given.

    >>> from oanquan import Position
    >>> html = picture_html(board_svg(Position.initial()))
    >>> html.startswith('<img src="data:image/svg+xml;base64,') and 'alt="Ô Ăn Quan board' in html
    True
    """
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    words = html.escape(alt if alt is not None else svg_alt_text(svg), quote=True)
    size = _VIEWBOX.search(svg)  # the picture's own size (a board, or a board with labels around it)
    width, height = (size[1], size[2]) if size else (str(WIDTH), str(HEIGHT))
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
        svg = board_svg(position, id_prefix=anchor, **highlights)  # type: ignore[arg-type]
    width = 440 if compact else WIDTH
    classes = "oq-figure oq-compact" if compact else "oq-figure"
    ident = f' id="{html.escape(anchor, quote=True)}"' if anchor else ""
    words = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    return (
        f'<figure class="{classes}"{ident} style="max-width:{width}px">'
        f"{picture_html(svg, max_width=width)}{words}</figure>"
    )


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

    def __init__(self, html: str, anchor: str | None, caption: str) -> None:
        """A figure of ready ``html`` (see :func:`figure`)."""
        self.html = html
        self.anchor = anchor
        self.caption = caption

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html

    def __repr__(self) -> str:
        # Short and stable: nbval compares it, and it never shows in JupyterLab, which shows the HTML.
        short = self.caption if len(self.caption) <= 60 else self.caption[:57] + "..."
        return f"Figure({self.anchor!r}, {short!r})"


def figure(
    position: Position | None,
    caption: str,
    anchor: str | None = None,
    *,
    svg: str | None = None,
    compact: bool = False,
    **highlights: object,
) -> Figure:
    """A board figure with its caption, to display: see :func:`figure_html` for the arguments.

    >>> from oanquan import Position
    >>> "<figcaption>After 7R.</figcaption>" in figure(Position.initial().play("7R"), "After 7R.", last_move="7R").html
    True
    """
    return Figure(figure_html(position, caption, anchor, svg=svg, compact=compact, **highlights), anchor, caption)
