"""A write that meets one of the database's constraints is refused with a reason, never a
500 (issue 38, item 1): two phones renaming two players to one name at the same moment,
a player added by a start while another phone takes the name, a merge into a player who
sits at the same table. Each check in Python runs before the other phone's write is
committed, so it can miss; the tests make it miss for certain (the ``exists()`` query
answering "no", the other phone's row written just before ours) and expect the reason.
Run on SQLite and on PostgreSQL (DATABASE_URL)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.db.models import QuerySet
from django.urls import reverse

from games import exports, services
from games.models import Game, Notebook, Player, Seat
from games.rules import RuleError
from tests.games.conftest import client_of, form_key, start_kozel, start_oh_hell


@pytest.fixture
def check_misses(monkeypatch):
    """Every ``exists()`` answers no, as when the other phone's row is not yet committed."""
    monkeypatch.setattr(QuerySet, "exists", lambda self: False)


def other_phone_takes(monkeypatch, name: str, notebook: Notebook) -> None:
    """Just before this phone adds a player, another phone's player ``name`` is written."""
    create = Player.objects.create
    bulk_create = Player.objects.bulk_create

    def first(rows):
        Player.objects.bulk_create = bulk_create
        Player.objects.create = create
        bulk_create([Player(notebook=notebook, name=name)])

    def creating(**fields):
        first(None)
        return create(**fields)

    def bulk_creating(rows, *args, **kwargs):
        first(rows)
        return bulk_create(rows, *args, **kwargs)

    monkeypatch.setattr(Player.objects, "create", creating)
    monkeypatch.setattr(Player.objects, "bulk_create", bulk_creating)


def test_a_rename_to_a_name_just_taken_is_refused_with_the_reason(notebook, check_misses):
    start_oh_hell(notebook)
    ben = notebook.players.get(name="Ben")

    with pytest.raises(RuleError) as refusal:
        services.rename_player(player=ben, name="anna")

    assert str(refusal.value) == "There is already a player called anna."
    assert sorted(notebook.players.values_list("name", flat=True)) == [
        "Anna",
        "Ben",
        "Carla",
        "Dan",
    ]


def test_the_rename_page_says_why_with_a_422(client, notebook, check_misses):
    start_oh_hell(notebook)
    ben = notebook.players.get(name="Ben")

    response = client.post(reverse("rename_player", args=[ben.public_id]), {"name": "Anna"})

    assert response.status_code == 422
    assert "There is already a player called Anna." in response.content.decode()
    assert Player.objects.get(pk=ben.pk).name == "Ben"


def test_a_start_adding_a_name_another_phone_just_took_is_refused(notebook, monkeypatch):
    other_phone_takes(monkeypatch, "zoe", notebook)

    with pytest.raises(RuleError) as refusal:
        start_oh_hell(notebook, names=["Anna", "Ben", "Zoe"])

    assert "at the same moment" in str(refusal.value)
    assert not Game.objects.exists()
    assert not Player.objects.filter(name="Anna").exists()


def test_the_new_session_page_says_why_with_a_422(notebook, monkeypatch):
    phone = client_of(notebook)
    other_phone_takes(monkeypatch, "zoe", notebook)

    form = {
        "kind": "oh_hell",
        "preset": "classic",
        "previous_kind": "oh_hell",
        "seat": ["Anna", "Ben", "Zoe"],
        "first_dealer": "0",
        "action": "start",
        "idem": form_key(),
    }
    response = phone.post(reverse("new_session"), form)

    assert response.status_code == 422
    assert "at the same moment" in response.content.decode()
    assert not Game.objects.exists()


def test_a_merge_into_a_player_at_the_same_table_is_refused_if_the_check_misses(
    notebook, check_misses
):
    start_oh_hell(notebook)
    anna, ben = notebook.players.get(name="Anna"), notebook.players.get(name="Ben")

    with pytest.raises(RuleError) as refusal:
        services.merge_player(player=ben, into=anna)

    assert str(refusal.value) == "Ben and Anna sat at the same table: they are two players."
    assert Seat.objects.filter(player=ben).count() == 1


def test_a_merge_of_a_player_merged_meanwhile_is_refused(notebook) -> None:
    start_oh_hell(notebook)
    start_kozel(notebook, names=["Erin", "Finn", "Gus", "Hal"])
    anna, erin = notebook.players.get(name="Anna"), notebook.players.get(name="Erin")
    shown = Player.objects.get(pk=anna.pk)  # on another phone's page, before the merge
    services.merge_player(player=anna, into=erin)

    with pytest.raises(RuleError) as refusal:
        services.merge_player(player=erin, into=shown)

    assert str(refusal.value) == "Choose another player of this notebook."
    assert Seat.objects.filter(player=erin).count() == 2


def test_an_import_meeting_a_name_just_taken_is_refused(client, notebook, monkeypatch):
    game = start_oh_hell(notebook, names=["Anna", "Ben", "Zoe"])
    plan = exports.session_plan(exports.session_json(services.load(game)))
    other = Notebook.objects.create()
    other_phone_takes(monkeypatch, "zoe", other)

    with pytest.raises(RuleError) as refusal:
        exports.import_session(notebook=other, plan=plan)

    assert "Please try again" in str(refusal.value)
    assert not other.players.exists()


@pytest.mark.django_db(transaction=True)
def test_phones_renaming_players_to_one_name_at_once_keep_one_and_tell_the_others() -> None:
    """A real race: each phone its own thread and connection (tests/games/test_concurrency.py)."""
    notebook = Notebook.objects.create()
    start_oh_hell(notebook, names=["Anna", "Ben", "Carla", "Dan", "Erin", "Finn", "Gus"])
    players = list(notebook.players.all())
    barrier = threading.Barrier(len(players))
    outcomes: list[object] = [None] * len(players)

    def rename(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = services.rename_player(player=players[index], name="Zoe")
        except Exception as error:
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=rename, args=(i,)) for i in range(len(players))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert all(isinstance(o, RuleError) for o in refused), refused
    assert len(refused) == len(players) - 1
    assert notebook.players.filter(name="Zoe").count() == 1
