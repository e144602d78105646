"""The outbox comes once the deal screen is up (static/js/table.js imports the table's view):
a tap made before it came is held, and kept and sent once it comes, even when the first
tries to bring it failed (docs/phone.md, "Offline", Limits)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Route, expect

from games.models import Game
from tests.e2e.flows import start_session
from tests.e2e.test_offline import table


@pytest.mark.django_db(transaction=True)
def test_a_tap_before_the_outbox_came_is_sent_once_it_comes(browser, live_server) -> None:
    # No service worker: the test's network is the page's (a worker's fetches pass by it).
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    url = start_session(
        page, live_server.url, kind="Oh Hell", names=["Anna", "Ben", "Cleo"], first_dealer="Cleo"
    )
    reachable = {"view": False}

    def view(route: Route) -> None:
        if reachable["view"]:
            route.continue_()
        else:
            route.abort()

    context.route("**/static/js/offline.js", view)
    page.goto(url)
    page.wait_for_load_state("load")
    keypad = table(page).locator(".keypad-form")
    expect(keypad.locator(".keypad-label")).to_have_text("Anna bids:")

    game = Game.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[1])
    keypad.locator("button.key[value='1']").click()

    # Held in the page, its form waiting, nothing sent.
    expect(keypad.locator("button.key[value='0']")).to_be_disabled()
    page.wait_for_timeout(1000)
    assert Game.objects.get(pk=game.pk).version == game.version

    reachable["view"] = True
    page.evaluate("() => window.dispatchEvent(new Event('online'))")  # the connection back

    expect(table(page).locator(".keypad-label").first).to_have_text("Ben bids:")
    expect(table(page).locator(".bid-chip").filter(has_text="Anna")).to_contain_text("1")
    assert Game.objects.get(pk=game.pk).version == game.version + 1  # sent once
    assert not errors
