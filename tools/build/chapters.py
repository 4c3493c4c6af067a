"""What every chapter shares, kept in step in one place: the "how to use" cell and JupyterLab's hiding.

The chapters (``notebooks/*.ipynb``) are read in two places: as pages of the book, and in
JupyterLab (``make lab``, or a live notebook of the website). Two things must hold in both:

- **One "how to use this chapter" cell**, second in every chapter (after the title): how to
  run the notebook, what to click, where the answers are. Its text, :data:`HOW_TO`, is written
  once, here, and is true wherever it is read (it says "in JupyterLab…" and "on the website…"
  rather than "here").
- **What the book hides, JupyterLab hides.** The book hides page-building code and the answers
  with cell tags (``hide-input``, ``remove-input``, ``hide-output``…); JupyterLab ignores those
  tags and reads its own cell metadata instead (``jupyter.source_hidden``,
  ``jupyter.outputs_hidden``). :func:`sync_hiding` writes the second from the first.
  JupyterLab may hide more than the book, never less. (A live board needs no stand-in picture
  on the website: ``tools/sphinx/live_boards.py`` puts a live board in its place.)
- **Stored as JupyterLab writes them** (issue 44): opening a chapter must not change it, or
  the autosave rewrites the file two minutes later (``git status`` shows every chapter
  opened). So the chapters name the kernel as JupyterLab does (:data:`KERNELSPEC`), and each
  folded output also carries the older ``collapsed`` flag that JupyterLab 4 keeps beside
  ``jupyter.outputs_hidden``. ``tests/test_lab.py`` saves each chapter as opened and compares.

Usage, from the repository root::

    python -m tools.build.chapters --fix [NOTEBOOK ...]     # insert/update the cell, sync the metadata and kernel
    python -m tools.build.chapters --check [NOTEBOOK ...]   # exit status 1 and a list if anything is off

``make notebooks`` runs ``--fix`` before executing the chapters; ``tests/test_chapters.py``
runs the check.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Final

from tools.build.lite import joined
from tools.build.lite_cell import CHAPTERS, read, write

#: The how-to cell's id: how ``--fix`` finds the cell to update.
HOW_TO_ID: Final[str] = "how-to-use"

#: The text of the how-to cell, the same in every chapter.
HOW_TO: Final[str] = """\
> **How to use this chapter.** Read it from top to bottom: every board, move and number in it
> was computed by the engine.
>
> - **Step-through players** show a move one step at a time: press ▶ to play it, or use
>   *◀ back* and *next ▶*. The caption under the board names the rule at work (R3.3, R5.1…:
>   the numbers of the rules).
> - **Quizzes** mark your answer as soon as you choose one. The answers to the exercises are
>   folded away under *Solutions*: click to open them once you have tried.
> - **Live boards**, where you play by clicking a square and then a direction, are run by the
>   engine. On the website they run in your browser: the engine starts while you read (it
>   takes a few seconds), and a click made before it is ready is played as soon as it is. In JupyterLab, run the whole
>   notebook first: *Run → Run All Cells* (or click in a cell and press Shift+Enter to run it
>   and go on to the next).
> - The few code cells left in view are there to read and to change: edit a move, run the
>   cell again and see what the engine says. On the website, press "Open as a live notebook"
>   under the chapter's title to do that: the same chapter opens with Python running in your
>   browser.
> - In JupyterLab, the words of the boards, captions and messages follow the first code cell,
>   `LANGUAGE = "en"`: set it to `"vi"` for Tiếng Việt and run the notebook again."""

#: The kernel as JupyterLab names it when it starts one for a chapter (and writes it back).
KERNELSPEC: Final[dict[str, str]] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}

#: Book tags that hide a cell's input, and those that hide its output.
HIDES_INPUT: Final[frozenset[str]] = frozenset({"hide-input", "remove-input", "hide-cell", "remove-cell"})
HIDES_OUTPUT: Final[frozenset[str]] = frozenset({"hide-output", "hide-cell"})
# "remove-output" is not among them: a cell whose output the book removes may show a picture in
# the next cell (tagged "remove-input") instead, which JupyterLab folds away (see _stands_in). The
# chapters' live boards need none: the book shows them live (tools/sphinx/live_boards.py).


def how_to_cell() -> dict[str, Any]:
    """The how-to cell as nbformat 4.5 JSON (a new dict each call)."""
    return {"cell_type": "markdown", "id": HOW_TO_ID, "metadata": {}, "source": HOW_TO.splitlines(keepends=True)}


def with_how_to(notebook: dict[str, Any]) -> bool:
    """Put the how-to cell right after the title cell (or update it there); True if anything changed."""
    cells = notebook["cells"]
    title = next(i for i, cell in enumerate(cells) if cell["cell_type"] == "markdown")
    wanted = how_to_cell()
    current = [i for i, cell in enumerate(cells) if cell.get("id") == HOW_TO_ID]
    if current == [title + 1] and joined(cells[title + 1].get("source", "")) == HOW_TO:
        return False
    for i in reversed(current):
        del cells[i]
    cells.insert(title + 1, wanted)
    notebook["nbformat"], notebook["nbformat_minor"] = 4, max(5, notebook.get("nbformat_minor", 5))
    return True


def _tags(cell: dict[str, Any]) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def _stands_in(cells: list[dict[str, Any]], index: int) -> bool:
    """Is this the book's picture of the live board just above it (shown in the book only)?"""
    return index > 0 and "remove-output" in _tags(cells[index - 1]) and "remove-input" in _tags(cells[index])


def sync_hiding(notebook: dict[str, Any]) -> bool:
    """Give each cell the JupyterLab metadata that hides what its book tags hide; True if changed.

    A folded output is also ``collapsed``, as JupyterLab writes it (see the module's docstring).

    >>> nb = {"cells": [{"cell_type": "code", "metadata": {"tags": ["hide-output"]}}]}
    >>> sync_hiding(nb), nb["cells"][0]["metadata"]["collapsed"], sync_hiding(nb)
    (True, True, False)
    """
    changed = False
    cells = notebook["cells"]
    for index, cell in enumerate(cells):
        tags = _tags(cell)
        wanted = {}
        if tags & HIDES_INPUT:
            wanted["source_hidden"] = True
        if cell["cell_type"] == "code" and (tags & HIDES_OUTPUT or _stands_in(cells, index)):
            wanted["outputs_hidden"] = True
        if not wanted:
            continue
        metadata = cell.setdefault("metadata", {})
        jupyter = metadata.setdefault("jupyter", {})
        for key, value in wanted.items():
            if jupyter.get(key) is not value:
                jupyter[key] = value
                changed = True
        if jupyter.get("outputs_hidden") and metadata.get("collapsed") is not True:
            metadata["collapsed"] = True
            changed = True
    return changed


def with_kernelspec(notebook: dict[str, Any]) -> bool:
    """Name the kernel as JupyterLab does (:data:`KERNELSPEC`); True if it changed."""
    metadata = notebook.setdefault("metadata", {})
    if metadata.get("kernelspec") == KERNELSPEC:
        return False
    metadata["kernelspec"] = dict(KERNELSPEC)
    return True


def problems(notebook: dict[str, Any]) -> list[str]:
    """What is out of step in one chapter, in words (empty when all is well)."""
    found = []
    cells = notebook["cells"]
    title = next(i for i, cell in enumerate(cells) if cell["cell_type"] == "markdown")
    after = cells[title + 1] if title + 1 < len(cells) else {}
    if after.get("id") != HOW_TO_ID or joined(after.get("source", "")) != HOW_TO:
        found.append("the cell after the title is not the how-to cell of tools/build/chapters.py (run --fix)")
    if notebook.get("metadata", {}).get("kernelspec") != KERNELSPEC:
        found.append(f"the kernel is not named as JupyterLab names it, {KERNELSPEC} (run --fix)")
    for index, cell in enumerate(cells):
        tags = _tags(cell)
        jupyter = cell.get("metadata", {}).get("jupyter", {})
        if jupyter.get("outputs_hidden") and cell.get("metadata", {}).get("collapsed") is not True:
            found.append(f"cell {index}: a folded output not marked collapsed, as JupyterLab writes it (run --fix)")
        if tags & HIDES_INPUT and not jupyter.get("source_hidden"):
            found.append(f"cell {index}: the book hides its code ({', '.join(sorted(tags))}) but JupyterLab shows it")
        folds = tags & HIDES_OUTPUT or _stands_in(cells, index)
        if cell["cell_type"] == "code" and folds and not jupyter.get("outputs_hidden"):
            found.append(f"cell {index}: JupyterLab should fold its output ({', '.join(sorted(tags))}) but shows it")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--fix", action="store_true", help="insert/update the how-to cell, sync the metadata")
    action.add_argument("--check", action="store_true", help="list what is out of step; exit status 1 if any")
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/[0-9]*.ipynb")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted(CHAPTERS.glob("[0-9][0-9]_*.ipynb"))
    bad = 0
    for path in paths:
        notebook = read(path)
        if args.fix:
            if with_how_to(notebook) | sync_hiding(notebook) | with_kernelspec(notebook):
                write(path, notebook)
                print(f"updated {path}")
        else:
            for problem in problems(notebook):
                print(f"{path}: {problem}")
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
