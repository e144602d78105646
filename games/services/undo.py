"""Undo: what each action keeps of the session before it (its snapshot), and the session
put back from it."""

from __future__ import annotations

from datetime import datetime

from games.models import Change, Game, SeatBid
from games.rules import RuleError, gettext_noop
from games.services.sessions import Conflict, commit, game_action
from games.tables import Table


def snapshot(table: Table, *, start: int = 0) -> dict:
    """What undo needs to put the session back: the deals from ``start`` on as entered (the
    ones the action may change: ``from``), the round whose bids are in if any, and when it
    finished. From the table as loaded (prefetched), so this reads nothing again: an action
    costs the same in the 5th deal as in the 200th. A snapshot without ``from`` (written
    before) holds every deal."""
    game = table.game
    state = {"from": start, "deals": [table.deal_state(deal) for deal in table.deals[start:]]}
    if table.pending is not None:
        state["pending"] = table.pending.entry
    return {**state, "finished_at": game.finished_at.isoformat() if game.finished_at else None}


def whole(table: Table, state: dict) -> list[dict]:
    """Every deal of a snapshot: those before its ``from`` as ``table`` has them (an action
    leaves them as they were), then its own."""
    start = state.get("from", 0)
    return [table.deal_state(deal) for deal in table.deals[:start]] + state["deals"]


def restore(table: Table, state: dict) -> None:
    """The deals from the snapshot's ``from`` on, and the end, as the snapshot holds them;
    and the seats' bids made in turn, where it kept them (games.services.rounds.seat_bid)."""
    game = table.game
    type(table).restore(game, state.get("from", 0), state["deals"], state.get("pending"))
    if (kept := seat_bids_kept(state)) is not None:
        round_number, made = kept
        SeatBid.objects.filter(game=game).delete()
        SeatBid.objects.bulk_create(
            SeatBid(game=game, round_number=round_number, seat=seat, bid=bid, marks=marks)
            for seat, (bid, marks) in made.items()
        )
    finished = state.get("finished_at")
    game.finished_at = datetime.fromisoformat(finished) if finished else None


def seat_bids_kept(state: dict) -> tuple[int, dict[int, tuple[int, dict]]] | None:
    """The seats' bids made in turn that a snapshot kept (games.services.rounds.seat_bids_
    state): their round, and seat -> (bid, marks); None where it kept none."""
    kept = state.get("seat_bids")
    if kept is None:
        return None
    return kept["round"], {int(seat): (bid, marks) for seat, (bid, marks) in kept["bids"].items()}


def rounds_after(state: dict) -> int:
    """How many rounds were played in a round game's snapshot."""
    return state.get("from", 0) + len(state["deals"])


#: A sealed bid is not taken back alone (its snapshot keeps no bid): once all are in, Undo
#: takes the round's bids back, and the table bids again. A bid made in turn is (the last
#: one first: games.services.rounds.seat_bid).
NOT_UNDONE = ["start", "undo", "import", "restored", "bid_sealed"]


def last_undoable(game: Game) -> Change | None:
    """What Undo takes back: the last action not undone. The one this request's action just
    wrote (`commit`), or else one query."""
    made = getattr(game, "last_change", None)
    if made is not None and not made.undone and made.action not in NOT_UNDONE:
        return made
    return game.changes.filter(undone=False).exclude(action__in=NOT_UNDONE).first()


@game_action(None)
def undo_last(*, table: Table, version: int) -> Change | None:
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
    before = snapshot(table, start=last.before.get("from", 0))
    restore(table, last.before)
    last.undone = True
    last.save(update_fields=["undone"])
    commit(game, "undo", {"action": last.action, **last.params}, before)
    return last
