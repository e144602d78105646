"""A session's rows read with written-out SQL, as model instances.

Every entry at a table reads the whole session twice (the action under its lock, and
the page that answers), and building those queries with the ORM cost more than
running them (docs/performance.md). Here each query is written once per process;
its rows go through the same converters the ORM applies (dates, JSON, booleans on
SQLite) and become model instances as ``Model.from_db`` makes them, exactly what a
queryset makes (without its __init__ where that only stores the values: ``plain_init``),
related objects included where a ``select_related`` would have put them.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import connection, models, transaction
from django.db.models import signals
from django.db.models.base import ModelState
from django.db.models.fields.related_descriptors import ForeignKeyDeferredAttribute

M = TypeVar("M", bound=models.Model)


@dataclass(frozen=True)
class Columns:
    """A model's concrete columns in a SELECT: their SQL and how to read them."""

    model: type[models.Model]
    sql: str
    names: tuple[str, ...]
    #: (position, converters, expression) for each column that needs converting.
    converters: tuple[tuple[int, tuple[Callable, ...], Any], ...]
    #: Whether an instance may be made without Model.__init__ (see plain_init).
    plain: bool = False

    def build(self, values: Sequence[Any]) -> models.Model:
        if self.converters:
            values = list(values)
            for position, converters, expression in self.converters:
                value = values[position]
                for convert in converters:
                    value = convert(value, expression, connection)
                values[position] = value
        if not self.plain or signals.pre_init.has_listeners(self.model):
            return self.model.from_db(connection.alias, self.names, values)
        # What from_db makes through Model.__init__ (see plain_init), at a fifth of
        # the cost: a session of 16 deals is 80 rows, read twice an entry.
        instance = self.model.__new__(self.model)
        state = instance._state = ModelState()
        state.adding, state.db = False, connection.alias
        instance.__dict__.update(zip(self.names, values, strict=True))
        if signals.post_init.has_listeners(self.model):
            signals.post_init.send(sender=self.model, instance=instance)
        return instance


def plain_init(model: type[models.Model]) -> bool:
    """Whether Model.__init__, given a value for every concrete field in order (as
    from_db gives them), only stores each under its attname in the instance's
    ``__dict__`` and sends pre_init and post_init: the model does not override it,
    and no field's attribute on the class does anything when set, but a foreign
    key's, which on a new instance only stores the value too."""
    if model.__init__ is not models.Model.__init__ or model._meta.abstract:
        return False
    for field in model._meta.concrete_fields:
        descriptor = inspect.getattr_static(model, field.attname, None)
        if type(descriptor) is ForeignKeyDeferredAttribute:
            continue
        if descriptor is None or hasattr(type(descriptor), "__set__"):
            return False
    return True


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
        plain=plain_init(model),
    )


def fetch(sql: str, params: Sequence[Any]) -> list[tuple]:
    sql, params = sent([(sql, params)])[0]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def sent(queries: Sequence[tuple[str, Sequence[Any]]]) -> list[tuple[str, Any]]:
    """The statements as they go to the server: on PostgreSQL each the EXECUTE of a
    statement the connection prepared once (scorekeeper/postgresql), so that the
    server does not parse and plan it again in every request."""
    prepared = getattr(connection, "prepared", None)
    if prepared is None:
        return [(sql, params) for sql, params in queries]
    return [prepared(sql, params) for sql, params in queries]


def fetch_all(queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple]]:
    """The rows of several statements, run in order (each must return rows: a
    write says ``RETURNING``). On PostgreSQL they go as one message, which the
    server runs one after the other and answers at once: a session's four queries
    then wait for the server once instead of four times, which under load is most
    of what they cost (docs/performance.md). Elsewhere, one after the other."""
    together = getattr(connection, "fetch_together", None)
    if together is None or len(queries) < 2:
        return [fetch(sql, params) for sql, params in queries]
    return together(sent(queries))


def fetch_at_commit(
    queries: Sequence[tuple[str, Sequence[Any]]], then: Callable[[list[list[tuple]]], None]
) -> None:
    """Run ``queries``, a transaction's last statements (each returns rows: a write
    says ``RETURNING``), and hand their rows to ``then`` once the transaction has
    committed. On PostgreSQL, in a transaction of its own, they go in the message
    that commits it (scorekeeper/postgresql): no round trip of their own. Elsewhere,
    and inside another transaction's savepoint (a test's), they run now and ``then``
    waits for the commit (``on_commit``: never, if it rolls back)."""
    send_with_commit = getattr(connection, "send_with_commit", None)
    if send_with_commit is not None and connection.in_atomic_block and not connection.savepoint_ids:
        send_with_commit(sent(queries), then)
        return
    found = fetch_all(queries)
    transaction.on_commit(lambda: then(found))


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


# -- writes, as the ORM writes them, to go in one round trip with other statements ----


def insert(instance: models.Model) -> tuple[str, list[Any]]:
    """The INSERT of a new ``instance`` (auto-numbered), as ``save()`` would send it,
    returning the new row's id: the same ``pre_save`` (``auto_now_add`` stamps the
    instance) and the same preparation of each value."""
    fields = [field for field in instance._meta.concrete_fields if not field.primary_key]
    values = [
        field.get_db_prep_save(field.pre_save(instance, True), connection) for field in fields
    ]
    return _insert_sql(type(instance)), values


def update(instance: models.Model, names: Sequence[str]) -> tuple[str, list[Any]]:
    """The UPDATE of ``instance``'s columns ``names``, as ``save(update_fields=names)``
    would send it (``auto_now`` stamps the instance), returning the row's id."""
    meta = instance._meta
    fields = [meta.get_field(name) for name in names]
    values = [
        field.get_db_prep_save(field.pre_save(instance, False), connection) for field in fields
    ]
    return _update_sql(type(instance), tuple(names)), [*values, instance.pk]


@functools.cache
def _insert_sql(model: type[models.Model]) -> str:
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    return (
        f"INSERT INTO {table_of(model)} ({', '.join(q(field.column) for field in fields)})"
        f" VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {q(model._meta.pk.column)}"
    )


@functools.cache
def _update_sql(model: type[models.Model], names: tuple[str, ...]) -> str:
    meta = model._meta
    assignments = ", ".join(f"{q(meta.get_field(name).column)} = %s" for name in names)
    pk = q(meta.pk.column)
    return f"UPDATE {table_of(model)} SET {assignments} WHERE {pk} = %s RETURNING {pk}"
