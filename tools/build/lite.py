"""Build the live notebooks: every chapter of the book as a JupyterLite site that runs offline.

``make book`` runs this after Jupyter Book, so the site gets ``lite/``, a JupyterLite
site (the Pyodide kernel: Python compiled to WebAssembly, in the reader's browser) that
holds every chapter notebook, with the ``oanquan`` package and ipywidgets installed from
the site's own files. Nothing is fetched from any other host, at build or reading time
(docs/stack.md, "Live notebooks in the browser"):

- **Pyodide** comes from the npm ``pyodide`` package (package.json, ``npm ci``), copied to
  ``static/pyodide/``, where the kernel looks first;
- **the kernel's Python packages** (micropip, IPython, jedi and their dependencies) are the
  wheels that ``pyodide-lock.json`` names, downloaded from PyPI with ``pip download``,
  pinned with their hashes in ``requirements-lite.txt``; the lock is cut down to those
  packages and their sha256 rewritten (Pyodide repacks its wheels, so PyPI's differ, and
  the browser checks them);
- **ipywidgets, comm, jupyterlab_widgets** (pinned there too, at the versions of
  requirements.txt) and **oanquan**, a wheel built by this script from a clean copy of the
  package (no ``build/`` written into the work tree), go to the kernel's own package index,
  with the fallback to PyPI turned off;
- **the chapters** are copied from ``notebooks/`` at build time, each starting with the
  setup cell of ``tools/build/lite_cell.py`` (inserted into the copies when the chapter does not
  have it yet).

A second edition (the Vietnamese chapters, when they exist) is one more call with its own
folders, for example::

    python -m tools.build.lite --notebooks _build/vi-notebooks --output _build/vi/html/lite --edition vi

``--pin`` rewrites ``requirements-lite.txt`` after a change of the npm ``pyodide`` version or
of requirements.txt (it downloads each wheel and records its hash).
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tools.build.lite_cell import language_of, read, with_live_cell, write

ROOT = Path(__file__).resolve().parents[2]

WORK = ROOT / "_build" / "lite"  # downloads, the project's wheel and each edition's JupyterLite folder
WHEELS = WORK / "wheels"
PYODIDE = ROOT / "node_modules" / "pyodide"
PINS = ROOT / "requirements-lite.txt"
RESET_PAGE = ROOT / "book" / "_static_lite"  # reset.html, .js, .css: "start a chapter again"
REQUIREMENTS = ROOT / "requirements.txt"
BIN = Path(sys.executable).parent

#: What the kernel loads from Pyodide's own packages when it starts (the kernel's
#: initPackageManager and initKernel): these and everything they depend on are shipped.
KERNEL_PACKAGES = ("micropip", "ipython", "jedi")
#: What the chapters install into the kernel besides oanquan, at the versions of requirements.txt.
WIDGET_PACKAGES = ("ipywidgets", "comm", "jupyterlab_widgets")
#: The files of the npm package that the kernel loads (the loader, the runtime, the standard library).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: The project's files that make its wheel (pyproject.toml names README.md as the readme).
PROJECT_FILES = ("pyproject.toml", "README.md", "oanquan")
#: The kernel name of JupyterLite's Pyodide kernel: the copies ask for it, so no kernel dialog opens.
KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
#: What that kernel says of its language when it starts (its kernelInfoRequest, in the
#: pyodide-kernel-extension's bundle). JupyterLab writes it into the notebook's metadata, and a
#: copy holding anything else would change as it opens, and be saved in the browser unasked.
LANGUAGE_INFO = {
    "codemirror_mode": {"name": "python", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": "3.8",
}


def normalize(name: str) -> str:
    """A distribution name as PyPI and the lock compare them (PEP 503).

    >>> normalize("Jupyterlab_Widgets"), normalize("pure_eval")
    ('jupyterlab-widgets', 'pure-eval')
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- pins ------------------------------------------------------------------------------------


def lock_packages(lock: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The lock's entries for KERNEL_PACKAGES and everything they depend on, by normalized name."""
    entries = {normalize(name): entry for name, entry in lock["packages"].items()}
    needed: dict[str, dict[str, Any]] = {}
    todo = list(KERNEL_PACKAGES)
    while todo:
        name = normalize(todo.pop())
        if name not in needed:
            needed[name] = entries[name]
            todo.extend(entries[name]["depends"])
    return dict(sorted(needed.items()))


def requirement_pins(text: str) -> dict[str, str]:
    """``name==version`` lines of a requirements file, by normalized name.

    >>> requirement_pins("ipywidgets==8.1.9   # widgets\\n# a comment\\nComm==0.2.3 --hash=sha256:ab\\n")
    {'ipywidgets': '8.1.9', 'comm': '0.2.3'}
    """
    found = re.findall(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s;#]+)", text, re.M)
    return {normalize(name): version for name, version in found}


def wanted_pins() -> dict[str, str]:
    """Every wheel the live notebooks ship, at the lock's version (the kernel's) or requirements.txt's (widgets)."""
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    pins = {name: entry["version"] for name, entry in lock_packages(lock).items()}
    ours = requirement_pins(REQUIREMENTS.read_text(encoding="utf-8"))
    for name in map(normalize, WIDGET_PACKAGES):
        if name not in ours:
            raise SystemExit(f"build_lite: requirements.txt does not pin {name} (the live notebooks ship it)")
        pins[name] = ours[name]
    return pins


def pip_download(args: list[str], dest: Path) -> None:
    """``pip download`` of pure wheels for the browser's Python (3.14, any platform), no dependencies."""
    command = [str(BIN / "python"), "-m", "pip", "download", "-q", "--progress-bar", "off", "--no-deps"]
    command += ["--only-binary=:all:", "--python-version", "3.14", "--implementation", "py"]
    command += ["--abi", "none", "--platform", "any", "-d", str(dest), *args]
    result = subprocess.run(command, capture_output=True, text=True)  # pip's warnings only if it fails
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"build_lite: pip download failed ({result.returncode})")


def pin() -> None:
    """Write requirements-lite.txt: every wheel of :func:`wanted_pins` with the sha256 of PyPI's file."""
    pins = wanted_pins()
    with tempfile.TemporaryDirectory() as tmp:
        pip_download([f"{name}=={version}" for name, version in pins.items()], Path(tmp))
        files = {normalize(p.name.split("-")[0]): p for p in Path(tmp).glob("*.whl")}
        lines = [
            "# Wheels for the Python that runs in the reader's browser (the live notebooks, tools/build/lite.py),",
            "# downloaded by `make book` with `pip download --require-hashes`. Not for the build's own venv.",
            "# Versions: the kernel's packages as node_modules/pyodide/pyodide-lock.json has them, the widgets",
            "# as requirements.txt pins them. Regenerate after changing either: python -m tools.build.lite --pin",
        ]
        for name, version in pins.items():
            lines.append(f"{name}=={version} --hash=sha256:{sha256(files[name])}")
    PINS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"build_lite: {len(pins)} wheels pinned in {PINS.relative_to(ROOT)}")


# -- downloads and the project's wheel --------------------------------------------------------


def pinned_hashes() -> dict[str, tuple[str, str]]:
    """requirements-lite.txt as {normalized name: (version, sha256)}, checked against what the build wants."""
    if not PINS.is_file():
        raise SystemExit(f"build_lite: {PINS} is missing: python -m tools.build.lite --pin")
    found = re.findall(r"^([a-z0-9-]+)==(\S+) --hash=sha256:([0-9a-f]{64})$", PINS.read_text(encoding="utf-8"), re.M)
    pinned = {name: (version, digest) for name, version, digest in found}
    wanted = wanted_pins()
    if {name: version for name, (version, _) in pinned.items()} != wanted:
        raise SystemExit(
            f"build_lite: {PINS.name} does not match pyodide-lock.json and requirements.txt "
            f"(wanted {wanted}): python -m tools.build.lite --pin"
        )
    return pinned


def fetch_wheels() -> dict[str, Path]:
    """The pinned wheels in _build/lite/wheels/, downloaded (hash-checked by pip) only when one is missing."""
    pinned = pinned_hashes()
    WHEELS.mkdir(parents=True, exist_ok=True)

    def present() -> dict[str, Path]:
        found = {}
        for path in WHEELS.glob("*.whl"):
            name, version = normalize(path.name.split("-")[0]), path.name.split("-")[1]
            if name in pinned and pinned[name] == (version, sha256(path)):
                found[name] = path
        return found

    if len(have := present()) < len(pinned):
        pip_download(["--require-hashes", "-r", str(PINS)], WHEELS)
        have = present()
    if missing := sorted(set(pinned) - set(have)):
        raise SystemExit(f"build_lite: wheels missing or with the wrong hash after pip download: {missing}")
    return have


#: The date written into the project's wheel (2020-01-01), whatever the day of the build.
SOURCE_DATE_EPOCH = 1577836800


def build_project_wheel(dest: Path) -> Path:
    """The oanquan wheel, built by pip from a copy of the package in a temporary folder.

    Building in place would leave ``build/`` and ``*.egg-info`` in the work tree. The dates
    in the wheel are fixed (SOURCE_DATE_EPOCH), so an unchanged package gives the same bytes,
    and so is the file's own date, which the live notebooks' package index gives as its upload
    time: an unchanged build of the site is then the same build, and no reader's browser
    downloads the whole edition again for it.
    """
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    with tempfile.TemporaryDirectory() as tmp:
        for name in PROJECT_FILES:
            src = ROOT / name
            if src.is_dir():
                shutil.copytree(src, Path(tmp) / name, ignore=ignore)
            else:
                shutil.copy2(src, Path(tmp) / name)
        command = [str(BIN / "python"), "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
        env = {**os.environ, "SOURCE_DATE_EPOCH": str(SOURCE_DATE_EPOCH)}
        subprocess.run([*command, "-w", str(dest), tmp], check=True, env=env, stdout=subprocess.DEVNULL)
    wheels = list(dest.glob("oanquan-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"build_lite: expected one oanquan wheel in {dest}, found {wheels}")
    os.utime(wheels[0], (SOURCE_DATE_EPOCH, SOURCE_DATE_EPOCH))
    return wheels[0]


# -- the JupyterLite folder -------------------------------------------------------------------


def write_pyodide(static: Path, wheels: dict[str, Path]) -> None:
    """static/pyodide/: the npm runtime, the kernel's wheels and a lock that names only those, with their hashes."""
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    shipped = lock_packages(lock)
    out = static / "pyodide"
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        if not (PYODIDE / name).is_file():
            raise SystemExit(f"build_lite: {PYODIDE / name} is missing; run `npm ci` (package.json lists pyodide)")
        shutil.copy2(PYODIDE / name, out / name)
    packages = {}
    for name, entry in shipped.items():
        wheel = wheels[name]
        shutil.copy2(wheel, out / wheel.name)
        packages[name] = {**entry, "file_name": wheel.name, "sha256": sha256(wheel)}
    lock["packages"] = packages
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def joined(value: Any) -> Any:
    """A multi-line string stored as a list of lines, as one string; anything else unchanged."""
    return "".join(value) if isinstance(value, list) else value


def rejoin_lines(notebook: dict[str, Any]) -> None:
    """Join the lines of every cell source and text output, in place, as a Jupyter server does when it reads a file.

    JupyterLite serves the file as it is, and JupyterLab's table of contents fails on a
    Markdown output stored as a list of lines ("e.replace is not a function"). JSON outputs
    (widget views) are data, not lines, and stay as they are.
    """
    for cell in notebook.get("cells", []):
        cell["source"] = joined(cell.get("source", ""))
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = joined(output["text"])
            data = output.get("data", {})
            for mime, value in data.items():
                if not mime.endswith("json"):
                    data[mime] = joined(value)


def trust(notebook: dict[str, Any]) -> None:
    """Mark every code cell trusted, in place, as a Jupyter server does for a notebook it has signed.

    The chapters come from this repository and this build, so their stored pictures (SVG,
    HTML) are shown as soon as a chapter opens, as on the book's pages; an untrusted
    notebook would show their plain-text stand-ins until the reader runs every cell.
    """
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            cell.setdefault("metadata", {})["trusted"] = True


def as_jupyterlab_keeps(notebook: dict[str, Any]) -> None:
    """Write, in place, what JupyterLab would write as it opens the notebook, so that opening it
    changes nothing: the kernel's ``language_info``, and the old ``collapsed`` flag beside each
    hidden output (JupyterLab 4 keeps the two in step).

    Otherwise the notebook is "changed" a moment after it opens, autosave stores a copy in the
    browser, and the reader keeps that copy instead of the chapter the site serves, even after
    the site updates it.

    >>> book = {"metadata": {}, "cells": [{"cell_type": "code", "metadata": {"jupyter": {"outputs_hidden": True}}}]}
    >>> as_jupyterlab_keeps(book)
    >>> book["metadata"]["language_info"]["version"], book["cells"][0]["metadata"]["collapsed"]
    ('3.8', True)
    """
    notebook["metadata"] = {**notebook.get("metadata", {}), "kernelspec": dict(KERNELSPEC)}
    notebook["metadata"]["language_info"] = copy.deepcopy(LANGUAGE_INFO)
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code" and cell.get("metadata", {}).get("jupyter", {}).get("outputs_hidden"):
            cell["metadata"]["collapsed"] = True


def lite_copy(notebook: dict[str, Any]) -> dict[str, Any]:
    """A chapter as the live notebooks hold it: setup cell first, lines joined, trusted, Pyodide
    kernel named, and nothing JupyterLab would change as it opens."""
    # A deep copy, with the cell inserted or brought up to date, in the language it had.
    copy = with_live_cell(notebook, language_of(notebook))
    rejoin_lines(copy)
    trust(copy)
    as_jupyterlab_keeps(copy)
    return copy


def chapter_title(notebook: dict[str, Any], fallback: str) -> str:
    """The text of the notebook's first level-1 heading.

    >>> chapter_title({"cells": [{"cell_type": "markdown", "source": ["# Sowing: how\\n", "text"]}]}, "x")
    'Sowing: how'
    """
    for cell in notebook.get("cells", []):
        source = joined(cell.get("source", "")) if cell.get("cell_type") == "markdown" else ""
        if match := re.search(r"^# +(.+?)\s*$", source, re.M):
            return match[1]
    return fallback


def write_contents(files: Path, notebooks: Path) -> dict[str, str]:
    """Copy every chapter notebook into files/; {file name: chapter title}."""
    files.mkdir(parents=True)
    chapters = {}
    for path in sorted(notebooks.glob("*.ipynb")):
        notebook = read(path)
        write(files / path.name, lite_copy(notebook))
        chapters[path.name] = chapter_title(notebook, path.stem)
    if not chapters:
        raise SystemExit(f"build_lite: no notebooks in {notebooks}")
    return chapters


def write_reset_page(output: Path, chapters: dict[str, str], language: str = "en") -> None:
    """reset.html ("start a chapter again") and its script and style, with the list of chapters,
    in the edition's language (a Jinja2 template, its words from the engine's catalogue: tools/build/templates.py)."""
    from oanquan.i18n import language as speaking
    from tools.build.templates import environment

    for name in ("reset.js", "reset.css"):
        shutil.copy2(RESET_PAGE / name, output / name)
    data = json.dumps(chapters, ensure_ascii=False).replace("<", "\\u003c")  # safe inside <script>
    with speaking(language):
        page = environment(RESET_PAGE).get_template("reset.html").render(chapters=data, lang=language)
    (output / "reset.html").write_text(page, encoding="utf-8")


def lite_config(pip_wheels: list[Path]) -> dict[str, Any]:
    """jupyter_lite_config.json: what `jupyter lite build` puts in the site."""
    return {
        "LiteBuildConfig": {
            "contents": ["files"],
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
        },
        "PipliteAddon": {"piplite_urls": [str(p) for p in pip_wheels]},
    }


#: JupyterLite's plugin that registers its service worker (switched off: see :func:`lite_json`).
LITE_WORKER = "@jupyterlite/application-extension:service-worker-manager"


def lite_json(title: str) -> dict[str, Any]:
    """jupyter-lite.json: settings read by the page at run time. The PyPI fallback is off."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": title,
            # JupyterLite's own service worker would take lite/ over from the edition's worker,
            # which keeps the live notebooks for offline use with the rest of the edition
            # (book/_static_play/service-worker.js), and answer from the network only. The
            # chapters need none of what it adds (Python reading the browser's files, input()).
            "disabledExtensions": [LITE_WORKER],
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True,
                    # loaded while Python starts, before the first cell asks for them
                    "loadPyodideOptions": {"packages": list(KERNEL_PACKAGES)},
                }
            },
        },
    }


#: JupyterLab settings changed for the live notebooks: a change is saved in the browser within
#: 10 s (JupyterLab's default is 120 s, long enough to lose edits by closing the tab).
SETTINGS = {"@jupyterlab/docmanager-extension:plugin": {"autosaveInterval": 10}}


def prepare(
    lite_dir: Path, notebooks: Path, wheels: dict[str, Path], project_wheel: Path, title: str
) -> dict[str, str]:
    """Lay out one edition's JupyterLite folder; {file name: title} of the chapters it holds."""
    for stale in ("files", "static", "jupyter_lite_config.json", "jupyter-lite.json", "overrides.json"):
        path = lite_dir / stale
        shutil.rmtree(path) if path.is_dir() else path.unlink(missing_ok=True)
    lite_dir.mkdir(parents=True, exist_ok=True)
    write_pyodide(lite_dir / "static", wheels)
    chapters = write_contents(lite_dir / "files", notebooks)
    pip_wheels = [wheels[normalize(name)] for name in WIDGET_PACKAGES] + [project_wheel]
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(lite_config(pip_wheels), indent=2) + "\n")
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_json(title), indent=2, ensure_ascii=False) + "\n")
    (lite_dir / "overrides.json").write_text(json.dumps(SETTINGS, indent=2) + "\n")
    return chapters


def source_date_epoch() -> str:
    """The date a build gives its files, as reproducible builds do: ``SOURCE_DATE_EPOCH`` when set,
    else that of the last commit that changed the chapters (their text, or its translations),
    else the wheel's fixed date (a copy of the project outside git).

    JupyterLite's file list gives each chapter a date no later than this. The files' own dates
    are when this build wrote them, so the list, and with it the service worker's version,
    would change on every build, and every reader's browser would download the whole edition
    again after a build that changed nothing.
    """
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return os.environ["SOURCE_DATE_EPOCH"]
    if shutil.which("git"):
        command = ["git", "log", "-1", "--format=%ct", "--", "notebooks", "locales"]
        found = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if found.returncode == 0 and found.stdout.strip():
            return found.stdout.strip()
    return str(SOURCE_DATE_EPOCH)


def jupyter_lite_build(lite_dir: Path, output: Path) -> None:
    """A fresh `jupyter lite build` into ``output``: its task database would skip steps whose inputs
    did not change, leaving a rebuilt output without the kernel's settings, so it goes too.

    It is built in a folder of its own beside ``lite_dir`` and then moved into place. With
    SOURCE_DATE_EPOCH set, JupyterLite dates every file under its output folder's parent, which for
    the site's ``lite/`` was the whole edition: the English build walked ``vi/lite/`` while the
    Vietnamese build, beside it, was replacing it, and a fresh clone's book failed once
    (``FileNotFoundError: .../vi/lite``).
    """
    built = lite_dir.with_name(lite_dir.name + "-built") / "lite"
    shutil.rmtree(built.parent, ignore_errors=True)
    for db in lite_dir.glob(".jupyterlite.doit.db*"):
        db.unlink()
    command = [str(BIN / "jupyter"), "lite", "build", "--lite-dir", str(lite_dir), "--output-dir", str(built)]
    env = {**os.environ, "SOURCE_DATE_EPOCH": source_date_epoch()}  # the chapters' dates in its file list
    result = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"build_lite: jupyter lite build failed ({result.returncode})")
    shutil.rmtree(output, ignore_errors=True)
    output.parent.mkdir(parents=True, exist_ok=True)
    built.rename(output)  # the same disk (_build/): a rename, not a copy
    built.parent.rmdir()  # its folder, empty now


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks", help="the chapters (default notebooks/)")
    parser.add_argument("--output", type=Path, default=ROOT / "_build" / "html" / "lite", help="the site's folder")
    parser.add_argument("--edition", default="en", help="a name for this edition's work folder under _build/lite/")
    parser.add_argument("--title", default="Ô Ăn Quan: live chapters", help="the name shown by the notebook pages")
    parser.add_argument("--pin", action="store_true", help="rewrite requirements-lite.txt and stop")
    parser.add_argument("--fetch", action="store_true", help="download the pinned wheels and stop")
    args = parser.parse_args(argv)
    if args.pin:
        pin()
        return 0
    if args.fetch:
        fetch_wheels()
        return 0
    start = time.perf_counter()
    wheels = fetch_wheels()
    # each edition's own copy of the wheel: the editions' builds run side by side (tools/build/book.py)
    project_wheel = build_project_wheel(WORK / "project" / args.edition)
    chapters = prepare(WORK / args.edition, args.notebooks.resolve(), wheels, project_wheel, args.title)
    jupyter_lite_build(WORK / args.edition, args.output.resolve())
    write_reset_page(args.output.resolve(), chapters, args.edition if args.edition in ("en", "vi") else "en")
    seconds = time.perf_counter() - start
    print(
        f"build_lite: {len(chapters)} live notebooks in {args.output} "
        f"({folder_size(args.output) / 1e6:.1f} MB) in {seconds:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
