"""The website's board filled from scene data shows what the Python renderer draws (issue 41).

The pages hold one board drawn at build time (:func:`oanquan.web.picture`, ``svg.render`` with
``fillable``) and ``book/_static_play/board-view.js`` fills it from each answer's scene
(:func:`oanquan.web.wire`). Here, in headless Chromium, the page's own ``fill`` takes the board
through every frame of whole games (captures, relays, debts, hands of two digits, the game's
end with its final scores, both languages) and after each one the board must be, element for
element, the board the renderer draws for that scene. No built site is needed.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from scenes import expand

from oanquan.i18n import language
from oanquan.web import Session, picture

pytestmark = pytest.mark.browser

BOARD_VIEW = Path(__file__).resolve().parent.parent / "book" / "_static_play" / "board-view.js"


def canonical(markup: str, words: bool = True) -> list[tuple[str, tuple[tuple[str, str], ...], str]]:
    """An SVG as what it shows: its elements in order, each with its sorted attributes and its text
    (the order of attributes is not seen), a hidden one as only its tag and its ``data-`` hooks
    (what it held when last shown is not seen either). Without ``words``, less what a screen
    reader says (the titles, the description and the squares' names), which a move's frames do
    not carry."""
    shown: list[tuple[str, tuple[tuple[str, str], ...], str]] = []

    def walk(element: ET.Element) -> None:
        tag = element.tag.split("}")[-1]
        if element.get("display") == "none":
            hooks = {k: v for k, v in element.attrib.items() if k.startswith("data-") or k == "display"}
            shown.append((tag, tuple(sorted(hooks.items())), ""))
            return
        attributes = {k: v for k, v in element.attrib.items() if words or k != "aria-label"}
        text = "" if not words and tag in ("title", "desc") else (element.text or "").strip()
        shown.append((tag, tuple(sorted(attributes.items())), text))
        for child in element:
            walk(child)

    walk(ET.fromstring(markup))
    return shown


def scenes(lang: str, games: int, seed: int) -> Iterator[dict[str, Any]]:
    """Every scene the page is sent over ``games`` random games between friends: boards and frames."""
    rng = random.Random(seed)
    with language(lang):
        for _game in range(games):
            session = Session()
            view = session.new_game({"opponent": "friend", "options": {"mandarin_value": 20}})
            yield view["scene"]
            while not view["over"]:
                view = session.play({"move": rng.choice(view["legal"])})
                yield from (frame["scene"] for frame in expand(view["frames"]))
                yield view["scene"]
                if rng.random() < 0.2 and view["legal"]:  # a square chosen: its marks
                    yield session.act({"op": "click", "square": int(view["legal"][0][:-1])})["scene"]


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<!doctype html><html><body><div id=board></div></body></html>")
    source = BOARD_VIEW.read_text("utf-8") + "\nwindow.__fill = fill;\n"
    page.add_script_tag(content=source, type="module")
    page.wait_for_function("typeof window.__fill === 'function'")
    yield page
    context.close()


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_page_fills_its_board_as_the_renderer_draws_each_scene(page: Any, lang: str) -> None:
    shown = list(scenes(lang, games=3, seed=5))
    assert len(shown) > 200
    assert any(scene.get("h") and scene["h"][0] >= 10 for scene in shown)  # a hand of two digits
    assert any(scene["s"][0][1].count("+") >= 2 for scene in shown)  # a final score's sum
    with language(lang):
        page.evaluate("(svg) => { document.getElementById('board').innerHTML = svg; }", picture(shown[0]))
        filled = page.evaluate(
            """(scenes) => scenes.map((scene) => {
                const svg = document.querySelector('#board svg');
                window.__fill(svg, scene);
                return new XMLSerializer().serializeToString(svg);
            })""",
            json.loads(json.dumps(shown)),
        )
        for scene, markup in zip(shown, filled, strict=True):
            # a frame has no words of its own for a screen reader (the board keeps the last ones)
            words = "title" in scene
            assert canonical(markup, words) == canonical(picture(scene), words), scene
