"""Oh Hell's own rows (games.models.Deal, Hand, Adjustment): bids in turn, tricks, revokes
and adjustments, each stored as entered."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from games import charts
from games.kinds import OH_HELL
from games.models import Adjustment, Deal, Game, Hand, Seat
from games.rules import oh_hell
from games.tables import Payment, Table, seats_of

#: A session's deals, each with its hands (``deal.hand_list``, by seat) and adjustments
#: (``deal.adjustment_list``, in the order made) read with it: lists, not related managers,
#: since Django builds a queryset for each deal's manager it fills, which nothing runs
#: (19 deals of 7 players loaded in 3.0 ms instead of 3.7; docs/performance.md).
OH_HELL_DEALS = Deal.objects.order_by("index").prefetch_related(
    Prefetch("hands", queryset=Hand.objects.order_by("seat"), to_attr="hand_list"),
    Prefetch(
        "adjustments",
        queryset=Adjustment.objects.order_by("created_at", "pk"),
        to_attr="adjustment_list",
    ),
)


@dataclass
class OhHellTable(Table):
    deals: list[Deal]
    rules: oh_hell.OhHellRules = field(init=False)

    PREFETCH = (Prefetch("deals", queryset=OH_HELL_DEALS),)
    FILES = "games.tables.oh_hell_files"
    SCREENS = "games.screens.oh_hell"
    STATS = "games.tables.oh_hell_stats"
    BIG = "games.screens.oh_hell_big"

    @property
    def correctable(self) -> int:
        """The deals scored (a revoked deal's replay has its number)."""
        return min(len(self.done_deals), len(self.result.deals))

    @property
    def players(self) -> int:
        return len(self.seats)

    @cached_property
    def done_deals(self) -> list[Deal]:
        return [deal for deal in self.deals if deal.done]

    @cached_property
    def current(self) -> Deal | None:
        """None when the game is over."""
        return next((deal for deal in self.deals if not deal.done), None)

    @cached_property
    def tally(self) -> oh_hell.Tally:
        """The scored deals, added one by one (`caught_up` goes on from it)."""
        tally = oh_hell.Tally(self.rules, self.players, self.game.first_dealer)
        for deal in self.done_deals:
            tally.add(deal_record(deal, self.players))
        return tally

    @cached_property
    def result(self) -> oh_hell.GameResult:
        return self.tally.result()

    @property
    def plan(self) -> oh_hell.DealPlan | None:
        return self.result.next_deal

    @cached_property
    def bidding(self) -> oh_hell.Bidding | None:
        deal, plan = self.current, self.plan
        if deal is None or plan is None:
            return None
        hands = self.hands_of(deal)
        return oh_hell.Bidding(
            players=self.players,
            dealer=plan.dealer,
            cards=plan.cards,
            hook=plan.hook,
            bids={seat: hand.bid for seat, hand in hands.items() if hand.bid is not None},
            out_of_turn=frozenset(seat for seat, hand in hands.items() if hand.out_of_turn),
            play_started=bool(deal.trick_winners),
        )

    def hands_of(self, deal: Deal) -> dict[int, Hand]:
        return {hand.seat: hand for hand in deal.hand_list}

    def caught_up(self, start: int) -> OhHellTable:
        """This table after an action that changed its deals from ``start`` on (its
        snapshot's ``from``): those read again, three queries whatever the game's length.
        The scores are kept when no scored deal was among them before (a bid, a trick, the
        trump), and go on from them when the action only scored deals (the last trick, the
        counts, a revoke): a deal costs the same in the 19th deal as in the first."""
        fresh = list(OH_HELL_DEALS.filter(game=self.game, index__gte=start))
        table = OhHellTable(game=self.game, seats=self.seats, deals=self.deals[:start] + fresh)
        # The scores so far go on if they end before the deals read again (the action may
        # have marked those done in place: the deals before ``start`` it left as they were).
        if "tally" in self.__dict__:
            scored_before = sum(1 for deal in self.deals[:start] if deal.done)
            if len(self.tally.results) == scored_before:
                newly_scored = [deal for deal in fresh if deal.done]
                table.tally = self.tally.copy() if newly_scored else self.tally
                for deal in newly_scored:
                    table.tally.add(deal_record(deal, self.players))
        return table

    def deal_number(self, deal: Deal) -> int:
        return deal.index + 1

    def chart(self, name: str) -> charts.Chart | None:
        return oh_hell_chart(self.result, self.names, name)

    def settle(self, stake: Decimal) -> list[Payment]:
        """Seed 000: each player pays the winner the stake times the points between them;
        tied winners share. Best first."""
        result = self.result
        amounts = oh_hell.settle_up(result.totals, stake)
        best = max(result.totals)
        return [
            Payment(self.names[s.seat], s.total, s.total == best, amounts[s.seat])
            for s in result.standings
        ]

    # -- storage -----------------------------------------------------------------------

    @classmethod
    def load(cls, game: Game) -> OhHellTable:
        """Four queries whatever the size: seats with players, deals, hands, adjustments."""
        return cls(game=game, seats=seats_of(game), deals=list(OH_HELL_DEALS.filter(game=game)))

    @classmethod
    def prefetched(cls, game: Game, seats: list[Seat]) -> OhHellTable:
        return cls(game=game, seats=seats, deals=list(game.deals.all()))

    def deal_state(self, deal: Deal) -> dict:
        return {
            "trump": deal.trump,
            "trick_winners": list(deal.trick_winners),
            "revoke": deal.revoke,
            "done": deal.done,
            "hands": [
                {"seat": h.seat, "bid": h.bid, "out_of_turn": h.out_of_turn, "tricks": h.tricks}
                for h in deal.hand_list
            ],
            "adjustments": [
                {"seat": a.seat, "points": a.points, "note": a.note} for a in deal.adjustment_list
            ],
        }

    @classmethod
    def restore(cls, game: Game, start: int, states: Sequence[dict], pending: object) -> None:
        game.deals.filter(index__gte=start).delete()
        for i, item in enumerate(states):
            deal = Deal.objects.create(
                game=game,
                index=start + i,
                trump=item["trump"],
                trick_winners=item["trick_winners"],
                revoke=item["revoke"],
                done=item["done"],
            )
            Hand.objects.bulk_create(Hand(deal=deal, **hand) for hand in item["hands"])
            Adjustment.objects.bulk_create(
                Adjustment(deal=deal, **adj) for adj in item["adjustments"]
            )

    @classmethod
    def check_start(cls, kind: object, rules: oh_hell.OhHellRules, players: int) -> None:
        oh_hell.plan(rules, players, 0)  # refuses a schedule the table cannot deal

    @classmethod
    def started(cls, game: Game, rules: oh_hell.OhHellRules, players: int) -> None:
        """The first deal, its trump drawn where the rules say."""
        plan = oh_hell.plan(rules, players, game.first_dealer)[0]
        Deal.objects.create(game=game, index=0, trump=plan.trump or "")

    @classmethod
    def create(cls, sessions: Sequence[tuple[Game, Sequence[dict], None]]) -> None:
        """Three queries however many sessions and deals."""
        deals = [
            (Deal(game=game, index=index, **{name: item[name] for name in DEAL_FIELDS}), item)
            for game, items, _pending in sessions
            for index, item in enumerate(items)
        ]
        Deal.objects.bulk_create(deal for deal, _item in deals)
        Hand.objects.bulk_create(
            Hand(deal=deal, **hand) for deal, item in deals for hand in item["hands"]
        )
        Adjustment.objects.bulk_create(
            Adjustment(deal=deal, **adjustment)
            for deal, item in deals
            for adjustment in item["adjustments"]
        )


DEAL_FIELDS = ("trump", "trick_winners", "revoke", "done")


def deal_record(deal: Deal, players: int) -> oh_hell.DealRecord:
    return record_of(
        hands={hand.seat: (hand.bid, hand.tricks) for hand in deal.hand_list},
        trump=deal.trump,
        revoke=deal.revoke,
        adjustments=[(adj.seat, adj.points, adj.note) for adj in deal.adjustment_list],
        players=players,
    )


def record_of(
    *, hands: dict, trump: str, revoke: int | None, adjustments: Sequence, players: int
) -> oh_hell.DealRecord:
    """A deal as the rules see it, from what was stored: ``hands`` seat -> (bid, tricks)."""
    bids = tuple(hands[s][0] if s in hands else None for s in range(players))
    tricks = None
    if revoke is None:
        tricks = tuple(hands[s][1] if s in hands else None for s in range(players))
    return oh_hell.DealRecord(
        bids=bids,
        tricks=tricks,
        trump=trump or None,
        revoke=revoke,
        adjustments=tuple(oh_hell.Adjustment(*adjustment) for adjustment in adjustments),
    )


def oh_hell_chart(
    result: oh_hell.GameResult, names: Sequence[str], chart_id: str
) -> charts.Chart | None:
    """None before the first deal."""
    if not result.deals:
        return None
    last = result.deals[-1]
    finals = ", ".join(f"{name} {last.totals[seat]}" for seat, name in enumerate(names))
    desc = OH_HELL.unit.chart % {"deals": len(result.deals), "finals": finals}
    return charts.deal_chart(
        chart_id=chart_id,
        title=_("Running totals"),
        desc=desc,
        y_label=_("Points"),
        names=names,
        deals=[
            (deal.plan.number, deal.totals, _("revoke") if deal.revoked else "")
            for deal in result.deals
        ],
    )
