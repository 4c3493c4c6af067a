"""The offline copy of the site for schools: ``make dist`` writes _build/oanquan-site.zip.

The zip holds the built site (``_build/html``, from ``make book``) in a folder
``oanquan-site/`` with a ``SERVE.txt`` that says, in one line, how to serve it on the
computer itself: the pages need http (Pyodide cannot load from ``file://``), and 127.0.0.1
counts as a secure context, so the service worker keeps the whole site in the browser's
language working with the network off after a first visit to any page (the live notebooks excepted).

Each edition's service worker (``sw.js``) and its version (``sw-version.json``) come last in
the zip, after every file they list (issue 47): whoever unzips it over an older copy, or
copies its files to a server one by one, puts up the new worker only once its files are there.
A worker put up before its files would fail its install (each file is checked against its
digest) and keep no offline copy; the pages then say so, and the next visit tries again.

Run from the repository root: ``python -m tools.build.dist`` (after ``make book``).
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
ZIP = ROOT / "_build" / "oanquan-site.zip"
FOLDER = "oanquan-site"

#: The one line that serves the unzipped site (Python 3 is all it needs).
SERVE = f"python3 -m http.server 8000 --bind 127.0.0.1 --directory {FOLDER}"

README = f"""Ô Ăn Quan: the book and its games, for use with no internet.

Unzip this file, open a terminal in the folder that holds {FOLDER}/, and run:

    {SERVE}

then open http://127.0.0.1:8000/ in a browser (Chrome, Edge, Firefox or Safari). Leave the
terminal open while you use the site; Ctrl-C stops it. After a first visit to any page, the
site also works in that browser with the network off (except the live notebooks).
"""


#: The files of an edition that say which build it is: put up after every other file.
LAST = ("sw.js", "sw-version.json")


def upload_order(files: list[Path], site: Path) -> list[Path]:
    """``files`` of ``site`` in the order to put them up: the workers, then their versions, last.

    >>> site = Path("/s")
    >>> files = [site / "sw-version.json", site / "vi/sw.js", site / "a.html", site / "sw.js"]
    >>> [p.as_posix() for p in upload_order(files, site)]
    ['/s/a.html', '/s/sw.js', '/s/vi/sw.js', '/s/sw-version.json']
    """

    def rank(path: Path) -> int:
        return LAST.index(path.name) + 1 if path.name in LAST else 0

    return sorted(files, key=lambda path: (rank(path), path.relative_to(site).as_posix()))


def main() -> int:
    if not (SITE / "book" / "play.html").is_file():
        raise SystemExit(f"dist: {SITE} has no built site; run `make book` first")
    files = upload_order([p for p in SITE.rglob("*") if p.is_file()], SITE)
    ZIP.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(ZIP, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        archive.writestr(f"{FOLDER}/SERVE.txt", README)
        for path in files:
            archive.write(path, f"{FOLDER}/{path.relative_to(SITE).as_posix()}")
    print(f"dist: {ZIP} ({ZIP.stat().st_size / 1e6:.1f} MB, {len(files)} files). To serve it, unzip it and run:")
    print(f"  {SERVE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
