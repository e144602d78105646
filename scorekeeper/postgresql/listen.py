"""What was committed, heard from PostgreSQL (LISTEN/NOTIFY), in every process.

Triggers on the tables a kept page depends on (games/migrations/0005) call
``pg_notify`` on one channel with what changed. Each process holds one extra
connection that listens on it and is drained, without a round trip, whenever a
request asks what this process knows (``drained``): reading what the socket
already holds costs under a microsecond, a query's round trip a hundred times
that (docs/performance.md). Whoever subscribes (games/knowledge.py) forgets what a
notification names; ``None`` means "forget everything" (a new or lost listener).

A process that commits also sends a marker of its own, in the same transaction and
so delivered after the transaction's other notifications, and uses what it knows
again only once its listener has heard it (``drained`` waits for it): the next
request in this process knows of its own change. The commit itself does not wait.
The marker, as ``<listener>.<number>``, is the write's stamp. A browser that
carries it (a cookie, games/knowledge.py) is answered from knowledge only by a
process that has heard that marker too, so a scorekeeper whose next request
reaches another process still sees what they entered.

Nothing here is used on SQLite, nor inside a transaction (a test's, which is
rolled back and never notifies).
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import select
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

import psycopg

CHANNEL = "scorekeeper"
#: After a lost listener, how long before connecting again (seconds).
RETRY_AFTER = 5.0
#: How long a commit waits for its own marker before giving up on the listener.
SYNC_TIMEOUT = 2.0
#: Stamps of other listeners remembered (each a process since it last connected).
OTHERS_KEEP = 1000

logger = logging.getLogger(__name__)
Handler = Callable[[str | None], None]


def readable(fd: int) -> bool:
    """Whether the socket has something to read now (no waiting)."""
    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLPRI)
    return bool(poller.poll(0))


class Listener:
    """One process's listening connection (or none, between tries)."""

    def __init__(self) -> None:
        #: Held while a notification is handled and while knowledge is read or
        #: written, so that both see the same state (threads of one process).
        self.lock = threading.RLock()
        self.handlers: list[Handler] = []
        self.local = threading.local()
        self._connection: psycopg.Connection | None = None
        self._pid = 0
        self._name = ""  # this connection's name in stamps
        self._sent = 0  # markers sent through it
        self._heard = 0  # of those, the last heard back
        self._awaited = 0  # of those, the last whose transaction has committed
        self._others: OrderedDict[str, int] = OrderedDict()
        self._retry_at = 0.0

    def subscribe(self, handler: Handler) -> None:
        self.handlers.append(handler)

    # -- listening ------------------------------------------------------------------------

    def drained(self, params: Callable[[], dict]) -> bool:
        """Handle what has arrived; connect first if there is no listener. True if
        this process is listening, so that what it knows is current. Call with
        ``lock`` held."""
        if self._connection is not None and self._pid != os.getpid():
            self._connection = None  # the parent's, inherited through a fork: not ours
        if self._connection is None and not self._connect(params):
            return False
        try:
            self._drain()
        except psycopg.Error:
            self.lost("drain failed")
            return False
        return self._heard >= self._awaited or self._wait_for_markers()

    def _wait_for_markers(self) -> bool:
        """Wait until every marker of this process's commits has come back: only then
        is what it knows current. Called with ``lock`` held, so no other thread uses
        what it knows meanwhile (each would wait for the same)."""
        deadline = time.monotonic() + SYNC_TIMEOUT
        while self._heard < self._awaited:
            left = deadline - time.monotonic()
            if left <= 0:
                self.lost("a commit's marker did not come back")
                return False
            try:
                select.select([self._connection.fileno()], [], [], left)
                self._drain()
            except (psycopg.Error, OSError):
                self.lost("waiting for a commit's marker failed")
                return False
        return True

    def _connect(self, params: Callable[[], dict]) -> bool:
        if time.monotonic() < self._retry_at:
            return False
        try:
            options = {"connect_timeout": 5, **params()}  # never a request held for long
            connection = psycopg.Connection.connect(**options, autocommit=True)
            connection.execute(f"LISTEN {CHANNEL}")
        except psycopg.Error as error:
            logger.warning("not listening for changes (%s); the database answers", error)
            self._retry_at = time.monotonic() + RETRY_AFTER
            return False
        self._connection, self._pid = connection, os.getpid()
        self._name, self._sent, self._heard, self._awaited = secrets.token_hex(6), 0, 0, 0
        self._forget_all()  # anything known before this LISTEN may be stale
        return True

    def lost(self, why: str) -> None:
        """No more listening: forget everything, try again later."""
        logger.warning("stopped listening for changes: %s", why)
        self.close()
        self._retry_at = time.monotonic() + RETRY_AFTER

    def close(self) -> None:
        with self.lock:
            connection, self._connection = self._connection, None
            if connection is not None and self._pid == os.getpid():
                with contextlib.suppress(psycopg.Error):
                    connection.close()
            self._forget_all()

    def _drain(self) -> None:
        connection = self._connection
        assert connection is not None
        pgconn = connection.pgconn
        pgconn.consume_input()
        # A server that ended the connection sent its last words, then closed the
        # socket: the first read takes the words, only a second one finds the end.
        for _ in range(3):
            if not readable(pgconn.socket):
                break
            pgconn.consume_input()  # raises at the end of the connection
        if pgconn.status != psycopg.pq.ConnStatus.OK:
            raise psycopg.OperationalError("the listening connection is closed")
        while (notify := pgconn.notifies()) is not None:
            self._heard_one(notify.extra.decode())

    def _heard_one(self, payload: str) -> None:
        if payload.startswith("sync "):
            _, name, number = payload.split(" ")
            if name == self._name:
                self._heard = int(number)
            else:
                self._others[name] = int(number)
                self._others.move_to_end(name)
                while len(self._others) > OTHERS_KEEP:
                    self._others.popitem(last=False)
            return
        for handler in self.handlers:
            handler(payload)

    def _forget_all(self) -> None:
        for handler in self.handlers:
            handler(None)

    # -- commits and stamps --------------------------------------------------------------

    def marker(self) -> tuple[str, str] | None:
        """This process's next marker for the transaction about to commit: its stamp
        and the payload to notify; None when not listening."""
        with self.lock:
            if self._connection is None or self._pid != os.getpid():
                return None
            self._sent += 1
            return f"{self._name}.{self._sent}", f"sync {self._name} {self._sent}"

    def after_commit(self, stamp: str) -> None:
        """The transaction with marker ``stamp`` has committed: what this process
        knows may be used again only once the marker has come back (``drained``
        waits for it), and the write's stamp is kept for the request's answer
        (``take_stamp``).

        The commit does not wait for its marker itself: the answer is drawn from
        what the transaction read, and by the time anything asks what this process
        knows (the next request, usually) the marker has mostly come back."""
        name, _, number = stamp.partition(".")
        with self.lock:
            if self._connection is not None and name == self._name:
                self._awaited = max(self._awaited, int(number))
        self.local.stamp = stamp

    def take_stamp(self) -> str | None:
        """The stamp of this thread's last commit, once."""
        stamp = getattr(self.local, "stamp", None)
        self.local.stamp = None
        return stamp

    def has_heard(self, stamp: str) -> bool:
        """Whether this process has heard the marker ``stamp`` names (and so every
        change committed before it). Call with ``lock`` held, after ``drained``."""
        name, _, number = stamp.partition(".")
        if not number.isdigit():
            return True  # not a stamp of ours: nothing to wait for
        if name == self._name:
            return self._heard >= int(number)
        return self._others.get(name, 0) >= int(number)


listener = Listener()
