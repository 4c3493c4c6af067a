"""The trace of a move: one :class:`Event` for each thing a teacher would say.

:meth:`Position.play_traced <oanquan.Position.play_traced>` returns the events
of a move in order. Each names the rule it applies (``"R3.4b"``), carries the
squares and counts involved, and the position right after it, so that a viewer
can draw the board after every event without knowing any rule.

Kinds, in the order they can happen in a turn:

=================  =======  ===================================================
kind               rule     meaning
=================  =======  ===================================================
``borrow``         R6.2     the mover borrows ``pebbles`` pebbles for thả cá
``refill``         R6.1     thả cá: one pebble into each of the mover's squares
``lift``           R3.3     the mover lifts ``pebbles`` pebbles from ``square``
``drop``           R3.3     one pebble dropped into ``square``; ``hand`` remain
``relay``          R3.4b    the next square is occupied: lift it and sow on
``mandarin_stop``  R3.4a    the next square is a Mandarin square: turn ends
                   R5.5     (in a chain) an empty Mandarin square is no gap
                            under ``mandarin_gap="never"``: the chain ends
``capture``        R5.1     capture ``square``: ``pebbles`` pebbles, ``stones``
                   R5.2     the same, further along a chain
``double_empty``   R5.3     two empty squares from ``square`` on: turn ends
``young_mandarin`` R5.6     ``square`` is a young Mandarin: it cannot be taken
``chain_end``      R5.4     ``square`` is occupied, so no gap: the turn ends
``game_end``       R7.x     the game is over (``rule`` says why)
``sweep``          R7.4     ``player`` takes the ``pebbles`` pebbles of their row
``repay``          R8.2     ``player`` repays a debt of ``pebbles`` pebbles
=================  =======  ===================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from .board import Direction

if TYPE_CHECKING:
    from .position import Position

__all__ = ["STOP_KINDS", "Event", "EventKind"]

EventKind = Literal[
    "borrow",
    "refill",
    "lift",
    "drop",
    "relay",
    "mandarin_stop",
    "capture",
    "double_empty",
    "young_mandarin",
    "chain_end",
    "game_end",
    "sweep",
    "repay",
]

#: The kinds that end a turn: every move's trace has exactly one of them.
STOP_KINDS = frozenset({"mandarin_stop", "double_empty", "young_mandarin", "chain_end"})


class Event(NamedTuple):
    """One step of a move, with the position right after it.

    A named tuple rather than a dataclass because a traced search makes many
    of them and tuples are cheap to build.

    >>> from oanquan import Position
    >>> _, events = Position.initial().play_traced("7R")
    >>> first = events[0]
    >>> first.kind, first.rule, first.square, first.pebbles
    ('lift', 'R3.3', 7, 5)
    >>> [e.kind for e in events][-2:]
    ['capture', 'chain_end']
    """

    kind: EventKind
    rule: str
    player: int
    position: Position
    square: int | None = None
    pebbles: int = 0
    stones: int = 0
    hand: int = 0
    direction: Direction | None = None
