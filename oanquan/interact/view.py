"""One view-model of a game, that every surface renders: the interaction layer's words for a board.

The notebooks' :class:`~oanquan.widgets.GameBoard`, the website's bridge
(:mod:`oanquan.web`: the Play and Puzzles pages and the chapters' live boards)
and the terminal game (``python -m oanquan``) all show the same things about a
game in progress: what the players are called, whose turn it is, the scores
and what they are made of, and how the game ended. :func:`game_view` computes
them once from a :class:`~oanquan.interact.controller.Controller`, so that the same
game reads the same on every surface.

* **Names**: :attr:`Controller.names`, which a move's caption uses too: against
  the computer, "You" and "Computer"; otherwise the rows the players own (R1.2):
  "Bottom row" (player 0) and "Top row" (player 1).
* **Scores**: one score everywhere, :meth:`Controller.score_breakdown`'s:
  while the game goes on the points settled so far (captures, less what each
  owes, plus what each is owed, R8.2), at its end the final scores with the
  pebbles swept from the rows (R7.4).
* **The end** in words: a headline with the names, why the game ended (with no
  option name) and each score taken apart.

>>> from oanquan.interact.controller import Controller
>>> view = game_view(Controller(players=(None, 3)))
>>> view.names, view.status, view.scores
(('You', 'Computer'), 'Your move: you play the bottom row.', (0, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n import _
from ..narrate import end_words
from ..position import Outcome
from ..puzzles import SOLVER_GOALS
from .controller import Controller, PlayedMove, ScoreBreakdown

__all__ = ["FinalWords", "GameView", "announcement", "game_view", "status_line"]


@dataclass(frozen=True)
class FinalWords:
    """The end of a game in a reader's words: who won, why, and each side's score taken apart.

    >>> from oanquan import Position
    >>> from oanquan.interact.controller import Controller
    >>> c = Controller(Position.from_text("3,0,0,0,0,4,0,0,0,0 0,0 30,33 0,0 1"))
    >>> game_view(c).final.headline, game_view(c).final.reason
    ('Top row wins!', '36 to 34: both Mandarin squares are empty (R7.1).')
    """

    headline: str
    reason: str
    scores: tuple[int, int]
    lines: tuple[str, ...]


@dataclass(frozen=True)
class GameView:
    """What every surface shows about a game: the players' names, the status line, the scores and the end.

    >>> from oanquan.interact.controller import Controller
    >>> c = Controller()
    >>> _ = c.play("7R")
    >>> view = game_view(c)
    >>> view.status, view.scores, view.score_lines[0]
    ('Top row to move.', (6, 0), 'Bottom row: 6 captured + 0 from their row = 6.')
    """

    names: tuple[str, str]
    status: str
    scores: tuple[int, int]
    breakdown: ScoreBreakdown
    score_lines: tuple[str, ...]
    final: FinalWords | None

    @property
    def score_line(self) -> str:
        """The names and scores on one line, as the Play page writes them.

        >>> from oanquan.interact.controller import Controller
        >>> game_view(Controller(players=(None, 3))).score_line
        'You 0 · Computer 0'
        """
        return _("{first} {a} · {second} {b}").format(
            first=self.names[0], a=self.scores[0], second=self.names[1], b=self.scores[1]
        )


def status_line(controller: Controller) -> str:
    """Whose turn it is, in the reader's words, or how the game ended.

    >>> from oanquan.interact.controller import Controller
    >>> status_line(Controller()), status_line(Controller(players=(3, None)))
    ('Bottom row to move.', 'The computer is thinking…')
    >>> status_line(Controller(players=(None, 3)))
    'Your move: you play the bottom row.'
    """
    c = controller
    outcome = c.game.outcome()
    if outcome is not None and c.puzzle is not None and c.puzzle.goal not in SOLVER_GOALS:
        # A puzzle about one move's points is set on a made-up board: who would win the game
        # that move ends says nothing of the answer, and beside "Right!" it read as a defeat.
        if c.result == "right":  # nothing to try again: the next puzzle (issue 46)
            return _("This move ends the game: {reason}. Choose the next puzzle.").format(
                reason=end_words(outcome.termination)
            )
        return _("This move ends the game: {reason}. Press Try again, or choose another puzzle.").format(
            reason=end_words(outcome.termination)
        )
    if outcome is not None:
        return _("Game over: {reason}. {headline}").format(
            reason=end_words(outcome.termination), headline=_headline(c, outcome.winner)
        )
    mover = c.position.to_move
    if c.puzzle is not None:
        if not c.answered:
            return ""
        # after a right answer there is nothing to try again (issue 46)
        return _("Choose the next puzzle.") if c.result == "right" else _("Press Try again, or choose another puzzle.")
    if c.humans == (True, True):
        return _("{name} to move.").format(name=c.names[mover])
    if c.is_human(mover):
        return _("Your move: you play the bottom row.") if mover == 0 else _("Your move: you play the top row.")
    return _("The computer is thinking…")


def game_view(controller: Controller) -> GameView:
    """The view-model of ``controller``'s game: what every surface shows (see the module's notes).

    At the end of a game (not a puzzle), ``final`` says who won, why, and each side's score taken apart.
    """
    c = controller
    names = c.names
    breakdown = c.score_breakdown()
    lines = tuple(breakdown.lines(names))
    outcome = c.game.outcome()
    final = None
    if outcome is not None and c.puzzle is None:
        final = FinalWords(
            headline=_headline(c, outcome.winner), reason=_result_reason(outcome), scores=breakdown.scores, lines=lines
        )
    return GameView(
        names=names, status=status_line(c), scores=breakdown.scores, breakdown=breakdown, score_lines=lines, final=final
    )


def announcement(played: Sequence[PlayedMove], view: GameView) -> str:
    """What a screen reader hears once the moves just played are shown: one sentence per move, the score, the turn.

    A board's caption changes with every step of a move's animation, so it is no live region:
    this is said once, after the animation (issue 22).

    >>> from oanquan.interact.controller import Controller
    >>> c = Controller(players=(None, 3))
    >>> print(announcement(c.play("7R"), game_view(c)))
    Move 1: you play 7R — relay from 2; captures 8 (6 pebbles). Score: You 6 · Computer 0. The computer is thinking…
    """
    if not played:
        return ""
    score = _("Score: {scores}.").format(scores=view.score_line)
    return " ".join([*(move.summary for move in played), score, view.status]).strip()


def _headline(controller: Controller, winner: int | None) -> str:
    if winner is None:
        return _("A draw!")
    humans = controller.humans
    if humans[0] == humans[1]:
        return _("{name} wins!").format(name=controller.names[winner])
    return _("You win!") if controller.is_human(winner) else _("The computer wins.")


def _result_reason(outcome: Outcome) -> str:
    """The score, the winner's first, and why the game ended."""
    reason = end_words(outcome.termination)
    high, low = max(outcome.scores), min(outcome.scores)
    said = (
        _("{high} to {low}: {reason} ({rule}).").format(high=high, low=low, reason=reason, rule=outcome.rule)
        if outcome.winner is not None
        else _("{high} each: {reason}.").format(high=high, reason=reason)
    )
    return said[0].upper() + said[1:]
