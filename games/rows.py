"""A session's rows read with written-out SQL, as model instances.

Every entry at a table reads the whole session twice (the action under its lock, and
the page that answers), and building those queries with the ORM cost more than
running them (docs/performance.md). Here each query is written once per process;
its rows go through the same converters the ORM applies (dates, JSON, booleans on
SQLite) and become model instances with ``Model.from_db``, exactly what a queryset
makes, related objects included where a ``select_related`` would have put them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import connection, models

M = TypeVar("M", bound=models.Model)


@dataclass(frozen=True)
class Columns:
    """A model's concrete columns in a SELECT: their SQL and how to read them."""

    model: type[models.Model]
    sql: str
    names: tuple[str, ...]
    #: (position, converters, expression) for each column that needs converting.
    converters: tuple[tuple[int, tuple[Callable, ...], Any], ...]

    def build(self, values: Sequence[Any]) -> models.Model:
        if self.converters:
            values = list(values)
            for position, converters, expression in self.converters:
                value = values[position]
                for convert in converters:
                    value = convert(value, expression, connection)
                values[position] = value
        return self.model.from_db(connection.alias, self.names, values)


@functools.cache
def columns(model: type[models.Model]) -> Columns:
    quote = connection.ops.quote_name
    table = model._meta.db_table
    fields = model._meta.concrete_fields
    converters = []
    for position, field in enumerate(fields):
        expression = field.get_col(table)
        found = connection.ops.get_db_converters(expression) + expression.get_db_converters(
            connection
        )
        if found:
            converters.append((position, tuple(found), expression))
    return Columns(
        model=model,
        sql=", ".join(f"{quote(table)}.{quote(field.column)}" for field in fields),
        names=tuple(field.attname for field in fields),
        converters=tuple(converters),
    )


def fetch(sql: str, params: Sequence[Any]) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def fetch_all(queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple]]:
    """The rows of several queries. On PostgreSQL they go in one round trip
    (psycopg's pipeline mode): a session's four queries then wait for the server
    once instead of four times, which under load is most of what they cost
    (docs/performance.md). Elsewhere, one after the other."""
    if connection.vendor != "postgresql" or len(queries) < 2:
        return [fetch(sql, params) for sql, params in queries]
    cursors = [connection.cursor() for _ in queries]
    try:
        with connection.wrap_database_errors, connection.connection.pipeline():
            for cursor, (sql, params) in zip(cursors, queries, strict=True):
                cursor.execute(sql, params)
            return [cursor.fetchall() for cursor in cursors]
    finally:
        for cursor in cursors:
            cursor.close()


def read(model: type[M], sql: str, params: Sequence[Any]) -> list[M]:
    """Instances of ``model`` from ``sql``, which selects ``columns(model).sql``."""
    return built(model, fetch(sql, params))


def built(model: type[M], found: list[tuple]) -> list[M]:
    """Instances of ``model`` from rows of ``columns(model).sql``."""
    build = columns(model).build
    return [build(row) for row in found]  # type: ignore[misc]


def q(name: str) -> str:
    return connection.ops.quote_name(name)


def table_of(model: type[models.Model]) -> str:
    return q(model._meta.db_table)
