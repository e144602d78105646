"""A session as stored and as the rules see it, the write path every action takes, and
undo.

Every action (games/services/oh_hell.py, kozel.py) runs through ``game_action``: one
transaction, the session's row locked first (a real row lock on PostgreSQL; on SQLite
the IMMEDIATE transaction already serialises writers), the form's once-only key
claimed, the session read after the lock, the action checked against it and applied,
the version bumped and a history line written with what undo needs to put things back.
Refusals (`RuleError`, `Conflict`): see games/services/__init__.py.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime
from functools import cached_property
from typing import TypeVar

from django.db import IntegrityError, transaction
from django.db.models import Prefetch

from games import options
from games.models import Adjustment, Change, Deal, Game, Hand, IdempotencyKey, KozelDeal, Seat
from games.rules import RuleError, gettext_noop, kozel, oh_hell

T = TypeVar("T")


class Conflict(Exception):
    """The action was meant for a state that has changed since (a stale page, a second
    phone that got there first, a double tap): 409."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)


# -- reading a session ---------------------------------------------------------------


@dataclass
class _Table:
    """A session as stored, with the rules of its options."""

    game: Game
    seats: list[Seat]

    def __post_init__(self) -> None:
        self.rules = options.rules_of(self.game.kind, self.game.options)

    @property
    def names(self) -> list[str]:
        return [seat.player.name for seat in self.seats]


@dataclass
class OhHellTable(_Table):
    """A session of Oh Hell, with everything the rules derive from it."""

    deals: list[Deal]
    rules: oh_hell.OhHellRules = field(init=False)

    @property
    def players(self) -> int:
        return len(self.seats)

    @cached_property
    def done_deals(self) -> list[Deal]:
        return [deal for deal in self.deals if deal.done]

    @cached_property
    def current(self) -> Deal | None:
        """The deal being played (bidding or play), or None when the game is over."""
        return next((deal for deal in self.deals if not deal.done), None)

    @cached_property
    def result(self) -> oh_hell.GameResult:
        records = [deal_record(deal, self.players) for deal in self.done_deals]
        return oh_hell.score_game(self.rules, self.players, self.game.first_dealer, records)

    @property
    def plan(self) -> oh_hell.DealPlan | None:
        """The schedule's plan for the current deal."""
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
        return {hand.seat: hand for hand in deal.hands.all()}

    def deal_number(self, deal: Deal) -> int:
        return deal.index + 1


def deal_record(deal: Deal, players: int) -> oh_hell.DealRecord:
    hands = {hand.seat: hand for hand in deal.hands.all()}
    bids = tuple(hands[s].bid if s in hands else None for s in range(players))
    tricks = None
    if deal.revoke is None:
        tricks = tuple(hands[s].tricks if s in hands else None for s in range(players))
    return oh_hell.DealRecord(
        bids=bids,
        tricks=tricks,
        trump=deal.trump or None,
        revoke=deal.revoke,
        adjustments=tuple(
            oh_hell.Adjustment(adj.seat, adj.points, adj.note) for adj in deal.adjustments.all()
        ),
    )


@dataclass
class KozelTable(_Table):
    deals: list[KozelDeal]
    rules: kozel.KozelRules = field(init=False)

    def team_names(self, team: int) -> str:
        first, second = kozel.seats_of(team)
        return f"{self.names[first]} & {self.names[second]}"

    @cached_property
    def result(self) -> kozel.MatchResult:
        return kozel.score_match(
            self.rules, self.game.first_dealer, [kozel_entry(deal) for deal in self.deals]
        )


def kozel_entry(deal: KozelDeal) -> kozel.DealEntry:
    return kozel.DealEntry(**{f.name: getattr(deal, f.name) for f in fields(kozel.DealEntry)})


#: A session's deals with what each holds, in the order they were played.
OH_HELL_DEALS = Deal.objects.order_by("index").prefetch_related(
    Prefetch("hands", queryset=Hand.objects.order_by("seat")),
    Prefetch("adjustments", queryset=Adjustment.objects.order_by("created_at", "pk")),
)


def seats_of(game: Game) -> list[Seat]:
    return list(game.seats.select_related("player").order_by("position"))


def load_oh_hell(game: Game) -> OhHellTable:
    """A session of Oh Hell in four queries, whatever its size: seats with players,
    deals, hands, adjustments."""
    return OhHellTable(game=game, seats=seats_of(game), deals=list(OH_HELL_DEALS.filter(game=game)))


def load_kozel(game: Game) -> KozelTable:
    """A Kozel match in two queries: seats with players, deals."""
    deals = list(game.kozel_deals.order_by("index"))
    return KozelTable(game=game, seats=seats_of(game), deals=deals)


def load(game: Game) -> OhHellTable | KozelTable:
    return load_kozel(game) if game.kind == Game.Kind.KOZEL else load_oh_hell(game)


# -- undo snapshots ----------------------------------------------------------------


def snapshot(game: Game, deals: Sequence[Deal] | Sequence[KozelDeal]) -> dict:
    """What undo needs to put the session back as it is now: every deal as entered,
    with named fields, and when the session finished. ``deals`` as loaded (hands and
    adjustments prefetched), so that taking it reads nothing again."""
    if game.kind == Game.Kind.KOZEL:
        state = [kozel_fields(kozel_entry(deal)) for deal in deals]
    else:
        state = [
            {
                "trump": deal.trump,
                "trick_winners": list(deal.trick_winners),
                "revoke": deal.revoke,
                "done": deal.done,
                "hands": [
                    {"seat": h.seat, "bid": h.bid, "out_of_turn": h.out_of_turn, "tricks": h.tricks}
                    for h in deal.hands.all()
                ],
                "adjustments": [
                    {"seat": a.seat, "points": a.points, "note": a.note}
                    for a in deal.adjustments.all()
                ],
            }
            for deal in deals
        ]
    finished = game.finished_at.isoformat() if game.finished_at else None
    return {"deals": state, "finished_at": finished}


def kozel_fields(entry: kozel.DealEntry) -> dict:
    return asdict(entry)


def restore(game: Game, state: dict) -> None:
    """Put the session's deals back as ``snapshot`` described them."""
    game.deals.all().delete()
    game.kozel_deals.all().delete()
    if game.kind == Game.Kind.KOZEL:
        KozelDeal.objects.bulk_create(
            KozelDeal(game=game, index=index, **item) for index, item in enumerate(state["deals"])
        )
    else:
        for index, item in enumerate(state["deals"]):
            deal = Deal.objects.create(
                game=game,
                index=index,
                trump=item["trump"],
                trick_winners=item["trick_winners"],
                revoke=item["revoke"],
                done=item["done"],
            )
            Hand.objects.bulk_create(Hand(deal=deal, **hand) for hand in item["hands"])
            Adjustment.objects.bulk_create(
                Adjustment(deal=deal, **adj) for adj in item["adjustments"]
            )
    finished = state.get("finished_at")
    game.finished_at = datetime.fromisoformat(finished) if finished else None


# -- the write path --------------------------------------------------------------


def game_action(kind: str | None) -> Callable[[Callable[..., T]], Callable[..., T | None]]:
    """Run a service as one action on a session: one transaction, the session's row
    locked, and at most once per form key.

    The wrapped function gets the session's ``table`` as it is under the lock, its
    ``game`` the locked, fresh row. ``kind`` is the game the service is for (None:
    either); a session of the other game is refused. ``idempotency_key`` is the key of
    the form that was submitted: a double tap or a retried POST sends it again, and
    the repeat does nothing (returns None). Once the action is through, the caller's
    ``game`` holds the session's row as it left it (its new version)."""

    def decorate(func: Callable[..., T]) -> Callable[..., T | None]:
        @functools.wraps(func)
        def action(*, game: Game, idempotency_key: str | None = None, **kwargs: object) -> T | None:
            with transaction.atomic():
                locked = Game.objects.select_for_update().get(public_id=game.public_id)
                if kind is not None and locked.kind != kind:
                    raise RuleError(gettext_noop("This action is not for this game."))
                first = claim_entry_key(locked, idempotency_key)
                result = func(table=load(locked), **kwargs) if first else None
            for column in Game._meta.concrete_fields:
                setattr(game, column.attname, getattr(locked, column.attname))
            return result

        return action

    return decorate


def claim_entry_key(game: Game, key: str | None) -> bool:
    """Under the session's lock: False if a form with this key was sent before (the
    same entry again; the unique index says so), else the key is noted and True."""
    if key is None:
        return True
    try:
        with transaction.atomic():
            IdempotencyKey.objects.create(notebook_id=game.notebook_id, game=game, key=key)
    except IntegrityError:
        return False
    return True


def commit(game: Game, action: str, params: dict, before: dict) -> None:
    """The end of every action: the version bumped, the end stamped, the history line."""
    game.version += 1
    game.save(update_fields=["version", "finished_at", "updated_at"])
    Change.objects.create(game=game, action=action, params=params, before=before)


def refuse_if_changed(game: Game, version: int | None) -> None:
    if version is not None and version != game.version:
        raise Conflict(
            gettext_noop(
                "The session changed on another phone while you were correcting."
                " Here it is now; correct it again if you still need to."
            )
        )


def refuse_if_finished(game: Game) -> None:
    if game.finished_at is not None:
        raise RuleError(gettext_noop("This session is finished."))


#: History lines that undo never takes back.
NOT_UNDONE = ["start", "undo", "import", "restored"]


@game_action(None)
def undo_last(*, table: OhHellTable | KozelTable, version: int) -> Change | None:
    """Take back the last action; ``version`` guards against undoing someone else's."""
    game = table.game
    if version != game.version:
        raise Conflict(
            gettext_noop(
                "Someone changed the session since this page was shown. Here it is now;"
                " undo again if you still want to."
            )
        )
    last = game.changes.filter(undone=False).exclude(action__in=NOT_UNDONE).first()
    if last is None:
        raise RuleError(gettext_noop("There is nothing to undo."))
    before = snapshot(game, table.deals)
    restore(game, last.before)
    last.undone = True
    last.save(update_fields=["undone"])
    commit(game, "undo", {"action": last.action, **last.params}, before)
    return last
