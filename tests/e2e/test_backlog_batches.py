"""A backlog longer than one request takes goes in several, in order (issue 38: the server
takes at most games.limits.MOST_BACKLOG entries a request, and a phone that sent more in one
was refused whole and stuck). Here the limit is 2, on the server and in the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games import limits
from tests.e2e.flows import start_session
from tests.e2e.test_offline import LIVE_MS, history_lines, ready_for_offline, status
from tests.e2e.test_round_games import kept_ahead


@pytest.mark.django_db(transaction=True)
def test_four_kept_deals_go_in_batches_of_what_a_request_takes(
    browser, browser_context_args, live_server, monkeypatch
) -> None:
    monkeypatch.setattr(limits, "MOST_BACKLOG", 2)
    context = browser.new_context(
        **{**browser_context_args, "viewport": {"width": 390, "height": 844}}
    )
    page = context.new_page()
    sent: list[int] = []
    page.on(
        "request",
        lambda request: (
            sent.append(len(request.post_data_json["entries"]))
            if request.url.endswith("/entries/")
            else None
        ),
    )
    ready_for_offline(page, live_server.url)
    url = start_session(
        page,
        live_server.url,
        kind="Kozel",
        names=["Anna", "Ben", "Cleo", "Dan"],
        first_dealer="Anna",
    )
    page.wait_for_load_state("networkidle")
    kept_ahead(page, through=4)  # a round game's forms, drawn ahead: four rounds
    context.set_offline(True)
    for deal, points in enumerate(("45", "60", "30", "70"), 2):
        page.locator("#table .points-input:visible").fill(points)
        page.locator("#table .save-round:visible").click()
        if deal <= 4:  # the forms drawn ahead go to round 4
            expect(page.locator("#round-title")).to_have_text(f"Deal {deal}")
    expect(status(page)).to_have_text("No connection · 4 entries kept on this phone")

    context.set_offline(False)

    expect(page.locator("#offline-table")).to_have_count(0, timeout=LIVE_MS)
    assert history_lines(url) == 4
    assert sent and max(sent) <= 2 and sum(sent) >= 4
    expect(page.locator("#round-title")).to_have_text("Deal 5")
    context.close()
