"""Plain-language captions for the events of a move, each naming its rule.

The step-through player, the terminal game and the website's play page all
use these, so a learner reads the same words everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import M0, ROW_NAMES, next_square, square_name
from .events import STOP_KINDS, Event
from .i18n import N_, _, ngettext
from .position import Outcome, Termination

__all__ = [
    "Names",
    "and_list",
    "as_names",
    "caption",
    "describe_move",
    "end_words",
    "move_phrase",
    "outcome_words",
    "pebble_words",
    "row_names",
    "who",
    "winner_words",
]


class Names(tuple[str, str]):
    """What a reader's text calls the two players: the pair (player 0, player 1) as labels write them.

    Every surface gets its names from the view-model (:attr:`Controller.names
    <oanquan.interact.controller.Controller.names>`): against the computer "You" and
    "Computer", between friends the names the players give, by default the rows'.
    ``said`` are the names a sentence uses ("the computer" rather than "Computer"), and
    ``you`` the side of the reader playing the computer, whom a sentence addresses
    ("you capture", not "You captures"). "Player 0" and "Player 1" are the notation's
    names, for the position text and the record only: a reader's text never says them.

    >>> names = Names(("You", "Computer"), said=("you", "the computer"), you=0)
    >>> names, names.said[1], names.you
    (('You', 'Computer'), 'the computer', 0)
    """

    said: tuple[str, str]
    you: int | None

    def __new__(cls, labels: Sequence[str], said: Sequence[str] | None = None, you: int | None = None) -> Names:
        """The names ``labels``, said in sentences as ``said`` (by default the labels)."""
        self = super().__new__(cls, (labels[0], labels[1]))
        spoken = said if said is not None else labels
        self.said = (spoken[0], spoken[1])
        self.you = you
        return self


def as_names(names: Sequence[str] | None) -> Names:
    """``names`` as :class:`Names`; None gives the rows' names (:func:`row_names`), the library's default.

    >>> as_names(None), as_names(["Ann", "Binh"]).said
    (('Bottom row', 'Top row'), ('Ann', 'Binh'))
    """
    if isinstance(names, Names):
        return names
    if names is None:
        return row_names()
    return Names(names)


def row_names() -> Names:
    """The names of two players who give none: their rows' (R1.1), as the view-model names friends.

    >>> row_names()
    ('Bottom row', 'Top row')
    """
    return Names((_(ROW_NAMES[0]), _(ROW_NAMES[1])))


def who(names: Names, player: int, you_said: str, said: str, to_you: str = "", **fields: object) -> str:
    """A sentence about ``player``: ``you_said`` when they are the reader ("you lift"), else ``said`` with their name,
    or ``to_you``, if given, when the reader is the other player ("the computer repays you").

    The messages are translated here (mark them with ``N_``); ``{name}`` in ``said`` and ``to_you`` is
    the player's name, as sentences say it.

    >>> who(Names(("You", "Computer"), you=0), 0, N_("you win"), N_("{name} wins"))
    'you win'
    >>> who(Names(("Bottom row", "Top row")), 1, N_("you win"), N_("{name} wins"))
    'Top row wins'
    >>> against = Names(("You", "Computer"), ("you", "the computer"), you=0)
    >>> who(against, 1, N_("you win"), N_("{name} wins"), N_("{name} beats you"))
    'the computer beats you'
    """
    if names.you == player:
        return _(you_said).format(**fields)
    message = to_you if to_you and names.you == 1 - player else said
    return _(message).format(name=names.said[player], **fields)


def winner_words(winner: int | None, scores: tuple[int, int], names: Sequence[str] | None = None) -> str:
    """Who won and the score, the winner's first as people say it, with the players' ``names``.

    >>> winner_words(1, (30, 40), Names(("You", "Computer"), ("you", "the computer"), you=0))
    'the computer wins 40-30'
    >>> winner_words(0, (40, 30), Names(("You", "Computer"), you=0)), winner_words(None, (35, 35))
    ('you win 40-30', 'draw, 35-35')
    >>> winner_words(0, (40, 30))
    'Bottom row wins 40-30'
    """
    a, b = scores
    if winner is None:
        return _("draw, {a}-{b}").format(a=a, b=b)
    high, low = max(a, b), min(a, b)
    return who(as_names(names), winner, N_("you win {high}-{low}"), N_("{name} wins {high}-{low}"), high=high, low=low)


_SIDE = {"R": N_("to the right (R)"), "L": N_("to the left (L)")}


def square_words(square: int | None, sides: bool = False) -> str:
    """A square in words: "square 7", "Mandarin square M0", or with ``sides`` "the right Mandarin M0".

    >>> square_words(7), square_words(10), square_words(11, sides=True)
    ('square 7', 'Mandarin square M0', 'the left Mandarin M1')
    """
    if square is None:
        return "?"
    name = square_name(square)
    if square < 10:
        return _("square {name}").format(name=name)
    if sides:
        return _(N_("the right Mandarin {name}") if square == M0 else N_("the left Mandarin {name}")).format(name=name)
    return _("Mandarin square {name}").format(name=name)


def pebble_words(n: int) -> str:
    """``n`` pebbles in words, singular or plural as the language says.

    >>> pebble_words(1), pebble_words(5)
    ('1 pebble', '5 pebbles')
    """
    return ngettext("{n} pebble", "{n} pebbles", n).format(n=n)


def _gap_words(capture: Event) -> str:
    """The empty square just before a captured one, in words (R5.1, R5.2, R5.5)."""
    if capture.square is not None and capture.direction is not None:
        gap = next_square(capture.square, "L" if capture.direction == "R" else "R")
        if gap >= 10:
            return _("the empty Mandarin square {name}, a gap like any other (R5.5)").format(name=square_name(gap))
    return _("an empty square")


def caption(event: Event, names: Sequence[str] | None = None) -> str:
    """One sentence describing ``event``, starting with its rule number, the players called ``names``.

    The sentence after the rule number always starts with a capital letter. Without
    ``names`` the players are their rows (:func:`row_names`); every surface
    passes the view-model's (:class:`Names`).

    >>> from oanquan import Position
    >>> _, events = Position.initial().play_traced("7R")
    >>> caption(events[0])
    'R3.3 — Bottom row lifts the 5 pebbles of square 7 and sows them to the right (R).'
    >>> print(caption([e for e in events if e.kind == "relay"][0]))
    R3.4b — Relay: the next square, 2, holds 5 pebbles; lift them and keep sowing to the right (R).
    >>> _, events = Position.from_text("0,0,0,0,0,0,0,1,0,0 Q,0 30,29 0,0 0").play_traced("7R")
    >>> print(caption(events[0]))
    R3.3 — Bottom row lifts the 1 pebble of square 7 and sows it to the right (R).
    >>> print(caption([e for e in events if e.kind == "capture"][0]))
    R5.1 — An empty square, then Mandarin square M0: Bottom row captures its Mandarin stone.
    >>> _, events = Position.from_text("3,1,1,1,1,0,1,0,0,4 0,Q 20,20+Q 0,0 0").play_traced("6R")
    >>> print(caption([e for e in events if e.kind == "capture"][1]))  # doctest: +NORMALIZE_WHITESPACE
    R5.2 — Chain: the empty Mandarin square M0, a gap like any other (R5.5),
    then square 0: Bottom row captures its 3 pebbles.
    >>> _, events = Position.from_text("0,0,0,0,0,0,0,1,0,0 Q,0 30,29 0,0 0").play_traced("7R")
    >>> print(caption([e for e in events if e.kind == "sweep"][1]))
    R7.4 — Top row has no pebbles left on their row to take.
    >>> vs = Names(("Computer", "You"), ("the computer", "you"), you=1)
    >>> print(caption(events[0], vs))
    R3.3 — The computer lifts the 1 pebble of square 7 and sows it to the right (R).
    >>> print(caption([e for e in events if e.kind == "sweep"][1], vs))
    R7.4 — You have no pebbles left on your row to take.
    """
    body = _sentence(event, as_names(names))
    return f"{event.rule} — {body[:1].upper()}{body[1:]}"


def _sentence(event: Event, names: Names) -> str:
    """The sentence of :func:`caption` after its rule number, before its first letter is capitalised."""
    e = event
    where = square_words(e.square)
    side = _(_SIDE[e.direction]) if e.direction in _SIDE else ""
    kind = e.kind
    player, n = e.player, e.pebbles
    other = names.said[1 - player]
    if kind == "borrow":
        return who(
            names,
            player,
            N_("your store is short, so you borrow {pebbles} from {other}'s store, a debt repaid at the end."),
            N_("{name}'s store is short, so they borrow {pebbles} from {other}'s store, a debt repaid at the end."),
            N_("{name}'s store is short, so it borrows {pebbles} from your store, a debt repaid at the end."),
            other=other,
            pebbles=pebble_words(n),
        )
    if kind == "refill":
        return who(
            names,
            player,
            N_("thả cá: your row is empty, so you put one pebble from your store into each of your five squares."),
            N_(
                "thả cá: {name}'s row is empty, so they put one pebble "
                "from their store into each of their five squares."
            ),
        )
    if kind == "lift":
        fields = {"pebbles": pebble_words(n), "square": where, "side": side}
        if names.you == player:
            return ngettext(
                "You lift the {pebbles} of {square} and sow it {side}.",
                "You lift the {pebbles} of {square} and sow them {side}.",
                n,
            ).format(**fields)
        return ngettext(
            "{name} lifts the {pebbles} of {square} and sows it {side}.",
            "{name} lifts the {pebbles} of {square} and sows them {side}.",
            n,
        ).format(name=names.said[player], **fields)
    if kind == "drop":
        left = (
            _("the hand is empty") if e.hand == 0 else _("{pebbles} left in hand").format(pebbles=pebble_words(e.hand))
        )
        return _("Drop one pebble into {square}; {left}.").format(square=where, left=left)
    if kind == "relay":
        return ngettext(
            "relay: the next square, {name}, holds {pebbles}; lift it and keep sowing {side}.",
            "relay: the next square, {name}, holds {pebbles}; lift them and keep sowing {side}.",
            n,
        ).format(name=square_name(e.square or 0), pebbles=pebble_words(n), side=side)
    if kind == "mandarin_stop":
        if e.rule == "R5.5":
            return _(
                "The next square is {square}; with these rules an empty Mandarin square is no gap: the chain stops."
            ).format(square=where)
        return _("The next square is {square}: the turn ends.").format(square=where)
    if kind == "capture":
        if not e.stones:
            what = _("its {pebbles}").format(pebbles=pebble_words(n))
        elif n:
            what = _("its {pebbles} and its Mandarin stone").format(pebbles=pebble_words(n))
        else:
            what = _("its Mandarin stone")
        taker = who(names, player, N_("you capture {what}"), N_("{name} captures {what}"), what=what)
        template = (
            _("chain: {gap}, then {square}: {taker}.") if e.rule == "R5.2" else _("{gap}, then {square}: {taker}.")
        )
        return template.format(gap=_gap_words(e), square=where, taker=taker)
    if kind == "double_empty":
        return _("Two empty squares in a row from {square}: the turn ends.").format(square=where)
    if kind == "young_mandarin":
        return _(
            "{square} is a young Mandarin (quan non: its stone and only {pebbles}): "
            "it cannot be captured, and the turn ends."
        ).format(square=where, pebbles=pebble_words(n))
    if kind == "chain_end":
        return _("The next square, {name}, is not empty, so nothing more is captured: the turn ends.").format(
            name=square_name(e.square or 0)
        )
    if kind == "game_end":
        return _("The game is over: {reason}.").format(reason=end_words(Termination(e.rule)))
    if kind == "sweep":
        if not n:
            return who(
                names,
                player,
                N_("you have no pebbles left on your row to take."),
                N_("{name} has no pebbles left on their row to take."),
            )
        return who(
            names,
            player,
            N_("you take the {pebbles} left on your row."),
            N_("{name} takes the {pebbles} left on their row."),
            pebbles=pebble_words(n),
        )
    if kind == "repay":
        return who(
            names,
            player,
            N_("you repay the {pebbles} borrowed from {other}."),
            N_("{name} repays the {pebbles} borrowed from {other}."),
            N_("{name} repays the {pebbles} borrowed from you."),
            pebbles=pebble_words(n),
            other=other,
        )
    return kind


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
            parts.append(_("borrows {n}").format(n=e.pebbles))
        elif e.kind == "refill":
            parts.append(_("thả cá"))
        elif e.kind == "relay":
            parts.append(_("relay from {name}").format(name=name))
        elif e.kind == "capture":
            template = _("captures {name} ({pebbles} and a stone)") if e.stones else _("captures {name} ({pebbles})")
            parts.append(template.format(name=name, pebbles=pebble_words(e.pebbles)))
        elif e.kind == "mandarin_stop":
            parts.append(_("stops at {name}").format(name=name))
        elif e.kind == "double_empty":
            parts.append(_("two empty squares"))
        elif e.kind == "young_mandarin":
            parts.append(_("{name} is a young Mandarin").format(name=name))
    return "; ".join(parts)


def and_list(items: list[str]) -> str:
    """``items`` joined as a sentence lists them: "a", "a and b", "a, b and c".

    >>> and_list(["0"]), and_list(["0", "3"]), and_list(["0", "3", "4"])
    ('0', '0 and 3', '0, 3 and 4')
    """
    if len(items) < 2:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def _contents(event: Event) -> str:
    pebbles = pebble_words(event.pebbles)
    if not event.stones:
        return pebbles
    return _("stone and {pebbles}").format(pebbles=pebbles) if event.pebbles else _("stone")


def move_phrase(events: tuple[Event, ...] | list[Event]) -> str:
    """What a move does, as a verb phrase after the move's name, from its trace (puzzle explanations).

    The puzzles' explanations are written with it (``authoring/puzzles.py``).

    >>> from oanquan import Position
    >>> move_phrase(Position.initial().play_traced("5L")[1])
    'relays from square 0 and captures the left Mandarin M1 (stone and 1 pebble)'
    >>> move_phrase(Position.initial().play_traced("7R")[1])
    'relays from square 2 and captures square 8 (6 pebbles)'
    """
    parts: list[str] = []
    relays = [str(e.square) for e in events if e.kind == "relay"]
    if any(e.kind == "refill" for e in events):
        borrowed = sum(e.pebbles for e in events if e.kind == "borrow")
        template = _("releases the fish (thả cá, borrowing {n})") if borrowed else _("releases the fish (thả cá)")
        parts.append(template.format(n=borrowed))
    if relays:
        parts.append(
            ngettext("relays from square {squares}", "relays from squares {squares}", len(relays)).format(
                squares=and_list(relays)
            )
        )
    captures = [e for e in events if e.kind == "capture"]
    if captures:
        taken = and_list([f"{square_words(e.square, sides=True)} ({_contents(e)})" for e in captures])
        template = _("captures {taken} in a chain") if len(captures) > 1 else _("captures {taken}")
        parts.append(template.format(taken=taken))
    else:
        stop = next((e for e in events if e.kind in STOP_KINDS), None)
        if stop is not None and stop.kind == "double_empty":
            parts.append(_("stops at two empty squares without a capture"))
        elif stop is not None and stop.kind == "young_mandarin":
            parts.append(
                _("reaches {where}, too young to capture, and stops").format(
                    where=square_words(stop.square, sides=True)
                )
            )
        elif stop is not None and stop.square is not None:
            parts.append(
                _("stops before {where} without a capture").format(where=square_words(stop.square, sides=True))
            )
        else:  # pragma: no cover - every trace has a stop event
            parts.append(_("captures nothing"))
    return and_list(parts)


#: Why a game ended (RULES §7), in a reader's words: no option name, no rule number.
_END_WORDS = {
    Termination.MANDARINS_EMPTY: N_("both Mandarin squares are empty"),
    Termination.CANNOT_RELEASE: N_("the player to move has an empty row and too few pebbles to release (thả cá)"),
    Termination.PLY_LIMIT: N_("the game reached its length limit"),
}


def end_words(termination: Termination) -> str:
    """Why a game ended, in the language spoken: the one place these words live.

    The view-model (:mod:`oanquan.interact.view`) and the move captions say them.

    >>> end_words(Termination.MANDARINS_EMPTY), end_words(Termination.PLY_LIMIT)
    ('both Mandarin squares are empty', 'the game reached its length limit')
    """
    return _(_END_WORDS[termination])


def outcome_words(outcome: Outcome, names: Sequence[str] | None = None) -> str:
    """The end of a game in one sentence, with the players' ``names``: who won, the score, why (R7).

    >>> outcome_words(Outcome(Termination.PLY_LIMIT, 1, (32, 38)), ["Bottom row", "Top row"])
    'Top row wins 38-32: the game reached its length limit (R7.3).'
    >>> outcome_words(Outcome(Termination.CANNOT_RELEASE, None, (35, 35)))[:12]
    'Draw, 35-35:'
    """
    said = winner_words(outcome.winner, outcome.scores, names)
    return _("{result}: {reason} ({rule}).").format(
        result=said[:1].upper() + said[1:], reason=end_words(outcome.termination), rule=outcome.rule
    )
