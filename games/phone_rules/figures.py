"""Score a game from plain JSON and answer in plain JSON, under CPython and under
MicroPython alike: what the phone's script would call, and what the test compares.

A request is ``{"game", "options", "players", "first_dealer", "entries", "ended"}``. The
options are the fields of the game's ``Rules`` (a preset's, or the table's own). The
entries are as entered: Oh Hell's deal records as dicts of their fields, a round game's
rounds (Kozel's deals too) as its ``check_round`` takes them. The answer is the whole
result, every dataclass as a dict of its fields, each `Why` also said in English
(``text``), and for Oh Hell each seat's explanation of every deal.
"""

import json
import sys
from dataclasses import fields, is_dataclass

from games.rules import oh_hell
from games.rules.entry_fields import entry_of
from games.rules.errors import RuleError, gettext_noop
from games.rules.explain import Why


def plain(value):
    """A result as JSON would carry it: lists for tuples, sorted lists for sets, strings
    for enum members (a StrEnum is its value), dicts for dataclasses and refusals."""
    if is_dataclass(value):
        found = {field.name: plain(getattr(value, field.name)) for field in fields(value)}
        if isinstance(value, Why):
            found["text"] = str(value)
        return found
    if isinstance(value, RuleError):  # a round's refusal carries the entry's as its reason
        return {"error": value.template, "params": plain(value.params), "text": str(value)}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(item) for item in value)
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, str):
        return str(value)
    return value


def _rules(cls, request):
    return cls(**request.get("options", {}))


def _oh_hell(request):
    rules = _rules(oh_hell.OhHellRules, request)
    records = [
        oh_hell.DealRecord(
            bids=tuple(record["bids"]),
            tricks=None if record.get("tricks") is None else tuple(record["tricks"]),
            trump=record.get("trump"),
            revoke=record.get("revoke"),
            adjustments=tuple(
                oh_hell.Adjustment(item["seat"], item["points"], item.get("note", ""))
                for item in record.get("adjustments", ())
            ),
        )
        for record in request["entries"]
    ]
    result = oh_hell.score_game(rules, request["players"], request["first_dealer"], records)
    answer = plain(result)
    answer["explanations"] = [
        [plain(oh_hell.explain_deal(deal, seat, rules)) for seat in range(result.players)]
        for deal in result.deals
    ]
    return answer


def _rounds(game):
    def score(request):
        rules = _rules(game.Rules, request)
        players, first_dealer = request["players"], request["first_dealer"]
        ended = request.get("ended", False)
        result = game.score(rules, players, first_dealer, request["entries"], ended)
        return plain(result)

    return score


def round_game(name):
    """A round game's rules module by its name in games.rules (a request's ``game``, which
    the server takes from the game's Kind), imported when first asked: no list of games
    lives here, so a new game is its own rules module and its registration."""
    plain_name = isinstance(name, str) and name and not name[0].isdigit()
    if not plain_name or not all(c.isalpha() or c.isdigit() or c == "_" for c in name):
        raise KeyError(name)  # (MicroPython's str has no isidentifier)
    if name == "oh_hell":
        raise KeyError(name)
    path = "games.rules." + name
    try:
        __import__(path)
    except ImportError:
        raise KeyError(name) from None
    module = sys.modules[path]
    if not hasattr(module, "Tally"):
        raise KeyError(name)
    return module


def scorer(name):
    """What scores a whole game of ``name``: Oh Hell's deals, or a round game's rounds."""
    return _oh_hell if name == "oh_hell" else _rounds(round_game(name))


def score(request):
    """The whole result of a game as plain JSON, or ``{"error": template, "params": ...}``
    for a refusal by the rules (a `RuleError`), as the server would refuse it. A request
    with ``kept`` is a round game's table on a phone (`table`)."""
    try:
        if "kept" in request and request["game"] == "oh_hell":
            return oh_hell_table(request)
        if "kept" in request:
            return table(request)
        return scorer(request["game"])(request)
    except RuleError as error:
        return plain(error)


#: What the server says to a round sent after the game's end (games.services.rounds).
FINISHED = gettext_noop("This session is finished.")

#: The game a phone is scoring, kept between its requests: (what it is, the rounds added,
#: its Tally). A round kept offline then costs one ``Tally.add``, not the whole game again.
_kept = {}


def table(request):
    """A round game's table on a phone offline (docs/phone.md "Rules on the phone"): the
    stored ``entries`` and then the rounds ``kept`` on the phone, each as its form's fields
    (name -> value), made into the entry the server would store (games.rules.entry_fields)
    and added to a Tally kept from the request before when the game and the rounds before
    are the same. The answer: the standings, ``count`` rounds, the rounds from ``since`` on
    (points, totals, explanations), and the first kept round the rules refuse, if any
    (``refused``: its index in ``kept`` and the refusal), the rounds after it left out."""
    game = round_game(request["game"])
    options = request.get("options", {})
    players, first_dealer = request["players"], request["first_dealer"]
    rounds = list(request["entries"])
    refused = None
    for index, form in enumerate(request.get("kept", ())):
        try:
            rounds.append(entry_of([(name, [value]) for name, value in form.items()]))
        except RuleError as error:
            refused = {"index": index, "error": plain(error)}
            break
    key = json.dumps([request["game"], options, players, first_dealer])
    kept = _kept.get(key)
    added = kept[1] if kept else None
    if added is None or added != rounds[: len(added)]:
        kept = (key, [], game.Tally(_rules(game.Rules, request), players, first_dealer))
        _kept.clear()
        _kept[key] = kept
    added, tally = kept[1], kept[2]
    stored = len(request["entries"])
    rules = tally.rules
    for index in range(len(added), len(rounds)):
        try:
            if index >= stored:
                # Checked as the server checks a round sent to it (services.record_round),
                # so a refusal says the server's words.
                plan = tally.result(False).next_round
                if plan is None:
                    raise RuleError(FINISHED)
                game.check_round(rules, players, plan, rounds[index])
            tally.add(rounds[index])
        except RuleError as error:
            if index < stored:
                raise
            refused = {"index": index - stored, "error": plain(error)}
            break
        added.append(rounds[index])
    result = tally.result(request.get("ended", False))
    since = request.get("since", 0)
    return {
        "sides": plain(result.sides),
        "totals": plain(result.totals),
        "places": plain(result.places),
        "winners": plain(result.winners),
        "finished": result.finished,
        "next_round": plain(result.next_round),
        "marks": plain(result.marks),
        "out": plain(result.out),
        "count": len(result.rounds),
        "rounds": [plain(scored) for scored in result.rounds[since:]],
        "refused": refused,
    }


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


def _oh_hell_entry(evening, action, fields):
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


#: Oh Hell's evening a phone is scoring, kept between its requests: (what it is, its Tally
#: after the entries kept). An entry kept then costs at most one deal scored.
_evening = {}


def oh_hell_table(request):
    """Oh Hell's table on a phone offline (docs/phone.md "Rules on the phone"): the deals
    the server has scored (``entries``), its deal in play (``playing``: trump, bids by seat,
    the seats that bid out of turn, the trick winners), then each entry ``kept`` on the phone
    (``{"action", "fields"}``, an Undo of the server's being already the request's). The
    answer: the standings, the deal in play (whose bid, what the hook forbids, the call,
    tricks so far), the last deal scored with each seat's explanation, and the first kept
    entry the rules refuse (``refused``: its index and the refusal), those after it left out."""
    rules = _rules(oh_hell.OhHellRules, request)
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
            _oh_hell_entry(evening, entry["action"], entry["fields"])
        except RuleError as error:
            refused = {"index": index, "error": plain(error)}
            break
    _evening.clear()
    _evening[key] = evening.tally
    return _oh_hell_answer(evening, refused)


def _oh_hell_answer(evening, refused):
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
