"""Exercises whose answers the engine checks, and that still work with no kernel.

A quiz is a :class:`ipywidgets.Dropdown` of answers linked with
``widgets.jslink`` to a :class:`ipywidgets.Stack` of feedback panels. Every
panel is computed by the engine in Python when the notebook runs, so on the
static website (no kernel, no Python callbacks) choosing an answer still shows
the right feedback: the link runs in the browser (``docs/stack.md``).

>>> from oanquan import Position
>>> quiz = move_quiz(Position.initial(), "Which move captures a Mandarin?",
...                  lambda before, after, events: after.captured_stones[0] > 0)
>>> sorted(quiz.correct)
['5L', '9R']
"""

from __future__ import annotations

import contextlib
import html
import io
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from ..ai import immediate_gain
from ..events import Event
from ..i18n import N_, _, ngettext
from ..move import Move
from ..narrate import describe_move, row_names
from ..position import Position
from ..svg import board_svg
from .boards import StaticFallback, static_view

__all__ = ["Choice", "Quiz", "QuizBox", "Solutions", "choice_quiz", "move_quiz", "solutions"]

#: The verdicts (English; shown through :func:`oanquan.i18n._` in the language spoken).
RIGHT = N_("✔ Right.")
WRONG = N_("✘ Not this one.")


@dataclass(frozen=True)
class Choice:
    """One answer of a quiz: its label, whether it is right, and the feedback (HTML)."""

    label: str
    right: bool
    feedback_html: str


class QuizBox(StaticFallback, widgets.VBox):  # type: ignore[misc]
    """The box a quiz is shown in: its question, the answers and the feedback panels.

    Before the notebook runs, it shows the question and the answers, never the
    feedback (see :class:`StaticFallback`).

    >>> box = choice_quiz("2 + 2?", [Choice("4", True, "Yes"), Choice("5", False, "No")]).widget
    >>> box
    QuizBox('2 + 2?', 2 answers)
    >>> "Yes" in box.static_html(), "<li>5</li>" in box.static_html()
    (False, True)
    """

    def __init__(self, question: str, labels: Sequence[str], children: Sequence[widgets.Widget]) -> None:
        """A box for ``question`` with the answers ``labels``, holding ``children``."""
        self.question = question
        self.labels = tuple(labels)
        super().__init__(list(children))

    def static_html(self) -> str:
        """The question and the answers to choose from, and a line to run the notebook."""
        answers = "".join(f"<li>{html.escape(label)}</li>" for label in self.labels)
        question = f"<p><b>{html.escape(self.question)}</b></p><ul>{answers}</ul>"
        return static_view(None, "", _("This is a quiz whose answers the engine checks"), question)

    def __repr__(self) -> str:
        return f"QuizBox({self.question!r}, {len(self.labels)} answers)"


@dataclass
class Quiz:
    """A built quiz: the widget to display and, for tests, which answers are right."""

    widget: QuizBox
    dropdown: widgets.Dropdown
    stack: widgets.Stack
    choices: tuple[Choice, ...]
    link: widgets.widget_link.Link

    @property
    def correct(self) -> set[str]:
        """Labels of the right answers."""
        return {c.label for c in self.choices if c.right}

    def _ipython_display_(self) -> None:  # pragma: no cover - display hook
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]


def choice_quiz(question: str, choices: Sequence[Choice], prompt: str | None = None) -> Quiz:
    """A multiple-choice quiz over ready-made :class:`Choice` panels (``prompt``: "Choose an answer…").

    When more than one answer is right the question says so, so that a reader
    who finds one right answer knows the others are not wrong.

    >>> quiz = choice_quiz("2 + 2?", [Choice("4", True, "Yes"), Choice("5", False, "No")])
    >>> quiz.dropdown.options
    ('Choose an answer…', '4', '5')
    >>> choice_quiz("Even?", [Choice("2", True, ""), Choice("4", True, ""), Choice("5", False, "")]).widget.question
    'Even? (2 answers are right: choose any one.)'

    >>> quiz.link.source == (quiz.dropdown, "index")   # linked in the browser, kernel or not
    True
    """
    if not choices:
        raise ValueError(f"a quiz needs at least one answer: {question!r}")
    if prompt is None:
        prompt = _("Choose an answer…")
    right = sum(choice.right for choice in choices)
    if right > 1:
        note = ngettext("({n} answer is right: choose any one.)", "({n} answers are right: choose any one.)", right)
        question = f"{question} {note.format(n=right)}"
    dropdown = widgets.Dropdown(
        options=[prompt, *[c.label for c in choices]],
        index=0,
        description=_("Answer:"),
        layout=widgets.Layout(width="max-content"),
    )
    panels = [widgets.HTML("")]
    for choice in choices:
        verdict = _(RIGHT if choice.right else WRONG)
        colour = "#1b7837" if choice.right else "#762a83"
        panels.append(
            widgets.HTML(
                f'<div class="oq-quiz-feedback"><p style="color:{colour};font-weight:bold">'
                f"{html.escape(verdict)}</p>{choice.feedback_html}</div>"
            )
        )
    stack = widgets.Stack(panels, selected_index=0)
    link = widgets.jslink((dropdown, "index"), (stack, "selected_index"))
    title = widgets.HTML(f"<p><b>{html.escape(question)}</b></p>")
    box = QuizBox(question, [c.label for c in choices], [title, dropdown, stack])
    return Quiz(box, dropdown, stack, tuple(choices), link)


MoveTest = Callable[[Position, Position, tuple[Event, ...]], bool]


def move_quiz(
    position: Position,
    question: str,
    is_right: MoveTest,
    render: Callable[[Position], str] | None = None,
    explain: Callable[[Position, Move, bool], str] | None = None,
) -> Quiz:
    """A quiz over the legal moves of ``position``; ``is_right(before, after, events)`` marks answers.

    Each answer's panel shows what the move really does, from the engine: its
    summary (relays, captures, why it stopped), the points it wins, and the
    board after it, drawn by ``render`` (:func:`oanquan.svg.board_svg` unless given).
    ``explain(position, move, right)``, when given, adds a sentence (plain text) under the
    summary: why the answer is right, or on a wrong try what the right one is (issue 46).

    >>> quiz = move_quiz(Position.initial(), "Which move captures a Mandarin?",
    ...                  lambda before, after, events: after.captured_stones[0] > 0,
    ...                  explain=lambda position, move, right: "Yes." if right else "Try 5L or 9R.")
    >>> "<p>Try 5L or 9R.</p>" in quiz.choices[2].feedback_html, quiz.choices[2].label
    (True, '6L')
    """
    draw = render or board_svg
    choices = []
    for move in position.legal_moves():
        after, events = position.play_traced(move)
        right = is_right(position, after, events)
        panel = _move_panel(position, move, after, events, draw)
        if explain is not None:
            panel = panel.replace("</p>", f"</p><p>{html.escape(explain(position, move, right))}</p>", 1)
        choices.append(Choice(str(move), right, panel))
    return choice_quiz(question, choices, prompt=_("Choose a move…"))


def _move_panel(
    before: Position, move: Move, after: Position, events: tuple[Event, ...], draw: Callable[[Position], str]
) -> str:
    captured = immediate_gain(before, move)  # thả cá's pebbles put down are no loss
    summary = describe_move(events) or _("no relay and no capture")
    said = _("{move}: {summary}. {name} captures {n}.").format(
        move=move, summary=summary, name=row_names()[before.to_move], n=captured
    )
    return f"<p>{html.escape(said)}</p>" + draw(after)


@dataclass(frozen=True)
class Solutions:
    """The answers to a chapter's exercises, folded under a "Solutions" control until the reader opens it.

    Shown as HTML, a closed ``<details>`` element: the browser keeps it closed in JupyterLab
    (trusted or not: its sanitizer keeps ``<details>``), in Notebook 7, after Run All and on the
    website, with no kernel and no script. A folded output (``jupyter.outputs_hidden``) would not
    do: JupyterLab previews its first line, and running the cell unfolds it. Its plain text, which
    a preview or a terminal shows, names the control and never an answer.

    >>> shown = Solutions(("1. 7R", "   then 8L <- the best"))
    >>> shown
    Solutions (2 lines, folded)
    >>> print(shown._repr_html_().replace("<div>", "\\n<div>"))
    <details class="oaq-solutions"><summary>Solutions</summary>
    <div>1. 7R<br>&nbsp;&nbsp;&nbsp;then 8L &lt;- the best</div></details>
    """

    lines: tuple[str, ...]

    def _repr_html_(self) -> str:
        body = "<br>".join(_keep_indent(html.escape(line)) for line in self.lines)
        summary = html.escape(_("Solutions"))
        return f'<details class="oaq-solutions"><summary>{summary}</summary><div>{body}</div></details>'

    def __repr__(self) -> str:
        n = len(self.lines)
        return ngettext("Solutions ({n} line, folded)", "Solutions ({n} lines, folded)", n).format(n=n)


def _keep_indent(line: str) -> str:
    stripped = line.lstrip(" ")
    return "&nbsp;" * (len(line) - len(stripped)) + stripped


@contextlib.contextmanager
def solutions() -> Iterator[None]:
    """Show what the block prints as :class:`Solutions`: folded until the reader opens them.

    >>> with solutions():
    ...     print("Exercise 1: 5R")
    Solutions (1 line, folded)
    """
    from IPython.display import display

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        yield
    display(Solutions(tuple(printed.getvalue().rstrip("\n").splitlines())))  # type: ignore[no-untyped-call]
