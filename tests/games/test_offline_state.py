"""The session's state that each table sends the scorekeeper's phone (games/views/offline.py):
the figures now, and as Undo would leave them. After every kind of action, the figures the
page promised for Undo are the figures the page shows once the server has undone it."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from games import services
from games.models import Game
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import (
    BEN,
    deal_now,
    enter_kozel_deal,
    place_bids,
    play_deal,
    start_kozel,
    start_oh_hell,
)

#: What the phone's model starts from; the rest (version, words, links) says how to send.
NOT_FIGURES = {"version", "kept", "urls", "names", "teams", "undo", "game"}


def state_of(client, game: Game) -> dict:
    html = client.get(reverse("game", args=[game.public_id])).content.decode()
    found = re.search(r'<script id="offline-state" type="application/json">(.*?)</script>', html)
    assert found, "no offline state in the page"
    return json.loads(found.group(1))


def figures(state: dict) -> dict:
    if state["game"] == "oh_hell":  # what the rules on the phone go on from
        return {key: state["rules"][key] for key in ("entries", "playing")}
    return {key: value for key, value in state.items() if key not in NOT_FIGURES}


def undo_agrees(client, game: Game) -> None:
    promised = state_of(client, game)["undo"]
    services.undo_last(game=game, version=Game.objects.get(pk=game.pk).version)
    assert figures(state_of(client, game)) == promised


def tap_trick(game: Game, seat: int) -> None:
    table = deal_now(game)
    oh_hell_services.record_trick(
        game=game,
        deal_number=table.deal_number(table.current),
        trick_number=len(table.current.trick_winners) + 1,
        seat=seat,
    )


def test_a_new_session_has_nothing_to_undo(client, notebook) -> None:
    game = start_oh_hell(notebook)

    assert state_of(client, game)["undo"] is None


@pytest.mark.parametrize(
    "then",
    [
        "bid",
        "trump",
        "trick",
        "trick taken back",
        "deal scored",
        "revoke",
        "adjustment",
        "second deal's bid",
    ],
)
def test_undo_leaves_the_figures_the_page_promised(client, notebook, then) -> None:
    game = start_oh_hell(notebook, preset="classic")  # 1 card, then 2, 3 ...
    number = deal_now(game).deal_number(deal_now(game).current)
    if then == "trump":
        oh_hell_services.set_trump(game=game, deal_number=number, trump="H")
    else:
        place_bids(game, {BEN: 1, 2: 0, 3: 0} if then == "bid" else {BEN: 1, 2: 0, 3: 0, 0: 1})
    if then in ("trick", "trick taken back"):
        tap_trick(game, BEN)
        if then == "trick taken back":
            oh_hell_services.undo_trick(game=game, deal_number=number, trick_number=1)
    if then in ("deal scored", "adjustment", "second deal's bid"):
        oh_hell_services.record_tricks(game=game, deal_number=number, tricks=[0, 1, 0, 0])
    if then == "revoke":
        oh_hell_services.record_revoke(game=game, deal_number=number, seat=BEN)
    if then == "adjustment":
        oh_hell_services.add_adjustment(
            game=game, deal_number=number, seat=0, points=-5, note="late"
        )
    if then == "second deal's bid":
        place_bids(game, {2: 1})

    undo_agrees(client, game)


def test_undo_of_the_last_deal_of_a_game_reopens_it(client, notebook) -> None:
    game = start_oh_hell(notebook, preset="classic")
    for _ in range(len(deal_now(game).result.plans)):
        play_deal(game)
    assert state_of(client, game)["rules"]["playing"] is None

    undo_agrees(client, game)
    reopened = state_of(client, game)["rules"]
    assert reopened["playing"] is not None
    assert len(reopened["entries"]) == len(deal_now(game).result.plans) - 1


@pytest.mark.parametrize("deals", [[70], [45, 60], [60, 30, 0]])
def test_kozel_undo_leaves_the_figures_the_page_promised(client, notebook, deals) -> None:
    match = start_kozel(notebook, preset="doubled_eggs")
    for points in deals:
        enter_kozel_deal(match, points=points, took_trick=False if points == 0 else None)
    promised = state_of(client, match)["undo"]

    services.undo_last(game=match, version=Game.objects.get(pk=match.pk).version)

    # A round game's state: the next round and the rounds the rules on the phone score.
    now = state_of(client, match)
    assert now["number"] == promised["number"] == len(deals)
    assert now["rules"]["rounds"] == promised["rounds"]
    assert now["rules"]["ended"] is promised["ended"] is False


def test_spades_bids_made_in_turn_are_in_the_state_now_and_after_undo(client, notebook) -> None:
    """Bids made in turn from the seats' phones are public: the scorekeeper's phone, offline,
    draws the bids form with them as its page shows them, and after its Undo with the ones
    the Undo leaves (the last stop's doubt: it drew none)."""
    from tests.games.test_seat_bids_in_turn import ANNA, BEN, CLEO, DARIO, bid, phones, start

    game = start(notebook, blind_nil="on")
    anna, ben, cleo = phones(client, game)
    assert state_of(client, game)["bids"] is None
    assert bid(anna, game, ANNA, "0+blind").status_code == 200
    assert bid(ben, game, BEN, 4).status_code == 200
    made = {"e.bids.0": "0", "e.blind.0": "true", "e.bids.1": "4"}
    assert state_of(client, game)["bids"] == made
    assert state_of(client, game)["undo"]["bids"] == {"e.bids.0": "0", "e.blind.0": "true"}
    # The last seat's bid puts the round's bids in; its Undo leaves the three before it.
    assert bid(cleo, game, CLEO, 3).status_code == 200
    assert bid(client, game, DARIO, 2).status_code == 200
    promised = state_of(client, game)["undo"]
    assert promised["phase"] == "bids"
    assert promised["bids"] == {**made, "e.bids.2": "3"}
    services.undo_last(game=game, version=Game.objects.get(pk=game.pk).version)
    now = state_of(client, game)
    assert (now["number"], now["phase"], now["bids"]) == (1, "bids", promised["bids"])
    promised = state_of(client, game)["undo"]  # Cleo's bid taken back: Anna's and Ben's stand
    services.undo_last(game=game, version=Game.objects.get(pk=game.pk).version)
    assert promised["bids"] == state_of(client, game)["bids"] == made
