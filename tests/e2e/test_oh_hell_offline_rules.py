"""Oh Hell offline with games.rules itself on the phone (MicroPython in a worker: docs/phone.md
"Rules on the phone"): the rules answer the deal's every entry, and the last deal's
explanations are the server's. (How fast each entry is drawn with the CPU slowed 4x:
bench/offline_draw.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from games import services
from games.models import Game
from games.services import oh_hell as oh_hell_services
from tests.e2e.flows import start_session
from tests.e2e.test_offline import HUMAN_PAUSE_MS, bid, read_standings, ready_for_offline, trick


def seventh_deal(page: Page) -> None:
    """Deal 7 of down and up with the hook for four, Dan first to deal, kept offline: 4
    cards, Ben deals (Cleo, Dan, Anna, then Ben bid); the hook strikes Ben's 1; Anna takes
    two tricks, Cleo and Dan one; scored, deal 8 comes. (bench/offline_draw.py times it.)"""
    bid(page, "Cleo", 1)
    bid(page, "Dan", 1)
    bid(page, "Anna", 1)
    expect(page.locator("#offline-table button.key[value='1']")).to_be_disabled()
    bid(page, "Ben", 0)
    expect(page.locator("#offline-table .announcement")).to_contain_text("UNDER by 1")
    for name in ("Cleo", "Dan", "Anna", "Anna"):
        trick(page, name)
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    page.locator("#offline-table").get_by_role("button", name="Score this deal").click()
    expect(page.locator("#offline-table .deal-line h1")).to_have_text("Deal 8 of 19")


@pytest.mark.django_db(transaction=True)
def test_an_oh_hell_deal_kept_offline_is_scored_by_the_rules_with_its_explanations(
    browser, browser_context_args, live_server
) -> None:
    """Four players, down and up with the hook, six deals in; the bids and tricks of the
    seventh (4 cards) kept offline, each drawn from the rules' answer (the rules may start
    while the table is idle); the deal scored with its explanations."""
    context: BrowserContext = browser.new_context(**browser_context_args)
    page: Page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    ready_for_offline(page, live_server.url)
    names = ["Anna", "Ben", "Cleo", "Dan"]
    url = start_session(
        page,
        live_server.url,
        kind="Oh Hell",
        names=names,
        first_dealer="Dan",
        preset="Down and up with the hook",
    )
    game = Game.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[1])
    for number in range(1, 7):
        table = services.load(Game.objects.get(pk=game.pk))
        for seat in table.bidding.order:
            oh_hell_services.place_bid(game=game, deal_number=number, seat=seat, bid=0)
        leader = table.bidding.order[0]
        cards = table.plan.cards
        tricks = [cards if seat == leader else 0 for seat in range(4)]
        oh_hell_services.record_tricks(game=game, deal_number=number, tricks=tricks)
    page.reload()
    page.wait_for_load_state("networkidle")  # the words and the rules' files are kept
    page.wait_for_timeout(3000)  # the table idle a moment: the rules start (in a worker)
    context.set_offline(True)  # and the first entry after it waits for nothing

    seventh_deal(page)
    last = page.locator("#offline-table details.last-deal")
    last.locator("summary").click()
    # Anna took 2 of 1: nothing (seed 002); Dan 1 of 1: 10 + 1.
    expect(last).to_contain_text("bid 1, took 1: 10 + 1 = 11 (a made bid scores 10 + bid)")
    expect(last).to_contain_text("bid 1, took 2: 0 (a missed bid scores nothing)")
    assert read_standings(page)["Dan"][1] == 11 + sum(
        s.total for s in services.load(game).result.standings if s.seat == 3
    )
    assert not errors
