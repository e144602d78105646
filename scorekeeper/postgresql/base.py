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
- **A commit's marker goes with COMMIT.** A commit sends this process's marker and
  waits until its listener has heard it (scorekeeper/postgresql/listen.py), when the
  process listens for changes: ``SELECT pg_notify(...); COMMIT`` is one message too.
  A transaction that sent nothing commits nothing and costs nothing.
"""

from __future__ import annotations

from typing import Any

from django.db import DEFAULT_DB_ALIAS
from django.db.backends.postgresql import base
from psycopg import IsolationLevel
from psycopg.pq import TransactionStatus

from scorekeeper.postgresql.listen import CHANNEL, listener, readable


class Cursor(base.Cursor):
    """Django's client-side-binding cursor; in a transaction Django started and the
    server has not yet heard of, the first statement carries the BEGIN."""

    #: The Django connection this cursor serves (set by ``create_cursor``); None for
    #: cursors opened on the psycopg connection directly, which behave as psycopg's.
    wrapper: DatabaseWrapper | None = None

    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Cursor:
        if self.wrapper is not None and self.wrapper.begin_pending():
            if isinstance(query, str):
                super().execute(f"{self.wrapper.begin_sql()}; {query}", params, **kwargs)
                self.nextset()  # past BEGIN's answer, to the statement's own
                return self
            self.wrapper.begin_now()  # bytes or a composed query: BEGIN on its own
        return super().execute(query, params, **kwargs)

    def executemany(self, query: Any, params_seq: Any, **kwargs: Any) -> None:
        if self.wrapper is not None:
            self.wrapper.begin_now()
        return super().executemany(query, params_seq, **kwargs)

    def copy(self, statement: Any, *args: Any, **kwargs: Any):
        if self.wrapper is not None:
            self.wrapper.begin_now()
        return super().copy(statement, *args, **kwargs)

    def stream(self, query: Any, *args: Any, **kwargs: Any):
        if self.wrapper is not None:
            self.wrapper.begin_now()
        return super().stream(query, *args, **kwargs)


class DatabaseWrapper(base.DatabaseWrapper):
    def get_connection_params(self) -> dict:
        params = super().get_connection_params()
        if params.get("cursor_factory") is base.Cursor:  # not server-side binding
            params["cursor_factory"] = Cursor
        return params

    # -- a transaction's BEGIN with its first statement ----------------------------------

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

    def begin_now(self) -> None:
        """Send the pending BEGIN on its own (for what cannot carry it)."""
        if self.begin_pending():
            with self.wrap_database_errors:
                self.connection.execute(self.begin_sql())

    def create_cursor(self, name: str | None = None):
        if name is not None:
            # A named cursor's DECLARE is psycopg's own statement: BEGIN first. It is
            # declared WITH HOLD (psycopg is in autocommit mode), which a transaction
            # allows; the app declares none (no .iterator()).
            self.begin_now()
            return super().create_cursor(name)
        cursor = super().create_cursor()
        if isinstance(cursor, Cursor):
            cursor.wrapper = self
        return cursor

    def _commit(self) -> None:
        connection = self.connection
        if connection is None or connection.pgconn.transaction_status == TransactionStatus.IDLE:
            return None  # the server never heard of this transaction: nothing to commit
        marker = listener.marker()
        if marker is None:
            return super()._commit()
        number, payload = marker
        # The marker goes with the transaction, and in the same message as COMMIT.
        with self.wrap_database_errors, connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s); COMMIT", [CHANNEL, payload])
        listener.after_commit(number)
        return None

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
        super().close()
        # The listener goes with the connection it serves: a test database can then be
        # dropped, and a process whose connection aged out listens anew when asked.
        if self.alias == DEFAULT_DB_ALIAS:
            listener.close()
