"""The review in the notebook widgets (issue 43): the ReviewWidget works with no kernel, and a
GameBoard's "review this game" shows the review of the game played on it.

Driven with no browser, as tests/test_widgets.py does: clicks are ``button.click()``, and the
assertions are on widget traits and on the pictures and words the widgets show. What the
browser does with the links is checked by tests/test_widgets_browser.py's way: the links here
are ``jslink``s (no kernel), between the traits that make a pick show its move.
"""

from __future__ import annotations

import html

import ipywidgets as widgets
from ipywidgets.widgets.widget_link import Link

from oanquan import Game
from oanquan.ai import player_for_level
from oanquan.i18n import language
from oanquan.interact.view import game_view
from oanquan.review import review
from oanquan.widgets import GameBoard
from oanquan.widgets.review import ReviewWidget


def seeded_game() -> Game:
    """A whole game, level 4 (bottom row) against level 2 (top row), seed 0: the greedy side blunders."""
    players = {0: player_for_level(4, seed=0), 1: player_for_level(2, seed=0)}
    game = Game()
    while game.outcome() is None:
        game.play(players[game.position.to_move].choose(game.position))
    return game


# ============================================================ ReviewWidget with no kernel


def test_picking_a_move_is_linked_in_the_browser_to_its_graph_board_and_words() -> None:
    widget = ReviewWidget(seeded_game())
    found = set()
    for link in widget.links:
        assert isinstance(link, Link)  # a jslink: it runs in the browser, kernel or not
        (a, ta), (b, tb) = link.source, link.target
        found.add((a is widget.moves, ta, b, tb))
    assert found == {
        (True, "index", widget.graphs, "selected_index"),
        (True, "index", widget.pictures, "selected_index"),
    }
    # one page per move in each stack, in the list's order: what the browser shows for pick i is move i's
    r = widget.review
    assert len(widget.graphs.children) == len(widget.pictures.children) == len(r.moves)
    for m, graph, page in zip(r.moves, widget.graphs.children, widget.pictures.children, strict=True):
        board, words = page.children
        assert isinstance(graph, widgets.HTML) and isinstance(board, widgets.HTML)
        assert html.escape(f"Move {m.number}, {m.move}, by") in words.value
        note = f"Best: {m.best}" if m.move == m.best else f"Better: {m.best} (played: {m.move})"
        assert note in board.value


def test_it_opens_on_the_move_that_lost_the_most_with_its_better_move() -> None:
    widget = ReviewWidget(seeded_game())
    r = widget.review
    worst = max(r.moves, key=lambda m: m.lost)
    assert worst.label == "blunder"
    assert widget.moves.value == widget.moves.index == worst.ply
    assert widget.graphs.selected_index == widget.pictures.selected_index == worst.ply
    assert f"Better: {worst.best} (played: {worst.move})" in widget.board.value
    assert html.escape(r.why(worst, named=False)) in widget.detail.value
    # a game where no move lost anything opens on its first move
    best_only = ReviewWidget(Game.from_record("6L"))
    assert best_only.moves.value == 0 and "Best: 6L" in best_only.board.value


def test_each_move_s_graph_marks_that_move() -> None:
    widget = ReviewWidget(seeded_game())
    marked = []
    for graph in widget.graphs.children:
        dotted = graph.value.split('stroke-dasharray="1 3"')[0].rsplit("<line", 1)[1]
        marked.append(dotted.split('x1="')[1].split('"')[0])
    assert len(set(marked)) == len(marked)  # a different place on each, left to right
    assert [float(x) for x in marked] == sorted(float(x) for x in marked)


def test_the_static_fallback_shows_the_graph_the_summary_and_the_worst_move() -> None:
    widget = ReviewWidget(seeded_game(), names=("You", "Computer"))
    shown = widget.static_html()
    r = widget.review
    worst = max(r.moves, key=lambda m: m.lost)
    assert shown.count("<img") == 2  # the graph and the board, as pictures any viewer shows
    assert html.escape(r.player_summary(1, "Computer")) in shown
    assert html.escape(r.why(worst)) in shown
    assert "run the notebook" in shown
    assert repr(widget) == f"ReviewWidget({len(r.moves)} moves)"


# ============================================================ GameBoard: review this game


def test_the_review_button_waits_for_a_move_and_is_offered_at_the_end() -> None:
    board = GameBoard(animate=False)
    assert board.review_button.disabled and board.review_box.children == ()
    board.play("6L")
    assert not board.review_button.disabled and board.review_button.button_style == ""
    ended = GameBoard(animate=False, players={0: 4, 1: 2})  # two computers: the game ends at once
    assert ended.game.outcome() is not None
    assert not ended.review_button.disabled and ended.review_button.button_style == "primary"


def test_review_this_game_during_a_game_shows_the_same_review_with_the_board_s_names() -> None:
    board = GameBoard(animate=False, players={1: player_for_level(2, seed=0)})
    for move in ("6L", "8L"):
        board.play(move)
    board.review_button.click()
    heading, shown = board.review_box.children
    assert isinstance(shown, ReviewWidget)
    expected = review(board.game)
    assert [(m.move, m.label, m.lost) for m in shown.review.moves] == [
        (m.move, m.label, m.lost) for m in expected.moves
    ]
    assert shown.names == game_view(board.controller).names
    assert f"{len(board.game)} moves" in heading.value
    assert "The review is under the moves" in board.message_text
    # the review is of a copy: the game on the board goes on without changing it
    assert shown.review.game is not board.game


def test_the_review_goes_when_the_game_goes_on_and_stays_when_nothing_changes() -> None:
    board = GameBoard(animate=False)
    board.play("6L")
    board.show_review()
    assert board.review_box.children
    board.click_square(2)  # choosing a square changes no move: the review stays
    assert board.review_box.children
    board.play("3R")
    assert board.review_box.children == ()
    board.show_review()
    board.undo()
    assert board.review_box.children == ()
    board.show_review()
    board.new_game()
    assert board.review_box.children == () and board.review_button.disabled


def test_the_end_of_a_game_reviews_the_whole_game() -> None:
    board = GameBoard(animate=False, players={0: 4, 1: 2})
    board.show_review()
    shown = board.review_box.children[1]
    assert isinstance(shown, ReviewWidget)
    assert len(shown.review.moves) == len(board.game) and shown.review.game.outcome() is not None
    assert shown.review.expected()[-1] == board.game.outcome().scores[0] - board.game.outcome().scores[1]


def test_nothing_to_review_is_said_not_raised() -> None:
    board = GameBoard(animate=False)
    board.show_review()
    assert board.message_text == "No moves yet: there is nothing to review." and board.review_box.children == ()


def test_the_review_speaks_vietnamese_on_the_board() -> None:
    with language("vi"):
        board = GameBoard(animate=False)
        board.play("6L")
        board.play("3R")
        board.show_review()
        heading, shown = board.review_box.children
        words = board.review_button.description + heading.value + board.message_text + shown.detail.value
    for english in ("review", "Review", "blunder", "better", "Move"):
        assert english not in words, english
