"""The repository's copy of the specification (RULES.md) and what cites it.

RULES.md travels with the project, so a user who clones it has the rules the
engine implements. These tests run the rule book's own worked examples (§11)
through the engine, check that every rule number cited anywhere exists, and,
where the shared original is at hand, that the copy is word for word.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from oanquan import Position, Rules

ROOT = Path(__file__).resolve().parent.parent
SPEC = (ROOT / "RULES.md").read_text(encoding="utf-8")
RULE_NUMBER = re.compile(r"\bR(\d+)\.(\d+)([a-z]?)\b")


def spec_rules() -> set[str]:
    """Every rule number the rule book defines: 'R3.4' from "- R3.4 …", 'R3.4a' from its "- a. …"."""
    defined: set[str] = set()
    current = ""
    for line in SPEC.splitlines():
        head = re.match(r"\s*-\s+(R\d+\.\d+)\s", line)
        if head:
            current = head[1]
            defined.add(current)
        letter = re.match(r"\s+-\s+([a-z])\.\s", line)
        if letter and current:
            defined.add(current + letter[1])
    return defined


def test_the_copy_is_word_for_word_the_shared_specification() -> None:
    shared = ROOT.parent / "shared" / "RULES.md"
    # In the developers' workspace the original sits beside the repository; a clone
    # elsewhere has only the copy, which the other tests of this file check.
    if shared.exists():
        assert shared.read_text(encoding="utf-8") == SPEC
    assert SPEC.startswith("# Ô Ăn Quan — the rules the engine implements")


def test_the_rule_book_defines_the_numbers_its_readers_expect() -> None:
    defined = spec_rules()
    assert {"R1.1", "R3.4a", "R3.4b", "R3.4c", "R3.5", "R5.5", "R5.6", "R7.3", "R8.3"} <= defined
    assert "R3.4d" not in defined and "R5.7" not in defined


def cited_numbers() -> dict[str, set[str]]:
    """Rule numbers cited in the package, the tests, the chapters and the book, by file."""
    found: dict[str, set[str]] = {}
    patterns = [
        "oanquan/**/*.py",
        "tests/*.py",
        "notebooks/*.ipynb",
        "book/*.ipynb",
        "book/*.md",
        "README.md",
        "docs/*.md",
    ]
    for pattern in patterns:
        for path in ROOT.glob(pattern):
            if path.name == Path(__file__).name:  # this file names missing rules on purpose
                continue
            text = path.read_text(encoding="utf-8")
            numbers = {f"R{a}.{b}{c}" for a, b, c in RULE_NUMBER.findall(text)}
            if numbers:
                found[str(path.relative_to(ROOT))] = numbers
    return found


def test_every_rule_number_cited_exists_in_the_rule_book() -> None:
    defined = spec_rules()
    unknown = {path: sorted(numbers - defined) for path, numbers in cited_numbers().items() if numbers - defined}
    assert not unknown


def test_R3_5_is_cited_in_a_chapter() -> None:
    chapters = {path for path, numbers in cited_numbers().items() if path.startswith("notebooks/")}
    assert any("R3.5" in cited_numbers()[path] for path in chapters)


# ------------------------------------------------------ the worked examples

OPENING_ROWS = re.findall(r"^\| `(\d[LR])` \| `([^`]+)` \|", SPEC, flags=re.MULTILINE)
GAP_START, GAP_MOVE = re.search(r"from `([^`]+)`,\nplayer 0 plays `(\d[LR])`", SPEC).groups()  # type: ignore[union-attr]
GAP_ROWS = re.findall(r"^\| (`\"\w+\"`[^|]*) \| `([^`]+)` \|", SPEC, flags=re.MULTILINE)


def test_the_examples_were_found_in_the_rule_book() -> None:
    assert len(OPENING_ROWS) == 3 and len(GAP_ROWS) == 2


@pytest.mark.parametrize(("move", "result"), OPENING_ROWS)
def test_R11_worked_examples_from_the_opening(move: str, result: str) -> None:
    assert Position.initial().play(move).to_text() == result


@pytest.mark.parametrize(("values", "result"), GAP_ROWS)
def test_R11_the_chain_through_an_empty_mandarin_square(values: str, result: str) -> None:
    for value in re.findall(r'"(\w+)"', values):
        after = Position.from_text(GAP_START, Rules(mandarin_gap=value)).play(GAP_MOVE)  # type: ignore[arg-type]
        assert after.to_text() == result, value
