"""The offline copy of the site for schools: ``make dist`` writes _build/oanquan-site.zip.

The zip holds the built site (``_build/html``, from ``make book``) in a folder
``oanquan-site/`` with a ``SERVE.txt`` that says, in one line, how to serve it on the
computer itself: the pages need http (Pyodide cannot load from ``file://``), and 127.0.0.1
counts as a secure context, so the service worker keeps the whole site in the browser's
language working with the network off after a first visit to any page (the live notebooks excepted).

Run from anywhere: ``python tools/dist.py`` (after ``make book``).
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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


def main() -> int:
    if not (SITE / "book" / "play.html").is_file():
        raise SystemExit(f"dist: {SITE} has no built site; run `make book` first")
    files = sorted(p for p in SITE.rglob("*") if p.is_file())
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
