"""The engine and search as they were before the speed work of issue 10, taken from git on demand.

``make bench`` compares today's search with the one of commit :data:`COMMIT` in the same
process. Rather than a frozen copy in the tree, the files the old search needs are read
with ``git show COMMIT:oanquan/FILE`` into a temporary folder, as the package ``baseline``,
and imported from there; a clone without that history cannot run the comparison, and says so.

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

__all__ = ["COMMIT", "FILES", "load"]

#: The last commit before the search was made faster (issue 10).
COMMIT = "0ae508d"

#: The modules of ``oanquan/`` that the old search and solver need to run as they did then.
FILES = ("ai", "board", "errors", "events", "jsonio", "move", "position", "rules", "solver", "textformat")

ROOT = Path(__file__).resolve().parents[1]


@cache
def load(commit: str = COMMIT) -> SimpleNamespace:
    """The old modules (``.ai``, ``.position``, ``.rules``, ``.solver``, ``.move``), imported from ``commit``."""
    folder = Path(tempfile.mkdtemp(prefix="oanquan-old-engine-"))
    package = folder / "baseline"
    package.mkdir()
    (package / "__init__.py").write_text(f'"""oanquan/ at commit {commit}, for the benchmarks."""\n')
    for name in FILES:
        try:
            text = subprocess.run(
                ["git", "show", f"{commit}:oanquan/{name}.py"], cwd=ROOT, capture_output=True, text=True, check=True
            ).stdout
        except (OSError, subprocess.CalledProcessError) as error:
            raise SystemExit(f"the old engine needs the git history of commit {commit}: {error}") from None
        (package / f"{name}.py").write_text(text, encoding="utf-8")
    sys.path.insert(0, str(folder))
    try:
        modules = {name: importlib.import_module(f"baseline.{name}") for name in FILES}
    finally:
        sys.path.remove(str(folder))
    return SimpleNamespace(**modules)
