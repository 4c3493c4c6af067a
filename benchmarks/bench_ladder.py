"""Level 5 against level 5 as it was before issue 45: a short match, as ``make ladder`` plays it.

Issue 45 gave level 5 the time the Play page allows, as a larger budget of positions
(``ai.LEVEL5_NODES``, against :data:`benchmarks.ladder.LEVEL5_BEFORE` before). This plays
:data:`GAMES` games between the two, each pair of games (colours swapped) from its own position
after three random moves that the ladder's judge values within 3 points: after four random moves
most openings are far from even and the colour decides, and after two there are only 10 even ones
(``benchmarks/ladder.py``). It prints the match as ``make ladder`` does; the longer match, ``python
-m benchmarks.ladder --games 120 --levels 5@40000,5 --opening 3 --balanced 3``, gave 66-17-37
(62.1%, mean margin +2.6 points; 83 distinct games), its first 20 games 11-3-6.
"""

from __future__ import annotations

from benchmarks import ladder

GAMES = 20


def main() -> None:
    """Print the match."""
    ladder.main(
        [
            "--games",
            str(GAMES),
            "--levels",
            f"5@{ladder.LEVEL5_BEFORE},5",
            "--opening",
            "3",
            "--balanced",
            "3",
            "--workers",
            "2",
        ]
    )


if __name__ == "__main__":
    main()
