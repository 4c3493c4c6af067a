"""The board pictures of oanquan.svg: layout (RULES §1), contents, highlights, ids, golden file.

The golden picture of the opening is ``tests/golden/opening.svg``. After a
deliberate change to the drawing, regenerate it with
``OANQUAN_UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_svg.py -k golden``,
look at it (for example ``rsvg-convert -w 640 tests/golden/opening.svg -o /tmp/opening.png``)
and review the diff before committing.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from oanquan import M0, M1, Position, Rules
from oanquan.board import next_square, row_of
from oanquan.narrate import outcome_words, row_names, winner_words
from oanquan.scene import describe_position
from oanquan.svg import (
    _FOOTER_Y,
    COLOURS,
    FOOTER_CHARS,
    MAX_DRAWN,
    board_svg,
    position_text_svg,
    screen_direction,
    square_centre,
    svg_alt_text,
    trace_frames,
)

GOLDEN = Path(__file__).parent / "golden" / "opening.svg"
NS = {"s": "http://www.w3.org/2000/svg"}
SAMPLE = "0,1,0,0,12,0,0,20,0,2 Q+3,3 4+Q,0 0,2 1"
#: A finished game (R7.1): 34 to 36 after the sweep.
FINISHED = "3,0,0,0,0,4,0,0,0,0 0,0 30,33 0,0 1"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in parse(svg).iter("{http://www.w3.org/2000/svg}text")]


def footer_lines(svg: str) -> list[ET.Element]:
    """The footer's lines, a text element each: the highlights (and the outcome) in words."""
    baselines = {str(y) for y in _FOOTER_Y}
    return [t for t in parse(svg).iter("{http://www.w3.org/2000/svg}text") if t.get("y") in baselines]


def footer(svg: str) -> str:
    """The footer, its lines joined (they break between the " · " items when they can)."""
    return " · ".join(line.text or "" for line in footer_lines(svg))


def pebble_count(svg: str) -> int:
    """Pebbles drawn: the dots (zero-length round-capped segments) of the path in the pebble colour."""
    paths = [p for p in parse(svg).iter("{http://www.w3.org/2000/svg}path") if p.get("stroke") == COLOURS["pebble"]]
    if not paths:
        return 0
    assert len(paths) == 1
    return len(re.findall(r"M[\d.]+ [\d.]+h0", paths[0].get("d", "")))


def stones_drawn(svg: str) -> int:
    return sum(1 for e in parse(svg).iter("{http://www.w3.org/2000/svg}ellipse") if e.get("fill") == COLOURS["stone"])


def outlines(svg: str, colour: str) -> list[ET.Element]:
    """Highlight frames (rects and paths) stroked in ``colour``."""
    return [e for e in parse(svg).iter() if e.tag.endswith(("rect", "path")) and e.get("stroke") == colour]


# ---------------------------------------------------------------- structure


def test_svg_parses_as_xml_and_scales_to_its_container() -> None:
    root = parse(board_svg(Position.initial()))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 600 442"
    assert root.get("width") == "100%"
    assert root.get("role") == "img"


def font_sizes(svg: str) -> list[tuple[str, float]]:
    """Every text and its font size in viewBox units, inherited from its ancestors (SVG's default is 16)."""
    sizes: list[tuple[str, float]] = []

    def walk(element: ET.Element, size: float) -> None:
        size = float(element.get("font-size", size))
        if element.tag.endswith("}text"):
            sizes.append((element.text or "", size))
        for child in element:
            walk(child, size)

    walk(parse(svg), 16)
    return sizes


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"last_move": "4R", "direction": "L", "hand": 13, "received": 2, "captured": [M0]},
        {"lifted": M1, "hand": 3, "selectable": [5, 6], "selected": 6, "note": "a note"},
    ],
)
def test_every_text_is_readable_on_a_320_pixel_phone(options: dict[str, object]) -> None:
    # A 320 px phone shows the board about 280 px wide: every text must still be 11 px or more.
    svg = board_svg(Position.from_text(SAMPLE), **options)  # type: ignore[arg-type]
    width = float(parse(svg).get("viewBox", "").split()[2])
    sizes = font_sizes(svg)
    assert len(sizes) > 20
    small = {text: size * 280 / width for text, size in sizes if size * 280 / width < 11}
    assert not small, f"too small at 280 px wide (px): {small}"


def test_title_and_desc_describe_the_position_for_screen_readers() -> None:
    p = Position.from_text(SAMPLE)
    root = parse(board_svg(p, id_prefix="x"))
    title = root.find("s:title", NS)
    desc = root.find("s:desc", NS)
    assert title is not None and desc is not None
    assert root.get("aria-labelledby") == "x-title x-desc"
    assert title.get("id") == "x-title" and desc.get("id") == "x-desc"
    assert title.text == "Ô Ăn Quan board: Top row to move"
    assert desc.text == describe_position(p)
    assert "squares 4 3 2 1 0: 12, 0, 0, 1, 0" in desc.text
    assert "Mandarin square M0 (right): the Mandarin stone and 3 pebbles" in desc.text
    assert "owes 2" in desc.text


def test_layout_follows_rules_section_1() -> None:
    # Player 1's row on top reading 4 3 2 1 0, player 0's below reading 5..9, M1 left, M0 right.
    top = [square_centre(s) for s in (4, 3, 2, 1, 0)]
    bottom = [square_centre(s) for s in (5, 6, 7, 8, 9)]
    assert [x for x, _ in top] == sorted(x for x, _ in top) == [x for x, _ in bottom]
    assert {y for _, y in top} == {146} and {y for _, y in bottom} == {226}
    assert square_centre(M1)[0] < top[0][0] and square_centre(M0)[0] > top[-1][0]


@pytest.mark.parametrize("direction", ["L", "R"])
def test_screen_direction_matches_the_ring(direction: str) -> None:
    # R1.3: following next_square along a row moves the way the arrows say.
    for row in (0, 1):
        way = screen_direction(row, direction)  # type: ignore[arg-type]
        for square in row_of(row):
            after = next_square(square, direction)  # type: ignore[arg-type]
            if after < 10:
                dx = square_centre(after)[0] - square_centre(square)[0]
                assert (dx > 0) == (way == "right"), (row, square)


# ----------------------------------------------------------------- contents


def test_counts_and_square_numbers_are_written() -> None:
    p = Position.from_text(SAMPLE)
    words = texts(board_svg(p))
    assert {*(str(square) for square in range(10)), "M0", "M1"} <= set(words)  # every square's name
    assert {str(p.count(square)) for square in range(12)} <= set(words)  # and every count
    assert "Bottom row · 16 points" in words  # 4 pebbles + a stone worth 10 (R8.1) + the 2 player 1 owes (R8.2)
    assert "captured: 4 pebbles + 1 stone" in words and "is owed 2" in words and "owes 2" in words
    assert "Top row · -2 points" in words and "captured: 0 pebbles" in words  # 0 captured - 2 owed


def test_a_long_store_line_with_a_debt_says_stone_for_short() -> None:
    words = texts(board_svg(Position.from_text("0,1,0,0,1,0,0,2,0,2 3,3 14+Q,24+Q 0,0 1")))
    assert "captured: 14 pebbles + 1 Mandarin stone" in words  # no debt: room for the whole words
    words = texts(board_svg(Position.from_text("0,1,0,0,1,0,0,2,0,2 3,3 14+Q,24+Q 0,12 1")))
    assert "captured: 24 pebbles + 1 stone" in words and "owes 12" in words
    assert "captured: 14 pebbles + 1 stone" in words and "is owed 12" in words


def test_pebbles_are_drawn_up_to_the_limit() -> None:
    p = Position.from_text(SAMPLE)
    expected = sum(min(p.count(s), MAX_DRAWN) for s in range(12))
    assert pebble_count(board_svg(p)) == expected
    assert pebble_count(board_svg(Position.initial())) == 50
    assert pebble_count(board_svg(Position([0] * 12, (True, True), (30, 20)))) == 0


def test_a_mandarin_stone_is_drawn_only_where_there_is_one() -> None:
    assert stones_drawn(board_svg(Position.initial())) == 2
    assert stones_drawn(board_svg(Position.from_text(SAMPLE))) == 1
    assert stones_drawn(board_svg(Position.initial(Rules(mandarin_pieces="pebbles")))) == 0


def test_whose_turn_is_marked_and_the_outcome_replaces_it() -> None:
    assert "to move" in texts(board_svg(Position.initial()))
    finished = Position.from_text(FINISHED)
    rows = row_names()
    svg = board_svg(finished, names=rows)
    assert "to move" not in " ".join(texts(svg))
    outcome = finished.outcome()
    assert outcome is not None
    assert footer(svg) == f"game over: {winner_words(outcome.winner, outcome.scores, rows)} (R7.1)"
    root = parse(svg)
    title, desc = root.find("s:title", NS), root.find("s:desc", NS)
    assert title is not None and desc is not None
    said = outcome_words(outcome, rows)  # "Top row wins 36-34: …", as the view-model names the players
    assert said.startswith("Top row wins 36-34") and said in (title.text or "") and said in (desc.text or "")


# --------------------------------------------------------------- highlights


def test_no_highlight_unless_asked() -> None:
    svg = board_svg(Position.initial())
    for role in ("lifted", "received", "captured", "selectable", "focus"):
        assert not outlines(svg, COLOURS[role]), role
    assert COLOURS["direction"] not in svg and COLOURS["hand"] not in svg


def test_lifted_received_and_captured_squares_are_framed() -> None:
    svg = board_svg(Position.initial(), lifted=7, received=(8, M0), captured=[M1, 2])
    assert len(outlines(svg, COLOURS["lifted"])) == 1
    assert len(outlines(svg, COLOURS["received"])) == 2
    captured = outlines(svg, COLOURS["captured"])
    assert len(captured) == 2 and all(e.get("stroke-dasharray") for e in captured)
    assert footer(svg) == "lifted 7 · dropped in 8, M0 · captured M1, 2"


def test_the_hand_badge_shows_the_pebbles_left() -> None:
    svg = board_svg(Position.initial(), received=3, hand=4)
    badge = [c for c in parse(svg).iter("{http://www.w3.org/2000/svg}rect") if c.get("fill") == COLOURS["hand"]]
    assert len(badge) == 1
    assert "4" in texts(svg) and "4 in hand" in footer(svg)
    two_digits = board_svg(Position.initial(), received=3, hand=12)
    wide = [c for c in parse(two_digits).iter() if c.get("fill") == COLOURS["hand"]]
    assert float(wide[0].get("width", 0)) > float(badge[0].get("width", 0))  # room for two digits


def test_direction_arrows_point_the_way_of_sowing() -> None:
    right = board_svg(Position.initial(), direction="R")
    left = board_svg(Position.initial(), direction="L")
    assert COLOURS["direction"] in right and right != left
    assert "sowing R" in footer(right) and "sowing L" in footer(left)


def test_last_move_circles_its_square_and_is_named() -> None:
    svg = board_svg(Position.initial().play("7R"), last_move="7R")
    assert "last move: 7R" in texts(svg)
    circled = [c for c in parse(svg).iter("{http://www.w3.org/2000/svg}circle") if c.get("r") == "16"]
    assert len(circled) == 1 and circled[0].get("cx") == str(square_centre(7)[0])


def test_selectable_and_selected_squares() -> None:
    svg = board_svg(Position.initial(), selectable=range(5, 10), selected=6)
    assert len(outlines(svg, COLOURS["selectable"])) == 5
    assert "square 6 chosen" in footer(svg)


# ----------------------------------------------------------- ids and escaping


def test_ids_are_stable_and_differ_between_pictures() -> None:
    a = board_svg(Position.initial())
    assert a == board_svg(Position.initial())
    ids = re.findall(r' id="([^"]+)"', a)
    assert ids and all(re.fullmatch(r"oaq-[0-9a-f]{10}-(title|desc)", i) for i in ids)
    b = board_svg(Position.initial(), lifted=5)
    assert set(ids).isdisjoint(re.findall(r' id="([^"]+)"', b))


def test_id_prefix_is_used_and_checked() -> None:
    assert 'id="board-2-title"' in board_svg(Position.initial(), id_prefix="board-2")
    with pytest.raises(ValueError, match="id_prefix"):
        board_svg(Position.initial(), id_prefix='x" onload="alert(1)')


def test_text_is_escaped() -> None:
    svg = board_svg(Position.initial(), note="<script>alert('&')</script>", title="a < b & c")
    assert "<script>" not in svg
    root = parse(svg)  # still well-formed XML
    assert root.find("s:title", NS).text == "a < b & c"  # type: ignore[union-attr]
    assert "<script>alert('&')</script>" in footer(svg)


def test_position_draws_itself_in_a_notebook() -> None:
    p = Position.from_text(SAMPLE)
    assert p._repr_svg_() == board_svg(p)


# ------------------------------------------------------------------- frames


def test_one_frame_per_event_plus_the_start() -> None:
    start = Position.initial()
    after, events = start.play_traced("7R")
    frames = trace_frames(start, events, move="7R")
    assert len(frames) == len(events) + 1
    assert frames[0].position == start and frames[0].event is None
    assert [f.event for f in frames[1:]] == list(events)
    assert all(f.caption.startswith(e.rule + " — ") for f, e in zip(frames[1:], events, strict=True))
    assert frames[-1].position.pebbles == after.pebbles


def test_frames_highlight_what_each_event_does() -> None:
    start = Position.initial()
    _, events = start.play_traced("7R")
    frames = trace_frames(start, events)
    lift = frames[1]
    assert lift.event is not None and lift.event.kind == "lift"
    assert outlines(lift.svg, COLOURS["lifted"]) and "5 in hand" in footer(lift.svg)
    drop = frames[2]
    assert footer(drop.svg) == "dropped in 8 · 4 in hand · sowing R"
    capture = next(f for f in frames if f.event is not None and f.event.kind == "capture")
    assert "captured 8" in footer(capture.svg)
    assert "captured 8" in footer(frames[-1].svg)  # still marked when the turn ends


def test_a_chain_keeps_every_captured_square_marked() -> None:
    # R5.2: 4 sows into M1; 5 is empty, so capture 6; 7 is empty, so capture 8; 9 is full: the chain ends.
    start = Position.from_text("0,0,0,0,1,0,2,0,3,4 Q,0 0,0 0,0 1")
    _, events = start.play_traced("4R")
    frames = trace_frames(start, events)
    assert [e.kind for e in events] == ["lift", "drop", "capture", "capture", "chain_end"]
    assert len(outlines(frames[-1].svg, COLOURS["captured"])) == 2


def test_a_long_footer_wraps_onto_two_lines() -> None:
    finished = Position.from_text(FINISHED)
    svg = board_svg(finished, last_move="7R", captured=[M0, M1], names=("Bottom row", "Top row"))
    lines = [line.text or "" for line in footer_lines(svg)]
    assert lines == ["last move: 7R · captured M0, M1", "game over: Top row wins 36-34 (R7.1)"]
    assert all(len(line) <= FOOTER_CHARS for line in lines)


def test_a_footer_too_long_for_two_lines_is_squeezed_not_cut() -> None:
    note = "a note much longer than the board is wide, " * 3
    lines = footer_lines(board_svg(Position.initial(), note=note.strip(), last_move="7R"))
    assert len(lines) == 2 and " ".join(t.text or "" for t in lines).endswith("last move: 7R")
    assert lines[0].get("textLength") is None and lines[1].get("textLength") == "572"


def test_game_end_frames() -> None:
    # 7R drops into 8; 9 is empty, so M0 is captured: both Mandarin squares are empty (R7.1).
    start = Position.from_text("0,0,0,0,0,0,0,1,0,0 1,0 30,38 0,0 0")
    _after, events = start.play_traced("7R")
    frames = trace_frames(start, events)
    assert [f.event.kind for f in frames[-3:] if f.event is not None] == ["game_end", "sweep", "sweep"]
    assert "wins" in footer(frames[-1].svg)


def test_the_result_appears_only_once_the_sweep_is_shown() -> None:
    """The end of the game (R7.1) comes before the sweep (R7.4): its picture shows no result, no final score."""
    start = Position.from_text("0,0,0,0,2,0,0,1,0,3 0,Q 30+Q,20 0,0 0")  # 7L takes M1: both Mandarins empty
    _after, events = start.play_traced("7L")
    frames = {f.event.kind: f for f in trace_frames(start, events) if f.event is not None}
    ended = frames["game_end"].svg
    assert "game over" not in footer(ended) and "wins" not in svg_alt_text(ended)
    # what they have captured so far, said to be before the sweep; nobody to move
    assert "Bottom row · 50 points before the sweep" in texts(ended) and "to move" not in texts(ended)
    assert "game over: Bottom row wins 54-22 (R7.1)" in footer(frames["sweep"].svg)


def test_the_swept_pebbles_are_counted_as_swept_not_captured() -> None:
    """After the sweep the stores hold the rows' pebbles, but the strips still say where the points came from."""
    start = Position.from_text("0,0,0,0,2,0,0,1,0,3 0,Q 30+Q,20 0,0 0")
    _after, events = start.play_traced("7L")
    swept = [e for e in events if e.kind == "sweep"][-1]
    assert swept.position.stores == (34, 22)  # both rows taken in (R7.4)
    shown = texts(trace_frames(start, events)[-1].svg)
    # "30 captured + 2 stones (20) + 4 from their row" is too long for the strip: its short sum instead,
    # and the other strip says its sum the same way (a tryout read "20 captured + 2 from their row"
    # under "41 + 20 (2 stones) + 2 (row)" as two different counts)
    assert "30 + 20 (2 stones) + 4 (row)" in shown
    assert "20 + 2 (row)" in shown and "20 captured + 2 from their row" not in shown


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_a_final_score_is_never_squeezed_sideways(lang: str) -> None:
    """Issue 46: the end-of-game sum was squeezed to the strip's width, unreadable on a phone; a long sum
    is said in its short form, in both languages, and keeps the glyphs' own width."""
    from oanquan.i18n import language

    final = Position.from_text("0,0,0,0,0,0,0,0,0,0 0,0 29+2Q,15 0,5 1")
    with language(lang):
        svg = board_svg(final)
        words = texts(svg)
    assert final.outcome() is not None
    squeezed = [e.text for e in parse(svg).iter() if e.get("textLength") is not None]
    assert squeezed == []
    assert any(word.startswith("29 + 20 (2") for word in words), words


# ------------------------------------------------------------------- golden


def test_golden_opening_svg() -> None:
    svg = board_svg(Position.initial()) + "\n"
    if os.environ.get("OANQUAN_UPDATE_GOLDEN"):
        GOLDEN.write_text(svg, encoding="utf-8")
    assert GOLDEN.read_text(encoding="utf-8") == svg, (
        "the opening picture changed: if on purpose, regenerate tests/golden/opening.svg (see this module's docstring)"
    )


# ------------------------------------------------------------------ figures for notebooks


def test_a_figure_is_an_img_of_the_board_that_an_untrusted_notebook_keeps() -> None:
    import base64
    import html as html_module

    from oanquan.svg import figure, figure_html, picture_html

    svg = board_svg(Position.initial(), id_prefix="fig", selectable=(5, 6))
    html = figure_html(Position.initial(), "Caption <b>&</b>", "fig", selectable=(5, 6))
    assert "<svg" not in html  # JupyterLab's sanitizer drops inline SVG in an untrusted notebook
    data = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', html)
    assert data is not None and base64.b64decode(data.group(1)).decode("utf-8") == svg
    alt = html_module.unescape(re.search(r'alt="([^"]*)"', html).group(1))  # type: ignore[union-attr]
    assert alt.startswith("Ô Ăn Quan board: Bottom row to move. Top row, squares 4 3 2 1 0")
    assert "\n" not in alt and "<" not in html_module.escape(alt)
    assert '<figure class="oq-figure" id="fig"' in html
    assert "<figcaption>Caption &lt;b&gt;&amp;&lt;/b&gt;</figcaption>" in html
    compact = figure_html(Position.initial(), "x", compact=True)
    assert 'class="oq-figure oq-compact"' in compact and "max-width:440px" in compact and " id=" not in compact
    shown = figure(Position.initial(), "Caption", "fig")
    assert shown._repr_html_() == figure_html(Position.initial(), "Caption", "fig") and repr(shown) == (
        "Figure('fig', 'Caption')"
    )
    assert picture_html(svg, alt="my words").count('alt="my words"') == 1
    with pytest.raises(ValueError, match="needs a position or an svg"):
        figure_html(None, "nothing")


def test_a_position_shows_itself_as_html_too() -> None:
    html = Position.initial()._repr_html_()
    assert html.startswith('<img src="data:image/svg+xml;base64,') and "<svg" not in html


def test_a_finished_game_shows_its_final_scores_unless_an_exercise_asks_for_them() -> None:
    """The strips show the final score and its parts at the end (R7.4, R8); ``result=False`` hides all of it."""
    p = Position.from_text(FINISHED)
    shown = texts(board_svg(p))
    assert "Bottom row · 34 points" in shown and "30 captured + 4 from their row" in shown
    assert "Top row · 36 points" in shown and "to move" not in shown
    hidden = board_svg(p, result=False)
    words = texts(hidden)
    assert "Bottom row · 30 points before the sweep" in words and "captured: 30 pebbles" in words
    assert not any("34" in w or "36" in w or "game over" in w or "to move" in w for w in words)
    assert "36" not in svg_alt_text(hidden) and "wins" not in svg_alt_text(hidden)


def test_a_picture_during_a_move_says_the_mover_is_playing_in_its_title_and_description() -> None:
    # the strip says "playing" during a move: the words for screen readers say the same (issue 25)
    playing = board_svg(Position.initial(), turn="playing")
    assert "Ô Ăn Quan board: Bottom row is playing</title>" in playing and "Bottom row is playing." in playing
    assert "to move" not in playing.split("</desc>")[0]
    played = board_svg(Position.initial(), turn="played")
    assert "Top row to move</title>" in played and "Top row to move." in played


def _badges(svg: str) -> dict[str, list[tuple[float, float]]]:
    """The numbered circles of a labelled picture: number -> the (x, y) of each."""
    found: dict[str, list[tuple[float, float]]] = {}
    for x, y, number in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="16"[^>]*/><text[^>]*>(\d)</text>', svg):
        found.setdefault(number, []).append((float(x), float(y)))
    return found


def test_the_labelled_position_text_names_each_field_where_the_board_shows_it() -> None:
    """RULES §10's five fields, numbered over the text and beside what they describe on the board."""
    position = Position.from_text("2,0,0,9,0,0,8,8,1,8 Q+3,2 1+Q,8 0,3 0")
    svg = position_text_svg(position, id_prefix="parts")
    parse(svg)  # well-formed
    spans = re.findall(r"<tspan[^>]*>([^<]*)</tspan>", svg)
    assert spans == position.to_text().split(" ")
    words = texts(svg)
    for name in ("squares 0 to 9", "M0, then M1", "stores", "debts", "player to move"):
        assert name in words
    badges = _badges(svg)
    width = float(re.search(r'viewBox="0 0 (\d+)', svg)[1])  # type: ignore[index]
    # the text's numbers lie under their fields, in order from left to right
    over_text = [min(badges[str(n)], key=lambda b: b[1]) for n in range(1, 6)]
    assert [x for x, _y in over_text] == sorted(x for x, _y in over_text)
    # 2 (the Mandarins) on both ends; 1 (the squares) by square 0, on the right of the top row
    mandarins = sorted(x for x, y in badges["2"] if y > 100)
    assert mandarins[0] < 44 and mandarins[-1] > width - 44
    assert max(x for x, y in badges["1"] if y > 100) > width / 2

    # 5 (the player to move) beside the mover's strip: below the board for player 0, above it for player 1
    def on_board(found: list[tuple[float, float]]) -> list[float]:
        return [y for _x, y in found if 90 < y < 470]  # below the text, above the legend

    other = position_text_svg(Position.from_text("2,0,0,9,0,0,8,8,1,8 Q+3,2 1+Q,8 0,3 1"), id_prefix="parts")
    assert on_board(badges["5"])[0] > 300 > on_board(_badges(other)["5"])[0]
    assert "The parts of the position text 2,0,0,9,0,0,8,8,1,8 Q+3,2 1+Q,8 0,3 0" in svg


def test_a_finished_game_s_board_shows_the_rows_taken_as_its_scores_count_them() -> None:
    """A tryout on the Play page: the final board showed two pebbles on the computer's row that its
    63 points already counted (R7.4), so a pupil counting the board found 72 of the 70. With the
    result shown, the rows are drawn taken into the stores; the pictures of the sweep itself
    (``taken=False``, as ``event_highlights`` gives them) still take them row by row."""
    from oanquan import Game
    from oanquan.scene import board_scene, event_highlights

    record = "5R 2R 5R 1L 8R 0L 7R 1L 5L 4R 6L 0L 8R 1R 5R 4L 6L 3L 5R 2R"
    game = Game.from_record(record)
    final = game.position
    outcome = game.outcome()
    assert outcome is not None and sum(final.pebbles[0:5]) == 2  # left on the top row
    scene = board_scene(final, turn="over")
    assert [square.pebbles for square in scene.squares] == [0] * 12
    assert scene.strips[1].heading.endswith("63 points") and "+ 2 (row)" in scene.strips[1].detail
    # without the result (an exercise), the board is as the game left it
    assert sum(sq.pebbles for sq in board_scene(final, result=False).squares) == 2
    # the sweep's own pictures: the first still shows the row the second takes
    _after, events = Game.from_record(record.rsplit(" ", 1)[0]).position.play_traced("2R")
    sweeps = [e for e in events if e.kind == "sweep"]
    first = board_scene(sweeps[0].position, **event_highlights(sweeps[0]))
    assert sum(square.pebbles for square in first.squares) == 2
