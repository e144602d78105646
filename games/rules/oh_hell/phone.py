"""Oh Hell on the phone offline (docs/phone.md "Rules on the phone"), under CPython and
MicroPython alike (keep to the subset both run): games.phone_rules.figures finds this
module by the package's ``PHONE`` and calls ``score`` (a whole game from its deal records)
or ``table`` (the table on a phone: the deals stored, the deal in play, the entries kept).
"""

import json

from games.rules import oh_hell
from games.rules.errors import RuleError
from games.rules.oh_hell import table_view
from games.rules.plain import plain, rules_of


def score(request):
    """The whole game from ``entries``, its deal records as dicts of their fields: the
    result, and each seat's explanation of every deal."""
    rules = rules_of(oh_hell.OhHellRules, request)
    records = [_record(entry) for entry in request["entries"]]
    result = oh_hell.score_game(rules, request["players"], request["first_dealer"], records)
    answer = plain(result)
    answer["explanations"] = [
        [plain(oh_hell.explain_deal(deal, seat, rules)) for seat in range(result.players)]
        for deal in result.deals
    ]
    return answer


def _record(entry):
    """A stored deal (games.tables.oh_hell.record_of's fields) as the rules take it."""
    return oh_hell.DealRecord(
        bids=tuple(entry["bids"]),
        tricks=None if entry.get("tricks") is None else tuple(entry["tricks"]),
        trump=entry.get("trump") or None,
        revoke=entry.get("revoke"),
        adjustments=tuple(
            oh_hell.Adjustment(item["seat"], item["points"], item.get("note", ""))
            for item in entry.get("adjustments", ())
        ),
    )


def _whole(value):
    """A form's whole number, as games.inputs reads it; None for a blank."""
    text = str(value if value is not None else "").strip()
    if text == "":
        return None
    if text.lstrip("-").isdigit():
        return int(text)
    raise RuleError(oh_hell.evening.NOT_WHOLE)


def _entry(evening, action, fields):
    """One entry kept on the phone, its form's fields as the server reads them
    (games.screens.oh_hell.ENTRIES), made on the evening as the server makes it."""
    if action == "trump":
        evening.set_trump(fields.get("trump") or None)
    elif action == "bid":
        evening.bid(_whole(fields.get("seat")), _whole(fields.get("bid")))
    elif action == "trick":
        evening.trick(_whole(fields.get("trick")), _whole(fields.get("seat")))
    elif action == "undo_trick":
        evening.undo_trick(_whole(fields.get("trick")))
    elif action == "tricks":
        players = evening.tally.players
        evening.tricks([_whole(fields.get("tricks-" + str(seat))) for seat in range(players)])
    elif action == "revoke":
        evening.revoke(_whole(fields.get("seat")))
    elif action == "adjust":
        points = _whole(fields.get("points"))
        note = fields.get("note") or ""
        evening.adjust(_whole(fields.get("deal")), _whole(fields.get("seat")), points, note)


#: The evening a phone is scoring, kept between its requests: (what it is, its Tally
#: after the entries kept). An entry kept then costs at most one deal scored.
_evening = {}


def table(request):
    """The table on a phone offline (docs/phone.md "Rules on the phone"): the deals
    the server has scored (``entries``), its deal in play (``playing``: trump, bids by seat,
    the seats that bid out of turn, the trick winners), then each entry ``kept`` on the phone
    (``{"action", "fields"}``, an Undo of the server's being already the request's). The
    answer: the standings, the deal in play (whose bid, what the hook forbids, the call,
    tricks so far), the last deal scored with each seat's explanation, and the first kept
    entry the rules refuse (``refused``: its index and the refusal), those after it left out;
    and the table in parts for the page (``view``: games.rules.oh_hell.table_view), with the
    seat picked on the phone's table (``chosen``)."""
    rules = rules_of(oh_hell.OhHellRules, request)
    players, first_dealer = request["players"], request["first_dealer"]
    stored = [_record(entry) for entry in request["entries"]]
    key = json.dumps([request.get("options", {}), players, first_dealer])
    known = _evening.get(key)
    evening = oh_hell.Evening(oh_hell.Tally(rules, players, first_dealer), [], None, known)
    tally = evening._known(stored)
    if tally is None:
        tally = oh_hell.Tally(rules, players, first_dealer)
        for record in stored:
            tally.add(record)
    evening = oh_hell.Evening(tally, stored, request.get("playing"), known)
    refused = None
    for index, entry in enumerate(request.get("kept", ())):
        try:
            _entry(evening, entry["action"], entry["fields"])
        except RuleError as error:
            refused = {"index": index, "error": plain(error)}
            break
    _evening.clear()
    _evening[key] = evening.tally
    answer = _answer(evening, refused)
    # The table's parts for the page's one drawing (table_view), the seat picked on it too.
    answer["view"] = table_view.view(answer, request.get("chosen"), rules.revoke_penalty)
    return answer


def _answer(evening, refused):
    tally = evening.tally
    result = tally.result()
    players = tally.players
    plan = evening.plan
    answer = {
        "total_deals": len(tally.plans),
        "count": len(evening.records),
        "totals": list(result.totals),
        "standings": plain(result.standings),
        "winners": list(result.winners),
        "finished": result.finished,
        "deal": None,
        "last": None,
        "refused": refused,
    }
    if result.deals:
        scored = result.deals[-1]
        answer["last"] = {
            "number": len(result.deals),
            "plan": scored.plan.number,
            "revoked": scored.revoked,
            "rows": [
                dict(row, whys=plain(oh_hell.explain_deal(scored, seat, tally.rules)))
                for seat, row in enumerate(oh_hell.seat_figures(scored))
            ],
        }
    if plan is not None:
        bidding = evening.bidding
        announcement = bidding.announcement()
        taken = oh_hell.tally_tricks(evening.winners, plan.cards, players)
        answer["deal"] = {
            "number": evening.number,
            "plan": plan.number,
            "cards": plan.cards,
            "dealer": plan.dealer,
            "order": list(bidding.order),
            "fixed_trump": plan.trump,
            "trump": evening.trump,
            "replay": bool(result.deals) and result.deals[-1].revoked,
            "bids": bidding.as_list(),
            "out_of_turn": sorted(bidding.out_of_turn),
            "to_bid": bidding.to_bid,
            "complete": bidding.complete,
            "bids_total": sum(bidding.bids.values()),
            "forbidden": [bidding.forbidden(seat) for seat in range(players)],
            "can_change": [bidding.can_change(seat) for seat in range(players)],
            "announcement": plain(announcement) if announcement else None,
            "winners": list(evening.winners),
            "taken": list(taken),
            "play_over": len(evening.winners) == plan.cards,
        }
    return answer
