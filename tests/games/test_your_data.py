"""Your data is yours (issue 25): delete a session and take it back, delete or merge a
player, forget the whole notebook, and the admin can delete a notebook too. After
"forget this notebook" not one row that belonged to it remains, in any table."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains

from games import services
from games.models import Game, Notebook, Player, ShareLink
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import (
    HTMX,
    NAMES,
    client_of,
    enter_kozel_deal,
    form_key,
    play_deal,
    start_kozel,
    start_oh_hell,
)
from tests.games.test_security import admin_at  # noqa: F401 - a fixture


def session_file(client: Client, game: Game) -> dict:
    return json.loads(client.get(reverse("export_json", args=[game.public_id])).content)


def undo_form(response) -> dict:
    token = re.search(r'name="token" value="([^"]+)"', response.text).group(1)
    return {"token": token, "idem": form_key()}


@pytest.fixture
def played(notebook) -> Game:
    game = start_oh_hell(notebook, preset="classic")
    play_deal(game)
    oh_hell_services.add_adjustment(game=game, deal_number=1, seat=2, points=-5, note="late")
    services.new_share_link(game=game, role="view")
    return Game.objects.get(pk=game.pk)


# -- a session -------------------------------------------------------------------------


def test_deleting_a_session_asks_first(client, played) -> None:
    response = client.get(reverse("delete_session", args=[played.public_id]))

    assertContains(response, "Delete this session?")
    assertContains(response, "Anna, Ben, Carla, Dan")
    assert Game.objects.filter(pk=played.pk).exists()


def test_the_score_sheet_links_the_deletion_for_the_owner_only(client, played) -> None:
    link = reverse("delete_session", args=[played.public_id])
    editor = Client()
    editor.get(reverse("join", args=[services.new_share_link(game=played, role="edit").key]))

    assertContains(client.get(reverse("sheet", args=[played.public_id])), link)
    assert link not in editor.get(reverse("sheet", args=[played.public_id])).text


@pytest.mark.parametrize("role", ["edit", "view"])
def test_only_the_owner_deletes_a_session(played, role) -> None:
    phone = Client()
    phone.get(reverse("join", args=[services.new_share_link(game=played, role=role).key]))

    response = phone.post(reverse("delete_session", args=[played.public_id]))

    assert response.status_code in (403, 404)
    assert Game.objects.filter(pk=played.pk).exists()


def test_a_deleted_session_is_gone_with_its_links_and_the_players_stay(client, played) -> None:
    link = ShareLink.objects.get(game=played).key

    response = client.post(reverse("delete_session", args=[played.public_id]), **HTMX)

    assert response.status_code == 200
    assert response["HX-Push-Url"] == "/"
    assertContains(response, "Deleted: Oh Hell with Anna, Ben, Carla, Dan.")
    assertContains(response, "Undo: bring it back")
    assert not Game.objects.filter(pk=played.pk).exists()
    assert Player.objects.filter(notebook=played.notebook).count() == 4
    assert client.get(reverse("game", args=[played.public_id])).status_code == 404
    assert Client().get(reverse("join", args=[link])).status_code == 404


def test_undo_brings_the_session_back_as_it_was(client, played) -> None:
    before = session_file(client, played)
    deleted = client.post(reverse("delete_session", args=[played.public_id]))

    response = client.post(reverse("undo_delete_session"), undo_form(deleted))

    assert response.status_code == 302
    assert response.url == reverse("game", args=[played.public_id])
    assert session_file(client, Game.objects.get(public_id=played.public_id)) == before
    history = client.get(reverse("history", args=[played.public_id])).text
    assert "Brought back after it was deleted (2 deals)." in history


def test_undo_sent_twice_brings_one_session_back(client, played) -> None:
    form = undo_form(client.post(reverse("delete_session", args=[played.public_id])))

    first = client.post(reverse("undo_delete_session"), form)
    again = client.post(reverse("undo_delete_session"), form)
    other_tab = client.post(reverse("undo_delete_session"), {**form, "idem": form_key()})

    assert first.status_code == again.status_code == other_tab.status_code == 302
    assert Game.objects.filter(notebook=played.notebook).count() == 1


def test_an_altered_undo_is_refused(client, played) -> None:
    form = undo_form(client.post(reverse("delete_session", args=[played.public_id])))

    response = client.post(reverse("undo_delete_session"), {**form, "token": form["token"][:-2]})

    assertContains(response, "can no longer be brought back", status_code=422)
    assert not Game.objects.exists()


def test_another_notebook_cannot_use_the_undo(client, played, stranger) -> None:
    form = undo_form(client.post(reverse("delete_session", args=[played.public_id])))

    response = stranger.post(reverse("undo_delete_session"), form)

    assert response.status_code == 422
    assert not Game.objects.exists()


def test_a_kozel_match_is_deleted_and_brought_back(client, notebook) -> None:
    match = start_kozel(notebook)
    enter_kozel_deal(match, points=45)
    before = session_file(client, match)

    deleted = client.post(reverse("delete_session", args=[match.public_id]))
    client.post(reverse("undo_delete_session"), undo_form(deleted))

    assertContains(deleted, "Deleted: Kozel with Anna, Ben, Carla, Dan.")
    assert session_file(client, Game.objects.get()) == before


# -- players -----------------------------------------------------------------------------


def test_a_player_who_never_played_is_deleted(client, notebook) -> None:
    guest = Player.objects.create(notebook=notebook, name="Guest")

    response = client.post(reverse("delete_player", args=[guest.public_id]))

    assert response.status_code == 302
    assert not Player.objects.filter(pk=guest.pk).exists()


def test_delete_is_offered_only_for_a_player_who_sits_in_no_session(client, played) -> None:
    guest = Player.objects.create(notebook=played.notebook, name="Guest")
    anna = Player.objects.get(notebook=played.notebook, name="Anna")

    page = client.get(reverse("notebook")).content.decode()

    assert reverse("delete_player", args=[guest.public_id]) in page
    assert reverse("delete_player", args=[anna.public_id]) not in page
    assert reverse("merge_player", args=[anna.public_id]) in page
    assert page.count("delete those sessions first to delete this player") == 4


def test_a_player_who_played_is_not_deleted(client, played) -> None:
    anna = Player.objects.get(notebook=played.notebook, name="Anna")

    response = client.post(reverse("delete_player", args=[anna.public_id]))

    assertContains(response, "Anna has played", status_code=422)
    assert Player.objects.filter(pk=anna.pk).exists()


def test_a_player_whose_sessions_are_deleted_can_be_deleted(client, played) -> None:
    anna = Player.objects.get(notebook=played.notebook, name="Anna")
    client.post(reverse("delete_session", args=[played.public_id]))

    response = client.post(reverse("delete_player", args=[anna.public_id]))

    assert response.status_code == 302
    assert not Player.objects.filter(pk=anna.pk).exists()


def test_merging_moves_every_seat_to_the_player_who_stays(client, notebook, played) -> None:
    other = start_oh_hell(notebook, preset="classic", names=["Ann", "Ben", "Carla"])
    ann = Player.objects.get(notebook=notebook, name="Ann")
    anna = Player.objects.get(notebook=notebook, name="Anna")

    response = client.post(reverse("merge_player", args=[ann.public_id]), {"into": anna.public_id})

    assert response.status_code == 302
    assert not Player.objects.filter(pk=ann.pk).exists()
    assert session_file(client, other)["seats"] == ["Anna", "Ben", "Carla"]
    assert Game.objects.get(pk=other.pk).version == other.version + 1


def test_two_players_of_one_table_are_not_merged(client, played) -> None:
    anna = Player.objects.get(notebook=played.notebook, name="Anna")
    ben = Player.objects.get(notebook=played.notebook, name="Ben")

    response = client.post(reverse("merge_player", args=[anna.public_id]), {"into": ben.public_id})

    assertContains(response, "Anna and Ben sat at the same table", status_code=422)
    assert Player.objects.filter(pk=anna.pk).exists()


def test_a_player_of_another_notebook_is_not_found(stranger, played) -> None:
    anna = Player.objects.get(notebook=played.notebook, name="Anna")

    assert stranger.post(reverse("delete_player", args=[anna.public_id])).status_code == 404
    assert Player.objects.filter(pk=anna.pk).exists()


# -- the whole notebook -----------------------------------------------------------------


def every_row() -> dict[str, list]:
    """Every row of every table of the database (but SQLite's own counters)."""
    found = {}
    with connection.cursor() as cursor:
        for table in sorted(connection.introspection.table_names(cursor)):
            if table.startswith("sqlite_"):
                continue
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            found[table] = sorted(map(repr, cursor.fetchall()))
    return found


def fill(notebook: Notebook) -> None:
    """A notebook in use: both games, share links, form keys, adjustments, a player who
    never played, the statistics looked at (kept in the cache table)."""
    game = start_oh_hell(notebook, preset="italian")
    play_deal(game)
    oh_hell_services.add_adjustment(game=game, deal_number=1, seat=0, points=3, note="tip")
    oh_hell_services.place_bid(game=game, deal_number=2, seat=2, bid=1, idempotency_key="k1")
    services.new_share_link(game=game, role="view", form_key="k2")
    match = start_kozel(notebook, names=NAMES)
    enter_kozel_deal(match, points=20)
    Player.objects.create(notebook=notebook, name="Guest")
    client_of(notebook).get(reverse("statistics"))


def test_forgetting_the_notebook_offers_the_backup_first(client, played) -> None:
    response = client.get(reverse("forget_notebook"))

    assertContains(response, "Forget this notebook?")
    assertContains(response, reverse("backup_notebook"))
    assertContains(response, "1 session, 4 players.")


def test_after_forgetting_not_one_row_of_the_notebook_remains(db) -> None:
    other = Notebook.objects.create(name="Another table")
    fill(other)
    before = every_row()
    mine = Notebook.objects.create(name="Ours")
    fill(mine)
    link = ShareLink.objects.get(game__notebook=mine).key
    phone = client_of(mine)
    assert every_row() != before

    response = phone.post(reverse("forget_notebook"))

    assert response.status_code == 302
    assert every_row() == before  # every table as it was before the notebook was made
    assert response.cookies["notebook"].value == ""
    home = phone.get(reverse("home"))
    assertContains(home, "The notebook was deleted from this server.")
    assertContains(home, "No sign-up")
    assert Client().get(reverse("open_notebook", args=[mine.key])).status_code == 404
    assert Client().get(reverse("join", args=[link])).status_code == 404
    assert client_of(other).get(reverse("statistics")).status_code == 200


def test_a_phone_that_still_has_the_forgotten_notebook_starts_afresh(notebook, played) -> None:
    other_phone = client_of(notebook)
    client_of(notebook).post(reverse("forget_notebook"))

    home = other_phone.get(reverse("home"))

    assertContains(home, "No sign-up")
    assert other_phone.get(reverse("notebook")).status_code == 404


def test_the_admin_deletes_a_notebook_whole(admin_at, played) -> None:  # noqa: F811
    boss = User.objects.create_superuser("boss", password="a long passphrase")
    operator = Client()
    operator.force_login(boss)
    page = f"{admin_at}games/notebook/{played.notebook.pk}/delete/"

    assertContains(operator.get(page), "Are you sure you want to delete the notebook")
    response = operator.post(page, {"post": "yes"})

    assert response.status_code == 302
    assert not Notebook.objects.exists()
    assert not Game.objects.exists()
    assert not Player.objects.exists()
