"""Setting up a position by clicking: the editing rules, written once.

:class:`Editor` holds what a position editor shows (the pebbles of each square,
the Mandarin stones, the stores, captured stones, debts, the player to move and
the rule options), takes the editing actions (a click adds or removes a pebble,
an exact count, a stone, a store...) and asks the engine, after each one, whether
the whole is a valid position (:class:`~oanquan.position.Position` checks it). Both
views are thin: :class:`oanquan.widgets.PositionEditor` in a notebook and the web
bridge (:mod:`oanquan.web`, the ``editor`` and ``edit`` requests) on the website.

Every action is checked strictly: a square outside 0-11, a count that is not a
whole number from 0 to 1000, a stone outside a Mandarin square or a player other
than 0 or 1 is refused with an :class:`EditError` that quotes it, and the editor
is left as it was.

>>> e = Editor()
>>> e.click(3)
>>> e.position.count(3), e.message
(6, 'Valid position: 71 points in all; Bottom row to move.')
>>> e.click(11, "remove")
>>> e.message
'Square M1 has no pebbles to remove.'
>>> e.click(12)
Traceback (most recent call last):
...
oanquan.interact.editor.EditError: a square is a whole number 0-11 (10 = M0, 11 = M1), not 12

It needs only the standard library, like the rest of the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final, Literal

from ..board import ROW_NAMES, square_name
from ..errors import OAnQuanError, problem_words, reader_words
from ..errors import quote as quote_input
from ..i18n import N_, _
from ..narrate import outcome_words, row_names
from ..position import MAX_PEBBLES, Position
from ..rules import Rules

__all__ = ["MODES", "EditError", "Editor"]

#: What a click on a square does: add a pebble, take one away, or only select the square.
MODES: Final[tuple[str, ...]] = ("add", "remove", "select")

#: The numbers of a position that belong to a player, and the largest each may be.
PLAYER_FIELDS: Final[dict[str, int]] = {"stores": MAX_PEBBLES, "captured": 2, "debts": MAX_PEBBLES}

#: Those numbers in a reader's words.
PLAYER_WORDS: Final[dict[str, str]] = {"stores": N_("store"), "captured": N_("captured stones"), "debts": N_("debt")}


class EditError(OAnQuanError):
    """An editing action the editor does not take (a square, count or player out of range...).

    The editor's problems are its own: their codes and a reader's words for them live here.

    >>> from oanquan.errors import reader_words
    >>> reader_words(EditError(code="bad-square", value="12"))
    'A square is a whole number 0-11, not 12.'
    """

    default_code = "bad-edit"
    problems: ClassVar[Mapping[str, str]] = {
        "bad-edit": N_("the editor cannot make this change"),
        "unknown-edit": N_("the editor has no change called {action}"),
        "edit-extra": N_("this change takes no {field}"),
        "edit-missing": N_("this change needs {field}"),
        "bad-count": N_("the {what} must be a whole number from 0 to {top}"),
        "square-full": N_("square {square} already holds {most} pebbles, the most allowed"),
        "bad-player-count": N_("{row}: the {what} must be a whole number from 0 to {top}"),
        "bad-mode": N_("a click adds a pebble, removes one or selects the square, not {value}"),
        "stone-not-mandarin": N_("only a Mandarin square holds a stone, not square {square}"),
        "bad-stone": N_("a stone is there or not there, not {value}"),
        "bad-player-field": N_("a player's number is stores, captured or debts, not {value}"),
        "bad-square": N_("a square is a whole number 0-11, not {value}"),
        "bad-player": N_("a player is 0 or 1, not {value}"),
    }


def _whole(value: object, name: str, top: int, code: str = "bad-count", **fields: object) -> int:
    """``value`` as a whole number from 0 to ``top``, or an :class:`EditError` that quotes it.

    ``code`` and ``fields`` name the number for a reader (``name`` is the programmer's name of it).
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        message = f"{name} must be a whole number from 0 to {top}, not {quote_input(value)}"
        raise EditError(message, code=code, top=top, **({"what": N_("number of pebbles")} | fields))
    return value


class Editor:
    """A position being set up: its parts, the selected square, and the engine's word on it.

    ``position`` is the valid :class:`Position` the parts make (``None`` while they
    make none) and ``message`` what to tell the person editing; ``kind`` is
    ``"error"`` when the message is an objection, ``"info"`` otherwise.
    """

    def __init__(self, position: Position | None = None, *, rules: Rules | None = None) -> None:
        """An editor starting from ``position`` (the opening under ``rules`` by default)."""
        start = position if position is not None else Position.initial(rules)
        self.selected = 0
        self.mode = "add"
        self.position: Position | None = start
        self.message = ""
        self.kind: Literal["info", "error"] = "info"
        self.load(start)

    # ------------------------------------------------------------ actions

    def load(self, position: Position) -> None:
        """Set every part from ``position`` (rule options included)."""
        self.pebbles = list(position.pebbles)
        self.stones = list(position.stones)
        self.stores = list(position.stores)
        self.captured = list(position.captured_stones)
        self.debts = list(position.debts)
        self.to_move = position.to_move
        self.rules = position.rules
        self.rebuild()

    def click(self, square: object, mode: object = None) -> None:
        """Select ``square`` and, in mode ``"add"`` or ``"remove"`` (by default the editor's mode), add or take one.

        >>> e = Editor()
        >>> e.click(10, "select")
        >>> e.selected, e.position.count(10)
        (10, 0)
        """
        square = self._square(square)
        if mode is not None:
            self.set_mode(mode)
        self.selected = square
        if self.mode == "add":
            if self.pebbles[square] >= MAX_PEBBLES:
                raise EditError(code="square-full", square=square_name(square), most=MAX_PEBBLES)
            self.pebbles[square] += 1
        elif self.mode == "remove":
            if self.pebbles[square] == 0:
                self.rebuild(_("Square {name} has no pebbles to remove.").format(name=square_name(square)))
                return
            self.pebbles[square] -= 1
        self.rebuild()

    def set_mode(self, mode: object) -> None:
        """What a click does from now on: ``"add"``, ``"remove"`` or ``"select"``."""
        if mode not in MODES:
            raise EditError(
                f"a click mode is 'add', 'remove' or 'select', not {quote_input(mode)}",
                code="bad-mode",
                value=quote_input(mode),
            )
        self.mode = str(mode)

    def set_count(self, count: object, square: object = None) -> None:
        """Put exactly ``count`` pebbles in ``square`` (the selected one by default).

        >>> e = Editor()
        >>> e.set_count(0, 5)
        >>> e.position.to_text()
        '5,5,5,5,5,0,5,5,5,5 Q,Q 0,0 0,0 0'
        """
        if square is not None:
            self.selected = self._square(square)
        self.pebbles[self.selected] = _whole(count, "a number of pebbles", MAX_PEBBLES)
        self.rebuild()

    def set_stone(self, stone: object, square: object = None) -> None:
        """Put a Mandarin stone in (``True``) or take it out of (``False``) a Mandarin square (R2.2).

        >>> Editor().set_stone(True, 4)
        Traceback (most recent call last):
        ...
        oanquan.interact.editor.EditError: only a Mandarin square (M0 = 10, M1 = 11) holds a stone, not square 4
        """
        if square is not None:
            self.selected = self._square(square)
        if self.selected < 10:
            raise EditError(
                f"only a Mandarin square (M0 = 10, M1 = 11) holds a stone, not square {square_name(self.selected)}",
                code="stone-not-mandarin",
                square=square_name(self.selected),
            )
        if not isinstance(stone, bool):
            raise EditError(
                f"a stone is true (there) or false (not there), not {quote_input(stone)}",
                code="bad-stone",
                value=quote_input(stone),
            )
        self.stones[self.selected - 10] = stone
        self.rebuild()

    def set_player_field(self, name: object, player: object, value: object) -> None:
        """Set player ``player``'s ``"stores"``, ``"captured"`` (stones) or ``"debts"`` (R6.2).

        >>> e = Editor()
        >>> e.set_player_field("stores", 1, 7)
        >>> e.position.stores
        (0, 7)
        """
        if not isinstance(name, str) or name not in PLAYER_FIELDS:  # a list or an object is not hashable
            raise EditError(
                f"a player's number is 'stores', 'captured' or 'debts', not {quote_input(name)}",
                code="bad-player-field",
                value=quote_input(name),
            )
        side = self._player(player)
        words = PLAYER_WORDS[str(name)]
        number = _whole(
            value,
            f"player {side}'s {name}",
            PLAYER_FIELDS[str(name)],
            "bad-player-count",
            what=words,
            player=side,
            row=ROW_NAMES[side],  # the player named by their row, as the view-model names friends
        )
        getattr(self, str(name))[side] = number
        self.rebuild()

    def set_to_move(self, player: object) -> None:
        """Whose turn it is: 0 or 1."""
        self.to_move = self._player(player)
        self.rebuild()

    def load_text(self, text: str) -> None:
        """Set everything from a position text (RULES §10), read by the engine under the editor's rules.

        A text the engine refuses leaves the editor as it was, with the engine's objection.

        >>> e = Editor()
        >>> e.load_text("0,0,0,0,1,0,2,0,3,4 Q,0 0,0 0,0 1")
        >>> e.position.count(9), e.position.to_move
        (4, 1)
        >>> e.load_text("5,5")
        >>> e.kind, e.position.count(9)
        ('error', 4)
        """
        self._read(Position.from_text, text, self.rules)

    def load_json(self, text: str) -> None:
        """Set everything, rule options included, from JSON such as :meth:`Position.to_json` writes."""
        self._read(Position.from_json, text)

    def _read(self, read: Callable[..., Position], *args: object) -> None:
        """Set everything from the position ``read`` makes of ``args``; a refusal leaves the editor as it was."""
        try:
            position = read(*args)
        except OAnQuanError as error:
            self._say(reader_words(error), "error")  # the reader's words, quoting the text
            return
        self.load(position)

    # ------------------------------------------------------------ the engine's word

    def rebuild(self, note: str = "") -> None:
        """Ask the engine for the position the parts describe, and say what it says (``note``: an objection)."""
        try:
            position = Position(
                tuple(self.pebbles),
                (self.stones[0], self.stones[1]),
                (self.stores[0], self.stores[1]),
                (self.captured[0], self.captured[1]),
                (self.debts[0], self.debts[1]),
                self.to_move,
                self.rules,
            )
        except OAnQuanError as error:
            self.position = None
            self._say(_("Not a valid position: {error}").format(error=problem_words(error)), "error")
            return
        self.position = position
        outcome = position.outcome()
        if note:
            self._say(note, "error")
        elif outcome is not None:
            self._say(
                _("Valid, but the game is already over here: {result}").format(
                    result=outcome_words(outcome, row_names())
                )
            )
        else:
            self._say(
                _("Valid position: {n} points in all; {name} to move.").format(
                    n=position.total_points(), name=row_names().said[position.to_move]
                )
            )

    def shown(self) -> Position:
        """The position to draw: the valid one, or the opening under the editor's rules while there is none."""
        return self.position if self.position is not None else Position.initial(self.rules)

    def to_dict(self) -> dict[str, Any]:
        """What a page shows of the editor, as JSON-ready values (the picture apart)."""
        position = self.position
        return {
            "valid": position is not None,
            "text": position.to_text() if position is not None else "",
            "json": position.to_json() if position is not None else "",
            "message": self.message,
            "kind": self.kind,
            "selected": self.selected,
            "selected_name": square_name(self.selected),
            "count": self.pebbles[self.selected],
            "stone": self.stones[self.selected - 10] if self.selected >= 10 else None,
            "mode": self.mode,
            "to_move": self.to_move,
            "stores": list(self.stores),
            "captured": list(self.captured),
            "debts": list(self.debts),
            "rules": self.rules.changes(),
        }

    # ------------------------------------------------------------ checks

    def _say(self, text: str, kind: Literal["info", "error"] = "info") -> None:
        self.message = text
        self.kind = kind

    @staticmethod
    def _square(square: object) -> int:
        if isinstance(square, bool) or not isinstance(square, int) or not 0 <= square < 12:
            raise EditError(
                f"a square is a whole number 0-11 (10 = M0, 11 = M1), not {quote_input(square)}",
                code="bad-square",
                value=quote_input(square),
            )
        return square

    @staticmethod
    def _player(player: object) -> int:
        if player not in (0, 1) or isinstance(player, bool):
            raise EditError(
                f"a player is 0 or 1, not {quote_input(player)}", code="bad-player", value=quote_input(player)
            )
        return int(player)

    def __repr__(self) -> str:
        shown = self.position.to_text() if self.position is not None else "invalid"
        return f"Editor({shown!r})"
