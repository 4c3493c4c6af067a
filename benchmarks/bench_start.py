"""Where the engine's start goes, step by step, in CPU time: before and after issue 45's build-time start.

The Play page's engine is Pyodide in a Web Worker; its start was the WebAssembly compiled,
Python started on a standard library of sources (each imported module compiled from source),
then the engine imported. The build now trims that library to what the engine needs, compiled,
and makes a memory snapshot of Python started with the engine imported (``tools/build/engine_start.mjs``),
which a page restores. Here each way runs under Node (the same WebAssembly engine as Chromium's,
``benchmarks/engine_start.mjs``), each in its own process, each step in wall and CPU time of that
process: CPU time counts little of what other programs on a shared machine do, so the ratios
between the ways, measured in the same run, are what to compare. ``bench_play_page`` measures the
page itself in Chromium.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).with_name("engine_start.mjs")
BUILT = Path(os.environ.get("OANQUAN_SITE", ROOT / "_build" / "html")) / "_static"
WAYS = {
    "npm": "before issue 45: npm's Pyodide, its standard library as sources, the engine imported",
    "stdlib": "the built standard library (trimmed, compiled), no snapshot: the worker's fallback",
    "snapshot": "the build's snapshot restored: a first visit now",
}
RUNS = 3  # of each way; the median run (by CPU) is shown


def steps(how: str) -> list[tuple[str, int, int]]:
    """One start ``how``: each step's name, wall and CPU milliseconds."""
    done = subprocess.run(
        ["node", str(SCRIPT), str(ROOT / "node_modules" / "pyodide"), str(BUILT), how],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [tuple(row) for row in json.loads(done.stdout.splitlines()[-1])["steps"]]


def main() -> None:
    """Print the figures."""
    if shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        print("skipped: needs node and node_modules/pyodide (make node_modules/.installed)")
        return
    if not list((BUILT / "play").glob("engine-snapshot-*.bin.gz")):
        print(f"skipped: no built engine start in {BUILT} (make book)")
        return
    totals: dict[str, int] = {}
    print(f"the engine's start under Node, step by step (wall ms / CPU ms; median of {RUNS} runs by CPU):")
    for how, what in WAYS.items():
        runs = sorted((steps(how) for _ in range(RUNS)), key=lambda run: sum(cpu for _, _, cpu in run))
        run = runs[len(runs) // 2]
        totals[how] = sum(cpu for _, _, cpu in run)
        wall = sum(ms for _, ms, _ in run)
        print(f"  {what}: {wall} ms wall, {totals[how]} ms CPU")
        for name, ms, cpu in run:
            print(f"    {name}: {ms} / {cpu}")
    print(
        f"  CPU to a first answer and a click: the build's snapshot {totals['snapshot'] / totals['npm']:.2f}x"
        f" the start before issue 45; the fallback {totals['stdlib'] / totals['npm']:.2f}x"
    )


if __name__ == "__main__":
    main()
