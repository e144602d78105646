"""What a scorekeeper must see after a tap, at 360 x 640 and 390 x 844, in the round games
and Kozel: measured on the screen as it is (viewport coordinates), not on the page.

- A refused round: the field to correct and the reason both on the screen, the field
  neither under the sticky Save (with the reason in it) nor under the sticky totals.
- A round saved: "Round N scored" below the sticky totals, on the screen.
- Offline: the connection line ("No connection · N entries kept") on the screen after a
  Save that scrolled the page, the totals stuck below it, not under it.
- Kozel (a round game) at 360: each team's total on one line, the points' label clear of
  its hint, and after a refusal the points, the reason and Save on the screen.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from games import services
from games.kinds import kind_of
from games.models import Notebook
from tests.e2e import test_one_thumb
from tests.e2e.test_one_thumb import VIEWPORTS, with_notebook
from tests.e2e.test_one_thumb_rounds import key, table_on_phone

phones = test_one_thumb.phones  # the fixture: phone browsers of a size and language

both_viewports = pytest.mark.parametrize("viewport", list(VIEWPORTS))
EDGE = 0.5  # CSS px: a box may end on a fraction of a pixel past a whole one


def box(locator: Locator) -> dict:
    """The element's box on the screen (CSS px from the viewport's top left)."""
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not drawn"
    return {"top": found["y"], "bottom": found["y"] + found["height"]}


def on_screen(page: Page, locator: Locator, what: str) -> dict:
    place = box(locator)
    height = page.viewport_size["height"]
    assert place["top"] >= -EDGE and place["bottom"] <= height + EDGE, (
        f"{what} is off the screen: {place}, screen height {height}"
    )
    return place


def clear_of_the_sticky_parts(page: Page, locator: Locator, what: str) -> None:
    """On the screen, below the sticky totals and above the sticky Save."""
    place = on_screen(page, locator, what)
    chips = box(page.locator("#table .score-chips"))
    assert place["top"] >= chips["bottom"] - EDGE, f"{what} {place} is under the totals {chips}"
    bar = page.locator("#table .save-bar")
    if bar.count():
        bar_box = box(bar)
        assert place["bottom"] <= bar_box["top"] + EDGE, (
            f"{what} {place} is under the sticky Save {bar_box}"
        )


def tysiac_for_four(phones, live_server, viewport: str) -> Page:
    names = ("Ania", "Bartek", "Celina", "Darek")  # Ania deals and sits out round 1
    page = table_on_phone(phones, live_server, viewport, "tysiac", "polish", names, 0, "pl")
    page.wait_for_load_state("networkidle")
    return page


@pytest.mark.django_db(transaction=True)
@both_viewports
def test_a_refused_tysiac_round_shows_the_card_points_and_the_reason(
    phones, live_server, screenshot_dir: Path, viewport: str
) -> None:
    page = tysiac_for_four(phones, live_server, viewport)
    page.locator("#table .bidder-pick label").first.click()
    page.locator("#contract").fill("100")
    for seat, points in ((1, "60"), (2, "30"), (3, "20")):  # 110, not 120
        page.locator(f"#points-{seat}").fill(points)
    page.locator("#table .save-round").click()
    reason = page.locator("#round-error")
    expect(reason).to_contain_text("120")
    page.wait_for_timeout(300)  # the page settles where the script brought it
    page.screenshot(path=screenshot_dir / f"in-view-tysiac-{viewport}-refused.png")

    on_screen(page, reason, "the reason")
    # The card points the player entered last, to correct, clear of the sticky parts.
    clear_of_the_sticky_parts(page, page.locator("#table .points-line:has(#points-3)"), "Darek")

    page.locator("#points-3").fill("30")
    page.locator("#table .save-round").click()
    scored = page.locator("#table details.last-deal summary")
    expect(scored).to_contain_text("Rozdanie 1 policzone")
    page.wait_for_timeout(300)
    page.screenshot(path=screenshot_dir / f"in-view-tysiac-{viewport}-saved.png")
    clear_of_the_sticky_parts(page, scored, "'Deal 1 scored'")


@pytest.mark.django_db(transaction=True)
@both_viewports
def test_a_refused_skull_king_round_shows_the_trick_keys_and_the_reason(
    phones, live_server, screenshot_dir: Path, viewport: str
) -> None:
    names = ("Anna", "Ben", "Carla", "Dario")
    page = table_on_phone(phones, live_server, viewport, "skull_king", "rulebook", names, 3, "en")
    page.wait_for_load_state("networkidle")
    for seat in range(4):
        key(page, f"e.bids.{seat}", 0).click()
    page.locator("#table .save-round").click()
    expect(page.locator("#table input[name='e.tricks.0']").first).to_be_attached()
    page.wait_for_timeout(300)
    for seat in range(4):  # no trick taken of the one card: refused
        key(page, f"e.tricks.{seat}", 0).click()
    page.locator("#table .save-round").click()
    reason = page.locator("#round-error")
    expect(reason).to_contain_text("The tricks add up to 0")
    page.wait_for_timeout(300)
    page.screenshot(path=screenshot_dir / f"in-view-skull-king-{viewport}-refused.png")

    on_screen(page, reason, "the reason")
    dario = page.locator("#table .key-row:has(input[name='e.tricks.3'])")
    clear_of_the_sticky_parts(page, dario, "Dario's trick keys")

    key(page, "e.tricks.3", 1).click()
    page.locator("#table .save-round").click()
    scored = page.locator("#table details.last-deal summary")
    expect(scored).to_contain_text("Round 1 scored")
    page.wait_for_timeout(300)
    page.screenshot(path=screenshot_dir / f"in-view-skull-king-{viewport}-saved.png")
    clear_of_the_sticky_parts(page, scored, "'Round 1 scored'")


@pytest.mark.django_db(transaction=True)
@both_viewports
@pytest.mark.parametrize("poll_failed", [False, True], ids=["at-once", "after-a-poll-failed"])
def test_the_connection_line_stays_on_the_screen_after_an_offline_save(
    phones, live_server, screenshot_dir: Path, viewport: str, poll_failed: bool
) -> None:
    """After a poll failed the page says "No connection"; the entries kept then say it in
    its place: one line at the top, the totals stuck below it."""
    names = ("Anna", "Ben", "Carla", "Dario", "Eva", "Filip")
    page = table_on_phone(phones, live_server, viewport, "skull_king", "rulebook", names, 5, "en")
    page.wait_for_load_state("networkidle")  # the outbox and the forms drawn ahead are in
    page.context.set_offline(True)
    if poll_failed:
        expect(page.locator("#no-connection")).to_contain_text("No connection, last update at")
    for seat in range(6):
        key(page, f"e.bids.{seat}", 0).click()
    page.locator("#table .save-round").click()
    line = page.locator("#connection")
    expect(line).to_contain_text("1 entry kept on this phone")
    for seat in range(6):
        key(page, f"e.tricks.{seat}", 1 if seat == 0 else 0).click()
    page.locator("#table .save-round").click()
    expect(line).to_contain_text("2 entries kept on this phone")
    page.wait_for_timeout(300)
    page.screenshot(path=screenshot_dir / f"in-view-offline-{viewport}-{poll_failed}.png")

    assert page.locator(".connection:visible").count() == 1
    assert page.evaluate("window.scrollY") > 0, "the page was not scrolled: nothing is tested"
    place = on_screen(page, line, "the connection line")
    chips = box(page.locator("#table .score-chips"))
    assert chips["top"] >= place["bottom"] - EDGE, f"the totals {chips} under the line {place}"
    # The round just kept is scored on the phone and said on the screen, below the totals:
    # a bid of 0 in a round of 1 card, missed by Anna's trick, is -10; made, +10.
    kept = page.locator("#offline-table .kept-round summary").last
    expect(kept).to_contain_text("Round 1 scored (not sent yet) · Anna \u221210 · Ben +10")
    clear_of_the_sticky_parts(page, kept, "the round kept")
    # Down to the form's last row: the totals the phone worked out still stick below the
    # line, whole on the screen (they stuck within their own box before, and went up with
    # its end, under the line and off the screen).
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)
    page.screenshot(path=screenshot_dir / f"in-view-offline-{viewport}-{poll_failed}-end.png")
    place = on_screen(page, line, "the connection line at the form's end")
    chips = on_screen(page, page.locator("#table .score-chips"), "the totals at the form's end")
    assert chips["top"] >= place["bottom"] - EDGE, f"the totals {chips} under the line {place}"


def kozel_on_phone(phones, live_server, viewport: str) -> Page:
    notebook = Notebook.objects.create()
    game = services.start_game(
        notebook=notebook,
        kind="kozel",
        preset=next(iter(kind_of("kozel").presets)),
        options=kind_of("kozel").preset_options(next(iter(kind_of("kozel").presets))),
        names=["Anna", "Ben", "Cleo", "Dan"],
        first_dealer=3,
    )
    page = phones(viewport, "en")
    with_notebook(page, live_server.url, notebook)
    page.goto(f"{live_server.url}/s/{game.public_id}/")
    page.wait_for_load_state("networkidle")
    return page


def points(page: Page, digits: str) -> None:
    pad = page.locator("#table [data-numpad]")
    pad.get_by_role("button", name="Clear").click()
    for digit in digits:
        pad.locator(f"[data-key='{digit}']").click()
    expect(page.locator("#points")).to_have_value(digits)


@pytest.mark.django_db(transaction=True)
@both_viewports
def test_kozel_on_a_small_phone_shows_its_lines_whole_and_a_refusal_with_save(
    phones, live_server, screenshot_dir: Path, viewport: str
) -> None:
    page = kozel_on_phone(phones, live_server, viewport)
    problems = []
    for strong in page.locator(".score-chip .standing-name, .score-chip .standing-total").all():
        # One box a line the text runs on: a name or a total cut in two would be two.
        lines = strong.evaluate(
            "(el) => { const r = document.createRange(); r.selectNodeContents(el);"
            " return new Set(Array.from(r.getClientRects(), (b) => Math.round(b.top))).size; }"
        )
        if lines != 1:
            problems.append(f"'{strong.inner_text()}' is cut over {lines} lines")

    points(page, "45")
    page.locator("#table .save-round").click()
    done = page.locator("#table .last-deal .done-line")
    expect(done).to_have_text("Deal 1 scored · Anna & Cleo +2 · Ben & Dan 0")

    points(page, "1")  # no card is worth 1: refused
    page.locator("#table .save-round").click()
    reason = page.locator("#round-error")
    expect(reason).to_contain_text("exactly 1 card point")
    page.wait_for_timeout(300)
    page.screenshot(path=screenshot_dir / f"in-view-kozel-{viewport}-refused.png")
    save = page.locator("#table .save-round")
    for what, locator in (("the card points", page.locator("#points")), ("the reason", reason)):
        try:
            on_screen(page, locator, what)
        except AssertionError as off:
            problems.append(str(off))
    try:
        on_screen(page, save, "Save")
    except AssertionError as off:
        problems.append(str(off))
    label = box(page.locator(".points-label label"))
    hint = page.locator("[data-other-team]")
    expect(hint).to_have_text("Ben & Dan: 119")
    if box(hint)["top"] < label["bottom"] - EDGE:
        problems.append(f"the label {label} runs into its hint {box(hint)}")
    assert not problems, "\n".join(problems)


@pytest.mark.django_db(transaction=True)
def test_the_line_of_what_is_kept_leaves_the_table_where_it_was(
    phones, live_server, screenshot_dir: Path
) -> None:
    """At the page's top, where the browser's own scroll anchoring does not act, the line
    saying what is kept appears above the table when an entry's POST gets no answer: the
    table, and the control about to be tapped, stay where they were on the screen
    (bench/walk.py, Oh Hell at 360 x 640 with every second POST aborted: Score went 72 px
    down under the thumb)."""
    names = ("Anna", "Ben", "Carla", "Dario")
    page = table_on_phone(
        phones, live_server, "360x640", "oh_hell", "down_and_up_hook", names, 0, "en"
    )
    page.wait_for_load_state("networkidle")  # the outbox is up
    page.route(
        "**/*",
        lambda route: (
            route.abort("connectionreset") if route.request.method == "POST" else route.continue_()
        ),
    )
    assert page.evaluate("window.scrollY") == 0
    before = box(page.locator("#table"))
    page.locator("#table .keypad-form button.key[value='0']").click()
    expect(page.locator("#connection")).to_contain_text("1 entry kept on this phone")
    page.wait_for_timeout(300)
    page.screenshot(path=screenshot_dir / "in-view-line-appears-360x640.png")
    after = box(page.locator("#table"))
    assert abs(after["top"] - before["top"]) <= 1, f"the table moved: {before} to {after}"
    on_screen(page, page.locator("#connection"), "the connection line")


@pytest.mark.django_db(transaction=True)
def test_no_connection_said_after_a_failed_poll_leaves_the_table_where_it_was(
    phones, live_server
) -> None:
    """The same for the line a failed poll writes ("No connection, last update at …"), at
    the page's top, and for its going once the poll gets through again."""
    names = ("Anna", "Ben", "Carla", "Dario")
    page = table_on_phone(phones, live_server, "360x640", "skull_king", "rulebook", names, 0, "en")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.scrollY") == 0
    before = box(page.locator("#table"))
    page.context.set_offline(True)
    expect(page.locator("#no-connection")).to_contain_text("No connection, last update at")
    after = box(page.locator("#table"))
    assert abs(after["top"] - before["top"]) <= 1, f"the table moved: {before} to {after}"
    page.context.set_offline(False)
    expect(page.locator("#no-connection")).to_be_hidden(timeout=10_000)
    again = box(page.locator("#table"))
    assert abs(again["top"] - before["top"]) <= 1, f"the table moved: {before} to {again}"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_late_answer_leaves_the_next_key_where_it_was(
    phones, live_server, screenshot_dir: Path, monkeypatch, viewport: str
) -> None:
    """A bid whose answer comes after the phone drew the table itself (over 1.5 s: a busy
    server): the next bidder's keys, drawn by the phone with "Sending…" above, stay where
    they are when the server's answer takes the table's place and the line goes. CI on a
    busy machine: the key went 37 px up between the look and the tap ("Sending…" gone at
    the page's top, where the page cannot be scrolled back up by it), and the phone's
    drawing of the bids was 4 px shorter than the server's. The line's room stays, empty,
    until the next entry's table."""
    from games.views import table as table_views

    entries, apply_entry = [], table_views.apply_entry

    def late(*args, **kwargs):
        entries.append(args[1])
        if len(entries) == 2:  # the first bid: the trump, then it
            time.sleep(4)
        return apply_entry(*args, **kwargs)

    monkeypatch.setattr(table_views, "apply_entry", late)
    # A deal of 4 cards: a page too short to be scrolled back up by the line.
    notebook, public_id = test_one_thumb.oh_hell_session(test_one_thumb.NAMES["pl"])
    page = phones(viewport, "pl")
    with_notebook(page, live_server.url, notebook)
    page.goto(f"{live_server.url}/s/{public_id}/")
    page.locator("#table form.suit-row button.suit-btn[value='H']").click()
    expect(page.locator("#table form.suit-row button[value='H']")).to_have_attribute(
        "aria-pressed", "true"
    )
    keypad = page.locator("#table .keypad-form")
    keypad.locator("button.key[value='1']").click()
    expect(page.locator("#offline-table")).to_have_count(1)  # drawn by the phone
    expect(page.locator("#connection")).to_be_visible()
    expect(keypad.locator("input[name=seat]")).to_have_value("2")
    on_the_phone = box(keypad.locator("button.key[value='1']"))
    expect(page.locator("#offline-table")).to_have_count(0, timeout=10_000)  # the answer
    expect(page.locator("#connection")).not_to_be_visible()
    page.screenshot(path=screenshot_dir / f"in-view-late-answer-{viewport}.png")
    answered = box(keypad.locator("button.key[value='1']"))
    assert entries == ["trump", "bid"]
    assert answered == on_the_phone, f"the next key moved: {on_the_phone} to {answered}"
    # At 390 x 844 the page, at its top, could not be scrolled back up by the line: its
    # room is kept, empty, and goes with the next entry's table (at 360 x 640 the page was
    # scrolled down far enough to take it back at once).
    expect(page.locator("#connection.leaving")).to_have_count(1 if viewport == "390x844" else 0)
    keypad.locator("button.key[value='1']").click()
    expect(keypad.locator("input[name=seat]")).to_have_value("3")
    expect(page.locator("#connection")).to_be_hidden()
    expect(page.locator("#connection.leaving")).to_have_count(0)
