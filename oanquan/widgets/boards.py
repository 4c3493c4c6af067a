"""The notebook boards: a step-through player, a playable board and a position editor.

These are thin adapters over the engine: they keep positions, events and
frames, turn clicks into engine calls and show what the engine says,
including why it refuses (the error's code in the reader's words, never its
message). No rule of the game is decided here.

* :class:`StepPlayer` shows a move, or a whole game, one frame per trace
  event, each with a caption that names its rule. It is built only from
  widgets linked with ``widgets.jslink`` (``Play`` ⇄ ``IntSlider`` ⇄ ``Stack``
  of ``HTML`` frames, plus "◀ back" and "next ▶" buttons and a speed slider),
  so it keeps working on a static Jupyter Book page with no kernel
  (``docs/stack.md``). The frames are drawn once, in Python.
* :class:`GameBoard` plays a game: click one of your highlighted squares, then
  a direction; the move is animated through a :class:`StepPlayer`. Each side
  is a human or a computer player (:class:`oanquan.ai.Player`).
* :class:`PositionEditor` sets up any position by clicking, checks it with
  the engine as you go, exports it as text and JSON and opens a
  :class:`GameBoard` from it.

This module needs ``ipywidgets`` (``pip install oanquan[widgets]``); the
rest of the package uses the standard library only.

>>> from oanquan import Position
>>> player = StepPlayer.from_move(Position.initial(), "7R")
>>> player
StepPlayer(15 frames)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from html import escape
from typing import Any, Literal

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from ..ai import Player, player_for_level
from ..board import DIRECTIONS, Direction, square_name
from ..errors import IllegalMoveError, OAnQuanError, problem_words, reader_words
from ..game import Game
from ..i18n import N_, _, ngettext
from ..interact.board_setup import LIVE_MIME, editor_setup, game_setup
from ..interact.controller import DEFAULT_HINTS, Controller, Opponent, PlayedMove
from ..interact.editor import Editor
from ..interact.pacing import MAX_MOVE_FRAMES, frame_count, move_frames, pace
from ..interact.view import game_view
from ..move import Move
from ..narrate import outcome_words, row_names
from ..position import MAX_PEBBLES, Position
from ..rules import OPTIONS, Rules
from ..scene import board_scene
from ..svg import HEIGHT, WIDTH, Frame, board_svg, figure_html, square_box, trace_frames

__all__ = [
    "SPEEDS",
    "GameBoard",
    "PlayerFactory",
    "PositionEditor",
    "RulesForm",
    "StepPlayer",
    "default_choices",
    "from_browser",
    "game_frames",
]

#: Makes the player for one side of a :class:`GameBoard`: ``None`` means a human.
PlayerFactory = Callable[[], Player | None]


# The back and next buttons of a StepPlayer are one ToggleButtons widget with a
# button per frame, its ``index`` jslinked to the slider: clicking button i shows
# frame i, in the browser alone. This style sheet shows only the buttons beside
# the selected one (``mod-active``, set by the widget's own script): the one before
# it as "◀ back", the one after it as "next ▶", and the selected one between them
# as "step i of n". Plain CSS in an HTML widget, so it works with no kernel too.
_STEPS_CSS = (
    ".oaq-steps{width:100%;max-width:600px;margin:6px 0}"
    ".oaq-steps>div{display:grid;grid-template-columns:1fr auto 1fr;column-gap:10px;width:100%;align-items:center}"
    ".oaq-steps .widget-toggle-button{display:none}"
    ".oaq-steps .widget-toggle-button:has(+.mod-active),.oaq-steps .mod-active+.widget-toggle-button{"
    "display:block;grid-row:1;width:100%;min-height:44px;height:auto;margin:0;padding:0 8px;font-size:0;"
    "line-height:1.2;border:2px solid #5b4025;border-radius:8px;background:#fbf6ea;color:#1f1a14;"
    # the widget's buttons cut their words to one line ("◀ lùi một bư" at 390 px): these wrap instead
    "white-space:normal;overflow:visible;text-overflow:clip;overflow-wrap:anywhere}"
    ".oaq-steps .widget-toggle-button:has(+.mod-active){grid-column:1}"
    ".oaq-steps .mod-active+.widget-toggle-button{grid-column:3}"
    # The second content, with the words a screen reader says, is ignored by browsers that cannot read it.
    ".oaq-steps .widget-toggle-button:has(+.mod-active)::before"
    '{content:"@BACK@";content:"@BACK@"/"@BACK_SPOKEN@";font-size:17px}'
    ".oaq-steps .mod-active+.widget-toggle-button::after"
    '{content:"@NEXT@";content:"@NEXT@"/"@NEXT_SPOKEN@";font-size:17px}'
    ".oaq-steps .widget-toggle-button.mod-active{display:block;grid-row:1;grid-column:2;width:auto;height:auto;"
    "margin:0;padding:0 4px;border:0;background:none;box-shadow:none;color:inherit;font-size:15px;"
    "pointer-events:none}"
    ".oaq-steps .mod-active:focus:not(:focus-visible){outline:none}"
    '.oaq-steps .mod-active::before{content:"@STEP@"}'
)


def _steps_css(frames: int) -> str:
    """The style sheet of a player's back / next buttons, for a player of ``frames`` frames.

    Its last rules name the number of the last frame, and hide any button past
    it that a page may still hold from a longer list of frames.
    """
    last = f".oaq-of-{frames - 1}"
    css = _STEPS_CSS  # its words in the language spoken (quotes would end a CSS string: none is used)
    for marker, words in (
        ("@BACK_SPOKEN@", _("back")),
        ("@NEXT_SPOKEN@", _("next")),
        ("@BACK@", _("◀ back")),
        ("@NEXT@", _("next ▶")),
        ("@STEP@", _("step ")),
    ):
        css = css.replace(marker, words.replace('"', ""))
    of = _(" of {last}").format(last=frames - 1).replace("'", "")
    return (
        f"<style>{css}{last} .mod-active::after{{content:'{of}'}}"
        f"{last} .widget-toggle-button:nth-child(n+{frames + 1}){{display:none!important}}</style>"
    )


class StaticFallback:
    """Adds to a widget's display a static picture for viewers that cannot show the widget.

    An untrusted notebook in JupyterLab (one opened fresh, before it runs)
    shows no widget: it falls back on the output's other formats, and without
    this it would show the widget's Python repr. So beside the widget view the
    display carries ``text/html``: the board picture (an ``<img>``, which
    JupyterLab's sanitizer keeps) and one line saying to run the notebook.
    Where widgets work (a running notebook, the book's pages) the widget view
    is shown instead. A subclass says what to show in :meth:`static_html`.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_class("oaq-widget")  # type: ignore[attr-defined]  # (a widget: see ONE_DISCONNECTED_SIGN)

    def static_html(self) -> str:
        """The static picture and its line (HTML); subclasses give their own."""
        raise NotImplementedError

    def live_setup(self) -> dict[str, Any] | None:
        """What a live board on the website starts from (:mod:`oanquan.interact.board_setup`); None if there is none."""
        return None

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is not None:
            bundle["text/html"] = self.static_html()
            setup = self.live_setup()
            if setup is not None:
                bundle[LIVE_MIME] = setup
        return bundle


#: What a static fallback says about running the notebook.
RUN_HINT = N_("run the notebook (Run ▸ Run All Cells) to use it.")


def static_view(svg: str | None, caption: str, what: str, heading_html: str = "") -> str:
    """The HTML of a widget's static fallback: a heading (HTML), a board with its caption, and a line to run it.

    >>> from oanquan import Position
    >>> html = static_view(board_svg(Position.initial()), "The opening.", "This board is live")
    >>> "<svg" in html, "This board is live: run the notebook" in html
    (False, True)
    """
    picture = figure_html(None, caption, svg=svg) if svg is not None else ""
    run_line = _("{what}: {hint}").format(what=what, hint=_(RUN_HINT))
    line = f'<p class="oaq-run-hint"><em>{escape(run_line)}</em></p>'
    return f'<div class="oaq-static">{heading_html}{picture}{line}</div>'


#: Before the kernel runs, ipywidgets marks every part of a stored widget (each button, each
#: picture) with a red "disconnected" sign, about 30 on one board: inside the project's widgets
#: (class ``oaq-widget``) only the widget itself keeps its sign.
ONE_DISCONNECTED_SIGN = "<style>.oaq-widget .jupyter-widgets-disconnected::before{content:none}</style>"


def _board_html(svg: str) -> str:
    return f'{ONE_DISCONNECTED_SIGN}<div class="oaq-board" style="max-width:600px;line-height:0">{svg}</div>'


def _caption_html(text: str) -> str:
    return (
        '<div class="oaq-caption" style="max-width:600px;min-height:3em;font-size:1.05em;'
        f'line-height:1.4;padding:2px 4px">{escape(text)}</div>'
    )


def _message_html(text: str, kind: Literal["info", "error"] = "info") -> str:
    if not text:
        return ""
    colour = "#a13d00" if kind == "error" else "#1f1a14"
    mark = "⚠ " if kind == "error" else ""
    return f'<div style="max-width:600px;color:{colour};line-height:1.4">{mark}{escape(text)}</div>'


class _Talking:
    """What a :class:`GameBoard` and a :class:`PositionEditor` share: a message line (``message``, and
    ``message_text`` in plain text), and a quiet spell while they set their own boxes (:meth:`_quiet`)."""

    message: widgets.HTML
    message_text = ""
    #: Whether the widget is setting its own boxes to show its model: their changes are then no request.
    _refreshing = False

    def _say(self, text: str, kind: Literal["info", "error"] = "info") -> None:
        self.message_text = text
        self.message.value = _message_html(text, kind)

    @contextmanager
    def _quiet(self) -> Iterator[None]:
        self._refreshing = True
        try:
            yield
        finally:
            self._refreshing = False


def from_browser(change: Mapping[str, Any]) -> bool:
    """Whether a trait change was sent by the browser (ipywidgets locks the property while applying it).

    A widget that mirrors its ``jslink``s in Python acts only on changes made in Python: the
    browser's own were passed on by the links there already, and echoing one back could undo a
    later one.

    >>> slider = widgets.IntSlider()
    >>> seen = []
    >>> slider.observe(lambda change: seen.append(from_browser(change)), names="value")
    >>> slider.value = 3                      # set in Python
    >>> slider.set_state({"value": 4})        # what the browser sends
    >>> seen
    [False, True]
    """
    return str(change["name"]) in getattr(change["owner"], "_property_lock", {})


def linked(source: tuple[widgets.Widget, str], target: tuple[widgets.Widget, str]) -> widgets.widget_link.Link:
    """``widgets.jslink(source, target)``, which works in the browser with no kernel, and the same link
    mirrored in Python both ways, so that the kernel's copy agrees (and tests can check it).

    The mirror passes on only the changes made in Python (see :func:`from_browser`): the
    browser's own were passed on by the jslink there, and echoing one back could pull a running
    animation back a frame.

    >>> a, b = widgets.IntSlider(), widgets.IntSlider()
    >>> link = linked((a, "value"), (b, "value"))
    >>> a.value = 3
    >>> b.value, link.source == (a, "value")
    (3, True)
    >>> b.value = 5
    >>> a.value
    5
    """
    for (here, name), (there, other) in ((source, target), (target, source)):

        def follow(change: Mapping[str, Any], there: widgets.Widget = there, other: str = other) -> None:
            if not from_browser(change) and getattr(there, other) != change["new"]:
                setattr(there, other, change["new"])

        here.observe(follow, names=name)
    return widgets.jslink(source, target)


def _human() -> str:
    """The menu entry for a human player, in the language spoken."""
    return _("human")


def default_choices() -> dict[str, PlayerFactory]:
    """The players offered in a :class:`GameBoard`: a human, or the computer at levels 1-5.

    A label maps to a function that makes the player (``None`` for a human);
    pass your own mapping as ``GameBoard(choices=...)`` to offer others.

    >>> list(default_choices())[:3]
    ['human', 'computer level 1', 'computer level 2']
    >>> default_choices()["computer level 2"]().name
    'Level 2 (greedy)'
    """
    choices: dict[str, PlayerFactory] = {_human(): lambda: None}
    for level in range(1, 6):
        label = _("computer level {level}").format(level=level)
        choices[label] = lambda level=level: player_for_level(level)  # type: ignore[misc]
    return choices


# ====================================================================== player


class StepPlayer(StaticFallback, widgets.VBox):  # type: ignore[misc]
    """A move or a game, frame by frame: the board after each trace event and a caption naming its rule.

    Controls: "◀ back" and "next ▶" buttons either side of "step i of n"
    (``steps``), play/pause (``play``), a slider (``slider``) and the delay
    between frames in milliseconds (``speed``). They are joined with
    ``widgets.jslink`` only, so the player works without a kernel; the same
    links are mirrored in Python so the widget's state is right in the kernel
    too.

    No stock widget steps a number by one on a click (Play only counts up, and
    on touch screens a number box has no arrows), so ``steps`` is a
    ``ToggleButtons`` with one button per frame whose ``index`` is jslinked to
    the slider; a style sheet (``stylesheet``, an HTML widget) shows only the
    buttons just before and just after the selected one, as "◀ back" and
    "next ▶", large enough for a finger. Clicking one selects that frame: a step
    back or forward, done by the widget's own script. (A browser without CSS
    ``:has()``, older than 2022-23, shows "next ▶" but not "◀ back".)

    >>> from oanquan import Position
    >>> player = StepPlayer.from_move(Position.initial(), "5L")
    >>> player.slider.value = 1
    >>> player.boards.selected_index, player.caption
    (1, 'R3.3 — Bottom row lifts the 5 pebbles of square 5 and sows them to the left (L).')
    """

    def __init__(self, frames: Sequence[Frame], *, interval: int = 700) -> None:
        """A player for ``frames`` (see :func:`oanquan.svg.trace_frames`); ``interval`` is ms per frame."""
        self.frames: list[Frame] = []  # set_frames (below) fills them, and refuses none
        # Every frame shares one layout and one style: fewer widgets, a smaller page.
        self._frame_layout = widgets.Layout(width="100%")
        self._frame_style = HTMLStyle()
        self._board_pool = [self._new_frame_widget()]
        self._caption_pool = [self._new_frame_widget()]
        self.boards = widgets.Stack(self._board_pool, selected_index=0, layout=widgets.Layout(width="100%"))
        self.captions = widgets.Stack(self._caption_pool, selected_index=0, layout=widgets.Layout(width="100%"))
        self.play = widgets.Play(
            value=0, min=0, max=0, step=1, interval=interval, show_repeat=False, description=_("play")
        )
        self.play.tooltip = _("play / pause; the square button goes back to the start")
        self.slider = widgets.IntSlider(
            value=0,
            min=0,
            max=0,
            description=_("frame"),
            # a tooltip of its own: without one the widget manager writes title="null" on the label
            tooltip=_("the step of the move shown: drag it, or use the arrow keys"),
            readout=True,
            continuous_update=True,
            layout=widgets.Layout(flex="1 1 160px", min_width="140px"),
        )
        self.slider.style.description_width = "3.5em"
        self.steps = widgets.ToggleButtons(
            options=["0"], tooltips=[_("step {number}").format(number=0)], layout=widgets.Layout(width="100%")
        )
        self.steps.add_class("oaq-steps")
        self.stylesheet = widgets.HTML(layout=widgets.Layout(display="none"))
        self.speed = widgets.IntSlider(
            value=interval,
            min=100,
            max=3000,
            step=100,
            description=_("ms/step"),
            tooltip=_("the delay between frames when playing, in milliseconds"),
            layout=widgets.Layout(width="100%", max_width="320px"),
        )
        self.speed.style.description_width = "4.5em"
        # The links that make it work in a static page: in the browser, and mirrored in Python.
        self.links = [
            linked((self.play, "value"), (self.slider, "value")),
            linked((self.slider, "value"), (self.steps, "index")),
            linked((self.slider, "value"), (self.boards, "selected_index")),
            linked((self.slider, "value"), (self.captions, "selected_index")),
            linked((self.speed, "value"), (self.play, "interval")),
        ]
        controls = widgets.HBox(
            [self.play, self.slider],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", max_width="600px"),
        )
        super().__init__(
            [self.stylesheet, self.boards, self.captions, self.steps, controls, self.speed],
            layout=widgets.Layout(max_width="620px", width="100%"),
        )
        self.set_frames(frames)

    # ------------------------------------------------------------- making

    @classmethod
    def from_move(
        cls, position: Position, move: Move | str, *, interval: int = 700, id_prefix: str | None = None
    ) -> StepPlayer:
        """Step through ``move`` played in ``position``: the start and one frame per event.

        ``id_prefix`` names the pictures' element ids (see :func:`oanquan.svg.trace_frames`),
        for a page that shows the same move twice.

        >>> from oanquan import Position
        >>> player = StepPlayer.from_move(Position.initial(), "7R")
        >>> len(player.frames) == len(Position.initial().play_traced("7R")[1]) + 1
        True
        """
        _after, events = position.play_traced(move)
        return cls(trace_frames(position, events, move=move, id_prefix=id_prefix, names=row_names()), interval=interval)

    @classmethod
    def from_game(cls, game: Game, *, steps: Literal["events", "moves"] = "events", interval: int = 700) -> StepPlayer:
        """Step through a whole game: every event of every move, or with ``steps="moves"`` one frame a move.

        Per move is lighter for long games (a page holds every frame).

        >>> from oanquan import Game
        >>> StepPlayer.from_game(Game.from_record("7R 0L"), steps="moves")
        StepPlayer(3 frames)
        """
        return cls(game_frames(game, steps=steps), interval=interval)

    @classmethod
    def from_record(
        cls,
        record: str,
        start: Position | str | None = None,
        rules: Rules | None = None,
        *,
        steps: Literal["events", "moves"] = "events",
        interval: int = 700,
    ) -> StepPlayer:
        """Step through a game record (RULES §4.2) played from ``start`` (the opening by default).

        >>> StepPlayer.from_record("7R", steps="moves").frames[-1].caption
        'Move 1: Bottom row plays 7R — relay from 2; captures 8 (6 pebbles).'
        """
        return cls.from_game(Game.from_record(record, start, rules), steps=steps, interval=interval)

    # ------------------------------------------------------------ showing

    def set_frames(self, frames: Sequence[Frame], index: int = 0) -> None:
        """Show new ``frames``, starting at ``index`` (frame widgets are reused, so this is quick).

        >>> from oanquan import Position
        >>> player = StepPlayer.from_move(Position.initial(), "7R")
        >>> player.set_frames(player.frames[:3], index=2)
        >>> player.slider.max, player.slider.value
        (2, 2)
        """
        if not frames:
            raise ValueError("a StepPlayer needs at least one frame")
        self.play.playing = False
        self.frames = list(frames)
        n = len(self.frames)
        while len(self._board_pool) < n:
            self._board_pool.append(self._new_frame_widget())
            self._caption_pool.append(self._new_frame_widget())
        for number, frame in enumerate(self.frames):
            self.replace_frame(number, frame)
        # Go to frame 0, which always exists, before the number of frames changes (every linked part:
        # one the browser moved may not have told the kernel yet).
        self.slider.value = self.play.value = self.steps.index = 0
        self.boards.selected_index = self.captions.selected_index = 0
        self.boards.children = tuple(self._board_pool[:n])
        self.captions.children = tuple(self._caption_pool[:n])
        for control in (self.play, self.slider):
            control.max = n - 1
        with self.steps.hold_sync():
            self.steps.options = [str(i) for i in range(n)]  # labels equal to the index: see _steps_css
            self.steps.tooltips = [_("step {number}").format(number=i) for i in range(n)]
            self.steps._dom_classes = ("oaq-steps", f"oaq-of-{n - 1}")
        self.stylesheet.value = _steps_css(n)
        self.index = index

    def _new_frame_widget(self) -> widgets.HTML:
        return widgets.HTML(layout=self._frame_layout, style=self._frame_style)

    def lay_on_board(self, buttons: Mapping[int, widgets.Button]) -> None:
        """Lay ``buttons`` (see :func:`square_button`) on the squares of the pictures, whichever frame is shown.

        >>> from oanquan import Position
        >>> player = StepPlayer.from_move(Position.initial(), "7R")
        >>> player.lay_on_board({7: square_button(7, "7")})
        >>> player.boards in player.children[1].children
        True
        """
        shown: tuple[widgets.Widget, ...] = self.children  # type: ignore[has-type]  # (a traitlet of VBox)
        self.children = tuple(board_stage(self.boards, buttons) if c is self.boards else c for c in shown)

    def replace_frame(self, index: int, frame: Frame) -> None:
        """Draw frame ``index`` in place, as :meth:`set_frames` draws each (a board redraws one to show a selection).

        >>> from oanquan import Position
        >>> from oanquan.scene import board_scene
        >>> from oanquan.svg import Frame
        >>> player = StepPlayer.from_move(Position.initial(), "7R")
        >>> player.replace_frame(0, Frame(Position.initial(), "Ready?", board_scene(Position.initial())))
        >>> player.caption
        'Ready?'
        """
        self.frames[index] = frame
        self._board_pool[index].value = _board_html(frame.svg)
        self._caption_pool[index].value = _caption_html(frame.caption)

    @property
    def index(self) -> int:
        """The frame shown now (0 is the start); setting it moves the slider, kept in range.

        >>> from oanquan import Position
        >>> player = StepPlayer.from_move(Position.initial(), "7R")
        >>> player.index = 99
        >>> player.index, player.slider.value
        (14, 14)
        """
        return int(self.slider.value)

    @index.setter
    def index(self, value: int) -> None:
        self.slider.value = max(0, min(int(value), len(self.frames) - 1))

    @property
    def frame(self) -> Frame:
        """The :class:`~oanquan.svg.Frame` shown now."""
        return self.frames[self.index]

    @property
    def caption(self) -> str:
        """The caption of the frame shown now.

        >>> from oanquan import Position
        >>> StepPlayer.from_move(Position.initial(), "7R").caption
        'Start: Bottom row to play 7R.'
        """
        return self.frame.caption

    def forward(self) -> None:
        """One frame on, as the "next ▶" button does in the browser.

        >>> from oanquan import Position
        >>> player = StepPlayer.from_move(Position.initial(), "7R")
        >>> player.forward()
        >>> player.frame.event.kind
        'lift'
        """
        self.index = self.index + 1

    def back(self) -> None:
        """One frame back (none before the start).

        >>> from oanquan import Position
        >>> player = StepPlayer.from_move(Position.initial(), "7R")
        >>> player.back()
        >>> player.index
        0
        """
        self.index = self.index - 1

    def animate(self, interval: int | None = None) -> None:
        """Play from the start (the browser runs the animation; the kernel only starts it).

        ``interval`` (ms a picture), when given, sets the pace first.

        >>> from oanquan import Position
        >>> player = StepPlayer.from_move(Position.initial(), "7R")
        >>> player.animate()
        >>> player.play.playing, player.index
        (True, 0)
        >>> player.animate(50)
        >>> player.play.interval
        50
        """
        if interval is not None:
            # (the slider is linked to the play's interval: a pace faster than its range widens it)
            self.speed.min = min(self.speed.min, interval)
            self.speed.value = interval
        self.play.playing = False
        self.index = 0
        self.play.playing = len(self.frames) > 1

    def show_moves(
        self, played: Sequence[PlayedMove], budget: int, *, slowest: int = 700, end: Frame | None = None
    ) -> None:
        """Show the moves just played (:func:`~oanquan.interact.pacing.move_frames`), then ``end``, in about
        ``budget`` ms (:func:`~oanquan.interact.pacing.pace`): each move its share of the pictures if they
        are too many. With no budget (0) the last picture shows at once; the step buttons go back through all.

        >>> from oanquan.interact.controller import Controller
        >>> player = StepPlayer.from_move(Position.initial(), "7R")
        >>> player.show_moves(Controller().play("7R"), 3000)
        >>> len(player.frames), player.play.interval, player.play.playing
        (15, 200, True)
        """
        ends = [end] if end is not None else []
        # counted before any is drawn: a long relay's pictures are drawn once, not once to count them
        count = sum(frame_count(move) for move in played) + len(ends)
        shown, interval = pace(count, budget, slowest=slowest)
        each = MAX_MOVE_FRAMES
        if interval and shown < count:  # too many to show in time: each move its share, at least two
            each = max(2, (shown - len(ends)) // len(played))
        frames = [frame for move in played for frame in move_frames(move, each)] + ends
        _shown, interval = pace(len(frames), budget, slowest=slowest)
        self.set_frames(frames, index=len(frames) - 1)
        if interval:
            self.animate(interval)

    def static_html(self) -> str:
        """The first frame and its caption, for a notebook that has not run (see :class:`StaticFallback`)."""
        first = self.frames[0]
        what = _("Step through this in {n} pictures").format(n=len(self.frames))
        return static_view(first.svg, first.caption, what)

    def __repr__(self) -> str:
        return f"StepPlayer({len(self.frames)} frames)"


def game_frames(game: Game, *, steps: Literal["events", "moves"] = "events") -> list[Frame]:
    """The frames of a whole game: each event of each move, or one frame per move.

    The game is replayed through a :class:`~oanquan.interact.controller.Controller` between
    two friends, so each move is captioned as a board captions it, with the players named
    by their rows, and the end of the game by the ply limit (R7.3) is shown too.

    >>> from oanquan import Game
    >>> frames = game_frames(Game.from_record("7R 0L"))
    >>> frames[0].caption, frames[1].caption[:24]
    ('Start of the game: Bottom row to move.', 'Move 1, 7R: R3.3 — Botto')
    """
    replay = Controller(game.start)
    names = replay.names
    opening = _("Start of the game: {name} to move.").format(name=names.said[game.start.to_move])
    frames = [Frame(game.start, opening, board_scene(game.start, names=names))]
    for move in game.moves:
        played = replay.play(move)[0]
        if steps == "events":  # every event: a limit the move's events cannot reach
            frames.extend(move_frames(played, len(played.events) + 1)[1:])
            continue
        last = played.events[-1] if played.events else None
        after = last.position if last is not None and last.kind in ("sweep", "repay") else replay.position
        outcome = replay.game.outcome()
        text = played.summary + (" " + outcome_words(outcome, names) if outcome is not None else "")
        frames.append(Frame(after, text, board_scene(after, last_move=move, names=names), last))
    return frames


# ======================================================================= rules


class RulesForm(widgets.VBox):  # type: ignore[misc]
    """Inputs for the rule options of RULES §9; :meth:`rules` reads them through the engine.

    >>> form = RulesForm()
    >>> form.young_mandarin_min.value = 5
    >>> form.rules().changes()
    {'young_mandarin_min': 5}
    """

    def __init__(self, rules: Rules | None = None) -> None:
        """A form showing ``rules`` (the defaults when omitted)."""
        # Labels as wide as their words, and menus wide enough for their longest choice, at any
        # width JupyterLab gives a notebook (issue 11 saw "young Mandarin under …" cut at 700 px).
        wide = {"description_width": "initial"}
        menu = widgets.Layout(width="100%", max_width="31em")
        box = widgets.Layout(width="22em", max_width="100%")
        # One input per option, made from its spec (oanquan.rules.OPTIONS): its label, bounds and choices.
        for spec in OPTIONS:
            if spec.is_number:
                field = widgets.BoundedIntText(
                    min=spec.low, max=spec.high, description=_(spec.label), style=wide, layout=box
                )
            else:
                labels = spec.labels or {value: value for value in spec.choices}
                field = widgets.Dropdown(
                    options=[(_(label), value) for value, label in labels.items()],
                    description=_(spec.label),
                    style=wide,
                    layout=menu,
                )
            setattr(self, spec.name, field)
        # Each box is named after its option, in the order of Rules' fields.
        super().__init__([getattr(self, name) for name in Rules().to_dict()])
        self.set_rules(rules if rules is not None else Rules())

    def set_rules(self, rules: Rules) -> None:
        """Show ``rules`` in the form.

        >>> form = RulesForm()
        >>> form.set_rules(Rules(mandarin_gap="never"))
        >>> form.mandarin_gap.value
        'never'
        """
        for name, value in rules.to_dict().items():
            getattr(self, name).value = value

    def rules(self) -> Rules:
        """The :class:`~oanquan.Rules` the form shows (the engine raises RulesError if they cannot be)."""
        return Rules(**{name: getattr(self, name).value for name in Rules().to_dict()})

    def __repr__(self) -> str:
        return f"RulesForm({self.rules()!r})"


# ======================================================================= board


def wide_button(description: str, action: Callable[[], object] | None = None, **options: Any) -> widgets.Button:
    """A button as wide as its words (the default fixed width cuts "skip to the end", issue 11), that calls
    ``action`` when clicked.

    >>> button = wide_button("skip to the end", lambda: print("skipped"))
    >>> button.layout.width
    'auto'
    >>> button.click()
    skipped
    """
    button = widgets.Button(description=description, layout=widgets.Layout(width="auto", flex="0 0 auto"), **options)
    if action is not None:
        button.on_click(lambda _button: action())
    return button


# The board's squares are the buttons (issue 44): a transparent button lies on each square of the
# picture, so a click on the picture's square is a click on its button, and the keyboard reaches
# the squares as it reaches any button (Tab to a square that can be played, Enter or Space picks
# it). The picture and the layer of buttons share one cell of a CSS grid; each button takes its
# square's box (svg.square_box) as a share of the picture's width and height, so they stay on the
# squares at any width. Plain ipywidgets and a style sheet in an HTML widget: it works in
# JupyterLab 4 and Notebook 7 with nothing to install, and the website shows its own live board
# (book/_static_play/liveboard.js) instead. Why no custom widget: docs/lab-findings.md.
_PICK_CSS = (
    ".oaq-stage{display:grid!important;grid-template-columns:minmax(0,1fr);width:100%;max-width:600px}"
    ".oaq-stage>*{grid-area:1/1;margin:0!important}"
    ".oaq-stage>*>.widget-html{margin:0!important}"
    ".oaq-pick{position:relative;width:100%;max-width:600px;aspect-ratio:@W@/@H@;align-self:start;"
    "overflow:visible!important;pointer-events:none}"
    ".oaq-pick>.oaq-square{position:absolute!important;margin:0!important;padding:0!important;min-width:0;"
    "pointer-events:auto;border:0!important;border-radius:8px;background:transparent!important;"
    "box-shadow:none!important;color:transparent!important;cursor:default}"
    ".oaq-pick>.oaq-square.oaq-can{cursor:pointer}"
    ".oaq-pick>.oaq-square.oaq-can:hover{background:rgba(0,158,115,.18)!important}"
    ".oaq-pick>.oaq-square:focus-visible{outline:4px solid #0072b2!important;outline-offset:-4px}"
)


def _pick_css() -> str:
    """The style sheet that lays the square buttons on the picture's squares (as shares of its size)."""
    rules = [_PICK_CSS.replace("@W@", str(WIDTH)).replace("@H@", str(HEIGHT))]
    for square in range(12):
        x, y, w, h = square_box(square)
        rules.append(
            f".oaq-pick>.oaq-sq-{square}{{left:{100 * x / WIDTH:.3f}%;top:{100 * y / HEIGHT:.3f}%;"
            f"width:{100 * w / WIDTH:.3f}%!important;height:{100 * h / HEIGHT:.3f}%!important}}"
        )
    return "<style>" + "".join(rules) + "</style>"


def square_button(square: int, label: str, action: Callable[[int], object] | None = None) -> widgets.Button:
    """The button that lies on ``square`` of the board's picture; ``label`` is its name to a screen reader.
    A click calls ``action(square)``.

    >>> button = square_button(7, "7")
    >>> button.description, sorted(button._dom_classes)
    ('7', ['oaq-sq-7', 'oaq-square'])
    """
    button = widgets.Button(description=label, tooltip=_("square {name}").format(name=square_name(square)))
    button.add_class("oaq-square")
    button.add_class(f"oaq-sq-{square}")
    if action is not None:
        button.on_click(lambda _button: action(square))
    return button


def move_buttons(
    player: StepPlayer, on_square: Callable[[int], None], on_direction: Callable[[Direction], None]
) -> tuple[dict[int, widgets.Button], dict[Direction, widgets.Button]]:
    """The buttons a board is played with: one on each citizen square of ``player``'s pictures
    (a Mandarin square is never played from, R3.2), then one per direction, off until a square is chosen.

    >>> from oanquan import Position
    >>> squares, directions = move_buttons(StepPlayer.from_move(Position.initial(), "7R"), print, print)
    >>> sorted(squares), sorted(directions), directions["L"].disabled
    ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], ['L', 'R'], True)
    """
    squares = {s: square_button(s, str(s), on_square) for s in range(10)}
    player.lay_on_board(squares)
    directions = {
        d: wide_button(d, lambda d=d: on_direction(d), disabled=True)  # type: ignore[misc]
        for d in DIRECTIONS
    }
    return squares, directions


def board_stage(picture: widgets.Widget, buttons: Mapping[int, widgets.Button]) -> widgets.GridBox:
    """The board's ``picture`` with ``buttons`` (see :func:`square_button`) lying on its squares.

    >>> stage = board_stage(widgets.HTML(), {7: square_button(7, "7")})
    >>> [type(child).__name__ for child in stage.children]
    ['HTML', 'Box', 'HTML']
    """
    pick = widgets.Box(list(buttons.values()))
    pick.add_class("oaq-pick")
    style = widgets.HTML(_pick_css(), layout=widgets.Layout(display="none"))
    stage = widgets.GridBox([picture, pick, style])
    stage.add_class("oaq-stage")
    return stage


def mark_squares(buttons: Mapping[int, widgets.Button], playable: Collection[int], chosen: int | None) -> None:
    """Say which squares take a move now: those take the Tab key and show a hand on hover (the picture dots them).

    The others still answer a click, with the reason they cannot be played.

    >>> buttons = {s: square_button(s, str(s)) for s in (6, 7)}
    >>> mark_squares(buttons, {7}, chosen=7)
    >>> buttons[7].tabbable, "oaq-chosen" in buttons[7]._dom_classes, buttons[6].tabbable
    (True, True, False)
    """
    for square, button in buttons.items():
        classes = [c for c in button._dom_classes if c not in ("oaq-can", "oaq-chosen")]
        classes += ["oaq-can"] if square in playable else []
        classes += ["oaq-chosen"] if square == chosen else []
        button._dom_classes = tuple(classes)
        button.tabbable = square in playable or square == chosen


def mark_moves(
    squares: Mapping[int, widgets.Button], directions: Mapping[Direction, widgets.Button], controller: Controller
) -> None:
    """Mark what takes a move now on a board played through ``controller``: its playable squares
    (:func:`mark_squares`), and the direction buttons, labelled and on once a square is chosen.

    >>> c = Controller()
    >>> c.click(7)
    >>> squares, directions = move_buttons(StepPlayer.from_move(c.position, "7R"), print, print)
    >>> mark_moves(squares, directions, c)
    >>> directions["R"].description, directions["R"].disabled, squares[7].tabbable
    ('7R →', False, True)
    """
    mark_squares(squares, controller.legal_squares(), controller.selected)
    labels = controller.direction_labels()
    for direction, button in directions.items():
        button.description = labels.get(direction, _("sow {direction}").format(direction=direction))
        button.disabled = controller.selected is None


def pick_square(controller: Controller, square: int) -> tuple[str, Literal["info", "error"]]:
    """Click ``square`` on a board played through ``controller``: what the board says then, and whether
    it is a refusal (the game boards and the puzzle board say the same).

    >>> c = Controller()
    >>> pick_square(c, 2)
    ("Not square 2: square 2 is in the other player's row.", 'error')
    >>> pick_square(c, 7)
    ('Square 7 chosen: now pick a direction.', 'info')
    """
    try:
        controller.click(square)
    except IllegalMoveError as error:
        if error.code == "game-over":
            return game_view(controller).status, "error"  # how the game ended, in the view-model's words
        return _("Not square {square}: {reason}.").format(square=square, reason=problem_words(error)), "error"
    except OAnQuanError as error:  # a puzzle already answered: Try again first
        return reader_words(error), "error"
    return _("Square {square} chosen: now pick a direction.").format(square=square), "info"


#: The animation speeds a GameBoard offers: about how long a turn (your move and the reply) takes to show.
#: The labels are English; the menu shows them in the language spoken.
SPEEDS: dict[str, int] = {
    N_("about 3 s a turn"): 3000,
    N_("slow: about 8 s"): 8000,
    N_("fast: about 1 s"): 1000,
    N_("no animation"): 0,
}

#: How many clicks a board keeps while a move is being shown; more are refused with a word.
MAX_QUEUED = 4


class GameBoard(StaticFallback, _Talking, widgets.VBox):  # type: ignore[misc]
    """A playable board: click a highlighted square of yours, then a direction.

    A thin view over a :class:`~oanquan.interact.controller.Controller` (``controller``),
    which holds every rule of the interaction: whose turn it is, undo and redo,
    the computer's moves, hints, saving and loading. The board shows what it
    says, animates each move through a :class:`StepPlayer` (``viewer``) and
    reports the controller's refusals in words.

    A move and the computer's reply are shown in about 3 seconds (the
    ``speed`` menu changes it, ``skip_button`` jumps to the end).
    A click that arrives while a move is still being shown waits in a queue
    and counts once the animation ends: never lost, never played twice.

    ``players`` maps 0 and 1 to ``None`` for a human, a computer level 1-5 or
    any :class:`oanquan.ai.Player` (anything with ``name`` and
    ``choose(position) -> Move``); ``choices`` are the players offered for a
    new game (see :func:`default_choices`); ``names`` are the names two friends give
    themselves (by default their rows', "Bottom row" and "Top row").

    >>> board = GameBoard()
    >>> board.square_buttons[7].click()
    >>> board.direction_buttons["R"].click()
    >>> board.game.record(), board.game.position.to_move
    ('7R', 1)
    >>> board.viewer.play.playing = False   # what the browser says when the animation ends
    >>> board.square_buttons[7].click()
    >>> board.message_text
    "Not square 7: square 7 is in the other player's row."

    Play against the computer with ``GameBoard(players={1: 3})``.
    A computer player thinks in the kernel, so the board waits for its move.
    """

    def __init__(
        self,
        start: Position | None = None,
        *,
        rules: Rules | None = None,
        players: Mapping[int, Opponent] | None = None,
        choices: Mapping[str, PlayerFactory] | None = None,
        animate: bool = True,
        interval: int = 350,
        hint_limit: int | None = DEFAULT_HINTS,
        names: Sequence[str] | None = None,
    ) -> None:
        """A board for a new game from ``start`` (the opening under ``rules`` by default)."""
        self.choices: dict[str, PlayerFactory] = dict(choices) if choices is not None else default_choices()
        self.choices.setdefault(_human(), lambda: None)
        self.controller = Controller(start, rules, players, hint_limit=hint_limit, resolve=self._resolve, names=names)
        self.animate = animate
        self.interval = interval  # the slowest pace of one picture, in ms
        self._queue: list[Callable[[], None]] = []  # the clicks waiting for an animation to end

        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.viewer = StepPlayer([self._current_frame()], interval=interval)
        self.viewer.speed.layout.display = "none"  # the board paces each turn itself (``speed``)
        self.viewer.speed.min = 10
        self.viewer.play.observe(self._animation_changed, names="playing")
        # The squares of the picture are the buttons (issue 44).
        self.square_buttons, self.direction_buttons = move_buttons(
            self.viewer, self.click_square, self.choose_direction
        )
        self.undo_button = wide_button(_("undo"), self.undo, icon="undo", tooltip=_("take back your last move"))
        self.redo_button = wide_button(_("redo"), self.redo, icon="repeat", tooltip=_("play the move taken back"))
        self.hint_button = wide_button(_("hint"), self.hint, icon="lightbulb-o", tooltip=_("the engine's advice"))
        self.speed = widgets.Dropdown(
            options=[(_(label), ms) for label, ms in SPEEDS.items()],
            description=_("animation"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.skip_button = wide_button(
            _("skip to the end"), self.skip, icon="fast-forward", tooltip=_("show the board after the move at once")
        )
        self.moves = widgets.HTML()
        # The review of the game (issue 43): on demand during a game, offered at its end; shown in
        # review_box, under the moves, until the game goes on (then it would review another game).
        self.review_button = wide_button(
            _("review this game"),
            self.show_review,
            icon="search",
            tooltip=_("what each move was worth: the mistakes, and the better moves"),
        )
        self.review_box = widgets.VBox([])
        self._reviewed: dict[str, Any] | None = None  # the game reviewed in review_box (Game.to_dict)

        # New game: rules and who plays; they apply to the next game.
        self.rules_form = RulesForm(self.game.rules)
        labels = list(self.choices)
        self.player_menus = {
            p: widgets.Dropdown(
                options=labels,
                value=labels[0],
                description=row_names()[p],  # the rows' names, as the players are called until they choose
                style={"description_width": "initial"},
                layout=widgets.Layout(width="auto"),
            )
            for p in (0, 1)
        }
        self._show_players()
        self.new_button = wide_button(_("new game"), self.new_game, icon="plus", button_style="primary")
        for menu in self.player_menus.values():
            menu.observe(lambda _c: self._settings_changed(), names="value")
        for control in self.rules_form.children:
            control.observe(lambda _c: self._settings_changed(), names="value")

        # Copy and load.
        wide = widgets.Layout(width="100%", max_width="600px")
        self.record_text = widgets.Textarea(description=_("record"), layout=wide)
        self.saved_text = widgets.Textarea(
            description=_("saved game"),
            style={"description_width": "initial"},
            tooltip=_("the whole session as JSON (start, rules, moves, players): 'load saved game' reads it back"),
            layout=widgets.Layout(width="100%", max_width="600px"),
        )
        self.load_text = widgets.Textarea(
            placeholder=_(
                "paste moves such as '7R 0L', a position such as '5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0', "
                "or a saved game (JSON)"
            ),
            layout=widgets.Layout(width="100%", max_width="600px"),
        )
        self.load_buttons = {
            kind: wide_button(label, lambda load=load: load(self.load_text.value), tooltip=tooltip)  # type: ignore[misc]
            for kind, label, load, tooltip in (
                ("record", _("load moves"), self.load_record, _("replay these moves from the start position")),
                ("position", _("load position"), self.load_position, _("start from this position (RULES §10)")),
                ("json", _("load saved game"), self.load_json, _("a game or session saved as JSON")),
            )
        }

        new_game = widgets.VBox(
            [
                widgets.HBox(list(self.player_menus.values()), layout=widgets.Layout(flex_flow="row wrap")),
                self.rules_form,
                self.new_button,
            ]
        )
        files = widgets.VBox(
            [
                self.record_text,
                self.saved_text,
                self.load_text,
                widgets.HBox(list(self.load_buttons.values()), layout=widgets.Layout(flex_flow="row wrap")),
            ]
        )
        self.more = widgets.Accordion(
            [new_game, files], titles=(_("new game"), _("record: copy or load")), selected_index=None
        )
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(
            [
                self.status,
                self.viewer,
                widgets.HBox(
                    [*self.direction_buttons.values(), self.undo_button, self.redo_button, self.hint_button],
                    layout=row,
                ),
                widgets.HBox([self.speed, self.skip_button, self.review_button], layout=row),
                self.message,
                self.moves,
                self.review_box,
                self.more,
            ],
            layout=widgets.Layout(max_width="620px", width="100%"),
        )
        self._show(self.controller.play_computers())

    # ------------------------------------------------------------- the game

    @property
    def game(self) -> Game:
        """The game on the board (the controller's)."""
        return self.controller.game

    @property
    def players(self) -> dict[int, Player | None]:
        """Who plays each side: ``None`` for a human, else the computer player."""
        c = self.controller
        return {side: None if c.is_human(side) else c.computer(side) for side in (0, 1)}

    @property
    def selected(self) -> int | None:
        """The square chosen to move from, if any."""
        return self.controller.selected

    @property
    def animating(self) -> bool:
        """Whether a move is being shown now (clicks then wait in a queue)."""
        return bool(self.animate and self.viewer.play.playing)

    # ------------------------------------------------------------ actions

    def click_square(self, square: int) -> None:
        """Pick ``square`` to move from, or say why it cannot be picked.

        >>> board = GameBoard(animate=False)
        >>> board.click_square(8)
        >>> board.selected, board.message_text
        (8, 'Square 8 chosen: now pick a direction.')
        """
        if self._wait(lambda: self.click_square(square), _("square {name}").format(name=square)):
            return
        self._say(*pick_square(self.controller, square))
        self._show_selection()

    def choose_direction(self, direction: Direction) -> None:
        """Play the chosen square in ``direction``, then let the computer reply.

        >>> board = GameBoard(animate=False)
        >>> board.click_square(8)
        >>> board.choose_direction("L")
        >>> board.game.record()
        '8L'
        """
        if self._wait(lambda: self.choose_direction(direction), _("direction {direction}").format(direction=direction)):
            return
        self._act(lambda: self.controller.choose(direction))

    def play(self, move: Move | str) -> None:
        """Play ``move`` for the human to move, then any computer replies, and animate them.

        >>> board = GameBoard(animate=False)
        >>> board.play("3R")
        >>> board.message_text
        "Square 3 is in the other player's row."
        """
        self._act(lambda: self.controller.play(move))

    def undo(self) -> None:
        """Take back your last move, and the computer's replies after it.

        >>> board = GameBoard(animate=False)
        >>> board.play("7R")
        >>> board.undo()
        >>> board.game.position == Position.initial(), board.controller.redo_moves
        (True, [Move(7, 'R')])
        """
        if self._wait(self.undo, _("undo")):
            return
        self._act(lambda: (self.controller.undo(), [])[1])

    def redo(self) -> None:
        """Play again the last move taken back (and the computer's, up to your turn).

        >>> board = GameBoard(animate=False)
        >>> board.play("7R")
        >>> board.undo()
        >>> board.redo()
        >>> board.game.record()
        '7R'
        """
        if self._wait(self.redo, _("redo")):
            return
        self._act(self.controller.redo)

    def hint(self) -> None:
        """Say the engine's advice for your move (a few hints per game)."""
        if self._wait(self.hint, _("hint")):
            return
        try:
            text = self.controller.hint()
        except OAnQuanError as error:
            self._say(reader_words(error), "error")
        else:
            self._say(_("Hint: {text}").format(text=text))
        self._update_controls()

    def show_review(self) -> None:
        """Show the review of the game on the board so far (:class:`~oanquan.widgets.review.ReviewWidget`)
        under its moves: each move's label, the graph, the better moves. It stays until the game goes on.

        >>> board = GameBoard(animate=False)
        >>> board.play("6L")
        >>> board.play("3R")
        >>> board.show_review()
        >>> board.review_box.children[1].moves.options[1]
        ('2. Top row: 3R — blunder ??', 1)
        """
        if self._wait(self.show_review, _("review")):
            return
        game = self.controller.game
        if not game.moves:
            self._say(_("No moves yet: there is nothing to review."), "error")
            return
        from .review import ReviewWidget  # (the review module imports this one)

        reviewed = ReviewWidget(Game.from_dict(game.to_dict()), names=game_view(self.controller).names)
        heading = ngettext("Review of the game: {n} move.", "Review of the game: {n} moves.", len(game.moves))
        self.review_box.children = [widgets.HTML(f"<h4>{escape(heading.format(n=len(game.moves)))}</h4>"), reviewed]
        self._reviewed = game.to_dict()
        self._say(_("The review is under the moves: pick a move to see its position and the better move."))

    def skip(self) -> None:
        """Jump to the end of the move being shown (waiting clicks then count)."""
        self.viewer.play.playing = False
        self.viewer.index = len(self.viewer.frames) - 1

    def new_game(self, rules: Rules | None = None, start: Position | None = None) -> None:
        """Start again: from ``start``, or the opening under ``rules`` (the form's options by default).

        The players are the ones chosen in the menus.

        >>> board = GameBoard(animate=False)
        >>> board.new_game(Rules(young_mandarin_min=5))
        >>> board.game.rules.young_mandarin_min, board.rules_form.young_mandarin_min.value
        (5, 5)
        """
        try:
            if rules is None:
                rules = start.rules if start is not None else self.rules_form.rules()
            self.controller.configure(rules=rules, start=start, players=self._menu_players())
        except ValueError as error:  # the engine's errors are ValueErrors too
            self._say(reader_words(error), "error")
            return
        self._restart(self.controller.new_game)

    def load_record(self, text: str) -> None:
        """Replay the moves of ``text`` (RULES §4.2) from the current game's start position.

        A record that cannot be played is refused in the reader's words, and the game goes on.

        >>> board = GameBoard(animate=False)
        >>> board.load_record("7R 2L")
        >>> board.message_text, board.game.record()
        ('Square 2 is empty.', '')
        """
        self._restart(lambda: self.controller.load_record(text))

    def load_position(self, text: str) -> None:
        """Start a game from a position text (RULES §10) under the rules in the new-game form.

        >>> board = GameBoard(animate=False)
        >>> board.load_position("0,0,0,0,1,0,2,0,3,4 Q,0 0,0 0,0 1")
        >>> board.game.position.to_move
        1
        """
        self._restart(lambda: self.controller.load_position(text, self.rules_form.rules()))

    def load_json(self, text: str) -> None:
        """Load a game or a whole session saved as JSON (``saved_text``, :meth:`oanquan.Game.to_json`).

        >>> board = GameBoard(animate=False)
        >>> board.load_json(Game.from_record("7R").to_json())
        >>> board.game.record()
        '7R'
        >>> board.load_json("{}")
        >>> board.message_text, board.game.record()
        ('This saved game cannot be read back.', '7R')
        """
        self._restart(lambda: self.controller.load_json(text))

    # ------------------------------------------------------------ helpers

    def _act(self, action: Callable[[], Sequence[PlayedMove]]) -> None:
        """Carry out a move-making action and the computer's replies; show them, or the refusal."""
        try:
            played = list(action())
        except OAnQuanError as error:
            self._say(reader_words(error), "error")
            self._show_selection()
            return
        self._say("")
        self._show([*played, *self.controller.play_computers()])

    def _restart(self, action: Callable[[], None]) -> None:
        """Replace the game (new, loaded); on failure say why and keep the game in progress."""
        try:
            action()
        except OAnQuanError as error:
            self._say(reader_words(error), "error")
            return
        dropped = len(self._queue)
        self._queue.clear()
        with self._quiet():  # the game's rules in the new-game form, which is no change of settings
            self.rules_form.set_rules(self.game.rules)
        self._show_players()
        self._say(
            ngettext(
                "{n} waiting click dropped: a new game started.",
                "{n} waiting clicks dropped: a new game started.",
                dropped,
            ).format(n=dropped)
            if dropped
            else ""
        )
        self._show(self.controller.play_computers())

    def _wait(self, click: Callable[[], None], label: str) -> bool:
        """While a move is shown, queue a click (True); else let it through (False)."""
        if not self.animating:
            return False
        if len(self._queue) >= MAX_QUEUED:
            waiting = _("Wait for the move to finish: {n} clicks are waiting already.").format(n=len(self._queue))
            self._say(waiting, "error")
            return True
        self._queue.append(click)
        self._say(
            _("Wait: the move is still being shown. Your {click} counts once it ends (or press skip).").format(
                click=label
            )
        )
        return True

    def _animation_changed(self, change: Mapping[str, Any]) -> None:
        """When an animation ends, carry out the clicks that waited for it, in order."""
        if change["new"] or self._refreshing:
            return
        while self._queue and not self.animating:
            self._queue.pop(0)()

    def _settings_changed(self) -> None:
        """A menu or rule option changed: it applies to the next game, and the board says so."""
        if self._refreshing:
            return
        try:
            note = self.controller.configure(rules=self.rules_form.rules(), players=self._menu_players())
        except ValueError as error:
            self._say(reader_words(error), "error")
            return
        self._say(note)

    def _menu_players(self) -> tuple[Opponent, Opponent]:
        try:
            return (self.choices[self.player_menus[0].value](), self.choices[self.player_menus[1].value]())
        except OAnQuanError:
            raise
        except ValueError as error:
            # a choice of the board's maker that cannot make its player: its message is for
            # the programmer, so the reader is told which setting failed, in their language
            raise OAnQuanError(str(error), code="bad-setting", what=N_("player")) from error

    def _show_players(self) -> None:
        """Show the game's players in the menus (a player given to the board gets its own entry)."""
        with self._quiet():
            for side, player in self.players.items():
                self.player_menus[side].value = self._label_of(player)

    def _computer_choices(self) -> Iterator[tuple[str, Player]]:
        """Each computer choice: its label and the player it makes (one that cannot be made now is left out)."""
        for label, factory in self.choices.items():
            try:
                made = factory()
            except ValueError:
                continue
            if made is not None:
                yield label, made

    def _label_of(self, player: Player | None) -> str:
        """The menu entry for ``player``: a choice that makes a player of that name, or a new entry."""
        if player is None:
            return _human()
        label = next((label for label, made in self._computer_choices() if made.name == player.name), None)
        if label is not None:
            return label
        if player.name not in self.choices:
            self.choices[player.name] = lambda: player
            for menu in self.player_menus.values():
                menu.options = list(self.choices)
        return player.name

    def _resolve(self, name: str) -> Player | None:
        """The player a saved session names: one of the choices, by label or by the player's name."""
        return next((made for label, made in self._computer_choices() if name in (label, made.name)), None)

    def _current_frame(self) -> Frame:
        c = self.controller
        position = c.position
        shown = game_view(c)  # the status line every surface shows, then what to do here
        if c.over:
            text = _("Game over (the result is under the board): start a new game, or undo to try another move.")
        elif c.human_to_move:
            text = _("{status} Click a highlighted square, then a direction.").format(status=shown.status)
        else:
            text = shown.status
        scene = board_scene(
            position,
            names=shown.names,
            turn="over" if c.over else None,
            last_move=c.game.moves[-1] if c.game.moves else None,
            selectable=c.legal_squares(),
            selected=c.selected,
        )
        return Frame(position, text, scene)

    def _show(self, played: Sequence[PlayedMove]) -> None:
        """Show the moves just played, ending on the board now: animated at the menu's pace, or at once.

        Either way the step buttons go back through the moves' pictures.
        """
        if self._reviewed != self.controller.game.to_dict():
            self.review_box.children = []  # it reviewed another game: the one before a move, an undo, a new game
            self._reviewed = None
        budget = int(self.speed.value) if self.animate else 0
        with self._quiet():  # a long computer-only run shows its last two moves
            self.viewer.show_moves(played[-2:], budget, slowest=self.interval, end=self._current_frame())
        self._update_controls()

    def _show_selection(self) -> None:
        with self._quiet():
            self.viewer.replace_frame(len(self.viewer.frames) - 1, self._current_frame())
            self.viewer.play.playing = False
            self.viewer.index = len(self.viewer.frames) - 1
        self._update_controls()

    def _update_controls(self) -> None:
        c = self.controller
        shown = game_view(c)  # the status line, names and scores every surface shows
        if shown.final is not None:
            said = " ".join((shown.final.reason, *shown.final.lines))
            self.status.value = f"<b>{escape(shown.status)}</b><br>{escape(said)}"
        else:
            progress = _(" · move {number} · {scores}").format(number=c.game.ply + 1, scores=shown.score_line)
            self.status.value = f"<b>{escape(shown.status)}</b>{escape(progress)}"
        mark_moves(self.square_buttons, self.direction_buttons, c)
        self.undo_button.disabled = not c.can_undo
        self.redo_button.disabled = not c.can_redo
        left = c.hints_left
        self.hint_button.description = _("hint") if left is None else _("hint ({n} left)").format(n=left)
        self.hint_button.disabled = left == 0 or not c.human_to_move
        self.review_button.disabled = not c.game.moves
        self.review_button.button_style = "primary" if shown.final is not None else ""  # offered at the end
        self.record_text.value = c.game.record()
        self.saved_text.value = c.to_json()
        self.moves.value = self._move_list()

    def _move_list(self) -> str:
        game = self.controller.game
        if not game.moves:
            no_moves = escape(_("No moves yet."))
            return f"<i>{no_moves}</i>"
        # the view-model's names, never the notation's "P0"/"P1" (issue 41): "1. You 7R · 2. Computer 0L"
        names = self.controller.names
        items = [
            f"{number}. {names[before.to_move]} {move}"
            for number, (move, before) in enumerate(zip(game.moves, game.positions, strict=False), start=1)
        ]
        from_opening = game.start == Position.initial(game.rules)
        said = (_("Moves: {moves}") if from_opening else _("Moves (from a set position): {moves}")).format(
            moves=" · ".join(items)
        )
        return f"<div style='max-width:600px'>{escape(said)}</div>"

    def static_html(self) -> str:
        """The board as it stands, for a notebook that has not run (see :class:`StaticFallback`)."""
        frame = self.viewer.frames[-1]
        return static_view(frame.svg, game_view(self.controller).status, _("This is a board to play on"))

    def live_setup(self) -> dict[str, Any] | None:
        """The same game on the website's live board (see :func:`oanquan.interact.board_setup.game_setup`)."""
        return game_setup(self.controller)

    def __repr__(self) -> str:
        return f"GameBoard({self.game!r})"


# ====================================================================== editor


class PositionEditor(StaticFallback, _Talking, widgets.VBox):  # type: ignore[misc]
    """Set up any position by clicking; the engine checks it as you go.

    Click a square to add a pebble (or remove one, in "−1" mode; "select"
    just selects it), type an exact count for the selected square, place or
    remove a Mandarin stone, and set both stores, captured stones, debts and
    the player to move. The position text and JSON update as you go, and
    "play from here" opens a :class:`GameBoard`.

    >>> editor = PositionEditor()
    >>> editor.square_buttons[3].click()
    >>> editor.position.count(3), editor.text.value
    (6, '5,5,5,6,5,5,5,5,5,5 Q,Q 0,0 0,0 0')
    """

    def __init__(self, position: Position | None = None, *, rules: Rules | None = None) -> None:
        """An editor starting from ``position`` (the opening under ``rules`` by default)."""
        self.editor = Editor(position, rules=rules)  # the editing rules and the engine's word
        self.rules_form = RulesForm(self.editor.rules)
        self.board = widgets.HTML()
        self.mode = widgets.ToggleButtons(
            options=[(_("+1 pebble"), "add"), (_("−1 pebble"), "remove"), (_("select"), "select")],
            value="add",
            description=_("click adds"),
            style={"button_width": "auto", "description_width": "initial"},
        )
        # The squares of the picture are the buttons (issue 44): every one takes a click.
        self.square_buttons = {s: square_button(s, square_name(s), self.click_square) for s in range(12)}
        stage = board_stage(self.board, self.square_buttons)
        self.count = widgets.BoundedIntText(min=0, max=MAX_PEBBLES, description=_("pebbles"))
        self.stone = widgets.Checkbox(description=_("Mandarin stone (R2.2)"), indent=False)
        number = {"style": {"description_width": "initial"}, "layout": widgets.Layout(width="18em")}
        names = row_names()  # the players as the picture calls them (issue 41), not their numbers
        self.stores = [
            widgets.BoundedIntText(
                min=0, max=MAX_PEBBLES, description=_("{name}: store").format(name=names[p]), **number
            )
            for p in (0, 1)
        ]
        self.captured = [
            widgets.Dropdown(
                options=[0, 1, 2],
                description=_("{name}: stones").format(name=names[p]),
                style={"description_width": "initial"},
                layout=widgets.Layout(width="14em"),
            )
            for p in (0, 1)
        ]
        self.debts = [
            widgets.BoundedIntText(
                min=0, max=MAX_PEBBLES, description=_("{name}: debt (R6.2)").format(name=names[p]), **number
            )
            for p in (0, 1)
        ]
        self.to_move = widgets.ToggleButtons(options=[(names[p], p) for p in (0, 1)], description=_("to move"))
        self.message = widgets.HTML()
        self.text = widgets.Text(description=_("text"), layout=widgets.Layout(width="100%", max_width="600px"))
        self.json = widgets.Textarea(description="JSON", layout=widgets.Layout(width="100%", max_width="600px"))
        self.read_button = wide_button(
            _("read text"),
            lambda: self.load_text(self.text.value),
            tooltip=_("set the board from the text box (RULES §10)"),
        )
        self.read_json_button = wide_button(
            _("read JSON"),
            lambda: self.load_json(self.json.value),
            tooltip=_("set the board and rule options from the JSON box"),
        )
        self.play_button = wide_button(_("play from here"), self.open_game, icon="play", button_style="primary")
        self.game_area = widgets.VBox()
        self.game_board: GameBoard | None = None

        self._show()
        self.count.observe(self._count_changed, names="value")
        self.stone.observe(self._stone_changed, names="value")
        for control in (*self.stores, *self.captured, *self.debts, self.to_move):
            control.observe(lambda _c: self._fields_changed(), names="value")
        for control in self.rules_form.children:
            control.observe(lambda _c: self._fields_changed(), names="value")

        super().__init__(
            [
                stage,
                self.mode,
                widgets.HBox([self.count, self.stone], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox([*self.stores, *self.captured], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox([*self.debts], layout=widgets.Layout(flex_flow="row wrap")),
                self.to_move,
                widgets.Accordion([self.rules_form], titles=(_("rule options (RULES §9)"),), selected_index=None),
                self.message,
                widgets.HBox([self.text, self.read_button]),
                widgets.HBox([self.json, self.read_json_button]),
                self.play_button,
                self.game_area,
            ],
            layout=widgets.Layout(max_width="620px", width="100%"),
        )

    # ------------------------------------------------------------ actions

    @property
    def position(self) -> Position | None:
        """The valid position being set up (``None`` while the engine does not accept it)."""
        return self.editor.position

    @property
    def selected(self) -> int:
        """The selected square, whose count and stone the boxes below the board show."""
        return self.editor.selected

    def click_square(self, square: int) -> None:
        """Select ``square`` and, in "+1" or "−1" mode, add or remove a pebble there (see :meth:`Editor.click`).

        >>> editor = PositionEditor()
        >>> editor.mode.value = "remove"
        >>> from oanquan.board import M0
        >>> editor.click_square(M0)
        >>> editor.message_text
        'Square M0 has no pebbles to remove.'
        """
        self._act(self.editor.click, square, self.mode.value)

    def load_text(self, text: str) -> None:
        """Set everything from a position text (RULES §10), read by the engine under the form's rules.

        A text the engine refuses stays in the box beside its objection, to be corrected.

        >>> editor = PositionEditor()
        >>> editor.load_text("0,0,0,0,1,0,2,0,3,4 Q,0 0,0 0,0 1")
        >>> editor.position.count(9)
        4
        >>> editor.load_text("5,5,5 Q,Q")
        >>> editor.text.value, editor.message_text[:22]
        ('5,5,5 Q,Q', 'A position has 5 parts')
        """
        self.editor.rules = self.rules_form.rules()
        self._act(self.editor.load_text, text)
        self._keep_typed(self.text, text)

    def load_json(self, text: str) -> None:
        """Set everything, rule options included, from JSON such as :meth:`oanquan.Position.to_json` writes.

        >>> editor = PositionEditor()
        >>> editor.load_json(Position.initial(Rules(mandarin_pieces="pebbles")).to_json())
        >>> editor.text.value
        '5,5,5,5,5,5,5,5,5,5 10,10 0,0 0,0 0'
        """
        self._act(self.editor.load_json, text)
        self._keep_typed(self.json, text)

    def open_game(self) -> GameBoard | None:
        """Open a :class:`GameBoard` from the position below the editor (and return it).

        >>> PositionEditor(Position.initial().play("7R")).open_game().game.position.to_move
        1
        """
        if self.position is None:
            self._say(_("Fix the position first: the engine does not accept it."), "error")
            return None
        self.game_board = GameBoard(self.position)
        self.game_area.children = (self.game_board,)
        return self.game_board

    # ------------------------------------------------------------ helpers

    def _act(self, action: Callable[..., None], *args: Any) -> None:
        """Carry out an editing action of the :class:`Editor` and show the result (or its refusal)."""
        try:
            action(*args)
        except OAnQuanError as error:
            self._say(reader_words(error), "error")
            return
        self._show()

    def _keep_typed(self, box: widgets.Text | widgets.Textarea, typed: str) -> None:
        """After a refusal, put back what the reader typed (the board shows the last good position)."""
        if self.editor.kind == "error":
            box.value = typed

    def _count_changed(self, change: Mapping[str, Any]) -> None:
        if not self._refreshing and self.editor.pebbles[self.selected] != change["new"]:
            self._act(self.editor.set_count, int(change["new"]))

    def _stone_changed(self, change: Mapping[str, Any]) -> None:
        if not self._refreshing and self.selected >= 10:
            self._act(self.editor.set_stone, bool(change["new"]))

    def _fields_changed(self) -> None:
        """A box below the board changed: give the editor all of them, and show what the engine says."""
        if self._refreshing:
            return
        e = self.editor
        e.stores = [int(box.value) for box in self.stores]
        e.captured = [int(box.value) for box in self.captured]
        e.debts = [int(box.value) for box in self.debts]
        e.to_move = int(self.to_move.value)
        e.rules = self.rules_form.rules()
        e.rebuild()
        self._show()

    def _show(self) -> None:
        """Show the editor as it stands: its parts in the boxes, and the board, the boxes of the selected
        square, the text and the message."""
        position = self.editor.position
        with self._quiet():
            for p in (0, 1):
                self.stores[p].value = self.editor.stores[p]
                self.captured[p].value = self.editor.captured[p]
                self.debts[p].value = self.editor.debts[p]
            self.to_move.value = self.editor.to_move
            self.rules_form.set_rules(self.editor.rules)
        self._say(self.editor.message, self.editor.kind)
        self.play_button.disabled = position is None
        if position is None:
            return
        with self._quiet():
            self.count.value = position.count(self.selected)
            self.stone.disabled = self.selected < 10
            self.stone.value = position.has_stone(self.selected)
        self.board.value = _board_html(self._picture())
        mark_squares(self.square_buttons, range(12), self.selected)
        self.text.value = position.to_text()
        self.json.value = position.to_json()

    def _picture(self) -> str:
        """The board the editor shows (:meth:`~oanquan.interact.editor.Editor.shown`), its selected square marked."""
        return board_svg(self.editor.shown(), selected=self.selected, id_prefix="oaq-editor", names=row_names())

    def static_html(self) -> str:
        """The position being edited, for a notebook that has not run (see :class:`StaticFallback`)."""
        return static_view(
            self._picture(),
            _("Position text: {text}").format(text=self.editor.shown().to_text()),
            _("This is a position editor: click to set up"),
        )

    def live_setup(self) -> dict[str, Any] | None:
        """The same position on the website's live editor (see :func:`oanquan.interact.board_setup.editor_setup`)."""
        return editor_setup(self.editor)

    def __repr__(self) -> str:
        shown = self.position.to_text() if self.position is not None else "invalid"
        return f"PositionEditor({shown!r})"
