"""Oh Hell scored offline on a phone agrees with the server (docs/phone.md "Rules on the
phone"): random evenings of every preset played online entry by entry through the deal
screen's forms (trump, bids in turn and out of turn, changed bids, the hook's number, tricks
tapped and taken back, the counts, revokes, adjustments, refusals among them); then, from a
random point, the same entries as a phone offline keeps them, scored by games.rules under
MicroPython in Node (tools/phone_rules/run.mjs) and worded as the phone words them
(static/js/phone-rules.js with the catalogue the server sends, tools/phone_rules/words.mjs):
the same deal in play, last deal, totals, places and winners, the same explanations, and
each entry the server refused refused on the phone in the server's words, in English and
in Polish."""

from __future__ import annotations

import html
import json
import random
import re

import pytest
from django.urls import reverse
from django.utils import translation

from games import services
from games.explanations import catalogue, explained
from games.models import Game
from games.phone_rules import bundle
from games.rules import oh_hell
from tests.games.conftest import HTMX, form_key
from tests.games.test_rounds_offline_agree import MODULE, RUN, WORDS, run
from tests.games.test_rounds_offline_agree import node as node  # the fixture

PRESETS = sorted(oh_hell.PRESETS)
SEEDS = range(1)
STEPS = 90  # entries tried in an evening


def state_of(client, game: Game) -> dict:
    page = client.get(reverse("game", args=[game.public_id])).content.decode()
    found = re.search(r'<script id="offline-state" type="application/json">(.*?)</script>', page)
    return json.loads(found.group(1))


def an_entry(chance: random.Random, table) -> tuple[str, dict[str, str]] | None:
    """An entry a scorekeeper might make now, as its form's fields (strings): mostly what the
    table asks for, sometimes what the rules refuse."""
    plan = table.plan
    if plan is None:
        return None
    deal = table.current
    number = str(table.deal_number(deal))
    bidding = table.bidding
    players = table.players
    scored = len(table.result.deals)
    roll = chance.random()
    if scored and roll < 0.04:
        points = chance.choice([0, -10, 5, 25])
        return "adjust", {
            "deal": str(chance.randint(1, scored + 1)),
            "seat": str(chance.randrange(players)),
            "points": str(points),
            "note": chance.choice(["", "late", "  a  bonus "]),
        }
    if plan.trump is None and not deal.trump and roll < 0.1:
        return "trump", {"deal": number, "trump": chance.choice(["S", "H", "D", "C", "NT"])}
    if not bidding.complete or (roll < 0.08 and not deal.trick_winners):
        waiting = [seat for seat in range(players) if seat not in bidding.bids]
        changing = [seat for seat in bidding.bids if bidding.can_change(seat)]
        seat = bidding.to_bid
        if waiting and chance.random() < 0.15:
            seat = chance.choice(waiting)  # out of turn
        elif changing and chance.random() < 0.15:
            seat = chance.choice(changing)
        elif seat is None:
            seat = chance.randrange(players)  # after the bidding closed: maybe refused
        forbidden = bidding.forbidden(seat)
        bid = chance.randint(0, plan.cards)
        if forbidden is not None and chance.random() < 0.3:
            bid = forbidden
        was = bidding.bids.get(seat)
        return "bid", {
            "deal": number,
            "seat": str(seat),
            "bid": str(bid),
            "was": "" if was is None else str(was),
        }
    winners = list(deal.trick_winners)
    if roll < 0.03:
        return "revoke", {"deal": number, "seat": str(chance.randrange(players))}
    if winners and roll < 0.1:
        return "undo_trick", {"deal": number, "trick": str(len(winners))}
    taken = oh_hell.tally_tricks(winners, plan.cards, players)
    if len(winners) == plan.cards or (not winners and roll < 0.45):
        counts = list(taken)
        if not winners:
            counts = [0] * players
            for _trick in range(plan.cards):
                counts[chance.randrange(players)] += 1
            if chance.random() < 0.15:
                counts[0] += 1  # do not add up
        fields = {f"tricks-{seat}": str(count) for seat, count in enumerate(counts)}
        if chance.random() < 0.3:
            fields[f"tricks-{chance.randrange(players)}"] = ""  # what remains
        return "tricks", {"deal": number, **fields}
    return "trick", {
        "deal": number,
        "trick": str(len(winners) + 1),
        "seat": str(chance.randrange(players)),
    }


def evening(client, notebook, preset: str, seed: int) -> dict:
    """An evening played online from its start; from a random entry on, what a phone that
    lost its connection then keeps: the state the page had, each entry tried, the server's
    answer to it (None: made; else its refusal's page), in order."""
    chance = random.Random(f"oh hell {preset} {seed}")
    players = chance.randint(3, 6)
    game = services.start_game(
        notebook=notebook,
        kind="oh_hell",
        preset=preset,
        options=services.rules_as_options(oh_hell.PRESETS[preset]),
        names=[f"P{seat}" for seat in range(players)],
        first_dealer=chance.randrange(players),
    )
    cut = chance.randint(0, STEPS // 2)
    state, tried = None, []
    for step in range(STEPS):
        if step == cut:
            state = state_of(client, game)
        table = services.load(Game.objects.get(pk=game.pk))
        entry = an_entry(chance, table)
        if entry is None:
            break
        action, fields = entry
        url = reverse(action, args=[game.public_id])
        answer = client.post(url, {"idem": form_key(), **fields}, **HTMX)
        assert answer.status_code in (200, 422), (action, fields, answer.status_code)
        refused = None
        if answer.status_code == 422:  # the refusal's page in each language (it changed nothing)
            refused = {
                language: client.post(
                    url, {"idem": form_key(), **fields}, HTTP_ACCEPT_LANGUAGE=language, **HTMX
                ).content.decode()
                for language in ("en", "pl")
            }
        if step >= cut:
            tried.append({"action": action, "fields": fields, "refused": refused})
    if state is None:
        state = state_of(client, game)
    return {"game": game, "state": state, "tried": tried}


def asked(state: dict, kept: list[dict]) -> dict:
    """The rules' request a phone makes (static/js/offline-drawing.js, ``asked``)."""
    rules = state["rules"]
    return {
        **{key: rules[key] for key in ("game", "options", "players", "first_dealer")},
        "entries": rules["entries"],
        "playing": rules["playing"],
        "kept": kept,
    }


def expected(table) -> dict:
    """The figures the server's deal screen shows, as the phone's answer carries them."""
    result = table.result
    plan = table.plan
    found = {
        "totals": list(result.totals),
        "standings": [[s.seat, s.total, s.place, s.made_bids, s.winner] for s in result.standings],
        "winners": list(result.winners),
        "finished": result.finished,
        "count": len(result.deals),
        "deal": None,
        "last": None,
    }
    if result.deals:
        scored = result.deals[-1]
        found["last"] = {
            "plan": scored.plan.number,
            "revoked": scored.revoked,
            "scores": list(scored.scores),
            "totals": list(scored.totals),
            "made": list(scored.made),
        }
    if plan is not None:
        bidding = table.bidding
        deal = table.current
        announcement = bidding.announcement()
        found["deal"] = {
            "number": table.deal_number(deal),
            "plan": plan.number,
            "cards": plan.cards,
            "dealer": plan.dealer,
            "trump": deal.trump or plan.trump,
            "bids": bidding.as_list(),
            "out_of_turn": sorted(bidding.out_of_turn),
            "to_bid": bidding.to_bid,
            "forbidden": [bidding.forbidden(seat) for seat in range(table.players)],
            "can_change": [bidding.can_change(seat) for seat in range(table.players)],
            "call": announcement and [str(announcement.call), announcement.by],
            "taken": list(oh_hell.tally_tricks(deal.trick_winners, plan.cards, table.players)),
        }
    return found


def found(answer: dict) -> dict:
    """The same figures from the phone's answer."""
    deal, last = answer["deal"], answer["last"]
    return {
        "totals": answer["totals"],
        "standings": [
            [s["seat"], s["total"], s["place"], s["made_bids"], s["winner"]]
            for s in answer["standings"]
        ],
        "winners": answer["winners"],
        "finished": answer["finished"],
        "count": answer["count"],
        "deal": deal
        and {
            **{key: deal[key] for key in ("number", "plan", "cards", "dealer", "trump", "bids")},
            **{key: deal[key] for key in ("out_of_turn", "to_bid", "forbidden", "can_change")},
            "call": deal["announcement"]
            and [deal["announcement"]["call"], deal["announcement"]["by"]],
            "taken": deal["taken"],
        },
        "last": last
        and {
            "plan": last["plan"],
            "revoked": last["revoked"],
            "scores": [row["score"] for row in last["rows"]],
            "totals": [row["total"] for row in last["rows"]],
            "made": [row["made"] for row in last["rows"]],
        },
    }


@pytest.mark.long
@pytest.mark.django_db
def test_a_phone_offline_scores_random_oh_hell_evenings_as_the_server(
    node, client, notebook, tmp_path
) -> None:
    path = tmp_path / "bundle.json"
    bundle.write(path)
    module = tmp_path / "phone-rules.mjs"
    module.write_text(MODULE.read_text())

    evenings, requests, refusals = [], [], []
    for preset in PRESETS:
        for seed in SEEDS:
            played = evening(client, notebook, preset, seed)
            kept = []
            for entry in played["tried"]:
                one = {"action": entry["action"], "fields": entry["fields"]}
                if entry["refused"]:
                    # The phone asks the rules before keeping it: refused, and not kept.
                    refusals.append((played, entry, len(requests)))
                    requests.append(asked(played["state"], [*kept, one]))
                else:
                    kept.append(one)
            evenings.append((f"{preset} {seed}", played, len(requests)))
            requests.append(asked(played["state"], kept))
    assert refusals, "no entry was refused"
    assert any(played["tried"][0:1] for _, played, _ in evenings)

    answers = [each["answer"] for each in run(node, RUN, path, requests)["answers"]]
    for name, played, at in evenings:
        answer = answers[at]
        assert answer.get("refused") is None, (name, answer.get("refused"), answer.get("crash"))
        table = services.load(Game.objects.get(pk=played["game"].pk))
        assert found(answer) == expected(table), name

    worded_in = {}
    for language in ("en", "pl"):
        with translation.override(language):
            said = run(
                node,
                WORDS,
                module,
                {"catalogue": catalogue(oh_hell), "answers": answers},
            )
            worded_in[language] = said
            for name, played, at in evenings:
                table = services.load(Game.objects.get(pk=played["game"].pk))
                if table.result.deals:
                    scored = table.result.deals[-1]
                    whys = [
                        explained(oh_hell.explain_deal(scored, seat, table.rules))
                        for seat in range(table.players)
                    ]
                    assert said[at]["last"] == whys, name
            for _played, entry, at in refusals:
                refused = answers[at]["refused"]
                assert refused is not None, entry
                assert refused["index"] == len(requests[at]["kept"]) - 1, entry
                page = entry["refused"][language]
                reason = said[at]["refused"]
                assert reason and html.escape(reason, quote=False) in page, (reason, entry)
    assert worded_in["en"] != worded_in["pl"]  # the Polish catalogue was used
