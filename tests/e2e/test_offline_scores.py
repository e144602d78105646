"""A round game offline shows its scores at once, worked out on the phone by games.rules
itself (MicroPython in a worker: docs/phone.md "Rules on the phone"): Skull King, Тысяча
and the score sheet at 390 x 844, the network cut after round 1, two rounds entered, the
totals a hand count gives, then the server agreeing once the connection is back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from games import services
from games.models import Game, Round
from tests.e2e.flows import start_session
from tests.e2e.test_offline import ready_for_offline
from tests.e2e.test_round_games import (
    HUMAN_PAUSE_MS,
    chips,
    kept_ahead,
    key,
    sheet_round,
    skull_round,
    tysiac_deal,
)


def phone_chips(page: Page) -> dict[str, int]:
    """The totals on the phone's own table, once the rules have answered."""
    expect(page.locator("#offline-table [data-phone-scores] .kept-round").first).to_be_visible()
    return chips(page)


def offline_game(browser, browser_context_args, live_server, kind, names, preset=None):
    context: BrowserContext = browser.new_context(**browser_context_args)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    ready_for_offline(page, live_server.url)
    url = start_session(
        page, live_server.url, kind=kind, names=names, first_dealer=names[0], preset=preset
    )
    page.reload()  # the worker keeps this page's files from now on
    return context, page, url, errors


def came_back(context: BrowserContext, page: Page, url: str, rounds: int) -> Game:
    context.set_offline(False)
    expect(page.locator("#connection")).to_contain_text("every entry kept on this phone was sent")
    game = Game.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[1])
    assert Round.objects.filter(game=game, done=True).count() == rounds
    return game


@pytest.mark.django_db(transaction=True)
def test_skull_king_scores_two_rounds_offline_as_the_server_then_does(
    browser, browser_context_args, live_server, screenshot_dir: Path
) -> None:
    context, page, url, errors = offline_game(
        browser, browser_context_args, live_server, "Skull King", ["Anna", "Ben", "Cleo"]
    )
    skull_round(page, 1, [1, 0, 0], [1, 0, 0])
    kept_ahead(page, through=3)

    context.set_offline(True)
    skull_round(page, 2, [1, 0, 1], [1, 0, 1])
    skull_round(page, 3, [0, 2, 1], [0, 3, 0], {"e.bonuses.1.mermaids": 1})
    expect(page.locator("#connection")).to_contain_text("4 entries kept on this phone")
    # By hand. Round 1: Anna bid 1 took 1: 20; Ben and Cleo bid 0 of 1 card: 10 each.
    # Round 2 (2 cards): Anna 20, Ben 0 of 2: 20, Cleo 20. Round 3 (3 cards): Anna 0 of 3:
    # 30, Ben bid 2 took 3: -10 (no bonus: the bid was not exact), Cleo bid 1 took 0: -10.
    assert phone_chips(page) == {"Anna": 70, "Ben": 20, "Cleo": 20}
    summaries = page.locator("#offline-table .kept-round summary")
    expect(summaries).to_have_text(
        [
            "Round 2 scored (not sent yet) · Anna +20 · Ben +20 · Cleo +20",
            "Round 3 scored (not sent yet) · Anna +30 · Ben \u221210 · Cleo \u221210",
        ]
    )
    summaries.nth(1).click()
    expect(page.locator("#offline-table .kept-round").nth(1)).to_contain_text(
        "no bonus: the bid was not exact"
    )
    expect(page.locator("#round-title")).to_have_text("Round 4")
    page.screenshot(path=str(screenshot_dir / "skull-king-offline-scores.png"))

    came_back(context, page, url, 3)
    assert chips(page) == {"Anna": 70, "Ben": 20, "Cleo": 20}
    assert not errors


@pytest.mark.django_db(transaction=True)
def test_a_round_kept_offline_that_the_server_refuses_is_named_by_its_number(
    browser, browser_context_args, live_server, screenshot_dir: Path
) -> None:
    context, page, _url, errors = offline_game(
        browser, browser_context_args, live_server, "Skull King", ["Anna", "Ben", "Cleo"]
    )
    skull_round(page, 1, [1, 0, 0], [1, 0, 0])
    kept_ahead(page, through=3)

    context.set_offline(True)
    skull_round(page, 2, [1, 0, 0], [1, 0, 0])  # 2 cards each: the tricks add up to 1
    context.set_offline(False)

    refused = page.locator("#refused")
    expect(refused).to_contain_text("Round 2: The tricks add up to 1; the round has 2.")
    expect(refused.get_by_role("button", name="Drop it")).to_be_in_viewport()
    page.screenshot(path=str(screenshot_dir / "skull-king-refused-when-sent.png"))
    assert not errors


@pytest.mark.django_db(transaction=True)
def test_a_thousand_scores_two_deals_offline_as_the_server_then_does(
    browser, browser_context_args, live_server, screenshot_dir: Path
) -> None:
    context, page, url, errors = offline_game(
        browser,
        browser_context_args,
        live_server,
        "Thousand (Tysiąc, Тысяча)",
        ["A", "B", "C"],
        preset="Тысяча: Russian",
    )
    # The example: A bids 140, 57 + 80 = 137: -140; B 38 -> 40; C 25 + 40 = 65.
    tysiac_deal(page, 1, "A", 140, {0: 57, 1: 38, 2: 25}, {"D": "A", "S": "C"})
    assert chips(page) == {"C": 65, "B": 40, "A": -140}
    kept_ahead(page, through=3)

    context.set_offline(True)
    # B bids 120, takes 70 + 100 (hearts) = 170: +120; A 30 -> 30; C 20 -> 20.
    tysiac_deal(page, 2, "B", 120, {0: 30, 1: 70, 2: 20}, {"H": "B"})
    # C bids 100, takes 62: -100; A 40 -> 40, B 18 -> 20.
    tysiac_deal(page, 3, "C", 100, {0: 40, 1: 18, 2: 62})
    expect(page.locator("#connection")).to_contain_text("2 entries kept on this phone")
    assert phone_chips(page) == {"B": 180, "A": -70, "C": -15}
    expect(page.locator("#offline-table .kept-round summary")).to_have_text(
        [
            "Deal 2 scored (not sent yet) · A +30 · B +120 · C +20",
            "Deal 3 scored (not sent yet) · A +40 · B +20 · C \u2212100",
        ]
    )
    page.screenshot(path=str(screenshot_dir / "tysiac-offline-scores.png"))

    came_back(context, page, url, 3)
    assert chips(page) == {"B": 180, "A": -70, "C": -15}
    assert not errors


@pytest.mark.django_db(transaction=True)
def test_the_score_sheet_scores_two_rounds_offline_as_the_server_then_does(
    browser, browser_context_args, live_server, screenshot_dir: Path
) -> None:
    context, page, url, errors = offline_game(
        browser,
        browser_context_args,
        live_server,
        "Any game: a score sheet",
        ["Anna", "Ben", "Cleo"],
        preset="Free: the highest total wins",
    )
    sheet_round(page, 1, {0: 5, 1: 10, 2: 0})
    kept_ahead(page, through=3)

    context.set_offline(True)
    sheet_round(page, 2, {0: 7, 1: -4, 2: 3})
    sheet_round(page, 3, {0: 1, 1: 2, 2: 30})
    expect(page.locator("#connection")).to_contain_text("2 entries kept on this phone")
    # By hand: Anna 5 + 7 + 1 = 13, Ben 10 - 4 + 2 = 8, Cleo 0 + 3 + 30 = 33.
    assert phone_chips(page) == {"Cleo": 33, "Anna": 13, "Ben": 8}
    places = page.locator("#offline-table .score-chip .place")
    expect(places).to_have_text(["1.", "2.", "3."])
    expect(page.locator("#offline-table .kept-round summary")).to_have_text(
        [
            "Round 2 scored (not sent yet) · Anna +7 · Ben \u22124 · Cleo +3",
            "Round 3 scored (not sent yet) · Anna +1 · Ben +2 · Cleo +30",
        ]
    )
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    page.screenshot(path=str(screenshot_dir / "sheet-offline-scores.png"))

    # Reopened without a network: the rules start again from what the worker kept.
    page.reload()
    assert phone_chips(page) == {"Cleo": 33, "Anna": 13, "Ben": 8}
    # Undo takes back round 3, kept on this phone: the totals go back with it.
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    page.locator("#offline-table [data-undo]").click()
    expect(page.locator("#offline-table .kept-round")).to_have_count(1)
    assert phone_chips(page) == {"Anna": 12, "Ben": 6, "Cleo": 3}
    sheet_round(page, 3, {0: 1, 1: 2, 2: 30})
    assert phone_chips(page) == {"Cleo": 33, "Anna": 13, "Ben": 8}

    came_back(context, page, url, 3)
    assert chips(page) == {"Cleo": 33, "Anna": 13, "Ben": 8}
    assert not errors


def rounds_8_to_10(page: Page) -> None:
    """Skull King for five, rounds 8 to 10 kept offline, every bid made.
    (bench/offline_draw.py times them.)"""
    for number, took in ((8, [1, 0, 0, 0, 7]), (9, [0, 9, 0, 0, 0]), (10, [2, 2, 2, 2, 2])):
        skull_round(page, number, took, took)
        expect(page.locator("#offline-table .kept-round")).to_have_count(number - 7)


@pytest.mark.django_db(transaction=True)
def test_skull_king_for_five_goes_on_offline_in_round_8_with_its_totals(
    browser, browser_context_args, live_server
) -> None:
    """Skull King for five, 7 rounds in: rounds 8 to 10 kept offline are scored on the phone
    from the seven the server scored, as the server then scores them. (How fast each is
    drawn with the CPU slowed 4x: bench/offline_draw.py.)"""
    context, page, url, errors = offline_game(
        browser,
        browser_context_args,
        live_server,
        "Skull King",
        ["Anna", "Ben", "Cleo", "Dan", "Eve"],
    )
    game = Game.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[1])
    for number in range(1, 8):
        tricks = [number, 0, 0, 0, 0]
        services.record_round(
            game=game,
            round_number=number,
            entry={"bids": tricks, "tricks": tricks, "bonuses": [{}] * 5},
        )
    page.reload()
    kept_ahead(page, through=10)

    context.set_offline(True)
    rounds_8_to_10(page)
    # By hand. Rounds 1 to 7: Anna bid the round's cards and took them, 20 a card (560);
    # the others bid 0 and made it, 10 a card (280). Round 8: Anna 1 of 1: 20, Ben, Cleo
    # and Dan 0: 80, Eve 7 of 7: 140. Round 9: Ben 9 of 9: 180, the others 0: 90. Round
    # 10: 2 of 2 each: 40.
    hand_count = {"Anna": 710, "Ben": 580, "Eve": 550, "Cleo": 490, "Dan": 490}
    assert phone_chips(page) == hand_count
    came_back(context, page, url, 10)
    assert chips(page) == hand_count
    assert not errors


@pytest.mark.django_db(transaction=True)
def test_the_rules_start_on_a_flaky_connection_that_lost_their_files_once(
    browser, browser_context_args, live_server
) -> None:
    """The rules' bundle is lost twice on the way (the page's early fetch, then the rules'
    worker's own), before the service worker kept it, and the entries' answers are lost
    too: the phone tries the rules again and scores the round, as the server then does.
    (No service worker: it would fetch the files out of the test's reach.)"""
    context: BrowserContext = browser.new_context(**browser_context_args, service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    lost: list[str] = []

    def bundle(route) -> None:
        if len(lost) < 2:
            lost.append(route.request.url)
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/phone_rules/rules*.json", bundle)
    url = start_session(
        page, live_server.url, kind="Skull King", names=["Anna", "Ben", "Cleo"], first_dealer="Anna"
    )
    page.route(
        "**/*",
        lambda route: (
            route.abort("connectionreset") if route.request.method == "POST" else route.fallback()
        ),
    )
    for seat, bid in enumerate([1, 0, 0]):
        key(page, f"e.bids.{seat}", bid).click()
    page.locator(".save-round").click()
    # The bids kept on the phone, which asks its rules (the call, the totals so far): the
    # bundle lost, they are tried again, and answer; "later" is never said.
    expect(page.locator("#offline-table")).to_be_visible()
    expect(page.locator("#offline-table .save-round")).to_have_text("Save round 1")
    scores = page.locator("#offline-table [data-phone-scores]")
    expect(scores.locator(".score-chip").first).to_be_visible()
    expect(scores).not_to_contain_text(re.compile("Working out the scores|Scores come when"))
    assert len(lost) == 2
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    for seat, took in enumerate([1, 0, 0]):
        key(page, f"e.tricks.{seat}", took).click()
    page.locator(".save-round").click()
    # By hand: Anna bid 1 took 1: 20; Ben and Cleo bid 0 of 1 card: 10 each.
    assert phone_chips(page) == {"Anna": 20, "Ben": 10, "Cleo": 10}
    page.unroute("**/*")
    expect(page.locator("#connection")).to_contain_text(
        "every entry kept on this phone was sent", timeout=40_000
    )
    game = Game.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[1])
    assert Round.objects.filter(game=game, done=True).count() == 1
    assert chips(page) == {"Anna": 20, "Ben": 10, "Cleo": 10}
    assert not errors
