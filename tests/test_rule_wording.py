"""The book's sentences about the end of the game, the "never" option, the teacher's guide and the
last pebble in a Mandarin square say what RULES.md and the sources say (issue 46).

A reader once learnt from the home page and the glossary that the game ends "when both Mandarins
have been captured": R7.1 ends it when both Mandarin squares are empty, neither stone nor pebbles,
and a game goes on while pebbles lie in a Mandarin square whose stone is taken. The home page
promised one lesson and one worksheet where the teacher's guide has two and three, and linked to
an address only the author's computer answers. These tests read what a reader reads: the English
prose (with what the cells wrote, as tests/test_option_claims.py reads it) and the Vietnamese
catalogues' translations of it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_option_claims import DOCUMENTS, PAGES, reader_text, sentences

from oanquan import Position
from oanquan.board import is_mandarin
from oanquan.puzzles import SHEETS
from tools.build import edition

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"

#: A sentence that ends the game (R7) on the capture of the stones rather than on empty squares.
ENDS = re.compile(r"\b(game|play)\b[^.;]*\b(ends|is over|stops)\b|\bend of the game\b|\bgone\b", re.I)
STONES_TAKEN = re.compile(
    r"\bboth (the )?(Mandarins|Mandarin stones|stones)\b[^.;]*\b(captured|taken|gone|eaten)\b", re.I
)
GOES_ON = re.compile(r"\b(not|goes on|go on|going on|continues)\b", re.I)
#: The same in the Vietnamese translations: "cả hai quan (đều) (đã) bị ăn" beside "kết thúc" / "hết ván".
VI_ENDS = re.compile(r"kết thúc|hết ván|thắng", re.I)
VI_STONES_TAKEN = re.compile(r"cả hai quan\b[^.;]*\bbị ăn", re.I)
VI_GOES_ON = re.compile(r"\b(chưa|vẫn)\b", re.I)
#: R7.1 as the pages word it, in each edition.
R7_1 = re.compile(r"game ends when both Mandarin squares are empty\b[^.;]*\(R7\.1\)")
VI_R7_1 = re.compile(r"kết thúc khi cả hai ô quan đều trống\b[^.;]*\(R7\.1\)")
#: The pages that state R7.1 for a reader who reads nothing else.
STATES_THE_END = ["intro.ipynb", "glossary.md", "rules.ipynb"]
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def says_the_stones_end_the_game(sentence: str) -> bool:
    """Whether an English sentence ends the game on both Mandarins' capture (against R7.1)."""
    return bool(ENDS.search(sentence) and STONES_TAKEN.search(sentence) and not GOES_ON.search(sentence))


def says_the_stones_end_the_game_vi(sentence: str) -> bool:
    """The same for a Vietnamese sentence."""
    return bool(VI_ENDS.search(sentence) and VI_STONES_TAKEN.search(sentence) and not VI_GOES_ON.search(sentence))


def document(path: Path) -> str:
    """The name tools.build.edition gives the page or chapter at ``path`` ("book/intro")."""
    return path.relative_to(ROOT).with_suffix("").as_posix()


def test_the_check_finds_the_old_sentences() -> None:
    old = [
        "When both Mandarins are gone the higher score wins: your captures plus the pebbles left on your own row.",
        '"Capture the Mandarin square(s)": the game ends when both Mandarins are taken (R7.1).',
        "The saying for the end of the game, when both Mandarins have been captured and each player takes the rest.",
    ]
    assert [says_the_stones_end_the_game(s) for s in old] == [True, True, True]
    right = [
        "The game ends when both Mandarin squares are empty, with neither stone nor pebbles left in them (R7.1).",
        "The game goes on after both stones are taken, while pebbles lie in a Mandarin square.",
    ]
    assert [says_the_stones_end_the_game(s) for s in right] == [False, False]
    old_vi = "Khi cả hai quan đã bị ăn hết, ai nhiều điểm hơn thì thắng."
    assert says_the_stones_end_the_game_vi(old_vi)
    assert not says_the_stones_end_the_game_vi("Ván chơi kết thúc khi cả hai ô quan đều trống (R7.1).")


@pytest.mark.parametrize("path", DOCUMENTS + PAGES, ids=lambda p: p.name)
def test_no_page_ends_the_game_on_the_capture_of_both_stones(path: Path) -> None:
    wrong = [s for s in sentences(reader_text(path)) if says_the_stones_end_the_game(s)]
    assert wrong == [], f"{path.name}: R7.1 ends the game when both Mandarin squares are empty"
    translated = edition.translations(document(path))
    assert translated, f"no Vietnamese catalogue read for {path.name}"
    wrong_vi = [
        s
        for text in translated.values()
        for s in re.split(r"(?<=[.!?;])\s+", text)
        if says_the_stones_end_the_game_vi(s)
    ]
    assert wrong_vi == [], f"the Vietnamese {path.name}: R7.1 ends the game when both Mandarin squares are empty"


@pytest.mark.parametrize("name", STATES_THE_END)
def test_the_end_of_the_game_is_worded_as_r7_1(name: str) -> None:
    """The home page, the glossary and the rules page say when the game ends as R7.1 does, in both editions."""
    path = BOOK / name
    assert R7_1.search(" ".join(reader_text(path).split())), f"{name} does not state R7.1"
    vietnamese = " ".join(edition.translations(document(path)).values())
    assert VI_R7_1.search(vietnamese), f"the Vietnamese {name} does not state R7.1"


def test_the_never_option_is_described_as_rules_md_says() -> None:
    """R5.5 / §9: under "never" an empty Mandarin square is no gap, so a chain stops there; an
    occupied one is no gap under any option. "Never let a chain cross a Mandarin square" says more.

    The book's pages and every chapter are checked, in both editions.
    """
    too_wide = re.compile(r"never let a chain (cross|jump|pass)\b(?![^.;]*\bempt)[^.;]*Mandarin square", re.I)
    assert too_wide.search("Some villages never let a chain cross a Mandarin square; others count it as a gap.")
    assert not too_wide.search("Some villages never let a chain jump an empty Mandarin square: there the chain stops.")
    # "không bao giờ cho ăn liên tiếp qua ô quan" says the same in Vietnamese, unless the square is "trống"
    too_wide_vi = re.compile(r"không bao giờ cho\b[^.;]*\bqua ô quan\b(?! trống| đã trống)", re.I)
    assert too_wide_vi.search("Có nơi không bao giờ cho ăn liên tiếp qua ô quan; chương 11 so sánh.")
    fixed_vi = "Có nơi không bao giờ cho lượt ăn liên tiếp nhảy qua ô quan trống: lượt ăn dừng ở đó."
    assert not too_wide_vi.search(fixed_vi)
    pages = DOCUMENTS + PAGES
    wrong = [f"{p.name}: {s}" for p in pages for s in sentences(reader_text(p)) if too_wide.search(s)]
    assert wrong == []
    wrong_vi = [
        f"{p.name}: {text[:80]}"
        for p in pages
        for text in edition.translations(document(p)).values()
        if too_wide_vi.search(text)
    ]
    assert wrong_vi == []


def test_the_home_page_promises_what_the_teachers_guide_has() -> None:
    """The home page's "two 45-minute lessons" and "three worksheets", and the guide's own words for them,
    are the lesson tables of the guide as built (each ending at the same minute) and the worksheets of SHEETS."""
    notebook = json.loads((BOOK / "teachers.ipynb").read_text(encoding="utf-8"))
    tables = [
        "".join(output["data"]["text/html"])
        for cell in notebook["cells"]
        for output in cell.get("outputs", [])
        if 'class="table oq-lesson"' in "".join(output.get("data", {}).get("text/html", ""))
    ]
    lengths = {int(re.findall(r"<td>\d+–(\d+)</td>", table)[-1]) for table in tables}
    assert len(tables) >= 1 and len(lengths) == 1, lengths
    home = " ".join(reader_text(BOOK / "intro.ipynb").split())
    promise = re.search(r"the plans of (\w+) (\d+)-minute lessons, a printable board, (\w+) worksheets", home)
    assert promise, "the home page no longer says what the teacher's guide holds"
    assert (NUMBERS[promise[1]], int(promise[2]), NUMBERS[promise[3]]) == (len(tables), *lengths, len(SHEETS))
    # and the guide's own opening and worksheet section count the same
    guide = " ".join(reader_text(BOOK / "teachers.ipynb").split())
    opening = re.search(r"(\w+) (\d+)-minute lessons, a board to print, worksheets in (\w+) levels", guide)
    assert opening, "the teacher's guide no longer opens with what it holds"
    assert (NUMBERS[opening[1]], int(opening[2]), NUMBERS[opening[3]]) == (len(tables), *lengths, len(SHEETS))
    sheets = re.search(r"(\w+) worksheets of \d+ exercises each", guide)
    assert sheets and NUMBERS[sheets[1].lower()] == len(SHEETS)


def test_the_home_page_links_to_no_address_of_the_authors_computer() -> None:
    local = re.compile(r"127\.0\.0\.1|localhost|0\.0\.0\.0")
    assert not local.search(reader_text(BOOK / "intro.ipynb"))
    assert not local.search(" ".join(edition.translations("book/intro").values()))


def test_the_rules_page_shows_a_last_pebble_in_a_mandarin_square() -> None:
    """R3.4: the square after the last pebble decides, also when the pebble lands in a Mandarin square.

    The page says so, and its picture is of a move whose last pebble of a sowing lands in a
    Mandarin square and is followed by a relay or a capture: the turn does not stop there.
    """
    text = " ".join(re.sub(r"[*_`]", "", reader_text(BOOK / "rules.ipynb")).split())
    assert "The last pebble in a Mandarin square: the next square decides (R3.4)" in text
    notebook = json.loads((BOOK / "rules.ipynb").read_text(encoding="utf-8"))
    (figure,) = [
        "".join(output["data"]["text/html"])
        for cell in notebook["cells"]
        for output in cell.get("outputs", [])
        if 'id="rule-mandarin-landing"' in "".join(output.get("data", {}).get("text/html", ""))
    ]
    found = re.search(r"(?:Bottom|Top) row plays (\w+) from the opening position", figure)
    assert found, "the picture's move is not one from the opening any more: read its position here"
    _after, events = Position.initial().play_traced(found[1])
    landings = [
        events[i + 1].kind
        for i, e in enumerate(events[:-1])
        if e.kind == "drop" and e.hand == 0 and is_mandarin(e.square)
    ]
    assert landings and landings[0] in ("relay", "capture")


def test_a_handful_is_not_counted_as_the_relays_before_it() -> None:
    """Chapter 4 once said "after 8 relays (R3.4b), the hand lifts the 13 pebbles" of the third relay.

    The chapter counts the relay that lifts the big handful from the trace (its code asserts it is
    a relay); here no sentence of any chapter may tie a handful to the number of all the relays,
    and chapter 4 names the relay's own number, which cannot exceed their count.
    """
    tied = re.compile(r"\bafter (\d+) relays\b[^;:]{0,20}?\blifts\b", re.I)
    assert tied.search("After 8 relays (R3.4b) the hand lifts the 13 pebbles of square 5: more than the ring.")
    wrong = [f"{p.name}: {s}" for p in DOCUMENTS for s in sentences(reader_text(p)) if tied.search(s)]
    assert wrong == []
    text = " ".join(reader_text(ROOT / "notebooks" / "04_captures.ipynb").split())
    said = re.search(r"makes (\d+) relays \(R3\.4b\), and at relay number (\d+) the hand lifts the (\d+)", text)
    assert said, "chapter 4 no longer says which relay lifts the big handful"
    relays, which, lifted = map(int, said.groups())
    assert 1 <= which <= relays and lifted >= 13


def test_chapter_6_says_that_debts_can_run_both_ways_as_the_engine_scores_them() -> None:
    """RULES.md is silent on two debts at once; the engine keeps both and repays both (R6.2, R8.2).

    Chapter 6, which teaches borrowing, says so (the rules page's last section says it too), and a
    position where each side owes the other is scored as it says.
    """
    chapter = " ".join(reader_text(ROOT / "notebooks" / "06_tha_ca.ipynb").split())
    assert re.search(r"Debts can run both ways\b[^.]*both are repaid at the end", chapter)
    assert "Debts go both ways" in reader_text(BOOK / "rules.ipynb")
    vietnamese = " ".join(edition.translations("notebooks/06_tha_ca").values())
    assert "Nợ có thể theo cả hai chiều" in vietnamese
    both = Position.from_text("0,0,0,0,0,0,0,0,0,0 0,0 30,30 3,5 0")
    neither = Position.from_text("0,0,0,0,0,0,0,0,0,0 0,0 30,30 0,0 0")
    # each debt is repaid on its own: 0 owes 3 and is owed 5, so 0 gains 2 and 1 loses 2 (R8.2)
    assert both.outcome().scores == (neither.outcome().scores[0] + 2, neither.outcome().scores[1] - 2)


def test_a_puzzle_under_variant_rules_says_they_are_a_variant() -> None:
    """Chapter 9 once gave a puzzle's non-default reading with its rule number alone, as if RULES.md said it.

    Every puzzle of the chapter whose rules are not the defaults is introduced as played with a
    variant, in both editions.
    """
    from oanquan.rules import OPTIONS

    notebook = json.loads((ROOT / "notebooks" / "09_puzzles.ipynb").read_text(encoding="utf-8"))
    said = [
        "".join(output["data"]["text/markdown"])
        for cell in notebook["cells"]
        for output in cell.get("outputs", [])
        if "text/markdown" in output.get("data", {})
    ]
    variant_words = [str(words).split("{")[0] for spec in OPTIONS for words in spec.said.values()]
    variants = [text for text in said if any(w and w in text for w in variant_words) and "to move" in text]
    assert variants, "chapter 9 shows no puzzle under a variant any more: this check reads nothing"
    assert all("played with a variant of the usual rules" in text.lower() for text in variants), variants
    vietnamese = edition.translations("notebooks/09_puzzles")
    assert "biến thể" in vietnamese[" Played with a variant of the usual rules (chapter 11): {options}."]


def test_the_rules_page_names_the_moves_before_a_picture_from_the_middle_of_a_game() -> None:
    """A picture of a board no reader has seen says which moves made it ("Top row plays 3R after 5R"),
    and those moves from the opening do lead to a position where the move shown is legal."""
    notebook = json.loads((BOOK / "rules.ipynb").read_text(encoding="utf-8"))
    html = (
        "".join(output.get("data", {}).get("text/html", ""))
        for cell in notebook["cells"]
        for output in cell.get("outputs", [])
    )
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", " ".join(html))
    found = [re.search(r"row plays (\w+) after ((?:\w+ )*\w+):", caption) for caption in captions]
    named = [(m[1], m[2].split()) for m in found if m]
    assert any(before == ["5R"] for _move, before in named), captions  # R3.4a's stop at a Mandarin square
    for move, before in named:
        position = Position.initial()
        for played in before:
            position = position.play(played)
        assert move in {str(m) for m in position.legal_moves()}, (move, before)
