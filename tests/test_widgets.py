"""The widgets of oanquan.widgets, driven with no browser, the way ipywidgets tests itself.

Clicks are ``button.click()``, the slider is moved by setting its value, and
the assertions are on widget traits and on the SVG the widgets show.
"""

from __future__ import annotations

import json
import random
import re
from html import unescape

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget_description import DescriptionWidget
from ipywidgets.widgets.widget_link import Link

from conftest import BAD_SAVED_GAMES, english_words
from oanquan import M0, M1, Game, Move, Position, Rules
from oanquan.ai import RandomPlayer
from oanquan.errors import IllegalMoveError, reader_words
from oanquan.i18n import language
from oanquan.interact.view import game_view
from oanquan.narrate import end_words, outcome_words
from oanquan.svg import COLOURS
from oanquan.widgets import SPEEDS, GameBoard, PositionEditor, RulesForm, StepPlayer, default_choices
from oanquan.widgets.puzzle import PuzzleWidget

# ================================================================ StepPlayer


@pytest.fixture
def player() -> StepPlayer:
    """The step player of 7R from the opening: 15 frames."""
    return StepPlayer.from_move(Position.initial(), "7R")


def links(player: StepPlayer) -> set[tuple[str, str, str, str]]:
    """The jslinks as (widget, trait, widget, trait) names, for comparison."""
    names = {
        id(player.play): "play",
        id(player.slider): "slider",
        id(player.steps): "steps",
        id(player.boards): "boards",
        id(player.captions): "captions",
        id(player.speed): "speed",
    }
    found = set()
    for link in player.links:
        assert isinstance(link, Link)  # jslink, not a kernel-side link
        (a, ta), (b, tb) = link.source, link.target
        found.add((names[id(a)], ta, names[id(b)], tb))
    return found


def test_one_frame_per_event_plus_the_start() -> None:
    for move in ("7R", "5L", "9R", "6L"):
        _, events = Position.initial().play_traced(move)
        player = StepPlayer.from_move(Position.initial(), move)
        assert len(player.frames) == len(events) + 1
        assert len(player.boards.children) == len(player.captions.children) == len(events) + 1
        assert player.slider.max == player.play.max == len(player.steps.options) - 1 == len(events)


def test_the_player_is_wired_with_jslink_only(player: StepPlayer) -> None:
    assert links(player) == {
        ("play", "value", "slider", "value"),
        ("slider", "value", "steps", "index"),
        ("slider", "value", "boards", "selected_index"),
        ("slider", "value", "captions", "selected_index"),
        ("speed", "value", "play", "interval"),
    }
    assert all(isinstance(c, widgets.HTML) for c in player.boards.children + player.captions.children)


def test_frames_are_drawn_once_into_html(player: StepPlayer) -> None:
    for frame, board, caption in zip(player.frames, player.boards.children, player.captions.children, strict=True):
        assert frame.svg in board.value
        assert unescape(caption.value).endswith(frame.caption + "</div>")


def test_moving_the_slider_shows_that_frame_and_caption(player: StepPlayer) -> None:
    assert player.boards.selected_index == 0 and player.caption == "Start: Bottom row to play 7R."
    relay = next(i for i, f in enumerate(player.frames) if f.event is not None and f.event.kind == "relay")
    player.slider.value = relay
    assert player.boards.selected_index == player.captions.selected_index == relay
    assert player.play.value == player.steps.index == relay
    assert player.caption.startswith("R3.4b — Relay: the next square, 2, holds 5 pebbles")


def test_step_buttons_and_play_value_move_the_slider(player: StepPlayer) -> None:
    player.steps.index = 3  # what a click on "next ▶" does on frame 2
    assert player.slider.value == 3 and player.boards.selected_index == 3
    player.play.value = 5
    assert player.slider.value == 5 and player.captions.selected_index == 5
    player.back()
    assert player.index == 4
    player.forward()
    player.forward()
    assert player.index == 6


def test_step_buttons_are_one_per_frame_labelled_by_their_index(player: StepPlayer) -> None:
    # The browser rebuilds a ToggleButtons' buttons unless each label equals its index,
    # and the style sheet hides any button past the last frame.
    n = len(player.frames)
    assert player.steps.options == tuple(str(i) for i in range(n))
    assert "oaq-steps" in player.steps._dom_classes and f"oaq-of-{n - 1}" in player.steps._dom_classes
    assert f"nth-child(n+{n + 1})" in player.stylesheet.value and f"of {n - 1}" in player.stylesheet.value
    player.set_frames(player.frames[:4], index=3)
    assert player.steps.options == ("0", "1", "2", "3") and player.steps.index == 3
    assert "oaq-of-3" in player.steps._dom_classes and "oaq-of-14" not in player.steps._dom_classes
    assert "nth-child(n+5)" in player.stylesheet.value


def test_index_stays_in_range(player: StepPlayer) -> None:
    player.index = 999
    assert player.index == len(player.frames) - 1
    player.index = -3
    assert player.index == 0
    player.back()
    assert player.index == 0


def test_speed_sets_the_play_interval() -> None:
    player = StepPlayer.from_move(Position.initial(), "7R", interval=500)
    assert player.play.interval == 500 and player.speed.value == 500
    player.speed.value = 1200
    assert player.play.interval == 1200


def test_set_frames_reuses_widgets_and_handles_shrinking(player: StepPlayer) -> None:
    first = player.boards.children[0]
    player.index = len(player.frames) - 1
    player.set_frames(player.frames[:2], index=1)
    assert len(player.boards.children) == 2 and player.boards.children[0] is first
    assert player.index == player.boards.selected_index == 1
    with pytest.raises(ValueError):
        player.set_frames([])


def test_from_game_every_event_of_every_move() -> None:
    game = Game.from_record("7R 0L 9L")
    player = StepPlayer.from_game(game)
    replay = Game()
    expected = 1 + sum(len(replay.play_traced(m)) for m in game.moves)
    assert len(player.frames) == expected
    assert player.frames[-1].position.pebbles == game.position.pebbles
    assert player.frames[-1].caption.startswith("Move 3, 9L: ")


def test_from_game_per_move_and_the_ply_limit() -> None:
    # R7.3: the ply limit ends the game; the last frame says so.
    game = Game.from_record("7R 0L", rules=Rules(max_plies=2))
    player = StepPlayer.from_game(game, steps="moves")
    assert len(player.frames) == 3
    assert "(R7.3)" in player.frames[-1].caption
    events = StepPlayer.from_game(game)
    assert any(f.event is not None and f.event.kind == "game_end" for f in events.frames)


def test_from_record_shows_the_engine_error() -> None:
    with pytest.raises(ValueError, match="square 2 is empty"):
        StepPlayer.from_record("7R 2L")


def test_player_text_repr_is_short_and_stable(player: StepPlayer) -> None:
    # nbval compares text/plain: no model ids, no frames.
    assert repr(player) == "StepPlayer(15 frames)"
    assert player._repr_mimebundle_()["text/plain"] == "StepPlayer(15 frames)"


def static_fallback(widget: widgets.Widget) -> str:
    """The HTML an untrusted notebook shows instead of the widget (see docs/lab-findings.md)."""
    bundle = widget._repr_mimebundle_()
    # and, for a board to play on, the setup of its live board on the website (oanquan.interact.board_setup)
    assert bundle is not None and set(bundle) - {"application/vnd.oanquan.live+json"} == {
        "text/plain",
        "text/html",
        "application/vnd.jupyter.widget-view+json",
    }
    assert ("application/vnd.oanquan.live+json" in bundle) == (not isinstance(widget, StepPlayer))
    html: str = bundle["text/html"]
    assert "<svg" not in html and "<script" not in html  # the sanitizer drops both
    assert html.count('<img src="data:image/svg+xml;base64,') == 1
    assert re.search(r'alt="[^"]{40,}"', html)  # the picture's title and description, for screen readers
    assert "run the notebook (Run ▸ Run All Cells) to use it." in html
    return html


def test_every_widget_brings_a_static_picture_for_an_untrusted_notebook(player: StepPlayer, board: GameBoard) -> None:
    assert "Start: Bottom row to play 7R." in static_fallback(player)
    click_move(board, "7R")
    html = static_fallback(board)
    assert "Top row to move." in html and "This is a board to play on" in html
    editor = PositionEditor()
    assert "Position text: 5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0" in static_fallback(editor)
    puzzle = PuzzleWidget()
    assert f"Puzzle 1 of {len(puzzle.puzzles)}: " in static_fallback(puzzle)


def test_svg_ids_differ_between_frames_and_between_two_players_of_the_same_move(player: StepPlayer) -> None:
    # a page that shows the same move twice gives each player an id_prefix of its own
    first, second = (StepPlayer.from_move(Position.initial(), "7R", id_prefix=prefix) for prefix in "ab")
    for frames in (player.frames, first.frames + second.frames):
        ids = [f.svg.split('id="', 1)[1].split('"', 1)[0] for f in frames]
        assert len(set(ids)) == len(ids)
    assert len(ids) == 30 and ids[0] == "a-0-title" and ids[-1] == "b-14-title"


# ================================================================= GameBoard
#
# The rules of the interaction (what a click means, undo, the computer, hints,
# loading) are tested once, in test_controller.py. Here: that the board shows
# what the controller says and sends it the clicks, its pacing and its queue.


@pytest.fixture
def board() -> GameBoard:
    """A board for two humans from the opening, that shows each move at once."""
    return GameBoard(animate=False)


def click_move(board: GameBoard, move: Move | str) -> None:
    move = Move.parse(move) if isinstance(move, str) else move
    board.square_buttons[move.square].click()
    board.direction_buttons[move.direction].click()


def broken_player() -> None:
    """A choice of the board's maker that cannot make its player."""
    raise ValueError("level must be 1-5, not 9")


def end_animation(board: GameBoard) -> None:
    """What the browser tells the kernel when the Play widget reaches the last frame."""
    board.viewer.play.set_state({"playing": False})


def test_a_click_on_a_square_highlights_it_and_enables_directions(board: GameBoard) -> None:
    assert all(b.disabled for b in board.direction_buttons.values())
    assert {s for s, b in board.square_buttons.items() if "oaq-can" in b._dom_classes} == {5, 6, 7, 8, 9}
    assert {s for s, b in board.square_buttons.items() if b.tabbable} == {5, 6, 7, 8, 9}  # Tab reaches those
    board.square_buttons[7].click()
    assert board.selected == board.controller.selected == 7
    assert "oaq-chosen" in board.square_buttons[7]._dom_classes
    assert not any("oaq-chosen" in board.square_buttons[s]._dom_classes for s in (5, 6, 8, 9))
    assert board.direction_buttons["R"].description == "7R →"
    assert board.direction_buttons["L"].description == "← 7L"
    assert not board.direction_buttons["R"].disabled
    assert "square 7 chosen" in board.viewer.frame.svg


def test_the_controllers_refusals_are_said_in_words(board: GameBoard) -> None:
    board.square_buttons[2].click()
    assert board.selected is None
    assert "Not square 2: square 2 is in the other player's row." in unescape(board.message.value)
    board.choose_direction("R")
    assert board.message_text == "Choose one of your highlighted squares first."
    assert "⚠" in board.message.value and board.game.moves == []


def test_a_move_is_animated_through_the_step_player() -> None:
    board = GameBoard()
    click_move(board, "7R")
    _, events = Position.initial().play_traced("7R")
    viewer = board.viewer
    assert len(viewer.frames) == len(events) + 2  # start, each event, then the board for the next turn
    assert viewer.play.playing and viewer.index == 0 and board.animating
    assert viewer.frames[0].caption == "Move 1: Bottom row plays 7R."
    assert viewer.frames[1].caption.startswith("Move 1, 7R: R3.3")
    assert viewer.frames[-1].position == board.game.position


def test_without_animation_the_new_position_shows_at_once(board: GameBoard) -> None:
    click_move(board, "7R")
    assert not board.viewer.play.playing and not board.animating
    assert board.viewer.index == len(board.viewer.frames) - 1 == len(Position.initial().play_traced("7R")[1]) + 1
    assert board.viewer.frame.position == Position.initial().play("7R")
    assert "last move: 7R" in board.viewer.frame.svg
    assert "Top row to move. Click a highlighted square" in board.viewer.caption


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_move_and_the_reply_reach_the_final_board_within_about_3_s(seed: int) -> None:
    # frames x interval is the time the browser takes: no clock in this test
    board = GameBoard(players={1: RandomPlayer(seed=seed)})
    rng = random.Random(seed)
    for _ in range(6):
        if board.game.outcome() is not None:
            break
        click_move(board, rng.choice(board.game.legal_moves()))
        viewer = board.viewer
        shown = len(viewer.frames) - 1  # steps after the first frame
        assert shown * viewer.play.interval <= 3000, (len(viewer.frames), viewer.play.interval)
        assert viewer.play.interval == viewer.speed.value and viewer.frames[-1].position == board.game.position
        end_animation(board)


def test_a_very_long_move_still_takes_about_3_s() -> None:
    board = GameBoard(Position.from_text("0,0,0,0,0,0,0,0,0,990 Q+5,Q+5 0,0 0,0 0"))
    click_move(board, "9R")
    viewer = board.viewer
    assert (len(viewer.frames) - 1) * viewer.play.interval <= 3000 and viewer.play.interval >= 40
    assert viewer.frames[-1].position == board.game.position


def test_the_speed_menu_and_skip_to_the_end() -> None:
    board = GameBoard(players={1: RandomPlayer(seed=3)})
    board.speed.value = SPEEDS["slow: about 8 s"]
    click_move(board, "7R")
    slow = (len(board.viewer.frames) - 1) * board.viewer.play.interval
    assert 3000 < slow <= 8000
    board.skip_button.click()
    assert not board.viewer.play.playing and board.viewer.index == len(board.viewer.frames) - 1
    board.speed.value = SPEEDS["no animation"]
    click_move(board, board.game.legal_moves()[0])
    assert not board.viewer.play.playing and board.viewer.index == len(board.viewer.frames) - 1
    assert board.viewer.frame.position == board.game.position
    assert len(board.viewer.frames) > 3  # the step buttons still go back through both moves


def test_clicks_during_an_animation_wait_and_count_once() -> None:
    board = GameBoard()
    click_move(board, "7R")
    assert board.animating
    click_move(board, "1R")  # player 1 clicks while 7R is still shown
    assert board.game.record() == "7R"
    assert board.message_text.startswith("Wait: the move is still being shown. Your direction R counts")
    end_animation(board)  # the browser's Play widget reached the end
    assert board.game.record() == "7R 1R"  # played once, not lost, not doubled
    assert board.animating  # and 1R is being shown now
    end_animation(board)
    assert board.game.record() == "7R 1R" and board.selected is None


def test_a_click_queued_behind_skip_and_a_full_queue_is_refused_with_a_word() -> None:
    board = GameBoard()
    click_move(board, "7R")
    for square in (0, 1, 3, 4):
        board.square_buttons[square].click()
    board.square_buttons[0].click()
    assert board.message_text == "Wait for the move to finish: 4 clicks are waiting already."
    board.skip_button.click()  # skip ends the animation: the clicks count, in order
    assert board.selected == 4 and board.game.record() == "7R"
    board.undo_button.click()
    assert board.game.record() == ""


def test_undo_and_redo_buttons_follow_the_controller(board: GameBoard) -> None:
    assert board.undo_button.disabled and board.redo_button.disabled
    click_move(board, "7R")
    board.undo_button.click()
    assert board.game.moves == [] and board.undo_button.disabled and not board.redo_button.disabled
    assert board.viewer.frame.position == Position.initial()
    board.undo_button.click()
    assert board.message_text == "There is no move to undo."
    board.redo_button.click()
    assert board.game.record() == "7R" and board.redo_button.disabled


def test_a_computer_reply_is_shown_after_your_move() -> None:
    board = GameBoard(animate=False, players={1: RandomPlayer(seed=3)})
    assert board.player_menus[1].value == "Random" and board.player_menus[0].value == "human"
    board.speed.value = SPEEDS["about 3 s a turn"]
    board.animate = True
    click_move(board, "7R")
    reply = board.game.moves[1]
    assert len(board.game.moves) == 2 and board.game.position.to_move == 0
    assert any(f.caption.startswith(f"Move 2: Computer (Random) plays {reply}") for f in board.viewer.frames)
    assert board.viewer.frames[0].caption.startswith("Move 1: you play 7R")
    end_animation(board)
    board.undo_button.click()  # back to the human's turn: both moves go
    assert board.game.moves == []


def test_a_computer_opening_is_shown_and_both_computers_play_out() -> None:
    board = GameBoard(animate=False, players={0: 1})
    assert len(board.game.moves) == 1 and board.undo_button.disabled
    both = GameBoard(animate=False, players={0: RandomPlayer(seed=1), 1: RandomPlayer(seed=2)})
    assert both.game.outcome() is not None and "Game over" in both.viewer.caption


def test_the_hint_button_counts_down() -> None:
    board = GameBoard(animate=False, hint_limit=1)
    assert board.hint_button.description == "hint (1 left)"
    board.hint_button.click()
    assert board.message_text.startswith("Hint: ") and board.hint_button.disabled
    assert board.hint_button.description == "hint (0 left)"


def test_settings_changed_mid_game_say_they_apply_to_the_next_game(board: GameBoard) -> None:
    click_move(board, "7R")
    board.rules_form.young_mandarin_min.value = 5
    board.player_menus[1].value = "computer level 1"
    assert board.message_text == "These settings apply to the next game: press New game to start it."
    assert board.game.record() == "7R" and board.game.rules == Rules()
    board.new_button.click()
    assert board.game.rules == Rules(young_mandarin_min=5)
    assert board.game.moves == [] and board.players[0] is None
    assert board.players[1] is not None and board.players[1].name == "Level 1 (random)"
    click_move(board, "5L")  # RULES §11: with young Mandarins, 5L captures nothing
    assert board.game.position.points(0) == 0 and len(board.game.moves) == 2


def test_new_game_under_the_pebbles_option(board: GameBoard) -> None:
    board.rules_form.mandarin_pieces.value = "pebbles"
    board.new_button.click()
    assert board.game.position == Position.initial(Rules(mandarin_pieces="pebbles"))


def test_a_player_that_cannot_be_made_is_explained() -> None:
    board = GameBoard(animate=False, choices={"level 9": broken_player})
    click_move(board, "7R")
    board.player_menus[1].value = "level 9"
    board.new_button.click()
    # the choice's own message is for the programmer; the reader is told which setting failed
    assert board.message_text == "The board was given a player it cannot use."
    assert board.game.record() == "7R"  # the game goes on


def test_load_buttons_read_the_text_box(board: GameBoard) -> None:
    board.load_text.value = "7R 0L"
    board.load_buttons["record"].click()
    assert board.game.record() == "7R 0L"
    board.load_text.value = "0,1,0,0,0,0,0,3,0,0 Q,Q 25,21 0,0 0"
    board.rules_form.mandarin_gap.value = "never"
    board.load_buttons["position"].click()
    assert board.game.start.to_text() == "0,1,0,0,0,0,0,3,0,0 Q,Q 25,21 0,0 0"
    assert board.game.rules.mandarin_gap == "never"
    saved = Game.from_record("9R 3L", rules=Rules(mandarin_gap="always")).to_json()
    board.load_text.value = saved
    board.load_buttons["json"].click()
    assert board.game.record() == "9R 3L" and board.rules_form.mandarin_gap.value == "always"
    assert board.message_text == ""  # showing the loaded rules is not a change of settings


@pytest.mark.parametrize(("text", "message"), BAD_SAVED_GAMES[:5])
def test_load_saved_game_errors_keep_the_game_in_progress(text: str, message: str) -> None:
    board = GameBoard(animate=False, players={1: RandomPlayer(seed=5)})
    click_move(board, "7R")
    record, shown = board.game.record(), board.viewer.frame.svg
    board.load_text.value = text
    board.load_buttons["json"].click()
    # the reader's words for the error, never the programmer's message
    assert board.message_text == "This saved game cannot be read back." and "⚠" in board.message.value
    assert message not in unescape(board.message.value)
    assert board.game.record() == record and board.viewer.frame.svg == shown
    assert board.players[1] is not None and board.record_text.value == record


def test_refusals_are_in_the_readers_language_never_the_programmers_english() -> None:
    # issue 20: a new game, a change of settings and a load each showed str(error)
    with language("vi"):
        board = GameBoard(animate=False, choices={**default_choices(), "level 9": broken_player})
        shown = []
        board.load_record("7R 2L")
        shown.append(board.message_text)
        board.load_json("{}")
        shown.append(board.message_text)
        board.load_position("5,5 Q")
        shown.append(board.message_text)
        board.player_menus[1].value = "level 9"  # a change of settings
        shown.append(board.message_text)
        board.new_button.click()
        shown.append(board.message_text)
    assert all(shown) and len(set(shown)) == 4, shown
    for text in shown:
        assert english_words(text) == [], text
        assert "level must be" not in text and "'7R 2L'" not in text and "{}" not in text


def test_the_saved_session_loads_back_with_its_players() -> None:
    board = GameBoard(Position.from_text("0,1,0,0,0,0,0,3,0,0 Q,Q 25,21 0,0 0"), animate=False, players={1: 2})
    click_move(board, "7R")
    saved = board.saved_text.value
    other = GameBoard(animate=False)
    other.load_text.value = saved
    other.load_buttons["json"].click()
    assert other.game.start == board.game.start and other.game.record() == board.game.record()
    assert other.game.position == board.game.position
    assert other.player_menus[1].value == "computer level 2"


def test_user_text_is_escaped_in_messages(board: GameBoard) -> None:
    board.load_text.value = "<img src=x onerror=alert(1)>"
    board.load_buttons["record"].click()
    assert "<img" not in board.message.value and "&lt;img" in board.message.value


def test_move_list_status_and_the_end_of_a_game(board: GameBoard) -> None:
    click_move(board, "7R")
    click_move(board, "0L")
    assert "1. Bottom row 7R · 2. Top row 0L" in unescape(board.moves.value)
    # issue 41: the view-model's names, never the notation's "P0"/"P1"
    against = GameBoard(animate=False, players={1: RandomPlayer(seed=3)})
    click_move(against, "7R")
    assert "Moves: 1. You 7R · 2. Computer " in unescape(against.moves.value)
    named = GameBoard(animate=False, names=("Lan", "Minh"))
    click_move(named, "7R")
    assert "1. Lan 7R" in unescape(named.moves.value) and "P0" not in named.moves.value
    assert "Bottom row to move" in board.status.value and "move 3" in board.status.value
    ended = GameBoard(animate=False)
    for move in Game.from_record("9R 2L 7R 4L 5L 3R 6R 0L 7L 0R 9L").moves:
        click_move(ended, move)
    status = unescape(ended.status.value)
    assert "Bottom row wins!" in status and "56 to 14" in status and "Bottom row: " in status and "= 56." in status
    assert "Bottom row wins 56-14" in unescape(ended.viewer.frame.svg) and "Game over" in ended.viewer.caption
    assert not any("oaq-can" in b._dom_classes or b.tabbable for b in ended.square_buttons.values())
    ended.square_buttons[5].click()
    assert ended.message_text == "Game over: both Mandarin squares are empty. Bottom row wins!"


def test_the_last_frame_shows_your_squares(board: GameBoard) -> None:
    svg = board.viewer.frames[-1].svg
    assert svg.count(f'stroke="{COLOURS["selectable"]}"') == 5


def test_default_choices_offer_human_and_five_levels() -> None:
    choices = default_choices()
    assert list(choices) == ["human"] + [f"computer level {n}" for n in range(1, 6)]
    assert choices["human"]() is None


def test_the_widgets_say_an_error_in_the_words_of_its_code(board: GameBoard) -> None:
    # Not the engine's message (position text included): the reader's words from the code.
    board.play("3R")
    assert board.message_text == reader_words(IllegalMoveError(code="not-yours", square=3, other=1, player=0))
    assert Position.initial().to_text() not in board.message_text and "3R" not in board.message_text


def test_the_ply_limit_ends_the_game_on_the_board() -> None:
    # R7.3: the position alone does not know the game is over; the board says so.
    board = GameBoard(rules=Rules(max_plies=2), animate=False)
    click_move(board, "7R")
    click_move(board, "0L")
    outcome = board.game.outcome()
    assert outcome is not None and outcome.rule == "R7.3"
    assert outcome_words(outcome, board.controller.names) in unescape(board.viewer.frame.svg)
    assert end_words(outcome.termination) in unescape(board.status.value)
    board.square_buttons[5].click()
    assert board.message_text == game_view(board.controller).status
    assert board.message_text.startswith("Game over: the game reached its length limit.")


# =========================================================== PositionEditor


def test_editor_clicks_add_and_remove_pebbles() -> None:
    editor = PositionEditor()
    editor.square_buttons[3].click()
    editor.square_buttons[3].click()
    assert editor.position is not None and editor.position.count(3) == 7
    editor.mode.value = "remove"
    editor.square_buttons[M1].click()
    assert "M1 has no pebbles to remove" in editor.message.value
    editor.square_buttons[3].click()
    assert editor.position.count(3) == 6
    assert editor.text.value == "5,5,5,6,5,5,5,5,5,5 Q,Q 0,0 0,0 0"
    assert json.loads(editor.json.value)["position"] == editor.text.value
    assert "square 3 chosen" in editor.board.value


def test_editor_count_box_and_stones() -> None:
    editor = PositionEditor()
    editor.mode.value = "select"
    editor.square_buttons[M0].click()
    assert not editor.stone.disabled and editor.stone.value
    editor.count.value = 4
    editor.stone.value = False
    assert editor.text.value.split()[1] == "4,Q"
    editor.square_buttons[2].click()
    assert editor.stone.disabled and editor.count.value == 5
    editor.count.value = 0
    assert editor.position is not None and editor.position.count(2) == 0


def test_editor_stores_debts_turn_and_validation() -> None:
    editor = PositionEditor()
    editor.stores[0].value = 6
    editor.debts[1].value = 2
    editor.to_move.value = 1
    assert editor.text.value == "5,5,5,5,5,5,5,5,5,5 Q,Q 6,0 0,2 1"
    editor.captured[0].value = 1  # a third stone: the engine says no
    assert editor.position is None
    assert "holds 3 Mandarin stones, and there are only 2" in editor.message.value
    assert editor.play_button.disabled and editor.open_game() is None
    editor.captured[0].value = 0
    assert editor.position is not None and not editor.play_button.disabled


def test_editor_json_round_trip() -> None:
    source = PositionEditor(Position.initial(Rules(mandarin_gap="always")).play("7R"))
    editor = PositionEditor()
    editor.json.value = source.json.value
    editor.read_json_button.click()
    assert editor.position == source.position and editor.rules_form.mandarin_gap.value == "always"
    editor.json.value = '{"position": "5,5"}'
    editor.read_json_button.click()
    assert "and '5,5' has 1" in unescape(editor.message.value) and editor.position == source.position


def test_editor_rule_options_are_checked_by_the_engine() -> None:
    editor = PositionEditor()
    editor.rules_form.mandarin_pieces.value = "pebbles"
    assert editor.position is None and "no square or store holds a Mandarin stone (Q)" in editor.message.value


def test_editor_reads_text_and_opens_a_game() -> None:
    editor = PositionEditor()
    editor.load_text("0,0,0,0,1,0,2,0,3,4 Q,0 0,0 0,0 1")
    assert editor.position == Position.from_text("0,0,0,0,1,0,2,0,3,4 Q,0 0,0 0,0 1")
    editor.load_text("nonsense")
    assert "and 'nonsense' has 1" in unescape(editor.message.value)
    assert editor.position is not None  # the last good position is kept
    editor.play_button.click()
    board = editor.game_board
    assert board is not None and editor.game_area.children == (board,)
    assert board.game.start == editor.position
    click_move(board, "4R")
    assert board.game.position.points(1) == 5  # R5.2: a chain takes 6 and 8


def test_rules_form_round_trip() -> None:
    rules = Rules(mandarin_pieces="pebbles", mandarin_value=5, mandarin_gap="never", young_mandarin_min=5, max_plies=0)
    assert RulesForm(rules).rules() == rules


def test_custom_choices_and_a_given_computer_player_appear_in_the_menus() -> None:
    board = GameBoard(animate=False, choices={"a dice": lambda: RandomPlayer(seed=9, name="Dice")})
    assert list(board.choices) == ["a dice", "human"]
    assert board.player_menus[0].value == "human"
    board.player_menus[0].value = "a dice"
    board.new_button.click()
    assert board.players[0] is not None and board.players[0].name == "Dice"
    assert board.game.position.to_move == 1 and len(board.game.moves) == 1  # the computer moved first
    given = GameBoard(animate=False, players={1: RandomPlayer(seed=2, name="Mine")})
    assert given.player_menus[1].value == "Mine" and "Mine" in given.player_menus[0].options
    again = GameBoard(animate=False, choices={"Mine": lambda: RandomPlayer(seed=2, name="Mine")})
    again.load_json(given.saved_text.value)  # a saved session names the custom player; this board offers it
    assert again.players[1] is not None and again.players[1].name == "Mine"


def test_changes_from_the_browser_are_not_echoed(player: StepPlayer) -> None:
    # In the browser the jslinks already moved the frames; the kernel must not send
    # its own copy back, or a running animation could be pulled back a frame.
    player.slider.set_state({"value": 3})  # what ipywidgets does with a message from the browser
    assert player.slider.value == 3
    assert player.play.value == 0 and player.boards.selected_index == 0
    player.slider.value = 4  # a change made in Python is passed on
    assert player.play.value == player.boards.selected_index == 4


def test_labels_and_buttons_take_the_width_of_their_words() -> None:
    # issue 11: at 700 px JupyterLab cut "+1 peb…", "debt 0 (R…", "young Mandarin under …", "small pebbles (F".
    # Measured in a real JupyterLab (docs/lab-findings.md); here, the settings that fixed it.
    def walk(widget: widgets.Widget) -> list[widgets.Widget]:
        found = [widget]
        for child in getattr(widget, "children", ()):
            found.extend(walk(child))
        return found

    board, editor, puzzle = GameBoard(animate=False), PositionEditor(), PuzzleWidget()
    grids = {*board.square_buttons.values(), *editor.square_buttons.values(), *puzzle.square_buttons.values()}
    for root in (board, editor, puzzle, RulesForm()):
        for widget in walk(root):
            if isinstance(widget, widgets.Button) and widget not in grids:
                assert widget.layout.width == "auto", widget.description
            described = isinstance(widget, DescriptionWidget) and widget.description
            # (a button's words are its face; a checkbox without indent puts its words beside it, unclipped)
            if described and len(widget.description) > 9 and not isinstance(widget, (widgets.Button, widgets.Checkbox)):
                assert widget.style.description_width == "initial", widget.description
    assert editor.mode.style.button_width == "auto"


# ------------------------------------------------- the board's squares are the buttons (issue 44)


def css_boxes(css: str) -> dict[int, tuple[float, float, float, float]]:
    """Each square button's place in the style sheet: left, top, width, height in % of the picture."""
    rule = re.compile(
        r"\.oaq-sq-(\d+)\{left:([\d.]+)%;top:([\d.]+)%;width:([\d.]+)%!important;height:([\d.]+)%!important\}"
    )
    return {int(m[1]): (float(m[2]), float(m[3]), float(m[4]), float(m[5])) for m in rule.finditer(css)}


def test_each_square_button_lies_on_its_square_of_the_picture() -> None:
    from oanquan.svg import HEIGHT, WIDTH, square_box, square_centre

    board = GameBoard(animate=False)
    stage = board.viewer.children[1]  # the picture's Stack and the layer of buttons, in one grid cell
    assert board.viewer.boards in stage.children and "oaq-stage" in stage._dom_classes
    layer = next(child for child in stage.children if "oaq-pick" in child._dom_classes)
    assert set(layer.children) == set(board.square_buttons.values())
    css = next(child.value for child in stage.children if isinstance(child, widgets.HTML) and "<style>" in child.value)
    boxes = css_boxes(css)
    assert set(boxes) == set(range(12))
    for square, (left, top, width, height) in boxes.items():
        x, y = square_centre(square)  # the middle of the square on the picture is inside its button
        assert left < 100 * x / WIDTH < left + width and top < 100 * y / HEIGHT < top + height, square
        assert (left, top, width, height) == pytest.approx(
            [100 * v / s for v, s in zip(square_box(square), (WIDTH, HEIGHT, WIDTH, HEIGHT), strict=True)], abs=1e-3
        )
    for square, button in board.square_buttons.items():
        assert f"oaq-sq-{square}" in button._dom_classes and button.tooltip == f"square {square}"


def test_the_editors_squares_are_on_its_picture_and_all_take_the_tab_key() -> None:
    editor = PositionEditor()
    stage = editor.children[0]
    assert editor.board in stage.children and "oaq-stage" in stage._dom_classes
    assert all(button.tabbable for button in editor.square_buttons.values())
    editor.square_buttons[M1].click()
    assert "oaq-chosen" in editor.square_buttons[M1]._dom_classes
    assert not any("oaq-chosen" in editor.square_buttons[s]._dom_classes for s in range(10))


def test_a_puzzle_is_answered_by_a_square_of_its_picture_then_a_direction() -> None:
    widget = PuzzleWidget()
    answer = Move.parse(widget.puzzle.solution[0])
    playable = {m.square for m in widget.puzzle.position.legal_moves()}
    assert {s for s, b in widget.square_buttons.items() if b.tabbable} == playable
    assert all(b.disabled for b in widget.direction_buttons.values())
    other = next(s for s in range(10) if s not in playable)
    widget.square_buttons[other].click()
    assert f"Not square {other}:" in unescape(widget.feedback.value) and widget.controller.selected is None
    widget.square_buttons[answer.square].click()
    assert widget.controller.selected == answer.square
    assert "oaq-chosen" in widget.square_buttons[answer.square]._dom_classes
    assert f"square {answer.square} chosen" in widget.player.frame.svg  # the picture marks the chosen square
    assert not widget.direction_buttons[answer.direction].disabled
    widget.direction_buttons[answer.direction].click()
    assert widget.solved and widget.tried == [answer] and "Right!" in widget.feedback.value
    assert not any(b.tabbable for b in widget.square_buttons.values())  # answered: Try again first
    widget.square_buttons[answer.square].click()
    assert widget.tried == [answer] and "Try again" in unescape(widget.feedback.value)
