"""Puzzles: a position, a goal, the moves that reach it and why, on a graded path (issues 4, 14).

A puzzle file is JSON: ``{"format": "oanquan-puzzles", "version": 5,
"puzzles": [...]}``, each puzzle an object with

================  ==========================================================
``id``            a short unique name, such as ``"relay-2"``
``code``          the code a pupil types to open it, such as ``"P-042"`` (:attr:`Puzzle.code`)
``title``         a title for people: what is special about this puzzle
``theme``         one of :data:`THEMES`: what the puzzle teaches
``position``      the position in the text format of RULES §10
``rules``         the options of RULES §9 that differ from the defaults
``goal``          one of :data:`GOALS`: what the learner must find
``solution``      every move that reaches the goal, in notation (``"5L"``)
``unique``        true when exactly one move reaches it
``explanation``   why, in words and numbers the engine computed
``first_lesson``  true for an exercise meant for a first lesson
``measures``      what the engine measured about it (:class:`Measures`)
``difficulty``    1 (easy) to 5 (hard), computed from the measures
``line``          for a line of moves (goal ``"line"``): every move of it, yours and the other
                  side's in turn (``["5L", "2R", "7L"]``), each of yours the only one that keeps
                  the line's result; ``[]`` for a puzzle of one move (:attr:`Puzzle.line`)
================  ==========================================================

A file is read strictly: a missing or unknown key is an error. Only version 5 is read: the
collection and the authoring tools write nothing else, so the readers of the earlier versions
went with them (issue 41).

This module is what the Puzzles page and the widgets load: the model, the
file format, the words (goals, themes, hints, verdicts) and the graded path
(:func:`path` gives the collection in teaching order: theme by theme, easiest
first). The goals are checked by the engine, never by hand, when a puzzle is
written: that is :mod:`authoring.puzzles` (``goal_moves``, ``explain``,
``measure``, ``verify``), outside this package.

>>> puzzles = load_builtin()
>>> len(puzzles) >= 140
True
>>> first = path()[0]
>>> first.is_solution(first.solution[0]), first.difficulty
(True, 1)
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from .ai import immediate_gain
from .board import next_square
from .errors import OAnQuanError, quote
from .i18n import N_, TranslatedDict, _, get_language, ngettext
from .jsonio import check_fields, read_json
from .move import Move
from .narrate import move_phrase, square_words
from .position import Position
from .rules import Rules
from .solver import UnsolvedError, move_values

__all__ = [
    "CLASS_PATH_SIZE",
    "FORMAT",
    "FOUND_LEVELS",
    "GOALS",
    "MOST_DIFFICULT",
    "PAST_THE_TURN",
    "SHEETS",
    "SHEET_SIZE",
    "SOLVER_GOALS",
    "SOLVER_NODES",
    "TAUGHT",
    "THEMES",
    "VERSION",
    "Measures",
    "Puzzle",
    "PuzzleFormatError",
    "class_path",
    "dumps",
    "line_count",
    "load",
    "load_builtin",
    "loads",
    "path",
    "path_by_theme",
    "read_code",
    "reply_count",
    "sheet",
    "taught",
]

FORMAT = "oanquan-puzzles"
#: The version this module writes and reads.
VERSION = 5

# ------------------------------------------------------------------ words
#
# Every sentence a learner reads is here, in one place, ready for a
# translation catalogue. Rule numbers stay out of them: they are for teachers.

#: What each goal asks, as the learner reads it (read in the language spoken).
GOALS: TranslatedDict[str] = TranslatedDict(
    {
        "capture_mandarin": N_("Capture a Mandarin square in one move."),
        "max_gain": N_("Win the most points with this move."),
        "best_reply": N_(
            "Find the best move counting the reply: what you take, minus the most your opponent can take back."
        ),
        "chain": N_("Capture two or more squares in one move."),
        "best": N_("Find the best move: the one that ends the game furthest ahead, whatever your opponent does."),
        "win": N_("Find the winning move: win the game, whatever your opponent does."),
        "not_lose": N_("Find the move that does not lose, whatever your opponent does."),
        "line": N_(
            "Find your best two moves: what you take now, minus what your opponent's best reply takes back, "
            "plus what your next move takes. Each of your moves is the only one that keeps the most."
        ),
    }
)
#: The "best" goal of a position that is lost whatever is played: "furthest ahead" would promise
#: a win that is not there (issue 23), so the goal says what the best move does.
GOAL_LOST = N_(
    "Find the best move: the game is lost whatever you play, so find the one that loses by the fewest points, "
    "whatever your opponent does."
)

#: The themes of the collection, in the order of the path (:func:`path`), as the book names them.
THEMES: TranslatedDict[str] = TranslatedDict(
    {
        "first_capture": N_("First captures (R3.3, R5.1)"),
        "relay": N_("Relay (R3.4b)"),
        "mandarin": N_("Capturing a Mandarin (R5.1)"),
        "chain": N_("Chain capture (R5.2)"),
        "double_empty": N_("Double-empty stops (R5.3)"),
        "mandarin_gap": N_("Empty Mandarin squares in a chain (R5.5)"),
        "young_mandarin": N_("Young Mandarins (R5.6)"),
        "mandarin_value": N_("Mandarins of pebbles, or worth 5 (R2.2)"),
        "tha_ca": N_("Thả cá and borrowing (R6)"),
        "endgame": N_("Endgames (R7, R8)"),
        "line": N_("Two-move lines (R5)"),
    }
)

#: The second sentence of each theme's hint: what to look for, without the answer.
THEME_CLUES: dict[str, str] = {
    "first_capture": N_(
        "Count the pebbles out one by one: a capture needs an empty square right after the last "
        "pebble and a full one after that."
    ),
    "relay": N_("Follow the pebbles through every relay, until the turn stops."),
    "mandarin": N_("Look for a move whose last pebble is followed by an empty square and then a Mandarin square."),
    "chain": N_("After the first capture, look for another empty square followed by a full one."),
    "double_empty": N_("Where two empty squares follow the last pebble, nothing is captured."),
    "mandarin_gap": N_("Read this puzzle's rule about empty Mandarin squares before you count."),
    "young_mandarin": N_(
        "A Mandarin square that still has its stone and fewer than {young} pebbles cannot be taken yet."
    ),
    "mandarin_value": N_("Count what each Mandarin square is worth under this puzzle's rules."),
    "tha_ca": N_("Your row is empty: first put one pebble from your store into each of your squares, then count."),
    "endgame": N_("Think of your opponent's best reply too, and count how the game ends."),
    "line": N_(
        "The move that takes the most now is not always the best: count your opponent's best reply, "
        "and what you can take after it."
    ),
}


class _Sheets(dict[str, tuple[str, tuple[str, ...]]]):
    """The worksheets, each name read in the language spoken (``SHEETS[level][0]``)."""

    def __getitem__(self, level: str) -> tuple[str, tuple[str, ...]]:
        name, themes = super().__getitem__(level)
        return _(name), themes

    def values(self) -> list[tuple[str, tuple[str, ...]]]:  # type: ignore[override]
        return [self[level] for level in self]

    def items(self) -> list[tuple[str, tuple[str, tuple[str, ...]]]]:  # type: ignore[override]
        return [(level, self[level]) for level in self]


#: The worksheets of the classroom kit: each level's name and the themes it draws from.
SHEETS: dict[str, tuple[str, tuple[str, ...]]] = _Sheets(
    {
        "first-lesson": (N_("First lesson: sowing and capturing"), ("first_capture", "relay", "mandarin")),
        "captures": (N_("Captures and chains"), ("chain", "double_empty", "mandarin", "relay")),
        "endgames": (N_("Endgames and two-move lines"), ("endgame", "line")),
    }
)

#: The rules each worksheet's lesson has taught, as RULES.md numbers them (a number ending in "."
#: is its whole section): lesson 1 teaches sowing, relays, every capture and the count at the end
#: (R7.1, R7.4); lesson 2 the same, with more practice; the endgames sheet, homework after both,
#: adds thả cá (R6), every way a game ends (R7) and the score with its debts (R8), with lines of two
#: moves that look past the reply (issue 42). An exercise
#: whose answer's trace cites another rule, or that changes a rule option, is left off the sheet.
_LESSONS = ("R3.", "R5.1", "R5.2", "R5.3", "R5.4", "R7.1", "R7.4")
TAUGHT: dict[str, tuple[str, ...]] = {
    "first-lesson": _LESSONS,
    "captures": _LESSONS,
    "endgames": (*_LESSONS, "R6.", "R7.", "R8."),
}

#: Exercises on each worksheet.
SHEET_SIZE = 6
#: The least difficulty of a worksheet's exercises: lesson 2 practises what lesson 1 began, one
#: level up, and the homework after it one more, so that the sheets rise (issue 42: measured by the
#: share of solvers that find each).
SHEET_LEAST = {"captures": 2, "endgames": 3}

_WORDS = {
    "hint_one": N_("Look at square {square}: which way should its pebbles go?"),
    "hint_many": N_("Look at squares {squares}: which way should their pebbles go?"),
    "right": N_("Right!"),
    "right_lost": N_("Right: this is the best move, but the game is lost whatever you play: it loses by the least."),
    "right_draw": N_("Right: this is the best move, and the best you can get is a draw."),
    "wrong": N_("Not this one: {move} {phrase}. {compared} Try again, ask for a hint, or show the answer."),
    "compare_turn": N_("It {takes}; the answer {answer}."),
    "compare_reply": N_("It {takes} and {gives}; the answer {answer} and {answer_gives}."),
    "compare_ending": N_("With best play it {ends}; the answer {answer}."),
    "reply_is": N_("The reply that punishes it: {reply}."),
    "idea_theme": N_("The idea: {theme}. {clue}"),
    "idea_reply": N_("Then, for each move, count what your opponent can take back next turn."),
    "look_gap": N_(
        "Look at the empty {gap}, with a full square after it: which move's last pebble stops just before it?"
    ),
    "look_lands": N_("Look at {square}: which move's last pebble lands there, and what is left to take after it?"),
    "square_only": N_("Only square {square} can move: count its pebbles both ways, and compare what each way takes."),
    "or": N_("{first} or {last}"),
    "idea": N_("Play each of your moves in your head, pebble by pebble, before you choose."),
    "right_step": N_(
        "Right: {move} {phrase}. Your opponent's best reply is {reply}: it {takes}. Now find your next move."
    ),
    # Short, as the strategy chapter counts by hand: a projector shows it beside the board (issue 42).
    "compare_line": N_(
        "Over your two moves: take {takes}, give back {gives}, take {again}: {net:+d}; "
        "the answer: take {answer}, give back {answer_gives}, take {answer_again}: {answer_net:+d}."
    ),
    "idea_next": N_("Your opponent has replied: now find the move that takes the most."),
    "line_answer": N_("{first}, then your opponent's reply {reply}, then {next}"),
}

#: How a step of :attr:`Puzzle.hint_steps` is shown: which step of how many, then the step.
HINT_STEP = N_("Hint {n} of {total}: {text}")

#: The goals whose answer the exact solver proves (the others need the engine alone).
SOLVER_GOALS = ("best", "win", "not_lose")
#: The goals that look past this turn (issue 42): the reply, or the game's end. Only these may have
#: an answer that captures less this turn than another move, and their verdicts say why.
PAST_THE_TURN = ("best_reply", *SOLVER_GOALS, "line")
#: How far each goal asks a solver to look, in plies (``authoring.solvers``): the game's end is "far".
GOAL_PLIES = {"best_reply": 2, "line": 3} | {goal: 6 for goal in SOLVER_GOALS}

#: The difficulty levels by the share of simulated solvers that find the answer (``Measures.found``,
#: per cent, ``authoring.solvers``): level 1 at least 94 %, level 2 at least 87 %, and so on. One scale
#: for every theme, so that a level means the same everywhere; cut where the collection splits into
#: five parts of about a fifth each (issue 42: no level above 30 %, ``tests/test_puzzles.py``).
FOUND_LEVELS = (94, 87, 78, 68)

#: The node budget of every solver call made for a puzzle, so that checking a
#: puzzle always proves the same bounds (and writes the same explanation).
SOLVER_NODES = 20_000
#: A puzzle's fields, in the file's order (:meth:`Puzzle.to_dict`).
_ABOUT = ("id", "code", "title", "theme", "position", "rules", "goal", "solution", "unique", "explanation")
_FIELDS = (*_ABOUT, "first_lesson", "measures", "difficulty", "line")
#: The top of the difficulty scale.
MOST_DIFFICULT = 5
_MEASURES = ("moves", "squares", "answers", "level", "steps", "value", "lure", "lure_cost", "found")


class PuzzleFormatError(OAnQuanError):
    """A puzzle file, or one puzzle in it, that cannot be read."""


@dataclass(frozen=True)
class Measures:
    """How hard a puzzle is, as measured by the engine (``authoring.puzzles.measure``), never guessed.

    ``moves``: the legal moves; ``squares``: the squares they start from;
    ``answers``: the moves that reach the goal; ``level``: the lowest computer level
    (2 greedy, 3 and 4 searching) whose choice is an answer, 5 when none of
    them finds it; ``steps``: the pebbles the first answer drops, relays
    included (the counting a pupil does by hand); ``value``: the answer's
    value (its points this turn, or for an endgame the final score difference
    it guarantees: exact for "best", a proved lower bound for "win" and
    "not_lose"); ``lure``: the most tempting wrong move, the one that takes
    the most points this turn; ``lure_cost``: what it loses against the
    answer (points this turn, or at the end of an endgame; 0 or less when the
    lure takes as much or more now, which makes it a strong trap); ``found``: the share
    of a population of simulated solvers, in per cent, that plays the answer (issue 42:
    ``authoring.solvers``); the difficulty follows from it (:data:`FOUND_LEVELS`).

    >>> Measures(moves=8, squares=4, answers=1, level=2, steps=4, value=3, lure="5L", lure_cost=6, found=72).difficulty
    4
    """

    moves: int
    squares: int
    answers: int
    level: int
    steps: int
    value: int
    lure: str | None
    lure_cost: int | None
    found: int

    @property
    def difficulty(self) -> int:
        """1 to 5: by the share of simulated solvers that find the answer (:data:`FOUND_LEVELS`)."""
        return 1 + sum(self.found < bar for bar in FOUND_LEVELS)

    def to_dict(self) -> dict[str, Any]:
        """The measures as a JSON-ready dict."""
        return {name: getattr(self, name) for name in _MEASURES}


@dataclass(frozen=True)
class Puzzle:
    """One puzzle; see the module notes for the fields.

    >>> p = Puzzle("demo", "Take the Mandarin", "mandarin", "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0", {},
    ...            "capture_mandarin", ("5L", "9R"), False, "", 1)
    >>> p.goal_text
    'Capture a Mandarin square in one move.'
    >>> p.is_solution("9r"), p.is_solution("7R")
    (True, False)
    """

    id: str
    title: str
    theme: str
    position_text: str
    rules_options: dict[str, Any]
    goal: str
    solution: tuple[str, ...]
    unique: bool
    explanation: str
    difficulty: int
    measures: Measures | None = None
    first_lesson: bool = False
    code: str = ""
    #: a line of moves (goal "line"): yours and the other side's in turn, starting with the answer;
    #: empty for a puzzle of one move
    line: tuple[str, ...] = ()

    @property
    def rules(self) -> Rules:
        """The rule options of the puzzle."""
        return Rules.from_dict(self.rules_options)

    @cached_property
    def position(self) -> Position:
        """The puzzle's position (under its rules), read once."""
        return Position.from_text(self.position_text, self.rules)

    @property
    def goal_text(self) -> str:
        """The goal in words, in the language spoken; a "best move" in a lost position says so.

        >>> print(next(p for p in load_builtin() if p.id == "endgame-7").goal_text)
        Find the best move: the game is lost whatever you play, so find the one that loses by the
        fewest points, whatever your opponent does.
        """
        if self.goal == "best" and self._answer_value() < 0:
            return _(GOAL_LOST)
        return _(GOALS[self.goal])

    def _answer_value(self) -> int:
        """What the answer is worth to the mover, as the solver proved it (measured, or solved now)."""
        return self.measures.value if self.measures is not None else _answer_value(self.position, self.moves)

    @property
    def theme_name(self) -> str:
        """The theme as the book names it, in the language spoken."""
        return _(THEMES[self.theme]) if self.theme in THEMES else self.theme

    @property
    def title_text(self) -> str:
        """The title in the language spoken (from the language's puzzle table, :func:`translated`)."""
        return translated(self.id, "title", self.title)

    @property
    def explanation_text(self) -> str:
        """The explanation in the language spoken (from the language's puzzle table, :func:`translated`)."""
        return translated(self.id, "explanation", self.explanation)

    @property
    def moves(self) -> tuple[Move, ...]:
        """The solution as :class:`Move` values."""
        return tuple(Move.parse(m) for m in self.solution)

    @property
    def link(self) -> str:
        """The query string that opens this puzzle on the Puzzles page (``puzzles.html?puzzle=ID``).

        >>> Puzzle("a b", "t", "relay", "", {}, "chain", ("7R",), True, "", 1).link
        '?puzzle=a%20b'
        """
        from urllib.parse import quote as url_quote

        return "?puzzle=" + url_quote(self.id, safe="")

    @property
    def steps(self) -> int:
        """How many moves the learner plays: 1, or for a line (:attr:`line`) each of theirs.

        >>> [p.steps for p in load_builtin() if p.goal == "line"][:1]
        [2]
        """
        return (len(self.line) + 1) // 2 if self.line else 1

    def step_position(self, step: int = 0) -> Position:
        """The position before the learner's move ``step`` (0 first): the line played up to it."""
        position = self.position
        for move in self.line[: 2 * step]:
            position = position.play(move)
        return position

    def step_answer(self, step: int = 0) -> tuple[Move, ...]:
        """The moves that answer step ``step``: the solution first, then the line's next move of yours."""
        return self.moves if step == 0 else (Move.parse(self.line[2 * step]),)

    def line_reply(self, step: int = 0) -> Move | None:
        """The other side's reply the page plays after the learner's right move ``step`` (None after the last)."""
        index = 2 * step + 1
        return Move.parse(self.line[index]) if index < len(self.line) else None

    @property
    def answer_text(self) -> str:
        """The answer in words: its move(s), or the line written out ("5L, then your opponent's reply 2R, then 7L").

        >>> next(p for p in load_builtin() if p.id == "first-capture-1").answer_text
        '7L'
        """
        if not self.line:
            return _(" or ").join(self.solution)
        text = self.line[0]
        for index in range(1, len(self.line) - 1, 2):
            text = _(_WORDS["line_answer"]).format(first=text, reply=self.line[index], next=self.line[index + 1])
        return text

    @property
    def hint_steps(self) -> tuple[str, str, str]:
        """Hints in three steps, each giving more away (issues 23, 42): the idea (the theme, and what
        the goal counts), then where to look (the gap the answer's last pebble stops before, or the
        square it lands on), and only last the square to play. No step repeats the title.

        >>> idea, where, square = next(p for p in load_builtin() if p.id == "first-capture-1").hint_steps
        >>> print(idea)
        The idea: first captures. Count the pebbles out one by one: a capture needs an empty square right
        after the last pebble and a full one after that.
        >>> print(where)
        Look at the empty square 5, with a full square after it: which move's last pebble stops just before it?
        >>> print(square)
        Only square 7 can move: count its pebbles both ways, and compare what each way takes.
        """
        return self.step_hints(0)

    def step_hints(self, step: int = 0) -> tuple[str, str, str]:
        """The three hints of the learner's move ``step`` (0 first; a line's later moves have their own).

        >>> line = next(p for p in load_builtin() if p.goal == "line")
        >>> line.step_hints(1)[0].endswith("now find the move that takes the most.")
        True
        """
        position, answer = self.step_position(step), self.step_answer(step)
        return (self._idea(step), self._look(position, answer), self._square_step(position, answer))

    def _idea(self, step: int = 0) -> str:
        theme = re.sub(r"\s*\([^)]*\)$", "", self.theme_name)  # no rule number for a learner
        if step:
            return _(_WORDS["idea_theme"]).format(theme=theme[:1].lower() + theme[1:], clue=_(_WORDS["idea_next"]))
        idea = _(_WORDS["idea_theme"]).format(theme=theme[:1].lower() + theme[1:], clue=self._clue(_(_WORDS["idea"])))
        if self.goal == "best_reply":
            idea += " " + _(_WORDS["idea_reply"])
        return idea

    def _look(self, position: Position, answer: tuple[Move, ...]) -> str:
        events = position.play_traced(answer[0])[1]
        drops = [e for e in events if e.kind == "drop" and e.square is not None]
        capture = next((e for e in events if e.kind == "capture"), None)
        if capture is not None and drops:
            gap = next_square(drops[-1].square or 0, answer[0].direction)
            return _(_WORDS["look_gap"]).format(gap=square_words(gap))
        if drops:
            return _(_WORDS["look_lands"]).format(square=square_words(drops[-1].square or 0))
        return _(_WORDS["idea"])

    def _square_step(self, position: Position, answer: tuple[Move, ...]) -> str:
        """The last hint: the answer's square(s), or, when only one square can move, what to compare."""
        starts = sorted({m.square for m in position.legal_moves()})
        if len(starts) == 1:
            return _(_WORDS["square_only"]).format(square=starts[0])
        squares = sorted({m.square for m in answer})
        if len(squares) == 1:
            return _(_WORDS["hint_one"]).format(square=squares[0])
        listed = _(_WORDS["or"]).format(first=", ".join(map(str, squares[:-1])), last=squares[-1])
        return _(_WORDS["hint_many"]).format(squares=listed)

    def _clue(self, otherwise: str) -> str:
        """What to look for in a puzzle of this theme, in the reader's words (``otherwise`` for a theme with none)."""
        clue = _(THEME_CLUES[self.theme]) if self.theme in THEME_CLUES else otherwise
        return clue.format(young=self.rules.young_mandarin_min)

    def verdict(self, move: Move | str, step: int = 0) -> tuple[bool, str]:
        """Whether ``move`` solves the puzzle (at the learner's move ``step`` of a line), and what to tell
        the learner (from the engine).

        A wrong move is told, in the goal's own terms, what it gets and what the answer gets, and
        which reply punishes it (issue 42); the answer's move is not named, so the learner can try
        again. An answer that still loses the game is called the best move in a lost position,
        never simply "Right!". A right move of a line before its last says what the other side's
        best reply, which the page plays, takes, and asks for the next move.

        >>> puzzle = next(p for p in load_builtin() if p.id == "first-capture-1")
        >>> right, text = puzzle.verdict(puzzle.solution[0])
        >>> right, text.startswith("Right!")
        (True, True)
        >>> print(puzzle.verdict("7R")[1])
        Not this one: 7R stops at two empty squares without a capture. It takes 0 points; the answer
        takes 5 points. Try again, ask for a hint, or show the answer.
        """
        chosen = Move.parse(move) if isinstance(move, str) else move
        position = self.step_position(step)
        events = position.play_traced(chosen)[1]
        if self.is_solution(chosen, step):
            reply = self.line_reply(step)
            if reply is None:
                return True, f"{self._praise()} {self.explanation_text}".strip()
            after = position.play(chosen)
            return True, _(_WORDS["right_step"]).format(
                move=chosen, phrase=move_phrase(events), reply=reply, takes=_takes(immediate_gain(after, reply))
            )
        if self.goal not in PAST_THE_TURN or step:  # this turn's points (a line's later moves too)
            compared = _(_WORDS["compare_turn"]).format(
                takes=_takes(immediate_gain(position, chosen)),
                answer=_takes(immediate_gain(position, self.step_answer(step)[0])),
            ) + self._then(position, chosen)
        else:  # the goal's own count, then the reply that punishes the move
            counts = {"best_reply": self._compare_reply, "line": self._compare_line}
            compared = counts.get(self.goal, self._compare_ending)(chosen)  # the ending's for the solver's goals
            reply = self.punishing_reply(chosen)
            if reply is not None:
                compared += " " + _(_WORDS["reply_is"]).format(reply=reply)
        return False, _(_WORDS["wrong"]).format(move=chosen, phrase=move_phrase(events), compared=compared)

    def punishing_reply(self, move: Move | str, step: int = 0) -> Move | None:
        """The other side's reply that punishes a wrong ``move`` (None when there is none to show):
        for an endgame the solver's best reply, for a line's first move the best reply counting the
        move after it, otherwise the reply that takes back the most.

        >>> endgame = next(p for p in load_builtin() if p.goal == "win")
        >>> wrong = next(m for m in endgame.position.legal_moves() if not endgame.is_solution(m))
        >>> endgame.punishing_reply(wrong) in endgame.position.play(wrong).legal_moves()
        True
        """
        chosen = Move.parse(move) if isinstance(move, str) else move
        position = self.step_position(step)
        after = position.play(chosen)
        if after.is_over():
            return None
        if self.goal in SOLVER_GOALS:
            values = move_values(after, max_nodes=SOLVER_NODES)
            return max(values, key=lambda reply: _low(values[reply].low))
        if self.goal == "line" and step == 0:
            return line_count(position, chosen)[3]
        return reply_count(position, chosen)[2]

    def _then(self, position: Position, chosen: Move) -> str:
        """The reply that takes the most back after a wrong move of a points goal ("" when none takes)."""
        _gain, back, reply = reply_count(position, chosen)
        if reply is None:
            return ""
        return " " + ngettext(
            "Then your opponent's reply {reply} takes {n} point back.",
            "Then your opponent's reply {reply} takes {n} points back.",
            back,
        ).format(reply=reply, n=back)

    def _compare_reply(self, chosen: Move) -> str:
        gain, back, _reply = reply_count(self.position, chosen)
        answer_gain, answer_back, _reply = reply_count(self.position, self.moves[0])
        return _(_WORDS["compare_reply"]).format(
            takes=_takes(gain), gives=_gives(back), answer=_takes(answer_gain), answer_gives=_gives(answer_back)
        )

    def _compare_line(self, chosen: Move) -> str:
        gain, back, again, _reply, _next = line_count(self.position, chosen)
        answer_gain, answer_back, answer_again, _reply, _answer_next = line_count(self.position, self.moves[0])
        return _(_WORDS["compare_line"]).format(
            takes=gain,
            gives=back,
            again=again,
            net=gain - back + again,
            answer=answer_gain,
            answer_gives=answer_back,
            answer_again=answer_again,
            answer_net=answer_gain - answer_back + answer_again,
        )

    def _compare_ending(self, chosen: Move) -> str:
        values = move_values(self.position, max_nodes=SOLVER_NODES)
        return _(_WORDS["compare_ending"]).format(
            ends=_ends_at_most(values[chosen].high), answer=_ends(self._answer_value())
        )

    def _praise(self) -> str:
        if self.goal not in SOLVER_GOALS:
            return _(_WORDS["right"])
        value = self._answer_value()
        if value < 0:
            return _(_WORDS["right_lost"])
        if value == 0 and self.goal == "best":
            return _(_WORDS["right_draw"])
        return _(_WORDS["right"])

    def is_solution(self, move: Move | str, step: int = 0) -> bool:
        """Whether ``move`` (a Move or its text) answers the learner's move ``step`` (0: the solution's moves)."""
        chosen = Move.parse(move) if isinstance(move, str) else move
        return chosen in self.step_answer(step)

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as a JSON-ready dict, in the file's field order (version 5)."""
        return {
            "id": self.id,
            "code": self.code,
            "title": self.title,
            "theme": self.theme,
            "position": self.position_text,
            "rules": dict(self.rules_options),
            "goal": self.goal,
            "solution": list(self.solution),
            "unique": self.unique,
            "explanation": self.explanation,
            "first_lesson": self.first_lesson,
            "measures": None if self.measures is None else self.measures.to_dict(),
            "difficulty": self.difficulty,
            "line": list(self.line),
        }


# =============================================================== translations
#
# The collection's titles are written by hand and its explanations are computed in English
# (``authoring.puzzles.explain``); another language has them in ``oanquan/locale/<language>/puzzles.json``,
# keyed by puzzle id: the title (with the English one it translates, so a changed title shows)
# and the explanation, which ``authoring.puzzles.explain`` computes in that language (``tests/test_i18n.py``
# checks both; ``python -m tools.build.puzzle_translations`` refreshes the explanations).

_TABLES: dict[str, dict[str, dict[str, str]]] = {}


def translation_table(lang: str) -> dict[str, dict[str, str]]:
    """The puzzle table of ``lang``: ``{id: {"title_en", "title", "explanation"}}``; empty for English."""
    if lang not in _TABLES:
        table: dict[str, dict[str, str]] = {}
        path = resources.files("oanquan").joinpath("locale", lang, "puzzles.json")
        with contextlib.suppress(OSError, ValueError, KeyError):
            table = json.loads(path.read_text(encoding="utf-8"))["puzzles"]
        _TABLES[lang] = table
    return _TABLES[lang]


def translated(puzzle_id: str, field: str, english: str) -> str:
    """A puzzle's ``field`` ("title" or "explanation") in the language spoken; ``english`` when none.

    >>> translated("relay-1", "title", "One relay before the best capture: 2 points")
    'One relay before the best capture: 2 points'
    """
    lang = get_language()
    if lang == "en":
        return english
    return translation_table(lang).get(puzzle_id, {}).get(field) or english


# ==================================================================== reading


def loads(text: str, source: str = "puzzle text") -> list[Puzzle]:
    """Read puzzles from JSON text; errors quote the bad input and name the puzzle.

    >>> loads('{"format": "oanquan-puzzles", "version": 5, "puzzles": []}')
    []
    >>> loads('{"format": "oanquan-puzzles", "version": 5, "puzzles": [{"id": "x"}]}')
    Traceback (most recent call last):
    ...
    oanquan.puzzles.PuzzleFormatError: puzzle text, puzzle 1 ('x'): missing fields: code, title, theme, ...
    """
    data = read_json(text, PuzzleFormatError, source)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleFormatError(f'{source}: expected an object with "format": "{FORMAT}", not {quote(data)}')
    check_fields(data, PuzzleFormatError, source, ["format", "version", "puzzles"])
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise PuzzleFormatError(f"{source}: unknown version {quote(version)} (this reader knows version {VERSION})")
    items = data.get("puzzles")
    if not isinstance(items, list):
        raise PuzzleFormatError(f'{source}: "puzzles" must be a list, not {quote(items)}')
    puzzles = [_puzzle(item, f"{source}, puzzle {number}") for number, item in enumerate(items, start=1)]
    seen: set[str] = set()
    for puzzle in puzzles:
        if puzzle.id in seen:
            raise PuzzleFormatError(f"{source}: the id {quote(puzzle.id)} is used twice")
        seen.add(puzzle.id)
        if puzzle.code and puzzle.code in seen:
            raise PuzzleFormatError(f"{source}: the code {quote(puzzle.code)} is used twice")
        seen.add(puzzle.code)
    return puzzles


def load(path: str | Path) -> list[Puzzle]:
    """Read a puzzle file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise PuzzleFormatError(f"cannot read puzzle file {str(path)!r}: {error}") from None
    return loads(text, source=str(path))


_BUILTIN: list[Puzzle] = []


def load_builtin() -> list[Puzzle]:
    """The collection that comes with the package (``oanquan/data/puzzles.json``), in path order.

    Read once; each call returns a new list of the same puzzles.
    """
    if not _BUILTIN:
        text = resources.files("oanquan").joinpath("data/puzzles.json").read_text(encoding="utf-8")
        _BUILTIN.extend(loads(text, source="oanquan/data/puzzles.json"))
    return list(_BUILTIN)


def dumps(puzzles: list[Puzzle]) -> str:
    """Puzzles as the JSON text of a puzzle file (version 5).

    >>> loads(dumps(load_builtin())) == load_builtin()
    True
    """
    data = {"format": FORMAT, "version": VERSION, "puzzles": [p.to_dict() for p in puzzles]}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def _puzzle(item: object, where: str) -> Puzzle:
    if not isinstance(item, dict):
        raise PuzzleFormatError(f"{where}: a puzzle must be an object, not {quote(item)}")
    name = item.get("id")
    if isinstance(name, str):
        where = f"{where} ({quote(name, limit=60)})"
    missing = [f for f in _FIELDS if f not in item]
    if missing:
        raise PuzzleFormatError(f"{where}: missing fields: {', '.join(missing)}")
    unknown = [k for k in item if k not in _FIELDS]
    if unknown:
        raise PuzzleFormatError(f"{where}: unknown fields: {', '.join(quote(k, limit=40) for k in unknown)}")

    def text(key: str) -> str:
        value = item[key]
        if not isinstance(value, str) or not value.strip():
            raise PuzzleFormatError(f"{where}: {key!r} must be non-empty text, not {quote(value)}")
        return value

    def flag(key: str) -> bool:
        value = item[key]
        if not isinstance(value, bool):
            raise PuzzleFormatError(f"{where}: {key!r} must be true or false, not {quote(value)}")
        return value

    pid, title, theme, position_text, goal, explanation = (
        text(k) for k in ("id", "title", "theme", "position", "goal", "explanation")
    )
    if theme not in THEMES:
        raise PuzzleFormatError(f"{where}: unknown theme {quote(theme)}; themes are {', '.join(THEMES)}")
    if goal not in GOALS:
        raise PuzzleFormatError(f"{where}: unknown goal {quote(goal)}; goals are {', '.join(GOALS)}")
    options = item["rules"]
    try:
        rules = Rules.from_dict(options)
        position = Position.from_text(position_text, rules)
    except OAnQuanError as error:
        raise PuzzleFormatError(f"{where}: {error}") from None
    solution = item["solution"]
    if not isinstance(solution, list) or not solution or not all(isinstance(m, str) for m in solution):
        raise PuzzleFormatError(f"{where}: 'solution' must be a non-empty list of moves, not {quote(solution)}")
    for move in solution:
        try:
            legal = position.is_legal(move)
        except OAnQuanError as error:
            raise PuzzleFormatError(f"{where}: {error}") from None
        if not legal:
            raise PuzzleFormatError(f"{where}: solution move {quote(move)} is not legal in {quote(position_text)}")
    unique = flag("unique")
    if unique and len(solution) != 1:
        raise PuzzleFormatError(f"{where}: 'unique' is true but the solution lists {len(solution)} moves")
    difficulty = item["difficulty"]
    if not isinstance(difficulty, int) or isinstance(difficulty, bool) or not 1 <= difficulty <= MOST_DIFFICULT:
        raise PuzzleFormatError(
            f"{where}: 'difficulty' must be a whole number from 1 to {MOST_DIFFICULT}, not {quote(difficulty)}"
        )
    first_lesson = flag("first_lesson")
    measures = _measures(item["measures"], where)
    if measures.difficulty != difficulty:
        raise PuzzleFormatError(f"{where}: 'difficulty' is {difficulty} but its measures make it {measures.difficulty}")
    return Puzzle(
        pid,
        title,
        theme,
        position_text,
        dict(options),
        goal,
        tuple(str(Move.parse(m)) for m in solution),
        unique,
        explanation,
        difficulty,
        measures,
        first_lesson,
        _code(item["code"], where),
        _line(item["line"], where, position, goal, solution),
    )


def read_code(text: object) -> str | None:
    """A code as a pupil may type it (``P-042``, ``p42``, ``P 42``, ``42``), written as the collection
    writes it; None when it reads as no code.

    >>> read_code("p42"), read_code(" P-042 "), read_code("42"), read_code("relay-1")
    ('P-042', 'P-042', 'P-042', None)
    """
    if not isinstance(text, str):
        return None
    match = re.fullmatch(r"\s*(?:[Pp]\s*-?\s*)?0*(\d{1,5})\s*", text)
    return None if match is None else f"P-{int(match[1]):03d}"


def _line(value: object, where: str, position: Position, goal: str, solution: list[str]) -> tuple[str, ...]:
    """A puzzle's ``line``, read strictly: empty, or for the goal "line" an odd number of moves, each
    legal in turn, the first the solution's one move."""
    if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
        raise PuzzleFormatError(f"{where}: 'line' must be a list of moves, not {quote(value)}")
    if (goal == "line") != bool(value):
        raise PuzzleFormatError(f"{where}: a line of moves goes with the goal 'line', and only with it")
    if not value:
        return ()
    if len(value) < 3 or len(value) % 2 == 0 or solution != value[:1]:
        raise PuzzleFormatError(
            f"{where}: 'line' must be your moves and the replies in turn, starting with the solution: {quote(value)}"
        )
    for move in value:
        try:
            legal = position.is_legal(move)
        except OAnQuanError as error:
            raise PuzzleFormatError(f"{where}: 'line': {error}") from None
        if not legal or position.is_over():
            raise PuzzleFormatError(f"{where}: line move {quote(move)} is not legal in {quote(position.to_text())}")
        position = position.play(move)
    return tuple(str(Move.parse(m)) for m in value)


def _code(value: object, where: str) -> str:
    """A puzzle's code, read strictly: ``P-`` and three digits or more (``P-042``)."""
    if not isinstance(value, str) or not re.fullmatch(r"P-\d{3,}", value):
        raise PuzzleFormatError(f"{where}: 'code' must read like P-042, not {quote(value)}")
    return value


def _measures(data: object, where: str) -> Measures:
    """The ``measures`` object of a puzzle, read strictly."""
    measures = check_fields(data, PuzzleFormatError, f"{where}: 'measures'", _MEASURES)
    values: dict[str, Any] = {}
    for name in _MEASURES:
        value = measures[name]
        if name == "found":
            ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100
        elif name == "lure":
            ok = value is None or (isinstance(value, str) and len(value) <= 3)
        elif name in ("lure_cost", "value"):
            ok = (value is None and name == "lure_cost") or (isinstance(value, int) and not isinstance(value, bool))
        else:
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= (0 if name == "steps" else 1)
        if not ok:
            raise PuzzleFormatError(f"{where}: measure {name!r} cannot be {quote(value)}")
        values[name] = value
    return Measures(**values)


# ======================================================================= path


def path(puzzles: list[Puzzle] | None = None) -> list[Puzzle]:
    """The graded path: theme by theme in the order of :data:`THEMES`, easiest first within each.

    Within a theme, puzzles go by the share of simulated solvers that miss them (:attr:`Measures.found`),
    first-lesson exercises first when points are equal, then by id (``relay-9`` before ``relay-10``). ``puzzles``
    defaults to the built-in collection.

    >>> [p.theme for p in path()][:1]
    ['first_capture']
    >>> order = list(THEMES)
    >>> themes = [order.index(p.theme) for p in path()]
    >>> themes == sorted(themes)
    True
    """
    chosen = load_builtin() if puzzles is None else list(puzzles)
    order = {theme: i for i, theme in enumerate(THEMES)}
    return sorted(chosen, key=lambda p: (order.get(p.theme, len(order)), _missed(p), not p.first_lesson, _id_key(p.id)))


def path_by_theme(puzzles: list[Puzzle] | None = None) -> dict[str, list[Puzzle]]:
    """The path cut into themes: ``{theme: [puzzles, easiest first]}``, themes in path order.

    >>> sections = path_by_theme()
    >>> list(sections) == [t for t in THEMES if sections.get(t)]
    True
    """
    sections: dict[str, list[Puzzle]] = {}
    for puzzle in path(puzzles):
        sections.setdefault(puzzle.theme, []).append(puzzle)
    return sections


def sheet(
    level: str,
    count: int = SHEET_SIZE,
    puzzles: list[Puzzle] | None = None,
    keep: Callable[[Puzzle], bool] | None = None,
) -> list[Puzzle]:
    """The exercises of a worksheet level (a key of :data:`SHEETS`), ``count`` of them, easiest first.

    The puzzles are taken from the level's themes in turn, each theme's
    easiest first, so that a sheet mixes its themes; a first-lesson sheet
    takes first-lesson exercises before any other. A sheet repeats no exercise
    of the sheets before it and uses only what its lesson taught (:data:`TAUGHT`:
    the default rules, and the rules its answer's trace cites). ``keep`` chooses the puzzles it may
    take (a class's rules: the printables make a set of sheets for each rule set the guide recommends).

    >>> sorted({p.theme for p in sheet("endgames")})
    ['endgame', 'line']
    >>> sheet("dessert")
    Traceback (most recent call last):
    ...
    ValueError: unknown worksheet level 'dessert'; levels are first-lesson, captures, endgames
    """
    if level not in SHEETS:
        raise ValueError(f"unknown worksheet level {quote(level)}; levels are {', '.join(SHEETS)}")
    earlier = {
        p.id for before in list(SHEETS)[: list(SHEETS).index(level)] for p in sheet(before, count, puzzles, keep)
    }
    sections = path_by_theme(puzzles)
    least = SHEET_LEAST.get(level, 1)
    queues = [
        [
            p
            for p in sections.get(theme, [])
            if p.id not in earlier and taught(p, level) and p.difficulty >= least and (keep is None or keep(p))
        ]
        for theme in SHEETS[level][1]
    ]
    if level == "first-lesson":
        queues = [sorted(q, key=lambda p: not p.first_lesson) for q in queues]
    chosen: list[Puzzle] = []
    while len(chosen) < count and any(queues):
        for queue in queues:
            while queue and queue[0] in chosen:
                queue.pop(0)
            if queue and len(chosen) < count:
                chosen.append(queue.pop(0))
    return sorted(chosen, key=lambda p: (_missed(p), _id_key(p.id)))


#: The length of the class path (:func:`class_path`), and how many of its puzzles each level gives.
CLASS_PATH_SIZE = 20
_CLASS_PATH_LEVELS = {1: 5, 2: 5, 3: 4, 4: 4, 5: 2}


def class_path(puzzles: list[Puzzle] | None = None, keep: Callable[[Puzzle], bool] | None = None) -> list[Puzzle]:
    """A path of :data:`CLASS_PATH_SIZE` puzzles for 9-11-year-olds (issue 42): the usual rules, a
    mix of themes, the difficulty rising by the measure (most solvers find the first ones) and
    never falling; each level gives its share (:data:`_CLASS_PATH_LEVELS`), themes taken in turn.
    ``keep`` chooses the puzzles it may take (the sheet takes those that hold under both rule sets
    the guide recommends: ``authoring.puzzles.class_rules_kept``).

    >>> chosen = class_path()
    >>> len(chosen), chosen[0].difficulty, chosen[-1].difficulty
    (20, 1, 5)
    """
    pool = [p for p in path(puzzles) if not p.rules_options and p.measures is not None and (keep is None or keep(p))]
    chosen: list[Puzzle] = []
    for level, wanted in _CLASS_PATH_LEVELS.items():
        at_level = [p for p in pool if p.difficulty == level]
        by_theme: dict[str, list[Puzzle]] = {}
        for puzzle in at_level:  # within a theme, easiest first
            by_theme.setdefault(puzzle.theme, []).append(puzzle)
        picked: list[Puzzle] = []
        while len(picked) < wanted and any(by_theme.values()):
            for queue in by_theme.values():  # one of each theme in turn
                if queue and len(picked) < wanted:
                    picked.append(queue.pop(0))
        chosen.extend(sorted(picked, key=_missed))
    return chosen


def taught(puzzle: Puzzle, level: str) -> bool:
    """Whether ``puzzle`` needs only what the lesson of worksheet ``level`` taught (:data:`TAUGHT`):
    the default rules, no rule its answer's trace cites beyond them, and (before the endgames
    sheet) a goal of this turn's points.

    >>> [taught(p, "first-lesson") for p in load_builtin() if p.id in ("first-capture-1", "tha-ca-1")]
    [True, False]
    """
    if puzzle.rules_options or (puzzle.goal in PAST_THE_TURN and level != "endgames"):
        return False  # the lessons' sheets count this turn's points; the reply comes with the endgames
    events = puzzle.position.play_traced(puzzle.moves[0])[1]
    return all(event.rule.startswith(TAUGHT[level]) for event in events if event.rule)


def _id_key(pid: str) -> tuple[str, int]:
    """Ids in natural order: ``relay-9`` before ``relay-10``."""
    stem, _, number = pid.rpartition("-")
    return (stem, int(number)) if number.isascii() and number.isdigit() else (pid, 0)


def _missed(puzzle: Puzzle) -> int:
    """How hard a puzzle is, for ordering: the share of solvers that miss it (issue 42); for a puzzle
    made without measures, its difficulty."""
    return puzzle.difficulty if puzzle.measures is None else 100 - puzzle.measures.found


def _answer_value(position: Position, solution: tuple[Move, ...]) -> int:
    """The proved final score difference of the first answer (for the solver's goals)."""
    low = move_values(position, max_nodes=SOLVER_NODES)[solution[0]].low
    if low is None:  # pragma: no cover - a verified answer has a proved value
        raise UnsolvedError(f"the answer {solution[0]} of {position.to_text()!r} has no proved value")
    return low


def reply_count(position: Position, move: Move | str) -> tuple[int, int, Move | None]:
    """What ``move`` takes this turn, the most the other side can take back next turn, and the reply
    that takes it (None when none takes anything): the count of the strategy chapter, and of the
    "best counting the reply" goal (issue 42).

    >>> gain, back, reply = reply_count(Position.initial(), "5L")
    >>> gain, back, str(reply)
    (11, 21, '2L')
    """
    gain = immediate_gain(position, move)
    after = position.play(move)
    if after.is_over():
        return gain, 0, None
    reply = max(after.legal_moves(), key=lambda answer: immediate_gain(after, answer))
    back = immediate_gain(after, reply)
    return (gain, back, reply) if back > 0 else (gain, 0, None)


def line_count(position: Position, move: Move | str) -> tuple[int, int, int, Move | None, Move | None]:
    """What ``move`` takes, what the other side's best reply then takes back, what the best next move
    takes after it, that reply and that next move: the count of the goal "line" (issue 42). The best
    reply is the one that leaves the mover least (what it takes, minus what can be taken after it);
    of equal ones, the first.

    >>> gain, back, again, reply, then = line_count(Position.initial(), "5L")
    >>> gain, back, again, str(reply), str(then)
    (11, 21, 3, '2L', '5L')
    """
    gain = immediate_gain(position, move)
    after = position.play(move)
    if after.is_over():
        return gain, 0, 0, None, None
    best: tuple[int, int, int, Move | None, Move | None] | None = None
    for reply in after.legal_moves():
        back = immediate_gain(after, reply)
        then = after.play(reply)
        again, follow = 0, None
        if not then.is_over():
            follow = max(then.legal_moves(), key=lambda m: immediate_gain(then, m))
            again = immediate_gain(then, follow)
        if best is None or back - again > best[1] - best[2]:
            best = (gain, back, again, reply, follow)
    assert best is not None  # a game that goes on has a legal move
    return best


def _low(bound: int | None) -> int:
    return -(10**9) if bound is None else bound


def _takes(points: int) -> str:
    return ngettext("takes {n} point", "takes {n} points", points).format(n=points)


def _gives(points: int) -> str:
    if not points:
        return _("gives back nothing")
    return ngettext("gives back {n} point", "gives back {n} points", points).format(n=points)


def _ends(value: int) -> str:
    """How a proved final score difference reads: "ends the game 3 points ahead"."""
    if value > 0:
        return ngettext("ends the game {n} point ahead", "ends the game {n} points ahead", value).format(n=value)
    if value < 0:
        return ngettext("ends the game {n} point behind", "ends the game {n} points behind", -value).format(n=-value)
    return _("ends the game level")


def _ends_at_most(bound: int | None) -> str:
    """How a proved upper bound on a wrong move's result reads."""
    if bound is None:  # pragma: no cover - a verified puzzle bounds every other move
        return _("has no proved result")
    if bound > 0:
        return ngettext(
            "ends the game at most {n} point ahead", "ends the game at most {n} points ahead", bound
        ).format(n=bound)
    if bound < 0:
        return ngettext(
            "ends the game at least {n} point behind", "ends the game at least {n} points behind", -bound
        ).format(n=-bound)
    return _("ends the game level at best")
