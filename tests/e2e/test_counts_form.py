"""The tricks form in the trick buttons' place (issue 32): "Tricks taken: enter everyone's
count", opened on the play screen, hides the trick buttons and stands where they stood;
every player's row and "Score this deal" are then on the screen, at 390 x 844 and at
360 x 640, with no scrolling by hand.

When the form is taller than what is left below the summary, the page scrolls up by what
it needs, at most until the summary is at the top (static/js/app.js). A form taller than
the whole screen (ten cards: two lines of keys a row at 360 px) keeps every row on it,
Score coming into view once every row is filled. Each tap goes through test_one_thumb's
``Walk``: the control must be on the screen, where a finger would touch it, as it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games import services
from games.models import Notebook
from games.rules import oh_hell
from games.services import oh_hell as oh_hell_services
from tests.e2e.flows import read_standings
from tests.e2e.test_one_thumb import BOX_JS, CLICKS_JS, EDGE, VIEWPORTS, Walk, with_notebook

NAMES = ("Anna", "Ben", "Carla", "Dario")  # seats 0..3 clockwise
#: Deal 1 (4 cards, Anna deals), scored through the services: Anna missed hers.
FIRST = {"bids": (1, 1, 0, 1), "tricks": (2, 1, 0, 1)}  # 0, 11, 10, 11
#: Deal 2 (Ben deals: Carla bids first), by its number of cards: bids and tricks by seat,
#: and the totals worked out on paper (a made bid scores 10 + the bid, a miss nothing).
SECOND = {
    5: {"bids": (1, 1, 2, 0), "tricks": (1, 1, 2, 1), "totals": (11, 22, 22, 11)},
    10: {"bids": (3, 2, 2, 1), "tricks": (3, 2, 2, 3), "totals": (13, 23, 22, 11)},
    13: {"bids": (4, 3, 3, 2), "tricks": (4, 3, 3, 3), "totals": (14, 24, 23, 11)},
}

#: The summary, the trick buttons, each row of the form and Score, where they are now.
LAYOUT_JS = """
() => {
  const box = (el) => {
    if (!el) return null;
    const b = el.getBoundingClientRect();
    return {top: b.top, bottom: b.bottom, left: b.left, right: b.right};
  };
  const details = document.querySelector("#table details.counts");
  return {
    innerWidth: window.innerWidth, innerHeight: window.innerHeight, scrollY: window.scrollY,
    details: box(details),
    summary: box(details.querySelector("summary")),
    buttons: box(document.querySelector("#table form.trick-row")),
    rows: Array.from(details.querySelectorAll(".tricks-row")).map(box),
    score: box(details.querySelector(".tricks-form button[type=submit]")),
  };
}
"""


def session(cards: int) -> tuple[Notebook, str]:
    """Deal 1 scored, deal 2 bid: its play screen, the deal just scored folded above it."""
    rules = oh_hell.PRESETS["down_and_up_hook"].with_options(
        schedule="custom", custom_schedule=(4, cards)
    )
    notebook = Notebook.objects.create()
    game = services.start_game(
        notebook=notebook,
        kind="oh_hell",
        preset="down_and_up_hook",
        options=services.rules_as_options(rules),
        names=NAMES,
        first_dealer=0,
    )
    for number, deal, first in ((1, FIRST, 1), (2, SECOND[cards], 2)):
        for seat in [(first + k) % 4 for k in range(4)]:
            oh_hell_services.place_bid(
                game=game, deal_number=number, seat=seat, bid=deal["bids"][seat]
            )
        if number == 1:
            oh_hell_services.record_tricks(game=game, deal_number=1, tricks=list(deal["tricks"]))
    return notebook, game.public_id


@pytest.fixture
def phone(browser: Browser, browser_context_args: dict) -> Iterator:
    opened: list[BrowserContext] = []

    def open_phone(viewport: str) -> Page:
        width, height = VIEWPORTS[viewport]
        context = browser.new_context(
            **{**browser_context_args, "viewport": {"width": width, "height": height}}
        )
        opened.append(context)
        context.add_init_script(CLICKS_JS)
        return context.new_page()

    yield open_phone
    for context in opened:
        context.close()


def inside(box: dict, layout: dict) -> bool:
    return (
        box["top"] >= -EDGE
        and box["left"] >= -EDGE
        and box["bottom"] <= layout["innerHeight"] + EDGE
        and box["right"] <= layout["innerWidth"] + EDGE
    )


def describe(layout: dict) -> str:
    def span(box: dict | None) -> str:
        return f"{box['top']:.0f}-{box['bottom']:.0f}" if box else "none"

    rows = ", ".join(span(row) for row in layout["rows"])
    return (
        f"viewport {layout['innerWidth']}x{layout['innerHeight']}, scrolled "
        f"{layout['scrollY']:.0f}: summary {span(layout['summary'])}, rows {rows}, "
        f"Score {span(layout['score'])}"
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("cards", sorted(SECOND))
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_counts_take_the_trick_buttons_place_and_fit_the_screen(
    phone, live_server, screenshot_dir: Path, viewport: str, cards: int
) -> None:
    notebook, public_id = session(cards)
    page = phone(viewport)
    with_notebook(page, live_server.url, notebook)
    page.goto(f"{live_server.url}/s/{public_id}/")
    buttons = page.locator("#table form.trick-row")
    expect(buttons.locator("button.trick-btn")).to_have_count(4)
    expect(page.locator("#table details.last-deal")).to_be_visible()
    walk = Walk(page, f"counts {viewport} {cards} cards", screenshot_dir)
    summary = page.locator("#table details.counts > summary")
    form = page.locator("#table .tricks-form")
    stood = buttons.evaluate("(el) => el.getBoundingClientRect().top + window.scrollY")

    walk.tap("open the counts", summary)
    expect(form).to_be_visible()
    expect(buttons).to_be_hidden()
    # The "toggle" event comes in a task of its own: its scroll lands a frame or two later.
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)))")
    layout = page.evaluate(LAYOUT_JS)
    print(f"\n{walk.label}, open: {describe(layout)}")
    page.screenshot(path=screenshot_dir / f"counts-{viewport}-{cards}-open.png")
    # Where the trick buttons stood (document coordinates, whatever the page scrolled).
    assert layout["summary"]["top"] + layout["scrollY"] == pytest.approx(stood, abs=1)
    off = [n for n, box in enumerate([*layout["rows"], layout["score"]]) if not inside(box, layout)]
    if layout["details"]["bottom"] - layout["details"]["top"] <= layout["innerHeight"] + EDGE:
        assert off == [], f"off the screen (4 = Score): {off}: {describe(layout)}"
    else:  # taller than the screen: the summary at the top, as much of the form as fits
        assert layout["summary"]["top"] == pytest.approx(0, abs=1), describe(layout)
        assert off == list(range(off[0], 5)), describe(layout)

    # Closed again: the buttons come back in their place.
    walk.tap("close the counts", summary)
    expect(form).to_be_hidden()
    expect(buttons).to_be_visible()
    back = buttons.evaluate("(el) => el.getBoundingClientRect().top + window.scrollY")
    assert back == pytest.approx(stood, abs=1)
    walk.tap("open the counts again", summary)
    expect(buttons).to_be_hidden()

    # Row by row, top down; the last one fills itself, then Score.
    deal = SECOND[cards]
    seats = form.locator("fieldset.tricks-row input[value='0']").evaluate_all(
        "(inputs) => inputs.map((input) => Number(input.name.split('-')[1]))"
    )
    assert seats == [2, 3, 0, 1]  # the bidding order: Ben deals
    for seat in seats[:-1]:
        radio = f"input[name='tricks-{seat}'][value='{deal['tricks'][seat]}']"
        walk.tap(f"tricks of seat {seat}", form.locator(f"label.radio-key:has({radio})"))
    last = seats[-1]
    expect(
        form.locator(f"input[name='tricks-{last}'][value='{deal['tricks'][last]}']")
    ).to_be_checked()
    score = form.locator("button[type=submit]")
    print(f"{walk.label}, filled: Score {score.evaluate(BOX_JS)}")
    walk.tap("score this deal", score)

    expect(page.locator("#table .end")).to_be_visible()  # deal 2 was the last
    page.screenshot(path=screenshot_dir / f"counts-{viewport}-{cards}-scored.png")
    assert {name: total for name, (_place, total) in read_standings(page).items()} == dict(
        zip(NAMES, deal["totals"], strict=True)
    )
    walk.report()
    assert walk.misses == [], "\n".join(walk.misses)
    assert walk.scrolled == 0
