"""The live notebooks (``lite/``) in headless Chromium: time to a chapter's first output, and their size.

A reader opens chapter 1's live notebook, and runs it all (Run ▸ Run All Cells, after
clearing the stored outputs so that every output is new). Measured from the moment the
page is opened: the first output of a cell (Python started in the browser, the setup cell
installed oanquan, the first cell ran), and the whole chapter done. Once with an empty
browser cache (first visit), then again in the same browser (cached: nothing is
downloaded again, but Python still starts from scratch in a new page). The same notebook
run by CPython (``jupyter nbconvert --execute``, kernel start included) is the yardstick.

Size: what ``lite/`` adds to the site, raw and gzip-compressed (what a server usually
sends), beside the rest of the site, with its main parts.
"""

from __future__ import annotations

import gzip
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.__main__ import cpu_model
from tools.testing.localsite import READERS_CHROMIUM, chromium_missing, chromium_profile, serve

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
LITE = SITE / "lite"
CHAPTER = "01_board.ipynb"
CACHED_VISITS = 2
TIMEOUT_MS = 300_000

_FIRST_OUTPUT_JS = "() => !!document.querySelector('.jp-Notebook .jp-OutputArea-output')"
_ALL_DONE_JS = """() => {
  const prompts = document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt');
  const status = document.querySelector('.jp-Notebook-ExecutionIndicator')?.dataset.status;
  const last = prompts.length ? prompts[prompts.length - 1].textContent.trim() : '';
  return last === `[${prompts.length}]:` && status === 'idle';
}"""


def _menu(page: Any, top: str, item: str) -> None:
    page.get_by_role("menuitem", name=top, exact=True).click()
    page.locator(".lm-Menu-item", has_text=item).first.click()


def visit(context: Any, url: str) -> tuple[float, float]:
    """Open the chapter, clear its outputs, run it all: seconds to the first output and to the end."""
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=TIMEOUT_MS)
    _menu(page, "Edit", "Clear Outputs of All Cells")
    page.wait_for_function(f"() => !({_FIRST_OUTPUT_JS})()")
    # The chapters fold some cells' code away (hide-input), and a folded cell shows no prompt,
    # whose number says when the chapter has run to its end: unfold them all first.
    _menu(page, "View", "Expand All Code")
    _menu(page, "Run", "Run All Cells")
    page.wait_for_function(_FIRST_OUTPUT_JS, timeout=TIMEOUT_MS, polling=100)
    first = time.perf_counter() - start
    page.wait_for_function(_ALL_DONE_JS, timeout=TIMEOUT_MS, polling=200)
    done = time.perf_counter() - start
    page.close()
    return first, done


def cpython_seconds() -> float:
    """The same notebook run by CPython in a Jupyter kernel, kernel start included."""
    with tempfile.TemporaryDirectory() as tmp:
        notebook = Path(tmp) / CHAPTER
        data = json.loads((LITE / "files" / CHAPTER).read_text(encoding="utf-8"))
        data["metadata"]["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        notebook.write_text(json.dumps(data), encoding="utf-8")
        command = [str(Path(sys.executable).parent / "jupyter"), "nbconvert", "--to", "notebook", "--execute"]
        start = time.perf_counter()
        subprocess.run(
            [*command, "--output", str(Path(tmp) / "out.ipynb"), str(notebook)], check=True, capture_output=True
        )
        return time.perf_counter() - start


def sizes(folder: Path) -> tuple[int, int]:
    """Bytes of every file under ``folder``, raw and each gzip-compressed (level 6)."""
    raw = packed = 0
    for path in folder.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, compresslevel=6))
    return raw, packed


def report_sizes() -> None:
    lite_raw, lite_gz = sizes(LITE)
    site_raw, site_gz = sizes(SITE)
    book_raw, book_gz = site_raw - lite_raw, site_gz - lite_gz
    print(
        f"size of the live notebooks: {lite_raw / 1e6:.1f} MB ({lite_gz / 1e6:.1f} MB gzipped), "
        f"{lite_raw / book_raw:.1f}x the rest of the site ({book_raw / 1e6:.1f} MB, {book_gz / 1e6:.1f} MB gzipped)"
    )
    parts = [
        ("Python (Pyodide) and the kernel's wheels", LITE / "static" / "pyodide"),
        ("the chapters, with their stored outputs", LITE / "files"),
        ("oanquan, ipywidgets, comm, jupyterlab_widgets", LITE / "pypi"),
    ]
    rest_raw, rest_gz = lite_raw, lite_gz
    for label, folder in parts:
        raw, packed = sizes(folder)
        rest_raw, rest_gz = rest_raw - raw, rest_gz - packed
        print(f"  {label:<48} {raw / 1e6:5.1f} MB ({packed / 1e6:.1f} MB gzipped)")
    print(f"  {'the notebook application (JupyterLab)':<48} {rest_raw / 1e6:5.1f} MB ({rest_gz / 1e6:.1f} MB gzipped)")


def main() -> None:
    if not (LITE / "notebooks" / "index.html").is_file():
        subprocess.run(["make", "book"], cwd=ROOT, check=True)
    report_sizes()
    if missing := chromium_missing(READERS_CHROMIUM):
        print(f"timings skipped: {missing}")
        return
    native = cpython_seconds()
    with (
        serve(SITE) as base,
        tempfile.TemporaryDirectory() as profile,
        chromium_profile(profile, executable=READERS_CHROMIUM) as context,
    ):
        url = f"{base}lite/notebooks/index.html?path={CHAPTER}"
        first_visit = visit(context, url)
        cached = [visit(context, url) for _ in range(CACHED_VISITS)]
    cached_first = statistics.median(c[0] for c in cached)
    cached_done = statistics.median(c[1] for c in cached)
    print(f"chapter 1 in the browser ({cpu_model()}), from opening the page:")
    print(f"  first visit: first output {first_visit[0]:.1f} s, whole chapter run {first_visit[1]:.1f} s")
    print(
        f"  cached (median of {CACHED_VISITS}): first output {cached_first:.1f} s "
        f"({cached_first / first_visit[0]:.2f}x the first visit), whole chapter {cached_done:.1f} s"
    )
    print(
        f"  the same chapter in CPython (nbconvert, kernel start included): {native:.1f} s; "
        f"the browser's cached run takes {cached_done / native:.1f}x that"
    )
