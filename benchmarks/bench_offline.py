"""What a device keeps for offline visits (issue 45): per edition, for both, with and without the live notebooks.

Two readings of the same build (``_build/html``, both editions):

- **From the workers' lists** (each edition's ``sw.js``, Workbox's manifest: every file with its
  digest): before issue 45, each edition's worker kept every file of its edition, the live
  notebooks included, in a cache of its own; now the workers share one copy of each file by its
  digest, keep the live notebooks only when asked, and one visit keeps both editions. Both
  figures come from this build's lists, so they compare in the same run.
- **In Chromium**: a new reader opens the English teacher's guide once; when both editions'
  workers are active, the bytes in the site's caches are counted (the shared files' bodies and
  the builds' stubs). Then the guide's "Keep the live notebooks on this device" is pressed, and
  the bytes counted again.

Today's figure before the change (issue 45, measured on this machine class): 88 MB per edition;
67.5 MB for both editions once the build's engine snapshot came (docs/figures.md). Target: both
editions together under 60 MB without the live notebooks. The lists' reading also says what the
bytes are, by kind, and compares in the same run with the workers keeping the files no browser of
ours downloads (``tools.build.play.NOT_READ_FILES``: source maps, old font formats), as they did.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from pathlib import Path

from tools.testing.localsite import READERS_CHROMIUM, chromium_missing, chromium_profile, serve

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("OANQUAN_SITE", ROOT / "_build" / "html"))
EDITIONS = ("", "vi/")
LITE = "lite/"
BEFORE_MB = 88  # per edition, issue 45's "where it stands"
TARGET_MB = 60  # both editions, without the live notebooks
TODAY_MB = 67.5  # both editions, without the live notebooks, with the build's engine snapshot (docs/figures.md)
#: What the bytes are, by the first pattern that matches a file's address (in an edition).
KINDS = (
    ("Pyodide's WebAssembly", r"_static/pyodide/.*\.wasm$"),
    ("Pyodide's JavaScript and lock file", r"_static/pyodide/pyodide[^/]*\.(mjs|js|json)$"),
    ("the standard library zip", r"_static/pyodide/python_stdlib\.zip$"),
    ("the engine's snapshot", r"_static/play/engine-snapshot-.*$"),
    ("the engine and the game pages' scripts", r"_static/play/"),
    ("the notebooks' sources (the pages' .ipynb download)", r"_sources/"),
    ("pages (their widget state inside)", r"\.html$"),
    ("printables and other downloads", r"_downloads/|\.pdf$"),
    ("images", r"_images/|\.(png|svg|jpg|ico)$"),
    ("fonts", r"\.(woff2?|ttf|eot|otf)$"),
    ("widget manager's JavaScript", r"_static/widgets/"),
    ("search index", r"searchindex\.js$"),
    ("theme's JavaScript and styles", r"\.(js|css|map)$"),
    ("catalogues and the rest", r""),
)
_MANIFEST = re.compile(r"const MANIFEST = (\[.*?\]);", re.DOTALL)

_CACHED_BYTES = """async () => {
  let bytes = 0, files = 0;
  for (const name of await caches.keys()) {
    if (!name.startsWith("oanquan-")) continue;
    const cache = await caches.open(name);
    for (const response of await cache.matchAll()) { bytes += (await response.arrayBuffer()).byteLength; files += 1; }
  }
  return [bytes, files];
}"""
_BOTH_ACTIVE = """async ([english, vietnamese]) => {
  for (const scope of [english, vietnamese]) {
    const r = await navigator.serviceWorker.getRegistration(scope);
    if (!r || r.scope !== scope || !r.active || r.installing || r.waiting) return false;
  }
  return true;
}"""


def manifest(edition: str) -> list[dict[str, str]]:
    """The files an edition's worker lists ({url, integrity}), from its ``sw.js``."""
    found = _MANIFEST.search((SITE / edition / "sw.js").read_text("utf-8"))
    if found is None:
        raise SystemExit(f"bench_offline: no manifest in {SITE / edition / 'sw.js'}")
    entries: list[dict[str, str]] = json.loads(found[1])
    return entries


def each_once(entries: list[tuple[str, dict[str, str]]]) -> list[tuple[str, dict[str, str]]]:
    """``entries`` (edition, entry) without those whose digest an earlier one has: what a device keeps once."""
    first: dict[str, tuple[str, dict[str, str]]] = {}
    for edition, entry in entries:
        first.setdefault(entry["integrity"], (edition, entry))
    return list(first.values())


def total(entries: list[tuple[str, dict[str, str]]], once: bool) -> int:
    """The bytes of ``entries`` (edition, entry), each digest once if ``once``."""
    return sum(
        (SITE / edition / entry["url"]).stat().st_size for edition, entry in (each_once(entries) if once else entries)
    )


def kind(url: str) -> str:
    """What a file is, for the breakdown (:data:`KINDS`).

    >>> kind("_static/pyodide/pyodide.asm.wasm"), kind("vi/notebooks/01_board.html")
    ("Pyodide's WebAssembly", 'pages (their widget state inside)')
    """
    return next(name for name, pattern in KINDS if re.search(pattern, url))


def breakdown(entries: list[tuple[str, dict[str, str]]]) -> None:
    """The bytes of ``entries`` by kind, each file once, largest first."""
    sizes: dict[str, list[int]] = {}
    for edition, entry in each_once(entries):
        row = sizes.setdefault(kind(entry["url"]), [0, 0])
        row[0] += (SITE / edition / entry["url"]).stat().st_size
        row[1] += 1
    for name, (size, files) in sorted(sizes.items(), key=lambda item: -item[1][0]):
        print(f"      {size / 1e6:5.2f} MB  {name} ({files} files)")


def not_read(edition: str) -> int:
    """The bytes of the edition's files that its worker leaves to the network (never downloaded by our pages)."""
    from tools.build.play import NOT_READ_FILES

    folder = SITE / edition
    return sum(path.stat().st_size for glob in NOT_READ_FILES for path in folder.glob(glob) if path.is_file())


def from_lists() -> None:
    lists = {edition: [(edition, entry) for entry in manifest(edition)] for edition in EDITIONS}

    def without_lite(edition: str) -> list[tuple[str, dict[str, str]]]:
        return [(e, entry) for e, entry in lists[edition] if not entry["url"].startswith(LITE)]

    mb = 1e6
    print(f"  from the workers' lists (today's figure before issue 45: {BEFORE_MB} MB per edition):")
    for edition in EDITIONS:
        name = edition.rstrip("/") or "en"
        print(
            f"    {name}: before {total(lists[edition], once=False) / mb:5.1f} MB (every file, live notebooks"
            f" included); now {total(without_lite(edition), once=True) / mb:5.1f} MB alone without the live notebooks"
        )
    both = without_lite("") + without_lite("vi/")
    everything = lists[""] + lists["vi/"]
    own = total(both, once=True) - total(without_lite(""), once=True)
    before, now = total(everything, once=False), total(both, once=True)
    print(
        f"    both editions: before {before / mb:5.1f} MB; now {now / mb:5.1f} MB"
        f" without the live notebooks (target < {TARGET_MB} MB; the Vietnamese edition adds {own / mb:.1f} MB"
        f" to the English one), {total(everything, once=True) / mb:5.1f} MB with both editions' live notebooks"
    )
    # the files left to the network are the same bytes in both editions (the theme's, the widget manager's)
    kept_too = now + not_read("")
    print(
        f"    both editions without the live notebooks, against today's {TODAY_MB} MB: {now / mb / TODAY_MB:.2f}x;"
        f" against this build with the files no page of ours downloads kept too ({not_read('') / mb:.1f} MB:"
        f" source maps, old font formats), {kept_too / mb:5.1f} MB: {now / kept_too:.2f}x"
    )
    print("    what both editions keep, by kind (each file once):")
    breakdown(both)


def in_chromium() -> None:
    with (
        serve(SITE) as base,
        tempfile.TemporaryDirectory() as profile,
        chromium_profile(profile, executable=READERS_CHROMIUM) as context,
    ):
        page = context.new_page()
        start = time.monotonic()
        page.goto(base + "book/teachers.html")
        while not page.evaluate(_BOTH_ACTIVE, [base, base + "vi/"]):  # (wait_for_function takes a Promise as true)
            if time.monotonic() - start > 600:
                raise SystemExit("bench_offline: both editions' workers not active after 600 s")
            page.wait_for_timeout(250)
        settled = time.monotonic() - start
        kept, files = page.evaluate(_CACHED_BYTES)
        print(
            f"  in Chromium, one visit to the English teacher's guide: both editions kept in {settled:.0f} s,"
            f" {kept / 1e6:.1f} MB in {files} cache entries"
        )
        page.click("button.oaq-keep-lite")
        page.wait_for_selector(".oaq-keep-lite-status:not(:empty)", timeout=5_000)
        page.wait_for_function(
            "() => !document.querySelector('button.oaq-keep-lite').disabled", timeout=600_000, polling=500
        )
        with_lite, files = page.evaluate(_CACHED_BYTES)
        said = (page.text_content(".oaq-keep-lite-status") or "").strip()
        print(f"  and with the English live notebooks kept ({said!r}): {with_lite / 1e6:.1f} MB in {files} entries")


def main() -> None:
    if not (SITE / "vi" / "sw.js").is_file():
        print(f"  skipped: {SITE} has not both editions' workers (make book)")
        return
    from_lists()
    missing = chromium_missing(READERS_CHROMIUM)
    if missing:
        print(f"  in Chromium: skipped ({missing})")
        return
    in_chromium()
