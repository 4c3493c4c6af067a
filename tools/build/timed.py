"""Run a command and note how long it took, so that `make test` can say where its minutes go.

Each stage of `make test` (lint, the unit tests, the notebooks, the book, the browser tests) runs
under this wrapper, which appends one line ``STAGE SECONDS`` to ``_build/test-times.txt`` and
exits with the command's own status. It prints nothing itself, so that the last lines of
`make test` stay pytest's summary (what CI reads).

Usage, from the repository root::

    python -m tools.build.timed unit -- .venv/bin/pytest -q -m "not browser"
    python -m tools.build.timed --start      # a new run: forget the stages of the last one
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

TIMES = Path(__file__).resolve().parents[2] / "_build" / "test-times.txt"


def note(stage: str, seconds: float, times: Path = TIMES) -> None:
    """Append ``stage seconds`` to the run's list of stages.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "times.txt"
    >>> note("unit", 61.04, path); note("book", 90.5, path)
    >>> path.read_text()
    'unit 61\\nbook 90\\n'
    """
    times.parent.mkdir(parents=True, exist_ok=True)
    with times.open("a", encoding="utf-8") as handle:
        handle.write(f"{stage} {round(seconds)}\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", action="store_true", help="begin a new list of stages")
    parser.add_argument("stage", nargs="?", help="the stage's name, e.g. unit")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command to run")
    args = parser.parse_args(argv)
    if args.start:
        TIMES.unlink(missing_ok=True)
        return 0
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not args.stage or not command:
        parser.error("give a stage's name, then -- and the command")
    start = time.monotonic()
    status = subprocess.call(command)
    note(args.stage, time.monotonic() - start)
    return status


if __name__ == "__main__":
    sys.exit(main())
