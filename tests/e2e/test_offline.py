"""Never lose a tap (issue 32): the connection drops in the middle of real evenings.

Playwright's ``context.set_offline`` cuts the phone off (navigator.onLine false, every
request fails, the service worker's too) and ``route.abort`` makes a flaky connection.
Each test ends by comparing what the phone showed with what the server stored: nothing
lost, nothing doubled (one history line per entry).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from games.models import Change, Game, ShareLink
from tests.e2e.flows import number, start_session
from tests.e2e.test_accessibility import axe_audit

#: The page polls every 3 s; an answer and a swap on top.
LIVE_MS = 8_000
#: app.js drops a second tap on the same spot within 450 ms of a swap (a double tap).
HUMAN_PAUSE_MS = 500


def table(page: Page) -> Locator:
    """The table on screen: the server's, or inside it the one the phone draws while entries
    wait."""
    return page.locator("#table").first


def ready_for_offline(page: Page, base_url: str) -> None:
    """A first visit registers the service worker; from then on it keeps the session's pages."""
    page.goto(f"{base_url}/")
    # page.wait_for_function evaluates a string, which the page's CSP refuses.
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    for _ in range(50):
        if page.evaluate("() => navigator.serviceWorker.controller !== null"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the service worker never took the page")


def bid(page: Page, name: str, value: int) -> None:
    keypad = table(page).locator(".keypad-form")
    expect(keypad.locator(".keypad-label")).to_have_text(f"{name} bids:")
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    keypad.locator(f"button.key[value='{value}']").click()


def trick(page: Page, name: str) -> None:
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    table(page).locator(".trick-row button").filter(has_text=name).click()


def read_standings(page: Page) -> dict[str, tuple[int, int]]:
    """The Totals of the table on screen: name -> (place, total)."""
    rows = table(page).locator("ol.standings li")
    expect(rows.first).to_be_visible()
    result = {}
    for index in range(rows.count()):
        row = rows.nth(index)
        name = row.locator(".standing-name").inner_text().strip()
        result[name] = (
            number(row.locator(".place").inner_text()),
            number(row.locator(".standing-total").inner_text()),
        )
    return result


def start_classic(page: Page, base_url: str) -> str:
    """Classic (Hoyle), Anna, Ben and Cleo, Cleo dealing: deal 1 has one card."""
    return start_session(
        page,
        base_url,
        kind="Oh Hell",
        names=["Anna", "Ben", "Cleo"],
        first_dealer="Cleo",
        preset="Classic (Hoyle)",
    )


def status(page: Page) -> Locator:
    return page.locator("#connection")


def history_lines(url: str) -> int:
    game = Game.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[1])
    return Change.objects.filter(game=game).exclude(action="start").count()


def session_of(url: str) -> Game:
    return Game.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[1])


@pytest.mark.long
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", [(390, 844), (360, 640)], ids=["390x844", "360x640"])
def test_two_deals_offline_with_the_hook_a_reload_and_back(
    browser, browser_context_args, live_server, screenshot_dir: Path, viewport: tuple[int, int]
) -> None:
    size = {"width": viewport[0], "height": viewport[1]}
    context: BrowserContext = browser.new_context(**{**browser_context_args, "viewport": size})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    ready_for_offline(page, live_server.url)
    url = start_session(
        page,
        live_server.url,
        kind="Oh Hell",
        names=["Anna", "Ben", "Cleo"],
        first_dealer="Cleo",
        preset="Down and up with the hook",
    )
    expect(table(page).locator(".keypad-label")).to_have_text("Anna bids:")
    page.wait_for_load_state("networkidle")  # the lookups arrived (static/js/offline.js)
    context.set_offline(True)

    # Deal 1, 10 cards, Cleo deals: Anna 4, Ben 3; the hook strikes Cleo's 3.
    bid(page, "Anna", 4)
    expect(status(page)).to_have_text("No connection · 1 entry kept on this phone")
    # Undo takes back the entry still on the phone; the server never saw it.
    bid(page, "Ben", 5)
    expect(status(page)).to_have_text("No connection · 2 entries kept on this phone")
    table(page).get_by_role("button", name="Undo").click()
    expect(status(page)).to_have_text("No connection · 1 entry kept on this phone")
    bid(page, "Ben", 3)
    forbidden = table(page).locator("button.key[value='3']")
    expect(forbidden).to_be_disabled()
    expect(forbidden).to_have_accessible_name("3, not allowed by the hook")
    expect(table(page).locator(".hook-reason")).to_have_text(
        "The hook: Cleo may not bid 3, or the bids would add up to the 10 tricks."
    )
    problems: list[str] = []
    axe_audit(page, "offline, the hook", problems)
    bid(page, "Cleo", 2)
    expect(table(page).locator(".announcement")).to_contain_text("UNDER by 1")
    axe_audit(page, "offline, play", problems)
    for name in ["Anna"] * 4 + ["Ben"] * 3 + ["Cleo"] * 2 + ["Anna"]:
        trick(page, name)
    table(page).get_by_role("button", name="Take back trick 10").click()
    trick(page, "Cleo")
    expect(table(page).get_by_role("heading", name="All tricks played")).to_be_visible()
    table(page).get_by_role("button", name="Score this deal").click()
    # Anna 4 of 4, Ben 3 of 3, Cleo 3 of 2: 14, 13, 0 (10 + bid for a made bid).
    expect(table(page).locator(".deal-line h1")).to_have_text("Deal 2 of 19")
    assert read_standings(page) == {"Anna": (1, 14), "Ben": (2, 13), "Cleo": (3, 0)}
    axe_audit(page, "offline, a deal scored", problems)
    assert problems == []
    expect(status(page)).to_have_text("No connection · 16 entries kept on this phone")

    # A reload with no network: the kept copy of the page, with every entry still waiting.
    page.reload()
    expect(status(page)).to_have_text("No connection · 16 entries kept on this phone")
    expect(table(page).locator(".deal-line h1")).to_have_text("Deal 2 of 19")

    # Deal 2, 9 cards, Anna deals: Ben 5, Cleo 1, Anna 2 (3 struck); the counts at the end.
    bid(page, "Ben", 5)
    bid(page, "Cleo", 1)
    expect(table(page).locator("button.key[value='3']")).to_be_disabled()
    bid(page, "Anna", 2)
    expect(table(page).locator(".announcement")).to_contain_text("UNDER by 1")
    counts = table(page).locator("details.counts")
    counts.locator("summary").click()
    for name, taken in (("Ben", 5), ("Cleo", 2), ("Anna", 2)):
        row = counts.locator("fieldset").filter(has_text=name)
        row.locator(f"input[value='{taken}']").check()
    counts.get_by_role("button", name="Score this deal").click()
    expect(table(page).locator(".deal-line h1")).to_have_text("Deal 3 of 19")
    shown = read_standings(page)
    # Ben 5 of 5: 15, Cleo 2 of 1: 0, Anna 2 of 2: 12.
    assert shown == {"Ben": (1, 28), "Anna": (2, 26), "Cleo": (3, 0)}
    expect(table(page).locator(".pending-mark").first).to_have_text("(not sent yet)")
    page.screenshot(path=str(screenshot_dir / f"offline-two-deals-{viewport[0]}.png"))
    entries = 16 + 4
    expect(status(page)).to_have_text(f"No connection · {entries} entries kept on this phone")

    context.set_offline(False)
    expect(status(page)).to_have_text(
        "Back online: every entry kept on this phone was sent.", timeout=LIVE_MS
    )
    expect(page.locator("#offline-table")).to_have_count(0)
    assert read_standings(page) == shown
    assert history_lines(url) == entries  # each entry once
    page.goto(f"{url}sheet/")
    totals = page.locator("tfoot tr").first
    for name, (_place, total) in shown.items():
        assert str(total) in totals.inner_text(), name
    assert errors == []


@pytest.mark.django_db(transaction=True)
def test_a_flaky_connection_loses_nothing_and_doubles_nothing(new_context, live_server) -> None:
    context = new_context()
    page = context.new_page()
    url = start_classic(page, live_server.url)
    started = session_of(url).version
    # Every second request is cut, the entries' own POSTs included.
    count = {"n": 0}

    def flaky(route) -> None:
        count["n"] += 1
        if count["n"] % 2 == 0:
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/*", flaky)
    # Deal 1 (1 card): Anna 1, Ben 0, Cleo 1; Anna takes it. Deal 2 (2 cards): the counts.
    bid(page, "Anna", 1)
    bid(page, "Ben", 0)
    bid(page, "Cleo", 1)
    trick(page, "Anna")
    table(page).get_by_role("button", name="Score this deal").click()
    expect(table(page).locator(".deal-line h1")).to_contain_text("Deal 2 of")
    bid(page, "Ben", 1)
    bid(page, "Cleo", 0)
    bid(page, "Anna", 0)
    trick(page, "Ben")
    trick(page, "Cleo")
    table(page).get_by_role("button", name="Score this deal").click()
    expect(table(page).locator(".deal-line h1")).to_contain_text("Deal 3 of")
    page.unroute("**/*")
    expect(page.locator("#offline-table")).to_have_count(0, timeout=LIVE_MS * 2)
    # Anna 11 + 10, Ben 10 + 11, Cleo 0 + 0.
    assert read_standings(page) == {"Anna": (1, 21), "Ben": (1, 21), "Cleo": (3, 0)}
    # 3 bids, a trick, the score; 3 bids, 2 tricks, the score: each once.
    assert history_lines(url) == 11
    assert session_of(url).version == started + 11


def kozel_deal(page: Page, number: int, points: str) -> None:
    """A deal for the first team, its card points on the keypad (the round games' form)."""
    from tests.e2e.test_round_games import answered

    expect(page.locator("#round-title")).to_have_text(f"Deal {number}")
    page.locator("#table .points-input:visible").fill(points)
    page.locator("#table .save-round:visible").click()
    answered(page, number, "Deal")


@pytest.mark.django_db(transaction=True)
def test_a_kozel_match_goes_on_offline(browser, browser_context_args, live_server) -> None:
    """Kozel is a round game: offline, the rules on the phone score each deal kept."""
    from tests.e2e.test_round_games import chips, kept_ahead

    size = {"width": 360, "height": 640}
    context = browser.new_context(**{**browser_context_args, "viewport": size})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    ready_for_offline(page, live_server.url)
    url = start_session(
        page,
        live_server.url,
        kind="Kozel",
        names=["Anna", "Ben", "Cleo", "Dan"],
        first_dealer="Anna",
    )
    kozel_deal(page, 1, "45")  # Anna & Cleo lose with 45: 2
    kept_ahead(page, through=4)
    context.set_offline(True)
    kozel_deal(page, 2, "60")  # 60-60: eggs (seed 004: they change nothing)
    kozel_deal(page, 3, "30")  # 30: 4 more
    expect(status(page)).to_have_text("No connection · 2 entries kept on this phone")
    kept = page.locator("#offline-table .kept-round summary")
    expect(kept).to_have_text(
        [
            "Deal 2 scored (not sent yet) · Anna & Cleo 0 · Ben & Dan 0",
            "Deal 3 scored (not sent yet) · Anna & Cleo +4 · Ben & Dan 0",
        ]
    )
    assert chips(page) == {"Anna & Cleo": 6, "Ben & Dan": 0}
    expect(page.locator("#round-title")).to_have_text("Deal 4")

    context.set_offline(False)
    expect(page.locator("#offline-table")).to_have_count(0, timeout=LIVE_MS)
    assert chips(page) == {"Anna & Cleo": 6, "Ben & Dan": 0}
    assert history_lines(url) == 3
    assert not errors


@pytest.mark.django_db(transaction=True)
def test_a_co_scorekeepers_change_meanwhile_is_a_refusal_shown_not_a_loss(
    new_context, live_server
) -> None:
    context = new_context()
    page = context.new_page()
    url = start_classic(page, live_server.url)
    link = ShareLink.objects.create(game=session_of(url), role="edit")
    co = new_context().new_page()
    co.goto(f"{live_server.url}/j/{link.key}/")
    expect(co.locator(".keypad-label")).to_have_text("Anna bids:")

    page.wait_for_load_state("networkidle")
    context.set_offline(True)
    bid(page, "Anna", 1)
    bid(page, "Ben", 0)
    # Meanwhile the co-scorekeeper, online, enters Anna's bid as 0.
    co.locator("button.key[value='0']").click()
    expect(co.locator(".keypad-label")).to_have_text("Ben bids:")

    context.set_offline(False)
    refused = page.locator("#refused")
    expect(refused).to_contain_text(
        "Anna's bid was entered on another phone meanwhile.", timeout=LIVE_MS
    )
    expect(refused).to_contain_text("Bid · Anna: 1")
    expect(refused.locator(".kept")).to_contain_text("Bid · Ben: 0")  # still kept
    # The session as the server has it: Anna's 0, Ben to bid.
    expect(page.locator("#table .keypad-label")).to_have_text("Ben bids:")
    refused.get_by_role("button", name="Drop it").click()
    # Ben's 0 goes through on the server's table: nothing else was dropped.
    expect(page.locator("#table .keypad-label")).to_have_text("Cleo bids:", timeout=LIVE_MS)
    expect(page.locator("#offline-table")).to_have_count(0, timeout=LIVE_MS)  # sent
    game = session_of(url)
    bids = {hand.seat: hand.bid for hand in game.deals.get(index=0).hands.all()}
    assert bids == {0: 0, 1: 0}


@pytest.mark.django_db(transaction=True)
def test_a_viewer_says_since_when_and_catches_up(new_context, live_server) -> None:
    page = new_context().new_page()
    url = start_classic(page, live_server.url)
    link = ShareLink.objects.create(game=session_of(url), role="view")
    viewer_context = new_context()
    viewer = viewer_context.new_page()
    viewer.goto(f"{live_server.url}/j/{link.key}/")
    expect(viewer.locator("#table")).to_be_visible()

    viewer_context.set_offline(True)
    line = viewer.locator("#no-connection")
    expect(line).to_have_text(
        re.compile(r"^No connection, last update at \d\d:\d\d"), timeout=LIVE_MS
    )
    bid(page, "Anna", 1)

    viewer_context.set_offline(False)
    chip = viewer.locator(".bid-chip").filter(has_text="Anna").locator(".bidder-bid")
    expect(chip).to_have_text("1", timeout=LIVE_MS)
    expect(line).to_be_hidden()


KEPT_PAGES = """async () => {
    const urls = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((r) => new URL(r.url).pathname));
    }
    return urls.filter((url) => url.startsWith("/s/"));
}"""
KEPT_ENTRIES = """() => new Promise((resolve) => {
    const opened = indexedDB.open("scorekeeper");
    opened.onupgradeneeded = () => opened.result.createObjectStore("kept");
    opened.onsuccess = () => {
        const keys = opened.result.transaction("kept").objectStore("kept").getAllKeys();
        keys.onsuccess = () => { opened.result.close(); resolve(keys.result.map(String)); };
    };
})"""


@pytest.mark.django_db(transaction=True)
def test_the_copies_go_with_a_deleted_session_and_a_forgotten_notebook(
    new_context, live_server
) -> None:
    page = new_context().new_page()
    ready_for_offline(page, live_server.url)
    names = ["Anna", "Ben", "Cleo"]
    first = start_session(page, live_server.url, kind="Oh Hell", names=names, first_dealer="Cleo")
    page.wait_for_load_state("networkidle")  # the state kept, the lookups fetched
    page.goto(f"{first}sheet/")
    second = start_session(page, live_server.url, kind="Oh Hell", names=names, first_dealer="Ben")
    page.wait_for_load_state("networkidle")
    path = lambda url: url.replace(live_server.url, "")  # noqa: E731
    assert {path(first), f"{path(first)}sheet/", path(second)} <= set(page.evaluate(KEPT_PAGES))
    assert f"state:{session_of(first).public_id}" in page.evaluate(KEPT_ENTRIES)

    # A session deleted: its copies and what the phone kept of it go.
    page.goto(f"{first}delete/")
    page.get_by_role("button", name="Delete the session").click()
    expect(page.locator(".deleted-session")).to_be_visible()
    for _ in range(50):
        if path(first) not in page.evaluate(KEPT_PAGES):
            break
        page.wait_for_timeout(100)
    kept = page.evaluate(KEPT_PAGES)
    assert path(first) not in kept and f"{path(first)}sheet/" not in kept, kept
    assert path(second) in kept
    kept_entries = page.evaluate(KEPT_ENTRIES)
    assert f"state:{session_of(second).public_id}" in kept_entries
    assert not [key for key in kept_entries if session_of(second).public_id not in key], (
        kept_entries
    )

    # The notebook forgotten: every copy goes (Clear-Site-Data).
    page.goto(f"{live_server.url}/notebook/forget/")
    page.get_by_role("button", name="Delete everything").click()
    page.wait_for_url(f"{live_server.url}/")
    assert page.evaluate(KEPT_PAGES) == []
    assert page.evaluate(KEPT_ENTRIES) == []


@pytest.mark.django_db(transaction=True)
def test_undo_offline_of_an_entry_the_server_has(new_context, live_server) -> None:
    context = new_context()
    page = context.new_page()
    url = start_classic(page, live_server.url)
    bid(page, "Anna", 1)  # online: the server has it
    expect(table(page).locator(".keypad-label")).to_have_text("Ben bids:")
    page.wait_for_load_state("networkidle")
    context.set_offline(True)

    # Undo: the phone shows the session as the server's undo will leave it.
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    table(page).get_by_role("button", name="Undo").click()
    expect(status(page)).to_have_text("No connection · 1 entry kept on this phone")
    expect(table(page).locator(".keypad-label")).to_have_text("Anna bids:")
    bid(page, "Anna", 0)
    expect(table(page).locator(".keypad-label")).to_have_text("Ben bids:")

    context.set_offline(False)
    expect(page.locator("#offline-table")).to_have_count(0, timeout=LIVE_MS)
    game = session_of(url)
    assert {hand.seat: hand.bid for hand in game.deals.get(index=0).hands.all()} == {0: 0}
    actions = list(
        Change.objects.filter(game=game).exclude(action="start").values_list("action", flat=True)
    )
    assert sorted(actions) == ["bid", "bid", "undo"]
