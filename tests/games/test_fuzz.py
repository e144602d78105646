"""Random form data against every write endpoint: never a 500, never a broken session.

After every request the stored entries must still make a valid session for the
rules (a fresh computation of every total succeeds), and the page still renders.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import services
from games.models import Game
from tests.games.conftest import play_deal, start_kozel, start_oh_hell

OH_HELL_ENDPOINTS = ["trump", "bid", "trick", "undo_trick", "tricks", "revoke", "adjust", "undo"]
FIELDS = [
    "deal",
    "seat",
    "bid",
    "was",
    "trick",
    "trump",
    "points",
    "note",
    "version",
    "idem",
    "team",
    "took_trick",
    "last_trick_seat",
    "action",
    "adjustment",
    *[f"tricks-{seat}" for seat in range(8)],
    *[f"bid-{seat}" for seat in range(8)],
]

values = st.one_of(
    st.integers(min_value=-(10**20), max_value=10**20).map(str),
    st.integers(min_value=-2, max_value=15).map(str),
    st.sampled_from(["", " ", "0", "1", "NT", "S", "H", "yes", "no", "save", "adjust", "1e3"]),
    st.text(max_size=40),
    st.text(alphabet="٠١٢३४５６७８９", min_size=1, max_size=3),  # digits from other scripts
)
form_data = st.dictionaries(st.sampled_from(FIELDS), values, max_size=8)


def assert_still_valid(game: Game) -> None:
    game = Game.objects.get(pk=game.pk)
    table = services.load(game)
    table.result  # noqa: B018 - raises if the stored entries broke a rule
    if game.kind == "oh_hell":
        assert (table.current is None) == table.result.finished


FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.mark.django_db
@FUZZ
@given(endpoint=st.sampled_from(OH_HELL_ENDPOINTS), data=form_data, htmx=st.booleans())
def test_random_forms_never_break_an_oh_hell_session(client, notebook, endpoint, data, htmx):
    game = Game.objects.filter(notebook=notebook, kind="oh_hell").first()
    if game is None:
        game = start_oh_hell(notebook, preset="classic")
        play_deal(game)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}

    response = client.post(reverse(endpoint, args=[game.public_id]), data, **headers)

    assert response.status_code < 500
    assert response.status_code in (200, 302, 400, 403, 404, 409, 422)
    assert_still_valid(game)


@pytest.mark.django_db
@FUZZ
@given(data=form_data, number=st.integers(min_value=-1, max_value=3))
def test_random_corrections_never_break_an_oh_hell_session(client, notebook, data, number):
    game = Game.objects.filter(notebook=notebook, kind="oh_hell").first()
    if game is None:
        game = start_oh_hell(notebook, preset="classic")
        play_deal(game)
        play_deal(game)
    if number < 0:
        return  # negative numbers do not match the URL pattern at all

    response = client.post(reverse("correct", args=[game.public_id, number]), data)

    assert response.status_code in (302, 400, 404, 409, 422)
    assert_still_valid(game)


@pytest.mark.django_db
@FUZZ
@given(data=form_data, correction=st.booleans())
def test_random_forms_never_break_a_kozel_match(client, notebook, data, correction):
    game = Game.objects.filter(notebook=notebook, kind="kozel").first()
    if game is None:
        game = start_kozel(notebook)
        services.record_round(game=game, round_number=1, entry={"team": 0, "points": 45})
    url = (
        reverse("correct", args=[game.public_id, 1])
        if correction
        else reverse("round", args=[game.public_id])
    )

    response = client.post(url, data)

    assert response.status_code in (200, 302, 400, 409, 422)
    assert_still_valid(game)


@pytest.mark.django_db
@FUZZ
@given(data=form_data)
def test_random_new_session_forms_never_fail(client, data):
    response = client.post(reverse("new_session"), {**data, "seat": data.get("note", "")})

    assert response.status_code in (200, 302, 400, 422)
