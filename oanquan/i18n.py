"""The language of the engine's reader-facing words: English (the default) or Vietnamese.

Captions, the board picture's words, error messages a reader sees, quiz verdicts,
widget labels and the printables go through :func:`_` and :func:`ngettext`, Python's
standard ``gettext`` with the catalogues shipped inside the package
(``oanquan/locale/vi/LC_MESSAGES/oanquan.mo``, compiled from ``oanquan.po`` by
``make catalogues``). English is the text in the code itself, so English needs no
catalogue. ``Rules``, ``Move`` and the position text stay the same in every language.

The language is chosen by :func:`set_language`, or at import by the environment
variable ``OANQUAN_LANG`` (``en`` or ``vi``; ``vi_VN.UTF-8`` and ``vi-VN`` work too).

>>> import oanquan
>>> oanquan.set_language("vi")
>>> _("square {square} is empty").format(square=3)
'ô 3 đang trống'
>>> oanquan.set_language("en")
>>> _("square {square} is empty").format(square=3)
'square 3 is empty'

The catalogues are read with :mod:`importlib.resources`, so they load the same from a
folder, a wheel or the zip the Play page unpacks in Pyodide.
"""

from __future__ import annotations

import gettext
import os
import re
import sys
import warnings
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TypeVar

K = TypeVar("K")

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "TranslatedDict",
    "_",
    "decimal",
    "get_language",
    "language",
    "ngettext",
    "number",
    "percent",
    "set_language",
    "shares",
    "translations",
]

#: The gettext domain: the catalogues are ``locale/<language>/LC_MESSAGES/oanquan.mo``.
DOMAIN = "oanquan"

#: The languages the engine speaks, the first being the default (the words of the code).
LANGUAGES = ("en", "vi")

#: The environment variable read at import for the starting language.
ENVIRONMENT_VARIABLE = "OANQUAN_LANG"

_cache: dict[str, gettext.NullTranslations] = {}


def _normalise(name: object) -> str | None:
    """``"vi"`` for ``"vi"``, ``"VI"``, ``"vi_VN.UTF-8"`` or ``"vi-VN"``; None for a language not spoken."""
    if not isinstance(name, str):
        return None
    primary = name.strip().replace("-", "_").split(".", 1)[0].split("_", 1)[0].lower()
    return primary if primary in LANGUAGES else None


def spoken(lang: object) -> str:
    """``lang`` if oanquan speaks it, else English: the language an edition of the site is built in.

    >>> spoken("vi"), spoken("vi_VN"), spoken("fr"), spoken(None)
    ('vi', 'vi', 'en', 'en')
    """
    return _normalise(lang) or LANGUAGES[0]


def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang`` (one of :data:`LANGUAGES`), read once from the package.

    English, the language of the code, is :class:`gettext.NullTranslations`, and so is a
    language whose catalogue is missing (the fallback of ``gettext.translation``).
    """
    if lang not in _cache:
        found: gettext.NullTranslations = gettext.NullTranslations()
        if lang != LANGUAGES[0]:
            path = resources.files(__package__ or "oanquan").joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.mo")
            try:
                with path.open("rb") as catalogue:
                    found = gettext.GNUTranslations(catalogue)
            except OSError:
                pass
        _cache[lang] = found
    return _cache[lang]


def _from_environment() -> str:
    value = os.environ.get(ENVIRONMENT_VARIABLE, "")
    if not value:
        return LANGUAGES[0]
    lang = _normalise(value)
    if lang is None:
        warnings.warn(
            f"{ENVIRONMENT_VARIABLE}={value[:40]!r} is not a language oanquan speaks "
            f"({', '.join(LANGUAGES)}); using English",
            stacklevel=2,
        )
        return LANGUAGES[0]
    return lang


_language = _from_environment()


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on: ``"en"`` (the default) or ``"vi"``.

    >>> set_language("fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': oanquan speaks 'en' and 'vi'
    """
    global _language
    found = _normalise(lang)
    if found is None:
        shown = repr(lang) if len(repr(lang)) <= 40 else repr(lang)[:39] + "..."
        known = " and ".join(repr(code) for code in LANGUAGES)
        raise ValueError(f"unknown language {shown}: oanquan speaks {known}")
    _language = found


def get_language() -> str:
    """The language spoken now, such as ``"en"``."""
    return _language


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside a ``with`` block, then the language spoken before.

    >>> with language("vi"):
    ...     print(_("two empty squares"))
    hai ô trống
    >>> print(_("two empty squares"))
    two empty squares
    """
    before = _language
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return translations(_language).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural``, as ``n`` asks, in the language spoken now."""
    return translations(_language).ngettext(singular, plural, n)


#: How each language writes a number's decimal mark, a percentage and its thousands: Vietnamese
#: writes "10,5", "78,4%" and "40.000" (as Unicode's CLDR data has it, which Babel reads:
#: tests/test_numbers.py compares; the engine itself needs only the standard library), English
#: "10.5", "78.4%" and "40,000".
_NUMBERS = {"en": (".", "{n}%", ","), "vi": (",", "{n}%", ".")}


def decimal(value: float, places: int | None = None, *, sign: bool = False) -> str:
    """``value`` as the language spoken writes it: ``places`` digits after the mark (None: as few as needed).

    >>> decimal(10.5, sign=True), decimal(2.0)
    ('+10.5', '2')
    >>> with language("vi"):
    ...     decimal(-14.5), decimal(3, 1)
    ('-14,5', '3,0')
    """
    form = ("+" if sign else "") + ("g" if places is None else f".{places}f")
    return format(value, form).replace(".", _NUMBERS[_language][0])


def number(value: int) -> str:
    """A whole number as the language spoken writes it, its thousands grouped.

    >>> number(40000), number(999), number(-1500)
    ('40,000', '999', '-1,500')
    >>> with language("vi"):
    ...     number(40000), number(1000)
    ('40.000', '1.000')
    """
    return format(value, ",d").replace(",", _NUMBERS[_language][2])


def shares(counts: Sequence[int], places: int = 0) -> list[str]:
    """Each count's share of their total, as percentages rounded so that they add up to exactly 100.

    Each share is rounded down, then the units still missing go to the largest remainders (the
    largest remainder method; the first count wins a tie), so 3 equal counts make 34, 33 and 33,
    never 33 three times or a total of 101.

    >>> shares([1, 1, 1])
    ['34%', '33%', '33%']
    >>> shares([2, 1], 1), shares([0, 0])
    (['66.7%', '33.3%'], ['0%', '0%'])
    """
    total, unit = sum(counts), 10**places
    if total == 0:
        return [percent(0, places) for _count in counts]
    exact = [count * 100 * unit / total for count in counts]
    whole = [int(share) for share in exact]
    order = sorted(range(len(counts)), key=lambda i: (-(exact[i] - whole[i]), i))
    for i in order[: 100 * unit - sum(whole)]:
        whole[i] += 1
    return [percent(share / unit, places) for share in whole]


def percent(value: float, places: int = 0) -> str:
    """``value`` (a percentage) as the language spoken writes one.

    >>> percent(78.44, 1)
    '78.4%'
    >>> with language("vi"):
    ...     percent(78.44, 1)
    '78,4%'
    """
    return _NUMBERS[_language][1].format(n=decimal(value, places))


def N_(message: str) -> str:  # noqa: N802 (the name gettext's tools look for)
    """Mark ``message`` for the catalogue without translating it yet (for tables built at import)."""
    return message


def words(text: str) -> str:
    """Words for readers in a chapter's code, in the language spoken: ``say(_(f"{n} pebbles"))``.

    The chapters are written in English, and each marked literal has its translation in the
    chapter's catalogue (``locales/<language>/LC_MESSAGES/notebooks/*.po``, which
    ``tools/build/edition.py`` extracts: exactly these calls and nothing else). The Vietnamese
    edition replaces the literals before it runs the chapters; in JupyterLab, where the reader
    sets ``LANGUAGE = "vi"`` in the chapter's first cell, the text arrives here already
    formatted, so it is matched against the catalogue's messages (an f-string's placeholders
    standing for any text; the message with the most fixed words first), and the translation,
    an f-string too, is evaluated where the chapter called this, as the edition's copy would
    have it (its placeholders may differ from the English ones: ``{len(PUZZLES)} câu đố``).
    Text with no translation, or English, is given back unchanged.

    >>> words("Square 5 holds 5 pebbles.")
    'Square 5 holds 5 pebbles.'
    >>> with language("vi"):
    ...     words("After 7R.")
    'Sau nước 7R.'
    """
    if _language == LANGUAGES[0]:
        return text
    caller = sys._getframe(1)  # where the chapter's f-string was written, to evaluate its translation
    return _chapter_words(_language).translate(text, caller.f_globals, caller.f_locals)


#: Where the chapters' catalogues are in a copy of the repository (a wheel has none: English).
CHAPTER_CATALOGUES = Path(__file__).resolve().parent.parent / "locales"

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{((?:[^{}]|\{[^{}]*\})*)\}")


@dataclass
class _ChapterWords:
    """The chapters' code messages of one language: plain ones by text, f-strings as patterns."""

    plain: dict[str, str] = field(default_factory=dict)
    patterns: list[tuple[str, re.Pattern[str], list[str], str]] = field(default_factory=list)

    def add(self, msgid: str, msgstr: str, f_string: bool) -> None:
        if not f_string:
            self.plain[msgid] = msgstr
            return
        pieces, names, last = [], [], 0
        for match in _PLACEHOLDER.finditer(msgid):
            pieces.append(re.escape(msgid[last : match.start()]))
            if match.group(1) is None:  # {{ or }}: a brace of the text
                pieces.append(re.escape(match.group(0)[0]))
            else:
                pieces.append("(.*?)")
                names.append(match.group(1))
            last = match.end()
        pieces.append(re.escape(msgid[last:]))
        prefix = _PLACEHOLDER.split(msgid, maxsplit=1)[0]
        self.patterns.append((prefix, re.compile("".join(pieces), re.DOTALL), names, msgstr))
        # The most specific message first: "{a} and {b}" matches any text with an "and" in it.
        self.patterns.sort(key=lambda entry: -len(_PLACEHOLDER.sub("", entry[1].pattern)))

    def translate(
        self, text: str, scope: dict[str, object] | None = None, names: Mapping[str, object] | None = None
    ) -> str:
        """``text`` translated; an f-string's translation evaluated in ``scope`` (globals) and ``names`` (locals)."""
        if text in self.plain:
            return self.plain[text]
        for prefix, pattern, fields, msgstr in self.patterns:
            if text.startswith(prefix) and (match := pattern.fullmatch(text)):
                if scope is not None and (evaluated := _evaluate(msgstr, scope, names)) is not None:
                    return evaluated
                values = dict(zip(fields, match.groups(), strict=True))
                filled = iter(match.groups())

                def fill(found: re.Match[str], values: dict[str, str] = values, filled: Iterator[str] = filled) -> str:
                    if found.group(1) is None:
                        return found.group(0)[0]
                    return values.get(found.group(1), next(filled, ""))

                return _PLACEHOLDER.sub(fill, msgstr)
        return text


def _evaluate(template: str, scope: dict[str, object], names: Mapping[str, object] | None) -> str | None:
    """``template`` as an f-string evaluated in the chapter's scope; None if it cannot be."""
    for quote in ('"""', "'''"):
        if quote not in template and not template.endswith(quote[0]) and "\\" not in template:
            try:
                return str(eval(f"f{quote}{template}{quote}", scope, names))  # the catalogue is the chapter's code
            except Exception:  # a translation that does not evaluate here: fill it instead
                return None
    return None


_chapter_cache: dict[str, _ChapterWords] = {}


def _chapter_words(lang: str) -> _ChapterWords:
    """Every chapter's code messages in ``lang``, read once (none when the catalogues are not there)."""
    if lang not in _chapter_cache:
        table = _ChapterWords()
        for path in sorted((CHAPTER_CATALOGUES / lang / "LC_MESSAGES" / "notebooks").glob("*.po")):
            for msgid, msgstr, comments in _po_entries(path.read_text(encoding="utf-8")):
                if msgid and msgstr and "#. code:" in comments and "fuzzy" not in comments:
                    table.add(msgid, msgstr, "f-string" in comments)
        _chapter_cache[lang] = table
    return _chapter_cache[lang]


def _po_entries(text: str) -> Iterator[tuple[str, str, str]]:
    r"""Each entry of a .po file: (msgid, msgstr, its comment lines), strings unescaped.

    >>> list(_po_entries('#. code: cell 1\nmsgid ""\n"a \\"b\\"\\n"\nmsgstr "c"\n'))
    [('a "b"\n', 'c', '#. code: cell 1')]
    """
    for block in text.split("\n\n"):
        comments: list[str] = []
        parts: dict[str, list[str]] = {"msgid": [], "msgstr": []}
        current = None
        for line in block.splitlines():
            if line.startswith("#"):
                comments.append(line)
            elif line.startswith(("msgid ", "msgstr ")):
                current, _space, rest = line.partition(" ")
                parts.setdefault(current, []).append(rest)
            elif line.startswith('"') and current:
                parts[current].append(line)
        if parts["msgid"]:
            yield _po_string(parts["msgid"]), _po_string(parts["msgstr"]), "\n".join(comments)


_PO_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _po_string(lines: list[str]) -> str:
    joined = "".join(line.strip()[1:-1] for line in lines)
    return re.sub(r"\\(.)", lambda m: _PO_ESCAPES.get(m.group(1), m.group(1)), joined)


class TranslatedDict(Mapping[K, str]):
    """A table of messages marked with :func:`N_`, read in the language spoken.

    ``table[key]``, and so ``get``, ``values()`` and ``items()``, give each message translated
    (then formatted with the ``fields`` given, if any); the keys stay as they are.

    >>> levels = TranslatedDict({1: N_("two empty squares")}, n=3)
    >>> with language("vi"):
    ...     levels[1], list(levels.items())
    ('hai ô trống', [(1, 'hai ô trống')])
    >>> levels[1]
    'two empty squares'
    """

    def __init__(self, messages: Mapping[K, str], **fields: str) -> None:
        self._messages = dict(messages)
        self._fields = fields

    def __getitem__(self, key: K) -> str:
        text = _(self._messages[key])
        return text.format(**self._fields) if self._fields else text

    def __iter__(self) -> Iterator[K]:
        return iter(self._messages)

    def __len__(self) -> int:
        return len(self._messages)
