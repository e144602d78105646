"""The round games at the table with one thumb (issue 39, item 2), counted as
tests/e2e/test_one_thumb.py counts Oh Hell's: every tap looked at before it lands, on the
screen as it is, at 390 x 844 and 360 x 640.

- A round of Skull King for four without bonuses: 10 taps (a key a bid, "Bids are in", a
  key a trick count, Save), the bonuses closed, a player's own "+ Bonuses" opening only
  theirs.
- A refused round: its reason on the screen, with the keys to fix it.
- Every round game, from the home page to its first round saved, a preset chosen: at most
  16 taps.
- No tap needs a scroll at 390 x 844; at most 1 in 20 at 360 x 640; nothing wider than the
  screen; axe finds nothing serious at the end of a Scala 40 (the players out).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games import services
from games.kinds import kind_of
from games.models import Game, Notebook
from tests.e2e import test_one_thumb
from tests.e2e.test_accessibility import axe_audit, report
from tests.e2e.test_one_thumb import VIEWPORTS, Walk, with_notebook

phones = test_one_thumb.phones  # the fixture: phone browsers of a size and language

both_viewports = pytest.mark.parametrize("viewport", list(VIEWPORTS))
NAMES = ("Anna", "Ben", "Carla", "Dario")


def key(page: Page, name: str, value: int | str):
    return page.locator(f"#table .radio-key:has(input[name='{name}'][value='{value}'])")


def in_view(page: Page, selector: str) -> dict:
    """The element's box on the screen, and whether it lies wholly inside it."""
    box = page.locator(selector).first.evaluate(
        "(el) => { const b = el.getBoundingClientRect();"
        " return {top: b.top, bottom: b.bottom, height: window.innerHeight}; }"
    )
    box["inside"] = box["top"] >= 0 and box["bottom"] <= box["height"]
    return box


def widest(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def allowed_scrolls(viewport: str, taps: int) -> int:
    return 0 if viewport == "390x844" else taps // 20


def table_on_phone(phones, live_server, viewport, kind, preset, names, first_dealer, language):
    """A session started through the services, its deal screen open on the notebook's phone."""
    notebook = Notebook.objects.create()
    game = services.start_game(
        notebook=notebook,
        kind=kind,
        preset=preset,
        options=kind_of(kind).preset_options(preset),
        names=list(names),
        first_dealer=first_dealer,
    )
    page = phones(viewport, language)
    with_notebook(page, live_server.url, notebook)
    page.goto(f"{live_server.url}/s/{game.public_id}/")
    return page


def skull_round(walk: Walk, number: int, bids, tricks) -> int:
    """A round of Skull King by keys; returns its taps."""
    page, before = walk.page, walk.taps
    expect(page.locator("#round-title")).to_have_text(re.compile(rf"\b{number}\b"))
    for seat, bid in enumerate(bids):
        walk.tap(f"round {number}, bid of seat {seat}", key(page, f"e.bids.{seat}", bid))
    walk.tap(f"round {number}, bids are in", page.locator("#table .save-round"))
    expect(page.locator("#table input[name='e.tricks.0']").first).to_be_attached()
    for seat, took in enumerate(tricks):
        walk.tap(f"round {number}, tricks of seat {seat}", key(page, f"e.tricks.{seat}", took))
    expect(page.locator("#table details.bonus-open[open]")).to_have_count(0)
    walk.tap(f"round {number}, save", page.locator("#table .save-round"))
    return walk.taps - before


@pytest.mark.django_db(transaction=True)
@both_viewports
def test_a_skull_king_round_for_four_in_ten_taps_and_a_refusal_in_view(
    phones, live_server, screenshot_dir: Path, viewport: str
) -> None:
    page = table_on_phone(phones, live_server, viewport, "skull_king", "rulebook", NAMES, 3, "en")
    walk = Walk(page, f"skull-king {viewport}", screenshot_dir)
    page.screenshot(path=screenshot_dir / f"rounds-skull-king-{viewport}-bids.png")

    # Round 1, one card: Anna bids 1 and takes it, the others 0 of 0.
    assert skull_round(walk, 1, (1, 0, 0, 0), (1, 0, 0, 0)) <= 10
    expect(page.locator("#table details.last-deal summary")).to_contain_text("Round 1 scored")
    page.screenshot(path=screenshot_dir / f"rounds-skull-king-{viewport}-saved.png")

    # Round 2, two cards: the tricks add up to 1, not 2: refused, the reason on the screen.
    for seat, bid in enumerate((1, 1, 0, 0)):
        walk.tap(f"round 2, bid of seat {seat}", key(page, f"e.bids.{seat}", bid))
    walk.tap("round 2, bids are in", page.locator("#table .save-round"))
    page.screenshot(path=screenshot_dir / f"rounds-skull-king-{viewport}-tricks.png")
    for seat, took in enumerate((1, 0, 0, 0)):
        walk.tap(f"round 2, tricks of seat {seat}", key(page, f"e.tricks.{seat}", took))
    walk.tap("round 2, save (refused)", page.locator("#table .save-round"))
    expect(page.locator("#round-error")).to_be_visible()
    reason = in_view(page, "#round-error")
    page.screenshot(path=screenshot_dir / f"rounds-skull-king-{viewport}-refused.png")
    assert reason["inside"], f"the reason is off the screen: {reason}"
    expect(page.locator("#table details.bonus-open[open]")).to_have_count(0)
    # Fixed with one key, what was chosen kept: Ben took the second trick.
    walk.tap("round 2, Ben's tricks again", key(page, "e.tricks.1", 1))
    walk.tap("round 2, save", page.locator("#table .save-round"))
    expect(page.locator("#table details.last-deal summary")).to_contain_text("Round 2 scored")

    # Round 3, three cards, with one bonus: only Anna's panel opened, by her own button.
    for seat, bid in enumerate((1, 1, 1, 0)):
        walk.tap(f"round 3, bid of seat {seat}", key(page, f"e.bids.{seat}", bid))
    walk.tap("round 3, bids are in", page.locator("#table .save-round"))
    for seat, took in enumerate((1, 1, 1, 0)):
        walk.tap(f"round 3, tricks of seat {seat}", key(page, f"e.tricks.{seat}", took))
    anna = page.locator("#table .key-row:has(input[name='e.tricks.0']) details.bonus-open")
    walk.tap("round 3, Anna's bonuses", anna.locator("summary"))
    expect(page.locator("#table details.bonus-open[open]")).to_have_count(1)
    page.screenshot(path=screenshot_dir / f"rounds-skull-king-{viewport}-bonus.png")
    walk.tap("round 3, the black 14", anna.locator("label.check:has([name$='black_fourteen'])"))
    walk.tap("round 3, save", page.locator("#table .save-round"))
    expect(page.locator("#table details.last-deal summary")).to_contain_text("Round 3 scored")

    # By hand: round 1 Anna 20, others 10 each (0 of 1 card: 10 x 1); round 2 Anna 20,
    # Ben 20, Carla 20, Dario 20 (0 bids of 2 cards: 10 x 2); round 3 Anna 20 + 20,
    # Ben 20, Carla 20, Dario 30.
    totals = {
        row.locator(".standing-name").inner_text(): row.locator(".standing-total").inner_text()
        for row in page.locator("#table .score-chip").all()
    }
    assert totals == {"Anna": "80", "Ben": "50", "Carla": "50", "Dario": "60"}
    assert widest(page) <= VIEWPORTS[viewport][0]
    walk.report()
    assert walk.scrolled <= allowed_scrolls(viewport, walk.taps), "\n".join(walk.misses)


@pytest.mark.django_db(transaction=True)
def test_a_refused_round_brings_in_the_row_last_tapped_clear_of_save(
    phones, live_server, screenshot_dir: Path
) -> None:
    """Round 4 of Skull King at 360 x 640, whose rows of five keys and the bonuses wrap:
    every bid 0 and every player's tricks 0, Dario's tapped last, and Save: refused. The
    reason names the tricks, four rows taller than the room the sticky totals and Save
    leave. Dario's row, the one the thumb was on, comes into view above the reason and Save
    that stick at the foot, not under them (before, the first row did, Anna's, and Dario's
    keys were under Save: bench/walk.py's Skull King walk)."""
    page = table_on_phone(phones, live_server, "360x640", "skull_king", "rulebook", NAMES, 3, "en")
    # Rounds 1 to 3 entered on another phone: Anna, Ben and Carla bid 1 and take 1 as the
    # cards allow, Dario bids 0 and takes 0.
    game = Game.objects.get(public_id=page.url.rstrip("/").rsplit("/", 1)[-1])
    for number in (1, 2, 3):
        bids = [1 if seat < number else 0 for seat in range(3)] + [0]
        entry = {"bids": bids, "tricks": bids, "bonuses": [{} for _ in NAMES]}
        services.record_round(game=game, round_number=number, entry=entry)
    page.reload()
    walk = Walk(page, "skull-king 360x640 refused", screenshot_dir)
    expect(page.locator("#round-title")).to_have_text(re.compile(r"\b4\b"))
    for seat in range(4):
        walk.tap(f"bid of seat {seat}", key(page, f"e.bids.{seat}", 0))
    walk.tap("bids are in", page.locator("#table .save-round"))
    for seat in range(4):
        walk.tap(f"tricks of seat {seat}", key(page, f"e.tricks.{seat}", 0))
    walk.tap("save (refused)", page.locator("#table .save-round"))
    expect(page.locator("#round-error")).to_have_text("The tricks add up to 0; the round has 4.")
    page.wait_for_timeout(500)  # the page brings the row in after the swap
    page.screenshot(path=screenshot_dir / "rounds-skull-king-360x640-refused-last-row.png")
    row = page.locator("#table .key-row:has(input[name='e.tricks.3'])").first.bounding_box()
    bar = page.locator("#table .save-bar").bounding_box()
    chips = page.locator("#table .score-chips").bounding_box()
    assert row["y"] >= chips["y"] + chips["height"], (row, chips)
    assert row["y"] + row["height"] <= bar["y"], f"Dario's keys under Save: {row}, {bar}"
    assert in_view(page, "#round-error")["inside"]


#: The game's radio on the new-session form, a preset other than the first, and the first
#: round entered with the players' names (three players), by keys or typed numbers.
STARTS = {
    "skull_king": "rascal",
    "tysiac": "polish",
    "any_game": "scala_40",
}


def first_round(walk: Walk, kind: str) -> None:
    page = walk.page
    if kind == "skull_king":
        for seat, bid in enumerate((1, 0, 0)):
            walk.tap(f"bid of seat {seat}", key(page, f"e.bids.{seat}", bid))
        walk.tap("bids are in", page.locator("#table .save-round"))
        for seat, took in enumerate((1, 0, 0)):
            walk.tap(f"tricks of seat {seat}", key(page, f"e.tricks.{seat}", took))
    else:
        # Typed numbers: the keyboard's Enter ("next") goes on to the next field.
        typed = [("#contract", "100")] if kind == "tysiac" else []
        typed += [(f"#points-{n}", str(p)) for n, p in enumerate((70, 30, 20))]
        if kind == "tysiac":
            walk.tap("the auction's winner", page.locator("#table .bidder-pick label").first)
        for number, (field, text) in enumerate(typed):
            walk.typed(field, page.locator(field), text)
            if number < len(typed) - 1:
                page.keyboard.press("Enter")
                expect(page.locator(typed[number + 1][0])).to_be_focused()
        if kind == "tysiac":  # a marriage: one chip, the player who declared it (no dropdown)
            # After the last number, Enter closes the keyboard and brings the marriages up
            # (static/js/rounds.js): below the card points at 360 x 640.
            page.keyboard.press("Enter")
            walk.tap("the hearts' marriage, Anna's", key(page, "e.marriages.H", 0))
            expect(page.locator("#table input[name='e.marriages.H'][value='0']")).to_be_checked()
    walk.tap("save", page.locator("#table .save-round"))
    scored = "Deal 1 scored" if kind == "tysiac" else "Round 1 scored"  # Tysiąc deals
    expect(page.locator("#table details.last-deal summary")).to_contain_text(scored)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", list(STARTS))
@both_viewports
def test_every_round_game_from_the_home_page_to_its_first_round_in_16_taps(
    phones, live_server, screenshot_dir: Path, viewport: str, kind: str
) -> None:
    page = phones(viewport, "en")
    page.goto(f"{live_server.url}/")
    walk = Walk(page, f"start {kind} {viewport}", screenshot_dir)
    walk.tap("new session", page.locator("main a.btn-primary[href$='/new/']"), navigates=True)
    walk.tap("the game", page.locator(f".kinds label:has(input[value='{kind}'])"))
    expect(page.locator("input[name=previous_kind]")).to_have_value(kind)
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    walk.choose("the rules", page.locator("#preset"), STARTS[kind])
    expect(page.locator("input[name=previous_preset]")).to_have_value(STARTS[kind])
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    seats = page.locator("ol.seats li")
    for count, name in enumerate(NAMES[:3], start=1):
        walk.typed(f"name {name}", page.locator("#new_name"), name)
        page.keyboard.press("Enter")
        expect(seats).to_have_count(count)
    walk.tap("start", page.locator("#start-button"), navigates=True)
    page.wait_for_url(re.compile(r"/s/[^/]+/$"))
    page.screenshot(path=screenshot_dir / f"rounds-{kind}-{viewport}-first.png")
    first_round(walk, kind)
    page.screenshot(path=screenshot_dir / f"rounds-{kind}-{viewport}-saved.png")
    walk.report()
    assert walk.taps <= 16, f"{kind}: the first round took {walk.taps} taps"
    assert walk.scrolled <= allowed_scrolls(viewport, walk.taps), "\n".join(walk.misses)
    assert widest(page) <= VIEWPORTS[viewport][0]

    # A refusal: its reason in view, where the thumb is.
    if kind == "skull_king":
        for seat in range(3):
            key(page, f"e.bids.{seat}", 0).click()
        page.locator("#table .save-round").click()
        expect(page.locator("#table input[name='e.bids.0'][type=hidden]")).to_be_attached()
        page.wait_for_timeout(500)
        for seat in range(3):
            key(page, f"e.tricks.{seat}", 0).click()
    elif kind == "tysiac":
        page.locator("#table .bidder-pick label").nth(1).click()
        page.locator("#contract").fill("110")
        for seat, points in enumerate((70, 30, 30)):
            page.locator(f"#points-{seat}").fill(str(points))
    else:
        page.locator("#points-0").fill("")
    page.wait_for_timeout(500)
    page.locator("#table .save-round").click()
    if kind == "any_game":  # an empty field: the browser's own check, at the field
        return
    expect(page.locator("#round-error")).to_be_visible()
    page.screenshot(path=screenshot_dir / f"rounds-{kind}-{viewport}-refused.png")
    reason = in_view(page, "#round-error")
    assert reason["inside"], f"{kind}: the reason is off the screen: {reason}"
    assert widest(page) <= VIEWPORTS[viewport][0]


@pytest.mark.django_db(transaction=True)
def test_the_players_out_at_the_end_of_a_scala_40_pass_axe(phones, live_server) -> None:
    page = table_on_phone(
        phones, live_server, "390x844", "any_game", "scala_40", NAMES[:3], 0, "en"
    )
    for points in ((10, 120, 5), (100, None, 10)):
        for side, value in enumerate(points):
            if value is not None:
                page.locator(f"#points-{side}").fill(str(value))
        page.locator("#table .save-round").click()
        expect(page.locator("#table .score-chip.out")).not_to_have_count(0)
        page.wait_for_timeout(500)
    expect(page.locator("#table .score-chip.out")).to_have_count(2)
    problems: list[str] = []
    axe_audit(page, "Scala 40, its end", problems)
    report(problems)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "it", "pl", "ru"])
@both_viewports
def test_tysiac_for_four_is_no_wider_than_the_screen_and_has_no_dropdown(
    phones, live_server, screenshot_dir: Path, viewport: str, language: str
) -> None:
    """The one sitting out and the talon's questions (the Polish rule) fit the screen, in
    every language; each marriage and the talon's are one tap a chip (a radio in a
    fieldset with its legend), each chip at least 44 px, every chip of a question on one
    line, "nobody" and "none" in one piece."""
    names = test_one_thumb.NAMES[language]
    page = table_on_phone(phones, live_server, viewport, "tysiac", "polish", names, 0, language)
    expect(page.locator("#table .talon")).to_be_visible()
    page.screenshot(
        path=screenshot_dir / f"rounds-tysiac-four-{language}-{viewport}.png", full_page=True
    )
    assert widest(page) <= VIEWPORTS[viewport][0]
    overflowing = page.locator("#table .round-form *").evaluate_all(
        "(all) => all.filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)"
        ".map((el) => el.outerHTML.slice(0, 80))"
    )
    assert overflowing == []
    expect(page.locator("#table .round-form select")).to_have_count(0)
    questions = page.locator("#table .round-form fieldset.seat-pick")
    expect(questions).to_have_count(5)  # four suits' marriages, the talon's
    for index in range(5):
        question = questions.nth(index)
        expect(question.locator(":scope > legend")).not_to_be_empty()
        chips = question.locator(".radio-key > span").evaluate_all(
            "(all) => all.map((el) => { const b = el.getBoundingClientRect();"
            " return {w: b.width, h: b.height, top: Math.round(b.top)}; })"
        )
        # "nobody" and the three playing (the dealer sits out); "none" and the four suits
        assert len(chips) in (4, 5)
        assert all(chip["w"] >= 44 and chip["h"] >= 44 for chip in chips), chips
        assert len({chip["top"] for chip in chips}) == 1, chips
        first = question.locator(".radio-key > span").first
        lines = first.evaluate(  # the line boxes its words take
            "(el) => { const range = document.createRange(); range.selectNodeContents(el);"
            " return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size; }"
        )
        assert lines == 1, f"{first.inner_text()!r} is cut in two"
    # One tap: Bartek's hearts, then the talon's clubs; what is chosen is what is sent.
    key(page, "e.marriages.H", 1).click()
    key(page, "e.talon.marriage", "C").click()
    expect(page.locator("#table input[name='e.marriages.H'][value='1']")).to_be_checked()
    expect(page.locator("#table input[name='e.talon.marriage'][value='C']")).to_be_checked()
    expect(page.locator("#table input[name='e.marriages.D'][value='']")).to_be_checked()


@pytest.mark.django_db(transaction=True)
@both_viewports
def test_a_skull_king_round_for_eight_brings_each_next_row_into_view(
    phones, live_server, screenshot_dir: Path, viewport: str
) -> None:
    """Eight rows of keys are taller than the screen: each key tapped brings the next row
    up (static/js/app.js), so no tap needs a scroll."""
    names = ("Anna", "Ben", "Carla", "Dario", "Eva", "Filip", "Gina", "Hugo")
    page = table_on_phone(phones, live_server, viewport, "skull_king", "rulebook", names, 7, "en")
    walk = Walk(page, f"skull-king for eight {viewport}", screenshot_dir)
    taps = skull_round(walk, 1, (1,) + (0,) * 7, (1,) + (0,) * 7)
    expect(page.locator("#table details.last-deal summary")).to_contain_text("Round 1 scored")
    page.screenshot(path=screenshot_dir / f"rounds-skull-king-eight-{viewport}-saved.png")
    walk.report()
    assert taps == 8 + 1 + 8 + 1
    assert walk.scrolled <= allowed_scrolls(viewport, walk.taps), "\n".join(walk.misses)
