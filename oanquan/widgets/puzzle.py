"""``PuzzleWidget``: try the puzzles of :mod:`oanquan.puzzles` in a notebook.

A thin adapter over :class:`oanquan.interact.controller.Controller`: it shows a
puzzle's board and goal through a :class:`~oanquan.widgets.StepPlayer`, takes
the learner's move as the game boards do (a square of the picture, then a
direction) or from the list of legal moves, plays the learner's move through the controller and shows
what the puzzle says about it (:meth:`Puzzle.verdict`, :attr:`Puzzle.hint_steps`,
:attr:`Puzzle.explanation`). Every judgement comes from the engine and the
puzzle file; none is made here.

This module needs ``ipywidgets`` (``pip install oanquan[widgets]``).

>>> widget = PuzzleWidget()
>>> widget.try_move(widget.puzzle.solution[0])
>>> widget.solved, 'Right!' in widget.feedback.value
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from ..board import Direction
from ..errors import OAnQuanError, reader_words
from ..i18n import _
from ..interact.board_setup import puzzle_setup
from ..interact.controller import Controller, PlayedMove
from ..move import Move
from ..narrate import row_names
from ..puzzles import Puzzle, load_builtin
from ..rules import rules_in_words
from ..scene import board_scene
from ..svg import Frame
from .boards import StaticFallback, StepPlayer, mark_moves, move_buttons, pick_square, static_view, wide_button

__all__ = ["PuzzleWidget"]


def _feedback_html(text: str, kind: str) -> str:
    colours = {"right": "#1b6e3a", "error": "#a13d00", "info": "#1f1a14"}
    return (
        f'<div class="oaq-feedback {kind}" style="max-width:600px;line-height:1.4;'
        f'color:{colours[kind]}">{escape(text)}</div>'
    )


class PuzzleWidget(StaticFallback, widgets.VBox):  # type: ignore[misc]
    """Shows one puzzle at a time; the learner clicks a square of the board, then a direction.

    Or picks the move in the list (``moves``) and presses *Play*.

    A thin view over a :class:`~oanquan.interact.controller.Controller` (``controller``)
    in puzzle mode: the controller plays the move, judges it with the puzzle's
    own verdict, gives the hint and the answer, and refuses a second answer
    until *Try again*. The move is shown through a
    :class:`~oanquan.widgets.StepPlayer`, paced to about 3 s.

    Parts: ``heading`` (title, theme, difficulty and goal), ``player`` (a
    :class:`~oanquan.widgets.StepPlayer` whose picture's squares are the
    ``square_buttons``), ``direction_buttons``, ``moves`` (the legal moves),
    ``play_button``, ``hint_button``, ``answer_button``, ``retry_button``,
    ``previous_button`` and ``next_button``, and ``feedback``.

    >>> widget = PuzzleWidget()
    >>> widget.next_button.click()
    >>> widget.index, widget.puzzle is widget.puzzles[1]
    (1, True)
    >>> widget.hint_button.click()
    >>> escape(widget.puzzle.hint_steps[0]) in widget.feedback.value
    True
    """

    def __init__(self, puzzles: Sequence[Puzzle] | None = None, index: int = 0, *, seconds: float = 3.0) -> None:
        """A widget for ``puzzles`` (the built-in collection by default), starting at ``index``."""
        self.puzzles: list[Puzzle] = list(puzzles) if puzzles is not None else load_builtin()
        if not self.puzzles:
            raise ValueError("a PuzzleWidget needs at least one puzzle")
        self.index = 0
        self.seconds = seconds
        self.tried: list[Move] = []
        self.controller = Controller(puzzle=self.puzzles[0])
        self.heading = widgets.HTML()
        self.player = StepPlayer([self._start_frame()])
        self.player.speed.min = 10
        # The squares of the picture are the buttons, as on a GameBoard (issue 44).
        self.square_buttons, self.direction_buttons = move_buttons(
            self.player, self.click_square, self.choose_direction
        )
        self.moves = widgets.Dropdown(
            description=_("your move"),
            options=[],
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.play_button = wide_button(
            _("Play"),
            lambda: self.try_move(self.moves.value),
            tooltip=_("play the chosen move"),
            button_style="primary",
        )
        self.hint_button = wide_button(_("Hint"), self.show_hint, tooltip=_("a nudge toward the answer"))
        self.answer_button = wide_button(_("Show answer"), self.show_answer, tooltip=_("the answer and why"))
        self.retry_button = wide_button(
            _("Try again"), lambda: self.show(self.index, again=True), tooltip=_("back to the puzzle's position")
        )
        self.previous_button = wide_button(_("◀ Previous"), lambda: self.show(self.index - 1))
        self.next_button = wide_button(_("Next ▶"), lambda: self.show(self.index + 1))
        self.feedback = widgets.HTML()
        row = widgets.HBox(
            [self.moves, self.play_button, self.hint_button, self.answer_button, self.retry_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        nav = widgets.HBox([self.previous_button, self.next_button])
        directions = widgets.HBox(list(self.direction_buttons.values()))
        super().__init__(
            [self.heading, self.player, directions, row, self.feedback, nav], layout=widgets.Layout(max_width="620px")
        )
        self.show(index)

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle shown now."""
        return self.puzzles[self.index]

    @property
    def solved(self) -> bool:
        """Whether the puzzle shown is solved (the controller refuses another answer until Try again)."""
        return self.controller.result == "right"

    def show(self, index: int, again: bool = False) -> None:
        """Show puzzle ``index`` (wrapping round the collection) at its start; ``again`` (Try again)
        keeps its tries and hints so far.

        >>> widget = PuzzleWidget()
        >>> widget.show(-1)
        >>> widget.index == len(widget.puzzles) - 1
        True
        """
        self.index = index % len(self.puzzles)
        self.tried = []
        puzzle = self.puzzle
        if again and self.controller.puzzle is puzzle:
            self.controller.retry()
        else:
            self.controller.open_puzzle(puzzle)
        options = rules_in_words(puzzle.rules)
        rules = _(" · rules: {options}").format(options=options) if options else ""
        about = _("{theme} · difficulty {stars}").format(theme=puzzle.theme_name, stars="★" * puzzle.difficulty)
        turn = _("{name} to move.").format(name=row_names()[puzzle.position.to_move])
        self.heading.value = (
            f"<h4 style='margin:4px 0'>{escape(self._title())}</h4>"
            f"<div>{escape(about)}{escape(rules)}</div>"
            f"<div><b>{escape(turn)}</b> {escape(puzzle.goal_text)}</div>"
        )
        self.player.set_frames([self._start_frame()])
        self._mark()
        self._offer_moves()
        self.feedback.value = ""

    def click_square(self, square: int) -> None:
        """Choose ``square`` of the picture to move from, or say why it cannot be (then pick a direction).

        >>> widget = PuzzleWidget()
        >>> square = Move.parse(widget.puzzle.solution[0]).square
        >>> widget.click_square(square)
        >>> widget.controller.selected == square, widget.direction_buttons["L"].disabled
        (True, False)
        """
        self.feedback.value = _feedback_html(*pick_square(self.controller, square))
        self.player.replace_frame(0, self._start_frame())
        self._mark()

    def choose_direction(self, direction: Direction) -> None:
        """Play the chosen square in ``direction`` and say if it was right (see :meth:`try_move`).

        >>> widget = PuzzleWidget()
        >>> widget.choose_direction("L")
        >>> "Choose one of your highlighted squares first." in widget.feedback.value
        True
        """
        self._attempt(lambda: self.controller.choose(direction))

    def try_move(self, move: Move | str | None) -> None:
        """Play ``move`` from the puzzle's position through the step player and say if it was right.

        >>> widget = PuzzleWidget()
        >>> wrong = next(m for m in widget.puzzle.position.legal_moves() if not widget.puzzle.is_solution(m))
        >>> widget.try_move(wrong)
        >>> widget.solved, "Not this one" in widget.feedback.value
        (False, True)
        >>> widget.try_move(widget.puzzle.solution[0])
        >>> "press Try again" in widget.feedback.value
        True

        A line of moves is played move by move: the reply comes with a right move, then the next is asked for.

        >>> line = PuzzleWidget([p for p in load_builtin() if p.goal == "line"])
        >>> first, reply, second = line.puzzle.line
        >>> line.try_move(first)
        >>> line.solved, "next move" in line.feedback.value, line.play_button.disabled, len(line.controller.game.moves)
        (False, True, False, 2)
        >>> line.try_move(second)
        >>> line.solved, line.puzzle.explanation[:10] in line.feedback.value
        (True, True)
        """
        if move is None:
            self.feedback.value = _feedback_html(_("Choose a move first."), "error")
            return
        self._attempt(lambda: self.controller.play(move))

    def _attempt(self, action: Callable[[], list[PlayedMove]]) -> None:
        """Play a move through the controller and judge it, or say why it cannot be played."""
        try:
            played = action()
        except OAnQuanError as error:
            self.feedback.value = _feedback_html(reader_words(error), "error")
            return
        self._judge(played)

    def _judge(self, played: list[PlayedMove]) -> None:
        """Show the move just played (a right move of a line with the other side's reply, which the
        controller played) and what the puzzle says about it."""
        self.tried.append(played[0].move)
        self.player.show_moves(played, round(self.seconds * 1000))
        going_on = not self.controller.result  # a line's right move: its next move is asked for
        self.play_button.disabled = not going_on
        if going_on:
            self._offer_moves()
        kind = "right" if self.solved or going_on else "error"
        self.feedback.value = _feedback_html(self.controller.verdict, kind)
        self._mark()

    def show_hint(self) -> None:
        """Say the puzzle's hint."""
        self.feedback.value = _feedback_html(self.controller.hint(), "info")

    def show_answer(self) -> None:
        """Say the answer and its explanation.

        >>> widget = PuzzleWidget()
        >>> widget.answer_button.click()
        >>> widget.puzzle.explanation[:20] in widget.feedback.value
        True
        """
        self.feedback.value = _feedback_html(self.controller.answer(), "info")

    def _start_frame(self) -> Frame:
        """The puzzle's position (in a line, the one before the move asked for now), its squares to move
        from dotted and the chosen one marked."""
        c, puzzle = self.controller, self.puzzle
        position = puzzle.step_position(c.puzzle_step)
        caption = _("{name} to move.").format(name=row_names()[position.to_move]) + " " + puzzle.goal_text
        scene = board_scene(
            position, title=puzzle.title_text, names=row_names(), selectable=c.legal_squares(), selected=c.selected
        )
        return Frame(position, caption, scene)

    def _offer_moves(self) -> None:
        """List the moves to choose from now, none chosen (the first in the list may be the answer)."""
        self.moves.options = [str(m) for m in self.controller.legal_moves()]
        self.moves.value = None
        self.play_button.disabled = False

    def _mark(self) -> None:
        """The squares and directions that take a click now."""
        mark_moves(self.square_buttons, self.direction_buttons, self.controller)

    def _title(self) -> str:
        return _("Puzzle {number} of {count}: {title}").format(
            number=self.index + 1, count=len(self.puzzles), title=self.puzzle.title_text
        )

    def static_html(self) -> str:
        """The puzzle's board and goal, for a notebook that has not run (see :class:`StaticFallback`).

        >>> "Puzzle 1 of" in PuzzleWidget().static_html()
        True
        """
        frame = self._start_frame()
        heading = f"<p><b>{escape(self._title())}</b></p>"
        return static_view(frame.svg, frame.caption, _("This is a puzzle to try"), heading)

    def live_setup(self) -> dict[str, Any] | None:
        """The same puzzles on the website's live board (see :func:`oanquan.interact.board_setup.puzzle_setup`)."""
        return puzzle_setup(self.puzzles, self.index)

    def __repr__(self) -> str:
        return f"PuzzleWidget(puzzle {self.index + 1} of {len(self.puzzles)}: {self.puzzle.id!r})"
