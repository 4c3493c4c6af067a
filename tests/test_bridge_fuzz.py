"""The page's bridge (``oanquan.web.call``) answers every request with JSON and raises nothing (issue 24).

Every operation of the bridge is sent with every field it reads, and fields it does not,
holding values of every JSON type (lists and objects where a name or a number belongs,
numbers of thousands of digits, long text), from each kind of state a page's board can be
in: fresh, a game under way, a puzzle, the position editor. The answer must be a JSON object
with ``ok``; a refusal must carry an ``error`` sentence of bounded length. Inside, the same
requests through :func:`oanquan.web.answer` may raise only the project's own errors
(:class:`oanquan.OAnQuanError`): a ``TypeError`` or ``KeyError`` escaping would be a bug.

"Quickly" is not timed (speed lives in benchmarks): the inputs are bounded, and a hang
would stop the run.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from oanquan import OAnQuanError, web

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Every operation the bridge knows, and a few it does not.
OPS = [*web.OPS, "address", "close", "dance", "", "__class__"]

#: Every field some operation reads.
FIELDS = [
    "action",
    "board",
    "direction",
    "field",
    "first",
    "hints",
    "id",
    "mode",
    "move",
    "next",
    "opponent",
    "options",
    "player",
    "position",
    "query",
    "record",
    "seed",
    "square",
    "text",
    "tried",
    "value",
]

#: Values close to valid ones, so that many requests reach the deeper checks.
NEAR = st.sampled_from(
    [
        "7R",
        "7",
        "R",
        "L",
        "stores",
        "captured",
        "debts",
        "add",
        "remove",
        "select",
        "click",
        "count",
        "stone",
        "set",
        "to_move",
        "text",
        "friend",
        "human",
        "computer",
        "1",
        "2",
        "pebbles",
        "chain",
        "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0",
        "?record=7R%200L",
        "?position=x&record=7R",
        "?puzzle=zzz",
        ["first-capture-1"],
        ["first-capture-1", 7],
        0,
        1,
        3,
        7,
        10,
        11,
        -1,
        12,
        1.5,
        True,
        False,
        None,
        10**400,
        -(10**400),
        "x" * 5000,
    ]
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    NEAR,
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(FIELDS), st.text(max_size=8)), inner, max_size=4),
    ),
    max_leaves=12,
)
REQUESTS = st.fixed_dictionaries(
    {"op": st.one_of(st.sampled_from(OPS), VALUES)},
    # a field holds a value close to a valid one two times in three, anything else the third
    optional={name: st.one_of(NEAR, NEAR, VALUES) for name in FIELDS if name != "board"}
    | {"board": st.sampled_from(["fuzz", None, "", "<b>", 3, []])},
)
#: The state a board is in before the fuzzed request.
SETUPS: dict[str, list[dict[str, Any]]] = {
    "fresh": [],
    "game": [{"op": "new_game", "record": "7R 1R"}],
    "computer": [{"op": "new_game", "opponent": "1", "record": "7R"}],
    "puzzle": [{"op": "puzzle_address", "query": ""}],
    "editor": [{"op": "editor"}, {"op": "edit", "action": "click", "square": 3}],
}


def setup(board: str, name: str) -> None:
    web.reset()
    for request in SETUPS[name]:
        answer = json.loads(web.call(json.dumps(request | {"board": board})))
        assert answer["ok"], answer


@FUZZ
@given(st.sampled_from(sorted(SETUPS)), st.lists(REQUESTS, min_size=1, max_size=3))
@example("editor", [{"op": "edit", "action": "set", "field": [], "player": 0, "value": 1}])
def test_the_bridge_answers_every_request_with_json(state: str, requests: list[dict[str, Any]]) -> None:
    setup("fuzz", state)
    for request in requests:
        text = web.call(json.dumps(request))  # raises nothing
        answer = json.loads(text)
        assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool), text[:200]
        if not answer["ok"]:
            assert isinstance(answer["error"], str) and answer["error"], text[:200]
            assert len(answer["error"]) < 2000, answer["error"][:200]  # quoted briefly, not written out whole


@FUZZ
@given(st.sampled_from(sorted(SETUPS)), REQUESTS)
@example("editor", {"op": "edit", "action": "set", "field": [], "player": 0, "value": 1})
@example("editor", {"op": "edit", "action": "set", "field": {}, "player": [], "value": []})
@example("game", {"op": "play", "move": ["7R"], "direction": {}})
def test_the_bridge_raises_only_the_projects_own_errors(state: str, request: dict[str, Any]) -> None:
    setup("inside", state)
    session = web.session_for("inside")
    request.pop("board", None)
    op = request.get("op")
    if op in ("address", "close"):  # answered by web.call itself, fuzzed above
        return
    try:
        answer = web.answer(session, request)
    except OAnQuanError as error:
        assert str(error)
    else:
        assert answer["ok"] is True
        json.dumps(answer)  # what the page gets is JSON


def test_an_edit_with_a_list_for_a_field_is_refused_in_words() -> None:
    """The case of issue 24: ``field: []`` raised ``TypeError: unhashable type: 'list'``."""
    setup("fuzz", "editor")
    answer = json.loads(
        web.call(json.dumps({"op": "edit", "action": "set", "field": [], "player": 0, "value": 1, "board": "fuzz"}))
    )
    assert answer["ok"] is False
    assert "[]" in answer["error"]
