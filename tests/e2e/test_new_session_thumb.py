"""The new-session page with one thumb (issue 39: no tap needs a scroll at 390 x 844): once
the names are typed, the first dealer's choice is right below them, in view and clear of
the sticky Start bar, for a table of four and of six."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.flows import add_players
from tests.e2e.test_not_sent import UNCOVERED

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("players", [4, 6])
def test_the_first_dealer_is_in_view_after_the_last_name(
    page: Page, live_server, screenshot_dir, players: int
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/new/")
    add_players(page, NAMES[:players])
    dealer = page.locator("#first_dealer")
    expect(dealer).to_be_in_viewport(ratio=1)
    assert dealer.evaluate(UNCOVERED), "the first dealer is under the Start bar"
    page.screenshot(path=screenshot_dir / f"new-session-{players}-names.png")
    dealer.select_option(label="Carla")
    expect(page.locator("#start-button")).to_be_in_viewport(ratio=1)
