"""Widgets: how long a click takes to give the next board, and how big a step player's frames are (issue 3).

Target: a click (square, then direction) produces the next board's frames in
the kernel in under 50 ms. The frame sizes matter for the book: a page holds
every frame of every step player on it, and each page should stay under 2 MB.
"""

from __future__ import annotations

import json
import random
import statistics
import time

from ipywidgets.embed import dependency_state

from oanquan import Game, Move, Position
from oanquan.svg import board_svg
from oanquan.widgets import GameBoard, StepPlayer


def click_latencies(plies: int = 120, seed: int = 5) -> list[float]:
    """Milliseconds from a square click to the animated frames of the move being ready, over a random game."""
    rng = random.Random(seed)
    board = GameBoard(animate=True)
    times: list[float] = []
    while len(times) < plies:
        legal = board.game.legal_moves()
        if not legal:
            board.new_game()
            continue
        move = rng.choice(legal)
        start = time.perf_counter()
        board.square_buttons[move.square].click()
        board.direction_buttons[move.direction].click()
        times.append((time.perf_counter() - start) * 1000)
        assert board.viewer.frames[-1].position == board.game.position
    return times


def longest_move(games: int = 200, seed: int = 11) -> tuple[Position, Move, int]:
    """The move with the most trace events found in seeded random games: a long relay."""
    rng = random.Random(seed)
    best: tuple[Position, Move, int] = (Position.initial(), Move(7, "R"), 0)
    for _ in range(games):
        game = Game()
        while game.legal_moves():
            position = game.position
            move = rng.choice(game.legal_moves())
            events = game.play_traced(move)
            if len(events) > best[2]:
                best = (position, move, len(events))
    return best


def main() -> None:
    svg_times = []
    position = Position.initial().play("7R")
    for _ in range(200):
        start = time.perf_counter()
        board_svg(position, last_move="7R", selectable=range(5))
        svg_times.append((time.perf_counter() - start) * 1000)
    print(f"board_svg: {statistics.median(svg_times):.2f} ms per picture (median of 200)")

    times = click_latencies()
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    print(
        f"GameBoard click to next board (kernel side, {len(times)} moves): "
        f"median {statistics.median(times):.1f} ms, 95% {p95:.1f} ms, max {times[-1]:.1f} ms (target < 50 ms)"
    )

    position, move, events = longest_move()
    start = time.perf_counter()
    player = StepPlayer.from_move(position, move)
    built = (time.perf_counter() - start) * 1000
    svg_bytes = sum(len(f.svg.encode()) for f in player.frames)
    state = json.dumps(dependency_state(player))
    print(
        f"longest move in 200 random games: {move} from '{position.to_text()}' — {events} events, "
        f"{len(player.frames)} frames, built in {built:.0f} ms"
    )
    print(
        f"  frames: {svg_bytes / 1024:.0f} KiB of SVG ({svg_bytes / len(player.frames) / 1024:.1f} KiB a frame); "
        f"embedded widget state {len(state.encode()) / 1024:.0f} KiB"
    )
    board = GameBoard(position)
    timings = []
    for _ in range(2):  # the first time the board makes its frame widgets; then it reuses them
        start = time.perf_counter()
        board.square_buttons[move.square].click()
        board.direction_buttons[move.direction].click()
        timings.append((time.perf_counter() - start) * 1000)
        board.undo()
    print(f"  GameBoard click to next board for this move: {timings[0]:.0f} ms first, {timings[1]:.0f} ms after")
    opening = StepPlayer.from_move(Position.initial(), "7R")
    state = json.dumps(dependency_state(opening))
    print(f"  for comparison, 7R from the opening: {len(opening.frames)} frames, state {len(state) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
