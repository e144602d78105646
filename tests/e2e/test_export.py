"""Export, print, summary, settling up, import and restore, in a phone's browser.

The printed session is 13 deals of five players (a custom schedule: 1 to 10 cards,
then 10 three times more), with a revoke and an adjustment.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from games import services
from games.models import Game, Notebook
from games.rules import oh_hell
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import place_bids, play_deals
from tests.games.test_exports import finished_kozel, oh_hell_with_revoke

PHONE_WIDTH = 390
FIVE = ["Anna", "Ben", "Carla", "Dan", "Émile"]
THIRTEEN = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, summary"

SIZES_JS = """
(elements) => elements
  .filter((el) => el.checkVisibility({visibilityProperty: true}))
  .map((el) => {
    const box = el.getBoundingClientRect();
    return {text: (el.innerText || el.name || el.id || "").trim().slice(0, 30),
            width: box.width, height: box.height};
  })
"""


def thirteen_deals_of_five(notebook: Notebook) -> Game:
    """Every deal: seat s bids (deal + s) % 3 (at most the cards) and takes it, the last
    bidder taking what is left; Carla revokes deal 4 (played again); Ben -5 in deal 3."""
    rules = oh_hell.PRESETS["italian"].with_options(schedule="custom", custom_schedule=THIRTEEN)
    game = services.start_game(
        notebook=notebook,
        kind="oh_hell",
        preset="italian",
        options=services.rules_as_options(rules),
        names=FIVE,
        first_dealer=0,
    )
    revoked = False
    while True:
        table = services.load(Game.objects.get(pk=game.pk))
        if table.plan is None:
            break
        cards, number = table.plan.cards, table.deal_number(table.current)
        bids = {seat: min(cards, (number + seat) % 3) for seat in range(5)}
        place_bids(game, bids)
        if table.plan.number == 4 and not revoked:
            oh_hell_services.record_revoke(game=game, deal_number=number, seat=2)
            revoked = True
            continue
        order = table.bidding.order
        tricks = [0] * 5
        left = cards
        for seat in order[:-1]:
            tricks[seat] = min(bids[seat], left)
            left -= tricks[seat]
        tricks[order[-1]] = left
        oh_hell_services.record_tricks(game=game, deal_number=number, tricks=tricks)
    oh_hell_services.add_adjustment(
        game=game, deal_number=3, seat=1, points=-5, note="Showed a card"
    )
    return Game.objects.get(pk=game.pk)


def open_notebook(context: BrowserContext, live_server, notebook: Notebook) -> None:
    context.add_cookies([{"name": "notebook", "value": notebook.key, "url": live_server.url}])


def check_phone_layout(page: Page, within: str) -> None:
    """Nothing scrolls sideways and every control (within) is at least 44 x 44 CSS px."""
    # A page reached by a click can be measured before its stylesheet applies.
    page.wait_for_load_state()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    small = [
        item
        for item in page.locator(within).locator(CONTROLS).evaluate_all(SIZES_JS)
        if item["width"] < 44 or item["height"] < 44
    ]
    assert small == []


def pdf_pages(pdf: bytes) -> int:
    """Page objects in Chromium's PDF (`/Type /Page`, not `/Pages`)."""
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


@pytest.mark.django_db(transaction=True)
def test_the_export_menu_downloads_a_csv_and_a_json_file(
    page: Page, context: BrowserContext, live_server, screenshot_dir: Path
) -> None:
    notebook = Notebook.objects.create()
    game = thirteen_deals_of_five(notebook)
    open_notebook(context, live_server, notebook)
    page.goto(f"{live_server.url}/s/{game.public_id}/sheet/")

    page.get_by_text("Export", exact=True).click()
    expect(page.get_by_role("button", name="Print")).to_be_visible()  # shown by export.js
    check_phone_layout(page, ".subnav")
    page.screenshot(path=screenshot_dir / "export-menu.png")
    with page.expect_download() as csv_download:
        page.get_by_role("link", name="Spreadsheet (CSV)").click()
    with page.expect_download() as json_download:
        page.get_by_role("link", name="Session file (JSON)").click()

    day = game.created_at.date().isoformat()
    assert csv_download.value.suggested_filename == f"oh-hell-{day}.csv"
    text = Path(csv_download.value.path()).read_text(encoding="utf-8")
    assert text.startswith("\ufeffdeal,cards,dealer,trump,player,bid,tricks,deal score")
    assert ",Émile," in text
    assert len(text.splitlines()) == 1 + 14 * 5  # 13 deals and the replay after the revoke
    data = json.loads(Path(json_download.value.path()).read_text(encoding="utf-8"))
    assert (data["version"], data["kind"], data["seats"]) == (1, "oh_hell", FIVE)
    assert data["result"]["finished"] is True


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.django_db(transaction=True)
def test_a_13_deal_session_of_five_prints_on_one_a4_page(
    page: Page, context: BrowserContext, live_server, screenshot_dir: Path, scheme: str
) -> None:
    notebook = Notebook.objects.create()
    game = thirteen_deals_of_five(notebook)
    open_notebook(context, live_server, notebook)
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{live_server.url}/s/{game.public_id}/sheet/")

    pdf = page.pdf(format="A4")

    assert pdf_pages(pdf) == 1
    page.emulate_media(media="print")
    for hidden in (".site-header", ".subnav", "#summary", "#settle-up", ".chart"):
        expect(page.locator(hidden)).to_be_hidden()
    expect(page.locator(".print-footer")).to_be_visible()
    expect(page.locator(".sheet tbody tr")).to_have_count(14)
    # Black on white whatever the phone's scheme.
    assert page.locator(".sheet td").first.evaluate("el => getComputedStyle(el).color") == (
        "rgb(0, 0, 0)"
    )
    assert page.locator("body").evaluate("el => getComputedStyle(el).backgroundColor") in (
        "rgb(255, 255, 255)",
        "rgba(0, 0, 0, 0)",
    )
    target = screenshot_dir / f"sheet-print-{scheme}.pdf"
    target.write_bytes(pdf)
    if shutil.which("pdftoppm"):  # a picture to look at (apt-get install poppler-utils)
        subprocess.run(
            ["pdftoppm", "-png", "-r", "80", "-singlefile", target, target.with_suffix("")],
            check=True,
        )


@pytest.mark.django_db(transaction=True)
def test_a_19_deal_session_of_five_prints_on_one_a4_page_too(
    page: Page, context: BrowserContext, live_server
) -> None:
    notebook = Notebook.objects.create()
    game = services.start_game(
        notebook=notebook,
        kind="oh_hell",
        preset="down_and_up_hook",
        options=services.rules_as_options(oh_hell.PRESETS["down_and_up_hook"]),
        names=FIVE,
        first_dealer=0,
    )
    play_deals(game, 19)
    open_notebook(context, live_server, notebook)
    page.goto(f"{live_server.url}/s/{game.public_id}/sheet/")

    assert pdf_pages(page.pdf(format="A4")) == 1


@pytest.mark.django_db(transaction=True)
def test_the_summary_copies_and_settling_up_answers_in_place(
    page: Page, context: BrowserContext, live_server, screenshot_dir: Path
) -> None:
    notebook = Notebook.objects.create()
    game = oh_hell_with_revoke(notebook)  # Anna 25, Ben 22, Dan 16, Carla -10
    open_notebook(context, live_server, notebook)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"{live_server.url}/s/{game.public_id}/sheet/")

    summary = page.get_by_label("To copy into a chat")
    expect(summary).to_have_value("After 2 of 19 deals: Anna 25, Ben 22, Dan 16, Carla -10")
    page.get_by_role("button", name="Copy the summary").click()
    expect(page.locator("#announcer")).to_have_text("Summary copied.")
    assert page.evaluate("navigator.clipboard.readText()") == summary.input_value()

    page.get_by_label("Stake per point").fill("0.10")
    page.get_by_role("button", name="Work it out").click()

    rows = page.locator("#settle-up tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(0).locator("th, td")).to_have_text(["Anna (winner)★", "25", "–", "4.70"])
    expect(rows.nth(3).locator("th, td")).to_have_text(["Carla", "-10", "3.50", "–"])
    expect(page.locator("#announcer")).to_have_text(
        "Anna receives 4.70; Ben pays 0.30; Dan pays 0.90; Carla pays 3.50."
    )
    expect(page).to_have_url(re.compile(r"/sheet/$"))  # the sheet stays; htmx swapped it in
    check_phone_layout(page, "#settle-up")
    check_phone_layout(page, "#summary")
    page.locator("#summary").scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / "sheet-summary-settle-up.png", full_page=True)

    page.get_by_label("Stake per point").fill("ten")
    page.get_by_role("button", name="Work it out").click()

    expect(page.get_by_role("alert")).to_have_text(
        "Enter the stake per point as a number, for example 0.10."
    )
    expect(page.get_by_label("Stake per point")).to_have_attribute("aria-invalid", "true")
    page.emulate_media(color_scheme="dark")
    page.locator("#settle-up").screenshot(path=screenshot_dir / "settle-up-error-dark.png")


@pytest.mark.django_db(transaction=True)
def test_a_session_file_imported_on_the_notebook_page_comes_back_the_same(
    page: Page, context: BrowserContext, live_server, screenshot_dir: Path
) -> None:
    notebook = Notebook.objects.create()
    game = finished_kozel(notebook)
    open_notebook(context, live_server, notebook)
    exported = page.request.get(f"{live_server.url}/s/{game.public_id}/export.json").body()
    page.goto(f"{live_server.url}/notebook/")

    page.get_by_label("A session file (.json)").set_input_files(
        files=[{"name": "kozel.json", "mimeType": "application/json", "buffer": exported}]
    )
    page.get_by_role("button", name="Import the session").click()

    page.wait_for_url(re.compile(r"/s/[^/]+/$"))
    copy = Game.objects.exclude(pk=game.pk).get()
    assert page.url.endswith(f"/s/{copy.public_id}/")
    again = page.request.get(f"{live_server.url}/s/{copy.public_id}/export.json").body()
    assert again.replace(copy.public_id.encode(), game.public_id.encode()) == exported
    page.goto(f"{live_server.url}/s/{copy.public_id}/sheet/")
    expect(page.get_by_label("To copy into a chat")).to_have_value(
        "Final: Ben & Dan 0, Anna & Carla 12"
    )


@pytest.mark.django_db(transaction=True)
def test_a_file_that_is_not_valid_is_refused_on_the_page(
    page: Page, context: BrowserContext, live_server, screenshot_dir: Path
) -> None:
    notebook = Notebook.objects.create()
    open_notebook(context, live_server, notebook)
    page.goto(f"{live_server.url}/notebook/")

    page.get_by_label("A session file (.json)").set_input_files(
        files=[{"name": "notes.json", "mimeType": "application/json", "buffer": b"Anna 112"}]
    )
    page.get_by_role("button", name="Import the session").click()

    expect(page.get_by_role("alert")).to_have_text(
        "This file is not a Scorekeeper export: it is not valid JSON."
    )
    expect(page.get_by_label("A session file (.json)")).to_have_attribute("aria-invalid", "true")
    assert Game.objects.count() == 0
    check_phone_layout(page, "#transfer")
    page.screenshot(path=screenshot_dir / "import-refused.png", full_page=True)


@pytest.mark.django_db(transaction=True)
def test_a_new_phone_restores_a_backup_into_a_notebook_of_its_own(
    page: Page, context: BrowserContext, browser, live_server, screenshot_dir: Path
) -> None:
    notebook = Notebook.objects.create(name="Thursday")
    oh_hell_with_revoke(notebook)
    finished_kozel(notebook)
    open_notebook(context, live_server, notebook)
    page.goto(f"{live_server.url}/notebook/")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download a backup").click()
    backup = Path(download.value.path()).read_bytes()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    new_page = phone.new_page()

    new_page.goto(f"{live_server.url}/notebook/import/")
    check_phone_layout(new_page, "#transfer")
    new_page.get_by_label("A notebook backup (.json)").set_input_files(
        files=[{"name": "backup.json", "mimeType": "application/json", "buffer": backup}]
    )
    new_page.get_by_role("button", name="Restore the backup").click()

    expect(new_page.get_by_role("status")).to_contain_text("Backup restored: 2 sessions.")
    new_page.screenshot(path=screenshot_dir / "restore-done.png", full_page=True)
    new_page.get_by_role("link", name="Open the sessions").click()
    expect(new_page.locator(".session-list li")).to_have_count(2)
    restored = Notebook.objects.exclude(pk=notebook.pk).get()
    assert restored.name == "Thursday"
    assert restored.games.count() == 2
    phone.close()
