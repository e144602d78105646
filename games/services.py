"""One function per thing a user does, each in one transaction.

Every write locks the session's row first (a real row lock on PostgreSQL; on
SQLite the IMMEDIATE transaction already serialises writers), checks the action
against the current state, applies it, checks the whole session again with
`games.rules`, and records a history line that undo can roll back to.

Refusals: `RuleError` (the rules say no: 422) and `Conflict` (the page was out of
date, for example a second phone got there first: 409). Either way nothing is
saved.
"""

from __future__ import annotations

import copy
import functools
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cached_property
from types import EllipsisType
from typing import TypeVar

from django.core import signing
from django.core.cache import cache
from django.db import IntegrityError, connection, models, transaction
from django.db.models import F, QuerySet
from django.db.models.functions import Lower
from django.utils import timezone

from games import inputs, rows
from games.models import (
    Adjustment,
    Change,
    Deal,
    Game,
    Hand,
    IdempotencyKey,
    KozelDeal,
    Notebook,
    Player,
    Seat,
    ShareLink,
    new_key,
)
from games.rules import RuleError, gettext_noop, kozel, oh_hell

T = TypeVar("T")
M = TypeVar("M", bound=models.Model)
KEY_LIFETIME = timedelta(days=1)


class Conflict(Exception):
    """The action was meant for a state that has changed since (stale page, double tap)."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)


# -- rules from stored options -----------------------------------------------------


OH_HELL_PRESETS = oh_hell.PRESETS
KOZEL_PRESETS = kozel.PRESETS


def oh_hell_rules(options: dict) -> oh_hell.OhHellRules:
    """Rules from stored or submitted options; unknown keys are refused."""
    known = oh_hell.OhHellRules.__dataclass_fields__
    unknown = set(options) - set(known)
    if unknown:
        raise RuleError(gettext_noop("Unknown option %(option)s."), option=sorted(unknown)[0])
    values = dict(options)
    if "custom_schedule" in values:
        values["custom_schedule"] = tuple(values["custom_schedule"])
    return oh_hell.OhHellRules(**values)


def kozel_rules(options: dict) -> kozel.KozelRules:
    known = kozel.KozelRules.__dataclass_fields__
    unknown = set(options) - set(known)
    if unknown:
        raise RuleError(gettext_noop("Unknown option %(option)s."), option=sorted(unknown)[0])
    return kozel.KozelRules(**options)


def rules_as_options(rules: object) -> dict:
    """A JSON-ready dict of every option (enums as their values)."""
    result = {}
    for name in rules.__dataclass_fields__:
        value = getattr(rules, name)
        if isinstance(value, tuple):
            value = list(value)
        elif hasattr(value, "value"):
            value = value.value
        result[name] = value
    return result


# -- reading a session ---------------------------------------------------------------


@dataclass
class OhHellTable:
    """A session of Oh Hell as stored, with everything the rules derive from it."""

    game: Game
    seats: list[Seat]
    deals: list[Deal]
    rules: oh_hell.OhHellRules = field(init=False)

    def __post_init__(self) -> None:
        self.rules = oh_hell_rules(self.game.options)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def names(self) -> list[str]:
        return [seat.player.name for seat in self.seats]

    @cached_property
    def done_deals(self) -> list[Deal]:
        return [deal for deal in self.deals if deal.done]

    @cached_property
    def current(self) -> Deal | None:
        """The deal being played (bidding or play), or None when the game is over."""
        for deal in self.deals:
            if not deal.done:
                return deal
        return None

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
        hands = {hand.seat: hand for hand in deal.hands.all()}
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


def load_oh_hell(game: Game) -> OhHellTable:
    """Everything of one session in four queries, whatever its size (one round
    trip on PostgreSQL: rows.fetch_all).

    The queries are written out (games/rows.py), and the deals' hands and
    adjustments are handed to the deals as Django's ``prefetch_related`` would
    (``deal.hands.all()`` reads nothing), without its machinery: both took more
    time than the queries themselves (docs/performance.md).
    """
    return _oh_hell_table(game, rows.fetch_all(_oh_hell_queries(game)))


def _oh_hell_queries(game: Game) -> list[tuple[str, list]]:
    params = [game.public_id]
    return [
        (_seats_sql(), params),
        (_session_sql(Deal), params),
        (_deals_sql(Hand), params),
        (_deals_sql(Adjustment), params),
    ]


def _oh_hell_table(game: Game, found: list[list[tuple]]) -> OhHellTable:
    """The table from the rows of ``_oh_hell_queries``."""
    seat_rows, deal_rows, hand_rows, adjustment_rows = found
    seats = _seats(game, seat_rows)
    deals = _attached(game, rows.built(Deal, deal_rows))
    if deals:
        hands: dict[int, list[Hand]] = {deal.pk: [] for deal in deals}
        for hand in rows.built(Hand, hand_rows):
            hands[hand.deal_id].append(hand)
        adjustments: dict[int, list[Adjustment]] = {deal.pk: [] for deal in deals}
        for adjustment in rows.built(Adjustment, adjustment_rows):
            adjustments[adjustment.deal_id].append(adjustment)
        for deal in deals:
            deal._prefetched_objects_cache = {
                "hands": _fetched(Hand, hands[deal.pk]),
                "adjustments": _fetched(Adjustment, adjustments[deal.pk]),
            }
    return OhHellTable(game=game, seats=seats, deals=deals)


def _seats(game: Game, found: list[tuple]) -> list[Seat]:
    """The session's seats in order, each with its player, from the rows of
    ``_seats_sql``."""
    seat, player = rows.columns(Seat), rows.columns(Player)
    width = len(seat.names)
    seats = []
    for values in found:
        built = seat.build(values[:width])
        Seat.player.field.set_cached_value(built, player.build(values[width:]))
        seats.append(built)
    return _attached(game, seats)


def _attached(game: Game, items: list[M]) -> list[M]:
    """Rows of the session that know their session, as its related manager leaves them."""
    if items:
        cache = type(items[0]).game.field.set_cached_value
        for item in items:
            cache(item, game)
    return items


def _session_id_sql() -> str:
    """The session's id from its public id (every action and page knows that), so
    that the queries of one session need no other query's answer, and go in one
    message on PostgreSQL (rows.fetch_all)."""
    table = rows.table_of(Game)
    return f"(SELECT {table}.{rows.q('id')} FROM {table} WHERE {table}.{rows.q('public_id')} = %s)"


@functools.cache
def _seats_sql() -> str:
    seat, player = rows.table_of(Seat), rows.table_of(Player)
    return (
        f"SELECT {rows.columns(Seat).sql}, {rows.columns(Player).sql} FROM {seat}"
        f" JOIN {player} ON {player}.{rows.q('id')} = {seat}.{rows.q('player_id')}"
        f" WHERE {seat}.{rows.q('game_id')} = {_session_id_sql()}"
        f" ORDER BY {seat}.{rows.q('position')}"
    )


@functools.cache
def _session_sql(model: type[models.Model]) -> str:
    """A session's deals (Oh Hell or Kozel), in the order they were played."""
    table = rows.table_of(model)
    return (
        f"SELECT {rows.columns(model).sql} FROM {table}"
        f" WHERE {table}.{rows.q('game_id')} = {_session_id_sql()}"
        f" ORDER BY {table}.{rows.q('index')}"
    )


@functools.cache
def _deals_sql(model: type[models.Model]) -> str:
    """A session's hands or adjustments: by deal, in each deal's own order."""
    table, deal = rows.table_of(model), rows.table_of(Deal)
    order = ("seat",) if model is Hand else ("created_at", "id")
    return (
        f"SELECT {rows.columns(model).sql} FROM {table}"
        f" JOIN {deal} ON {deal}.{rows.q('id')} = {table}.{rows.q('deal_id')}"
        f" WHERE {deal}.{rows.q('game_id')} = {_session_id_sql()}"
        f" ORDER BY {table}.{rows.q('deal_id')}, "
        + ", ".join(f"{table}.{rows.q(column)}" for column in order)
    )


def _fetched(model: type[models.Model], items: list) -> QuerySet:
    """A queryset that already holds ``items``, as a prefetch leaves one."""
    queryset = QuerySet(model=model)
    queryset._result_cache = items
    queryset._prefetch_done = True
    return queryset


@dataclass
class KozelTable:
    game: Game
    seats: list[Seat]
    deals: list[KozelDeal]
    rules: kozel.KozelRules = field(init=False)

    def __post_init__(self) -> None:
        self.rules = kozel_rules(self.game.options)

    @property
    def names(self) -> list[str]:
        return [seat.player.name for seat in self.seats]

    def team_names(self, team: int) -> str:
        first, second = kozel.seats_of(team)
        return f"{self.names[first]} & {self.names[second]}"

    @cached_property
    def result(self) -> kozel.MatchResult:
        return kozel.score_match(
            self.rules, self.game.first_dealer, [kozel_entry(deal) for deal in self.deals]
        )


def kozel_entry(deal: KozelDeal) -> kozel.DealEntry:
    return kozel.DealEntry(
        team=deal.team,
        points=deal.points,
        zero_team_took_trick=deal.zero_team_took_trick,
        last_trick_seat=deal.last_trick_seat,
    )


def load_kozel(game: Game) -> KozelTable:
    """A Kozel session in two queries, written out as load_oh_hell's."""
    return _kozel_table(game, rows.fetch_all(_kozel_queries(game)))


def _kozel_queries(game: Game) -> list[tuple[str, list]]:
    params = [game.public_id]
    return [(_seats_sql(), params), (_session_sql(KozelDeal), params)]


def _kozel_table(game: Game, found: list[list[tuple]]) -> KozelTable:
    seat_rows, deal_rows = found
    deals = _attached(game, rows.built(KozelDeal, deal_rows))
    return KozelTable(game=game, seats=_seats(game, seat_rows), deals=deals)


def load(game: Game) -> OhHellTable | KozelTable:
    return load_kozel(game) if game.kind == Game.Kind.KOZEL else load_oh_hell(game)


def _queries(game: Game, kind: str) -> list[tuple[str, list]]:
    """The queries that read a session as a game of ``kind``."""
    return _kozel_queries(game) if kind == Game.Kind.KOZEL else _oh_hell_queries(game)


def _table(game: Game, kind: str, found: list[list[tuple]]) -> OhHellTable | KozelTable:
    """The table from the rows of ``_queries``."""
    return _kozel_table(game, found) if kind == Game.Kind.KOZEL else _oh_hell_table(game, found)


#: Sessions as last read for a page, in this process: (public id, version) -> table.
_shown: OrderedDict[tuple[str, int], OhHellTable | KozelTable] = OrderedDict()
_shown_lock = threading.Lock()
#: Enough for the sessions in play on one app server; each is a few dozen rows.
SHOWN_KEEP = 256


def forget_shown() -> None:
    """Drop every session read for a page (bench/run.py measures first renders)."""
    with _shown_lock:
        _shown.clear()


def load_to_show(game: Game) -> OhHellTable | KozelTable:
    """The session at ``game.version``, for a page to show: read once per version in
    this process, with the scores worked out from it.

    After an entry the scorekeeper's answer reads the new version and every
    follower's swap, score sheet and history shows the same one: this reads and
    scores it once for all of them. Every change to a session bumps its version (a
    new key), so what is kept never goes stale. The kept table is never handed out
    itself: each caller gets a shallow copy carrying its own ``game`` (the visitor's
    role rides on it), and only pages read it; an action always loads its own rows,
    under the session's lock, and changes those.
    """
    key = (game.public_id, game.version)
    with _shown_lock:
        kept = _shown.get(key)
        if kept is not None:
            _shown.move_to_end(key)
    if kept is None:
        kept = _keep_shown(key, load(game))
    table = copy.copy(kept)
    table.game = game
    return table


def _keep_shown(key: tuple[str, int], table: OhHellTable | KozelTable) -> OhHellTable | KozelTable:
    """Keep ``table`` as the session at that version, scored once, here, and kept with
    the rows (cached properties)."""
    try:
        table.result  # noqa: B018
        if isinstance(table, OhHellTable):
            table.bidding  # noqa: B018
    except RuleError:
        pass  # the page that asked shows the refusal, as it did without this
    with _shown_lock:
        _shown[key] = table
        while len(_shown) > SHOWN_KEEP:
            _shown.popitem(last=False)
    return table


# -- undo snapshots ----------------------------------------------------------------


def snapshot(game: Game, deals: Sequence[Deal] | Sequence[KozelDeal] | None = None) -> dict:
    """What undo needs to put the session back as it is now.

    ``deals``: the session's deals as an action already loaded them (with hands
    and adjustments prefetched), so that taking the snapshot reads nothing again.
    """
    if game.kind == Game.Kind.KOZEL:
        deals = [
            {
                "team": d.team,
                "points": d.points,
                "zero_team_took_trick": d.zero_team_took_trick,
                "last_trick_seat": d.last_trick_seat,
            }
            for d in (game.kozel_deals.all() if deals is None else deals)
        ]
    else:
        deals = [
            {
                "trump": d.trump,
                "trick_winners": d.trick_winners,
                "revoke": d.revoke,
                "done": d.done,
                "hands": [[h.seat, h.bid, h.out_of_turn, h.tricks] for h in d.hands.all()],
                "adjustments": [[a.seat, a.points, a.note] for a in d.adjustments.all()],
            }
            for d in (
                game.deals.prefetch_related("hands", "adjustments") if deals is None else deals
            )
        ]
    return {
        "deals": deals,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }


def restore(game: Game, state: dict) -> None:
    game.deals.all().delete()
    game.kozel_deals.all().delete()
    for index, item in enumerate(state["deals"]):
        if game.kind == Game.Kind.KOZEL:
            KozelDeal.objects.create(game=game, index=index, **item)
            continue
        deal = Deal.objects.create(
            game=game,
            index=index,
            trump=item["trump"],
            trick_winners=item["trick_winners"],
            revoke=item["revoke"],
            done=item["done"],
        )
        Hand.objects.bulk_create(
            Hand(deal=deal, seat=seat, bid=bid, out_of_turn=oot, tricks=tricks)
            for seat, bid, oot, tricks in item["hands"]
        )
        Adjustment.objects.bulk_create(
            Adjustment(deal=deal, seat=seat, points=points, note=note)
            for seat, points, note in item["adjustments"]
        )
    finished = state.get("finished_at")
    game.finished_at = datetime.fromisoformat(finished) if finished else None


# -- the write path --------------------------------------------------------------


def game_action(kind: str | None) -> Callable[[Callable[..., T]], Callable[..., T | None]]:
    """Run a service as one action on a session: one transaction, the session's row
    locked, and at most once per idempotency key.

    The wrapped function gets the session's ``table`` as it is under the lock: its
    ``game`` the locked, fresh row, and every deal read after the lock was taken,
    in the lock's own round trip on PostgreSQL (``_lock_and_read``). ``kind`` is the
    game the service is for (None: either); a session of the other game is read as
    one of ``kind``, with no deals, which the service refuses.
    ``idempotency_key`` is the key of the form that was submitted: a double tap or
    a retried POST sends the same key again, and the repeat does nothing (returns
    None). Once the action is through, the caller's ``game`` holds the session's
    row as it left it (its new version), so the page that answers needs not read
    it again; a refused action leaves the caller's ``game`` as it was.
    """

    def decorate(func: Callable[..., T]) -> Callable[..., T | None]:
        @functools.wraps(func)
        def action(*, game: Game, idempotency_key: str | None = None, **kwargs: object) -> T | None:
            with transaction.atomic():
                table, first_use = _lock_and_read(game, kind or game.kind or None, idempotency_key)
                result = func(table=table, **kwargs) if first_use else None
            for column in Game._meta.concrete_fields:
                setattr(game, column.attname, getattr(table.game, column.attname))
            return result

        return action

    return decorate


#: When this process last removed the idempotency keys older than KEY_LIFETIME.
_keys_swept = float("-inf")
#: Keys only need to outlive a retry: sweeping once a minute is plenty.
KEY_SWEEP_SECONDS = 60.0


def _lock_and_read(
    game: Game, kind: str | None, key: str | None
) -> tuple[OhHellTable | KozelTable, bool]:
    """Lock the session's row, claim the form's key, and read the session after the
    lock: statements run in order, in one round trip on PostgreSQL (rows.fetch_all),
    so the rows read are those no other action can change until this one ends. Only
    the session's public id is needed; when the game ``kind`` is not known either (an
    action for both games, on a session not read yet), the row is locked first.

    The key goes in unless it is there (the row is the session's own, locked, so no
    other request is between); False: it was there before (the same form again: a
    double tap or a retry), and the action does nothing. A refused action takes the
    key out again with its transaction. Now and then, keys older than KEY_LIFETIME
    go."""
    global _keys_swept
    now = timezone.now()
    created = connection.ops.adapt_datetimefield_value(now)
    lock = [(_locked_sql(), [game.public_id])]
    claim = [(_first_use_sql(), [key, created, game.public_id])] if key else []
    if kind is None:
        locked_rows, *found = rows.fetch_all(lock)
        kind = locked_rows[0][_kind_column()] if locked_rows else Game.Kind.OH_HELL
        found = rows.fetch_all([*claim, *_queries(game, kind)])
    else:
        locked_rows, *found = rows.fetch_all([*lock, *claim, *_queries(game, kind)])
    if not locked_rows:
        raise Game.DoesNotExist  # deleted meanwhile, as .get() would say
    locked = rows.columns(Game).build(locked_rows[0])
    if key and not found.pop(0):
        return _table(locked, kind, found), False
    if key and time.monotonic() - _keys_swept >= KEY_SWEEP_SECONDS:
        IdempotencyKey.objects.filter(created_at__lt=now - KEY_LIFETIME).delete()
        _keys_swept = time.monotonic()
    return _table(locked, kind, found), True


@functools.cache
def _kind_column() -> int:
    return rows.columns(Game).names.index("kind")


@functools.cache
def _first_use_sql() -> str:
    table, game = rows.table_of(IdempotencyKey), rows.table_of(Game)
    notebook_id, game_id, key, created = (
        rows.q(column) for column in ("notebook_id", "game_id", "key", "created_at")
    )
    return (
        f"INSERT INTO {table} ({notebook_id}, {game_id}, {key}, {created})"
        f" SELECT {game}.{rows.q('notebook_id')}, {game}.{rows.q('id')}, %s, %s FROM {game}"
        f" WHERE {game}.{rows.q('public_id')} = %s"
        f" ON CONFLICT ({notebook_id}, {key}) DO NOTHING RETURNING 1"
    )


def _locked(game: Game) -> Game:
    """The session's row, locked for this transaction, fresh from the database."""
    found = rows.read(Game, _locked_sql(), [game.public_id])
    if not found:
        raise Game.DoesNotExist  # deleted meanwhile, as .get() would say
    return found[0]


@functools.cache
def _locked_sql() -> str:
    table = rows.table_of(Game)
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    return (
        f"SELECT {rows.columns(Game).sql} FROM {table}"
        f" WHERE {table}.{rows.q('public_id')} = %s{lock}"
    )


def _commit(
    game: Game,
    action: str,
    params: dict,
    before: dict,
    writes: Sequence[tuple[str, list]] = (),
) -> None:
    """The end of every action: the action's last ``writes`` (rows.insert, rows.update),
    the version bumped, the end stamped, the history line written, and the session
    read back as it now stands, kept for the pages that show the new version once the
    transaction has committed (``load_to_show``). On PostgreSQL all of it goes in the
    message that commits the transaction (rows.fetch_at_commit): the action's writes
    cost no round trip of their own, and the answer none to read the session again.
    The session read back is the one committed only if nothing is written after this."""
    game.version += 1
    change = Change(game=game, action=action, params=params, before=before)
    reads = _queries(game, game.kind)
    rows.fetch_at_commit(
        [
            *writes,
            rows.update(game, ["version", "finished_at", "updated_at"]),
            rows.insert(change),
            *reads,
        ],
        functools.partial(_keep_read_back, game, (game.public_id, game.version), len(reads)),
    )


def _keep_read_back(game: Game, key: tuple[str, int], reads: int, found: list) -> None:
    _keep_shown(key, _table(game, game.kind, found[len(found) - reads :]))


def _refuse_if_changed(game: Game, version: int | None) -> None:
    if version is not None and version != game.version:
        raise Conflict(
            gettext_noop(
                "The session changed on another phone while you were correcting."
                " Here it is now; correct it again if you still need to."
            )
        )


def _refuse_if_finished(game: Game) -> None:
    if game.finished_at is not None:
        raise RuleError(gettext_noop("This session is finished."))


def _current_deal(table: OhHellTable, deal_number: int) -> Deal:
    deal = table.current
    if deal is None:
        raise RuleError(gettext_noop("This session is finished."))
    if deal_number != table.deal_number(deal):
        raise Conflict(
            gettext_noop("This page was out of date: the session has moved on. Here it is now.")
        )
    return deal


def _after_deal_done(table: OhHellTable) -> None:
    """Open the next deal, or stamp the end of the game."""
    game = table.game
    fresh = load_oh_hell(game)
    result = fresh.result  # validates the whole game
    if result.finished:
        game.finished_at = timezone.now()
        return
    Deal.objects.create(game=game, index=len(fresh.deals), trump=result.next_deal.trump or "")


def _seat_name(table: OhHellTable | KozelTable, seat: int) -> str:
    return table.names[seat]


def _check_seat(table: OhHellTable, seat: object) -> int:
    if not isinstance(seat, int) or not 0 <= seat < len(table.seats):
        raise RuleError(gettext_noop("No such player at this table."))
    return seat


# -- notebooks and players -------------------------------------------------------

#: A deleted session's file, signed, in the page that answered the deletion: its Undo
#: brings the session back within this time. Nothing of it is kept on the server.
DELETED_SALT = "games.services.delete_session"
UNDO_DELETE_SECONDS = 60 * 60


def delete_session(*, game: Game) -> str:
    """Delete a session and everything entered in it: its deals, its history, its share
    links (which stop working at once). The players stay in the notebook.

    Returns the token that `undo_delete_session` takes within UNDO_DELETE_SECONDS: the
    session's file (docs/export-format.md), signed and compressed, for the page that
    answers to carry."""
    from games import exports

    with transaction.atomic():
        locked = _locked(game)
        data = exports.session_json(load(locked))
        locked.delete()
    return signing.dumps(
        {"notebook": game.notebook_id, "session": data}, salt=DELETED_SALT, compress=True
    )


def undo_delete_session(*, notebook: Notebook, token: str, form_key: str | None = None) -> Game:
    """The session a `delete_session` token names, back in ``notebook`` with its id, its
    deals and its times (its history starts again with one line; its share links stay
    stopped). Once per form; a token of another notebook, too old or altered, is
    refused."""
    from games import exports

    try:
        data = signing.loads(token, salt=DELETED_SALT, max_age=UNDO_DELETE_SECONDS)
    except signing.BadSignature:
        raise RuleError(
            gettext_noop("This session can no longer be brought back: undo within an hour.")
        ) from None
    if data.get("notebook") != notebook.pk:
        raise RuleError(gettext_noop("This session can no longer be brought back."))
    plan = exports.session_plan(data["session"])
    with transaction.atomic():
        Notebook.objects.select_for_update().get(pk=notebook.pk)
        # Brought back already (another tab's Undo): that one.
        back = Game.objects.filter(notebook=notebook, public_id=plan.public_id).first()
        if back is not None:
            return back
        restored = exports.restore(
            notebook=notebook,
            players=[],
            sessions=[plan],
            form_key=form_key,
            keep_ids=True,
            action="restored",
        )
    if not restored.games:  # a retry, and what it brought back was deleted again since
        raise RuleError(gettext_noop("This session can no longer be brought back."))
    return restored.games[0]


def delete_player(*, player: Player) -> None:
    """Delete a player who sits in no session (a typo, a guest who never played)."""
    with transaction.atomic():
        player = Player.objects.select_for_update().filter(pk=player.pk).first()
        if player is None:
            return  # deleted already: a double tap
        if player.seats.exists():
            raise RuleError(
                gettext_noop(
                    "%(name)s has played: delete their sessions first, or merge them into"
                    " another player."
                ),
                name=player.name,
            )
        player.delete()


def merge_player(*, player: Player, into: Player) -> Player:
    """One player under two names ("Ann" and "Anna"): every seat of ``player`` goes to
    ``into``, and ``player`` is deleted; the sessions show the name that stays."""
    if player.notebook_id != into.notebook_id or player.pk == into.pk:
        raise RuleError(gettext_noop("Choose another player of this notebook."))
    with transaction.atomic():
        Notebook.objects.select_for_update().get(pk=player.notebook_id)
        games = Game.objects.filter(seats__player=player)
        if games.filter(seats__player=into).exists():
            raise RuleError(
                gettext_noop("%(name)s and %(other)s sat at the same table: they are two players."),
                name=player.name,
                other=into.name,
            )
        # Their sessions show the new name: a new version redraws every open page.
        Game.objects.filter(pk__in=list(games.values_list("pk", flat=True))).update(
            version=F("version") + 1, updated_at=timezone.now()
        )
        Seat.objects.filter(player=player).update(player=into)
        player.delete()
    return into


def forget_notebook(*, notebook: Notebook) -> None:
    """Delete the notebook and everything in it from the server: players, sessions,
    share links, form keys, the statistics kept for it. Its link and every share link
    stop working at once."""
    with transaction.atomic():
        cache.delete(stats_key(notebook.pk))
        notebook.delete()


def stats_key(notebook_id: int) -> str:
    """Where the cache framework keeps a notebook's statistics (games/views_stats.py)."""
    return f"stats:{notebook_id}"


def rename_player(*, player: Player, name: str) -> Player:
    name = clean_name(name)
    with transaction.atomic():
        clash = (
            Player.objects.filter(notebook=player.notebook, name__iexact=name)
            .exclude(pk=player.pk)
            .exists()
        )
        if clash:
            raise RuleError(gettext_noop("There is already a player called %(name)s."), name=name)
        player.name = name
        player.save(update_fields=["name"])
        # The sessions the player sits in show the new name: a new version makes every
        # open page fetch them again, and no page kept for the old version is served.
        Game.objects.filter(seats__player=player).update(
            version=F("version") + 1, updated_at=timezone.now()
        )
    return player


def clean_name(name: str) -> str:
    """A player's name as typed, whitespace folded; refused when empty, too long, or
    holding a control character (games/inputs.py)."""
    if not inputs.text_ok(name or ""):
        raise RuleError(gettext_noop("A name cannot hold control characters."))
    name = " ".join((name or "").split())
    if not name:
        raise RuleError(gettext_noop("A player needs a name."))
    if len(name) > 40:
        raise RuleError(gettext_noop("A name can have at most 40 characters."))
    return name


def notebook_of_visitor(notebook: Notebook | None, promised_key: str | None) -> Notebook:
    """Inside a transaction: the visitor's notebook, or on a first visit the one this
    browser was promised (the key its first page gave it, games/views.py), made now.

    Two tabs, two taps or a retry of a first visit's form carry the same promise and
    end in one notebook: the second waits for the first's row (the unique key) and
    finds it. Without a promise (a browser that keeps no cookie) a new notebook is
    made each time. The notebook is locked until the transaction ends."""
    mine = Notebook.objects.select_for_update()
    if notebook is not None and (found := mine.filter(pk=notebook.pk).first()) is not None:
        # Locked: two starts at once add the same new player once (the second waits,
        # then finds the player the first added).
        return found
    if promised_key is None:
        return Notebook.objects.create()
    Notebook.objects.get_or_create(key=promised_key)
    return mine.get(key=promised_key)


def claim_form_key(notebook: Notebook, key: str | None) -> tuple[IdempotencyKey | None, bool]:
    """Inside a transaction: claim a creating form's once-only key in its notebook.

    (the key's row, True) the first time; (the earlier row, False) when a form with the
    same key was sent before: a double tap or a retry, which answers with what the
    first one made (``row.game``). A second request sent at the same moment waits for
    the first to commit (the unique index), then finds its row. ``key`` None (a caller
    that is not a form, such as a test's setup): no claim, always first."""
    if key is None:
        return None, True
    try:
        with transaction.atomic():
            return IdempotencyKey.objects.create(notebook=notebook, key=key), True
    except IntegrityError:
        return IdempotencyKey.objects.select_related("game").get(notebook=notebook, key=key), False


def note_made(claim: IdempotencyKey | None, game: Game) -> Game:
    """Note on the claimed key what its form made, for a retry to answer with."""
    if claim is not None:
        claim.game = game
        claim.save(update_fields=["game"])
    return game


def renew_notebook_link(*, notebook: Notebook, form_key: str | None = None) -> Notebook:
    """A new secret link for the notebook; the old one stops working at once. Once per
    form: a double tap would otherwise renew twice, and the phone could keep the key
    of the first answer, already dead."""
    with transaction.atomic():
        notebook = Notebook.objects.select_for_update().get(pk=notebook.pk)
        _claim, first = claim_form_key(notebook, form_key)
        if first:
            notebook.key = new_key()
            notebook.save(update_fields=["key"])
    return notebook


def new_share_link(*, game: Game, role: str, form_key: str | None = None) -> ShareLink:
    """A new view-only or co-scorekeeper link; the previous one of that role is revoked.
    Once per form: a retry answers with the link the first one made."""
    if role not in ShareLink.Role.values:
        raise RuleError(gettext_noop("A link is view only or co-scorekeeper."))
    with transaction.atomic():
        _locked(game)
        _claim, first = claim_form_key(game.notebook, form_key)
        live = ShareLink.objects.filter(game=game, role=role, revoked_at__isnull=True)
        if not first and (link := live.first()) is not None:
            return link
        live.update(revoked_at=timezone.now())
        return ShareLink.objects.create(game=game, role=role)


def revoke_share_link(*, game: Game, role: str) -> None:
    """Stop the link of that role, if there is one (stopping it twice changes nothing)."""
    if role not in ShareLink.Role.values:
        raise RuleError(gettext_noop("A link is view only or co-scorekeeper."))
    with transaction.atomic():
        ShareLink.objects.filter(game=game, role=role, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )


# -- starting a session ------------------------------------------------------------


def check_table(kind: str, names: Sequence[str]) -> list[str]:
    names = [clean_name(name) for name in names]
    lowered = [name.casefold() for name in names]
    if len(set(lowered)) != len(lowered):
        raise RuleError(gettext_noop("Each player can sit at the table only once."))
    if kind == Game.Kind.KOZEL:
        if len(names) != kozel.PLAYERS:
            raise RuleError(gettext_noop("Kozel is for 4 players in two teams."))
    elif not oh_hell.MIN_PLAYERS <= len(names) <= oh_hell.MAX_PLAYERS:
        raise RuleError(
            gettext_noop("Oh Hell is for %(low)s to %(high)s players."),
            low=oh_hell.MIN_PLAYERS,
            high=oh_hell.MAX_PLAYERS,
        )
    return names


def start_game(
    *,
    notebook: Notebook | None,
    kind: str,
    preset: str,
    options: dict,
    names: Sequence[str],
    first_dealer: int | None,
    form_key: str | None = None,
    promised_key: str | None = None,
) -> Game:
    """A new session with its seats; players are found by name or added to the notebook.

    Without a notebook (a first visit) one is created in the same transaction, so a
    refused start leaves nothing behind: the one this browser was promised
    (``promised_key``, see notebook_of_visitor). Once per form (``form_key``): a retry
    answers with the session the first one made.

    ``first_dealer`` None draws one at random (seed 002 draws cards; a phone
    draws a number).
    """
    names = check_table(kind, names)
    if kind == Game.Kind.KOZEL:
        rules = kozel_rules(options)
    else:
        rules = oh_hell_rules(options)
        oh_hell.plan(rules, len(names), 0)  # refuses a schedule the table cannot deal
    if first_dealer is None:
        first_dealer = random.randrange(len(names))
    if not isinstance(first_dealer, int) or not 0 <= first_dealer < len(names):
        raise RuleError(gettext_noop("The first dealer must be one of the players."))
    with transaction.atomic():
        notebook = notebook_of_visitor(notebook, promised_key)
        claim, first = claim_form_key(notebook, form_key)
        if not first and claim.game is not None:
            return claim.game
        players = []
        existing = {
            p.name.casefold(): p
            for p in Player.objects.filter(notebook=notebook).annotate(lower=Lower("name"))
        }
        for name in names:
            player = existing.get(name.casefold())
            if player is None:
                player = Player.objects.create(notebook=notebook, name=name)
            players.append(player)
        game = Game.objects.create(
            notebook=notebook,
            kind=kind,
            preset=preset,
            options=rules_as_options(rules),
            first_dealer=first_dealer,
        )
        Seat.objects.bulk_create(
            Seat(game=game, position=i, player=player) for i, player in enumerate(players)
        )
        if kind == Game.Kind.OH_HELL:
            first = oh_hell.plan(rules, len(names), first_dealer)[0]
            Deal.objects.create(game=game, index=0, trump=first.trump or "")
        Change.objects.create(game=game, action="start", params={"names": names}, before={})
        return note_made(claim, game)


def play_again(*, game: Game, form_key: str | None = None) -> Game:
    """A new session with the same table, rules and seats; the deal moves one seat on.
    Once per form: a retry answers with the session the first one made."""
    names = [seat.player.name for seat in game.seats.select_related("player")]
    return start_game(
        notebook=game.notebook,
        kind=game.kind,
        preset=game.preset,
        options=game.options,
        names=names,
        first_dealer=(game.first_dealer + 1) % len(names),
        form_key=form_key,
    )


# -- Oh Hell actions -----------------------------------------------------------------


@game_action(Game.Kind.OH_HELL)
def set_trump(*, table: OhHellTable, deal_number: int, trump: str) -> None:
    game = table.game
    _refuse_if_finished(game)
    deal = _current_deal(table, deal_number)
    value = oh_hell.check_trump(trump, table.plan) or ""
    if value == deal.trump:
        return
    before = snapshot(game, table.deals)
    deal.trump = value
    deal.save(update_fields=["trump"])
    _commit(game, "trump", {"deal": table.plan.number, "trump": value}, before)


@game_action(Game.Kind.OH_HELL)
def place_bid(
    *,
    table: OhHellTable,
    deal_number: int,
    seat: int,
    bid: int,
    was: int | EllipsisType | None = ...,
) -> oh_hell.Bidding:
    """A bid, a changed bid, or a bid out of turn (seeds 000, 002).

    ``was`` is the bid the page showed for this seat (None: no bid yet); when
    another phone has entered a different one since, the bid is refused as a
    conflict rather than silently replacing it. Leave it out to skip the check.
    """
    game = table.game
    _refuse_if_finished(game)
    deal = _current_deal(table, deal_number)
    seat = _check_seat(table, seat)
    bidding = table.bidding
    if bidding.bids.get(seat) == bid:
        return bidding  # the same bid again: a double tap, nothing to do
    if was is not ... and bidding.bids.get(seat) != was:
        raise Conflict(
            gettext_noop(
                "%(player)s's bid was entered on another phone meanwhile. Here is the table now."
            ),
            player=_seat_name(table, seat),
        )
    changed = seat in bidding.bids
    new = bidding.place(seat, bid)
    before = snapshot(game, table.deals)
    # The deal's hands were read under the session's lock: no other row can be there.
    hand = next((hand for hand in deal.hands.all() if hand.seat == seat), None)
    if hand is None:
        hand = Hand(deal=deal, seat=seat, bid=new.bids[seat], out_of_turn=seat in new.out_of_turn)
        write = rows.insert(hand)
    else:
        hand.bid, hand.out_of_turn = new.bids[seat], seat in new.out_of_turn
        write = rows.update(hand, ["bid", "out_of_turn"])
    action = "bid_changed" if changed else ("bid_out_of_turn" if seat in new.out_of_turn else "bid")
    _commit(
        game,
        action,
        {"deal": table.plan.number, "player": _seat_name(table, seat), "bid": bid},
        before,
        [write],
    )
    return new


@game_action(Game.Kind.OH_HELL)
def record_trick(*, table: OhHellTable, deal_number: int, trick_number: int, seat: int) -> None:
    """The winner of one trick as it falls (seeds 000, 001: anyone may ask the count)."""
    game = table.game
    _refuse_if_finished(game)
    deal = _current_deal(table, deal_number)
    seat = _check_seat(table, seat)
    if not table.bidding.complete:
        raise RuleError(gettext_noop("Finish the bidding before play starts."))
    winners = list(deal.trick_winners)
    if trick_number <= len(winners):
        if winners[trick_number - 1] == seat:
            return  # a double tap: this trick is already recorded
        raise Conflict(
            gettext_noop("Trick %(number)s was already recorded. Here is the count now."),
            number=trick_number,
        )
    if trick_number != len(winners) + 1:
        raise Conflict(gettext_noop("This page was out of date. Here is the count now."))
    oh_hell.tally_tricks([*winners, seat], table.plan.cards, table.players)
    before = snapshot(game, table.deals)
    deal.trick_winners = [*winners, seat]
    _commit(
        game,
        "trick",
        {"deal": table.plan.number, "trick": trick_number, "player": _seat_name(table, seat)},
        before,
        [rows.update(deal, ["trick_winners"])],
    )


@game_action(Game.Kind.OH_HELL)
def undo_trick(*, table: OhHellTable, deal_number: int, trick_number: int) -> None:
    """Take back the last trick tapped (the wrong player was tapped)."""
    game = table.game
    _refuse_if_finished(game)
    deal = _current_deal(table, deal_number)
    winners = list(deal.trick_winners)
    if len(winners) < trick_number:
        return  # already taken back
    if len(winners) != trick_number:
        raise Conflict(gettext_noop("This page was out of date. Here is the count now."))
    before = snapshot(game, table.deals)
    deal.trick_winners = winners[:-1]
    deal.save(update_fields=["trick_winners"])
    _commit(
        game,
        "trick_undone",
        {"deal": table.plan.number, "trick": trick_number},
        before,
    )


@game_action(Game.Kind.OH_HELL)
def record_tricks(*, table: OhHellTable, deal_number: int, tricks: Sequence[int | None]) -> None:
    """Everyone's tricks at the end of the deal; scores the deal and opens the next.
    ``tricks`` may name more seats than the table has (a form sends every seat a
    table can have): those are left out."""
    game = table.game
    tricks = list(tricks)[: table.players]
    existing = table.deals[deal_number - 1] if 0 < deal_number <= len(table.deals) else None
    if existing is not None and existing.done:
        stored = [h.tricks for h in existing.hands.all()]
        cards = table.result.deals[deal_number - 1].plan.cards
        if stored == oh_hell.complete_tricks(list(tricks), cards):
            return  # the same tricks again: a double tap
        raise Conflict(
            gettext_noop(
                "This deal was already scored. Open it from the score sheet to correct it."
            )
        )
    _refuse_if_finished(game)
    deal = _current_deal(table, deal_number)
    plan = table.plan
    if not table.bidding.complete:
        raise RuleError(gettext_noop("Every player needs a bid before the tricks."))
    filled = oh_hell.complete_tricks(list(tricks), plan.cards)
    checked = oh_hell.check_tricks(filled, plan.cards, table.players)
    if not oh_hell.taps_agree(deal.trick_winners, checked, plan.cards, table.players):
        raise RuleError(
            gettext_noop(
                "These counts differ from the tricks tapped during play; take back a trick first."
            )
        )
    before = snapshot(game, table.deals)
    for hand in deal.hands.all():
        hand.tricks = checked[hand.seat]
        hand.save(update_fields=["tricks"])
    deal.done = True
    deal.save(update_fields=["done"])
    _after_deal_done(table)
    _commit(game, "tricks", {"deal": plan.number, "tricks": list(checked)}, before)


@game_action(Game.Kind.OH_HELL)
def record_revoke(*, table: OhHellTable, deal_number: int, seat: int) -> None:
    """Seed 000: a revoke caught after the next trick costs 10 points, and the deal
    is played again with the same dealer and the same number of cards."""
    game = table.game
    _refuse_if_finished(game)
    deal = _current_deal(table, deal_number)
    seat = _check_seat(table, seat)
    if not table.bidding.complete:
        raise RuleError(gettext_noop("A revoke can only happen once play has started."))
    before = snapshot(game, table.deals)
    deal.revoke = seat
    deal.done = True
    deal.save(update_fields=["revoke", "done"])
    _after_deal_done(table)
    _commit(
        game,
        "revoke",
        {
            "deal": table.plan.number,
            "player": _seat_name(table, seat),
            "points": table.rules.revoke_penalty,
        },
        before,
    )


@game_action(Game.Kind.OH_HELL)
def add_adjustment(
    *, table: OhHellTable, deal_number: int, seat: int, points: int, note: str
) -> None:
    """Plus or minus points for one player in one deal (any deal, played or current)."""
    game = table.game
    if not 0 < deal_number <= len(table.deals):
        raise RuleError(gettext_noop("There is no deal %(number)s."), number=deal_number)
    if not table.deals[deal_number - 1].done:
        # Totals count scored deals; an adjustment waits for its deal to be scored.
        raise RuleError(gettext_noop("Adjust a deal once it is scored."))
    seat = _check_seat(table, seat)
    if not isinstance(points, int) or points == 0:
        raise RuleError(gettext_noop("Enter the points to add or take away (not 0)."))
    if abs(points) > 1000:
        raise RuleError(gettext_noop("An adjustment can be at most 1000 points."))
    note = " ".join((note or "").split())[:120]
    before = snapshot(game, table.deals)
    deal = table.deals[deal_number - 1]
    Adjustment.objects.create(deal=deal, seat=seat, points=points, note=note)
    load_oh_hell(game).result  # noqa: B018 - validates the whole game again
    _commit(
        game,
        "adjustment",
        {
            "deal": deal_number,
            "player": _seat_name(table, seat),
            "points": points,
            "note": note,
        },
        before,
    )


@game_action(Game.Kind.OH_HELL)
def remove_adjustment(*, table: OhHellTable, deal_number: int, index: int) -> None:
    """Take back one adjustment of a deal (``index`` counts the deal's adjustments from 0)."""
    game = table.game
    if not 0 < deal_number <= len(table.deals):
        raise RuleError(gettext_noop("There is no deal %(number)s."), number=deal_number)
    adjustments = list(table.deals[deal_number - 1].adjustments.all())
    if not 0 <= index < len(adjustments):
        raise Conflict(gettext_noop("That adjustment was already removed."))
    adjustment = adjustments[index]
    before = snapshot(game, table.deals)
    params = {
        "deal": deal_number,
        "player": _seat_name(table, adjustment.seat),
        "points": adjustment.points,
    }
    adjustment.delete()
    _commit(game, "adjustment_removed", params, before)


@game_action(Game.Kind.OH_HELL)
def correct_deal(
    *,
    table: OhHellTable,
    deal_number: int,
    bids: Sequence[int],
    tricks: Sequence[int] | None,
    trump: str,
    version: int | None = None,
) -> None:
    """Change a played deal's bids, tricks and trump; every later total follows.

    ``version`` is the session's version the correction form was shown at; a
    change made since on another phone makes this a conflict, not a lost update.
    """
    game = table.game
    _refuse_if_changed(game, version)
    if not 0 < deal_number <= len(table.deals) or not table.deals[deal_number - 1].done:
        raise RuleError(
            gettext_noop("Deal %(number)s has not been played yet."), number=deal_number
        )
    deal = table.deals[deal_number - 1]
    plan = table.result.deals[deal_number - 1].plan
    checked_bids = oh_hell.check_bids(list(bids), plan.cards, plan.hook, table.players)
    checked_tricks = None
    if deal.revoke is None:
        checked_tricks = oh_hell.check_tricks(list(tricks or []), plan.cards, table.players)
    value = oh_hell.check_trump(trump or None, plan) or ""
    hands = table.hands_of(deal)
    unchanged = value == deal.trump and all(
        hands[s].bid == checked_bids[s]
        and (checked_tricks is None or hands[s].tricks == checked_tricks[s])
        for s in range(table.players)
    )
    if unchanged:
        return
    before = snapshot(game, table.deals)
    deal.trump = value
    if checked_tricks is not None and not oh_hell.taps_agree(
        deal.trick_winners, checked_tricks, plan.cards, table.players
    ):
        # The taps told how the deal was first entered; the corrected counts replace
        # them (docs/export-format.md).
        deal.trick_winners = []
    deal.save(update_fields=["trump", "trick_winners"])
    for seat in range(table.players):
        hand = hands[seat]
        hand.bid = checked_bids[seat]
        hand.tricks = None if checked_tricks is None else checked_tricks[seat]
        hand.save(update_fields=["bid", "tricks"])
    load_oh_hell(game).result  # noqa: B018 - validates the whole game again
    _commit(game, "corrected", {"deal": plan.number}, before)


# -- Kozel actions -------------------------------------------------------------------


@game_action(Game.Kind.KOZEL)
def record_kozel_deal(
    *,
    table: KozelTable,
    deal_number: int,
    team: int,
    points: int,
    zero_team_took_trick: bool | None,
    last_trick_seat: int | None,
) -> kozel.MatchResult:
    """One Kozel deal from one team's card points (seed 004)."""
    game = table.game
    entry = kozel.DealEntry(
        team=team,
        points=points,
        zero_team_took_trick=zero_team_took_trick,
        last_trick_seat=last_trick_seat,
    )
    if deal_number <= len(table.deals):
        if kozel_entry(table.deals[deal_number - 1]) == _normalised(entry, table.rules):
            return table.result  # the same deal again: a double tap
        raise Conflict(
            gettext_noop(
                "Deal %(number)s was already entered. Open it from the score sheet to correct it."
            ),
            number=deal_number,
        )
    _refuse_if_finished(game)
    if deal_number != len(table.deals) + 1:
        raise Conflict(
            gettext_noop("This page was out of date: the match has moved on. Here it is now.")
        )
    entry = _normalised(entry, table.rules)
    result = kozel.score_match(
        table.rules, game.first_dealer, [*map(kozel_entry, table.deals), entry]
    )
    before = snapshot(game, table.deals)
    KozelDeal.objects.create(game=game, index=len(table.deals), **_entry_fields(entry))
    if result.finished:
        game.finished_at = timezone.now()
    outcome = result.outcomes[-1]
    _commit(
        game,
        "kozel_deal",
        {
            "deal": deal_number,
            "points": list(outcome.card_points),
            "defeat_points": list(outcome.defeat_points),
        },
        before,
    )
    return result


@game_action(Game.Kind.KOZEL)
def correct_kozel_deal(
    *,
    table: KozelTable,
    deal_number: int,
    team: int,
    points: int,
    zero_team_took_trick: bool | None,
    last_trick_seat: int | None,
    version: int | None = None,
) -> None:
    """Change an entered Kozel deal; later deals are scored again (and may end the match
    sooner or later than before: deals after a new end are refused)."""
    game = table.game
    _refuse_if_changed(game, version)
    if not 0 < deal_number <= len(table.deals):
        raise RuleError(
            gettext_noop("Deal %(number)s has not been played yet."), number=deal_number
        )
    entry = _normalised(
        kozel.DealEntry(
            team=team,
            points=points,
            zero_team_took_trick=zero_team_took_trick,
            last_trick_seat=last_trick_seat,
        ),
        table.rules,
    )
    entries = [kozel_entry(d) for d in table.deals]
    if entries[deal_number - 1] == entry:
        return
    entries[deal_number - 1] = entry
    result = kozel.score_match(table.rules, game.first_dealer, entries)
    before = snapshot(game, table.deals)
    KozelDeal.objects.filter(pk=table.deals[deal_number - 1].pk).update(**_entry_fields(entry))
    if result.finished and game.finished_at is None:
        game.finished_at = timezone.now()
    elif not result.finished:
        game.finished_at = None
    _commit(game, "corrected", {"deal": deal_number}, before)


def _normalised(entry: kozel.DealEntry, rules: kozel.KozelRules) -> kozel.DealEntry:
    return kozel.validate_deal(entry, rules)


def _entry_fields(entry: kozel.DealEntry) -> dict:
    return {
        "team": entry.team,
        "points": entry.points,
        "zero_team_took_trick": entry.zero_team_took_trick,
        "last_trick_seat": entry.last_trick_seat,
    }


# -- undo ----------------------------------------------------------------------------


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
    last = (
        game.changes.filter(undone=False)
        .exclude(action__in=["start", "undo", "import", "restored"])
        .first()
    )
    if last is None:
        raise RuleError(gettext_noop("There is nothing to undo."))
    before = snapshot(game, table.deals)
    try:
        restore(game, last.before)
    except IntegrityError:  # pragma: no cover - a snapshot is always consistent
        raise RuleError(gettext_noop("That change can no longer be undone.")) from None
    last.undone = True
    last.save(update_fields=["undone"])
    _commit(game, "undo", {"action": last.action, **last.params}, before)
    return last
