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

import re
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

# The entries of the fields, written the canonical way (module notes). A number is ASCII digits
# ("[0-9]": "\d" would accept other scripts' digits such as '٣'), no sign, no leading zero, and at
# most 6 of them (a position holds at most 1,000 pebbles).
_POSITIVE = "[1-9][0-9]{0,5}"
_NUMBER = f"0|{_POSITIVE}"
_COUNT = re.compile(_NUMBER)
#: a Mandarin square: "Q" or "Q+n" (n > 0) while its stone is there, else its count
_MANDARIN = re.compile(rf"(?P<stone>Q)(?:\+(?P<pebbles>{_POSITIVE}))?|(?P<count>{_NUMBER})")
#: a store: its pebbles, then the stones captured, if any: "n", "n+Q" or "n+2Q"
_STORE = re.compile(rf"(?P<pebbles>{_NUMBER})(?:\+(?P<stones>Q|2Q))?")
#: the stones an entry's "Q" or "2Q" stands for (None: no stone)
_STONES = {None: 0, "Q": 1, "2Q": 2}
#: what a store's entry adds to its pebbles for the stones it captured: none, one or two
_CAPTURED = ("", "+Q", "+2Q")


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
    stores = ",".join(f"{parts.stores[i]}{_CAPTURED[parts.captured[i]]}" for i in (0, 1))
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

    def entries(field: int, form: re.Pattern[str], count: int) -> list[re.Match[str]]:
        """The field's comma-separated entries, ``count`` of them, each of the ``form``."""
        found = [form.fullmatch(entry) for entry in parts[field].split(",")]
        matches = [match for match in found if match is not None]
        if not len(found) == len(matches) == count:  # each entry of the form, and as many as needed
            raise fail(field)
        return matches

    citizens = [int(match[0]) for match in entries(0, _COUNT, 10)]
    mandarins = entries(1, _MANDARIN, 2)
    stores = entries(2, _STORE, 2)
    debts = [int(match[0]) for match in entries(3, _COUNT, 2)]
    if parts[4] not in ("0", "1"):
        raise fail(4)

    return Parts(
        (*citizens, *(int(m["pebbles"] or m["count"] or 0) for m in mandarins)),
        (_STONES[mandarins[0]["stone"]], _STONES[mandarins[1]["stone"]]),
        (int(stores[0]["pebbles"]), int(stores[1]["pebbles"])),
        (_STONES[stores[0]["stones"]], _STONES[stores[1]["stones"]]),
        (debts[0], debts[1]),
        int(parts[4]),
    )


def mandarin_text(pebbles: int, stone: int) -> str:
    """A Mandarin square as the position text writes it (RULES §10): ``Q``, ``Q+3`` with its stone, else its count.

    >>> mandarin_text(0, 1), mandarin_text(3, 1), mandarin_text(3, 0)
    ('Q', 'Q+3', '3')
    """
    if not stone:
        return str(pebbles)
    return f"Q+{pebbles}" if pebbles else "Q"
