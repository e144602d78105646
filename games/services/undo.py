"""Undo: what each action keeps of the session before it (its snapshot), and the session
put back from it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from games.kinds import kind_of
from games.models import Adjustment, Change, Deal, Game, Hand, KozelDeal, Round
from games.rules import RuleError, gettext_noop
from games.services.sessions import (
    Conflict,
    KozelTable,
    OhHellTable,
    RoundsTable,
    commit,
    game_action,
    kozel_entry,
    kozel_fields,
)


def snapshot(
    game: Game,
    deals: Sequence[Deal] | Sequence[KozelDeal] | Sequence[Round],
    pending: Round | None = None,
    *,
    start: int = 0,
) -> dict:
    """What undo needs to put the session back: the deals from ``start`` on as entered (the
    ones the action may change: ``from``), and when it finished. ``deals`` as loaded
    (prefetched), so this reads nothing again; ``pending``: a round's bids not yet played.
    An action costs the same in the 5th deal as in the 200th. A snapshot without ``from``
    (written before) holds every deal."""
    state = {"from": start, "deals": [deal_state(game, deal) for deal in deals[start:]]}
    if pending is not None:
        state["pending"] = pending.entry
    return {**state, "finished_at": game.finished_at.isoformat() if game.finished_at else None}


def deal_state(game: Game, deal: Deal | KozelDeal | Round) -> dict:
    """One deal as a snapshot holds it: as entered."""
    if kind_of(game.kind).rounds is not None:
        return deal.entry
    if game.kind == Game.Kind.KOZEL:
        return kozel_fields(kozel_entry(deal))
    return {
        "trump": deal.trump,
        "trick_winners": list(deal.trick_winners),
        "revoke": deal.revoke,
        "done": deal.done,
        "hands": [
            {"seat": h.seat, "bid": h.bid, "out_of_turn": h.out_of_turn, "tricks": h.tricks}
            for h in deal.hands.all()
        ],
        "adjustments": [
            {"seat": a.seat, "points": a.points, "note": a.note} for a in deal.adjustments.all()
        ],
    }


def whole(table: OhHellTable | KozelTable | RoundsTable, state: dict) -> list[dict]:
    """Every deal of a snapshot: those before its ``from`` as ``table`` has them (an action
    leaves them as they were), then its own."""
    start = state.get("from", 0)
    return [deal_state(table.game, deal) for deal in table.deals[:start]] + state["deals"]


def restore(game: Game, state: dict) -> None:
    """The deals from the snapshot's ``from`` on, and the end, as the snapshot holds them."""
    start = state.get("from", 0)
    if kind_of(game.kind).rounds is not None:
        game.rounds.filter(index__gte=start).delete()
        rounds = [
            Round(game=game, index=start + i, entry=entry) for i, entry in enumerate(state["deals"])
        ]
        if state.get("pending") is not None:
            index = start + len(rounds)
            rounds.append(Round(game=game, index=index, entry=state["pending"], done=False))
        Round.objects.bulk_create(rounds)
    elif game.kind == Game.Kind.KOZEL:
        game.kozel_deals.filter(index__gte=start).delete()
        KozelDeal.objects.bulk_create(
            KozelDeal(game=game, index=start + i, **item) for i, item in enumerate(state["deals"])
        )
    else:
        game.deals.filter(index__gte=start).delete()
        for i, item in enumerate(state["deals"]):
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
    finished = state.get("finished_at")
    game.finished_at = datetime.fromisoformat(finished) if finished else None


def rounds_after(state: dict) -> int:
    """How many rounds were played in a round game's snapshot."""
    return state.get("from", 0) + len(state["deals"])


NOT_UNDONE = ["start", "undo", "import", "restored"]


def last_undoable(game: Game) -> Change | None:
    """What Undo takes back: the last action not undone (one query)."""
    return game.changes.filter(undone=False).exclude(action__in=NOT_UNDONE).first()


@game_action(None)
def undo_last(*, table: OhHellTable | KozelTable | RoundsTable, version: int) -> Change | None:
    """Take back the last action; ``version`` guards against undoing someone else's."""
    game = table.game
    if version != game.version:
        raise Conflict(
            gettext_noop(
                "Someone changed the session since this page was shown. Here it is now;"
                " undo again if you still want to."
            )
        )
    last = last_undoable(game)
    if last is None:
        raise RuleError(gettext_noop("There is nothing to undo."))
    pending = getattr(table, "pending", None)
    before = snapshot(game, table.deals, pending, start=last.before.get("from", 0))
    restore(game, last.before)
    last.undone = True
    last.save(update_fields=["undone"])
    commit(game, "undo", {"action": last.action, **last.params}, before)
    return last
