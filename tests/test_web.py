"""The bridge the website's Play and Puzzles pages call (oanquan/web/), tested in CPython.

The browser test (tests/test_play_page.py) checks the page around it; here every request
is checked against the engine itself, without a browser.
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DEMO, YOUNG
from oanquan import Game, IllegalMoveError, Move, Position, Rules, caption, web
from oanquan.i18n import language
from oanquan.interact.controller import Controller, SessionError
from oanquan.interact.pacing import MAX_MOVE_FRAMES, move_frames
from oanquan.narrate import end_words
from oanquan.puzzles import load_builtin, path
from oanquan.web import WEB_MOVE_FRAMES, Session, call, read_address, wire
from tests.scenes import page_view


def ask(request: dict[str, Any]) -> dict[str, Any]:
    """One request through the page's JSON entry point, its frames whole and its boards drawn as the page shows them."""
    return page_view(json.loads(call(json.dumps(request))))


@pytest.fixture(autouse=True)
def fresh_session() -> None:
    web.reset()


class FirstMove:
    """A stand-in computer player: always the first legal move."""

    name = "First move"

    def choose(self, position: Position) -> Move:
        return position.legal_moves()[0]


def test_new_game_is_the_opening() -> None:
    view = ask({"op": "new_game", "opponent": "friend"})
    assert view["ok"]
    assert view["position"] == Position.initial().to_text()
    assert view["legal"] == [str(m) for m in Position.initial().legal_moves()]
    assert view["squares"] == [5, 6, 7, 8, 9]
    assert view["scores"] == [0, 0] and not view["over"] and view["moves"] == []


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_every_square_of_a_board_is_named_by_its_row_and_what_it_holds(lang: str) -> None:
    # issue 22: a screen reader hears each square's owner (R1.1's rows) and what it holds, in the
    # page's language, and again after a move
    rows = {"en": ("in the top row", "in the bottom row"), "vi": ("ở hàng trên", "ở hàng dưới")}[lang]
    with language(lang):
        for view in (ask({"op": "new_game", "opponent": "friend"}), ask({"op": "play", "move": "7R"})):
            position = Position.from_text(view["position"])
            names = {
                int(n): label for n, label in re.findall(r'data-square="(\d+)" [^>]*?aria-label="([^"]*)"', view["svg"])
            }
            assert sorted(names) == list(range(12))
            for square, label in names.items():
                where, what = label.split(": ", 1)
                assert re.search(rf"\b{position.count(square)}\b", what), label
                if square < 10:
                    assert where.split()[1] == str(square) and where.endswith(rows[square >= 5]), label
                else:
                    assert where.endswith("M0" if square == 10 else "M1"), label


def test_click_then_direction_plays_the_engines_move() -> None:
    ask({"op": "new_game", "opponent": "friend"})
    view = ask({"op": "click", "square": 7})
    assert view["selected"] == 7
    assert view["direction_labels"] == {"L": "← 7L", "R": "7R →"}
    view = ask({"op": "play", "direction": "R"})
    after, events = Position.initial().play_traced("7R")
    assert view["position"] == after.to_text()
    assert view["scores"] == [after.points(0), after.points(1)] == [6, 0]
    assert view["selected"] is None
    # the controller's pictures and captions: one frame before the move, then one per event,
    # the players named as the view-model names them
    played = Controller().play("7R")[0]
    names = view["names"]
    assert played.names == tuple(names)
    shown = move_frames(played)
    assert [(f["caption"], f["kind"]) for f in view["frames"]] == [
        (f.caption, f.event.kind if f.event else "move") for f in shown
    ]
    # the same pictures, as scenes: what the page's board shows in each frame (issue 41)
    assert [f["scene"] for f in view["frames"]] == [wire(f.scene, words=False) for f in shown if f.scene]
    assert f"{names[0]} · 6 points" in view["svg"] and "Player 0 ·" not in view["svg"]
    assert [f["caption"] for f in view["frames"][1:]] == [f"Move 1, 7R: {caption(e, names)}" for e in events]


def test_an_action_is_one_trip_carrying_the_game_to_keep_and_the_computers_reply() -> None:
    # issue 20: the page asks once; the answer carries what it must save and, when asked, the reply
    ask({"op": "new_game", "opponent": "1", "seed": 3})
    alone = ask({"op": "play", "move": "7R"})
    assert alone["computer_to_move"] and "reply" not in alone and "saved" not in alone
    ask({"op": "undo"})
    both = ask({"op": "play", "move": "7R", "save": True, "reply": True})
    reply = both["reply"]
    assert both["record"] == "7R" and reply["record"] == "7R " + reply["moves"][-1]
    assert isinstance(reply["thinking_ms"], int) and reply["thinking_ms"] >= 0 and not reply["computer_to_move"]
    # the game kept is the one after the reply: loaded again, it is the same game
    assert "saved" not in both and json.loads(reply["saved"])["format"] == "oanquan-session"
    web.reset()
    assert ask({"op": "load", "text": reply["saved"]})["record"] == reply["record"]
    # no reply when it is not the computer's turn; "save" alone puts the game on the answer itself
    friend = ask({"op": "new_game", "opponent": "friend", "save": True, "reply": True})
    assert "reply" not in friend and json.loads(friend["saved"])["format"] == "oanquan-session"
    # only true asks: anything else is a request without extras
    assert {"saved", "reply"}.isdisjoint(ask({"op": "state", "save": "yes", "reply": 1}))


def test_errors_come_back_as_the_engines_message() -> None:
    ask({"op": "new_game", "opponent": "friend"})
    assert ask({"op": "play", "move": " 9r "})["record"] == "9R"
    assert ask({"op": "play", "move": "12R"})["error"] == (
        "invalid move '12R': a move is a square 0-9 and a direction L or R, such as '7R'"
    )
    with pytest.raises(IllegalMoveError) as engine:
        Position.initial().play("9R").play("7L")
    assert ask({"op": "click", "square": 7})["error"] == str(engine.value)
    assert ask({"op": "click", "square": 12})["error"] == "there is no square 12 on the board"
    assert ask({"op": "play", "direction": "R"})["error"] == "choose one of your highlighted squares first"


def test_rule_options_reach_the_engine() -> None:
    view = ask({"op": "new_game", "opponent": "friend", "options": {"young_mandarin_min": 5}})
    view = ask({"op": "play", "move": "5L"})
    expected = Position.initial(Rules(young_mandarin_min=5)).play("5L")
    assert view["position"] == expected.to_text()
    assert view["settings"]["options"]["young_mandarin_min"] == 5
    assert "young_mandarin_min" in ask({"op": "new_game", "options": {"young_mandarin_min": -1}})["error"]


def test_the_computers_turn_is_packed_for_the_page() -> None:
    session = Session(Controller(players=(None, FirstMove())))
    view = session.play({"move": "7R"})
    assert view["computer_to_move"] and view["legal"] == [] and view["squares"] == []
    assert view["status"] == view["turn"] == "The computer is thinking…"  # one status line (oanquan.interact.view)
    view = page_view(session.computer())
    reply = Position.initial().play("7R").legal_moves()[0]
    assert view["record"] == f"7R {reply}" and not view["computer_to_move"]
    assert view["frames"][0]["caption"].startswith(f"Move 2: Computer (First move) plays {reply}")
    view = session.act({"op": "undo"})
    assert view["record"] == "" and view["can_redo"] and not view["can_undo"]
    view = page_view(session.redo())
    assert view["record"] == f"7R {reply}" and len(view["frames"]) > 2
    assert json.loads(call('{"op": "computer"}'))["error"].endswith("is not the computer")


def test_computer_levels_are_checked() -> None:
    assert ask({"op": "new_game", "opponent": "6"})["error"] == (
        "the opponent must be 'friend' or a computer level 1-5, not '6'"
    )
    assert ask({"op": "new_game", "first": "me"})["ok"] is False


def test_whole_game_ends_with_the_engines_outcome() -> None:
    rng = random.Random(6)
    ask({"op": "new_game", "opponent": "friend"})
    game = Game()
    view: dict[str, Any] = {}
    while game.outcome() is None:
        move = rng.choice(game.legal_moves())
        game.play(move)
        view = ask({"op": "play", "move": str(move)})
    outcome = game.outcome()
    assert outcome is not None
    assert view["over"] and view["scores"] == list(outcome.scores)
    assert view["status"] == view["turn"] == f"Game over: {end_words(outcome.termination)}. {view['final']['headline']}"
    assert "game is over" in ask({"op": "play", "move": "5L"})["error"]
    assert view["frames"][-1]["caption"].split(": ", 1)[1].startswith(("R7.4", "R8.2"))
    breakdown = view["breakdown"]
    assert breakdown["scores"] == list(outcome.scores) and len(breakdown["words"]) == 2


# ------------------------------------------------------------------ the page address


def test_address_with_position_record_and_options() -> None:
    start = Position.initial().play("7R").play("1R")
    query = "?position=" + start.to_text().replace(" ", "%20").replace("+", "%2B") + "&record=9R&mandarin_gap=always"
    view = ask({"op": "address", "query": query, "opponent": "friend"})
    expected = Game.from_record("9R", Position.from_text(start.to_text(), Rules(mandarin_gap="always")))
    assert view["ok"], view
    assert view["start"] == start.to_text() and view["position"] == expected.position.to_text()
    assert view["settings"]["options"]["mandarin_gap"] == "always"


def test_link_reopens_the_same_game() -> None:
    session = Session()
    start = "0,6,6,6,6,0,6,6,6,6 Q+1,0 1+Q,0 0,0 1"
    session.new_game({"position": start, "record": "1R", "options": {"mandarin_value": 5}, "opponent": "friend"})
    link = session.state()["link"]
    again = Session()
    settings, notices = read_address(link)
    assert notices == []  # every setting of the link is the Play page's
    view = again.new_game(settings | {"opponent": "friend"})
    assert view["start"] == start and view["record"] == "1R"
    assert view["position"] == session.controller.position.to_text()
    assert view["rules"] == {"mandarin_value": 5}


def test_address_settings_override_the_pages_choices() -> None:
    view = ask({"op": "address", "query": "?opponent=4&first=computer", "opponent": "friend", "first": "human"})
    assert view["settings"]["opponent"] == 4 and view["human"] == [False, True]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?position=<script>alert(1)</script>", "bad position '<script>alert(1)</script>'"),
        ("?record=7R%20<img%20src=x%20onerror=alert(1)>", "invalid move '<img'"),
        ("?record=7R%202L", "move 2 of record '7R 2L': illegal move '2L'"),
        ("?position=5,5,5", "bad position '5,5,5'"),
        ("?mandarin_value=abc", "mandarin_value must be a whole number from 1 to 100, not 'abc'"),
        ("?young_mandarin_min=-3", "young_mandarin_min must be a whole number from 0 to 100, not '-3'"),
        ("?opponent=<b>", "the opponent must be 'friend' or a computer level 1-5, not '<b>'"),
        ("?record=" + "7R%20" * 2000, "the page address is too long"),
    ],
)
def test_bad_address_gives_the_engines_message(query: str, message: str) -> None:
    answer = ask({"op": "address", "query": query})
    assert answer["ok"] is False
    assert message in answer["error"]


def test_empty_address_is_a_new_game() -> None:
    view = ask({"op": "address", "query": "", "opponent": "friend"})
    assert view["ok"] and view["record"] == "" and view["link"] == "?opponent=friend"


def test_plus_in_the_address_is_a_plus_not_a_space() -> None:
    """A teacher types a position as RULES §10 writes it, '+' and all (spaces may stay literal)."""
    start = "6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0 0,0 1"
    for query in ("?position=" + start, "?position=" + start.replace(" ", "%20"), "?position=" + quote(start)):
        view = ask({"op": "address", "query": query + "&opponent=friend"})
        assert view["ok"], view
        assert view["start"] == Position.from_text(start).to_text() == start
    assert read_address("?record=7R%200L+")[0]["record"] == "7R 0L+"  # the engine, not the address, rejects it


def test_link_reopens_a_game_against_the_computer_with_the_same_sides() -> None:
    session = Session()
    session.new_game({"opponent": 2, "first": "computer"})
    opening = session.computer()["record"]  # the computer opens; now it is the human's turn
    link = session.state()["link"]
    assert link == f"?record={opening}&opponent=2&first=computer"
    # the page sends its own form's choices too; the link's win
    view = ask({"op": "address", "query": link, "opponent": "4", "first": "human"})
    assert view["record"] == opening and view["settings"]["opponent"] == 2 and view["settings"]["first"] == "computer"
    assert view["human"] == [False, True] and not view["computer_to_move"]
    assert view["link"] == link


def test_address_options_come_back_in_the_settings_whatever_their_value() -> None:
    """The page's form shows these values (adding a choice when needed), so New game keeps them."""
    view = ask({"op": "address", "query": "?mandarin_value=7&young_mandarin_min=3&max_plies=50", "opponent": "friend"})
    options = view["settings"]["options"]
    assert (options["mandarin_value"], options["young_mandarin_min"], options["max_plies"]) == (7, 3, 50)
    again = ask({"op": "new_game", "opponent": "friend", "options": options})
    assert again["rules"] == {"mandarin_value": 7, "young_mandarin_min": 3, "max_plies": 50}


# ------------------------------------------------------------------ safety of the markup


def svg_is_inert(markup: str) -> None:
    """Well-formed SVG with no script, no foreign HTML and no event handlers."""
    root = ET.fromstring(markup)
    assert root.tag.endswith("svg")
    for element in root.iter():
        tag = element.tag.split("}")[-1].lower()
        assert tag not in ("script", "foreignobject", "iframe", "a"), tag
        for name, value in element.attrib.items():
            assert not name.lower().startswith("on"), name
            assert "javascript:" not in value.lower()


def test_every_picture_is_inert_svg() -> None:
    ask({"op": "new_game", "opponent": "friend"})
    view = ask({"op": "play", "move": "5L"})
    for frame in view["frames"]:
        svg_is_inert(frame["svg"])
    svg_is_inert(view["svg"])
    svg_is_inert(ask({"op": "click", "square": 2})["svg"])


# ------------------------------------------------------------------ the JSON entry point


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "a request is not valid JSON (at line 1, column 1): 'not json'"),
        ("[1, 2]", "a request must be a JSON object, not [1, 2]"),
        ('{"op": "click", "square": "7"}', "there is no square '7' on the board"),
        ('{"op": "undo"}', "there is no move to undo"),
        ('{"op": "computer"}', "is not the computer"),
    ],
)
def test_bad_requests_are_answered_not_raised(text: str, message: str) -> None:
    answer = json.loads(call(text))
    assert answer["ok"] is False and message in answer["error"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
OPS = [
    *("new_game", "configure", "click", "play", "computer", "undo", "redo", "state"),
    *("address", "hint", "save", "load", "dance"),
]
FIELDS = [
    *("square", "move", "direction", "options", "opponent", "first", "position", "record"),
    *("query", "seed", "text", "next", "hints"),
]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.fixed_dictionaries({"op": st.sampled_from(OPS)}, optional=dict.fromkeys(FIELDS, json_values))))
def test_any_request_is_answered_in_json(requests: list[dict[str, Any]]) -> None:
    """Whatever the page sends, the answer is JSON: a view, or an error message; never an exception."""
    web.reset()
    for request in requests:
        answer = json.loads(call(json.dumps(request)))
        assert answer["ok"] is True or isinstance(answer["error"], str)


# ------------------------------------------------------------------ puzzles


def puzzle_session() -> Session:
    return Session(collection=[DEMO, YOUNG])


def test_puzzle_list_and_address() -> None:
    session = puzzle_session()
    assert [p["id"] for p in session.list_puzzles()["puzzles"]] == ["demo", "young"]
    view = session.puzzle_address({"query": "?puzzle=young"})
    assert view["puzzle"]["id"] == "young" and view["rules"] == {"young_mandarin_min": 5}
    assert session.puzzle_address({"query": ""})["puzzle"]["id"] == "demo"
    with pytest.raises(SessionError, match=r"there is no puzzle '<script>x</script>' in the collection"):
        session.puzzle_address({"query": "?puzzle=<script>x</script>"})
    view = session.puzzle_address({"query": "?record=7R&puzzle=young&colour=red"})
    assert view["puzzle"]["id"] == "young"  # the puzzle opens; what the page does not use is named
    assert view["notices"] == [
        "'record' is a setting of the Play page (play.html?record=...): this page ignores it.",
        "The page address has a setting this page does not know: 'colour' (ignored).",
    ]
    listed = Session().list_puzzles()["puzzles"]  # the built-in collection, on its graded path
    assert [p["id"] for p in listed] == [p.id for p in path()]
    assert len({p["title"] for p in listed}) == len(listed)  # titles tell the puzzles apart


def test_a_puzzle_tried_then_left_and_opened_again_is_no_first_try() -> None:
    # issue 23: Next and back again does not wipe a wrong try (the page ticks first tries only)
    first, second = load_builtin()[:2]
    wrong = next(m for m in first.position.legal_moves() if not first.is_solution(m))
    ask({"op": "puzzle", "id": first.id})
    ask({"op": "play", "move": str(wrong)})
    ask({"op": "puzzle", "id": second.id})
    assert ask({"op": "play", "move": second.solution[0]})["puzzle"]["first_try"] is True
    ask({"op": "puzzle", "id": first.id})
    view = ask({"op": "play", "move": first.solution[0]})
    assert view["puzzle"]["result"] == "right" and view["puzzle"]["first_try"] is False


def test_a_puzzle_tried_on_an_earlier_visit_is_no_first_try() -> None:
    # issue 23: the page keeps the puzzles tried ("spent") and names them to the next visit's session
    first, second = load_builtin()[:2]
    wrong = next(m for m in first.position.legal_moves() if not first.is_solution(m))
    assert ask({"op": "puzzle", "id": first.id})["puzzle"]["spent"] is False
    assert ask({"op": "play", "move": str(wrong)})["puzzle"]["spent"] is True  # the page keeps its name
    web.reset()  # the next visit
    view = ask({"op": "puzzle", "id": first.id, "tried": [first.id, "not-a-puzzle"]})
    assert view["puzzle"]["spent"] is True
    view = ask({"op": "play", "move": first.solution[0]})["puzzle"]
    assert view["result"] == "right" and view["first_try"] is False
    assert view["verdict"].endswith(
        "You tried this puzzle before, so it is not ticked as solved: only a first try counts."
    )
    view = ask({"op": "puzzle", "id": second.id, "tried": [first.id]})  # another one: a first try as ever
    view = ask({"op": "play", "move": second.solution[0]})["puzzle"]
    assert view["first_try"] is True and view["spent"] is False
    assert view["verdict"] == second.verdict(second.moves[0])[1]
    # solved at the first try, then tried again: still solved, never kept as "tried"
    view = ask({"op": "retry"})["puzzle"]
    assert view["spent"] is False
    view = ask({"op": "play", "move": str(next(m for m in second.position.legal_moves() if not second.is_solution(m)))})
    assert view["puzzle"]["spent"] is False
    web.reset()  # a later visit: the page names it as solved
    ask({"op": "puzzle", "id": second.id, "solved": [second.id]})
    view = ask({"op": "play", "move": second.solution[0]})["puzzle"]
    assert view["spent"] is False and view["verdict"] == second.verdict(second.moves[0])[1]
    refused = ask({"op": "puzzle", "id": first.id, "tried": first.id})
    assert refused["code"] == "bad-tried" and first.id in refused["error"]


def test_a_right_answer_that_ends_the_game_is_not_shown_beside_a_defeat() -> None:
    # issue 23: relay-2's answer empties both Mandarin squares; on its made-up board the top row
    # "wins", which beside "Right!" read as a defeat. A puzzle about one move's points says the
    # move ends the game, and no more; an endgame puzzle, about the game's result, keeps it.
    by_id = {p.id: p for p in load_builtin()}
    ask({"op": "puzzle", "id": "relay-2"})
    view = ask({"op": "play", "move": by_id["relay-2"].solution[0]})
    assert view["over"] and view["puzzle"]["result"] == "right"
    assert view["turn"].startswith("This move ends the game: both Mandarin squares are empty."), view["turn"]
    assert "wins" not in view["turn"] and "Right!" in view["puzzle"]["verdict"]
    endgames = [p for p in by_id.values() if p.goal in ("win", "best") and p.position.play(p.solution[0]).outcome()]
    assert endgames, "no endgame puzzle whose answer ends the game"
    ask({"op": "puzzle", "id": endgames[0].id})
    view = ask({"op": "play", "move": endgames[0].solution[0]})
    assert view["turn"].startswith("Game over: "), view["turn"]


def test_a_puzzles_verdict_is_packed_for_the_page() -> None:
    session = puzzle_session()
    session.open_puzzle({"id": "demo"})
    session.act({"op": "click", "square": 9})
    view = session.play({"direction": "R"})
    assert view["puzzle"]["result"] == "right"
    assert view["puzzle"]["verdict"] == "Right! " + DEMO.explanation
    assert view["legal"] == [] and view["squares"] == [] and view["hints_left"] is None
    with pytest.raises(SessionError, match="this puzzle is answered"):
        session.play({"move": "0L"})
    view = session.act({"op": "retry"})
    assert view["puzzle"]["result"] == "" and view["position"] == DEMO.position_text
    view = session.play({"move": "7R"})
    assert view["puzzle"]["result"] == "wrong" and view["puzzle"]["verdict"] == DEMO.verdict("7R")[1]


def test_puzzle_text_says_its_rule_options_in_words() -> None:
    session = puzzle_session()
    text = session.open_puzzle({"id": "young"})["puzzle"]["text"]
    assert text.endswith(" Rules: a young Mandarin (fewer than 5 pebbles) cannot be captured (R5.6).")
    assert "Rules:" not in session.open_puzzle({"id": "demo"})["puzzle"]["text"]


def test_hint_and_answer_are_packed_for_the_page() -> None:
    session = puzzle_session()
    session.open_puzzle({"id": "young"})
    assert session.act({"op": "hint"})["puzzle"]["verdict"] == f"Hint 1 of 3: {YOUNG.hint_steps[0]}"
    assert session.act({"op": "answer"})["puzzle"]["verdict"] == f"The answer: 9L. {YOUNG.explanation}"
    session.open_puzzle({"id": "demo"})  # two answers: both are said
    assert session.act({"op": "answer"})["puzzle"]["verdict"] == f"The answer: 5L or 9R. {DEMO.explanation}"
    game = Session()
    view = game.act({"op": "hint"})
    assert view["hint"] and view["hints_left"] == 2 and view["puzzle"] is None
    assert ask({"op": "new_game", "hints": 0})["hints_left"] == 0
    assert "hints are switched off" in ask({"op": "hint"})["error"]


def test_a_hint_asked_again_costs_nothing_and_its_square_is_marked() -> None:
    """Asking for a hint again on the same position used another of the game's few; the board marked nothing."""
    game = Session()
    first = game.act({"op": "hint"})
    again = game.act({"op": "hint"})
    hinted = first["hint"].split()[0]  # the hint starts with its move: "5L captures..."
    assert again["hint"] == first["hint"] and again["hints_left"] == first["hints_left"] == 2
    assert again["scene"]["m"]["focus"] == [int(hinted[:-1])] and f"hint: {hinted}" in again["scene"]["f"]
    after = game.play({"move": hinted})
    assert "focus" not in after["scene"]["m"] and after["hint"] == ""


def test_save_and_load_round_trip_and_a_bad_load_keeps_the_game() -> None:
    ask({"op": "new_game", "opponent": "friend"})
    ask({"op": "play", "move": "7R"})
    saved = ask({"op": "save"})["saved"]
    for bad in ("{}", '{"mvoes": "7R"}', Position.initial().to_json(), ""):
        answer = ask({"op": "load", "text": bad})
        assert answer["ok"] is False and "a saved game" in answer["error"]
        assert ask({"op": "state"})["record"] == "7R"
    ask({"op": "new_game", "opponent": "3"})
    view = ask({"op": "load", "text": saved})
    assert view["record"] == "7R" and view["settings"]["opponent"] == "friend"


def test_a_very_long_sowing_makes_a_bounded_answer() -> None:
    # issue 12: a 1,000-pebble move made 3,263 frames and a 23.5 MB answer
    position = "0,0,0,0,0,0,0,0,0,990 Q+5,Q+5 0,0 0,0 0"
    ask({"op": "new_game", "opponent": "friend", "position": position})
    answer = call(json.dumps({"op": "play", "move": "9R"}))
    view = json.loads(answer)
    assert view["ok"] and len(view["frames"]) <= WEB_MOVE_FRAMES <= MAX_MOVE_FRAMES
    assert len(answer.encode("utf-8")) < 12_000  # issue 41: an answer is data of at most 12 KB


def test_built_in_collection_is_offered() -> None:
    listed = ask({"op": "puzzles"})["puzzles"]
    assert sorted(p["id"] for p in listed) == sorted(p.id for p in load_builtin())


def test_settings_changed_mid_game_wait_for_the_next_game() -> None:
    ask({"op": "new_game", "opponent": "2"})
    ask({"op": "play", "move": "7R"})
    view = ask({"op": "configure", "opponent": "5", "first": "computer", "options": {"young_mandarin_min": 5}})
    assert view["pending"] == "These settings apply to the next game: press New game to start it."
    assert view["settings"]["opponent"] == 2 and view["rules"] == {} and view["moves"][0] == "7R"
    assert "not from the request" in ask({"op": "new_game", "next": True, "opponent": "1"})["error"]
    assert "level 1-5" in ask({"op": "configure", "opponent": "9"})["error"]
    view = ask({"op": "new_game", "next": True})
    assert view["settings"]["opponent"] == 5 and view["human"] == [False, True] and view["computer_to_move"]
    assert view["rules"] == {"young_mandarin_min": 5} and view["pending"] == "" and view["moves"] == []


@pytest.mark.parametrize("opponent", ["9" * 5000, " 3x", "²", True, 3.0, [3]])
def test_an_opponent_that_is_no_level_is_refused_in_words(opponent: object) -> None:
    """Any value at all gets a refusal that quotes it, never a crash: 5,000 digits are more than
    Python will turn into a number (its int() raises), "²" is a digit to str.isdigit()."""
    view = ask({"op": "new_game", "opponent": opponent})
    assert (view["ok"], view["code"]) == (False, "bad-opponent")
    assert "level 1-5" in view["reason"] and len(view["reason"]) < 400  # quoted briefly


def test_named_boards_are_independent_sessions() -> None:
    """Several boards on one page (issue 12/13): each "board" name has a game of its own."""
    ask({"op": "new_game", "opponent": "friend"})
    ask({"op": "play", "move": "7R"})
    assert ask({"op": "play", "move": "5L", "board": "ch2"})["record"] == "5L"
    assert ask({"op": "new_game", "opponent": "1", "board": "ch8"})["settings"]["opponent"] == 1
    assert ask({"op": "state"})["record"] == "7R"  # the default session is untouched
    assert ask({"op": "state", "board": "ch2"})["record"] == "5L"
    assert ask({"op": "state", "board": "ch8"})["record"] == ""
    assert ask({"op": "state", "board": "fresh"})["position"] == Position.initial().to_text()
    # a board's own "next" game: the board key is not one of the request's settings
    ask({"op": "configure", "opponent": "3", "board": "ch2"})
    assert ask({"op": "new_game", "next": True, "board": "ch2"})["settings"]["opponent"] == 3
    assert ask({"op": "close", "board": "ch2"}) == {"ok": True, "closed": True}
    assert ask({"op": "state", "board": "ch2"})["record"] == ""  # a fresh one under the same name


@pytest.mark.parametrize("name", ["", "a b", "<b>", "x" * 33, "٣", "é", 7, None, ["a"], "a\n"])
def test_a_bad_board_name_is_refused_with_a_message(name: Any) -> None:
    answer = ask({"op": "close" if name is None else "state", "board": name})
    assert answer["ok"] is False
    assert "board" in answer["error"] and "Traceback" not in answer["error"]


def test_the_number_of_boards_is_capped() -> None:
    for n in range(web.MAX_BOARDS):
        assert ask({"op": "state", "board": f"b{n}"})["ok"]
    answer = ask({"op": "state", "board": "one-more"})
    assert answer["ok"] is False and f"at most {web.MAX_BOARDS}" in answer["error"]
    assert ask({"op": "state", "board": "b0"})["ok"]  # the existing ones still answer
    assert ask({"op": "state"})["ok"]  # and the default one
    ask({"op": "close", "board": "b0"})
    assert ask({"op": "state", "board": "one-more"})["ok"]


@pytest.mark.parametrize(
    ("query", "notices", "settings"),
    [
        ("?colour=red&opponent=3", ["The page address has a setting this page does not know: 'colour' (ignored)."], 3),
        (
            "?puzzle=relay-1",
            ["'puzzle' opens a puzzle on the Puzzles page (puzzles.html?puzzle=...): this page ignores it."],
            "friend",
        ),
        (
            "?opponent=friend&first=computer",
            ["'first' chooses who moves first against the computer: a game between friends ignores it."],
            "friend",
        ),
        ("?opponent=2&opponent=4", ["'opponent' is given more than once in the page address: the last one counts."], 4),
        ("?opponent=4&first=computer", [], 4),
    ],
)
def test_settings_the_play_page_does_not_use_are_named_in_notices(
    query: str, notices: list[str], settings: Any
) -> None:
    """Issue 12: an unknown or misplaced setting is named, and the game opens from the rest."""
    view = ask({"op": "address", "query": query, "opponent": "friend"})
    assert view["ok"], view
    assert view["notices"] == notices
    assert view["settings"]["opponent"] == settings


@pytest.mark.parametrize("digit", ["%C2%B2", "%D9%A3", "%EF%BC%95", "5%C2%B2", "%E2%91%A4"])
@pytest.mark.parametrize("name", ["mandarin_value", "young_mandarin_min", "max_plies", "opponent"])
def test_only_ascii_digits_are_numbers_in_the_address(name: str, digit: str) -> None:
    """Issue 12: '²' made int() fail outside the bridge's errors; '٣' and '５' were read as 3 and 5."""
    answer = ask({"op": "address", "query": f"?{name}={digit}"})
    assert answer["ok"] is False
    assert name.replace("opponent", "the opponent") in answer["error"] and "Traceback" not in answer["error"]


def test_players_are_named_for_readers_and_the_end_says_the_score_taken_apart() -> None:
    view = ask({"op": "new_game", "opponent": "2"})
    assert view["names"] == ["You", "Computer"] and view["turn"] == "Your move: you play the bottom row."
    assert view["final"] is None
    assert ask({"op": "new_game", "opponent": "friend"})["names"] == ["Bottom row", "Top row"]
    game = Game()
    while game.outcome() is None:
        game.play(game.legal_moves()[0])
    view = ask({"op": "new_game", "opponent": "friend", "record": game.record()})
    outcome = game.outcome()
    assert outcome is not None and view["over"]
    final = view["final"]
    assert final["scores"] == list(outcome.scores) and f"({outcome.rule})." in final["reason"]
    assert final["reason"].startswith(f"{max(outcome.scores)} to {min(outcome.scores)}: ")
    assert view["turn"].startswith("Game over: ") and view["turn"].endswith(final["headline"])
    assert final["headline"] == ("A draw!" if outcome.winner is None else f"{view['names'][outcome.winner]} wins!")
    for name, line, score in zip(view["names"], final["lines"], outcome.scores, strict=True):
        assert line.startswith(f"{name}: ") and line.endswith(f"= {score}.")


# What a page may send as a new game's settings, within reach and beyond (issue 47): the bridge
# accepts exactly what it can save and load.
ANY_NUMBER = st.one_of(
    st.integers(),
    st.integers(min_value=-10, max_value=10),
    st.sampled_from((0, 2**53 - 1, 2**53, -1, -(2**53))),
    st.booleans(),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.none(),
)
NEW_GAME_SETTINGS = st.fixed_dictionaries(
    {},
    optional={
        "seed": ANY_NUMBER,
        "hints": ANY_NUMBER,
        "opponent": st.sampled_from(("friend", "1", "3", "5", 2, "6", 0)),
        "first": st.sampled_from(("human", "computer", "nobody")),
        "options": st.fixed_dictionaries(
            {},
            optional={
                "mandarin_pieces": st.sampled_from(("stone", "pebbles", "rock")),
                "mandarin_value": st.one_of(st.integers(min_value=-1, max_value=25), st.sampled_from(("5", "x"))),
                "max_plies": st.sampled_from((0, 40, 300, -3, "40")),
                "young_mandarin_min": st.integers(min_value=-1, max_value=9),
            },
        ),
    },
)


@settings(max_examples=150, deadline=None)
@given(NEW_GAME_SETTINGS)
def test_every_new_game_the_bridge_accepts_survives_save_and_load(request: dict[str, Any]) -> None:
    web.reset()
    started = ask({"op": "new_game", **request})
    if not started["ok"]:
        assert started["error"] and started["reason"]  # refused with words, before anything is kept
        return
    saved = ask({"op": "save"})
    assert saved["ok"], saved
    web.reset()
    loaded = ask({"op": "load", "text": saved["saved"]})
    assert loaded["ok"], (request, loaded)
    assert ask({"op": "save"})["saved"] == saved["saved"]  # the same session: seed, players, hints, rules
    assert loaded["settings"] == started["settings"] and loaded["position"] == started["position"]


def test_a_negative_seed_survives_save_and_load_and_a_seed_beyond_reach_is_refused_by_both() -> None:
    # issue 47: new_game took -5, then load refused the session it had saved
    assert ask({"op": "new_game", "seed": -5, "opponent": 2})["ok"]
    saved = ask({"op": "save"})["saved"]
    assert json.loads(saved)["seed"] == -5
    web.reset()
    assert ask({"op": "load", "text": saved})["ok"]
    assert json.loads(ask({"op": "save"})["saved"])["seed"] == -5
    too_far = 2**53
    refused = ask({"op": "new_game", "seed": too_far})
    assert not refused["ok"] and str(too_far) in refused["error"] and str(too_far) in refused["reason"]
    loaded = ask({"op": "load", "text": saved.replace('"seed": -5', f'"seed": {too_far}')})
    assert not loaded["ok"] and str(too_far) in loaded["error"]


STORED_JS = Path(__file__).resolve().parent.parent / "book" / "_static_play" / "stored.js"


def kept_value(view: dict[str, Any], lang: str) -> str:
    """The value the Play page keeps for ``view`` (play.js's keep(), kept-games.js's record()), as it is written."""
    form = dict.fromkeys(("opponent", "first", "pieces", "value", "gap", "young", "plies"), "pebbles")
    record = {
        "saved": view["saved"],
        "link": view["link"],
        "scene": view["scene"],
        "squares": view["squares"],
        "names": view["names"],
        "scores": view["scores"],
        "turn": view["turn"],
        "moves": len(view["moves"]),
        "over": view["over"],
        "form": form,
        "lang": lang,
        "v": 2,
        "time": 1_800_000_000_000,
    }
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def test_the_largest_real_games_value_is_well_within_the_pages_cap_and_near_it() -> None:
    """Issue 47: stored values are capped near their real size (stored.js, MAX_STORED), so a value
    hundreds of times larger is left out before it is read. The largest real values: whole games,
    with no move limit, in both languages (the Vietnamese words are longer), to their end."""
    found = re.search(r"export const MAX_STORED = (\d+);", STORED_JS.read_text("utf-8"))
    assert found, "stored.js names its cap"
    cap = int(found[1])
    largest = 0
    for lang in ("en", "vi"):
        with language(lang):
            for seed in range(4):
                web.reset()
                chooser = random.Random(seed)
                options = {"max_plies": 0, "mandarin_pieces": "pebbles", "mandarin_value": 20}
                view = ask({"op": "new_game", "opponent": "friend", "options": options})
                while not view["over"]:
                    view = ask({"op": "play", "move": chooser.choice(view["legal"])})
                view["saved"] = ask({"op": "save"})["saved"]
                largest = max(largest, len(kept_value(view, lang)))
    # the board is kept as its scene, not a picture (issue 41): about 2,000 characters
    assert 1_500 < largest <= cap // 4, (largest, cap)  # room for longer games than these
    assert cap <= 40 * largest, (largest, cap)  # and near them: 480,000 characters are left out


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_a_puzzles_goal_follows_a_title_with_its_own_colon_as_a_sentence(lang: str) -> None:
    """A teacher read "Take the right Mandarin M0 and its 9 pebbles straight away: 22 points: Win the
    most points with this move." on the projector: after a title with a colon of its own, the goal
    is a sentence of its own; after any other title, a colon leads to it."""
    with language(lang):
        for puzzle in load_builtin():
            text = web.answer(Session(), {"op": "puzzle", "id": puzzle.id})["puzzle"]["text"]
            title, goal = puzzle.title_text, puzzle.goal_text
            if title.endswith(("?", "!", ".")):
                assert text.startswith(f"{title} {goal}"), text
            else:
                assert text.startswith(f"{title}{'.' if ':' in title else ':'} {goal}"), text
