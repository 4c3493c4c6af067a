"""The chapters' first cell (tools/build/lite_cell.py): installs oanquan in the live notebooks, nothing elsewhere.

The browser half (the cell installing the package in JupyterLite, quietly) is proved by
``tests/test_lite.py``, which runs chapters 1 and 2 there; these tests need no browser.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import importlib.util
import io
import json
import re
import shutil
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from tools.build import lite_cell
from tools.build.lite import LANGUAGE_INFO, lite_copy, rejoin_lines

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def run_cell(source: str) -> str:
    """Run a cell's source as IPython does (top-level await allowed) in a fresh namespace; its printed output."""
    code = compile(source, "<setup cell>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        result = eval(code, {})
        if asyncio.iscoroutine(result):
            asyncio.run(result)
    return out.getvalue()


class FakePiplite(types.ModuleType):
    """Stands in for the live notebooks' ``piplite``: records what it is asked to install."""

    def __init__(self) -> None:
        super().__init__("piplite")
        self.calls: list[list[str]] = []

    async def install(self, requirements: list[str], **options: Any) -> None:
        self.calls.append(list(requirements))


@pytest.fixture
def browser_python(monkeypatch: pytest.MonkeyPatch) -> FakePiplite:
    """This interpreter dressed as the live notebooks' Python: platform "emscripten", a piplite,
    and no oanquan until piplite has installed it."""
    fake = FakePiplite()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "piplite", fake)
    real_find_spec = importlib.util.find_spec

    def find_spec(name: str, *args: Any) -> Any:
        return None if name == "oanquan" and not fake.calls else real_find_spec(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    return fake


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: p.name)
def test_every_chapter_starts_with_the_setup_cell(chapter: Path) -> None:
    """What the chapter files hold: the first cell's input hidden in JupyterLab, the cell removed from the book."""
    notebook = lite_cell.read(chapter)
    assert lite_cell.starts_with_live_cell(notebook)
    first = notebook["cells"][0]
    assert "piplite" in "".join(first["source"])
    assert first["metadata"]["jupyter"]["source_hidden"] is True
    assert "remove-cell" in first["metadata"]["tags"]
    assert first["outputs"] == []


def test_the_cell_does_nothing_in_cpython() -> None:
    """JupyterLab, nbval: no output, no install (CPython has no piplite: reaching it would raise)."""
    assert importlib.util.find_spec("piplite") is None
    assert run_cell(lite_cell.SOURCE) == ""


def test_in_the_browser_the_cell_installs_the_package_and_ipywidgets_once(browser_python: FakePiplite) -> None:
    """Quietly; run again in the same Python, once the package is there, it installs nothing a second time."""
    assert run_cell(lite_cell.SOURCE) == ""
    assert browser_python.calls == [["oanquan", "ipywidgets"]]
    assert run_cell(lite_cell.SOURCE) == ""
    assert browser_python.calls == [["oanquan", "ipywidgets"]]


def test_insert_adds_the_cell_once_and_check_agrees(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chapter = tmp_path / CHAPTERS[0].name
    shutil.copy(CHAPTERS[0], chapter)
    original = lite_cell.read(chapter)
    if lite_cell.starts_with_live_cell(original):  # after the lead's insertion: start from a chapter without it
        original["cells"] = original["cells"][1:]
        lite_cell.write(chapter, original)
    assert lite_cell.main(["--check", str(chapter)]) == 1
    assert lite_cell.main(["--insert", str(chapter)]) == 0
    inserted = chapter.read_bytes()
    notebook = json.loads(inserted)
    assert lite_cell.starts_with_live_cell(notebook)
    assert notebook["cells"][1:] == original["cells"]  # nothing else changed
    assert lite_cell.main(["--check", str(chapter)]) == 0
    assert lite_cell.main(["--insert", str(chapter)]) == 0
    assert chapter.read_bytes() == inserted  # a second run changes nothing
    assert "setup cell inserted" in capsys.readouterr().out


def test_insert_updates_an_older_version_of_the_cell(tmp_path: Path) -> None:
    chapter = tmp_path / "chapter.ipynb"
    old = lite_cell.live_cell()
    old["source"] = ["# an older setup cell\n", "pass"]
    title = {"cell_type": "markdown", "id": "title", "metadata": {}, "source": ["# A chapter"]}
    lite_cell.write(chapter, {"cells": [title, old], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    assert lite_cell.main(["--insert", str(chapter)]) == 0
    cells = lite_cell.read(chapter)["cells"]
    assert [c["id"] for c in cells] == [lite_cell.CELL_ID, "title"]
    assert "".join(cells[0]["source"]) == lite_cell.SOURCE


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: p.name)
def test_written_notebooks_keep_jupyters_format(chapter: Path, tmp_path: Path) -> None:
    """write() gives back the exact bytes Jupyter wrote, so --insert changes only the cell it adds."""
    lite_cell.write(tmp_path / chapter.name, lite_cell.read(chapter))
    assert (tmp_path / chapter.name).read_bytes() == chapter.read_bytes()


def test_lite_copy_starts_with_the_cell_is_trusted_and_asks_for_the_pyodide_kernel() -> None:
    chapter = lite_cell.read(CHAPTERS[1])
    copy = lite_copy(chapter)
    assert lite_cell.starts_with_live_cell(copy)
    assert [c["id"] for c in copy["cells"]].count(lite_cell.CELL_ID) == 1
    assert copy["metadata"]["kernelspec"]["name"] == "python"
    assert all(c["metadata"]["trusted"] for c in copy["cells"] if c["cell_type"] == "code")
    assert len(copy["cells"]) == len(chapter["cells"]) + (0 if lite_cell.starts_with_live_cell(chapter) else 1)
    assert chapter == lite_cell.read(CHAPTERS[1])  # the chapter itself is untouched


def _kernel_language_info() -> dict[str, Any]:
    """The language_info that JupyterLite's Pyodide kernel answers with, read from its installed bundle."""
    bundles = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
    for script in sorted(bundles.glob("static/*.js")):
        text = script.read_text(encoding="utf-8")
        if match := re.search(r"kernelInfoRequest\(\)\{.*?language_info:(\{[^{}]*\{[^{}]*\}[^{}]*\})", text):
            return json.loads(re.sub(r"([{,])(\w+):", r'\1"\2":', match[1]))  # type: ignore[no-any-return]
    raise AssertionError(f"no kernelInfoRequest in {bundles}")


def test_the_copies_hold_what_jupyterlab_writes_as_a_chapter_opens() -> None:
    """Opening a chapter unchanged saves nothing in the browser (a copy would hide the site's updates):
    its metadata already says what the kernel reports, and each hidden output is also ``collapsed``."""
    assert _kernel_language_info() == LANGUAGE_INFO
    for path in CHAPTERS:
        copy = lite_copy(lite_cell.read(path))
        assert copy["metadata"]["language_info"] == LANGUAGE_INFO, path.name
        for cell in copy["cells"]:
            hidden = cell.get("metadata", {}).get("jupyter", {}).get("outputs_hidden", False)
            assert cell.get("metadata", {}).get("collapsed", False) == hidden, (path.name, cell.get("id"))


def test_rejoin_lines_joins_text_but_not_json() -> None:
    view = {"model_id": "abc", "version_major": 2}
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "source": ["a = 1\n", "a"],
                "outputs": [
                    {"output_type": "stream", "name": "stdout", "text": ["x\n", "y\n"]},
                    {
                        "output_type": "display_data",
                        "data": {"text/markdown": ["# T\n", "b"], "application/json": view},
                    },
                ],
            }
        ]
    }
    rejoin_lines(notebook)
    cell = notebook["cells"][0]
    assert cell["source"] == "a = 1\na"
    assert cell["outputs"][0]["text"] == "x\ny\n"
    assert cell["outputs"][1]["data"] == {"text/markdown": "# T\nb", "application/json": view}
