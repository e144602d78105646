"""Three phones follow one session live (issue 4, "Done when"): the scorekeeper, a
co-scorekeeper and a viewer, each in a browser context of its own (own cookies).

The scorekeeper starts Oh Hell on /new/ and makes both links on the Share page;
the others open them. A bid on one phone shows on the other two within about 4 s
(the page polls every 3 s) without a reload; the viewer has no keypad and its POST
is refused; after the last bid the three show the same call; a stopped link stops
the viewer's polling.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from games.models import Deal, Game, Hand
from tests.e2e.flows import start_session

NAMES = ("Anna", "Ben", "Cleo")  # Cleo deals: Anna bids first, then Ben, Cleo last

#: "Within about 4 seconds": a poll every 3 s, plus the answer and the swap.
LIVE_MS = 6_000

#: A person's pace: app.js drops a second tap on the same spot within 450 ms of a swap.
HUMAN_PAUSE_MS = 500


def bidder_bid(page: Page, name: str) -> Locator:
    return (
        page.locator("ol.bid-chips li.bid-chip")
        .filter(has=page.locator(".bidder-name", has_text=name))
        .locator(".bidder-bid")
    )


def tap_bid(page: Page, name: str, bid: int) -> None:
    """The keypad is the named player's: tap their bid, as a person would."""
    keypad = page.locator(".keypad-form")
    expect(keypad.locator(".keypad-label")).to_have_text(f"{name} bids:", timeout=LIVE_MS)
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    keypad.locator(f"button.key[value='{bid}']").click()
    if name != "Cleo":  # after the last bid the call takes the bids' place
        expect(bidder_bid(page, name)).to_have_text(str(bid))


def make_link(page: Page, role: str, title: str) -> str:
    """On the Share page: "Make a link" in the card of ``role``; the link it shows."""
    card = page.locator(f"section.share-card[aria-labelledby='share-{role}']")
    expect(card.get_by_role("heading")).to_have_text(title)
    card.get_by_role("button", name="Make a link").click()
    card = page.locator(f"section.share-card[aria-labelledby='share-{role}']")
    expect(card.locator("svg title")).to_have_text(f"QR code: {title}")
    link = card.locator(f"#link-{role}").input_value()
    assert re.fullmatch(r"http://[^/]+/j/[A-Za-z0-9_-]{22,}/", link), link
    return link


def mark_no_reload(page: Page) -> None:
    """A flag in the page's window: it is gone if the page is ever loaded again."""
    page.evaluate("window.__sameDocument = true")


def still_same_document(page: Page) -> bool:
    return page.evaluate("window.__sameDocument === true")


@pytest.mark.long
@pytest.mark.django_db(transaction=True)
def test_three_phones_follow_one_session_live(
    new_context, live_server, screenshot_dir: Path
) -> None:
    scorekeeper = new_context().new_page()
    co_scorekeeper = new_context().new_page()
    viewer = new_context().new_page()

    # The scorekeeper starts the session and makes both links.
    url = start_session(
        scorekeeper,
        live_server.url,
        kind="Oh Hell",
        names=NAMES,
        first_dealer="Cleo",
        preset="Down and up with the hook",
    )
    game = Game.objects.get(public_id=re.search(r"/s/([^/]+)/$", url).group(1))
    scorekeeper.get_by_role("link", name="Share").click()
    expect(scorekeeper.get_by_role("heading", level=1)).to_have_text("Share this session")
    view_link = make_link(scorekeeper, "view", "View only")
    edit_link = make_link(scorekeeper, "edit", "Co-scorekeeper")
    assert view_link != edit_link
    scorekeeper.get_by_role("link", name="Back to the table").click()
    expect(scorekeeper.locator(".deal-line .deal-facts")).to_have_text("10 cards · dealer Cleo")

    # The other two open their links and land on the session.
    co_scorekeeper.goto(edit_link)
    viewer.goto(view_link)
    for phone in (co_scorekeeper, viewer):
        expect(phone).to_have_url(url)
        expect(phone.locator("#deal-title")).to_have_text("Deal 1 of 19")
        mark_no_reload(phone)
    expect(co_scorekeeper.locator(".keypad-form .keypad-label")).to_have_text("Anna bids:")
    expect(co_scorekeeper.get_by_role("link", name="Share")).to_have_count(0)
    expect(viewer.locator(".viewer-tag")).to_have_text("View only")
    expect(viewer.locator(".keypad-form")).to_have_count(0)
    expect(viewer.locator("button.key")).to_have_count(0)
    expect(viewer.get_by_role("link", name="Share")).to_have_count(0)
    expect(viewer.get_by_role("button", name="Undo")).to_have_count(0)

    # The scorekeeper bids for Anna: the other two see it without a reload.
    tap_bid(scorekeeper, "Anna", 2)
    for phone in (co_scorekeeper, viewer):
        expect(bidder_bid(phone, "Anna")).to_have_text("2", timeout=LIVE_MS)
    expect(co_scorekeeper.locator(".keypad-form .keypad-label")).to_have_text("Ben bids:")

    # The co-scorekeeper bids for Ben: the scorekeeper and the viewer see it.
    tap_bid(co_scorekeeper, "Ben", 3)
    for phone in (scorekeeper, viewer):
        expect(bidder_bid(phone, "Ben")).to_have_text("3", timeout=LIVE_MS)
    expect(viewer.locator("#bids-title .running")).to_have_text("bids 5 of 10 tricks")

    # The viewer's phone sends a bid anyway, with its own CSRF token: refused.
    expect(viewer.locator(".keypad-form")).to_have_count(0)
    token = next(c["value"] for c in viewer.context.cookies() if c["name"] == "csrftoken")
    refused = viewer.request.post(
        f"{url}bid/",
        form={"deal": "1", "seat": "2", "bid": "0"},
        headers={"X-CSRFToken": token},
    )
    assert refused.status == 403
    assert "This link can only view the session, not change it." in refused.text()
    assert not Hand.objects.filter(deal__game=game, seat=2, bid__isnull=False).exists()

    # The scorekeeper bids the last bid (Cleo may not bid 5: the hook): the same call
    # on all three phones.
    expect(scorekeeper.locator(".keypad-form button.key[value='5']")).to_be_disabled(
        timeout=LIVE_MS
    )
    tap_bid(scorekeeper, "Cleo", 4)
    for phone in (scorekeeper, co_scorekeeper, viewer):
        call = phone.locator(".announce-region .announcement")
        expect(call).to_contain_text("UNDER by 1", timeout=LIVE_MS)
        expect(call).to_contain_text("9 bid for 10 tricks")
    expect(viewer.locator(".trick-row")).to_have_count(0)
    expect(co_scorekeeper.locator(".trick-row button.trick-btn")).to_have_count(3)
    bids = dict(Hand.objects.filter(deal__game=game).values_list("seat", "bid"))
    assert bids == {0: 2, 1: 3, 2: 4}
    assert Deal.objects.filter(game=game).count() == 1
    for phone in (co_scorekeeper, viewer):
        assert still_same_document(phone), "the page was loaded again"
    for name, phone in [
        ("scorekeeper", scorekeeper),
        ("co-scorekeeper", co_scorekeeper),
        ("viewer", viewer),
    ]:
        phone.screenshot(path=screenshot_dir / f"live-{name}.png", full_page=True)

    # The scorekeeper stops the view link: the viewer's next poll puts one line in
    # place of the table, and its page stops asking.
    scorekeeper.get_by_role("link", name="Share").click()
    view_card = scorekeeper.locator("section.share-card[aria-labelledby='share-view']")
    view_card.get_by_role("button", name="Stop this link").click()
    expect(view_card.get_by_role("button", name="Make a link")).to_be_visible()
    ended = viewer.locator(".link-ended")
    expect(ended).to_have_text(
        re.compile("This page no longer follows the session: its link was stopped"),
        timeout=LIVE_MS,
    )
    expect(viewer.locator(".announcement")).to_have_count(0)
    polls_after: list[float] = []
    viewer.on(
        "request", lambda r: polls_after.append(time.monotonic()) if "/live/" in r.url else None
    )
    viewer.wait_for_timeout(6_000)
    assert polls_after == [], f"{len(polls_after)} polls in 6 s after the link stopped"
    viewer.screenshot(path=screenshot_dir / "live-viewer-link-stopped.png", full_page=True)

    # The co-scorekeeper's link still works, and so does its poll.
    assert co_scorekeeper.request.get(f"{url}live/").status == 200
