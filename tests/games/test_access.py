"""A session belongs to one notebook: without its cookie it does not exist."""

import re

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from games.models import Game, Notebook
from tests.games.conftest import all_rows, play_deal, start_kozel, start_oh_hell

PAGES = ["game", "sheet", "history"]
POST_ONLY = [
    "trump",
    "bid",
    "trick",
    "undo_trick",
    "tricks",
    "revoke",
    "adjust",
    "round",
    "undo",
    "play_again",
]


@pytest.fixture
def played(game) -> Game:
    """Deal 1 played, so deal 1 can be opened for a correction."""
    play_deal(game)
    return game


def session_urls(game: Game) -> dict[str, str]:
    urls = {name: reverse(name, args=[game.public_id]) for name in [*PAGES, *POST_ONLY]}
    urls["correct"] = reverse("correct", args=[game.public_id, 1])
    return urls


@pytest.mark.parametrize("name", [*PAGES, "correct"])
def test_the_owner_sees_every_page(client, played, name) -> None:
    assert client.get(session_urls(played)[name]).status_code == 200


@pytest.mark.parametrize("name", [*PAGES, "correct"])
def test_a_page_is_not_found_without_the_cookie(visitor, played, name) -> None:
    assert visitor.get(session_urls(played)[name]).status_code == 404


@pytest.mark.parametrize("name", [*PAGES, "correct"])
def test_a_page_is_not_found_with_another_notebook(stranger, played, name) -> None:
    assert stranger.get(session_urls(played)[name]).status_code == 404


@pytest.mark.parametrize("name", [*POST_ONLY, "correct"])
def test_a_write_is_not_found_without_the_cookie(visitor, played, name) -> None:
    before = all_rows()

    response = visitor.post(session_urls(played)[name], {"deal": 2, "seat": 1, "bid": 0})

    assert response.status_code == 404
    assert all_rows() == before


@pytest.mark.parametrize("name", [*POST_ONLY, "correct"])
def test_a_write_is_not_found_with_another_notebook(stranger, played, name) -> None:
    before = all_rows()

    response = stranger.post(session_urls(played)[name], {"deal": 2, "seat": 1, "bid": 0})

    assert response.status_code == 404
    assert all_rows() == before


def test_a_stranger_cannot_rename_our_players(stranger, game) -> None:
    ben = game.seats.get(position=1).player

    response = stranger.post(reverse("rename_player", args=[ben.public_id]), {"name": "Bob"})

    assert response.status_code == 404
    ben.refresh_from_db()
    assert ben.name == "Ben"


def test_a_kozel_match_is_not_found_with_another_notebook(stranger, match) -> None:
    for url in (reverse("game", args=[match.public_id]), reverse("sheet", args=[match.public_id])):
        assert stranger.get(url).status_code == 404
    response = stranger.post(reverse("round", args=[match.public_id]), {"deal": 1})
    assert response.status_code == 404


def test_an_unknown_session_is_not_found(client, game) -> None:
    assert client.get(reverse("game", args=["no-such-id"])).status_code == 404


@pytest.mark.parametrize("name", POST_ONLY)
def test_a_write_endpoint_refuses_a_get(client, game, name) -> None:
    response = client.get(session_urls(game)[name])

    assert response.status_code == 405


def test_the_secret_link_opens_the_notebook_on_this_phone(visitor, notebook, game) -> None:
    response = visitor.get(reverse("open_notebook", args=[notebook.key]))

    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert response.cookies["notebook"].value == notebook.key
    assertContains(visitor.get(reverse("game", args=[game.public_id])), "Deal 1 of 19")


def test_an_unknown_secret_link_is_not_found(visitor, notebook) -> None:
    response = visitor.get(reverse("open_notebook", args=["not-the-key"]))

    assert response.status_code == 404
    assert "notebook" not in response.cookies


def test_home_without_a_cookie_offers_a_new_session_and_saves_nothing(visitor, db) -> None:
    response = visitor.get(reverse("home"))

    assertContains(response, "New session")
    assert Notebook.objects.count() == 0


def test_home_lists_only_our_sessions(client, notebook, stranger) -> None:
    ours = start_oh_hell(notebook)
    theirs = start_kozel(Notebook.objects.exclude(pk=notebook.pk).get())

    response = client.get(reverse("home"))

    assertContains(response, f"/s/{ours.public_id}/")
    assert theirs.public_id not in response.content.decode()


def test_public_ids_are_not_database_numbers(client, notebook) -> None:
    games = [start_oh_hell(notebook), start_kozel(notebook), start_oh_hell(notebook)]

    pages = [client.get(reverse("game", args=[g.public_id])).content.decode() for g in games]

    for game, page in zip(games, pages, strict=True):
        assert not game.public_id.isdigit()
        assert len(game.public_id) >= 12
        linked = set(re.findall(r'href="/s/([^/"]+)/', page))
        assert linked == {game.public_id}
    players = notebook.players.all()
    assert all(not p.public_id.isdigit() for p in players)
    assert len({g.public_id for g in games}) == 3
