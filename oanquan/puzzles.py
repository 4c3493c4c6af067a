"""Puzzles: a position, a goal, the moves that reach it and why (issue 4).

A puzzle file is JSON: ``{"format": "oanquan-puzzles", "version": 1,
"puzzles": [...]}``, each puzzle an object with

================  ==========================================================
``id``            a short unique name, such as ``"relay-2"``
``title``         a title for people
``theme``         one of :data:`THEMES`: what the puzzle teaches
``position``      the position in the text format of RULES §10
``rules``         the options of RULES §9 that differ from the defaults
``goal``          one of :data:`GOALS`: what the learner must find
``solution``      every move that reaches the goal, in notation (``"5L"``)
``unique``        true when exactly one move reaches it
``explanation``   why, in words and numbers the engine computed
``difficulty``    1 (easy) to 3 (hard)
================  ==========================================================

The goals are checked by the engine, never by hand: :func:`goal_moves`
computes the moves that reach a goal, the first three with the engine alone,
the last three with the exact :mod:`~oanquan.solver`; :func:`explain` writes
the explanation from the trace and the numbers; :func:`verify` says what, if
anything, is wrong with a puzzle.

>>> puzzles = load_builtin()
>>> len(puzzles) >= 30
True
>>> first = puzzles[0]
>>> first.is_solution(first.solution[0])
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from .ai import immediate_gain, move_phrase
from .errors import OAnQuanError, quote
from .jsonio import check_fields, read_json
from .move import Move
from .position import Position
from .rules import Rules
from .solver import Bounds, UnsolvedError, move_values

__all__ = [
    "FORMAT",
    "GOALS",
    "SOLVER_NODES",
    "THEMES",
    "Puzzle",
    "PuzzleFormatError",
    "dumps",
    "explain",
    "goal_moves",
    "load",
    "load_builtin",
    "loads",
    "theme_problems",
    "verify",
]

FORMAT = "oanquan-puzzles"

#: What each goal asks, as the learner reads it.
GOALS: dict[str, str] = {
    "capture_mandarin": "Capture a Mandarin square in one move.",
    "max_gain": "Win the most points with this move.",
    "chain": "Capture two or more squares in one move.",
    "best": "Find the best move: the one that ends the game furthest ahead, whatever your opponent does.",
    "win": "Find the winning move: win the game, whatever your opponent does.",
    "not_lose": "Find the move that does not lose, whatever your opponent does.",
}

#: The themes of the collection, as the book names them.
THEMES: dict[str, str] = {
    "relay": "Relay (R3.4b)",
    "chain": "Chain capture (R5.2)",
    "mandarin": "Capturing a Mandarin (R5.1)",
    "double_empty": "Double-empty stops (R5.3)",
    "tha_ca": "Thả cá and borrowing (R6)",
    "young_mandarin": "Young Mandarins (R5.6)",
    "endgame": "Endgames (R7, R8)",
}

_SOLVER_GOALS = ("best", "win", "not_lose")

#: The node budget of every solver call made for a puzzle, so that checking a
#: puzzle always proves the same bounds (and writes the same explanation).
SOLVER_NODES = 20_000
_FIELDS = ("id", "title", "theme", "position", "rules", "goal", "solution", "unique", "explanation", "difficulty")


class PuzzleFormatError(OAnQuanError):
    """A puzzle file, or one puzzle in it, that cannot be read."""


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
    _position: list[Position] = field(default_factory=list, repr=False, compare=False)

    @property
    def rules(self) -> Rules:
        """The rule options of the puzzle."""
        return Rules.from_dict(self.rules_options)

    @property
    def position(self) -> Position:
        """The puzzle's position (under its rules)."""
        if not self._position:
            self._position.append(Position.from_text(self.position_text, self.rules))
        return self._position[0]

    @property
    def goal_text(self) -> str:
        """The goal in words."""
        return GOALS[self.goal]

    @property
    def moves(self) -> tuple[Move, ...]:
        """The solution as :class:`Move` values."""
        return tuple(Move.parse(m) for m in self.solution)

    @property
    def hint(self) -> str:
        """A nudge toward the answer that does not give it away: the square to start from.

        >>> load_builtin()[0].hint.startswith("Look at square ")
        True
        """
        squares = sorted({m.square for m in self.moves})
        if len(squares) == 1:
            return f"Look at square {squares[0]}: which way should its pebbles go?"
        listed = ", ".join(map(str, squares[:-1])) + f" or {squares[-1]}"
        return f"Look at squares {listed}: which way should their pebbles go?"

    def verdict(self, move: Move | str) -> tuple[bool, str]:
        """Whether ``move`` solves the puzzle, and what to tell the learner (from the engine).

        >>> right, text = load_builtin()[0].verdict(load_builtin()[0].solution[0])
        >>> right, text.startswith("Right!")
        (True, True)
        """
        chosen = Move.parse(move) if isinstance(move, str) else move
        if self.is_solution(chosen):
            return True, f"Right! {self.explanation}"
        position = self.position
        events = position.play_traced(chosen)[1]
        gain = immediate_gain(position, chosen)
        return False, (
            f"Not this one: {chosen} {move_phrase(events)}: {gain:+d}. Try again, ask for a hint, or show the answer."
        )

    def is_solution(self, move: Move | str) -> bool:
        """Whether ``move`` (a Move or its text) is one of the solution's moves."""
        chosen = Move.parse(move) if isinstance(move, str) else move
        return chosen in self.moves

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as a JSON-ready dict, in the file's field order."""
        return {
            "id": self.id,
            "title": self.title,
            "theme": self.theme,
            "position": self.position_text,
            "rules": dict(self.rules_options),
            "goal": self.goal,
            "solution": list(self.solution),
            "unique": self.unique,
            "explanation": self.explanation,
            "difficulty": self.difficulty,
        }


# ==================================================================== reading


def loads(text: str, source: str = "puzzle text") -> list[Puzzle]:
    """Read puzzles from JSON text; errors quote the bad input and name the puzzle.

    >>> loads('{"format": "oanquan-puzzles", "version": 1, "puzzles": []}')
    []
    >>> loads('{"format": "oanquan-puzzles", "version": 1, "puzzles": [{"id": "x"}]}')
    Traceback (most recent call last):
    ...
    oanquan.puzzles.PuzzleFormatError: puzzle text, puzzle 1 ('x'): missing fields: title, theme, ...
    """
    data = read_json(text, PuzzleFormatError, source)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleFormatError(f'{source}: expected an object with "format": "{FORMAT}", not {quote(data)}')
    check_fields(data, PuzzleFormatError, source, ["format", "version", "puzzles"])
    if data.get("version") != 1:
        raise PuzzleFormatError(f"{source}: unknown version {quote(data.get('version'))} (this reader knows version 1)")
    items = data.get("puzzles")
    if not isinstance(items, list):
        raise PuzzleFormatError(f'{source}: "puzzles" must be a list, not {quote(items)}')
    puzzles = [_puzzle(item, f"{source}, puzzle {number}") for number, item in enumerate(items, start=1)]
    seen: set[str] = set()
    for puzzle in puzzles:
        if puzzle.id in seen:
            raise PuzzleFormatError(f"{source}: the id {quote(puzzle.id)} is used twice")
        seen.add(puzzle.id)
    return puzzles


def load(path: str | Path) -> list[Puzzle]:
    """Read a puzzle file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise PuzzleFormatError(f"cannot read puzzle file {str(path)!r}: {error}") from None
    return loads(text, source=str(path))


def load_builtin() -> list[Puzzle]:
    """The collection that comes with the package (``oanquan/data/puzzles.json``)."""
    text = resources.files("oanquan").joinpath("data/puzzles.json").read_text(encoding="utf-8")
    return loads(text, source="oanquan/data/puzzles.json")


def dumps(puzzles: list[Puzzle]) -> str:
    """Puzzles as the JSON text of a puzzle file.

    >>> loads(dumps(load_builtin())) == load_builtin()
    True
    """
    data = {"format": FORMAT, "version": 1, "puzzles": [p.to_dict() for p in puzzles]}
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
        raise PuzzleFormatError(f"{where}: unknown fields: {', '.join(map(repr, unknown))}")

    def text(key: str) -> str:
        value = item[key]
        if not isinstance(value, str) or not value.strip():
            raise PuzzleFormatError(f"{where}: {key!r} must be non-empty text, not {quote(value)}")
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
            if not position.is_legal(move):
                raise PuzzleFormatError(f"{where}: solution move {quote(move)} is not legal in {quote(position_text)}")
        except OAnQuanError as error:
            if isinstance(error, PuzzleFormatError):
                raise
            raise PuzzleFormatError(f"{where}: {error}") from None
    unique = item["unique"]
    if not isinstance(unique, bool):
        raise PuzzleFormatError(f"{where}: 'unique' must be true or false, not {quote(unique)}")
    if unique and len(solution) != 1:
        raise PuzzleFormatError(f"{where}: 'unique' is true but the solution lists {len(solution)} moves")
    difficulty = item["difficulty"]
    if not isinstance(difficulty, int) or isinstance(difficulty, bool) or not 1 <= difficulty <= 3:
        raise PuzzleFormatError(f"{where}: 'difficulty' must be 1, 2 or 3, not {quote(difficulty)}")
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
        [position],
    )


# ================================================================== checking


def goal_moves(position: Position, goal: str) -> tuple[Move, ...]:
    """Every legal move that reaches ``goal`` (one of :data:`GOALS`), computed by the engine.

    ``capture_mandarin``: the moves whose trace captures a Mandarin square;
    ``chain``: those that capture two squares or more; ``max_gain``: those of
    the largest :func:`~oanquan.ai.immediate_gain`, when it is above 0. The
    solver's goals use proved values (see :mod:`oanquan.solver`): ``best``:
    the moves whose exact value is the best and above every other move's
    bound; ``win``: moves proved to win (value > 0) when every other move is
    proved not to; ``not_lose``: the same with value >= 0. When the solver
    cannot prove the answer, :class:`~oanquan.solver.UnsolvedError` is raised.

    >>> [str(m) for m in goal_moves(Position.initial(), "capture_mandarin")]
    ['5L', '9R']
    """
    if goal not in GOALS:
        raise ValueError(f"unknown goal {quote(goal)}; goals are {', '.join(GOALS)}")
    moves = position.legal_moves()
    if goal in _SOLVER_GOALS:
        return _solver_goal(position, goal, move_values(position, max_nodes=SOLVER_NODES))
    if goal == "max_gain":
        gains = {m: immediate_gain(position, m) for m in moves}
        top = max(gains.values(), default=0)
        return tuple(m for m in moves if top > 0 and gains[m] == top)
    found = []
    for move in moves:
        captured = [e.square for e in position.play_traced(move)[1] if e.kind == "capture"]
        if goal == "chain" and len(captured) >= 2:
            found.append(move)
        if goal == "capture_mandarin" and any(s is not None and s >= 10 for s in captured):
            found.append(move)
    return tuple(found)


def _solver_goal(position: Position, goal: str, values: dict[Move, Bounds]) -> tuple[Move, ...]:
    text = position.to_text()
    if goal == "best":
        exact = [v.low for v in values.values() if v.exact and v.low is not None]
        if not exact:
            raise UnsolvedError(f"no move of {text!r} has a proved value: {_show(values)}")
        top = max(exact)
        chosen = [m for m, v in values.items() if v.exact and v.low == top]
        others = [v for m, v in values.items() if m not in chosen]
        if any(v.high is None or v.high >= top for v in others):
            raise UnsolvedError(f"cannot prove the best move of {text!r}: {_show(values)}")
        return tuple(chosen)
    threshold = 1 if goal == "win" else 0
    chosen = [m for m, v in values.items() if v.low is not None and v.low >= threshold]
    others = [v for m, v in values.items() if m not in chosen]
    if any(v.high is None or v.high >= threshold for v in others):
        raise UnsolvedError(f"cannot prove which moves of {text!r} reach {goal!r}: {_show(values)}")
    return tuple(chosen)


def _show(values: dict[Move, Bounds]) -> str:
    return ", ".join(f"{m} {v}" for m, v in values.items())


def explain(position: Position, goal: str, solution: tuple[Move, ...]) -> str:
    """The explanation of a puzzle's answer, written from the engine's trace and numbers.

    >>> print(explain(Position.initial(), "capture_mandarin", (Move(5, "L"), Move(9, "R"))))
    5L relays from square 0 and captures the left Mandarin M1 (stone and 1 pebble): +11.
    9R relays from square 4 and captures the right Mandarin M0 (stone and 1 pebble): +11.
    No other move captures a Mandarin.
    """
    parts = []
    for move in solution:
        events = position.play_traced(move)[1]
        parts.append(f"{move} {move_phrase(events)}: {immediate_gain(position, move):+d}.")
    others = [m for m in position.legal_moves() if m not in solution]
    if goal in _SOLVER_GOALS:
        values = move_values(position, max_nodes=SOLVER_NODES)
        for move in solution:
            parts.append(f"With best play {move} ends the game {_ahead(values[move].low)}.")
        if others:
            best_other = max(others, key=lambda m: _high(values[m]))
            bound = values[best_other].high
            parts.append(f"Every other move does worse: the best of them, {best_other}, {_at_most(bound)}.")
        return " ".join(parts)
    if not others:
        return " ".join(parts)
    if goal == "capture_mandarin":
        parts.append("No other move captures a Mandarin.")
    elif goal == "chain":
        parts.append("No other move captures more than one square.")
    else:
        best_other = max(others, key=lambda m: immediate_gain(position, m))
        gain = immediate_gain(position, best_other)
        parts.append(f"The best other move, {best_other}, wins {gain} point{'s' if gain != 1 else ''}.")
    # A trap to point out: a move that captures nothing because of a young
    # Mandarin (R5.6) or, failing that, two empty squares (R5.3).
    for kind, rule in (("young_mandarin", "R5.6"), ("double_empty", "R5.3")):
        trap = next((m for m in others if _stops_without_capture(position, m, kind)), None)
        if trap is not None:
            parts.append(f"Beware {trap}: it {move_phrase(position.play_traced(trap)[1])} ({rule}).")
            break
    return " ".join(parts)


def _stops_without_capture(position: Position, move: Move, kind: str) -> bool:
    kinds = [e.kind for e in position.play_traced(move)[1]]
    return kind in kinds and "capture" not in kinds


def _high(bounds: Bounds) -> int:
    return 10**9 if bounds.high is None else bounds.high


def _ahead(value: int | None) -> str:
    if value is None:  # pragma: no cover - solution moves have proved values
        return "with an unknown result"
    if value > 0:
        return f"{value} point{'s' if value != 1 else ''} ahead"
    if value < 0:
        return f"{-value} point{'s' if value != -1 else ''} behind"
    return "level"


def _at_most(bound: int | None) -> str:
    if bound is None:  # pragma: no cover - verified puzzles bound every other move
        return "has no proved bound"
    if bound > 0:
        return f"ends at most {bound} point{'s' if bound != 1 else ''} ahead"
    if bound < 0:
        return f"ends at least {-bound} point{'s' if bound != -1 else ''} behind"
    return "at best draws"


def verify(puzzle: Puzzle) -> list[str]:
    """What is wrong with ``puzzle``; an empty list when the engine confirms all of it.

    The solution must be exactly the moves :func:`goal_moves` finds; ``unique``
    must say whether there is one; the explanation must be the one
    :func:`explain` computes; and the position must show its theme.

    >>> [verify(p) for p in load_builtin()[:2]]
    [[], []]
    """
    problems: list[str] = []
    position = puzzle.position
    try:
        found = goal_moves(position, puzzle.goal)
    except UnsolvedError as error:
        return [f"{puzzle.id}: the solver cannot prove the goal: {error}"]
    stated = set(puzzle.moves)
    if set(found) != stated:
        engine = [str(m) for m in found]
        problems.append(f"{puzzle.id}: the solution is {sorted(map(str, stated))}, the engine finds {engine}")
    if puzzle.unique != (len(found) == 1):
        problems.append(f"{puzzle.id}: 'unique' is {puzzle.unique} but {len(found)} moves reach the goal")
    expected = explain(position, puzzle.goal, tuple(found))
    if puzzle.explanation != expected:
        problems.append(f"{puzzle.id}: the explanation should read {expected!r}")
    problems.extend(f"{puzzle.id}: {p}" for p in theme_problems(puzzle.theme, position, found))
    return problems


def theme_problems(theme: str, position: Position, solution: tuple[Move, ...]) -> list[str]:
    """Why ``position`` and its ``solution`` do not show ``theme``; empty when they do.

    >>> theme_problems("relay", Position.initial(), (Move(5, "L"),))
    []
    """
    traces = {m: position.play_traced(m)[1] for m in position.legal_moves()}
    kinds = {m: [e.kind for e in t] for m, t in traces.items()}
    ok = True
    if theme == "relay":
        ok = all("relay" in kinds[m] for m in solution)
    elif theme == "chain":
        ok = all(kinds[m].count("capture") >= 2 for m in solution)
    elif theme == "mandarin":
        ok = all(any(e.kind == "capture" and (e.square or 0) >= 10 for e in traces[m]) for m in solution)
    elif theme == "double_empty":
        ok = any(_stops_without_capture(position, m, "double_empty") for m in kinds if m not in solution)
    elif theme == "tha_ca":
        ok = position.must_release_fish()
    elif theme == "young_mandarin":
        young = any(_stops_without_capture(position, m, "young_mandarin") for m in kinds if m not in solution)
        ok = position.rules.young_mandarin_min > 0 and young
    elif theme == "endgame":
        ok = True
    else:
        return [f"unknown theme {theme!r}"]
    return [] if ok else [f"the position does not show the theme {theme!r} ({THEMES[theme]})"]
