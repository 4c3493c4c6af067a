"""What the book says about the rule options agrees with the engine's defaults (issue 25, RULES §9).

Chapter 10 once said that "by default" an empty Mandarin square is no gap in a chain, against
R5.5 and ``Rules().mandarin_gap == "chain"``. This test reads what a reader reads (the
chapters' and pages' text, and the paragraphs their code cells wrote when they ran), finds each
sentence that states how the default rules treat an option of §9, and checks it against
``Rules()``. Sentences that describe a variant ("some villages…", "with the option…") are
not claims about the defaults and are left alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from oanquan import Rules

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "book").glob("*.ipynb"))
PAGES = sorted((ROOT / "book").glob("*.md"))

Check = Callable[[Rules, re.Match[str]], bool]

#: Each kind of claim: the option it is about, how to find it, and what must hold of Rules().
CLAIMS: list[tuple[str, re.Pattern[str], Check]] = [
    ("mandarin_value", re.compile(r"worth (\d+) points by default"), lambda r, m: r.mandarin_value == int(m[1])),
    ("max_plies", re.compile(r"ply limit\b.*? is (\d+) by default"), lambda r, m: r.max_plies == int(m[1])),
    (
        "young_mandarin_min",
        re.compile(r"default rules\b.*?\b(captures|takes) (the|a) Mandarin"),
        lambda r, m: r.young_mandarin_min == 0,
    ),
    (
        "mandarin_gap",
        re.compile(
            r"empty Mandarin square (is|as) a gap like any other"
            r"|chain jumps (it|an emptied Mandarin square|the empty Mandarin square)"
            r"|does not stop a chain"
        ),
        lambda r, m: r.mandarin_gap == "chain",
    ),
    (
        "mandarin_gap",
        re.compile(r"\b(no gap|not a gap|never a gap|stops the chain|the chain stops|ends the chain)\b"),
        lambda r, m: r.mandarin_gap == "never",
    ),
    (
        "mandarin_gap",
        re.compile(
            r"Mandarin square always ends the turn"
            r"|ends in front of a Mandarin square stops there"
            r"|next square is a Mandarin square (simply )?stops"
        ),
        lambda r, m: r.mandarin_gap != "always",
    ),
]

#: A sentence about a variant, not the defaults (unless it also says "by default").
VARIANT = re.compile(
    r"some villages|some players|others\b|with the option|the young-Mandarin option|under (that|the young|those)"
    r"|with young|always a gap\b|never a gap\b|never let|when a Mandarin is worth|mandarin_gap=|young_mandarin_min="
    r"|occupied Mandarin square",  # a sentence about an occupied Mandarin square is not about empty ones
    re.I,
)
#: A sentence that may state an option's default: one of these words is in it.
SUBJECT = re.compile(r"default|empty Mandarin|emptied Mandarin|chain|ply limit", re.I)


def sentences(text: str) -> list[str]:
    """The sentences of a paragraph (Markdown marks and line breaks flattened, tables left out).

    A table's rows are computed from ``Rules()`` by the chapter's code, so they are no claim.
    """
    prose = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("|"))
    flat = re.sub(r"\s+", " ", re.sub(r"[*_`]", "", prose))
    return [s for s in re.split(r"(?<=[.!?;])\s+", flat) if s]


def option_claims(text: str) -> Iterator[tuple[str, str, bool]]:
    """Each claim about a default option in ``text``: (option, sentence, whether Rules() agrees)."""
    defaults = Rules()
    for sentence in sentences(text):
        if not SUBJECT.search(sentence):
            continue
        if VARIANT.search(sentence) and not re.search(r"\bby default\b|\bdefault rules\b", sentence, re.I):
            continue
        for option, pattern, holds in CLAIMS:
            found = pattern.search(sentence)
            if found:
                yield option, sentence, holds(defaults, found)


def reader_text(path: Path) -> str:
    """What a reader of the English edition reads of ``path``: prose, and the Markdown its cells wrote."""
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    notebook = json.loads(path.read_text(encoding="utf-8"))
    parts = []
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            parts.append("".join(cell["source"]))
        for output in cell.get("outputs", []):
            markdown = output.get("data", {}).get("text/markdown")
            if markdown:
                parts.append("".join(markdown))
    return "\n\n".join(parts)


def test_the_checker_finds_the_claim_chapter_10_once_got_wrong() -> None:
    """The old sentence of chapter 10 is a claim about ``mandarin_gap`` that Rules() contradicts."""
    old = "An empty Mandarin square is safe from capture; by default it is no gap either (R5.5)."
    assert [(option, holds) for option, _s, holds in option_claims(old)] == [("mandarin_gap", False)]
    fixed = "An empty Mandarin square does not stop a chain: inside a chain it is a gap like any other."
    assert {holds for _o, _s, holds in option_claims(fixed)} == {True}
    variant = "Some villages never let a chain cross a Mandarin square: there the chain stops."
    assert list(option_claims(variant)) == []


@pytest.mark.parametrize("path", DOCUMENTS + PAGES, ids=lambda p: p.name)
def test_every_claim_about_a_default_option_agrees_with_the_engine(path: Path) -> None:
    wrong = [f"{option}: {sentence}" for option, sentence, holds in option_claims(reader_text(path)) if not holds]
    assert wrong == [], f"{path.name} says what Rules() does not"


def test_the_book_states_the_default_of_every_option_it_teaches() -> None:
    """Chapters that teach the options say what the defaults are, so the check above has claims to check."""
    claimed = {option for path in DOCUMENTS + PAGES for option, _sentence, _holds in option_claims(reader_text(path))}
    assert claimed >= {"mandarin_value", "max_plies", "young_mandarin_min", "mandarin_gap"}
