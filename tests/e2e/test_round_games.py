"""Skull King and the score sheet for any game at the table, at both phone sizes: whole
games whose totals are counted by hand, a correction, and rounds kept offline."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from games.models import Game, Round
from tests.e2e.flows import no_horizontal_scroll, start_session
from tests.e2e.test_offline import ready_for_offline

SIZES = [(390, 844), (360, 640)]
HUMAN_PAUSE_MS = 500


def chips(page: Page) -> dict[str, int]:
    """The totals at the top of the table: name -> total."""
    found = {}
    rows = page.locator("#table .score-chip")
    expect(rows.first).to_be_visible()
    for index in range(rows.count()):
        row = rows.nth(index)
        found[row.locator(".standing-name").inner_text().strip()] = int(
            row.locator(".standing-total").inner_text().replace("−", "-")
        )
    return found


def answered(page: Page, number: int, word: str = "Round") -> None:
    """Round ``number``'s answer is on the screen: the server's table says it scored it, or
    the phone's own (offline) shows the round after it. Totals are read only then. ``word``:
    what the game calls it (a "Deal" in Kozel and Tysiąc, a "Hand" in Spades)."""
    scored = page.locator("#table details.last-deal summary", has_text=f"{word} {number} scored")
    following = page.locator("#round-title", has_text=re.compile(rf"^{word} {number + 1}$"))
    expect(scored.or_(following).first).to_be_visible()


def sheet_round(page: Page, number: int, points: dict[int, int]) -> None:
    expect(page.locator("#round-title")).to_have_text(f"Round {number}")
    for side, value in points.items():
        field = page.locator(f"#points-{side}")
        field.fill(str(abs(value)))
        if value < 0:
            page.locator(f"[data-negate=points-{side}]").click()
    page.locator(".save-round").click()
    answered(page, number)
    page.wait_for_timeout(HUMAN_PAUSE_MS)


def key(page: Page, name: str, value: int | str):
    """The key of a row of keys (one tap a number): the label that holds the radio."""
    return page.locator(f".radio-key:has(input[name='{name}'][value='{value}'])")


def skull_round(page: Page, number: int, bids, tricks, bonuses=None) -> None:
    expect(page.locator("#round-title")).to_have_text(f"Round {number}")
    for seat, bid in enumerate(bids):
        key(page, f"e.bids.{seat}", bid).click()
    page.locator(".save-round").click()
    expect(page.locator(".save-round")).to_have_text(f"Save round {number}")
    # The same button's spot: a tap within 450 ms of the swap would be a double tap (app.js).
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    for seat, took in enumerate(tricks):
        key(page, f"e.tricks.{seat}", took).click()
    for name, value in (bonuses or {}).items():
        seat = name.split(".")[2]
        opener = page.locator(f".key-row:has(input[name='e.tricks.{seat}']) details.bonus-open")
        if opener.get_attribute("open") is None:
            opener.locator("summary").click()
        if value is True:
            page.locator(f"[name='{name}']").check()
        else:
            key(page, name, value).click()
    page.locator(".save-round").click()
    answered(page, number)
    page.wait_for_timeout(HUMAN_PAUSE_MS)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", SIZES, ids=["390x844", "360x640"])
def test_a_game_of_scala_40_to_the_last_player_in(
    browser, browser_context_args, live_server, screenshot_dir: Path, viewport
) -> None:
    size = {"width": viewport[0], "height": viewport[1]}
    page = browser.new_context(**{**browser_context_args, "viewport": size}).new_page()
    start_session(
        page,
        live_server.url,
        kind="Any game: a score sheet",
        names=["Anna", "Ben", "Cleo"],
        first_dealer="Anna",
        preset="Scala 40: the lowest wins, out at 101",
    )
    # By hand: Anna 10 + 50 + 45 = 105 (out in round 3), Ben 30 + 80 = 110 (out in
    # round 2), Cleo 5 + 20 + 10 = 35, the last one in.
    sheet_round(page, 1, {0: 10, 1: 30, 2: 5})
    expect(page.locator(".save-round")).to_be_in_viewport()
    sheet_round(page, 2, {0: 50, 1: 80, 2: 20})
    expect(page.locator("#table")).to_contain_text("out at 110")
    sheet_round(page, 3, {0: 45, 2: 10})

    expect(page.locator("#table .announcement")).to_have_text("Winner: Cleo")
    assert chips(page) == {"Cleo": 35, "Anna": 105, "Ben": 110}
    assert no_horizontal_scroll(page) <= viewport[0]
    page.screenshot(path=str(screenshot_dir / f"scala40-{viewport[0]}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", SIZES, ids=["390x844", "360x640"])
def test_skull_king_rounds_with_bonuses_a_correction_and_the_sheet(
    browser, browser_context_args, live_server, screenshot_dir: Path, viewport
) -> None:
    size = {"width": viewport[0], "height": viewport[1]}
    page = browser.new_context(**{**browser_context_args, "viewport": size}).new_page()
    url = start_session(
        page,
        live_server.url,
        kind="Skull King",
        names=["Anna", "Ben", "Cleo"],
        first_dealer="Cleo",
    )
    # Round 1 (1 card): Anna bids 1 and takes it with the black 14: 20 + 20 = 40;
    # Ben and Cleo bid 0 and take none: 10 each.
    skull_round(page, 1, [1, 0, 0], [1, 0, 0], {"e.bonuses.0.black_fourteen": True})
    # Round 2 (2 cards): Anna 1 of 1: 20; Ben bids 0, takes 1: -20; Cleo 0 of 0: 20.
    skull_round(page, 2, [1, 0, 0], [1, 1, 0])
    assert chips(page) == {"Anna": 60, "Cleo": 30, "Ben": -10}
    expect(page.locator("#table .save-round")).to_be_in_viewport()

    page.goto(url + "sheet/")
    page.get_by_role("button", name="How Anna's points came to be").first.click()
    expect(page.locator("[popover]:popover-open")).to_contain_text("the black 14: +20")
    page.keyboard.press("Escape")
    # Ben took no trick in round 2 after all: Cleo took it. Ben 0 of 0: 20; Cleo bid 0,
    # took 1: -20.
    page.get_by_role("link", name="Correct round 2").click()
    key(page, "e.tricks.1", 0).click()
    key(page, "e.tricks.2", 1).click()
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_url(url + "sheet/")
    page.goto(url)
    assert chips(page) == {"Anna": 60, "Ben": 30, "Cleo": -10}
    assert no_horizontal_scroll(page) <= viewport[0]
    page.screenshot(path=str(screenshot_dir / f"skull-king-{viewport[0]}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_rounds_entered_offline_are_kept_then_sent_once(
    browser, browser_context_args, live_server, screenshot_dir: Path
) -> None:
    context: BrowserContext = browser.new_context(**browser_context_args)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    ready_for_offline(page, live_server.url)
    url = start_session(
        page, live_server.url, kind="Skull King", names=["Anna", "Ben", "Cleo"], first_dealer="Anna"
    )
    page.reload()
    kept_ahead(page, through=3)  # the forms ahead arrive after the page is up

    context.set_offline(True)
    skull_round(page, 1, [1, 0, 0], [1, 0, 0])
    # Round 2's bids kept: the call, looked up by their sum, and the play form with them.
    for seat, bid in enumerate([1, 0, 0]):
        key(page, f"e.bids.{seat}", bid).click()
    page.locator(".save-round").click()
    expect(page.locator("#offline-table")).to_contain_text("UNDER by 1: bids 1, tricks 2")
    # Each player's bid beside their tricks, on the form drawn ahead.
    bids = page.locator("#offline-table .key-row legend .muted")
    expect(bids).to_have_text(["Bid 1", "Bid 0", "Bid 0"])
    for seat, took in enumerate([1, 0, 1]):
        key(page, f"e.tricks.{seat}", took).click()
    page.locator(".save-round").click()
    expect(page.locator("#connection")).to_contain_text("4 entries kept on this phone")
    expect(page.locator("#round-title")).to_have_text("Round 3")
    # Each round kept, scored on the phone (tests/e2e/test_offline_scores.py), says what
    # was entered with its form's own words.
    expect(page.locator("#offline-table .kept-round .kept-said").nth(1)).to_have_text(
        "Anna: bid 1, tricks taken 1; Ben: bid 0, tricks taken 0; Cleo: bid 0, tricks taken 1"
    )
    page.screenshot(path=str(screenshot_dir / "skull-king-offline.png"), full_page=True)

    context.set_offline(False)
    expect(page.locator("#connection")).to_contain_text("every entry kept on this phone was sent")
    # By hand: round 1 20, 10, 10; round 2 (2 cards) Anna 20, Ben 0 of 0: 20, Cleo bid 0
    # took 1: -20.
    assert chips(page) == {"Anna": 40, "Ben": 30, "Cleo": -10}
    game = Game.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[1])
    assert Round.objects.filter(game=game, done=True).count() == 2
    assert not errors


def tysiac_deal(
    page: Page, number: int, bidder: str, contract: int, points: dict, marriages=None
) -> None:
    expect(page.locator("#round-title")).to_have_text(f"Deal {number}")
    page.locator("#table .bidder-pick").get_by_label(bidder).check()
    page.locator("#contract").fill(str(contract))
    for seat, value in points.items():
        page.locator(f"#points-{seat}").fill(str(value))
    for suit, name in (marriages or {}).items():
        # One tap a marriage: the declarer's chip (no dropdown).
        chips_of_suit = page.locator(
            f"#table label.radio-key:has(input[name='e.marriages.{suit}'])"
        )
        chips_of_suit.filter(has_text=re.compile(rf"^\s*{re.escape(name)}\s*$")).click()
    page.locator(".save-round").click()
    answered(page, number, "Deal")
    page.wait_for_timeout(HUMAN_PAUSE_MS)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", SIZES, ids=["390x844", "360x640"])
def test_tysiac_under_the_russian_preset_in_russian(
    browser, browser_context_args, live_server, screenshot_dir: Path, viewport
) -> None:
    size = {"width": viewport[0], "height": viewport[1]}
    page = browser.new_context(**{**browser_context_args, "viewport": size}).new_page()
    url = start_session(
        page,
        live_server.url,
        kind="Thousand (Tysiąc, Тысяча)",
        names=["A", "B", "C"],
        first_dealer="C",
    )
    # The example: A bids 140, 57 + 80 = 137: -140; B 38 -> 40; C 25 + 40 = 65.
    tysiac_deal(page, 1, "A", 140, {0: 57, 1: 38, 2: 25}, {"D": "A", "S": "C"})
    assert chips(page) == {"C": 65, "B": 40, "A": -140}
    expect(page.locator(".save-round")).to_be_in_viewport()
    # B gives up 125 before play: -125; A and C the greater of 60 and 63.
    page.locator("#table .bidder-pick").get_by_label("B").check()
    page.locator("#contract").fill("125")
    page.get_by_label("Given up before play (the bidder pays the contract)").check()
    expect(page.locator("#points-0")).to_be_hidden()
    page.locator(".save-round").click()
    answered(page, 2, "Deal")
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    assert chips(page) == {"C": 128, "A": -77, "B": -85}

    page.goto(url + "sheet/")
    page.locator("#language-select").select_option("ru")
    page.locator(".language-form button").click()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    page.get_by_role("button", name=re.compile("A")).first.click()
    expect(page.locator("[popover]:popover-open")).to_contain_text("заказ 140, набрано 137: −140")
    assert no_horizontal_scroll(page) <= viewport[0]
    page.screenshot(path=str(screenshot_dir / f"tysiac-{viewport[0]}.png"), full_page=True)


def drawn_ahead(page: Page) -> dict | None:
    """The rounds whose forms this phone keeps (the outbox keeps them in IndexedDB, store
    "scorekeeper"/"kept", key "ahead:<session>:<language>"): {"from": ..., "through": ...},
    or None."""
    return page.evaluate(
        """async () => {
          const asked = (request) => new Promise((resolve, reject) => {
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
          const opening = indexedDB.open("scorekeeper");
          opening.onupgradeneeded = () => opening.result.createObjectStore("kept");
          const db = await asked(opening);
          const store = db.transaction("kept").objectStore("kept");
          const key = (await asked(store.getAllKeys())).find(
            (each) => String(each).startsWith("ahead:"),
          );
          const kept = key && (await asked(store.get(key)));
          db.close();
          return kept ? {from: kept.from, through: kept.through} : null;
        }"""
    )


def kept_ahead(page: Page, through: int) -> dict:
    """Waits (10 s at most) until the phone keeps the forms of the rounds up to ``through``."""
    for _ in range(100):
        drawn = drawn_ahead(page)
        if drawn and (drawn.get("through") or 0) >= through:
            return drawn
        page.wait_for_timeout(100)
    raise AssertionError(f"the phone keeps the forms {drawn_ahead(page)}, not to {through}")


@pytest.mark.django_db(transaction=True)
def test_a_sheet_goes_on_offline_after_many_rounds_online(
    browser, browser_context_args, live_server, screenshot_dir: Path
) -> None:
    """The forms drawn ahead follow the game: a connection lost in round 7 still leaves the
    round's form on the phone (the phone asks for fresh ones as the rounds go by)."""
    context: BrowserContext = browser.new_context(**browser_context_args)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    ready_for_offline(page, live_server.url)
    url = start_session(
        page,
        live_server.url,
        kind="Any game: a score sheet",
        names=["Anna", "Ben", "Cleo"],
        first_dealer="Anna",
        preset="Free: the highest total wins",
    )
    for number in range(1, 7):  # beyond the rounds a phone was first given ahead
        sheet_round(page, number, {0: number, 1: 10, 2: 0})
    expect(page.locator("#round-title")).to_have_text("Round 7")
    # The phone has asked again as the rounds went by: it keeps rounds 7 to 9 at least.
    assert kept_ahead(page, through=9)["from"] >= 5

    context.set_offline(True)
    sheet_round(page, 7, {0: 7, 1: 10, 2: 5})
    sheet_round(page, 8, {0: 8, 1: -10, 2: 5})
    expect(page.locator("#connection")).to_contain_text("2 entries kept on this phone")
    expect(page.locator("#round-title")).to_have_text("Round 9")
    # What was entered stays in view, said with the form's own words, until it is sent.
    kept = page.locator("#offline-table .kept-round .kept-said")
    expect(kept).to_have_text(
        [
            "Anna 7, Ben 10, Cleo 5",
            "Anna 8, Ben \u221210, Cleo 5",  # the true minus sign
        ]
    )
    page.screenshot(path=str(screenshot_dir / "sheet-offline-round-9.png"), full_page=True)

    context.set_offline(False)
    expect(page.locator("#connection")).to_contain_text("every entry kept on this phone was sent")
    # By hand: Anna 1 + 2 + ... + 8 = 36; Ben 10 × 7 - 10 = 60; Cleo 5 + 5 = 10.
    assert chips(page) == {"Ben": 60, "Anna": 36, "Cleo": 10}
    game = Game.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[1])
    assert Round.objects.filter(game=game, done=True).count() == 8
    assert not errors
