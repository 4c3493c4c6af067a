"""The one-line position text of RULES §10, read and written.

``c0,...,c9 M0,M1 s0,s1 d0,d1 t``: the citizen squares, the Mandarin squares
(``Q``, ``Q+n`` or ``n``), the stores (``n``, ``n+Q`` or ``n+2Q``), the debts
and the player to move. This module only reads and writes the text; whether
the parts make a possible position is checked by :class:`oanquan.Position`.

The text is canonical: numbers have no leading zeros and an empty Mandarin
stone is written ``Q``, never ``Q+0``, so two texts name the same position
exactly when they are equal (surrounding white space is ignored).

>>> parts = parse("5,5,5,5,5,5,5,5,5,5 Q,Q+2 1+Q,0 0,3 1")
>>> parts.stones, parts.pebbles[10:], parts.captured, parts.debts, parts.to_move
((1, 1), (0, 2), (1, 0), (0, 3), 1)
>>> write(parts)
'5,5,5,5,5,5,5,5,5,5 Q,Q+2 1+Q,0 0,3 1'
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import PositionFormatError, quote
from .i18n import N_

__all__ = ["FIELDS", "Parts", "mandarin_text", "parse", "write"]

#: The five fields of the text, with what each must look like.
FIELDS = (
    (N_("citizen squares"), N_("it must be 10 whole numbers separated by commas")),
    (N_("Mandarin squares"), N_("it must be two entries 'Q', 'Q+n' or 'n', separated by a comma")),
    (N_("stores"), N_("it must be two entries 'n', 'n+Q' or 'n+2Q', separated by a comma")),
    (N_("debts"), N_("it must be two whole numbers separated by a comma")),
    (N_("player to move"), N_("it must be 0 or 1")),
)

#: A number in the text has at most this many digits (a position holds at most 1,000 pebbles).
MAX_DIGITS = 6


class Parts(NamedTuple):
    """A position's parts, as the text gives them (indexed like :class:`oanquan.Position`)."""

    pebbles: tuple[int, ...]  # 12 counts: squares 0-9, then M0, M1
    stones: tuple[int, int]  # 1 where M0 / M1 holds its stone
    stores: tuple[int, int]
    captured: tuple[int, int]  # captured stones in each store
    debts: tuple[int, int]
    to_move: int


def write(parts: Parts) -> str:
    """The text of RULES §10 for ``parts``.

    >>> write(Parts((0,) * 12, (0, 1), (3, 4), (2, 0), (0, 0), 0))
    '0,0,0,0,0,0,0,0,0,0 0,Q 3+2Q,4 0,0 0'
    """
    citizens = ",".join(str(n) for n in parts.pebbles[:10])
    mandarins = ",".join(mandarin_text(parts.pebbles[10 + i], parts.stones[i]) for i in (0, 1))
    stores = ",".join(_store(parts.stores[i], parts.captured[i]) for i in (0, 1))
    return f"{citizens} {mandarins} {stores} {parts.debts[0]},{parts.debts[1]} {parts.to_move}"


def parse(text: str) -> Parts:
    """Read the text of RULES §10; a bad field raises :class:`PositionFormatError` naming it.

    >>> parse("5,5 Q,Q 0,0 0,0 0")
    Traceback (most recent call last):
    ...
    oanquan.errors.PositionFormatError: bad citizen squares field '5,5' in position '5,5 Q,Q 0,0 0,0 0': ...
    """
    if not isinstance(text, str):
        value = quote(text)
        raise PositionFormatError(f"a position must be text, not {value}", code="position-not-text", value=value)
    shown = quote(text)
    parts = text.strip().split(" ")
    if len(parts) != 5:
        raise PositionFormatError(
            (
                f"bad position {shown}: it must be 5 fields separated by single spaces, "
                "as in '5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0' (RULES §10)"
            ),
            code="position-parts",
            position=shown,
            n=len(parts),
        )

    def fail(field: int) -> PositionFormatError:
        name, form = FIELDS[field]
        value = quote(parts[field])
        return PositionFormatError(
            f"bad {name} field {value} in position {shown}: {form}",
            code="position-part",
            what=name,
            value=value,
            form=form,
        )

    citizens = parts[0].split(",")
    if len(citizens) != 10 or not all(_is_count(c) for c in citizens):
        raise fail(0)

    mandarins = parts[1].split(",")
    if len(mandarins) != 2:
        raise fail(1)
    mandarin_pebbles: list[int] = []
    stones = [0, 0]
    for i, entry in enumerate(mandarins):
        if entry.startswith("Q"):
            stones[i] = 1
            entry = entry[2:] if entry.startswith("Q+") and entry != "Q+0" else ("0" if entry == "Q" else "x")
        if not _is_count(entry):
            raise fail(1)
        mandarin_pebbles.append(int(entry))

    entries = parts[2].split(",")
    if len(entries) != 2:
        raise fail(2)
    stores = [0, 0]
    captured = [0, 0]
    for i, entry in enumerate(entries):
        count, plus, stone = entry.partition("+")
        if not _is_count(count) or (plus and stone not in ("Q", "2Q")):
            raise fail(2)
        stores[i] = int(count)
        captured[i] = {"": 0, "Q": 1, "2Q": 2}[stone]

    debts = parts[3].split(",")
    if len(debts) != 2 or not all(_is_count(d) for d in debts):
        raise fail(3)
    if parts[4] not in ("0", "1"):
        raise fail(4)

    return Parts(
        tuple(int(c) for c in citizens) + tuple(mandarin_pebbles),
        (stones[0], stones[1]),
        (stores[0], stores[1]),
        (captured[0], captured[1]),
        (int(debts[0]), int(debts[1])),
        int(parts[4]),
    )


def _is_count(text: str) -> bool:
    """A whole number written the canonical way: ASCII digits, no sign, no leading zero."""
    # isdecimal() alone would accept other scripts' digits such as '٣'.
    if not (0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdecimal()):
        return False
    return text == "0" or not text.startswith("0")


def mandarin_text(pebbles: int, stone: int) -> str:
    """A Mandarin square as the position text writes it (RULES §10): ``Q``, ``Q+3`` with its stone, else its count.

    >>> mandarin_text(0, 1), mandarin_text(3, 1), mandarin_text(3, 0)
    ('Q', 'Q+3', '3')
    """
    if not stone:
        return str(pebbles)
    return f"Q+{pebbles}" if pebbles else "Q"


def _store(pebbles: int, stones: int) -> str:
    if not stones:
        return str(pebbles)
    return f"{pebbles}+{'Q' if stones == 1 else '2Q'}"
