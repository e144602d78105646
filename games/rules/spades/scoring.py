"""Spades' scores: each side's hand from its contract, its nils and its bags, and the game
to the target, every figure explained (docs/rules-spades.md).

Sources: pagat.com, "Spades" (John McLeod): made, 10 × the contract and 1 for each
overtrick (a bag); set, −10 × the contract; nil ±100, blind nil ±200, scored apart from
the partner's contract; a failed nil's tricks are bags, not the contract's (MSN Zone's
example: bags that score no point); every 10 bags cost 100 and are removed; after a
hand, a side at or over 500 wins, the higher of two, and equal totals play another hand.
The options (issue 41) change these one by one.

The order within a hand (the issue: the penalty before the target is checked):
1. each side's contract, its nils, a failed nil's tricks; the bags and their penalty;
2. the moon that wins outright; else the target; else the mercy line.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.errors import RuleError, gettext_noop
from games.rules.explain import Why
from games.rules.rounds import Figure, Result, RoundScore, fold, places_of
from games.rules.spades.entry import check_round, side_tricks
from games.rules.spades.table import (
    BLIND_NIL_POINTS,
    MOON_BID,
    NIL_POINTS,
    SIDES,
    TEN_FOR_200,
    TEN_FOR_200_POINTS,
    FailedNil,
    Hand,
    Moon,
    Rules,
    behind_of,
    call,
    check_table,
    hand_plan,
    team_of,
)

# The option behind a line (Why.rule), as the table chose it.
TEN_FOR_200_RULE = gettext_noop("10 for 200")
MOON_RULE = gettext_noop("the moon")
MERCY_RULE = gettext_noop("mercy")
COUNT_RULE = gettext_noop("a failed nil's tricks count for the partner")
NO_BAGS_RULE = gettext_noop("bags off")
#: The penalty line by the bag limit: the issue's "10th bag: −100".
PENALTY = {
    10: gettext_noop("10th bag: −%(penalty)s"),
    5: gettext_noop("5th bag: −%(penalty)s"),
}
WON = gettext_noop("%(total)s: the target of %(target)s reached, the game is won")


def number(points: int) -> str:
    """With the minus sign (U+2212) the app writes losses with."""
    return f"−{-points}" if points < 0 else str(points)


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else number(points)


def side_counts(rules: Rules, entry: dict, side: int) -> tuple[int, int, int, int]:
    """A side's contract, the tricks that count toward it, its failed nils' tricks, and
    its bags this hand (before any penalty), from a checked hand."""
    seats = SIDES[side]
    bids = entry["bids"]
    contract = sum(bids[seat] for seat in seats)
    took = side_tricks(entry)[side]
    failed = 0
    if "tricks" in entry:
        failed = sum(entry["tricks"][seat] for seat in seats if bids[seat] == 0)
    if not contract:
        # Both partners bid nil: no contract to count toward, every trick is a bag.
        return 0, 0, failed, took
    counted = took - failed if rules.failed_nil == FailedNil.BAGS else took
    over = max(0, counted - contract)
    return contract, counted, failed, over + (took - counted)


def failed_bags(rules: Rules, contract: int, failed: int) -> int:
    """How many of a side's bags are its failed nils' tricks (no contract's, under pagat's
    rule or when both partners bid nil)."""
    return failed if rules.failed_nil == FailedNil.BAGS or not contract else 0


def _contract(rules: Rules, contract: int, counted: int) -> tuple[int, bool, Why]:
    """The contract's points (with its overtricks' 1 each), whether it was the moon, and
    its line."""
    params = {"contract": contract, "took": counted}
    if counted < contract:
        points = -10 * contract
        said = gettext_noop(
            "contract %(contract)s, took %(took)s: set, −10 × %(contract)s = %(points)s"
        )
        return points, False, Why(said, dict(params, points=number(points)))
    over = counted - contract
    params["over"] = over
    if contract == MOON_BID and rules.moon == Moon.WINS:
        said = gettext_noop("the moon, 13 bid and taken: %(points)s, and the game is won")
        return 10 * contract, True, Why(said, dict(params, points=10 * contract), MOON_RULE)
    if contract == MOON_BID and rules.moon == Moon.POINTS:
        said = gettext_noop("the moon, 13 bid and taken: %(points)s in place of 130")
        points = rules.moon_points
        return points, True, Why(said, dict(params, points=points), MOON_RULE)
    if rules.ten_for_200 and contract >= TEN_FOR_200:
        points = TEN_FOR_200_POINTS + over
        said = (
            gettext_noop("contract %(contract)s, took %(took)s: 200 + %(over)s = %(points)s")
            if over
            else gettext_noop("contract %(contract)s, took %(took)s: 200")
        )
        return points, False, Why(said, dict(params, points=points), TEN_FOR_200_RULE)
    points = 10 * contract + over
    said = (
        gettext_noop(
            "contract %(contract)s, took %(took)s: 10 × %(contract)s + %(over)s = %(points)s"
        )
        if over
        else gettext_noop("contract %(contract)s, took %(took)s: 10 × %(contract)s = %(points)s")
    )
    return points, False, Why(said, dict(params, points=points))


def _nil(seat: int, blind: bool, took: int) -> tuple[int, Why]:
    """A nil's points, scored apart from the partner's contract (pagat)."""
    worth = BLIND_NIL_POINTS if blind else NIL_POINTS
    points = worth if took == 0 else -worth
    if blind:
        said = (
            gettext_noop("blind nil, took 0: %(points)s")
            if took == 0
            else gettext_noop("blind nil, took %(took)s: %(points)s")
        )
    else:
        said = (
            gettext_noop("nil, took 0: %(points)s")
            if took == 0
            else gettext_noop("nil, took %(took)s: %(points)s")
        )
    return points, Why(said, {"seat": seat, "took": took, "points": signed(points)})


def hand_score(
    rules: Rules, entry: dict, side: int, carried: int
) -> tuple[int, int, int, bool, tuple[Why, ...]]:
    """A side's points in a checked hand, with ``carried`` bags before it: the points (the
    bag penalty included), the bags carried after it, the penalty paid, whether it made
    the moon, and how it came to be, one line a figure ("hand: +53" when more than one)."""
    bids, blind = entry["bids"], entry["blind"]
    contract, counted, failed, bags = side_counts(rules, entry, side)
    points, figures, moon = 0, 0, False
    whys = []
    if contract:
        points, moon, why = _contract(rules, contract, counted)
        figures += 1
        whys.append(why)
    for seat in SIDES[side]:
        if bids[seat] == 0:
            gain, why = _nil(seat, blind[seat], entry["tricks"][seat])
            points += gain
            figures += 1
            whys.append(why)
    if failed and contract and rules.failed_nil == FailedNil.COUNT:
        said = gettext_noop("the failed nil's tricks count toward the contract: %(count)s")
        whys.append(Why(said, {"count": failed}, COUNT_RULE))
    elif failed:
        # Bags, but no point for them (our choice, after MSN Zone's example: a failed nil
        # and a partner's set "lose 120 points" and take one bag; docs/rules-spades.md).
        if not rules.bags:
            said = gettext_noop("the failed nil's tricks count for nothing: %(count)s")
        elif contract:
            said = gettext_noop("the failed nil's tricks are bags, not the contract's: %(count)s")
        else:
            said = gettext_noop("the failed nils' tricks are bags: %(count)s")
        whys.append(Why(said, {"count": failed}, None if rules.bags else NO_BAGS_RULE))
    penalty = 0
    if rules.bags and bags:
        count = carried + bags
        said = gettext_noop("bags: %(before)s + %(taken)s = %(count)s")
        whys.append(Why(said, {"before": carried, "taken": bags, "count": count}))
        while count >= rules.bag_limit:
            count -= rules.bag_limit
            penalty += rules.bag_penalty
            figures += 1
            whys.append(Why(PENALTY[rules.bag_limit], {"penalty": rules.bag_penalty}))
        if penalty:
            whys.append(Why(gettext_noop("bags carried: %(count)s"), {"count": count}))
        carried = count
    elif bags > failed_bags(rules, contract, failed):
        whys.append(
            Why(gettext_noop("overtricks score 1 each, no bags are counted"), rule=NO_BAGS_RULE)
        )
    points -= penalty
    if figures > 1:
        whys.append(Why(gettext_noop("hand: %(points)s"), {"points": signed(points)}))
    return points, carried, penalty, moon, tuple(whys)


def _higher(totals: Sequence[int]) -> int:
    return 0 if totals[0] > totals[1] else 1


def _end(
    rules: Rules, totals: Sequence[int], moons: Sequence[bool]
) -> tuple[tuple[int, ...], list[Why], list[list[Why]]]:
    """After a hand: the winners (none: the game goes on), the hand's notes and each
    side's last lines. The moon that wins outright first; then the target (pagat: a side
    at or over it wins, the higher of two, equal totals play another hand); then the
    mercy line (our choice for both sides at it: the same as both over the target)."""
    notes: list[Why] = []
    lines: list[list[Why]] = [[], []]
    if rules.moon == Moon.WINS and any(moons):
        return (0 if moons[0] else 1,), notes, lines
    target = rules.target
    reached = [side for side in (0, 1) if totals[side] >= target]
    lost = [side for side in (0, 1) if rules.mercy and totals[side] <= rules.mercy]
    for side in lost:
        said = gettext_noop("%(total)s: at or below %(line)s, the game is lost")
        params = {"total": number(totals[side]), "line": number(rules.mercy)}
        lines[side].append(Why(said, params, MERCY_RULE))
    if len(reached) == 1:
        side = reached[0]
        lines[side].append(Why(WON, {"total": totals[side], "target": target}))
        return (side,), notes, lines
    if len(reached) == 2 or len(lost) == 2:
        both = len(reached) == 2
        if totals[0] == totals[1]:
            said = (
                gettext_noop("both teams on %(total)s, at or over %(target)s: another hand")
                if both
                else gettext_noop("both teams on %(total)s, at or below %(line)s: another hand")
            )
            params = {"total": number(totals[0]), "target": target, "line": number(rules.mercy)}
            notes.append(Why(said, params, None if both else MERCY_RULE))
            return (), notes, lines
        said = (
            gettext_noop("both teams at or over %(target)s: the higher total wins")
            if both
            else gettext_noop("both teams at or below %(line)s: the higher total wins")
        )
        params = {"target": target, "line": number(rules.mercy)}
        notes.append(Why(said, params, None if both else MERCY_RULE))
        return (_higher(totals),), notes, lines
    if len(lost) == 1:
        return (1 - lost[0],), notes, lines
    return (), notes, lines


class Tally:
    """The game so far, one hand added at a time (`rounds.fold`): a hand costs the same in
    the 3rd hand as in the 30th."""

    def __init__(self, rules: Rules, players: int, first_dealer: int) -> None:
        check_table(players, first_dealer)
        self.rules, self.players, self.first_dealer = rules, players, first_dealer
        self.totals = [0, 0]
        self.bags = [0, 0]
        self.scored: list[RoundScore] = []
        self.winners: tuple[int, ...] = ()

    def plan(self) -> Hand:
        """The next hand, knowing who is behind (blind nil)."""
        return hand_plan(self.first_dealer, len(self.scored) + 1, behind_of(self.totals))

    def add(self, entry: object) -> None:
        """The next hand, checked again ("Hand 3: ...") and scored."""
        rules = self.rules
        plan = self.plan()
        if self.winners:
            raise RuleError(
                gettext_noop("Hand %(number)s: the game was already over."), number=plan.number
            )
        try:
            checked = check_round(rules, self.players, plan, entry)
        except RuleError as error:
            raise RuleError(
                gettext_noop("Hand %(number)s: %(reason)s"), number=plan.number, reason=error
            ) from None
        points, whys, moons = [], [], []
        for side in (0, 1):
            gain, self.bags[side], penalty, moon, said = hand_score(
                rules, checked, side, self.bags[side]
            )
            before = self.totals[side] + gain + penalty
            self.totals[side] += gain
            said = list(said)
            if penalty and before >= rules.target > self.totals[side]:
                missed = gettext_noop(
                    "%(before)s before the bag penalty, %(total)s after: short of %(target)s"
                )
                params = {"before": before, "total": self.totals[side], "target": rules.target}
                said.append(Why(missed, params))
            points.append(gain)
            whys.append(said)
            moons.append(moon)
        self.winners, ending, lines = _end(rules, self.totals, moons)
        notes = [call(plan, checked["bids"])]
        notes.extend(ending)  # (MicroPython has no starred item in a list display)
        for side in (0, 1):
            whys[side].extend(lines[side])
        self.scored.append(
            RoundScore(
                plan=plan,
                entry=checked,
                points=(points[0], points[1]),
                totals=(self.totals[0], self.totals[1]),
                whys=(tuple(whys[0]), tuple(whys[1])),
                notes=tuple(notes),
            )
        )

    def result(self, ended: bool = False) -> Result:
        """``ended`` changes nothing: the game ends at the target, by its rules."""
        totals = (self.totals[0], self.totals[1])
        finished = bool(self.winners)
        marks: tuple[Why | None, ...] = (None, None)
        if self.rules.bags:
            said = gettext_noop("bags: %(count)s")
            marks = (Why(said, {"count": self.bags[0]}), Why(said, {"count": self.bags[1]}))
        return Result(
            sides=SIDES,
            rounds=tuple(self.scored),
            totals=totals,
            places=places_of(totals),
            winners=self.winners,
            finished=finished,
            next_round=None if finished else self.plan(),
            marks=marks,
        )


def score(
    rules: Rules, players: int, first_dealer: int, entries: Sequence[dict], ended: bool = False
) -> Result:
    """Every hand in order, each checked again ("Hand 3: ..."), scored and explained.
    ``ended`` changes nothing: the game ends at the target, by its rules."""
    return fold(Tally(rules, players, first_dealer), entries, ended)


#: What a player's statistics count (``round_figures``).
FIGURES = (
    Figure("hands", gettext_noop("Hands played")),
    Figure("nils", gettext_noop("Nils bid"), of="hands"),
    Figure("nils_made", gettext_noop("Nils made"), of="nils"),
    Figure("blind_nils", gettext_noop("Blind nils bid"), of="nils"),
    Figure("contracts", gettext_noop("Team contracts"), of="hands"),
    Figure("contracts_made", gettext_noop("Team contracts made"), of="contracts"),
    Figure("bags", gettext_noop("Team bags taken")),
)


def round_figures(entry: dict, seat: int, rules: Rules | None = None) -> dict[str, int]:
    """A player's counts in a hand as checked: a nil bid and made, blind or not, the team's
    contract made, and the team's bags (``rules``: the table's, for where a failed nil's
    tricks go and whether bags are counted; pagat's when not given)."""
    rules = Rules() if rules is None else rules
    side = team_of(seat)
    contract, counted, _, bags = side_counts(rules, entry, side)
    nil = entry["bids"][seat] == 0
    return {
        "hands": 1,
        "nils": int(nil),
        "nils_made": int(nil and entry["tricks"][seat] == 0),
        "blind_nils": int(entry["blind"][seat]),
        "contracts": int(contract > 0),
        "contracts_made": int(contract > 0 and counted >= contract),
        "bags": bags if rules.bags else 0,
    }


__all__ = [
    "FIGURES",
    "Tally",
    "hand_score",
    "number",
    "round_figures",
    "score",
    "side_counts",
    "signed",
]
