"""Oh Hell's scoring: what a deal scores under each table's rules, and how each score
came to be (seeds 000, 001, 002; RULES.md "Beyond the seeds")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from games.rules.errors import RuleError, gettext_noop, is_whole
from games.rules.explain import Why
from games.rules.oh_hell.bidding import Announcement, announce, check_bids, check_tricks
from games.rules.oh_hell.table import (
    SLAM_MIN_CARDS,
    DealPlan,
    MadeBid,
    MissedBid,
    OhHellRules,
    TieBreak,
    ZeroBid,
    _check_seat,
    check_trump,
    plan,
)

#: Each made-bid rule: its points, and how they are said (all three seeds: 10 + bid).
MADE = {
    MadeBid.TEN_PLUS_BID: (
        lambda bid: 10 + bid,
        gettext_noop("bid %(bid)s, took %(bid)s: 10 + %(bid)s = %(points)s"),
        gettext_noop("a made bid scores 10 + bid"),
    ),
    MadeBid.TEN_TIMES_BID: (
        lambda bid: 10 * bid,
        gettext_noop("bid %(bid)s, took %(bid)s: 10 × %(bid)s = %(points)s"),
        gettext_noop("a made bid scores 10 × bid"),
    ),
    MadeBid.TEN_PLUS_BID_SQUARED: (
        lambda bid: 10 + bid * bid,
        gettext_noop("bid %(bid)s, took %(bid)s: 10 + %(bid)s² = %(points)s"),
        gettext_noop("a made bid scores 10 + bid²"),
    ),
    MadeBid.TRICKS_PLUS_FIVE: (
        lambda bid: bid + 5,
        gettext_noop("bid %(bid)s, took %(bid)s: %(bid)s + 5 = %(points)s"),
        gettext_noop("a made bid scores tricks + 5"),
    ),
    MadeBid.OH_WELL: (
        lambda bid: 12 if bid == 0 else 10,
        gettext_noop("bid %(bid)s, took %(bid)s: %(points)s"),
        gettext_noop("Oh Well: a made bid scores 10, a made zero 12"),
    ),
    MadeBid.WIZARD: (
        lambda bid: 20 + 10 * bid,
        gettext_noop("bid %(bid)s, took %(bid)s: 20 + 10 × %(bid)s = %(points)s"),
        gettext_noop("a made bid scores 20 + 10 per trick"),
    ),
}

#: Each made-zero rule but "as any made bid" (seeds 000 and 001: "no standard yet").
ZERO = {
    ZeroBid.TEN: (
        lambda cards: 10,
        gettext_noop("bid 0, took 0: %(points)s"),
        gettext_noop("a made zero scores 10"),
    ),
    ZeroBid.FIVE: (
        lambda cards: 5,
        gettext_noop("bid 0, took 0: %(points)s"),
        gettext_noop("a made zero scores 5"),
    ),
    ZeroBid.FIVE_PLUS_CARDS: (
        lambda cards: 5 + cards,
        gettext_noop("bid 0 with %(cards)s cards: 5 + %(cards)s = %(points)s"),
        gettext_noop("a made zero scores 5 + the cards"),
    ),
}

#: Seed 000's slams, from SLAM_MIN_CARDS cards: all the tricks, or all but one.
SLAM = (
    lambda bid: 50 + bid,
    gettext_noop("bid all %(bid)s tricks and took them: 50 + %(bid)s = %(points)s"),
    gettext_noop("slams"),
)
LITTLE_SLAM = (
    lambda bid: 25 + bid,
    gettext_noop("bid all but one, %(bid)s, and took them: 25 + %(bid)s = %(points)s"),
    gettext_noop("slams"),
)

#: Each missed-bid rule: its points, and how they are said (all three seeds: nothing).
MISSED = {
    MissedBid.NOTHING: (
        lambda bid, tricks: 0,
        gettext_noop("bid %(bid)s, took %(tricks)s: 0"),
        gettext_noop("a missed bid scores nothing"),
    ),
    MissedBid.TRICKS: (
        lambda bid, tricks: tricks,
        gettext_noop("bid %(bid)s, took %(tricks)s: 1 per trick = %(points)s"),
        gettext_noop("a missed bid scores 1 per trick taken"),
    ),
    MissedBid.MINUS_BID: (
        lambda bid, tricks: -bid,
        gettext_noop("bid %(bid)s, took %(tricks)s: minus the bid = %(points)s"),
        gettext_noop("a missed bid scores minus the bid"),
    ),
    MissedBid.MINUS_DIFFERENCE: (
        lambda bid, tricks: -abs(bid - tricks),
        gettext_noop("bid %(bid)s, took %(tricks)s: %(off)s off = %(points)s"),
        gettext_noop("a missed bid scores minus the difference"),
    ),
    MissedBid.MINUS_TEN_PER_TRICK_OFF: (
        lambda bid, tricks: -10 * abs(bid - tricks),
        gettext_noop("bid %(bid)s, took %(tricks)s: %(off)s off × −10 = %(points)s"),
        gettext_noop("a missed bid scores minus 10 per trick off"),
    ),
    MissedBid.MINUS_DIFFERENCE_SQUARED: (
        lambda bid, tricks: -(abs(bid - tricks) ** 2),
        gettext_noop("bid %(bid)s, took %(tricks)s: −%(off)s² = %(points)s"),
        gettext_noop("a missed bid scores minus the difference squared"),
    ),
}


def _rule_for(rules: OhHellRules, bid: int, tricks: int, cards: int) -> tuple:
    """The rule that scores this bid and these tricks: (points, message, rule name)."""
    if bid != tricks:
        score, said, rule = MISSED[rules.missed]
        return score(bid, tricks), said, rule
    if rules.slams and cards >= SLAM_MIN_CARDS and bid >= cards - 1:
        score, said, rule = SLAM if bid == cards else LITTLE_SLAM
        return score(bid), said, rule
    if bid == 0 and rules.zero in ZERO:
        score, said, rule = ZERO[rules.zero]
        return score(cards), said, rule
    score, said, rule = MADE[rules.made]
    return score(bid), said, rule


def deal_score(rules: OhHellRules, bid: int, tricks: int, cards: int) -> int:
    """One player's score for a deal before penalties and adjustments; by default (all three
    seeds) exact -> 10 + bid (bid 0 took 0 -> 10), otherwise 0."""
    return _rule_for(rules, bid, tricks, cards)[0]


def explain_score(rules: OhHellRules, bid: int, tricks: int, cards: int) -> Why:
    """How ``deal_score`` came to its points, with the option that decided it."""
    points, said, rule = _rule_for(rules, bid, tricks, cards)
    params = {"bid": bid, "tricks": tricks, "cards": cards, "points": points}
    return Why(said, dict(params, off=abs(bid - tricks)), rule)


def explain_deal(result: DealResult, seat: int, rules: OhHellRules) -> tuple[Why, ...]:
    """How a player's points in a deal came to be: the bid or the revoke, each adjustment,
    and the sum when there is more than one line."""
    record = result.record
    if result.revoked and record.revoke == seat:
        lines = [
            Why(
                gettext_noop("revoke: −%(penalty)s, the deal played again"),
                {"penalty": rules.revoke_penalty},
                gettext_noop("the revoke penalty"),
            )
        ]
    elif result.revoked:
        lines = [Why(gettext_noop("a revoke: no points, the deal played again"))]
    else:
        lines = [explain_score(rules, record.bids[seat], record.tricks[seat], result.plan.cards)]
    for adjustment in record.adjustments:
        if adjustment.seat == seat:
            params = {"points": f"{adjustment.points:+d}", "note": adjustment.note}
            if adjustment.note:
                lines.append(Why(gettext_noop("adjustment %(points)s: %(note)s"), params))
            else:
                lines.append(Why(gettext_noop("adjustment %(points)s"), params))
    if len(lines) > 1:
        lines.append(Why(gettext_noop("in all %(points)s"), {"points": result.scores[seat]}))
    return tuple(lines)


@dataclass(frozen=True)
class Adjustment:
    """A table's own plus or minus for one player in one deal, with a note."""

    seat: int
    points: int
    note: str = ""


@dataclass(frozen=True)
class DealRecord:
    """What the scorekeeper entered for one deal, by seat. ``revoke``: the seat caught
    revoking after the next trick (seed 000) loses ``revoke_penalty`` points, nobody scores
    the deal (``tricks`` may be None), and the same deal is played again as the next record."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...] | None = None
    trump: str | None = None
    revoke: int | None = None
    adjustments: tuple[Adjustment, ...] = ()


@dataclass(frozen=True)
class DealResult:
    """One scored deal: the plan, what was entered, and the points."""

    plan: DealPlan
    record: DealRecord
    trump: str | None
    announcement: Announcement
    made: tuple[bool, ...]  # by seat; all False for a revoked deal
    base: tuple[int, ...]  # points from the bid alone
    penalty: tuple[int, ...]  # revoke penalty (<= 0)
    adjustment: tuple[int, ...]
    scores: tuple[int, ...]  # base + penalty + adjustment
    totals: tuple[int, ...]  # running totals after this deal
    replay: bool  # this record is a deal played again after a revoke
    revoked: bool


@dataclass(frozen=True)
class Standing:
    seat: int
    total: int
    place: int  # 1 = first; equal totals share a place unless the tie-break splits them
    made_bids: int
    winner: bool


@dataclass(frozen=True)
class GameResult:
    rules: OhHellRules
    players: int
    first_dealer: int
    plans: tuple[DealPlan, ...]
    deals: tuple[DealResult, ...]
    totals: tuple[int, ...]
    standings: tuple[Standing, ...]  # best first
    finished: bool
    next_deal: DealPlan | None  # the deal to play next (a replay keeps the plan)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.standings if s.winner)


def _score_record(
    rules: OhHellRules, players: int, deal: DealPlan, record: DealRecord, replay: bool
) -> DealResult:
    bids = check_bids(record.bids, deal.cards, deal.hook, players)
    trump = check_trump(record.trump, deal)
    zeros = (0,) * players
    penalty = list(zeros)
    adjustment = list(zeros)
    for adj in record.adjustments:
        _check_seat(adj.seat, players, gettext_noop("No such player at this table."))
        if not is_whole(adj.points):
            raise RuleError(gettext_noop("An adjustment is a whole number of points."))
        adjustment[adj.seat] += adj.points
    if record.revoke is not None:
        _check_seat(record.revoke, players, gettext_noop("No such player at this table."))
        penalty[record.revoke] = -rules.revoke_penalty
        made = (False,) * players
        base = zeros
    else:
        if record.tricks is None:
            raise RuleError(gettext_noop("Enter everyone's tricks to score the deal."))
        tricks = check_tricks(record.tricks, deal.cards, players)
        made = tuple(b == t for b, t in zip(bids, tricks, strict=True))
        base = tuple(deal_score(rules, b, t, deal.cards) for b, t in zip(bids, tricks, strict=True))
    scores = tuple(b + p + a for b, p, a in zip(base, penalty, adjustment, strict=True))
    return DealResult(
        plan=deal,
        record=record,
        trump=trump,
        announcement=announce(bids, deal.cards),
        made=made,
        base=base,
        penalty=tuple(penalty),
        adjustment=tuple(adjustment),
        scores=scores,
        totals=zeros,  # filled in by the caller
        replay=replay,
        revoked=record.revoke is not None,
    )


def standings(
    totals: Sequence[int], made_bids: Sequence[int], tie_break: TieBreak
) -> tuple[Standing, ...]:
    """Rank by total, highest first; ties share a place and the win, unless
    ``MOST_MADE_BIDS`` splits them by bids made."""

    def key(seat: int) -> tuple[int, ...]:
        if tie_break == TieBreak.MOST_MADE_BIDS:
            return (totals[seat], made_bids[seat])
        return (totals[seat],)

    seats = sorted(range(len(totals)), key=lambda s: (tuple(-k for k in key(s)), s))
    result = []
    for position, seat in enumerate(seats):
        if position and key(seats[position - 1]) == key(seat):
            place = result[-1].place
        else:
            place = position + 1
        result.append(Standing(seat, totals[seat], place, made_bids[seat], place == 1))
    return tuple(result)


def seat_figures(scored: DealResult) -> list[dict]:
    """A scored deal seat by seat, as the deal screen and the phone's table show it: the
    bid, the tricks (none in a revoked deal), made or not, the deal's score, the running
    total, and whether this seat revoked."""
    record = scored.record
    return [
        {
            "bid": record.bids[seat],
            "tricks": record.tricks[seat] if record.tricks else None,
            "made": scored.made[seat],
            "score": scored.scores[seat],
            "total": scored.totals[seat],
            "revoked": record.revoke == seat,
        }
        for seat in range(len(scored.scores))
    ]


class Tally:
    """A game so far, deal by deal: ``add`` scores the next record (a revoked one is followed
    by the same deal again; a record after the schedule's last deal is refused, and a
    refusal changes nothing), ``result`` reads the game. A deal entered costs the same
    whatever the game's length; ``copy`` is a tally to go on from without changing this one,
    ``upto`` one of its first deals only."""

    def __init__(
        self, rules: OhHellRules, players: int, first_dealer: int, plans: tuple | None = None
    ) -> None:
        self.rules, self.players, self.first_dealer = rules, players, first_dealer
        self.plans = plan(rules, players, first_dealer) if plans is None else plans
        self.totals = [0] * players
        self.made_bids = [0] * players
        self.results = []  # each deal's DealResult
        self.slot = 0
        self.replay = False

    def copy(self) -> Tally:
        other = Tally(self.rules, self.players, self.first_dealer, self.plans)
        other.totals, other.made_bids = list(self.totals), list(self.made_bids)
        other.results, other.slot, other.replay = list(self.results), self.slot, self.replay
        return other

    def upto(self, count: int) -> Tally:
        """A new tally of this one's first ``count`` deals (Undo's game: no deal scored
        again)."""
        other = Tally(self.rules, self.players, self.first_dealer, self.plans)
        other.results = self.results[:count]
        if other.results:
            other.totals = list(other.results[-1].totals)
            other.replay = other.results[-1].revoked
        other.made_bids = [
            sum(int(result.made[seat]) for result in other.results) for seat in range(self.players)
        ]
        other.slot = sum(1 for result in other.results if not result.revoked)
        return other

    def add(self, record: DealRecord) -> None:
        if self.slot >= len(self.plans):
            raise RuleError(gettext_noop("The game is over: the schedule has no more deals."))
        deal = self.plans[self.slot]
        try:
            result = _score_record(self.rules, self.players, deal, record, self.replay)
        except RuleError as error:
            # The deal as the table knows it: a replay after a revoke keeps its number.
            raise RuleError(
                gettext_noop("Deal %(number)s: %(reason)s"), number=deal.number, reason=error
            ) from error
        self.totals = [t + s for t, s in zip(self.totals, result.scores, strict=True)]
        self.made_bids = [
            m + int(made) for m, made in zip(self.made_bids, result.made, strict=True)
        ]
        self.results.append(replace(result, totals=tuple(self.totals)))
        self.replay = result.revoked
        if not self.replay:
            self.slot += 1

    def result(self) -> GameResult:
        finished = self.slot >= len(self.plans)
        return GameResult(
            rules=self.rules,
            players=self.players,
            first_dealer=self.first_dealer,
            plans=self.plans,
            deals=tuple(self.results),
            totals=tuple(self.totals),
            standings=standings(self.totals, self.made_bids, self.rules.tie_break),
            finished=finished,
            next_deal=None if finished else self.plans[self.slot],
        )


def score_game(
    rules: OhHellRules, players: int, first_dealer: int, records: Sequence[DealRecord]
) -> GameResult:
    """Score a game so far: records follow the schedule, a revoked one followed by the same
    deal again; records after the schedule's last deal are refused (a fold of a `Tally`)."""
    tally = Tally(rules, players, first_dealer)
    for record in records:
        tally.add(record)
    return tally.result()


def settle_up(totals: Sequence[int], stake: int | float) -> tuple[float, ...]:
    """Seed 000: each player pays the winner a stake per point of difference. Returns what
    each seat pays (+) or receives (-); tied winners share the pot and pay each other nothing."""
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    owed = [float(stake * (best - total)) for total in totals]
    pot = sum(owed)
    return tuple(
        -pot / len(winners) if seat in winners else owed[seat] for seat in range(len(totals))
    )
