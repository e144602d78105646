"""Steps the browser tests share: set a table up on /new/, read what the page shows."""

from __future__ import annotations

import re
from collections.abc import Sequence

from playwright.sync_api import Page, expect


def add_players(page: Page, names: Sequence[str]) -> None:
    """Type each name in "Add a player" and press Enter, as a phone keyboard's Done does."""
    seats = page.locator("ol.seats li")
    for name in names:
        before = seats.count()
        field = page.locator("#new_name")
        field.fill(name)
        field.press("Enter")
        expect(seats).to_have_count(before + 1)
        expect(seats.nth(before).locator(".seat-name")).to_contain_text(name)
        expect(page.locator("#new_name")).to_have_value("")


def choose_preset(page: Page, label: str) -> None:
    """Choosing a preset sends the form back (htmx): wait for it, or a name typed next
    would go into the field the answer replaces."""
    chosen = page.locator("#preset").evaluate(
        "(select, label) => [...select.options].find((o) => o.text.trim() === label).value", label
    )
    with page.expect_response(lambda r: r.url.endswith("/new/") and r.request.method == "POST"):
        page.locator("#preset").select_option(label=label)
    # The answer swapped in (not only come: htmx swaps it after), the preset its own.
    expect(page.locator("input[name=previous_preset]")).to_have_value(chosen)
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    expect(page.locator("#preset option:checked")).to_have_text(label)


def seat_names(page: Page) -> list[str]:
    return [
        text.split("\n")[0].strip()
        for text in page.locator("ol.seats li .seat-name").all_inner_texts()
    ]


def start_session(
    page: Page,
    base_url: str,
    *,
    kind: str,
    names: Sequence[str],
    first_dealer: str,
    preset: str | None = None,
) -> str:
    """A new session with a preset as it comes (the first one by default); returns
    the session's URL."""
    page.goto(f"{base_url}/new/")
    radio = page.get_by_role("radio", name=kind)
    radio.check()
    # The form comes back for the game chosen (its presets and options): wait for it.
    chosen = radio.get_attribute("value")
    expect(page.locator("input[name=previous_kind]")).to_have_value(chosen)
    # and for htmx to be done with it, or a change made now would not be sent
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    page.wait_for_timeout(100)
    if kind == "Kozel":  # two teams
        expect(page.locator("#new-session")).to_contain_text("seats 1 and 3 play against")
    if preset is not None:
        choose_preset(page, preset)
    add_players(page, names)
    page.locator("#first_dealer").select_option(label=first_dealer)
    page.locator("#start-button").click()
    page.wait_for_url(re.compile(r"/s/[^/]+/$"))
    return page.url


def number(text: str) -> int:
    """The last whole number in a cell's text ("✓ 11" -> 11, "-10" -> -10)."""
    found = re.findall(r"-?\d+", text)
    assert found, f"no number in {text!r}"
    return int(found[-1])


def read_standings(page: Page) -> dict[str, tuple[int, int]]:
    """The Totals list: name -> (place, total)."""
    rows = page.locator("ol.standings li")
    result = {}
    for index in range(rows.count()):
        row = rows.nth(index)
        name = row.locator(".standing-name").inner_text().strip()
        place = number(row.locator(".place").inner_text())
        total = number(row.locator(".standing-total").inner_text())
        result[name] = (place, total)
    return result


def places(totals: dict[str, int]) -> dict[str, tuple[int, int]]:
    """Highest total first; equal totals share a place (1, 2, 3, 3)."""
    return {
        name: (1 + sum(other > total for other in totals.values()), total)
        for name, total in totals.items()
    }


def no_horizontal_scroll(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")
