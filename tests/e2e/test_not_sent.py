"""A form htmx sends that gets no answer says so beside it (issue 39: on the new-session
page a dropped "add a player" left no trace), and the next answer takes the line away; a
player's own phone keeps its bid instead and sends it again. Nothing is entered twice."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from games import services
from games.models import Game, Hand, Notebook
from games.rules import oh_hell

NOT_SENT = "Not sent: no connection. Nothing was changed; tap again when the connection is back."


#: Whether nothing lies over the element's middle (a sticky bar, say).
UNCOVERED = """(element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return element.contains(hit);
}"""


def drop_next_post(page: Page, path: str) -> list[str]:
    """The next POST to ``path`` gets no answer (its connection reset); the ones after do."""
    dropped: list[str] = []

    def handle(route: Route) -> None:
        if route.request.method == "POST" and not dropped:
            dropped.append(route.request.url)
            route.abort("connectionreset")
        else:
            route.fallback()

    page.route(f"**{path}", handle)
    return dropped


@pytest.mark.django_db(transaction=True)
def test_a_player_added_without_a_connection_is_said_not_sent(
    page: Page, live_server, screenshot_dir: Path
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{live_server.url}/new/")
    dropped = drop_next_post(page, "/new/")
    field = page.locator("#new_name")
    field.fill("Anna")
    field.press("Enter")
    alert = page.locator("#new-session .not-sent")
    expect(alert).to_have_text(NOT_SENT)
    expect(alert).to_be_in_viewport()
    assert alert.evaluate(UNCOVERED), "the line is under the sticky Start bar"
    expect(page.locator("ol.seats li")).to_have_count(0)
    expect(field).to_have_value("Anna")  # kept as typed: one more tap
    page.screenshot(path=screenshot_dir / "not-sent-new-session.png")
    field.press("Enter")
    expect(page.locator("ol.seats li")).to_have_count(1)
    expect(page.locator(".not-sent")).to_have_count(0)
    assert len(dropped) == 1


@pytest.mark.django_db(transaction=True)
def test_a_seats_bid_whose_answer_was_lost_is_kept_and_sent_again(
    browser, browser_context_args, live_server
) -> None:
    """A player's own phone keeps its bid rather than saying "Not sent" (static/js/seat.js):
    the connection reset on the way, the phone still online, the bid goes again by itself
    within a few seconds and is made once."""
    notebook = Notebook.objects.create()
    game = services.start_game(
        notebook=notebook,
        kind="oh_hell",
        preset="down_and_up_hook",
        options=services.rules_as_options(oh_hell.PRESETS["down_and_up_hook"]),
        names=["Anna", "Ben", "Carla"],
        first_dealer=0,  # Ben bids first
    )
    link = services.new_share_link(game=game, role="seat", seat=1)
    page = browser.new_context(**browser_context_args).new_page()
    page.goto(f"{live_server.url}/j/{link.key}/")
    page.wait_for_load_state("networkidle")  # seat.js in
    dropped = drop_next_post(page, "/bid/")
    page.locator("#table button.key[value='3']").click()
    expect(page.locator("#seat-kept")).to_contain_text("your bid 3 is kept on this phone")
    expect(page.locator(".not-sent")).to_have_count(0)
    expect(page.locator("#table .keypad-form")).to_have_count(0, timeout=15_000)  # sent again
    expect(page.locator("#seat-kept")).to_have_count(0)
    assert list(Hand.objects.filter(deal__game=game).values_list("seat", "bid")) == [(1, 3)]
    assert Game.objects.get(pk=game.pk).version == 1 and len(dropped) == 1
