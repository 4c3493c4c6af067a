"""The bridge's answers are plain data of a bounded size (issue 41): the figures are
``benchmarks/bench_answers.py``'s; this checks the two limits in both languages."""

from __future__ import annotations

import pytest

import oanquan
from benchmarks.bench_answers import game_answers, opening_answer

#: The most bytes the answer for the opening move 7R may take, and any answer of a whole game.
OPENING_LIMIT, ANSWER_LIMIT = 6 * 1024, 12 * 1024


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_opening_move_and_whole_games_are_answered_within_their_limits(lang: str) -> None:
    oanquan.set_language(lang)
    try:
        assert opening_answer() <= OPENING_LIMIT
        assert max(game_answers()) <= ANSWER_LIMIT
    finally:
        oanquan.set_language("en")
