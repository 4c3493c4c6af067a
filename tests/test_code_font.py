"""The site's code font draws every Vietnamese letter (issue 46).

The Vietnamese edition's code blocks drew the accents of ệ or ở in the wrong place: the reader's
system monospace font had no Vietnamese glyphs. The site now ships its own code font from npm
(JetBrains Mono, ``tools/build/vendor_js.py``), and both editions' CSS use it for code. These tests read
the shipped font files' character maps with fontTools, through the unicode ranges the CSS gives
each file, and check that the CSS of every page puts that font first for code.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
import yaml
from fontTools.ttLib import TTFont

from tools.build import vendor_js

ROOT = Path(__file__).resolve().parent.parent
FAMILY = "JetBrains Mono"

#: Every letter of Vietnamese: the 12 vowels with each of the 5 tone marks or none, the other
#: letters, đ, in both cases, as one precomposed character each (NFC, as the catalogues are).
VOWELS = "aăâeêioôơuưy"
TONES = ("", "\u0300", "\u0301", "\u0309", "\u0303", "\u0323")  # huyền, sắc, hỏi, ngã, nặng
LETTERS = sorted({unicodedata.normalize("NFC", v + t) for v in VOWELS for t in TONES} | set("bcdđghklmnpqrstvx"))
VIETNAMESE = sorted({c for letter in LETTERS for c in (letter, letter.upper())})


def ranges(rule: str) -> list[tuple[int, int]]:
    """The code points of a @font-face rule's unicode-range."""
    found = re.search(r"unicode-range:\s*([^;]+);", rule)
    assert found, rule
    spans = []
    for part in found[1].split(","):
        low, _dash, high = part.strip().removeprefix("U+").partition("-")
        spans.append((int(low, 16), int(high or low, 16)))
    return spans


def faces() -> list[tuple[int, Path, list[tuple[int, int]]]]:
    """Each @font-face the site ships: its weight, the font file the plan copies, its unicode-range."""
    plan = vendor_js.planned()
    css = plan[vendor_js.OUT / vendor_js.CODE_FONT_CSS]
    assert isinstance(css, str)
    found = []
    for rule in re.findall(r"@font-face\s*\{[^}]*\}", css):
        assert f"font-family: '{FAMILY}'" in rule
        (url,) = re.findall(r"url\(([^)]+)\)", rule)
        source = plan[vendor_js.OUT / "fonts" / url]
        assert isinstance(source, Path), url
        weight = int(re.search(r"font-weight:\s*(\d+)", rule)[1])  # type: ignore[index]
        found.append((weight, source, ranges(rule)))
    return found


def test_every_vietnamese_letter_is_listed() -> None:
    assert len(LETTERS) == 12 * 6 + 17 and "ệ" in LETTERS and "ở" in LETTERS and "Ự" in VIETNAMESE


@pytest.mark.parametrize("weight", vendor_js.CODE_FONT_WEIGHTS)
def test_the_shipped_code_font_draws_every_vietnamese_letter(weight: int) -> None:
    """Each letter falls in the unicode-range of a shipped file whose character map has it."""
    shipped = [(path, spans) for w, path, spans in faces() if w == weight]
    assert len(shipped) == len(vendor_js.CODE_FONT_SUBSETS)
    maps = {path: set(TTFont(path).getBestCmap()) for path, _spans in shipped}
    missing = []
    for letter in VIETNAMESE:
        point = ord(letter)
        chosen = [path for path, spans in shipped if any(low <= point <= high for low, high in spans)]
        if not chosen or point not in maps[chosen[0]]:
            missing.append(letter)
    assert missing == [], f"the code font at weight {weight} cannot draw {''.join(missing)}"


def test_the_check_sees_a_font_without_vietnamese() -> None:
    """The latin file alone, the kind of font the reader had, lacks most of them."""
    latin = next(path for _w, path, _s in faces() if "-latin-400" in path.name)
    cmap = set(TTFont(latin).getBestCmap())
    assert {"ệ", "ở", "ư", "đ"} - {chr(c) for c in cmap} == {"ệ", "ở", "ư", "đ"}


def test_every_page_puts_the_code_font_first_for_code() -> None:
    """Both editions build from _config.yml (the Vietnamese one from a copy of it, tools/build/edition.py)."""
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["sphinx"]["config"]
    css_files = config["html_css_files"]
    assert vendor_js.CODE_FONT_CSS in css_files
    assert css_files.index(vendor_js.CODE_FONT_CSS) < css_files.index("oanquan.css")
    assert "_widget_js" in config["html_static_path"]  # where tools/build/vendor_js.py writes fonts/
    style = (ROOT / "book" / "_site_static" / "oanquan.css").read_text(encoding="utf-8")
    variable = re.search(r":root\s*\{[^}]*--pst-font-family-monospace:\s*([^;]+);", style)
    assert variable and variable[1].startswith(f'"{FAMILY}"')
    assert re.search(r"\bcode\b[^{]*\bpre\b[^{]*\{\s*font-family:\s*var\(--pst-font-family-monospace\)", style)


@pytest.mark.browser
def test_the_built_vietnamese_chapter_draws_its_code_in_the_shipped_font(site_url: str, tmp_path: Path) -> None:
    """In the built site, a Vietnamese chapter's code (its comment in Vietnamese, issue 46) is set in the
    code font, which the browser loads from the site itself and uses for ệ and ở."""
    from urllib.parse import urlsplit

    from tools.testing.localsite import chromium_profile

    with chromium_profile(tmp_path / "profile", {"width": 390, "height": 844}, service_workers="block") as context:
        page = context.new_page()
        fonts: list[str] = []
        foreign: list[str] = []
        page.on("requestfinished", lambda r: fonts.append(r.url) if "/fonts/" in r.url else None)
        page.on(
            "request",
            lambda r: (
                foreign.append(r.url)
                if urlsplit(r.url).hostname not in (None, "127.0.0.1") and r.url.startswith("http")
                else None
            ),
        )
        page.goto(site_url + "vi/notebooks/01_board.html", wait_until="load")
        code = page.locator("div.cell_input pre", has_text="chạy lại").first
        code.scroll_into_view_if_needed()
        family = code.evaluate("e => getComputedStyle(e).fontFamily")
        assert family.startswith(f'"{FAMILY}"'), family
        # the faces the browser uses for ệ and ở in the code font: loaded, and the Vietnamese subset among them
        faces = page.evaluate(
            """async () => (await document.fonts.load('16px "JetBrains Mono"', 'ệở'))
                .map(f => [f.family, f.status, f.unicodeRange])"""
        )
        assert faces and all(status == "loaded" for _family, status, _range in faces), faces
        assert any("U+1EA0-1EF9" in unicode_range.upper() for _f, _s, unicode_range in faces), faces
        assert any("jetbrains-mono-vietnamese-400-normal.woff" in url for url in fonts), fonts
        assert foreign == []
        shots = ROOT / "_build" / "screenshots" / "code-font"
        shots.mkdir(parents=True, exist_ok=True)
        code.screenshot(path=str(shots / "vi-chapter-1-code.png"))
