"""Server time of the heavy pages as a ratio to a trivial Django view, and their queries.

    .venv/bin/python bench/run.py                  # SQLite and PostgreSQL (if it answers)
    .venv/bin/python bench/run.py --database sqlite --rounds 100

For each database: a temporary database gets the benchmark sessions (bench/data.py,
made through games.services), then a child process with the production settings
calls Django's WSGI handler directly (all the middleware, no network) for each page
in turn, round after round, and takes the median time of each. The trivial view
(bench/urls.py: no database, no template) is measured in the same rounds of the
same process, so the ratio does not depend on the machine's speed.

Budgets (issue 6): a heavy page at most 3x the trivial view; queries per page the
same for the smallest session as for the biggest. The exit status is 1 when a
budget fails.

A session's pages and the statistics are rendered once per state and then kept
(games/page_cache.py), so each heavy page is measured twice: as it is served, which
is what the budget judges, and as its first render after a change ("first render":
the kept pages, and for the statistics the kept figures, are emptied before each
call, outside the timing), which is printed beside it.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import server

RATIO_BUDGET = 3.0
#: URL names the statistics page may get (it does not exist yet everywhere).
STATISTICS_NAMES = ("statistics", "stats", "notebook_statistics", "notebook_stats")
SESSIONS = 200


@dataclass
class Page:
    label: str
    path: str
    cookie: str
    #: The same page for the smallest case (3 players, 1 deal, 1 session): its query
    #: count must be the same.
    small_path: str | None = None
    small_cookie: str = ""
    htmx: bool = False
    heavy: bool = False
    #: Measured as the first render after a change: nothing kept (games/page_cache.py).
    cold: bool = False
    status: int = 200
    times: list[float] = field(default_factory=list)


def pages_to_measure(ids: dict) -> list[Page]:
    from django.urls import NoReverseMatch, reverse

    owner = f"notebook={ids['notebook_key']}"
    small = f"notebook={ids['small_notebook_key']}"
    big = f"notebook={ids['big_notebook_key']}" if ids.get("big_notebook_key") else owner
    deal, sheet, kozel, tiny = (
        ids["deal_game"],
        ids["sheet_game"],
        ids["kozel_game"],
        ids["small_game"],
    )
    pages = [
        Page("trivial view", "/bench/trivial/", ""),
        Page("trivial page: base.html, 1 query", "/bench/trivial-page/", owner),
        Page(
            "deal screen, 7 players, deal 19",
            f"/s/{deal}/",
            owner,
            f"/s/{tiny}/",
            small,
            heavy=True,
        ),
        Page(
            "score sheet, 7 players, 19 deals",
            f"/s/{sheet}/sheet/",
            owner,
            f"/s/{tiny}/sheet/",
            small,
            heavy=True,
        ),
        Page(
            "htmx swap: live, out of date",
            f"/s/{deal}/live/?v=0",
            owner,
            f"/s/{tiny}/live/?v=0",
            small,
            htmx=True,
            heavy=True,
        ),
        Page(
            "htmx swap: live, out of date, view link",
            f"/s/{deal}/live/?v=0",
            f"links={ids['view_link']}",
            htmx=True,
        ),
        Page(
            "live poll, up to date (204)",
            f"/s/{deal}/live/?v={ids['deal_game_version']}",
            owner,
            htmx=True,  # as the page's hx-get asks: answered in front of Django
            status=204,
        ),
        Page("Kozel deal screen, 6 deals", f"/s/{kozel}/", owner),
        Page(f"home, {SESSIONS} sessions", "/", big, "/", small),
        Page("new session form", "/new/", owner),
    ]
    for name in STATISTICS_NAMES:
        try:
            path = reverse(name)
        except NoReverseMatch:
            continue
        pages.append(Page(f"statistics, {SESSIONS} sessions", path, big, path, small, heavy=True))
        break
    # The same heavy pages rendered from scratch, as after each change.
    pages += [
        Page(
            f"  first render: {page.label}",
            page.path,
            page.cookie,
            page.small_path,
            page.small_cookie,
            htmx=page.htmx,
            cold=True,
        )
        for page in list(pages)
        if page.heavy
    ]
    return pages


def forget_kept() -> None:
    """Empty what the pages keep: rendered pages, the sessions read for them, and the
    statistics' figures."""
    from django.core.cache import caches

    from games import services

    caches["pages"].clear()
    caches["default"].clear()
    services.forget_shown()


def call(handler, path: str, cookie: str, htmx: bool) -> tuple[int, bytes]:
    """One request through Django's WSGI handler, as gunicorn would make it."""
    route, _, query = path.partition("?")
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": route,
        "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "127.0.0.1",
        "HTTP_ACCEPT_ENCODING": "br, gzip",
        "HTTP_COOKIE": cookie,
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if htmx:
        environ["HTTP_HX_REQUEST"] = "true"
    status = []
    response = handler(environ, lambda line, headers, exc_info=None: status.append(line))
    try:
        body = b"".join(response)
    finally:
        if hasattr(response, "close"):  # as a server does
            response.close()
    return int(status[0].split()[0]), body


def queries(handler, path: str, cookie: str, htmx: bool, cold: bool = False) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    if cold:
        forget_kept()
    else:
        call(handler, path, cookie, htmx)  # kept from now on
    with CaptureQueriesContext(connection) as captured:
        call(handler, path, cookie, htmx)
    return len(captured)


def served():
    """The application as gunicorn serves it (scorekeeper/wsgi.py): Django's handler."""
    from django.core.handlers.wsgi import WSGIHandler

    return WSGIHandler()


def measure(ids: dict, rounds: int, warmup: int) -> list[dict]:
    """In the child process: every page, round after round, in a shuffled order."""
    server.setup_django()
    handler = served()
    pages = pages_to_measure(ids)
    for page in pages:
        status, _body = call(handler, page.path, page.cookie, page.htmx)
        if status != page.status:
            raise SystemExit(f"{page.label}: {page.path} answered {status}, not {page.status}")
        for _ in range(warmup):
            call(handler, page.path, page.cookie, page.htmx)
    order = list(pages)
    for _ in range(rounds):
        random.shuffle(order)
        for page in order:
            if page.cold:
                forget_kept()
            start = time.perf_counter()
            call(handler, page.path, page.cookie, page.htmx)
            page.times.append(time.perf_counter() - start)
            if page.cold:  # the other pages are kept again, as they would be
                for other in pages:
                    if not other.cold:
                        call(handler, other.path, other.cookie, other.htmx)
    trivial = statistics.median(pages[0].times)
    frame = statistics.median(pages[1].times)
    results = []
    for page in pages:
        median = statistics.median(page.times)
        count = queries(handler, page.path, page.cookie, page.htmx, page.cold)
        small = (
            queries(handler, page.small_path, page.small_cookie, page.htmx, page.cold)
            if page.small_path
            else None
        )
        results.append(
            {
                "label": page.label,
                "median_ms": round(median * 1000, 3),
                "p90_ms": round(statistics.quantiles(page.times, n=10)[-1] * 1000, 3),
                "ratio": round(median / trivial, 2),
                "page_ratio": round(median / frame, 2),
                "queries": count,
                "queries_small": small,
                "heavy": page.heavy,
            }
        )
    return results


def run_database(database: str, rounds: int, warmup: int) -> list[dict]:
    with server.prepared(database, sessions=SESSIONS) as (env, ids):
        output = subprocess.run(
            [
                server.PYTHON,
                "-m",
                "bench.run",
                "--child",
                json.dumps(ids),
                "--rounds",
                str(rounds),
                "--warmup",
                str(warmup),
            ],
            env=env,
            cwd=server.ROOT,
            check=True,
            stdout=subprocess.PIPE,
            text=True,
        ).stdout
    return json.loads(output.strip().splitlines()[-1])


def report(database: str, results: list[dict]) -> list[str]:
    """Print one database's table; return the budgets that failed."""
    failures = []
    print(
        f"\n{database}: server time per page (median of the rounds), as a ratio to the trivial"
        " view (ratio) and to the trivial page (/page), and SQL queries"
    )
    print(
        f"  {'page':40} {'median ms':>9} {'p90 ms':>8} {'ratio':>6} {'/page':>6} {'queries':>7}"
        f" {'smallest':>8}  budget"
    )
    for row in results:
        verdicts = []
        if row["heavy"]:
            ok = row["ratio"] <= RATIO_BUDGET
            verdicts.append(f"time {'ok' if ok else 'FAIL'} (<= {RATIO_BUDGET:g}x)")
            if not ok:
                failures.append(f"{database}: {row['label']} is {row['ratio']}x the trivial view")
        if row["queries_small"] is not None:
            ok = row["queries"] == row["queries_small"]
            verdicts.append("queries constant" if ok else "queries GROW")
            if not ok:
                failures.append(
                    f"{database}: {row['label']} makes {row['queries']} queries,"
                    f" the smallest case {row['queries_small']}"
                )
        small = "" if row["queries_small"] is None else row["queries_small"]
        print(
            f"  {row['label']:40} {row['median_ms']:9.3f} {row['p90_ms']:8.3f}"
            f" {row['ratio']:6.2f} {row['page_ratio']:6.2f} {row['queries']:7} {small!s:>8}"
            f"  {', '.join(verdicts)}"
        )
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=[*server.DATABASES, "all"], default="all")
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="print the results as JSON too")
    arguments = parser.parse_args()
    if arguments.child:
        print(json.dumps(measure(json.loads(arguments.child), arguments.rounds, arguments.warmup)))
        return 0
    databases = server.DATABASES if arguments.database == "all" else (arguments.database,)
    print(
        f"bench/run.py: {arguments.rounds} rounds, Python {sys.version.split()[0]},"
        f" {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start"
        " (above 0.5, other processes share the cores: times grow, ratios less)"
    )
    failures, everything = [], {}
    for database in databases:
        if database == "postgres" and not server.postgres_available():
            print(f"\npostgres: skipped, nothing answers at {server.POSTGRES_URL}")
            continue
        everything[database] = run_database(database, arguments.rounds, arguments.warmup)
        failures += report(database, everything[database])
    if arguments.json:
        print(json.dumps(everything))
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")
    for failure in failures:
        print(f"FAIL {failure}")
    if not failures:
        print("Every server-time and query budget holds.")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
