"""Oh Hell's table on a phone offline, as parts (docs/phone.md "Rules on the phone"): which
of the deal screen's parts show, in what order, and what fills them, worked out on the
phone with the figures (``games.rules.oh_hell.phone.table``). The parts themselves are the
server's, drawn ahead from the game's own template (templates/games/oh_hell_parts.html)
with the deal screen's classes; the page's one drawing (static/js/offline-drawing.js)
fills them in and decides nothing. Under CPython and MicroPython alike.

A part is ``{"part": name, slot: value, ...}``. A value is a number or a text, a list of
values (said one after the other), or a word of the page's language: ``{"say": key, ...}``
(the server's sentence ``key`` with those params), ``{"plural": key, "count": n, ...}``
(its plural form for n, which is its ``n`` unless a param says otherwise),
``{"name": seat}``, ``{"why": why}`` (a line of an explanation) or ``{"refusal": error}``.
A slot may also hold a list of parts, or of attributes.
"""

SUITS = (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"))


def _name(seat):
    return {"name": seat}


def view(answer, chosen, revoke_penalty):
    """The table's parts, top to bottom, for the rules' ``answer`` and the seat the
    scorekeeper picked on the phone (``chosen``, or None)."""
    deal, last = answer["deal"], answer["last"]
    parts = [{"part": "undo"}]
    if deal:
        title = [{"say": "deal_title", "n": deal["plan"], "total": answer["total_deals"]}]
        if deal["replay"]:
            title += [" · ", {"say": "played_again"}]
        cards = deal["cards"]
        facts = {"plural": "facts", "count": cards, "cards": cards, "tricks": cards}
        parts.append(
            {"part": "deal-line", "title": title, "facts": facts, "dealer": _name(deal["dealer"])}
        )
    if last:
        parts.append(_last(last))
    if deal:
        changing = (
            deal["complete"]
            and not deal["winners"]
            and chosen is not None
            and deal["can_change"][chosen]
        )
        if not deal["complete"] or changing:
            parts += [_trump(deal), _bids(deal, chosen)]
        if deal["announcement"]:
            parts.append(_announcement(deal))
        if deal["complete"] and not changing:
            parts.append(_play(deal))
    else:
        winners = answer["winners"]
        if len(winners) > 1:
            names = []
            for seat in winners:
                names += [", ", _name(seat)] if names else [_name(seat)]
            said = {"say": "shared_win", "names": names}
        else:
            said = {"say": "wins", "name": _name(winners[0])}
        parts.append({"part": "game-over", "said": said})
    if deal and deal["complete"]:
        parts.append(_revoke(deal, answer, revoke_penalty))
    if last:
        summary = {"say": "adjust_in", "n": last["plan"]}
        parts.append({"part": "adjust", "fields": {"deal": last["number"]}, "summary": summary})
    standings = [
        {
            "part": "standing",
            "attrs": {"class": "winner" if s["winner"] and not deal else None},
            "place": [s["place"], "."],
            "name": _name(s["seat"]),
            "total": s["total"],
        }
        for s in answer["standings"]
    ]
    parts.append({"part": "totals", "standings": standings})
    if answer["refused"]:
        parts.append({"part": "refused", "said": {"refusal": answer["refused"]["error"]}})
    return parts


def _last(last):
    """The deal just scored, folded into one line; open, how each player's points came."""
    line = {"say": "revoked" if last["revoked"] else "scored", "n": last["plan"]}
    cells = []
    for seat, row in enumerate(last["rows"]):
        cells += [" · " + ("✓" if row["made"] else ""), _name(seat), " " + str(row["score"])]
    whys = [
        {
            "part": "why",
            "name": _name(seat),
            "lines": [{"part": "why-line", "line": {"why": why}} for why in row["whys"]],
        }
        for seat, row in enumerate(last["rows"])
    ]
    return {"part": "last", "line": line, "cells": cells, "whys": whys}


def _trump(deal):
    fixed = deal["fixed_trump"]
    if fixed == "NT":
        return {"part": "trump-fixed", "shown": {"say": "no_trump"}}
    if fixed:
        symbol = next(each for suit, each in SUITS if suit == fixed)
        return {"part": "trump-fixed", "shown": [symbol, " ", {"say": "suits." + fixed}]}
    buttons = [
        {
            "part": "suit",
            "attrs": {
                "value": suit,
                "class": "suit-btn suit-" + suit,
                "aria-pressed": "true" if deal["trump"] == suit else "false",
                "aria-label": {"say": "suits." + suit},
            },
            "symbol": symbol,
        }
        for suit, symbol in SUITS
    ]
    return {"part": "trump", "fields": {"deal": deal["number"]}, "suits": buttons}


def _wants_bid(deal, seat):
    return deal["bids"][seat] is None


def _bids(deal, chosen):
    """The bids so far, each one that may still change (or be bid out of turn) a link to
    the keypad; the keypad of the one picked, else of the one whose turn it is."""

    def pickable(seat):
        return _wants_bid(deal, seat) or deal["can_change"][seat]

    seat = chosen if chosen is not None and pickable(chosen) else deal["to_bid"]
    chips = []
    for each in deal["order"]:
        bid = deal["bids"][each]
        if bid is not None:
            shown = str(bid) + ("*" if each in deal["out_of_turn"] else "")
        else:
            shown = "…" if each == deal["to_bid"] else "–"
        classes = "bid-chip"
        classes += " turn" if each == deal["to_bid"] else ""
        classes += " chosen" if each == seat else ""
        badge = [{"part": "dealer-badge"}] if each == deal["dealer"] else []
        chip = {"name": _name(each), "badge": badge, "bid": shown, "attrs": {"class": classes}}
        if each != seat and pickable(each):
            chip["part"] = "chip-pick"
            chip["pick"] = {"data-pick": each}
            chip["label"] = {"say": "pick_out_of_turn" if bid is None else "pick_change"}
        else:
            chip["part"] = "chip"
        chips.append(chip)
    keypad = []
    if seat is not None:
        forbidden = deal["forbidden"][seat]
        keys = []
        for n in range(deal["cards"] + 1):
            if n == forbidden:
                label = {"say": "forbidden", "n": n}
                keys.append(
                    {"part": "key-forbidden", "attrs": {"value": n, "aria-label": label}, "n": n}
                )
            else:
                keys.append({"part": "key", "attrs": {"value": n}, "n": n})
        reason = []
        if forbidden is not None:
            cards = deal["cards"]
            hook = {
                "plural": "hook",
                "count": cards,
                "name": _name(seat),
                "n": forbidden,
                "cards": cards,
            }
            reason = [{"part": "hook", "said": hook}]
        was = deal["bids"][seat]
        keypad = [
            {
                "part": "keypad",
                "fields": {"deal": deal["number"], "seat": seat, "was": "" if was is None else was},
                "label": {"say": "bids_label", "name": _name(seat)},
                "keys": keys,
                "reason": reason,
            }
        ]
    running = {
        "plural": "bids_of",
        "count": deal["cards"],
        "bids": deal["bids_total"],
        "tricks": deal["cards"],
    }
    return {"part": "bids", "running": running, "chips": chips, "keypad": keypad}


def _announcement(deal):
    call = deal["announcement"]
    said = (
        {"say": call["call"]} if call["call"] == "even" else {"say": call["call"], "by": call["by"]}
    )
    detail = {
        "plural": "call",
        "count": deal["cards"],
        "bids": call["bids"],
        "tricks": deal["cards"],
    }
    attrs = {"class": "announcement call-" + call["call"]}
    return {"part": "announcement", "attrs": attrs, "said": said, "detail": detail}


def _play(deal):
    played = len(deal["winners"])
    cards, order = deal["cards"], deal["order"]
    inside = []
    if deal["play_over"]:
        fields = {"deal": deal["number"]}
        for seat, count in enumerate(deal["taken"]):
            fields["tricks-" + str(seat)] = count
        chips = [
            {
                "part": "taken-chip",
                "attrs": {
                    "class": "bid-chip made" if deal["bids"][s] == deal["taken"][s] else "bid-chip"
                },
                "name": _name(s),
                "taken": [deal["taken"][s], "/", deal["bids"][s]],
            }
            for s in order
        ]
        inside.append({"part": "all-played", "fields": fields, "chips": chips})
    else:
        buttons = [
            {
                "part": "trick-button",
                "attrs": {"value": s},
                "name": _name(s),
                "taken": [deal["taken"][s], "/", deal["bids"][s]],
                "said": {"say": "taken", "t": deal["taken"][s], "b": deal["bids"][s]},
            }
            for s in order
        ]
        question = {"say": "trick_question", "n": played + 1, "cards": cards}
        fields = {"deal": deal["number"], "trick": played + 1}
        inside.append(
            {"part": "tricks", "question": question, "fields": fields, "buttons": buttons}
        )
        # Counts typed on the phone only before any trick is tapped: after that they are the
        # taps' (the server checks typed counts against the taps: games.rules.taps_agree).
        if not played:
            rows = [
                {
                    "part": "count-row",
                    "name": _name(s),
                    "bid": {"say": "bid_n", "bid": deal["bids"][s]},
                    "keys": [
                        {
                            "part": "count-key",
                            "attrs": {"name": "tricks-" + str(s), "value": n},
                            "n": n,
                        }
                        for n in range(cards + 1)
                    ],
                }
                for s in order
            ]
            counts = {"deal": deal["number"]}
            inside.append(
                {"part": "counts", "fields": counts, "attrs": {"data-cards": cards}, "rows": rows}
            )
    if played:
        back = {"say": "take_back", "n": played}
        fields = {"deal": deal["number"], "trick": played}
        inside.append({"part": "take-back", "fields": fields, "said": back})
    return {"part": "play", "inside": inside}


def _revoke(deal, answer, penalty):
    seats = [
        {"part": "revoke-seat", "attrs": {"value": s}, "name": _name(s)}
        for s in range(len(deal["bids"]))
    ]
    return {
        "part": "revoke",
        "rule": {"plural": "revoke_rule", "count": penalty},
        "fields": {"deal": deal["number"]},
        "seats": seats,
        "record": {"say": "record_revoke", "p": penalty},
    }
