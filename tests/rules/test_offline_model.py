"""The offline table (static/js/model.js; issue 32, docs/phone.md "Offline") against
games.rules: the same entries, folded by the page's script and scored by the server's rules,
give the same numbers.

The issue: "a test sends the same cases through the online and the offline paths and
requires the same numbers", and "any interleaving of going offline and back during a random
evening ends with the same server state as the same taps made online". Hypothesis draws
evenings of entries as the deal screen's forms post them; games.rules keeps the server's
position after each one (``score_game`` and ``Bidding``; ``score_match``). The script folds
the same entries in Node, from the session's start and from the state the server would send
at a random point (the phone went offline there), and must end where games.rules ends.

No database and no Django: the state the server sends is built here from games.rules, as
games/views/offline.py builds it. Every case of a test is folded in one Node process
(tests/rules/offline_model_driver.js), so hypothesis only draws the cases, from fixed seeds.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
from dataclasses import dataclass, replace
from pathlib import Path
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import kozel
from games.rules.errors import RuleError
from games.rules.oh_hell import (
    PRESETS,
    Adjustment,
    Bidding,
    DealRecord,
    OhHellRules,
    Suit,
    check_tricks,
    check_trump,
    plan,
    score_game,
    tally_tricks,
    taps_agree,
)
from games.rules.oh_hell.ahead import figures, offline_lookups

DRIVER = Path(__file__).with_name("offline_model_driver.js")

#: The server's refusal of counts that contradict the tricks tapped (record_tricks).
TAPS = "These counts differ from the tricks tapped during play; take back a trick first."

#: games/views/offline.py's words.tricks_sum, in English: the one word the model fills in.
TRICKS_SUM = "The tricks add up to %(total)s, but %(cards)s were played: check the counts."

#: Drawn cases per test; all of them go to one Node process.
EVENINGS = 200
MATCHES = 200
ENTRY_LISTS = 60

#: Fixed seeds, like a table of cases; the cases are drawn first and compared afterwards,
#: so hypothesis never sees a failure and shrinks nothing (the report sorts by size instead).
DRAWING = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture
def node() -> str:
    """Node.js, as tests/e2e/conftest.py treats Chromium: skipped without it, except on CI."""
    found = shutil.which("node")
    if found is None:
        message = "Node.js not found; install it with `apt-get install -y nodejs`."
        if os.environ.get("CI", "").lower() in {"true", "1"}:
            pytest.fail(f"CI must run the offline model's tests: {message}", pytrace=False)
        pytest.skip(message)
    return found


def run_model(node: str, cases: list[dict]) -> list[dict]:
    """What static/js/model.js makes of each case, in one Node process."""
    done = subprocess.run(
        [node, str(DRIVER)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert len(results) == len(cases)
    return results


def draw_cases(strategy: st.SearchStrategy, count: int) -> list:
    cases = []

    @settings(DRAWING, max_examples=count)
    @given(strategy)
    def keep(case: object) -> None:
        cases.append(case)

    keep()
    return cases


def as_json(value: object) -> object:
    """Tuples as lists and enums as strings, as the model's answer comes back."""
    return json.loads(json.dumps(value))


def differences(model: dict, expected: dict) -> list[str]:
    if "error" in model:
        return [f"the model failed: {model['error']}"]
    found = []
    for key, value in as_json(expected).items():
        if key == "state":
            found += [
                f"state.{name}: model {model['state'].get(name)!r}, games.rules {want!r}"
                for name, want in value.items()
                if model["state"].get(name) != want
            ]
        elif model.get(key) != value:
            found.append(f"{key}: model {model.get(key)!r}, games.rules {value!r}")
    return found


def report(failures: list[tuple[int, str, list[str]]], total: int) -> str:
    """The smallest failing cases first, each with its entries, so each can be replayed."""
    failures = sorted(failures, key=lambda failure: failure[0])
    lines = [f"{len(failures)} of {total} cases disagree; the smallest:"]
    for _size, case, found in failures[:3]:
        lines += [case, *(f"  {line}" for line in found[:12])]
    return "\n".join(lines)


# -- Oh Hell: an evening as the server keeps it ---------------------------------------------


@dataclass(frozen=True)
class Position:
    """The session as the server has it between two entries, in games.rules' terms: the
    deals done, and the deal being played (its bidding, the tricks tapped, its trump)."""

    records: tuple[DealRecord, ...]
    bidding: Bidding | None  # None once the game is over
    winners: tuple[int, ...]
    trump: str | None


@dataclass(frozen=True)
class Evening:
    preset: str
    players: int
    first_dealer: int
    entries: tuple[dict, ...]  # {action, fields}, as the forms post them
    positions: tuple[Position, ...]  # before each entry, and after the last
    stretches: tuple[tuple[int, int], ...]  # entries[went:back] kept on the phone

    @property
    def rules(self) -> OhHellRules:
        return PRESETS[self.preset]

    def describe(self, went: int, back: int) -> str:
        entries = json.dumps(self.entries[went:back], separators=(",", ":"))
        return (
            f"Oh Hell {self.preset}, {self.players} players, first dealer {self.first_dealer};"
            f" offline from entry {went} to {back} of {len(self.entries)}: {entries}"
        )


class Scorekeeper:
    """Enters an evening as the deal screen posts it, and keeps the server's position in
    step through games.rules (the checks of games/services/oh_hell.py, without a database)."""

    def __init__(
        self, preset: str, players: int, first_dealer: int, rules: OhHellRules | None = None
    ) -> None:
        self.preset, self.players, self.first_dealer = preset, players, first_dealer
        self.rules = rules or PRESETS[preset]
        self.plans = plan(self.rules, players, first_dealer)
        self.records: list[DealRecord] = []
        self.entries: list[dict] = []
        self.open_next()
        self.positions = [self.position()]

    @property
    def number(self) -> int:
        """The deal's number as the forms post it: a replay counts (services' index + 1)."""
        return len(self.records) + 1

    @property
    def live(self) -> Bidding:
        """The bidding as the server loads it: play has started once a trick is tapped."""
        return replace(self.bidding, play_started=bool(self.winners))

    def open_next(self) -> None:
        self.plan = score_game(self.rules, self.players, self.first_dealer, self.records).next_deal
        self.bidding = None
        self.winners: list[int] = []
        self.trump = None
        if self.plan is not None:
            deal = self.plan
            self.bidding = Bidding(self.players, deal.dealer, deal.cards, deal.hook)
            self.trump = deal.trump

    def position(self) -> Position:
        return Position(tuple(self.records), self.bidding, tuple(self.winners), self.trump)

    def enter(self, action: str, fields: dict) -> None:
        self.entries.append({"action": action, "fields": {k: str(v) for k, v in fields.items()}})
        self.positions.append(self.position())

    def set_trump(self, suit: str) -> None:
        self.trump = check_trump(suit, self.plan)
        self.enter("trump", {"deal": self.number, "trump": suit})

    def bid(self, seat: int, bid: int) -> None:
        self.bidding = self.live.place(seat, bid)
        self.enter("bid", {"deal": self.number, "seat": seat, "bid": bid})

    def trick(self, seat: int) -> None:
        assert self.bidding.complete
        tally_tricks([*self.winners, seat], self.plan.cards, self.players)
        self.winners.append(seat)
        self.enter("trick", {"deal": self.number, "trick": len(self.winners), "seat": seat})

    def undo_trick(self) -> None:
        trick = len(self.winners)
        self.winners.pop()
        self.enter("undo_trick", {"deal": self.number, "trick": trick})

    def tricks(self, counts: list[int]) -> None:
        number = self.number
        assert taps_agree(self.winners, counts, self.plan.cards, self.players)
        bids = tuple(self.bidding.as_list())
        self.records.append(DealRecord(bids=bids, tricks=tuple(counts), trump=self.trump))
        self.open_next()
        fields = {f"tricks-{seat}": count for seat, count in enumerate(counts)}
        self.enter("tricks", {"deal": number, **fields})

    def revoke(self, seat: int) -> None:
        number = self.number
        bids = tuple(self.bidding.as_list())
        self.records.append(DealRecord(bids=bids, trump=self.trump, revoke=seat))
        self.open_next()
        self.enter("revoke", {"deal": number, "seat": seat})

    def adjust(self, number: int, seat: int, points: int) -> None:
        record = self.records[number - 1]
        adjustments = (*record.adjustments, Adjustment(seat, points))
        self.records[number - 1] = replace(record, adjustments=adjustments)
        self.enter("adjust", {"deal": number, "seat": seat, "points": points, "note": ""})

    def evening(self, stretches: tuple[tuple[int, int], ...]) -> Evening:
        return Evening(
            self.preset,
            self.players,
            self.first_dealer,
            tuple(self.entries),
            tuple(self.positions),
            stretches,
        )


def ahead_of(rules: OhHellRules, players: int, first_dealer: int) -> dict:
    """What the view ``ahead`` sends: the session's lookups, and the words the model uses."""
    plans = plan(rules, players, first_dealer)
    return {
        "lookups": offline_lookups(rules, players, plans),
        "words": {"tricks_sum": TRICKS_SUM, "taps": TAPS},
    }


def opening_state(rules: OhHellRules, players: int, first_dealer: int) -> dict:
    """The session as the server sends it before anything is entered."""
    return {
        "plan": 1,
        "deal": 1,
        "replay": False,
        "trump": plan(rules, players, first_dealer)[0].trump,
        "bids": [None] * players,
        "out_of_turn": [],
        "winners": [],
        "totals": [0] * players,
        "made": [0] * players,
        "last": None,
    }


def server_state(rules: OhHellRules, players: int, first_dealer: int, at: Position) -> dict:
    """What games/views/offline.py's ``oh_hell_state`` sends at this position: the rules'
    ``figures`` (its own function) of ``score_game`` and ``Bidding`` at that point."""
    result = score_game(rules, players, first_dealer, at.records)
    bidding = at.bidding  # None once the game is over: figures() then reads no deal
    playing = {
        "number": len(at.records) + 1,
        "trump": at.trump,
        "bids": bidding.as_list() if bidding else [],
        "out_of_turn": bidding.out_of_turn if bidding else (),
        "winners": at.winners,
    }
    return figures(result, players, playing)


def rules_view(rules: OhHellRules, players: int, first_dealer: int, at: Position) -> dict:
    """The table at this position as games.rules has it, in the model's names."""
    result = score_game(rules, players, first_dealer, at.records)
    view = {
        "state": server_state(rules, players, first_dealer, at),
        "standings": [
            {"seat": s.seat, "total": s.total, "place": s.place, "winner": s.winner}
            for s in result.standings
        ],
    }
    deal = result.next_deal
    if deal is None:
        return view
    bidding = replace(at.bidding, play_started=bool(at.winners))
    said = bidding.announcement()
    seats = range(players)
    return {
        **view,
        "toBid": bidding.to_bid,
        "complete": bidding.complete,
        "announcement": said
        and {"call": said.call, "by": said.by, "bids": said.bids, "tricks": said.tricks},
        "playOver": len(at.winners) == deal.cards,
        "taken": tally_tricks(at.winners, deal.cards, players),
        "forbidden": [bidding.forbidden(seat) for seat in seats],
        "canChange": [bidding.can_change(seat) for seat in seats],
    }


# -- Oh Hell: random evenings -----------------------------------------------------------------

#: About one time in five: a bid out of turn, a bid changed, a trick taken back ...
sometimes = st.sampled_from([True, False, False, False, False])
suits = st.sampled_from([str(suit) for suit in Suit])


def legal_bids(table: Scorekeeper, seat: int) -> st.SearchStrategy[int]:
    """Any bid but the one the hook forbids (the page does not offer it)."""
    forbidden = table.live.forbidden(seat)
    return st.sampled_from([bid for bid in range(table.plan.cards + 1) if bid != forbidden])


def play_deal(draw: st.DrawFn, table: Scorekeeper) -> None:
    """One deal from its first entry to its counts (or a revoke)."""
    deal, players = table.plan, table.players
    seats = st.integers(min_value=0, max_value=players - 1)
    if deal.trump is None and draw(sometimes):
        table.set_trump(draw(suits))
    while not table.bidding.complete:
        seat = table.live.to_bid
        waiting = [s for s in table.live.order if s not in table.bidding.bids and s != seat]
        if waiting and draw(sometimes):
            seat = draw(st.sampled_from(waiting))  # out of turn
        table.bid(seat, draw(legal_bids(table, seat)))
        changeable = [s for s in table.live.order if table.live.can_change(s)]
        if changeable and draw(sometimes):
            seat = draw(st.sampled_from(changeable))
            table.bid(seat, draw(legal_bids(table, seat)))
    if deal.trump is None and draw(sometimes):
        table.set_trump(draw(suits))
    ending = draw(st.sampled_from(["taps", "taps", "counts", "counts", "revoke"]))
    if ending != "counts":
        for _ in range(draw(st.integers(min_value=0, max_value=deal.cards))):
            table.trick(draw(seats))
            if draw(sometimes):
                table.undo_trick()
    if ending == "revoke":
        table.revoke(draw(seats))
        return
    counts = list(tally_tricks(table.winners, deal.cards, players))
    rest = deal.cards - len(table.winners)
    if draw(st.booleans()):
        # The table plays to its bids: the tricks left go first to those short of theirs.
        for seat in table.live.order:
            short = min(rest, max(0, table.bidding.bids[seat] - counts[seat]))
            counts[seat] += short
            rest -= short
    for seat in draw(st.lists(seats, min_size=rest, max_size=rest)):
        counts[seat] += 1
    table.tricks(counts)


def adjust(draw: st.DrawFn, table: Scorekeeper) -> None:
    """An adjustment to the last deal scored, now and then to an earlier one."""
    if not table.records:
        return
    number = len(table.records)
    if draw(sometimes):
        number = draw(st.integers(min_value=1, max_value=number))
    seat = draw(st.integers(min_value=0, max_value=table.players - 1))
    table.adjust(number, seat, draw(st.integers(min_value=-1000, max_value=1000).filter(bool)))


def stretches(draw: st.DrawFn, count: int) -> tuple[tuple[int, int], ...]:
    """The whole evening offline, and a few stretches between going offline and back."""
    cut = st.integers(min_value=0, max_value=count)
    pairs = draw(st.lists(st.tuples(cut, cut), max_size=3))
    return ((0, count), *(tuple(sorted(pair)) for pair in pairs))


@st.composite
def evenings(draw: st.DrawFn) -> Evening:
    """A preset, a table, deals as far as played, and a deal stopped at a random point."""
    players = draw(st.integers(min_value=3, max_value=7))
    table = Scorekeeper(
        draw(st.sampled_from(sorted(PRESETS))),
        players,
        draw(st.integers(min_value=0, max_value=players - 1)),
    )
    # As far as a deal of the schedule (a revoke plays one again), now and then to the end.
    deals = draw(st.integers(min_value=0, max_value=len(table.plans)) | st.just(len(table.plans)))
    while table.plan is not None and table.plan.number <= deals:
        play_deal(draw, table)
        if draw(sometimes):
            adjust(draw, table)
    if table.plan is not None:
        # Stop mid-deal: the next deal's entries, cut before its counts (or revoke).
        start = len(table.entries)
        play_deal(draw, table)
        stop = start + draw(st.integers(min_value=0, max_value=len(table.entries) - start - 1))
        del table.entries[stop:]
        del table.positions[stop + 1 :]
    elif draw(sometimes):
        adjust(draw, table)
    return table.evening(stretches(draw, len(table.entries)))


@functools.cache
def random_evenings() -> list[Evening]:
    """Drawn once for the tests below."""
    return draw_cases(evenings(), EVENINGS)


def test_the_offline_table_ends_where_the_rules_end_on_random_evenings(node):
    """From the session's start and from any point the phone goes offline, the model folds
    the entries to the state, standings, bidding and hook that games.rules gives."""
    cases, expected, told = [], [], []
    for evening in random_evenings():
        table = (evening.rules, evening.players, evening.first_dealer)
        opening = opening_state(*table)
        assert server_state(*table, evening.positions[0]) == opening
        ahead = ahead_of(*table)
        for went, back in evening.stretches:
            state = opening if went == 0 else server_state(*table, evening.positions[went])
            entries = list(evening.entries[went:back])
            cases.append({"game": "oh_hell", "ahead": ahead, "state": state, "entries": entries})
            expected.append(rules_view(*table, evening.positions[back]))
            told.append((back - went, evening.describe(went, back)))
    results = run_model(node, cases)
    failures = [
        (size, case, found)
        for (size, case), model, want in zip(told, results, expected, strict=True)
        if (found := differences(model, want))
    ]
    assert not failures, report(failures, len(cases))


# -- Kozel: random matches --------------------------------------------------------------------


@dataclass(frozen=True)
class Match:
    preset: str
    first_dealer: int
    entries: tuple[dict, ...]  # {action: kozel_deal, fields}, as the form posts them
    deals: tuple[kozel.DealEntry, ...]  # the same, as games.rules reads them
    stretches: tuple[tuple[int, int], ...]

    @property
    def rules(self) -> kozel.KozelRules:
        return kozel.PRESETS[self.preset]

    def describe(self, went: int, back: int) -> str:
        entries = json.dumps([e["fields"] for e in self.entries[went:back]], separators=(",", ":"))
        return (
            f"Kozel {self.preset}, first dealer {self.first_dealer};"
            f" offline from deal {went} to {back} of {len(self.entries)}: {entries}"
        )


def kozel_form(team: int, points: int, took: str, last: str) -> tuple[dict, kozel.DealEntry]:
    """One deal as the form posts it, and as games/forms.py hands it to games.rules."""
    fields = {"team": str(team), "points": str(points), "took_trick": took, "last_trick_seat": last}
    entry = kozel.DealEntry(
        team, points, {"yes": True, "no": False}.get(took), int(last) if last else None
    )
    return {"action": "kozel_deal", "fields": fields}, entry


# 0, 60 and 120 are the interesting totals (tests/rules/test_kozel_properties.py).
card_points = st.one_of(
    st.sampled_from([0, 60, 120]),
    st.integers(min_value=0, max_value=kozel.TOTAL_POINTS).filter(kozel.possible_points),
)


@st.composite
def kozel_deals(draw: st.DrawFn, rules: kozel.KozelRules) -> tuple[dict, kozel.DealEntry]:
    """Any entry the rules accept: a team on 0 answers "did it take a trick?" where the
    6-point rule asks; a team that took none did not take the last trick."""
    team = draw(st.integers(min_value=0, max_value=1))
    points = draw(card_points)
    zero_team = {0: team, kozel.TOTAL_POINTS: 1 - team}.get(points)
    asked = zero_team is not None and rules.six_points is kozel.SixPointRule.NO_TRICKS
    took = draw(st.sampled_from(["yes", "no"] if asked else ["", "yes", "no"]))
    seats = [
        str(seat)
        for seat in range(kozel.PLAYERS)
        if not (took == "no" and zero_team is not None and seat % 2 == zero_team)
    ]
    last = draw(st.sampled_from(["", *seats]))
    return kozel_form(team, points, took, last)


@st.composite
def matches(draw: st.DrawFn) -> Match:
    preset = draw(st.sampled_from(sorted(kozel.PRESETS)))
    rules = kozel.PRESETS[preset]
    first_dealer = draw(st.integers(min_value=0, max_value=kozel.PLAYERS - 1))
    entries, deals = [], []
    for _ in range(draw(st.integers(min_value=0, max_value=30))):
        if kozel.score_match(rules, first_dealer, deals).finished:
            break
        entry, deal = draw(kozel_deals(rules))
        entries.append(entry)
        deals.append(deal)
    return Match(preset, first_dealer, tuple(entries), tuple(deals), stretches(draw, len(entries)))


def kozel_ahead(rules: kozel.KozelRules, first_dealer: int) -> dict:
    """The view's lookups, with the refusals left as the rules' templates (English)."""
    return {"lookups": kozel.offline_lookups(rules, first_dealer), "words": {}}


def kozel_opening(first_dealer: int) -> dict:
    """The match as the server sends it before the first deal."""
    return {
        "deals": 0,
        "defeat_points": [0, 0],
        "times": 1,
        "plus": 0,
        "dealer": first_dealer,
        "leader": (first_dealer + 1) % kozel.PLAYERS,
        "goat": None,
        "had_eggs": False,
        "last": None,
    }


def kozel_state(rules: kozel.KozelRules, first_dealer: int, deals) -> dict:
    """What games/views/offline.py's ``kozel_state`` sends after these deals."""
    return kozel.offline_figures(kozel.score_match(rules, first_dealer, deals))


def test_the_offline_match_ends_where_the_rules_end_on_random_matches(node):
    """Defeat points, the eggs carry-over, dealer, leader and goat, from the match's start
    and from any deal the phone goes offline at."""
    drawn = draw_cases(matches(), MATCHES)
    cases, expected, told = [], [], []
    for match in drawn:
        rules, first_dealer = match.rules, match.first_dealer
        assert kozel_state(rules, first_dealer, ()) == kozel_opening(first_dealer)
        ahead = kozel_ahead(rules, first_dealer)
        for went, back in match.stretches:
            state = (
                kozel_opening(first_dealer)
                if went == 0
                else kozel_state(rules, first_dealer, match.deals[:went])
            )
            entries = list(match.entries[went:back])
            cases.append({"game": "kozel", "ahead": ahead, "state": state, "entries": entries})
            finished = kozel.score_match(rules, first_dealer, match.deals[:back]).finished
            want = kozel_state(rules, first_dealer, match.deals[:back])
            expected.append({"state": want, "finished": finished})
            told.append((back - went, match.describe(went, back)))
    results = run_model(node, cases)
    failures = [
        (size, case, found)
        for (size, case), model, want in zip(told, results, expected, strict=True)
        if (found := differences(model, want))
    ]
    assert not failures, report(failures, len(cases))


# -- refusals: what the page keeps, the server must keep too ----------------------------------


def kozel_refusal(rules: kozel.KozelRules, deal: kozel.DealEntry) -> str | None:
    try:
        kozel.validate_deal(deal, rules)
    except RuleError as error:
        return error.template
    return None


@st.composite
def any_kozel_deals(draw: st.DrawFn) -> tuple[dict, kozel.DealEntry]:
    """Any entry the form can post, refused or not."""
    return kozel_form(
        draw(st.integers(min_value=0, max_value=1)),
        draw(st.sampled_from([0, 1, 60, 119, 120]) | st.integers(min_value=0, max_value=120)),
        draw(st.sampled_from(["", "yes", "no"])),
        draw(st.sampled_from(["", "0", "1", "2", "3"])),
    )


def test_the_offline_match_refuses_what_the_rules_refuse(node):
    """The page keeps an entry only if the server would take it, and says why not."""
    drawn = draw_cases(
        st.tuples(st.sampled_from(sorted(kozel.PRESETS)), st.lists(any_kozel_deals(), max_size=20)),
        ENTRY_LISTS,
    )
    cases, expected = [], []
    for preset, entries in drawn:
        rules = kozel.PRESETS[preset]
        cases.append(
            {
                "game": "kozel",
                "ahead": kozel_ahead(rules, 0),
                "state": kozel_opening(0),
                "entries": [],
                "refusals": [entry for entry, _deal in entries],
            }
        )
        expected.append([(entry, kozel_refusal(rules, deal)) for entry, deal in entries])
    results = run_model(node, cases)
    failures = sorted(
        {
            f"{json.dumps(entry['fields'])}: model {said!r}, games.rules {refused!r}"
            for model, pairs in zip(results, expected, strict=True)
            for said, (entry, refused) in zip(model["refusals"], pairs, strict=True)
            if said != refused
        }
    )
    total = sum(len(pairs) for pairs in expected)
    assert not failures, f"{len(failures)} entries of {total} disagree:\n" + "\n".join(failures)


def test_the_offline_table_refuses_the_counts_the_rules_refuse(node):
    """Where a random evening stops with the bidding in: counts the server refuses
    (games/services/oh_hell.py's record_tricks: they add up wrong, or contradict the tricks
    tapped) the page refuses too, and counts the server takes the page keeps, except that
    once a trick is tapped the page keeps only the counts of every trick tapped."""
    cases, expected = [], []
    for number, evening in enumerate(random_evenings()):
        table = (evening.rules, evening.players, evening.first_dealer)
        at = evening.positions[-1]
        deal = score_game(*table, at.records).next_deal
        if deal is None or not at.bidding.complete:
            continue
        # The counts the tricks tapped lead to, the same with one player's tricks given to
        # another (they contradict the taps), and any counts typed.
        tapped = list(tally_tricks(at.winners, deal.cards, evening.players))
        following = [*tapped[:-1], tapped[-1] + deal.cards - len(at.winners)]
        typed = [following]
        if at.winners:
            seat = at.winners[0]
            moved = list(following)
            moved[(seat + 1) % evening.players] += moved[seat]
            moved[seat] = 0
            typed.append(moved)
        random = Random(number)
        for _ in range(3):
            counts = [random.randint(0, deal.cards) for _ in range(evening.players)]
            if random.random() < 0.5:
                counts[-1] = max(0, deal.cards - sum(counts[:-1]))
            typed.append(counts)
        tries = []
        for counts in typed:
            try:
                checked = check_tricks(counts, deal.cards, evening.players)
                refused = (
                    None if taps_agree(at.winners, checked, deal.cards, evening.players) else TAPS
                )
            except RuleError as error:
                refused = str(error)
            if at.winners and (len(at.winners) < deal.cards or counts != tapped):
                # Once tricks are tapped the phone keeps only the counts of all of them
                # (offline-table.js offers no counts form then): stricter than the server,
                # never looser.
                refused = TAPS
            tries.append((counts, refused))
        cases.append(
            {
                "game": "oh_hell",
                "ahead": ahead_of(*table),
                "state": server_state(*table, at),
                "entries": [],
                "refusals": [
                    {
                        "action": "tricks",
                        "fields": {f"tricks-{s}": str(c) for s, c in enumerate(counts)},
                    }
                    for counts, _refused in tries
                ],
            }
        )
        where = (
            f"Oh Hell {evening.preset}, {evening.players} players, deal {deal.number}"
            f" of {deal.cards} cards, bids {at.bidding.as_list()}, tricks tapped {list(at.winners)}"
        )
        expected.append((where, tries))
    results = run_model(node, cases)
    failures = {
        f"{where}; counts {counts}: model {said!r}, games.rules {refused!r}": None
        for model, (where, tries) in zip(results, expected, strict=True)
        for said, (counts, refused) in zip(model["refusals"], tries, strict=True)
        if said != refused
    }
    total = sum(len(tries) for _where, tries in expected)
    assert not failures, f"{len(failures)} of {total} counts disagree:\n" + "\n".join(failures)


# -- worked examples, checked by hand ---------------------------------------------------------

#: The classic preset (seed 001) with a first deal of 10 cards, four players, seat 3 dealing:
#: seats 0, 1, 2 bid, then the dealer.
TEN_CARDS = (10, 9, 8)
FIRST_DEALER = 3


def classic_ten(hook: bool) -> OhHellRules:
    return PRESETS["classic"].with_options(schedule="custom", custom_schedule=TEN_CARDS, hook=hook)


def bids_3_3_2(table: Scorekeeper) -> None:
    for seat, bid in ((0, 3), (1, 3), (2, 2)):
        table.bid(seat, bid)


def bids_3_3_2_1(table: Scorekeeper) -> None:
    bids_3_3_2(table)
    table.bid(3, 1)


OH_HELL_EXAMPLES = {
    # The hook off: 3 + 3 + 2 leaves the dealer any bid.
    "no_hook_dealer_free": (False, bids_3_3_2, lambda v: v["forbidden"][3], None),
    # Seed 002's hook: 3 + 3 + 2 + 2 = 10 tricks, so the dealer may not bid 2.
    "hook_forbids_dealer_2": (True, bids_3_3_2, lambda v: v["forbidden"][3], 2),
    # ... and only the dealer: seat 0's bid is not the one that completes the bidding.
    "hook_only_binds_the_last_bid": (True, bids_3_3_2, lambda v: v["forbidden"][0], None),
    # 3 + 3 + 2 + 1 = 9 of 10: under by 1.
    "under_by_1": (
        True,
        bids_3_3_2_1,
        lambda v: [v["announcement"]["call"], v["announcement"]["by"]],
        ["under", 1],
    ),
    # Seed 001: a made bid scores 10 + bid, 3 -> 13; the misses score nothing.
    "made_3_scores_13": (
        True,
        lambda t: (bids_3_3_2_1(t), t.tricks([3, 2, 3, 2])),
        lambda v: [v["state"]["totals"], v["state"]["last"]["rows"][0]["score"]],
        [[13, 0, 0, 0], 13],
    ),
    # The next deal after a scored one: deal 2 of the schedule, 9 cards.
    "scored_deal_opens_the_next": (
        True,
        lambda t: (bids_3_3_2_1(t), t.tricks([3, 2, 3, 2])),
        lambda v: [v["state"]["plan"], v["state"]["deal"], v["state"]["replay"]],
        [2, 2, False],
    ),
    # Seed 000: a revoke costs 10 points and the same deal is played again (plan 1, deal 2).
    "revoke_costs_10_and_replays": (
        True,
        lambda t: (bids_3_3_2_1(t), t.revoke(1)),
        lambda v: [
            v["state"]["totals"],
            v["state"]["plan"],
            v["state"]["deal"],
            v["state"]["replay"],
        ],
        [[0, -10, 0, 0], 1, 2, True],
    ),
    # An adjustment to the last deal shows in its row and the total.
    "adjustment_to_the_last_deal": (
        True,
        lambda t: (bids_3_3_2_1(t), t.tricks([3, 2, 3, 2]), t.adjust(1, 0, -5)),
        lambda v: [v["state"]["totals"][0], v["state"]["last"]["rows"][0]["score"]],
        [8, 8],
    ),
}


@pytest.mark.parametrize(
    ("hook", "enter", "pick", "by_hand"), OH_HELL_EXAMPLES.values(), ids=OH_HELL_EXAMPLES
)
def test_worked_oh_hell_examples_agree_online_and_offline(node, hook, enter, pick, by_hand):
    rules = classic_ten(hook)
    table = Scorekeeper("classic", 4, FIRST_DEALER, rules)
    enter(table)
    [model] = run_model(
        node,
        [
            {
                "game": "oh_hell",
                "ahead": ahead_of(rules, 4, FIRST_DEALER),
                "state": opening_state(rules, 4, FIRST_DEALER),
                "entries": table.entries,
            }
        ],
    )
    online = as_json(rules_view(rules, 4, FIRST_DEALER, table.positions[-1]))
    assert pick(online) == by_hand
    assert pick(model) == by_hand


def test_counts_that_add_up_wrong_are_refused_offline_as_online(node):
    rules = classic_ten(hook=True)
    table = Scorekeeper("classic", 4, FIRST_DEALER, rules)
    bids_3_3_2_1(table)
    counts = {f"tricks-{seat}": "3" for seat in range(4)}
    [model] = run_model(
        node,
        [
            {
                "game": "oh_hell",
                "ahead": ahead_of(rules, 4, FIRST_DEALER),
                "state": opening_state(rules, 4, FIRST_DEALER),
                "entries": table.entries,
                "refusals": [{"action": "tricks", "fields": counts}],
            }
        ],
    )
    said = "The tricks add up to 12, but 10 were played: check the counts."
    with pytest.raises(RuleError) as online:
        check_tricks([3, 3, 3, 3], 10, 4)
    assert str(online.value) == said
    assert model["refusals"] == [said]


KOZEL_EXAMPLES = {
    # Seed 004: 31-59 card points give the loser 2 defeat points.
    "45_points_lose_2": ("classic", [(0, 45, "", "")], [2, 0]),
    # Seed 004: a team that took no trick at all takes 6.
    "0_and_no_trick_lose_6": ("classic", [(0, 0, "no", "")], [6, 0]),
    # ... and one on 0 that still took a trick (of 6s-9s) takes 4.
    "0_with_a_trick_lose_4": ("classic", [(0, 0, "yes", "")], [4, 0]),
    # Team 1 entering 75 leaves team 0 45: team 0 takes 2.
    "the_other_team_counts": ("classic", [(1, 75, "", "")], [2, 0]),
    # RULES.md "Beyond the seeds": eggs double the next deal, 2 -> 4.
    "eggs_double_the_next_loss": ("doubled_eggs", [(0, 60, "", ""), (0, 45, "", "")], [4, 0]),
    # ... or give its loser 2 more, 2 -> 4.
    "eggs_add_2_to_the_next_loss": ("eggs_plus_two", [(0, 60, "", ""), (1, 45, "", "")], [0, 4]),
}


@pytest.mark.parametrize(
    ("preset", "deals", "by_hand"), KOZEL_EXAMPLES.values(), ids=KOZEL_EXAMPLES
)
def test_worked_kozel_examples_agree_online_and_offline(node, preset, deals, by_hand):
    rules = kozel.PRESETS[preset]
    entries, read = zip(*(kozel_form(*deal) for deal in deals), strict=True)
    [model] = run_model(
        node,
        [
            {
                "game": "kozel",
                "ahead": kozel_ahead(rules, 0),
                "state": kozel_opening(0),
                "entries": list(entries),
            }
        ],
    )
    assert list(kozel.score_match(rules, 0, read).defeat_points) == by_hand
    assert model["state"]["defeat_points"] == by_hand


KOZEL_REFUSALS = {
    "1_point": ((0, 1, "", ""), "A team cannot have exactly 1 card point: no card is worth 1."),
    "119_points": (
        (0, 119, "", ""),
        "A team cannot have 119 card points: the other team would have 1.",
    ),
    "0_without_an_answer": ((0, 0, "", ""), "Say whether the team with 0 points took a trick."),
    "120_without_an_answer": (
        (0, 120, "", ""),
        "Say whether the team with 0 points took a trick.",
    ),
    "a_valid_entry": ((0, 45, "", "2"), None),
    "0_answered": ((1, 0, "yes", ""), None),
}


@pytest.mark.parametrize(("deal", "by_hand"), KOZEL_REFUSALS.values(), ids=KOZEL_REFUSALS)
def test_worked_kozel_refusals_agree_online_and_offline(node, deal, by_hand):
    rules = kozel.PRESETS["classic"]  # seed 004: 6 points for no trick, so 0 needs an answer
    entry, read = kozel_form(*deal)
    [model] = run_model(
        node,
        [
            {
                "game": "kozel",
                "ahead": kozel_ahead(rules, 0),
                "state": kozel_opening(0),
                "entries": [],
                "refusals": [entry],
            }
        ],
    )
    assert kozel_refusal(rules, read) == by_hand
    assert model["refusals"] == [by_hand]


def test_the_driver_reports_a_failing_case_without_losing_the_others(node):
    """A case the model throws on comes back as an error, so one bad case names itself."""
    rules = PRESETS["classic"]
    good = {
        "game": "oh_hell",
        "ahead": ahead_of(rules, 3, 0),
        "state": opening_state(rules, 3, 0),
        "entries": [],
    }
    bad = {**good, "entries": [{"action": "no_such_action", "fields": {}}]}
    results = run_model(node, [bad, good])
    assert "error" in results[0]
    assert results[1]["state"]["plan"] == 1
