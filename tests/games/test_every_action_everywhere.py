"""Every entry the table knows (games/entries.py ACTIONS) sent to every game, by its own
URL and inside a phone's backlog (games/views/backlog.py): an action that is not for the
game (a bid for the score sheet, a Kozel deal for Oh Hell, "End the game" for a game that
ends by itself) is refused with a reason in the page's language, never a 5xx, and saves
nothing (issue 38, item 1)."""

from __future__ import annotations

import itertools
import json

import pytest
from django.urls import reverse

from games import services
from games.entries import ACTIONS
from games.kinds import KINDS, kind_of
from games.models import Game
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import HTMX, all_rows, form_key

TABLES = {
    "oh_hell": ["Anna", "Ben", "Carla", "Dan"],
    "kozel": ["Anna", "Ben", "Carla", "Dan"],
    "skull_king": ["Anna", "Ben", "Carla"],
    "tysiac": ["Anna", "Ben", "Carla"],
    "any_game": ["Anna", "Ben", "Carla"],
    "spades": ["Anna", "Ben", "Carla", "Dan"],
}

#: What any of the forms sends, all at once: each form reads its own fields.
FIELDS = {
    "seat": "0",
    "bid": "1",
    "was": "",
    "trump": "H",
    "trick": "1",
    "tricks-0": "1",
    "tricks-1": "0",
    "points": "10",
    "note": "a note",
    "team": "0",
    "took_trick": "",
    "last_trick_seat": "",
    "version": "1",
    "e.bids.0": "1",
    "e.bids.1": "0",
    "e.bids.2": "0",
    "e.tricks.0": "1",
    "e.tricks.1": "0",
    "e.tricks.2": "0",
    "e.points.0": "10",
    "e.points.1": "20",
    "e.points.2": "90",
    "e.bidder": "0",
    "e.contract": "100",
}


def start(notebook, kind: str) -> Game:
    return services.start_game(
        notebook=notebook,
        kind=kind,
        preset=next(iter(kind_of(kind).presets)),
        options=kind_of(kind).preset_options(next(iter(kind_of(kind).presets))),
        names=TABLES[kind],
        first_dealer=0,
    )


def one_entry_in(game: Game) -> None:
    """The session a step on: a bid, a deal, or a round entered."""
    if game.kind == "oh_hell":
        oh_hell_services.place_bid(game=game, deal_number=1, seat=1, bid=0)
    elif game.kind == "kozel":
        services.record_round(game=game, round_number=1, entry={"team": 0, "points": 60})
    elif game.kind == "skull_king":
        services.record_bids(game=game, round_number=1, entry={"bids": [1, 0, 0]})
    elif game.kind == "spades":
        services.record_bids(game=game, round_number=1, entry={"bids": [3, 4, 2, 4]})
    elif game.kind == "tysiac":
        entry = {"bidder": 0, "contract": 100, "points": [100, 20, 0], "marriages": {}}
        services.record_round(game=game, round_number=1, entry=entry)
    else:
        services.record_round(game=game, round_number=1, entry={"points": [1, 2, 3]})
        services.end_game(game=game)  # the sheet's table may end it: finished


CASES = list(itertools.product(KINDS, ACTIONS, ["fresh", "one entry in"]))


def sent(phone, game: Game, action: str, deal: str) -> int:
    url = reverse(action, args=[game.public_id])
    return phone.post(url, {**FIELDS, "deal": deal, "idem": form_key()}, **HTMX).status_code


def backlog(phone, game: Game, action: str) -> dict:
    entries = [
        {"action": action, "fields": {**FIELDS, "deal": deal, "idem": form_key()}}
        for deal in ("1", "2")
    ]
    url = reverse("entries", args=[game.public_id])
    response = phone.post(url, json.dumps({"entries": entries}), content_type="application/json")
    assert response.status_code == 200
    return response.json()


@pytest.mark.parametrize(("kind", "action", "state"), CASES)
def test_no_action_on_any_game_answers_a_server_error(client, notebook, kind, action, state):
    game = start(notebook, kind)
    if state != "fresh":
        one_entry_in(game)

    for deal in ("1", "2"):
        assert sent(client, game, action, deal) < 500
    answer = backlog(client, game, action)

    refused = answer["refused"]
    assert refused is None or 400 <= refused["status"] < 500
    assert refused is None or refused["reason"]


NOT_FOR_IT = "This action is not for this game."
WRONG_GAME = [
    ("any_game", "bids"),
    ("tysiac", "bids"),
    ("oh_hell", "bids"),
    ("oh_hell", "round"),
    ("kozel", "bid"),
    ("kozel", "bids"),
    ("kozel", "end_game"),
    ("skull_king", "end_game"),
    ("tysiac", "end_game"),
    ("any_game", "trump"),
]


@pytest.mark.parametrize(("kind", "action"), WRONG_GAME)
def test_an_action_for_another_game_is_refused_with_a_reason_and_saves_nothing(
    client, notebook, kind, action
) -> None:
    game = start(notebook, kind)
    before = all_rows()
    url = reverse(action, args=[game.public_id])

    response = client.post(url, {**FIELDS, "deal": "1", "idem": form_key()}, **HTMX)

    reason = "This game ends by its own rules." if action == "end_game" else NOT_FOR_IT
    assert response.status_code == 422
    assert reason in response.content.decode()
    assert all_rows() == before
    answer = backlog(client, game, action)
    assert answer["done"] == 0
    assert answer["refused"]["status"] == 422
    assert answer["refused"]["reason"] == reason
    assert all_rows() == before


def test_a_bid_for_a_game_without_bids_is_refused_in_the_pages_language(client, notebook):
    game = start(notebook, "tysiac")
    url = reverse("bids", args=[game.public_id])

    response = client.post(
        url, {**FIELDS, "deal": "1", "idem": form_key()}, HTTP_ACCEPT_LANGUAGE="pl", **HTMX
    )

    assert response.status_code == 422
    assert "Ta czynność nie dotyczy tej gry." in response.content.decode()
