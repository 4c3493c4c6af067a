"""``make bench``: run every ``benchmarks/bench_*.py`` module's ``main()`` in turn.

Each module prints its own figures; nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import platform
import sys
from pathlib import Path


def cpu_model() -> str:
    """The CPU model from /proc/cpuinfo, or what platform knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main(argv: list[str] | None = None) -> int:
    modules = pkgutil.iter_modules([str(Path(__file__).parent)])
    benches = sorted(module.name for module in modules if module.name.startswith("bench_"))
    parser = argparse.ArgumentParser(description="Print the benchmarks' figures (make bench).")
    parser.add_argument("only", nargs="*", metavar="BENCH", help=f"only these, of {', '.join(benches)}")
    only = parser.parse_args(argv).only
    if unknown := sorted(set(only) - set(benches)):
        parser.error(f"no benchmark called {', '.join(unknown)}: choose from {', '.join(benches)}")
    print(f"oanquan benchmarks — CPU: {cpu_model()}; Python {platform.python_version()}")
    for name in benches:
        if only and name not in only:
            continue
        print(f"\n== {name[6:]} ==", flush=True)
        importlib.import_module(f"benchmarks.{name}").main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
