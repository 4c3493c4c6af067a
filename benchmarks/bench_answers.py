"""What the engine sends the page for a move: bytes of the bridge's answers (issues 20 and 41).

An answer carries plain data, no markup: the board after the move as its scene
(:func:`oanquan.web.scene_data`) and each picture of the move as the scene's fields that changed
since the picture before (:func:`oanquan.web.frames`). Over 20 random games between friends,
in each language, this prints the median, the 90th percentile and the largest answer, and
the opening move 7R and a computer's reply on their own.
"""

from __future__ import annotations

import json
import random
import statistics
from typing import Any

from oanquan.i18n import language
from oanquan.web import Session, picture

GAMES = 20

#: The same figures before issue 41 (English; pictures sent as SVG patches, packed): the median and
#: the largest answer of the 20 games, and the answer for 7R.
BEFORE = {"median": 10_891, "max": 18_660, "7R": 13_865}


def size(answer: dict[str, Any]) -> int:
    """The bytes of ``answer`` as the bridge sends it (compact JSON, UTF-8)."""
    return len(json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def game_answers(games: int = GAMES, seed: int = 1) -> list[int]:
    """The size of every answer of ``games`` random games between friends, in the language spoken."""
    rng = random.Random(seed)
    sizes: list[int] = []
    for _game in range(games):
        session = Session()
        view = session.new_game({"opponent": "friend"})
        while not view["over"]:
            view = session.play({"move": rng.choice(view["legal"])})
            sizes.append(size(view))
    return sizes


def opening_answer() -> int:
    """The size of the answer for the opening move 7R, in the language spoken."""
    session = Session()
    session.new_game({"opponent": "friend"})
    return size(session.play({"move": "7R"}))


def main() -> None:
    print(f"{'':4} {'answers':>7} {'median':>7} {'p90':>7} {'max':>7} {'7R':>7} {'reply':>7}")
    before = f"{'':>7} {BEFORE['median']:>7,} {'':>7} {BEFORE['max']:>7,} {BEFORE['7R']:>7,}"
    print(f"{'was':4} {before}   (en, before issue 41: SVG sent as patches)")
    for lang in ("en", "vi"):
        with language(lang):
            sizes = sorted(game_answers())
            session = Session()
            session.new_game({"opponent": 2})
            session.play({"move": "7R"})
            reply = size(session.computer())
            p90 = sizes[round(0.9 * (len(sizes) - 1))]
            print(
                f"{lang:4} {len(sizes):>7} {int(statistics.median(sizes)):>7,} {p90:>7,} {sizes[-1]:>7,}"
                f" {opening_answer():>7,} {reply:>7,}"
            )
            board = len(picture(session.view([])["scene"]).encode("utf-8"))
            print(f"     the page's board, drawn once at build time (bytes): {board:,}")


if __name__ == "__main__":
    main()
