"""A backlog longer than one request takes goes in several, in order (issue 38: the server
takes at most games.limits.MOST_BACKLOG entries a request, and a phone that sent more in one
was refused whole and stuck). Here the limit is 2, on the server and in the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games import limits
from tests.e2e.flows import start_session
from tests.e2e.test_offline import LIVE_MS, history_lines, ready_for_offline, status, table


@pytest.mark.django_db(transaction=True)
def test_five_kept_deals_go_in_batches_of_what_a_request_takes(
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
    context.set_offline(True)
    for deal, points in enumerate(("45", "60", "30", "70", "65"), 2):
        form = table(page).locator("form.kozel-form").first
        form.locator(".points-input").fill(points)
        form.get_by_role("button", name="Save deal").click()
        expect(table(page).locator(".deal-line h1")).to_have_text(f"Deal {deal}")
    expect(status(page)).to_have_text("No connection · 5 entries kept on this phone")

    context.set_offline(False)

    expect(page.locator("#offline-table")).to_have_count(0, timeout=LIVE_MS)
    assert history_lines(url) == 5
    assert sent and max(sent) <= 2 and sum(sent) >= 5
    expect(page.locator("#kozel .deal-line h1")).to_have_text("Deal 6")
    context.close()
