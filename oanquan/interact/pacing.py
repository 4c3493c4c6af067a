"""Animation pacing: the pictures of a move, bounded, and how fast to show them.

A move with a very long sowing is shown with at most :data:`MAX_MOVE_FRAMES`
pictures (:func:`animation_events` keeps every step that is not a plain drop, one
drop per lap of the ring and the last drop of each handful, then as many of the
other drops as there is room for), so that no answer or page grows without limit;
:func:`pace` fits them into a time budget. The notebook widgets and the website's
bridge animate moves with them (the bridge with a smaller limit for a move whose
pictures would weigh too much: :func:`oanquan.web.frames`).

>>> from oanquan.interact.controller import Controller
>>> len(move_frames(Controller().play("7R")[0]))
15
"""

from __future__ import annotations

from collections.abc import Sequence

from ..events import Event
from ..i18n import _, ngettext
from ..svg import Frame, trace_frames
from .controller import PlayedMove

__all__ = ["MAX_MOVE_FRAMES", "animation_events", "move_frames", "pace"]

#: The most pictures one move is shown with (see :func:`animation_events`).
MAX_MOVE_FRAMES = 120


def animation_events(events: Sequence[Event], limit: int = MAX_MOVE_FRAMES) -> list[tuple[Event, int]]:
    """The events a move is shown with, at most ``limit``, each with the drops left out just before it.

    A move of a few dozen steps is shown whole. A longer one (a 1,000-pebble
    position makes thousands of drops) keeps every event that is not a plain
    drop, and of the drops one per lap of the ring (12 squares) and the last
    of each handful; if that is still too many, drops and then the other
    events are thinned evenly; if there is room left, the drops left out are
    taken back evenly up to ``limit``. The last event is always kept.

    >>> from oanquan import Position
    >>> _, events = Position.initial().play_traced("7R")
    >>> len(animation_events(events)) == len(events)
    True
    >>> big = Position.from_text("999,0,0,0,0,0,0,0,0,1 Q,0 0,0 0,0 1")
    >>> _, events = big.play_traced("0R")
    >>> len(events) > 1000, len(animation_events(events)) <= 120
    (True, True)
    """
    limit = max(2, limit)
    if len(events) <= limit:
        return [(e, 0) for e in events]
    keep = [True] * len(events)
    in_hand = 0
    for i, event in enumerate(events):
        if event.kind != "drop":
            in_hand = 0
            continue
        in_hand += 1
        last_of_handful = i + 1 == len(events) or events[i + 1].kind != "drop"
        keep[i] = last_of_handful or in_hand % 12 == 0
    keep[-1] = True
    for kinds in ({"drop"}, None):  # first thin the drops, then anything but the last
        chosen = [i for i, k in enumerate(keep) if k]
        if len(chosen) <= limit:
            break
        thinnable = [i for i in chosen[:-1] if kinds is None or events[i].kind in kinds]
        fixed = len(chosen) - len(thinnable)
        room = max(0, limit - fixed)
        if room < len(thinnable):
            step = len(thinnable) / room if room else float("inf")
            survivors = {thinnable[int(j * step)] for j in range(room)}
            for i in thinnable:
                keep[i] = i in survivors
    _take_back_drops(keep, limit)
    shown: list[tuple[Event, int]] = []
    skipped = 0
    for event, shown_here in zip(events, keep, strict=True):
        if shown_here:
            shown.append((event, skipped))
            skipped = 0
        elif event.kind == "drop":
            skipped += 1
    return shown


def _take_back_drops(keep: list[bool], limit: int) -> None:
    """Mark drops left out as kept again, evenly spread, until ``limit`` events are kept.

    Keeping only the last drop of each handful can leave a move with half its
    limit; the room left shows more of its drops (only plain drops are ever left out
    while there is room: see :func:`animation_events`).

    >>> keep = [True, False, False, False, True]
    >>> _take_back_drops(keep, 4); keep
    [True, True, False, True, True]
    """
    left_out = [i for i, kept in enumerate(keep) if not kept]
    room = min(limit - (len(keep) - len(left_out)), len(left_out))
    if room <= 0:
        return
    step = len(left_out) / room
    for j in range(room):
        keep[left_out[int(j * step + step / 2)]] = True


def move_frames(played: PlayedMove, limit: int = MAX_MOVE_FRAMES) -> list[Frame]:
    """The pictures of one move: the board before it, saying who plays which move, then its events (at most ``limit``).

    The first caption does not tell what the move will do (:attr:`PlayedMove.opening`): the
    captions follow the animation, and what the move did is said once it is shown.

    The pictures call the players as the mover's controller does (``played.names``).

    >>> from oanquan.interact.controller import Controller
    >>> frames = move_frames(Controller().play("5L")[0])
    >>> frames[0].caption
    'Move 1: Bottom row plays 5L.'
    >>> frames[1].caption
    'Move 1, 5L: R3.3 — Bottom row lifts the 5 pebbles of square 5 and sows them to the left (L).'
    """
    shown = animation_events(played.events, max(1, limit - 1))
    frames = trace_frames(
        played.before,
        [event for event, _ in shown],
        move=played.move,
        start_caption=played.opening,
        prefix=_("Move {number}, {move}: ").format(number=played.number, move=played.move),
        names=played.names,
    )
    for index, (_event, skipped) in enumerate(shown, start=1):
        if skipped:
            frame = frames[index]
            note = " " + ngettext(
                "({n} more pebble dropped before this picture.)",
                "({n} more pebbles dropped before this picture.)",
                skipped,
            ).format(n=skipped)
            frames[index] = frame._replace(caption=frame.caption + note)
    return frames


def pace(frames: int, budget_ms: int, *, slowest: int = 700, fastest: int = 40) -> tuple[int, int]:
    """How to show ``frames`` pictures in about ``budget_ms``: (how many to show, milliseconds each).

    Each picture stays between ``fastest`` and ``slowest`` ms; when even the
    fastest pace would overrun the budget, fewer pictures are shown. A budget
    of 0 means no animation: only the last picture.

    >>> pace(10, 3000), pace(44, 3000), pace(300, 3000), pace(30, 0)
    ((10, 300), (44, 68), (75, 40), (1, 0))
    """
    if budget_ms <= 0 or frames <= 1:
        return (1, 0)
    shown = min(frames, max(2, budget_ms // fastest))
    return (shown, max(fastest, min(slowest, budget_ms // shown)))
