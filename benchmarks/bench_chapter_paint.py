"""A chapter's first visit on a slow device: when its text is drawn, and when its widgets are (issue 45).

A chapter page loads the widget manager (``embed-amd.js``, 3.6 MB) to draw its stored widgets
without a kernel. Loaded in the page's head, it ran before any of the page was drawn; deferred, it
runs once the page is parsed, after the text is on the screen. Measured in headless Chromium, each
visit in a new context (nothing cached, no service worker), the processor slowed four times as a
school tablet's would be (Chromium's CPU throttling), over chapter 2's page: the first contentful
paint (the page's own ``paint`` entry) and the moment every widget is drawn (each stored view's
place in the page filled: :data:`DRAWN`). With ``OANQUAN_SITE_BEFORE`` set to another build (a copy of
``_build/html``), its visits and this build's take turns, in the same run.
"""

from __future__ import annotations

import os
import statistics
from pathlib import Path
from typing import Any

from tools.testing.localsite import READERS_CHROMIUM, chromium, chromium_missing, serve

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("OANQUAN_SITE", ROOT / "_build" / "html"))
BEFORE = os.environ.get("OANQUAN_SITE_BEFORE", "")
PAGE = "notebooks/02_sowing.html"
SLOWDOWN = 4  # Chromium's CPU throttling rate: a school tablet against this machine
VISITS = 3
#: Every stored widget of the page drawn: the manager puts each view in a ``widget-subarea`` before
#: the view's script, and fills it once the view is made.
DRAWN = """() => {
  const views = document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]').length;
  const filled = [...document.querySelectorAll('.widget-subarea')].filter((e) => e.children.length > 0).length;
  return views > 0 && filled === views;
}"""


def visit(browser: Any, base: str) -> tuple[int, int]:
    """One cold visit: the first contentful paint and the widgets drawn, in ms from the page's start."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
        page.goto(base + PAGE, wait_until="load", timeout=120_000)
        page.wait_for_function(DRAWN, timeout=120_000, polling=50)
        drawn = int(page.evaluate("() => performance.now()"))
        paint = page.evaluate(
            "() => performance.getEntriesByName('first-contentful-paint').map(e => Math.round(e.startTime))[0]"
        )
        return int(paint), drawn
    finally:
        context.close()


def main() -> None:
    if not (SITE / PAGE).is_file():
        print(f"skipped: {SITE / PAGE} is not built (make book)")
        return
    if missing := chromium_missing(READERS_CHROMIUM):
        print(f"skipped: {missing}")
        return
    sites = {"before": Path(BEFORE), "now": SITE} if BEFORE else {"now": SITE}
    found: dict[str, list[tuple[int, int]]] = {name: [] for name in sites}
    with chromium(READERS_CHROMIUM) as browser:
        for _ in range(VISITS):
            for name, site in sites.items():
                with serve(site) as base:
                    found[name].append(visit(browser, base))
    print(f"{PAGE}, cold visits, the processor slowed {SLOWDOWN}x:")
    for name, visits in found.items():
        paints = ", ".join(f"{p / 1000:.2f}" for p, _ in visits)
        drawn = ", ".join(f"{d / 1000:.2f}" for _, d in visits)
        print(f"  {name}: first contentful paint (s) {paints}; every widget drawn (s) {drawn}")
    if BEFORE:
        ratio = statistics.median(p for p, _ in found["now"]) / statistics.median(p for p, _ in found["before"])
        later = statistics.median(d for _, d in found["now"]) / statistics.median(d for _, d in found["before"])
        print(f"  now against before, medians: first paint {ratio:.2f}x, widgets drawn {later:.2f}x")
