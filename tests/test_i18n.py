"""The engine's words in Vietnamese (issue 15): the catalogues are complete, compiled and used.

The Vietnamese catalogue ``oanquan/locale/vi/LC_MESSAGES/oanquan.po`` is written by hand
and compiled to ``oanquan.mo`` by ``make catalogues`` (Babel). These tests fail when a
message of the code is missing from it, untranslated or fuzzy, when the compiled file is
older than the translations, when a translation loses a placeholder, or when a Vietnamese
caption of real play still shows English words; and they check that English comes back
unchanged.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import string
import subprocess
import sys
import tomllib
import unicodedata
import zipfile
from collections.abc import Iterator
from functools import partial
from operator import attrgetter
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import oanquan
from conftest import ALL_RULES
from conftest import english_words as foreign_words
from oanquan import Position, caption, describe_move, i18n
from oanquan.ai import hint
from oanquan.errors import reader_words
from oanquan.events import Event
from oanquan.puzzles import load_builtin

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "oanquan" / "locale"
PO = LOCALE / "vi" / "LC_MESSAGES" / "oanquan.po"
MO = LOCALE / "vi" / "LC_MESSAGES" / "oanquan.mo"


#: What a caption may show in Latin letters in every language: rule numbers, squares and
#: directions of the notation (R, L, M0, M1), the name of the rule option max_plies, what the
#: reader typed (quoted, as it was typed) and JupyterLab's own menu, which speaks English.
NOTATION = re.compile(
    r"\bR\d+(\.\d+)?[a-z]?\b|\bM[01]\b|\b[LR]\b|\bmax_plies\b|\b\d+[LR]\b|'[^']*'|Run ▸ Run All Cells"
)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    oanquan.set_language("en")


def catalogue() -> list:  # type: ignore[type-arg]
    with PO.open("rb") as handle:
        return [message for message in read_po(handle) if message.id]


def forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    """A message's id or translation as a tuple: the one string, or each form of a plural."""
    return text if isinstance(text, tuple) else (text,)


def fields(text: str) -> set[str]:
    """The placeholders of ``text``: str.format's ``{name}`` and printf's ``%(name)s``."""
    names = {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    return names | set(re.findall(r"%\(\w+\)[sd]", text))


def test_every_message_is_translated_and_not_fuzzy() -> None:
    messages = catalogue()
    assert len(messages) > 50
    for message in messages:
        assert all(s.strip() for s in forms(message.string)), f"untranslated: {message.id!r}"
        assert not message.fuzzy, f"fuzzy (check and confirm the translation): {message.id!r}"


def test_translations_keep_every_placeholder_and_are_nfc() -> None:
    for message in catalogue():
        wanted = set().union(*(fields(i) for i in forms(message.id)))
        for translated in forms(message.string):
            assert fields(translated) == wanted, f"{message.id!r} -> {translated!r}"
            assert unicodedata.normalize("NFC", translated) == translated, f"not NFC: {translated!r}"


def test_translations_keep_the_markup_of_the_pages_templates() -> None:
    """A message of a page's template (book/_static_*/*.html) may hold tags the page's script fills
    (``<b data-name="title"></b>``): the translation keeps each one, exactly as written."""
    tags = re.compile(r"</?\w[^>]*>")
    checked = 0
    for message in catalogue():
        if not any(where.endswith(".html") for where, _line in message.locations):
            continue
        checked += 1
        assert sorted(tags.findall(message.string)) == sorted(tags.findall(message.id)), message.id
    assert checked >= 60


def test_the_compiled_catalogue_is_compiled_from_the_current_translations() -> None:
    import gettext

    with PO.open("rb") as handle:
        fresh = io.BytesIO()
        write_mo(fresh, read_po(handle, locale="vi"))
    fresh.seek(0)
    expected = gettext.GNUTranslations(fresh)
    with MO.open("rb") as handle:
        shipped = gettext.GNUTranslations(handle)
    assert shipped._catalog == expected._catalog, "run `make catalogues` after editing the .po"  # type: ignore[attr-defined]


def i18n_sources() -> list[str]:
    """The files and folders whose words go into the catalogue, as the Makefile names them."""
    for line in (ROOT / "Makefile").read_text(encoding="utf-8").splitlines():
        if line.startswith("I18N_SOURCES := "):
            return line.split(":=", 1)[1].split()
    raise AssertionError("the Makefile names no I18N_SOURCES")


def test_every_message_of_the_code_is_in_the_catalogue(tmp_path: Path) -> None:
    """Re-extract with the project's own Babel configuration and compare the message ids."""
    template = tmp_path / "oanquan.pot"
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        CommandLineInterface().run(
            ["pybabel", "-q", "extract", "-F", "babel.cfg", "-k", "t", "-o", str(template), *i18n_sources()]
        )
    finally:
        os.chdir(cwd)
    with template.open("rb") as handle:
        in_code = {message.id for message in read_po(handle) if message.id}
    in_catalogue = {message.id for message in catalogue()}
    assert in_code - in_catalogue == set(), "run `make catalogues` and translate the new messages"
    assert in_catalogue - in_code == set(), "messages no longer in the code: run `make catalogues`"


def played_events() -> list[Event]:
    """The events of seeded random games under every rule set, enough to show every kind of event."""
    rng = random.Random(15)
    events: list[Event] = []
    for rules in ALL_RULES:
        for _ in range(2):
            position = Position.initial(rules)
            for _ in range(rules.max_plies or 300):
                moves = position.legal_moves()
                if not moves:
                    break
                position, trace = position.play_traced(rng.choice(moves))
                events.extend(trace)
    # R7.2 (the player to move cannot release pebbles) is rare in random play: one game that ends so.
    events.extend(Position.from_text("0,0,0,0,0,0,0,0,0,2 Q,Q 1,1 0,0 0").play_traced("9L")[1])
    return events


EVENTS = played_events()


def test_the_sample_of_play_shows_every_kind_of_caption() -> None:
    kinds = {(e.kind, e.rule if e.kind in ("capture", "mandarin_stop", "game_end") else "") for e in EVENTS}
    wanted = {
        ("borrow", ""), ("refill", ""), ("lift", ""), ("drop", ""), ("relay", ""), ("double_empty", ""),
        ("young_mandarin", ""), ("chain_end", ""), ("sweep", ""), ("repay", ""),
        ("capture", "R5.1"), ("capture", "R5.2"), ("mandarin_stop", "R5.5"), ("mandarin_stop", "R3.4a"),
        ("game_end", "R7.1"), ("game_end", "R7.2"),
    }  # fmt: skip
    assert wanted <= kinds, wanted - kinds


def english_words(text: str) -> set[str]:
    """The words of a Vietnamese reader's text that are not Vietnamese (conftest's allow-list), notation left out."""
    return set(foreign_words(NOTATION.sub(" ", text)))


def test_vietnamese_captions_of_real_play_show_no_english() -> None:
    oanquan.set_language("vi")
    for event in EVENTS:
        text = caption(event)
        assert not english_words(text), f"{text!r} shows {english_words(text)}"
        assert text.split(" — ", 1)[0] == event.rule
    for start in ("5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0", "3,1,1,1,1,0,1,0,0,4 0,Q 20,20+Q 0,0 0"):
        position = Position.from_text(start)
        for move in position.legal_moves():
            summary = describe_move(position.play_traced(move)[1])
            assert not english_words(summary), f"{summary!r} shows {english_words(summary)}"


def test_error_messages_stay_english_and_quote_the_input_whatever_the_language() -> None:
    # issue 41: the message is the programmer's; the reader's words come from the code (reader_words)
    oanquan.set_language("vi")
    with pytest.raises(oanquan.IllegalMoveError) as illegal:
        Position.initial().play("2L")
    assert str(illegal.value).startswith("illegal move '2L' in '5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0'")
    assert reader_words(illegal.value) == "Ô 2 thuộc hàng của người chơi kia."
    with pytest.raises(oanquan.InvalidMoveError) as invalid:
        Position.initial().play("7X")
    assert "'7X'" in str(invalid.value) and english_words(str(invalid.value))
    assert "'7X'" in reader_words(invalid.value) and not english_words(reader_words(invalid.value))
    with pytest.raises(oanquan.PositionFormatError) as bad:
        Position.from_text("5,5 Q,Q 0,0 0,0 0")
    assert "'5,5'" in str(bad.value) and english_words(str(bad.value))
    assert not english_words(reader_words(bad.value))


def test_switching_back_to_english_gives_the_english_words() -> None:
    _, events = Position.initial().play_traced("7R")
    english = [caption(e) for e in events]
    assert english[0] == "R3.3 — Bottom row lifts the 5 pebbles of square 7 and sows them to the right (R)."
    oanquan.set_language("vi")
    assert oanquan.get_language() == "vi"
    vietnamese = [caption(e) for e in events]
    assert vietnamese[0] == "R3.3 — Hàng dưới bốc 5 viên sỏi ở ô 7 và rải sang phải (R)."
    oanquan.set_language("en")
    assert [caption(e) for e in events] == english


def test_set_language_accepts_locale_names_and_refuses_others() -> None:
    for name in ("vi", "VI", "vi_VN.UTF-8", "vi-VN"):
        oanquan.set_language(name)
        assert oanquan.get_language() == "vi"
    with pytest.raises(ValueError, match="unknown language 'klingon'"):
        oanquan.set_language("klingon")
    assert oanquan.get_language() == "vi"  # a refused language changes nothing
    with i18n.language("en"):
        assert i18n._("two empty squares") == "two empty squares"
    assert i18n._("two empty squares") == "hai ô trống"


SCRIPT = "import oanquan; print(oanquan.get_language()); print(oanquan.i18n._('square {square} is empty'))"


@pytest.mark.parametrize(
    ("value", "language", "words", "warning"),
    [
        ("vi_VN.UTF-8", "vi", "ô {square} đang trống", ""),
        ("", "en", "square {square} is empty", ""),
        # an unknown language warns and speaks English
        ("tlh", "en", "square {square} is empty", "OANQUAN_LANG='tlh' is not a language oanquan speaks"),
    ],
)
def test_the_environment_variable_chooses_the_language(value: str, language: str, words: str, warning: str) -> None:
    env = os.environ | {"OANQUAN_LANG": value, "PYTHONPATH": str(ROOT)}
    shown = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    assert shown.stdout.splitlines() == [language, words]
    assert warning in shown.stderr


def test_the_catalogue_ships_in_the_wheel_and_in_the_play_pages_zip(tmp_path: Path) -> None:
    """The Play page loads the package from a zip (tools/build/play.py), the live notebooks from a
    wheel (tools/build/lite.py): both carry the catalogue and the puzzle table."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "locale/*/LC_MESSAGES/*.mo" in data["tool"]["setuptools"]["package-data"]["oanquan"]
    from tools.build.play import package_zip

    archive = tmp_path / "oanquan.zip"
    archive.write_bytes(package_zip())
    in_zip = set(zipfile.ZipFile(archive).namelist())
    assert {"oanquan/locale/vi/LC_MESSAGES/oanquan.mo", "oanquan/locale/vi/puzzles.json"} <= in_zip
    # Imported straight from the zip (zipimport): the catalogue is read through importlib.resources.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"OANQUAN_LANG": "vi"}
    script = (
        f"import sys; sys.path.insert(0, {str(archive)!r}); {SCRIPT}; print(oanquan.__file__); "
        "from oanquan.puzzles import load_builtin; print(load_builtin()[0].title_text)"
    )
    shown = subprocess.run([sys.executable, "-I", "-c", script], env=env, capture_output=True, text=True, check=True)
    lines = shown.stdout.splitlines()
    assert lines[:2] == ["vi", "ô {square} đang trống"] and lines[2].startswith(str(archive))
    assert lines[3] == "Chỉ có ô 2: rải hướng nào để được 5 điểm?"
    # The live notebooks install the wheel that tools/build/lite.py builds.
    from tools.build.lite import SOURCE_DATE_EPOCH, build_project_wheel

    wheel = build_project_wheel(tmp_path / "wheel")
    assert wheel.stat().st_mtime == SOURCE_DATE_EPOCH  # the package index's upload time: the same on every build
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"oanquan/locale/vi/LC_MESSAGES/oanquan.mo", "oanquan/locale/vi/puzzles.json"} <= names


def test_the_puzzle_table_is_complete_and_up_to_date() -> None:
    """Every puzzle has a Vietnamese title made for its current English title, and the explanation
    the engine writes in Vietnamese (tools/build/puzzle_translations.py refreshes the table)."""
    from tools.build.puzzle_translations import build, render, table_path

    stored = table_path("vi").read_text(encoding="utf-8")
    table, missing = build("vi", load_builtin(), json.loads(stored)["puzzles"])
    assert missing == []
    assert render(table) == stored, "run `make catalogues` (python -m tools.build.puzzle_translations)"
    for pid, entry in json.loads(stored)["puzzles"].items():
        for text in (entry["title"], entry["explanation"]):
            assert unicodedata.normalize("NFC", text) == text
            assert not english_words(text), f"{pid}: {text!r} shows {english_words(text)}"


def test_a_puzzle_speaks_vietnamese_from_goal_to_verdict() -> None:
    words_of = attrgetter("title_text", "explanation_text", "goal_text", "theme_name")  # in the language spoken
    puzzles = load_builtin()
    english = [words_of(p) for p in puzzles]
    assert english == [(p.title, p.explanation, p.goal_text, p.theme_name) for p in puzzles]
    oanquan.set_language("vi")
    for puzzle in puzzles:
        for text in (*words_of(puzzle), *puzzle.hint_steps):
            assert text and not english_words(text), f"{puzzle.id}: {text!r} shows {english_words(text)}"
        right, said = puzzle.verdict((puzzle.line or puzzle.solution)[-1], puzzle.steps - 1)  # a line's last move
        assert right and said.endswith(puzzle.explanation_text) and not english_words(said)
        for step in range(puzzle.steps):  # every move of a line is judged in the reader's words
            if step < puzzle.steps - 1:
                right, said = puzzle.verdict(puzzle.step_answer(step)[0], step)
                assert right and said.startswith("Đúng: ") and not english_words(said), said
            position = puzzle.step_position(step)
            wrong = next((m for m in position.legal_moves() if not puzzle.is_solution(m, step)), None)
            if wrong is not None:
                right, said = puzzle.verdict(wrong, step)
                assert not right and said.startswith("Chưa đúng: ") and not english_words(said), said
    oanquan.set_language("en")
    assert [words_of(p) for p in puzzles] == english


def test_the_board_picture_speaks_vietnamese() -> None:
    from oanquan.svg import board_svg, svg_alt_text, trace_frames

    start = Position.from_text("0,1,0,0,0,0,0,0,0,2 Q,3 4,0 0,2 1")
    draw = partial(board_svg, start, last_move="7R", lifted=3, hand=2, direction="L", captured=[1], selected=2)
    english = draw()
    oanquan.set_language("vi")
    picture = draw()
    words = " ".join(re.sub(r"<[^>]+>", " ", picture).split())
    assert not english_words(words), english_words(words)
    assert svg_alt_text(picture).startswith("Bàn Ô Ăn Quan: đến lượt Hàng trên.")
    frames = trace_frames(Position.initial(), Position.initial().play_traced("7R")[1], move="7R")
    assert frames[0].caption == "Bắt đầu: Hàng dưới đi 7R."
    assert all(not english_words(f.caption) for f in frames)
    oanquan.set_language("en")
    assert draw() == english


def test_no_message_hides_inside_an_f_string() -> None:
    """Babel does not look inside f-strings, so a _() there would never reach the catalogue."""
    import ast

    hidden = []
    singular: set[str] = set()  # messages of _() and N_()
    plural: set[str] = set()  # the singular of each ngettext(): gettext() would not find it as a message
    for path in [*sorted((ROOT / "oanquan").glob("*.py")), ROOT / "tools" / "sphinx" / "printables.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Call) and getattr(inner.func, "id", "") in ("_", "N_", "ngettext"):
                        hidden.append(f"{path.name}:{inner.lineno}")
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                name = getattr(node.func, "id", "")
                if name in ("_", "N_"):
                    singular.add(str(node.args[0].value))
                elif name == "ngettext":
                    plural.add(str(node.args[0].value))
    assert hidden == []
    assert singular & plural == set(), "a message used both alone and as the singular of ngettext()"


def widget_labels(widget: object) -> list[str]:
    """Every label, tooltip, placeholder and menu entry of ``widget`` and the widgets inside it."""
    import ipywidgets as widgets

    seen: list[str] = []
    stack = [widget]
    while stack:
        item = stack.pop()
        for name in ("description", "tooltip", "placeholder"):
            value = getattr(item, name, None)
            if isinstance(value, str) and value:
                seen.append(value)
        seen.extend(str(label) for label in getattr(item, "_options_labels", ()))
        seen.extend(str(t) for t in getattr(item, "titles", ()) or () if t)
        stack.extend(child for child in getattr(item, "children", ()) if isinstance(child, widgets.Widget))
    return seen


def test_the_widgets_labels_speak_vietnamese() -> None:
    """The widgets' own words (the controller's messages are not yet translated: issue 15's next step).

    Each label is compared with its English one: a label with English words in it must change.
    """
    from oanquan.widgets import GameBoard, PositionEditor, StepPlayer
    from oanquan.widgets.puzzle import PuzzleWidget

    def make() -> list[object]:
        return [GameBoard(), PuzzleWidget(), PositionEditor(), StepPlayer.from_move(Position.initial(), "7R")]

    english = [widget_labels(w) for w in make()]
    oanquan.set_language("vi")
    built = make()
    vietnamese = [widget_labels(w) for w in built]
    for widget, before, after in zip(built, english, vietnamese, strict=True):
        assert len(before) == len(after) >= 3
        for en, vi in zip(before, after, strict=True):
            words = re.findall(r"[A-Za-z]{3,}", NOTATION.sub(" ", en))
            if set(words) - {"JSON", "RULES"}:
                assert vi != en and not english_words(vi), f"{type(widget).__name__}: {en!r} -> {vi!r}"
    assert "Câu đố 1/" in built[1].heading.value  # type: ignore[attr-defined]
    assert not english_words(re.sub(r"<[^>]+>", " ", built[3].static_html()))  # type: ignore[attr-defined]
    oanquan.set_language("en")
    assert [widget_labels(w) for w in make()] == english


GLOSSARY = LOCALE / "glossary.csv"


def test_the_glossary_is_the_word_list_of_the_translations() -> None:
    """Each English term of the glossary that the messages use is said with its Vietnamese term
    in the translations; and the book's glossary page shows the table."""
    import csv

    with GLOSSARY.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) >= 30
    messages = catalogue()
    english = " ".join(text for m in messages for text in forms(m.id)).lower()
    vietnamese = " ".join(text for m in messages for text in forms(m.string)).lower()
    for row in rows:
        term, viet = row["English"], row["Tiếng Việt"]
        assert unicodedata.normalize("NFC", viet) == viet, viet
        if re.search(rf"\b{re.escape(term.lower())}", english):
            assert viet.lower() in vietnamese, f"{term!r} is in the messages but {viet!r} is in no translation"
    page = (ROOT / "book" / "glossary.md").read_text(encoding="utf-8")
    assert ":file: ../oanquan/locale/glossary.csv" in page


@pytest.mark.parametrize(
    ("bad", "quoted"),
    [
        (lambda: oanquan.Game.from_json('{"mvoes": "7R"}'), "'mvoes'"),
        (lambda: oanquan.Game.from_json("{"), "'{'"),
        (lambda: oanquan.Rules(max_plies=-1), "-1"),
        (lambda: oanquan.Rules.from_dict({"speed": 3}), "'speed'"),
        (lambda: oanquan.Position.from_text("x" * 500), "(500 characters)"),
        (lambda: oanquan.Game.from_record("7R 2L"), "'7R 2L'"),
    ],
)
def test_errors_speak_english_to_the_programmer_and_vietnamese_to_the_reader(bad: object, quoted: str) -> None:
    # issue 41: str(error) is the programmer's English wherever it was raised; a reader's words come
    # from the error's code, in the language spoken
    oanquan.set_language("vi")
    with pytest.raises(oanquan.OAnQuanError) as error:
        bad()  # type: ignore[operator]
    message = str(error.value)
    assert quoted in message and message == english_message(bad) and english_words(message), message
    said = reader_words(error.value)
    assert said and not english_words(said), said


def test_a_long_input_is_cut_in_the_readers_words_too() -> None:
    oanquan.set_language("vi")
    with pytest.raises(oanquan.OAnQuanError) as error:
        oanquan.Position.from_text("x" * 500)
    assert "(500 ký tự)" in reader_words(error.value) and "(500 characters)" in str(error.value)


def english_message(bad: object) -> str:
    """The message ``bad`` raises in English."""
    oanquan.set_language("en")
    try:
        bad()  # type: ignore[operator]
    except oanquan.OAnQuanError as error:
        return str(error)
    finally:
        oanquan.set_language("vi")
    raise AssertionError("nothing was raised")


def test_a_hint_writes_its_numbers_as_the_language_does() -> None:
    # issue 21: "+10.5" and "78.4%" in Vietnamese; Vietnamese writes "10,5" (i18n.decimal)
    position = Position.from_text("1,1,0,0,4,0,2,1,0,2 7,14 13+2Q,5 0,0 1")
    english = hint(position, depth=2).text
    oanquan.set_language("vi")
    vietnamese = hint(position, depth=2).text
    assert "0.5 more than" in english and "0,5 điểm" in vietnamese and not re.search(r"\d\.\d", vietnamese)


def test_a_chapters_own_words_follow_its_language_setting() -> None:
    """In JupyterLab a chapter set to LANGUAGE = "vi" speaks Vietnamese in its own sentences too
    (issue 44): the formatted text is found in the chapter's catalogue and its translation, whose
    placeholders differ here ({len(CHOSEN)} for {plural(...)}), evaluated where the chapter wrote it."""
    from types import SimpleNamespace

    from oanquan.i18n import language
    from oanquan.i18n import words as _

    def plural(n: int, word: str) -> str:
        return f"{n} {word}" + ("" if n == 1 else "s")

    CHOSEN = [SimpleNamespace(difficulty=1), SimpleNamespace(difficulty=4)]  # noqa: N806 (the chapter's name)
    english = _(f"{plural(len(CHOSEN), 'puzzle')}, from difficulty {CHOSEN[0].difficulty} to {CHOSEN[-1].difficulty}.")
    assert english == "2 puzzles, from difficulty 1 to 4."
    with language("vi"):
        said = _(f"{plural(len(CHOSEN), 'puzzle')}, from difficulty {CHOSEN[0].difficulty} to {CHOSEN[-1].difficulty}.")
        assert said == "2 câu đố, độ khó từ 1 đến 4."
        assert _("a sentence no chapter has") == "a sentence no chapter has"
