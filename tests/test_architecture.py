"""The package's layers (issue 20), as the README and each package's docstring draw them.

- the library, ``oanquan/*.py``: the engine, the AI, narration, pictures, i18n, puzzles;
- the interaction layer, ``oanquan/interact/``: the controller, the view-model, the address codec...;
- the surfaces: ``oanquan/web/`` (the site's bridge), ``oanquan/widgets/`` and
  ``python -m oanquan`` (``__main__.py``).

Imports point downwards only, and no module reaches into another's private names: a name
that two modules share is public in one of them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "oanquan"
SURFACES = ("oanquan.web", "oanquan.__main__", "oanquan.widgets")
LAYERS = {"library": 0, "interact": 1, "surface": 2}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> str:
    if module.startswith(SURFACES):
        return "surface"
    return "interact" if module.startswith("oanquan.interact") else "library"


def surface(module: str) -> str | None:
    """Which surface ``module`` belongs to (``oanquan.widgets`` for its boards), or None below them."""
    return next((name for name in SURFACES if module == name or module.startswith(name + ".")), None)


def imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """Every ``oanquan`` import of ``path`` (anywhere in it): (line, module, names imported from it)."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            target = ".".join(base[: len(base) - node.level + 1] + ([node.module] if node.module else []))
            if not node.level:
                target = node.module or ""
            found.append((node.lineno, target, [alias.name for alias in node.names]))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name, []) for alias in node.names)
    return [(line, target, names) for line, target, names in found if target.split(".")[0] == "oanquan"]


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_the_scan_sees_the_package() -> None:
    assert {"library", "interact", "surface"} == {layer(module_name(p)) for p in MODULES}
    # relative imports are read as the modules they name
    assert any(target == "oanquan.interact.controller" for _, target, _ in imports(PACKAGE / "web" / "session.py"))
    assert any(target == "oanquan.position" for _, target, _ in imports(PACKAGE / "interact" / "controller.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_imports_point_downwards(path: Path) -> None:
    here = module_name(path)
    upward = [
        (line, target)
        for line, target, _ in imports(path)
        if LAYERS[layer(target)] > LAYERS[layer(here)] or surface(target) not in (None, surface(here))
    ]
    assert upward == [], f"{here} ({layer(here)}) imports from a layer above it or from another surface"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_no_private_name_is_imported_from_another_module(path: Path) -> None:
    private = [
        (line, target, name)
        for line, target, names in imports(path)
        for name in names
        if name.startswith("_") and name not in ("_", "__version__")
    ]
    assert private == [], f"{module_name(path)} imports private names"
