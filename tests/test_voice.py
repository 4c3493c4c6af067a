"""One voice in the Vietnamese edition (issue 21): the pupil is "em", never "bạn".

The edition speaks to its reader as a Vietnamese primary-school teacher does: "em" to the
pupil (chapters, widgets, Play and Puzzles pages, puzzles, worksheets, answer keys, rules
sheet), "các em" / "học sinh" for the pupils and "thầy cô" (or no pronoun) for the teacher in
the teacher's guide; the decision is written in the glossary (the entry *you*) and in
docs/vietnamese-review.md ("Voice"). "bạn" as the pronoun "you/your" is what the pages used
before, so these tests fail when it comes back in any Vietnamese message: the engine's
catalogue, every page's and chapter's catalogue, the live notebooks' catalogue, the theme's
words and the puzzle table. "bạn" meaning a friend is allowed, in the phrases listed below.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
ENGINE_CATALOGUE = ROOT / "oanquan" / "locale" / "vi" / "LC_MESSAGES" / "oanquan.po"
PAGE_CATALOGUES = ROOT / "locales" / "vi" / "LC_MESSAGES"  # pages, chapters, sphinx.po
PUZZLE_TABLE = ROOT / "oanquan" / "locale" / "vi" / "puzzles.json"

#: Where "bạn" is not the reader. Each phrase means a friend, or names the word itself; it is
#: removed before the search, so only these exact phrases are let through. Not listed on
#: purpose: "chơi với bạn", which may as well be "play with you" (write "chơi với bạn bè" or
#: "chơi với một người bạn" for a friend).
FRIEND_PHRASES = (
    "bạn bè",  # friends: "với bạn bè hoặc với máy" (home page)
    "người bạn",  # a friend: "một người bạn (lần lượt đi)" (Play page's menu, the engine's errors)
    "hai bạn",  # two pupils playing each other
    "bạn cùng lớp",  # a classmate
    "*bạn*",  # the word itself, in italics: the glossary's entry *you* talks about it
)

PRONOUN = re.compile(r"\bbạn\b", re.IGNORECASE)
_FRIENDS = re.compile("|".join(re.escape(phrase) for phrase in FRIEND_PHRASES), re.IGNORECASE)


def pronoun_uses(text: str) -> list[str]:
    """Each "bạn" of ``text`` that is not in a friend phrase, with a few words around it."""
    text = _FRIENDS.sub(" ", unicodedata.normalize("NFC", text))
    return [text[max(0, m.start() - 30) : m.end() + 30] for m in PRONOUN.finditer(text)]


def catalogues() -> list[Path]:
    return [ENGINE_CATALOGUE, *sorted(PAGE_CATALOGUES.rglob("*.po"))]


def translations(path: Path) -> Iterator[tuple[str, str]]:
    """(English, Vietnamese) of every message of a catalogue, each plural form on its own."""
    with path.open("rb") as handle:
        catalogue = read_po(handle)
    for message in catalogue:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, (tuple, list)) else [message.string]
        for form in forms:
            if form:
                yield english, form


def puzzle_texts() -> Iterator[tuple[str, str]]:
    """(where, Vietnamese) of every text of the puzzle table (the English title_en left out)."""
    table = json.loads(PUZZLE_TABLE.read_text(encoding="utf-8"))

    def walk(value: object, where: str) -> Iterator[tuple[str, str]]:
        if isinstance(value, str):
            yield where, value
        elif isinstance(value, dict):
            for key, item in value.items():
                if not str(key).endswith("_en"):
                    yield from walk(item, f"{where}/{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                yield from walk(item, f"{where}/{index}")

    yield from walk(table.get("puzzles", table), "puzzles")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Bạn thắng!", True),
        ("Đến lượt bạn: bạn chơi hàng dưới.", True),
        ("Bàn chơi này chạy ngay trong trình duyệt của bạn.", True),
        ("(Bạn chơi hàng dưới; độ khó 2 trên 3.)", True),
        ("máy sẽ chơi với bạn", True),
        ("Em thắng!", False),
        ("với bạn bè hoặc với máy", False),
        ("một người bạn (lần lượt đi)", False),
        ("hai bạn chơi với nhau", False),
        ("Không bao giờ gọi người đọc là *bạn*", False),
        ("Bạn bè cùng chơi", False),
        ("bạnh", False),  # another word, not "bạn"
    ],
)
def test_the_pronoun_is_told_from_a_friend(text: str, found: bool) -> None:
    assert bool(pronoun_uses(text)) is found


def test_the_search_covers_every_catalogue_and_the_puzzle_table() -> None:
    found = catalogues()
    assert ENGINE_CATALOGUE in found
    assert PAGE_CATALOGUES / "sphinx.po" in found
    assert {p.parent.name for p in found} >= {"book", "notebooks"}
    assert len(found) >= 20
    assert sum(1 for _ in puzzle_texts()) > 100


@pytest.mark.parametrize("path", catalogues(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_catalogue_calls_the_reader_ban(path: Path) -> None:
    """Every Vietnamese message says "em" (or no pronoun), not "bạn", to its reader."""
    found = [
        f"{english[:60]!r}: …{use}…" for english, vietnamese in translations(path) for use in pronoun_uses(vietnamese)
    ]
    assert found == [], "\n".join(found)


def test_no_puzzle_calls_the_reader_ban() -> None:
    found = [f"{where}: …{use}…" for where, text in puzzle_texts() for use in pronoun_uses(text)]
    assert found == [], "\n".join(found)
