"""A whole game of Oh Hell at a table of four, played through the phone's screens.

Classic (Hoyle) rules with the hook turned on in the options: 13 deals of 1 to
13 cards, the deal passing to the left from Anna, the last deal at no-trump
(4 x 13 = 52 leaves no card to turn up). A made bid scores 10 + the bid, a miss
0 (RULES.md, "Scoring a deal"). The test keeps its own score and checks the
page's after every deal, then corrects deal 2 from the score sheet and undoes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.flows import add_players, choose_preset, number, places, read_standings, seat_names

NAMES = ("Anna", "Ben", "Cleo", "Dan")  # seats 0..3 clockwise
PLAYERS = len(NAMES)
TURN, OUT_OF_TURN, CHANGE = "turn", "out of turn", "change"
SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


@dataclass(frozen=True)
class DealScript:
    """What happens at the table in one deal.

    ``bids``/``tricks`` are by seat (Anna, Ben, Cleo, Dan). ``steps`` lists the
    bids as they are tapped, (seat, bid, how); empty means in turn, from the
    dealer's left, with the final bids. ``entry``: "taps" (every trick's winner
    tapped as it falls), "radios" (only the end-of-deal form), or "radios-gap"
    (the form with ``gap``'s row left empty for the page's script to fill).
    """

    cards: int
    trump: str | None  # aria-label of the suit button; None: the deal has no trump
    bids: tuple[int, int, int, int]
    tricks: tuple[int, int, int, int]
    entry: str
    steps: tuple[tuple[int, int, str], ...] = ()
    gap: int | None = None

    @property
    def dealer(self) -> int:  # Anna deals first; the deal passes to the left
        return (self.cards - 1) % PLAYERS

    @property
    def order(self) -> list[int]:  # the dealer's left bids first, the dealer last
        return [(self.dealer + k) % PLAYERS for k in range(1, PLAYERS + 1)]

    def bid_steps(self) -> tuple[tuple[int, int, str], ...]:
        return self.steps or tuple((seat, self.bids[seat], TURN) for seat in self.order)


GAME = (
    # deal 1, Anna deals: Ben 0, Cleo 0, Dan 1 -> the hook forbids Anna 0.
    DealScript(1, "spades", (1, 0, 0, 1), (0, 0, 0, 1), "taps"),
    DealScript(2, "hearts", (1, 1, 1, 0), (1, 0, 1, 0), "radios"),
    # deal 3, Cleo deals: Ben bids out of turn first; Dan bids 2, then changes to 1
    # before Anna bids; Cleo, last, may not bid 1.
    DealScript(
        3,
        "diamonds",
        (0, 1, 0, 1),
        (0, 1, 1, 1),
        "taps",
        steps=((1, 1, OUT_OF_TURN), (3, 2, TURN), (3, 1, CHANGE), (0, 0, TURN), (2, 0, TURN)),
    ),
    DealScript(4, "clubs", (1, 2, 0, 2), (1, 2, 0, 1), "radios-gap", gap=3),
    DealScript(5, "spades", (0, 1, 2, 1), (0, 1, 2, 2), "radios"),
    DealScript(6, "hearts", (2, 3, 2, 1), (2, 1, 2, 1), "taps"),
    DealScript(7, "diamonds", (0, 2, 0, 3), (1, 2, 1, 3), "radios-gap", gap=0),
    DealScript(8, "clubs", (2, 2, 2, 1), (2, 3, 2, 1), "radios"),
    DealScript(9, "spades", (4, 3, 1, 2), (4, 3, 1, 1), "radios-gap", gap=2),
    DealScript(10, "hearts", (3, 2, 0, 4), (3, 3, 0, 4), "radios"),
    DealScript(11, "diamonds", (3, 3, 3, 3), (3, 2, 3, 3), "radios"),
    DealScript(12, "clubs", (4, 2, 3, 4), (4, 2, 3, 3), "radios-gap", gap=1),
    # deal 13: 4 x 13 = 52 cards, none left to turn up: no trump.
    DealScript(13, None, (5, 3, 4, 3), (5, 3, 4, 1), "radios"),
)

#: Worked out on paper from GAME (10 + bid for a made bid): the test's sums must agree.
FINAL_TOTALS = {"Anna": 135, "Ben": 94, "Cleo": 128, "Dan": 94}


#: The shortest gap between two taps of a scorekeeper at a real table.
HUMAN_PAUSE_MS = 500


def tricks(count: int) -> str:
    return "1 trick" if count == 1 else f"{count} tricks"


def deal_points(deal: DealScript) -> list[int]:
    return [
        10 + bid if bid == took else 0 for bid, took in zip(deal.bids, deal.tricks, strict=True)
    ]


def running_totals(game: tuple[DealScript, ...]) -> list[dict[str, int]]:
    """Everyone's total after each deal."""
    totals = dict.fromkeys(NAMES, 0)
    after = []
    for deal in game:
        for name, points in zip(NAMES, deal_points(deal), strict=True):
            totals[name] += points
        after.append(dict(totals))
    return after


@dataclass
class BidsSoFar:
    """The bidding as the test expects the page to show it."""

    deal: DealScript
    bids: dict[int, int] = field(default_factory=dict)
    out_of_turn: set[int] = field(default_factory=set)

    @property
    def to_bid(self) -> int | None:
        return next((seat for seat in self.deal.order if seat not in self.bids), None)

    def forbidden(self, seat: int) -> int | None:
        """The hook: the bid that would make the bids add up to the tricks, if the
        seat's bid completes the bidding and the number is 0 .. cards."""
        others = {s: b for s, b in self.bids.items() if s != seat}
        if len(others) != PLAYERS - 1:
            return None
        banned = self.deal.cards - sum(others.values())
        return banned if 0 <= banned <= self.deal.cards else None


def bidder_row(page: Page, seat: int):
    return page.locator("ol.bid-chips li.bid-chip").filter(
        has=page.locator(".bidder-name", has_text=NAMES[seat])
    )


def check_keypad(page: Page, state: BidsSoFar, seat: int, shots: Path, shot_taken: set) -> None:
    """The keypad is for ``seat``: 0 .. cards, the hook's number struck out and disabled."""
    cards = state.deal.cards
    form = page.locator(".keypad-form")
    expect(form.locator(".keypad-label")).to_have_text(f"{NAMES[seat]} bids:")
    keys = form.locator("button.key")
    expect(keys).to_have_count(cards + 1)
    banned = state.forbidden(seat)
    reason = form.locator(".hook-reason")
    if banned is None:
        expect(form.locator("button.key:disabled")).to_have_count(0)
        expect(reason).to_have_count(0)
        return
    key = form.locator(f"button.key[value='{banned}']")
    expect(key).to_be_disabled()
    expect(key).to_have_class(re.compile(r"\bforbidden\b"))
    expect(key.locator("s")).to_have_text(str(banned))  # struck out
    expect(key).to_have_accessible_name(f"{banned}, not allowed by the hook")
    expect(form.locator("button.key:disabled")).to_have_count(1)
    expect(reason).to_be_visible()
    expect(reason).to_have_text(
        f"The hook: {NAMES[seat]} may not bid {banned}, or the bids would add up to the "
        f"{tricks(cards)}."
    )
    assert reason.inner_text().startswith("The hook:")
    if "hook" not in shot_taken:
        shot_taken.add("hook")
        page.screenshot(path=shots / "oh-hell-03-hook-refusal.png", full_page=True)


def try_the_forbidden_bid(
    page: Page, state: BidsSoFar, seat: int, banned: int, shots: Path
) -> None:
    """Tap the struck-out key: nothing happens. Then send it anyway (the key enabled
    by script, as a stale or tampered page would): the server refuses it, 422."""
    key = page.locator(f".keypad-form button.key[value='{banned}']")
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    key.click(force=True)  # a disabled button: the tap goes nowhere
    page.wait_for_timeout(200)
    assert posts == []
    expect(bidder_row(page, seat).locator(".bidder-bid")).to_have_text("to bid…")

    key.evaluate("button => { button.disabled = false; }")
    with page.expect_response(lambda r: r.url.endswith("/bid/")) as answer:
        key.click()
    assert answer.value.status == 422
    error = page.locator("#bids-title ~ .error, section[aria-labelledby='bids-title'] .error")
    expect(error).to_have_attribute("role", "alert")
    expect(error).to_have_text(
        f"The hook: {banned} would make the bids add up to the number of tricks "
        f"({state.deal.cards})."
    )
    expect(bidder_row(page, seat).locator(".bidder-bid")).to_have_text("to bid…")
    expect(page.locator(f".keypad-form button.key[value='{banned}']")).to_be_disabled()
    page.screenshot(path=shots / "oh-hell-03b-hook-refused-by-server.png", full_page=True)


def place_bid(
    page: Page, state: BidsSoFar, seat: int, bid: int, how: str, shots: Path, shot_taken: set
) -> None:
    turn = state.to_bid
    row = bidder_row(page, seat)
    if how == TURN:
        assert seat == turn, "the script bids in turn"
        expect(row).to_have_class(re.compile(r"\bturn\b"))
        expect(row).to_have_attribute("aria-current", "step")
        expect(row.locator(".bidder-bid")).to_have_text("to bid…")
    elif how == OUT_OF_TURN:
        assert seat != turn and seat not in state.bids
        expect(row.locator(".bidder-bid")).to_have_text("–")
        row.get_by_role("link", name="bid out of turn").click()
        expect(page.locator(".keypad-form .keypad-label")).to_have_text(f"{NAMES[seat]} bids:")
        # The player whose turn it is keeps the turn while another is chosen.
        expect(bidder_row(page, turn)).to_have_attribute("aria-current", "step")
        expect(row).to_have_class(re.compile(r"\bchosen\b"))
    elif how == CHANGE:
        assert seat in state.bids
        row.get_by_role("link", name="change").click()
        expect(page.locator(".keypad-form .keypad-label")).to_have_text(f"{NAMES[seat]} bids:")
    check_keypad(page, state, seat, shots, shot_taken)
    banned = state.forbidden(seat)
    if banned is not None and "hook-server" not in shot_taken:
        try_the_forbidden_bid(page, state, seat, banned, shots)
        shot_taken.add("hook-server")
    # As at a table: the next bid comes more than half a second after the last one
    # (a faster tap on the same spot is taken for the second half of a double tap).
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    page.locator(f".keypad-form button.key[value='{bid}']").click()

    state.bids[seat] = bid
    if how == OUT_OF_TURN:
        state.out_of_turn.add(seat)
    if len(state.bids) == PLAYERS:
        return  # the bids are in: the call takes their place (the caller checks it)
    if how == OUT_OF_TURN:
        expect(row.locator(".bidder-bid")).to_have_text(f"{bid} (out of turn)*")
        # A bid made out of turn stands: no "change" link on it.
        expect(row.get_by_role("link", name="change")).to_have_count(0)
    else:
        expect(row.locator(".bidder-bid")).to_have_text(re.compile(rf"^\s*{bid}\s*$"))
    expect(page.locator("#bids-title .running")).to_have_text(
        f"bids {sum(state.bids.values())} of {tricks(state.deal.cards)}"
    )
    following = state.to_bid
    if following is not None:
        expect(page.locator(".keypad-form .keypad-label")).to_have_text(f"{NAMES[following]} bids:")
        expect(bidder_row(page, following)).to_have_attribute("aria-current", "step")


def expected_call(deal: DealScript) -> str:
    total = sum(deal.bids)
    assert total != deal.cards, "with the hook the bids never add up to the tricks"
    if total > deal.cards:
        return f"OVER by {total - deal.cards}"
    return f"UNDER by {deal.cards - total}"


def tap_tricks(page: Page, deal: DealScript) -> None:
    """Tap each trick's winner as it falls; the form is then filled in from the taps."""
    winners = [seat for seat in range(PLAYERS) for _ in range(deal.tricks[seat])]
    # Mix the order a little so the same player does not take them all in a row.
    winners = winners[1::2] + winners[0::2]
    title = page.locator("#play-title")
    taken = [0] * PLAYERS
    for index, seat in enumerate(winners, start=1):
        expect(title).to_have_text(f"Trick {index} of {deal.cards}: who took it?")
        button = page.locator(".trick-row button.trick-btn").filter(has_text=NAMES[seat])
        expect(button).to_contain_text(f"{taken[seat]}/{deal.bids[seat]}")
        page.wait_for_timeout(HUMAN_PAUSE_MS)  # a trick takes longer than that to play
        button.click()
        taken[seat] += 1
        if index < len(winners):
            expect(button.locator(".small")).to_have_text(f"{taken[seat]}/{deal.bids[seat]}")
    expect(title).to_have_text("All tricks played")
    expect(page.locator(".trick-row button.trick-btn")).to_have_count(0)
    # Every trick tapped: the counts, read from the taps, wait for "Score this deal".
    for seat in range(PLAYERS):
        counted = page.locator(f"input[type=hidden][name='tricks-{seat}']")
        expect(counted).to_have_value(str(deal.tricks[seat]))


def tricks_radio(page: Page, seat: int, count: int):
    row = page.locator("fieldset.tricks-row").filter(
        has=page.locator("legend", has_text=NAMES[seat])
    )
    return row.get_by_role("radio", name=str(count), exact=True)


def fill_tricks(page: Page, deal: DealScript) -> None:
    """No trick tapped: everyone's count entered at the end, in the folded form."""
    page.locator("details.counts summary").click()
    skip = deal.gap if deal.entry == "radios-gap" else None
    for seat in range(PLAYERS):
        if seat != skip:
            tricks_radio(page, seat, deal.tricks[seat]).check()
    if skip is not None:
        # Nobody touched this row: the page's script filled in what remains.
        expect(tricks_radio(page, skip, deal.tricks[skip])).to_be_checked()
    for seat in range(PLAYERS):
        expect(page.locator(f"input[name='tricks-{seat}']:checked")).to_have_value(
            str(deal.tricks[seat])
        )


def check_deal_scored(page: Page, deal: DealScript, totals: dict[str, int]) -> None:
    panel = page.locator("details.last-deal")
    expect(panel.locator("summary strong")).to_have_text(f"Deal {deal.cards} scored")
    panel.locator("summary").click()  # the one line opens on each player's points
    rows = panel.locator("tbody tr")
    expect(rows).to_have_count(PLAYERS)
    points = deal_points(deal)
    for seat, name in enumerate(NAMES):
        row = rows.nth(seat)
        expect(row.locator("th")).to_have_text(name)
        cells = row.locator("td")
        expect(cells.nth(0)).to_have_text(str(deal.bids[seat]))
        expect(cells.nth(1)).to_have_text(str(deal.tricks[seat]))
        assert number(cells.nth(2).inner_text()) == points[seat], (deal.cards, name)
        made = deal.bids[seat] == deal.tricks[seat]
        expect(cells.nth(2).locator(".made-mark")).to_have_count(1 if made else 0)
        expect(cells.nth(3)).to_have_text(str(totals[name]))


def check_totals(page: Page, totals: dict[str, int]) -> None:
    expect(page.locator("ol.standings li")).to_have_count(PLAYERS)
    assert read_standings(page) == places(totals)


def sheet_totals(page: Page) -> dict[str, int]:
    cells = page.locator("table.sheet tfoot td strong").all_inner_texts()
    return {name: int(text) for name, text in zip(NAMES, cells, strict=True)}


def sheet_places(page: Page) -> dict[str, int]:
    cells = page.locator("table.sheet tfoot td .place").all_inner_texts()
    return {name: number(text) for name, text in zip(NAMES, cells, strict=True)}


def winner_text(totals: dict[str, int]) -> str:
    best = max(totals.values())
    winners = [name for name in NAMES if totals[name] == best]
    return f"{winners[0]} wins" if len(winners) == 1 else "Shared win: " + ", ".join(winners)


@pytest.mark.long
@pytest.mark.django_db(transaction=True)
def test_a_whole_game_with_the_hook(page: Page, live_server, screenshot_dir: Path) -> None:
    after = running_totals(GAME)
    assert after[-1] == FINAL_TOTALS
    shots = screenshot_dir
    shot_taken: set[str] = set()

    # -- New session: Classic (Hoyle) with the hook, Anna deals first. -------------------
    page.goto(f"{live_server.url}/new/")
    expect(page.get_by_role("radio", name="Oh Hell")).to_be_checked()
    choose_preset(page, "Classic (Hoyle)")
    expect(page.locator("#preset")).to_have_value("classic")
    add_players(page, ["Ben", "Anna", "Dan", "Cleo"])
    page.get_by_role("button", name="Move Anna up").click()
    expect(page.locator("ol.seats li").first).to_contain_text("Anna")
    page.get_by_role("button", name="Move Dan down").click()
    expect(page.locator("ol.seats li").last).to_contain_text("Dan")
    assert seat_names(page) == list(NAMES)
    expect(page.get_by_role("button", name="Move Anna up")).to_be_disabled()
    expect(page.get_by_role("button", name="Move Dan down")).to_be_disabled()

    preview = page.locator("section.preview")
    expect(preview).not_to_contain_text("The hook is on")
    page.locator("details.options > summary").click()
    hook = page.get_by_role("checkbox", name=re.compile(r"^The hook"))
    expect(hook).not_to_be_checked()
    hook.check()
    page.get_by_role("button", name="Apply options").click()
    expect(preview).to_contain_text("The hook is on: the bids can never add up to the tricks.")
    # The form comes back with the Options folded; the box stays ticked.
    expect(page.locator("input[name='hook']")).to_be_checked()
    expect(preview.locator("strong")).to_have_text("13 deals")
    expect(preview).to_contain_text("1 2 3 4 5 6 7 8 9 10 11 12 13 cards")
    expect(preview).to_contain_text("The last deal is played without trump.")
    page.locator("#first_dealer").select_option(label="Anna")
    page.screenshot(path=shots / "oh-hell-01-new-session.png", full_page=True)
    page.locator("#start-button").click()
    page.wait_for_url(re.compile(r"/s/[^/]+/$"))
    game_url = page.url

    # -- 13 deals ----------------------------------------------------------------------
    for index, deal in enumerate(GAME):
        totals = after[index]
        expect(page.locator("#deal-title")).to_have_text(f"Deal {deal.cards} of 13")
        cards_text = "1 card" if deal.cards == 1 else f"{deal.cards} cards"
        expect(page.locator(".deal-line .deal-facts")).to_have_text(
            f"{cards_text} · dealer {NAMES[deal.dealer]}"
        )
        dealer_row = bidder_row(page, deal.dealer)
        expect(dealer_row.locator(".dealer-tag")).to_have_text("D")
        expect(page.locator(".announce-region .announcement")).to_have_count(0)

        if deal.trump is None:
            expect(page.locator(".trump-fixed")).to_contain_text("No trump")
            expect(page.locator(".trump-fixed")).to_contain_text("no card is left to turn up")
            expect(page.locator(".suit-btn")).to_have_count(0)
            for suit in ("spades", "hearts", "diamonds", "clubs"):
                expect(page.get_by_role("button", name=suit, exact=True)).to_have_count(0)
        else:
            suit = page.get_by_role("button", name=deal.trump, exact=True)
            expect(suit).to_have_attribute("aria-pressed", "false")
            suit.click()
            expect(page.get_by_role("button", name=deal.trump, exact=True)).to_have_attribute(
                "aria-pressed", "true"
            )
            expect(page.locator(".suit-btn[aria-pressed='true']")).to_have_count(1)

        state = BidsSoFar(deal)
        for step, (seat, bid, how) in enumerate(deal.bid_steps()):
            if index == 0 and step == 0:
                page.screenshot(path=shots / "oh-hell-02-bidding.png", full_page=True)
            place_bid(page, state, seat, bid, how, shots, shot_taken)
        assert state.bids == dict(enumerate(deal.bids))

        region = page.locator(".announce-region")
        expect(region).to_have_attribute("role", "status")
        expect(region).to_have_attribute("aria-live", "polite")
        announcement = region.locator(".announcement")
        call = expected_call(deal)
        expect(announcement).to_contain_text(call)
        # The call says the trump too, so the table need not scroll back for it.
        detail = f"{sum(deal.bids)} bid for {tricks(deal.cards)} · "
        detail += SYMBOLS[deal.trump] if deal.trump else "No trump"
        expect(announcement.locator(".announcement-detail")).to_have_text(detail)
        expect(announcement).not_to_contain_text("EVEN")
        expect(page.locator(".keypad-form")).to_have_count(0)
        if index == 0:
            page.screenshot(path=shots / "oh-hell-04-announcement.png", full_page=True)

        if deal.entry == "taps":
            tap_tricks(page, deal)
        else:
            fill_tricks(page, deal)
        if index == 2:
            page.screenshot(path=shots / "oh-hell-05-play.png", full_page=True)
        page.get_by_role("button", name="Score this deal").click()

        totals = after[index]
        check_deal_scored(page, deal, totals)
        check_totals(page, totals)
        if index == 0:
            # Why Anna has her points: the rule, with the option that decided it.
            page.locator("details.last-deal tbody tr").nth(0).locator(".why-btn").click()
            why = page.locator("#why-last-0")
            expect(why).to_be_visible()
            expect(why).to_contain_text(f"bid {deal.bids[0]}, took {deal.tricks[0]}")
            page.screenshot(path=shots / "oh-hell-06-deal-scored.png", full_page=True)
            page.keyboard.press("Escape")
            expect(why).to_be_hidden()

    assert "hook" in shot_taken

    # -- The end -----------------------------------------------------------------------
    final = after[-1]
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.locator("#deal-title")).to_have_count(0)
    result = page.locator(".end p.announcement")
    expect(result).to_have_attribute("role", "status")
    expect(result).to_have_text(winner_text(final))
    assert winner_text(final) == "Anna wins"
    check_totals(page, final)
    expect(page.locator("ol.standings li.winner .standing-name")).to_have_text(["Anna"])
    page.screenshot(path=shots / "oh-hell-07-end.png", full_page=True)

    # -- The score sheet ---------------------------------------------------------------
    page.get_by_role("link", name="Score sheet").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    rows = page.locator("table.sheet tbody tr")
    expect(rows).to_have_count(13)
    for index in range(13):
        cells = rows.nth(index).locator("td .tot").all_inner_texts()
        assert [int(c) for c in cells] == [after[index][n] for n in NAMES], index + 1
    assert sheet_totals(page) == final
    assert sheet_places(page) == {n: p for n, (p, _t) in places(final).items()}
    expect(page.locator("main")).to_contain_text("Game over.")
    page.screenshot(path=shots / "oh-hell-08-sheet.png", full_page=True)
    # Any cell of the sheet says how its points came to be.
    rows.nth(0).locator("td").nth(0).get_by_role("button").click()
    why = page.locator("#why-1-0")
    expect(why).to_be_visible()
    expect(why).to_contain_text("Anna, deal 1")
    expect(why).to_contain_text(f"bid {GAME[0].bids[0]}, took {GAME[0].tricks[0]}")
    page.keyboard.press("Escape")
    expect(why).to_be_hidden()

    # -- Correct deal 2: Ben, not Anna, took the trick. -----------------------------------
    page.get_by_role("link", name="Correct deal 2").click()
    expect(page.get_by_role("heading", name="Correct deal 2")).to_be_visible()
    expect(page.locator(".deal-facts")).to_contain_text("2 cards · the hook applies")
    for seat, name in enumerate(NAMES):
        expect(page.get_by_label(f"Bid of {name}")).to_have_value(str(GAME[1].bids[seat]))
        expect(page.get_by_label(f"Tricks of {name}")).to_have_value(str(GAME[1].tricks[seat]))
    corrected_deal = DealScript(2, "hearts", (1, 1, 1, 0), (0, 1, 1, 0), "radios")
    # Anna (bid 1) now misses; Ben (bid 1), who missed, now makes his bid.
    assert deal_points(GAME[1])[0:2] == [11, 0]
    assert deal_points(corrected_deal)[0:2] == [0, 11]
    page.get_by_label("Tricks of Anna").fill("0")
    page.get_by_label("Tricks of Ben").fill("1")
    page.screenshot(path=shots / "oh-hell-09-correction.png", full_page=True)
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    corrected = running_totals((GAME[0], corrected_deal, *GAME[2:]))[-1]
    assert corrected == {"Anna": 124, "Ben": 105, "Cleo": 128, "Dan": 94}
    assert {n: corrected[n] - final[n] for n in NAMES} == {
        "Anna": -11,
        "Ben": 11,
        "Cleo": 0,
        "Dan": 0,
    }
    expect(page.locator("table.sheet tfoot td strong")).to_have_text(
        [str(corrected[n]) for n in NAMES]
    )
    assert sheet_places(page) == {n: p for n, (p, _t) in places(corrected).items()}
    deal_two = rows.nth(1).locator("td")
    expect(deal_two.nth(0).locator(".bt")).to_have_text("1/0")
    expect(deal_two.nth(1).locator(".bt")).to_have_text("✓1/1")
    page.screenshot(path=shots / "oh-hell-10-sheet-corrected.png", full_page=True)

    page.get_by_role("link", name="Back to the table").click()
    expect(page).to_have_url(game_url)
    check_totals(page, corrected)
    expect(page.locator(".end p.announcement")).to_have_text(winner_text(corrected))
    assert winner_text(corrected) == "Cleo wins"

    # -- Undo once: the correction is taken back. ----------------------------------------
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".end p.announcement")).to_have_text(winner_text(final))
    check_totals(page, final)
    page.get_by_role("link", name="Score sheet").click()
    expect(page.locator("table.sheet tfoot td strong")).to_have_text([str(final[n]) for n in NAMES])
