"""The board as the page receives it: plain data (issue 41).

Every picture travels as its :class:`~oanquan.scene.Scene`'s data (:func:`wire`), a move's
pictures as their changes (:func:`frames`); the page holds one board, drawn at build time by
the same renderer (:func:`picture`), and ``book/_static_play/board-view.js`` fills it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n import _
from ..interact.controller import (
    PlayedMove,
)
from ..interact.pacing import move_frames
from ..move import Move
from ..position import Position
from ..scene import MARKS, Scene, SquareScene, StripScene, board_scene, square_contents, square_label
from ..svg import render


def scene_data(
    position: Position,
    selectable: tuple[int, ...] | list[int] = (),
    selected: int | None = None,
    last_move: Move | None = None,
    names: Sequence[str] | None = None,
    over: bool = False,
    hinted: Move | None = None,
) -> dict[str, Any]:
    """The board after an answer, as data (:func:`wire`), with what each square holds in words.

    ``selectable`` are the squares the player may start a move from and ``selected`` the one
    they clicked; ``over`` says the picture is of the game's end (``turn="over"``), so the
    strips show the final scores. ``what`` says what each square holds, which the page puts
    in its board's names for the squares (a screen reader's: ``{what}`` in each square's
    ``data-name``, :func:`picture`). ``hinted`` is the move a hint names: its square is marked
    (``focus``) and the footer names the move, so the mark is not colour alone.

    >>> shown = scene_data(Position.initial(), selectable=[5, 6, 7, 8, 9])
    >>> shown["m"]["selectable"], shown["what"][7], shown["title"]
    ([5, 6, 7, 8, 9], '5 pebbles', 'Ô Ăn Quan board: Bottom row to move')
    >>> hinted = scene_data(Position.initial(), hinted=Move.parse("5L"))
    >>> hinted["m"]["focus"], hinted["f"]
    ([5], ['hint: 5L'])
    """
    scene = board_scene(
        position,
        selectable=selectable,
        selected=selected,
        last_move=last_move,
        names=names,  # None on the editor's board: the rows' names
        turn="over" if over else None,
        focus=hinted.square if hinted is not None else None,
        note=_("hint: {move}").format(move=hinted) if hinted is not None else "",
    )
    return wire(scene) | {"what": [square_contents(square) for square in scene.squares]}


def picture(data: Mapping[str, Any], id_prefix: str = "oaq-board") -> str:
    """The website's board (SVG) showing the scene ``data`` (:func:`scene_data`), as the page's
    ``board-view.js`` fills it: drawn by :func:`oanquan.svg.render` with every part a scene may
    show (``fillable``), each square's click area named from its template (``data-name``).

    The pages hold one such board, drawn at build time, and fill it from each answer's data.

    >>> svg = picture(scene_data(Position.initial(), selectable=[5, 6, 7, 8, 9]))
    >>> svg.startswith("<svg") and svg.count("data-square=") == 12
    True
    >>> 'aria-label="square 7 in the bottom row: 5 pebbles"' in svg
    True
    """
    return render(scene_of(data), id_prefix=id_prefix, fillable=True, labels=[square_label(sq) for sq in range(12)])


def scene_of(data: Mapping[str, Any]) -> Scene:
    """The scene that the data of :func:`wire` shows: what the page draws from it (the player
    to move, which the data says only in its words, is left out).

    >>> scene = board_scene(Position.initial().play("7R"), last_move="7R", hand=2, received=8)
    >>> shown = scene_of(wire(scene))
    >>> shown.squares == scene.squares, shown.footer == scene.footer, shown.hand_at, shown.title == scene.title
    (True, True, 8, True)
    """
    marks = data.get("m") or {}
    squares = tuple(
        SquareScene(pebbles, square in data["q"], tuple(kind for kind in MARKS if square in marks.get(kind, ())))
        for square, pebbles in enumerate(data["n"])
    )
    strips = tuple(StripScene(*s) for s in data["s"])
    hand = data.get("h")
    return Scene(
        squares=squares,
        strips=(strips[0], strips[1]),
        to_move=0,
        hand=hand[0] if hand else None,
        hand_at=hand[1] if hand else None,
        direction=data.get("d"),
        last_square=data.get("l"),
        footer=tuple(data.get("f", ())),
        title=data.get("title", ""),
        desc=data.get("desc", ""),
    )


def wire(scene: Scene, words: bool = True) -> dict[str, Any]:
    """A scene as the page receives it: plain data, which the page's board fills itself with (no markup).

    Its keys are short, since a move's pictures repeat them (``board-view.js`` reads them):

    ====== ==============================================================================
    ``n``  the pebbles in each square (a move's later pictures: ``{square: pebbles}``, those that changed)
    ``q``  the squares that hold their Mandarin stone
    ``m``  for each highlight (:data:`~oanquan.scene.MARKS`) the squares it marks
    ``s``  each player's strip: heading, detail, debts, mark (``to_move``...) and its words
    ``h``  the pebbles in the hand and the square they are over, or null
    ``d``  the sowing's direction, or null; ``l`` the square of the last move, or null
    ``f``  the footer's lines
    ====== ==============================================================================

    With ``words``, the title and the description a screen reader says (``title``, ``desc``;
    a move's pictures go without them: the reader hears the move once it is shown,
    :func:`~oanquan.interact.view.announcement`).

    >>> data = wire(board_scene(Position.initial(), selectable=(5, 6)))
    >>> data["n"][:3], data["q"], data["m"], data["s"][0][3]
    ([5, 5, 5], [10, 11], {'selectable': [5, 6]}, 'to_move')
    """
    squares = scene.squares
    data: dict[str, Any] = {
        "n": [shown.pebbles for shown in squares],
        "q": [square for square, shown in enumerate(squares) if shown.stone],
        "m": {
            kind: marked
            for kind in MARKS
            if (marked := [square for square, shown in enumerate(squares) if kind in shown.marks])
        },
        "s": [[s.heading, s.detail, s.debts, s.mark, s.mark_words] for s in scene.strips],
        "h": [scene.hand, scene.hand_at] if scene.hand is not None else None,
        "d": scene.direction,
        "l": scene.last_square,
        "f": list(scene.footer),
    }
    if words:
        data |= {"title": scene.title, "desc": scene.desc}
    return data


#: The most pictures a move is shown with on the website: a long relay is shown with fewer
#: than in a notebook (:data:`~oanquan.interact.pacing.MAX_MOVE_FRAMES`), its plain drops
#: thinned, so that an answer stays small (issue 41: at most 12 KB).
WEB_MOVE_FRAMES = 32


def frames(played: PlayedMove, limit: int = WEB_MOVE_FRAMES) -> list[dict[str, Any]]:
    """The animation of one move as the page receives it: each picture's caption, kind and changes.

    The first frame shows the position before the move and who plays it (not yet what it
    does); then comes one frame per event of the engine's trace, at most ``limit`` in all
    (a long sowing thinned, :func:`oanquan.interact.pacing.animation_events`). A frame has its
    caption (``c``), its kind (``k``: ``move`` for the first, else the event's) and the fields
    of its scene (:func:`wire`, without the screen reader's words): the first frame all of
    them and the words that start each later caption (``p``, "Move 1, 7R: "); each later
    frame its caption without those words and only the fields that changed: of the pebbles
    (``n``) the squares whose count changed, of the strips (``s``) the one that changed
    (null for the other). The page keeps the scene and updates it, plain data both ways.

    >>> from oanquan.interact.controller import Controller
    >>> shown = frames(Controller().play("7R")[0])
    >>> shown[0]["c"], shown[0]["p"], shown[0]["k"]
    ('Move 1: Bottom row plays 7R.', 'Move 1, 7R: ', 'move')
    >>> shown[1]["c"]
    'R3.3 — Bottom row lifts the 5 pebbles of square 7 and sows them to the right (R).'
    >>> shown[2]["k"], shown[2]["n"], shown[2]["m"], shown[2]["h"], shown[2]["f"]
    ('drop', {'8': 6}, {'received': [8]}, [4, 8], ['dropped in 8 · 4 in hand · sowing R'])
    """
    prefix = _("Move {number}, {move}: ").format(number=played.number, move=played.move)
    sent: list[dict[str, Any]] = []
    before: dict[str, Any] = {}
    for frame in move_frames(played, limit):
        now = wire(frame.scene, words=False)
        if not before:
            sent.append({"c": frame.caption, "k": "move", "p": prefix} | now)
            before = now
            continue
        changed = {key: value for key, value in now.items() if before[key] != value}
        if "n" in changed:  # a drop changes one or two squares: only theirs
            counts = zip(before["n"], now["n"], strict=True)
            changed["n"] = {str(square): new for square, (old, new) in enumerate(counts) if old != new}
        if "s" in changed:
            changed["s"] = [new if new != old else None for old, new in zip(before["s"], now["s"], strict=True)]
        kind = frame.event.kind if frame.event else "move"
        sent.append({"c": frame.caption.removeprefix(prefix), "k": kind} | changed)
        before = now
    return sent
