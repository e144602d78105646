"""Each player's own phone (issue 40), in a real browser: an Oh Hell deal at a table of
four, each player on their own phone (their seat's link, opened as a QR code opens it) and
the scorekeeper on a fifth. Each bids on their own phone when it is their turn; the next
phone says "your bid" within the poll's few seconds; the dealer's phone strikes the hook's
number with its reason; the scorekeeper enters the tricks; every phone shows the totals a
hand count gives. At 390 x 844, nothing wider than the screen, axe clean."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games import services
from games.models import Notebook
from games.rules import oh_hell
from tests.e2e.flows import read_standings
from tests.e2e.test_accessibility import axe_audit, report
from tests.e2e.test_flaky_table import pick_count
from tests.e2e.test_one_thumb import with_notebook

NAMES = ("Anna", "Ben", "Carla", "Dan")
#: The page polls every 3 s (templates/games/oh_hell.html); a swap and a render on top.
NEXT_TURN_MS = 4_500


def keypad_label(page: Page):
    return page.locator("#table .keypad-label")


@pytest.mark.django_db(transaction=True)
def test_each_player_bids_on_their_own_phone_and_the_scorekeeper_scores(
    browser, browser_context_args, live_server, screenshot_dir: Path
) -> None:
    notebook = Notebook.objects.create()
    game = services.start_game(
        notebook=notebook,
        kind="oh_hell",
        preset="down_and_up_hook",
        options=services.rules_as_options(oh_hell.PRESETS["down_and_up_hook"]),
        names=list(NAMES),
        first_dealer=0,  # Anna deals 10 cards: Ben bids first, Anna last
    )
    size = {"width": 390, "height": 844}

    def phone() -> Page:
        context = browser.new_context(**{**browser_context_args, "viewport": size})
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    errors: list[str] = []
    keeper = phone()
    with_notebook(keeper, live_server.url, notebook)
    keeper.goto(f"{live_server.url}/s/{game.public_id}/share/")
    seats: dict[str, Page] = {}
    for name in NAMES:
        # The scorekeeper makes the seat's link; its QR code opens it on the player's phone.
        keeper.locator("details.seat-link summary", has_text=name).click()
        keeper.get_by_role("button", name=f"Make the link: {name}").click()
        link = keeper.locator(f"details.seat-link:has(summary:has-text('{name}')) input[readonly]")
        address = link.input_value()
        seats[name] = phone()
        seats[name].goto(address)  # the scan: no tap on the phone
        expect(seats[name].locator(".own-seat")).to_have_text(f"This phone: {name}")
    keeper.screenshot(path=screenshot_dir / "seats-share.png", full_page=True)
    keeper.goto(f"{live_server.url}/s/{game.public_id}/")

    waits: list[float] = []
    for name, value in (("Ben", 3), ("Carla", 2), ("Dan", 1)):
        page = seats[name]
        began = time.monotonic()
        expect(keypad_label(page)).to_have_text(f"{name}, your bid:", timeout=NEXT_TURN_MS)
        waits.append(time.monotonic() - began)
        for other, other_page in seats.items():
            if other != name and other_page.locator("#table .keypad-form").count():
                raise AssertionError(f"{other}'s phone has a keypad in {name}'s turn")
        page.locator(f"#table button.key[value='{value}']").click()  # one tap
        expect(page.locator("#table .keypad-form")).to_have_count(0)
    anna = seats["Anna"]
    expect(keypad_label(anna)).to_have_text("Anna, your bid:", timeout=NEXT_TURN_MS)
    # 3 + 2 + 1 = 6 of 10 tricks: the hook strikes Anna's 4, with its reason.
    expect(anna.locator("#table button.key.forbidden")).to_have_text("4")
    expect(anna.locator("#table .hook-reason")).to_contain_text("The hook: Anna may not bid 4")
    anna.screenshot(path=screenshot_dir / "seats-anna-hook.png")
    problems: list[str] = []
    axe_audit(anna, "a seat's own bid, the hook", problems)
    anna.locator("#table button.key[value='0']").click()

    # The call reaches every phone; the scorekeeper's shows every bid, made on the phones.
    for page in [keeper, *seats.values()]:
        expect(page.locator(".announce-region .announcement")).to_contain_text(
            "UNDER by 4", timeout=NEXT_TURN_MS
        )
    # The scorekeeper enters the tricks: Ben 3, Carla 2, Dan 1, Anna 4.
    counts = keeper.locator("#table details.counts")
    counts.locator("summary").click()
    for name, taken in (("Ben", 3), ("Carla", 2), ("Dan", 1)):
        pick_count(counts, name, taken)
    counts.get_by_role("button", name="Score this deal").click()
    expect(keeper.locator("#deal-title")).to_have_text("Deal 2 of 19")
    # By hand: a made bid scores 10 + the bid; Anna bid 0 and took 4: nothing.
    hand_count = {"Ben": (1, 13), "Carla": (2, 12), "Dan": (3, 11), "Anna": (4, 0)}
    assert read_standings(keeper) == hand_count
    for name, page in seats.items():
        expect(page.locator("#deal-title")).to_have_text("Deal 2 of 19", timeout=NEXT_TURN_MS)
        assert read_standings(page) == hand_count, name
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Deal 2: Ben deals, Carla bids first, on her phone.
    expect(keypad_label(seats["Carla"])).to_have_text("Carla, your bid:")
    seats["Ben"].screenshot(path=screenshot_dir / "seats-ben-waits.png")
    expect(seats["Ben"].locator("#table")).to_contain_text("Carla bids now; your turn comes.")
    axe_audit(seats["Ben"], "a seat's phone, another's turn", problems)
    report(problems)
    assert not errors
    print("the next phone's 'your bid' came in", ", ".join(f"{w:.1f} s" for w in waits))
