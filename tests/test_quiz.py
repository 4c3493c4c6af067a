"""Quizzes: answers marked by the engine, feedback linked for use with no kernel."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from oanquan import Position
from oanquan.widgets.quiz import Choice, choice_quiz, move_quiz


def test_move_quiz_marks_the_moves_the_engine_says_capture_a_mandarin() -> None:
    start = Position.initial()
    quiz = move_quiz(start, "Which move takes a Mandarin?", lambda b, a, e: a.captured_stones[0] > 0)
    expected = {str(m) for m in start.legal_moves() if start.play(m).captured_stones[0]}
    assert quiz.correct == expected and expected  # RULES §11: 5L and 9R
    assert quiz.dropdown.options[1:] == tuple(str(m) for m in start.legal_moves())
    assert len(quiz.stack.children) == len(quiz.dropdown.options)


def test_each_panel_shows_the_engines_account_of_the_move() -> None:
    quiz = move_quiz(Position.initial(), "Pick 7R", lambda b, a, e: False)
    panel = quiz.stack.children[quiz.dropdown.options.index("7R")].value
    assert "relay from 2; captures 8 (6 pebbles)" in panel and "captures 6." in panel
    assert "<svg" in panel and "Not this one" in panel


def test_the_answer_is_linked_in_the_browser_not_in_python() -> None:
    quiz = choice_quiz("2 + 2?", [Choice("4", True, "<p>yes</p>"), Choice("5", False, "<p>no</p>")])
    assert quiz.link.source == (quiz.dropdown, "index")
    assert quiz.link.target == (quiz.stack, "selected_index")
    assert isinstance(quiz.link, widgets.widget_link.Link)
    assert "Right" in quiz.stack.children[1].value and "Not this one" in quiz.stack.children[2].value


def test_a_quiz_needs_answers() -> None:
    with pytest.raises(ValueError, match="'empty'"):
        choice_quiz("empty", [])


def test_a_release_of_fish_is_not_counted_as_a_loss() -> None:
    # Player 0's row is empty: every move starts with thả cá (R6.1), then captures nothing or more.
    start = Position.from_text("1,1,1,1,1,0,0,0,0,0 Q,Q 7,0 0,0 0")
    quiz = move_quiz(start, "Any", lambda b, a, e: True)
    panels = dict(zip(quiz.dropdown.options[1:], (c.value for c in quiz.stack.children[1:]), strict=True))
    assert all("captures -" not in panel for panel in panels.values())
    # 5R relays round the ring and takes 10 pebbles and both stones (worked out in test_rules, R6.1).
    assert "5R: thả cá;" in panels["5R"] and "Bottom row captures 30." in panels["5R"]


def test_before_the_notebook_runs_a_quiz_shows_its_question_not_its_answers() -> None:
    quiz = choice_quiz("Who owns M0?", [Choice("nobody", True, "<p>SECRET right</p>"), Choice("player 0", False, "x")])
    bundle = quiz.widget._repr_mimebundle_()
    assert bundle is not None and "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == "QuizBox('Who owns M0?', 2 answers)"  # no widget repr of children
    html = bundle["text/html"]
    assert "<b>Who owns M0?</b>" in html and "<li>nobody</li><li>player 0</li>" in html
    assert "SECRET" not in html and "Right" not in html
    assert "run the notebook (Run ▸ Run All Cells) to use it" in html


def test_a_question_with_several_right_answers_says_how_many() -> None:
    """Issue 25: "Which move…" with two right moves must not let a reader think the second is wrong."""
    start = Position.initial()
    quiz = move_quiz(start, "Which move takes a Mandarin?", lambda b, a, e: a.captured_stones[0] > 0)
    assert len(quiz.correct) == 2  # 5L and 9R (RULES §11)
    title = quiz.widget.children[0].value
    assert "(2 answers are right: choose any one.)" in title
    assert "2 answers are right" in quiz.widget.static_html()
    single = move_quiz(start, "Which move is 7R?", lambda b, a, e: a == b.play("7R"))
    assert len(single.correct) == 1 and "right: choose" not in single.widget.children[0].value


def test_several_right_answers_are_said_in_vietnamese_too() -> None:
    from oanquan.i18n import language

    with language("vi"):
        quiz = choice_quiz("?", [Choice("a", True, ""), Choice("b", True, ""), Choice("c", False, "")])
    assert "answers are right" not in quiz.widget.question and "2" in quiz.widget.question
