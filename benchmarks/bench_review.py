"""The game review (issue 43): its time for a 40-move game, and the data behind its thresholds.

**Time.** A 40-move game (the first seeded game between two level-3 players that lasts
40 moves, cut there) is reviewed with the review's budgets (``oanquan.review``), from
empty memos: the time to the first move's label and to the whole game, in this process's
CPU time. The browser's figure (the page's worker) is not measured here yet.

**Thresholds.** Seeded games between the computer's levels (each level meets every other
in turn) are reviewed move by move, and the points each level loses per move are printed
as a spread: how many moves, the share that lose nothing, and the percentiles. The
thresholds in ``oanquan.review`` were chosen from this table (its docstring says how);
``python -m benchmarks.bench_review --games 60`` prints the table it quotes.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import quote

from benchmarks.bench_play_page import LONG_TASKS
from oanquan import Game, solver
from oanquan import review as review_module
from oanquan.ai import player_for_level
from oanquan.review import THRESHOLDS, review, review_moves
from tools.testing.localsite import READERS_CHROMIUM, chromium, chromium_missing, serve

#: Games reviewed for the thresholds' table by ``make bench`` (``oanquan.review``'s table used 60).
GAMES = 12
#: The length of the game whose review is timed.
TIMED_MOVES = 40


def pairing(number: int) -> tuple[int, int]:
    """The levels of game ``number``: every level meets every other, each side in turn.

    >>> [pairing(n) for n in range(3)]
    [(1, 2), (2, 3), (3, 4)]
    """
    first = 1 + number % 5
    second = 1 + (number + 1 + number // 5) % 5
    if second == first:
        second = 1 + (second % 5)
    return first, second


def play(levels: tuple[int, int], seed: int, limit: int = 300) -> Game:
    """A game between two computer levels, seeded, of at most ``limit`` moves."""
    game = Game()
    players = (player_for_level(levels[0], seed), player_for_level(levels[1], seed + 1))
    while game.outcome() is None and len(game) < limit:
        game.play(players[game.position.to_move].choose(game.position))
    return game


def long_game(moves: int = TIMED_MOVES) -> Game:
    """The first seeded game between two level-3 players that lasts ``moves`` moves, cut there."""
    for seed in range(1000):
        game = play((3, 3), seed, moves)
        if len(game) >= moves:
            return game
    raise RuntimeError(f"no seeded level-3 game lasted {moves} moves")  # pragma: no cover


def forget() -> None:
    """Empty the review's and the solver's memos, so that a timing starts from nothing."""
    review_module._position_values.cache_clear()  # private memos: a benchmark times the work itself
    solver._solve_cached.cache_clear()
    solver._bounds_cached.cache_clear()


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank).

    >>> percentile([0, 1, 2, 3], 0.5), percentile([0, 1, 2, 3], 0.95)
    (1, 3)
    """
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[rank]


def spread(games: int) -> dict[int, list[float]]:
    """The points lost by each level's moves, over ``games`` seeded games."""
    lost: dict[int, list[float]] = defaultdict(list)
    for number in range(games):
        levels = pairing(number)
        game = play(levels, seed=number)
        for reviewed in review_moves(game):
            lost[levels[reviewed.player]].append(reviewed.lost)
    return lost


def time_review() -> None:
    """Print the time to review a 40-move game, to its first label and to its end."""
    game = long_game()
    forget()
    started = time.process_time()
    first = None
    labels: dict[str, int] = defaultdict(int)
    exact = 0
    for reviewed in review_moves(game):
        if first is None:
            first = time.process_time() - started
        labels[reviewed.label] += 1
        exact += reviewed.exact
    whole = time.process_time() - started
    print(f"review of a {len(game)}-move game (level 3 against level 3), CPython, CPU time:")
    print(f"  first label {first:.2f} s, whole game {whole:.2f} s ({whole / len(game) * 1000:.0f} ms a move)")
    print(f"  {exact} moves valued by the exact solver; labels: " + ", ".join(f"{k} {v}" for k, v in labels.items()))


def play_page(root: Path) -> Path:
    """A Play page under ``root`` (``play/index.html``) with its scripts and Pyodide, as built by build_play."""
    from tools.build import play as build_play

    build_play.main([])
    (root / "_static").mkdir()
    (root / "_static" / "play").symlink_to(build_play.OUT / "play")
    (root / "_static" / "pyodide").symlink_to(build_play.OUT / "pyodide")
    fragment = (build_play.OUT / "play" / "fragments" / "play.html").read_text("utf-8")
    page = root / "play" / "index.html"
    page.parent.mkdir()
    page.write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        f"<title>Play</title></head><body><main>{fragment}</main></body></html>",
        "utf-8",
    )
    return page


def time_in_worker() -> None:
    """Print the time the Play page's worker takes to review the same 40-move game."""
    if missing := chromium_missing(READERS_CHROMIUM):
        print(f"  in the page's worker: not measured ({missing})")
        return
    game = long_game()
    with tempfile.TemporaryDirectory() as folder, serve(folder) as base, chromium(READERS_CHROMIUM) as browser:
        play_page(Path(folder))
        page = browser.new_page()
        page.add_init_script(LONG_TASKS)
        page.goto(f"{base}play/index.html?record={quote(game.record())}&opponent=friend")
        page.wait_for_selector("#oaq[data-state=ready]", timeout=300_000)
        page.evaluate("() => { window.__longTasks = []; }")
        page.click("[data-oaq=review-start]")
        panel = page.wait_for_selector("[data-oaq=review][data-done-ms]", timeout=600_000)
        assert panel is not None
        first, done = (int(panel.get_attribute(f"data-{name}-ms") or 0) for name in ("first", "done"))
        longest = max(page.evaluate("() => window.__longTasks"), default=0)
        engine = "(await import(new URL('../_static/play/engine.js', location.href).href)).pageEngine()"
        browsers = page.evaluate(f"async () => {engine}.call({{op: 'review'}})")["review"]
    print("  in the page's worker (Pyodide, headless Chromium), real time from 'Review this game':")
    print(f"  first label {first / 1000:.2f} s, whole game {done / 1000:.2f} s (target: 5 s and 60 s)")
    print(f"  the page's longest main-thread task meanwhile: {longest} ms (0: none over 50 ms)")
    names = ("Bottom row", "Top row")  # two people at one board, as the page's address says (opponent=friend)
    same = browsers == json.loads(json.dumps(review(game).to_dict(names)))
    print(f"  the same review as CPython's, every value, label and word: {'yes' if same else 'NO'}")


def print_spread(games: int) -> None:
    """Print the thresholds and the table of points lost by level."""
    t = THRESHOLDS
    print(
        f"thresholds: best 0, good < {t.inaccuracy:g}, inaccuracy < {t.mistake:g}, "
        f"mistake < {t.blunder:g}, blunder >= {t.blunder:g} points lost"
    )
    print(f"points lost per move by each level, {games} seeded games reviewed:")
    print(
        f"  {'level':<6} {'moves':>6} {'lost 0':>7} {'p50':>5} {'p75':>5} {'p90':>5} {'p95':>5}"
        f"   {'>= inaccuracy':>13} {'>= mistake':>10} {'blunder':>8}"
    )
    lost = spread(games)
    for level in sorted(lost):
        values = lost[level]
        zero = sum(1 for v in values if v <= 0) / len(values)
        cuts = "".join(f" {percentile(values, s):>5g}" for s in (0.5, 0.75, 0.9, 0.95))
        shares = [sum(1 for v in values if v >= cut) / len(values) for cut in (t.inaccuracy, t.mistake, t.blunder)]
        print(
            f"  {level:<6} {len(values):>6} {zero:>7.0%}{cuts}"
            f"   {shares[0]:>13.0%} {shares[1]:>10.0%} {shares[2]:>8.0%}"
        )


def main(argv: list[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=GAMES, help=f"games reviewed for the table (default {GAMES})")
    games = parser.parse_args([] if argv is None else argv).games  # make bench passes no arguments
    time_review()
    time_in_worker()
    print_spread(games)


if __name__ == "__main__":
    main(sys.argv[1:])
