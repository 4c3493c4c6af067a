"""Numbers in each edition's format, everywhere (issue 46).

A reader of the Vietnamese edition met "-14.5" beside "-15,5" and "40,000" beside "1.000": some
numbers went through the engine's formatting and some were written by Python's own format specs.
The engine formats numbers itself (it needs only the standard library, also in the browser);
these tests check its formats against Unicode's CLDR data as Babel reads it (Babel is already
in requirements.txt for the catalogues), and that no chapter or page writes a number for readers
with a format spec of its own.
"""

from __future__ import annotations

import io
import json
import re
import tokenize
from pathlib import Path

import babel.numbers
import pytest

from oanquan.i18n import LANGUAGES, decimal, language, number, percent, shares
from tools.build.edition import _f_string_parts, _literal_text

ROOT = Path(__file__).resolve().parent.parent
#: Chapter 10 (strategy) is rewritten today by issue 46's strategy part, which formats its evaluations
#: ("-14.5") with decimal(); the rest of the book is checked here.
DOCUMENTS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "book").glob("*.ipynb"))
#: What is not a number for reading: pictures, code, position texts, addresses and other attributes.
NOT_READ = r'<svg.*?</svg>|src="[^"]*"|href="[^"]*"|`[^`]*`|<code>.*?</code>|\w+="[^"]*"'
#: A placeholder that formats a number with a spec of its own: thousands, decimals, %, g, e, or round().
OWN_FORMAT = re.compile(r"(:[^{}:!]*[,_.%gGeEf][^{}]*\}$)|\bround\(")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("value", [0, 7, 999, 1000, 5225, 40000, 90000, 1234567, -1500])
def test_whole_numbers_are_grouped_as_cldr_says(lang: str, value: int) -> None:
    with language(lang):
        assert number(value) == babel.numbers.format_decimal(value, locale=lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("value", [-14.5, -15.5, 0.5, 2.0, 13.5, 37.25])
def test_decimals_are_written_as_cldr_says(lang: str, value: float) -> None:
    with language(lang):
        assert decimal(value) == babel.numbers.format_decimal(value, locale=lang)
        assert decimal(value, 1) == babel.numbers.format_decimal(value, format="0.0", locale=lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("value", [78.44, 0.3, 100.0, 33.333])
def test_percentages_are_written_as_cldr_says(lang: str, value: float) -> None:
    with language(lang):
        assert percent(value, 1) == babel.numbers.format_percent(value / 100, format="#,##0.0%", locale=lang)
        assert percent(value) == babel.numbers.format_percent(value / 100, locale=lang)


@pytest.mark.parametrize(
    "counts", [[5734, 6661, 3217], [1, 1, 1], [2, 2, 2, 1], [5225, 996, 283, 73, 22, 62], [9, 0, 0], [1, 2]]
)
@pytest.mark.parametrize("places", [0, 1])
def test_shares_add_up_to_100_and_each_is_within_one_unit_of_its_exact_value(counts: list[int], places: int) -> None:
    """Chapter 3's shares once added up to 101 %: rounded each on its own (38 + 43 + 20)."""
    written = shares(counts, places)
    values = [float(share.rstrip("%")) for share in written]
    assert round(sum(values), places) == 100
    exact = [100 * c / sum(counts) for c in counts]
    assert all(abs(v - e) < 10**-places for v, e in zip(values, exact, strict=True))
    naive = [round(e, places) for e in exact]
    assert counts != [5734, 6661, 3217] or places or sum(naive) == 101  # the chapter's old total


def number_placeholders(source: str) -> list[str]:
    """The f-string placeholders of a code cell that format a number with their own spec."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return []
    found = []
    for token in tokens:
        if token.type == tokenize.STRING and re.match(r"[rRbB]*[fF]", token.string):
            text, _f = _literal_text(token.string)
            found += [part for part, placeholder in _f_string_parts(text) if placeholder and OWN_FORMAT.search(part)]
    return found


def test_the_check_finds_a_number_formatted_by_a_spec_of_its_own() -> None:
    cell = 'say(f"{MAX_PEBBLES:,} pebbles, {value:+g}, {share:.1f}%, {round(x, 1)}, {move!r}, {n}")'
    assert number_placeholders(cell) == ["{MAX_PEBBLES:,}", "{value:+g}", "{share:.1f}", "{round(x, 1)}"]


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_no_page_formats_a_number_itself(path: Path) -> None:
    """Numbers for readers go through number(), decimal(), percent() and shares(): the edition's language."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    own = [p for cell in cells if cell["cell_type"] == "code" for p in number_placeholders("".join(cell["source"]))]
    assert own == [], f"{path.name}: use oanquan.i18n's number(), decimal() or percent()"


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_the_english_outputs_group_every_long_number(path: Path) -> None:
    """In what a reader reads of the English edition, a number of 4 digits or more is grouped ("5,225")."""
    ungrouped = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = "".join(data.get("text/markdown", "")) + "".join(data.get("text/html", ""))
            # pictures, code, position texts and addresses are not numbers for reading
            text = re.sub(NOT_READ, "", text, flags=re.S)
            ungrouped += re.findall(r"(?<![\w.,#%-])\d{4,}(?![\w.,%])", text)
    years = {"1931"}  # the painting of the teachers' page
    assert set(ungrouped) <= years, f"{path.name}: {sorted(set(ungrouped) - years)[:5]}"
