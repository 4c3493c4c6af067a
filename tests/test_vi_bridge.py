"""What the Play and Puzzles pages and the live boards show a Vietnamese reader has no English (issue 21).

The pages show only what the bridge (:func:`oanquan.web.call`) answers: its captions, status
lines, names, verdicts, hints, notices, errors and the words inside its pictures (titles,
descriptions, the squares' names for screen readers). A game against the computer, a game
between friends to its end, a puzzle answered wrong, hinted and shown, a change of settings
and refused requests are played in Vietnamese, and every sentence of every answer is read
for English words (``conftest.english_words``: an allow-list of the words that are not
Vietnamese). The move text (``7R``), the position text and the address are notation, shared by
both languages, and are not read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html import unescape
from typing import Any

import pytest

import oanquan
from conftest import english_words
from oanquan import web
from oanquan.puzzles import load_builtin
from tests.scenes import page_view

#: Fields of an answer that are notation or data for the page's code, not words for readers; and
#: "error", the programmer's message of a refusal, which no page shows: it shows the "reason".
NOTATION = {"position", "start", "record", "link", "moves", "legal", "saved", "settings", "id", "address"}
NOTATION |= {"turn", "kind", "theme", "code", "json", "error", "result", "mode", "play"}  # play: an address

#: A whole game between two people (tests/test_surfaces.py): it ends with both Mandarin squares empty.
RECORD = "9R 2L 7R 4L 5L 3R 6R 0L 7L 0R 9L"


@pytest.fixture(autouse=True)
def vietnamese() -> Iterator[None]:
    oanquan.set_language("vi")
    web.reset()
    yield
    web.reset()
    oanquan.set_language("en")


def ask(request: dict[str, Any]) -> dict[str, Any]:
    answer = page_view(json.loads(web.call(json.dumps(request))), scenes=False)  # as the page shows it
    assert isinstance(answer, dict)
    return answer


def sentences(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """Every text of an answer a reader may see, with where it is; a picture's markup read as its text and names."""
    if key in NOTATION:
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield from sentences(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from sentences(v, key)
    elif isinstance(value, str):
        if value.lstrip().startswith("<svg"):
            for label in re.findall(r'aria-label="([^"]*)"', value):
                yield key + " aria-label", unescape(label)
            yield key + " text", unescape(re.sub(r"<[^>]+>", " ", value))
        else:
            yield key, value


def english_in(answer: dict[str, Any]) -> list[str]:
    if answer.get("ok") is False:  # a refusal: the page shows its reason, which must be there
        assert answer.get("reason"), answer
    return [
        f"{where}: {english_words(text)} in {text[:120]!r}" for where, text in sentences(answer) if english_words(text)
    ]


def test_the_reader_words_catch_english() -> None:
    # the check itself: an English caption of the old bridge is found
    assert english_in({"frames": [{"caption": "Nước 1: player 0 đi 6L"}]})


def test_a_game_against_the_computer_is_all_vietnamese() -> None:
    answers = [ask({"op": "new_game", "opponent": 2, "seed": 1})]
    answers.append(ask({"op": "click", "square": 6}))
    answers.append(ask({"op": "play", "move": "6L"}))
    answers.append(ask({"op": "computer"}))
    answers.append(ask({"op": "hint"}))
    answers.append(ask({"op": "undo"}))
    answers.append(ask({"op": "redo"}))
    answers.append(ask({"op": "replay"}))
    answers.append(ask({"op": "configure", "options": {"mandarin_value": 5}, "opponent": 3}))
    answers.append(ask({"op": "play", "move": "0L"}))  # not the reader's square: refused
    answers.append(ask({"op": "play", "move": "7X"}))  # not a move at all
    found = [problem for answer in answers for problem in english_in(answer)]
    assert found == []
    assert any(answer.get("pending") for answer in answers)  # the settings note was read too


def test_a_game_between_friends_to_its_end_is_all_vietnamese() -> None:
    answers = [ask({"op": "new_game", "opponent": "friend"})]
    answers += [ask({"op": "play", "move": move}) for move in RECORD.split()]
    assert answers[-1]["over"] and answers[-1]["final"]
    answers.append(ask({"op": "play", "move": "5L"}))  # after the end: refused
    assert [problem for answer in answers for problem in english_in(answer)] == []


def test_a_puzzle_answered_wrong_hinted_and_shown_is_all_vietnamese() -> None:
    listed = ask({"op": "puzzles"})
    first = listed["puzzles"][0]["id"]
    answers = [listed, ask({"op": "puzzle", "id": first})]
    answers.append(ask({"op": "hint"}))
    wrong = next(m for m in answers[-1]["legal"] if m not in load_builtin()[0].solution)
    answers.append(ask({"op": "play", "move": wrong}))
    answers.append(ask({"op": "answer"}))  # "Xem đáp án"
    answers.append(ask({"op": "retry"}))
    assert answers[-2]["puzzle"]["verdict"].startswith("Đáp án")
    assert [problem for answer in answers for problem in english_in(answer)] == []


def test_the_editor_and_its_refusals_are_all_vietnamese() -> None:
    answers = [ask({"op": "editor"})]
    answers.append(ask({"op": "edit", "action": "click", "square": 3, "button": "add"}))
    answers.append(ask({"op": "edit", "action": "set", "field": [], "player": 0, "value": 1}))
    answers.append(ask({"op": "edit", "action": "dance"}))
    assert [problem for answer in answers for problem in english_in(answer)] == []
