"""Level 5 against level 5 as it was before issue 45: a short match, as ``make ladder`` plays it.

Issue 45 gave level 5 the time the Play page allows, as a larger budget of positions
(``ai.LEVEL5_NODES``, against :data:`benchmarks.ladder.LEVEL5_BEFORE` before). This plays
:data:`GAMES` games between the two, each pair of games from its own position after four
random moves with colours swapped, and prints the match as ``make ladder`` does (which
plays more games, with every level: ``python -m benchmarks.ladder --games 200 --levels
5@40000,5`` for this match alone).
"""

from __future__ import annotations

from benchmarks import ladder

GAMES = 20


def main() -> None:
    """Print the match."""
    ladder.main(["--games", str(GAMES), "--levels", f"5@{ladder.LEVEL5_BEFORE},5", "--workers", "2"])


if __name__ == "__main__":
    main()
