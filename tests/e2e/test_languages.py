"""A table that speaks Italian, Polish or Russian: switch with the switcher at the foot of
the page, start a session, bid, hear the call, score the deal (issue 7, docs/languages.md).

The phone's browser asks for English (conftest.py); the switcher's choice wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.games.test_languages import leftovers

HUMAN_PAUSE_MS = 500  # app.js drops a second tap on the same spot within 450 ms


@dataclass(frozen=True)
class Table:
    language: str
    option: str  # the language as the switcher names it
    change: str  # the switcher's button
    names: tuple[str, str, str, str]
    start: str
    bids_label: str  # "{name} bids:"
    call: str  # 1 + 0 + 1 + 0 bid in a deal of 1 card
    detail: str
    trick_title: str
    score: str
    scored: str
    announced: str
    next_deal: str
    next_cards: str


TABLES = [
    Table(
        "it",
        "Italiano",
        "Cambia",
        ("Anna", "Bruno", "Carla", "Dario"),
        "Inizia",
        "{} dichiara:",
        "SOPRA di 1",
        "dichiarate 2 su 1 presa",
        "Presa 1 di 1: chi l'ha fatta?",
        "Segna la smazzata",
        "Smazzata 1 segnata",
        "Smazzata 1 segnata. In testa: Bruno.",
        "Smazzata 2 di 13",
        "2 carte",
    ),
    Table(
        "pl",
        "Polski",
        "Zmień",
        ("Ania", "Bartek", "Celina", "Darek"),
        "Zaczynamy",
        "{} deklaruje:",
        "ZA DUŻO o 1",
        "zadeklarowano 2 na 1 lewę",
        "Lewa 1 z 1: kto ją wziął?",
        "Policz rozdanie",
        "Rozdanie 1 policzone",
        "Rozdanie 1 policzone. Na prowadzeniu: Bartek.",
        "Rozdanie 2 z 13",
        "2 karty",
    ),
    Table(
        "ru",
        "Русский",
        "Сменить",
        ("Аня", "Борис", "Вика", "Гоша"),
        "Начать",
        "{} заказывает:",
        "ПЕРЕБОР на 1",
        "заказано 2 на 1 взятку",
        "Взятка 1 из 1: кто взял?",
        "Записать сдачу",
        "Сдача 1 записана",
        "Сдача 1 записана. Впереди: Борис.",
        "Сдача 2 из 13",
        "2 карты",
    ),
]


def no_english(page: Page, language: str) -> None:
    """No English sentence of ours on the page, and the longer words still fit a phone."""
    assert leftovers(page.content(), language) == [], page.url
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), page.url


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("table", TABLES, ids=[t.language for t in TABLES])
def test_a_table_switches_language_and_plays_a_deal_in_it(
    page: Page, live_server, screenshot_dir: Path, table: Table
) -> None:
    page.goto(live_server.url)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    switcher = page.get_by_label("Language")
    for control in (switcher, page.get_by_role("button", name="Change")):
        box = control.bounding_box()
        assert box is not None and box["height"] >= 44

    switcher.select_option(label=table.option)
    page.get_by_role("button", name="Change").click()

    expect(page.locator("html")).to_have_attribute("lang", table.language)
    expect(page.locator("#language-select option:checked")).to_have_text(table.option)
    no_english(page, table.language)
    page.screenshot(path=screenshot_dir / f"languages-{table.language}-home.png", full_page=True)

    # A new session: Oh Hell as it comes (one card in the first deal), the first name deals.
    page.locator("a.btn-primary").click()
    for count, name in enumerate(table.names, start=1):
        page.locator("#new_name").fill(name)
        page.locator("#new_name").press("Enter")
        expect(page.locator("ol.seats li")).to_have_count(count)
    page.locator("#first_dealer").select_option(label=table.names[0])
    no_english(page, table.language)
    page.get_by_role("button", name=table.start).click()
    page.wait_for_url(re.compile(r"/s/[^/]+/$"))
    no_english(page, table.language)

    # Bids from the dealer's left: 1, 0, 1, then the dealer 0. Two bid for one trick.
    for seat, bid in ((1, 1), (2, 0), (3, 1), (0, 0)):
        expect(page.locator(".keypad-label")).to_have_text(
            table.bids_label.format(table.names[seat])
        )
        page.wait_for_timeout(HUMAN_PAUSE_MS)
        page.locator(f".keypad-form button.key[value='{bid}']").click()
    announcement = page.locator(".announcement")
    expect(announcement).to_contain_text(table.call)
    expect(announcement).to_contain_text(table.detail)
    expect(page.locator("#announcer")).to_have_text(re.compile(re.escape(table.call)))
    no_english(page, table.language)
    page.screenshot(path=screenshot_dir / f"languages-{table.language}-call.png", full_page=True)

    # The trick goes to the first bidder; the counts come from the tap.
    expect(page.locator("#play-title")).to_have_text(table.trick_title)
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    page.locator(".trick-row button.trick-btn").filter(has_text=table.names[1]).click()
    expect(page.locator("input[type=hidden][name='tricks-1']")).to_have_value("1")
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    page.get_by_role("button", name=table.score).click()

    expect(page.locator("details.last-deal summary strong")).to_have_text(table.scored)
    expect(page.locator("#announcer")).to_have_text(table.announced)
    expect(page.locator("#deal-title")).to_have_text(table.next_deal)
    expect(page.locator(".deal-line .deal-facts")).to_contain_text(table.next_cards)
    no_english(page, table.language)
    page.screenshot(path=screenshot_dir / f"languages-{table.language}-scored.png", full_page=True)


@pytest.mark.django_db(transaction=True)
def test_the_switcher_works_without_javascript(
    browser: Browser, browser_context_args: dict, live_server
) -> None:
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/new/")

    page.get_by_label("Language").select_option(label="Polski")
    page.get_by_role("button", name="Change").click()

    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page).to_have_url(f"{live_server.url}/new/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Nowa partia")
    context.close()
