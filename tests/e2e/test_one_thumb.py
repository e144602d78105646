"""At the table with one thumb (issue 27): every control a scorekeeper taps next is on
the screen already, at 390 x 844 and at 360 x 640, in every language; a new table starts
in at most 10 taps, a table that met before in at most 3.

``Walk.tap`` looks at the control before it is tapped: its box must lie inside the
viewport (0 .. innerWidth, 0 .. innerHeight) and the control must be what a finger there
would touch. Nothing scrolls it into view first, and the tap's click event must land
inside the box looked at: Playwright's own scrolling (a click scrolls its target into
view) and a page that moved under the thumb meanwhile (a late answer drawn in) are both
caught there. A control out of view is recorded with its box, a screenshot of the screen is
taken, and the walk goes on, so one run lists every such step; the test then fails.
The page may scroll itself after an entry (app.js brings the next control into view):
what counts is the screen when the next tap is about to land.

Locators are classes, ids, names and values of the templates (games/oh_hell.html,
games/_round_form.html, games/new.html, games/home.html), never words, so the same walk runs
in English, Italian, Polish and Russian.

The start counts taps (a name typed, or a list pasted, is one; Enter adds it and keeps
the keyboard up); Start stays at the foot of the screen (a sticky bar), so the start
needs no scroll either.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from games import services
from games.kinds import kind_of
from games.models import Notebook
from games.rules import oh_hell
from tests.e2e.flows import read_standings

VIEWPORTS = {"390x844": (390, 844), "360x640": (360, 640)}
LOCALES = {"en": "en-US", "it": "it-IT", "pl": "pl-PL", "ru": "ru-RU"}
NAMES = {  # seats 0..3 clockwise
    "en": ("Anna", "Ben", "Carla", "Dario"),
    "it": ("Anna", "Bruno", "Carla", "Dario"),
    "pl": ("Ania", "Bartek", "Celina", "Darek"),
    "ru": ("Аня", "Борис", "Вика", "Гоша"),
}

#: app.js drops a tap on the same spot (within 24 px) less than 450 ms after the one
#: before when the screen was swapped in between: the second half of a double tap.
SAME_SPOT_PX = 24
HUMAN_PAUSE_S = 0.5

#: Where the control is and what a finger at its centre would touch.
BOX_JS = """
(el) => {
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {
    left: box.left, top: box.top, right: box.right, bottom: box.bottom,
    innerWidth: window.innerWidth, innerHeight: window.innerHeight,
    scrollX: window.scrollX, scrollY: window.scrollY,
    touched: !!hit && (hit === el || el.contains(hit)),
    connected: el.isConnected,
  };
}
"""

#: Every click, with where it landed on the screen (before anything it starts).
CLICKS_JS = """
window.__clicks = [];
window.addEventListener("click", (event) => {
  window.__clicks.push({x: event.clientX, y: event.clientY, trusted: event.isTrusted});
}, true);
"""

LOOKS = 5  # looks at a control that a swap keeps taking away before the walk gives up

EDGE = 0.5  # CSS px: a box may end on a fraction of a pixel past the last whole one


@dataclass
class Walk:
    """The taps of one walk: counted, each looked at before it lands."""

    page: Page
    label: str  # "oh-hell 360x640 ru"
    shots: Path
    taps: int = 0
    scrolled: int = 0  # taps whose control was not on the screen as it was
    misses: list[str] = field(default_factory=list)
    last_spot: tuple[float, float] = (-1000.0, -1000.0)
    last_at: float = 0.0

    def look(self, target: Locator) -> dict:
        """The control's box on the screen as it settles. A control taken off the page
        between finding it and measuring it (the server's answer replacing the table this
        phone drew while it waited, static/js/offline.js) is not on the screen at all: the
        walk looks again at what took its place."""
        for _ in range(LOOKS):
            expect(target).to_have_count(1)
            expect(target).to_be_visible()
            box = target.evaluate(BOX_JS)
            if box["connected"] and box["right"] > box["left"] and box["bottom"] > box["top"]:
                return box
            self.page.wait_for_timeout(100)
        return box

    def check(self, step: str, box: dict) -> None:
        inside = (
            box["left"] >= -EDGE
            and box["top"] >= -EDGE
            and box["right"] <= box["innerWidth"] + EDGE
            and box["bottom"] <= box["innerHeight"] + EDGE
        )
        if inside and box["touched"]:
            return
        self.scrolled += 1
        why = "out of the viewport" if not inside else "covered by another element"
        self.misses.append(
            f"{self.label}, {step}: {why}: box left {box['left']:.0f} top {box['top']:.0f} "
            f"right {box['right']:.0f} bottom {box['bottom']:.0f}, viewport "
            f"{box['innerWidth']} x {box['innerHeight']}, scrolled to {box['scrollY']:.0f}"
        )
        slug = re.sub(r"[^a-z0-9]+", "-", f"{self.label} {step}".lower()).strip("-")
        self.page.screenshot(path=self.shots / f"one-thumb-miss-{slug}.png")

    def pace(self, box: dict) -> bool:
        """A person taps the same spot again only after a moment (see SAME_SPOT_PX); True
        if they waited (the page may have moved meanwhile: look again)."""
        spot = ((box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2)
        same = all(abs(a - b) < SAME_SPOT_PX for a, b in zip(spot, self.last_spot, strict=True))
        wait = HUMAN_PAUSE_S - (time.monotonic() - self.last_at)
        self.last_spot = spot
        if same and wait > 0:
            time.sleep(wait)
            return True
        return False

    def tap(self, step: str, target: Locator, *, navigates: bool = False) -> None:
        """Tap ``target`` where it is: no scrolling first."""
        box = self.look(target)
        if self.pace(box):  # the person looks where to tap after the moment, not before
            box = self.look(target)
        self.check(step, box)
        self.taps += 1
        clicks = 0 if navigates else self.page.evaluate("window.__clicks.length")
        target.click()
        self.last_at = time.monotonic()
        if navigates:
            return  # the page goes: its click log with it (the box was checked above)
        seen = self.page.evaluate("window.__clicks")[clicks:]
        trusted = [c for c in seen if c["trusted"]]
        assert trusted, f"{self.label}, {step}: the tap reached nothing"
        x, y = trusted[0]["x"], trusted[0]["y"]
        landed = (
            box["left"] - EDGE <= x <= box["right"] + EDGE
            and box["top"] - EDGE <= y <= box["bottom"] + EDGE
        )
        if not landed and not (
            self.misses and self.misses[-1].startswith(f"{self.label}, {step}:")
        ):
            self.scrolled += 1
            self.misses.append(f"{self.label}, {step}: the control moved before the tap landed")

    def choose(self, step: str, select: Locator, value: str) -> None:
        """A select: tapped where it is, then an option picked from the phone's list."""
        box = self.look(select)
        self.check(step, box)
        self.taps += 1
        select.select_option(value)
        self.last_at = time.monotonic()
        now = self.page.evaluate("[window.scrollX, window.scrollY]")
        if tuple(now) != (box["scrollX"], box["scrollY"]):
            self.scrolled += 1
            self.misses.append(f"{self.label}, {step}: the page scrolled for the tap")

    def typed(self, step: str, field_: Locator, text: str) -> None:
        """Text typed into a field: one tap. A field that has the focus already takes
        the keyboard's text wherever it is (the phone keeps it above the keyboard)."""
        box = self.look(field_)
        self.taps += 1
        if not field_.evaluate("(el) => el === document.activeElement"):
            if self.pace(box):
                box = self.look(field_)
            self.check(step, box)
            field_.click()
        self.page.keyboard.type(text)
        self.last_at = time.monotonic()

    def report(self) -> None:
        print(f"\n{self.label}: {self.taps} taps, {self.scrolled} needed a scroll")
        for miss in self.misses:
            print(f"  {miss}")


@pytest.fixture
def phones(browser: Browser, browser_context_args: dict) -> Iterator:
    """Phone browsers of a given screen and language, closed after the test."""
    opened: list[BrowserContext] = []

    def open_phone(viewport: str, language: str) -> Page:
        width, height = VIEWPORTS[viewport]
        context = browser.new_context(
            **{
                **browser_context_args,
                "viewport": {"width": width, "height": height},
                "locale": LOCALES[language],
            }
        )
        opened.append(context)
        context.add_init_script(CLICKS_JS)
        return context.new_page()

    yield open_phone
    for context in opened:
        context.close()


def with_notebook(page: Page, base_url: str, notebook: Notebook) -> None:
    page.context.add_cookies([{"name": "notebook", "value": notebook.key, "url": base_url}])


def in_language(page: Page, language: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", language)


both_viewports = pytest.mark.parametrize("viewport", list(VIEWPORTS))
every_language = pytest.mark.parametrize("language", list(LOCALES))


# -- Oh Hell: two deals of a four-player table, with the hook --------------------------


@dataclass(frozen=True)
class OhHellDeal:
    number: int
    cards: int
    dealer: int
    trump: str  # the suit button's value
    bids: tuple[int, int, int, int]  # by seat
    tricks: tuple[int, int, int, int]
    winners: tuple[int, ...] = ()  # each trick's winner, tapped as it falls; () = the form

    @property
    def order(self) -> list[int]:
        return [(self.dealer + k) % 4 for k in range(1, 5)]


DEALS = (
    # 4 cards, Anna deals; the hook forbids her 2 (1 + 0 + 1 bid before her); she bids 1.
    OhHellDeal(1, 4, 0, "H", (1, 1, 0, 1), (2, 1, 0, 1), winners=(1, 0, 3, 0)),
    # 5 cards, the second seat deals, the deal just scored folded into a line above;
    # the tricks are entered on the form, the last row filling itself.
    OhHellDeal(2, 5, 1, "S", (1, 1, 2, 0), (1, 1, 2, 1)),
)
#: Worked out on paper: a made bid scores 10 + the bid, a miss nothing.
OH_HELL_TOTALS = (11, 22, 22, 11)


def oh_hell_session(names: tuple[str, ...]) -> tuple[Notebook, str]:
    rules = oh_hell.PRESETS["down_and_up_hook"].with_options(
        schedule="custom", custom_schedule=tuple(d.cards for d in DEALS)
    )
    notebook = Notebook.objects.create()
    game = services.start_game(
        notebook=notebook,
        kind="oh_hell",
        preset="down_and_up_hook",
        options=services.rules_as_options(rules),
        names=names,
        first_dealer=0,
    )
    return notebook, game.public_id


def walk_oh_hell_deal(walk: Walk, deal: OhHellDeal) -> None:
    page = walk.page
    step = f"deal {deal.number}"
    suits = page.locator("#table form.suit-row")
    expect(suits.locator("input[name=deal]")).to_have_value(str(deal.number))
    walk.tap(f"{step}, trump", suits.locator(f"button.suit-btn[value='{deal.trump}']"))
    expect(suits.locator(f"button[value='{deal.trump}']")).to_have_attribute("aria-pressed", "true")

    for seat in deal.order:
        keypad = page.locator("#table .keypad-form")
        expect(keypad.locator("input[name=seat]")).to_have_value(str(seat))
        walk.tap(
            f"{step}, bid of seat {seat}", keypad.locator(f"button.key[value='{deal.bids[seat]}']")
        )
    expect(page.locator("#table .announce-region .announcement")).to_be_visible()
    expect(page.locator("#table .keypad-form")).to_have_count(0)

    if deal.winners:
        for number, seat in enumerate(deal.winners, start=1):
            row = page.locator("#table form.trick-row")
            expect(row.locator("input[name=trick]")).to_have_value(str(number))
            walk.tap(
                f"{step}, trick {number}: who took it?",
                row.locator(f"button.trick-btn[value='{seat}']"),
            )
        score = page.locator("#table form[data-next][hx-post$='/tricks/']")
        for seat, count in enumerate(deal.tricks):
            expect(score.locator(f"input[name='tricks-{seat}']")).to_have_value(str(count))
        walk.tap(f"{step}, score this deal (after the taps)", score.locator("button[type=submit]"))
    else:
        walk.tap(f"{step}, tricks taken: open the form", page.locator("details.counts > summary"))
        form = page.locator("#table .tricks-form")
        expect(form).to_be_visible()
        # Row by row, top down (the rows follow the bidding); the last fills itself.
        rows = form.locator("fieldset.tricks-row input[value='0']").evaluate_all(
            "(inputs) => inputs.map((input) => Number(input.name.split('-')[1]))"
        )
        assert sorted(rows) == [0, 1, 2, 3]
        for seat in rows[:-1]:
            radio = f"input[name='tricks-{seat}'][value='{deal.tricks[seat]}']"
            key = form.locator(f"label.radio-key:has({radio})")
            walk.tap(f"{step}, tricks of seat {seat}", key)
        last = f"input[name='tricks-{rows[-1]}'][value='{deal.tricks[rows[-1]]}']"
        expect(form.locator(last)).to_be_checked()
        walk.tap(f"{step}, score this deal (the form)", form.locator("button[type=submit]"))


@pytest.mark.django_db(transaction=True)
@every_language
@both_viewports
def test_an_oh_hell_deal_and_the_next_with_one_thumb(
    phones, live_server, screenshot_dir: Path, viewport: str, language: str
) -> None:
    names = NAMES[language]
    notebook, public_id = oh_hell_session(names)
    page = phones(viewport, language)
    with_notebook(page, live_server.url, notebook)
    page.goto(f"{live_server.url}/s/{public_id}/")
    in_language(page, language)
    walk = Walk(page, f"oh-hell {viewport} {language}", screenshot_dir)

    walk_oh_hell_deal(walk, DEALS[0])
    # The deal just scored is one line above the next deal's trump and bids.
    expect(page.locator("#table details.last-deal")).to_be_visible()
    walk_oh_hell_deal(walk, DEALS[1])

    expect(page.locator("#table .end")).to_be_visible()
    assert {name: total for name, (_place, total) in read_standings(page).items()} == dict(
        zip(names, OH_HELL_TOTALS, strict=True)
    )
    page.screenshot(path=screenshot_dir / f"one-thumb-oh-hell-{viewport}-{language}-end.png")
    walk.report()
    # trump, 4 bids, 4 tricks, score; trump, 4 bids, the form, 3 rows, score
    assert walk.taps == 10 + 10
    assert walk.misses == [], "\n".join(walk.misses)
    assert walk.scrolled == 0


#: A phone whose storage is slow (an old phone, a full disk): every IndexedDB transaction
#: completes this long after it would, so the outbox forgets an answered entry late.
SLOW_STORAGE_JS = """
(() => {
  const late = Object.getOwnPropertyDescriptor(IDBTransaction.prototype, "oncomplete");
  Object.defineProperty(IDBTransaction.prototype, "oncomplete", {
    configurable: true,
    get() { return late.get.call(this); },
    set(done) { late.set.call(this, done && ((e) => setTimeout(() => done.call(this, e), 800))); },
  });
})();
"""


@pytest.mark.django_db(transaction=True)
def test_a_phone_with_slow_storage_brings_the_next_control_with_the_answer(
    phones, live_server, screenshot_dir: Path
) -> None:
    """The next control comes into view as the server's answer is drawn, not once the
    phone's storage has forgotten the entry (static/js/offline.js, ``entered``): with the
    storage 800 ms late, the first trick's keys were above the screen when the player
    looked for them (Oh Hell at 360 x 640, after the last bid)."""
    names = NAMES["en"]
    notebook, public_id = oh_hell_session(names)
    page = phones("360x640", "en")
    page.context.add_init_script(SLOW_STORAGE_JS)
    with_notebook(page, live_server.url, notebook)
    page.goto(f"{live_server.url}/s/{public_id}/")
    walk = Walk(page, "oh-hell 360x640 slow storage", screenshot_dir)

    walk_oh_hell_deal(walk, DEALS[0])

    expect(page.locator("#table details.last-deal")).to_be_visible()
    walk.report()
    assert walk.misses == [], "\n".join(walk.misses)


# -- Kozel: two deals, the second with a team at 0 (the trick question) ----------------


def kozel_session(names: tuple[str, ...]) -> tuple[Notebook, str]:
    notebook = Notebook.objects.create()
    game = services.start_game(
        notebook=notebook,
        kind="kozel",
        preset="classic",
        options=kind_of("kozel").preset_options("classic"),
        names=names,
        first_dealer=3,
    )
    return notebook, game.public_id


def walk_kozel_deal(
    walk: Walk, number: int, *, team: int, points: str, took_trick: str | None, last_trick: int
) -> None:
    page = walk.page
    step = f"deal {number}"
    form = page.locator("#table form.round-form")
    expect(form.locator("input[name=deal]")).to_have_value(str(number))
    walk.tap(f"{step}, the team", form.locator(f".team-pick label:has(input[value='{team}'])"))
    expect(form.locator(f".team-pick input[value='{team}']")).to_be_checked()
    expect(form.locator("#points")).to_have_value("")
    for digit in points:
        walk.tap(f"{step}, keypad {digit}", form.locator(f"[data-numpad] [data-key='{digit}']"))
    expect(form.locator("#points")).to_have_value(points)
    took = form.locator("[data-took-trick]")
    if took_trick is None:
        expect(took).to_be_hidden()
    else:
        answer = {"yes": "true", "no": "false"}[took_trick]
        walk.tap(
            f"{step}, did it take a trick?", took.locator(f"label:has(input[value='{answer}'])")
        )
        expect(took.locator(f"input[value='{answer}']")).to_be_checked()
    # The last trick: one key a player (no dropdown to open, then pick from).
    last = form.locator(f".last-trick label:has(input[value='{last_trick}'])")
    walk.tap(f"{step}, last trick", last)
    expect(last.locator("input")).to_be_checked()
    walk.tap(f"{step}, save", form.locator(".save-bar button[type=submit]"))


@pytest.mark.django_db(transaction=True)
@every_language
@both_viewports
def test_two_kozel_deals_with_one_thumb(
    phones, live_server, screenshot_dir: Path, viewport: str, language: str
) -> None:
    notebook, public_id = kozel_session(NAMES[language])
    page = phones(viewport, language)
    with_notebook(page, live_server.url, notebook)
    page.goto(f"{live_server.url}/s/{public_id}/")
    in_language(page, language)
    expect(page.locator("#table [data-numpad]")).to_be_visible()  # table.js shows it
    walk = Walk(page, f"kozel {viewport} {language}", screenshot_dir)

    # The second team has 45 card points: they lose the deal with 31-59, 2 defeat points.
    walk_kozel_deal(walk, 1, team=1, points="45", took_trick=None, last_trick=2)
    expect(page.locator("#table .last-deal")).to_be_visible()
    # Then 0 and no trick at all: 6 more.
    walk_kozel_deal(walk, 2, team=1, points="0", took_trick="no", last_trick=0)
    expect(page.locator("#table form.round-form input[name=deal]")).to_have_value("3")

    # Each team's defeat points: the first team 0, the second 2 + 6 = 8.
    totals = page.locator("#table .score-chip .standing-total")
    expect(totals).to_have_text(["0", "8"])
    page.screenshot(path=screenshot_dir / f"one-thumb-kozel-{viewport}-{language}.png")
    walk.report()
    # team, digits, (trick question), last trick (one tap; a dropdown took two), save
    assert walk.taps == 5 + 5
    assert walk.misses == [], "\n".join(walk.misses)
    assert walk.scrolled == 0


# -- The start: a new table in 10 taps, the same table again in 3 ----------------------

START_NAMES = ("Anna", "Ben", "Carla", "Dario")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("entry", ["one by one", "pasted"])
@both_viewports
def test_a_new_table_starts_in_ten_taps_and_meets_again_in_three(
    phones, live_server, screenshot_dir: Path, viewport: str, entry: str
) -> None:
    page = phones(viewport, "en")
    page.goto(f"{live_server.url}/")
    expect(page.locator("#new-session")).to_have_count(0)
    walk = Walk(page, f"start {viewport} {entry}", screenshot_dir)

    # A browser that never met the app: its home page, one button.
    walk.tap("new session", page.locator("main a.btn-primary[href$='/new/']"), navigates=True)
    name = page.locator("#new_name")
    expect(name).to_be_focused()  # autofocus: the keyboard is up for the first name
    seats = page.locator("ol.seats li")
    typed = [", ".join(START_NAMES)] if entry == "pasted" else list(START_NAMES)
    for text in typed:
        before = seats.count()
        walk.typed(f"name {text}", name, text)
        page.keyboard.press("Enter")  # the keyboard's Done: adds, and keeps the focus
        expect(seats).to_have_count(before + len(text.split(", ")))
        expect(name).to_have_value("")
        expect(name).to_be_focused()
    expect(page.locator("ol.seats .seat-name")).to_have_text(list(START_NAMES))

    walk.tap("start", page.locator("#start-button"), navigates=True)
    page.wait_for_url(re.compile(r"/s/[^/]+/$"))
    suits = page.locator("#table form.suit-row")
    if suits.count():  # the classic rules: the card turned up is the trump
        walk.tap("trump", suits.locator("button.suit-btn[value='C']"))
        expect(suits.locator("button[value='C']")).to_have_attribute("aria-pressed", "true")
    keypad = page.locator("#table .keypad-form")
    first = keypad.locator("input[name=seat]").input_value()
    walk.tap("the first bid", keypad.locator("button.key[value='0']"))
    expect(keypad.locator("input[name=seat]")).not_to_have_value(first)
    walk.report()
    assert walk.taps <= 10, f"the first bid took {walk.taps} taps"

    # Another evening, the same four: the home page offers the table as one button.
    page.goto(f"{live_server.url}/")
    again = Walk(page, f"again {viewport} {entry}", screenshot_dir)
    table = page.locator("main a.recent-table")
    expect(table).to_have_count(1)
    expect(table).to_contain_text(", ".join(START_NAMES))
    page.screenshot(path=screenshot_dir / f"one-thumb-known-table-{viewport}.png")
    again.tap("the table that met before", table, navigates=True)
    expect(page.locator("ol.seats .seat-name")).to_have_text(list(START_NAMES))
    again.tap("start", page.locator("#start-button"), navigates=True)
    page.wait_for_url(re.compile(r"/s/[^/]+/$"))
    expect(page.locator("#table .keypad-form button.key").first).to_be_visible()
    again.report()
    assert again.taps <= 3, f"the known table's first bid screen took {again.taps} taps"
    # The notebook's player list did not grow: the same four players, seated again.
    assert sorted(Notebook.objects.get().players.values_list("name", flat=True)) == sorted(
        START_NAMES
    )
    assert walk.scrolled + again.scrolled == 0, walk.misses + again.misses
