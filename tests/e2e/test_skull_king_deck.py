"""Skull King's new-session form at both phone sizes (issue 38, item 7): each advanced card
is a box of its own, and a table's rounds the deck cannot deal are refused in the preview
with the reason, then dealt once the deck holds enough."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.e2e.flows import add_players, choose_preset, no_horizontal_scroll

SIZES = [(390, 844), (360, 640)]
REFUSED = (
    "A deck of 70 cards deals at most 23 cards each (three hands: two players and"
    " Graybeard, or three players)."
)


def apply_options(page: Page) -> None:
    with page.expect_response(lambda r: r.url.endswith("/new/") and r.request.method == "POST"):
        page.get_by_role("button", name="Apply options").click()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_deck_a_table_chooses_decides_the_rounds_it_can_deal(
    page: Page, live_server, screenshot_dir, width, height
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/new/")
    page.get_by_role("radio", name="Skull King").check()
    expect(page.locator("input[name=previous_kind]")).to_have_value("skull_king")
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    choose_preset(page, "With the advanced cards")
    add_players(page, ["Anna", "Ben"])

    page.locator("details.options > summary").click()
    boxes = [
        page.get_by_role("checkbox", name=re.compile(r"^The Kraken")),
        page.get_by_role("checkbox", name=re.compile(r"^The White Whale")),
        page.get_by_role("checkbox", name=re.compile(r"^Loot")),
    ]
    for box in boxes:  # the preset: all three
        expect(box).to_be_checked()
        box.uncheck()
    page.get_by_label("Cards in each round").fill("24 5")
    apply_options(page)

    preview = page.locator("section.preview")
    expect(preview.locator(".error")).to_have_text(REFUSED)
    assert no_horizontal_scroll(page) <= width
    page.locator("details.options > summary").click()
    page.screenshot(
        path=screenshot_dir / f"skull-king-refused-{width}x{height}.png", full_page=True
    )
    page.get_by_role("checkbox", name=re.compile(r"^Loot")).check()  # 72 cards: 24 each
    apply_options(page)
    expect(preview.locator(".error")).to_have_count(0)
    expect(preview).to_contain_text("Loot, cards 24 5.")
    page.locator("#first_dealer").select_option(label="Anna")
    page.locator("#start-button").click()
    page.wait_for_url(re.compile(r"/s/[^/]+/$"))

    game = Game.objects.get()
    assert game.options == {
        "scoring": "standard",
        "kraken": False,
        "white_whale": False,
        "loot": True,
        "rounds": [24, 5],
    }
    # Anna's bid keys: 0 to the round's 24 cards.
    expect(page.locator("input[name='e.bids.0']").last).to_have_attribute("value", "24")
    page.screenshot(path=screenshot_dir / f"skull-king-deck-{width}x{height}.png", full_page=True)
    assert no_horizontal_scroll(page) <= width
