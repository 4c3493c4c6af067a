"""``ReviewWidget``: a game's review (:mod:`oanquan.review`) in a notebook.

The graph of the expected score over the game (drawn as SVG from the review's data, in the
text's own colour, so that it reads in a light or dark theme and in black and white, its
marks told apart by their signs, ?! ? and ??, not by colour), with a table saying the same
for a screen reader; each move with its label; and, for the move picked, its position with
the better move marked (its square selected, its direction drawn) and what went wrong. The
values and labels all come from the review; none is made here.

This module needs ``ipywidgets`` (``pip install oanquan[widgets]``).

>>> from oanquan import Game
>>> widget = ReviewWidget(Game.from_record("6L 3R"))
>>> widget.moves.options[1]
('2. Top row: 3R — blunder ??', 1)
>>> widget.moves.value = 1
>>> "0L was 12.5 points better" in widget.detail.value
True

Picking a move needs no kernel: the list is linked in the browser to the pictures drawn
for every move (:class:`ReviewWidget`), so it works on the website's chapter pages too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from ..game import Game
from ..i18n import _, decimal
from ..interact.controller import Controller
from ..review import MoveReview, Review, label_words, move_words, review
from ..svg import figure_html
from .boards import StaticFallback, linked, static_view

__all__ = ["MARKS", "ReviewWidget", "graph_svg", "graph_table"]

#: The sign each label carries in the graph and the move list (chess's annotation signs).
MARKS = {"best": "", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}

_WIDTH, _HEIGHT, _LEFT, _RIGHT, _TOP, _BOTTOM = 600, 220, 12, 12, 30, 34


def _scale(points: Sequence[float]) -> int:
    """The graph's half height in points: at least 10, a multiple of 10 that holds every point."""
    largest = max((abs(p) for p in points), default=0)
    return max(10, math.ceil(largest / 10) * 10)


def graph_svg(reviewed: Review, names: Sequence[str], selected: int | None = None) -> str:
    """The expected score over the game as an SVG picture: above the middle line ``names[0]`` is ahead.

    Drawn in ``currentColor`` (the text's colour) with no background, so that it follows the
    theme; a move that lost points carries its label's sign (:data:`MARKS`) after it;
    ``selected`` (a move's index) is drawn as a dotted line.

    >>> from oanquan import Game
    >>> svg = graph_svg(review(Game.from_record("6L 3R")), ("You", "Computer"), selected=1)
    >>> ">Expected score over the game</title>" in svg, ">??</text>" in svg, "You ahead" in svg
    (True, True, True)
    """
    points = reviewed.expected()
    scale = _scale(points)
    width, height = _WIDTH - _LEFT - _RIGHT, _HEIGHT - _TOP - _BOTTOM
    middle = _TOP + height / 2
    steps = max(1, len(points) - 1)

    def x(index: int) -> float:
        return round(_LEFT + index * width / steps, 1)

    def y(value: float) -> float:
        return round(middle - value / scale * height / 2, 1)

    title = _("Expected score over the game")
    above = _("{name} ahead").format(name=names[0])
    below = _("{name} ahead").format(name=names[1])
    desc = _(
        "The points {first} is ahead by (below the middle line: {second}), before each move and at the end."
    ).format(first=names[0], second=names[1])
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" '
        f'aria-label="{escape(title)}. {escape(desc)}" style="max-width:{_WIDTH}px;width:100%;height:auto" '
        'font-family="sans-serif" font-size="13" fill="currentColor">',
        f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>",
        f'<text x="{_LEFT}" y="{_TOP - 10}">▲ {escape(above)} (+{scale})</text>',
        f'<text x="{_LEFT}" y="{_TOP + height + 16}">▼ {escape(below)} (−{scale})</text>',
        f'<line x1="{_LEFT}" y1="{middle}" x2="{_LEFT + width}" y2="{middle}" stroke="currentColor" '
        'stroke-dasharray="4 4" stroke-opacity="0.6"/>',
    ]
    if selected is not None and 0 <= selected < len(points):
        parts.append(
            f'<line x1="{x(selected)}" y1="{_TOP}" x2="{x(selected)}" y2="{_TOP + height}" stroke="currentColor" '
            'stroke-dasharray="1 3" stroke-width="2"/>'
        )
    line = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(points))
    parts.append(f'<polyline points="{line}" fill="none" stroke="currentColor" stroke-width="2"/>')
    for move in reviewed.moves:
        mark = MARKS[move.label]
        if not mark:
            continue
        after = min(move.ply + 1, len(points) - 1)
        parts.append(
            f'<circle cx="{x(after)}" cy="{y(points[after])}" r="3.5"/>'
            f'<text x="{x(after)}" y="{y(points[after]) - 7}" text-anchor="middle" font-weight="bold">{mark}</text>'
        )
    tick = 10 if len(points) > 30 else 5
    for index in range(0, len(points), tick):
        parts.append(f'<text x="{x(index)}" y="{_HEIGHT - 4}" text-anchor="middle" font-size="11">{index + 1}</text>')
    parts.append("</svg>")
    return "".join(parts)


def graph_table(reviewed: Review, names: Sequence[str]) -> str:
    """What the graph shows, as an HTML table: each move, who played it, its label and the expected score.

    >>> from oanquan import Game
    >>> "<td>3R</td><td>blunder</td>" in graph_table(review(Game.from_record("6L 3R")), ("You", "Computer"))
    True
    """
    heads = (_("Move"), _("Player"), _("Played"), _("Label"), _("Points lost"), _("Best"), _("Expected score"))
    rows = "".join(
        "<tr>"
        + "".join(
            f"<td>{escape(str(cell))}</td>"
            for cell in (
                m.number,
                names[m.player],
                m.move,
                label_words(m.label),
                decimal(m.lost),
                m.best,
                decimal(m.expected, sign=True),
            )
        )
        + "</tr>"
        for m in reviewed.moves
    )
    caption = _("Expected score before each move: the points {first} is ahead by (negative: behind)").format(
        first=names[0]
    )
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    return f"<table><caption>{escape(caption)}</caption><tr>{head}</tr>{rows}</table>"


class ReviewWidget(StaticFallback, widgets.VBox):  # type: ignore[misc]
    """The review of ``game``: summary, graph, its table, the moves, and the position of the move picked.

    ``names`` are what the sides are called (a board's view-model, :attr:`Controller.names`;
    "Bottom row" and "Top row" by default). Parts: ``summary``, ``table``, ``moves`` (a list:
    picking a move shows it), and for the move picked its ``graph`` (the move marked on it),
    its ``board`` and its ``detail``.

    Every move's graph, board and words are drawn once, in Python, into two ``Stack``s whose
    ``selected_index`` is ``widgets.jslink``-ed to the list's ``index``: picking a move works
    with no kernel, on a book page or in a notebook opened after it ran (``docs/stack.md``), as
    the step player does. It opens on the move that lost the most (the first move if none
    lost anything): the better move for the worst mistake shows before any click.

    >>> from oanquan import Game
    >>> widget = ReviewWidget(Game.from_record("6L 3R"), names=("You", "Computer"))
    >>> widget.moves.value   # opens on the blunder
    1
    >>> "Better: 0L (played: 3R)" in widget.board.value, "square 0 chosen" in widget.board.value
    (True, True)
    >>> widget.moves.value = 0
    >>> widget.pictures.selected_index, "Best: 6L" in widget.board.value
    (0, True)
    """

    def __init__(self, game: Game, reviewed: Review | None = None, names: Sequence[str] | None = None) -> None:
        """A review of ``game`` (``reviewed`` if it was made before)."""
        self.review = reviewed if reviewed is not None else review(game)
        self.names = tuple(names) if names is not None else Controller().names
        self.summary = widgets.HTML(
            "".join(f"<p>{escape(line)}</p>" for line in self.review.summary(self.names).splitlines())
        )
        as_table = _("The graph as a table")
        self.table = widgets.HTML(
            f"<details><summary>{escape(as_table)}</summary>{graph_table(self.review, self.names)}</details>"
        )
        moves = self.review.moves
        options = [
            (
                f"{m.number}. {self.names[m.player]}: {m.move} — {label_words(m.label)}"
                + (f" {MARKS[m.label]}" if MARKS[m.label] else ""),
                m.ply,
            )
            for m in moves
        ]
        first = self.opening_move()
        self.moves = widgets.Select(
            options=options,
            value=None if first is None else first.ply,
            rows=min(12, max(2, len(options))),
            description=_("Moves"),
            layout=widgets.Layout(width="100%", max_width="620px"),  # its labels whole, in either language
        )
        opened = self.moves.index or 0  # the move the stacks show first: the one the list opens on
        # As wide as the text (the graph's SVG fills its box): a Stack's box is only as wide as its contents.
        wide = widgets.Layout(width="100%", max_width="620px")
        self.graphs = widgets.Stack(
            [widgets.HTML(graph_svg(self.review, self.names, m.ply), layout=wide) for m in moves]
            or [widgets.HTML(graph_svg(self.review, self.names), layout=wide)],
            selected_index=opened,
            layout=wide,
        )
        self.pictures = widgets.Stack(
            [
                widgets.VBox(
                    [
                        widgets.HTML(self.review.picture(m, self.names)),
                        widgets.HTML(f"<p>{escape(move_words(self.review, m, self.names))}</p>"),
                    ]
                )
                for m in moves
            ]
            or [widgets.VBox([widgets.HTML(), widgets.HTML(f"<p>{escape(_('No moves yet.'))}</p>")])],
            selected_index=opened,
            layout=wide,
        )
        # Picking a move shows it in the browser alone (no kernel needed), and in Python too.
        self.links = [
            linked((self.moves, "index"), (self.graphs, "selected_index")),
            linked((self.moves, "index"), (self.pictures, "selected_index")),
        ]
        super().__init__([self.summary, self.graphs, self.table, self.moves, self.pictures])

    def opening_move(self) -> MoveReview | None:
        """The move the review opens on: the one that lost the most, else the first (None: no move)."""
        moves = self.review.moves
        if not moves:
            return None
        worst = max(moves, key=lambda m: m.lost)  # the first of the worst
        return worst if worst.lost > 0 else moves[0]

    @property
    def graph(self) -> widgets.HTML:
        """The graph on show: the move picked marked on it."""
        return self.graphs.children[self.graphs.selected_index or 0]

    @property
    def board(self) -> widgets.HTML:
        """The position before the move picked, its better move marked."""
        return self.pictures.children[self.pictures.selected_index or 0].children[0]

    @property
    def detail(self) -> widgets.HTML:
        """What the review says of the move picked."""
        return self.pictures.children[self.pictures.selected_index or 0].children[1]

    def static_html(self) -> str:
        """The graph, the summary and the move it opens on, for a viewer that shows no widget."""
        first = self.opening_move()
        graph = figure_html(None, "", svg=graph_svg(self.review, self.names))
        if first is None:
            return static_view(None, "", _("This review"), graph)
        heading = graph + self.summary.value
        return static_view(
            self.review.picture(first, self.names),
            move_words(self.review, first, self.names),
            _("This review"),
            heading,
        )

    def __repr__(self) -> str:
        return f"ReviewWidget({len(self.review.moves)} moves)"
