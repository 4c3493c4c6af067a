"""No words for programmers in what a reader reads, in either edition (issue 46).

A pupil reading the Vietnamese edition met English code comments, tables of the program's names
(``capture_mandarin``, ``max_gain``, ``'stone'``, ``'never'``, ``max_plies``), "negamax" and
"docstring" in the prose, a raw ``['0L']`` list and "?:" in the outputs, and two words for a
random seed. Code stays code: identifiers in code cells are fine, and the rule book
(``specification.md``, RULES.md word for word) and the Play page's notes on addresses name the
options a teacher types. Everything else a reader reads is checked here:

- the English edition: the prose and what the cells wrote (as ``tests/test_option_claims.py``
  reads it), and the stored outputs for raw Python values;
- the Vietnamese edition: every translation of the pages' catalogues (prose, the cells' words,
  and the comments of the code cells in view, which the Vietnamese chapters carry in Vietnamese).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_option_claims import DOCUMENTS, PAGES, reader_text

from oanquan.rules import OPTIONS
from tools.build import edition

ROOT = Path(__file__).resolve().parent.parent
#: Pages that name the options on purpose: the rule book, and the Play page's notes on addresses.
REFERENCE = {"specification.md", "play.md"}
#: Chapters 8 and 10 and the teachers' guide are rewritten today by issue 46's other parts
#: (the computer's chapter, the strategy chapter and the lessons), which take this check over.
ELSEWHERE: set[str] = set()
CHECKED = [p for p in DOCUMENTS + PAGES if p.name not in REFERENCE | ELSEWHERE]

GOALS = ("capture_mandarin", "max_gain", "best_reply", "not_lose")
#: A word for programmers: a search algorithm, a tool, Python's words, an option's or a goal's name.
PROGRAM = re.compile(
    r"\b(negamax|alpha-beta|make (ladder|bench)|docstring|boolean|True|False|None|Outcome\()"
    r"|\b(" + "|".join(option.name for option in OPTIONS) + "|" + "|".join(GOALS) + r")\b"
    r"|['\"](stone|pebbles|chain|never|always)['\"]"
)
#: A raw Python value in an output: a list of strings, a repr, or a question mark run into a colon.
RAW = re.compile(r"\[&#x27;|\['|\w+\(\w+=|\?:")
#: The Vietnamese edition's one word for a random seed.
#: A letter only Vietnamese writes (among English and Vietnamese).
VIETNAMESE_LETTER = re.compile(r"[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹàáèéìíòóùúý]", re.I)
SEED_VI, OTHER_SEEDS_VI = "số khởi tạo", re.compile(r"hạt giống|số gieo|số mầm", re.I)


#: What stands for computed text in a message: an f-string's placeholder, a value glued into the page.
PLACEHOLDER = re.compile(r"\{glue:text\}`[^`]*`|\{(?:[^{}]|\{[^{}]*\})*\}")


def document(path: Path) -> str:
    return path.relative_to(ROOT).with_suffix("").as_posix()


def words_of(text: str) -> str:
    """A message without its placeholders: code that computes the words, not words."""
    return PLACEHOLDER.sub("", text)


def test_the_check_finds_the_words_the_reader_met() -> None:
    met = [
        "| `max_gain` | Win the most points with this move. | 92 |",
        "with the classic *negamax* search",
        "With young Mandarins (`young_mandarin_min=5`), player 0 is to move.",
        "| `mandarin_pieces` | `'stone'` | R2.2 |",
    ]
    assert all(PROGRAM.search(text) for text in met)
    fine = ["With young Mandarins (a young Mandarin cannot be captured), player 0 is to move.", "Never a gap."]
    assert not any(PROGRAM.search(text) for text in fine)
    assert RAW.search("2. Legal for player 1: ['0L']") and RAW.search("Which way takes 5 points?: 7L")
    assert RAW.search("Outcome(scores=(2, 26), winner=1, reason='R7.2')")


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: p.name)
def test_no_program_word_in_the_english_prose(path: Path) -> None:
    found = [m[0] for m in PROGRAM.finditer(reader_text(path))]
    assert found == [], f"{path.name} speaks to programmers"


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: p.name)
def test_no_program_word_in_the_vietnamese_text(path: Path) -> None:
    translated = edition.translations(document(path))
    assert translated, f"no Vietnamese catalogue read for {path.name}"
    found = [f"{m[0]} in {text[:60]!r}" for text in translated.values() for m in PROGRAM.finditer(words_of(text))]
    assert found == [], f"the Vietnamese {path.name} speaks to programmers"
    seeds = [text[:60] for text in translated.values() if OTHER_SEEDS_VI.search(text)]
    assert seeds == [], f"the Vietnamese {path.name} calls a random seed otherwise than “{SEED_VI}”"


@pytest.mark.parametrize("path", [p for p in CHECKED if p.suffix == ".ipynb"], ids=lambda p: p.name)
def test_no_raw_python_value_in_the_outputs(path: Path) -> None:
    raw = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = "".join(output.get("text", "")) + "".join(data.get("text/markdown", ""))
            text += re.sub(r'<svg.*?</svg>|src="[^"]*"', "", "".join(data.get("text/html", "")), flags=re.S)
            raw += [text[max(0, m.start() - 30) : m.end() + 10] for m in RAW.finditer(text)]
    assert raw == [], f"{path.name} shows Python's values, not words"


def test_the_vietnamese_chapters_carry_their_code_comments_in_vietnamese() -> None:
    """The code cells in view are there to read and change: their comments are translated (tools/build/edition.py)."""
    checked = 0
    for path in [p for p in CHECKED if p.suffix == ".ipynb" and p.parent.name == "notebooks"]:
        notebook = edition.vietnamese_notebook(document(path))
        for cell in notebook["cells"]:
            if not edition.shows_code(cell) or cell.get("id") == edition.CELL_ID:
                continue
            for comment in edition.code_comments("".join(cell["source"])):
                checked += 1
                assert VIETNAMESE_LETTER.search(comment.text), (
                    f"{path.name}: an English comment in the Vietnamese chapter: {comment.text!r}"
                )
    assert checked >= 9


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_the_reference_pages_name_options_but_speak_no_python_in_vietnamese(name: str) -> None:
    """The rule book and the Play page's notes may name an option a teacher types; nothing else of a program."""
    path = next(p for p in PAGES if p.name == name)
    translated = edition.translations(document(path))
    assert translated
    python = re.compile(r"\b(negamax|alpha-beta|make (ladder|bench)|docstring|boolean|True|False|None)\b")
    found = [m[0] for text in translated.values() for m in python.finditer(words_of(text))]
    assert found == [], f"the Vietnamese {name}"
