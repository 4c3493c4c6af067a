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
- ``play/board.svg``: the opening position drawn by ``oanquan.svg``;
- ``play/fragments/play.html`` and ``puzzles.html``: the games' markup (from the templates in
  book/_static_play/) with the first board drawn by the engine and the puzzle list on its graded
  path, which book/play.md and book/puzzles.md include, so a page shows a board at once, before
  Pyodide has loaded (and from ``file://``, where it cannot load).

With ``--service-worker SITE`` (after the book is built) it writes SITE/sw.js, the service
worker that keeps the Play and Puzzles pages and the engine for offline visits, versioned by a
digest of what it caches, so that a new build replaces the old cache.

Run from anywhere: ``python tools/build_play.py``.
"""

from __future__ import annotations

import json
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


#: The service worker's template in book/_static_play/ (written to the site's root, not to play/).
SERVICE_WORKER = "service-worker.js"


def fragments() -> dict[str, str]:
    """The Play and Puzzles pages' markup, with the first board and the puzzle list filled in by the engine."""
    from html import escape

    from oanquan import web

    game = web.Session().new_game({"opponent": "2"})  # the form's default opponent
    puzzles = web.Session()
    first = puzzles.puzzle_address({"query": ""})
    groups: dict[str, list[str]] = {}
    for item in puzzles.list_puzzles()["puzzles"]:
        chosen = " selected" if item["id"] == first["puzzle"]["id"] else ""
        option = f'<option value="{escape(item["id"])}"{chosen}>{escape(item["title"])}</option>'
        groups.setdefault(item["theme_name"], []).append(option)
    listing = "".join(f'<optgroup label="{escape(name)}">{"".join(items)}</optgroup>' for name, items in groups.items())
    return {
        "play.html": (PAGE_FILES / "play.html")
        .read_text("utf-8")
        .replace("{{board}}", game["svg"])
        .replace("{{squares}}", ",".join(map(str, game["squares"]))),
        "puzzles.html": (PAGE_FILES / "puzzles.html")
        .read_text("utf-8")
        .replace("{{board}}", first["svg"])
        .replace("{{squares}}", ",".join(map(str, first["squares"])))
        .replace("{{puzzle_list}}", listing)
        .replace("{{puzzle_text}}", escape(first["puzzle"]["text"])),
    }


def manifest() -> str:
    """The engine's files (paths under _static/) with their sizes, and a version that changes with any of them."""
    import hashlib

    folders = (OUT / "pyodide", OUT / "play")
    files = sorted(p for folder in folders for p in folder.iterdir() if p.is_file() and p.name != "manifest.json")
    digest = hashlib.sha256()
    sizes = {}
    for path in files:
        name = path.relative_to(OUT).as_posix()
        data = path.read_bytes()
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
        sizes[name] = len(data)
    return json.dumps({"version": digest.hexdigest()[:16], "files": sizes}, indent=1, sort_keys=True) + "\n"


#: The pages the service worker keeps for offline visits, relative to the site's root.
OFFLINE_PAGES = ("book/play.html", "book/puzzles.html")


def offline_files(site: Path) -> list[str]:
    """What the service worker precaches: the two pages, every file of the site they load, the engine.

    Found by reading the pages' ``src``/``href`` attributes and the ``url()`` of their style
    sheets (fonts, pictures), keeping only files of the site itself.
    """
    import re
    from urllib.parse import unquote, urlsplit

    wanted: set[str] = set(OFFLINE_PAGES)
    todo = list(OFFLINE_PAGES)
    while todo:
        name = todo.pop()
        path = site / name
        text = path.read_text("utf-8", errors="replace")
        if name.endswith(".html"):
            found = re.findall(r'<(?:script|img|link)\b[^>]*?\b(?:src|href)="([^"]+)"', text)
        elif name.endswith(".css"):
            found = re.findall(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)", text)
        else:
            continue
        for ref in found:
            parts = urlsplit(ref)
            if parts.scheme or parts.netloc or not parts.path or ref.startswith(("#", "data:")):
                continue
            target = (path.parent / unquote(parts.path)).resolve()
            try:
                relative = target.relative_to(site.resolve()).as_posix()
            except ValueError:
                continue
            other_page = relative.endswith(".html") and relative not in OFFLINE_PAGES
            if not target.is_file() or relative in wanted or other_page:
                continue
            wanted.add(relative)
            todo.append(relative)
    engine = json.loads((site / "_static" / "play" / "manifest.json").read_text("utf-8"))
    wanted.update(f"_static/{name}" for name in engine["files"])
    wanted.add("_static/play/manifest.json")
    return sorted(wanted)


def write_service_worker(site: Path) -> str:
    """Write SITE/sw.js: the offline files and a version made of their contents; return the version."""
    import hashlib

    files = offline_files(site)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((site / name).read_bytes()).digest())
    version = digest.hexdigest()[:16]
    template = (PAGE_FILES / SERVICE_WORKER).read_text("utf-8")
    text = template.replace("{{version}}", version).replace("{{files}}", json.dumps(files, indent=1))
    write_if_changed(site / "sw.js", text.encode("utf-8"))
    size = sum((site / name).stat().st_size for name in files)
    print(f"build_play: {site}/sw.js keeps {len(files)} files ({size / 1e6:.1f} MB) offline, version {version}")
    return version


def main() -> int:
    if sys.argv[1:2] == ["--service-worker"] and len(sys.argv) == 3:
        write_service_worker(Path(sys.argv[2]))
        return 0
    sys.path.insert(0, str(ROOT))
    from oanquan import Position
    from oanquan.svg import board_svg

    vendor_pyodide()
    play = OUT / "play"
    write_if_changed(play / "oanquan.zip", package_zip())
    for source in sorted(PAGE_FILES.iterdir()):
        if source.suffix in (".js", ".css") and source.name != SERVICE_WORKER:
            write_if_changed(play / source.name, source.read_bytes())
    write_if_changed(play / "board.svg", board_svg(Position.initial()).encode("utf-8"))
    for name, text in fragments().items():
        write_if_changed(play / "fragments" / name, text.encode("utf-8"))
    write_if_changed(play / "manifest.json", manifest().encode("utf-8"))
    size = sum(p.stat().st_size for p in (OUT / "pyodide").iterdir()) + sum(p.stat().st_size for p in play.iterdir())
    print(f"build_play: Pyodide and the Play page's files in _widget_js/ ({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
