"""On PostgreSQL a transaction's BEGIN goes with its first statement, and a
commit's marker with COMMIT (scorekeeper/postgresql): the transactions are the
same as psycopg's own, with fewer round trips."""

from __future__ import annotations

import pytest
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
