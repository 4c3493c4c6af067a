"""What a picture of the board shows, as plain data: a :class:`Scene`, which :mod:`oanquan.svg` draws.

A scene holds what each square holds and how it is marked, each player's strip (their
name and score, what the score is made of, the turn's mark), the pebbles in the hand, the
sowing direction, the footer's words and the sentences a screen reader says (the title
and the description), all in the language spoken and with the players' names. Every
surface draws scenes: the notebooks' widgets and the chapters' figures through
:func:`oanquan.svg.render`, the printed sheets through their PDF library, the website's
pages by filling their board with the scene's values.

:func:`board_scene` makes the scene of a position with the highlights of a moment of a
move (:func:`event_highlights`). The module knows no rule: every number comes from the
position or the event it is given.

>>> from oanquan import Position
>>> scene = board_scene(Position.initial(), names=("You", "Computer"))
>>> scene.squares[7], scene.strips[0].heading, scene.title
(SquareScene(pebbles=5, stone=False, marks=()), 'You · 0 points', 'Ô Ăn Quan board: You to move')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypedDict

from .board import M0, M1, Direction, row_of, square_name
from .errors import sentence
from .events import STOP_KINDS
from .i18n import N_, _, ngettext
from .move import Move
from .narrate import Names, as_names, outcome_words, pebble_words, who, winner_words
from .position import ending_events

if TYPE_CHECKING:
    from .events import Event
    from .position import Outcome, Position

__all__ = [
    "FOOTER_CHARS",
    "MARKS",
    "Highlights",
    "Scene",
    "SquareScene",
    "StripScene",
    "Turn",
    "board_scene",
    "describe_position",
    "event_highlights",
    "square_contents",
    "square_label",
    "strip_mark",
]

#: How a square may be marked, in the order the marks are drawn (one under the next):
#: a square a player may click, captured this move, lifted, just given a pebble, chosen, talked about.
MARKS = ("selectable", "captured", "lifted", "received", "selected", "focus")


@dataclass(frozen=True)
class SquareScene:
    """One square as a picture shows it: its pebbles, whether its Mandarin stone is there, its :data:`MARKS`."""

    pebbles: int
    stone: bool
    marks: tuple[str, ...] = ()


@dataclass(frozen=True)
class StripScene:
    """A player's strip: ``heading`` (name and score), ``detail`` (what the score is made of), ``debts``,
    the turn's ``mark`` (``""``, ``"to_move"``, ``"playing"`` or ``"just_played"``) and its words.
    """

    heading: str
    detail: str
    debts: str
    mark: str
    mark_words: str


@dataclass(frozen=True)
class Scene:
    """Everything a picture of the board shows, as plain data (see the module's notes).

    ``squares`` are indexed by square number (0-9, then M0 = 10 and M1 = 11); ``strips``
    are player 0's, then player 1's; ``to_move`` is the player to move in the position;
    ``hand`` pebbles are in the hand above square ``hand_at``; ``last_square`` is the square
    of the last move, circled; ``footer`` the footer's lines; ``title`` and ``desc`` what a
    screen reader says.
    """

    squares: tuple[SquareScene, ...]
    strips: tuple[StripScene, StripScene]
    to_move: int
    hand: int | None
    hand_at: int | None
    direction: str | None
    last_square: int | None
    footer: tuple[str, ...]
    title: str
    desc: str


#: Characters that fit on one footer line at font size 24 (in DejaVu Sans, a wide font).
FOOTER_CHARS = 42
#: Characters of a final strip's second line (the sum of the score) that fit its width unsqueezed.
FINAL_CHARS = 44


#: What a picture says about the turn, besides the position: the mover in the middle of their
#: move ("playing"), the move just finished ("played": the marker passes to the next player and
#: the mover's strip says "just played"), or the game over ("over": no marker, final scores).
#: With none, the player to move in the position has the marker.
Turn = Literal["playing", "played", "over"]


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
#: What a player's strip may say of the turn.
StripMark = Literal["to_move", "playing", "just_played"]


def strip_mark(kind: StripMark) -> str:
    """The words a player's strip shows beside their name for the turn, in the language spoken.

    >>> strip_mark("to_move"), strip_mark("just_played")
    ('to move', 'just played')
    """
    marks = {"to_move": _TO_MOVE, "playing": _PLAYING, "just_played": _JUST_PLAYED}
    return _(marks[kind])


def _outcome(position: Position, turn: Turn | None) -> Outcome | None:
    """How the game in ``position`` ended, or None; never during a move, whose pebbles may be in the hand.

    A picture of the game's end (``"over"``) that the position alone does not end was ended by the ply limit (R7.3).
    """
    return None if turn in ("playing", "played") else position.outcome(plies_left=0 if turn == "over" else None)


def _state_words(position: Position, turn: Turn | None, outcome: Outcome | None, result: bool, said: Names) -> str:
    """Where the game stands, as the picture's title says it: its result, its end (with ``result`` False),
    or whose turn it is as the strips mark it: the mover "is playing" during a move, else who is to move.
    """
    if outcome is not None and result:
        return outcome_words(outcome, said)
    if outcome is not None or turn == "over":
        return _("the game is over")
    if turn == "playing":
        return who(said, position.to_move, N_("you are playing"), N_("{name} is playing"))
    # after a finished move ("played"), the mover's opponent is to move
    mover = 1 - position.to_move if turn == "played" else position.to_move
    return who(said, mover, N_("your move"), N_("{name} to move"))


def _mark(position: Position, player: int, turn: Turn | None, over: bool) -> StripMark | None:
    """The mark on ``player``'s strip: to move, playing or just played; none once the game is over."""
    if over:
        return None
    if turn == "played":  # the marker passes to the next player
        return "just_played" if player == position.to_move else "to_move"
    if player != position.to_move:
        return None
    return "playing" if turn == "playing" else "to_move"


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
    return square_contents(SquareScene(position.count(square), position.has_stone(square)))


def square_contents(square: SquareScene) -> str:
    """What a square of a scene holds, in words (the ``{what}`` of a board's name for the square).

    >>> square_contents(SquareScene(1, True)), square_contents(SquareScene(5, False))
    ('the Mandarin stone and 1 pebble', '5 pebbles')
    """
    what = pebble_words(square.pebbles)
    if square.stone:
        what = _("the Mandarin stone and {pebbles}").format(pebbles=what)
    return what


def square_label(square: int) -> str:
    """A board's name for ``square`` with ``{what}`` for what it holds: the website's board keeps
    the twelve and fills in what each square holds (:func:`square_contents`).

    >>> square_label(7), square_label(11)
    ('square 7 in the bottom row: {what}', 'Mandarin square M1: {what}')
    """
    what = "{what}"
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
    players.append(sentence(_state_words(p, turn, outcome, result, said)))
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


class Highlights(TypedDict, total=False):
    """Keyword options of :func:`board_svg` that show one event.

    >>> from oanquan import Position
    >>> options: Highlights = {"lifted": 7, "direction": "R"}
    >>> board_scene(Position.initial(), **options).footer
    ('lifted 7 · sowing R',)
    """

    lifted: int | None
    received: int | tuple[int, ...] | None
    hand: int | None
    direction: Direction | None
    captured: tuple[int, ...]
    focus: int | tuple[int, ...] | None
    turn: Turn
    result: bool
    taken: bool


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
    # The turn: a move going on, just over (a stop), or the game's end.
    options: Highlights = {"turn": "played" if e.kind in STOP_KINDS else "playing"}
    if e.kind == "game_end":
        options |= {"turn": "over", "result": False}
    elif e.kind in ("sweep", "repay"):
        options |= {"turn": "over", "taken": False}  # the position itself shows the rows being taken, one at a time
    if e.direction is not None:
        options["direction"] = e.direction
    if captured:
        options["captured"] = tuple(captured)
    if e.kind in ("lift", "relay"):
        options |= {"lifted": e.square, "hand": e.hand}
    elif e.kind == "drop":
        options |= {"received": e.square, "hand": e.hand}
    elif e.kind == "refill":
        options["received"] = row_of(e.player)
    elif e.kind == "sweep":
        options["focus"] = row_of(e.player)
    elif e.kind in ("mandarin_stop", "double_empty", "young_mandarin", "chain_end") and e.square is not None:
        options["focus"] = e.square
    return options


def _strip(
    position: Position, player: int, names: Names, mark: StripMark | None, final: bool, unswept: bool, short: bool
) -> StripScene:
    """A player's strip: their name (in ``names``) and score, what they have captured and owe, and the turn ``mark``.

    The score is the one every surface shows (:meth:`Position.score_breakdown
    <oanquan.Position.score_breakdown>`): the points settled so far, or at the
    end of the game (``final``) the final score. The second line says what it
    is made of: the store and any debt, or at the end the whole sum (R7.4, R8).
    ``unswept`` says the game is over but its result not shown (its end before
    the sweep, an exercise): the score is then said to be before the sweep. ``short``: the final
    sum in its short form (both strips say their sums alike); the reader's own sum speaks to them ("from your row").
    """
    breakdown = position.score_breakdown(final=final)
    score = breakdown.scores[player]
    if unswept:
        # a finished game whose result is not shown yet (its end before the sweep, an exercise)
        heading = ngettext("{name} · {n} point before the sweep", "{name} · {n} points before the sweep", score).format(
            name=names[player], n=score
        )
    else:
        heading = ngettext("{name} · {n} point", "{name} · {n} points", score).format(name=names[player], n=score)
    debts = _debt_words(position, player)
    if final:
        detail = breakdown.parts(player, short=short, you=names.you == player)
    else:
        detail = _("captured: {store}").format(store=_store_words(position, player))
        if debts and len(detail) > _STORE_CHARS:
            detail = _("captured: {store}").format(store=_store_words(position, player, short=True))
    return StripScene(heading, detail, "" if final else debts, mark or "", strip_mark(mark) if mark else "")


def board_scene(
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
    names: Sequence[str] | None = None,
    turn: Turn | None = None,
    result: bool = True,
    taken: bool = True,
) -> Scene:
    """The scene of ``position`` with the given highlights (see :func:`oanquan.svg.board_svg` for each).

    >>> from oanquan import Position
    >>> scene = board_scene(Position.initial().play("7R"), last_move="7R", names=("Bottom row", "Top row"))
    >>> scene.last_square, scene.footer, scene.strips[1].mark
    (7, ('last move: 7R',), 'to_move')
    """
    p = position
    said = as_names(names)
    received_squares = _as_set(received)
    captured_squares = _as_set(captured)
    move = Move.parse(last_move) if isinstance(last_move, str) else last_move
    outcome = _outcome(p, turn)
    if outcome is not None and result and taken:
        # The result shown counts the pebbles left on the rows as taken (R7.4), so the picture shows
        # them taken, as a move's last picture (the sweep) does: what a reader counts on the board
        # adds up to the scores beside it.
        p = ending_events(p, outcome)[-1].position
    marked: dict[str, tuple[int, ...]] = {
        "selectable": _as_set(selectable),
        "captured": captured_squares,
        "lifted": _as_set(lifted),
        "received": received_squares,
        "selected": _as_set(selected),
        "focus": _as_set(focus),
    }
    squares = tuple(
        SquareScene(p.count(square), p.has_stone(square), tuple(kind for kind in MARKS if square in marked[kind]))
        for square in range(12)
    )
    over = outcome is not None or turn == "over"
    final = over and result
    # The short sum, rather than a line squeezed sideways (issue 46); if one strip needs it, both
    # say their sums that way, so that the two read alike.
    sums = p.score_breakdown(final=True) if final else None
    short = sums is not None and any(len(sums.parts(player)) > FINAL_CHARS for player in (0, 1))
    strips = (
        _strip(p, 0, said, _mark(p, 0, turn, over), final, over and not result, short),
        _strip(p, 1, said, _mark(p, 1, turn, over), final, over and not result, short),
    )

    # The footer: the highlights in words, so colour is never the only cue.
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
        words.append(_("square {name} chosen").format(name=square_name(selected)))
    if outcome is not None and result:  # in a few words: the full sentence is in the title
        result_words = winner_words(outcome.winner, outcome.scores, said)
        words.append(_("game over: {result} ({rule})").format(result=result_words, rule=outcome.rule))
    footer = " · ".join(words)

    if title is None:
        title = _("Ô Ăn Quan board: {state}").format(state=_state_words(p, turn, outcome, result, said))
    desc = describe_position(p, turn, result, said) + (
        "\n" + _("Highlighted: {footer}").format(footer=footer) if footer else ""
    )
    at = received_squares[-1] if received_squares else lifted
    return Scene(
        squares=squares,
        strips=strips,
        to_move=p.to_move,
        hand=hand if at is not None else None,
        hand_at=at if hand is not None else None,
        direction=direction,
        last_square=move.square if move is not None else None,
        footer=tuple(_wrap(footer)),
        title=title,
        desc=desc,
    )
