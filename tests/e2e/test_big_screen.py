"""The big screen on a 1080p television (issue 40, "Done when"): read from 3 m, every number
at least 48 px; one screen with no scroll, with 8 players and many rounds played; axe finds
nothing serious, in the light and in the dark; it follows the scorekeeper's phone live, with
no tap, and asks to keep the screen on.

Sessions are set up through the services (the deal screens are tested elsewhere); the big
screen is opened by the notebook's browser or by a view-only link, as a television would.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games import services
from games.kinds import kind_of
from games.models import Game, Notebook, ShareLink
from games.services import oh_hell as oh_hell_services
from tests.e2e.test_accessibility import axe_audit, report
from tests.e2e.test_csp import RECORD_VIOLATIONS
from tests.e2e.test_round_games import sheet_round

TV = {"width": 1920, "height": 1080}
tv = pytest.mark.browser_context_args(
    viewport=TV, device_scale_factor=1, is_mobile=False, has_touch=False
)

#: "Within about 4 seconds": a poll every 3 s, plus the answer and the swap.
LIVE_MS = 6_000
SMALLEST_NUMBER_PX = 48
EIGHT = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn", "Gus", "Hana"]

# Every element showing a digit in its own text, as the screen draws it: its font size.
NUMBERS_JS = """
() => [...document.querySelectorAll("#main *")].filter((el) => {
  if (el.closest(".visually-hidden, svg") || !el.checkVisibility()) return false;
  const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE);
  return own.some((n) => /\\d/.test(n.textContent));
}).map((el) => ({
  text: el.textContent.trim().replace(/\\s+/g, " ").slice(0, 40),
  px: parseFloat(getComputedStyle(el).fontSize),
}))
"""


def start(kind: str, names: list[str], preset: str | None = None) -> Game:
    notebook = Notebook.objects.create(name="The Thursday table")
    preset = preset or next(iter(kind_of(kind).presets))
    return services.start_game(
        notebook=notebook,
        kind=kind,
        preset=preset,
        options=kind_of(kind).preset_options(preset),
        names=names,
        first_dealer=0,
    )


def skull_king_in_bids(rounds: int) -> Game:
    """Eight players, ``rounds`` rounds played (Anna bids every trick and takes them), and
    the next round's bids in: the screen shows the bids and the call."""
    game = start("skull_king", EIGHT)
    for number in range(1, rounds + 1):
        bids = [number] + [0] * 7
        services.record_bids(game=game, round_number=number, entry={"bids": bids})
        services.record_round(game=game, round_number=number, entry={"bids": bids, "tricks": bids})
    bids = [rounds + 1, 1, 0, 0, 2, 0, 0, 0]
    services.record_bids(game=game, round_number=rounds + 1, entry={"bids": bids})
    return game


def oh_hell_in_play(deals: int) -> Game:
    """Seven players with the hook, ``deals`` deals played, the next one bid all but the
    dealer (the hook's number shows)."""
    game = start("oh_hell", EIGHT[:7], preset="down_and_up_hook")
    for _ in range(deals):
        table = services.load(Game.objects.get(pk=game.pk))
        number = table.deal_number(table.current)
        order = table.bidding.order
        for seat in order:
            oh_hell_services.place_bid(game=game, deal_number=number, seat=seat, bid=0)
        tricks = [table.plan.cards if seat == order[0] else 0 for seat in range(7)]
        oh_hell_services.record_tricks(game=game, deal_number=number, tricks=tricks)
    table = services.load(Game.objects.get(pk=game.pk))
    number = table.deal_number(table.current)
    for index, seat in enumerate(table.bidding.order[:-1]):
        bid = 1 if index == 0 else 0
        oh_hell_services.place_bid(game=game, deal_number=number, seat=seat, bid=bid)
    return game


def sheet_of_seven(rounds: int) -> Game:
    game = start("any_game", EIGHT[:7])  # a score sheet seats 7 at most
    for number in range(1, rounds + 1):
        points = [(number * 37 + seat * 113) % 250 - 60 for seat in range(7)]
        services.record_round(game=game, round_number=number, entry={"points": points})
    return game


def open_big_screen(page: Page, base_url: str, game: Game) -> None:
    page.context.add_cookies([{"name": "notebook", "value": game.notebook.key, "url": base_url}])
    page.goto(f"{base_url}/s/{game.public_id}/screen/")
    expect(page.locator("#screen")).to_have_count(1)


def fits_and_reads(page: Page, label: str, problems: list[str]) -> None:
    """No scroll either way, the last of the totals in view; every number at least 48 px."""
    size = page.evaluate(
        "({w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight})"
    )
    if size["h"] > TV["height"] or size["w"] > TV["width"]:
        problems.append(f"{label}: the page is {size['w']}x{size['h']}, more than the screen")
    last = page.locator(".big-standings li").last.bounding_box()
    if last["y"] + last["height"] > TV["height"]:
        problems.append(f"{label}: the last of the totals ends at {last['y'] + last['height']}")
    numbers = page.evaluate(NUMBERS_JS)
    assert numbers, f"{label}: no number found"
    for number in numbers:
        if number["px"] < SMALLEST_NUMBER_PX:
            problems.append(f"{label}: {number['text']!r} is {number['px']} px")


def scala_40_with_five_out() -> Game:
    """Seven at Scala 40, five of them out (over 101), each total with its "out at" line."""
    game = start("any_game", EIGHT[:7], preset="scala_40")
    for number, points in ((1, [10, 60, 70, 80, 90, 95, 20]), (2, [5, 60, 70, 80, 90, 95, 30])):
        services.record_round(game=game, round_number=number, entry={"points": points})
    return game


def spades_in_bids() -> Game:
    """Two teams with bags (a mark with a number), three hands played, the fourth bid."""
    game = start("spades", EIGHT[:4])
    for number, bids, tricks in (
        (1, [3, 4, 2, 4], [3, 4, 3, 3]),
        (2, [2, 3, 2, 3], [2, 3, 2, 6]),
        (3, [4, 2, 3, 3], [4, 2, 4, 3]),
    ):
        services.record_bids(game=game, round_number=number, entry={"bids": bids})
        entry = {"bids": bids, "tricks": tricks}
        services.record_round(game=game, round_number=number, entry=entry)
    services.record_bids(game=game, round_number=4, entry={"bids": [0, 5, 3, 2]})
    return game


SCREENS = {
    "skull_king": lambda: skull_king_in_bids(7),
    "oh_hell": lambda: oh_hell_in_play(9),
    "any_game": lambda: sheet_of_seven(30),
    "scala_40": scala_40_with_five_out,
    "spades": spades_in_bids,
}


@tv
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("kind", list(SCREENS))
@pytest.mark.django_db(transaction=True)
def test_the_big_screen_reads_from_across_the_room(
    page: Page, live_server, screenshot_dir: Path, kind: str, scheme: str
) -> None:
    game = SCREENS[kind]()
    ShareLink.objects.create(game=game, role=ShareLink.Role.VIEW)
    page.emulate_media(color_scheme=scheme)
    open_big_screen(page, live_server.url, game)
    expect(page.locator(".big-qr svg title")).to_have_text("QR code: follow the score on a phone")
    if kind == "skull_king":
        expect(page.locator(".big-title")).to_have_text("Round 8")
        expect(page.locator(".big-seat")).to_have_count(8)
        expect(page.locator(".big-call-words")).to_have_text("OVER by 3: bids 11, tricks 8")
    elif kind == "oh_hell":
        expect(page.locator(".big-title")).to_have_text("Deal 10 of 13")
        expect(page.locator(".big-hook")).to_contain_text("may not bid")
    elif kind == "spades":
        expect(page.locator(".big-standings .big-mark").first).to_contain_text("bags")
    elif kind == "scala_40":
        expect(page.locator(".big-standings .big-mark")).to_have_count(5)
    page.wait_for_timeout(300)  # the page's fonts and layout settled
    problems: list[str] = []
    fits_and_reads(page, f"{kind}, {scheme}", problems)
    axe_audit(page, f"{kind}, {scheme}", problems)
    page.screenshot(path=screenshot_dir / f"big-screen-{kind}-{scheme}.png")
    report(problems)


@tv
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.django_db(transaction=True)
def test_the_big_screen_shows_the_winners_at_the_end(
    page: Page, live_server, screenshot_dir: Path, scheme: str
) -> None:
    game = sheet_of_seven(12)
    services.end_game(game=game)
    page.emulate_media(color_scheme=scheme)
    open_big_screen(page, live_server.url, game)
    expect(page.locator(".big-title")).to_have_text("Game over")
    expect(page.locator(".big-winners")).to_contain_text("Winner")
    expect(page.locator(".big-standings li.winner")).not_to_have_count(0)
    problems: list[str] = []
    fits_and_reads(page, f"game over, {scheme}", problems)
    axe_audit(page, f"game over, {scheme}", problems)
    page.screenshot(path=screenshot_dir / f"big-screen-game-over-{scheme}.png")
    report(problems)


@pytest.mark.long
@tv
@pytest.mark.django_db(transaction=True)
def test_the_big_screen_follows_the_scorekeeper_live(
    new_context, live_server, screenshot_dir: Path
) -> None:
    """The scorekeeper's phone and a television that opened the view-only link: a bid and a
    deal scored on the phone show on the television without a tap or a reload."""
    game = start("oh_hell", ["Anna", "Ben", "Cleo"], preset="down_and_up_hook")
    link = ShareLink.objects.create(game=game, role=ShareLink.Role.VIEW)
    phone = new_context().new_page()
    phone.context.add_cookies(
        [{"name": "notebook", "value": game.notebook.key, "url": live_server.url}]
    )
    phone.goto(f"{live_server.url}/s/{game.public_id}/")
    television = new_context().new_page()
    # The strict CSP blocks nothing the big screen does (tests/e2e/test_csp.py).
    problems: list[str] = []
    television.on(
        "console",
        lambda message: (
            problems.append(f"console {message.type}: {message.text}")
            if message.type in ("error", "warning")
            else None
        ),
    )
    television.add_init_script(RECORD_VIOLATIONS)
    television.goto(f"{live_server.url}/j/{link.key}/")
    television.goto(f"{live_server.url}/s/{game.public_id}/screen/")
    expect(television.locator(".big-title")).to_have_text("Deal 1 of 19")
    expect(television.locator(".big-to-bid")).to_have_text("to bid: Ben")
    television.evaluate("window.__sameDocument = true")
    # The page asked to keep the screen on, with no tap (held, or refused where it may not).
    expect(television.locator("[data-keep-awake]")).to_have_attribute(
        "data-awake", re.compile("held|refused")
    )

    keypad = phone.locator(".keypad-form")
    expect(keypad.locator(".keypad-label")).to_have_text("Ben bids:")
    keypad.locator("button.key[value='3']").click()
    ben = television.locator(".big-seat").filter(has_text="Ben")
    expect(ben.locator(".big-number")).to_have_text("3", timeout=LIVE_MS)
    expect(television.locator(".big-to-bid")).to_have_text("to bid: Cleo", timeout=LIVE_MS)

    # The deal scored on the phone (through the services, as the phone would): the totals.
    oh_hell_services.place_bid(game=game, deal_number=1, seat=2, bid=2)
    oh_hell_services.place_bid(game=game, deal_number=1, seat=0, bid=4)
    expect(television.locator(".big-call-words")).to_contain_text("UNDER by 1", timeout=LIVE_MS)
    oh_hell_services.record_tricks(game=game, deal_number=1, tricks=[4, 4, 2])
    expect(television.locator(".big-title")).to_have_text("Deal 2 of 19", timeout=LIVE_MS)
    totals = television.locator(".big-standings li")
    expect(totals).to_have_count(3)
    assert television.evaluate("window.__sameDocument === true")
    television.screenshot(path=screenshot_dir / "big-screen-live.png")
    problems += television.evaluate("window.__violations || []")
    report(problems)

    # The connection lost: a line at the foot of the screen says since when (follow.js),
    # over the screen, not pushing it down; it goes when the poll gets through again.
    television.context.set_offline(True)
    line = television.locator("#no-connection")
    expect(line).to_contain_text("No connection, last update at", timeout=LIVE_MS)
    box = line.bounding_box()
    assert box["y"] + box["height"] == TV["height"] and box["height"] < 100, box
    assert television.evaluate("document.documentElement.scrollHeight") <= TV["height"]
    television.screenshot(path=screenshot_dir / "big-screen-no-connection.png")
    television.context.set_offline(False)
    expect(line).to_be_hidden(timeout=LIVE_MS)


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its header (IHDR)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.django_db(transaction=True)
def test_a_finished_game_gives_its_result_card_as_a_png(
    page: Page, live_server, screenshot_dir: Path
) -> None:
    """At a phone's size, where this browser has no share sheet for files: the card is
    downloaded, a 1080 x 1080 PNG of the standings."""
    game = sheet_of_seven(3)
    services.end_game(game=game)
    page.context.add_cookies(
        [{"name": "notebook", "value": game.notebook.key, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/s/{game.public_id}/")
    button = page.get_by_role("button", name="Share the result as an image")
    expect(button).to_be_visible()

    with page.expect_download() as download:
        button.click()
    saved = download.value
    data = Path(saved.path()).read_bytes()
    (screenshot_dir / "result-card.png").write_bytes(data)

    assert saved.suggested_filename == f"scorekeeper-{game.public_id}-" + (
        f"{Game.objects.get(pk=game.pk).finished_at:%Y-%m-%d}.png"
    )
    assert png_size(data) == (1080, 1080)
    assert len(data) > 10_000  # drawn, not blank


#: A phone's share sheet for files, as Web Share gives it (navigator.canShare/share): what
#: the page hands it is kept for the test to read. A stub, because headless Chromium on
#: Linux offers no share sheet; ``refuse``: the sheet closed by the player (AbortError).
SHARE_SHEET = """
window.__shared = [];
navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
navigator.share = async (data) => {
  if (window.__refuse) { throw new DOMException("closed", "AbortError"); }
  const file = data.files[0];
  const bytes = new Uint8Array(await file.arrayBuffer());
  window.__shared.push({name: file.name, type: file.type, title: data.title,
                        head: Array.from(bytes.slice(0, 24)), size: bytes.length});
};
"""


@pytest.mark.django_db(transaction=True)
def test_where_the_phone_has_a_share_sheet_the_card_goes_to_it(page: Page, live_server) -> None:
    """A phone with Web Share for files: the card is handed to the share sheet (a 1080 x
    1080 PNG named as the download would be, titled with the game), not downloaded; the
    sheet closed by the player downloads nothing either."""
    game = sheet_of_seven(3)
    services.end_game(game=game)
    page.add_init_script(SHARE_SHEET)
    page.context.add_cookies(
        [{"name": "notebook", "value": game.notebook.key, "url": live_server.url}]
    )
    downloads: list[object] = []
    page.on("download", lambda download: downloads.append(download))
    page.goto(f"{live_server.url}/s/{game.public_id}/")
    button = page.get_by_role("button", name="Share the result as an image")

    button.click()
    for _ in range(50):  # polled from here: the page's CSP allows no string evaluated there
        if page.evaluate("window.__shared.length"):
            break
        page.wait_for_timeout(100)
    shared = page.evaluate("window.__shared[0]")
    page.evaluate("window.__refuse = true")
    button.click()
    page.wait_for_timeout(500)

    finished = Game.objects.get(pk=game.pk).finished_at
    assert shared["name"] == f"scorekeeper-{game.public_id}-{finished:%Y-%m-%d}.png"
    assert shared["type"] == "image/png" and shared["size"] > 10_000
    assert png_size(bytes(shared["head"])) == (1080, 1080)
    assert shared["title"]
    assert page.evaluate("window.__shared.length") == 1 and not downloads


@tv
@pytest.mark.django_db(transaction=True)
def test_the_big_screen_follows_a_round_entered_on_the_phone(
    new_context, live_server, screenshot_dir: Path
) -> None:
    """A round game: the scorekeeper's browser (another context, at the same size) saves two
    rounds of a score sheet with its form; the television shows each round in the grid and
    the totals, counted by hand."""
    game = start("any_game", ["Anna", "Ben", "Cleo"], preset="free")
    phone = new_context().new_page()
    phone.context.add_cookies(
        [{"name": "notebook", "value": game.notebook.key, "url": live_server.url}]
    )
    phone.goto(f"{live_server.url}/s/{game.public_id}/")
    television = new_context().new_page()
    open_big_screen(television, live_server.url, game)
    expect(television.locator(".big-title")).to_have_text("Round 1")

    sheet_round(phone, 1, {0: 12, 1: 30, 2: 7})
    expect(television.locator(".big-title")).to_have_text("Round 2", timeout=LIVE_MS)
    sheet_round(phone, 2, {0: 20, 1: -5, 2: 9})
    expect(television.locator(".big-grid tbody tr")).to_have_count(2, timeout=LIVE_MS)

    # By hand: Anna 12 + 20 = 32, Ben 30 - 5 = 25, Cleo 7 + 9 = 16.
    expect(television.locator(".big-standings li")).to_have_text(
        [
            re.compile(r"1\.\s+Anna\s+32"),
            re.compile(r"2\.\s+Ben\s+25"),
            re.compile(r"3\.\s+Cleo\s+16"),
        ]
    )
    television.screenshot(path=screenshot_dir / "big-screen-live-round.png")


@tv
@pytest.mark.django_db(transaction=True)
def test_a_view_link_made_after_the_screen_opened_shows_its_qr_code_without_a_reload(
    page: Page, live_server
) -> None:
    """The television is on before anyone made the view-only link: the owner makes it on the
    Share page, and its QR code comes to the screen by itself (asked every 20 s, run on
    here by Playwright's clock)."""
    game = spades_in_bids()
    page.clock.install()
    open_big_screen(page, live_server.url, game)
    expect(page.locator(".big-no-link")).to_be_visible()

    def after_a_while(selector: str) -> None:
        for _ in range(4):  # the clock run on, the answer let in, its swap settled
            page.clock.run_for("00:21")
            page.wait_for_timeout(400)
            page.clock.run_for(100)
            if page.locator(selector).count():
                return
        raise AssertionError(f"{selector} never came")

    services.new_share_link(game=game, role=ShareLink.Role.VIEW)
    after_a_while(".big-qr svg")
    expect(page.locator(".big-qr svg title")).to_have_text("QR code: follow the score on a phone")
    services.revoke_share_link(game=game, role=ShareLink.Role.VIEW)  # and the code goes
    after_a_while(".big-no-link")
    expect(page.locator(".big-qr")).to_have_count(0)
