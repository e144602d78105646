"""Django's PostgreSQL backend, with fewer round trips to the server.

Under load an entry at a table waits for PostgreSQL once per round trip, and its
sync worker serves nobody meanwhile (docs/performance.md). This backend saves the
round trips that carry nothing of the app's own:

- **The health check asks the socket, not the server.** Persistent connections need
  a health check (shared FACTS.md): after the server restarts, the first query on an
  old connection fails. Django's check sends ``SELECT 1`` before the first query of
  every request. An idle connection has nothing to read: when the server ended it (a
  restart, ``pg_terminate_backend``, an idle timeout), it sent its last words or
  closed the socket, and the socket is readable. So this check asks the operating
  system. A connection in a transaction, or one psycopg already knows to be closed
  or broken, is judged as Django judges it.
- **A transaction's BEGIN goes with its first statement.** psycopg sends ``BEGIN``
  on its own and waits for the answer before the first query of a transaction. Here
  psycopg stays in autocommit mode, Django's ``atomic()`` starts the transaction
  "under autocommit" (the hook Django offers backends for that), and the cursor puts
  ``BEGIN;`` in front of the transaction's first statement: one message, one round
  trip (the simple query protocol runs both, in order, as psycopg's client-side
  binding sends every query).
- **The transaction's last statements go with COMMIT.** Statements sent with the
  commit (``send_with_commit``: an entry's last writes, and the session read back
  for the answer), the process's marker (scorekeeper/postgresql/listen.py, when the
  process listens for changes) and ``COMMIT`` are one message. A transaction that
  sent nothing commits nothing and costs nothing.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.db import DEFAULT_DB_ALIAS
from django.db.backends.postgresql import base
from django.db.backends.utils import debug_transaction
from django.db.transaction import TransactionManagementError
from psycopg import IsolationLevel
from psycopg.pq import TransactionStatus

from scorekeeper.postgresql.listen import CHANNEL, listener, readable

Statement = tuple[str, Any]  # SQL and its parameters (None: none)
PLACEHOLDER = re.compile(r"%s")


@dataclass
class WithCommit:
    """Statements that go with the transaction's COMMIT (``send_with_commit``), and
    their rows once they have run."""

    statements: list[Statement]
    then: Callable[[list[list[tuple]]], None]
    found: list[list[tuple]] = field(default_factory=list)


def joined(statements: Sequence[Statement]) -> tuple[str, list[Any] | None]:
    """Statements as one simple-query message (client-side binding): the server runs
    them in order and answers each. A statement without parameters has its ``%``
    doubled when others bring some."""
    if all(params is None for _, params in statements):
        return "; ".join(sql for sql, _ in statements), None
    parts, values = [], []
    for sql, params in statements:
        parts.append(sql.replace("%", "%%") if params is None else sql)
        values.extend(params or ())
    return "; ".join(parts), values


class Cursor(base.Cursor):
    """Django's client-side-binding cursor. What must reach the server before the
    statement (a transaction's BEGIN, statements waiting for the commit) goes in
    the statement's own message."""

    #: The Django connection this cursor serves (set by ``create_cursor``); None for
    #: cursors opened on the psycopg connection directly, which behave as psycopg's.
    wrapper: DatabaseWrapper | None = None

    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Cursor:
        wrapper = self.wrapper
        if wrapper is None or not wrapper.has_ahead():
            return super().execute(query, params, **kwargs)
        if not isinstance(query, str) or isinstance(params, Mapping):
            wrapper.send_ahead()  # a composed query, or named parameters: on their own
            return super().execute(query, params, **kwargs)
        begin, waiting = wrapper.take_ahead()
        statements = [*([(begin, None)] if begin else []), *wrapper.statements_of(waiting)]
        super().execute(*joined([*statements, (query, params)]), **kwargs)
        if begin:
            self.nextset()  # past BEGIN's answer
        wrapper.read_results(self, waiting)  # and past theirs, to the statement's own
        return self

    def executemany(self, query: Any, params_seq: Any, **kwargs: Any) -> None:
        if self.wrapper is not None:
            self.wrapper.send_ahead()
        return super().executemany(query, params_seq, **kwargs)

    def copy(self, statement: Any, *args: Any, **kwargs: Any):
        if self.wrapper is not None:
            self.wrapper.send_ahead()
        return super().copy(statement, *args, **kwargs)

    def stream(self, query: Any, *args: Any, **kwargs: Any):
        if self.wrapper is not None:
            self.wrapper.send_ahead()
        return super().stream(query, *args, **kwargs)


class DatabaseWrapper(base.DatabaseWrapper):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Statements waiting for the commit's message (or for the next statement's).
        self.with_commit: list[WithCommit] = []
        #: Those sent already, waiting for the commit to hand over their rows.
        self.sent_with_commit: list[WithCommit] = []
        #: The statements this connection prepared (``prepared``): SQL -> name.
        self.prepared_names: dict[str, str] = {}

    def get_new_connection(self, conn_params: dict):
        # A new session has prepared nothing (prepared() connects before it looks).
        self.prepared_names = {}
        return super().get_new_connection(conn_params)

    def fetch_together(self, statements: Sequence[Statement]) -> list[list[tuple]]:
        """The rows of each statement (each returns rows), all sent in one message:
        the server runs them in order and answers at once."""
        with self.cursor() as cursor:
            cursor.execute(*joined(statements))
            found = [cursor.fetchall()]
            while cursor.nextset():
                found.append(cursor.fetchall())
        return found

    # -- statements prepared once per connection -------------------------------------------

    def prepared(self, sql: str, params: Sequence[Any]) -> Statement:
        """``sql`` (with ``%s`` placeholders) as the EXECUTE of a statement this
        connection prepared: the server parses and plans it once per connection
        instead of in every request, which for a session's queries was half their
        time on the server (docs/performance.md). The first use prepares it, in a
        message of its own (PREPARE is no part of a transaction: it stays whatever
        becomes of the transaction, and a failed message would leave unknown which
        ran). For the app's written-out statements only (games/rows.py), a few dozen:
        the ORM's are left as they are."""
        self.ensure_connection()
        name = self.prepared_names.get(sql)
        if name is None:
            name = f"sk_{hashlib.sha1(sql.encode()).hexdigest()[:20]}"
            numbered = iter(range(1, sql.count("%s") + 1))
            body = PLACEHOLDER.sub(lambda _: f"${next(numbered)}", sql)
            with self.wrap_database_errors, self.connection.cursor() as cursor:
                cursor.execute(f"PREPARE {name} AS {body}")
            self.prepared_names[sql] = name
        if not params:
            return f"EXECUTE {name}", None
        return f"EXECUTE {name}({', '.join(['%s'] * len(params))})", list(params)

    def get_connection_params(self) -> dict:
        if self.settings_dict["OPTIONS"].get("server_side_binding"):
            raise ImproperlyConfigured(
                "scorekeeper.postgresql sends several statements in one message, which"
                " needs psycopg's client-side binding: leave server_side_binding out."
            )
        return {**super().get_connection_params(), "cursor_factory": Cursor}

    # -- what goes in the next message ----------------------------------------------------

    def _start_transaction_under_autocommit(self) -> None:
        """Django calls this instead of turning autocommit off when ``atomic()``
        starts a transaction. Nothing is sent now: the first statement says BEGIN."""

    def begin_pending(self) -> bool:
        """Django is in a transaction the server has not begun yet."""
        connection = self.connection
        return (
            not self.autocommit
            and connection.autocommit
            and connection.pgconn.transaction_status == TransactionStatus.IDLE
        )

    def begin_sql(self) -> str:
        level = self.connection.isolation_level
        if level is None:
            return "BEGIN"
        return f"BEGIN ISOLATION LEVEL {IsolationLevel(level).name.replace('_', ' ')}"

    def has_ahead(self) -> bool:
        return bool(self.with_commit) or self.begin_pending()

    def take_ahead(self) -> tuple[str | None, list[WithCommit]]:
        """The BEGIN to send (or None) and the statements waiting, now on their way."""
        begin = self.begin_sql() if self.begin_pending() else None
        waiting, self.with_commit = self.with_commit, []
        self.sent_with_commit += waiting
        return begin, waiting

    @staticmethod
    def statements_of(waiting: list[WithCommit]) -> list[Statement]:
        return [statement for item in waiting for statement in item.statements]

    @staticmethod
    def read_results(cursor: Any, waiting: list[WithCommit]) -> None:
        """Take the rows of ``waiting``'s statements from the cursor, which then stands
        at the next statement's answer."""
        for item in waiting:
            for _ in item.statements:
                item.found.append(cursor.fetchall())
                cursor.nextset()

    def send_ahead(self) -> None:
        """Send what waits on its own (for what cannot carry it)."""
        if not self.has_ahead():
            return
        begin, waiting = self.take_ahead()
        statements = [*([(begin, None)] if begin else []), *self.statements_of(waiting)]
        with self.wrap_database_errors, self.connection.cursor() as cursor:
            cursor.execute(*joined(statements))
            if begin:
                cursor.nextset()
            self.read_results(cursor, waiting)

    def send_with_commit(
        self, statements: list[Statement], then: Callable[[list[list[tuple]]], None]
    ) -> None:
        """Send ``statements`` with this transaction's COMMIT, in its message (or with
        the next statement, if one comes first), and hand their rows, one list per
        statement (a write says RETURNING), to ``then`` once the transaction has
        committed; nothing, if it rolls back. For the outermost transaction only:
        a savepoint rolled back would not undo statements sent after it."""
        if not self.in_atomic_block or self.savepoint_ids:
            raise TransactionManagementError("send_with_commit() needs the outermost atomic()")
        self.with_commit.append(WithCommit(list(statements), then))

    def create_cursor(self, name: str | None = None):
        if name is not None:
            # A named cursor's DECLARE is psycopg's own statement: what waits goes first.
            # It is declared WITH HOLD (psycopg is in autocommit mode), which a
            # transaction allows; the app declares none (no .iterator()).
            self.send_ahead()
            return super().create_cursor(name)
        cursor = super().create_cursor()
        if isinstance(cursor, Cursor):
            cursor.wrapper = self
        return cursor

    def _commit(self) -> None:
        connection = self.connection
        if connection is None:
            return None
        begin, waiting = self.take_ahead() if self.with_commit else (None, [])
        done, self.sent_with_commit = self.sent_with_commit, []
        if connection.pgconn.transaction_status == TransactionStatus.IDLE and not waiting:
            return None  # the server never heard of this transaction: nothing to commit
        marker = listener.marker()
        statements = [
            *([(begin, None)] if begin else []),
            *self.statements_of(waiting),
            *([("SELECT pg_notify(%s, %s)", [CHANNEL, marker[1]])] if marker else []),
            ("COMMIT", None),
        ]
        # All in one message: the statements that waited, the marker (it goes with the
        # transaction) and COMMIT; logged as Django logs a COMMIT.
        sql, params = joined(statements)
        with debug_transaction(self, sql), self.wrap_database_errors, connection.cursor() as cursor:
            cursor.execute(sql, params)
            if begin:
                cursor.nextset()
            self.read_results(cursor, waiting)
        if marker:
            listener.after_commit(marker[0])
        for item in done:
            item.then(item.found)
        return None

    def _rollback(self) -> None:
        self.with_commit, self.sent_with_commit = [], []
        return super()._rollback()

    # -- the health check ------------------------------------------------------------------

    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        if connection.info.transaction_status != TransactionStatus.IDLE:
            return super().is_usable()
        try:
            return not readable(connection.fileno())  # anything to read: the server ended it
        except (OSError, ValueError):
            return False

    def close(self) -> None:
        self.with_commit, self.sent_with_commit = [], []
        super().close()
        # The listener goes with the connection it serves: a test database can then be
        # dropped, and a process whose connection aged out listens anew when asked.
        if self.alias == DEFAULT_DB_ALIAS:
            listener.close()
