"""The rules of the interaction, tested once, against oanquan.interact.controller.

Every view (GameBoard, PuzzleWidget, the website's bridge, the terminal game) is a
thin adapter over the Controller; their own tests only check drawing and wiring.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from authoring.puzzles import goal_moves
from conftest import BAD_SAVED_GAMES, DEMO, YOUNG, english_words
from oanquan import (
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Position,
    RecordFormatError,
    Rules,
    Termination,
    caption,
)
from oanquan.ai import RandomPlayer, hint
from oanquan.errors import reader_words
from oanquan.i18n import language
from oanquan.interact.controller import Controller, PlayedMove, SessionError, Settings, check_text, sides_for
from oanquan.interact.pacing import MAX_MOVE_FRAMES, animation_events, move_frames, pace
from oanquan.interact.view import game_view, status_line
from oanquan.narrate import end_words
from oanquan.puzzles import load_builtin


class FirstMove:
    """A stand-in computer player: always the first legal move."""

    name = "First move"

    def choose(self, position: Position) -> Move:
        return position.legal_moves()[0]


class Refuses:
    """A computer player that must never be asked."""

    name = "Refuses"

    def choose(self, position: Position) -> Move:
        raise AssertionError("not asked in this test")


def moves_of(played: list[PlayedMove]) -> list[str]:
    return [str(p.move) for p in played]


# ================================================================ selecting


def test_directions_on_the_top_row_point_the_other_way() -> None:
    c = Controller()
    c.play("7R")
    c.click(3)
    assert c.direction_labels() == {"L": "3L →", "R": "← 3R"}  # R runs left along player 1's row (R1.3)


def test_a_click_that_cannot_start_a_move_gives_the_engines_reason() -> None:
    c = Controller()
    with pytest.raises(IllegalMoveError) as engine:
        Position.initial().play("2L")
    with pytest.raises(IllegalMoveError) as clicked:
        c.click(2)
    assert str(clicked.value) == str(engine.value)
    assert clicked.value.code == "not-yours" and clicked.value.fields == {
        "move": "2L",
        "square": 2,
        "other": 1,
        "player": 0,
    }
    assert reader_words(clicked.value) == "Square 2 is in the other player's row."
    assert c.selected is None
    with pytest.raises(IllegalMoveError, match="Mandarin square M1: a move starts from one of your own"):
        c.click(11)  # R3.2
    for nowhere in (12, -1, "7", True, None):
        with pytest.raises(SessionError, match="there is no square"):
            c.click(nowhere)


def test_an_empty_square_is_explained_and_a_bad_click_clears_the_selection() -> None:
    c = Controller()
    c.play("7R")  # leaves 2 empty: '6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0 0,0 1'
    c.click(1)
    with pytest.raises(IllegalMoveError, match="square 2 is empty"):
        c.click(2)
    assert c.selected is None and c.game.record() == "7R"


def test_a_direction_before_a_square_is_refused() -> None:
    c = Controller()
    with pytest.raises(SessionError, match="choose one of your highlighted squares first"):
        c.choose("R")
    assert c.game.moves == []


def test_click_then_direction_plays_the_engines_move() -> None:
    c = Controller()
    c.click(7)
    played = c.choose("R")
    after, events = Position.initial().play_traced("7R")
    assert c.position == after and c.selected is None
    assert moves_of(played) == ["7R"] and played[0].events == events and played[0].before == Position.initial()
    assert played[0].number == 1 and played[0].who == "Bottom row"


def test_typed_moves_are_parsed_by_the_engine() -> None:
    c = Controller()
    assert moves_of(c.play(" 9r ")) == ["9R"]
    with pytest.raises(InvalidMoveError, match="invalid move '12R'"):
        c.play("12R")
    with pytest.raises(SessionError, match="the move is too long"):
        c.play("7" * 200)
    assert c.game.record() == "9R"


# ================================================================ computers


def test_the_computer_answers_only_on_its_turn_and_undo_goes_back_to_yours() -> None:
    c = Controller(players=(None, FirstMove()))
    with pytest.raises(SessionError, match="not the computer"):
        c.computer_move()
    c.play("7R")
    assert c.computer_to_move and not c.human_to_move and c.legal_squares() == ()
    with pytest.raises(SessionError, match="it is the computer's turn"):
        c.play("0L")
    with pytest.raises(SessionError, match="it is the computer's turn"):
        c.click(0)
    reply = c.computer_move()
    expected = Position.initial().play("7R").legal_moves()[0]
    assert reply.move == expected and reply.who == "Computer (First move)" and reply.number == 2
    assert c.human_to_move and c.game.record() == f"7R {expected}"
    assert c.undo() == [expected, Move(7, "R")]
    assert c.game.moves == [] and c.position.to_move == 0


def test_a_computer_opening_is_never_undone() -> None:
    c = Controller(players=(FirstMove(), None))
    with pytest.raises(SessionError, match="there is no move to undo"):
        c.undo()
    assert c.computer_move().move == Move(5, "L")
    with pytest.raises(SessionError, match="there is no move of yours to undo"):
        c.undo()
    human = c.legal_moves()[0]
    c.play(human)
    c.computer_move()
    c.undo()
    assert c.game.record() == "5L" and c.human_to_move


def test_two_computers_play_a_whole_game() -> None:
    c = Controller(players=(RandomPlayer(seed=1), 2))
    played = c.play_computers()
    assert c.over and len(played) == c.game.ply
    assert not c.can_undo  # no human move to take back
    assert c.computer(1).name == "Level 2 (greedy)"


def test_computer_levels_are_seeded_by_the_session() -> None:
    first = Controller(players=(None, 1), seed=7)
    second = Controller(players=(None, 1), seed=7)
    for c in (first, second):
        c.play("7R")
        c.computer_move()
    assert first.game.record() == second.game.record()
    with pytest.raises(SessionError, match="a player must be"):
        Controller(players=(None, 6))
    with pytest.raises(SessionError, match="seed must be a whole number"):
        Controller(seed="1")  # type: ignore[arg-type]


def test_players_given_as_a_mapping_leave_the_others_human() -> None:
    c = Controller(players={1: 3})
    assert c.humans == (True, False) and c.who(1) == "Computer (Level 3 (search, 2 plies))"


def test_sides_for_an_opponent_and_who_moves_first() -> None:
    # beside sides_for's own examples (a human or the computer first, player 0 to move)
    assert sides_for(3, "human", 1) == (3, None)  # player 1 moves first, and is the human
    assert sides_for(None, "computer", 0) == (None, None)


# ============================================================== undo, redo


def test_undo_restores_the_previous_position_exactly_and_redo_replays() -> None:
    c = Controller()
    positions = [c.position]
    for move in ("7R", "0L", "9L"):
        c.play(move)
        positions.append(c.position)
    assert c.undo() == [Move(9, "L")]
    assert c.position == positions[2] and c.game.record() == "7R 0L" and c.can_redo
    c.undo()
    c.undo()
    assert c.position == positions[0] and not c.can_undo
    with pytest.raises(SessionError, match="there is no move to undo"):
        c.undo()
    assert moves_of(c.redo()) == ["7R"]
    assert moves_of(c.redo()) == ["0L"]
    assert c.position == positions[2]
    c.play("5R")  # a new move forgets what could be redone
    assert not c.can_redo
    with pytest.raises(SessionError, match="there is no move to redo"):
        c.redo()


def test_redo_replays_the_computers_reply_too() -> None:
    c = Controller(players=(None, Refuses()))
    c.game.play("7R").play("0L")  # as if the computer had answered 0L
    c.undo()
    assert c.game.moves == [] and c.redo_moves == [Move(0, "L"), Move(7, "R")]
    played = c.redo()  # the reply is replayed, not asked again
    assert moves_of(played) == ["7R", "0L"] and c.human_to_move


def test_a_finished_game_can_be_undone() -> None:
    c = Controller()
    for move in Game.from_record("9R 2L 7R 4L 5L 3R 6R 0L 7L 0R 9L").moves:
        c.play(move)
    assert c.over and c.legal_squares() == ()
    with pytest.raises(IllegalMoveError, match="the game is over: Player 0 wins 56-14"):
        c.click(5)
    c.undo()
    assert not c.over and c.human_to_move


# ==================================================================== hints


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_a_hint_at_the_board_speaks_a_pupils_words(lang: str) -> None:
    # issue 23: the Play page and the notebook's board give the move and what it does, never the
    # search's values (half points) or its "plies"; the same best move as the engine's analysis
    rng = random.Random(23)
    checked = 0
    with language(lang):
        for _game in range(12):
            position = Position.initial()
            for _ply in range(rng.randrange(0, 12)):
                if position.outcome() is not None:
                    break
                position = position.play(rng.choice(position.legal_moves()))
            if position.outcome() is not None or position.to_move != 0:
                continue
            c = Controller(position, hint_limit=None)
            text = c.hint(depth=2)
            assert text.split()[0] == str(hint(position, depth=2).move), text
            assert not re.search(r"\bpl(y|ies)\b|worth|\d[.,]\d", text), text
            checked += 1
    assert checked >= 4


def test_hints_are_the_engines_analysis_and_limited_per_game() -> None:
    c = Controller(hint_limit=2)
    assert c.hints_left == 2
    text = c.hint(depth=1)
    assert text.split()[0] in {str(m) for m in c.legal_moves()} and c.last_hint == text
    c.play("7R")
    assert c.last_hint == ""  # a move clears the advice shown
    second = c.hint(depth=1)
    assert c.hints_left == 0 and c.hint(depth=1) == second  # asked again on the same position: none more used
    c.play(second.split()[0])
    with pytest.raises(SessionError, match=r"no hints left in this game \(2 a game\)"):
        c.hint()
    c.new_game()
    assert c.hints_left == 2
    assert Controller(hint_limit=None).hints_left is None
    with pytest.raises(SessionError, match="hints are switched off"):
        Controller(hint_limit=0).hint()
    with pytest.raises(SessionError, match="hint limit"):
        Controller(hint_limit=-1)


def test_no_hint_during_the_computers_turn() -> None:
    c = Controller(players=(Refuses(), None))
    with pytest.raises(SessionError, match="computer's turn"):
        c.hint()
    assert c.hints_left == 3


# ================================================================== settings


def test_settings_changed_mid_game_apply_to_the_next_game() -> None:
    c = Controller()
    c.play("7R")
    note = c.configure(rules=Rules(young_mandarin_min=5), players=(None, 1))
    assert note == "These settings apply to the next game: press New game to start it."
    assert c.game.rules == Rules() and c.players == (None, None) and c.game.record() == "7R"
    assert c.pending_note == note
    c.new_game()
    assert c.game.rules == Rules(young_mandarin_min=5) and c.players == (None, 1) and c.game.moves == []
    assert c.pending_note == ""
    c.play("5L")  # RULES §11: with young Mandarins, 5L captures nothing
    assert c.position.points(0) == 0
    with pytest.raises(SessionError, match="a player must be"):
        c.configure(players=(None, "hard"))
    assert c.next_settings.players == (None, 1)


def test_new_game_from_a_start_position() -> None:
    start = Position.from_text("0,1,0,0,0,0,0,3,0,0 Q,Q 25,21 0,0 0")
    c = Controller()
    c.new_game(Settings(start.rules, (None, None), start))
    assert c.game.start == start
    with pytest.raises(SessionError, match="start position is under"):
        Controller(start, rules=Rules(mandarin_gap="always"))
    with pytest.raises(SessionError, match="start position is under"):
        Settings(Rules(mandarin_value=5), (None, None), start)


def test_the_ply_limit_ends_the_game() -> None:
    c = Controller(rules=Rules(max_plies=2))
    c.play("7R")
    c.play("0L")
    outcome = c.game.outcome()
    assert outcome is not None and outcome.rule == "R7.3" and c.over
    assert status_line(c).startswith(f"Game over: {end_words(Termination.PLY_LIMIT)}.")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        c.play("5L")


# ================================================================ loading


def test_load_record_position_and_saved_games() -> None:
    c = Controller(players=(None, 2))
    c.load_record("7R 0L")
    assert c.game.record() == "7R 0L" and c.players == (None, 2)
    with pytest.raises(IllegalMoveError, match="square 2 is empty"):
        c.load_record("7R 2L")
    c.load_position("0,1,0,0,0,0,0,3,0,0 Q,Q 25,21 0,0 0")
    assert c.game.start.to_text() == "0,1,0,0,0,0,0,3,0,0 Q,Q 25,21 0,0 0"
    saved = Game.from_record("9R 3L", rules=Rules(mandarin_gap="always")).to_json()
    c.load_json(saved)
    assert c.game.record() == "9R 3L" and c.game.rules.mandarin_gap == "always"


@pytest.mark.parametrize(("text", "message"), BAD_SAVED_GAMES)
def test_a_load_that_fails_keeps_the_game_in_progress(text: str, message: str) -> None:
    c = Controller(players=(None, 3), hint_limit=5)
    c.play("7R")
    c.computer_move()
    c.hint(depth=1)
    before = (c.game.record(), c.players, c.hints_used, c.redo_moves)
    with pytest.raises((RecordFormatError, SessionError, IllegalMoveError)) as error:
        c.load_json(text)
    assert message in str(error.value)
    assert (c.game.record(), c.players, c.hints_used, c.redo_moves) == before
    with pytest.raises(SessionError, match="must be text"):
        c.load_record(None)
    assert c.game.record() == before[0]


def test_a_session_snapshot_round_trips_everything() -> None:
    start = Position.from_text("0,6,6,6,6,0,6,6,6,6 Q+1,0 1+Q,0 0,0 1", Rules(mandarin_value=5))
    c = Controller(start, players=(4, None), seed=9, hint_limit=5)
    c.play("1R")
    c.computer_move()
    c.hint(depth=1)
    data = json.loads(c.to_json())
    assert data["format"] == "oanquan-session" and data["players"] == [{"level": 4}, "human"]
    again = Controller()
    again.load_json(c.to_json())
    assert again.game.start == start and again.game.record() == c.game.record()
    assert again.players == (4, None) and again.seed == 9
    assert again.settings.hint_limit == 5 and again.hints_left == 4


def test_a_snapshot_of_a_custom_player_needs_the_board_to_offer_it() -> None:
    c = Controller(players=(None, FirstMove()))
    saved = c.to_json()
    assert json.loads(saved)["players"][1] == {"name": "First move"}
    with pytest.raises(RecordFormatError, match="names a player this board does not offer: 'First move'"):
        Controller().load_json(saved)
    offered = Controller(resolve=lambda name: FirstMove() if name == "First move" else None)
    offered.load_json(saved)
    assert offered.who(1) == "Computer (First move)"


def test_a_puzzle_snapshot_keeps_its_verdict() -> None:
    puzzle = load_builtin()[0]
    c = Controller(puzzle=puzzle)
    c.play(puzzle.solution[0])
    again = Controller()
    again.load_json(c.to_json())
    assert again.puzzle is puzzle or again.puzzle == puzzle
    assert again.result == "right" and again.answered


def test_text_limits() -> None:
    with pytest.raises(SessionError, match=r"the record is too long \(20,001 characters; at most 20,000\)"):
        check_text("x" * 20_001, "record")
    with pytest.raises(SessionError, match="the position must be text, not 5"):
        Controller().load_position(5)


# ============================================================= puzzles


def test_demo_puzzles_are_what_the_engine_says() -> None:
    assert set(goal_moves(DEMO.position, DEMO.goal)) == set(DEMO.moves)
    assert set(goal_moves(YOUNG.position, YOUNG.goal)) >= set(YOUNG.moves)


def test_a_right_answer_gives_the_puzzles_explanation_and_ends_the_puzzle() -> None:
    c = Controller(puzzle=DEMO)
    c.click(9)
    c.choose("R")
    assert c.result == "right" and c.verdict == "Right! " + DEMO.explanation
    # issue 46: "Press Try again" once stood under a right answer too
    assert c.answered and c.legal_squares() == () and status_line(c) == "Choose the next puzzle."
    with pytest.raises(SessionError, match="this puzzle is answered"):
        c.play("0L")


def test_a_wrong_answer_asks_to_try_again_and_a_right_one_does_not() -> None:
    right = {str(m) for m in goal_moves(DEMO.position, DEMO.goal)}
    wrong = next(str(m) for m in DEMO.position.legal_moves() if str(m) not in right)
    c = Controller(puzzle=DEMO)
    c.click(int(wrong[:-1]))
    c.choose(wrong[-1])
    assert c.result == "wrong" and status_line(c) == "Press Try again, or choose another puzzle."


def test_a_wrong_answer_says_what_the_move_did_and_try_again_resets() -> None:
    c = Controller(puzzle=DEMO)
    played = c.play("7R")
    assert c.result == "wrong" and c.verdict == DEMO.verdict("7R")[1]
    assert c.verdict.startswith("Not this one: 7R ")
    assert c.position == Position.initial().play("7R") and len(played[0].events) > 10
    c.retry()
    assert c.result == "" and c.position == DEMO.position and not c.answered
    c.play("7R")
    c.undo()  # undo puts the puzzle back too
    assert c.result == "" and c.verdict == "" and c.human_to_move


def test_puzzle_rules_apply() -> None:
    c = Controller(puzzle=YOUNG)
    c.play("5L")  # the young Mandarin M1 cannot be taken (R5.6)
    assert c.position == YOUNG.position.play("5L") and c.result == "wrong"


def test_a_puzzles_tries_count_each_answer_once() -> None:
    # issue 23: a redo after an undo is no new try; a session read back counts afresh
    c = Controller(puzzle=YOUNG)
    c.play(YOUNG.solution[0])
    c.undo()
    c.redo()
    assert (c.result, c.tries, c.first_try) == ("right", 1, True)
    again = Controller(puzzle=YOUNG)
    again.hint(), again.hint()
    again.load_json(c.to_json(), puzzles=[YOUNG])
    assert (again.tries, again.puzzle_hints, again.first_try) == (1, 0, True)


def test_hint_and_answer_are_the_puzzles_own() -> None:
    c = Controller(puzzle=YOUNG)
    # a puzzle's nudge is free, and comes in steps: the idea, where to look (the gap before the
    # answer's capture), then the square (issues 23, 42); more hints repeat the last step, and Try
    # again does not start them over
    idea, look, where = YOUNG.hint_steps
    assert c.hint() == f"Hint 1 of 3: {idea}" and c.hints_left == 0
    assert c.hint() == f"Hint 2 of 3: {look}" and "last pebble" in look and "9L" not in look
    c.retry()
    assert c.hint() == f"Hint 3 of 3: {where}" and "9" in where
    assert c.hint() == f"Hint 3 of 3: {where}"
    assert c.answer() == f"The answer: 9L. {YOUNG.explanation}"
    for no_puzzle in (Controller().answer, Controller().retry):
        with pytest.raises(SessionError, match="no puzzle on the board"):
            no_puzzle()


def test_every_built_in_puzzle_solution_is_judged_right() -> None:
    for puzzle in load_builtin():
        c = Controller(puzzle=puzzle)
        for step in range(puzzle.steps):  # a line: each of the learner's moves, the reply played between
            assert c.result == "" and c.puzzle_step == step, puzzle.id
            c.play(puzzle.step_answer(step)[0])
        assert c.result == "right" and c.first_try and c.game.record() == " ".join(puzzle.line or puzzle.solution)


def test_a_line_of_moves_is_played_move_by_move() -> None:
    """Issue 42: after a right first move the controller plays the line's reply (the other side's
    best), then asks for the next move; a wrong next move is judged there, with that move's hints,
    Try again and undo go back to it (not to the start), and the puzzle is then no first try."""
    line = next(p for p in load_builtin() if p.goal == "line")
    first, reply, second = line.line
    c = Controller(puzzle=line)
    played = c.play(first)
    assert [str(p.move) for p in played] == [first, reply] and c.result == "" and c.puzzle_step == 1
    assert f"best reply is {reply}" in c.verdict and c.human_to_move
    assert c.hint() == f"Hint 1 of 3: {line.step_hints(1)[0]}", "the next move has its own hints"
    wrong = next(m for m in c.legal_moves() if str(m) != second)
    assert [str(p.move) for p in c.play(wrong)] == [str(wrong)]
    assert c.result == "wrong" and c.verdict.startswith(f"Not this one: {wrong}") and c.tries == 1
    c.retry()
    assert c.game.record() == f"{first} {reply}" and c.puzzle_step == 1 and c.result == ""
    assert c.hint() == f"Hint 2 of 3: {line.step_hints(1)[1]}", "Try again keeps the hints given"
    c.play(second)
    assert (
        c.result == "right"
        and not c.first_try
        and c.verdict.endswith("a puzzle is ticked as solved only when it is solved at the first try.")
    )
    c.undo()
    assert c.game.record() == f"{first} {reply}" and c.result == "" and c.puzzle_step == 1
    c.undo()
    assert c.game.ply == 0 and c.puzzle_step == 0
    c.redo()
    assert c.game.record() == f"{first} {reply}" and c.puzzle_step == 1 and c.result == ""
    c.redo()
    assert c.result == "right"
    assert c.answer() == f"The answer: {first}, then your opponent's reply {reply}, then {second}. {line.explanation}"


# ============================================================ whole games


def test_a_whole_game_by_clicks_ends_with_the_engines_outcome() -> None:
    rng = random.Random(6)
    c = Controller()
    game = Game()
    while game.outcome() is None:
        move = rng.choice(game.legal_moves())
        game.play(move)
        c.click(move.square)
        c.choose(move.direction)
        assert c.position == game.position
    outcome = game.outcome()
    assert outcome is not None and status_line(c).startswith(f"Game over: {end_words(outcome.termination)}.")
    b = c.score_breakdown()
    assert b.scores == outcome.scores
    for p in (0, 1):  # R8.1, R7.4, R8.2 add up
        assert b.captured[p] + b.stone_points[p] + b.swept[p] - b.debts[p] + b.debts[1 - p] == b.scores[p]
    assert c.score_breakdown().lines()[0].startswith("Bottom row: ")


def test_score_breakdown_during_a_game_settles_debts_and_sweeps_nothing() -> None:
    c = Controller(Position.from_text("0,0,0,0,0,1,0,0,0,0 Q,Q 25,19 3,0 1"))
    b = c.score_breakdown()
    assert not c.over and b.swept == (0, 0) and b.debts == (3, 0)
    assert b.scores == (25 - 3, 19 + 3)
    for p in (0, 1):
        assert b.captured[p] + b.stone_points[p] + b.swept[p] - b.debts[p] + b.debts[1 - p] == b.scores[p]


def test_score_breakdown_with_a_debt() -> None:
    c = Controller(Position.from_text("0,0,2,0,0,0,1,0,0,0 0,0 20+2Q,27 3,0 1"))
    b = c.score_breakdown()
    assert c.over and b.debts == (3, 0) and b.swept == (1, 2) and b.stone_points == (20, 0)
    assert b.scores == (20 + 20 + 1 - 3, 27 + 2 + 3)
    assert b.lines() == [
        "Bottom row: 20 captured + 2 stones (20) + 1 from their row − debt 3 = 38.",
        "Top row: 27 captured + 2 from their row + debt repaid 3 = 32.",
    ]


def test_the_end_screen_speaks_to_you_of_your_row() -> None:
    """Issue 41: "You: … + 1 from their row" named the reader twice over; the reader's own row is "your row"."""
    c = Controller(Position.from_text("0,0,2,0,0,0,1,0,0,0 0,0 20+2Q,27 3,0 1"), players=(None, 3))
    final = game_view(c).final
    assert final is not None and final.lines == (
        "You: 20 captured + 2 stones (20) + 1 from your row − debt 3 = 38.",
        "Computer: 27 captured + 2 from their row + debt repaid 3 = 32.",
    )
    with language("vi"):  # the reader is "em" on the Vietnamese pages: "hàng của em"
        said = game_view(c).final
    assert said is not None and said.lines[0].startswith("Em: ") and "hàng của em" in said.lines[0]


# ============================================================= animation


def test_a_short_move_is_shown_whole() -> None:
    played = Controller().play("7R")[0]
    frames = move_frames(played)
    assert len(frames) == len(played.events) + 1
    assert frames[0].caption == "Move 1: Bottom row plays 7R."  # what it does comes with its pictures (issue 23)
    assert [f.caption for f in frames[1:]] == [f"Move 1, 7R: {caption(e, played.names)}" for e in played.events]
    assert "Bottom row lifts the 5 pebbles" in frames[1].caption  # the view-model's name, not "Player 0"
    assert frames[-1].position == played.events[-1].position


def test_a_very_long_sowing_is_shown_one_lap_at_a_time() -> None:
    # issue 12: a 1,000-pebble position made 3,263 frames; now at most MAX_MOVE_FRAMES
    start = Position.from_text("0,0,0,0,0,0,0,0,0,990 Q+5,Q+5 0,0 0,0 0")
    c = Controller(start)
    played = c.play("9R")[0]
    assert len(played.events) > 900
    frames = move_frames(played)
    assert len(frames) <= MAX_MOVE_FRAMES
    assert frames[-1].position == played.events[-1].position  # the move always ends on its last step
    kinds = [f.event.kind for f in frames[1:] if f.event is not None]
    every = [e.kind for e in played.events if e.kind != "drop"]
    assert [k for k in kinds if k != "drop"] == every  # every step that is not a plain drop stays
    assert any("more pebbles dropped before this picture" in f.caption for f in frames)
    with language("vi"):  # the note in the reader's language too (issue 21)
        notes = [f.caption for f in move_frames(played) if "viên sỏi đã được rải trước hình này" in f.caption]
    assert notes and not any(english_words(note) for note in notes), notes[:1]


def test_animation_events_stay_bounded_whatever_the_limit() -> None:
    rng = random.Random(3)
    position = Position.from_text("100,50,0,0,0,200,0,0,0,300 Q+20,Q+30 0,0 0,0 0")
    _, events = position.play_traced(rng.choice(position.legal_moves()))
    for limit in (2, 5, 30, 120, 10_000):
        shown = animation_events(events, limit)
        assert len(shown) <= max(2, limit)
        assert shown[-1][0] is events[-1]
        drops_shown = sum(e.kind == "drop" for e, _ in shown)
        assert sum(skipped for _, skipped in shown) == sum(e.kind == "drop" for e in events) - drops_shown


@pytest.mark.parametrize("frames", [1, 2, 14, 44, 75, 300, 3263])
def test_pace_fits_a_turn_in_its_budget(frames: int) -> None:
    for budget in (1000, 3000, 8000):
        shown, interval = pace(frames, budget, slowest=700, fastest=40)
        if frames == 1:
            assert (shown, interval) == (1, 0)
            continue
        assert 2 <= shown <= frames and 40 <= interval <= 700
        assert shown * interval <= budget
    assert pace(frames, 0) == (1, 0)
