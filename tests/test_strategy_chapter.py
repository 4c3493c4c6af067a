"""The strategy chapter (notebooks/10_strategy.ipynb) teaches play after the opening (issue 46),
checked from its stored outputs: what a reader sees on the website, where no Python runs.

- every exercise is answered from what it shows, and a wrong answer of a counting exercise says
  why: its own count and the move with the best count;
- every exercise has its answer folded under "Solutions";
- its sentences about an empty Mandarin square give the exceptions (R3.4a, R5.3) with the chain
  rule (R5.5), and name the variants where it differs;
- the worked examples come from the engine: the tables' counts are what the engine computes for
  the position shown.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from oanquan import Position
from oanquan.puzzles import reply_count

CHAPTER = Path(__file__).resolve().parent.parent / "notebooks" / "10_strategy.ipynb"
FEEDBACK = re.compile(r'<div class="oq-quiz-feedback">(.*?)</div>', re.DOTALL)


def notebook() -> dict[str, Any]:
    return json.loads(CHAPTER.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def feedback_panels() -> list[str]:
    """The feedback of every quiz answer, as the page's widgets hold it (HTML, tags removed)."""
    state = notebook()["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    panels = []
    for model in state.values():
        value = model["state"].get("value", "")
        if model["model_name"] == "HTMLModel" and isinstance(value, str):
            panels += [
                html.unescape(re.sub(r"<svg.*?</svg>|<[^>]+>", " ", p, flags=re.DOTALL))
                for p in FEEDBACK.findall(value)
            ]
    return [" ".join(p.split()) for p in panels]


def prose() -> str:
    """The Markdown a reader reads: the Markdown cells and what the code cells say."""
    parts = []
    for cell in notebook()["cells"]:
        if cell["cell_type"] == "markdown":
            parts.append("".join(cell["source"]))
        for output in cell.get("outputs", []):
            parts.append("".join(output.get("data", {}).get("text/markdown", "")))
    return " ".join(" ".join(parts).split())


def test_a_wrong_count_says_why() -> None:
    """Exercise 2 is counted by hand from its board: every answer gives its count, and every wrong
    one the move with the best count (issue 46: it needed the computer's search and explained nothing)."""
    counted = [p for p in feedback_panels() if "the count is" in p]
    wrong = [p for p in counted if p.startswith("✘")]
    right = [p for p in counted if p.startswith("✔")]
    assert len(right) == 1 and len(wrong) >= 2, counted
    best = re.search(r"^✔ Right\. (\w+) takes", right[0])
    assert best, right[0]
    assert all("The best count is" in p and p.endswith(f"with {best[1]}.") for p in wrong), wrong


def test_every_exercise_has_a_checked_answer_and_a_solution() -> None:
    cells = notebook()["cells"]
    numbers = [int(n) for n in re.findall(r"\*\*(\d+)\.\*\*", prose())]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 7, numbers
    solutions = next(
        "".join(o["data"]["text/html"])
        for cell in cells
        for o in cell.get("outputs", [])
        if "oaq-solutions" in "".join(o.get("data", {}).get("text/html", ""))
    )
    assert solutions.startswith('<details class="oaq-solutions">'), "folded until the reader opens it"
    assert [int(n) for n in re.findall(r"Exercise (\d+):", solutions)] == numbers
    # the endgame, borrowing and variant exercises explain every answer, the wrong ones too
    panels = feedback_panels()
    for words in ("borrows", "never a gap"):
        explained = [p for p in panels if words in p]
        assert any(p.startswith("✘") for p in explained) and any(p.startswith("✔") for p in explained), words
    # the ending: the right move ends the game with its score, each wrong one says how the game goes on
    assert any(p.startswith("✔") and "and ends the game:" in p for p in panels)
    assert sum(p.startswith("✘") and "the game goes on, and with the best play" in p for p in panels) >= 2


def test_the_empty_mandarin_square_is_stated_with_its_exceptions() -> None:
    """Issue 46: the chapter said an empty Mandarin square "does not stop a chain" with no caveat."""
    text = prose()
    assert "does not stop a chain:" not in text
    for rule in ("R3.4a", "R5.3", "R5.5"):
        assert rule in text, rule
    assert "right after the last pebble" in text.lower()
    assert "where an empty Mandarin square is never a gap" in text
    assert "When the last pebble lands *in* the Mandarin square, the square after it decides" in text


def position_of(alt: str) -> Position:
    """The position a board picture's text alternative describes (squares, Mandarins, stores, mover)."""
    top = re.search(r"Top row, squares 4 3 2 1 0: (\d+), (\d+), (\d+), (\d+), (\d+)\.", alt)
    bottom = re.search(r"Bottom row, squares 5 6 7 8 9: (\d+), (\d+), (\d+), (\d+), (\d+)\.", alt)
    assert top and bottom and "owes" not in alt, alt
    squares = [*reversed(top.groups()), *bottom.groups()]

    def mandarin(name: str) -> str:
        said = re.search(rf"Mandarin square {name} \(\w+\): ([^.]*)\.", alt)
        assert said, name
        stone = "Mandarin stone" in said[1]
        pebbles = re.search(r"(\d+) pebbles?", said[1])
        count = int(pebbles[1]) if pebbles else 0
        return ("Q" + (f"+{count}" if count else "")) if stone else str(count)

    def store(row: str) -> str:
        said = re.search(rf"{row}: \d+ points? \(captured: (\d+) pebbles?(?: \+ (\d) Mandarin stones?)?\)", alt)
        assert said, row
        stones = int(said[2] or 0)
        return said[1] + ("" if not stones else "+Q" if stones == 1 else "+2Q")

    mover = 1 if alt.endswith("Top row to move.") else 0
    text = f"{','.join(squares)} {mandarin('M0')},{mandarin('M1')} {store('Bottom row')},{store('Top row')} 0,0 {mover}"
    return Position.from_text(text)


def test_the_worked_count_is_the_engines() -> None:
    """The middle game's table is the engine's count (oanquan.puzzles.reply_count) for the position
    drawn above it: each move, what it takes, the most taken back, with which reply, the count."""
    cells = notebook()["cells"]
    cell = next(c for c in cells if "MIDDLE = count_example(SEEDED)" in "".join(c["source"]))
    figure = next("".join(o["data"]["text/html"]) for o in cell["outputs"] if "text/html" in o.get("data", {}))
    table = next("".join(o["data"]["text/markdown"]) for o in cell["outputs"] if "text/markdown" in o.get("data", {}))
    alt = re.search(r'alt="([^"]*)"', figure)
    assert alt, figure[:200]
    position = position_of(html.unescape(alt[1]))
    rows = re.findall(r"\| \*\*(\d[LR])\*\* \| (\d+) \| (\d+) \| (\S+) \| ([+-]\d+) \|", table)
    assert sorted(m for m, *_rest in rows) == sorted(str(m) for m in position.legal_moves()), table
    for move, gain, back, reply, count in rows:
        expected = reply_count(position, move)
        assert (int(gain), int(back), reply) == (expected[0], expected[1], str(expected[2] or "—")), move
        assert int(count) == int(gain) - int(back)
