"""Every page of the built site names the site's own icon, so no browser asks for one elsewhere.

Sphinx's pages link the book's icon (``html.favicon`` in ``_config.yml``, copied to each
edition's ``_static/favicon.svg``). Two kinds of page come from other tools and name none:
the redirect at each edition's root, which sphinx-external-toc writes as a bare
``<meta http-equiv="Refresh">``, and JupyterLite's application pages (``lite/``). A browser
then asks for ``/favicon.ico`` on its own, which the site does not have: a failed request on
every such visit (issue 19). This step, run after the build (``make book``, ``make lite``),
gives the redirect a whole page of its own and puts the link into every page that lacks one.

Usage, from the repository root::

    python -m tools.build.favicon _build/html          # each edition: the root and vi/
"""

from __future__ import annotations

import argparse
import html
import os
import re
from pathlib import Path

ICON = "_static/favicon.svg"
#: Folders of an edition that hold no pages of their own.
SKIPPED = ("_static", "_sources", "_images", "_downloads")
#: Another edition inside this one (the Vietnamese under the English root) is done on its own.
EDITIONS = ("vi",)

_HEAD = re.compile(r"<head[^>]*>", re.IGNORECASE)
_HAS_ICON = re.compile(r"<link[^>]+rel=[\"']?(?:shortcut )?icon", re.IGNORECASE)
_REFRESH = re.compile(r'<meta http-equiv="Refresh" content="0; url=([^"]+)"\s*/?>\s*$', re.IGNORECASE)


def icon_link(page: Path, edition: Path) -> str:
    """The ``<link>`` that names the edition's icon from ``page``, as a relative address.

    >>> icon_link(Path("site/lite/lab/index.html"), Path("site"))
    '<link rel="icon" type="image/svg+xml" href="../../_static/favicon.svg">'
    """
    href = Path(os.path.relpath(edition / ICON, page.parent)).as_posix()
    return f'<link rel="icon" type="image/svg+xml" href="{html.escape(href)}">'


def redirect_page(target: str, link: str, lang: str) -> str:
    """A whole page for the root's redirect: a title, the icon, and a link for a browser that does not follow it.

    >>> print(redirect_page("book/intro.html", "<link>", "en").splitlines()[0])
    <!DOCTYPE html>
    """
    target = html.escape(target)
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>Ô Ăn Quan</title>\n{link}\n"
        f'<meta http-equiv="Refresh" content="0; url={target}">\n</head>\n'
        f'<body><p><a href="{target}">Ô Ăn Quan</a></p></body>\n</html>\n'
    )


def pages(edition: Path) -> list[Path]:
    """The HTML pages of one edition, without its other editions and asset folders."""
    pages = sorted(edition.rglob("*.html"))
    return [page for page in pages if page.relative_to(edition).parts[0] not in (*SKIPPED, *EDITIONS)]


def link_icons(edition: Path, lang: str = "en") -> list[Path]:
    """Put the icon's link into every page of ``edition`` that names none; the pages changed."""
    if not (edition / ICON).is_file():
        raise SystemExit(f"{edition / ICON} is missing: build the book first (make book)")
    changed = []
    for page in pages(edition):
        text = page.read_text(encoding="utf-8")
        if _HAS_ICON.search(text):
            continue
        link = icon_link(page, edition)
        if redirect := _REFRESH.match(text.strip()):
            text = redirect_page(redirect.group(1), link, lang)
        elif head := _HEAD.search(text):
            text = f"{text[: head.end()]}{link}{text[head.end() :]}"
        else:
            raise SystemExit(f"{page}: a page with no <head> to name the icon in")
        page.write_text(text, encoding="utf-8")
        changed.append(page)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built site (_build/html)")
    args = parser.parse_args(argv)
    editions = [(args.site, "en")] + [(args.site / name, name) for name in EDITIONS if (args.site / name).is_dir()]
    for edition, lang in editions:
        changed = link_icons(edition, lang)
        print(f"{edition}: the icon named in {len(changed)} more pages")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
