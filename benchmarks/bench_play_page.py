"""The Play page in headless Chromium: time until it takes a click, and the computer's reply time.

The page loads Pyodide and the oanquan package from the built site (``make book``) and runs
the engine in the browser. "Ready" is measured by the page itself (``data-ready-ms``, from
the moment it was opened until the board takes a click), for a first visit with an empty
cache and for a reload. Each level's reply time is what the page measures around the
computer's move (``data-reply-ms``), over the first few replies of a game, next to the
same player's time in CPython on the same positions. Targets: ready in under 8 s; a level-5
reply within 1 s (issue 10). For level 5 the CPython time of the search as it was before
issue 10 (``benchmarks/baseline``) on the same positions gives the speed-up as a ratio.
"""

from __future__ import annotations

import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from tools.localsite import CHROMIUM, CHROMIUM_FLAGS, chromium_missing, serve

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(__import__("os").environ.get("OANQUAN_SITE", ROOT / "_build" / "html"))
READY = "#oaq[data-state=ready]"
REPLIES = 6  # computer replies timed per level
TARGET_READY_S = 8.0
TARGET_LEVEL5_MS = 1000


def _ready_ms(page: Any) -> int:
    page.wait_for_selector(READY, timeout=120_000)
    return int(page.get_attribute("#oaq", "data-ready-ms"))


def _replies(page: Any, url: str, level: int) -> tuple[list[int], str]:
    """Play the first legal move REPLIES times; the page's reply times and the record."""
    from oanquan import Game

    page.goto(f"{url}?opponent={level}")
    page.wait_for_selector(READY, timeout=120_000)
    page.select_option("[data-oaq=speed]", "0")
    times: list[int] = []
    for _ in range(REPLIES):
        game = Game.from_record(page.input_value("[data-oaq=record]"))
        if game.outcome() is not None:
            break
        move = str(game.legal_moves()[0])
        page.click(f"#oaq [data-oaq=board] [data-square='{move[:-1]}']")
        page.wait_for_selector(READY)
        page.click(f"#oaq [data-direction='{move[-1]}']")
        page.wait_for_selector(READY, timeout=300_000)
        times.append(int(page.get_attribute("#oaq", "data-reply-ms")))
    return times, page.input_value("[data-oaq=record]")


def _cpython_ms(level: int, record: str, before: bool = False) -> list[int]:
    """The same level's thinking time in CPython on the positions the page's computer faced
    (``before``: with the search as it was before issue 10)."""
    from benchmarks.baseline import ai as baseline_ai
    from benchmarks.baseline.position import Position as BaselinePosition
    from oanquan import Game
    from oanquan.ai import player_for_level

    moves = record.split()
    times = []
    for ply in range(1, len(moves), 2):
        position = Game.from_record(" ".join(moves[:ply])).position
        start = time.perf_counter()
        if before:
            baseline_ai.player_for_level(level, seed=1).choose(BaselinePosition.from_text(position.to_text()))
        else:
            player_for_level(level, seed=1).choose(position)
        times.append(round((time.perf_counter() - start) * 1000))
    return times


def main() -> None:
    if not (SITE / "book" / "play.html").is_file():
        subprocess.run(["make", "book"], cwd=ROOT, check=True)
    if missing := chromium_missing():
        print(f"skipped: {missing}")
        return
    from playwright.sync_api import sync_playwright

    with serve(SITE) as base, sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        url = base + "book/play.html"
        context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = context.new_page()
        page.goto(f"{url}?opponent=friend")
        cold = _ready_ms(page)
        warm = []
        for _ in range(3):
            page.reload()
            warm.append(_ready_ms(page))
        verdict = "ok" if cold / 1000 < TARGET_READY_S else "OVER TARGET"
        print(f"ready to take a click: first visit {cold / 1000:.2f} s ({verdict}, target < {TARGET_READY_S:g} s);")
        print(f"  reload (cached) median {statistics.median(warm) / 1000:.2f} s of {len(warm)}")
        print(f"computer's reply, {REPLIES} replies per level (browser ms; CPython ms on the same positions):")
        for level in (1, 2, 3, 4, 5):
            times, record = _replies(page, url, level)
            native = _cpython_ms(level, record)
            print(
                f"  level {level}: median {statistics.median(times):>5.0f} ms, max {max(times):>5} ms"
                f"   (each: {', '.join(map(str, times))}; CPython: {', '.join(map(str, native))})"
            )
            if level == 5:
                before = statistics.median(_cpython_ms(5, record, before=True))
                now = max(1, statistics.median(native))
                verdict = "ok" if max(times) <= TARGET_LEVEL5_MS else "OVER TARGET"
                print(
                    f"  level 5: slowest reply {max(times)} ms in the browser ({verdict}, target <= "
                    f"{TARGET_LEVEL5_MS} ms); browser / CPython {statistics.median(times) / now:.2f}x;"
                    f" CPython before issue 10 on the same positions: median {before:.0f} ms,"
                    f" {before / now:.2f}x the time now"
                )
        context.close()


if __name__ == "__main__":
    main()
