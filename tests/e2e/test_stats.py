"""History, statistics, head-to-head and the chart, on a phone, in both colour schemes.

The notebook is the hand-worked one of tests/games/test_stats.py: three sessions of
Oh Hell (two finished) and, for the Kozel chart, a match.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from games.models import Notebook
from tests.games.conftest import enter_kozel_deal, start_kozel
from tests.games.test_stats import play_three_sessions

PHONE_WIDTH = 390
CONTROLS = "a[href], button, select, summary"

SIZES_JS = """
(elements) => elements
  .filter((el) => el.checkVisibility({visibilityProperty: true}))
  .map((el) => {
    const box = el.getBoundingClientRect();
    return {text: (el.innerText || el.name || "").trim().slice(0, 30),
            width: box.width, height: box.height};
  })
"""

# WCAG relative luminance and contrast, on computed rgb() colours.
CONTRAST_JS = """
([selector, against]) => {
  const rgb = (text) => text.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = c.map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const back = lum(rgb(getComputedStyle(document.querySelector(against)).backgroundColor));
  return Array.from(document.querySelectorAll(selector)).map((el) => {
    const fore = lum(rgb(getComputedStyle(el).color));
    const [hi, lo] = fore > back ? [fore, back] : [back, fore];
    return {color: getComputedStyle(el).color, ratio: (hi + 0.05) / (lo + 0.05)};
  });
}
"""


def open_notebook(context: BrowserContext, live_server, notebook: Notebook) -> None:
    context.add_cookies([{"name": "notebook", "value": notebook.key, "url": live_server.url}])


def check_phone_layout(page: Page, within: str = "main") -> None:
    """Nothing scrolls sideways and every control (within) is at least 44 x 44 CSS px."""
    # A page reached by a click can be measured before its stylesheet applies.
    page.wait_for_load_state()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    small = [
        item
        for item in page.locator(within).locator(CONTROLS).evaluate_all(SIZES_JS)
        if item["width"] < 44 or item["height"] < 44
    ]
    assert small == []


@pytest.fixture
def notebook(db) -> Notebook:
    notebook = Notebook.objects.create(name="Thursday")
    play_three_sessions(notebook)
    return notebook


@pytest.mark.django_db(transaction=True)
def test_statistics_and_head_to_head_on_a_phone(
    page: Page, context: BrowserContext, live_server, notebook, screenshot_dir: Path
) -> None:
    open_notebook(context, live_server, notebook)
    page.goto(live_server.url)

    page.get_by_role("link", name="Statistics").click()

    expect(page.get_by_role("heading", name="Statistics", level=1)).to_be_visible()
    carla = page.locator("#oh-hell-table tbody tr", has_text="Carla")
    expect(carla.locator("td")).to_have_text(["2", "1 (50%)", "15.5", "21", "80%"])
    check_phone_layout(page)
    page.screenshot(path=screenshot_dir / "stats.png", full_page=True)

    page.get_by_label("First player").select_option(label="Ben")
    page.get_by_label("Second player").select_option(label="Carla")
    page.get_by_role("button", name="Compare").click()

    result = page.locator("#head-to-head-result")
    expect(result).to_contain_text("Ben and Carla")
    expect(result.locator("dd")).to_have_text(["2", "0", "1", "1", "-5.5"])
    # The answer lands in a live region that was on the page before (htmx swapped it).
    assert result.evaluate("el => el.parentElement.getAttribute('aria-live')") == "polite"
    expect(page).to_have_url(re.compile(r"/stats/\?a=.+&b=.+"))
    check_phone_layout(page)
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=screenshot_dir / "stats-head-to-head-dark.png", full_page=True)


@pytest.mark.django_db(transaction=True)
def test_head_to_head_says_why_it_cannot_compare(
    page: Page, context: BrowserContext, live_server, notebook
) -> None:
    open_notebook(context, live_server, notebook)
    page.goto(f"{live_server.url}/stats/")

    page.get_by_label("First player").select_option(label="Dan")
    page.get_by_label("Second player").select_option(label="Dan")
    page.get_by_role("button", name="Compare").click()

    expect(page.get_by_role("alert")).to_have_text("Choose two different players.")


@pytest.mark.django_db(transaction=True)
def test_a_players_page_shows_every_figure(
    page: Page, context: BrowserContext, live_server, notebook, screenshot_dir: Path
) -> None:
    open_notebook(context, live_server, notebook)
    page.goto(f"{live_server.url}/stats/")

    page.locator("#oh-hell-table").get_by_role("link", name="Ben").click()

    expect(page.get_by_role("heading", name="Ben", level=1)).to_be_visible()
    figures = page.locator("#oh-hell-figures dd")
    # sessions, wins, rate, average, best, bids made, zero bids made, took more, took
    # fewer, tricks minus bid, longest run: Ben in tests/games/test_stats.py
    expect(figures).to_have_text(
        [
            *("2", "0", "0%", "10.0", "10"),
            *("3 of 5 (60%)", "3 of 4 (75%)", "2 (100%)", "0 (0%)", "+1.0", "2"),
        ]
    )
    check_phone_layout(page)
    page.screenshot(path=screenshot_dir / "stats-player.png", full_page=True)


@pytest.mark.django_db(transaction=True)
def test_finished_sessions_lead_to_their_sheets_and_charts(
    page: Page, context: BrowserContext, live_server, notebook, screenshot_dir: Path
) -> None:
    open_notebook(context, live_server, notebook)
    page.goto(live_server.url)

    page.get_by_role("link", name="Finished sessions").click()

    items = page.locator(".finished-list li")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_contain_text("Winner: Carla 21")
    expect(items.nth(1)).to_contain_text("Winner: Anna 11")
    check_phone_layout(page)
    page.screenshot(path=screenshot_dir / "finished.png", full_page=True)

    items.nth(0).get_by_role("link").click()

    chart = page.get_by_role("img", name="Running totals")
    expect(chart).to_be_visible()
    # Measured once the stylesheet applies: CI, loaded, measured the bare page (x = 8).
    page.wait_for_load_state()
    box = chart.bounding_box()
    assert box is not None and box["width"] <= PHONE_WIDTH - 2 * 16
    page.get_by_text("The numbers").click()
    numbers = page.locator(".chart-numbers tbody tr")
    # The revoked deal, its replay and deal 2: Ben, Carla, Dan.
    expect(numbers.nth(0).locator("th, td")).to_have_text(["1 (revoke)", "0", "0", "-10"])
    expect(numbers.nth(2).locator("th, td")).to_have_text(["2", "10", "21", "-10"])
    check_phone_layout(page, within=".chart")  # the sheet above is the lead's
    page.screenshot(path=screenshot_dir / "chart.png", full_page=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.django_db(transaction=True)
def test_the_chart_lines_stand_out_in_both_schemes(
    page: Page, context: BrowserContext, live_server, screenshot_dir: Path, scheme: str
) -> None:
    notebook = Notebook.objects.create()
    match = start_kozel(notebook)
    for points in (30, 60, 100, 20):
        enter_kozel_deal(match, points=points)
    open_notebook(context, live_server, notebook)
    page.emulate_media(color_scheme=scheme)

    page.goto(f"{live_server.url}/s/{match.public_id}/sheet/")

    expect(page.get_by_role("img", name="Running totals")).to_be_visible()
    lines = page.evaluate(CONTRAST_JS, [".chart-series", ".chart"])
    texts = page.evaluate(CONTRAST_JS, [".chart-name, .chart-limit, .chart-axis", ".chart"])
    assert len(lines) == 2
    assert len({line["color"] for line in lines}) == 2
    # Lines need 3:1 against the panel (WCAG 1.4.11); names and labels 4.5:1.
    assert min(line["ratio"] for line in lines) >= 3, lines
    assert min(text["ratio"] for text in texts) >= 4.5, texts
    page.locator(".chart").screenshot(path=screenshot_dir / f"chart-kozel-{scheme}.png")
