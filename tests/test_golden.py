"""A golden playthrough: a whole game, every position and the outcome, in a readable file.

The file's ``record:`` line is the input; everything else in it is what the
engine says about that record. To regenerate after a deliberate change, run
``OANQUAN_UPDATE_GOLDEN=1 pytest tests/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

from oanquan import Game, describe_move
from oanquan.narrate import outcome_words

GOLDEN = Path(__file__).parent / "golden" / "playthrough.txt"


def render(record: str) -> str:
    game = Game()
    lines = [
        "# Golden playthrough (see tests/test_golden.py). Default rules, from the opening.",
        f"record: {record}",
        f"start:  {game.position.to_text()}",
    ]
    for ply, move in enumerate(record.split(), start=1):
        mover = game.position.to_move
        events = game.play_traced(move)
        lines.append(f"{ply:>3}. player {mover} {move:<3} {describe_move(events)}")
        lines.append(f"     -> {game.position.to_text()}")
    outcome = game.outcome()
    assert outcome is not None, "the golden game must be a finished one"
    lines.append(f"outcome: {outcome.rule} scores {outcome.scores[0]}-{outcome.scores[1]}")
    lines.append(f"         {outcome_words(outcome)}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    record = next(line for line in text.splitlines() if line.startswith("record:"))[7:].strip()
    expected = render(record)
    if os.environ.get("OANQUAN_UPDATE_GOLDEN"):
        GOLDEN.write_text(expected, encoding="utf-8")
    assert text == expected
