"""On PostgreSQL a transaction's BEGIN goes with its first statement, and a
commit's marker with COMMIT (scorekeeper/postgresql): the transactions are the
same as psycopg's own, with fewer round trips."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection, connections, transaction
from psycopg.pq import TransactionStatus

from games import rows
from games.models import Notebook

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="PostgreSQL only (CI runs it: DATABASE_URL)"
    ),
    pytest.mark.django_db(transaction=True),  # real transactions, not the test's own
]


def server_status() -> TransactionStatus:
    return connection.connection.info.transaction_status


def sent(statements: list[str]):
    """Django's execute wrapper: notes what reaches the cursor."""

    def wrapper(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    return connection.execute_wrapper(wrapper)


def test_nothing_is_sent_when_a_transaction_starts() -> None:
    connection.ensure_connection()
    with transaction.atomic():
        assert server_status() == TransactionStatus.IDLE
        Notebook.objects.create(name="first")
        assert server_status() == TransactionStatus.INTRANS
    assert server_status() == TransactionStatus.IDLE
    assert Notebook.objects.filter(name="first").exists()


def test_what_a_transaction_wrote_is_rolled_back_with_it() -> None:
    with pytest.raises(RuntimeError), transaction.atomic():
        Notebook.objects.create(name="gone")
        Notebook.objects.create(name="gone too")
        raise RuntimeError

    assert not Notebook.objects.filter(name__startswith="gone").exists()
    assert server_status() == TransactionStatus.IDLE


def test_another_connection_sees_nothing_before_the_commit() -> None:
    other = type(connections["default"])(connection.settings_dict.copy(), alias="other")
    try:
        with transaction.atomic():
            Notebook.objects.create(name="not yet")
            with other.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM games_notebook WHERE name = 'not yet'")
                assert cursor.fetchone() == (0,)
        with other.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM games_notebook WHERE name = 'not yet'")
            assert cursor.fetchone() == (1,)
    finally:
        other.close()


def test_statements_read_together_run_in_order_in_one_message() -> None:
    statements: list[str] = []
    with transaction.atomic(), sent(statements):
        found = rows.fetch_all(
            [
                (
                    "INSERT INTO games_notebook (key, name, created_at)"
                    " VALUES (%s, %s, now()) RETURNING name",
                    ["k-1", "it's 100%"],
                ),
                ("SELECT count(*) FROM games_notebook WHERE key = %s", ["k-1"]),
            ]
        )

    assert found == [[("it's 100%",)], [(1,)]]
    assert len(statements) == 1


def test_a_transaction_that_sent_nothing_commits_nothing() -> None:
    connection.ensure_connection()
    statements: list[str] = []
    with sent(statements), transaction.atomic():
        pass

    assert statements == [] and server_status() == TransactionStatus.IDLE


def test_a_savepoint_inside_a_transaction_still_rolls_back_alone() -> None:
    with transaction.atomic():
        Notebook.objects.create(name="kept")
        with pytest.raises(RuntimeError), transaction.atomic():
            Notebook.objects.create(name="undone")
            raise RuntimeError

    assert set(Notebook.objects.values_list("name", flat=True)) == {"kept"}


def notebook_insert(name: str) -> tuple[str, list]:
    return (
        "INSERT INTO games_notebook (key, name, created_at) VALUES (%s, %s, now()) RETURNING name",
        [f"key of {name}", name],
    )


def test_statements_sent_with_the_commit_hand_over_their_rows_once_committed() -> None:
    handed: list = []
    statements: list[str] = []
    with sent(statements), transaction.atomic():
        Notebook.objects.create(name="first")
        rows.fetch_at_commit([notebook_insert("second"), notebook_insert("third")], handed.append)
        assert handed == []

    assert handed == [[[("second",)], [("third",)]]]
    assert Notebook.objects.filter(name__in=["first", "second", "third"]).count() == 3
    assert len(statements) == 1  # the first insert: the others went in the COMMIT's message


def test_statements_waiting_for_the_commit_go_before_any_statement_that_comes_first() -> None:
    handed: list = []
    with transaction.atomic():
        rows.fetch_at_commit([notebook_insert("waiting")], handed.append)
        seen = Notebook.objects.filter(name="waiting").exists()  # carries the insert ahead

    assert seen and handed == [[[("waiting",)]]]


def test_statements_sent_with_a_commit_that_never_comes_hand_over_nothing() -> None:
    handed: list = []
    with pytest.raises(RuntimeError), transaction.atomic():
        rows.fetch_at_commit([notebook_insert("never")], handed.append)
        Notebook.objects.count()  # sent, then rolled back
        raise RuntimeError

    assert handed == [] and not Notebook.objects.filter(name="never").exists()
    with transaction.atomic():
        Notebook.objects.create(name="next")  # nothing left over from the rolled back one
    assert handed == [] and connection.with_commit == connection.sent_with_commit == []


def test_inside_a_savepoint_the_statements_run_at_once_and_wait_for_the_commit() -> None:
    handed: list = []
    with transaction.atomic(), transaction.atomic():
        rows.fetch_at_commit([notebook_insert("nested")], handed.append)
        assert Notebook.objects.filter(name="nested").exists() and handed == []

    assert handed == [[[("nested",)]]]


def test_server_side_binding_is_refused_with_the_reason() -> None:
    settings = {**connection.settings_dict, "OPTIONS": {"server_side_binding": True}}
    wrapper = type(connections["default"])(settings, alias="binding")

    with pytest.raises(ImproperlyConfigured, match="client-side binding"):
        wrapper.get_connection_params()


def prepared_on_server() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM pg_prepared_statements")
        return {name for (name,) in cursor.fetchall()}


def test_a_written_out_statement_is_prepared_once_per_connection() -> None:
    sql = "SELECT name FROM games_notebook WHERE key = %s AND name <> %s"
    Notebook.objects.create(key="k-2", name="prepared")

    first = rows.fetch(sql, ["k-2", "other"])
    name = connection.prepared_names[sql]
    again = rows.fetch(sql, ["k-2", "other"])

    assert first == again == [("prepared",)]
    assert name in prepared_on_server() and len(connection.prepared_names) == 1
    connection.close()  # a new connection has prepared nothing
    assert rows.fetch(sql, ["k-2", "prepared"]) == []
    assert connection.prepared_names == {sql: name} and name in prepared_on_server()


def test_a_statement_prepared_in_a_transaction_that_rolls_back_stays_prepared() -> None:
    sql = "SELECT count(*) FROM games_notebook WHERE name = %s"
    with pytest.raises(RuntimeError), transaction.atomic():
        assert rows.fetch(sql, ["x"]) == [(0,)]
        raise RuntimeError

    assert rows.fetch(sql, ["x"]) == [(0,)]  # not prepared twice: that would fail


def test_the_app_s_connections_commit_without_waiting_for_the_disk() -> None:
    # docs/deploy.md, section 3: the durability of SQLite's WAL with synchronous=NORMAL.
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone() == ("off",)
