"""The PostgreSQL health check asks the socket, not the server
(scorekeeper/postgresql): a connection the server ended is replaced before a query
fails on it, and a healthy one costs no round trip."""

from __future__ import annotations

import time

import pytest
from django.db import connection, connections

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL only (CI runs it: DATABASE_URL)"
)


@pytest.fixture
def other(db):
    """A second connection to the test database, as a worker process holds one."""
    wrapper = type(connections["default"])(connection.settings_dict.copy(), alias="health")
    wrapper.ensure_connection()
    yield wrapper
    wrapper.close()


def test_the_site_uses_the_check_that_asks_the_socket() -> None:
    assert connection.settings_dict["ENGINE"] == "scorekeeper.postgresql"
    assert connection.settings_dict["CONN_HEALTH_CHECKS"] is True


def test_a_healthy_connection_is_kept_without_asking_the_server(other) -> None:
    pid = other.connection.info.backend_pid
    with other.cursor() as cursor:
        cursor.execute("SELECT 'the last thing asked'")
    other.health_check_done = False

    other.close_if_health_check_failed()

    assert other.connection is not None and other.connection.info.backend_pid == pid
    with connection.cursor() as cursor:  # what the server last heard from it
        cursor.execute("SELECT query FROM pg_stat_activity WHERE pid = %s", [pid])
        assert cursor.fetchone()[0] == "SELECT 'the last thing asked'"


def test_a_connection_the_server_ended_is_replaced(other) -> None:
    pid = other.connection.info.backend_pid
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    deadline = time.monotonic() + 5
    while other.is_usable() and time.monotonic() < deadline:
        time.sleep(0.05)  # the server's last words take a moment to arrive

    other.health_check_done = False
    other.close_if_health_check_failed()
    with other.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        new_pid = cursor.fetchone()[0]

    assert new_pid != pid
