"""Put together what the Play and Puzzles pages load, under _widget_js/ (served as _static/).

The pages run the real engine in the browser with Pyodide (shared/SITE.md). Nothing here
is committed; `make book` runs this before Jupyter Book, which copies _widget_js/ into the
site (html_static_path):

- ``pyodide/``: the runtime from the npm ``pyodide`` package (``npm ci``), only the files a
  page needs;
- ``play/oanquan.zip``: the ``oanquan`` package itself, which the page unpacks into
  Pyodide's file system, so the site always runs the engine it was built from;
- ``play/engine.js`` and ``play/engine-worker.js``: the engine in a Web Worker, and the small
  client a page loads to talk to it (one worker per page, shared by every board on it);
- ``play/play.js`` and ``play/play.css``: the pages' script and style, from book/_static_play/;
- ``play/manifest.json``: the build's version (a digest of every file above) and each file's
  size, for the progress bar and the service worker's cache;
- ``play/board.svg``: the opening position drawn by ``oanquan.svg``, the picture shown when
  a page is opened from ``file://``, where Pyodide cannot load.

Run from anywhere: ``python tools/build_play.py``.
"""

from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "_widget_js"
PYODIDE = ROOT / "node_modules" / "pyodide"
PAGE_FILES = ROOT / "book" / "_static_play"

#: The Pyodide files a page loads: the loader, the runtime, the standard library and the
#: lock file (read at start-up even when no package is loaded).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def copy_if_changed(src: Path, dest: Path) -> None:
    if dest.is_file() and dest.stat().st_size == src.stat().st_size and dest.stat().st_mtime >= src.stat().st_mtime:
        return
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dest)


def vendor_pyodide() -> None:
    for name in PYODIDE_FILES:
        src = PYODIDE / name
        if not src.is_file():
            raise SystemExit(f"build_play: {src} is missing; run `npm ci` (package.json lists pyodide)")
        copy_if_changed(src, OUT / "pyodide" / name)


def package_zip() -> bytes:
    """The oanquan package as a zip with fixed dates, so an unchanged engine gives the same bytes."""
    from io import BytesIO

    buffer = BytesIO()
    package = ROOT / "oanquan"
    files = sorted(
        p for p in package.rglob("*") if p.is_file() and (p.suffix in (".py", ".json", ".mo") or p.name == "py.typed")
    )
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:
            if "__pycache__" in path.parts:
                continue
            info = zipfile.ZipInfo(str(path.relative_to(ROOT)), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def write_if_changed(dest: Path, data: bytes) -> None:
    if dest.is_file() and dest.read_bytes() == data:
        return
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(data)


def manifest() -> str:
    """The engine's files (paths under _static/) with their sizes, and a version that changes with any of them."""
    import hashlib
    import json

    folders = (OUT / "pyodide", OUT / "play")
    files = sorted(p for folder in folders for p in folder.iterdir() if p.name != "manifest.json")
    digest = hashlib.sha256()
    sizes = {}
    for path in files:
        name = path.relative_to(OUT).as_posix()
        data = path.read_bytes()
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
        sizes[name] = len(data)
    return json.dumps({"version": digest.hexdigest()[:16], "files": sizes}, indent=1, sort_keys=True) + "\n"


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from oanquan import Position
    from oanquan.svg import board_svg

    vendor_pyodide()
    play = OUT / "play"
    write_if_changed(play / "oanquan.zip", package_zip())
    for source in sorted(PAGE_FILES.iterdir()):
        if source.suffix in (".js", ".css"):
            write_if_changed(play / source.name, source.read_bytes())
    write_if_changed(play / "board.svg", board_svg(Position.initial()).encode("utf-8"))
    write_if_changed(play / "manifest.json", manifest().encode("utf-8"))
    size = sum(p.stat().st_size for p in (OUT / "pyodide").iterdir()) + sum(p.stat().st_size for p in play.iterdir())
    print(f"build_play: Pyodide and the Play page's files in _widget_js/ ({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
