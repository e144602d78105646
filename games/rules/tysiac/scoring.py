"""Tysiąc's scoring: each deal's points, then bolts, 555 and the endgame, and the game to
1000 (docs/rules-tysiac.md). Every figure is explained by `Why` lines.

The order within a deal (ours: the sources are silent; the issue puts 555 after a bolt):
1. each player's points from the deal: the bidder's contract, the defenders' card points
   and marriages rounded (or their share of a deal given up), the talon for the one
   sitting out; nothing for a player held by the endgame;
2. a bolt, for a defender whose deal scored 0 (the third costs 120);
3. 555, on the total after the bolt;
4. the barrel: a contract to 1000 wins; the players on it play a deal of their three; a
   total of 880 or more gets on it and pushes the others on it back to 760;
5. whoever has 1000 or more: the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.rules.errors import RuleError, gettext_noop
from games.rules.explain import Why
from games.rules.rounds import Plan, Result, RoundScore, fold, places_of, singles
from games.rules.tysiac.deal import bidder_made, check_round, own_marriages
from games.rules.tysiac.table import (
    BARREL,
    BARREL_DEALS,
    BOLT_PENALTY,
    BOLTS,
    FIVE_FIVE_FIVE,
    GAME,
    GIVEN_UP_FLAT,
    MARRIAGES,
    OFF_THE_BARREL,
    OVER,
    TALON_ACE,
    Endgame,
    FiveFiveFive,
    GivenUp,
    Rounding,
    Rules,
    check_table,
    plan_of,
)

# The option behind a line (Why.rule), as the table chose it.
ROUNDING = gettext_noop("rounding of defenders' points")
GIVEN_UP = gettext_noop("a deal given up")
TALON = gettext_noop("the talon for the player sitting out")
BOLTS_RULE = gettext_noop("bolts")
RULE_555 = "555"  # the same in every language
THE_BARREL = gettext_noop("the barrel")
OVER_800 = gettext_noop("over 800, only contracts count")


def rounded(points: int, rounding: Rounding) -> int:
    """Defenders' points (the issue): to 5, 1-2 down and 3-4 up (17 -> 15, 18 -> 20); to
    10, 5 up (65 -> 70, 64 -> 60; zagraj.pl: "zaokrąglone do 10")."""
    if rounding == Rounding.FIVE:
        rest = points % 5
        return points - rest if rest <= 2 else points - rest + 5
    if rounding == Rounding.TEN:
        rest = points % 10
        return points - rest if rest <= 4 else points - rest + 10
    return points


def given_up_share(rules: Rules, contract: int) -> int:
    """What each opponent gets from a deal given up (the issue): 60, half the contract
    rounded up to a whole point (125 gives 63), or the greater; 0 where it is refused."""
    half = (contract + 1) // 2
    return {
        GivenUp.SIXTY: GIVEN_UP_FLAT,
        GivenUp.HALF: half,
        GivenUp.GREATER: max(GIVEN_UP_FLAT, half),
    }.get(rules.given_up, 0)


@dataclass
class Standing:
    """Where a player stands between deals."""

    total: int = 0
    bolts: int = 0  # deals that scored nothing since the last bolt's −120
    barrel: int | None = None  # deals played on the barrel; None when not on it
    whys: list[Why] = field(default_factory=list)  # this deal's lines


def _held(rules: Rules, standing: Standing) -> str | None:
    """The endgame rule that lets only a contract count for this player, if any."""
    if rules.endgame == Endgame.OVER_800 and standing.total > OVER:
        return OVER_800  # zagraj.pl: "powyżej 800" only what was bid counts
    if standing.barrel is not None:
        return THE_BARREL
    return None


def _deal_points(
    rules: Rules, entry: dict, plan: Plan, seat: int, held: str | None
) -> tuple[int, bool, list[Why]]:
    """A player's points from the deal alone, whether a 0 is a bolt, and why."""
    contract = entry["contract"]
    if seat in plan.sitting_out:
        if "talon" not in entry:
            return 0, False, [Why(gettext_noop("sits out"))]
        if held:
            return 0, False, [Why(gettext_noop("sits out: the talon does not count"), rule=held)]
        talon = entry["talon"]
        marriage = MARRIAGES.get(talon["marriage"], 0)
        gain = TALON_ACE * talon["aces"] + marriage
        said = gettext_noop(
            "sits out, the talon: aces %(aces)s × 50 + marriage %(marriage)s = %(points)s"
        )
        params = {"aces": talon["aces"], "marriage": marriage, "points": gain}
        return gain, False, [Why(said, params, TALON)]
    if seat == entry["bidder"]:
        if entry["given_up"]:
            said = gettext_noop("contract %(contract)s given up: −%(contract)s")
            return -contract, False, [Why(said, {"contract": contract})]
        made = entry["points"][seat] + own_marriages(entry, seat)
        gain = contract if bidder_made(entry) else -contract
        said = gettext_noop("contract %(contract)s, made %(made)s: %(sign)s%(contract)s")
        params = {"contract": contract, "made": made, "sign": "+" if gain > 0 else "−"}
        return gain, False, [Why(said, params)]
    if held:
        return 0, False, [Why(gettext_noop("nothing as a defender"), rule=held)]
    if entry["given_up"]:
        gain = given_up_share(rules, contract)
        said = gettext_noop("contract %(contract)s given up: +%(points)s")
        return gain, False, [Why(said, {"contract": contract, "points": gain}, GIVEN_UP)]
    cards, own = entry["points"][seat], own_marriages(entry, seat)
    points = cards + own
    whys = []
    if own:
        said = gettext_noop("%(cards)s + %(marriages)s for marriages = %(points)s")
        whys.append(Why(said, {"cards": cards, "marriages": own, "points": points}))
    gain = rounded(points, rules.rounding)
    if gain != points:
        said = gettext_noop("%(points)s rounded to %(gain)s")
        whys.append(Why(said, {"points": points, "gain": gain}, ROUNDING))
    elif not own:
        whys.append(Why(gettext_noop("%(points)s card points"), {"points": points}))
    return gain, True, whys


def _bolt(standing: Standing) -> None:
    """The issue: a player's third deal that scores nothing (not necessarily in a row)
    costs 120, and the count starts again."""
    standing.bolts += 1
    if standing.bolts < BOLTS:
        said = gettext_noop("nothing scored: bolt %(count)s of 3")
        standing.whys.append(Why(said, {"count": standing.bolts}, BOLTS_RULE))
        return
    standing.bolts = 0
    standing.total -= BOLT_PENALTY
    standing.whys.append(Why(gettext_noop("third bolt: −120"), rule=BOLTS_RULE))


def _five_five_five(rules: Rules, standing: Standing) -> None:
    """The issue, as Thousand-Counter's ``isMagicNumber`` reads it: a total of exactly 555
    or −555 goes back to 0."""
    if rules.five_five_five == FiveFiveFive.OFF:
        return
    if standing.total == FIVE_FIVE_FIVE:
        standing.total = 0
        standing.whys.append(Why(gettext_noop("exactly 555: back to 0"), rule=RULE_555))
    elif standing.total == -FIVE_FIVE_FIVE:
        standing.total = 0
        standing.whys.append(Why(gettext_noop("exactly −555: back to 0"), rule=RULE_555))


def _barrel(table: list[Standing], entry: dict) -> None:
    """The Russian endgame at 880 (the issue, "The barrel"): a contract to 1000 wins from
    anywhere; a player on the barrel has three deals (sat out or not) to win by a contract;
    a contract lost there is paid and ends it; getting on pushes the others on it back."""
    bidder, made = entry["bidder"], bidder_made(entry)
    climbed = []
    for seat, standing in enumerate(table):
        if seat == bidder and made and standing.total >= GAME:
            standing.barrel = None  # the game is won
            continue
        if standing.barrel is None:
            if standing.total >= BARREL:
                if standing.total > BARREL:
                    said = gettext_noop("%(total)s is written as 880: on the barrel")
                    standing.whys.append(Why(said, {"total": standing.total}, THE_BARREL))
                else:
                    standing.whys.append(Why(gettext_noop("880: on the barrel"), rule=THE_BARREL))
                standing.total, standing.barrel = BARREL, 0
                climbed.append(seat)
            continue
        if seat == bidder and not made:
            standing.barrel = None  # its price is the contract, paid above
            standing.whys.append(
                Why(gettext_noop("a lost contract ends the barrel"), rule=THE_BARREL)
            )
            continue
        if standing.total > BARREL:  # made, short of 1000
            standing.total = BARREL
            standing.whys.append(Why(gettext_noop("short of 1000: stays at 880"), rule=THE_BARREL))
        standing.barrel += 1
        if standing.barrel < BARREL_DEALS:
            said = gettext_noop("880: on the barrel, deal %(deal)s of 3")
            standing.whys.append(Why(said, {"deal": standing.barrel}, THE_BARREL))
            continue
        standing.total, standing.barrel = OFF_THE_BARREL, None
        said = gettext_noop("three deals on the barrel without a win: 760")
        standing.whys.append(Why(said, rule=THE_BARREL))
    if not climbed:
        return
    for seat, standing in enumerate(table):
        if standing.barrel is not None and seat not in climbed:
            standing.total, standing.barrel = OFF_THE_BARREL, None
            said = gettext_noop("pushed off the barrel: 760")
            standing.whys.append(Why(said, rule=THE_BARREL))


def _winners(table: list[Standing], bidder: int) -> tuple[int, ...]:
    """The issue: the first to 1000 or more; of two in one deal the bidder, else the higher
    total, equal totals sharing the win."""
    reached = [seat for seat, standing in enumerate(table) if standing.total >= GAME]
    if not reached or bidder in reached:
        return tuple(seat for seat in reached if seat == bidder)
    best = max(table[seat].total for seat in reached)
    return tuple(seat for seat in reached if table[seat].total == best)


def _mark(rules: Rules, standing: Standing) -> Why | None:
    """Where a player stands beyond the total, for the sheet."""
    if standing.barrel is not None:
        said = gettext_noop("880: on the barrel, deal %(deal)s of 3")
        return Why(said, {"deal": standing.barrel + 1})  # the deal to come
    if _held(rules, standing):
        return Why(gettext_noop("over 800: only a contract counts"))
    if standing.bolts:
        return Why(gettext_noop("bolts: %(count)s"), {"count": standing.bolts})
    return None


class Tally:
    """The game so far, one deal added at a time (`rounds.fold`): a deal costs the same in
    the 5th deal as in the 500th."""

    def __init__(self, rules: Rules, players: int, first_dealer: int) -> None:
        check_table(players, first_dealer)
        self.rules, self.players, self.first_dealer = rules, players, first_dealer
        self.table = [Standing() for _ in range(players)]
        self.scored: list[RoundScore] = []
        self.winners: tuple[int, ...] = ()

    def add(self, entry: object) -> None:
        """The next deal, checked again ("Deal 3: ...") and scored."""
        rules, players, table = self.rules, self.players, self.table
        plan = plan_of(rules, players, self.first_dealer, len(self.scored) + 1)
        if self.winners:
            raise RuleError(
                gettext_noop("Deal %(number)s: the game was already over."), number=plan.number
            )
        try:
            checked = check_round(rules, players, plan, entry)
        except RuleError as error:
            raise RuleError(
                gettext_noop("Deal %(number)s: %(reason)s"), number=plan.number, reason=error
            ) from None
        before = [standing.total for standing in table]
        for seat, standing in enumerate(table):
            held = _held(rules, standing)
            gain, may_bolt, standing.whys = _deal_points(rules, checked, plan, seat, held)
            standing.total += gain
            if rules.bolts and may_bolt and gain == 0:
                _bolt(standing)
            _five_five_five(rules, standing)
        if rules.endgame == Endgame.BARREL:
            _barrel(table, checked)
        self.winners = _winners(table, checked["bidder"])
        totals = tuple(standing.total for standing in table)
        points = tuple(
            None
            if seat in plan.sitting_out and "talon" not in checked and total == was
            else total - was
            for seat, (total, was) in enumerate(zip(totals, before, strict=True))
        )
        self.scored.append(
            RoundScore(
                plan=plan,
                entry=checked,
                points=points,
                totals=totals,
                whys=tuple(tuple(standing.whys) for standing in table),
            )
        )

    def result(self, ended: bool = False) -> Result:
        """``ended`` changes nothing: the game ends at 1000, by its rules."""
        rules, players, table = self.rules, self.players, self.table
        totals = tuple(standing.total for standing in table)
        finished = bool(self.winners)
        number = len(self.scored) + 1
        return Result(
            sides=singles(players),
            rounds=tuple(self.scored),
            totals=totals,
            places=places_of(totals),
            winners=self.winners,
            finished=finished,
            next_round=None if finished else plan_of(rules, players, self.first_dealer, number),
            marks=tuple(_mark(rules, standing) for standing in table),
        )


def score(
    rules: Rules, players: int, first_dealer: int, entries: Sequence[dict], ended: bool = False
) -> Result:
    """Every deal in order, each checked again ("Deal 3: ..."), scored and explained.
    ``ended`` changes nothing: the game ends at 1000, by its rules."""
    return fold(Tally(rules, players, first_dealer), entries, ended)
