"""What tools/build/play.py and tools/build/dist.py write around the built site (issue 12), on a small fake site.

The service worker keeps every file of its edition (issue 24: every page, the printables, the
engine) under a version made of their contents, so that a new build replaces the old cache, and
every page carries the Content-Security-Policy; the offline copy for schools is a zip with a one-line way to serve it.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import zipfile
from pathlib import Path

import pytest

from tools.build import dist
from tools.build import play as build_play


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
    (site / "vi" / "zz").mkdir(parents=True)
    for edition in (site, site / "vi"):
        (edition / "sw.js").write_text("// the worker")
        (edition / "sw-version.json").write_text('{"version": "0"}')
    (site / "vi" / "zz" / "last.html").write_text("a page whose name sorts after the worker's")
    (site / "_static" / "theme.css").write_text(
        "@font-face { src: url('fonts/a.woff2') } b { background: url(data:x) }"
    )
    (site / "_static" / "fonts" / "a.woff2").write_bytes(b"font")
    (site / "_static" / "play" / "play.js").write_text("// page")
    (site / "_static" / "play" / "oanquan.zip").write_bytes(b"zip")
    manifest = {"version": "0123456789abcdef", "files": {"play/oanquan.zip": 3, "play/play.js": 7}}
    (site / "_static" / "play" / "manifest.json").write_text(json.dumps(manifest))
    return site


def test_the_service_worker_keeps_every_file_of_its_edition(tmp_path: Path) -> None:
    """Issues 23 and 24: every page, picture, printable and live notebook of the edition, never another edition's."""
    site = fake_site(tmp_path)
    (site / "notebooks").mkdir()
    (site / "notebooks" / "01_board.html").write_text(
        '<html><head><meta charset="utf-8" /></head><body>ch1</body></html>'
    )
    (site / "_downloads").mkdir()
    (site / "_downloads" / "board.pdf").write_bytes(b"%PDF")
    for other in ("vi/book/play.html", "vi/index.html", ".doctrees/index.doctree", "lite/service-worker.js"):
        (site / other).parent.mkdir(parents=True, exist_ok=True)
        (site / other).write_text("not kept")
    (site / "lite" / "notebooks").mkdir(parents=True)
    (site / "lite" / "notebooks" / "index.html").write_text("<html><head></head><body>JupyterLite</body></html>")
    assert build_play.edition_files(site) == [
        "_downloads/board.pdf",
        "_static/fonts/a.woff2",
        "_static/play/manifest.json",
        "_static/play/oanquan.zip",
        "_static/play/play.js",
        "_static/theme.css",
        "book/play.html",
        "book/puzzles.html",
        "book/rules.html",
        "lite/notebooks/index.html",
        "notebooks/01_board.html",
    ]
    version = build_play.write_service_worker(site)
    assert re.fullmatch(r"[0-9a-f]{16}", version)
    text = (site / "sw.js").read_text()
    assert f'const VERSION = "{version}";' in text and "{{" not in text and "__WB_MANIFEST" not in text
    assert 'const LITE = "lite/";' in text  # the live notebooks, which the worker keeps when a reader asks
    # the notices of what is not on the device yet (issue 45), in the edition's language and the other's
    assert 'const LANGUAGE = "en";' in text
    words = json.loads(text.split("const WORDS = ", 1)[1].split("; //", 1)[0])
    assert words["vi"]["title"] == "Chưa có trên thiết bị này" and words["en"]["title"] == "Not on this device yet"
    assert "{language}" in words["vi"]["missing"] and words["vi"]["names"] == {"en": "tiếng Anh", "vi": "tiếng Việt"}
    # Workbox's list: every file of the edition, each with the digest the browser checks it against
    manifest = json.loads(text.split("const MANIFEST = ", 1)[1].split(";", 1)[0])
    assert [entry["url"] for entry in manifest] == build_play.edition_files(site)
    digests = {entry["url"]: entry["integrity"] for entry in manifest}
    # a live notebook's page is kept with its own policy (JupyterLite compiles its settings' checks)
    lite_page = (site / "lite" / "notebooks" / "index.html").read_text()
    assert lite_page.count("Content-Security-Policy") == 1 and "unsafe-eval" in lite_page
    assert (
        digests["lite/notebooks/index.html"]
        == "sha256-" + base64.b64encode(hashlib.sha256(lite_page.encode()).digest()).decode()
    )
    pdf = digests["_downloads/board.pdf"]
    assert pdf == "sha256-" + base64.b64encode(hashlib.sha256(b"%PDF").digest()).decode()  # checked as it downloads
    assert json.loads(text.split("const SKIP = ", 1)[1].split(";", 1)[0]) == [".doctrees/", "vi/"]
    assert json.loads((site / "sw-version.json").read_text()) == {"version": version}
    # the same build again: the same version, and the pages' heads are not written twice
    chapter = (site / "notebooks" / "01_board.html").read_text()
    assert chapter.count("Content-Security-Policy") == 1 and f'content="{version}"' in chapter
    assert build_play.write_service_worker(site) == version
    assert (site / "notebooks" / "01_board.html").read_text() == chapter
    # a change to a chapter alone (not the Play page, not the engine) makes a new version
    (site / "notebooks" / "01_board.html").write_text(chapter.replace("ch1", "ch1, changed"))
    assert build_play.write_service_worker(site) != version


def test_files_of_two_kinds_with_the_same_bytes_stop_the_build(tmp_path: Path) -> None:
    """A device keeps each content once and serves it with the type of the address it came from:
    an empty script beside an empty style sheet would reach a page with the wrong type. The build
    says which two files, and writes no worker."""
    site = fake_site(tmp_path)
    (site / "_static" / "custom.css").write_text("")
    (site / "_static" / "custom.js").write_text("")
    with pytest.raises(SystemExit, match=r"_static/custom\.css and .*_static/custom\.js hold the same bytes"):
        build_play.write_service_worker(site)
    assert (site / "sw.js").read_text() == "// the worker"
    (site / "_static" / "custom.js").write_text("// mine")  # made to differ: built
    assert re.fullmatch(r"[0-9a-f]{16}", build_play.write_service_worker(site))


def test_a_device_keeps_each_file_of_both_editions_once(tmp_path: Path) -> None:
    """Issue 45: the runtime both editions share counts once; the live notebooks are counted apart,
    less what the rest already holds; the teacher's guide says both figures."""
    site = fake_site(tmp_path)
    (site / "vi" / "book").mkdir()
    (site / "vi" / "book" / "play.html").write_text('<html lang="vi"><body>Chơi</body></html>')
    (site / "vi" / "_static" / "play").mkdir(parents=True)
    (site / "vi" / "_static" / "play" / "oanquan.zip").write_bytes(b"zip")  # the same engine
    (site / "lite" / "static").mkdir(parents=True)
    (site / "lite" / "static" / "engine.zip").write_bytes(b"zip")  # the same bytes again
    (site / "lite" / "static" / "kernel.js").write_bytes(b"k" * 1000)
    english = {name: len((site / name).read_bytes()) for name in build_play.edition_files(site)}
    vietnamese = {name: len((site / "vi" / name).read_bytes()) for name in build_play.edition_files(site / "vi")}
    assert sorted(vietnamese) == ["_static/play/oanquan.zip", "book/play.html", "zz/last.html"]
    own = vietnamese["book/play.html"] + vietnamese["zz/last.html"]  # not the engine: English has the same bytes
    without_lite = sum(size for name, size in english.items() if not name.startswith("lite/"))
    assert build_play.kept_bytes(site) == (without_lite + own, 1000)
    assert build_play.kept_bytes(site / "vi") == (without_lite + own, 0)
    assert build_play.edition_language(site / "vi") == "vi"
    guide = b'<span class="oaq-offline-size"></span>, <span class="oaq-lite-size">?</span>'
    said = build_play.with_download_size(guide, 59_000_001, 46_000_000)
    assert said == b'<span class="oaq-offline-size">60 MB</span>, <span class="oaq-lite-size">46 MB</span>'


def test_every_page_gets_a_policy_with_the_hashes_of_its_inline_scripts() -> None:
    page = (
        '<html><head><meta charset="utf-8" /><script>let a = 1;</script>'
        '<script type="application/json">{"data": 1}</script><script src="x.js"></script></head>'
        '<body><button onclick="window.print()">print</button></body></html>'
    )
    head = build_play.with_head(page.encode(), "0123456789abcdef").decode()
    assert head.index("Content-Security-Policy") < head.index("<script>")  # before any script
    policy = build_play.page_policy(page)
    digest = base64.b64encode(hashlib.sha256(b"let a = 1;").digest()).decode()
    handler = base64.b64encode(hashlib.sha256(b"window.print()").digest()).decode()
    assert f"'sha256-{digest}'" in policy and f"'unsafe-hashes' 'sha256-{handler}'" in policy
    assert policy.startswith("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'")
    assert "worker-src 'self'" in policy and "'unsafe-eval'" not in policy
    assert policy.count("sha256-") == 2  # the JSON data block is not a script
    assert build_play.page_policy("<p>no script</p>") == build_play.CSP.format(hashes="")
    # the widget manager's pages, and only they, may compile code (its JSON schema checks)
    widgets = build_play.page_policy('<script src="../_static/widgets/embed-amd.js"></script>')
    assert widgets == build_play.CSP.format(hashes=" 'unsafe-eval'")


def test_every_live_notebook_page_gets_the_policy_with_its_scripts(tmp_path: Path) -> None:
    """The live notebooks (JupyterLite) carry the policy too, with 'unsafe-eval' for JupyterLab's
    settings checks, and their pages' inline scripts by hash; written again, a page keeps one."""
    page = '<html><head><meta charset="utf-8"><script>start();</script></head><body></body></html>'
    for name in ("index.html", "lab/index.html", "notebooks/index.html"):
        (tmp_path / "lite" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "lite" / name).write_text(page, encoding="utf-8")
    assert build_play.write_lite_policies(tmp_path / "lite") == 3
    assert build_play.write_lite_policies(tmp_path / "lite") == 3  # a second build step changes nothing
    digest = base64.b64encode(hashlib.sha256(b"start();").digest()).decode()
    for name in ("index.html", "lab/index.html", "notebooks/index.html"):
        text = html.unescape((tmp_path / "lite" / name).read_text(encoding="utf-8"))
        assert text.count("Content-Security-Policy") == 1, name
        assert f"'unsafe-eval' 'sha256-{digest}'" in text and "default-src 'self'" in text, name
        assert "oanquan-build" not in text  # the live notebooks are not the worker's: no build version
    assert build_play.write_lite_policies(tmp_path / "nothing") == 0


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
    # issue 47: the workers and their versions go up after every file they list
    workers = [n for n in names if n.rsplit("/", 1)[-1] in ("sw.js", "sw-version.json")]
    assert workers == names[-len(workers) :] and len(workers) == 4, names
    assert workers[-1].endswith("sw-version.json") and workers[-2].endswith("sw-version.json")


def test_the_pages_markup_has_the_first_boards_and_the_puzzle_path() -> None:
    from oanquan.puzzles import path

    made = build_play.fragments()
    play, puzzles = made["play.html"], made["puzzles.html"]
    assert "{{" not in play + puzzles
    assert play.count("data-square=") == 12 and 'data-squares="5,6,7,8,9"' in play
    first = path()[0]
    assert f'<option value="{first.id}" data-code="{first.code}" data-theme="{first.theme}"' in puzzles
    assert f'data-level="{first.difficulty}" data-classes="' in puzzles
    assert f'" selected>{first.code} · {first.title}</option>' in puzzles
    assert puzzles.count('data-classes="protected-10 open-10') > 50, "the class rules each puzzle holds under"
    assert puzzles.count("<optgroup") == len({p.theme for p in path()})
