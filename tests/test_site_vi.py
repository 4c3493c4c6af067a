"""The Vietnamese edition's pages in a real browser (``vi/``): tests/test_site.py's checks of each page.

tests/test_site.py walks the English edition; this module walks the Vietnamese one with the same
checks (it imports them, and its ``walked`` fixture names its edition), and checks that no
Vietnamese page shows English interface text. Apart, the two editions are walked side by side by
the two workers of `make site-test` (issue 45: one fixture walked all 42 pages, some 140 s).
Screenshots go to ``_build/screenshots/site-vi/``, the summary to ``_build/site-report-vi.txt``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_site import (
    ROOT,
    Visit,
    browser_context,
    test_every_page_has_a_screenshot_or_is_an_index,
    test_every_page_meets_wcag_2_2_a_and_aa_in_axe_core,
    test_language_switch_leads_to_the_same_page,
    test_no_page_has,
    test_pages_say_their_language,
    test_pages_weigh_under_2_mb,
    test_step_through_players_work_without_a_kernel,
    visits,
)

pytestmark = pytest.mark.browser

#: The checks of each page that tests/test_site.py makes, collected here again for this module's
#: edition (pytest collects a test function wherever a module holds it), and the fixtures they need.
__all__ = [
    "browser_context",
    "test_every_page_has_a_screenshot_or_is_an_index",
    "test_every_page_meets_wcag_2_2_a_and_aa_in_axe_core",
    "test_language_switch_leads_to_the_same_page",
    "test_no_page_has",
    "test_pages_say_their_language",
    "test_pages_weigh_under_2_mb",
    "test_step_through_players_work_without_a_kernel",
    "visits",
]


@pytest.fixture(scope="module")
def walked() -> str:
    """The edition whose pages this module walks (tests/test_site.py's ``visits``)."""
    return "vi"


def test_vietnamese_pages_show_no_english_interface_text(visits: dict[str, Visit]) -> None:
    english = {path: v.english for path, v in visits.items() if v.english}
    (ROOT / "_build" / "english-on-vi-pages.json").write_text(json.dumps(english, indent=1, ensure_ascii=False))
    assert english == {}


def test_offline_the_switch_to_english_says_in_vietnamese_that_it_is_not_here_yet(browser: Any, site_url: str) -> None:
    """Issue 45: offline, the English edition not kept yet (the Vietnamese edition's worker answers
    only under vi/, and the English worker keeps its edition once the Vietnamese is kept), the
    language switch of a Vietnamese page says so on the page, in Vietnamese, in place of the
    browser's error page; with the network back, it leads to the English page."""
    context = browser.new_context(service_workers="block")  # no worker answers for the English edition
    try:
        page = context.new_page()
        page.goto(site_url + "vi/book/glossary.html")
        context.set_offline(True)
        page.click("a.oq-language")
        said = page.locator("main p.oaq-offline-failed[role=status]")
        said.wait_for()
        assert said.inner_text().startswith("Trang web bằng tiếng Anh chưa có trên thiết bị này."), said.inner_text()
        assert page.url == site_url + "vi/book/glossary.html"
        page.screenshot(path=str(ROOT / "_build" / "screenshots" / "site-vi" / "switch-offline.png"))
        context.set_offline(False)
        page.click("a.oq-language")
        page.wait_for_url(site_url + "book/glossary.html")
        assert page.evaluate("document.documentElement.lang") == "en"
    finally:
        context.close()
