"""The JupyterLab test's judgements, on cells made up here: each rule catches what it must, and only that.

``tests/test_lab.py`` reads every cell of a chapter as JupyterLab shows it and judges the
list with these functions; here they get hand-made cells (the same shape) so that each rule
is seen to fail, without a browser.
"""

from __future__ import annotations

from typing import Any

from tests.test_lab import (
    RACE,
    answers_shown,
    display_problems,
    english_left,
    hiding_problems,
    markdown_problems,
    mistake_problems,
    run_problems,
    solution_lines,
)

SVG_HTML = '<figure><svg viewBox="0 0 10 10"><title>Ô Ăn Quan board: player 0 to move</title></svg></figure>'


def cell(source: str = "x", *, type: str = "code", tags: tuple[str, ...] = (), **state: Any) -> dict[str, Any]:
    return {
        "index": 3,
        "type": type,
        "source": source,
        "tags": list(tags),
        "trusted": True,
        "inputHidden": state.get("inputHidden", False),
        "outputsHidden": state.get("outputsHidden", False),
        "text": "",
        "outputs": state.get("outputs", []),
    }


def output(rendered: str | None, text: str, mimes: tuple[str, ...] = ("text/plain",), **more: Any) -> dict[str, Any]:
    return {
        "type": more.get("type", "display_data"),
        "name": more.get("name"),
        "mimes": list(mimes),
        "html": more.get("html"),
        "ename": more.get("ename"),
        "evalue": more.get("evalue"),
        "stored": more.get("stored"),
        "stream": more.get("stream"),
        "rendered": rendered,
        "widget": False,
        "text": text,
        "svgs": more.get("svgs", 0),
        "imgs": more.get("imgs", 0),
    }


def test_a_widget_shown_as_its_repr_is_a_problem() -> None:
    shown = output("text/plain", "StepPlayer(15 frames)", ("application/vnd.jupyter.widget-view+json", "text/plain"))
    (problem,) = display_problems([cell("StepPlayer.from_move(p, m)", outputs=[shown])])
    assert "text fallback 'StepPlayer(15 frames)'" in problem and "cell 3" in problem


def test_a_repr_of_a_widget_class_is_a_problem_even_as_the_only_type() -> None:
    shown = output("text/plain", "VBox(children=(HTML(value='<p>Q</p>'),))")
    assert display_problems([cell(outputs=[shown])])


def test_a_plain_value_the_code_returns_is_not_a_problem() -> None:
    shown = output("text/plain", "Outcome(scores=(2, 26), winner=1, reason='R7.2')", type="execute_result")
    assert display_problems([cell(outputs=[shown])]) == []


def test_a_board_whose_svg_the_sanitizer_removed_is_a_problem() -> None:
    html = ("text/html", "text/plain")
    stripped = output("text/html", "Ô Ăn Quan board: player 0 to move5555", html, html=SVG_HTML)
    drawn = output("text/html", "Ô Ăn Quan board: player 0 to move", html, html=SVG_HTML, svgs=1)
    as_image = output("text/html", "", html, html='<img src="data:image/svg+xml;base64,PHN2Zy8+">')
    assert len(display_problems([cell(outputs=[stripped])])) == 1
    assert display_problems([cell(outputs=[drawn, as_image])]) == []


def test_a_widget_error_says_when_the_model_was_stored() -> None:
    race = output(None, "Error displaying widget: model not found", stored=True)
    missing = output(None, "Error displaying widget: model not found", stored=False)
    assert display_problems([cell(outputs=[race])])[0].endswith(RACE)
    assert not display_problems([cell(outputs=[missing])])[0].endswith(RACE)


def test_errors_and_stderr_after_run_all_are_problems_and_stdout_is_not() -> None:
    error = output(None, "", (), type="error", ename="LookupError", evalue="no example found")
    stderr = output(None, "", (), type="stream", name="stderr", stream="DeprecationWarning: x")
    stdout = output(None, "", (), type="stream", name="stdout", stream="1. 7R")
    problems = run_problems([cell(outputs=[error, stderr, stdout])])
    assert len(problems) == 2 and "LookupError: no example found" in problems[0] and "stderr" in problems[1]


def test_myst_roles_and_directives_in_markdown_are_problems_and_links_are_not() -> None:
    roles = cell("Next: {doc}`03_relay`.\n\n```{note}\nHi\n```", type="markdown")
    links = cell("Next: [the relay](03_relay.ipynb), `{x}` in code is fine.", type="markdown")
    assert len(markdown_problems([roles])) == 2
    assert markdown_problems([links]) == []


def test_code_the_book_hides_must_be_collapsed_in_lab() -> None:
    shown = cell("say(...)", tags=("hide-input",))
    hidden = cell("say(...)", tags=("hide-input",), inputHidden=True)
    answer = cell("print(answer)", tags=("hide-output",), outputs=[output("text/plain", "42")])
    answer_hidden = cell("print(answer)", tags=("hide-output",), outputsHidden=True, outputs=[output(None, "42")])
    lab_only = cell("GameBoard()", tags=("remove-output",), outputs=[output(None, "board")])
    assert len(hiding_problems([shown, answer])) == 2
    assert hiding_problems([hidden, answer_hidden, lab_only]) == []


SOLUTIONS_HTML = (
    '<details class="oaq-solutions"><summary>Solutions</summary>'
    "<div>1. Points at the start: 70<br>&nbsp;&nbsp;&nbsp;6L: captures 2 &lt;- the most</div></details>"
)


def test_the_answers_are_read_from_the_solutions_control_and_found_only_when_visible() -> None:
    cells = [cell(outputs=[output("text/html", "Solutions", ("text/html",), html=SOLUTIONS_HTML)])]
    lines = solution_lines(cells)
    assert lines == ["1. Points at the start: 70", "6L: captures 2 <- the most"]
    assert answers_shown(lines, "Solutions\nExercise 1 …") == []
    assert answers_shown(lines, "Solutions\n1. Points at the  start: 70\n") == ["1. Points at the start: 70"]
    assert solution_lines([cell(outputs=[output("text/plain", "1. Points at the start: 70")])]) == []


def test_a_mistake_must_be_its_sentence_and_no_traceback() -> None:
    said = ["Square 2 is empty.", "(Run %tb in a new cell to see where in the code it happened.)"]
    error = {"type": "error", "ename": "IllegalMoveError", "evalue": "x"}
    good = cell(outputs=[output(None, "\n".join(said), **error)])
    assert mistake_problems(good, said) == []
    traceback = "Traceback (most recent call last)\n  File position.py, line 3\n" + "\n".join(said)
    assert "a traceback" in mistake_problems(cell(outputs=[output(None, traceback, **error)]), said)[0]
    assert "lacks" in mistake_problems(cell(outputs=[output(None, said[0], **error)]), said)[0]
    assert "0 of them errors" in mistake_problems(cell(outputs=[output("text/plain", said[0])]), said)[0]


def test_english_left_finds_the_stored_english_sentences_still_shown() -> None:
    stored = {
        "cells": [
            {"outputs": [{"data": {"text/markdown": "Take the move `7R` from the opening, player **0**."}}]},
            {
                "outputs": [
                    {"data": {"text/html": "<figure><figcaption>The board at the start of it all.</figcaption>"}}
                ]
            },
        ]
    }
    assert english_left(stored, "Lấy nước đi 7R từ thế bắt đầu. Bàn chơi lúc bắt đầu.") == []
    assert english_left(stored, "Lấy nước đi 7R.\nThe board at the  start of it all.") == [
        "The board at the start of it all."
    ]
