"""What every test shares, whichever folder it is in, and what keeps a parallel run
(`make test`: pytest-xdist, one process a core and one more) from sharing anything it should not.

Each xdist worker is its own process with its own test database (pytest-django adds
`_gw0`, `_gw1` ... to the name; scorekeeper/settings.py adds the process id too), its
own `live_server` on a free port, its own Chromium and its own `tmp_path`. What is left
to share is the browser tests' output folder, below, and hypothesis's example database
(`.hypothesis/`), which is made for concurrent use. docs/performance.md ("The test
suite's time") says how long a run takes and why.
"""

from __future__ import annotations

import os
import shutil
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest


def is_xdist_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def pytest_configure(config: pytest.Config) -> None:
    # The default hasher (PBKDF2, a million rounds) makes each user the admin tests create
    # and log in cost a third of a second; the tests check who may log in, not the hash.
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests (marked ``long``: 15 s and more each) run first. xdist's worksteal
    gives each worker a part of the run and lets an idle one take half of what another has
    left; a long test left to the end keeps one worker going alone while the other waits."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable


def pytest_sessionstart(session: pytest.Session) -> None:
    """pytest-playwright empties its output folder (`--output`, `test-results/` by default)
    at each process's first test; under xdist a worker starting late would delete what
    another had written there. It is emptied once instead, here, before any worker starts
    (in the one process of a run without xdist)."""
    if is_xdist_worker(session.config):
        return
    output = session.config.getoption("--output", None)
    if output:
        shutil.rmtree(Path(output), ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def delete_output_dir() -> None:
    """Replaces pytest-playwright's fixture of that name: see pytest_sessionstart."""


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, and on PostgreSQL, before it is dropped, any other
    connection to it closed and named in a warning. A whole run on PostgreSQL now and then
    left a worker's database behind, "being accessed by other users" at teardown. Two causes
    found, both Playwright's asyncio loop, under which Django keeps a connection per context:
    a route handler that queried (test_flaky_table's ``deleted_meanwhile``) runs in a greenlet
    of its own, whose connection nothing closed (idle after COMMIT, until the handler closed
    it); and the tests that ran while the loop ran used a connection that Django no longer
    sees once it stops (idle after ROLLBACK, until tests/e2e/conftest.py closed it before
    Playwright stops). Any other is named here, with the thread, greenlet and test that
    opened it (its ``application_name``, `name_the_connection`); threads still finishing get
    3 s to close their own, and the database goes either way."""
    from django.db import connection
    from django.db.backends.signals import connection_created

    connection_created.connect(name_the_connection)
    yield
    connection_created.disconnect(name_the_connection)
    if connection.vendor != "postgresql":
        return
    others = "SELECT pid, state, left(query, 200), application_name FROM pg_stat_activity"
    others += " WHERE datname = current_database() AND pid <> pg_backend_pid()"
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        for _ in range(30):  # up to 3 s for threads still finishing to close their own
            cursor.execute(others)
            if not (strays := cursor.fetchall()):
                break
            time.sleep(0.1)
        for pid, *_seen in strays:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    if strays:
        warnings.warn(f"connections to the test database left open: {strays}", stacklevel=1)


def name_the_connection(sender, connection, **kwargs) -> None:
    """A PostgreSQL connection made during the tests says who made it, for the warning
    above: the thread, the greenlet (Playwright's handlers run in their own) and the test.
    Set on the driver's connection, not through Django's cursor, so that no test counting
    its queries sees it."""
    if connection.vendor != "postgresql":
        return
    test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit("/", 1)[-1]
    greenlet = sys.modules.get("greenlet")  # loaded with Playwright, whose handlers run in one
    where = f" g{id(greenlet.getcurrent()):x}" if greenlet else ""
    who = f"{threading.current_thread().name}{where} {test}"
    connection.connection.execute("SELECT set_config('application_name', %s, false)", [who[:63]])
