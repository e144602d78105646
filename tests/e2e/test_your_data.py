"""Your data is yours, in the browser at 390 x 844: delete a session and bring it back,
merge two names of one person, forget the notebook (issue 25)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.flows import no_horizontal_scroll, start_session

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_session_is_deleted_and_brought_back(page: Page, live_server, screenshot_dir: Path):
    url = start_session(
        page, live_server.url, kind="Oh Hell", names=["Anna", "Ben", "Carla"], first_dealer="Anna"
    )
    page.goto(url + "sheet/")
    page.get_by_role("link", name="Delete this session…").click()
    expect(page.get_by_role("heading", name="Delete this session?")).to_be_visible()
    page.screenshot(path=screenshot_dir / "delete-session.png")

    page.get_by_role("button", name="Delete the session").click()

    expect(page.get_by_role("status")).to_contain_text("Deleted: Oh Hell with Anna, Ben, Carla.")
    expect(page.get_by_text("No sessions yet.")).to_be_visible()
    assert page.url == live_server.url + "/"
    assert no_horizontal_scroll(page) <= 390
    page.screenshot(path=screenshot_dir / "deleted-session.png")

    page.get_by_role("button", name="Undo: bring it back").click()

    page.wait_for_url(url)
    expect(page.get_by_role("heading", name="Deal 1 of 15")).to_be_visible()


def test_two_names_are_merged_and_the_notebook_forgotten(page: Page, live_server):
    start_session(
        page, live_server.url, kind="Oh Hell", names=["Ann", "Ben", "Carla"], first_dealer="Ann"
    )
    start_session(
        page, live_server.url, kind="Oh Hell", names=["Anna", "Dan", "Eve"], first_dealer="Anna"
    )
    page.goto(live_server.url + "/notebook/")
    page.get_by_text("Delete or merge Ann", exact=True).click()
    page.get_by_label("Ann is the same person as").select_option(label="Anna")
    page.get_by_role("button", name="Merge").first.click()

    expect(page.locator("input[value='Ann']")).to_have_count(0)
    expect(page.locator("input[value='Anna']")).to_have_count(1)

    page.get_by_role("link", name="Forget this notebook…").click()
    expect(page.get_by_text("2 sessions, 5 players.")).to_be_visible()
    expect(page.get_by_role("link", name="Download a backup")).to_be_visible()
    page.get_by_role("button", name="Delete everything").click()

    expect(page.get_by_role("status")).to_contain_text("The notebook was deleted from this server.")
    expect(page.get_by_text("No sign-up.", exact=False)).to_be_visible()
