"""The first cell of every chapter: in the live notebooks it installs ``oanquan``; in JupyterLab it does nothing.

The website offers each chapter as a live notebook that runs in the reader's browser
(JupyterLite, with Python compiled to WebAssembly: see ``tools/build/lite.py``). There the
Python has no ``oanquan`` until the notebook installs it from the wheel that the site ships,
so every chapter starts with one setup cell, written once, here, in :data:`SOURCE`:

- in the browser (``sys.platform == "emscripten"``) it installs the package and ipywidgets
  from the site's own files with ``piplite``, once per start of Python (a second run finds
  the package and skips the install), and prints nothing;
- in JupyterLab, nbval or any other CPython the condition is false: no output, no install.

In every Python it also speaks the chapter's language (``LANGUAGE``) and says a mistake with
the board in one sentence instead of a traceback (:mod:`oanquan.widgets.mistakes`).

Why a constant here and not a function of the package: the cell runs *before* the package
exists in the browser, so it cannot ``import oanquan`` to call its own installer. The cell's
input is collapsed in JupyterLab (``jupyter.source_hidden``) and the book leaves it out
(tag ``remove-cell``): it is set-up, not something to read.

Usage, from the repository root::

    python -m tools.build.lite_cell --insert [NOTEBOOK ...]   # insert or update it (default: notebooks/*.ipynb)
    python -m tools.build.lite_cell --check [NOTEBOOK ...]    # exit status 1 if a chapter does not start with it

``tests/test_lite_cell.py`` checks every chapter; ``tools/build/lite.py`` applies
:func:`with_live_cell` to its copies of the chapters.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
from pathlib import Path
from typing import Any, Final

from oanquan.i18n import N_, _
from oanquan.i18n import language as speaking

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = ROOT / "notebooks"

#: The cell's id: how a later ``--insert`` finds the cell to update.
CELL_ID: Final[str] = "live-setup"

#: The languages the setup cell can set (those of ``oanquan.i18n.LANGUAGES``).
LANGUAGES: Final[tuple[str, ...]] = ("en", "vi")


#: The setup cell's comments, written in the chapter's language from the engine's catalogue (a
#: Vietnamese live notebook shows its reader no English: issue 46).
COMMENTS: Final[tuple[str, str, str]] = (
    N_('The language of the boards, captions and messages: "en" (English) or "vi" (Tiếng Việt).'),
    N_("In the live notebook on the website, this installs the oanquan package; elsewhere it does nothing."),
    N_("a mistake with the board shows one sentence; %tb shows Python's traceback"),
)


def source(language: str = "en") -> str:
    """The source of the setup cell for a chapter in ``language``.

    Its first line is the chapter's language setting, ``LANGUAGE = "en"`` (``"vi"`` in the
    Vietnamese chapters): the engine's words (captions, boards, messages) follow it once
    the cell has run. Top-level ``await`` works in IPython and in the Pyodide kernel alike;
    in CPython the ``if`` is false, so the ``await`` is never reached.

    >>> source("vi").splitlines()[1]
    'LANGUAGE = "vi"'
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language[:40]!r}: the chapters come in {', '.join(LANGUAGES)}")
    with speaking(language):
        which, install, mistakes = (_(comment) for comment in COMMENTS)
    return f"""\
# {which}
LANGUAGE = "{language}"

# {install}
import importlib.util
import sys

if sys.platform == "emscripten" and importlib.util.find_spec("oanquan") is None:
    import piplite

    await piplite.install(["oanquan", "ipywidgets"])

import oanquan
from oanquan.widgets.mistakes import in_words

oanquan.set_language(LANGUAGE)
in_words()  # {mistakes}"""


#: The source of the setup cell of the English chapters.
SOURCE: Final[str] = source("en")

#: Tags and JupyterLab metadata of the cell: left out of the book, input collapsed in JupyterLab.
METADATA: Final[dict[str, Any]] = {"jupyter": {"source_hidden": True}, "tags": ["remove-cell"]}


def live_cell(language: str = "en") -> dict[str, Any]:
    """The setup cell as nbformat 4.5 JSON (a new dict each call).

    >>> cell = live_cell()
    >>> cell["id"], cell["cell_type"], cell["metadata"]["tags"]
    ('live-setup', 'code', ['remove-cell'])
    """
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": CELL_ID,
        "metadata": copy.deepcopy(METADATA),
        "outputs": [],
        "source": source(language).splitlines(keepends=True),
    }


def starts_with_live_cell(notebook: dict[str, Any], language: str = "en") -> bool:
    """Whether the notebook's first cell is exactly the setup cell (source, tags, collapsed input, no output).

    ``trusted`` in the cell's metadata is left out of the comparison: it is not part of the
    cell but a mark that Jupyter servers (and ``tools/build/lite.py``) add for the front end.

    >>> starts_with_live_cell({"cells": [live_cell()]}), starts_with_live_cell({"cells": []})
    (True, False)
    """
    cells = notebook.get("cells") or []
    if not cells:
        return False
    first = cells[0]
    metadata = {key: value for key, value in first.get("metadata", {}).items() if key != "trusted"}
    return (
        first.get("cell_type") == "code"
        and "".join(first.get("source", "")) == source(language)
        and metadata == METADATA
        and not first.get("outputs")
    )


def with_live_cell(notebook: dict[str, Any], language: str = "en") -> dict[str, Any]:
    """A copy of the notebook that starts with the setup cell, replacing an older one (found by its id).

    >>> nb = with_live_cell({"cells": [{"cell_type": "markdown", "id": "t", "metadata": {}, "source": "# Title"}]})
    >>> [c["id"] for c in nb["cells"]], starts_with_live_cell(nb)
    (['live-setup', 't'], True)
    >>> [c["id"] for c in with_live_cell(nb)["cells"]]
    ['live-setup', 't']
    """
    result = copy.deepcopy(notebook)
    cells = [c for c in result.get("cells", []) if c.get("id") != CELL_ID]
    result["cells"] = [live_cell(language), *cells]
    return result


def language_of(notebook: dict[str, Any]) -> str:
    """The language the notebook's setup cell sets (``LANGUAGE = "vi"``), or ``"en"`` without one.

    >>> language_of(with_live_cell({"cells": []}, "vi")), language_of({"cells": []})
    ('vi', 'en')
    """
    cells = [c for c in notebook.get("cells") or [] if c.get("id") == CELL_ID]
    source = "".join(cells[0].get("source", "")) if cells else ""
    found = re.search(r'^\s*LANGUAGE = "(\w+)"\s*$', source, re.M)
    return found[1] if found and found[1] in LANGUAGES else LANGUAGES[0]


def read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def write(path: Path, notebook: dict[str, Any]) -> None:
    """Write as nbformat and Jupyter do (indent 1, UTF-8, sorted keys, final newline), so diffs stay small."""
    text = json.dumps(notebook, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--insert", action="store_true", help="insert or update the setup cell")
    action.add_argument("--check", action="store_true", help="fail if a notebook does not start with it")
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted(CHAPTERS.glob("*.ipynb"))
    missing = [p for p in paths if not starts_with_live_cell(read(p))]
    if args.check:
        for path in missing:
            print(f"{path}: does not start with the live-notebook setup cell (run with --insert)")
        return 1 if missing else 0
    for path in missing:
        write(path, with_live_cell(read(path)))
        print(f"{path}: setup cell inserted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
