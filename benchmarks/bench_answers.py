"""What the engine sends the page for a move: bytes of the bridge's answers (issue 20).

A move's pictures travel as patches (:func:`oanquan.web.packed`): the first whole, each
later one as its changes from the one before, and the board after the move as its changes
from the last picture. Over random games between friends, in each language, this prints
the size of the answers as the page receives them next to the same answers with every
picture whole, and the opening move 7R and a computer's reply on their own.
"""

from __future__ import annotations

import json
import random
from typing import Any

from oanquan.i18n import language
from oanquan.web import Session, packed

GAMES = 20


def _size(answer: dict[str, Any]) -> int:
    return len(json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def _quantile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[round(q * (len(ordered) - 1))]


def main() -> None:
    print(
        f"{'':4} {'answers':>7} {'frames':>11} {'sent: median':>13} {'p90':>7} {'max':>7}"
        f" {'whole: median':>14} {'max':>8} {'≤ 20 KB':>8}"
    )
    for lang in ("en", "vi"):
        with language(lang):
            rng = random.Random(1)
            sent: list[int] = []
            whole: list[int] = []
            pictures: list[int] = []
            for _game in range(GAMES):
                session = Session()
                view = session.new_game({"opponent": "friend"})
                while not view["over"]:
                    view = session.play({"move": rng.choice(view["legal"])})
                    sent.append(_size(packed(view)))
                    whole.append(_size(view))
                    pictures.append(len(view["frames"]))
            under = sum(size <= 20_000 for size in sent) / len(sent)
            frames = f"{_quantile(pictures, 0.5)} (≤{max(pictures)})"
            print(
                f"{lang:4} {len(sent):>7} {frames:>11} {_quantile(sent, 0.5):>13,} {_quantile(sent, 0.9):>7,}"
                f" {max(sent):>7,} {_quantile(whole, 0.5):>14,} {max(whole):>8,} {under:>8.0%}"
            )
            session = Session()
            session.new_game({"opponent": 2})
            opening = session.play({"move": "7R"})
            reply = session.computer()
            print(
                f"     7R: {_size(packed(opening)):,} bytes sent ({_size(opening):,} whole);"
                f" the computer's reply {reply['moves'][-1]} with {len(reply['frames'])} pictures:"
                f" {_size(packed(reply)):,} ({_size(reply):,} whole)"
            )


if __name__ == "__main__":
    main()
