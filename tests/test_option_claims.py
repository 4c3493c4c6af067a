"""What the book says about the rule options agrees with the engine's defaults (issue 25, RULES §9).

Chapter 10 once said that "by default" an empty Mandarin square is no gap in a chain, against
R5.5 and ``Rules().mandarin_gap == "chain"``. This test reads what a reader reads (the
chapters' and pages' text, and the paragraphs their code cells wrote when they ran), finds each
sentence that states how the default rules treat an option of §9, and checks it against
``Rules()``. Sentences that describe a variant ("some villages…", "with the option…") are
not claims about the defaults and are left alone.

Issue 46 extends it to the home page, the glossary and the rules page: a value a page glues in
(``{glue:text}`mandarin_value```) is read as the reader reads it, the number the page's code
computed, and the rule that a Mandarin square right after the last pebble stops the turn
(R3.4a, not so under ``mandarin_gap="always"``) is a claim as well.
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
    (
        "mandarin_value",
        re.compile(r"each Mandarin square with (a|one) Mandarin stone worth (\d+) points"),
        lambda r, m: r.mandarin_pieces == "stone" and r.mandarin_value == int(m[2]),
    ),
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
            r"|A Mandarin square: stop\b"
            r"|Only a Mandarin square after the last pebble ends the turn"
            r"|(?i:right after the last pebble),? (a|an empty) Mandarin square ends the turn"
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
SUBJECT = re.compile(
    r"default|empty Mandarin|emptied Mandarin|chain|ply limit|Mandarin stone|last pebble|Mandarin square: stop", re.I
)
#: A value a page's code glued into its text (myst-nb's ``{glue:text}`name```, optionally ``name:format``).
GLUE = re.compile(r"\{glue:text\}`([^`:]+)(?::[^`]*)?`")


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
    """What a reader of the English edition reads of ``path``: prose, and the Markdown its cells wrote.

    The values glued into the prose are written in, as the page shows them.
    """
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    notebook = json.loads(path.read_text(encoding="utf-8"))
    parts, glued = [], {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            parts.append("".join(cell["source"]))
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            markdown = data.get("text/markdown")
            if markdown:
                parts.append("".join(markdown))
            name = output.get("metadata", {}).get("scrapbook", {}).get("name")
            if name and "application/papermill.record/text/plain" in data:
                glued[name] = "".join(data["application/papermill.record/text/plain"]).strip("'\"")
    return GLUE.sub(lambda m: glued.get(m[1], m[0]), "\n\n".join(parts))


def test_the_checker_finds_the_claim_chapter_10_once_got_wrong() -> None:
    """The old sentence of chapter 10 is a claim about ``mandarin_gap`` that Rules() contradicts."""
    old = "An empty Mandarin square is safe from capture; by default it is no gap either (R5.5)."
    assert [(option, holds) for option, _s, holds in option_claims(old)] == [("mandarin_gap", False)]
    fixed = "An empty Mandarin square does not stop a chain: inside a chain it is a gap like any other."
    assert {holds for _o, _s, holds in option_claims(fixed)} == {True}
    variant = "Some villages never let a chain jump an empty Mandarin square: there the chain stops."
    assert list(option_claims(variant)) == []


def test_the_checker_reads_the_pages_claims_and_their_glued_numbers() -> None:
    """Sentences of the home page and the rules page's kinds are claims, and a wrong one is caught."""
    wrong_value = "Each small square starts with 5 pebbles, each Mandarin square with a Mandarin stone worth 5 points."
    assert [(o, holds) for o, _s, holds in option_claims(wrong_value)] == [("mandarin_value", False)]
    landing = "Only a Mandarin square after the last pebble ends the turn."
    assert [(o, holds) for o, _s, holds in option_claims(landing)] == [("mandarin_gap", True)]
    always = Rules(mandarin_gap="always")
    assert not next(holds(always, m) for _o, p, holds in CLAIMS if (m := p.search(landing)))
    # the home page's glued numbers are read as the reader reads them, not as {glue:text} roles
    home = reader_text(ROOT / "book" / "intro.ipynb")
    assert "{glue:text}" not in home
    assert f"Mandarin stone worth {Rules().mandarin_value} points" in " ".join(home.split())


@pytest.mark.parametrize("path", DOCUMENTS + PAGES, ids=lambda p: p.name)
def test_every_claim_about_a_default_option_agrees_with_the_engine(path: Path) -> None:
    wrong = [f"{option}: {sentence}" for option, sentence, holds in option_claims(reader_text(path)) if not holds]
    assert wrong == [], f"{path.name} says what Rules() does not"


@pytest.mark.parametrize("name", ["intro.ipynb", "glossary.md", "rules.ipynb"])
def test_the_home_page_the_glossary_and_the_rules_page_have_claims_the_check_reads(name: str) -> None:
    """Issue 46: these pages state defaults too; the check above must find them, or it checks nothing there."""
    assert list(option_claims(reader_text(ROOT / "book" / name))) != []


def test_the_book_states_the_default_of_every_option_it_teaches() -> None:
    """Chapters that teach the options say what the defaults are, so the check above has claims to check."""
    claimed = {option for path in DOCUMENTS + PAGES for option, _sentence, _holds in option_claims(reader_text(path))}
    assert claimed >= {"mandarin_value", "max_plies", "young_mandarin_min", "mandarin_gap"}
