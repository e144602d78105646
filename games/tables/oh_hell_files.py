"""Oh Hell's sessions as files (docs/export-format.md): its CSV rows, its deals and result
in JSON, its summary line, and its deals read back from a file through `games.rules`."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from games import limits
from games.explanations import explained
from games.exports.files import LINES_IN_A_CELL
from games.exports.reading import Fields, within
from games.models import Deal
from games.rules import RuleError, gettext_noop, oh_hell
from games.rules.errors import is_whole
from games.tables.oh_hell import OhHellTable

SUIT_WORDS = {
    "S": gettext_noop("spades"),
    "H": gettext_noop("hearts"),
    "D": gettext_noop("diamonds"),
    "C": gettext_noop("clubs"),
    "NT": gettext_noop("no trump"),
}

COLUMNS = [
    pgettext_lazy("CSV column", "deal"),
    pgettext_lazy("CSV column", "cards"),
    pgettext_lazy("CSV column", "dealer"),
    pgettext_lazy("CSV column", "trump"),
    pgettext_lazy("CSV column", "player"),
    pgettext_lazy("CSV column", "bid"),
    pgettext_lazy("CSV column", "tricks"),
    pgettext_lazy("CSV column", "deal score"),
    pgettext_lazy("CSV column", "running total"),
    pgettext_lazy("CSV column", "revoke"),
    pgettext_lazy("CSV column", "how the points came to be"),
]


def csv_rows(table: OhHellTable) -> list[list[object]]:
    """One row per player per deal. A revoked deal has no tricks and names the revoker in
    each row; its replay has the same number."""
    names = table.names
    rows: list[list[object]] = [[str(column) for column in COLUMNS]]
    for scored in table.result.deals:
        plan, record = scored.plan, scored.record
        revoke = "" if record.revoke is None else names[record.revoke]
        for seat, name in enumerate(names):
            why = oh_hell.explain_deal(scored, seat, table.rules)
            rows.append(
                [
                    plan.number,
                    plan.cards,
                    names[plan.dealer],
                    _(SUIT_WORDS[scored.trump]) if scored.trump in SUIT_WORDS else "",
                    name,
                    record.bids[seat],
                    "" if record.tricks is None else record.tricks[seat],
                    scored.scores[seat],
                    scored.totals[seat],
                    revoke,
                    LINES_IN_A_CELL.join(explained(why)),
                ]
            )
    return rows


def deals_json(table: OhHellTable) -> dict:
    return {
        "deals": [_deal_json(deal, table.players) for deal in table.deals],
        "result": _result_json(table.result),
    }


def _deal_json(deal: Deal, players: int) -> dict:
    hands = {hand.seat: hand for hand in deal.hand_list}
    seats = range(players)
    scored = deal.done and deal.revoke is None
    return {
        "trump": deal.trump or None,
        "bids": [hands[s].bid if s in hands else None for s in seats],
        "out_of_turn": [hands[s].out_of_turn if s in hands else False for s in seats],
        "trick_winners": list(deal.trick_winners),
        "tricks": [hands[s].tricks if s in hands else None for s in seats] if scored else None,
        "revoke": deal.revoke,
        "adjustments": [
            {"seat": adj.seat, "points": adj.points, "note": adj.note}
            for adj in deal.adjustment_list
        ],
    }


def _result_json(result: oh_hell.GameResult) -> dict:
    places = {standing.seat: standing.place for standing in result.standings}
    return {
        "finished": result.finished,
        "totals": list(result.totals),
        "places": [places[seat] for seat in range(result.players)],
        "winners": list(result.winners),
        "deals": [
            {
                "number": scored.plan.number,
                "cards": scored.plan.cards,
                "dealer": scored.plan.dealer,
                "trump": scored.trump,
                "replay": scored.replay,
                "made": list(scored.made),
                "points": list(scored.scores),
                "totals": list(scored.totals),
                "why": [
                    explained(oh_hell.explain_deal(scored, seat, result.rules))
                    for seat in range(result.players)
                ],
            }
            for scored in result.deals
        ],
    }


def summary(table: OhHellTable) -> str:
    """For a chat: "Final: Anna 112, Ben 98, …"."""
    result = table.result
    scores = ", ".join(f"{table.names[s.seat]} {s.total}" for s in result.standings)
    if result.finished:
        return _("Final: %(scores)s") % {"scores": scores}
    if not result.deals:
        return _("No deal scored yet.")
    return ngettext(
        "After %(done)s of %(deals)s deal: %(scores)s",
        "After %(done)s of %(deals)s deals: %(scores)s",
        len(result.plans),
    ) % {
        "done": result.next_deal.number - 1,
        "deals": len(result.plans),
        "scores": scores,
    }


# -- reading a file ------------------------------------------------------------------


def read_deals(kind, options: dict, players: int, first_dealer: int, deals: list, get, finished_at):
    """Every deal through `oh_hell.score_game`; the last may be the deal in play."""
    rows, finished = _deals(kind.rules_of(options), players, first_dealer, deals)
    return rows, finished, None


def _seat_list(fields: Fields, name: str, players: int, *, null: bool) -> list | None:
    values = fields.get(name, list, null=null)
    if values is None:
        return None
    if len(values) != players or not all(is_whole(v) or v is None for v in values):
        raise RuleError(
            gettext_noop("“%(field)s” must have one whole number or null per seat."),
            field=name,
        )
    return values


@dataclass(frozen=True)
class _Entered:
    position: int
    trump: str | None
    bids: list
    out_of_turn: list[bool]
    winners: list[int]
    tricks: list | None
    revoke: int | None
    adjustments: list[dict]

    @property
    def done(self) -> bool:
        return self.tricks is not None or self.revoke is not None


def _entry(raw: object, position: int, players: int) -> _Entered:
    fields = Fields(raw, gettext_noop("Each deal must be a JSON object."))
    bids = _seat_list(fields, "bids", players, null=False)
    out_of_turn = fields.get("out_of_turn", list)
    if len(out_of_turn) != players or not all(isinstance(v, bool) for v in out_of_turn):
        raise RuleError(gettext_noop("“out_of_turn” must have true or false for each seat."))
    if any(flag and bid is None for flag, bid in zip(out_of_turn, bids, strict=True)):
        raise RuleError(gettext_noop("Only a bid can be made out of turn."))
    winners = fields.get("trick_winners", list)
    if len(winners) > 60 or not all(is_whole(v) for v in winners):
        raise RuleError(gettext_noop("“trick_winners” must list seats, one per trick."))
    entered = _Entered(
        position=position,
        trump=fields.get("trump", str, null=True),
        bids=bids,
        out_of_turn=out_of_turn,
        winners=winners,
        tricks=_seat_list(fields, "tricks", players, null=True),
        revoke=fields.get("revoke", int, null=True),
        adjustments=_adjustments(fields.get("adjustments", list), players),
    )
    if entered.revoke is not None and entered.tricks is not None:
        raise RuleError(gettext_noop("A revoked deal has no tricks."))
    return entered


def _deals(
    rules: oh_hell.OhHellRules, players: int, first_dealer: int, deals: list
) -> tuple[list[dict], bool]:
    entered = []
    for position, raw in enumerate(deals, start=1):
        with within("deal", position):
            entered.append(_entry(raw, position, players))
    playing = entered.pop() if entered and not entered[-1].done else None
    for deal in entered:
        if not deal.done:  # only the last deal can be in play
            with within("deal", deal.position):
                raise RuleError(gettext_noop("Enter everyone's tricks to score the deal."))
    if playing is not None and playing.adjustments:
        with within("deal", playing.position):
            raise RuleError(gettext_noop("Adjust a deal once it is scored."))
    if sum(len(deal.adjustments) for deal in entered) > limits.MOST_ADJUSTMENTS:
        raise limits.too_many_adjustments()
    records = [
        oh_hell.DealRecord(
            bids=tuple(deal.bids),
            tricks=None if deal.tricks is None else tuple(deal.tricks),
            trump=deal.trump or None,
            revoke=deal.revoke,
            adjustments=tuple(oh_hell.Adjustment(**adj) for adj in deal.adjustments),
        )
        for deal in entered
    ]
    result = oh_hell.score_game(rules, players, first_dealer, records)
    rows = []
    for deal, scored in zip(entered, result.deals, strict=True):
        winners = list(deal.winners)
        with within("deal", scored.plan.number):
            oh_hell.tally_tricks(winners, scored.plan.cards, players)
        if deal.tricks is not None and not oh_hell.taps_agree(
            winners, deal.tricks, scored.plan.cards, players
        ):
            # An older version kept taps a correction contradicted (docs/export-format.md).
            winners = []
        tricks = [None] * players if deal.tricks is None else deal.tricks
        hands = [
            _hand(seat, deal.bids[seat], deal.out_of_turn[seat], tricks[seat])
            for seat in range(players)
        ]
        rows.append(_deal(scored.trump or "", winners, deal.revoke, True, hands, deal.adjustments))
    if result.finished:
        if playing is not None:
            raise RuleError(gettext_noop("The game is over: the schedule has no more deals."))
        return rows, True
    rows.append(_open_deal(result.next_deal, players, playing))
    return rows, False


def _deal(
    trump: str, winners: list, revoke: int | None, done: bool, hands: list, adjustments: list
) -> dict:
    """One Oh Hell deal as an undo snapshot holds it (services.undo.snapshot)."""
    return {
        "trump": trump,
        "trick_winners": winners,
        "revoke": revoke,
        "done": done,
        "hands": hands,
        "adjustments": adjustments,
    }


def _hand(seat: int, bid: int | None, out_of_turn: bool, tricks: int | None) -> dict:
    return {"seat": seat, "bid": bid, "out_of_turn": out_of_turn, "tricks": tricks}


def _open_deal(plan: oh_hell.DealPlan, players: int, deal: _Entered | None) -> dict:
    if deal is None:  # a file may leave out a deal nobody has bid in yet
        return _deal(plan.trump or "", [], None, False, [], [])
    with within("deal", plan.number):
        trump = oh_hell.check_trump(deal.trump, plan) or ""
        for bid in deal.bids:
            if bid is not None:
                oh_hell.check_bid(bid, plan.cards)
        complete = None not in deal.bids
        if complete:
            oh_hell.check_bids(deal.bids, plan.cards, plan.hook, players)
        if deal.winners:
            if not complete:
                raise RuleError(gettext_noop("Finish the bidding before play starts."))
            oh_hell.tally_tricks(deal.winners, plan.cards, players)
    hands = [
        _hand(seat, bid, deal.out_of_turn[seat], None)
        for seat, bid in enumerate(deal.bids)
        if bid is not None
    ]
    return _deal(trump, list(deal.winners), None, False, hands, [])


def _adjustments(raw: list, players: int) -> list[dict]:
    if len(raw) > limits.MOST_ADJUSTMENTS:  # a session's, let alone a deal's
        raise limits.too_many_adjustments()
    adjustments = []
    for item in raw:
        fields = Fields(item, gettext_noop("Each adjustment must be a JSON object."))
        seat = fields.get("seat", int)
        points = fields.get("points", int)
        note = fields.get("note", str, required=False) or ""
        if not 0 <= seat < players:
            raise RuleError(gettext_noop("No such player at this table."))
        if points == 0:
            raise RuleError(gettext_noop("Enter the points to add or take away (not 0)."))
        if abs(points) > limits.ADJUSTMENT_POINTS:
            raise limits.adjustment_too_large()
        note = " ".join(note.split())
        if len(note) > limits.NOTE_LENGTH:
            raise limits.note_too_long()
        adjustments.append({"seat": seat, "points": points, "note": note})
    return adjustments
