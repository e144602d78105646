"""Random round forms against every round game, by URL, as a correction and inside a
backlog (issue 38: the new parts hold as the old): never a 5xx, and after every request
the stored rounds still make a game the rules accept, the page still renders, and a
backlog's answer says what was made."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import services
from games.kinds import kind_of
from games.models import Game, Notebook
from tests.games.conftest import form_key

GAMES = [("skull_king", "advanced"), ("tysiac", "polish"), ("any_game", "scala_40")]
ACTIONS = ["round", "bids", "end_game", "undo"]
INDEX = st.sampled_from(["0", "1", "2", "3", "9", "00", "01", "-1", "²", "０", "¹⁰", "x", ""])
FIELD = st.one_of(
    st.tuples(st.sampled_from(["points", "bids", "tricks"]), INDEX).map(".".join),
    st.tuples(
        st.just("bonuses"),
        INDEX,
        st.sampled_from(["pirates", "mermaids", "skull_king", "wager", "loot[]0", "fourteens"]),
    ).map(".".join),
    st.sampled_from(["bidder", "contract", "given_up", "marriages.H", "marriages.Z", "talon"]),
    st.sampled_from(["talon.aces", "talon.marriage", "a.b.c.d.e", "points.0.x", "bids[]1"]),
).map(lambda name: f"e.{name}")
VALUE = st.one_of(
    st.integers(min_value=-3, max_value=130).map(str),
    st.integers(min_value=-(10**12), max_value=10**12).map(str),
    st.sampled_from(["", "null", "on", "true", "false", "−5", "1e3", "H", "٣", "７"]),
    st.text(max_size=12),
)
FORM = st.dictionaries(
    st.one_of(FIELD, st.sampled_from(["deal", "version", "idem"])), VALUE, max_size=10
)

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def session(notebook: Notebook, kind: str, preset: str) -> Game:
    game = Game.objects.filter(notebook=notebook, kind=kind).first()
    if game is None:
        game = services.start_game(
            notebook=notebook,
            kind=kind,
            preset=preset,
            options=kind_of(kind).preset_options(preset),
            names=["Anna", "Ben", "Carla", "Dan"],
            first_dealer=0,
        )
    return game


def still_valid(client, game: Game) -> None:
    game = Game.objects.get(pk=game.pk)
    table = services.load(game)
    table.result  # noqa: B018 - raises if the stored rounds broke a rule
    assert client.get(reverse("game", args=[game.public_id])).status_code == 200
    assert client.get(reverse("sheet", args=[game.public_id])).status_code == 200


def keyed(form: dict, number: int) -> dict:
    """Most forms as a page sends them (a key, the round's number); some as an attacker's."""
    return {"idem": form_key(), "deal": str(number), **form}


@pytest.mark.django_db
@FUZZ
@given(
    game=st.sampled_from(GAMES),
    action=st.sampled_from(ACTIONS),
    form=FORM,
    number=st.integers(min_value=0, max_value=3),
    htmx=st.booleans(),
)
def test_random_round_forms_never_break_a_round_game(
    client, notebook, game, action, form, number, htmx
) -> None:
    game = session(notebook, *game)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}

    response = client.post(reverse(action, args=[game.public_id]), keyed(form, number), **headers)

    assert response.status_code in (200, 302, 400, 404, 409, 422)
    still_valid(client, game)


@pytest.mark.django_db
@FUZZ
@given(game=st.sampled_from(GAMES), form=FORM, number=st.integers(min_value=1, max_value=3))
def test_random_corrections_never_break_a_round_game(client, notebook, game, form, number):
    game = session(notebook, *game)

    url = reverse("correct", args=[game.public_id, number])
    response = client.post(url, keyed(form, number))

    assert response.status_code in (200, 302, 400, 404, 409, 422)
    still_valid(client, game)


@pytest.mark.django_db
@FUZZ
@given(
    game=st.sampled_from(GAMES),
    entries=st.lists(
        st.tuples(st.sampled_from([*ACTIONS, "bid", "tricks", "trump"]), FORM), max_size=6
    ),
    number=st.integers(min_value=1, max_value=3),
)
def test_random_backlogs_never_break_a_round_game(client, notebook, game, entries, number):
    game = session(notebook, *game)
    before = Game.objects.get(pk=game.pk).version
    body = {
        "entries": [{"action": action, "fields": keyed(form, number)} for action, form in entries]
    }

    response = client.post(
        reverse("entries", args=[game.public_id]), json.dumps(body), content_type="application/json"
    )

    assert response.status_code in (200, 400)
    if response.status_code == 200:
        answer = response.json()
        after = Game.objects.get(pk=game.pk).version
        assert answer["version"] == after
        assert after - before <= answer["done"]  # each made entry a version at most
        if answer["refused"] is not None:
            assert answer["refused"]["status"] in (404, 409, 422)
    still_valid(client, game)
