"""Plain-language captions for the events of a move, each naming its rule.

The step-through player, the terminal game and the website's play page all
use these, so a learner reads the same words everywhere.
"""

from __future__ import annotations

from .board import next_square, square_name
from .events import Event
from .position import END_REASONS

__all__ = ["caption", "describe_move"]

_SIDE = {"R": "to the right (R)", "L": "to the left (L)"}


def _sq(square: int | None) -> str:
    if square is None:
        return "?"
    name = square_name(square)
    return f"Mandarin square {name}" if square >= 10 else f"square {name}"


def _pebbles(n: int) -> str:
    return f"{n} pebble" if n == 1 else f"{n} pebbles"


def _gap_words(capture: Event) -> str:
    """The empty square just before a captured one, in words (R5.1, R5.2, R5.5)."""
    if capture.square is None or capture.direction is None:
        return "an empty square"
    gap = next_square(capture.square, "L" if capture.direction == "R" else "R")
    if gap >= 10:
        return f"the empty Mandarin square {square_name(gap)}, a gap like any other (R5.5)"
    return "an empty square"


def caption(event: Event) -> str:
    """One sentence describing ``event``, starting with its rule number.

    The sentence after the rule number always starts with a capital letter.

    >>> from oanquan import Position
    >>> _, events = Position.initial().play_traced("7R")
    >>> caption(events[0])
    'R3.3 — Player 0 lifts the 5 pebbles of square 7 and sows them to the right (R).'
    >>> print(caption([e for e in events if e.kind == "relay"][0]))
    R3.4b — Relay: the next square, 2, holds 5 pebbles; lift them and keep sowing to the right (R).
    >>> _, events = Position.from_text("0,0,0,0,0,0,0,1,0,0 Q,0 30,29 0,0 0").play_traced("7R")
    >>> print(caption(events[0]))
    R3.3 — Player 0 lifts the 1 pebble of square 7 and sows it to the right (R).
    >>> print(caption([e for e in events if e.kind == "capture"][0]))
    R5.1 — An empty square, then Mandarin square M0: player 0 captures its Mandarin stone.
    >>> _, events = Position.from_text("3,1,1,1,1,0,1,0,0,4 0,Q 20,20+Q 0,0 0").play_traced("6R")
    >>> print(caption([e for e in events if e.kind == "capture"][1]))  # doctest: +NORMALIZE_WHITESPACE
    R5.2 — Chain: the empty Mandarin square M0, a gap like any other (R5.5),
    then square 0: player 0 captures its 3 pebbles.
    >>> _, events = Position.from_text("0,0,0,0,0,0,0,1,0,0 Q,0 30,29 0,0 0").play_traced("7R")
    >>> print(caption([e for e in events if e.kind == "sweep"][1]))
    R7.4 — Player 1 has no pebbles left on their row to take.
    """
    text = _sentence(event)
    head, dash, body = text.partition(" — ")
    return f"{head}{dash}{body[:1].upper()}{body[1:]}"


def _sentence(event: Event) -> str:
    """The sentence of :func:`caption`, before its first letter is capitalised."""
    e = event
    head = f"{e.rule} — "
    where = _sq(e.square)
    side = _SIDE.get(e.direction or "", "")
    kind = e.kind
    if kind == "borrow":
        return head + (
            f"Player {e.player}'s store is short, so they borrow {_pebbles(e.pebbles)} "
            f"from player {1 - e.player}'s store, a debt repaid at the end."
        )
    if kind == "refill":
        return head + (
            f"thả cá: player {e.player}'s row is empty, so they put one pebble "
            "from their store into each of their five squares."
        )
    if kind == "lift":
        them = "it" if e.pebbles == 1 else "them"
        return head + f"Player {e.player} lifts the {_pebbles(e.pebbles)} of {where} and sows {them} {side}."
    if kind == "drop":
        left = "the hand is empty" if e.hand == 0 else f"{_pebbles(e.hand)} left in hand"
        return head + f"Drop one pebble into {where}; {left}."
    if kind == "relay":
        return head + (
            f"relay: the next square, {square_name(e.square or 0)}, holds "
            f"{_pebbles(e.pebbles)}; lift {'it' if e.pebbles == 1 else 'them'} and keep sowing {side}."
        )
    if kind == "mandarin_stop":
        if e.rule == "R5.5":
            no_gap = "with these rules an empty Mandarin square is no gap"
            return head + f"The next square is {where}; {no_gap}: the chain stops."
        return head + f"The next square is {where}: the turn ends."
    if kind == "capture":
        if e.stones:
            what = "its Mandarin stone" if not e.pebbles else f"its {_pebbles(e.pebbles)} and its Mandarin stone"
        else:
            what = f"its {_pebbles(e.pebbles)}"
        chain = "chain: " if e.rule == "R5.2" else ""
        return head + f"{chain}{_gap_words(e)}, then {where}: player {e.player} captures {what}."
    if kind == "double_empty":
        return head + f"Two empty squares in a row from {where}: the turn ends."
    if kind == "young_mandarin":
        return head + (
            f"{where} is a young Mandarin (quan non: its stone and only "
            f"{_pebbles(e.pebbles)}): it cannot be captured, and the turn ends."
        )
    if kind == "chain_end":
        return head + (
            f"The next square, {square_name(e.square or 0)}, is not empty, so nothing more is captured: the turn ends."
        )
    if kind == "game_end":
        return head + f"The game is over: {END_REASONS.get(e.rule, e.rule)}."
    if kind == "sweep":
        if not e.pebbles:
            return head + f"Player {e.player} has no pebbles left on their row to take."
        return head + f"Player {e.player} takes the {_pebbles(e.pebbles)} left on their row."
    if kind == "repay":
        return head + (f"Player {e.player} repays the {_pebbles(e.pebbles)} borrowed from player {1 - e.player}.")
    return head + kind


def describe_move(events: tuple[Event, ...] | list[Event]) -> str:
    """A one-line summary of a move's trace: relays, captures and why it stopped.

    >>> from oanquan import Position
    >>> describe_move(Position.initial().play_traced("5L")[1])
    'relay from 0; captures M1 (1 pebble and a stone)'
    """
    parts: list[str] = []
    for e in events:
        name = square_name(e.square) if e.square is not None else ""
        if e.kind == "borrow":
            parts.append(f"borrows {e.pebbles}")
        elif e.kind == "refill":
            parts.append("thả cá")
        elif e.kind == "relay":
            parts.append(f"relay from {name}")
        elif e.kind == "capture":
            stone = " and a stone" if e.stones else ""
            parts.append(f"captures {name} ({_pebbles(e.pebbles)}{stone})")
        elif e.kind == "mandarin_stop":
            parts.append(f"stops at {name}")
        elif e.kind == "double_empty":
            parts.append("two empty squares")
        elif e.kind == "young_mandarin":
            parts.append(f"{name} is a young Mandarin")
    return "; ".join(parts)
