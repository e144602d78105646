"""Django's PostgreSQL backend, with a health check that costs no round trip.

Persistent connections need a health check (shared FACTS.md): after the server
restarts, the first query on an old connection fails. Django's check sends
``SELECT 1`` before the first query of every request; for a session page that is
kept, that doubled the requests' round trips to the database, and made them a third
slower (docs/performance.md). An idle connection has nothing to read: when the
server ended it (a restart, ``pg_terminate_backend``, an idle timeout), it sent its
last words or closed the socket, and the socket is readable. So this check asks the
operating system, not the server. A connection in a transaction, or one psycopg
already knows to be closed or broken, is judged as Django judges it.

A commit also sends this process's marker and waits until its listener has heard
it (scorekeeper/postgresql/listen.py), when the process listens for changes.
"""

from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS
from django.db.backends.postgresql import base
from psycopg.pq import TransactionStatus

from scorekeeper.postgresql.listen import CHANNEL, listener, readable


class DatabaseWrapper(base.DatabaseWrapper):
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

    def _commit(self) -> None:
        marker = listener.marker() if self.connection is not None else None
        if marker is None:
            return super()._commit()
        number, payload = marker
        # The marker goes with the transaction, and in the same round trip as COMMIT.
        with self.wrap_database_errors, self.connection.pipeline():
            self.connection.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload])
            self.connection.commit()
        listener.after_commit(number)
        return None

    def close(self) -> None:
        super().close()
        # The listener goes with the connection it serves: a test database can then be
        # dropped, and a process whose connection aged out listens anew when asked.
        if self.alias == DEFAULT_DB_ALIAS:
            listener.close()
