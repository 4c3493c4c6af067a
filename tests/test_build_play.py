"""What tools/build_play.py and tools/dist.py write around the built site (issue 12), on a small fake site.

The service worker keeps the Play and Puzzles pages and every file of the site they load, plus
the engine's files, under a version made of their contents, so that a new build replaces the
old cache; the offline copy for schools is a zip with a one-line way to serve it.
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

from tools import build_play, dist


def fake_site(root: Path) -> Path:
    site = root / "html"
    (site / "book").mkdir(parents=True)
    (site / "_static" / "play").mkdir(parents=True)
    (site / "_static" / "fonts").mkdir()
    page = (
        '<link rel="stylesheet" href="../_static/theme.css?digest=abc">'
        '<script src="../_static/play/play.js"></script><img src="https://example.org/x.png">'
        '<a href="rules.html">rules</a><link rel="next" href="puzzles.html">'
    )
    (site / "book" / "play.html").write_text(page)
    (site / "book" / "puzzles.html").write_text('<script src="../_static/play/play.js"></script>')
    (site / "book" / "rules.html").write_text("another page")
    (site / "_static" / "theme.css").write_text(
        "@font-face { src: url('fonts/a.woff2') } b { background: url(data:x) }"
    )
    (site / "_static" / "fonts" / "a.woff2").write_bytes(b"font")
    (site / "_static" / "play" / "play.js").write_text("// page")
    (site / "_static" / "play" / "oanquan.zip").write_bytes(b"zip")
    manifest = {"version": "0123456789abcdef", "files": {"play/oanquan.zip": 3, "play/play.js": 7}}
    (site / "_static" / "play" / "manifest.json").write_text(json.dumps(manifest))
    return site


def test_the_service_worker_keeps_the_pages_what_they_load_and_the_engine(tmp_path: Path) -> None:
    site = fake_site(tmp_path)
    assert build_play.offline_files(site) == [
        "_static/fonts/a.woff2",  # from the style sheet's url()
        "_static/play/manifest.json",
        "_static/play/oanquan.zip",
        "_static/play/play.js",
        "_static/theme.css",
        "book/play.html",
        "book/puzzles.html",
    ]  # not another page of the book, not another host
    version = build_play.write_service_worker(site)
    text = (site / "sw.js").read_text()
    assert f'const VERSION = "{version}";' in text and '"_static/fonts/a.woff2"' in text
    assert "{{" not in text
    # a new build (any file it keeps changed) makes a new version, hence a new cache
    (site / "_static" / "theme.css").write_text("b { color: red }")
    assert build_play.write_service_worker(site) != version
    assert re.fullmatch(r"[0-9a-f]{16}", version)


def test_the_offline_copy_is_a_zip_with_a_one_line_way_to_serve_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = fake_site(tmp_path)
    monkeypatch.setattr(dist, "SITE", site)
    monkeypatch.setattr(dist, "ZIP", tmp_path / "site.zip")
    assert dist.main() == 0
    with zipfile.ZipFile(tmp_path / "site.zip") as archive:
        names = archive.namelist()
        serve = archive.read("oanquan-site/SERVE.txt").decode()
    assert "oanquan-site/book/play.html" in names and "oanquan-site/_static/fonts/a.woff2" in names
    assert dist.SERVE in serve and dist.SERVE.startswith("python3 -m http.server")
    assert "--directory oanquan-site" in dist.SERVE


def test_the_pages_markup_has_the_first_boards_and_the_puzzle_path() -> None:
    from oanquan.puzzles import path

    made = build_play.fragments()
    play, puzzles = made["play.html"], made["puzzles.html"]
    assert "{{" not in play + puzzles
    assert play.count("data-square=") == 12 and 'data-squares="5,6,7,8,9"' in play
    first = path()[0]
    assert f'<option value="{first.id}" selected>' in puzzles
    assert puzzles.count("<optgroup") == len({p.theme for p in path()})
