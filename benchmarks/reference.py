"""A plain reference implementation of the rules of RULES.md, for ``make bench`` and a test.

This is the engine a careful newcomer would write from RULES.md alone: one
class, the squares in a dict keyed by their names (``0``-``9``, ``"M0"``,
``"M1"``), the ring as a list searched with ``index``, and a fresh copy of the
whole game for every move. It shares no code with ``oanquan/``, so that
``tests/test_reference.py`` can check the two against each other on random
games under every option of RULES §9, and ``make bench`` can print the
engine's speed as a ratio to this one, measured in the same run.

>>> game = ReferenceGame()
>>> game.play("7R").to_text()    # RULES §11, first example
'6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0 0,0 1'
>>> ReferenceGame(mandarin_gap="never").legal_moves()[:3]
['5L', '5R', '6L']
"""

from __future__ import annotations

# R1.3: the ring in direction R. Direction L goes the other way round.
RING = [0, 1, 2, 3, 4, "M1", 5, 6, 7, 8, 9, "M0"]
MANDARINS = ["M0", "M1"]


class ReferenceGame:
    """A game from the opening, under the options of RULES §9 given as keywords."""

    def __init__(
        self,
        mandarin_pieces: str = "stone",
        mandarin_value: int = 10,
        mandarin_gap: str = "chain",
        young_mandarin_min: int = 0,
        max_plies: int = 300,
    ) -> None:
        self.mandarin_pieces = mandarin_pieces
        self.mandarin_value = mandarin_value
        self.mandarin_gap = mandarin_gap
        self.young_mandarin_min = young_mandarin_min
        self.max_plies = max_plies
        # R2.1, R2.2: five pebbles in each citizen square; a stone, or pebbles, in each Mandarin square.
        self.pebbles: dict[int | str, int] = {}
        for square in range(10):
            self.pebbles[square] = 5
        self.stone = {}
        for square in MANDARINS:
            if mandarin_pieces == "stone":
                self.pebbles[square] = 0
                self.stone[square] = True
            else:
                self.pebbles[square] = mandarin_value
                self.stone[square] = False
        self.store = [0, 0]  # captured pebbles
        self.stones_won = [0, 0]  # captured Mandarin stones
        self.debt = [0, 0]  # R6.2
        self.player = 0  # R2.5
        self.plies = 0  # R7.3

    def copy(self) -> ReferenceGame:
        other = ReferenceGame(
            self.mandarin_pieces, self.mandarin_value, self.mandarin_gap, self.young_mandarin_min, self.max_plies
        )
        other.pebbles = dict(self.pebbles)
        other.stone = dict(self.stone)
        other.store = list(self.store)
        other.stones_won = list(self.stones_won)
        other.debt = list(self.debt)
        other.player = self.player
        other.plies = self.plies
        return other

    # ------------------------------------------------------------ the board

    def row(self, player: int) -> list[int]:
        """R1.1: player 0 owns 5-9, player 1 owns 0-4."""
        if player == 0:
            return [5, 6, 7, 8, 9]
        return [0, 1, 2, 3, 4]

    def next_square(self, square: int | str, direction: str) -> int | str:
        """R1.3: the square after ``square`` going in ``direction``."""
        i = RING.index(square)
        if direction == "R":
            return RING[(i + 1) % 12]
        return RING[(i - 1) % 12]

    def is_empty(self, square: int | str) -> bool:
        """R2.4: no pebbles and no stone."""
        if self.pebbles[square] > 0:
            return False
        return not (square in MANDARINS and self.stone[square])

    def row_is_empty(self, player: int) -> bool:
        return all(self.pebbles[square] == 0 for square in self.row(player))

    # -------------------------------------------------------------- the end

    def outcome(self) -> tuple[tuple[int, int], int | None, str] | None:
        """None while the game goes on, else (scores, winner or None, rule): R7, R8."""
        if self.is_empty("M0") and self.is_empty("M1"):
            reason = "R7.1"
        elif self.row_is_empty(self.player) and self.store[0] + self.store[1] < 5:
            reason = "R7.2"
        elif self.max_plies > 0 and self.plies >= self.max_plies:
            reason = "R7.3"
        else:
            return None
        scores = []
        for player in (0, 1):
            score = self.store[player] + self.mandarin_value * self.stones_won[player]  # R8.1
            for square in self.row(player):
                score += self.pebbles[square]  # R7.4
            score = score - self.debt[player] + self.debt[1 - player]  # R8.2
            scores.append(score)
        if scores[0] > scores[1]:
            winner: int | None = 0
        elif scores[1] > scores[0]:
            winner = 1
        else:
            winner = None
        return (scores[0], scores[1]), winner, reason

    # ------------------------------------------------------------ the moves

    def legal_moves(self) -> list[str]:
        """R3.2: the mover's non-empty squares (all five if thả cá comes first), L and R."""
        if self.outcome() is not None:
            return []
        empty_row = self.row_is_empty(self.player)
        moves = []
        for square in self.row(self.player):
            if empty_row or self.pebbles[square] > 0:
                moves.append(f"{square}L")
                moves.append(f"{square}R")
        return moves

    def play(self, move: str) -> ReferenceGame:
        """The game after ``move`` (text such as ``"7R"``); this game is left as it was."""
        if move not in self.legal_moves():
            raise ValueError(f"illegal move {move!r} in {self.to_text()!r}")
        after = self.copy()
        after.do_move(int(move[0]), move[1])
        return after

    def do_move(self, square: int, direction: str) -> None:
        me = self.player
        if self.row_is_empty(me):
            self.release_fish(me)
        hand = self.pebbles[square]  # R3.3
        self.pebbles[square] = 0
        current: int | str = square
        while True:
            while hand > 0:
                current = self.next_square(current, direction)
                self.pebbles[current] += 1
                hand -= 1
            after = self.next_square(current, direction)
            if after in MANDARINS:
                # R3.4a, and R5.5 under mandarin_gap="always"
                if not (self.mandarin_gap == "always" and self.is_empty(after)):
                    break
                self.capture(after, direction)
                break
            if self.pebbles[after] > 0:  # R3.4b: relay
                hand = self.pebbles[after]
                self.pebbles[after] = 0
                current = after
                continue
            self.capture(after, direction)  # R3.4c
            break
        self.player = 1 - me  # R3.5
        self.plies += 1

    def release_fish(self, me: int) -> None:
        """R6.1, R6.2: one pebble into each of my squares, borrowing what my store lacks."""
        if self.store[me] < 5:
            short = 5 - self.store[me]
            self.store[1 - me] -= short
            self.store[me] += short
            self.debt[me] += short
        self.store[me] -= 5
        for square in self.row(me):
            self.pebbles[square] += 1

    def capture(self, gap: int | str, direction: str) -> None:
        """R5.1-R5.6: ``gap`` is empty; take the square after it, and on along the chain."""
        me = self.player
        while True:
            target = self.next_square(gap, direction)
            if self.is_empty(target):  # R5.3
                return
            young = self.young_mandarin_min
            if target in MANDARINS and young > 0 and self.stone[target] and self.pebbles[target] < young:
                return  # R5.6
            self.store[me] += self.pebbles[target]  # R5.1
            self.pebbles[target] = 0
            if target in MANDARINS and self.stone[target]:
                self.stone[target] = False
                self.stones_won[me] += 1
            gap = self.next_square(target, direction)
            if not self.is_empty(gap):  # R5.4: no gap after the capture
                return
            if gap in MANDARINS and self.mandarin_gap == "never":  # R5.5
                return
            # R5.2: a gap, so the chain goes on

    # -------------------------------------------------------------- the text

    def to_text(self) -> str:
        """The position in the format of RULES §10."""
        citizens = ",".join(str(self.pebbles[square]) for square in range(10))
        mandarins = []
        for square in MANDARINS:
            n = self.pebbles[square]
            if self.stone[square]:
                mandarins.append("Q" if n == 0 else f"Q+{n}")
            else:
                mandarins.append(str(n))
        stores = []
        for player in (0, 1):
            won = self.stones_won[player]
            text = str(self.store[player])
            if won == 1:
                text += "+Q"
            elif won == 2:
                text += "+2Q"
            stores.append(text)
        return f"{citizens} {','.join(mandarins)} {','.join(stores)} {self.debt[0]},{self.debt[1]} {self.player}"
