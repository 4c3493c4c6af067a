"""One or more tests per rule of RULES.md, named after the rule.

Expected positions were worked out by hand from the rules' text, pebble by
pebble, and are written in the position text of RULES §10.
"""

from __future__ import annotations

import pytest

from conftest import kinds
from oanquan import (
    M0,
    M1,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Position,
    PositionFormatError,
    Rules,
    RulesError,
    next_square,
    owner,
    row_of,
)
from oanquan.board import RING_R

OPENING = "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0"


def play(text: str, move: str, **options: object) -> tuple[Position, tuple]:  # type: ignore[type-arg]
    return Position.from_text(text, Rules(**options)).play_traced(move)  # type: ignore[arg-type]


# ---------------------------------------------------------------- §1 board


def test_R1_1_citizen_squares_and_owners() -> None:
    assert [owner(s) for s in range(10)] == [1] * 5 + [0] * 5
    assert row_of(0) == (5, 6, 7, 8, 9) and row_of(1) == (0, 1, 2, 3, 4)


def test_R1_2_mandarin_squares_sit_between_the_rows() -> None:
    assert owner(M0) is None and owner(M1) is None
    assert next_square(4, "R") == M1 and next_square(M1, "R") == 5
    assert next_square(9, "R") == M0 and next_square(M0, "R") == 0


def test_R1_3_the_ring_and_its_two_directions() -> None:
    assert RING_R == (0, 1, 2, 3, 4, M1, 5, 6, 7, 8, 9, M0)
    for square in RING_R:
        assert next_square(next_square(square, "R"), "L") == square
    # Going R from player 0's row heads to M0, on player 0's right hand.
    assert [next_square(s, "R") for s in (5, 6, 7, 8, 9)] == [6, 7, 8, 9, M0]


# ------------------------------------------------------------- §2 pieces


def test_R2_1_every_citizen_square_starts_with_five() -> None:
    assert Position.initial().pebbles[:10] == (5,) * 10


def test_R2_2_mandarin_stone_or_pebbles_seventy_points_either_way() -> None:
    stone = Position.initial()
    pebbles = Position.initial(Rules(mandarin_pieces="pebbles"))
    assert stone.stones == (True, True) and stone.count(M0) == 0
    assert pebbles.stones == (False, False) and pebbles.count(M0) == pebbles.count(M1) == 10
    assert stone.total_points() == pebbles.total_points() == 70
    assert pebbles.to_text() == "5,5,5,5,5,5,5,5,5,5 10,10 0,0 0,0 0"


def test_R2_3_the_stone_is_never_sown_and_leaves_only_when_captured() -> None:
    # 7R from the opening sows through M0 and M1: a pebble lands, the stone stays.
    after = Position.initial().play("7R")
    assert after.stones == (True, True) and after.count(M0) == after.count(M1) == 1
    # 5L captures M1: its stone goes to player 0's store.
    after = Position.initial().play("5L")
    assert after.stones == (True, False) and after.captured_stones == (1, 0)


def test_R2_4_a_square_is_empty_with_neither_pebbles_nor_stone() -> None:
    p = Position.from_text("0,0,1,0,0,1,0,0,0,0 Q,0 0,0 0,0 0")
    assert p.is_empty(0) and not p.is_empty(2)
    assert not p.is_empty(M0)  # a stone alone is not empty
    assert p.is_empty(M1)


def test_R2_5_player_0_moves_first_and_stores_start_empty() -> None:
    p = Position.initial()
    assert p.to_move == 0 and p.stores == (0, 0) and p.captured_stones == (0, 0)


# --------------------------------------------------------------- §3 turn


def test_R3_1_an_empty_row_releases_fish_before_moving() -> None:
    after, events = play("1,1,1,1,1,0,0,0,0,0 Q,Q 7,0 0,0 0", "5R")
    assert kinds(events)[:2] == ["refill", "lift"]
    assert events[0].position.pebbles[5:10] == (1, 1, 1, 1, 1)


def test_R3_2_moves_only_from_own_non_empty_citizen_squares() -> None:
    p = Position.from_text("0,0,1,0,0,1,0,0,3,0 Q+2,Q 0,0 0,0 0")
    assert [str(m) for m in p.legal_moves()] == ["5L", "5R", "8L", "8R"]
    with pytest.raises(IllegalMoveError, match="square 6 is empty"):
        p.play("6R")
    with pytest.raises(IllegalMoveError, match="square 2 belongs to player 1"):
        p.play("2R")
    with pytest.raises(InvalidMoveError):
        Move(10, "R")  # a move never starts from a Mandarin square


def test_R3_3_sowing_drops_one_pebble_per_square_mandarins_included() -> None:
    after, events = play(OPENING, "7R")
    drops = [e.square for e in events if e.kind == "drop"]
    assert drops[:5] == [8, 9, M0, 0, 1]
    assert [e.hand for e in events if e.kind == "drop"][:5] == [4, 3, 2, 1, 0]


def test_R3_3_a_lap_does_not_skip_the_starting_square() -> None:
    after, events = play("0,0,0,0,0,0,0,12,0,0 Q,Q 0,0 0,0 0", "7R")
    drops = [e.square for e in events if e.kind == "drop"]
    assert drops[:12] == [8, 9, M0, 0, 1, 2, 3, 4, M1, 5, 6, 7]
    # The last pebble fell in 7 itself; 8 is occupied, relay into 9; M0 next: stop.
    assert after.to_text() == "1,1,1,1,1,1,1,1,0,2 Q+1,Q+1 0,0 0,0 1"


@pytest.mark.parametrize(
    ("mandarin", "gap"),
    [
        ("0", "chain"),
        # R5.5: an empty Mandarin right after the landing ends the turn under "never" too (not under "always").
        ("0", "never"),
        # M0 holds 2 pebbles and no stone: not empty, so not a gap even under "always", and never relayed.
        ("2", "always"),
    ],
)
def test_R3_4a_and_R5_5_a_mandarin_square_next_ends_the_turn(mandarin: str, gap: str) -> None:
    # 8R drops into 9, and the next square is M0: no capture, no relay.
    after, events = play(f"2,0,3,0,0,0,0,0,1,0 {mandarin},Q 0,0 0,0 0", "8R", mandarin_gap=gap)
    assert kinds(events) == ["lift", "mandarin_stop"]
    assert events[-1].rule == "R3.4a" and events[-1].square == M0
    assert after.to_text() == f"2,0,3,0,0,0,0,0,0,1 {mandarin},Q 0,0 0,0 1"


def test_R3_4b_relay_from_an_occupied_square_of_either_row() -> None:
    after, events = play(OPENING, "7R")
    relays = [(e.square, e.pebbles, e.rule) for e in events if e.kind == "relay"]
    assert relays == [(2, 5, "R3.4b")]  # square 2 is in player 1's row


def test_R3_4c_an_empty_square_next_leads_to_a_capture() -> None:
    after, events = play("0,0,1,0,0,1,0,0,3,2 Q,Q 0,0 0,0 0", "5R")
    assert kinds(events) == ["lift", "capture", "chain_end"]


def test_R3_5_players_alternate() -> None:
    p = Position.initial().play("7R")
    assert p.to_move == 1
    assert p.play("0L").to_move == 0


# ----------------------------------------------------------- §4 notation


def test_R4_1_move_notation_round_trips_and_accepts_lower_case() -> None:
    assert Move.parse("7R") == Move(7, "R") == Move.parse("7r") == Move.parse(" 7r ")
    assert str(Move.parse("2l")) == "2L"
    assert eval(repr(Move(3, "L"))) == Move(3, "L")
    for bad in ["", "7", "R7", "7X", "77R", "-1R", "M0R", "7 R", "７R"]:
        with pytest.raises(InvalidMoveError, match="invalid move"):
            Move.parse(bad)


def test_R4_1_the_same_text_means_the_same_for_both_players() -> None:
    # "R" goes 0 1 2 ... whoever moves: 2R for player 1 sows into 3.
    p = Position.from_text("0,0,1,0,0,0,0,0,0,1 Q,Q 0,0 0,0 1")
    _, events = p.play_traced("2R")
    assert [e.square for e in events if e.kind == "drop"] == [3]


def test_R4_2_a_record_is_moves_separated_by_spaces() -> None:
    game = Game.from_record("7R 0L 5L")
    assert game.record() == "7R 0L 5L" and len(game) == 3
    start = "0,0,1,0,0,1,0,0,3,2 Q,Q 0,0 0,0 0"
    assert Game.from_record("5R", start=start).position.to_text() == "0,0,1,0,0,0,1,0,0,2 Q,Q 3,0 0,0 1"


# ------------------------------------------------------------ §5 capture


def test_R5_1_capture_the_square_after_the_gap() -> None:
    after, events = play("0,0,1,0,0,1,0,0,3,2 Q,Q 0,0 0,0 0", "5R")
    capture = [e for e in events if e.kind == "capture"]
    assert [(e.square, e.pebbles, e.stones, e.rule) for e in capture] == [(8, 3, 0, "R5.1")]
    assert after.to_text() == "0,0,1,0,0,0,1,0,0,2 Q,Q 3,0 0,0 1"


def test_R5_1_capturing_a_mandarin_takes_its_stone_and_pebbles() -> None:
    after, events = play(OPENING, "5L")
    capture = [e for e in events if e.kind == "capture"]
    assert [(e.square, e.pebbles, e.stones) for e in capture] == [(M1, 1, 1)]
    assert after.points(0) == 11


def test_R5_2_chain_of_alternating_gaps_and_occupied_squares() -> None:
    after, events = play("0,0,0,4,0,0,1,0,0,1 Q,Q 0,0 0,0 0", "9L")
    captures = [(e.square, e.pebbles, e.stones, e.rule) for e in events if e.kind == "capture"]
    assert captures == [(6, 1, 0, "R5.1"), (M1, 0, 1, "R5.2"), (3, 4, 0, "R5.2")]
    assert after.to_text() == "0,0,0,0,0,0,0,0,1,0 Q,0 5+Q,0 0,0 1"


def test_R5_3_two_empty_squares_after_the_landing_stop_the_turn() -> None:
    after, events = play("0,0,1,0,0,1,0,0,0,3 Q,Q 0,0 0,0 0", "5R")
    assert kinds(events) == ["lift", "double_empty"]
    assert events[-1].square == 7 and events[-1].rule == "R5.3"
    assert after.stores == (0, 0)


def test_R5_3_two_empty_squares_end_a_chain_and_captures_stand() -> None:
    after, events = play("0,0,1,0,0,1,0,0,3,0 Q+2,Q 0,0 0,0 0", "5R")
    assert kinds(events) == ["lift", "capture", "capture", "double_empty"]
    assert after.to_text() == "0,0,1,0,0,0,1,0,0,0 0,Q 5+Q,0 0,0 1"


def test_R5_4_no_sowing_follows_a_capture() -> None:
    after, events = play("0,0,1,0,0,1,0,0,3,2 Q,Q 0,0 0,0 0", "5R")
    last_capture = max(i for i, e in enumerate(events) if e.kind == "capture")
    assert all(e.kind != "drop" for e in events[last_capture:])
    assert after.count(9) == 2  # untouched


def test_R5_5_always_an_empty_mandarin_right_after_the_landing_is_a_gap() -> None:
    gap, events = play("2,0,3,0,0,0,0,0,1,0 0,Q 0,0 0,0 0", "8R", mandarin_gap="always")
    assert kinds(events) == ["lift", "capture", "capture", "double_empty"]
    assert gap.to_text() == "0,0,0,0,0,0,0,0,0,1 0,Q 5,0 0,0 1"


@pytest.mark.parametrize(
    ("gap", "captured", "result"),
    [
        ("chain", [9, 0, 2], "0,0,0,0,0,0,0,1,0,0 0,Q 8,0 0,0 1"),
        ("always", [9, 0, 2], "0,0,0,0,0,0,0,1,0,0 0,Q 8,0 0,0 1"),
        ("never", [9], "4,0,1,0,0,0,0,1,0,0 0,Q 3,0 0,0 1"),
    ],
)
def test_R5_5_a_chain_jumps_an_empty_mandarin_unless_never(gap: str, captured: list[int], result: str) -> None:
    # 6R drops into 7; 8 empty: capture 9 (R5.1); M0 empty: a gap inside the chain
    # (R5.5), so 0 is captured; 1 empty: capture 2; then 3 and 4 are empty (R5.3).
    after, events = play("4,0,1,0,0,0,1,0,0,3 0,Q 0,0 0,0 0", "6R", mandarin_gap=gap)
    assert [e.square for e in events if e.kind == "capture"] == captured
    assert after.to_text() == result
    if gap == "never":
        assert (events[-1].kind, events[-1].rule, events[-1].square) == ("mandarin_stop", "R5.5", M0)
    else:
        assert events[-1].kind == "double_empty"


@pytest.mark.parametrize(
    ("gap", "result"),
    [
        ("chain", "0,1,1,1,1,0,0,1,0,0 0,Q 27,20+Q 0,0 1"),
        ("always", "0,1,1,1,1,0,0,1,0,0 0,Q 27,20+Q 0,0 1"),
        ("never", "3,1,1,1,1,0,0,1,0,0 0,Q 24,20+Q 0,0 1"),
    ],
)
def test_R5_5_the_worked_example_of_rules_section_11(gap: str, result: str) -> None:
    # RULES §11: the pebble drops into 7; 8 is empty, so 9 (4) is captured; M0 is
    # empty, so (unless "never") the chain jumps it and captures 0 (3).
    after, events = play("3,1,1,1,1,0,1,0,0,4 0,Q 20,20+Q 0,0 0", "6R", mandarin_gap=gap)
    assert after.to_text() == result
    assert after.outcome() is None  # M1 still holds its stone (R7.1)


def test_R5_6_a_young_mandarin_cannot_be_captured() -> None:
    after, events = play(OPENING, "5L", young_mandarin_min=5)
    assert events[-1].kind == "young_mandarin" and events[-1].square == M1
    assert after.to_text() == "0,6,6,6,6,0,6,6,6,6 Q+1,Q+1 0,0 0,0 1"  # RULES §11, last line


def test_R5_6_a_young_mandarin_stops_a_chain_and_earlier_captures_stand() -> None:
    # 5R drops into 6; 7 is empty, capture 8 (R5.1); 9 is empty, but M0 is young.
    after, events = play("1,1,1,1,1,1,0,0,2,0 Q+1,Q 0,0 0,0 0", "5R", young_mandarin_min=5)
    assert kinds(events) == ["lift", "capture", "young_mandarin"]
    assert after.to_text() == "1,1,1,1,1,0,1,0,0,0 Q+1,Q 2,0 0,0 1"


def test_R5_6_a_grown_mandarin_or_one_without_stone_can_be_captured() -> None:
    grown, _ = play("0,0,1,0,0,0,0,1,0,0 0,Q+5 0,0 0,0 0", "7L", young_mandarin_min=5)
    assert grown.captured_stones == (1, 0) and grown.stores == (5, 0)
    stoneless, _ = play("0,0,1,0,0,0,0,1,0,0 Q,2 0+Q,0 0,0 0", "7L", young_mandarin_min=5)
    assert stoneless.stores == (2, 0)


# ------------------------------------------------------------- §6 thả cá


def test_R6_1_release_one_pebble_from_the_store_into_each_square() -> None:
    p = Position.from_text("1,1,1,1,1,0,0,0,0,0 Q,Q 7,0 0,0 0")
    assert p.must_release_fish()
    assert len(p.legal_moves()) == 10  # all five squares, both directions
    after, events = p.play_traced("5R")
    refill = events[0]
    assert (refill.kind, refill.rule, refill.pebbles) == ("refill", "R6.1", 5)
    assert refill.position.stores == (2, 0)
    # Then 5R relays all round the ring and captures everything, ending the game (R7.1).
    assert after.to_text() == "0,0,0,0,0,0,0,0,0,0 0,0 12+2Q,0 0,0 1"


@pytest.mark.parametrize(("store", "borrowed"), [(2, 3), (0, 5)])
def test_R6_2_borrow_the_shortfall_as_a_debt(store: int, borrowed: int) -> None:
    """Player 0's store lacks pebbles for thả cá: it borrows the shortfall from player 1's (an empty store all five)."""
    after, events = play(f"1,1,1,1,1,0,0,0,0,0 Q,Q {store},10 0,0 0", "5R")
    borrow = events[0]
    assert (borrow.kind, borrow.rule, borrow.pebbles) == ("borrow", "R6.2", borrowed)
    assert events[1].position.stores == (0, 10 - borrowed) and events[1].position.debts == (borrowed, 0)
    assert after.debts == (borrowed, 0)


def test_R6_3_too_few_pebbles_in_both_stores_ends_the_game() -> None:
    p = Position.from_text("1,1,1,1,1,0,0,0,0,0 Q,Q 2,2 0,0 0")
    outcome = p.outcome()
    assert outcome is not None and outcome.rule == "R7.2"
    assert p.legal_moves() == ()
    with pytest.raises(IllegalMoveError, match="game is over"):
        p.play("5R")


# ---------------------------------------------------------------- §7 end


def test_R7_1_the_game_ends_when_both_mandarins_are_empty() -> None:
    after, events = play("0,0,2,0,0,0,0,1,0,0 0,Q 20+Q,27 0,0 0", "7L")
    outcome = after.outcome()
    assert outcome is not None and outcome.rule == "R7.1"
    # The capture of the move that emptied M1 counts: 20 + 2 stones + 1 swept.
    assert outcome.scores == (41, 29) and outcome.winner == 0
    assert kinds(events)[-3:] == ["game_end", "sweep", "sweep"]
    assert after.to_text() == "0,0,2,0,0,0,1,0,0,0 0,0 20+2Q,27 0,0 1"  # board as the move left it
    assert after.legal_moves() == ()


def test_R7_2_an_empty_row_with_no_refill_ends_the_game() -> None:
    p = Position.from_text("0,0,0,0,0,0,0,0,1,0 Q,Q 1,3 0,0 1")
    assert p.outcome() is not None and p.outcome().rule == "R7.2"  # type: ignore[union-attr]
    # The other player with an empty row is not enough: it must be the mover's row.
    assert Position.from_text("0,0,0,0,0,0,0,0,1,0 Q,Q 1,3 0,0 0").outcome() is None


def test_R7_3_a_game_ends_after_max_plies() -> None:
    game = Game(rules=Rules(max_plies=2)).play("7R").play("0L")
    outcome = game.outcome()
    assert outcome is not None and outcome.rule == "R7.3"
    assert game.legal_moves() == () and game.position.outcome() is None
    with pytest.raises(IllegalMoveError, match="R7.3"):
        game.play(game.position.legal_moves()[0])
    assert Game(rules=Rules(max_plies=0)).outcome() is None


def test_R7_4_rows_are_swept_and_mandarin_contents_score_for_nobody() -> None:
    game = Game(rules=Rules(max_plies=1))
    events = game.play_traced("7R")
    sweeps = [(e.player, e.pebbles) for e in events if e.kind == "sweep"]
    assert sweeps == [(0, 6 + 6 + 0 + 0 + 6), (1, 6 + 6 + 0 + 6 + 6)]
    outcome = game.outcome()
    assert outcome is not None and outcome.scores == (6 + 18, 24)
    assert sum(outcome.scores) == 70 - 2 * 10 - 2  # two stones and two pebbles stay in M0, M1


# ------------------------------------------------------------ §8 scoring


def test_R8_1_score_is_pebbles_plus_mandarin_value_per_stone_plus_row() -> None:
    text = "0,0,2,0,0,0,0,1,0,0 0,Q 20+Q,27 0,0 0"
    after = Position.from_text(text, Rules(mandarin_value=5)).play("7L")
    assert after.outcome().scores == (20 + 2 * 5 + 1, 27 + 2)  # type: ignore[union-attr]


def test_R8_2_debts_are_repaid_at_the_end() -> None:
    after, events = play("0,0,2,0,0,0,0,1,0,0 0,Q 20+Q,27 3,0 0", "7L")
    assert after.outcome().scores == (41 - 3, 29 + 3)  # type: ignore[union-attr]
    repay = events[-1]
    assert (repay.kind, repay.rule, repay.player, repay.pebbles) == ("repay", "R8.2", 0, 3)


def test_R8_3_higher_score_wins_equal_is_a_draw_and_r7_1_sums_to_70() -> None:
    draw = Position.from_text("0,0,0,0,0,0,0,0,0,0 0,0 25+Q,25+Q 0,0 0").outcome()
    assert draw is not None and draw.winner is None and draw.scores == (35, 35)
    lost = Position.from_text("0,0,0,0,0,0,0,0,0,0 0,0 15+Q,35+Q 0,0 0").outcome()
    assert lost is not None and lost.winner == 1 and lost.scores == (25, 45)
    won = Position.from_text("0,0,2,0,0,0,0,1,0,0 0,Q 20+Q,27 0,0 0").play("7L").outcome()
    assert won is not None and sum(won.scores) == 70 and won.winner == 0


# ------------------------------------------------------------ §9 options


def test_R9_options_have_the_documented_defaults() -> None:
    assert Rules() == Rules("stone", 10, "chain", 0, 300)


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"mandarin_pieces": "rocks"}, "mandarin_pieces"),
        ({"mandarin_value": 0}, "mandarin_value"),
        ({"mandarin_value": "10"}, "mandarin_value"),
        ({"mandarin_gap": 1}, "mandarin_gap"),
        ({"mandarin_gap": True}, "mandarin_gap"),
        ({"mandarin_gap": False}, "mandarin_gap"),
        ({"mandarin_gap": "Chain"}, "mandarin_gap"),
        ({"young_mandarin_min": -1}, "young_mandarin_min"),
        ({"young_mandarin_min": True}, "young_mandarin_min"),
        ({"max_plies": -5}, "max_plies"),
    ],
)
def test_R9_a_bad_option_value_names_the_option(options: dict[str, object], name: str) -> None:
    with pytest.raises(RulesError, match=name):
        Rules(**options)  # type: ignore[arg-type]


def test_R9_mandarin_pieces_pebbles_with_value_five() -> None:
    rules = Rules(mandarin_pieces="pebbles", mandarin_value=5)
    p = Position.initial(rules)
    assert p.to_text() == "5,5,5,5,5,5,5,5,5,5 5,5 0,0 0,0 0" and p.total_points() == 60
    # 5L captures M1's five pebbles plus the one sown there; no stone exists.
    assert p.play("5L").to_text() == "0,6,6,6,6,0,6,6,6,6 6,0 6,0 0,0 1"


# ----------------------------------------------------------- §10 text


def test_R10_text_round_trips() -> None:
    for text in [OPENING, "0,0,1,0,0,0,1,0,0,0 0,Q+3 5+Q,12 2,0 1", "0,0,0,0,0,0,0,0,0,0 0,0 0+2Q,9 0,4 0"]:
        assert Position.from_text(text).to_text() == text


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0", "citizen squares"),
        ("5,5,5,5,5,5,5,5,5,-5 Q,Q 0,0 0,0 0", "citizen squares"),
        ("5,5,5,5,5,5,5,5,5,x Q,Q 0,0 0,0 0", "citizen squares"),
        ("5,5,5,5,5,5,5,5,5,5 Q,Q,Q 0,0 0,0 0", "Mandarin squares"),
        ("5,5,5,5,5,5,5,5,5,5 Q+,Q 0,0 0,0 0", "Mandarin squares"),
        ("5,5,5,5,5,5,5,5,5,5 Q,Q 0+3Q,0 0,0 0", "stores"),
        ("5,5,5,5,5,5,5,5,5,5 Q,Q 0+,0 0,0 0", "stores"),
        ("5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 -1,0 0", "debts"),
        ("5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 2", "player to move"),
        ("5,5,5,5,5,5,5,5,5,5 Q,Q 0+Q,0 0,0 0", "stores fields hold 3 Mandarin stones"),
        ("5,5,5,5,5,5,5,5,5,5  Q,Q 0,0 0,0 0", "5 fields"),
        ("05,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0", "citizen squares"),  # canonical: no leading zero
        ("5,5,5,5,5,5,5,5,5,5 Q+0,Q 0,0 0,0 0", "Mandarin squares"),  # canonical: Q, not Q+0
        ("5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 00,0 0", "debts"),
        ("5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0", "5 fields"),
    ],
)
def test_R10_bad_text_is_rejected_naming_the_field_and_quoting_it(text: str, field: str) -> None:
    with pytest.raises(PositionFormatError) as error:
        Position.from_text(text)
    assert field in str(error.value) and repr(text) in str(error.value)


def test_R10_stones_are_rejected_when_mandarins_are_pebbles() -> None:
    with pytest.raises(PositionFormatError, match="pebbles"):
        Position.from_text(OPENING, Rules(mandarin_pieces="pebbles"))


# ------------------------------------------------------ §11 worked examples


@pytest.mark.parametrize(
    ("move", "expected"),
    [
        ("7R", "6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0 0,0 1"),
        ("5L", "0,6,6,6,6,0,6,6,6,6 Q+1,0 1+Q,0 0,0 1"),
        ("9R", "6,6,6,6,0,6,6,6,6,0 0,Q+1 1+Q,0 0,0 1"),
    ],
)
def test_R11_worked_examples(move: str, expected: str) -> None:
    assert Position.initial().play(move).to_text() == expected


def test_R11_worked_example_narration_7R() -> None:
    _, events = Position.initial().play_traced("7R")
    drops = [e.square for e in events if e.kind == "drop"]
    assert drops == [8, 9, M0, 0, 1, 3, 4, M1, 5, 6]
    assert [(e.kind, e.square) for e in events if e.kind in ("relay", "capture")] == [("relay", 2), ("capture", 8)]


def test_R11_0L_is_illegal_for_player_0() -> None:
    with pytest.raises(IllegalMoveError, match="square 0 belongs to player 1"):
        Position.initial().play("0L")
