"""Put together what the Play and Puzzles pages load, under _widget_js/ (served as _static/).

The pages run the real engine in the browser with Pyodide (docs/stack.md). Nothing here
is committed; `make book` runs this before Jupyter Book, which copies _widget_js/ into the
site (html_static_path):

- ``pyodide/``: the runtime from the npm ``pyodide`` package (``npm ci``), only the files a
  page needs, with its standard library trimmed to what the engine needs and compiled
  (``python_stdlib.zip``, :func:`engine_start`);
- ``play/engine-snapshot-<engine>.bin.gz``: a Pyodide memory snapshot of Python started with the
  engine imported, made under Node (``tools/build/engine_start.mjs``), which the worker restores
  instead of starting Python (issue 45);
- ``play/oanquan.zip``: the ``oanquan`` package itself, which the page unpacks into
  Pyodide's file system, so the site always runs the engine it was built from;
- ``play/engine.js`` and ``play/engine-worker.js``: the engine in a Web Worker, and the small
  client a page loads to talk to it (one worker per page, shared by every board on it);
- ``play/play.js`` and ``play/play.css``: the pages' script and style, from book/_static_play/;
- ``play/manifest.json``: the build's version (a digest of every file above), each file's
  size, for the progress bar and the service worker's cache, and the engine's digest, which
  names its snapshot;
- ``play/fragments/play.html`` and ``puzzles.html``: the games' markup (from the templates in
  book/_static_play/) with the first board drawn by the engine (``oanquan.web.picture``: the
  board the page's script fills from each answer's scene) and the puzzle list on its graded
  path, which book/play.md and book/puzzles.md include, so a page shows a board at once, before
  Pyodide has loaded (and from ``file://``, where it cannot load).

With ``--service-worker SITE`` (after the book is built) it writes SITE/sw.js, the service
worker of the edition built in SITE, which keeps every file of that edition (every page, the
printables, the engine) for offline visits, versioned by a digest of all of them, with
SITE/sw-version.json (that version, which the worker asks the server for); and it writes the
Content-Security-Policy into the head of every page of the edition (issue 24).

Run from the repository root: ``python -m tools.build.play``.
"""

from __future__ import annotations

import argparse
import ast
import base64
import functools
import hashlib
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from html import escape
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "_widget_js"
PYODIDE = ROOT / "node_modules" / "pyodide"
PAGE_FILES = ROOT / "book" / "_static_play"

#: The Pyodide files a page loads as npm ships them: the loader, the runtime and the lock file
#: (read at start-up even when no package is loaded). The standard library is built
#: (:func:`engine_start`).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
#: The engine's start, made at build time under Node (issue 45): Pyodide's standard library
#: trimmed to what the engine needs and compiled, and a memory snapshot of Python started on it
#: with the engine imported, which the worker restores instead of starting Python.
ENGINE_START = Path(__file__).with_name("engine_start.mjs")
STDLIB = "python_stdlib.zip"
SNAPSHOT = "engine-snapshot-{engine}.bin.gz"


def engine_digest(engine_zip: bytes) -> str:
    """The engine's digest, which names its snapshot: a snapshot is restored with the engine it was made of only.

    >>> SNAPSHOT.format(engine=engine_digest(b"PK"))
    'engine-snapshot-fcab7fcc2b4cffd9.bin.gz'
    """
    return hashlib.sha256(engine_zip).hexdigest()[:16]


def vendor_pyodide() -> None:
    for name in PYODIDE_FILES:
        src = PYODIDE / name
        if not src.is_file():
            raise SystemExit(f"build_play: {src} is missing; run `npm ci` (package.json lists pyodide)")
        write_if_changed(OUT / "pyodide" / name, src.read_bytes())


def package_zip() -> bytes:
    """The oanquan package as a zip with fixed dates, so an unchanged engine gives the same bytes."""
    buffer = BytesIO()
    package = ROOT / "oanquan"
    files = sorted(
        p for p in package.rglob("*") if p.is_file() and (p.suffix in (".py", ".json", ".mo") or p.name == "py.typed")
    )
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:
            info = zipfile.ZipInfo(str(path.relative_to(ROOT)), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def engine_imports(package: Path = ROOT / "oanquan") -> list[str]:
    """Every absolute module the engine's sources import, at their top or in a function: the
    standard library the page's engine may need (not the notebook widgets' or the terminal's).

    >>> {"json", "random", "xml.etree.ElementTree"} <= set(engine_imports())
    True
    >>> "argparse" in engine_imports()  # oanquan/__main__.py's, never a page's
    False
    """
    found: set[str] = set()
    for path in sorted(package.rglob("*.py")):
        if "widgets" in path.relative_to(package).parts or path.name == "__main__.py":
            continue
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
    return sorted(found)


def engine_start(engine_zip: bytes, out: Path = OUT) -> None:
    """Write ``pyodide/python_stdlib.zip`` and ``play/engine-snapshot-<engine>.bin.gz``
    (``tools/build/engine_start.mjs``, under Node), unless what they are made of is unchanged since
    the last build (half a minute's work).

    The snapshot is named after the engine it holds (:func:`engine_digest`; the worker finds the
    name in the manifest), so an engine zip changed without a new snapshot is never run from an
    old one: the worker then starts Python the ordinary way."""
    digest = hashlib.sha256(engine_zip + ENGINE_START.read_bytes())
    for name in (*PYODIDE_FILES, STDLIB):
        digest.update((PYODIDE / name).read_bytes())
    stamp = out / ".engine-start"
    snapshot = SNAPSHOT.format(engine=engine_digest(engine_zip))
    made = (out / "pyodide" / STDLIB, out / "play" / snapshot)
    if stamp.is_file() and stamp.read_text() == digest.hexdigest() and all(p.is_file() for p in made):
        return
    with tempfile.TemporaryDirectory() as work:
        (Path(work) / "oanquan.zip").write_bytes(engine_zip)
        command = ["node", str(ENGINE_START), str(PYODIDE), str(Path(work) / "oanquan.zip"), work]
        try:
            done = subprocess.run([*command, ",".join(engine_imports())], capture_output=True, text=True, check=False)
        except FileNotFoundError:
            raise SystemExit("build_play: node is missing; the engine's start is made under Node") from None
        if done.returncode != 0:
            raise SystemExit(f"build_play: tools/build/engine_start.mjs failed: {done.stderr.strip()[-800:]}")
        for path, name in zip(made, (STDLIB, "engine-snapshot.bin.gz"), strict=True):
            write_if_changed(path, (Path(work) / name).read_bytes())
    for old in (out / "play").glob(SNAPSHOT.format(engine="*")):
        if old.name != snapshot:
            old.unlink()
    stamp.write_text(digest.hexdigest())
    print(f"build_play: the engine's start made under Node: {done.stdout.strip().splitlines()[-1]}")


def write_if_changed(dest: Path, data: bytes) -> None:
    if dest.is_file() and dest.read_bytes() == data:
        return
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(data)


#: The service worker's template in book/_static_play/ (written to the site's root, not to play/).
SERVICE_WORKER = "service-worker.js"


@functools.cache
def puzzle_classes(puzzle_id: str) -> str:
    """The class rule sets a puzzle holds under, as the Puzzles page's list marks it (issue 42:
    ``authoring.puzzles.class_rules_kept``; the same in both editions, so computed once)."""
    from authoring.puzzles import class_rules_kept
    from oanquan.interact.controller import find_puzzle

    return " ".join(class_rules_kept(find_puzzle(puzzle_id)))


def fragments() -> dict[str, str]:
    """The Play and Puzzles pages' markup in the current language, with the first board and the
    puzzle list filled in by the engine."""
    from oanquan import web
    from tools.build.templates import environment

    game = web.Session().new_game({"opponent": "2"})  # the form's default opponent
    puzzles = web.Session()
    first = puzzles.puzzle_address({"query": ""})
    groups: dict[str, list[dict[str, object]]] = {}
    for item in puzzles.list_puzzles()["puzzles"]:
        chosen = item["id"] == first["puzzle"]["id"]
        classes = puzzle_classes(item["id"])
        groups.setdefault(item["theme_name"], []).append(item | {"chosen": chosen, "classes": classes})
    env = environment(PAGE_FILES)
    return {
        "play.html": env.get_template("play.html").render(
            svg=web.picture(game["scene"]), squares=",".join(map(str, game["squares"]))
        ),
        "puzzles.html": env.get_template("puzzles.html").render(
            svg=web.picture(first["scene"]),
            squares=",".join(map(str, first["squares"])),
            groups=list(groups.items()),
            puzzle_text=first["puzzle"]["text"],
        ),
    }


def manifest(out: Path = OUT) -> str:
    """The engine's files (paths under ``out``, served as _static/), their sizes, and a version made of them."""
    folders = (out / "pyodide", out / "play")
    files = sorted(p for folder in folders for p in folder.iterdir() if p.is_file() and p.name != "manifest.json")
    digest = hashlib.sha256()
    sizes = {}
    for path in files:
        name = path.relative_to(out).as_posix()
        data = path.read_bytes()
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
        sizes[name] = len(data)
    found: dict[str, object] = {"version": digest.hexdigest()[:16], "files": sizes}
    if (out / "play" / "oanquan.zip").is_file():  # the engine, which names its snapshot
        found["engine"] = engine_digest((out / "play" / "oanquan.zip").read_bytes())
    return json.dumps(found, indent=1, sort_keys=True) + "\n"


#: The live notebooks' folder in an edition. They are JupyterLab itself (JupyterLite): its
#: settings are checked by AJV, which compiles its checks with ``new Function``, so their pages
#: get 'unsafe-eval' as the widget pages do; everything else of the policy holds for them too.
LITE = "lite"


#: Files of an edition's output the worker does not keep: itself, the server's version, and
#: JupyterLite's worker (never registered). Sphinx's build data (.buildinfo, .doctrees/) are
#: dotfiles, which Workbox's globs never match. The live notebooks (lite/) are kept and served by
#: the edition's worker like every other page (issue 23): JupyterLite's own worker is switched
#: off (tools/build/lite.py, ``lite_json``).
NOT_KEPT_FILES = ("sw.js", "sw-version.json", f"{LITE}/service-worker.js")
#: Files of the book's theme and widget manager that no page of ours makes a browser download, so
#: a device need not keep them (issue 45: 6.9 MB of the 62 MB both editions kept): the source maps,
#: which only a browser's developer tools read, and the icon fonts in the formats a browser takes
#: only when it cannot read WOFF2 (every style sheet lists WOFF2 first, and every browser that
#: runs the engine reads it: the widget manager's EOT, SVG, TTF and WOFF copies, the theme's TTF
#: ones). They stay in the site, served from the network to whoever asks.
NOT_READ_FILES = (
    "_static/**/*.map",
    "_static/widgets/*.eot",
    "_static/widgets/*.svg",
    "_static/widgets/*.ttf",
    "_static/widgets/*.woff",
    "_static/vendor/fontawesome/webfonts/*.ttf",
)
#: Folders of an edition's output that its worker leaves to the network: Sphinx's build data.
NOT_KEPT = (".doctrees",)
#: Workbox's glob of an edition (npm workbox-build, package.json), run by Node.
PRECACHE = Path(__file__).with_name("precache.mjs")

#: The policy of every page (issue 24): scripts only from the site itself, the theme's inline
#: scripts by their hash, WebAssembly for the engine, workers from the site. Two readings the
#: issue leaves open, taken here: styles may be inline (the theme and the board pictures use
#: style attributes, which cannot run script), and images and fonts may be ``data:`` addresses
#: (the theme's icons). The policy is a ``<meta>`` element, since the site is static (make serve,
#: GitHub Pages: no headers of its own); a meta policy cannot set frame-ancestors.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{hashes}; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self' data:; worker-src 'self'; connect-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'"
)
#: The ipywidgets manager (npm @jupyter-widgets/html-manager, tools/build/vendor_js.py). It validates
#: the page's widget state with AJV, which compiles its schemas with ``new Function``: with no
#: 'unsafe-eval' no widget is drawn (0 of 11 on chapter 9), so 'unsafe-eval' stays on every page
#: that embeds widgets. The pages that load it (the chapters with widgets, the home
#: page) are given 'unsafe-eval' and nothing else more; every other page (Play, Puzzles, the
#: reference pages) keeps the strict policy. Their script still comes only from the site.
WIDGET_MANAGER = "widgets/embed-amd.js"
#: The elements written into every page's head (and taken out again before a rebuild's digest).
_INJECTED = re.compile(rb'<meta data-oaq-injected="1"[^>]*>\n?')


#: Sphinx 7.4's doctools.js compiles the catalogue's plural rule with ``new Function``, which the
#: policy refuses (an uncaught error on every page of the Vietnamese edition). The editions'
#: languages have the rules "0" (Vietnamese: one form) and "(n != 1)" (English): written out here.
_PLURAL_EVAL = """    Documentation.PLURAL_EXPR = new Function(
      "n",
      `return (${catalog.plural_expr})`
    );"""
_PLURAL_FIXED = """    // tools/build/play.py: the rule written out, not compiled (the site's Content-Security-Policy)
    Documentation.PLURAL_EXPR = String(catalog.plural_expr).trim() === "0" ? () => 0 : (n) => (n === 1 ? 0 : 1);"""


def doctools_without_eval(site: Path) -> None:
    """Sphinx's ``_static/doctools.js`` with its plural rule written out instead of compiled (see above)."""
    path = site / "_static" / "doctools.js"
    if not path.is_file():
        return
    text = path.read_text("utf-8")
    if _PLURAL_EVAL in text:
        text = text.replace(_PLURAL_EVAL, _PLURAL_FIXED)
        path.write_text(text, "utf-8")
    if "new Function" in text:
        raise SystemExit(f"build_play: {path} compiles code (new Function), which the pages' policy refuses")


def edition_files(site: Path) -> list[str]:
    """Every file of the edition built into ``site`` that its service worker keeps, relative to ``site``.

    Workbox globs them (``tools/build/precache.mjs``): every file less :data:`NOT_KEPT_FILES`,
    :data:`NOT_READ_FILES` and another edition's folder.
    Another edition's folder inside it (a folder with its own ``book/play.html``, such as
    ``vi/``) is that edition's, kept by its own worker. The edition's live notebooks
    (``lite/``) are its own: the worker keeps them once active (``LATER``).
    """
    return json.loads(_precache(site))


def _precache(site: Path, *inject: Path) -> str:
    """What ``tools/build/precache.mjs`` prints for ``site`` (with ``--inject SRC DEST`` when given)."""
    command = ["node", str(PRECACHE), str(site)]
    # what the worker does not keep (see edition_files)
    for glob in [*NOT_KEPT_FILES, *NOT_READ_FILES, *(f"{folder}/**" for folder in other_editions(site))]:
        command += ["--ignore", glob]
    if inject:
        command += ["--inject", *map(str, inject)]
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise SystemExit("build_play: node is missing; the service worker's list is made by Workbox (npm)") from None
    if "ERR_MODULE_NOT_FOUND" in done.stderr:
        raise SystemExit("build_play: Workbox is missing: run `make node_modules/.installed` (npm ci, package.json)")
    if done.returncode != 0:
        raise SystemExit(f"build_play: {' '.join(command[1:3])} failed: {done.stderr.strip()[-500:]}")
    return done.stdout


def other_editions(site: Path) -> list[str]:
    """The folders of ``site`` that hold another edition of the book (``vi``)."""
    return sorted(p.name for p in site.iterdir() if p.is_dir() and (p / "book" / "play.html").is_file())


class _InlineScripts(HTMLParser):
    """The inline scripts and event-handler attributes of a page, as the browser hashes them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts: list[str] = []
        self.handlers: list[str] = []
        self._inside: list[str] | None = None
        self.widgets = False  # the page loads the widget manager

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "script" and (values.get("src") or "").split("?")[0].endswith(WIDGET_MANAGER):
            self.widgets = True
        self.handlers.extend(v or "" for k, v in attrs if k.startswith("on"))
        kind = (values.get("type") or "text/javascript").lower()
        if tag == "script" and "src" not in values and kind in ("text/javascript", "module", "application/javascript"):
            self._inside = []

    def handle_data(self, data: str) -> None:
        if self._inside is not None:
            self._inside.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._inside is not None:
            self.scripts.append("".join(self._inside))
            self._inside = None


def _sha256(text: str | bytes) -> str:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def page_policy(html: str, compiles: bool = False) -> str:
    """The Content-Security-Policy of one page: :data:`CSP` with the hashes of its inline scripts and handlers.

    ``compiles``: the page runs JupyterLab (the live notebooks), which needs 'unsafe-eval' as the
    widget manager does (see :data:`LITE`).
    """
    parser = _InlineScripts()
    parser.feed(html)
    parser.close()
    hashes = sorted({f"'{_sha256(s)}'" for s in parser.scripts})
    if parser.handlers:  # the theme's onclick="window.print()" buttons
        hashes = ["'unsafe-hashes'", *sorted({f"'{_sha256(h)}'" for h in parser.handlers}), *hashes]
    if parser.widgets or compiles:
        hashes.insert(0, "'unsafe-eval'")
    return CSP.format(hashes="".join(" " + h for h in hashes))


def with_head(html: bytes, version: str | None, compiles: bool = False) -> bytes:
    """A page with the policy and the build's version (if any) in its head (after ``<meta charset>``)."""
    text = html.decode("utf-8")
    policy = page_policy(text, compiles)
    extra = f'<meta data-oaq-injected="1" http-equiv="Content-Security-Policy" content="{escape(policy)}">\n'
    if version is not None:
        extra += f'<meta data-oaq-injected="1" name="oanquan-build" content="{version}">\n'
    charset = re.search(r"<meta charset=[^>]*>\s*", text, re.IGNORECASE)
    head = charset or re.search(r"<head[^>]*>\s*", text, re.IGNORECASE)
    if head is None:
        return (extra + text).encode("utf-8")
    return (text[: head.end()] + extra + text[head.end() :]).encode("utf-8")


def write_lite_policies(lite: Path) -> int:
    """The policy in the head of every page of the live notebooks in ``lite``; the number of pages."""
    pages = sorted(lite.rglob("*.html")) if lite.is_dir() else []
    for path in pages:
        write_if_changed(path, with_head(_INJECTED.sub(b"", path.read_bytes()), None, compiles=True))
    return len(pages)


#: Where a page says how much a device downloads to keep the site (the teacher's guide): the
#: element's text is the size, written in when the worker is (the book cannot know it before).
#: ``oaq-offline-size``: both editions without the live notebooks, each file once (the workers
#: share one copy of every file that is the same in both, issue 45); ``oaq-lite-size``: what the
#: live notebooks of one edition add to that.
_DOWNLOAD_SIZE = re.compile(rb'(<span class="oaq-(offline|lite)-size">)[^<]*(</span>)')


def download_size(size: int) -> str:
    """``size`` bytes as a reader counts a download: whole megabytes, rounded up.

    >>> download_size(41_100_000)
    '42 MB'
    """
    return f"{-(-size // 1_000_000)} MB"


def with_download_size(page: bytes, size: int, lite: int = 0) -> bytes:
    """``page`` with its download-size elements saying ``size``, and the live notebooks' ``lite``.

    >>> with_download_size(b'<span class="oaq-offline-size">?</span> <span class="oaq-lite-size"></span>', 2, 10**6)
    b'<span class="oaq-offline-size">1 MB</span> <span class="oaq-lite-size">1 MB</span>'
    """
    sizes = {b"offline": size, b"lite": lite}
    return _DOWNLOAD_SIZE.sub(lambda m: m[1] + download_size(sizes[m[2]]).encode() + m[3], page)


def site_root(site: Path) -> Path:
    """The folder of the whole site (the English edition's) for the edition built in ``site``."""
    parent = site.parent
    return parent if (parent / "book" / "play.html").is_file() and site.name in other_editions(parent) else site


def kept_bytes(site: Path, files: list[str] | None = None) -> tuple[int, int]:
    """What a device keeps of the whole site that ``site`` is an edition of: the bytes of both
    editions without their live notebooks, each content once (as the workers keep it), and what
    the live notebooks of the edition in ``site`` add. Pages count as built (before their head's
    policy, a few kB). ``files``: ``edition_files(site)``, when the caller has it already.

    Each edition's list is asked of Workbox once (a Node process that reads every file of the
    edition: issue 45, ``site`` was listed twice here and once more by ``write_service_worker``).
    """
    seen: set[bytes] = set()

    def unseen(data: bytes) -> int:
        """The bytes of ``data``, unless a file counted before holds the same (then 0)."""
        key = hashlib.sha256(data).digest()
        if key in seen:
            return 0
        seen.add(key)
        return len(data)

    root = site_root(site)
    editions = (root, *(root / folder for folder in other_editions(root)))
    lists = {
        edition: files if files is not None and edition == site else edition_files(edition) for edition in editions
    }
    total = 0
    for edition in editions:
        for name in lists[edition]:
            if not name.startswith(f"{LITE}/"):
                data = (edition / name).read_bytes()
                total += unseen(_INJECTED.sub(b"", data) if name.endswith(".html") else data)
    lite = sum(unseen((site / name).read_bytes()) for name in lists[site] if name.startswith(f"{LITE}/"))
    return total, lite


def notice_words() -> dict[str, dict[str, object]]:
    """The words of the pages a worker makes when something is not on the device yet, in every
    language of the site (the other edition's notice speaks that edition's language first)."""
    from oanquan.i18n import LANGUAGES, _, language

    words: dict[str, dict[str, object]] = {}
    for code in LANGUAGES:
        with language(code):
            words[code] = {
                "title": _("Not on this device yet"),
                "missing": _(
                    "This site in {language} is not on this device yet. Open one of its pages once with "
                    "internet: after that it opens here with no internet too."
                ),
                "lite": _(
                    "This live notebook is not on this device yet. Open it once with internet and it is "
                    "kept for use with no internet, or choose “Keep the live notebooks on this device” in "
                    "the teacher's guide."
                ),
                "home": _("Open the home page"),
                "names": {"en": _("English"), "vi": _("Vietnamese")},
            }
    return words


def edition_language(site: Path) -> str:
    """The language of the edition built in ``site``, from its Play page's ``<html lang>``."""
    found = re.search(rb'<html[^>]*\blang="([a-z]+)', (site / "book" / "play.html").read_bytes()[:2000])
    return found[1].decode() if found else "en"


def same_bytes_of_other_kinds(digests: dict[str, bytes]) -> list[tuple[str, str]]:
    """The pairs of files of ``digests`` (name: the digest of its bytes) with the same bytes under
    different suffixes.

    A device keeps each content once for the whole site, and the worker answers every address
    of it with the headers of the one it downloaded (service-worker.js, "Each file once"): an
    empty ``.js`` beside an empty ``.css`` would reach one page with the other's type, which a
    browser refuses for a script or a style sheet.

    >>> same_bytes_of_other_kinds({"a.css": b"e", "a.js": b"e", "b.js": b"e", "c.js": b"x"})
    [('a.css', 'a.js'), ('a.css', 'b.js')]
    """
    first: dict[bytes, str] = {}
    clashes = []
    for name, digest in digests.items():
        other = first.setdefault(digest, name)
        if Path(other).suffix.lower() != Path(name).suffix.lower():
            clashes.append((other, name))
    return clashes


def write_service_worker(site: Path) -> str:
    """Write SITE/sw.js and SITE/sw-version.json for the edition in ``site``; return its version.

    Every page gets the policy and the build's version in its head first. The version is a
    digest of every file the worker keeps (as built, before those two elements), so a change
    to any page, picture, printable, script or the engine makes a new one; the worker keeps
    each file with its digest, which the browser checks as it downloads it.
    """
    doctools_without_eval(site)
    write_lite_policies(site / LITE)  # the live notebooks' pages are kept as they are served
    files = edition_files(site)
    contents = {name: (site / name).read_bytes() for name in files}
    sums = {name: hashlib.sha256(data).digest() for name, data in contents.items()}
    if clashes := same_bytes_of_other_kinds(sums):
        first, second = clashes[0]
        raise SystemExit(
            f"build_play: {site / first} and {site / second} hold the same bytes: a device keeps them once, "
            "and would serve one with the other's type; make them differ (a comment in one)"
        )
    # the book's pages, which get the policy (not JupyterLite's pages, which have their own, nor
    # the HTML files in _static/, which are no pages: the theme's Jinja macro files copied as they
    # are, webpack-macros.html and sbt-webpack-macros.html, and the templates of the Play and
    # Puzzles pages, _static/play/*.html, already filled into those pages; they carry none)
    pages = {name for name in files if name.endswith(".html") and not name.startswith(("_static/", f"{LITE}/"))}
    for name in pages:
        contents[name] = _INJECTED.sub(b"", contents[name])  # as built: the same size on a rebuild
    size = sum(len(data) for data in contents.values())
    both, lite = kept_bytes(site, files)
    built: dict[str, bytes] = {}
    digest = hashlib.sha256()
    for name in files:
        data = contents[name]
        if name in pages:  # with the download sizes, its head left out (above)
            data = built[name] = with_download_size(data, both, lite)
            sums[name] = hashlib.sha256(data).digest()
        digest.update(name.encode() + b"\0" + sums[name])
    version = digest.hexdigest()[:16]
    for name, data in built.items():
        write_if_changed(site / name, with_head(data, version))
    skip = [f"{folder}/" for folder in (*NOT_KEPT, *other_editions(site))]
    template = (PAGE_FILES / SERVICE_WORKER).read_text("utf-8")
    text = (
        template.replace("{{version}}", version)
        .replace("{{lite}}", f"{LITE}/")
        .replace('"{{skip}}"', json.dumps(skip))
        .replace('"{{editions}}"', json.dumps([f"{folder}/" for folder in other_editions(site)]))
        .replace('"{{words}}"', json.dumps(notice_words(), ensure_ascii=False))
        .replace("{{language}}", edition_language(site))
    )
    with tempfile.TemporaryDirectory() as work:  # outside the site, so that Workbox's glob never meets them
        source, worker = Path(work) / "template.js", Path(work) / "sw.js"
        source.write_text(text, "utf-8")
        _precache(site, source, worker)  # Workbox writes the list of files where the template says
        write_if_changed(site / "sw.js", worker.read_bytes())
    write_if_changed(site / "sw-version.json", (json.dumps({"version": version}) + "\n").encode("utf-8"))
    print(
        f"build_play: {site}/sw.js lists {len(files)} files ({size / 1e6:.1f} MB), version {version}; "
        f"a device keeps {both / 1e6:.1f} MB for both editions, {lite / 1e6:.1f} MB more with these live notebooks"
    )
    return version


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The Play and Puzzles pages' files, or an edition's service worker.")
    parser.add_argument("--service-worker", metavar="SITE", type=Path, help="write SITE/sw.js after the book is built")
    args = parser.parse_args(argv)
    if args.service_worker is not None:
        write_service_worker(args.service_worker)
        return 0
    vendor_pyodide()
    play = OUT / "play"
    engine = package_zip()
    write_if_changed(play / "oanquan.zip", engine)
    engine_start(engine)
    for source in sorted(PAGE_FILES.iterdir()):
        if source.suffix in (".js", ".css") and source.name != SERVICE_WORKER:
            write_if_changed(play / source.name, source.read_bytes())
    from oanquan.i18n import language

    with language("en"):  # the English edition's markup, whatever OANQUAN_LANG says (edition.py writes another's)
        written = fragments()
    for name, text in written.items():
        write_if_changed(play / "fragments" / name, text.encode("utf-8"))
    write_if_changed(play / "manifest.json", manifest().encode("utf-8"))
    size = sum(p.stat().st_size for p in (OUT / "pyodide").iterdir()) + sum(p.stat().st_size for p in play.iterdir())
    print(f"build_play: Pyodide and the Play page's files in _widget_js/ ({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
