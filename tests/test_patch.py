"""A move's pictures travel as patches (oanquan/interact/patch.py, oanquan/web.py ``packed``,
issue 20): the page rebuilds each one exactly, and an answer for a move stays small.

The cases in ``golden/picture-patches.json`` are applied by the page's own script too
(``tests/js/engine.test.mjs``), so Python and JavaScript are proved to cut the text at the
same places. To regenerate them after a deliberate change of the diff, run
``OANQUAN_UPDATE_GOLDEN=1 pytest tests/test_patch.py`` and review the diff.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from oanquan import Position
from oanquan.i18n import language
from oanquan.interact.controller import Controller
from oanquan.interact.pacing import move_frames
from oanquan.interact.patch import apply_patch, patch
from oanquan.web import FRAMES_BUDGET, Session, call, frames, packed, reset, sent_size, unpacked

GOLDEN = Path(__file__).parent / "golden" / "picture-patches.json"

#: Text like a picture's: tags, quotes, numbers, Vietnamese letters and a character outside
#: the Basic Multilingual Plane (two UTF-16 code units in JavaScript, one code point in Python).
PICTURE_TEXT = st.text(alphabet=st.sampled_from(list('<>/ ="-svgtexM0123456789h,.:ăếỏ🀄')), max_size=120)


@given(PICTURE_TEXT, PICTURE_TEXT)
def test_a_patch_rebuilds_the_new_text_from_the_old(old: str, new: str) -> None:
    ops = patch(old, new)
    assert apply_patch(old, ops) == new
    # nothing is sent twice: no empty edit, no two edits of one kind side by side
    assert all(op not in (0, "") for op in ops)
    kinds = [(type(op), isinstance(op, int) and op >= 0) for op in ops]
    assert all(a != b for a, b in itertools.pairwise(kinds))


def _golden_cases() -> list[dict[str, Any]]:
    with language("vi"):
        shown = frames(Controller().play("7R")[0])
    cases = [
        {
            "old": '<svg><text x="1">5</text><desc>Player 0: 5 points</desc></svg>',
            "new": '<svg><text x="1">6</text><desc>Player 0: 6 points</desc></svg>',
        },
        {"old": "<t>🀄 ô quan: 10</t><t>ăn 2</t>", "new": "<t>🀄🀄 ô quan: 0</t><t>ăn 12</t>"},
        {"old": shown[2]["svg"], "new": shown[3]["svg"]},
        {"old": shown[3]["svg"], "new": shown[4]["svg"]},  # the next one: the page chains them
    ]
    return [{**case, "patch": patch(case["old"], case["new"])} for case in cases]


def test_the_patches_the_page_applies_are_the_ones_the_engine_makes() -> None:
    expected = json.dumps(_golden_cases(), ensure_ascii=False, indent=1) + "\n"
    if os.environ.get("OANQUAN_UPDATE_GOLDEN"):
        GOLDEN.write_text(expected, encoding="utf-8")
    assert GOLDEN.read_text(encoding="utf-8") == expected
    for case in json.loads(expected):
        assert apply_patch(case["old"], case["patch"]) == case["new"]


def test_every_answer_is_packed_and_unpacks_to_what_the_session_showed() -> None:
    rng = random.Random(20)
    for game in range(4):
        reset()
        session = Session()
        view = session.new_game({"opponent": "friend"})
        sent = json.loads(call(json.dumps({"op": "new_game", "opponent": "friend", "board": "b"})))
        while not view["over"]:
            move = rng.choice(view["legal"])
            view = session.play({"move": move})
            sent = json.loads(call(json.dumps({"op": "play", "move": move, "board": "b"})))
            assert "svg" in sent["frames"][0] and "svg" not in sent, move
            assert all("patch" in f and "svg" not in f for f in sent["frames"][1:])
            assert unpacked(sent) == json.loads(json.dumps(view)), (game, move)


def test_a_computers_reply_carried_with_the_move_is_packed_too() -> None:
    reset()
    call('{"op": "new_game", "opponent": 2}')
    sent = json.loads(call('{"op": "play", "move": "7R", "reply": true, "save": true}'))
    reply = sent["reply"]
    assert "svg_patch" in reply and "patch" in reply["frames"][1]
    whole = unpacked(sent)["reply"]
    assert whole["svg"].startswith("<svg") and whole["svg"].endswith("</svg>")
    assert whole["frames"][-1]["svg"].startswith("<svg") and "saved" in whole


def _size(answer: dict[str, Any]) -> int:
    return len(json.dumps(packed(answer), ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def test_an_answer_for_a_move_stays_under_20_kb_in_both_languages() -> None:
    """Every answer of whole random games, the player's moves and the computer's, in both languages."""
    for lang in ("en", "vi"):
        with language(lang):
            rng = random.Random(11)
            for game in range(6):
                session = Session()
                view = session.new_game({"opponent": "friend" if game % 2 else 2})
                while not view["over"]:
                    if view["computer_to_move"]:
                        view = session.computer()
                    else:
                        view = session.play({"move": rng.choice(view["legal"])})
                    assert _size(view) < 20_000, (lang, view["record"], len(view["frames"]))
            session = Session()
            session.new_game({"opponent": "friend"})
            every_step = len(Position.initial().play_traced("7R")[1])
            assert len(session.play({"move": "7R"})["frames"]) == every_step + 1  # a short move keeps every picture
    # what the same frames cost as whole pictures
    assert sum(len(f["svg"]) for f in frames(Controller().play("7R")[0])) > 60_000


def test_a_redo_of_two_moves_shares_the_budget_and_a_carried_reply_has_its_own() -> None:
    """Redo plays your move and the computer's reply again, in one answer: both moves' pictures
    share its budget. A move sent with ``"reply": true`` carries the reply as a second answer."""
    rng = random.Random(3)
    for _game in range(4):
        session = Session()
        view = session.new_game({"opponent": 2})
        while not view["over"] and len(view["moves"]) < 24:
            view = session.play({"move": rng.choice(view["legal"])})
            if view["computer_to_move"]:
                view = session.computer()
            if view["over"]:
                break
            session.undo()
            redone = session.redo()
            assert _size(redone) < 20_000, (redone["record"], len(redone["frames"]))
            view = redone
    reset()
    call('{"op": "new_game", "opponent": 2}')
    sent = json.loads(call('{"op": "play", "move": "7R", "reply": true, "save": true}'))
    reply = sent.pop("reply")
    for part in (sent, reply):
        assert len(json.dumps(part, ensure_ascii=False, separators=(",", ":")).encode("utf-8")) < 20_000


def test_a_move_too_long_for_the_budget_is_shown_with_fewer_pictures() -> None:
    """The longest relays: their plain drops thinned, each picture after thinned drops saying how
    many pebbles were dropped before it, and the move shown to its end (issue 20)."""
    played = Controller(Position.from_text("0,2,1,0,1,13,0,0,0,3 3,4 18+2Q,5 0,0 1")).play("1R")[0]
    every = [{"svg": f.svg, "caption": f.caption, "kind": "-"} for f in move_frames(played)]
    assert len(every) == len(played.events) + 1 and sent_size(every) > FRAMES_BUDGET
    shown = frames(played)
    assert 2 < len(shown) < len(every) and sent_size(shown) <= FRAMES_BUDGET
    assert len(shown) >= 0.6 * len(every)  # only as many left out as the budget needs (23 of 35)
    assert any("more pebbles dropped before this picture" in f["caption"] for f in shown)
    # only plain drops were left out: every other step of the move is still shown
    assert [f["kind"] for f in shown[1:] if f["kind"] != "drop"] == [e.kind for e in played.events if e.kind != "drop"]
    ids = re.compile(r"oaq-[0-9a-f]{10}")
    assert ids.sub("ID", shown[-1]["svg"]) == ids.sub("ID", every[-1]["svg"])  # the same last picture
