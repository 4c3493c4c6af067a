"""Propose the graded puzzle path from seeded games; print it as a puzzle file (JSON, version 5).

Games are played by seeded computer players of levels 1-4 under each rule set a theme
needs (the defaults; ``young_mandarin_min=5``; ``mandarin_gap`` "never" and "always";
pebble Mandarins; Mandarins worth 5). Every position of every game is tried against each
theme of ``oanquan.puzzles``; a candidate is kept only when the engine (and, for endgames,
the exact solver) proves its answer unique, the theme shows (for the option themes: the
option changes the answer), no move of it is a mere guess between two directions from a
single square (except in first-lesson exercises), and its title is like no other.
Each candidate is measured (``authoring.puzzles.measure``); each theme then takes its
quota (:data:`QUOTAS`) spread over the five difficulties. The output passes
``authoring.puzzles.verify`` and is written in path order.

``--keep FILE`` keeps every puzzle of an earlier collection as it is (its id, title, position
and answer: readers' browsers remember the ids they solved, and the worksheets, the teacher's
guide and the tests name some) and proposes only the rest of each quota: new boards, new
titles, ids going on from each theme's last number. ``--jobs 2`` looks for the candidates of
two themes at once; the output is the same.

The built-in collection (``oanquan/data/puzzles.json``) is the output of the command below:
the first 110 puzzles (commit d12672c, issue 23) kept, the rest proposed (issue 23's path of
at least 150). Every search stops at its wanted number of candidates or at the end of its games,
well within the time budgets, so that the output does not depend on the machine. Run on the
collection itself, ``--keep`` finds every quota met and gives the same file back.

    git show d12672c:oanquan/data/puzzles.json > /tmp/puzzles-110.json
    python -m scripts.propose_puzzles --keep /tmp/puzzles-110.json --jobs 2 > oanquan/data/puzzles.json

After a change to the collection, ``python -m authoring.class_rules`` solves its puzzles under the
class rule sets again (``authoring/class_rules.json``; tests/test_puzzles.py compares the two).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace

from authoring.puzzles import goal_moves, made_puzzle, measure, theme_problems, verify
from oanquan import Game, Move, Position, Rules
from oanquan.ai import player_for_level
from oanquan.board import M0
from oanquan.events import Event
from oanquan.puzzles import MOST_DIFFICULT, SOLVER_NODES, THEMES, Puzzle, dumps, load, path, reply_count
from oanquan.solver import UnsolvedError, search_size

RULE_SETS: dict[str, Rules] = {
    "default": Rules(),
    "young": Rules(young_mandarin_min=5),
    "gap-never": Rules(mandarin_gap="never"),
    "gap-always": Rules(mandarin_gap="always"),
    "pebbles": Rules(mandarin_pieces="pebbles"),
    "value-5": Rules(mandarin_value=5),
}

#: For each theme: the rule sets to draw from, with how many puzzles each gives.
QUOTAS: dict[str, dict[str, int]] = {
    "first_capture": {"default": 17},
    "relay": {"default": 17},
    "mandarin": {"default": 13},
    "chain": {"default": 12},
    "double_empty": {"default": 15},
    "mandarin_gap": {"default": 1, "gap-never": 4, "gap-always": 5},
    "young_mandarin": {"young": 15},
    "mandarin_value": {"pebbles": 6, "value-5": 9},
    "tha_ca": {"default": 15},
    "endgame": {"default": 16},
}

#: The most positions the solver may search to prove an endgame (all its moves together).
MAX_PROOF_NODES = 60_000

#: The least difficulty of an endgame: one must be counted out to the game's end, so it is never
#: rated as easy as a first capture (issue 23; ``tests/test_puzzles.py`` checks the collection).
ENDGAME_LEAST = 4

#: Themes whose positions are rare: every position of every game is tried.
WHOLE_GAMES = ("mandarin_gap", "mandarin_value", "young_mandarin")

WORDS = ("no", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")

#: The words a "counting the reply" title starts with, by theme.
HEADS = {
    "first_capture": "A first capture",
    "relay": "Relays",
    "mandarin": "A Mandarin to take",
    "chain": "A chain",
    "double_empty": "Two empty squares",
    "mandarin_gap": "Empty Mandarin squares",
    "young_mandarin": "A young Mandarin",
    "mandarin_value": "What a Mandarin is worth",
    "tha_ca": "After the fish",
}


@dataclass
class Candidate:
    """A proved puzzle, before its id and title are chosen."""

    theme: str
    position: Position
    goal: str
    solution: tuple[Move, ...]
    titles: list[str]

    @property
    def moves(self) -> int:
        """The number of legal moves."""
        return len(self.position.legal_moves())


# ----------------------------------------------------------------- positions


def games(count: int, seed: int, rules: Rules, lowest: int = 1) -> Iterator[Game]:
    """``count`` seeded games between random levels ``lowest``-4, each played to its end."""
    rng = random.Random(seed)
    for number in range(count):
        levels = (rng.randint(lowest, 4), rng.randint(lowest, 4))
        players = [player_for_level(level, seed=seed * 10_000 + number) for level in levels]
        game = Game(rules=rules)
        while game.outcome() is None:
            game.play(players[game.position.to_move].choose(game.position))
        yield game


def release_variant(position: Position, rng: random.Random) -> Position:
    """``position`` with the mover's row emptied into their store: their turn starts with thả cá (R6).

    Half the time the mover's store is cut below 5 (the rest going to the
    opponent's store), so that they must borrow (R6.2). Points stay the same.
    """
    mover = position.to_move
    row = range(5, 10) if mover == 0 else range(0, 5)
    pebbles = list(position.pebbles)
    stores = list(position.stores)
    for square in row:
        stores[mover] += pebbles[square]
        pebbles[square] = 0
    if rng.random() < 0.5:
        keep = rng.randint(0, 4)
        if stores[mover] > keep:
            stores[1 - mover] += stores[mover] - keep
            stores[mover] = keep
    stones, captured, debts = position.stones, position.captured_stones, position.debts
    return Position(pebbles, stones, (stores[0], stores[1]), captured, debts, mover, position.rules)


def positions(theme: str, rules: Rules, count: int, seed: int) -> Iterator[Position]:
    """Candidate positions: from seeded games; the endgames' from the last plies; thả cá ones made so."""
    rng = random.Random(f"{seed}:{theme}")
    for game in games(count, seed, rules):
        if theme == "endgame":
            yield from game.positions[-14:-1]
            continue
        shuffled = [p for p in game.positions if p.outcome() is None]
        rng.shuffle(shuffled)
        for position in shuffled if theme in WHOLE_GAMES else shuffled[:6]:
            yield release_variant(position, rng) if theme == "tha_ca" else position


# ----------------------------------------------------------------- candidates


def board_points(position: Position) -> int:
    """Points still on the board: pebbles, and stones at their value."""
    return position.total_points() - position.points(0) - position.points(1)


def candidate(theme: str, position: Position) -> Candidate | None:
    """A proved candidate of ``theme`` at ``position``, or None."""
    moves = position.legal_moves()
    if position.outcome() is not None or len(moves) < 2:
        return None
    squares = len({m.square for m in moves})
    if theme != "first_capture" and squares < 2:
        return None  # a guess between two directions is only for a first lesson
    if theme == "endgame":
        return _endgame(position)
    if (theme == "tha_ca") != position.must_release_fish():
        return None  # a turn that starts with thả cá (R6) belongs to its theme, and only there
    # The goals a player has in a game (issue 42): the most points, or the best counting the reply.
    for goal in ("max_gain", "best_reply"):
        solution = goal_moves(position, goal)
        if len(solution) != 1 or theme_problems(theme, position, solution, goal):
            continue
        events = position.play_traced(solution[0])[1]
        if goal == "best_reply":
            made: list[str] | None = [reply_title(theme, position, solution[0])]
        else:
            made = _shape(theme, position, goal, solution, events)
        if made is not None:
            return Candidate(theme, position, goal, solution, made)
    return None


def reply_title(theme: str, position: Position, answer: Move) -> str:
    """The title of a "best counting the reply" puzzle: its theme, and what the answer keeps.

    >>> reply_title("relay", Position.initial(), Move(5, "L"))
    'Relays: count the reply, give back the least'
    """
    gain, back, _reply = reply_count(position, answer)
    kept = gain - back
    if kept > 0:
        words = f"count the reply, keep {kept} point{'s' if kept != 1 else ''}"
    elif kept == 0:
        words = "count the reply, lose nothing"
    else:
        words = "count the reply, give back the least"
    return f"{HEADS[theme]}: {words}"


def _shape(
    theme: str, position: Position, goal: str, solution: tuple[Move, ...], events: tuple[Event, ...]
) -> list[str] | None:
    """The titles a candidate may take (most telling first), or None if it does not suit its theme."""
    drops = sum(e.kind == "drop" for e in events)
    relays = sum(e.kind == "relay" for e in events)
    captures = [e for e in events if e.kind == "capture"]
    gain = sum(e.pebbles for e in captures) + sum(e.stones for e in captures) * position.rules.mandarin_value
    pts = f"{gain} point{'s' if gain != 1 else ''}"
    if theme == "first_capture":
        squares = sorted({m.square for m in position.legal_moves()})
        if drops > 8 or gain < 1:
            return None
        if len(squares) == 1:
            return [f"Square {squares[0]} alone: which way takes {pts}?"]
        return [f"A first capture of {pts}", f"{len(squares)} squares to try: which takes {pts}?"]
    if theme == "relay":
        if gain < 2:
            return None
        head = f"{WORDS[relays]} relay{'s' if relays > 1 else ''} before the best capture"
        return [f"{head}: {pts}", f"{head}: {pts} out of {len(position.legal_moves())} moves"]
    if theme == "mandarin":
        taken = next(e for e in captures if e.square is not None and e.square >= 10)
        side = "right Mandarin M0" if taken.square == M0 else "left Mandarin M1"
        pebbles = f"{taken.pebbles} pebble{'s' if taken.pebbles != 1 else ''}"
        via = f", after {WORDS[relays].lower()} relay{'s' if relays != 1 else ''}" if relays else " straight away"
        if not taken.stones:  # its stone taken before: a pupil must not look for one (a teacher's review)
            what = f"the {pebbles} in the {side.replace('Mandarin', 'Mandarin square')}"
            return [f"Take {what}: {pts}", f"Take {what}{via}: {pts}"]
        extra = f" and its {pebbles}" if taken.pebbles else " alone"
        return [f"Take the {side}{extra}: {pts}", f"Take the {side}{extra}{via}: {pts}"]
    if theme == "chain":
        return [f"A chain of {len(captures)} captures worth {pts}"]
    if theme == "double_empty":
        if gain < 1:
            return None
        return [f"Not where two squares lie empty: find {pts}", f"Two empty squares stop a move: find {pts}"]
    if theme == "mandarin_gap":
        gap = position.rules.mandarin_gap
        if gap == "chain":
            return [f"A chain over an empty Mandarin square: {pts}", f"Jump the empty Mandarin square: {pts}"]
        if gap == "never":
            return [f"When an empty Mandarin stops a chain: {pts}", f"Empty Mandarins are no gap: find {pts}"]
        return [f"An empty Mandarin square as the gap: {pts}", f"Every empty Mandarin is a gap: find {pts}"]
    if theme == "young_mandarin":
        young = next(
            e for m in position.legal_moves() for e in position.play_traced(m)[1] if e.kind == "young_mandarin"
        )
        held = position.count(young.square or 0)
        side = "M0" if young.square == M0 else "M1"
        return [
            f"Young {side} with {held} pebble{'s' if held != 1 else ''}: find {pts}",
            f"{side} is too young to take: find {pts}",
        ]
    if theme == "mandarin_value":
        if position.rules.mandarin_pieces == "pebbles":
            return [f"Mandarins of pebbles: take {pts}", f"Pebble Mandarins: which move takes {pts}?"]
        return [f"Mandarins worth 5: find {pts}", f"When a Mandarin is worth 5: {pts}"]
    if theme == "tha_ca":
        borrowed = sum(e.pebbles for e in events if e.kind == "borrow")
        if gain < 1:
            return None
        if borrowed:
            return [f"Borrow {borrowed}, release the fish, take {pts}"]
        return [f"Release the fish, then take {pts}", f"An empty row, then {pts}"]
    return None


def _endgame(position: Position) -> Candidate | None:
    left = board_points(position)
    mover = position.to_move
    lead = position.points(mover) - position.points(1 - mover)
    if left > 24 or abs(lead) > left:
        return None  # too big to prove quickly, or already decided whatever is played
    # The proof must stay small, so that the tests re-prove every endgame quickly: counted in
    # positions searched, the same on any machine.
    searched = sum(search_size(position.play(m), max_nodes=SOLVER_NODES) for m in position.legal_moves())
    if searched > MAX_PROOF_NODES:
        return None
    for goal in ("win", "not_lose", "best"):
        try:
            solution = goal_moves(position, goal)
        except UnsolvedError:
            continue
        if len(solution) != 1:
            continue
        value = measure(position, goal, solution).value
        stake = "level so far" if lead == 0 else f"you lead by {lead}" if lead > 0 else f"you are {-lead} behind"
        head = f"{left} points left, {stake}"
        if goal == "win":
            words = "the only winning move"
        elif goal == "not_lose":
            words = "the only move that saves a draw" if value == 0 else "the only move that does not lose"
        elif value < 0:
            words = "lose by as little as possible"
        else:
            words = "the biggest win"
        titles = [f"{head}: {words}", f"{head}, {len(position.legal_moves())} moves: {words}"]
        return Candidate("endgame", position, goal, solution, titles)
    return None


# ----------------------------------------------------------------- choosing


def key(position: Position) -> tuple[str, str]:
    """What makes two positions the same puzzle board: the text and the rules."""
    return position.to_text(), repr(position.rules)


def rules_name(puzzle: Puzzle) -> str:
    """The name in :data:`RULE_SETS` of a puzzle's rules (a kept puzzle counts toward that quota)."""
    return next((name for name, rules in RULE_SETS.items() if rules == puzzle.rules), "other")


@dataclass(frozen=True)
class Task:
    """One theme and rule set to find candidates for: ``wanted`` of them, within ``budget`` seconds."""

    theme: str
    rules_name: str
    wanted: int
    games: int
    seed: int
    budget: float
    taken: frozenset[tuple[str, str]]  # the kept puzzles' boards: never proposed again
    titles: frozenset[str]  # the kept puzzles' titles: a new title is like none of them


def collect(task: Task) -> tuple[Task, list[Puzzle], float]:
    """The measured candidates of ``task``, in the order found (its ids all "new"), and the seconds taken.

    A function of the task alone, so that tasks can run in parallel (``--jobs``): while the
    wanted number is found before the budget runs out, the candidates do not depend on the
    machine nor on the order the tasks run in.
    """
    began = time.perf_counter()
    found: list[Puzzle] = []
    seen = set(task.taken)
    titles = set(task.titles)
    count = task.games * {"endgame": 6, "mandarin_gap": 2}.get(task.theme, 1)
    for position in positions(task.theme, RULE_SETS[task.rules_name], count, task.seed):
        if len(found) >= task.wanted or time.perf_counter() - began > task.budget:
            break
        if key(position) in seen:
            continue
        seen.add(key(position))
        made = candidate(task.theme, position)
        if made is None:
            continue
        choices = [*made.titles, *(f"{t} ({made.moves} moves to choose from)" for t in made.titles)]
        title = next((t for t in choices if t not in titles), None)
        if title is None:
            continue
        first_lesson = made.theme == "first_capture"
        puzzle = made_puzzle(
            "new", title, made.theme, made.position, made.goal, made.solution, first_lesson=first_lesson
        )
        if task.theme == "endgame" and puzzle.difficulty < ENDGAME_LEAST:
            continue
        titles.add(puzzle.title)
        found.append(puzzle)
    return task, found, time.perf_counter() - began


def stem(title: str) -> str:
    """A title without the count of moves that tells it from one alike.

    >>> stem("A chain of 2 captures (6 moves to choose from)"), stem("Two relays before the best capture: 2 points")
    ('A chain of 2 captures', 'Two relays before the best capture: 2 points')
    >>> stem("One relay before the best capture: 2 points out of 6 moves")
    'One relay before the best capture: 2 points'
    """
    return re.sub(r" \(\d+ moves to choose from\)$| out of \d+ moves$", "", title)


def pick(found: list[Puzzle], quota: int, titles: set[str], taken: set[tuple[str, str]]) -> list[Puzzle]:
    """``quota`` of the candidates ``found``, spread over the difficulties: one of each level in turn.

    A candidate whose title or board another pick already has is passed over; within a level,
    one whose title is unlike every other (another :func:`stem`) comes before one that differs
    only by its count of moves, so that a reader does not meet the same title twice on the path.
    """
    # Each level's candidates in the order found: endgames that decide the game first, then the "best" ones.
    buckets = {
        level: sorted((p for p in found if p.difficulty == level), key=lambda p: p.goal == "best")
        for level in range(1, MOST_DIFFICULT + 1)
    }
    stems = {stem(t) for t in titles}
    picked: list[Puzzle] = []
    while len(picked) < quota and any(buckets.values()):
        for bucket in buckets.values():  # one of each level in turn
            bucket[:] = [p for p in bucket if p.title not in titles and key(p.position) not in taken]
            if bucket and len(picked) < quota:
                one = next((p for p in bucket if stem(p.title) not in stems), bucket[0])
                bucket.remove(one)
                picked.append(one)
                titles.add(one.title)
                stems.add(stem(one.title))
                taken.add(key(one.position))
    return picked


def propose(
    seed: int,
    games_count: int,
    budget_each: float,
    endgame_budget: float,
    themes: list[str],
    log: Callable[[str], None],
    kept: list[Puzzle] | None = None,
    jobs: int = 1,
) -> list[Puzzle]:
    """The path: each theme's quota per rule set, spread over the difficulties.

    The ``kept`` puzzles (those of an earlier collection, ``--keep``) stay as they are and count
    toward their theme's quota; only the rest is proposed, with new boards and titles, the ids
    going on from each theme's last number. ``jobs`` processes look for candidates at once.
    """
    kept = list(kept or [])
    titles = {p.title for p in kept}
    taken = {key(p.position) for p in kept}
    have = Counter((p.theme, rules_name(p)) for p in kept)
    tasks = [
        Task(
            theme,
            name,
            # a few candidates a puzzle, so that the quota can be spread over the difficulties with
            # titles unlike the others (the endgames' take the solver long to find)
            (quota - have[theme, name]) * (2 if theme == "endgame" else 8),
            games_count,
            seed,
            endgame_budget if theme == "endgame" else budget_each,
            frozenset(taken),
            frozenset(titles),
        )
        for theme in themes
        for name, quota in QUOTAS[theme].items()
        if quota > have[theme, name]
    ]
    results: dict[tuple[str, str], list[Puzzle]] = {}

    def record(task: Task, found: list[Puzzle], seconds: float) -> None:
        results[task.theme, task.rules_name] = found
        log(f"{task.theme} / {task.rules_name}: {len(found)} candidates of {task.wanted} wanted in {seconds:.0f} s")

    if jobs > 1:
        # the longest budgets first, so that the endgames do not start last and run alone
        longest = sorted(tasks, key=lambda t: -t.budget)
        with ProcessPoolExecutor(jobs) as pool:
            for run in pool.map(collect, longest):
                record(*run)
    else:
        for task in tasks:
            record(*collect(task))
    chosen: list[Puzzle] = []
    for task in tasks:  # picked in path order, whatever order the tasks ended in
        quota = QUOTAS[task.theme][task.rules_name] - have[task.theme, task.rules_name]
        picked = pick(results[task.theme, task.rules_name], quota, titles, taken)
        log(
            f"{task.theme} / {task.rules_name}: {len(picked)} new of {quota} "
            f"(difficulties {sorted(p.difficulty for p in picked)})"
        )
        chosen.extend(picked)
    counts: dict[str, int] = {}
    for puzzle in kept:  # a new id goes on from its theme's last number ("relay-12", then "relay-13")
        number = puzzle.id.rpartition("-")[2]
        counts[puzzle.theme] = max(counts.get(puzzle.theme, 0), int(number) if number.isdigit() else 0)
    numbered: list[Puzzle] = []
    for puzzle in path(chosen):
        counts[puzzle.theme] = counts.get(puzzle.theme, 0) + 1
        numbered.append(replace(puzzle, id=f"{puzzle.theme.replace('_', '-')}-{counts[puzzle.theme]}"))
        if problems := verify(numbered[-1]):  # pragma: no cover - candidate() already checked the same things
            raise SystemExit(f"not proved: {problems}")
    return path(kept + numbered)


def spread(puzzles: list[Puzzle]) -> str:
    """How many puzzles each difficulty holds, and their share (issue 42: none above 30 %).

    >>> from oanquan.puzzles import load_builtin
    >>> spread(load_builtin()[:4])
    '1: 4 (100 %)'
    """
    levels = Counter(p.difficulty for p in puzzles)
    return ", ".join(f"{level}: {n} ({100 * n / len(puzzles):.0f} %)" for level, n in sorted(levels.items()))


def main(argv: list[str] | None = None) -> int:
    """Print the proposed path as a puzzle file."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games to play for each theme and rule set")
    parser.add_argument("--theme", action="append", choices=sorted(THEMES), help="only this theme (repeatable)")
    parser.add_argument("--seed", type=int, default=14, help="seed of the games (default 14)")
    parser.add_argument("--budget", type=float, default=600.0, help="seconds for each theme and rule set")
    parser.add_argument("--endgame-budget", type=float, default=1800.0, help="seconds for the endgames")
    parser.add_argument(
        "--keep", metavar="FILE", help="keep every puzzle of this puzzle file and propose only new ones"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes looking for candidates at once")
    args = parser.parse_args(argv)
    themes = args.theme or list(THEMES)
    kept = load(args.keep) if args.keep else []
    puzzles = propose(
        args.seed,
        args.games,
        args.budget,
        args.endgame_budget,
        themes,
        lambda line: print(line, file=sys.stderr),
        kept,
        args.jobs,
    )
    print(f"{len(puzzles)} puzzles ({len(puzzles) - len(kept)} new); difficulties {spread(puzzles)}", file=sys.stderr)
    sys.stdout.write(dumps(puzzles))
    return 0


if __name__ == "__main__":
    sys.exit(main())
