"""Run a command and note how long it took, so that `make test` can say where its minutes go.

Each stage of `make test` (the set-up, lint, the unit tests, the notebooks, the book, the browser
tests) runs under this wrapper, which appends one line ``STAGE SECONDS cpu CPU-SECONDS`` to
``_build/test-times.txt`` and exits with the command's own status. The CPU-seconds are those of
the command and every process it waited for (its workers, kernels, browsers): beside the wall
time they say whether a stage kept the cores busy or waited (issue 45: on two cores, a stage
whose CPU-seconds are well under twice its seconds leaves room for another beside it). It prints
nothing itself, so that the last lines of `make test` stay pytest's summary (what CI reads).

Chromium's renderers are not waited for by the processes that start them (they are not counted
in ``getrusage``'s children: 34 CPU-seconds for a browser module that used 94), so the CPU-seconds
are also sampled from ``/proc`` twice a second, over every process the command started, and the
larger of the two counts is noted.

Usage, from the repository root (the standard library only: the set-up stage runs it before the
venv exists)::

    python -m tools.build.timed --start      # a new run: forget the stages of the last one
    python -m tools.build.timed unit -- .venv/bin/pytest -q -m "not browser"
    python -m tools.build.timed --total      # the whole run's time since --start, as a stage "total"
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path

TIMES = Path(__file__).resolve().parents[2] / "_build" / "test-times.txt"
#: When the run began (``--start``), for ``--total``: the wall clock, since each stage is a process of its own.
STARTED = TIMES.with_name("test-started.txt")


def note(stage: str, seconds: float, times: Path = TIMES, cpu: float | None = None) -> None:
    """Append ``stage seconds`` (and ``cpu`` CPU-seconds, if given) to the run's list of stages.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "times.txt"
    >>> note("unit", 61.04, path); note("book", 90.5, path, cpu=151.2)
    >>> path.read_text()
    'unit 61\\nbook 90 cpu 151\\n'
    """
    times.parent.mkdir(parents=True, exist_ok=True)
    line = f"{stage} {round(seconds)}" + ("" if cpu is None else f" cpu {round(cpu)}")
    with times.open("a", encoding="utf-8") as handle:
        handle.write(line + "\n")


def children_cpu() -> float:
    """The CPU-seconds (user and system) of every process this one has waited for so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


PROC = Path("/proc")


def _processes() -> dict[int, tuple[int, str, float]]:
    """Every process now: its parent, its start time (to tell a reused number) and its CPU-seconds."""
    tick = os.sysconf("SC_CLK_TCK")
    found = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue  # ended meanwhile
            found[int(entry.name)] = (int(fields[1]), fields[19], (int(fields[11]) + int(fields[12])) / tick)
    return found


def tree_cpu(root: int, done: threading.Event, interval: float = 0.5) -> float:
    """The CPU-seconds of ``root`` and of every process it started (its descendants, whoever waits for
    them), sampled every ``interval`` seconds from /proc until ``done`` is set; 0.0 without /proc."""
    if not PROC.is_dir():
        return 0.0
    members, last = {root}, {}
    while True:
        now = _processes()
        grew = True
        while grew:  # the descendants, level by level
            new = {pid for pid, (parent, _start, _cpu) in now.items() if parent in members} - members
            members |= new
            grew = bool(new)
        for pid in members & now.keys():
            last[(pid, now[pid][1])] = now[pid][2]
        members &= now.keys() | {root}  # a number that ended may be reused by another process
        if done.wait(interval):
            return sum(last.values())


def run(command: list[str]) -> tuple[int, float]:
    """Run ``command``; its status and its CPU-seconds (see the module's docstring).

    >>> status, cpu = run([sys.executable, "-c", "sum(range(10**6))"])
    >>> status, 0 < cpu < 60
    (0, True)
    """
    before = children_cpu()
    process = subprocess.Popen(command)
    done = threading.Event()
    sampled: list[float] = []
    sampler = threading.Thread(target=lambda: sampled.append(tree_cpu(process.pid, done)), daemon=True)
    sampler.start()
    status = process.wait()
    done.set()
    sampler.join()
    return status, max(children_cpu() - before, *sampled)


def start(times: Path = TIMES) -> None:
    """A new run: the last run's stages forgotten, the time it begins kept for :func:`total`."""
    times.unlink(missing_ok=True)
    times.parent.mkdir(parents=True, exist_ok=True)
    times.with_name(STARTED.name).write_text(f"{time.time()}\n", encoding="utf-8")


def total(times: Path = TIMES) -> float | None:
    """The seconds since :func:`start`, noted as the stage ``total``; None (and nothing noted)
    when no run was started.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "times.txt"
    >>> total(path) is None
    True
    >>> start(path); note("unit", 61.04, path); seconds = total(path)
    >>> 0 <= seconds < 60, path.read_text().splitlines()
    (True, ['unit 61', 'total 0'])
    """
    started = times.with_name(STARTED.name)
    if not started.is_file():
        return None
    seconds = time.time() - float(started.read_text(encoding="utf-8"))
    note("total", seconds, times)
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--start", action="store_true", help="begin a new list of stages")
    parser.add_argument("--total", action="store_true", help="note the whole run's time since --start")
    parser.add_argument("stage", nargs="?", help="the stage's name, e.g. unit")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command to run")
    args = parser.parse_args(argv)
    if args.start:
        start()
        return 0
    if args.total:
        total()
        return 0
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not args.stage or not command:
        parser.error("give a stage's name, then -- and the command")
    began = time.monotonic()
    status, cpu = run(command)
    note(args.stage, time.monotonic() - began, cpu=cpu)
    return status


if __name__ == "__main__":
    sys.exit(main())
