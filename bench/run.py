"""Server time of the heavy pages as a ratio to a trivial Django view, and their queries.

    .venv/bin/python bench/run.py                 # SQLite and PostgreSQL (if it answers)
    BENCH_ROUNDS=30 BENCH_SESSIONS=20 BENCH_DATABASES=sqlite .venv/bin/python bench/run.py

For each database a temporary database gets the sessions of bench/data.py, then a
child process with the production settings calls Django's WSGI handler as gunicorn
does (all the middleware, no network, the garbage collector set as gunicorn.conf.py sets
a worker's) for every page in a shuffled order, round after round (BENCH_ROUNDS, 300), and
keeps each page's median. The trivial view (bench/urls.py)
is measured in the same rounds of the same process, so the ratio does not depend on the
machine's speed. Budget (issue 6): every heavy page at most 3x the trivial view.
"""

from __future__ import annotations

import json
import os
import random
import runpy
import statistics
import subprocess
import sys
import time
from pathlib import Path
from wsgiref.util import setup_testing_defaults

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import server

BUDGET = 3.0


def pages(ids: dict, sessions: int) -> list[tuple[str, str, str, bool, int]]:
    """(label, path, cookie, as htmx asks, status): the trivial view first."""
    owner, big = f"notebook={ids['notebook']}", f"notebook={ids['big_notebook']}"
    games = f"notebook={ids['games_notebook']}"
    deal, live = f"/s/{ids['deal']}/", f"/s/{ids['deal']}/live/?v="
    return [
        ("trivial view", "/bench/trivial/", "", False, 200),
        ("deal screen, 7 players, deal 19", deal, owner, False, 200),
        ("score sheet, 7 players, 19 deals", f"/s/{ids['sheet']}/sheet/", owner, False, 200),
        ("live swap, one version behind", f"{live}{ids['version'] - 1}", owner, True, 200),
        (f"statistics, {sessions} sessions", "/stats/", big, False, 200),
        ("Skull King deal screen, 8 players", f"/s/{ids['skull']}/", games, False, 200),
        ("Тысяча deal screen, 4 players, 12 deals", f"/s/{ids['tysiac']}/", games, False, 200),
        ("live poll, up to date (204)", f"{live}{ids['version']}", owner, True, 204),
    ]


def call(handler, path: str, cookie: str, htmx: bool) -> int:
    """One GET through Django's WSGI handler, as gunicorn makes it; its status."""
    route, _, query = path.partition("?")
    environ = {"PATH_INFO": route, "QUERY_STRING": query, "HTTP_COOKIE": cookie}
    environ["HTTP_ACCEPT_ENCODING"] = "br, gzip"  # as a phone asks
    if htmx:
        environ["HTTP_HX_REQUEST"] = "true"
    setup_testing_defaults(environ)  # the rest of a request's environ, on 127.0.0.1
    status = []
    response = handler(environ, lambda line, headers, exc_info=None: status.append(line))
    b"".join(response)
    response.close()  # as a server does: request_finished, connections tidied
    return int(status[0].split()[0])


def measure(ids: dict, rounds: int, sessions: int) -> list[tuple[str, float, int]]:
    """In the child process: (label, median seconds, queries) of every page."""
    import django
    from django.core.handlers.wsgi import WSGIHandler
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    django.setup()
    handler, measured = WSGIHandler(), pages(ids, sessions)
    # A worker's collector as gunicorn.conf.py's own hooks set it: what Django loaded
    # frozen before the fork, the young objects collected less often after it.
    conf = runpy.run_path(str(server.ROOT / "gunicorn.conf.py"))
    conf["pre_fork"](None, None)
    conf["post_fork"](None, None)
    times: dict[str, list[float]] = {page[0]: [] for page in measured}
    for label, path, cookie, htmx, expected in measured:
        for _ in range(20):  # warm up; the statistics' figures cached as served
            if (status := call(handler, path, cookie, htmx)) != expected:
                raise SystemExit(f"{label}: {path} answered {status}, not {expected}")
    for _ in range(rounds):
        random.shuffle(measured)
        for label, path, cookie, htmx, _expected in measured:
            start = time.perf_counter()
            call(handler, path, cookie, htmx)
            times[label].append(time.perf_counter() - start)
    results = []
    for label, path, cookie, htmx, _expected in pages(ids, sessions):
        with CaptureQueriesContext(connection) as queries:
            call(handler, path, cookie, htmx)
        results.append((label, statistics.median(times[label]), len(queries)))
    return results


def report(database: str, rounds: int, results: list[tuple[str, float, int]]) -> list[str]:
    """Print one database's table; return the budgets that failed."""
    trivial = results[0][1]
    print(f"\n{database}: server time in the process, median of {rounds} rounds")
    print(f"  {'page':34} {'ms':>7} {'x trivial':>9} {'queries':>7}  budget <= {BUDGET:g}x")
    failures = []
    for number, (label, median, queries) in enumerate(results):
        ratio = median / trivial
        budget = "" if number == 0 else server.verdict(ratio <= BUDGET)
        if budget == "FAIL":
            failures.append(f"{database}: {label} is {ratio:.2f}x the trivial view")
        print(f"  {label:34} {median * 1000:7.3f} {ratio:9.2f} {queries:7}  {budget}")
    return failures


def main() -> int:
    rounds = int(server.setting("BENCH_ROUNDS", "300"))
    sessions = int(server.setting("BENCH_SESSIONS", "200"))
    if "BENCH_CHILD" in os.environ:
        print(json.dumps(measure(json.loads(os.environ["BENCH_CHILD"]), rounds, sessions)))
        return 0
    print(
        f"bench/run.py: {rounds} rounds, {os.cpu_count()} cores, load average"
        f" {os.getloadavg()[0]:.2f} (above 0.5 other processes share the cores)"
    )
    failures = []
    for database in server.databases():
        with server.prepared(database, server.build("pages", str(sessions))) as (env, ids):
            child = [server.PYTHON, "-m", "bench.run"]
            env["BENCH_CHILD"] = json.dumps(ids)
            out = subprocess.check_output(child, env=env, cwd=server.ROOT, text=True)
        failures += report(database, rounds, json.loads(out.splitlines()[-1]))
    return server.finish("bench/run.py", failures)


if __name__ == "__main__":
    sys.exit(main())
