"""Spades at the table with one thumb (issue 41): the first bid within 16 taps of the home
page; a hand entered at 390 x 844 and 360 x 640 (a blind nil, one tap; each team's contract
as the bids come in; the tricks per player), nothing wider than the screen, no tap needing
a scroll at 390 x 844; and a hand scored offline, the network cut, as a hand count gives
it and as the server then agrees."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games import services
from games.kinds import kind_of
from games.models import Notebook
from tests.e2e import test_one_thumb
from tests.e2e.test_accessibility import axe_audit, report
from tests.e2e.test_offline_scores import came_back, offline_game, phone_chips
from tests.e2e.test_one_thumb import VIEWPORTS, Walk, with_notebook
from tests.e2e.test_one_thumb_rounds import allowed_scrolls, widest
from tests.e2e.test_round_games import HUMAN_PAUSE_MS, answered, chips, kept_ahead

phones = test_one_thumb.phones  # the fixture: phone browsers of a size and language

both_viewports = pytest.mark.parametrize("viewport", list(VIEWPORTS))
NAMES = ("Anna", "Ben", "Carla", "Dario")


def key(page: Page, name: str, value: int | str):
    return page.locator(f"#table .radio-key:has(input[name='{name}'][value='{value}'])")


def contracts(page: Page) -> list[str]:
    return page.locator("#table p.deal-facts output[data-sum-of]").all_inner_texts()


@pytest.mark.django_db(transaction=True)
@both_viewports
def test_a_hand_with_a_blind_nil_in_ten_taps_no_wider_than_the_screen(
    phones, live_server, screenshot_dir: Path, viewport: str
) -> None:
    notebook = Notebook.objects.create()
    options = {**kind_of("spades").preset_options("pagat"), "blind_nil": "on"}
    game = services.start_game(
        notebook=notebook,
        kind="spades",
        preset="pagat",
        options=options,
        names=list(NAMES),
        first_dealer=3,  # Dario deals: Anna bids first
    )
    page = phones(viewport, "en")
    with_notebook(page, live_server.url, notebook)
    page.goto(f"{live_server.url}/s/{game.public_id}/")
    walk = Walk(page, f"spades {viewport}", screenshot_dir)
    page.screenshot(path=screenshot_dir / f"spades-{viewport}-bids.png")
    assert contracts(page) == ["", ""] or contracts(page) == ["0", "0"]

    # Anna: blind nil, one tap (the bid of nil with it); then 4, 4, 4.
    walk.tap("Anna's blind nil", key(page, "e.blind.0", "true"))
    expect(page.locator("#table input[name='e.bids.0'][value='0']")).to_be_checked()
    for seat, bid in ((1, 4), (2, 4), (3, 4)):
        walk.tap(f"bid of seat {seat}", key(page, f"e.bids.{seat}", bid))
    expect(page.locator("#table p.deal-facts output[data-sum-of]")).to_have_text(["4", "8"])
    expect(page.locator("#table .key-row legend output").last).to_have_text("8")
    page.screenshot(path=screenshot_dir / f"spades-{viewport}-bids-in.png")
    walk.tap("bids are in", page.locator("#table .save-round"))
    expect(page.locator("#round-call")).to_have_text("contracts: 4 against 8")
    expect(page.locator("#table .key-row legend").first).to_contain_text("Blind nil")
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    for seat, took in enumerate((0, 4, 5, 4)):
        walk.tap(f"tricks of seat {seat}", key(page, f"e.tricks.{seat}", took))
    page.screenshot(path=screenshot_dir / f"spades-{viewport}-tricks.png")
    walk.tap("save", page.locator("#table .save-round"))
    answered(page, 1)

    # By hand: Anna's blind nil made, +200; Carla 4 bid, 5 taken: 41 (a bag); 8 bid, 8 taken.
    assert chips(page) == {"Anna & Carla": 241, "Ben & Dario": 80}
    expect(page.locator("#table .score-chip .chip-mark")).to_have_text(["bags: 1", "bags: 0"])
    page.screenshot(path=screenshot_dir / f"spades-{viewport}-saved.png")
    walk.report()
    assert walk.taps == 10
    assert walk.scrolled <= allowed_scrolls(viewport, walk.taps), "\n".join(walk.misses)
    assert widest(page) <= VIEWPORTS[viewport][0]


@pytest.mark.django_db(transaction=True)
@both_viewports
def test_the_first_bid_within_16_taps_of_the_home_page(
    phones, live_server, screenshot_dir: Path, viewport: str
) -> None:
    page = phones(viewport, "en")
    page.goto(f"{live_server.url}/")
    walk = Walk(page, f"start spades {viewport}", screenshot_dir)
    walk.tap("new session", page.locator("main a.btn-primary[href$='/new/']"), navigates=True)
    walk.tap("the game", page.locator(".kinds label:has(input[value='spades'])"))
    expect(page.locator("input[name=previous_kind]")).to_have_value("spades")
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    walk.choose("the rules", page.locator("#preset"), "blind_nil")
    expect(page.locator("input[name=previous_preset]")).to_have_value("blind_nil")
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    seats = page.locator("ol.seats li")
    for count, name in enumerate(NAMES, start=1):
        walk.typed(f"name {name}", page.locator("#new_name"), name)
        page.keyboard.press("Enter")
        expect(seats).to_have_count(count)
    page.screenshot(path=screenshot_dir / f"spades-{viewport}-new.png", full_page=True)
    walk.tap("start", page.locator("#start-button"), navigates=True)
    page.wait_for_url(re.compile(r"/s/[^/]+/$"))
    # Hand 1, both teams level: blind nil is not offered to either, and the page says why.
    expect(page.locator("#table")).to_contain_text("blind nil only for a side 100 or more behind")
    expect(page.locator("#table input[name='e.blind.0'][type=checkbox]")).to_have_count(0)
    first = page.locator("#table .key-row").first.locator(".radio-key").nth(3)
    walk.tap("the first bid", first)
    expect(page.locator("#table .key-row").first.locator("input:checked")).to_have_count(1)
    page.screenshot(path=screenshot_dir / f"spades-{viewport}-first-bid.png")
    walk.report()
    assert walk.taps <= 16, f"the first bid took {walk.taps} taps"
    assert walk.scrolled <= allowed_scrolls(viewport, walk.taps), "\n".join(walk.misses)
    assert widest(page) <= VIEWPORTS[viewport][0]


def spades_hand(page: Page, number: int, bids, tricks, call: str = "") -> None:
    expect(page.locator("#round-title")).to_have_text(f"Round {number}")
    for seat, bid in enumerate(bids):
        key(page, f"e.bids.{seat}", bid).click()
    page.locator(".save-round").click()
    expect(page.locator(".save-round")).to_have_text(f"Save round {number}")
    if call:  # the deal screen's call, online or worked out on the phone
        expect(page.locator(".announcement.call-even")).to_have_text(call)
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    for seat, took in enumerate(tricks):
        key(page, f"e.tricks.{seat}", took).click()
    page.locator(".save-round").click()
    answered(page, number)
    page.wait_for_timeout(HUMAN_PAUSE_MS)


@pytest.mark.django_db(transaction=True)
def test_a_hand_scores_offline_as_a_hand_count_then_as_the_server_does(
    browser, browser_context_args, live_server, screenshot_dir: Path
) -> None:
    context, page, url, errors = offline_game(
        browser, browser_context_args, live_server, "Spades", list(NAMES)
    )
    # Hand 1 online, the tricks per player (a nil): Carla's nil made, +100; Anna 5 bid, 4
    # taken: set, −50; 7 bid, 9 taken: 72, two bags.
    spades_hand(page, 1, [5, 3, 0, 4], [4, 5, 0, 4], "contracts: 5 against 7")
    assert chips(page) == {"Ben & Dario": 72, "Anna & Carla": 50}
    kept_ahead(page, through=3)

    context.set_offline(True)
    # Hand 2: Ben's nil fails (−100, his 2 tricks are bags, not Dario's); Dario 4 bid, 3
    # taken: set, −40; 8 bid, 8 taken: 80.
    spades_hand(page, 2, [4, 0, 4, 4], [4, 2, 4, 3], "contracts: 8 against 4")
    expect(page.locator("#connection")).to_contain_text("2 entries kept on this phone")
    assert phone_chips(page) == {"Anna & Carla": 130, "Ben & Dario": -68}
    expect(page.locator("#offline-table .kept-round summary")).to_have_text(
        ["Round 2 scored (not sent yet) · Anna & Carla +80 · Ben & Dario \u2212140"]
    )
    # Ben & Dario's bags: 2 of hand 1's overtricks, then Ben's failed nil's 2 tricks.
    marks = page.locator("#offline-table .score-chips .chip-mark")
    expect(marks).to_contain_text(["bags: 4"])
    offline_marks = marks.all_inner_texts()
    page.screenshot(path=str(screenshot_dir / "spades-offline-scores.png"))

    came_back(context, page, url, 2)
    assert chips(page) == {"Anna & Carla": 130, "Ben & Dario": -68}
    assert page.locator("#table .score-chips .chip-mark").all_inner_texts() == offline_marks
    assert not errors


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["pl", "ru", "it"])
def test_the_hand_and_the_sheet_fit_the_screen_in_every_language_and_pass_axe(
    phones, live_server, screenshot_dir: Path, language: str
) -> None:
    """At 360 x 640, with blind nil offered to one team and its reason for the other: the
    bids, the tricks per team and the score sheet by team with its bags, no wider than the
    screen, axe finding nothing serious."""
    notebook = Notebook.objects.create()
    options = {**kind_of("spades").preset_options("blind_nil")}
    names = test_one_thumb.NAMES[language]
    game = services.start_game(
        notebook=notebook,
        kind="spades",
        preset="blind_nil",
        options=options,
        names=list(names),
        first_dealer=0,
    )
    # 1: 8 bid, 9 taken: 81 (a bag); 5 bid, 4 taken: set, −50: the second team 131 behind.
    services.record_bids(game=game, round_number=1, entry={"bids": [4, 3, 4, 2]})
    services.record_round(
        game=game, round_number=1, entry={"bids": [4, 3, 4, 2], "team_tricks": [9, 4]}
    )
    page = phones("360x640", language)
    with_notebook(page, live_server.url, notebook)
    page.goto(f"{live_server.url}/s/{game.public_id}/")
    expect(page.locator("#table input[name='e.blind.1'][type=checkbox]")).to_have_count(1)
    expect(page.locator("#table input[name='e.blind.0'][type=checkbox]")).to_have_count(0)
    page.screenshot(path=screenshot_dir / f"spades-{language}-bids.png", full_page=True)
    assert widest(page) <= 360
    problems: list[str] = []
    axe_audit(page, f"Spades' bids ({language})", problems)

    for seat, bid in enumerate((4, 3, 4, 2)):
        key(page, f"e.bids.{seat}", bid).click()
    page.locator(".save-round").click()
    expect(page.locator("#table input[name='e.team_tricks.0']").first).to_be_attached()
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    page.screenshot(path=screenshot_dir / f"spades-{language}-tricks.png", full_page=True)
    assert widest(page) <= 360
    axe_audit(page, f"Spades' tricks ({language})", problems)

    page.goto(f"{live_server.url}/s/{game.public_id}/sheet/")
    expect(page.locator("table.sheet tfoot")).to_contain_text("1")
    page.screenshot(path=screenshot_dir / f"spades-{language}-sheet.png", full_page=True)
    assert widest(page) <= 360
    axe_audit(page, f"Spades' sheet ({language})", problems)
    report(problems)
