"""The teacher's guide's lesson plans as the built site shows them, in both editions (issue 46).

A class of 30 runs a lesson from its table: for each time slot, what the teacher, the pupils,
the projector and the tablets do. Each table is read from the built page (``make book``), as a
teacher reads it, in English and in Vietnamese: every slot has every column filled, and the
slots run on from minute 0 to the lesson's length, as its heading gives it ("(45 minutes)").
It needs the built site only (no browser), which the browser tests share: hence the mark.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

#: The columns of a lesson plan, in order: the minutes, the part, then who and what does what.
COLUMNS = 6
#: Each lesson's heading, then its table, on the guide's page.
LESSON = re.compile(
    r"<h2[^>]*>(?P<heading>(?:(?!</h2>).)*)</h2>(?:(?!<h2).)*?"
    r"(?P<table><table class=\"[^\"]*oq-lesson[^\"]*\">.*?</table>)",
    re.S,
)
ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
CELL = re.compile(r"<t([hd])[^>]*>(.*?)</t\1>", re.S)
SLOT = re.compile(r"(\d+)\s*[–-]\s*(\d+)")


def words(fragment: str) -> str:
    """The text of an HTML fragment as a reader sees it: no tags, one space between words."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def lesson_plans(page: str) -> list[tuple[str, list[str], list[list[str]]]]:
    """Each lesson plan of the guide's page: its heading, its table's column headings, and its rows' cells."""
    plans = []
    for found in LESSON.finditer(page):
        rows = [[words(cell) for _kind, cell in CELL.findall(row)] for row in ROW.findall(found["table"])]
        plans.append((words(found["heading"]), rows[0], rows[1:]))
    return plans


def lesson_length(heading: str) -> int:
    """The lesson's length in minutes, as its heading gives it at its end: "Lesson 1: the rules (45 minutes)"."""
    found = re.search(r"\((\d+)\s+\w+\)\s*#?$", heading)
    assert found, heading
    return int(found[1])


@pytest.mark.parametrize("edition", ["", "vi/"])
def test_every_lesson_plan_fills_every_column_of_every_minute(site_dir: Path, edition: str) -> None:
    """Issue 46: a lesson plan says what the teacher, the pupils, the projector and the tablets each do
    in every time slot; the slots follow each other from minute 0, and add up to the lesson's length."""
    page = (site_dir / edition / "book" / "teachers.html").read_text(encoding="utf-8")
    plans = lesson_plans(page)
    assert len(plans) == 2, [heading for heading, *_rest in plans]  # lessons 1 and 2
    for heading, columns, rows in plans:
        length = lesson_length(heading)
        assert len(columns) == COLUMNS and all(columns), (
            heading,
            columns,
        )  # minutes, part, teacher, pupils, projector, tablets
        assert len(rows) >= 3, heading
        clock, durations = 0, []
        for cells in rows:
            assert len(cells) == COLUMNS, (heading, cells)
            slot = SLOT.fullmatch(cells[0])
            assert slot, (heading, cells[0])
            start, end = int(slot[1]), int(slot[2])
            assert start == clock and end > start, (heading, cells[0], clock)
            empty = [column for column, cell in zip(columns, cells, strict=True) if not cell]
            assert empty == [], (heading, cells[0], empty)
            clock = end
            durations.append(end - start)
        assert clock == sum(durations) == length, (heading, durations, length)
