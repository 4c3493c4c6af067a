"""Copy the JavaScript the book needs from node_modules/ into _widget_js/, so the site serves it itself.

The built pages must never ask a CDN for anything (docs/stack.md): the ipywidgets
embed manager, its icon fonts and RequireJS are installed from npm (`npm ci`, pinned by
package-lock.json) and copied here; `_config.yml` lists `_widget_js` in
`html_static_path` and points `nb_ipywidgets_js` at the copies.

Run from the repository root (the Makefile's `vendor` target does):

    python -m tools.build.vendor_js [--check]

`--check` only reports whether `_widget_js/` is complete, with exit status 1 if not.
To vendor another package, add an entry to `VENDORED` (Pyodide, for the Play page, is copied by tools/build/play.py).
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
OUT = ROOT / "_widget_js"

FONT_SUFFIXES = (".woff", ".woff2", ".ttf", ".eot", ".svg")

# destination folder under _widget_js/ -> (source folder under node_modules/, file names or suffixes)
VENDORED: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "widgets": [
        ("@jupyter-widgets/html-manager/dist", ("embed-amd.js", *FONT_SUFFIXES)),
        ("requirejs", ("require.js",)),
    ],
}

# The code font (issue 46): JetBrains Mono (OFL, npm @fontsource/jetbrains-mono), whose
# "vietnamese" subset draws ă, ơ, ư, đ and the stacked accents of ệ or ở where they belong, which
# the system monospace fonts of many tablets do not. Its @font-face rules, with each subset's
# unicode-range as Fontsource gives it, go into fonts/code-font.css, listed in html_css_files.
CODE_FONT = "@fontsource/jetbrains-mono"
CODE_FONT_SUBSETS = ("latin", "latin-ext", "vietnamese")
CODE_FONT_WEIGHTS = (400, 700)
CODE_FONT_CSS = "fonts/code-font.css"
VENDORED["fonts"] = [
    (
        f"{CODE_FONT}/files",
        tuple(f"jetbrains-mono-{s}-{w}-normal.woff" for s in CODE_FONT_SUBSETS for w in CODE_FONT_WEIGHTS),
    )
]


def code_font_css() -> str:
    """The code font's @font-face rules, from Fontsource's own CSS, pointing at the copies beside them."""
    rules = []
    for weight in CODE_FONT_WEIGHTS:
        # the weight's file has every subset's rule with its unicode-range (the subset's own file has none)
        css = (NODE_MODULES / CODE_FONT / f"{weight}.css").read_text(encoding="utf-8")
        for subset in CODE_FONT_SUBSETS:
            found = re.search(rf"/\* jetbrains-mono-{subset}-{weight}-normal \*/\s*@font-face \{{[^}}]*\}}", css)
            if found is None or "unicode-range" not in found[0]:
                raise SystemExit(f"vendor_js: no {subset} {weight} rule with a unicode-range in {CODE_FONT}")
            # only the WOFF file is shipped (zlib: the tests read its glyphs with fontTools and the
            # standard library; WOFF2 would need brotli), and every browser reads it
            rule = re.sub(r"url\(\./files/[^)]*\.woff2\) format\('woff2'\),\s*", "", found[0])
            rules.append(rule.replace("url(./files/", "url("))
    return f"/* Written by tools/build/vendor_js.py from npm {CODE_FONT} (OFL-1.1). */\n" + "\n\n".join(rules) + "\n"


# Loaded between require.js and embed-amd.js (see nb_ipywidgets_js in _config.yml).
CONFIG_JS = """\
// Written by tools/build/vendor_js.py: make the ipywidgets embed manager work from the site's own files.
(function () {
  // 1. embed-amd.js asks RequireJS for its own modules and icon fonts under these names;
  //    map them to this folder so nothing is fetched from a CDN.
  var here = document.currentScript.src.replace(/[^/]*$/, "");
  window.require.config({
    paths: {
      "@jupyter-widgets/html-manager/dist": here.replace(/\\/$/, ""),
      "@jupyter-widgets": here.replace(/\\/$/, ""),
    },
  });
  // 2. The book theme's FontAwesome would replace a widget's <i class="fa-..."> icon by an
  //    <svg>; the Play button then throws and the jslinks die. Keep the <i>, hide the nested svg.
  window.FontAwesomeConfig = Object.assign(window.FontAwesomeConfig || {}, { autoReplaceSvg: "nest" });
  var style = document.createElement("style");
  style.textContent = '.jupyter-widgets i[class*="fa-"] > svg.svg-inline--fa { display: none; }';
  document.head.appendChild(style);
})();
"""
CONFIG_NAME = "widgets/widgets-config.js"


def planned() -> dict[Path, Path | str]:
    """Every file to write under _widget_js/: destination -> source file or literal text."""
    plan: dict[Path, Path | str] = {}
    for dest, sources in VENDORED.items():
        for folder, patterns in sources:
            src_dir = NODE_MODULES / folder
            if not src_dir.is_dir():
                raise SystemExit(f"vendor_js: {src_dir} is missing; run `npm ci` first")
            # a pattern starting with "." is a suffix, anything else an exact file name
            matched = [
                f
                for f in sorted(src_dir.iterdir())
                if f.is_file() and any(f.name.endswith(p) if p.startswith(".") else f.name == p for p in patterns)
            ]
            for name in (p for p in patterns if not p.startswith(".")):
                if not (src_dir / name).is_file():
                    raise SystemExit(f"vendor_js: {src_dir / name} is missing")
            for f in matched:
                plan[OUT / dest / f.name] = f
    plan[OUT / CONFIG_NAME] = CONFIG_JS
    plan[OUT / CODE_FONT_CSS] = code_font_css()
    return plan


def up_to_date(plan: dict[Path, Path | str]) -> bool:
    for dest, src in plan.items():
        if not dest.is_file():
            return False
        if isinstance(src, str):
            if dest.read_text(encoding="utf-8") != src:
                return False
        elif dest.stat().st_size != src.stat().st_size or dest.stat().st_mtime < src.stat().st_mtime:
            return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that _widget_js/ is complete")
    args = parser.parse_args(argv)
    plan = planned()
    if args.check:
        ok = up_to_date(plan)
        print("vendor_js: _widget_js/ is up to date" if ok else "vendor_js: _widget_js/ is stale")
        return 0 if ok else 1
    for dest in VENDORED:
        shutil.rmtree(OUT / dest, ignore_errors=True)
    for dest, src in plan.items():
        dest.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(src, str):
            dest.write_text(src, encoding="utf-8")
        else:
            shutil.copy2(src, dest)
    size = sum(d.stat().st_size for d in plan)
    print(f"vendor_js: wrote {len(plan)} files, {size / 1e6:.1f} MB, into {OUT.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
