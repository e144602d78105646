"""On PostgreSQL a process answers kept pages and up-to-date polls from what it
knows, and forgets it when PostgreSQL says it changed (games/knowledge.py,
scorekeeper/postgresql/listen.py, the triggers of games/migrations/0005).

The writes "from another process" go through a connection of their own, with
plain SQL: only the triggers can tell this process about them. The tests are
transactional: a test's transaction never commits, so never notifies, and
knowledge is not used inside one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import psycopg
import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from games import knowledge as knowing
from games import services
from games.knowledge import Knowledge
from games.models import Game, Notebook, ShareLink
from scorekeeper.postgresql import listen
from scorekeeper.postgresql.listen import listener
from tests.games.conftest import BEN, CARLA, HTMX, client_of, place_bids, start_oh_hell

postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL only (CI runs it: DATABASE_URL)"
)

# -- what is forgotten when (no database) ---------------------------------------------------


def test_a_session_heard_of_is_forgotten_with_its_notebooks_statistics() -> None:
    known = Knowledge()
    start = known.count
    known.learn_session(start, "abc", ("key", ()), (3, True, True))
    known.learn_session(start, "xyz", ("key", ()), (1, True, True))
    known.learn_state(start, "key", "7", "7:2:t:n")

    known.hear("g abc 7")

    assert known.session("abc", ("key", ())) is knowing.UNKNOWN
    assert known.session("xyz", ("key", ())) == (1, True, True)
    assert known.state("key") is knowing.UNKNOWN


def test_a_new_version_is_known_to_every_visitor_without_asking_again() -> None:
    known = Knowledge()
    known.learn_session(known.count, "abc", ("key", ()), (3, True, True))
    known.learn_session(known.count, "abc", ("-", ("link",)), (3, False, False))
    known.learn_session(known.count, "abc", ("stranger", ()), None)
    known.learn_state(known.count, "key", "7", "state")

    known.hear("v abc 7 4")
    known.hear("v abc 7 2")  # a late word of an older version

    assert known.session("abc", ("key", ())) == (4, True, True)
    assert known.session("abc", ("-", ("link",))) == (4, False, False)
    assert known.session("abc", ("stranger", ())) is None
    assert known.state("key") is knowing.UNKNOWN


def test_a_players_change_forgets_only_the_statistics_of_that_notebook() -> None:
    known = Knowledge()
    known.learn_session(known.count, "abc", ("key", ()), (3, True, True))
    known.learn_state(known.count, "key", "7", "state of 7")
    known.learn_state(known.count, "other", "8", "state of 8")

    known.hear("n 7")

    assert known.state("key") is knowing.UNKNOWN
    assert known.state("other") == "state of 8"
    assert known.session("abc", ("key", ())) == (3, True, True)


@pytest.mark.parametrize("payload", ["*", None, "something new"])
def test_everything_is_forgotten_on_a_star_a_new_listener_or_anything_not_understood(
    payload,
) -> None:
    known = Knowledge()
    known.learn_session(known.count, "abc", ("key", ()), None)
    known.learn_state(known.count, "key", "7", "state")

    known.hear(payload)

    assert known.session("abc", ("key", ())) is knowing.UNKNOWN
    assert known.state("key") is knowing.UNKNOWN


def test_what_was_read_before_a_change_was_heard_is_not_learnt() -> None:
    known = Knowledge()
    asked = known.count  # the request asks what is known, then queries
    known.hear("v abc 7 4")  # meanwhile: heard that abc changed
    known.hear("g other 8")

    known.learn_session(asked, "abc", ("key", ()), (3, True, True))  # may be stale
    known.learn_session(asked, "xyz", ("key", ()), (5, True, True))  # unrelated
    known.learn_state(asked, "key", "7", "stale")

    assert known.session("abc", ("key", ())) is knowing.UNKNOWN
    assert known.session("xyz", ("key", ())) == (5, True, True)
    assert known.state("key") is knowing.UNKNOWN


def test_nothing_is_learnt_once_what_was_heard_since_is_no_longer_listed() -> None:
    known = Knowledge()
    asked = known.count
    for number in range(knowing.HEARD_KEEP + 1):
        known.hear(f"g s{number} 1")

    known.learn_session(asked, "xyz", ("key", ()), (5, True, True))

    assert known.session("xyz", ("key", ())) is knowing.UNKNOWN


# -- on PostgreSQL ----------------------------------------------------------------------------


@pytest.fixture
def other(transactional_db) -> Iterator[Callable[[str, list], None]]:
    """Another process's connection: ``other(sql, params)`` commits at once."""
    params = connection.get_connection_params()
    with psycopg.Connection.connect(**params, autocommit=True) as raw:
        yield lambda sql, args=(): raw.execute(sql, args) and None


@pytest.fixture
def table(transactional_db) -> Iterator[tuple[Game, Client]]:
    notebook = Notebook.objects.create(name="The Thursday table")
    game = start_oh_hell(notebook)
    yield game, client_of(notebook)
    listener.close()  # the next test starts from nothing known


def heard(check: Callable[[], bool], seconds: float = 3.0) -> bool:
    """Whether ``check`` becomes true as this process hears what was committed."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def poll(client: Client, game: Game, version: int) -> int:
    url = reverse("live", args=[game.public_id]) + f"?v={version}"
    return client.get(url, **HTMX).status_code


@postgresql_only
def test_a_kept_page_and_an_up_to_date_poll_cost_no_query_once_known(
    table, django_assert_num_queries
) -> None:
    game, client = table
    page = reverse("game", args=[game.public_id])
    first = client.get(page)  # renders, and learns the version and the role
    assert first.status_code == 200

    with django_assert_num_queries(0):
        again = client.get(page)
        up_to_date = poll(client, game, game.version)

    assert again.status_code == 200
    assert "Ben" in again.content.decode()
    assert up_to_date == 204


@postgresql_only
def test_a_change_committed_by_another_process_is_shown_once_heard(table, other) -> None:
    game, client = table
    assert poll(client, game, game.version) == 204  # known from here on

    other("UPDATE games_game SET version = version + 1 WHERE id = %s", [game.pk])

    assert heard(lambda: poll(client, game, game.version) == 200)


@postgresql_only
def test_a_poll_about_a_newer_version_than_known_asks_the_database(
    table, other, django_assert_num_queries
) -> None:
    game, client = table
    assert poll(client, game, game.version) == 204
    # Another process moves the session on, and a phone that saw it polls here before
    # this process has heard of it (the triggers are off for that connection, so it
    # never will).
    other("SET session_replication_role = replica")
    other("UPDATE games_game SET version = version + 1 WHERE id = %s", [game.pk])

    with django_assert_num_queries(1):
        assert poll(client, game, game.version + 1) == 204


@postgresql_only
def test_a_link_revoked_by_another_process_stops_working_once_heard(table, other) -> None:
    game, _ = table
    link = services.new_share_link(game=game, role=ShareLink.Role.VIEW)
    viewer = Client()
    viewer.get(reverse("join", args=[link.key]))
    page = reverse("game", args=[game.public_id])
    assert viewer.get(page).status_code == 200

    other("UPDATE games_sharelink SET revoked_at = now() WHERE id = %s", [link.pk])

    assert heard(lambda: viewer.get(page).status_code == 404)


@postgresql_only
def test_a_co_scorekeeper_link_made_view_only_by_another_process_loses_its_keypad(
    table, other
) -> None:
    game, _ = table
    link = services.new_share_link(game=game, role=ShareLink.Role.EDIT)
    helper = Client()
    helper.get(reverse("join", args=[link.key]))
    page = reverse("game", args=[game.public_id])
    assert "keypad-form" in helper.get(page).content.decode()

    other("UPDATE games_sharelink SET role = %s WHERE id = %s", ["view", link.pk])

    assert heard(lambda: "keypad-form" not in helper.get(page).content.decode())


@postgresql_only
def test_a_notebook_link_renewed_by_another_process_locks_the_old_one_out(table, other) -> None:
    game, client = table
    page = reverse("game", args=[game.public_id])
    assert client.get(page).status_code == 200

    other("UPDATE games_notebook SET key = 'renewed-elsewhere' WHERE id = %s", [game.notebook_id])

    assert heard(lambda: client.get(page).status_code == 404)


@postgresql_only
def test_a_deleted_session_is_gone_at_once(table) -> None:
    game, client = table
    page = reverse("game", args=[game.public_id])
    assert client.get(page).status_code == 200

    Game.objects.filter(pk=game.pk).delete()  # this process: known at once

    assert client.get(page).status_code == 404


@postgresql_only
def test_statistics_are_kept_without_a_query_and_follow_a_rename_elsewhere(
    table, other, django_assert_num_queries
) -> None:
    game, client = table
    stats = reverse("statistics")
    assert "Carla" in client.get(stats).content.decode()

    with django_assert_num_queries(0):
        assert client.get(stats).status_code == 200

    carla = game.seats.get(position=CARLA).player
    other("UPDATE games_player SET name = 'Carlotta' WHERE id = %s", [carla.pk])

    assert heard(lambda: "Carlotta" in client.get(stats).content.decode())


@postgresql_only
def test_statistics_follow_a_session_played_elsewhere(table, other) -> None:
    game, client = table
    stats = reverse("statistics")
    before = client.get(stats).content.decode()

    other("UPDATE games_game SET updated_at = now() WHERE id = %s", [game.pk])

    assert heard(lambda: client.get(stats).content.decode() != before)


@postgresql_only
def test_this_process_knows_of_its_own_write_at_once(table) -> None:
    game, client = table
    before = game.version
    assert poll(client, game, before) == 204

    place_bids(game, {BEN: 3})  # this process commits: no waiting after it

    assert poll(client, game, before) == 200
    assert poll(client, game, Game.objects.get(pk=game.pk).version) == 204


@postgresql_only
def test_a_bid_sent_by_the_phone_stamps_it_with_the_write(table) -> None:
    game, client = table
    page = client.get(reverse("game", args=[game.public_id]))
    form_key = page.content.decode().split('name="idem" value="')[1].split('"')[0]

    answer = client.post(
        reverse("bid", args=[game.public_id]),
        {"deal": 1, "seat": BEN, "bid": 2, "idem": form_key},
        **HTMX,
    )

    assert answer.status_code == 200
    stamp = answer.cookies[knowing.SEEN_COOKIE]
    assert stamp["httponly"] and stamp["max-age"] == knowing.SEEN_AGE
    with listener.lock:  # what asks this process what it knows waits for the stamp
        assert listener.drained(connection.get_connection_params)
        assert listener.has_heard(stamp.value)


@postgresql_only
def test_what_this_process_knows_waits_for_the_marker_of_its_last_commit(
    table, monkeypatch, django_assert_num_queries
) -> None:
    game, client = table
    assert poll(client, game, game.version) == 204  # known, and the listener is up
    monkeypatch.setattr(listen, "SYNC_TIMEOUT", 0.05)
    stamp, _ = listener.marker()  # a commit's marker that never reaches the server
    listener.after_commit(stamp)  # the commit itself does not wait for it

    with django_assert_num_queries(1):  # not answered from knowledge: from the database
        assert poll(client, game, game.version) == 204


@postgresql_only
def test_a_browser_stamped_by_a_write_this_process_has_not_heard_asks_the_database(
    table, django_assert_num_queries
) -> None:
    game, client = table
    assert poll(client, game, game.version) == 204
    client.cookies[knowing.SEEN_COOKIE] = "anotherprocess.5"

    with django_assert_num_queries(1):
        assert poll(client, game, game.version) == 204


@postgresql_only
def test_a_lost_listener_means_asking_the_database_and_never_a_stale_page(
    table, other, django_assert_num_queries
) -> None:
    game, client = table
    before = game.version
    assert poll(client, game, before) == 204
    with connection.cursor() as cursor:  # the listener's backend, ended by the server
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE query LIKE 'LISTEN %%' AND pid <> pg_backend_pid()"
        )
    other("UPDATE games_game SET version = version + 1 WHERE id = %s", [game.pk])
    time.sleep(0.2)  # the server's last words reach the listener's socket

    assert poll(client, game, before) == 200  # never 204: that would be stale


@postgresql_only
def test_inside_a_transaction_the_database_is_asked(db, django_assert_num_queries) -> None:
    notebook = Notebook.objects.create(name="The Thursday table")
    game = start_oh_hell(notebook)
    client = client_of(notebook)
    assert poll(client, game, game.version) == 204

    with django_assert_num_queries(1):  # a test's transaction never notifies
        assert poll(client, game, game.version) == 204
