"""The SQLite backend (scorekeeper/sqlite) converts a statement's placeholders as
Django's does, once per statement."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.backends.sqlite3.base import SQLiteCursorWrapper

from games.models import Notebook
from scorekeeper.sqlite import base

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="SQLite only (the default database)"
)

STATEMENTS = [
    "SELECT %s, %s",
    "SELECT '100%%' || %s",  # a literal percent sign, doubled as Django writes it
    "SELECT '%%s' || %s",  # a literal "%s"
    "SELECT 1",
    'SELECT "x"."id" FROM "x" WHERE "x"."key" IN (%s, %s, %s) AND "x"."n" = %s',
]


def test_the_site_uses_it() -> None:
    assert connection.settings_dict["ENGINE"] == "scorekeeper.sqlite"


@pytest.fixture
def cursors(db):
    """Django's cursor and ours, on the test database's connection."""
    connection.ensure_connection()
    raw = connection.connection
    return raw.cursor(factory=SQLiteCursorWrapper), raw.cursor(factory=base.CursorWrapper)


@pytest.mark.parametrize("statement", STATEMENTS)
def test_a_statement_is_converted_as_djangos_cursor_converts_it(statement, cursors) -> None:
    djangos, ours = cursors
    assert ours.convert_query(statement) == djangos.convert_query(statement)
    assert ours.convert_query(statement) == base.qmark(statement)


def test_named_parameters_are_converted_as_djangos(cursors) -> None:
    djangos, ours = cursors
    statement = "SELECT %(a)s, %(b)s"
    names = ["a", "b"]
    assert ours.convert_query(statement, param_names=names) == djangos.convert_query(
        statement, param_names=names
    )


@pytest.mark.django_db
def test_statements_run_with_the_values_in_their_places() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s || '100%%' || %s", ["a", "b"])
        assert cursor.fetchone() == ("a100%b",)
        cursor.execute("SELECT %(x)s + %(y)s", {"x": 2, "y": 3})
        assert cursor.fetchone() == (5,)
    notebook = Notebook.objects.create(name="Friday")
    assert Notebook.objects.get(key=notebook.key).name == "Friday"


@pytest.mark.django_db
def test_each_statement_is_converted_once() -> None:
    base.qmark.cache_clear()
    with connection.cursor() as cursor:
        for _ in range(3):
            cursor.execute("SELECT %s + %s", [1, 2])
            assert cursor.fetchone() == (3,)
    info = base.qmark.cache_info()
    assert (info.misses, info.hits) == (1, 2)
