"""The engine and search as they were before the speed work of issues 10 and 45, taken from git on demand.

``make bench`` compares today's search with the one of commit :data:`COMMIT` in the same
process, and today's engine with the one of :data:`BEFORE_ISSUE_45`. Rather than a frozen
copy in the tree, the package's modules at that commit are read with ``git show
COMMIT:oanquan/FILE`` into a temporary folder, as the package ``baseline`` (or
``baseline_COMMIT`` for another commit), and imported from there; a clone without that
history cannot run the comparison, and says so.

>>> old = load()  # doctest: +SKIP
>>> old.position.Position.initial().play("7R").to_text()  # doctest: +SKIP
'6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0 0,0 1'
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path
from types import SimpleNamespace

__all__ = ["BEFORE_FLAT_STATE", "BEFORE_ISSUE_45", "COMMIT", "FILES", "load"]

#: The last commit before the search was made faster (issue 10).
COMMIT = "0ae508d"

#: The last commit before the engine was made faster again and level 5 given a larger budget (issue 45).
BEFORE_ISSUE_45 = "dac5ac0"

#: The last commit before a position's fields became one flat list played on in place (issue 45's
#: second round, when the engine ran at 3.75 times the fastest public engine's speed).
BEFORE_FLAT_STATE = "876e6d5"

#: The modules of ``oanquan/`` that the old search and solver need to run as they did then.
FILES = ("ai", "board", "errors", "events", "jsonio", "move", "position", "rules", "solver", "textformat")

ROOT = Path(__file__).resolve().parents[1]


@cache
def load(commit: str = COMMIT) -> SimpleNamespace:
    """The old modules (``.ai``, ``.position``, ``.rules``, ``.solver``, ``.move``, ...), imported from ``commit``."""
    folder = Path(tempfile.mkdtemp(prefix="oanquan-old-engine-"))
    name = "baseline" if commit == COMMIT else f"baseline_{commit}"  # two commits can be loaded side by side
    package = folder / name
    package.mkdir()
    (package / "__init__.py").write_text(f'"""oanquan/ at commit {commit}, for the benchmarks."""\n')
    try:
        listing = _git("ls-tree", "--name-only", f"{commit}:oanquan/", commit=commit)
        # Every module at the top of the package: a later commit's modules import more than FILES.
        for file in (line for line in listing.splitlines() if line.endswith(".py") and line != "__init__.py"):
            (package / file).write_text(_git("show", f"{commit}:oanquan/{file}", commit=commit), encoding="utf-8")
    except OSError as error:
        raise SystemExit(f"the old engine needs the git history of commit {commit}: {error}") from None
    sys.path.insert(0, str(folder))
    try:
        modules = {module: importlib.import_module(f"{name}.{module}") for module in FILES}
    finally:
        sys.path.remove(str(folder))
    return SimpleNamespace(**modules)


def _git(*args: str, commit: str) -> str:
    """The output of ``git ARGS`` in this repository; an error that names ``commit`` if git fails."""
    try:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except subprocess.CalledProcessError as error:
        raise SystemExit(f"the old engine needs the git history of commit {commit}: {error.stderr.strip()}") from None
