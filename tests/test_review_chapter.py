"""Chapter 8's review of its sample game on the built site, in headless Chromium, with no kernel (issue 43).

The chapter's page has no Python behind it: what it shows of the review is the notebook's stored
output, the ReviewWidget's state that the page's widget manager draws. The test finds the
summary, the graph, every move with its label, and the blunder's position with the better move
marked, all as CPython reviews the same game in the edition's language; then picks another move
in the list and sees its position and words instead (the widget's jslinks, in the browser alone).
Any page error, failed request or request to another host fails the test.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from conftest import record_problems
from oanquan import Game
from oanquan.ai import player_for_level
from oanquan.i18n import _, language
from oanquan.narrate import row_names
from oanquan.review import Review, label_words, move_words, review
from oanquan.widgets.review import MARKS
from tools.testing.localsite import chromium

pytestmark = pytest.mark.browser

#: The ReviewWidget on the page: the one list of moves (ipywidgets' Select) in the chapter.
MOVES = ".widget-select select"


def sample_game() -> Game:
    """The chapter's sample game: level 4 (bottom row) against level 2 (top row), seed 0."""
    players = {0: player_for_level(4, seed=0), 1: player_for_level(2, seed=0)}
    game = Game()
    while game.outcome() is None:
        game.play(players[game.position.to_move].choose(game.position))
    return game


def shown_text(page: Any, selector: str) -> str:
    """The text of the elements of ``selector`` that are on show (a Stack's other pages are hidden)."""
    return str(
        page.evaluate(
            "s => Array.from(document.querySelectorAll(s)).filter(e => e.getClientRects().length)"
            ".map(e => e.textContent).join('\\n')",
            selector,
        )
    )


def option_label(r: Review, ply: int, names: tuple[str, ...]) -> str:
    m = r.moves[ply]
    mark = f" {MARKS[m.label]}" if MARKS[m.label] else ""
    return f"{m.number}. {names[m.player]}: {m.move} — {label_words(m.label)}{mark}"


@pytest.mark.parametrize("edition", ["", "vi"], ids=["english", "vietnamese"])
def test_chapter_8_shows_the_review_of_its_game_and_picks_a_move_with_no_kernel(site_url: str, edition: str) -> None:
    game = sample_game()
    with language(edition or "en"):
        names = row_names()
        r = review(game)
        labels = [option_label(r, m.ply, names) for m in r.moves]
        summary = r.summary(names).splitlines()
        worst = max(r.moves, key=lambda m: m.lost)
        other = next(m for m in r.moves if m.lost > 0 and m is not worst)
        said = {m.ply: move_words(r, m, names) for m in (worst, other)}
        note = {m.ply: _("Better: {best} (played: {move})").format(best=m.best, move=m.move) for m in (worst, other)}
    assert worst.label == "blunder"
    with chromium() as browser:
        context = browser.new_context(viewport={"width": 1100, "height": 1000}, service_workers="block")
        page = context.new_page()
        problems: list[str] = []
        record_problems(page, problems)
        host = urlsplit(site_url).netloc

        def check_host(request: Any) -> None:
            parts = urlsplit(request.url)
            if parts.scheme not in ("data", "blob") and parts.netloc != host:
                problems.append(f"request to another host: {request.url}")

        context.on("request", check_host)
        page.goto(f"{site_url}{edition + '/' if edition else ''}notebooks/08_play_the_computer.html")
        page.wait_for_selector(MOVES, timeout=60_000)
        select = page.locator(MOVES)
        assert select.count() == 1
        # (the widget manager writes the options' spaces as no-break spaces)
        assert [o.replace("\xa0", " ").strip() for o in select.locator("option").all_inner_texts()] == labels
        # it opens on the blunder: its position with the better move marked, and what went wrong
        assert select.evaluate("s => s.selectedIndex") == worst.ply
        widget = page.locator(".oaq-widget", has=select)
        text = widget.inner_text()
        for line in summary:
            assert line in text
        assert note[worst.ply] in shown_text(page, ".oaq-widget svg text")
        assert said[worst.ply] in shown_text(page, ".oaq-widget p")
        graphs = widget.locator("svg[role=img]:visible")
        assert graphs.count() == 2  # the graph and the board of the move picked
        # another move, picked in the browser: its position and words, the graph's mark moved
        line_before = page.evaluate(
            "() => Array.from(document.querySelectorAll('.oaq-widget line[stroke-dasharray=\"1 3\"]'))"
            ".filter(e => e.getClientRects().length).map(e => e.getAttribute('x1'))"
        )
        select.select_option(index=other.ply)
        page.wait_for_function(
            "s => Array.from(document.querySelectorAll('.oaq-widget p')).some(p => p.getClientRects().length"
            " && p.textContent === s)",
            arg=said[other.ply],
        )
        assert said[worst.ply] not in shown_text(page, ".oaq-widget p")
        line_after = page.evaluate(
            "() => Array.from(document.querySelectorAll('.oaq-widget line[stroke-dasharray=\"1 3\"]'))"
            ".filter(e => e.getClientRects().length).map(e => e.getAttribute('x1'))"
        )
        assert len(line_before) == len(line_after) == 1 and line_before != line_after
        assert note[other.ply] in shown_text(page, ".oaq-widget svg text")
        assert note[worst.ply] not in shown_text(page, ".oaq-widget svg text")
        context.close()
    assert problems == []
