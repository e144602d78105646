"""A session as stored and as the rules see it, the write path of every action, and undo."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields
from functools import cached_property
from typing import TypeVar

from django.db import IntegrityError, transaction
from django.db.models import Prefetch

from games.kinds import kind_of
from games.models import (
    Adjustment,
    Change,
    Deal,
    Game,
    Hand,
    IdempotencyKey,
    KozelDeal,
    Round,
    Seat,
    ShareLink,
)
from games.rules import RuleError, gettext_noop, kozel, oh_hell, rounds

T = TypeVar("T")


class Conflict(Exception):
    """The session changed since the page was shown (another phone, a double tap): 409."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)


@dataclass
class _Table:
    game: Game
    seats: list[Seat]
    #: Set by an action that brought this table in step with what it wrote, so a backlog's
    #: next entry (`holding`) uses it as it is instead of loading the session again.
    in_step: bool = field(default=False, init=False, repr=False)

    def caught_up(self, start: int) -> _Table | None:
        """This table after an action that changed its deals from ``start`` on, or None:
        the session is loaded again."""
        return None

    def __post_init__(self) -> None:
        self.rules = kind_of(self.game.kind).rules_of(self.game.options)

    @property
    def names(self) -> list[str]:
        return [seat.player.name for seat in self.seats]


@dataclass
class OhHellTable(_Table):
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
        """None when the game is over."""
        return next((deal for deal in self.deals if not deal.done), None)

    @cached_property
    def result(self) -> oh_hell.GameResult:
        records = [deal_record(deal, self.players) for deal in self.done_deals]
        return oh_hell.score_game(self.rules, self.players, self.game.first_dealer, records)

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
        return {hand.seat: hand for hand in deal.hands.all()}

    def caught_up(self, start: int) -> OhHellTable:
        """This table after an action that changed its deals from ``start`` on (its
        snapshot's ``from``): those read again, three queries whatever the game's length;
        the scores kept when no scored deal was among them (a bid, a trick, the trump)."""
        fresh = list(OH_HELL_DEALS.filter(game=self.game, index__gte=start))
        table = OhHellTable(game=self.game, seats=self.seats, deals=self.deals[:start] + fresh)
        scored_changed = any(deal.done for deal in [*self.deals[start:], *fresh])
        if "result" in self.__dict__ and not scored_changed:
            table.result = self.result
        return table

    def deal_number(self, deal: Deal) -> int:
        return deal.index + 1


def deal_record(deal: Deal, players: int) -> oh_hell.DealRecord:
    return record_of(
        hands={hand.seat: (hand.bid, hand.tricks) for hand in deal.hands.all()},
        trump=deal.trump,
        revoke=deal.revoke,
        adjustments=[(adj.seat, adj.points, adj.note) for adj in deal.adjustments.all()],
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


@dataclass
class RoundsTable(_Table):
    """A game scored round by round (games.rules.rounds): its rules module says it all."""

    deals: list[Round]  # the rounds played (named as the other games' deals)
    #: The round whose bids are in, not yet played (Kind.bids_first), else None.
    pending: Round | None = None

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def module(self):
        return kind_of(self.game.kind).rounds

    @property
    def entries(self) -> list[dict]:
        return [played.entry for played in self.deals]

    @cached_property
    def tally(self):
        """The rounds played, scored one by one (the rules module's ``Tally``); an action
        adds its round to it rather than scoring the game again."""
        tally = self.module.Tally(self.rules, self.players, self.game.first_dealer)
        for played in self.deals:
            tally.add(played.entry)
        return tally

    @cached_property
    def result(self) -> rounds.Result:
        return self.tally.result(ended=self.game.finished_at is not None)

    def side_names(self) -> list[str]:
        return [" & ".join(self.names[seat] for seat in side) for side in self.result.sides]


def kozel_entry(deal: KozelDeal) -> kozel.DealEntry:
    return kozel.DealEntry(**{f.name: getattr(deal, f.name) for f in fields(kozel.DealEntry)})


OH_HELL_DEALS = Deal.objects.order_by("index").prefetch_related(
    Prefetch("hands", queryset=Hand.objects.order_by("seat")),
    Prefetch("adjustments", queryset=Adjustment.objects.order_by("created_at", "pk")),
)


def seats_of(game: Game) -> list[Seat]:
    return list(game.seats.select_related("player").order_by("position"))


def load_oh_hell(game: Game) -> OhHellTable:
    """Four queries whatever the size: seats with players, deals, hands, adjustments."""
    return OhHellTable(game=game, seats=seats_of(game), deals=list(OH_HELL_DEALS.filter(game=game)))


def load_kozel(game: Game) -> KozelTable:
    """Two queries: seats with players, deals."""
    deals = list(game.kozel_deals.order_by("index"))
    return KozelTable(game=game, seats=seats_of(game), deals=deals)


def rounds_table(game: Game, seats: list[Seat], rounds: list[Round]) -> RoundsTable:
    """``rounds`` in order; the last, if its bids are in and it is not played, is pending."""
    pending = rounds.pop() if rounds and not rounds[-1].done else None
    return RoundsTable(game=game, seats=seats, deals=rounds, pending=pending)


def load_rounds(game: Game) -> RoundsTable:
    """Two queries: seats with players, rounds."""
    return rounds_table(game, seats_of(game), list(game.rounds.order_by("index")))


def load(game: Game) -> OhHellTable | KozelTable | RoundsTable:
    if kind_of(game.kind).rounds is not None:
        return load_rounds(game)
    return load_kozel(game) if game.kind == Game.Kind.KOZEL else load_oh_hell(game)


def kozel_fields(entry: kozel.DealEntry) -> dict:
    return asdict(entry)


@dataclass
class Hold:
    """A session locked once for several actions (`holding`), and its table as loaded."""

    game: Game
    table: OhHellTable | KozelTable | RoundsTable | None = None
    #: The first deal the last action changed, if it did not keep ``table`` in step.
    changed_from: int | None = None

    def next_table(self) -> OhHellTable | KozelTable | RoundsTable | None:
        """The table for the next action: as it is if the last one kept it in step or wrote
        nothing, else caught up from the first deal it changed; None: load it."""
        if self.table is None or self.changed_from is None:
            return self.table
        return self.table.caught_up(self.changed_from)


@contextmanager
def holding(game: Game) -> Iterator[None]:
    """Every action on ``game`` inside runs in this one transaction, under one lock, the
    access checked once, and on one table loaded once and kept in step by the actions that
    can (a backlog's entries: games/views/backlog.py): a backlog costs what its entries
    cost, not that times the game's length. Each action keeps its own savepoint, so a
    refusal undoes only itself. Game.DoesNotExist if the session is gone or the visitor's
    access was stopped."""
    with transaction.atomic():
        locked = lock(game)
        version, locked.save_later = locked.version, True
        game.hold = Hold(locked)
        try:
            yield
            held = game.hold.game
            if held.version != version:  # `commit` left it to here: one UPDATE for them all
                held.save(update_fields=COMMITTED)
            for name in COMMITTED:  # a refusal read the row as it was before
                setattr(game, name, getattr(held, name))
        finally:
            del game.hold


def lock(game: Game) -> Game:
    """The session's row locked, with its notebook's on PostgreSQL (a renewed notebook link
    waits for it), and the visitor's access checked again under the lock: a link stopped,
    or a notebook link renewed, before this point writes nothing, and its stop waits for
    a write already past it (docs/using.md, "Sharing"). Game.DoesNotExist if it is gone."""
    locked = (
        Game.objects.select_for_update().select_related("notebook").get(public_id=game.public_id)
    )
    if not still_allowed(game, locked):
        raise Game.DoesNotExist
    return locked


def still_allowed(game: Game, locked: Game) -> bool:
    """``game`` as `games.views.access.get_game` found it (``role``, ``link_key``): its
    access still holds for ``locked``. A session handed in by the app itself (an import,
    a test) carries no role and is not checked again."""
    role = getattr(game, "role", None)
    if role is None:
        return True
    if role == "owner":
        return locked.notebook.key == game.notebook.key
    links = ShareLink.objects.filter(game=locked, key=game.link_key, revoked_at__isnull=True)
    return links.exists()


def game_action(kind: str | None) -> Callable[[Callable[..., T]], Callable[..., T | None]]:
    """Run a service in one transaction with the session's row locked (on SQLite the
    IMMEDIATE transaction already serialises writers), passing ``table`` loaded under the lock.
    ``kind`` None serves every game. A repeated ``idempotency_key`` (double tap, retried
    POST) does nothing and returns None. After it the caller's ``game`` has the new version.
    Inside `holding` the lock and the table are the hold's. Game.DoesNotExist if the session
    is gone or the visitor's access was stopped (`lock`)."""

    def decorate(func: Callable[..., T]) -> Callable[..., T | None]:
        @functools.wraps(func)
        def action(*, game: Game, idempotency_key: str | None = None, **kwargs: object) -> T | None:
            hold = getattr(game, "hold", None)
            kept = hold and {name: getattr(hold.game, name) for name in COMMITTED}
            try:
                with transaction.atomic():
                    locked = lock(game) if hold is None else hold.game
                    if kind is not None and locked.kind != kind:
                        raise RuleError(gettext_noop("This action is not for this game."))
                    result = None
                    if claim_entry_key(locked, idempotency_key):
                        table = (hold and hold.next_table()) or load(locked)
                        table.in_step, locked.changed_from = False, None
                        result = func(table=table, **kwargs)
                        if hold is not None:
                            hold.table = table
                            hold.changed_from = None if table.in_step else locked.changed_from
            except Exception:
                if hold is not None:  # its savepoint went back: so does what it had in hand
                    for name, value in kept.items():
                        setattr(hold.game, name, value)
                    hold.table = None
                raise
            for column in Game._meta.concrete_fields:
                setattr(game, column.attname, getattr(locked, column.attname))
            return result

        return action

    return decorate


def claim_entry_key(game: Game, key: str | None) -> bool:
    """Under the session's lock: False if this form key was sent before (unique index)."""
    if key is None:
        return True
    try:
        with transaction.atomic():
            IdempotencyKey.objects.create(notebook_id=game.notebook_id, game=game, key=key)
    except IntegrityError:
        return False
    return True


#: What `commit` saves of the session's row.
COMMITTED = ["version", "finished_at", "updated_at"]


def commit(game: Game, action: str, params: dict, before: dict) -> None:
    """Every action ends here: version bumped, ``finished_at`` saved, history line. Inside
    `holding` the row is saved once, at the end: PostgreSQL keeps every version of a row
    updated in one transaction, and each update walks them (an entry of a 200-round
    backlog took 1.6 times as long in its second half)."""
    game.version += 1
    game.changed_from = before.get("from", 0)  # what a backlog's table reads again
    if not getattr(game, "save_later", False):
        game.save(update_fields=COMMITTED)
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
