"""The class rule sets each puzzle of the collection holds under, kept beside it: ``class_rules.json``.

:func:`authoring.puzzles.class_rules_kept` solves a puzzle again under each class's rules: the
whole collection costs the solver 9-18 CPU-seconds, and every process that printed a worksheet,
built the Puzzles page or tested them paid it (three in the book's build, one per test worker:
issue 45, the CPU of ``make test``). The table keeps each puzzle's class rule sets with what they
were computed from (its id, position, goal and solution), and ``class_rules_kept`` starts from it:
a puzzle that differs from its row (a new one, or one changed by a test) is solved as before.
``tests/test_puzzles.py`` solves every puzzle again and compares it with the table.

Run ``.venv/bin/python -m authoring.class_rules`` after a change to the collection, to the
class rule sets or to the solver; ``--check`` only says whether the table is up to date.
"""

from __future__ import annotations

import argparse
import json
import sys

from oanquan.puzzles import Puzzle, load_builtin

from .puzzles import CLASS_RULES_TABLE, _class_rules_kept

__all__ = ["main", "render", "table"]


def table(puzzles: list[Puzzle] | None = None) -> list[dict[str, object]]:
    """Each puzzle's row, its class rule sets solved now (never read from the table).

    >>> from oanquan.puzzles import load_builtin
    >>> young = next(p for p in load_builtin() if p.theme == "young_mandarin")
    >>> table([young])[0]["classes"]
    ['protected-10', 'protected-5']
    """
    return [
        {
            "id": p.id,
            "position": p.position_text,
            "goal": p.goal,
            "solution": list(p.solution),
            "classes": list(_class_rules_kept(p)),
        }
        for p in (load_builtin() if puzzles is None else puzzles)
    ]


def render(rows: list[dict[str, object]]) -> str:
    """The table's text: one puzzle a line, in the collection's order."""
    lines = ",\n".join("    " + json.dumps(row, ensure_ascii=False) for row in rows)
    return '{\n  "format": "oanquan-class-rules",\n  "version": 1,\n  "puzzles": [\n' + lines + "\n  ]\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the table is up to date")
    args = parser.parse_args(argv)
    rows = table()
    text = render(rows)
    stored = CLASS_RULES_TABLE.read_text("utf-8") if CLASS_RULES_TABLE.is_file() else ""
    if args.check:
        print("up to date" if text == stored else "out of date: run python -m authoring.class_rules")
        return 0 if text == stored else 1
    if text != stored:
        CLASS_RULES_TABLE.write_text(text, "utf-8")
    print(f"{CLASS_RULES_TABLE.name}: {len(rows)} puzzles")
    return 0


if __name__ == "__main__":
    sys.exit(main())
