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
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from oanquan.i18n import language
from oanquan.interact.controller import Controller
from oanquan.interact.patch import apply_patch, patch
from oanquan.web import Session, call, frames, packed, reset, unpacked

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
    for lang in ("en", "vi"):
        with language(lang):
            for move in ("7R", "5L", "9R", "6L"):
                session = Session()
                session.new_game({"opponent": "friend"})
                view = session.play({"move": move})
                assert len(view["frames"]) > 12 and _size(view) < 20_000, (lang, move)
    # what the same frames cost as whole pictures
    assert sum(len(f["svg"]) for f in frames(Controller().play("7R")[0])) > 60_000


def test_a_long_move_costs_a_few_hundred_bytes_a_picture() -> None:
    rng = random.Random(7)
    for _game in range(3):
        session = Session()
        view = session.new_game({"opponent": "friend"})
        while not view["over"]:
            view = session.play({"move": rng.choice(view["legal"])})
            pictures = len(view["frames"])
            assert _size(view) < 12_000 + 500 * pictures, (view["record"], pictures)
