"""Level 5 in Pyodide against CPython, in CPU time: what level 5's budget is sized from (issue 45).

The Play page runs the engine in Pyodide, in a Web Worker; its reply times
(``bench_play_page``) are wall-clock times, which on a shared machine count every other
program too. Here the same searches run in Pyodide under Node (the same WebAssembly
engine as Chromium's, ``benchmarks/pyodide_search.mjs``) and in CPython, each timed in
its own process's CPU time, on the positions of a game: level 5's budget now
(``ai.LEVEL5_NODES``) and before issue 45. Pyodide's time per move, against the page's
second, is what the budget is sized from; the ratio says how much slower Pyodide is.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import time
from pathlib import Path

from benchmarks.ladder import LEVEL5_BEFORE
from oanquan import Game, Position
from oanquan.ai import LEVEL5_NODES, SearchPlayer

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).with_name("pyodide_search.mjs")
#: A game between levels 5 and 4, and two midgames: the positions level 5 is timed on.
RECORD = "5L 2L 5L 2L 5L 0R 6L 0R 5L 1R 5L 2L 6L 1R 5L 2R"
MIDGAMES = ("7R 0L 9R 4R", "6R 2L")


def positions() -> list[str]:
    """The positions level 5 moves in, as text: every other one of RECORD's game, and the midgames."""
    moves = RECORD.split()
    games = [Game.from_record(" ".join(moves[:ply])) for ply in range(1, len(moves), 2)]
    games += [Game.from_record(record) for record in MIDGAMES]
    return [game.position.to_text() for game in games if game.outcome() is None]


def pyodide_ms(budget: int, texts: list[str]) -> list[float]:
    """Pyodide's CPU milliseconds for each search (under Node)."""
    done = subprocess.run(
        ["node", str(SCRIPT), str(budget), *texts], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return [row[0] for row in json.loads(done.stdout.splitlines()[-1])]


def cpython_ms(budget: int, texts: list[str]) -> list[float]:
    """CPython's CPU milliseconds for the same searches."""
    times = []
    for text in texts:
        start = time.process_time()
        SearchPlayer(30, max_nodes=budget, seed=1).search(Position.from_text(text))
        times.append((time.process_time() - start) * 1000)
    return times


def main() -> None:
    """Print the figures."""
    if shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        print("skipped: needs node and node_modules/pyodide (make node_modules/.installed)")
        return
    texts = positions()
    print(f"level 5's search on {len(texts)} positions of a game, CPU time (Pyodide under Node; CPython):")
    for name, budget in (("now", LEVEL5_NODES), ("before issue 45", LEVEL5_BEFORE)):
        browser, native = pyodide_ms(budget, texts), cpython_ms(budget, texts)
        ratio = statistics.median(b / n for b, n in zip(browser, native, strict=True))
        print(
            f"  {name} ({budget:,} positions): Pyodide median {statistics.median(browser):.0f} ms,"
            f" max {max(browser):.0f} ms; CPython median {statistics.median(native):.0f} ms,"
            f" max {max(native):.0f} ms; Pyodide / CPython {ratio:.2f}x"
        )


if __name__ == "__main__":
    main()
