"""A Kozel match to the goat, entered on the phone's own numpad.

Seed 004 (RULES.md "Kozel"): partners sit opposite, so Anna & Cleo play Ben &
Dan. Each deal holds 120 card points; 61 or more wins the deal and scores
nothing; the loser takes 2 defeat points with 31 to 59, 4 under 31 with a trick,
6 with no trick; 60-60 ("eggs") gives nobody anything; 12 defeat points make the
goat. The deal passes clockwise; the winner of the last trick leads the next
deal (the player after the dealer when nobody noted it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.flows import start_session

NAMES = ("Anna", "Ben", "Cleo", "Dan")
TEAMS = ("Anna & Cleo", "Ben & Dan")  # seats 0 and 2, seats 1 and 3
FIRST_DEALER = 3  # Dan
LIMIT = 12


@dataclass(frozen=True)
class KozelDeal:
    team: int  # whose card points are entered
    points: int
    took_trick: str | None = None  # "Yes"/"No", asked only when a team has 0
    last_trick: int | None = None  # seat that took the last trick, if noted

    @property
    def card_points(self) -> tuple[int, int]:
        other = 120 - self.points
        return (self.points, other) if self.team == 0 else (other, self.points)


def defeat_points(deal: KozelDeal) -> tuple[int, int]:
    """Seed 004's table, worked out here on its own."""
    points = deal.card_points
    if points == (60, 60):
        return (0, 0)  # eggs
    loser = 0 if points[0] < 60 else 1
    lost_with = points[loser]
    if lost_with >= 31:
        took = 2
    elif lost_with == 0 and deal.took_trick == "No":
        took = 6
    else:
        took = 4
    return (took, 0) if loser == 0 else (0, took)


MATCH = (
    KozelDeal(team=0, points=45, last_trick=1),  # Anna & Cleo lose with 45: 2
    KozelDeal(team=1, points=0, took_trick="Yes"),  # Ben & Dan 0 but a trick: 4
    KozelDeal(team=0, points=60, last_trick=2),  # eggs: nothing
    KozelDeal(team=0, points=0, took_trick="No", last_trick=1),  # no trick at all: 6
    KozelDeal(team=0, points=90),  # Ben & Dan lose with 30: 4
    KozelDeal(team=1, points=59),  # 59 loses to 61: 2
    KozelDeal(team=1, points=31, last_trick=0),  # 31 still only 2: Ben & Dan reach 12
)
#: Worked out on paper: Anna & Cleo 2 + 6, Ben & Dan 4 + 4 + 2 + 2.
EXPECTED_RUNNING = ((2, 0), (2, 4), (2, 4), (8, 4), (8, 8), (8, 10), (8, 12))


def dealer_and_leader(number: int) -> tuple[str, str]:
    """Deal ``number``'s dealer (clockwise from Dan) and leader (last trick before)."""
    dealer = (FIRST_DEALER + number - 1) % 4
    previous = MATCH[number - 2].last_trick if number > 1 else None
    leader = previous if previous is not None else (dealer + 1) % 4
    return NAMES[dealer], NAMES[leader]


def enter_points(page: Page, value: str) -> None:
    """Clear the field with C, then tap the digits on the page's numpad."""
    pad = page.locator("[data-numpad]")
    expect(pad).to_be_visible()
    pad.get_by_role("button", name="Clear").click()
    expect(page.locator("#points")).to_have_value("")
    for digit in value:
        pad.locator(f"[data-key='{digit}']").click()
    expect(page.locator("#points")).to_have_value(value)


def check_totals(page: Page, totals: tuple[int, int]) -> None:
    """The chips at the top: each team's defeat points, fewer is the better place."""
    chips = page.locator(".score-chips .score-chip")
    expect(chips).to_have_count(2)
    for team in (0, 1):
        chip = chips.filter(has_text=TEAMS[team])
        expect(chip.locator(".standing-total")).to_have_text(str(totals[team]))
        place = 1 + (totals[1 - team] < totals[team])
        expect(chip.locator(".place")).to_have_text(f"{place}.")


def last_line(number: int, deal: KozelDeal) -> str:
    took = defeat_points(deal)
    points = [f"+{n}" if n else "0" for n in took]
    return f"Deal {number} scored · {TEAMS[0]} {points[0]} · {TEAMS[1]} {points[1]}"


@pytest.mark.django_db(transaction=True)
def test_a_match_to_the_goat(page: Page, live_server, screenshot_dir: Path) -> None:
    totals = (0, 0)
    running = []
    for deal in MATCH:
        took = defeat_points(deal)
        totals = (totals[0] + took[0], totals[1] + took[1])
        running.append(totals)
    assert tuple(running) == EXPECTED_RUNNING

    start_session(page, live_server.url, kind="Kozel", names=NAMES, first_dealer="Dan")
    check_totals(page, (0, 0))
    expect(page.locator(".last-deal")).to_have_count(0)
    expect(page.locator(".split-facts")).to_contain_text(f"to {LIMIT}")
    page.screenshot(path=screenshot_dir / "kozel-01-start.png", full_page=True)

    points = page.locator("#points")
    took_trick = page.locator("[data-took-trick]")
    for index, deal in enumerate(MATCH):
        number = index + 1
        dealer, leader = dealer_and_leader(number)
        expect(page.locator("#round-title")).to_have_text(f"Deal {number}")
        expect(page.locator("#table .deal-facts").first).to_have_text(f"dealer {dealer}")
        expect(page.locator(".split-facts")).to_contain_text(f"leads {leader}")

        page.get_by_role("radio", name=TEAMS[deal.team], exact=True).check()

        if number == 2:
            # 119 is impossible (the other team would hold 1): refused, and kept.
            enter_points(page, "119")
            expect(page.locator("[data-other-team]")).to_have_text(f"{TEAMS[0]}: 1")
            with page.expect_response(lambda r: r.url.endswith("/round/")) as answer:
                page.get_by_role("button", name="Save deal 2").click()
            assert answer.value.status == 422
            error = page.locator("#round-error")
            expect(error).to_be_visible()
            expect(error).to_have_attribute("role", "alert")
            expect(error).to_have_text(
                "A team cannot have 119 card points: the other team would have 1."
            )
            expect(error).to_have_attribute("data-field", "e.points")
            expect(points).to_have_value("119")
            expect(page.get_by_role("radio", name=TEAMS[1], exact=True)).to_be_checked()
            expect(page.locator("#round-title")).to_have_text("Deal 2")
            check_totals(page, running[0])
            page.screenshot(path=screenshot_dir / "kozel-02-refused-119.png", full_page=True)

        enter_points(page, str(deal.points))
        other = 120 - deal.points
        expect(page.locator("[data-other-team]")).to_have_text(f"{TEAMS[1 - deal.team]}: {other}")
        if deal.points in (0, 120):
            expect(took_trick).to_be_visible()
            took_trick.get_by_role("radio", name=deal.took_trick, exact=True).check()
            if number == 2:
                page.screenshot(
                    path=screenshot_dir / "kozel-03-zero-points-trick-question.png",
                    full_page=True,
                )
        else:
            expect(took_trick).to_be_hidden()
        if deal.last_trick is not None:
            # One tap: the player's key, not a dropdown.
            page.locator(".last-trick").get_by_role(
                "radio", name=NAMES[deal.last_trick], exact=True
            ).check()
        page.get_by_role("button", name=f"Save deal {number}").click()

        expect(page.locator(".last-deal summary")).to_have_text(last_line(number, deal))
        if number == 1:
            # Why: the deal's line opens on each team's defeat points and their rule.
            page.locator(".last-deal summary").click()
            why = page.locator(".last-deal ul")
            band = "45 card points: 31–59 gives 2 defeat points (the 2-point band)"
            expect(why.nth(0)).to_have_text(band)
            expect(why.nth(1)).to_have_text("75 card points: the deal is won, no defeat points")
            page.screenshot(path=screenshot_dir / "kozel-02b-why.png", full_page=True)
            page.locator(".last-deal summary").click()
        expect(page.locator(".announce-region")).to_have_attribute("role", "status")
        check_totals(page, running[index])
        expect(page.locator("#round-error")).to_have_count(0)
        if deal.card_points == (60, 60):
            page.screenshot(path=screenshot_dir / "kozel-04-eggs.png", full_page=True)

    # -- Ben & Dan reached 12: the goat (with eggs: the match had a deal of 60-60). -------
    expect(page.locator(".announce-region .announcement")).to_have_text(f"Winner: {TEAMS[0]}")
    goat = page.locator(".score-chip", has_text=TEAMS[1])
    expect(goat.locator(".chip-mark")).to_have_text("the goat, with eggs")
    expect(page.locator(".score-chip", has_text=TEAMS[0]).locator(".chip-mark")).to_have_count(0)
    expect(page.locator("#round-title")).to_have_count(0)
    expect(page.locator(".save-round")).to_have_count(0)
    page.screenshot(path=screenshot_dir / "kozel-05-goat.png", full_page=True)

    page.get_by_role("link", name="Score sheet").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    rows = page.locator("table.sheet tbody tr")
    expect(rows).to_have_count(len(MATCH))
    for index, deal in enumerate(MATCH):
        cells = rows.nth(index).locator("td")
        took = defeat_points(deal)
        for team in (0, 1):
            expect(cells.nth(team)).to_contain_text(f"+{took[team]}" if took[team] else "0")
            expect(cells.nth(team)).to_contain_text(str(running[index][team]))
    footer = page.locator("table.sheet tfoot td")
    expect(footer.nth(0)).to_contain_text("8")
    expect(footer.nth(1)).to_contain_text("12")
    page.screenshot(path=screenshot_dir / "kozel-06-sheet.png", full_page=True)
    # A cell says how its defeat points came to be: Anna & Cleo lost deal 1 with 45.
    rows.nth(0).locator("td").nth(0).get_by_role("button").click()
    expect(page.get_by_text("45 card points: 31–59 gives 2 defeat points").first).to_be_visible()
    page.keyboard.press("Escape")
