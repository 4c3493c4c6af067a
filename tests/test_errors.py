"""Every error a reader can meet says what went wrong from its code, in the reader's language (issue 20).

Each problem of :data:`oanquan.errors.PROBLEMS` is raised here through the public API that
raises it (the engine, the controller, the editor, the website's bridge), once in English and
once in Vietnamese. Its words for readers must be filled in (no ``{field}`` left), show no
engine notation (no position text, no Python value such as ``Rules(...)``), and in Vietnamese
keep no English word outside the input they quote.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import pytest

import oanquan
from conftest import english_words
from oanquan import Game, Move, Position, Rules
from oanquan.errors import (
    PROBLEMS,
    IllegalMoveError,
    InvalidMoveError,
    OAnQuanError,
    PositionFormatError,
    RecordFormatError,
    RulesError,
    reader_words,
)
from oanquan.interact.controller import Controller, SessionError, Settings, check_text, find_puzzle
from oanquan.interact.editor import EditError, Editor
from oanquan.position import MAX_PEBBLES
from oanquan.puzzles import load_builtin
from oanquan.web import Session, WebError, call, reset, session_for

#: Position text (RULES §10) and Python values: what a reader's sentence never shows.
NOTATION = re.compile(r"\d+(,\d+){9}|\bQ,Q\b|Rules\(|Position\(|\{\w*\}")

#: A finished game, for the errors of playing on after the end.
OVER = "0,0,0,0,0,1,0,0,0,0 0,0 40,29 0,0 1"


def bridge(request: object, board: str | None = None) -> None:
    """Send ``request`` to the bridge and raise what it refused, rebuilt from the answer's code."""
    sent = request | {"board": board} if board and isinstance(request, dict) else request
    answer = json.loads(call(json.dumps(sent)))
    assert answer["ok"] is False, answer
    raise AnsweredError(answer)


class AnsweredError(Exception):
    """The bridge's refusal: its reader's words came from the code, in the answer."""

    def __init__(self, answer: dict[str, str]) -> None:
        super().__init__(answer["reason"])
        self.answer = answer


def too_many_boards() -> None:
    reset()
    for n in range(200):
        session_for(f"b{n}")


def answered_puzzle() -> Controller:
    c = Controller()
    puzzle = load_builtin()[0]
    c.open_puzzle(puzzle)
    c.play(puzzle.solution[0])
    return c


def no_hints() -> Controller:
    """The game's one hint used, then a new position to ask about (asking again on the same one is free)."""
    c = Controller(hint_limit=1)
    c.hint()
    c.play(c.position.legal_moves()[0])
    c.play(c.position.legal_moves()[0])
    return c


def computer_opened() -> Controller:
    c = Controller(players=(1, None))
    c.play_computers()
    return c


def editor_session() -> Session:
    s = Session()
    s.open_editor({})
    return s


#: How each problem is met: a call that raises it.
TRIGGERS: dict[str, Callable[[], object]] = {
    "bad-input": lambda: (_ for _ in ()).throw(OAnQuanError()),
    "bad-rules": lambda: Rules.from_dict({"colour": "red"}),
    "bad-option-number": lambda: Rules(max_plies=-1),
    "bad-option-choice": lambda: Rules(mandarin_gap="sometimes"),  # type: ignore[arg-type]
    "bad-position": lambda: Position(pebbles=[1] * 3),
    "position-not-text": lambda: Position.from_text(7),  # type: ignore[arg-type]
    "position-parts": lambda: Position.from_text("5,5,5"),
    "position-part": lambda: Position.from_text("5,5 Q,Q 0,0 0,0 0"),
    "too-many-stones": lambda: Position.from_text("5,5,5,5,5,5,5,5,5,5 Q,Q 0+Q,0 0,0 0"),
    "stones-as-pebbles": lambda: Position.from_text(
        "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0", Rules(mandarin_pieces="pebbles")
    ),
    "too-many-pebbles": lambda: Position.from_text("999,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0"),
    "too-much-debt": lambda: Position.from_text("5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 5000,0 0"),
    "invalid-move": lambda: Move(12, "R"),
    "not-a-move": lambda: Move.parse("7X"),
    "illegal-move": lambda: (_ for _ in ()).throw(IllegalMoveError()),
    "bad-record": lambda: Game.from_json("[]"),
    "refused": lambda: (_ for _ in ()).throw(SessionError()),
    "bad-edit": lambda: (_ for _ in ()).throw(EditError()),
    "not-yours": lambda: Position.initial().play("2L"),
    "empty-square": lambda: Position.initial().play("7R").play("2L"),
    "game-over": lambda: Controller(Position.from_text(OVER)).play("5L"),
    "mandarin-square": lambda: Controller().click(10),
    "no-square": lambda: Controller().click(12),
    "choose-square": lambda: Controller().choose("L"),
    "computer-turn": lambda: Controller(players=(1, None)).play("7R"),
    "not-computer": lambda: Controller().computer_move(),
    "puzzle-answered": lambda: answered_puzzle().play("7R"),
    "no-undo": lambda: Controller().undo(),
    "no-undo-yours": lambda: computer_opened().undo(),
    "no-redo": lambda: Controller().redo(),
    "nothing-played": lambda: bridge({"op": "replay"}, "fresh-replay"),
    "hints-off": lambda: Controller(hint_limit=0).hint(),
    "no-hints-left": lambda: no_hints().hint(),
    "no-puzzle": lambda: Controller().retry(),
    "unknown-puzzle": lambda: find_puzzle("no-such-puzzle"),
    "empty-collection": lambda: Session(collection=[]).puzzle_address({"query": ""}),
    "bad-tried": lambda: Session().open_puzzle({"id": "first-capture-1", "tried": "all"}),
    "not-text": lambda: Controller().load_record(7),
    "too-long": lambda: check_text("7R " * 10, "record", limit=12),
    "bad-setting": lambda: Settings(rules="classic"),  # type: ignore[arg-type]
    "start-rules": lambda: Controller(Position.initial(), rules=Rules(max_plies=10)),
    "bad-first": lambda: bridge({"op": "new_game", "first": "nobody"}),
    "bad-opponent": lambda: bridge({"op": "new_game", "opponent": "dragon"}),
    "bad-options": lambda: bridge({"op": "new_game", "options": [1]}),
    "unknown-request": lambda: bridge({"op": "dance"}),
    "bad-review-move": lambda: review_beyond_the_game(),
    "not-an-exercise": lambda: exercise_beyond_the_game(),
    "request-not-object": lambda: bridge([1]),
    "next-with-settings": lambda: bridge({"op": "new_game", "next": True, "opponent": "friend"}),
    "bad-board-name": lambda: session_for("<b>"),
    "too-many-boards": too_many_boards,
    "close-needs-board": lambda: bridge({"op": "close"}),
    "not-editor": lambda: bridge({"op": "edit", "action": "click", "square": 3}, "not-an-editor"),
    "unknown-edit": lambda: editor_session().edit({"action": "paint"}),
    "edit-extra": lambda: editor_session().edit({"action": "mode", "mode": "add", "colour": "red"}),
    "edit-missing": lambda: editor_session().edit({"action": "count"}),
    "bad-count": lambda: Editor().set_count(-1, 3),
    "bad-player-count": lambda: Editor().set_player_field("stores", 1, -1),
    "square-full": lambda: full_editor().click(3),
    "bad-mode": lambda: Editor().click(3, "paint"),
    "stone-not-mandarin": lambda: Editor().set_stone(True, 4),
    "bad-stone": lambda: Editor().set_stone("yes", 10),
    "bad-player-field": lambda: Editor().set_player_field("points", 1, 3),
    "bad-square": lambda: Editor().click(12),
    "bad-player": lambda: Editor().set_to_move(2),
}


def exercise_beyond_the_game() -> None:
    """Ask the bridge to check an answer to move 4 (counted from 0) of a game of one move."""
    call(json.dumps({"op": "new_game", "record": "7R", "opponent": "friend", "board": "no-exercise"}))
    bridge({"op": "exercise", "move": 4, "answer": "5L"}, "no-exercise")


def review_beyond_the_game() -> None:
    """Ask the bridge to review move 2 (counted from 0) of a game of one move."""
    call(json.dumps({"op": "new_game", "record": "7R", "board": "review-one-move"}))
    bridge({"op": "review", "move": 2}, "review-one-move")


def full_editor() -> Editor:
    editor = Editor()
    editor.set_count(MAX_PEBBLES, 3)
    editor.set_mode("add")
    return editor


def raised(code: str) -> tuple[str, str]:
    """The code and the reader's words of the error that ``code``'s trigger raises."""
    try:
        TRIGGERS[code]()
    except AnsweredError as refusal:
        return refusal.answer["code"], refusal.answer["reason"]
    except OAnQuanError as error:
        return error.code, reader_words(error)
    finally:
        reset()
    pytest.fail(f"{code}: nothing was raised")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    oanquan.set_language("en")
    reset()


#: Every problem a reader can meet: the library's, the editor's and the bridge's (each layer keeps its own).
ALL_PROBLEMS = {**PROBLEMS, **EditError.problems, **WebError.problems}


def test_every_problem_has_a_trigger() -> None:
    assert set(TRIGGERS) == set(ALL_PROBLEMS)


def test_each_layer_keeps_its_own_problems() -> None:
    # the library's errors.py knows nothing of the editor's or the bridge's codes (issue 41)
    assert not set(PROBLEMS) & set(EditError.problems) and not set(PROBLEMS) & set(WebError.problems)
    assert {"unknown-edit", "bad-square"} <= set(EditError.problems) and "unknown-request" in WebError.problems


@pytest.mark.parametrize("code", sorted(ALL_PROBLEMS))
def test_each_error_code_reads_in_both_languages_without_notation(code: str) -> None:
    oanquan.set_language("en")
    english_code, english = raised(code)
    oanquan.set_language("vi")
    vietnamese_code, vietnamese = raised(code)
    assert english_code == vietnamese_code == code
    for words in (english, vietnamese):
        assert words and words[0].isupper() and words.endswith("."), words
        assert not NOTATION.search(words), words
    assert vietnamese != english
    # What the reader typed is quoted as it was typed: the words around it are what must be Vietnamese.
    unquoted = re.sub(r"'[^']*'", "", vietnamese)
    assert english_words(unquoted) == [], vietnamese


def test_a_readers_words_never_come_from_the_message() -> None:
    # The same code with a different message says the same thing to a reader.
    first = IllegalMoveError("illegal move '3R' in '5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0'", code="empty-square", square=3)
    second = IllegalMoveError("anything at all", code="empty-square", square=3)
    assert reader_words(first) == reader_words(second) == "Square 3 is empty."


def test_each_class_has_words_of_its_own() -> None:
    classes = (OAnQuanError, RulesError, PositionFormatError, InvalidMoveError, IllegalMoveError, RecordFormatError)
    words = {reader_words(kind()) for kind in (*classes, SessionError, EditError)}
    assert len(words) == 8


def test_the_bridge_answers_with_the_code_and_the_readers_words() -> None:
    answer = json.loads(call('{"op": "play", "move": "2L"}'))
    assert answer["code"] == "not-yours"
    assert answer["reason"] == "Square 2 is in the other player's row."
    assert answer["error"].startswith("illegal move '2L' in '5,5,5,5,5")  # the programmer's message, unchanged
