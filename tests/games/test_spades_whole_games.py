"""Spades played whole, once under each option value (issue 41's outside check).

Each test starts a session as a scorekeeper does (a preset's options plus the option under
test), draws every hand from a seeded ``random.Random`` (bids 0 to 13 with nils, blind nils
where the table allows them and the side may bid one, tricks adding up to 13; failed nils,
sets, bag penalties, 10 for 200 and moons where those options are on) and enters it through
the app's own HTTP endpoints, the bids form then the hand's form, as
tests/games/test_spades_flow.py does. After every hand the app's totals
(``services.load(game).result``) must equal a second hand count, ``Count`` below, written
here from pagat's rules and the choices docs/rules-spades.md documents, and not imported
from games.rules.spades: two separate counts that must agree. The game must end when and as
the rules say (the moon that wins, the target, the higher total, a tie plays on, the mercy
line), with the winner the count names, and a hand after the end is refused with the reason.
Each game must also have held what its option is about (a bag penalty, a failed nil's tricks
counted, a moon that wins from behind, a tie that plays on ...), so that no game passes
without playing its option; the seeds are chosen for that, and run in about 10 s.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from html import unescape

import pytest
from django.urls import reverse

from games import services
from games.models import Game
from tests.games import test_spades_flow
from tests.games.conftest import HTMX, form_key

TEAMS = ("Anna &amp; Carla", "Ben &amp; Dan")
SIDES = ((0, 2), (1, 3))
MAX_HANDS = 60


# -- the second hand count: pagat's rules and docs/rules-spades.md, nothing imported --------


@dataclass
class Table:
    """The options as docs/rules-spades.md's table gives them, its defaults first."""

    target: int = 500
    failed_nil: str = "bags"
    blind_nil: str = "off"
    bags: bool = True
    bag_limit: int = 10
    bag_penalty: int = 100
    mercy: int = 0
    min_team_bid: int = 0
    ten_for_200: bool = False
    moon: str = "off"
    moon_points: int = 200


@dataclass
class Count:
    """Both sides' totals and bags, hand by hand; ``over`` names how the game ended."""

    table: Table
    totals: list[int] = field(default_factory=lambda: [0, 0])
    bags: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None
    over: str = ""
    seen: set[str] = field(default_factory=set)

    def behind(self, side: int) -> int:
        return self.totals[1 - side] - self.totals[side]

    def may_bid_blind(self, side: int) -> bool:
        if self.table.blind_nil == "on":
            return True
        return self.table.blind_nil == "behind" and self.behind(side) >= 100

    def side_points(self, side: int, bids, blind, tricks) -> tuple[int, bool]:
        """The side's points for the hand, its bags carried on, and whether it shot the moon."""
        t = self.table
        contract = sum(bids[seat] for seat in SIDES[side] if bids[seat])
        points, failed_tricks, bidders_tricks = 0, 0, 0
        for seat in SIDES[side]:
            if bids[seat] == 0:
                worth = 200 if blind[seat] else 100
                self.seen.add("blind nil" if blind[seat] else "nil")
                if tricks[seat] == 0:
                    points += worth
                else:
                    points -= worth
                    failed_tricks += tricks[seat]
                    self.seen.add("failed blind nil" if blind[seat] else "failed nil")
            else:
                bidders_tricks += tricks[seat]
        new_bags, moon = 0, False
        if contract == 0:  # both partners nil: no contract, a failed nil's tricks are bags
            self.seen.add("both nil")
            new_bags = failed_tricks
        else:
            counted = bidders_tricks
            if t.failed_nil == "count":
                counted += failed_tricks
            else:
                new_bags += failed_tricks  # bags, and no point
            if failed_tricks:
                self.seen.add(f"failed nil's tricks {t.failed_nil}")
            if counted >= contract:
                over = counted - contract
                new_bags += over
                if over:
                    self.seen.add("overtricks")
                if contract == 13 and counted == 13 and t.moon != "off":
                    moon = True
                    self.seen.add("moon")
                    points += t.moon_points if t.moon == "points" else 130
                elif t.ten_for_200 and contract >= 10:
                    self.seen.add("10 for 200 with overtricks" if over else "10 for 200")
                    points += 200 + over
                else:
                    if contract >= 10:
                        self.seen.add("10 or more made")
                    if contract == 13:
                        self.seen.add("13 bid and taken, as any contract")
                    points += 10 * contract + over
            else:
                self.seen.add("set")
                points -= 10 * contract
        if t.bags:
            self.bags[side] += new_bags
            while self.bags[side] >= t.bag_limit:
                self.seen.add("bag penalty")
                points -= t.bag_penalty
                self.bags[side] -= t.bag_limit
        return points, moon

    def hand(self, bids, blind, tricks) -> None:
        assert self.winner is None
        moons = []
        for side in (0, 1):
            points, moon = self.side_points(side, bids, blind, tricks)
            self.totals[side] += points
            if moon:
                moons.append(side)
        if self.table.moon == "wins" and moons:
            self.winner, self.over = moons[0], "the moon"
            if self.totals[moons[0]] < self.totals[1 - moons[0]]:
                self.seen.add("the moon wins from behind")
            return
        a, b = self.totals
        if a >= self.table.target or b >= self.table.target:
            self.decide("target")
        elif self.table.mercy and (a <= self.table.mercy or b <= self.table.mercy):
            self.decide("mercy")
        for line in (-200, -500):
            if self.winner is None and min(a, b) <= line:
                self.seen.add(f"at or below {line}, played on")

    def decide(self, why: str) -> None:
        a, b = self.totals
        line = self.table.target if why == "target" else self.table.mercy
        if min(a, b) >= line if why == "target" else max(a, b) <= line:
            self.seen.add(f"both at the {why}")
        if a == b:
            self.seen.add(f"tie at the {why}")
        else:
            self.winner, self.over = (0 if a > b else 1), why


# -- a hand drawn by a seeded Random -------------------------------------------------------


@dataclass
class Style:
    """How a side plays: its share of the tricks, how often it bids nil, makes its contract."""

    strength: float = 0.5  # each trick is the side's at this chance (against the other's)
    nil: float = 0.18
    both_nil: float = 0.02
    blind: float = 0.5  # of its nils, where it may bid blind
    fail_nil: float = 0.25
    make: float = 0.85
    overs: int = 1  # most overtricks in a usual made hand
    many_overs: float = 0.05  # a hand of 4 to 9 overtricks
    short: int = 3  # most tricks short in a set
    moon: float = 0.0  # bids 13 (and takes 13 three times in four)


def draw_hand(rng: random.Random, count: Count, styles) -> tuple[list[int], list[bool], list]:
    """Bids, blind marks and tricks: the tricks first, each side's bids near them."""
    t = count.table
    moons = [rng.random() < s.moon for s in styles]
    if all(moons):
        moons[rng.randrange(2)] = False
    wins = [0, 0]
    if any(moons):
        side = moons.index(True)
        wins[side] = 13 if rng.random() < 0.75 else rng.randint(10, 12)
        wins[1 - side] = 13 - wins[side]
    else:
        strength = styles[0].strength / (styles[0].strength + styles[1].strength)
        wins[0] = sum(rng.random() < strength for _ in range(13))
        wins[1] = 13 - wins[0]
    bids, blind, tricks = [0] * 4, [False] * 4, [0] * 4
    for side, (a, b) in enumerate(SIDES):
        s, got = styles[side], wins[side]
        if moons[side]:
            bids[a] = rng.randint(3, 10)
            bids[b] = 13 - bids[a]
            tricks[a] = rng.randint(0, got)
            tricks[b] = got - tricks[a]
            continue
        if t.min_team_bid == 0 and rng.random() < s.both_nil:
            tricks[a] = rng.randint(0, got)
            tricks[b] = got - tricks[a]
            nils = [a, b]
        else:
            nils = [rng.choice((a, b))] if rng.random() < s.nil else []
            counted = got
            if nils and got and rng.random() < s.fail_nil:
                tricks[nils[0]] = rng.randint(1, min(3, got))
                if t.failed_nil == "bags":
                    counted -= tricks[nils[0]]
            if rng.random() < s.make:
                many = rng.random() < s.many_overs
                contract = counted - (rng.randint(4, 9) if many else rng.randint(0, s.overs))
            else:
                contract = counted + rng.randint(1, s.short)
            contract = min(13, max(contract, t.min_team_bid, 1 if nils else 2))
            if nils:
                partner = b if nils[0] == a else a
                bids[partner] = contract
                tricks[partner] = got - tricks[nils[0]]
            else:
                bids[a] = rng.randint(1, contract - 1)
                bids[b] = contract - bids[a]
                tricks[a] = rng.randint(0, got)
                tricks[b] = got - tricks[a]
        for seat in nils:
            blind[seat] = count.may_bid_blind(side) and rng.random() < s.blind
    assert sum(tricks) == 13 and all(0 <= n <= 13 for n in bids + tricks)
    return bids, blind, tricks


# -- the app, through its HTTP endpoints (as tests/games/test_spades_flow.py) --------------


def start(notebook, preset: str, options: dict) -> Game:
    return test_spades_flow.start(notebook, preset, **options)


def table_of(game: Game) -> Table:
    chosen = Game.objects.get(pk=game.pk).options
    return Table(**{name: chosen[name] for name in Table.__dataclass_fields__})


def bids_form(number: int, bids, blind) -> dict:
    form = {"deal": number, "idem": form_key()}
    form.update({f"e.bids.{seat}": bid for seat, bid in enumerate(bids)})
    if blind is not None:
        form.update({f"e.blind.{seat}": "true" if m else "false" for seat, m in enumerate(blind)})
    return form


def post(client, game: Game, action: str, form: dict):
    return client.post(reverse(action, args=[game.public_id]), form, **HTMX)


def play(client, game, table, number, bids, blind, tricks, by_team: bool):
    sent_blind = None if table.blind_nil == "off" else blind
    answer = post(client, game, "bids", bids_form(number, bids, sent_blind))
    assert answer.status_code == 200, answer.content.decode()[:2000]
    form = bids_form(number, bids, sent_blind)
    if by_team:
        form.update(
            {f"e.team_tricks.{side}": tricks[a] + tricks[b] for side, (a, b) in enumerate(SIDES)}
        )
    else:
        form.update({f"e.tricks.{seat}": took for seat, took in enumerate(tricks)})
    answer = post(client, game, "round", form)
    assert answer.status_code == 200, (number, bids, tricks, answer.content.decode()[:2000])
    return answer.content.decode()


def play_whole_game(client, notebook, preset, options, seed, styles) -> Count:
    game = start(notebook, preset, options)
    assert {k: v for k, v in game.options.items() if k in options} == options
    count = Count(table_of(game))
    rng = random.Random(seed)
    per_team = random.Random(-seed)  # the tricks entered per team where nobody bid nil
    number = 0
    while count.winner is None:
        number += 1
        assert number <= MAX_HANDS, f"no end after {MAX_HANDS} hands: {count.totals}"
        bids, blind, tricks = draw_hand(rng, count, styles)
        if number == 1:
            refuse_what_the_table_does_not_play(client, game, count.table)
        if count.table.blind_nil == "behind":
            refuse_a_blind_nil_too_early(client, game, count, number, bids, blind)
        by_team = 0 not in bids and per_team.random() < 0.5
        html = play(client, game, count.table, number, bids, blind, tricks, by_team)
        count.hand(bids, blind, tricks)
        result = services.load(Game.objects.get(pk=game.pk)).result
        assert list(result.totals) == count.totals, (number, bids, blind, tricks)
        if count.table.bags:
            assert [str(m) for m in result.marks] == [f"bags: {n}" for n in count.bags]
        assert result.finished == (count.winner is not None), (number, count.totals)
    game.refresh_from_db()
    assert game.finished and result.winners == (count.winner,)
    assert f"Winner: {TEAMS[count.winner]}" in html
    form = bids_form(number + 1, [3, 3, 3, 3], None)
    for action in ("bids", "round"):
        after = post(client, game, action, {**form, "e.team_tricks.0": 6, "e.team_tricks.1": 7})
        assert 400 <= after.status_code < 500, action
        assert "This session is finished." in after.content.decode(), action
    assert game.rounds.filter(done=True).count() == number
    assert not game.rounds.filter(done=False).exists()
    return count


def refuse_what_the_table_does_not_play(client, game, table: Table) -> None:
    """Hand 1: a blind mark where blind nil is off, a contract under the least team bid."""
    refusals = []
    if table.blind_nil == "off":
        refusals.append(
            ([0, 4, 4, 4], [True, False, False, False], "Blind nil is not played at this table.")
        )
    if table.min_team_bid == 4:
        refusals.append(
            (
                [0, 4, 3, 4],
                None,
                "A team's contract is at least 4 tricks (a nil's partner bids 4 or more): 3 bid.",
            )
        )
        refusals.append(
            (
                [0, 4, 0, 4],
                None,
                "A team's contract is at least 4 tricks (a nil's partner bids 4 or more): 0 bid.",
            )
        )
    for bids, blind, reason in refusals:
        answer = post(client, game, "bids", bids_form(1, bids, blind))
        assert answer.status_code == 422, (bids, blind)
        assert reason in unescape(answer.content.decode()), reason
    assert not game.rounds.exists()


def refuse_a_blind_nil_too_early(client, game, count, number, bids, blind) -> None:
    """Under "behind", a blind nil by a side less than 100 behind is refused with the reason."""
    for side, (a, b) in enumerate(SIDES):
        if not count.may_bid_blind(side) and 0 in (bids[a], bids[b]):
            seat = a if bids[a] == 0 else b
            marks = [s == seat for s in range(4)]
            answer = post(client, game, "bids", bids_form(number, bids, marks))
            assert answer.status_code == 422
            assert "Blind nil is only for a side at least 100 behind" in answer.content.decode()
            count.seen.add("blind nil refused")
            return


# -- one whole game per option value -------------------------------------------------------

RECKLESS = Style(strength=0.4, nil=0.05, make=0.2, short=5)
BAGGER = Style(overs=3, many_overs=0.15)
NILS = Style(nil=0.45, both_nil=0.05, fail_nil=0.4)
BIG = Style(strength=1.2, make=0.85)
BEHIND = Style(strength=0.3, nil=0.5, make=0.3, blind=0.7)
MOON_BIG = Style(strength=1.2, make=0.85, moon=0.3)
MOONS = Style(moon=0.3)

#: (preset, the option under test, seed, each side's style, what the game must have held)
GAMES = {
    "target 250": ("short", {"target": 250}, 1, (Style(), Style()), {"target"}),
    "target 300": ("pagat", {"target": 300}, 2, (Style(), Style()), {"target"}),
    "target 500": ("pagat", {"target": 500}, 3, (Style(), Style()), {"target", "set"}),
    "failed nil bags": (
        "pagat",
        {"failed_nil": "bags"},
        4,
        (NILS, NILS),
        {"failed nil's tricks bags"},
    ),
    "failed nil count": (
        "pagat",
        {"failed_nil": "count"},
        5,
        (NILS, NILS),
        {"failed nil's tricks count"},
    ),
    "blind nil off": ("pagat", {"blind_nil": "off"}, 6, (NILS, NILS), {"failed nil"}),
    "blind nil on": (
        "pagat",
        {"blind_nil": "on"},
        7,
        (NILS, NILS),
        {"blind nil", "failed blind nil"},
    ),
    "blind nil behind": (
        "blind_nil",
        {"blind_nil": "behind"},
        8,
        (BEHIND, Style()),
        {"blind nil", "blind nil refused"},
    ),
    "bags on": ("pagat", {"bags": True}, 9, (BAGGER, BAGGER), {"bag penalty"}),
    "bags off": ("pagat", {"bags": False}, 10, (BAGGER, BAGGER), {"overtricks"}),
    "bag limit 10": ("pagat", {"bag_limit": 10}, 11, (BAGGER, BAGGER), {"bag penalty"}),
    "bag limit 5": ("pagat", {"bag_limit": 5}, 12, (Style(), Style()), {"bag penalty"}),
    "bag penalty 100": ("pagat", {"bag_penalty": 100}, 13, (BAGGER, BAGGER), {"bag penalty"}),
    "bag penalty 50": ("pagat", {"bag_penalty": 50}, 14, (BAGGER, BAGGER), {"bag penalty"}),
    "bag limit 5 penalty 50": (
        "pagat",
        {"bag_limit": 5, "bag_penalty": 50},
        15,
        (Style(), Style()),
        {"bag penalty"},
    ),
    "mercy off": (
        "pagat",
        {"mercy": 0},
        16,
        (RECKLESS, Style()),
        {"target", "at or below -500, played on"},
    ),
    "mercy -200": (
        "pagat",
        {"mercy": -200},
        17,
        (RECKLESS, Style(make=0.5)),
        {"mercy", "both at the mercy"},
    ),
    "mercy -500": (
        "pagat",
        {"mercy": -500},
        18,
        (RECKLESS, Style(make=0.4)),
        {"mercy", "at or below -200, played on"},
    ),
    "least team bid 0": ("pagat", {"min_team_bid": 0}, 19, (NILS, NILS), {"both nil"}),
    "least team bid 4": ("pagat", {"min_team_bid": 4}, 20, (NILS, NILS), {"nil"}),
    "10 for 200 off": ("pagat", {"ten_for_200": False}, 21, (BIG, Style()), {"10 or more made"}),
    "10 for 200 on": (
        "pagat",
        {"ten_for_200": True},
        23,
        (BIG, Style()),
        {"10 for 200", "10 for 200 with overtricks"},
    ),
    "moon off": (
        "pagat",
        {"moon": "off"},
        23,
        (MOONS, MOONS),
        {"13 bid and taken, as any contract"},
    ),
    "moon wins": (
        "pagat",
        {"moon": "wins"},
        125,
        (MOONS, MOONS),
        {"the moon", "the moon wins from behind"},
    ),
    "moon points": ("pagat", {"moon": "points"}, 25, (MOONS, MOONS), {"moon"}),
    "moon 250 points": (
        "pagat",
        {"moon": "points", "moon_points": 250},
        26,
        (MOONS, MOONS),
        {"moon"},
    ),
    "moon points with 10 for 200": (
        "pagat",
        {"moon": "points", "ten_for_200": True},
        27,
        (MOON_BIG, Style()),
        {"moon", "10 for 200"},
    ),
    "a tie at 250 plays on": (
        "short",
        {"target": 250},
        1217,
        (Style(), Style()),
        {"tie at the target"},
    ),
    "a tie at 500 plays on": ("pagat", {}, 1325, (Style(), Style()), {"tie at the target"}),
    "a tie at the mercy line plays on": (
        "pagat",
        {"mercy": -200},
        1058,
        (RECKLESS, RECKLESS),
        {"tie at the mercy", "mercy"},
    ),
    "pagat, seed 101": ("pagat", {}, 101, (Style(), Style()), {"target"}),
    "pagat, seed 102": ("pagat", {}, 102, (Style(), Style()), {"target"}),
    "pagat, seed 103": ("pagat", {}, 103, (Style(), Style()), {"target"}),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_agrees_with_a_hand_count_from_pagats_rules(client, notebook, name):
    preset, options, seed, styles, held = GAMES[name]

    count = play_whole_game(client, notebook, preset, options, seed, styles)

    assert held <= count.seen | {count.over}, (sorted(count.seen), count.over)


@pytest.mark.parametrize(
    "bids, tricks, behind, allowed",
    [([0, 3, 3, 3], [0, 0, 13, 0], 100, True), ([0, 2, 4, 2], [0, 7, 6, 0], 99, False)],
)
def test_blind_nil_behind_is_for_a_side_100_or_more_behind(
    client, notebook, bids, tricks, behind, allowed
):
    """The line itself: Ben & Dan 100 behind may bid blind nil, 99 behind may not."""
    game = start(notebook, "blind_nil", {})
    count = Count(table_of(game))
    play(client, game, count.table, 1, bids, [False] * 4, tricks, by_team=False)
    count.hand(bids, [False] * 4, tricks)
    assert list(services.load(Game.objects.get(pk=game.pk)).result.totals) == count.totals
    assert count.behind(1) == behind and count.may_bid_blind(1) is allowed

    answer = post(client, game, "bids", bids_form(2, [4, 0, 4, 4], [False, True, False, False]))

    if allowed:
        assert answer.status_code == 200
        assert game.rounds.get(done=False).entry["blind"] == [False, True, False, False]
    else:
        assert answer.status_code == 422
        assert f"this side is {behind} behind" in unescape(answer.content.decode())
        assert not game.rounds.filter(done=False).exists()
