"""Every quiz of the chapters can be answered from what it shows, and counts its answers right (issue 46).

A reader met quizzes that asked "which moves" for one answer with no board in sight (chapter 7),
a final score whose rows' pebbles were never given (chapter 6), and a position after a move whose
relays were not taught yet, not shown either (chapter 2). These tests read the chapters as
stored (their outputs and the widgets' state, which is what a reader of the website gets):

- each quiz's right answers, counted from its feedback panels, agree with its question's wording
  ("which moves" only for several, "(2 answers are right…)" for exactly two);
- a quiz over the moves of a position comes after a picture of that position: the picture's own
  description (what a screen reader says) is read back into a position, whose legal moves are
  exactly the quiz's answers, and for the questions the engine can answer alone, its right
  answers are recomputed here;
- a quiz on a final score shows the final board, and its right answer is the engine's score of it.
"""

from __future__ import annotations

import base64
import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from oanquan import Position
from oanquan.ai import immediate_gain
from oanquan.board import is_mandarin
from oanquan.i18n import _
from oanquan.widgets.quiz import RIGHT

ROOT = Path(__file__).resolve().parent.parent
#: Every chapter. Where a quiz asks what the computer's search rates best (chapters 8 and 10), which no
#: picture can show, it still shows the position it asks about, and its answers explain the search's rating.
CHAPTERS = sorted((ROOT / "notebooks").glob("*.ipynb"))

_MOVE = re.compile(r"^\d[LR]$")
_SVG = re.compile(r'src="data:image/svg\+xml;base64,([^"]+)"')
_DESC = re.compile(r"<desc[^>]*>(.*?)</desc>", re.S)
#: A row's owner as a picture names it: the player's number or their row.
_OWNER = r"(?:Player (?P<n{k}>[01])|(?P<r{k}>Bottom|Top) row)"


@dataclass(frozen=True)
class Quiz:
    """A quiz as stored: its question, its answers in order, the right ones, and the board shown before it."""

    chapter: str
    cell: int
    question: str
    labels: tuple[str, ...]
    right: frozenset[str]
    board: Position | None


def position_from_picture(desc: str) -> Position:
    """The position a board picture describes (its ``<desc>``), read back through the position text (RULES §10).

    >>> p = Position.from_text("6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0 0,0 1")
    >>> from oanquan.svg import board_svg
    >>> position_from_picture(_DESC.search(board_svg(p)).group(1)) == p
    True
    """
    rows = dict(re.findall(r"(Top|Bottom) row, squares [\d ]+: ([\d, ]+)\.", desc))
    top = [int(n) for n in rows["Top"].split(",")]  # squares 4 3 2 1 0
    bottom = [int(n) for n in rows["Bottom"].split(",")]  # squares 5 6 7 8 9
    citizens = top[::-1] + bottom
    mandarins = []
    for name in ("M0", "M1"):
        said = re.search(rf"Mandarin square {name} \(\w+\): ([^.]*)\.", desc)
        assert said, f"no {name} in {desc!r}"
        stone = "Mandarin stone" in said[1]
        count = re.search(r"(\d+) pebbles?", said[1])
        n = int(count[1]) if count else 0
        mandarins.append(("Q" + (f"+{n}" if n else "")) if stone else str(n))
    stores, debts = ["0", "0"], [0, 0]
    for found in re.finditer(
        _OWNER.format(k=0) + r": -?\d+ points? \(captured: (?P<what>[^)]*)\)(?P<rest>[^.]*)\.", desc
    ):
        player = int(found["n0"]) if found["n0"] else (0 if found["r0"] == "Bottom" else 1)
        pebbles = re.search(r"(\d+) pebbles?", found["what"])
        stones = re.search(r"(\d+) Mandarin stones?", found["what"])
        store = str(int(pebbles[1]) if pebbles else 0)
        if stones:
            store += "+Q" if stones[1] == "1" else f"+{stones[1]}Q"
        stores[player] = store
        owes = re.search(r"owes (\d+)", found["rest"])
        debts[player] = int(owes[1]) if owes else 0
    mover = re.search(_OWNER.format(k=0) + r" to move\.", desc)
    to_move = 0 if mover is None else int(mover["n0"]) if mover["n0"] else (0 if mover["r0"] == "Bottom" else 1)
    text = f"{','.join(map(str, citizens))} {','.join(mandarins)} {','.join(stores)} {debts[0]},{debts[1]} {to_move}"
    return Position.from_text(text)


def pictures(output: dict[str, Any]) -> Iterator[str]:
    """The descriptions of the board pictures in one output."""
    for encoded in _SVG.findall("".join(output.get("data", {}).get("text/html", ""))):
        svg = base64.b64decode(encoded).decode("utf-8")
        found = _DESC.search(svg)
        if found and "Top row, squares" in found[1]:
            yield found[1]


def quizzes(path: Path) -> list[Quiz]:
    """Every quiz of a chapter, with the last board picture shown before it and after the previous quiz
    and the previous text: a picture belongs to the one quiz after it, so a later quiz shows its own, unless
    its question begins "Same position"."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    state = notebook["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    right_words = _(RIGHT)
    found, board = [], None
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "markdown":
            board = None  # a picture before a heading or a paragraph is another subject's
        for output in cell.get("outputs", []):
            for desc in pictures(output):
                board = position_from_picture(desc)
            plain = "".join(output.get("data", {}).get("text/plain", ""))
            if not plain.startswith("QuizBox("):
                continue
            model = output["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
            title, dropdown, stack = (ref.removeprefix("IPY_MODEL_") for ref in state[model]["state"]["children"])
            labels = tuple(state[dropdown]["state"]["_options_labels"][1:])  # after the prompt
            refs = state[stack]["state"]["children"]
            panels = [state[ref.removeprefix("IPY_MODEL_")]["state"]["value"] for ref in refs]
            right = frozenset(label for label, panel in zip(labels, panels[1:], strict=True) if right_words in panel)
            question = re.fullmatch(r"<p><b>(.*)</b></p>", state[title]["state"]["value"], re.S)
            assert question, plain
            asked = html.unescape(question[1])
            if board is None and asked.startswith("Same position") and found:
                board = found[-1].board  # the question says it asks about the previous quiz's board
            found.append(Quiz(path.name, index, asked, labels, right, board))
            board = None  # the next quiz shows its own position, or says it asks about the same one
    return found


ALL = [quiz for path in CHAPTERS for quiz in quizzes(path)]
MOVE_QUIZZES = [quiz for quiz in ALL if all(_MOVE.match(label) for label in quiz.labels)]


def name(quiz: Quiz) -> str:
    return f"{quiz.chapter}:{quiz.cell}:{quiz.question[:40]}"


def test_the_check_reads_every_chapters_quizzes() -> None:
    assert {q.chapter for q in ALL} == {p.name for p in CHAPTERS}
    assert len(MOVE_QUIZZES) >= 15 and all(q.right for q in ALL)


@pytest.mark.parametrize("quiz", ALL, ids=name)
def test_the_question_counts_its_right_answers_as_the_engine_marked_them(quiz: Quiz) -> None:
    """ "Which moves" is asked only when several are right, and a note "(n answers are right…)" counts them."""
    note = re.search(r"\((\d+) answers are right", quiz.question)
    if note:
        assert int(note[1]) == len(quiz.right)
    else:
        assert len(quiz.right) == 1, f"{sorted(quiz.right)} are right, and the question does not say so"
    plural = re.search(r"\bwhich (moves|squares|levels|variants)\b", quiz.question, re.I)
    assert not plural or len(quiz.right) > 1, f"'{plural[0]}' asked for one answer"


@pytest.mark.parametrize("quiz", MOVE_QUIZZES, ids=name)
def test_a_quiz_over_moves_shows_the_position_it_asks_about(quiz: Quiz) -> None:
    assert quiz.board is not None, "no board is shown before this quiz over moves"
    legal = tuple(str(m) for m in quiz.board.legal_moves())
    if quiz.labels != legal:
        # a few moves offered, some of them not allowed there: the right ones are the legal ones (R3.2)
        assert set(legal) - set(quiz.labels) and quiz.right == {m for m in quiz.labels if m in legal}, (
            "the board shown is not the quiz's"
        )
    mover = re.search(r"\bplayer ([01]) to move\b", quiz.question, re.I)
    assert mover is None or int(mover[1]) == quiz.board.to_move


#: Questions the engine answers alone, from the position shown: the moves that are right.
ENGINE_ANSWERS = {
    r"ends the game at once": lambda p: {str(m) for m in p.legal_moves() if p.play(m).outcome() is not None},
    r"captures the most points\??$|with the most points at the end of this turn": lambda p: {
        str(m) for m in p.legal_moves() if immediate_gain(p, m) == max(immediate_gain(p, n) for n in p.legal_moves())
    },
    r"captures (a|the other) Mandarin stone": lambda p: {
        str(m) for m in p.legal_moves() if p.play(m).captured_stones[p.to_move] > p.captured_stones[p.to_move]
    },
    r"drops the last pebble of its first handful into a Mandarin square": lambda p: {
        str(m) for m in p.legal_moves() if is_mandarin(first_handful_end(p, str(m)))
    },
}


def first_handful_end(position: Position, move: str) -> int:
    """The square where the first handful of ``move`` drops its last pebble."""
    _after, events = position.play_traced(move)
    drops = []
    for event in events:
        if event.kind == "relay":
            break
        if event.kind == "drop":
            drops.append(event.square)
    return drops[-1]


def test_the_engine_answers_the_questions_it_can() -> None:
    answered = 0
    for quiz in MOVE_QUIZZES:
        for pattern, answer in ENGINE_ANSWERS.items():
            if re.search(pattern, quiz.question) and quiz.board is not None:
                assert quiz.right == answer(quiz.board), name(quiz)
                answered += 1
    assert answered >= 4, "the engine no longer checks the chapters' quizzes"


def test_the_checks_find_a_quiz_without_its_board_and_a_plural_for_one_answer() -> None:
    """The quiz chapter 7 once had: no board, "which moves" for one answer."""
    old = Quiz("07", 20, "Player 1 to move: which moves end the game at once?", ("1L", "1R"), frozenset({"1L"}), None)
    with pytest.raises(AssertionError, match="'which moves' asked for one answer"):
        test_the_question_counts_its_right_answers_as_the_engine_marked_them(old)
    with pytest.raises(AssertionError, match="no board is shown"):
        test_a_quiz_over_moves_shows_the_position_it_asks_about(old)


def test_the_checks_find_a_quiz_shown_with_another_position() -> None:
    """A quiz over the opening's moves read with a board of another turn (the board of an earlier quiz)."""
    start = Position.initial()
    labels = tuple(str(m) for m in start.legal_moves())
    other = Quiz("10", 34, "Which opening move is right?", labels, frozenset({"5L"}), start.play("5L"))
    with pytest.raises(AssertionError, match="the board shown is not the quiz's"):
        test_a_quiz_over_moves_shows_the_position_it_asks_about(other)


SCORE_QUIZZES = [quiz for quiz in ALL if "What is the final score" in quiz.question]


@pytest.mark.parametrize("quiz", SCORE_QUIZZES, ids=name)
def test_a_quiz_on_a_final_score_shows_the_final_board_and_scores_it_as_the_engine(quiz: Quiz) -> None:
    """The rows' pebbles, the captures and the debts are all on the board shown; the right score is its outcome."""
    assert quiz.board is not None, "the final board is not shown: the rows' pebbles are needed (R7.4)"
    outcome = quiz.board.outcome()
    assert outcome is not None, "the board shown is not the end of the game"
    assert quiz.right == {f"{outcome.scores[0]}-{outcome.scores[1]}"}


def test_the_score_quizzes_are_found() -> None:
    assert {q.chapter for q in SCORE_QUIZZES} >= {"06_tha_ca.ipynb", "07_end_and_scoring.ipynb"}
