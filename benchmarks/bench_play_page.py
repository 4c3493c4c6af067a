"""The Play page in headless Chromium: a drawn board, the engine ready, bytes, the computer's replies.

The page draws the board from the built page at once and runs the engine (Pyodide and the
oanquan package) in a Web Worker (issue 12). Measured by the page itself, from the moment it
was opened: ``data-board-ms`` (the board drawn and taking clicks) and ``data-ready-ms`` (the
engine ready), for a first visit with an empty browser profile and for later visits (the service
worker's files, and the browser's cache of compiled WebAssembly once it has one); the engine
starts from the build's memory snapshot either way (issue 45; ``bench_start`` compares the ways
to start in CPU time). Beside each, the browser's CPU time from the page's opening until the
engine is ready (its processes' times in /proc), which a shared machine's other programs hardly change.
Bytes are counted by the local server: what the browser downloaded on each visit. Each
level's reply time is what the page measures around the computer's move in the worker
(``data-reply-ms``), over the first few replies of a game, next to the same player's time in
CPython on the same positions; for level 5 also the search as it was before issue 10
(taken from git: ``benchmarks/old_engine.py``), as a ratio, and level 5's budget before
issue 45 (``benchmarks.ladder.LEVEL5_BEFORE`` positions) on the same positions, in CPython
and as the page would take it at the browser's measured ratio to CPython.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.ladder import LEVEL5_BEFORE
from benchmarks.old_engine import load
from tools.testing.localsite import READERS_CHROMIUM, chromium_missing, chromium_profile, serve

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("OANQUAN_SITE", ROOT / "_build" / "html"))
#: Another build to compare the visits with, in the same run (a copy of ``_build/html`` made before
#: a change): its visits and this build's take turns, each in a fresh profile.
BEFORE = os.environ.get("OANQUAN_SITE_BEFORE", "")
READY = "#oaq[data-state=ready]"
REPLIES = 6  # computer replies timed per level
VISITS = 3  # later visits timed after the first
#: Issue 45's targets for the engine ready, and today's figures before its last round (docs/figures.md,
#: AMD EPYC, load average 9-10): a first visit 1.70 s, later visits 0.92-1.47 s.
TARGET_FIRST_S, TARGET_LATER_S = 1.5, 0.5
TODAY = "first visit 1.70 s, later visits 0.92-1.47 s (load average 9-10)"

#: Counts the page's main-thread tasks over 50 ms (the Long Tasks API), from the page's start.
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (e) { window.__longTasks.push(Math.round(e.duration)); });
}).observe({ type: "longtask", buffered: true });
"""


def browser_cpu_ms(profile: str) -> float:
    """The CPU milliseconds the browser's processes (those started with ``profile``) have used so far:
    a figure the other programs of a shared machine hardly change, unlike the page's clock."""
    import os

    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if profile.encode() not in (entry / "cmdline").read_bytes():
                continue
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total * 1000 / tick


def _visit(page: Any, url: str | None, sent: list[int], profile: str = "") -> dict[str, float]:
    """Open (or reload) the page; its own board and ready times, the bytes served, its longest task,
    the browser's CPU time meanwhile (from the page's opening until the engine is ready)."""
    sent[0] = 0
    cpu = browser_cpu_ms(profile) if profile else 0.0
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector(READY, timeout=180_000)
    cpu = browser_cpu_ms(profile) - cpu if profile else 0.0
    # the page's one engine: engine.js, the module the page loads (it puts nothing on window)
    timings = page.evaluate(
        "async () => (await import(new URL('../_static/play/engine.js', location.href).href)).pageEngine().timings"
    )
    return {
        "cpu": cpu,
        "from": timings.get("snapshot_from", ""),  # the build's snapshot, or one this browser kept
        "wasm": timings.get("wasm", 0) - timings["begun"],  # Pyodide's WebAssembly compiled and instantiated
        "unzipped": timings.get("snapshot_ready", 0) - timings["begun"],  # the build's snapshot in hand
        "board": int(page.get_attribute("#oaq", "data-board-ms")),
        "ready": int(page.get_attribute("#oaq", "data-ready-ms")),
        "bytes": sent[0],
        "longest": max(page.evaluate("window.__longTasks"), default=0),
        "python": timings["python"] - timings["begun"],  # in the worker: Pyodide started (or restored)
        "engine": timings["engine"] - timings["python"],  # then the package unpacked and imported
        "restored": bool(timings.get("restored")),
        # where the rest goes (issue 45): the page until its worker runs, the worker until Pyodide's
        # loader is imported, and on a first start the imports and the snapshot kept for later visits
        "worker": int(page.get_attribute("#oaq", "data-ready-ms")) - timings["engine"],
        "loader": timings["begun"],
        "imports": timings.get("imported", timings["python"]) - timings["python"],
        "snapshot": timings.get("snapshot_made", timings.get("imported", 0)) - timings.get("imported", 0),
    }


def _describe(visit: dict[str, Any]) -> str:
    how = f"from the {visit['from'] or 'kept'} snapshot" if visit["restored"] else "Python started"
    where = f"worker running at {visit['worker']} ms, Pyodide's loader +{visit['loader']} ms"
    if visit["from"] == "build":
        where += f", the snapshot unzipped at +{visit['unzipped']} ms"
    elif visit["from"] == "unzipped":
        where += f", the snapshot read back at +{visit['unzipped']} ms"
    if visit["wasm"] > 0:
        where += f", WebAssembly compiled at +{visit['wasm']} ms"
    where += f", {how} at +{visit['python']} ms"
    if not visit["restored"]:
        where += f" (then unpacked and imported in {visit['imports']} ms, snapshot kept in {visit['snapshot']} ms)"
    cpu = f"; the browser's CPU {visit['cpu'] / 1000:.2f} s" if visit["cpu"] else ""
    return f"{visit['ready'] / 1000:.2f} s ({where}, engine +{visit['engine']} ms{cpu})"


def _replies(page: Any, url: str, level: int) -> tuple[list[int], str]:
    """Play the first legal move REPLIES times; the page's reply times and the record."""
    from oanquan import Game

    page.evaluate("localStorage.clear()")
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


def _cpython_ms(level: int, record: str, before: bool = False, budget: int | None = None) -> list[int]:
    """The same level's thinking time in CPython on the positions the page's computer faced
    (``before``: with the search as it was before issue 10; ``budget``: level 5 with that many positions)."""
    from oanquan import Game
    from oanquan.ai import SearchPlayer, player_for_level

    old = load()

    moves = record.split()
    times = []
    for ply in range(1, len(moves), 2):
        position = Game.from_record(" ".join(moves[:ply])).position
        start = time.perf_counter()
        if before:
            old.ai.player_for_level(level, seed=1).choose(old.position.Position.from_text(position.to_text()))
        elif budget is not None:
            SearchPlayer(30, max_nodes=budget, seed=1).choose(position)
        else:
            player_for_level(level, seed=1).choose(position)
        times.append(round((time.perf_counter() - start) * 1000))
    return times


def _first_and_later(page: Any, url: str, sent: list[int], profile: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A first visit in an empty profile, then VISITS reloads once the service worker is active."""
    first = _visit(page, f"{url}?opponent=friend", sent, profile)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    time.sleep(2)  # the service worker finishes filling its cache, the engine keeps its snapshot
    return first, [_visit(page, None, sent, profile) for _ in range(VISITS)]


def compare_with_before(rounds: int = 2) -> None:
    """The visits to the build ``BEFORE`` and to this one, taking turns, each in a fresh profile."""
    runs: dict[str, list[tuple[dict[str, Any], list[dict[str, Any]]]]] = {"before": [], "now": []}
    for _ in range(rounds):
        for name, site in (("before", Path(BEFORE)), ("now", SITE)):
            sent = [0]  # the bytes served
            with (
                serve(site, sent) as base,
                tempfile.TemporaryDirectory() as profile,
                chromium_profile(profile, executable=READERS_CHROMIUM) as context,
            ):
                context.add_init_script(LONG_TASKS)
                runs[name].append(_first_and_later(context.new_page(), base + "book/play.html", sent, profile))
    print(f"against the build in {BEFORE}, {rounds} rounds each, taking turns (load average {_load()}):")
    medians = {}
    for name, found in runs.items():
        firsts = [first["ready"] for first, _ in found]
        later = [visit["ready"] for _, visits in found for visit in visits]
        cpu = [visit["cpu"] for _, visits in found for visit in visits]
        medians[name] = (statistics.median(firsts), statistics.median(later), statistics.median(cpu))
        print(
            f"  {name}: engine ready on a first visit (s) {', '.join(f'{t / 1000:.2f}' for t in firsts)};"
            f" later visits (s) {', '.join(f'{t / 1000:.2f}' for t in later)}, the browser's CPU (s)"
            f" {', '.join(f'{t / 1000:.2f}' for t in cpu)}"
        )
        for _, visits in found:
            print(f"    a later visit: {_describe(visits[-1])}")
    (first_b, later_b, cpu_b), (first_n, later_n, cpu_n) = medians["before"], medians["now"]
    print(
        f"  now against before, medians: first visit {first_n / first_b:.2f}x; later visits {later_n / later_b:.2f}x"
        f" wall, {cpu_n / max(1.0, cpu_b):.2f}x the browser's CPU"
    )


def _load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    if not (SITE / "book" / "play.html").is_file():
        subprocess.run(["make", "book"], cwd=ROOT, check=True)
    if missing := chromium_missing(READERS_CHROMIUM):
        print(f"skipped: {missing}")
        return
    print(f"targets: engine ready {TARGET_FIRST_S} s on a first visit, {TARGET_LATER_S} s later; today: {TODAY}")
    if BEFORE:
        compare_with_before()
    sent = [0]  # the bytes served
    with (
        serve(SITE, sent) as base,
        tempfile.TemporaryDirectory() as profile,
        chromium_profile(profile, executable=READERS_CHROMIUM) as context,
    ):
        url = base + "book/play.html"
        context.add_init_script(LONG_TASKS)
        page = context.new_page()
        first, later = _first_and_later(page, url, sent, profile)
        second = later[0]
        print(f"this build (load average {_load()}):")
        print(f"first visit (empty profile): board drawn and clickable at {first['board']} ms;")
        print(
            f"  engine ready at {_describe(first)}; {first['bytes'] / 1e6:.2f} MB downloaded;"
            f" longest main-thread task {first['longest']} ms"
        )
        print(
            f"second visit: board at {second['board']} ms; engine ready at {_describe(second)},"
            f" {second['ready'] / first['ready']:.2f}x the first; {second['bytes'] / 1e3:.1f} kB downloaded"
        )
        readies = ", ".join(f"{v['ready'] / 1000:.2f}" for v in later)
        cpus = ", ".join(f"{v['cpu'] / 1000:.2f}" for v in later)
        print(
            f"  later visits (the service worker's files): engine ready (s) {readies};"
            f" median {statistics.median(v['ready'] for v in later) / first['ready']:.2f}x the first;"
            f" the browser's CPU (s) {cpus},"
            f" {statistics.median(v['cpu'] for v in later) / max(1.0, first['cpu']):.2f}x the first's;"
            f" bytes {', '.join(str(v['bytes']) for v in later)}"
        )
        print(f"computer's reply in the worker, {REPLIES} replies per level (browser ms; CPython ms, same positions):")
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
                ratio = statistics.median(t / max(1, n) for t, n in zip(times, native, strict=False))
                print(
                    f"  level 5: browser / CPython {ratio:.2f}x (median over the replies);"
                    f" CPython before issue 10 on the same positions: median {before:.0f} ms,"
                    f" {before / now:.2f}x the time now"
                )
                old_budget = _cpython_ms(5, record, budget=LEVEL5_BEFORE)
                print(
                    f"  level 5 with its budget before issue 45 ({LEVEL5_BEFORE:,} positions), CPython on the same"
                    f" positions: median {statistics.median(old_budget):.0f} ms, max {max(old_budget)} ms;"
                    f" in the page at {ratio:.2f}x: about {ratio * statistics.median(old_budget):.0f} ms"
                )
        print(
            f"  longest main-thread task over the whole run: {max(page.evaluate('window.__longTasks'), default=0)} ms"
        )


if __name__ == "__main__":
    main()
