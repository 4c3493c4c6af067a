"""Every file the README and the docs name exists (issue 41: the README named two that did not).

A name counts as a path of the repository when it is written as code or as a link target and
has a folder in it (``tests/test_docs.py``) or is a Markdown file (``RULES.md``). It must exist,
from the repository's root or from the page's own folder. What is not a file of the repository
is named below, each kind with its reason.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

#: Names that look like paths but are not files of a clone, by their start.
ELSEWHERE = (
    # what a build writes (the book, the site's folders inside it, the tests' screenshots)
    "_build/", "_static/", "_widget_js/", "lite/", "vi/", "html/", "build/", "dist/", "static/", "widgets/",
    "./static/", "/favicon.ico", "sw.js",
    # MIME types, npm packages, URLs
    "text/", "application/", "@jupyter-widgets/", "file://",
    # the public engines `make bench` races, checked out elsewhere (benchmarks/public_engines.py)
    "NghiemNgocDuc/", "HouseNight/", "huyenngn/",
    # the team's shared folder beside the repository; docs/stack.md is the repository's copy
    "../shared/",
    # the browsers, which apt-get installs (the whole Chromium only for `make bench`)
    "/usr/bin/",
)  # fmt: skip

CODE = re.compile(r"`([^`\s]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def named_paths(text: str) -> set[str]:
    """The names in ``text`` that are written as paths of the repository.

    >>> sorted(named_paths("see `tests/test_docs.py`, [the rules](RULES.md#r3) and `ai.py`"))
    ['RULES.md', 'tests/test_docs.py']
    """
    names = set()
    for found in [*CODE.findall(text), *LINK.findall(text)]:
        name = found.split("#")[0].rstrip(".,;:")
        if name.startswith(("http:", "https:", "mailto:")) or any(c in name for c in "*<>{}=$\"'()"):
            continue
        if "/" in name or (name.endswith(".md") and len(name) > 3):
            names.add(name)
    return names


def test_the_scan_finds_the_names_the_readme_gave_that_did_not_exist() -> None:
    assert named_paths("the notes in `shared/SITE.md` and notes/lab-findings.md") == {"shared/SITE.md"}
    assert named_paths("[guide](docs/site.md) and (see `notes/lab-findings.md`)") == {
        "docs/site.md",
        "notes/lab-findings.md",
    }


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_a_page_names_exists(page: Path) -> None:
    missing = sorted(
        name
        for name in named_paths(page.read_text(encoding="utf-8"))
        if not name.startswith(ELSEWHERE)
        and not (ROOT / name.lstrip("/")).exists()
        and not (page.parent / name).exists()
    )
    assert missing == [], f"{page.name} names files that do not exist"


def test_the_readme_is_read_in_five_minutes() -> None:
    assert len((ROOT / "README.md").read_bytes()) <= 8 * 1024
