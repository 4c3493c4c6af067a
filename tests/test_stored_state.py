"""No value kept in the browser can freeze the Play or Puzzles page, run a script or lose a game (issue 24).

In headless Chromium, on the built site (``_build/html``, from ``make book``): each hostile
value is written where the pages keep their state (this tab's game, another tab's, the one game
kept before issue 24, the puzzles solved, the speed chosen last), the Play or Puzzles page is
opened, and it must reach a usable state (ready, a square that takes a click), with no page
error, no script of the value run, no request to another host and no Content-Security-Policy
violation; a value it could not read is named in a notice. Then two tabs play two games, and
both survive a reload of either.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from oanquan import web
from playpages import READY, Watched, watched_page
from tools.testing.localsite import keep_warm

pytestmark = pytest.mark.browser

TAB = "abcdefgh12"  # this tab's name, as the page would make it
PWN = "window.top.__pwned = (window.top.__pwned || 0) + 1"

SVG = "http://www.w3.org/2000/svg"
XHTML = "http://www.w3.org/1999/xhtml"
#: A board as the Play page keeps it (issue 41): its scene, plain data (oanquan.web.wire).
BOARD = web.Session().new_game({"opponent": "friend"})["scene"]
#: A board picture as builds before issue 41 kept it: markup, which the page no longer reads.
OLD_BOARD = (
    f'<svg xmlns="{SVG}" viewBox="0 0 10 10"><g data-square="7"><rect width="5" height="5"/><text>5</text></g></svg>'
)


def saved_game() -> str:
    session = web.Session()
    web.answer(session, {"op": "new_game", "opponent": "friend"})
    return str(web.answer(session, {"op": "save"})["saved"])


SAVED = saved_game()


def game(**changes: Any) -> str:
    value: dict[str, Any] = {
        "v": 2,
        "saved": "{}",
        "link": "",
        "scene": BOARD,
        "squares": [7],
        "names": ["You", "Computer"],
        "scores": [0, 0],
        "moves": 0,
        "over": False,
        "form": {"opponent": "friend"},
        "time": 1,
    }
    value.update(changes)
    return json.dumps({k: v for k, v in value.items() if v is not ...})


#: Markup with script in every spelling of issue 24, and more: each kept board picture below.
HOSTILE_SVG = [
    f"<svg><img src=x /onerror={PWN}></svg>",
    f'<svg><img src="x"onerror={PWN}></svg>',
    f"<svg><image href=x /onerror={PWN} /></svg>",
    f"<svg onload={PWN}><rect/></svg>",
    f"<svg><script>{PWN}</script></svg>",
    f'<svg><foreignObject><iframe src="javascript:{PWN}"></iframe></foreignObject></svg>',
    f'<svg><a href="javascript:{PWN}"><text>x</text></a></svg>',
    f"<svg><animate onbegin={PWN} attributeName=x dur=1s /></svg>",
    f"<svg><set attributeName=onload to={PWN} /></svg>",
    "<svg><style>@import 'http://evil.example/x.css';</style></svg>",
    f"<svg><title><img src=x onerror={PWN}></title></svg>",
    f"<SVG><IMG SRC=x ONERROR={PWN}></SVG>",
    f"<svg><img src=x onerror&#x3d;{PWN}></svg>",
    f'<svg/onload="{PWN}">',
    f"<math><mi><style><img src=x onerror={PWN}></style></mi></math>",
    f'<svg xmlns="{SVG}"><img src="x" onerror="{PWN}"/></svg>',
    f'<svg xmlns="{SVG}" onload="{PWN}"><rect/></svg>',
    f'<svg xmlns="{SVG}"><script>{PWN}</script></svg>',
    f'<svg xmlns="{SVG}"><foreignObject><iframe xmlns="{XHTML}" src="javascript:{PWN}"/></foreignObject></svg>',
    f'<svg xmlns="{SVG}"><image href="x" onerror="{PWN}"/><rect onclick="{PWN}"/></svg>',
    f'<svg xmlns="{SVG}"><style>@import "http://evil.example/x.css";</style></svg>',
]


def hostile_scene(text: str) -> dict[str, Any]:
    """A kept board whose every word is ``text``: well formed, so the page draws it, as text."""
    scene = dict(BOARD, title=text, desc=text, what=[text] * 12, f=[text])
    scene["s"] = [[text, text, text, "to_move", text], [text] * 5]
    return scene


#: (where, value) pairs: where is "own" (this tab's game), "other" (another tab's, read by a new
#: tab), "old" (the one game kept before issue 24) or "solved" (the Puzzles page's list).
#:
#: One value for each way the page can take with what it finds (issue 45: each value opens a page
#: and starts its engine, about 1.2 CPU-seconds): each place it reads, each kind of value its
#: reader leaves out (the notice), a game the reader takes and the engine cannot read back, every
#: value whose words the page shows (its kept board, its names), the longest and the deepest. The
#: other hostile values of the 77 this test opened before each take one of these ways: that the
#: readers leave each such kept game and list of puzzles out is checked without a browser
#: (tests/js/stored.test.mjs, browser-storage.test.mjs).
CASES: list[tuple[str, str]] = [
    ("own", "{"),
    ("old", "{"),
    ("other", "[]"),
    ("other", '{"__proto__": {"polluted": 1}}'),
    ("own", game(v=3)),
    ("old", game(v=..., saved=SAVED)),  # an old value with no version: read as version 1
    ("own", game(names=[f"<img src=x onerror={PWN}>", "b"])),
    ("own", game(saved='{"x": 1}', moves=3)),  # well formed, but the engine cannot read the game back
    ("own", game(saved="x" * 400_000)),
    ("own", "x" * 600_000),
    ("old", "[" * 100_000),
    # issue 24's spellings, kept as a picture in a game the page opens (as a build before issue 41
    # kept it: never read), or as every text of its scene (shown as text; and the first four in
    # one page by test_every_spelling_of_script_in_a_kept_board_is_shown_as_text)
    ("own", game(svg=HOSTILE_SVG[0], scene=...)),
    *(("other", game(scene=hostile_scene(svg))) for svg in HOSTILE_SVG[1:6:2]),
    ("own", game(scene={"n": "<svg onload=alert(1)>"})),
]

#: (where, value) pairs for the Puzzles page: "solved" (the puzzles solved), "tried" (the puzzles
#: tried and not solved at the first try), "speed" (the animation speed chosen last, which the
#: Play page reads the same way) or "projector" (this tab's projector mode, in sessionStorage).
#: The speed and the projector mode are taken only as one of the page's own values, compared as
#: text (form.js, projector.js): a near miss, markup and one of its values each.
PUZZLE_CASES: list[tuple[str, str]] = [
    ("solved", "{"),
    ("solved", json.dumps([f"<img src=x onerror={PWN}>"])),
    ("solved", "x" * 600_000),
    ("solved", "[" * 100_000),
    ("solved", '{"__proto__": {"polluted": 1}}'),
    ("tried", "{"),
    ("speed", "fast"),
    ("speed", f"<img src=x onerror={PWN}>"),
    ("speed", " 0"),
    ("projector", f"<img src=x onerror={PWN}>"),
    ("projector", "true"),
    # readable, and nothing to say about them: ids that are JavaScript's own names, a menu's speed
    ("solved", '["__proto__", "constructor", "first-capture-1"]'),
    ("tried", '["first-capture-1", "constructor"]'),
    ("speed", "700"),
    ("projector", "on"),
]


#: The cases that are not hostile at all: a game kept before issue 24, with no version (version 1);
#: puzzle ids that happen to be JavaScript's own names, a speed of the menu and projector mode.
READABLE = {
    ("old", game(v=..., saved=SAVED)),
    ("solved", '["__proto__", "constructor", "first-capture-1"]'),
    ("tried", '["first-capture-1", "constructor"]'),
    ("speed", "700"),
    ("projector", "on"),
}


@pytest.fixture(scope="module")
def context(browser: Any, site_url: str) -> Iterator[Any]:
    # no service worker: what is stored is read by the page itself, and a worker would keep
    # the whole edition offline meanwhile (about 30 CPU-seconds; test_updates checks it)
    made = browser.new_context(service_workers="block")
    keep_warm(made, site_url)  # each case opens a new tab, as a reader would
    made.add_init_script(
        "window.__csp = []; document.addEventListener('securitypolicyviolation',"
        " e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI))"
    )
    yield made
    made.close()


@pytest.fixture
def watched(context: Any, site_url: str) -> Iterator[Watched]:
    """A new tab whose page errors, failed requests, HTTP errors and requests to another host are checked."""
    yield from watched_page(context, site_url)


@pytest.fixture(scope="module")
def one_tab(context: Any, site_url: str) -> Iterator[Watched]:
    """The tab in which each hostile value is planted and its page opened, one value after another.

    Chromium starts a renderer process for every new tab: a Play page opened in a new tab took
    1.55 CPU-seconds, against 1.17 in a tab already open (issue 45; 31 values here). Each value
    starts as in a new tab: its storage planted afresh (this tab's ``sessionStorage`` emptied
    first), its page a new document, and the page left for ``about:blank`` afterwards.
    """
    tab = Watched(context, site_url)
    yield tab
    tab.page.close()


@pytest.fixture
def reused(one_tab: Watched) -> Iterator[Watched]:
    """:func:`one_tab` for one hostile value: its page errors, failed requests, HTTP errors and
    requests to another host are checked, as :func:`watched`'s are."""
    one_tab.problems.clear()
    yield one_tab
    problems = list(one_tab.problems)
    one_tab.page.goto("about:blank")  # as closing the tab did: the page and its engine end here
    assert problems == []


PLANT = """(([where, value, tab, fresh]) => {
  if (fresh) sessionStorage.clear();  // a tab that held another value's page starts as a new one
  localStorage.clear();
  if (where === "own") sessionStorage.setItem("oanquan.tab", tab);
  else sessionStorage.removeItem("oanquan.tab");
  if (where === "own") localStorage.setItem("oanquan.play.v2." + tab, value);
  if (where === "other") localStorage.setItem("oanquan.play.v2.zzzzzzzzzz", value);
  if (where === "old") localStorage.setItem("oanquan.play.v1", value);
  if (where === "solved") localStorage.setItem("oanquan.puzzles.solved.v1", value);
  if (where === "tried") localStorage.setItem("oanquan.puzzles.tried.v1", value);
  if (where === "speed") localStorage.setItem("oanquan.speed.v1", value);
  if (where === "projector") sessionStorage.setItem("oanquan.projector", value);
})(ARGS);"""


def plant(page: Any, where: str, value: str, fresh: bool = False) -> Any:
    """Write ``value`` where the page will read it as it loads (before its scripts run), everything else
    cleared (``fresh``: this tab's ``sessionStorage`` too); the script, to dispose of once the page is open."""
    return page.add_init_script(PLANT.replace("ARGS", json.dumps([where, value, TAB, fresh])))


ALL_CASES = [("play", *case) for case in CASES] + [("puzzles", *case) for case in PUZZLE_CASES]


@pytest.mark.parametrize(
    ("name", "where", "value"), ALL_CASES, ids=[f"{n}-{i}-{w}" for i, (n, w, _) in enumerate(ALL_CASES)]
)
def test_a_hostile_stored_value_leaves_the_page_usable(reused: Watched, name: str, where: str, value: str) -> None:
    watched = reused
    page = watched.page
    with plant(page, where, value, fresh=True):  # planted for this page load only
        watched.open(f"book/{name}.html", timeout=120_000)  # the page itself; what it keeps was planted before
    assert page.evaluate("window.__pwned") is None
    # A handler attribute in a planted picture is reported by the policy as it is read (not run:
    # the same value on a page with no policy runs nothing either); any other report is a fault.
    planted_handler = "onerror=" in value or "onload=" in value or 'onclick="' in value
    reports = page.evaluate("window.__csp")
    assert [r for r in reports if not (planted_handler and r == "script-src-attr inline")] == []
    # usable: a square takes a click and the directions appear (Play), or a move is judged (Puzzles)
    page.click("#oaq [data-oaq=board] .oaq-can")
    page.wait_for_selector(READY, timeout=60_000)
    assert page.is_visible("[data-oaq=directions]")
    assert page.evaluate("window.__pwned") is None
    assert page.evaluate("Object.prototype.polluted") is None
    notice = page.text_content("[data-oaq=notice]") or ""
    readable = (where, value) in READABLE
    if readable:
        assert "could not be read" not in notice, notice
    else:  # what could not be used is said: left out, or not read back by the engine
        assert "could not be read" in notice, (value[:80], notice)
    if where == "speed":  # a speed of the menu is taken; anything else leaves the page's own
        assert page.input_value("[data-oaq=speed]") == (value if readable else "350")
    if where == "projector":  # projector mode kept in this tab (issue 23): "on" or nothing
        assert (page.get_attribute("#oaq", "data-projector") == "") == readable
    if name == "puzzles":  # the ids read back are the puzzles ticked
        ticked = page.evaluate("document.querySelectorAll('[data-oaq=pick] option[data-solved]').length")
        assert ticked == (1 if value.startswith('["__proto__"') else 0), (value[:80], ticked)


#: What must never be in the page's board once a kept scene has filled it: an element of another
#: kind than the board's own (oanquan/svg.py draws shapes and text only), a handler, an address.
FOREIGN = """(svg) => [svg, ...svg.querySelectorAll('*')].filter((e) =>
  !['svg', 'g', 'path', 'rect', 'text', 'circle', 'ellipse', 'title', 'desc'].includes(e.localName)
  || [...e.attributes].some((a) => /^on|href/i.test(a.name))).map((e) => e.outerHTML.slice(0, 80))"""


#: Every board the page shows, as the page draws it: its first strip's heading and its squares'
#: names. A MutationObserver's callback runs at the end of the task that drew, before the engine's
#: worker can answer, so the kept board is seen however fast the engine starts (a warm engine
#: drew over it before the test could read it).
BOARDS_SHOWN = """(() => {
  window.__boards = [];
  new MutationObserver(() => {
    const heading = document.querySelector("#oaq [data-oaq=board] [data-strip='0'] [data-part=heading]");
    if (!heading) return;
    const names = [...document.querySelectorAll("#oaq [data-oaq=board] [data-square]")].map(
      (e) => e.getAttribute("aria-label"));
    const last = window.__boards[window.__boards.length - 1];
    if (!last || last.heading !== heading.textContent || last.names.join() !== names.join())
      window.__boards.push({ heading: heading.textContent, names });
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})()"""


def test_every_spelling_of_script_in_a_kept_board_is_shown_as_text(context: Any, site_url: str) -> None:
    """Issue 41: no markup is kept; a kept board is its scene, whose words fill the page's own
    board as text. A game of this edition whose every word is a hostile spelling is drawn at once,
    each spelling shown as the text it is, and nothing in it runs or fetches."""
    watched = Watched(context, site_url)
    page = watched.page
    page.add_init_script(BOARDS_SHOWN)
    for spelling in HOSTILE_SVG[:4]:
        plant(page, "own", game(scene=hostile_scene(spelling), saved=SAVED, lang="en"))
        watched.open("book/play.html", state="#oaq[data-state]")  # drawn at once, before the engine is ready
        boards = page.evaluate("window.__boards")
        kept = [b for b in boards if b["heading"] == spelling]
        assert kept and all(name.endswith(": " + spelling) for name in kept[0]["names"]), boards[:3]
        assert page.eval_on_selector("#oaq [data-oaq=board] svg", FOREIGN) == []  # the board's own elements only
        page.wait_for_selector(READY, timeout=120_000)  # the engine draws the kept game again: nothing ran meanwhile
        assert page.evaluate("window.__pwned") is None
        assert page.evaluate("window.__csp") == []
    page.close()
    assert watched.problems == []


def test_a_game_kept_before_issue_24_is_moved_to_the_tab(watched: Watched) -> None:
    page = watched.page
    watched.open("book/play.html?opponent=friend&record=7R", timeout=120_000)
    kept = page.evaluate("localStorage.getItem('oanquan.play.v2.' + sessionStorage.getItem('oanquan.tab'))")
    old = json.loads(kept)
    del old["v"], old["time"]
    page.evaluate(
        "([v]) => { localStorage.clear(); sessionStorage.clear(); localStorage.setItem('oanquan.play.v1', v); }",
        [json.dumps(old)],
    )
    watched.open("book/play.html", timeout=120_000)
    assert page.input_value("[data-oaq=record]") == "7R"
    assert "Welcome back" in (page.text_content("[data-oaq=notice]") or "")
    assert page.evaluate("localStorage.getItem('oanquan.play.v1')") is None


def test_the_reset_control_forgets_the_pages_data(watched: Watched, site_url: str) -> None:
    page = watched.page
    watched.open("book/play.html?opponent=friend&record=7R%201R", timeout=120_000)
    page.click("[data-oaq=reset]")
    assert "will be lost" in (page.text_content("[data-oaq=confirm-text]") or "")
    page.click("[data-oaq=confirm-yes]")
    page.wait_for_url(site_url + "book/play.html")
    page.wait_for_selector(READY, timeout=120_000)
    assert page.input_value("[data-oaq=record]") == ""


def test_two_tabs_keep_two_games_through_reloads(watched: Watched, context: Any, site_url: str) -> None:
    """Issue 24: tab A plays 7R 1R 9L, tab B opens another game's link, then either is reloaded."""
    first = watched.page
    first.goto(site_url + "book/glossary.html")
    first.evaluate("localStorage.clear(); sessionStorage.clear()")
    watched.open("book/play.html?opponent=friend", timeout=120_000)
    first.select_option("[data-oaq=speed]", "0")
    for move in ("7R", "1R", "9L"):
        watched.play(move)
    assert first.input_value("[data-oaq=record]") == "7R 1R 9L"
    tab_b = Watched(context, site_url)
    second = tab_b.page
    tab_b.open("book/play.html?opponent=friend&record=5L", timeout=120_000)
    assert second.input_value("[data-oaq=record]") == "5L"
    assert second.is_hidden("[data-oaq=confirm]")  # a new tab asks nothing: both games are kept
    assert "go back to it" in (second.text_content("[data-oaq=notice]") or "")
    for page, record in ((first, "7R 1R 9L"), (second, "5L"), (first, "7R 1R 9L"), (second, "5L")):
        page.reload()
        page.wait_for_selector(READY, timeout=120_000)
        assert page.is_hidden("[data-oaq=confirm]")  # no question: nobody opened a link
        assert page.input_value("[data-oaq=record]") == record
        assert "record=" + record.replace(" ", "%20") in page.url
    # a link opened in tab A itself: asked, the focused answer keeps A's game, the address waits
    watched.open("book/play.html?opponent=friend&record=3R", state="#oaq[data-state=confirm]", timeout=120_000)
    assert first.url.endswith("record=3R")  # not changed before the reader chose
    assert first.evaluate("document.activeElement.getAttribute('data-oaq')") == "confirm-no"
    first.keyboard.press("Enter")
    first.wait_for_selector(READY)
    assert first.input_value("[data-oaq=record]") == "7R 1R 9L"
    link = first.get_attribute("[data-oaq=notice-link]", "href") or ""
    assert link.endswith("record=3R")  # the link's game, a click away
    second.reload()
    second.wait_for_selector(READY, timeout=120_000)
    assert second.input_value("[data-oaq=record]") == "5L"
    tab_b.close()


# ------------------------------------------------------------------ issue 47

#: What the browser's "Duplicate tab" does: the new tab gets a copy of this tab's sessionStorage
#: (as it stands, the open page's marks included) and opens its address. Run once, on its first page.
COPY_SESSION = """(items => {
  if (sessionStorage.length === 0) for (const [key, value] of Object.entries(items)) sessionStorage.setItem(key, value);
})(ITEMS)"""


def duplicate(first: Any, context: Any, how: str, problems: list[str]) -> Any:
    """A copy of the tab of ``first``: the browser's Duplicate tab, or ``window.open(location.href)``."""
    from conftest import record_problems

    if how == "window.open":
        with context.expect_page() as opened:
            first.evaluate("window.open(location.href)")
        copy = opened.value
    else:
        items = first.evaluate("Object.fromEntries(Object.entries(sessionStorage))")
        copy = context.new_page()
        copy.add_init_script(COPY_SESSION.replace("ITEMS", json.dumps(items)))
    record_problems(copy, problems)
    if how != "window.open":
        copy.goto(first.url)
    copy.wait_for_selector(READY, timeout=120_000)
    return copy


def tab_of(page: Any) -> str:
    return str(page.evaluate("sessionStorage.getItem('oanquan.tab')"))


def act(page: Any, selector: str) -> None:
    page.click(selector)
    page.wait_for_selector(READY, timeout=120_000)


@pytest.mark.parametrize("how", ["duplicate-tab", "window.open"])
def test_a_copied_tab_and_its_original_each_keep_their_own_game(
    watched: Watched, context: Any, site_url: str, how: str
) -> None:
    """Issue 47: 7R 0R, the tab copied, 9L played in the copy (after two undos); then reloads."""
    first = watched.page
    first.goto(site_url + "book/glossary.html")
    first.evaluate("localStorage.clear(); sessionStorage.clear()")
    watched.open("book/play.html?opponent=friend", timeout=120_000, speed="0")
    for move in ("7R", "0R"):
        watched.play(move)
    problems: list[str] = []
    copy = duplicate(first, context, how, problems)
    assert copy.input_value("[data-oaq=record]") == "7R 0R"  # the same moves, at once
    assert copy.is_hidden("[data-oaq=confirm]")
    assert tab_of(copy) != tab_of(first)  # a name of its own: its own key
    act(copy, "[data-oaq=undo]")
    act(copy, "[data-oaq=undo]")
    act(copy, "#oaq [data-oaq=board] [data-square='9']")
    act(copy, "#oaq [data-direction='L']")
    assert copy.input_value("[data-oaq=record]") == "9L"
    for page, record in ((first, "7R 0R"), (copy, "9L"), (first, "7R 0R"), (copy, "9L"), (first, "7R 0R")):
        page.reload()
        page.wait_for_selector(READY, timeout=120_000)
        assert page.is_hidden("[data-oaq=confirm]")  # nobody opened a link: nothing to ask
        assert page.input_value("[data-oaq=record]") == record
        assert "could not be read" not in (page.text_content("[data-oaq=notice]") or "")
    games = first.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('oanquan.play.v2.'))"
        ".map(k => JSON.parse(localStorage.getItem(k)).saved)"
    )
    assert len(games) == 2  # one game for each tab, nothing else
    copy.close()
    assert problems == []


#: Every game kept in this browser, by its key.
KEPT = (
    "Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('oanquan.play.v2.'))"
    ".map(k => [k, JSON.parse(localStorage.getItem(k))]))"
)


def test_the_default_answer_to_another_games_link_keeps_both_games(
    watched: Watched, context: Any, site_url: str
) -> None:
    """Issue 47: 7R 0R, then a link to 9L opened in the same tab; the focused answer keeps both games."""
    first = watched.page
    first.goto(site_url + "book/glossary.html")
    first.evaluate("localStorage.clear(); sessionStorage.clear()")
    watched.open("book/play.html?opponent=friend", timeout=120_000, speed="0")
    for move in ("7R", "0R"):
        watched.play(move)
    watched.open("book/play.html?opponent=friend&record=9L", state="#oaq[data-state=confirm]", timeout=120_000)
    assert first.evaluate("document.activeElement.getAttribute('data-oaq')") == "confirm-no"
    first.keyboard.press("Enter")  # the default answer
    first.wait_for_selector(READY)
    # where it is: said once it is kept (the board takes clicks meanwhile)
    first.wait_for_selector("[data-oaq=notice]:has-text('kept in this browser too') [data-oaq=notice-link]")
    assert "record=9L" in (first.get_attribute("[data-oaq=notice-link]", "href") or "")
    first.reload()
    first.wait_for_selector(READY, timeout=120_000)
    assert first.is_hidden("[data-oaq=confirm]")  # a reload opens no link: nothing to ask
    assert first.input_value("[data-oaq=record]") == "7R 0R"  # this tab's game, on the board
    kept = first.evaluate(KEPT)
    mine = kept.pop("oanquan.play.v2." + tab_of(first))
    assert "record=7R%200R" in mine["link"]
    assert len(kept) == 1  # the link's game, once, under a key of its own
    (linked,) = kept.values()
    assert "record=9L" in linked["link"] and linked["moves"] == 1 and not linked["over"]
    session = web.Session()
    assert web.answer(session, {"op": "load", "text": linked["saved"]})["record"] == "9L"  # whole
    other = Watched(context, site_url)
    other.open("book/play.html" + linked["link"], timeout=120_000)  # reopened from its kept link
    assert other.page.input_value("[data-oaq=record]") == "9L"
    other.close()


def test_an_unreadable_puzzle_list_is_said_once_set_aside_and_a_new_one_kept(watched: Watched, site_url: str) -> None:
    """Issue 47: the notice once, the old list aside (never read again), a solved puzzle in a new list."""
    from playpages import served_puzzles

    page = watched.page
    page.goto(site_url + "book/glossary.html")
    page.evaluate("localStorage.clear(); localStorage.setItem('oanquan.puzzles.solved.v1', '{not json')")
    puzzle = served_puzzles()[0]
    watched.open(f"book/puzzles.html?puzzle={puzzle.id}", timeout=120_000, speed="0")
    notice = page.text_content("[data-oaq=notice]") or ""
    assert notice.count("could not be read") == 1, notice  # said once (it was said twice)
    assert "the puzzles solved: not JSON" in notice and "set aside" in notice, notice
    assert page.evaluate("localStorage.getItem('oanquan.puzzles.solved.v1')") is None
    assert page.evaluate("localStorage.getItem('oanquan.aside.oanquan.puzzles.solved.v1')") == "{not json"
    watched.play(str(puzzle.moves[0]))  # solved at the first try, after the notice said the old list was set aside
    assert page.get_attribute("#oaq", "data-verdict") == "right"
    assert json.loads(page.evaluate("localStorage.getItem('oanquan.puzzles.solved.v1')")) == [puzzle.id]
    watched.open(f"book/puzzles.html?puzzle={puzzle.id}", timeout=120_000)  # the next visit: nothing to say
    assert "could not be read" not in (page.text_content("[data-oaq=notice]") or "")
    assert page.get_attribute(f"[data-oaq=pick] option[value='{puzzle.id}']", "data-solved") == ""
    assert page.evaluate("localStorage.getItem('oanquan.aside.oanquan.puzzles.solved.v1')") == "{not json"


#: Long tasks of the main thread (over 50 ms, as the browser reports them) and when the page first
#: read its storage, recorded from the start of the page.
LONG_TASKS = """(() => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__long.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
  window.__parsed = 0;  // the longest text JSON.parse was given
  const parse = JSON.parse;
  JSON.parse = function (text, reviver) {
    window.__parsed = Math.max(window.__parsed, String(text).length);
    return parse.call(this, text, reviver);
  };
  const read = Storage.prototype.getItem;
  Storage.prototype.getItem = function (key) {
    const game = String(key).startsWith("oanquan.play");
    if (window.__firstRead === undefined && game) window.__firstRead = performance.now();
    return read.call(this, key);
  };
})()"""


def oversized_game(size: int) -> str:
    """A well-formed kept game of ``size`` characters, its board's description that long."""
    small = game(scene=dict(BOARD, desc=""), lang="en", saved=SAVED)
    return game(scene=dict(BOARD, desc="x" * (size - len(small))), lang="en", saved=SAVED)


def test_an_oversized_stored_game_costs_the_page_no_long_task(watched: Watched) -> None:
    """Issue 47: a 480,000-character game (well formed, in this edition's words; then its picture
    of 68,000 shapes, now its board's scene with a description that long) was parsed, read as
    XML and cleaned on the main thread: a task of 2.1 s here
    (536 ms in the issue). It is now left out by its length, before it is parsed."""
    page = watched.page
    value = oversized_game(480_000)
    assert len(value) == 480_000
    plant(page, "own", value)
    page.add_init_script(LONG_TASKS)
    watched.open("book/play.html", timeout=120_000)
    assert "too long" in (page.text_content("[data-oaq=notice]") or "")
    assert page.evaluate("window.__parsed") < len(value)  # left out before it is parsed
    first_read = page.evaluate("window.__firstRead")
    assert first_read is not None
    board_drawn = float(page.get_attribute("#oaq", "data-board-ms") or "nan")
    tasks = page.evaluate("window.__long")
    # The task that read the stored game is one synchronous run of play.js: it loads the page's
    # modules first (tens of ms on a busy machine, the same with nothing stored), then reads the
    # stored game and draws the board. What the stored game costs is that task from its first
    # read on: 2.1 s when the game was parsed, a few ms now that it is left out by its length,
    # and drawing the new game's board after it (166 ms once, a fresh clone's `make test` with
    # three test workers on two cores: the limit was 100 ms). The check that the game is left out
    # is the one on JSON.parse above; this one is that nothing else takes the time parsing did.
    reading = [start + length - first_read for start, length in tasks if start <= first_read <= start + length]
    assert [cost for cost in reading if cost > 500] == [], (first_read, board_drawn, tasks)
