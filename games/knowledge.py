"""What this process knows of sessions and notebooks, so that a kept page or an
up-to-date poll is answered without asking the database (PostgreSQL only).

A kept page needs two facts: the session's version and the visitor's role, or, for
the statistics, the notebook's state. Asking the database costs one round trip,
which on PostgreSQL alone is 2.6 times the trivial view (docs/performance.md). So
each process keeps what it last read, and forgets it when PostgreSQL says it
changed (scorekeeper/postgresql/listen.py; the triggers are in
games/migrations/0005):

- ``v <public id> <notebook id> <version>``: a session changed (every action bumps
  its version); who may see it is as before, so every visitor known is kept, at
  the new version, and no poll after a change needs the database;
- ``g <public id> <notebook id>``: a session was added, deleted or moved, or one of
  its share links changed;
- ``n <notebook id>``: a notebook's players changed;
- ``*``: a notebook's secret link changed, a table was emptied, or the listener is
  new or lost: everything is forgotten.

What is read is learnt only if nothing about it was heard between the moment the
request asked (``recall_*``) and the moment it learns: a change committed after the
query's snapshot is always heard after that.

Not used, and the database asked as before: on SQLite; inside a transaction (a
test's, which never commits, so never notifies); when the listener is lost; when
the visitor's browser carries the stamp of a write (the ``seen`` cookie) this
process has not heard yet; and for a poll that asks about a version newer than
the one known.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Final

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse

from scorekeeper.postgresql.listen import listener

#: The stamp of the browser's last write (scorekeeper/postgresql/listen.py).
SEEN_COOKIE = "seen"
SEEN_AGE = 60  # seconds: far longer than any process takes to hear a change
SESSIONS_KEEP = 10_000
VISITORS_KEEP = 64  # role answers kept per session (each a cookie and its links)
NOTEBOOKS_KEEP = 10_000
HEARD_KEEP = 4096


class Unknown:
    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN: Final = Unknown()

Visitor = tuple[str, tuple[str, ...]]  # the notebook cookie and the share-link keys
Seen = tuple[int, bool, bool] | None  # visible_version's row, or None: not visible
Recalled = tuple[int | None, Seen | Unknown]


class Knowledge:
    def __init__(self) -> None:
        self.sessions: OrderedDict[str, dict[Visitor, Seen]] = OrderedDict()
        self.states: OrderedDict[str, tuple[str, str]] = OrderedDict()  # cookie -> (id, state)
        self.cookies_of: dict[str, set[str]] = {}  # notebook id -> cookies in ``states``
        #: Counts what was heard; ``heard`` holds the latest (count, what) pairs, and
        #: ``dropped`` the count of the latest one no longer held.
        self.count = 0
        self.heard: deque[tuple[int, str]] = deque()
        self.dropped = 0

    # -- what PostgreSQL says -------------------------------------------------------------

    def hear(self, payload: str | None) -> None:
        parts = (payload or "*").split(" ")
        self.count += 1
        if parts[0] == "v" and len(parts) == 4 and parts[3].isdigit():
            visitors = self.sessions.get(parts[1])
            if visitors is not None:  # the same visitors see it, at the new version
                version = int(parts[3])
                for visitor, seen in visitors.items():
                    # Versions only grow: a late word of an older one changes nothing.
                    if seen is not None and seen[0] < version:
                        visitors[visitor] = (version, *seen[1:])
            self._note(parts[1])
            self._forget_notebook(parts[2])
        elif parts[0] == "g" and len(parts) == 3:
            self.sessions.pop(parts[1], None)
            self._note(parts[1])
            self._forget_notebook(parts[2])
        elif parts[0] == "n" and len(parts) == 2:
            self._forget_notebook(parts[1])
        else:  # "*", or anything not understood
            self.sessions.clear()
            self.states.clear()
            self.cookies_of.clear()
            self._note("*")

    def _note(self, what: str) -> None:
        self.heard.append((self.count, what))
        while len(self.heard) > HEARD_KEEP:
            self.dropped = self.heard.popleft()[0]

    def _forget_notebook(self, notebook_id: str) -> None:
        self._note(f"n:{notebook_id}")
        for cookie in self.cookies_of.pop(notebook_id, ()):
            self.states.pop(cookie, None)

    def unchanged_since(self, count: int, *names: str) -> bool:
        """Nothing about ``names`` (nor everything) was heard after ``count``."""
        if count == self.count:
            return True
        if self.dropped > count:
            return False  # some of what was heard since is no longer listed
        return not any(n > count and (what == "*" or what in names) for n, what in self.heard)

    # -- sessions -----------------------------------------------------------------------

    def session(self, public_id: str, visitor: Visitor) -> Seen | Unknown:
        visitors = self.sessions.get(public_id)
        if visitors is None:
            return UNKNOWN
        self.sessions.move_to_end(public_id)
        return visitors.get(visitor, UNKNOWN)

    def learn_session(self, count: int, public_id: str, visitor: Visitor, seen: Seen) -> None:
        if not self.unchanged_since(count, public_id):
            return
        visitors = self.sessions.setdefault(public_id, {})
        self.sessions.move_to_end(public_id)
        if len(visitors) >= VISITORS_KEEP:
            visitors.clear()
        visitors[visitor] = seen
        while len(self.sessions) > SESSIONS_KEEP:
            self.sessions.popitem(last=False)

    # -- notebooks (the statistics' state) ------------------------------------------------

    def state(self, cookie: str) -> str | Unknown:
        known = self.states.get(cookie)
        return UNKNOWN if known is None else known[1]

    def learn_state(self, count: int, cookie: str, notebook_id: str, state: str) -> None:
        if not self.unchanged_since(count, f"n:{notebook_id}"):
            return
        self.states[cookie] = (notebook_id, state)
        self.cookies_of.setdefault(notebook_id, set()).add(cookie)
        while len(self.states) > NOTEBOOKS_KEEP:
            old, (old_id, _) = self.states.popitem(last=False)
            self.cookies_of.get(old_id, set()).discard(old)


knowledge = Knowledge()
listener.subscribe(knowledge.hear)


def recall_session(stamp: str | None, public_id: str, visitor: Visitor) -> Recalled:
    """What this process knows of the session for this visitor, whose browser
    carries the write ``stamp`` (the ``seen`` cookie) if any, if it may be used:
    (the count to learn with, the row or UNKNOWN), or (None, UNKNOWN) to ask the
    database and learn nothing."""
    with listener.lock:
        count = _current(stamp)
        if count is None:
            return None, UNKNOWN
        return count, knowledge.session(public_id, visitor)


def recall_state(request: HttpRequest, cookie: str) -> tuple[int | None, str | Unknown]:
    """The same for a notebook's state (the statistics)."""
    with listener.lock:
        count = _current(request.COOKIES.get(SEEN_COOKIE))
        if count is None:
            return None, UNKNOWN
        return count, knowledge.state(cookie)


def _current(stamp: str | None) -> int | None:
    """With ``listener.lock`` held: whether a request whose browser carries the
    write ``stamp`` may be answered from what this process knows (the count heard
    so far), or None to ask the database."""
    if (
        not settings.LISTEN_FOR_CHANGES
        or connection.vendor != "postgresql"
        or connection.in_atomic_block
        or not listener.drained(connection.get_connection_params)
    ):
        return None
    if stamp and not listener.has_heard(stamp):
        return None  # this browser wrote something this process has not heard of
    return knowledge.count


def learn_session(count: int, public_id: str, visitor: Visitor, seen: Seen) -> None:
    with listener.lock:
        listener.drained(connection.get_connection_params)  # heard since the query?
        knowledge.learn_session(count, public_id, visitor, seen)


def learn_state(count: int, cookie: str, notebook_id: str, state: str) -> None:
    with listener.lock:
        listener.drained(connection.get_connection_params)
        knowledge.learn_state(count, cookie, notebook_id, state)


def stamp_writes(get_response: Callable[[HttpRequest], HttpResponse]):
    """Middleware: a browser whose request committed a change carries the change's
    stamp for a minute, so that no process answers it from knowledge older than
    its own write."""

    def middleware(request: HttpRequest) -> HttpResponse:
        listener.take_stamp()  # a stamp left by whatever this thread did before
        response = get_response(request)
        stamp = listener.take_stamp()
        if stamp is not None:
            response.set_cookie(
                SEEN_COOKIE,
                stamp,
                max_age=SEEN_AGE,
                httponly=True,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
        return response

    return middleware
