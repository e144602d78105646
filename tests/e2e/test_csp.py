"""The Content-Security-Policy (script-src 'self', no inline anything) blocks
nothing the app itself does: a table's whole path through it, htmx swaps and the
live poll included, reports no violation and no console error."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from tests.e2e.flows import start_session

# Runs in every document before its own scripts, outside the page's policy.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = `${event.sourceFile}:${event.lineNumber}`;
  window.__violations.push(`${event.violatedDirective} blocked ${event.blockedURI} at ${where}`);
});
"""


@pytest.fixture
def watched(page: Page) -> tuple[Page, list[str]]:
    """The phone's page, and every problem it reports: console errors and warnings
    (Chromium logs a refused script or style there, and a header it cannot read)
    and securitypolicyviolation events, collected before each page is left."""
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            problems.append(f"console {message.type}: {message.text}")

    page.on("console", on_console)
    page.add_init_script(RECORD_VIOLATIONS)
    return page, problems


def collect(page: Page, problems: list[str]) -> None:
    problems.extend(page.evaluate("window.__violations || []"))


@pytest.mark.django_db(transaction=True)
def test_a_table_meets_no_csp_violation_from_new_session_to_share_page(
    watched, live_server, screenshot_dir: Path
) -> None:
    page, problems = watched
    page.goto(live_server.url)
    expect(page.get_by_role("link", name="New session")).to_be_visible()
    collect(page, problems)

    # The new session form: every seat added by an htmx round trip.
    url = start_session(
        page,
        live_server.url,
        kind="Oh Hell",
        names=["Anna", "Ben", "Carla", "Dan"],
        first_dealer="Anna",
    )
    header = page.request.get(url).headers["content-security-policy"]
    assert "script-src 'self'" in header
    assert "unsafe-inline" not in header

    # The deal screen: trump and bids through htmx, then a live poll (every 3 s).
    expect(page.get_by_role("heading", name="Deal 1 of", exact=False)).to_be_visible()
    suits = page.locator(".suit-btn")
    if suits.count():
        suits.first.click()
        expect(suits.first).to_have_attribute("aria-pressed", "true")
    for _ in range(2):
        before = page.locator(".bid-chip .bidder-bid").all_inner_texts()
        # At a person's pace: app.js drops a second tap on the same spot within 450 ms.
        page.wait_for_timeout(500)
        page.locator(".keypad-form button.key:not([disabled])").first.click()
        expect(page.locator(".bid-chip .bidder-bid")).not_to_have_text(before)
    with page.expect_response(lambda r: "/live/" in r.url, timeout=10_000):
        pass
    settings = page.locator("details.phone-settings > summary")
    settings.click()  # opened (static/js/wake.js), then closed again
    settings.click()
    collect(page, problems)
    page.screenshot(path=screenshot_dir / "csp-deal.png", full_page=True)

    # The rest of deal 1, scored, then deal 2's trump and bids: a table with a scored
    # deal above it, swapped again and again.
    for _ in range(2):
        before = page.locator(".bid-chip .bidder-bid").all_inner_texts()
        page.wait_for_timeout(500)
        page.locator(".keypad-form button.key:not([disabled])").first.click()
        expect(page.locator(".bid-chip .bidder-bid")).not_to_have_text(before)
    page.wait_for_timeout(500)
    page.locator(".trick-row button.trick-btn").first.click()
    expect(page.locator("#play-title")).to_have_text("All tricks played")
    page.wait_for_timeout(500)
    page.get_by_role("button", name="Score this deal").click()
    expect(page.get_by_role("heading", name="Deal 2 of", exact=False)).to_be_visible()
    page.wait_for_timeout(500)
    page.locator(".suit-btn").nth(1).click()
    expect(page.locator(".suit-btn").nth(1)).to_have_attribute("aria-pressed", "true")
    for _ in range(2):
        before = page.locator(".bid-chip .bidder-bid").all_inner_texts()
        page.wait_for_timeout(500)
        page.locator(".keypad-form button.key:not([disabled])").first.click()
        expect(page.locator(".bid-chip .bidder-bid")).not_to_have_text(before)
    collect(page, problems)

    # The score sheet, at a person's pace: the page brings the next bidder's keys into view
    # once the outbox has forgotten the last bid (static/js/table.js), which a click at once
    # could race (one failure in a loaded PostgreSQL run).
    page.wait_for_timeout(500)
    page.get_by_role("link", name="Score sheet").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    collect(page, problems)

    # The share page: a link and its QR code (inline SVG, made on the server).
    page.goto(url + "share/")
    page.get_by_role("button", name="Make a link").first.click()
    expect(page.locator(".qr-box svg").first).to_be_visible()
    collect(page, problems)

    # History, and a link that does not exist (the 404 page).
    page.goto(url + "history/")
    expect(page.get_by_role("heading").first).to_be_visible()
    collect(page, problems)
    assert problems == []
    page.goto(live_server.url + "/j/no-such-link/")
    expect(page.get_by_role("heading", name="This page is not here")).to_be_visible()
    collect(page, problems)

    # Chromium logs the 404 itself; nothing else.
    assert problems == [
        "console error: Failed to load resource: the server responded with a status of 404 "
        "(Not Found)"
    ]
