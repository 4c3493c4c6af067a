"""Shared helpers: the engine's option sets and sample puzzles, and the built site for the browser tests."""

from __future__ import annotations

import itertools
import os
import random
import re
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from authoring.puzzles import explain
from oanquan import Move, Position, Rules
from oanquan.puzzles import Puzzle
from oanquan.rules import MANDARIN_GAPS
from tools.testing.localsite import chromium, serve

#: The browser test modules, the longest first (seconds of a whole run on two cores, issue 19).
#: ``make site-test`` hands modules to its three workers in this order (``--no-loadscope-reorder``):
#: the longest first, so that no worker is left alone with a long module at the end.
#: pytest-xdist's own order, the most tests first, left test_updates' one long test (85 s) to the
#: end. A module not named here goes last; an order that is out of date costs time, not a result.
BROWSER_MODULES_LONGEST_FIRST = (
    "test_play_page",  # 150 s
    "test_updates",  # 100-140 s
    "test_stored_state",  # 120 s
    "test_lab",  # 90-150 s
    "test_lite",  # 80-140 s (issue 45: longer than either half of test_site, in the same runs)
    "test_site_vi",  # 70-95 s: the Vietnamese edition's pages (test_site walked both, 130 s, until issue 45)
    "test_site",  # 70-95 s: the English edition's
    "test_live_boards",  # 66 s
    "test_board_fill",  # 47 s (a run of 6 December; not listed, it was handed out last)
    "test_puzzles_page",  # 46 s
    "test_review_page",  # 40-70 s (issue 43)
    "test_review_chapter",  # 20-40 s (issue 43: chapter 8's review, both editions)
    "test_puzzle_finder",  # 40-60 s (issue 42)
    "test_vi_play",  # 36 s
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser modules in :data:`BROWSER_MODULES_LONGEST_FIRST` order; each module's own tests,
    and every other test, in the order they were collected (a stable sort)."""
    rank = {name: i for i, name in enumerate(BROWSER_MODULES_LONGEST_FIRST)}
    last = len(rank)
    items.sort(key=lambda item: rank.get(item.path.stem, last) if item.get_closest_marker("browser") else last)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """In a run of the browser tests alone (``-m browser``: ``make site-test``), a test module that
    marks no test ``browser`` is not imported: every test of it would be deselected anyway.

    Each test worker collected all of ``tests/`` (some 2,900 tests, Hypothesis and the solvers
    imported) to keep about 410: 10.9 CPU-seconds against 6.2 for the browser modules alone,
    in each of the two workers, before the first browser test ran (issue 45). A module whose
    text does not say ``mark.browser`` has no browser test (the mark is given by name there,
    ``pytestmark = pytest.mark.browser`` or ``@pytest.mark.browser``).
    """
    if config.getoption("markexpr") != "browser" or collection_path.suffix != ".py":
        return None
    if not collection_path.name.startswith("test_"):
        return None
    return "mark.browser" not in collection_path.read_text(encoding="utf-8")


#: Where a run of the browser tests (``-m browser``) writes each module's seconds, the longest first:
#: the figures to keep :data:`BROWSER_MODULES_LONGEST_FIRST` in order by (issue 45).
MODULE_TIMES = Path(__file__).resolve().parent.parent / "_build" / "browser-modules.txt"
_module_seconds: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Add each phase's seconds (set-up, call, tear-down) to its module's, in the process that
    reports (with pytest-xdist, the controller, which hears every worker's reports)."""
    module = report.nodeid.split("::", 1)[0]
    _module_seconds[module] = _module_seconds.get(module, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    """After a run of the browser tests, write :data:`MODULE_TIMES` (the controller's, not each worker's)."""
    if session.config.getoption("markexpr") != "browser" or hasattr(session.config, "workerinput"):
        return
    if _module_seconds:
        MODULE_TIMES.parent.mkdir(parents=True, exist_ok=True)
        ranked = sorted(_module_seconds.items(), key=lambda item: -item[1])
        MODULE_TIMES.write_text("".join(f"{seconds:7.1f} s  {module}\n" for module, seconds in ranked), "utf-8")


#: Every combination of the options of RULES §9: 2 x 2 x 3 x 2 x 2 = 48. Random
#: games under ``max_plies=0`` are cut at 300 plies by the helpers below.
ALL_RULES = [
    Rules(mandarin_pieces=pieces, mandarin_value=value, mandarin_gap=gap, young_mandarin_min=young, max_plies=plies)
    for pieces, value, gap, young, plies in itertools.product(
        ("stone", "pebbles"), (10, 5), MANDARIN_GAPS, (0, 5), (300, 0)
    )
]


def kinds(events: tuple[object, ...]) -> list[str]:
    """The kinds of a trace without the individual drops, for compact assertions."""
    return [e.kind for e in events if e.kind != "drop"]  # type: ignore[attr-defined]


def random_positions(rules: Rules, seed: int, games: int = 3) -> list[Position]:
    """Every position of a few seeded random games: a varied sample of real play."""
    rng = random.Random(seed)
    seen: list[Position] = []
    for _ in range(games):
        position = Position.initial(rules)
        for _ in range(rules.max_plies or 300):
            seen.append(position)
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(moves))
    return seen


def rules_id(rules: Rules) -> str:
    """A test id naming the options that differ from the defaults."""
    return "-".join(f"{k}={v}" for k, v in rules.changes().items()) or "default"


@pytest.fixture(params=ALL_RULES, ids=rules_id)
def rules(request: pytest.FixtureRequest) -> Rules:
    return request.param  # type: ignore[no-any-return]


#: Two small puzzles on the opening position, one under a rule option (R5.6).
DEMO = Puzzle(
    "demo",
    "Take a Mandarin",
    "mandarin",
    "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0",
    {},
    "capture_mandarin",
    ("5L", "9R"),
    False,
    explain(Position.initial(), "capture_mandarin", (Move(5, "L"), Move(9, "R"))),
    1,
)
YOUNG = Puzzle(
    "young",
    "A young Mandarin",
    "young_mandarin",
    "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0",
    {"young_mandarin_min": 5},
    "max_gain",
    ("9L",),
    True,
    "",
    2,
)

#: Text that "load saved game" must refuse, and what the engine says (issue 11: the game in progress stays).
BAD_SAVED_GAMES = [
    ("{}", "a saved game has no 'moves': {}"),
    ('{"mvoes": "7R"}', "a saved game has an unknown key 'mvoes'"),
    (Position.initial().to_json(), "a saved game has an unknown key 'position'"),
    ("", "a saved game is not valid JSON"),
    ("{not json", "a saved game is not valid JSON"),
    ('{"moves": "7R 2L"}', "square 2 is empty"),
    ('{"format": "oanquan-session", "game": {"moves": ""}, "players": ["human", {"level": 9}]}', "each player"),
    ('{"format": "chess", "game": {"moves": ""}, "players": ["human", "human"]}', "format 'oanquan-session'"),
    ('{"format": "oanquan-session", "game": {"moves": ""}, "players": ["human", "human"], "puzzle": 1}', "puzzle"),
    ("x" * 30_000, "the saved game is too long"),
]


# -- the built site, shared by every browser test ---------------------------------------------

#: The book that `make book` builds (both editions and their live notebooks); $OANQUAN_SITE
#: points the browser tests and benchmarks at another copy.
SITE = Path(os.environ.get("OANQUAN_SITE", Path(__file__).resolve().parent.parent / "_build" / "html"))
#: What a whole build holds: a page of each edition, the Play page of each, the live notebooks.
BUILT = ("index.html", "book/play.html", "notebooks/02_sowing.html", "vi/book/play.html", "lite/notebooks/index.html")


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site, once for the whole run: `make site-test` (part of `make test`) builds it first.

    A browser test never builds the book itself, so that one `make test` builds it once; run
    alone before any build, it fails saying how to make one.
    """
    missing = [name for name in BUILT if not (SITE / name).is_file()]
    if missing:
        pytest.fail(f"the built site in {SITE} lacks {', '.join(missing)}: build it first (make book)")
    return SITE


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 for the whole run; its address ends with "/"."""
    with serve(site_dir) as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the whole run of a test worker, shared by every browser module.

    Each module used to launch its own (fifteen launches a run, a few CPU-seconds each on two
    cores, issue 45); a module makes its own browsing contexts in it (``browser.new_context``),
    so that no module sees another's storage, cache or service workers. A module that needs
    other launch flags (``tests/test_lite.py``: the network off) or a JupyterLab of its own
    (``tests/test_lab.py``) still launches its own.
    """
    with chromium() as launched:
        yield launched


#: The icons the pages name (tools/build/favicon.py), or that a browser asks for when a page names none.
ICONS = ("/favicon.svg", "/favicon.ico")


def made_by_the_page(request: Any) -> bool:
    """Whether a request recorded by Playwright came from the page, rather than from the browser itself.

    Chromium fetches a page's icon on its own (resource type "other"), outside the page and
    its service worker: offline that request fails whatever the site does, so no browser test
    counts it (issue 19). Everything the page, its workers and its service worker ask for counts.
    """
    return not (request.resource_type == "other" and urlsplit(request.url).path.endswith(ICONS))


#: What Chromium says in the console when a page's Content-Security-Policy refuses something
#: ("Refused to load…" in older versions, "Executing inline script violates…" in newer ones).
POLICY_REFUSAL = re.compile(r"^Refused to |violates the following Content Security Policy")


def record_problems(page: Any, problems: list[str]) -> None:
    """Note in ``problems`` every uncaught error of ``page``, every request of its own that fails
    (HTTP 400+) and everything its Content-Security-Policy refused (issue 24: every browser test
    runs under the policy the site ships, and a refusal is a fault, not noise)."""
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on(
        "console",
        lambda m: m.type == "error" and POLICY_REFUSAL.search(m.text) and problems.append(f"policy: {m.text[:300]}"),
    )
    page.on("requestfailed", lambda r: made_by_the_page(r) and problems.append(f"request failed: {r.url} {r.failure}"))
    page.on(
        "response",
        lambda r: r.status >= 400 and made_by_the_page(r.request) and problems.append(f"HTTP {r.status}: {r.url}"),
    )


def wait_until(page: Any, script: str, arg: Any = None, timeout: float = 60.0) -> None:
    """Until the function ``script`` (async or not) returns a truthy value in ``page``, polled every 250 ms.

    Playwright's ``wait_for_function`` takes a Promise for a truthy value and returns at once,
    so a condition that must await (the caches, the browser's storage) never waited: the update
    test went on before a worker had kept its build. ``page.evaluate`` awaits the Promise.
    """
    deadline = time.monotonic() + timeout
    while not page.evaluate(script, arg):
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout:.0f} s for {script[:80]!r}")
        page.wait_for_timeout(250)


#: The words without a Vietnamese letter that a Vietnamese reader's text may hold (issue 21: an
#: allow-list, so an English word nobody thought to list is still caught): Vietnamese words that
#: are written without marks, then the names and notation a Vietnamese page keeps (programs, file
#: kinds, JupyterLab's menu and keys as the reader sees them, the language switch's "English").
_PLAIN_VIETNAMESE = """
ai an anh ao ba ban bao binh ca cam cao chia cho chung coi con danh di do dung duy em ghi gian gom hai hay
in khai khi kho khoanh khung kia kim lam len mang mili minh mua nam nay ngang ngay nhanh nhau non qua quan
quanh quay que quen quy ra sai sang sao sau sinh so suy ta tay tha tham than thang thanh thao thay theo thu thua to tra
trang tranh trong trung vay web xa xanh xem xen xong
bay hoa pin tai treo
"""
#: Kept as they are: programs and file kinds, JupyterLab's menu and keys as the reader sees them, the
#: language switch's "English", units, the English words the letters R and L come from (explained
#: where they are), and the rule book's own terms for teachers (a docstring, a boolean option).
_NAMES_AND_NOTATION = """
python jupyterlab jupyter javascript pyodide wikipedia mancala world ludii oanquan makefile node pdf svg qr
html json md ipynb txt http js serve rules negamax alpha beta mm ms run all cells shift enter tab esc
english right left docstring boolean phan mb internet
"""
PLAIN_VIETNAMESE = frozenset(_PLAIN_VIETNAMESE.split())
NAMES_AND_NOTATION = frozenset(_NAMES_AND_NOTATION.split())


def english_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` (a Vietnamese reader's) that are not Vietnamese: words of two letters or
    more with no Vietnamese letter, outside :data:`PLAIN_VIETNAMESE`, :data:`NAMES_AND_NOTATION` and
    ``allowed``. The move text (``7R``) and the position text's single letters are not words, nor is
    what an error quotes of the reader's own input (``'hello'``).

    >>> english_words("Nước 1: player 0 đi 6L"), english_words("Ô Ăn Quan: bấm vào ô 7, hàng trên")
    (['player'], [])
    >>> english_words("7 viên sỏi and a stone")
    ['and', 'stone']
    """
    skip = {word.lower() for word in allowed} | PLAIN_VIETNAMESE | NAMES_AND_NOTATION
    words = re.findall(r"[A-Za-z\u00c0-\u1ef9\u0110\u0111]+", re.sub(r"(?<!\w)'[^']*'(?!\w)", " ", text))
    return [w for w in words if re.fullmatch(r"[A-Za-z]{2,}", w) and w.lower() not in skip]
