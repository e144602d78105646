from pathlib import Path

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect


@pytest.mark.django_db(transaction=True)
def test_the_home_page_fits_a_phone_and_loads_htmx(
    page: Page, live_server, screenshot_dir: Path
) -> None:
    console_errors: list[str] = []

    def keep_errors(message: ConsoleMessage) -> None:
        if message.type == "error":
            console_errors.append(message.text)

    page.on("console", keep_errors)
    page.goto(live_server.url)

    expect(page.get_by_role("heading", name="Scorekeeper")).to_be_visible()
    new_session = page.get_by_role("link", name="New session")
    expect(new_session).to_be_visible()
    box = new_session.bounding_box()
    assert box is not None
    assert box["height"] >= 44
    # htmx comes from our own static files; no network is needed.
    assert page.evaluate("typeof htmx") == "object"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert console_errors == []
    page.screenshot(path=screenshot_dir / "home.png", full_page=True)
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=screenshot_dir / "home-dark.png", full_page=True)
