"""A round's form names a seat's field by its index ("e.points.2", games/inputs.py entry_of).
Only ASCII digits, with no leading zero, are an index: a superscript (``e.points.²``),
a fullwidth digit (``e.points.０``, which ``int()`` reads as 0) or ``e.points.00`` would
be a second spelling of a seat or a 500; each is refused with a reason in the page's
language, and nothing is saved (issue 38, item 1)."""

from __future__ import annotations

import json

import pytest
from django.http import QueryDict
from django.urls import reverse

from games import inputs, services
from games.kinds import kind_of
from games.models import Game
from games.rules import RuleError
from tests.games.conftest import HTMX, all_rows, form_key

#: Names no form here has, each with what it would have read as before.
ODD_NAMES = [
    "e.points.²",  # a superscript two: isdigit(), and int() fails
    "e.points.¹⁰",
    "e.points.０",  # fullwidth zero: int() reads 0, a second spelling of seat 0
    "e.points.٣",  # Arabic-Indic three: int() reads 3
    "e.points.00",
    "e.points.01",
    "e.points.",
    "e.points..1",
    "e.bonuses.².wager",
    "e.a.b.c.d.e",
    "e.points.1 ",  # inside a backlog; a multipart form's names are stripped by Django
]
BY_URL = ODD_NAMES[:-1]


def start(notebook, kind: str = "any_game", preset: str = "free") -> Game:
    return services.start_game(
        notebook=notebook,
        kind=kind,
        preset=preset,
        options=kind_of(kind).preset_options(preset),
        names=["Anna", "Ben", "Carla"],
        first_dealer=0,
    )


def round_form(number: int, odd: str) -> dict:
    return {
        "deal": number,
        "idem": form_key(),
        "e.points.0": "10",
        "e.points.1": "20",
        "e.points.2": "30",
        odd: "5",
    }


@pytest.mark.parametrize("odd", BY_URL)
def test_a_field_index_in_other_digits_is_refused_by_url_with_a_reason(client, notebook, odd):
    game = start(notebook)
    before = all_rows()

    response = client.post(reverse("round", args=[game.public_id]), round_form(1, odd), **HTMX)

    assert response.status_code == 422
    assert "This form has no field" in response.content.decode()
    assert all_rows() == before


@pytest.mark.parametrize("odd", ODD_NAMES)
def test_a_field_index_in_other_digits_is_refused_inside_a_backlog(client, notebook, odd):
    game = start(notebook)
    before = all_rows()
    fields = {name: str(value) for name, value in round_form(1, odd).items()}
    body = json.dumps({"entries": [{"action": "round", "fields": fields}]})

    response = client.post(
        reverse("entries", args=[game.public_id]), body, content_type="application/json"
    )

    assert response.status_code == 200
    answer = response.json()
    assert answer["done"] == 0
    assert answer["refused"]["status"] == 422
    assert answer["refused"]["reason"].startswith("This form has no field")
    assert all_rows() == before


@pytest.mark.parametrize("odd", ["e.points.²", "e.points.０"])
def test_a_correction_with_an_index_in_other_digits_is_refused(client, notebook, odd):
    game = start(notebook)
    services.record_round(game=game, round_number=1, entry={"points": [1, 2, 3]})
    before = all_rows()

    form = {**round_form(1, odd), "version": Game.objects.get(pk=game.pk).version}
    response = client.post(reverse("correct", args=[game.public_id, 1]), form)

    assert response.status_code == 422
    assert "This form has no field" in response.content.decode()
    assert all_rows() == before


def test_a_bid_index_in_superscript_digits_is_refused_for_skull_king(client, notebook):
    game = start(notebook, "skull_king", "rulebook")
    form = {"deal": 1, "idem": form_key(), "e.bids.0": "1", "e.bids.1": "0", "e.bids.¹⁰": "0"}

    response = client.post(reverse("bids", args=[game.public_id]), form, **HTMX)

    assert response.status_code == 422
    assert "This form has no field" in response.content.decode()
    assert not game.rounds.exists()


def test_the_refusal_speaks_the_pages_language(client, notebook):
    game = start(notebook)

    response = client.post(
        reverse("round", args=[game.public_id]),
        round_form(1, "e.points.²"),
        HTTP_ACCEPT_LANGUAGE="ru",
        **HTMX,
    )

    assert response.status_code == 422
    assert "В этой форме нет поля" in response.content.decode()


def query(**fields: str) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        data[name] = value
    return data


def test_plain_indices_make_a_list_in_seat_order() -> None:
    entry = inputs.entry_of(
        query(**{"e.points.2": "3", "e.points.0": "1", "e.points.1": "−2", "e.points.10": "4"})
    )

    assert entry == {"points": [1, -2, 3, None, None, None, None, None, None, None, 4]}


def test_names_and_groups_of_boxes_are_read_as_before() -> None:
    data = query(**{"e.bonuses.0.loot[]1": "1", "e.bonuses.0.loot[]2": "2", "e.marriages.H": "0"})

    assert inputs.entry_of(data) == {"bonuses": [{"loot": [1, 2]}], "marriages": {"H": 0}}


@pytest.mark.parametrize("odd", ODD_NAMES)
def test_entry_of_refuses_a_name_no_form_has(odd) -> None:
    with pytest.raises(RuleError) as refusal:
        inputs.entry_of(query(**{"e.points.0": "1", odd: "2"}))

    assert refusal.value.template.startswith("This form has no field")


@pytest.mark.parametrize("odd", ODD_NAMES)
def test_what_a_refused_form_sent_is_shown_again_without_the_odd_field(odd) -> None:
    assert inputs.entry_of(query(**{"e.points.0": "1", odd: "2"}), strict=False) == {"points": [1]}
