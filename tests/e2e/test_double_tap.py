"""A double tap records one thing, not two.

A phone at a card table gets double-tapped: a bid key or a trick button touched
twice in quick succession must give one bid or one trick, never a second bid for
the next player (whose keypad comes back under the same finger) nor a second
trick for the same player. Checked on the page and in the database (`Hand`
rows, `Deal.trick_winners`).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from games.models import Deal, Game, Hand
from tests.e2e.flows import start_session

NAMES = ("Anna", "Ben", "Cleo")  # Cleo deals: Anna bids first, Cleo last

#: A finger's double tap: two touches about 150 ms apart (phones take two taps
#: within 300 ms as one double tap).
DOUBLE_TAP_GAP_MS = 150


def bidder_row(page: Page, name: str) -> Locator:
    return page.locator("ol.bid-chips li.bid-chip").filter(
        has=page.locator(".bidder-name", has_text=name)
    )


def start(page: Page, base_url: str) -> Game:
    """Down and up with the hook: 10 cards in deal 1, so there is a trick 2 to land on."""
    url = start_session(
        page,
        base_url,
        kind="Oh Hell",
        names=NAMES,
        first_dealer="Cleo",
        preset="Down and up with the hook",
    )
    expect(page.locator(".deal-line .deal-facts")).to_have_text("10 cards · dealer Cleo")
    return Game.objects.get(public_id=re.search(r"/s/([^/]+)/$", url).group(1))


def bid_all(page: Page) -> None:
    """Anna 2, Ben 3, Cleo 4 (the hook forbids Cleo 5): UNDER by 1."""
    keypad = page.locator(".keypad-form")
    for name, bid in (("Anna", 2), ("Ben", 3), ("Cleo", 4)):
        expect(keypad.locator(".keypad-label")).to_have_text(f"{name} bids:")
        keypad.locator(f"button.key[value='{bid}']").click()
        if name != "Cleo":  # after the last bid the call takes the bids' place
            expect(bidder_row(page, name).locator(".bidder-bid")).to_have_text(str(bid))
    expect(page.locator(".announce-region .announcement")).to_contain_text("UNDER by 1")
    expect(page.locator("#play-title")).to_have_text("Trick 1 of 10: who took it?")


def finger_double_tap(page: Page, target: Locator) -> None:
    """Two touches on the same spot, DOUBLE_TAP_GAP_MS apart: the second lands on
    whatever the screen shows there by then, as a finger's would."""
    box = target.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(DOUBLE_TAP_GAP_MS)
    page.touchscreen.tap(x, y)


def settle(page: Page) -> None:
    """Let whatever a second tap started come back before looking."""
    page.wait_for_timeout(300)
    page.wait_for_load_state("networkidle")


def bids_in_db(game: Game) -> dict[int, int]:
    deal = Deal.objects.get(game=game, index=0)
    return {hand.seat: hand.bid for hand in Hand.objects.filter(deal=deal, bid__isnull=False)}


def winners_in_db(game: Game) -> list[int]:
    return list(Deal.objects.get(game=game, index=0).trick_winners)


def check_one_bid(page: Page, game: Game) -> None:
    """Anna's 2 is in; Ben, next, has not bid."""
    expect(bidder_row(page, "Anna").locator(".bidder-bid")).to_have_text("2")
    expect(bidder_row(page, "Ben").locator(".bidder-bid")).to_have_text("to bid…")
    expect(page.locator(".keypad-form .keypad-label")).to_have_text("Ben bids:")
    expect(page.locator("#bids-title .running")).to_have_text("bids 2 of 10 tricks")
    assert bids_in_db(game) == {0: 2}


def check_one_trick(page: Page, game: Game) -> None:
    """Trick 1 went to Ben; trick 2 is still to play."""
    expect(page.locator("#play-title")).to_have_text("Trick 2 of 10: who took it?")
    expect(page.locator(".trick-btn", has_text="Ben").locator(".small")).to_have_text("1/3")
    expect(page.get_by_role("button", name="Take back trick 1")).to_be_visible()
    assert winners_in_db(game) == [1]


@pytest.mark.django_db(transaction=True)
def test_a_double_click_on_a_bid_key_records_one_bid(page: Page, live_server) -> None:
    game = start(page, live_server.url)
    page.locator(".keypad-form button.key[value='2']").dblclick()
    expect(bidder_row(page, "Anna").locator(".bidder-bid")).to_have_text("2")
    settle(page)
    check_one_bid(page, game)


@pytest.mark.django_db(transaction=True)
def test_a_double_click_on_a_trick_button_records_one_trick(page: Page, live_server) -> None:
    game = start(page, live_server.url)
    bid_all(page)
    page.locator(".trick-row button.trick-btn").filter(has_text="Ben").dblclick()
    expect(page.locator("#play-title")).not_to_have_text("Trick 1 of 10: who took it?")
    settle(page)
    check_one_trick(page, game)


@pytest.mark.django_db(transaction=True)
def test_a_finger_double_tap_on_a_bid_key_records_one_bid(
    page: Page, live_server, screenshot_dir
) -> None:
    game = start(page, live_server.url)
    finger_double_tap(page, page.locator(".keypad-form button.key[value='2']"))
    settle(page)
    page.screenshot(path=screenshot_dir / "double-tap-bid.png", full_page=True)
    check_one_bid(page, game)


@pytest.mark.django_db(transaction=True)
def test_a_finger_double_tap_on_a_trick_button_records_one_trick(
    page: Page, live_server, screenshot_dir
) -> None:
    game = start(page, live_server.url)
    bid_all(page)
    finger_double_tap(page, page.locator(".trick-row button.trick-btn").filter(has_text="Ben"))
    settle(page)
    page.screenshot(path=screenshot_dir / "double-tap-trick.png", full_page=True)
    check_one_trick(page, game)
