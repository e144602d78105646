"""The new session form: seats, rules, the preview, and Start."""

import re

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games.models import Deal, Game, Notebook, Player, Seat
from tests.games.conftest import HTMX, NAMES, all_rows, form_key, start_oh_hell

URL = reverse("new_session")


def form(*, seats=(), action="", **fields) -> dict:
    """What the form posts: no previous_preset, so the preset's own options are used."""
    return {
        "kind": "oh_hell",
        "preset": "classic",
        "seat": list(seats),
        "action": action,
        "idem": form_key(),
        **fields,
    }


def seats_in(response) -> list[str]:
    return re.findall(
        r'<input type="hidden" name="seat" value="([^"]*)">', response.content.decode()
    )


def test_it_shows_the_form_and_saves_nothing(visitor, db) -> None:
    response = visitor.get(URL)

    assert response.status_code == 200
    assertContains(response, "New session")
    assert all_rows() == [(name, []) for name, _rows in all_rows()]
    assert "notebook" not in response.cookies


def test_a_get_never_starts_a_session(visitor, db) -> None:
    """Start is a POST: a link or a prefetch of the form's address must not create a session."""
    empty = all_rows()

    response = visitor.get(URL, form(seats=NAMES, action="start"))

    assert response.status_code == 200
    assert all_rows() == empty
    assert "notebook" not in response.cookies


def test_it_adds_a_seat(visitor, db) -> None:
    response = visitor.post(URL, form(seats=["Anna"], action="add", new_name="  Ben  "))

    assert response.status_code == 200
    assert seats_in(response) == ["Anna", "Ben"]
    assert not Player.objects.exists()


@pytest.mark.parametrize(
    ("action", "order"),
    [
        ("up:1", ["Ben", "Anna", "Carla"]),
        ("down:1", ["Anna", "Carla", "Ben"]),
        ("up:0", ["Anna", "Ben", "Carla"]),  # the first seat has nowhere to go
        ("down:2", ["Anna", "Ben", "Carla"]),
        ("remove:0", ["Ben", "Carla"]),
    ],
)
def test_it_reorders_and_removes_seats(visitor, db, action, order) -> None:
    response = visitor.post(URL, form(seats=["Anna", "Ben", "Carla"], action=action))

    assert seats_in(response) == order


def test_it_refuses_a_name_already_seated(visitor, db) -> None:
    response = visitor.post(URL, form(seats=["Anna", "Ben"], action="add", new_name="anna"))

    assert response.status_code == 422
    assertContains(response, "anna already has a seat.", status_code=422)
    assert seats_in(response) == ["Anna", "Ben"]


def test_it_refuses_a_fifth_kozel_player(visitor, db) -> None:
    data = form(seats=NAMES, action="add", new_name="Eve", kind="kozel", preset="classic")

    response = visitor.post(URL, data)

    assertContains(response, "The table is full.", status_code=422)
    assert seats_in(response) == NAMES


def test_a_preset_change_resets_the_options(visitor, db) -> None:
    # The table turned the hook on under "classic", then picked "italian".
    data = form(seats=NAMES, preset="italian", previous_preset="classic", hook="on")
    data["previous_kind"] = "oh_hell"

    response = visitor.post(URL, data, **HTMX)

    assert response.status_code == 200
    assertNotContains(response, '<input type="checkbox" name="hook" checked>')
    assertContains(response, '<option value="last_deal_no_trump" selected>')


def test_options_stay_while_the_preset_stays(visitor, db) -> None:
    data = form(seats=NAMES, preset="italian", previous_preset="italian", hook="on")
    data["previous_kind"] = "oh_hell"

    response = visitor.post(URL, data, **HTMX)

    assertContains(response, '<input type="checkbox" name="hook" checked>')


@pytest.mark.parametrize(
    ("preset", "seats", "text"),
    [
        ("down_and_up_hook", NAMES, "19 deals"),
        ("classic", NAMES, "13 deals"),
        ("classic", NAMES[:3], "15 deals"),  # seed 001: stop at 15 with three
        ("oh_well", NAMES, "8 deals"),
        ("italian", NAMES, "The last deal is played without trump."),
        ("down_and_up_hook", NAMES, "The hook is on: the bids can never add up to the tricks."),
    ],
)
def test_it_previews_what_the_table_will_play(visitor, db, preset, seats, text) -> None:
    response = visitor.post(URL, form(seats=seats, preset=preset, action="refresh"))

    assertContains(response, text)


def test_the_preview_assumes_four_players_until_there_are_three(visitor, db) -> None:
    response = visitor.get(URL, {"preset": "down_and_up_hook"})

    assertContains(response, "19 deals")
    assertContains(response, "(for 4 players)")


def test_start_creates_the_notebook_and_the_session(visitor, db) -> None:
    data = form(seats=NAMES, preset="down_and_up_hook", first_dealer="0", action="start")

    response = visitor.post(URL, data)

    game = Game.objects.get()
    notebook = Notebook.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/s/{game.public_id}/"
    assert response.cookies["notebook"].value == notebook.key
    assert response.cookies["notebook"]["httponly"]
    assert game.notebook == notebook
    assert (game.kind, game.preset, game.first_dealer) == ("oh_hell", "down_and_up_hook", 0)
    assert game.options["hook"] is True
    assert [seat.player.name for seat in Seat.objects.filter(game=game)] == NAMES
    assert sorted(Player.objects.values_list("name", flat=True)) == sorted(NAMES)
    assert list(Deal.objects.values_list("index", "done")) == [(0, False)]


def test_the_new_session_opens_on_the_same_phone(visitor, db) -> None:
    data = form(seats=NAMES, preset="down_and_up_hook", first_dealer="0", action="start")

    response = visitor.post(URL, data, follow=True)

    assertContains(response, "Deal 1 of 19")
    assertContains(response, "Ben bids:")


def test_an_htmx_start_answers_with_a_client_redirect(visitor, db) -> None:
    response = visitor.post(URL, form(seats=NAMES, action="start"), **HTMX)

    game = Game.objects.get()
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/s/{game.public_id}/"
    assert response.cookies["notebook"].value == game.notebook.key


def test_start_with_two_players_saves_nothing(visitor, db) -> None:
    empty = all_rows()

    response = visitor.post(URL, form(seats=["Anna", "Ben"], action="start"))

    assertContains(response, "Oh Hell is for 3 to 7 players.", status_code=422)
    assert all_rows() == empty
    assert "notebook" not in response.cookies


@pytest.mark.parametrize(
    ("fields", "text"),
    [
        (
            {"previous_preset": "classic", "schedule": "custom", "custom_schedule": "20"},
            "20 cards each is too many for 4 players: the most is 13.",
        ),
        ({"first_dealer": "6"}, "The first dealer must be one of the players."),
    ],
)
def test_a_refused_first_start_leaves_no_notebook_behind(visitor, db, fields, text) -> None:
    """The names are fine, but the rules refuse the start: no empty notebook is left."""
    empty = all_rows()

    response = visitor.post(URL, form(seats=NAMES, action="start", **fields))

    assertContains(response, text, status_code=422)
    assert all_rows() == empty


def test_it_refuses_the_same_player_twice(visitor, db) -> None:
    empty = all_rows()

    response = visitor.post(URL, form(seats=["Anna", "Ben", "ANNA"], action="start"))

    assertContains(response, "Each player can sit at the table only once.", status_code=422)
    assert all_rows() == empty


@pytest.mark.parametrize("seats", [NAMES[:3], [*NAMES, "Eve"]])
def test_kozel_needs_exactly_four(client, notebook, seats) -> None:
    response = client.post(URL, form(seats=seats, action="start", kind="kozel"))

    assertContains(response, "Kozel is for 4 players in two teams.", status_code=422)
    assert not Game.objects.exists()


def test_kozel_starts_with_four(client, notebook) -> None:
    response = client.post(URL, form(seats=NAMES, action="start", kind="kozel"), follow=True)

    game = Game.objects.get()
    assert game.kind == "kozel"
    assertContains(response, "Anna &amp; Carla")
    assertContains(response, "Ben &amp; Dan")


def test_players_are_found_again_by_name(client, notebook) -> None:
    first = start_oh_hell(notebook)

    client.post(URL, form(seats=["anna", "BEN", "Carla ", "Eve"], action="start"))

    second = Game.objects.exclude(pk=first.pk).get()
    assert Player.objects.filter(notebook=notebook).count() == 5
    assert [s.player for s in second.seats.all()][:3] == [s.player for s in first.seats.all()][:3]


def test_the_notebooks_players_are_offered_as_chips(client, notebook) -> None:
    start_oh_hell(notebook)

    response = client.get(URL, {"seat": ["Anna"]})

    assertContains(response, 'value="add:Ben"')
    assertNotContains(response, 'value="add:Anna"')


def test_a_random_first_dealer_is_one_of_the_players(client, notebook) -> None:
    for _ in range(30):
        client.post(URL, form(seats=NAMES[:3], action="start", first_dealer="random"))

    dealers = list(Game.objects.values_list("first_dealer", flat=True))
    assert len(dealers) == 30
    assert set(dealers) <= {0, 1, 2}
    assert len(set(dealers)) > 1
