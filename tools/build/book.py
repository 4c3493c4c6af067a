"""Build the site (``make book``): both editions, their live notebooks, the icons and the offline workers.

The stages, in order (each a program of its own, run here one after the other; the first that
fails stops the build with its status):

1. ``check``: the Vietnamese catalogues are complete (``tools.build.edition check``): the edition is
   never built from a message untranslated, fuzzy or broken;
2. ``english``: Jupyter Book builds the English edition into ``_build/html/`` (``--all``, so a
   warning in an unchanged page still fails it, and ``-W -n``: every warning is an error);
3. ``vietnamese``: ``tools.build.edition site`` builds it again in Vietnamese into ``_build/html/vi/``;
4. ``wheels`` and ``lite``: the wheels the live notebooks ship (``tools/build/lite.py --fetch``),
   then each edition's live notebooks (``tools/build/lite.py``);
5. ``icons``: the favicon of every page (``tools.build.favicon``);
6. ``offline``: each edition's service worker (``tools/build/play.py --service-worker``), which
   must come last, since it keeps a digest of every file of its edition.

The two editions' books (stages 2 and 3) are built side by side: each writes its own folders
(``_build/html/`` and ``_build/vi/``, copied into ``_build/html/vi/`` at its end), and a book's
build is one process. Their output is printed one after the other, once both have ended. So are
the two editions' live notebooks: each has its work folder and its copy of the project's wheel
under ``_build/lite/``, and the wheels they share are fetched before, by a stage of its own.

``--english-only`` builds the English edition alone (no language switch, no ``vi/``). The build's
time goes to ``_build/build-seconds.txt`` (which ``tests/test_site.py`` reports) and to the list
of ``make test``'s stages (``tools.build.timed``).

    python -m tools.build.book                 # what `make book` runs
    python -m tools.build.book --english-only  # `make book VI=0`
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.build.timed import children_cpu, note

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
BIN = Path(sys.executable).parent
BUILD_SECONDS = ROOT / "_build" / "build-seconds.txt"
VI_LITE_TITLE = "Ô Ăn Quan: sổ tay tương tác"


#: A stage of the build: its name and its command.
Stage = tuple[str, list[str]]


def stages(vietnamese: bool) -> list[list[Stage]]:
    """The commands of the build, by stage, in order, in waves: the stages of a wave run side by side
    (the Vietnamese book beside the English one, and their live notebooks, each edition in a folder
    of its own, the wheels fetched before), the waves one after the other.

    >>> [[name for name, _command in wave] for wave in stages(vietnamese=False)]
    [['english'], ['lite'], ['icons'], ['offline']]
    >>> [[name for name, _command in wave] for wave in stages(vietnamese=True)]
    [['check'], ['english', 'vietnamese'], ['wheels'], ['lite', 'lite'], ['icons'], ['offline'], ['offline']]
    """
    python = str(BIN / "python")
    book = [str(BIN / "jupyter-book"), "build", ".", "--all", "-W", "-n", "--keep-going"]
    lite = [python, "-m", "tools.build.lite"]
    icons = ("icons", [python, "-m", "tools.build.favicon", str(SITE)])
    offline = [python, "-m", "tools.build.play", "--service-worker"]
    if not vietnamese:
        return [[("english", book)], [("lite", lite)], [icons], [("offline", [*offline, str(SITE)])]]
    vi_lite = ["--notebooks", "_build/vi-src/notebooks", "--output", "_build/html/vi/lite", "--edition", "vi"]
    return [
        [("check", [python, "-m", "tools.build.edition", "check"])],
        [("english", book), ("vietnamese", [python, "-m", "tools.build.edition", "site"])],
        # the wheels both editions' live notebooks ship, fetched once before they build side by side
        [("wheels", [*lite, "--fetch"])],
        [("lite", lite), ("lite", [*lite, *vi_lite, "--title", VI_LITE_TITLE])],
        [icons],
        [("offline", [*offline, str(SITE)])],
        [("offline", [*offline, str(SITE / "vi")])],
    ]


def run_side_by_side(wave: list[Stage], environment: dict[str, str]) -> tuple[Stage, int]:
    """Several stages at once, each printing into a file of its own, printed in order once all
    have ended; the first failed stage (its name and command) and its status, or status 0."""
    with contextlib.ExitStack() as stack:
        logs = [stack.enter_context(tempfile.TemporaryFile("w+", encoding="utf-8")) for _stage in wave]
        running = [
            subprocess.Popen(command, cwd=ROOT, env=environment, stdout=log, stderr=subprocess.STDOUT)
            for (_name, command), log in zip(wave, logs, strict=True)
        ]
        statuses = [process.wait() for process in running]
        for log in logs:
            log.seek(0)
            sys.stdout.write(log.read())
    sys.stdout.flush()
    failed = [(stage, status) for stage, status in zip(wave, statuses, strict=True) if status]
    return failed[0] if failed else (wave[0], 0)


def run(name: str, command: list[str], environment: dict[str, str]) -> int:
    """One stage; its status. The check stage says only what is wrong (its first 20 lines)."""
    if name != "check":
        return subprocess.call(command, cwd=ROOT, env=environment)
    found = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
    if found.returncode:
        print("\n".join(found.stdout.splitlines()[:20]))
        print("the Vietnamese catalogues are not complete (make book VI=0 builds English alone)")
    return found.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--english-only", action="store_true", help="the English edition alone (make book VI=0)")
    args = parser.parse_args(argv)
    vietnamese = not args.english_only
    environment = dict(os.environ, OANQUAN_EDITIONS="en vi" if vietnamese else "en")  # the language switch
    start, cpu = time.monotonic(), children_cpu()
    (ROOT / "_build").mkdir(exist_ok=True)
    spent: list[str] = []  # each wave's seconds and CPU-seconds, printed at the end: where the build's time goes
    for wave in stages(vietnamese):
        wave_start, wave_cpu = time.monotonic(), children_cpu()
        if len(wave) == 1:
            name, command = wave[0]
            status = run(name, command, environment)
        else:
            (name, command), status = run_side_by_side(wave, environment)
        if status:
            print(f"build: the {name} stage failed ({' '.join(command[:4])} ...)", file=sys.stderr)
            return status
        if wave[0][0] == "english" and not vietnamese:
            shutil.rmtree(SITE / "vi", ignore_errors=True)  # an edition from an earlier build
        names = "+".join(name for name, _command in wave)
        spent.append(f"{names} {time.monotonic() - wave_start:.0f} s (cpu {children_cpu() - wave_cpu:.0f} s)")
    seconds = time.monotonic() - start
    BUILD_SECONDS.write_text(f"{round(seconds)}\n", encoding="utf-8")
    note("book", seconds, cpu=children_cpu() - cpu)  # the CPU-seconds of both editions' processes
    print(f"book built in {round(seconds)} s: {', '.join(spent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
