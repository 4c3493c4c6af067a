"""The checks of a puzzle, computed by the engine: goals, explanations, measures, verification.

:func:`goal_moves` computes the moves that reach a goal, the first three goals with the engine
alone, the last three with the exact :mod:`~oanquan.solver`; :func:`explain` writes the
explanation from the trace and the numbers; :func:`measure` measures how hard the puzzle is;
:func:`verify` says what, if anything, is wrong with a puzzle. ``scripts/propose_puzzles.py``
proposes new ones with them, and the tests check every puzzle of the collection.

>>> from oanquan.puzzles import load_builtin
>>> [verify(p) for p in load_builtin()[:3]]
[[], [], []]
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path

from oanquan.ai import immediate_gain, player_for_level
from oanquan.errors import quote
from oanquan.events import Event
from oanquan.i18n import _, language, ngettext
from oanquan.move import Move
from oanquan.narrate import move_phrase
from oanquan.position import Position
from oanquan.puzzles import (
    GOAL_PLIES,
    GOALS,
    SOLVER_GOALS,
    SOLVER_NODES,
    THEMES,
    Measures,
    Puzzle,
    line_count,
    reply_count,
)
from oanquan.rules import Rules
from oanquan.solver import Bounds, UnsolvedError, move_values

from .solvers import found_line_share, found_share

__all__ = [
    "CLASS_RULES",
    "RECOMMENDED_CLASS_RULES",
    "class_rules_kept",
    "explain",
    "forced_line",
    "goal_moves",
    "lowest_level",
    "made_puzzle",
    "measure",
    "option_matters",
    "suits_every_recommended_class",
    "theme_problems",
    "verify",
]


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
    if goal in SOLVER_GOALS:
        return _solver_goal(position, goal, move_values(position, max_nodes=SOLVER_NODES))
    if goal in _COUNTS:
        values = {m: _COUNTS[goal](position, m) for m in moves}
        top = max(values.values(), default=0)
        # the most points this turn are a goal only when a move takes some
        return tuple(m for m in moves if values[m] == top and (top > 0 or goal != "max_gain"))
    traces = [(m, position.play_traced(m)[1]) for m in moves]
    if goal == "chain":
        return tuple(m for m, trace in traces if sum(e.kind == "capture" for e in trace) >= 2)
    return tuple(m for m, trace in traces if _takes_mandarin(trace))  # capture_mandarin


def _net(position: Position, move: Move) -> int:
    """What ``move`` takes minus the most the other side can take back (:func:`~oanquan.puzzles.reply_count`)."""
    gain, back, _reply = reply_count(position, move)
    return gain - back


def _line_net(position: Position, move: Move) -> int:
    """What ``move`` keeps over a line of two moves (:func:`~oanquan.puzzles.line_count`)."""
    gain, back, again, _reply, _next = line_count(position, move)
    return gain - back + again


#: How the goals of points count a move: what it takes this turn, what it keeps after the reply,
#: or what it keeps over a line of two moves. The answers are the moves of the best count.
_COUNTS: dict[str, Callable[[Position, Move], int]] = {
    "max_gain": immediate_gain,
    "best_reply": _net,
    "line": _line_net,
}


def forced_line(position: Position) -> tuple[Move, ...] | None:
    """The line of two moves of goal "line" in ``position``, when there is one where every move of the
    mover is forced (issue 42, the standard of Lichess's puzzles): the only first move that keeps the
    most over the line, the other side's only best reply, then the only move that takes the most
    (something) after it. None when any of them is not the only one, or the game ends on the way.

    >>> forced_line(Position.initial()) is None
    True
    """
    firsts = goal_moves(position, "line")
    if len(firsts) != 1:
        return None
    first = firsts[0]
    after = position.play(first)
    if after.is_over():
        return None
    _gain, back, again, reply, _next = line_count(position, first)
    equal = [r for r in after.legal_moves() if _reply_score(after, r) == back - again]
    if reply is None or len(equal) != 1:
        return None
    then = after.play(reply)
    if then.is_over():
        return None
    gains = {m: immediate_gain(then, m) for m in then.legal_moves()}
    best = [m for m, g in gains.items() if g == again]
    if again <= 0 or len(best) != 1 or len(gains) < 2:
        return None
    return (first, reply, best[0])


def _reply_score(after: Position, reply: Move) -> int:
    """What ``reply`` takes minus the most the next move takes after it (the other side's count of a line)."""
    then = after.play(reply)
    again = 0 if then.is_over() else max(immediate_gain(then, m) for m in then.legal_moves())
    return immediate_gain(after, reply) - again


def _solver_goal(position: Position, goal: str, values: dict[Move, Bounds]) -> tuple[Move, ...]:
    text = position.to_text()
    if goal == "best":
        exact = [v.low for v in values.values() if v.exact and v.low is not None]
        if not exact:
            raise UnsolvedError(f"no move of {text!r} has a proved value: {_show(values)}")
        bar = max(exact)
        chosen = [m for m, v in values.items() if v.exact and v.low == bar]
        failure = f"cannot prove the best move of {text!r}"
    else:
        bar = 1 if goal == "win" else 0
        chosen = [m for m, v in values.items() if v.low is not None and v.low >= bar]
        failure = f"cannot prove which moves of {text!r} reach {goal!r}"
    # Every other move must be proved to fall short of the bar.
    if any(v.high is None or v.high >= bar for m, v in values.items() if m not in chosen):
        raise UnsolvedError(f"{failure}: {_show(values)}")
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
    parts = [
        _("{move} {phrase}: {gain:+d}.").format(
            move=move, phrase=move_phrase(position.play_traced(move)[1]), gain=immediate_gain(position, move)
        )
        for move in solution
    ]
    others = [m for m in position.legal_moves() if m not in solution]
    if goal in SOLVER_GOALS:
        values = move_values(position, max_nodes=SOLVER_NODES)
        for move in solution:
            # "win" and "not_lose" need only a lower bound: then the text says "at least"
            proved = values[move]
            result = _ahead(proved.low) if proved.exact else _at_least(proved.low)
            parts.append(_("With best play {move} ends the game {result}.").format(move=move, result=result))
        if others:
            best_other = max(others, key=lambda m: _high(values[m]))
            parts.append(
                _("Every other move does worse: the best of them, {move}, {result}.").format(
                    move=best_other, result=_at_most(values[best_other].high)
                )
            )
        return " ".join(parts)
    if not others:
        return " ".join(parts)
    if goal == "line":
        parts = [_line_part(position, move, last=True) for move in solution]
        best_other = max(others, key=lambda m: _line_net(position, m))
        parts.append(
            _("Every other first move keeps less: the best of them, {part}").format(
                part=_line_part(position, best_other)
            )
        )
        return " ".join(parts)
    if goal == "best_reply":
        parts = [_reply_part(position, move) for move in solution]
        best_other = max(others, key=lambda m: _net(position, m))
        parts.append(
            _("Every other move keeps less: the best of them, {part}").format(part=_reply_part(position, best_other))
        )
        return " ".join(parts)
    if goal == "capture_mandarin":
        parts.append(_("No other move captures a Mandarin."))
    elif goal == "chain":
        parts.append(_("No other move captures more than one square."))
    else:
        best_other = max(others, key=lambda m: immediate_gain(position, m))
        gain = immediate_gain(position, best_other)
        parts.append(
            ngettext(
                "The best other move, {move}, wins {n} point.", "The best other move, {move}, wins {n} points.", gain
            ).format(move=best_other, n=gain)
        )
    # A trap to point out: a move that captures nothing because of a young
    # Mandarin (R5.6) or, failing that, two empty squares (R5.3).
    for kind, rule in (("young_mandarin", "R5.6"), ("double_empty", "R5.3")):
        trap = next((m for m in others if _stops_without_capture(position, m, kind)), None)
        if trap is not None:
            phrase = move_phrase(position.play_traced(trap)[1])
            parts.append(_("Beware {move}: it {phrase} ({rule}).").format(move=trap, phrase=phrase, rule=rule))
            break
    return " ".join(parts)


def _reply_part(position: Position, move: Move) -> str:
    """One move counted with the reply: "7R takes 7 and gives back 9 (reply 3L): -2." """
    gain, back, reply = reply_count(position, move)
    if reply is None:
        return ngettext(
            "{move} takes {gain} point and leaves nothing to take back: {net:+d}.",
            "{move} takes {gain} points and leaves nothing to take back: {net:+d}.",
            gain,
        ).format(move=move, gain=gain, net=gain)
    return ngettext(
        "{move} takes {gain} point; the reply {reply} takes {back} back: {net:+d}.",
        "{move} takes {gain} points; the reply {reply} takes {back} back: {net:+d}.",
        gain,
    ).format(move=move, gain=gain, reply=reply, back=back, net=gain - back)


def _line_part(position: Position, move: Move, last: bool = False) -> str:
    """One first move counted over a line: "5L takes 3 points; the reply 2R takes 1 back; then 7L takes 6: +8."

    ``last`` adds that the line's last move is the only one that takes as much (the answer's line).
    """
    gain, back, again, reply, follow = line_count(position, move)
    if reply is None or follow is None:
        return _reply_part(position, move)
    text = ngettext(
        "{move} takes {gain} point; the reply {reply} takes {back} back; then {next} takes {again}: {net:+d}.",
        "{move} takes {gain} points; the reply {reply} takes {back} back; then {next} takes {again}: {net:+d}.",
        gain,
    ).format(move=move, gain=gain, reply=reply, back=back, next=follow, again=again, net=gain - back + again)
    if last:
        text += " " + ngettext(
            "After {reply}, {next} is the only move that takes {n} point.",
            "After {reply}, {next} is the only move that takes {n} points.",
            again,
        ).format(reply=reply, next=follow, n=again)
    return text


def _stops_without_capture(position: Position, move: Move, kind: str) -> bool:
    kinds = [e.kind for e in position.play_traced(move)[1]]
    return kind in kinds and "capture" not in kinds


def _takes_mandarin(trace: tuple[Event, ...]) -> bool:
    """Whether a move's trace captures a Mandarin square (squares 10 and 11)."""
    return any(e.kind == "capture" and (e.square or 0) >= 10 for e in trace)


def _high(bounds: Bounds) -> int:
    return 10**9 if bounds.high is None else bounds.high


def _ahead(value: int | None) -> str:
    if value is None:  # pragma: no cover - solution moves have proved values
        return _("with an unknown result")
    if value > 0:
        return ngettext("{n} point ahead", "{n} points ahead", value).format(n=value)
    if value < 0:
        return ngettext("{n} point behind", "{n} points behind", -value).format(n=-value)
    return _("level")


def _at_least(bound: int | None) -> str:
    if bound is None:  # pragma: no cover - solution moves have a proved lower bound
        return _("with an unknown result")
    if bound > 0:
        return ngettext("at least {n} point ahead", "at least {n} points ahead", bound).format(n=bound)
    if bound < 0:
        return ngettext("at most {n} point behind", "at most {n} points behind", -bound).format(n=-bound)
    return _("at least level")


def _at_most(bound: int | None) -> str:
    if bound is None:  # pragma: no cover - verified puzzles bound every other move
        return _("has no proved bound")
    if bound > 0:
        return ngettext("ends at most {n} point ahead", "ends at most {n} points ahead", bound).format(n=bound)
    if bound < 0:
        return ngettext("ends at least {n} point behind", "ends at least {n} points behind", -bound).format(n=-bound)
    return _("at best draws")


def lowest_level(position: Position, solution: tuple[Move, ...]) -> int:
    """The lowest computer level, 2 to 4, whose move (seed 0) is one of ``solution``; 5 when none is.

    Level 1 plays at random, so it measures nothing; level 5 searches for
    about half a second a move, too long to re-check a hundred puzzles in
    every test run, so "5" means "beyond level 4".

    >>> lowest_level(Position.initial(), (Move(5, "L"), Move(9, "R")))
    2
    """
    for level in (2, 3, 4):
        if player_for_level(level, seed=0).choose(position) in solution:
            return level
    return 5


def measure(position: Position, goal: str, solution: tuple[Move, ...], line: tuple[Move, ...] = ()) -> Measures:
    """Measure how hard the puzzle (``position``, ``goal``, its ``solution``, for a line of moves its
    ``line``) is; see :class:`Measures`. A line's ``steps`` count the pebbles of every move of the
    learner's, and its ``found`` is the share of solvers that find every one of them.

    >>> m = measure(Position.initial(), "capture_mandarin", (Move(5, "L"), Move(9, "R")))
    >>> m.moves, m.squares, m.answers, m.level, m.steps, m.value, m.lure, m.lure_cost
    (10, 5, 2, 2, 10, 11, '5R', 5)
    """
    moves = position.legal_moves()
    first = solution[0]
    steps = sum(e.kind == "drop" for e in position.play_traced(first)[1])
    if line:
        before = position.play(line[0]).play(line[1])
        steps += sum(e.kind == "drop" for e in before.play_traced(line[2])[1])
    gains = {m: immediate_gain(position, m) for m in moves}
    wrong = [m for m in moves if m not in solution]
    lure = max(wrong, key=lambda m: gains[m]) if wrong else None  # max() keeps the first of equals
    if goal in SOLVER_GOALS:
        values = move_values(position, max_nodes=SOLVER_NODES)
        value = values[first].low
        assert value is not None
        high = values[lure].high if lure is not None else None
        cost = None if lure is None or high is None else value - high
    else:  # valued as the goal counts (this turn's points for the goals of a capture)
        count = _COUNTS.get(goal, immediate_gain)
        value = count(position, first)
        cost = None if lure is None else value - count(position, lure)
    return Measures(
        moves=len(moves),
        squares=len({m.square for m in moves}),
        answers=len(solution),
        level=lowest_level(position, solution),
        steps=steps,
        value=value,
        lure=None if lure is None else str(lure),
        lure_cost=cost,
        found=found_line_share(position, line, GOAL_PLIES.get(goal, 1))
        if line
        else found_share(position, solution, GOAL_PLIES.get(goal, 1)),
    )


def made_puzzle(
    pid: str,
    title: str,
    theme: str,
    position: Position,
    goal: str,
    solution: tuple[Move, ...],
    *,
    first_lesson: bool = False,
    code: str = "",
    line: tuple[Move, ...] = (),
) -> Puzzle:
    """The puzzle of ``position`` whose ``goal`` its ``solution`` reaches (for the goal "line", along
    its ``line``), with the explanation and the measures the engine computes: what the scripts that
    propose puzzles write, and what :func:`verify` checks.

    >>> answers = (Move(5, "L"), Move(9, "R"))
    >>> made = made_puzzle("demo", "Take one", "mandarin", Position.initial(), "capture_mandarin", answers)
    >>> made.solution, made.unique, made.difficulty
    (('5L', '9R'), False, 2)
    """
    measures = measure(position, goal, solution, line)
    return Puzzle(
        pid,
        title,
        theme,
        position.to_text(),
        position.rules.changes(),
        goal,
        tuple(str(m) for m in solution),
        len(solution) == 1,
        explain(position, goal, solution),
        measures.difficulty,
        measures,
        first_lesson,
        code,
        tuple(str(m) for m in line),
    )


def verify(puzzle: Puzzle) -> list[str]:
    """What is wrong with ``puzzle``; an empty list when the engine confirms all of it.

    The solution must be exactly the moves :func:`goal_moves` finds; ``unique``
    must say whether there is one; the explanation must be the one
    :func:`explain` computes; the position must show its theme; the measures
    must be those :func:`measure` finds; and a puzzle whose moves all start
    from one square (a guess between two directions) must be a first-lesson
    exercise.

    >>> from oanquan.puzzles import load_builtin
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
        return [f"{puzzle.id}: the solution is {sorted(map(str, stated))}, the engine finds {engine}"]
    if puzzle.goal == "line":
        line = forced_line(position)
        if line is None or tuple(map(str, line)) != puzzle.line:
            shown = None if line is None else [str(m) for m in line]
            return [f"{puzzle.id}: the line is {list(puzzle.line)}, the engine finds {shown}"]
    if puzzle.unique != (len(found) == 1):
        problems.append(f"{puzzle.id}: 'unique' is {puzzle.unique} but {len(found)} moves reach the goal")
    with language("en"):  # the collection stores the English; other languages' tables are checked by tests
        expected = explain(position, puzzle.goal, tuple(found))
    if puzzle.explanation != expected:
        problems.append(f"{puzzle.id}: the explanation should read {expected!r}")
    problems.extend(f"{puzzle.id}: {p}" for p in theme_problems(puzzle.theme, position, found, puzzle.goal))
    measured = measure(position, puzzle.goal, puzzle.moves, tuple(Move.parse(m) for m in puzzle.line))
    if puzzle.measures is not None and puzzle.measures != measured:
        problems.append(f"{puzzle.id}: the measures should be {measured.to_dict()}")
    if puzzle.measures is not None and puzzle.difficulty != measured.difficulty:
        problems.append(f"{puzzle.id}: the difficulty should be {measured.difficulty}")
    if measured.squares == 1 and not puzzle.first_lesson:
        problems.append(f"{puzzle.id}: every move starts from one square, so it is a first-lesson exercise")
    return problems


def option_matters(position: Position, goal: str, solution: tuple[Move, ...]) -> bool:
    """Whether the puzzle's rule option changes its answer (for the option themes).

    Under ``mandarin_gap="chain"`` the contrast is ``"never"``; under ``"never"``
    or ``"always"`` it is ``"chain"``; pebble Mandarins or 5-point Mandarins are
    compared with stones worth 10.

    >>> p = Position.from_text("3,1,1,1,1,0,1,0,0,4 0,Q 20,20+Q 0,0 0")
    >>> option_matters(p, "max_gain", goal_moves(p, "max_gain"))
    False
    """
    rules = position.rules
    # The rules the puzzle is compared with: the same with the other choice.
    if rules.mandarin_gap != "chain":
        other_choice: dict[str, object] = {"mandarin_gap": "chain"}
    elif rules.mandarin_pieces != "stone" or rules.mandarin_value != Rules().mandarin_value:
        other_choice = {"mandarin_pieces": "stone", "mandarin_value": Rules().mandarin_value}
    else:
        other_choice = {"mandarin_gap": "never"}
    other = Position.from_text(position.to_text(), Rules.from_dict(rules.to_dict() | other_choice))
    try:
        return set(goal_moves(other, goal)) != set(solution)
    except UnsolvedError:
        return False


def theme_problems(theme: str, position: Position, solution: tuple[Move, ...], goal: str = "max_gain") -> list[str]:
    """Why ``position`` and its ``solution`` (of ``goal``) do not show ``theme``; empty when they do.

    The option themes need the rule option to change the answer:
    ``mandarin_gap`` (see :func:`option_matters`) and ``mandarin_value``
    (there a pebble Mandarin captured by the answer is enough).

    >>> theme_problems("relay", Position.initial(), (Move(5, "L"),))
    []
    """
    if theme not in THEMES:
        return [f"unknown theme {theme!r}"]
    traces = {m: position.play_traced(m)[1] for m in position.legal_moves()}
    kinds = {m: [e.kind for e in t] for m, t in traces.items()}
    rules = position.rules
    default_gap = rules.mandarin_gap == Rules().mandarin_gap
    plain = default_gap and rules.mandarin_pieces == "stone" and rules.mandarin_value == Rules().mandarin_value
    ok = True  # an endgame: any position shows it
    if theme == "line":
        ok = goal == "line"
    if theme == "first_capture":
        ok = all("capture" in kinds[m] and "relay" not in kinds[m] for m in solution)
    elif theme == "relay":
        ok = all("relay" in kinds[m] for m in solution)
    elif theme == "chain":
        ok = all(kinds[m].count("capture") >= 2 for m in solution)
    elif theme == "mandarin":
        ok = all(_takes_mandarin(traces[m]) for m in solution)
    elif theme == "double_empty":
        ok = any(_stops_without_capture(position, m, "double_empty") for m in kinds if m not in solution)
    elif theme == "mandarin_gap":
        ok = option_matters(position, goal, solution)
    elif theme == "mandarin_value":
        takes_pebble_mandarin = rules.mandarin_pieces == "pebbles" and all(_takes_mandarin(traces[m]) for m in solution)
        ok = not plain and default_gap and (takes_pebble_mandarin or option_matters(position, goal, solution))
    elif theme == "tha_ca":
        ok = position.must_release_fish()
    elif theme == "young_mandarin":
        young = any(_stops_without_capture(position, m, "young_mandarin") for m in kinds if m not in solution)
        ok = rules.young_mandarin_min > 0 and young
    return [] if ok else [f"the position does not show the theme {theme!r} ({THEMES[theme]})"]


#: The class's rules a teacher sets once on the site (issue 42): whether a young Mandarin (quan non)
#: is protected, and what a Mandarin is worth. The guide recommends the first; the second is the
#: site's standard. The keys are what the pages keep in the browser (puzzle-finder.js).
CLASS_RULES: dict[str, Rules] = {
    "protected-10": Rules(young_mandarin_min=5),
    "open-10": Rules(),
    "protected-5": Rules(young_mandarin_min=5, mandarin_value=5),
    "open-5": Rules(mandarin_value=5),
}
#: The two rule sets the teacher's guide recommends: the quan non protected, or not.
RECOMMENDED_CLASS_RULES = ("protected-10", "open-10")
_CLASS_OPTIONS = ("young_mandarin_min", "mandarin_value")


#: The collection's class rule sets, solved once and kept (``python -m authoring.class_rules`` writes it).
CLASS_RULES_TABLE = Path(__file__).with_name("class_rules.json")


def _kept_key(puzzle: Puzzle) -> tuple[str, str, str, str]:
    return (puzzle.id, puzzle.position_text, puzzle.goal, ",".join(puzzle.solution))


@functools.cache
def _kept() -> dict[tuple[str, str, str, str], tuple[str, ...]]:
    """The class rule sets known so far, by puzzle: first the table's rows, each for a puzzle equal to
    the one it was solved from (a row naming a class that is no longer one is left out, and a table
    that cannot be read gives none: those puzzles are solved again)."""
    kept: dict[tuple[str, str, str, str], tuple[str, ...]] = {}
    try:
        for row in json.loads(CLASS_RULES_TABLE.read_text("utf-8"))["puzzles"]:
            if set(row["classes"]) <= set(CLASS_RULES):
                kept[(row["id"], row["position"], row["goal"], ",".join(row["solution"]))] = tuple(row["classes"])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return kept


def class_rules_kept(puzzle: Puzzle) -> tuple[str, ...]:
    """The class rule sets (keys of :data:`CLASS_RULES`) under which ``puzzle`` is the same puzzle:
    the options it sets itself agree with the class's, and under the class's options its goal has
    the same one answer, worth the same (a puzzle of the usual rules whose Mandarin is worth 10, or
    whose young Mandarin may be taken, needs those rules and is left out for another class).

    >>> from oanquan.puzzles import load_builtin
    >>> young = next(p for p in load_builtin() if p.theme == "young_mandarin")
    >>> "protected-10" in class_rules_kept(young), "open-10" in class_rules_kept(young)
    (True, False)
    """
    kept, key = _kept(), _kept_key(puzzle)
    if key not in kept:
        kept[key] = _class_rules_kept(puzzle)
    return kept[key]


def _class_rules_kept(puzzle: Puzzle) -> tuple[str, ...]:
    kept = []
    own = puzzle.rules_options
    for key, rules in CLASS_RULES.items():
        wanted = {name: getattr(rules, name) for name in _CLASS_OPTIONS}
        if any(name in own and own[name] != value for name, value in wanted.items()):
            continue
        merged = Rules.from_dict(puzzle.rules.to_dict() | wanted)
        if merged == puzzle.rules:
            kept.append(key)
            continue
        position = Position.from_text(puzzle.position_text, merged)
        try:
            found = goal_moves(position, puzzle.goal)
        except UnsolvedError:
            continue
        if puzzle.line and tuple(map(str, forced_line(position) or ())) != puzzle.line:
            continue  # a line whose moves change under the class's rules is another puzzle
        if set(found) == set(puzzle.moves) and measure(position, puzzle.goal, found).value == _value(puzzle):
            kept.append(key)
    return tuple(kept)


def suits_every_recommended_class(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` is the same under both rule sets the guide recommends (the class path's test)."""
    return set(RECOMMENDED_CLASS_RULES) <= set(class_rules_kept(puzzle))


def _value(puzzle: Puzzle) -> int:
    measures = puzzle.measures if puzzle.measures is not None else measure(puzzle.position, puzzle.goal, puzzle.moves)
    return measures.value
