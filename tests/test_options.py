"""One spec for the rule options (RULES §9, issue 41): every surface is made from ``oanquan.rules.OPTIONS``.

Rules' checks, the notebooks' rules form, the terminal game's arguments, the page
address and the rules in words once drifted apart (the form stopped ``max_plies`` at
100,000 where Rules allows 1,000,000); these tests hold each of them to the spec.
"""

from __future__ import annotations

import argparse
from dataclasses import fields
from typing import Any

import pytest

from oanquan import Rules, RulesError, web
from oanquan.__main__ import _rule_options
from oanquan.i18n import words as _
from oanquan.rules import OPTIONS, Option, rules_in_words
from oanquan.widgets import RulesForm

IDS = [spec.name for spec in OPTIONS]


def test_the_spec_is_the_rules_fields_in_order() -> None:
    assert [f.name for f in fields(Rules)] == IDS
    assert Rules().to_dict() == {spec.name: spec.default for spec in OPTIONS}


@pytest.mark.parametrize("spec", OPTIONS, ids=IDS)
def test_rules_take_every_value_the_spec_allows_and_no_other(spec: Option) -> None:
    allowed = list(spec.choices) if spec.choices else [spec.low, spec.high]
    for value in allowed:
        assert getattr(Rules(**{spec.name: value}), spec.name) == value
    refused: list[Any] = ["nothing", True] if spec.choices else [spec.low - 1, spec.high + 1, True, "5"]
    for value in refused:
        with pytest.raises(RulesError) as raised:
            Rules(**{spec.name: value})
        assert raised.value.code in ("bad-option-choice", "bad-option-number")
        assert raised.value.fields["what"] == spec.words


@pytest.mark.parametrize("spec", OPTIONS, ids=IDS)
def test_the_notebook_form_offers_what_the_spec_allows(spec: Option) -> None:
    box = getattr(RulesForm(), spec.name)
    assert box.description == _(spec.label) and box.value == spec.default
    if spec.choices:
        assert sorted(value for _label, value in box.options) == sorted(spec.choices)
    else:
        assert (box.min, box.max) == (spec.low, spec.high)


@pytest.mark.parametrize("spec", OPTIONS, ids=IDS)
def test_the_terminal_game_takes_each_option_as_the_spec_says(spec: Option) -> None:
    parser = _rule_options(True)
    action = next(a for a in parser._actions if a.dest == spec.name)
    assert action.option_strings == ["--" + spec.name.replace("_", "-")] and action.default == spec.default
    assert action.choices == (spec.choices or None) and spec.rule in (action.help or "")
    value = spec.choices[-1] if spec.choices else spec.high
    args = parser.parse_args([action.option_strings[0], str(value)])
    assert getattr(args, spec.name) == value
    assert isinstance(_rule_options(False).parse_args([]), argparse.Namespace)


@pytest.mark.parametrize("spec", OPTIONS, ids=IDS)
def test_the_page_address_reads_each_option(spec: Option) -> None:
    value = spec.choices[-1] if spec.choices else spec.high
    request, notices = web.read_address(f"?{spec.name}={value}")
    assert request == {"options": {spec.name: str(value)}} and notices == []
    session = web.Session()
    assert session.new_game(request)["rules"] == {spec.name: value}


@pytest.mark.parametrize("spec", OPTIONS, ids=IDS)
def test_every_value_other_than_the_default_is_said_in_words(spec: Option) -> None:
    others = [v for v in spec.choices if v != spec.default] if spec.choices else [spec.low, spec.high]
    for value in others:
        if value != spec.default:
            assert rules_in_words(Rules(**{spec.name: value})) != ""
    assert rules_in_words(Rules(**{spec.name: spec.default})) == ""


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"mandarin_pieces": "pebbles"}, "each Mandarin square starts with 10 small pebbles instead of a stone (R2.2)"),
        ({"mandarin_value": 5}, "a Mandarin stone is worth 5 points (R2.2, R8.1)"),
        (
            {"mandarin_gap": "always"},
            "an empty Mandarin square is a gap everywhere, even right after the last pebble (R5.5)",
        ),
        ({"mandarin_gap": "never"}, "an empty Mandarin square is never a gap: a chain stops there (R5.5)"),
        ({"young_mandarin_min": 3}, "a young Mandarin (fewer than 3 pebbles) cannot be captured (R5.6)"),
        ({"max_plies": 40}, "the game ends after 40 plies (R7.3)"),
        ({"max_plies": 0}, "the game has no length limit (R7.3)"),
    ],
)
def test_every_rule_option_has_words(options: dict[str, Any], words: str) -> None:
    assert rules_in_words(Rules.from_dict(options)) == words
