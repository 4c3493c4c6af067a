"""A move's pictures sent as changes: each picture as the few edits that turn the one before it into it.

Consecutive pictures of a move differ in a few numbers, a pebble, a highlight and a
line of words, yet each is a whole SVG of about 4.5 KB; a move of 15 steps would
cost the page 66 KB. :func:`patch` finds what changed (a diff over the tags, then
over the words inside a changed tag), and :func:`apply_patch` rebuilds the picture,
as the page's script does (``book/_static_play/engine.js``, ``applyPatch``). The
website's bridge packs its answers with them (:func:`oanquan.web.packed`).

A patch is a list of operations read from the start of the old text: a number
``n >= 0`` copies its next ``n`` characters, ``-n`` skips ``n`` of them, and a
string is inserted. Lengths count UTF-16 code units, as JavaScript's strings do,
so that both sides cut the text at the same places.

>>> old = '<svg><text x="1">5</text><desc>Player 0: 5 points</desc></svg>'
>>> new = '<svg><text x="1">6</text><desc>Player 0: 6 points</desc></svg>'
>>> patch(old, new)
[17, -1, '6', 23, -2, '6 ', 19]
>>> apply_patch(old, patch(old, new)) == new
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher

__all__ = ["Patch", "apply_patch", "patch"]

#: Copy (n >= 0), skip (-n) or insert (a string): see the module's docstring.
Patch = list[int | str]

_TAGS = re.compile(r"(?=<)")  # a tag and the text after it
_WORDS = re.compile(r'(?<=[ ,.:">-])')  # words and numbers inside a tag or a text


def _units(text: str) -> int:
    """The length of ``text`` in UTF-16 code units, as JavaScript counts it."""
    return len(text.encode("utf-16-le")) // 2


def _diff(old: Sequence[str], new: Sequence[str], ops: Patch, split: re.Pattern[str] | None) -> None:
    """Append the edits from ``old`` to ``new`` (lists of pieces); pieces replaced one for one are split again."""
    matcher = SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            ops.append(_units("".join(old[i1:i2])))
        elif tag == "replace" and split is not None and i2 - i1 == j2 - j1:
            for before, after in zip(old[i1:i2], new[j1:j2], strict=True):
                _diff(split.split(before), split.split(after), ops, None)
        else:
            if i2 > i1:
                ops.append(-_units("".join(old[i1:i2])))
            if j2 > j1:
                ops.append("".join(new[j1:j2]))


def patch(old: str, new: str) -> Patch:
    """The edits that turn ``old`` into ``new``, adjacent ones merged (see the module's docstring).

    >>> patch("<a>1</a>", "<a>1</a>")
    [8]
    """
    ops: Patch = []
    _diff(_TAGS.split(old), _TAGS.split(new), ops, _WORDS)
    merged: Patch = []
    for op in ops:
        last = merged[-1] if merged else None
        if isinstance(op, int) and isinstance(last, int) and (op >= 0) == (last >= 0):
            merged[-1] = last + op  # two copies, or two skips
        elif isinstance(op, str) and isinstance(last, str):
            merged[-1] = last + op  # two insertions
        elif op not in (0, ""):
            merged.append(op)
    return merged


def apply_patch(old: str, ops: Patch) -> str:
    """``old`` with the edits of ``ops`` made: the text :func:`patch` was given as ``new``.

    >>> apply_patch("<a>1</a>", [3, -1, "2", 4])
    '<a>2</a>'
    """
    units = old.encode("utf-16-le")
    out: list[str] = []
    at = 0
    for op in ops:
        if isinstance(op, str):
            out.append(op)
        elif op >= 0:
            out.append(units[2 * at : 2 * (at + op)].decode("utf-16-le"))
            at += op
        else:
            at -= op
    return "".join(out)
