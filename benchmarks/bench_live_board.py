"""A chapter's live board in headless Chromium: how long the reader's first click waits (issue 20).

The engine (Pyodide and the oanquan package, in a Web Worker) warms up in the background once
the chapter page has loaded. Measured on a first visit (an empty browser profile each time), in
chapter 2: the first click on square 7 made 10 s after the page was opened, and for comparison
the first click made as soon as the board is drawn (the wait the warm-up saves a reader who is
quick). Each figure is from the click until the board shows the directions to choose from.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from tools.testing.localsite import READERS_CHROMIUM, chromium_missing, chromium_profile, serve

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("OANQUAN_SITE", ROOT / "_build" / "html"))
CHAPTER = "notebooks/02_sowing.html"
BOARD = ".oaq-liveboard"
VISITS = 3
READING = 10.0  # seconds on the page before the first click


def first_click_ms(url: str, after: float) -> float:
    """One first visit: the milliseconds from a click on square 7, ``after`` seconds after opening, to its answer."""
    with tempfile.TemporaryDirectory() as profile, chromium_profile(profile, executable=READERS_CHROMIUM) as context:
        page = context.new_page()
        opened = time.monotonic()
        page.goto(url)
        page.wait_for_selector(f"{BOARD} [data-oaq=board] [data-square='7']")
        time.sleep(max(0.0, after - (time.monotonic() - opened)))
        clicked = time.monotonic()
        page.click(f"{BOARD} [data-oaq=board] [data-square='7']")
        page.wait_for_selector(f"{BOARD}[data-state=ready] [data-direction=R]", state="visible", timeout=120_000)
        return (time.monotonic() - clicked) * 1000


def main() -> None:
    if not (SITE / CHAPTER).is_file():
        subprocess.run(["make", "book"], cwd=ROOT, check=True)
    if missing := chromium_missing(READERS_CHROMIUM):
        print(f"skipped: {missing}")
        return
    with serve(SITE) as base:
        late = [first_click_ms(base + CHAPTER, READING) for _ in range(VISITS)]
        early = [first_click_ms(base + CHAPTER, 0.0) for _ in range(VISITS)]
    print(f"chapter 2's live board, first visits (empty profile), {VISITS} each:")
    print(
        f"  first click {READING:.0f} s after opening: answered in {statistics.median(late):.0f} ms (median;"
        f" each {', '.join(f'{ms:.0f}' for ms in late)})"
    )
    print(
        f"  first click as soon as the board is drawn: {statistics.median(early):.0f} ms (median;"
        f" each {', '.join(f'{ms:.0f}' for ms in early)}); the later click waits"
        f" {statistics.median(late) / statistics.median(early):.2f}x as long"
    )


if __name__ == "__main__":
    main()
