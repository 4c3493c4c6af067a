"""The chapters' exercises can be answered from what they show, and do not show their answers (issue 25).

An exercise is everything between a chapter's "Exercises" heading and its "Solutions"
heading. Its quizzes' right answers are read from the widget state the notebook stored when it
ran (each quiz is a box of a question, a drop-down of answers and a stack of feedback panels,
:mod:`oanquan.widgets.quiz`); what the reader sees before choosing is the text and the pictures
the cells printed. A right answer that is a move (``4L``) or a score (``38-32``) must not be
in that text or in any picture of the exercise, as a finished game's picture once gave the
final score that exercise 2 of chapter 7 asked for.
"""

from __future__ import annotations

import base64
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: A right answer precise enough to be given away by a picture or a sentence: a move, or a score.
TELLING = re.compile(r"\d[LR]|\d+-\d+")
SCORE = re.compile(r"\d+-\d+")
PICTURE = re.compile(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)")


def heading_index(cells: list[dict[str, Any]], heading: str) -> int | None:
    for index, cell in enumerate(cells):
        if cell["cell_type"] == "markdown" and re.search(rf"^#+ {heading}\b", "".join(cell["source"]), re.M):
            return index
    return None


def quiz_answers(notebook: dict[str, Any], model_id: str) -> tuple[str, set[str]] | None:
    """The question and right answers of the quiz whose box is widget ``model_id``, or None if it is no quiz."""
    state = notebook["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    box = state.get(model_id, {})
    children = [state.get(ref.removeprefix("IPY_MODEL_"), {}) for ref in box.get("state", {}).get("children", [])]
    kinds = [child.get("model_name") for child in children]
    if kinds != ["HTMLModel", "DropdownModel", "StackModel"]:
        return None
    question = html.unescape(re.sub("<[^>]+>", "", children[0]["state"]["value"]))
    options = children[1]["state"]["_options_labels"]
    panels = [state[ref.removeprefix("IPY_MODEL_")]["state"]["value"] for ref in children[2]["state"]["children"]]
    right = {label for label, panel in zip(options, panels, strict=True) if "✔" in panel}
    return question, right


def shown_text(cell: dict[str, Any]) -> str:
    """What a cell shows a reader, its pictures' words included (not the widgets, which are checked apart)."""
    parts = ["".join(cell["source"])] if cell["cell_type"] == "markdown" else []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if WIDGET_VIEW in data:
            continue
        for kind in ("text/markdown", "text/html"):
            if kind in data:
                text = "".join(data[kind])
                for encoded in PICTURE.findall(text):
                    parts.append(base64.b64decode(encoded).decode("utf-8"))
                parts.append(PICTURE.sub("", text))
        if output.get("output_type") == "stream":
            parts.append("".join(output["text"]))
    return html.unescape(re.sub(r"<[^>]+>", " ", " ".join(parts)))


def exercises(path: Path) -> tuple[str, list[tuple[str, set[str]]]]:
    """What the exercise section of a chapter shows before its solutions, and its quizzes."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = notebook["cells"]
    start = heading_index(cells, "Exercises") or heading_index(cells, "Puzzles to solve")
    end = heading_index(cells, "Solutions")
    assert start is not None and end is not None and start < end, f"{path.name}: no Exercises … Solutions"
    text, quizzes = [], []
    for cell in cells[start:end]:
        text.append(shown_text(cell))
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            found = view and quiz_answers(notebook, view["model_id"])
            if found:
                quizzes.append(found)
    return "\n".join(text), quizzes


def answers_in(shown: str, quizzes: list[tuple[str, set[str]]], form: re.Pattern[str]) -> set[tuple[str, str]]:
    """The (question, right answer) pairs whose answer has the ``form`` and stands as a word in ``shown``."""
    return {
        (question, answer)
        for question, right in quizzes
        for answer in right
        if form.fullmatch(answer) and re.search(rf"(?<![\w-]){re.escape(answer)}(?![\w-])", shown)
    }


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_no_exercise_shows_its_answer_before_the_solutions(path: Path) -> None:
    shown, quizzes = exercises(path)
    assert quizzes, f"{path.stem} has exercises with no quiz"
    assert answers_in(shown, quizzes, TELLING) == set(), f"{path.stem}: the exercises show their answers"


def shown_before_the_exercises(path: Path) -> str:
    """What the chapter shows before its exercises: its text and its pictures' words."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    start = heading_index(cells, "Exercises") or heading_index(cells, "Puzzles to solve")
    return "\n".join(shown_text(cell) for cell in cells[:start])


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_no_exercise_was_answered_earlier_in_the_chapter(path: Path) -> None:
    """An exercise asks about a position or game the chapter has not already played out (issue 25).

    Chapter 6 once asked for the final score of the game whose scoring it had tabled and said.
    """
    shown = shown_before_the_exercises(path)
    _shown, quizzes = exercises(path)
    # Scores only: a score names one game, but the same move text is played in many positions.
    told = answers_in(shown, quizzes, SCORE)
    assert told == set(), f"{path.stem}: the chapter answers its exercises before asking them"


def test_the_check_sees_a_picture_that_gives_the_final_score_away() -> None:
    """The check reads the words of the pictures: a finished game's board gives its score away."""
    from oanquan import Position
    from oanquan.svg import figure_html

    def shown_by(figure: str) -> str:
        """What a code cell shows whose output is ``figure``."""
        return shown_text({"cell_type": "code", "source": [], "outputs": [{"data": {"text/html": figure}}]})

    final = Position.from_text("3,0,0,0,0,4,0,0,0,0 0,0 30,33 0,0 1")
    shown = shown_by(figure_html(final, "The end."))
    assert "34-36" in shown or "36-34" in shown
    hidden = shown_by(figure_html(final, "", result=False))
    assert "36-34" not in hidden and "36" not in hidden


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_every_question_with_several_right_answers_says_so(path: Path) -> None:
    """ "Which move…" with two right moves says how many are right, as its stored question shows."""
    _shown, quizzes = exercises(path)
    for question, right in quizzes:
        assert right, f"{path.stem}: a quiz with no right answer: {question}"
        says_several = re.search(r"\((\d+) answers are right: choose any one\.\)", question)
        if len(right) > 1:
            assert says_several and int(says_several[1]) == len(right), question
        else:
            assert not says_several, question
