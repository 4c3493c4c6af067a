"""The project's exceptions: for a programmer a message, for a reader a code.

Every error is a :class:`ValueError`, so code that already guards against bad
values keeps working, and every message quotes the input that caused it (and
the position text, where there is one), in the style of python-chess:
``illegal move '3R' in '...': square 3 is empty``.

That message is for the programmer. A reader (a learner at a board, a page)
gets :func:`reader_words`: the error's :attr:`~OAnQuanError.code` looked up in
:data:`PROBLEMS` and filled with the error's :attr:`~OAnQuanError.fields`, in
the language spoken, never with position text, and never by parsing the message.

>>> from oanquan import Position
>>> try:
...     Position.initial().play("2L")
... except OAnQuanError as error:
...     print(error.code, error.fields, reader_words(error), sep="\\n")
not-yours
{'move': '2L', 'square': 2, 'other': 1, 'player': 0}
Square 2 is in the other player's row.
"""

from __future__ import annotations

import math
import reprlib
from collections.abc import Mapping
from typing import ClassVar

from .i18n import N_, _

__all__ = [
    "PROBLEMS",
    "QUOTE_LIMIT",
    "IllegalMoveError",
    "InvalidMoveError",
    "OAnQuanError",
    "PositionFormatError",
    "Quoted",
    "RecordFormatError",
    "RulesError",
    "problem_words",
    "quote",
    "reader_words",
    "sentence",
]

#: The most characters of an input that an error message quotes.
QUOTE_LIMIT = 200


class OAnQuanError(ValueError):
    """Base class of every error the project raises on bad input: a message, a code and fields.

    ``code`` names the problem in :data:`PROBLEMS` (each class has a general
    one for the errors that do not say more); ``fields`` are the values its
    words for readers are filled with. Without a message, the message is
    those words in English.

    >>> from oanquan import Position
    >>> try:
    ...     Position.initial().play("0L")
    ... except OAnQuanError as error:
    ...     print(type(error).__name__, error.code)
    IllegalMoveError not-yours
    >>> str(OAnQuanError(code="no-redo"))
    'there is no move to redo'
    """

    #: The problem when a raise site names none.
    default_code = "bad-input"
    #: The words of the problems a layer above the library raises with its own error class (the
    #: editor's, the bridge's), by code; the library's own are :data:`PROBLEMS`.
    problems: ClassVar[Mapping[str, str]] = {}

    def __init__(self, message: str = "", /, *, code: str = "", **fields: object) -> None:
        self.code = code or self.default_code
        self.fields: dict[str, object] = fields
        super().__init__(message or _fill(_template(self) or self.code, fields, translate=False))


class RulesError(OAnQuanError):
    """A rule option (RULES §9) has a value it cannot take.

    >>> from oanquan import Rules
    >>> Rules(max_plies=-1)
    Traceback (most recent call last):
    ...
    oanquan.errors.RulesError: max_plies must be a whole number from 0 to 1000000, not -1
    """

    default_code = "bad-rules"


class PositionFormatError(OAnQuanError):
    """Text (or JSON) that is not a position in the format of RULES §10.

    >>> from oanquan import Position
    >>> Position.from_text("5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 2")
    Traceback (most recent call last):
    ...
    oanquan.errors.PositionFormatError: bad player to move field '2' in position '...': it must be 0 or 1
    """

    default_code = "bad-position"


class InvalidMoveError(OAnQuanError):
    """Text that is not a move at all, such as ``"7X"`` (RULES §4).

    >>> from oanquan import Move
    >>> Move.parse("7X")
    Traceback (most recent call last):
    ...
    oanquan.errors.InvalidMoveError: invalid move '7X': a move is a square 0-9 and a direction L or R, such as '7R'
    """

    default_code = "invalid-move"


class IllegalMoveError(OAnQuanError):
    """A well-formed move that is not legal in the position it is played in.

    >>> from oanquan import Position
    >>> Position.initial().play("7R").play("2L")
    Traceback (most recent call last):
    ...
    oanquan.errors.IllegalMoveError: illegal move '2L' in '6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0 0,0 1': square 2 is empty
    """

    default_code = "illegal-move"


class RecordFormatError(OAnQuanError):
    """A game record (RULES §4.2) or saved game that cannot be read.

    >>> from oanquan import Game
    >>> Game.from_json("[]")
    Traceback (most recent call last):
    ...
    oanquan.errors.RecordFormatError: a saved game must be a JSON object, not []
    """

    default_code = "bad-record"


class Quoted(str):
    """A value as an error message quotes it: :func:`quote`'s English, and the reader's words for it.

    A value cut to fit says how long it was; :func:`reader_words` says that in the
    reader's language (the message, for the programmer, stays English).
    """

    #: The note on a value cut to fit (English, marked for the catalogue), what it shows and its count.
    note: str = ""
    shown: str = ""
    length: str = ""

    def reader(self) -> str:
        """The quoted value with its note in the language spoken.

        >>> quote("x" * 1000, limit=8).reader()
        "'x...xx' (1,000 characters)"
        """
        return _(self.note).format(shown=self.shown, n=self.length) if self.note else str(self)


def _quoted(shown: str, note: str = "", count: str = "") -> Quoted:
    quoted = Quoted(note.format(shown=shown, n=count) if note else shown)
    quoted.note, quoted.shown, quoted.length = note, shown, count
    return quoted


class _Repr(reprlib.Repr):
    """The standard library's short ``repr``, which also describes a number too long to write out."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * self.maxlong:
            # Python refuses to write out a number of more than 4,300 digits; count them instead.
            return f"<a whole number of about {_digits(x)} digits>"
        return super().repr_int(x, level)


def quote(value: object, limit: int = QUOTE_LIMIT) -> Quoted:
    """``repr(value)`` for an error message, cut by :mod:`reprlib` to about ``limit`` characters.

    A message that quotes a megabyte of input helps nobody, and some values
    (a number of 5,000 digits, a list nested 1,000 deep) cannot even be
    written out: :mod:`reprlib` writes the start and the end of a long text,
    the first items of a long list and the first levels of a deep one, without
    writing the whole value out first (issue 24: a list of 100,000 numbers took
    0.6 s to format before it was cut). A value cut says how long it was.

    >>> quote("7X")
    "'7X'"
    >>> quote("x" * 1000, limit=8)
    "'x...xx' (1,000 characters)"
    >>> quote(10**5000)
    'a whole number of about 5,000 digits'
    >>> quote(list(range(100_000)), limit=30)
    '[0, 1, 2, ...] (100,000 items)'
    >>> quote([[[[[[[[1]]]]]]]])
    '[[[[[[[...]]]]]]]'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return _quoted("", N_("a whole number of about {n} digits"), _digits(value))
    writer = _Repr()
    writer.maxstring = writer.maxother = writer.maxlong = max(limit, 8)
    writer.maxlist = writer.maxtuple = writer.maxset = writer.maxfrozenset = writer.maxdict = max(limit // 10, 1)
    shown = writer.repr(value)
    if len(shown) > limit:  # many items, each short enough: keep the start and the end of the whole
        shown = writer.repr(shown)[1:-1]
    if isinstance(value, str) and len(value) > limit:
        return _quoted(shown, N_("{shown} ({n} characters)"), f"{len(value):,}")
    if isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > writer.maxlist:
        return _quoted(shown, N_("{shown} ({n} items)"), f"{len(value):,}")
    return _quoted(shown)


def _digits(value: int) -> str:
    return f"{round(value.bit_length() * math.log10(2)):,}"


#: Each problem's words for readers, by code: English, marked for the catalogue, with the
#: fields they are filled with. Fields named ``what`` or ``form`` are words too, translated in turn.
PROBLEMS: Mapping[str, str] = {
    # each class's own problem, for the errors that say no more
    "bad-input": N_("the board cannot use this"),
    "bad-rules": N_("these rules cannot be played"),
    "bad-position": N_("this is not a position the board can read"),
    "invalid-move": N_("invalid move: a move is one of your squares and a direction, left or right"),
    "illegal-move": N_("this move cannot be played here"),
    "bad-record": N_("this saved game cannot be read back"),
    "refused": N_("the board cannot do that now"),
    # rule options (RULES §9), as a page's address or a saved game gives them
    "bad-option-choice": N_("the {what} cannot be {value}"),
    "bad-option-number": N_("the {what} must be a whole number from {low} to {high}, not {value}"),
    # positions (RULES §10), as typed or read back
    "position-not-text": N_("a position is written as text, not {value}"),
    "position-parts": N_("a position has 5 parts separated by single spaces, and {position} has {n}"),
    "position-part": N_("the {what} part of the position, {value}, cannot be read: {form}"),
    "too-many-stones": N_("the position holds {stones} Mandarin stones, and there are only 2"),
    "stones-as-pebbles": N_("with Mandarins made of pebbles, no square or store holds a Mandarin stone (Q)"),
    "too-many-pebbles": N_("the position holds {pebbles} pebbles, more than the {most} allowed"),
    "too-much-debt": N_("a debt may be at most {most} pebbles"),
    # the moves
    "not-a-move": N_("the move {move} cannot be read: a move is one of your squares and a direction, left or right"),
    # no player number: a reader knows the players by their names (issue 41), and the row says whose it is
    "not-yours": N_("square {square} is in the other player's row"),
    "empty-square": N_("square {square} is empty"),
    "game-over": N_("the game is over"),
    "mandarin-square": N_("a move starts from one of your own small squares, not from a Mandarin square"),
    "no-square": N_("there is no square {square} on the board"),
    "choose-square": N_("choose one of your highlighted squares first"),
    "computer-turn": N_("it is the computer's turn"),
    "not-computer": N_("it is not the computer's turn"),
    "puzzle-answered": N_("this puzzle is answered: press Try again, or choose another puzzle"),
    # taking back, hints, puzzles
    "no-undo": N_("there is no move to undo"),
    "no-undo-yours": N_("there is no move of yours to undo"),
    "no-redo": N_("there is no move to redo"),
    "hints-off": N_("hints are switched off in this game"),
    "no-hints-left": N_("no hints left in this game ({limit} a game)"),
    "no-puzzle": N_("there is no puzzle on the board"),
    "unknown-puzzle": N_("there is no puzzle {puzzle} in the collection"),
    # settings and text given to a board
    "not-text": N_("the {what} must be text"),
    "too-long": N_("the {what} is too long ({length} characters; at most {limit})"),
    "bad-setting": N_("the board was given a {what} it cannot use"),
    "start-rules": N_("the start position is played under other rules than the game"),
    "bad-options": N_("the rule options must be a table of names and values"),
}


#: The fields that are words (marked for the catalogue at the raise site), not values to quote.
_WORD_FIELDS = frozenset({"what", "form", "row"})


def _fill(template: str, fields: Mapping[str, object], *, translate: bool = True) -> str:
    """``template`` (translated, when asked) filled with ``fields``; missing fields stay as they are."""
    shown = {name: _reader_value(name, value) if translate else value for name, value in fields.items()}
    try:
        return (_(template) if translate else template).format_map(shown)
    except (KeyError, IndexError, ValueError):
        # a raise site that forgot a field still says something rather than failing again
        return _(template) if translate else template


def _reader_value(name: str, value: object) -> object:
    """A field as a reader's sentence shows it: a word translated, a quoted value's note too."""
    if isinstance(value, Quoted):
        return value.reader()
    return _(value) if name in _WORD_FIELDS and isinstance(value, str) else value


def _template(error: OAnQuanError) -> str:
    """The English words of ``error``'s code: its class's (or a parent's) problems, else :data:`PROBLEMS`."""
    for kind in type(error).__mro__:
        words = vars(kind).get("problems", {})
        if error.code in words:
            return str(words[error.code])
    return PROBLEMS.get(error.code, "")


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop.

    >>> sentence("square 2 is empty")
    'Square 2 is empty.'
    """
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def problem_words(error: BaseException) -> str:
    """What ``error`` means, as a phrase to build a reader's sentence with: from its code, never its message.

    >>> problem_words(OAnQuanError(code="empty-square", square=3))
    'square 3 is empty'
    """
    if not isinstance(error, OAnQuanError):
        return _(PROBLEMS["bad-input"])
    return _fill(_template(error) or PROBLEMS["bad-input"], error.fields)


def reader_words(error: BaseException) -> str:
    """What ``error`` means, as a sentence for a reader in the language spoken: from its code, never its message.

    An error that is not the project's (a bug) gets the general words, never its own text.

    >>> reader_words(OAnQuanError(code="no-hints-left", limit=3))
    'No hints left in this game (3 a game).'
    >>> reader_words(KeyError("M9"))
    'The board cannot use this.'
    """
    return sentence(problem_words(error))
