"""How many card tables one core carries: locust (headless) against gunicorn on 127.0.0.1.

    .venv/bin/python bench/load/run.py      # SQLite and PostgreSQL, 1 and 2 workers
    .venv/bin/python bench/load/run.py --database sqlite --workers 1 --steps 100,300,500

For each database and number of gunicorn workers: a temporary database gets one
fresh Oh Hell session per table (4 players, down and up with the hook, a notebook
and a view-only link each, made through games.services); gunicorn starts with the
project's gunicorn.conf.py and the production settings. With one worker the server
is pinned to core 0 and locust to core 1, so the figure is what one core carries;
on PostgreSQL its server's processes go to core 0 too for the run (when this user
may move them), so that one core holds the server and its database, as SQLite's
in-process database always is, and their CPU counts. With two workers the server
has both cores and shares them with locust (and with PostgreSQL, left where it is).

Each table starts at a point of its first deal drawn at random (``--start anywhere``,
the same points in every run), as an evening's tables are when the load starts;
``--start first-bid`` starts them all at the first bid, the busiest phase, at once.
Then locust runs bench/load/locustfile.py with more and more tables (``--steps``),
each step ``--seconds`` long. Every table opens its four pages as it starts, a rush
a real evening (tables sitting down over hours) never has, and which a slow server
is still answering seconds later: the figures count from ``BENCH_SETTLE_SECONDS``
(6) after the last table's pages were answered (a step whose rush takes longer than
RUSH_LIMIT fails). The step passes when the 95th
percentile of every request is under ``--p95`` ms and nothing failed. Stepping
stops at the first step that fails, then one step halfway between the last pass and
that failure is tried. All traffic goes to 127.0.0.1; every run
is bounded in time (locust's --run-time) and stops by itself.

Before the steps each server gets a yardstick, the trivial view's server CPU a
request (measured again just before each step, which prints its share of it), and a
floor, the same for a WSGI application without Django
(bench/bare_wsgi.py) under the same gunicorn. ``--by-kind`` serves the project with
bench/load/by_kind.py, which counts the worker's CPU by kind of request, and each
step then prints what a poll, a swap, a page and each action cost, and their shares.

The exit status is 1 when one worker, on SQLite or on PostgreSQL, carries fewer
than ``--target`` tables (issue 6: 500).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import server
from bench.load import by_kind

HERE = Path(__file__).resolve().parent
LOCUST = str(Path(server.PYTHON).with_name("locust"))
DEFAULT_STEPS = "25,50,100,200,300,400,500,600,800,1000"
#: Seconds after the last table's pages were answered before a step's figures count
#: (locustfile.count_when_settled): the polls' timers are then out of step.
SETTLE = float(os.environ.get("BENCH_SETTLE_SECONDS", "6"))
#: Seconds the tables' opening rush may take to be answered before a step fails
#: without figures (a server that cannot answer it in that time carries no such step).
RUSH_LIMIT = 60
#: The figure issue 6 assumes per table, to compare ours with.
ISSUE_RATE = 1.4
#: The trivial view's server CPU per request (ms), by database and workers.
YARDSTICKS: dict[tuple[str, int], float] = {}
#: The same for a WSGI application without Django (bench/bare_wsgi.py): gunicorn's floor.
FLOORS: dict[tuple[str, int], float] = {}


@dataclass
class Step:
    database: str
    workers: int
    tables: int
    requests: int
    failures: int
    rate: float
    median_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float
    locust_cpu_warning: bool
    passed: bool
    #: Per kind of request (page, live, bid, trick, tricks): count, median, p95 in ms.
    kinds: dict[str, tuple[int, float, float]]
    #: The machine's load average when the step started (other processes on the cores).
    load_before: float
    #: The most frequent failure messages, with their counts.
    failure_messages: list[tuple[str, int]]
    #: CPU seconds the server used per second of the step, and per request: gunicorn's
    #: workers, and PostgreSQL's processes when they share the server's core.
    server_cpu: float
    cpu_ms_per_request: float
    #: With --by-kind: per kind of request (method, what it asks, status), the
    #: requests answered and the worker's CPU milliseconds each (bench/load/by_kind.py),
    #: and the trivial view's, measured the same way on the same server.
    cpu_by_kind: dict[str, tuple[int, float]] = field(default_factory=dict)
    trivial_cpu_ms: float = 0.0
    #: The yardstick measured again just before this step (ms of server CPU a request):
    #: the machine's speed drifts from one minute to the next.
    yardstick_ms: float = 0.0
    #: Seconds from locust's start until the figures counted: the ramp, the tables'
    #: opening rush answered, and SETTLE (0: the rush outlasted RUSH_LIMIT).
    counting_after_s: float = 0.0

    @property
    def per_table(self) -> float:
        return self.rate / self.tables if self.tables else 0.0

    @property
    def share_of_trivial(self) -> float:
        """Tables per core by CPU as a share of what the trivial view's CPU, measured
        just before the step, allows at issue 6's 1.4 requests a second a table."""
        if not self.yardstick_ms:
            return 0.0
        return self.tables_per_core_by_cpu / (1000 / self.yardstick_ms / ISSUE_RATE)

    @property
    def tables_per_core_by_cpu(self) -> int:
        """Tables one core would carry at 100% busy with this step's mix of requests,
        from the CPU the workers used: what the machine allows when nothing else runs
        on the core (a p95 under 150 ms needs some idle time, so somewhat fewer)."""
        per_table = self.server_cpu / self.tables if self.tables else 0
        return int(1 / per_table) if per_table else 0


def make_tables(env: dict[str, str], count: int, path: Path, start: str = "anywhere") -> None:
    subprocess.run(
        [
            server.PYTHON,
            "-m",
            "bench.load.run",
            "--child-tables",
            str(count),
            "--out",
            str(path),
            "--start",
            start,
        ],
        env=env,
        cwd=server.ROOT,
        check=True,
    )


def _child_tables(count: int, out: Path, start: str) -> None:
    """The tables' sessions: Oh Hell for 4, down and up with the hook, so a first deal
    of 10 cards (4 bids, then 10 tricks). ``start``: "anywhere", each table at a point
    of its first deal drawn at random (the same for every run), as the tables of an
    evening are when the load starts; "first-bid", every table at the first bid of its
    first deal, so that a step's first half minute is all bidding, the busiest phase
    (twice the entries of a deal's average), at every table at once."""
    server.setup_django()
    from bench import data

    draw = random.Random(6)
    tables = []
    for number in range(count):
        game = data.start_oh_hell(None, data.SEVEN[:4], first_dealer=number % 4)
        entered = draw.randrange(4 + 10) if start == "anywhere" else 0
        if entered:
            data.place_bids(game, min(entered, 4))
        if entered > 4:
            data.tap_tricks(game, entered - 4)
        tables.append(
            {
                "game": game.public_id,
                "notebook": game.notebook.key,
                "view": data.view_link(game),
            }
        )
    out.write_text(json.dumps(tables))


def run_step(
    served: server.Gunicorn,
    server_cpu: Callable[[], float],
    tables_file: Path,
    tables: int,
    seconds: int,
    p95_budget: float,
    workdir: Path,
    locust_cpus: str | None,
    label: tuple[str, int],
    counted: Callable[[], dict[str, tuple[int, float]]] | None = None,
    trivial_cpu_ms: float = 0.0,
) -> Step:
    yardstick = trivial_cost(served, seconds=4.0)
    spawn_rate = max(20, tables // 5)  # every table started within about 5 s
    ramp = tables / spawn_rate
    prefix = workdir / f"{label[0]}-{label[1]}-{tables}"
    counting_file = Path(f"{prefix}.counting")
    command = [
        LOCUST,
        "-f",
        str(HERE / "locustfile.py"),
        "--headless",
        "--host",
        served.url,
        "--users",
        str(tables),
        "--spawn-rate",
        str(spawn_rate),
        "--run-time",
        f"{int(ramp + RUSH_LIMIT + SETTLE + seconds + 2)}s",  # a guard: locust stops itself
        "--reset-stats",
        "--stop-timeout",
        "5",
        "--csv",
        str(prefix),
        "--only-summary",
        "--loglevel",
        "WARNING",
    ]
    if locust_cpus is not None and shutil.which("taskset"):
        command = ["taskset", "-c", locust_cpus, *command]
    env = {
        **os.environ,
        "BENCH_TABLES": str(tables_file),
        "BENCH_SETTLE_SECONDS": str(SETTLE),
        "BENCH_MEASURE_SECONDS": str(seconds),
        "BENCH_COUNTING_FILE": str(counting_file),
    }
    load_before = os.getloadavg()[0]
    # Bounded: locust stops itself after --run-time; the timeout is a second guard.
    with tempfile.TemporaryFile("w+") as output:
        process = subprocess.Popen(
            command, env=env, cwd=server.ROOT, stdout=output, stderr=subprocess.STDOUT, text=True
        )
        # The server's CPU over the measured part only: from when locust's figures start
        # counting (every table's pages answered, then SETTLE: locustfile.count_when_settled)
        # until shortly before the end.
        launched = time.monotonic()
        deadline = launched + 2 + ramp + RUSH_LIMIT + SETTLE
        while not counting_file.exists() and process.poll() is None:
            if time.monotonic() > deadline:  # the rush outlasted RUSH_LIMIT: no figures
                break
            time.sleep(0.05)
        rush_seconds = time.monotonic() - launched
        counted_all = counting_file.exists()
        cpu_before, started = server_cpu(), time.monotonic()
        counted_before = counted() if counted else {}
        time.sleep(max(1, seconds - 2))
        cpu_used, elapsed = server_cpu() - cpu_before, time.monotonic() - started
        cpu_by_kind = by_kind.between(counted_before, counted()) if counted else {}
        try:
            process.wait(timeout=ramp + RUSH_LIMIT + SETTLE + seconds + 120)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        output.seek(0)
        log = output.read()
    (prefix.parent / f"{prefix.name}.log").write_text(log)
    with open(f"{prefix}_stats.csv") as file:
        rows = list(csv.DictReader(file))
    total = next(row for row in rows if row["Name"] == "Aggregated")
    kinds = {
        f"{row['Type']} {row['Name']}": (
            int(row["Request Count"]),
            float(row["50%"]),
            float(row["95%"]),
        )
        for row in rows
        # A kind with no request since the figures started counting (the pages, opened
        # before) has no percentiles ("N/A").
        if row["Name"] != "Aggregated" and int(row["Request Count"])
    }
    requests = int(total["Request Count"])
    rate = float(total["Requests/s"])
    messages: dict[str, int] = {}
    with contextlib.suppress(FileNotFoundError), open(f"{prefix}_failures.csv") as file:
        for row in csv.DictReader(file):
            key = f"{row['Method']} {row['Name']}: {row['Error']}"[:120]
            messages[key] = messages.get(key, 0) + int(row["Occurrences"])
    failures = int(total["Failure Count"])
    p95 = float(total["95%"])
    return Step(
        database=label[0],
        workers=label[1],
        tables=tables,
        requests=requests,
        failures=failures,
        rate=rate,
        median_ms=float(total["50%"]),
        p95_ms=p95,
        p99_ms=float(total["99%"]),
        max_ms=float(total["Max Response Time"]),
        locust_cpu_warning="CPU usage" in log,
        kinds=kinds,
        failure_messages=sorted(messages.items(), key=lambda item: -item[1])[:3],
        load_before=round(load_before, 2),
        server_cpu=round(cpu_used / elapsed, 3),
        cpu_ms_per_request=round(1000 * cpu_used / elapsed / max(0.1, rate), 3),
        cpu_by_kind=cpu_by_kind,
        trivial_cpu_ms=trivial_cpu_ms,
        yardstick_ms=round(yardstick, 3),
        passed=counted_all and failures == 0 and requests > 0 and p95 < p95_budget,
        counting_after_s=round(rush_seconds, 1) if counted_all else 0.0,
    )


def print_step(step: Step) -> None:
    print(
        f"  {step.tables:6} tables {step.rate:8.1f} req/s ({step.per_table:.2f} per table)"
        f"  median {step.median_ms:5.0f} ms  p95 {step.p95_ms:5.0f} ms  p99 {step.p99_ms:5.0f} ms"
        f"  failures {step.failures:5}  {'pass' if step.passed else 'FAIL'}"
        f"{'  (locust near 100% CPU)' if step.locust_cpu_warning else ''}",
        flush=True,
    )
    kinds = ", ".join(
        f"{name} {count} x p50 {p50:.0f} p95 {p95:.0f}"
        for name, (count, p50, p95) in sorted(step.kinds.items())
    )
    print(
        f"         server CPU {step.server_cpu:.2f} cores, {step.cpu_ms_per_request:.2f} ms a"
        f" request: {step.tables_per_core_by_cpu} tables per core by CPU,"
        f" {step.share_of_trivial:.0%} of the trivial view's (it cost {step.yardstick_ms:.2f} ms"
        f" just before); load average before {step.load_before}",
        flush=True,
    )
    print(f"         ms by request: {kinds}", flush=True)
    print(
        f"         counted from {step.counting_after_s:.0f} s after locust started (the tables"
        f" started, their pages answered, then {SETTLE:.0f} s)"
        if step.counting_after_s
        else f"         no figures: the tables' opening rush outlasted {RUSH_LIMIT} s",
        flush=True,
    )
    if step.cpu_by_kind:
        spent = sum(count * ms for count, ms in step.cpu_by_kind.values()) or 1.0
        parts = ", ".join(
            f"{kind} {count} x {ms:.2f}"
            + (f" ({ms / step.trivial_cpu_ms:.1f}x)" if step.trivial_cpu_ms else "")
            + f" {count * ms / spent:.0%}"
            for kind, (count, ms) in sorted(
                step.cpu_by_kind.items(), key=lambda i: -i[1][0] * i[1][1]
            )
        )
        print(
            f"         CPU in the request by kind (ms each; x the trivial view's"
            f" {step.trivial_cpu_ms:.2f}; share): {parts}",
            flush=True,
        )
    for message, count in step.failure_messages:
        print(f"         failed {count} x {message}", flush=True)


def postgres_processes() -> list[psutil.Process]:
    """The local PostgreSQL server's processes: its postmaster and every backend."""
    return [
        process for process in psutil.process_iter(["name"]) if process.info["name"] == "postgres"
    ]


def cpu_of(processes: list[psutil.Process]) -> float:
    total = 0.0
    for process in processes:
        with contextlib.suppress(psutil.NoSuchProcess):
            times = process.cpu_times()
            total += times.user + times.system
    return total


@contextlib.contextmanager
def database_on(cpus: list[int]) -> Iterator[Callable[[], float] | None]:
    """PostgreSQL's processes on the server's core for the block, so that one core
    holds the server and its database, as with SQLite (a backend forked meanwhile
    inherits the postmaster's cores); yields their CPU seconds so far, or None when
    they cannot be moved (another user's server). Each gets its cores back after."""
    before: dict[psutil.Process, list[int]] = {}
    try:
        for process in postgres_processes():
            before[process] = process.cpu_affinity()
            process.cpu_affinity(cpus)
    except (psutil.AccessDenied, psutil.NoSuchProcess, OSError):
        moved = None
    else:
        moved = before
    try:
        yield (lambda: cpu_of(postgres_processes())) if moved else None
    finally:
        every = list(range(os.cpu_count() or 1))
        for process in postgres_processes():
            with contextlib.suppress(psutil.Error, OSError):
                process.cpu_affinity(before.get(process, every))


def trivial_cost(served: server.Gunicorn, seconds: float = 8.0) -> float:
    """The yardstick: server CPU milliseconds per request of the trivial view
    (bench/urls.py), asked for as fast as eight client threads can, with the same
    gunicorn, settings and middleware. CPU per request does not depend on what else
    runs on the machine, so the ratio of a table's cost to it holds across machines.
    Served by bench/bare_wsgi.py instead, the same measure gives gunicorn's floor."""
    url = f"{served.url}/bench/trivial/"
    deadline = time.monotonic() + seconds
    counts = []

    def client() -> None:
        done = 0
        while time.monotonic() < deadline:
            with urllib.request.urlopen(url, timeout=5) as response:
                response.read()
            done += 1
        counts.append(done)

    for _ in range(200):  # warm up
        with urllib.request.urlopen(url, timeout=5) as response:
            response.read()
    cpu_before = served.cpu_seconds()
    threads = [threading.Thread(target=client) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return 1000 * (served.cpu_seconds() - cpu_before) / max(1, sum(counts))


def find_capacity(
    database: str, workers: int, steps: list[int], arguments: argparse.Namespace, workdir: Path
) -> list[Step]:
    print(f"\n{database}, {workers} gunicorn worker{'s' if workers > 1 else ''}:", flush=True)
    results: list[Step] = []
    with server.prepared(database) as (env, _ids):
        tables_file = workdir / f"tables-{database}.json"
        make_tables(env, max(steps), tables_file, arguments.start)
        cpus, locust_cpus = ("0", "1") if workers == 1 else ("0-1", None)
        log = workdir / f"gunicorn-{database}-{workers}.log"
        with server.gunicorn(
            env, workers=workers, cpus=cpus, log=log, app="bench.bare_wsgi:application"
        ) as bare:
            floor = trivial_cost(bare)
        FLOORS[(database, workers)] = floor
        counted, config = None, None
        if arguments.by_kind:
            folder = workdir / f"kinds-{database}-{workers}"
            folder.mkdir()
            env = {**env, "BENCH_KINDS_DIR": str(folder)}
            config = HERE / "by_kind.py"

            def counted() -> dict[str, tuple[int, float]]:
                return by_kind.read(folder)

        pinned = database == "postgres" and workers == 1
        with (
            database_on([0]) if pinned else contextlib.nullcontext() as database_cpu,
            server.gunicorn(env, workers=workers, cpus=cpus, log=log, config=config) as served,
        ):
            if pinned:
                print(
                    "  PostgreSQL on core 0 with the server"
                    if database_cpu
                    else "  PostgreSQL could not be moved to core 0: its CPU is not counted",
                    flush=True,
                )

            def server_cpu() -> float:
                return served.cpu_seconds() + (database_cpu() if database_cpu else 0.0)

            counted_before = counted() if counted else {}
            yardstick = trivial_cost(served)
            if counted:  # one more request after a pause: the worker writes its counts
                time.sleep(by_kind.EVERY)
                with urllib.request.urlopen(f"{served.url}/bench/trivial/", timeout=5) as answer:
                    answer.read()
            trivial = by_kind.between(counted_before, counted()) if counted else {}
            trivial_cpu_ms = trivial.get("GET trivial 200", (0, 0.0))[1]
            print(
                f"  yardstick: the trivial view costs {yardstick:.2f} ms of server CPU a"
                f" request: at {ISSUE_RATE} requests a second a table, a core would carry"
                f" {1000 / yardstick / ISSUE_RATE:.0f} tables of it",
                flush=True,
            )
            YARDSTICKS[(database, workers)] = yardstick
            print(
                f"  floor: a WSGI application without Django (bench/bare_wsgi.py) costs"
                f" {floor:.2f} ms a request under the same gunicorn,"
                f" {floor / yardstick:.0%} of the trivial view",
                flush=True,
            )

            def step_of(tables: int) -> Step:
                """One step of ``tables`` tables against this server, printed."""
                step = run_step(
                    served,
                    server_cpu,
                    tables_file,
                    tables,
                    arguments.seconds,
                    arguments.p95,
                    workdir,
                    locust_cpus,
                    (database, workers),
                    counted,
                    trivial_cpu_ms,
                )
                results.append(step)
                print_step(step)
                return step

            passed_at, failed_at = 0, None
            for tables in steps:
                if not step_of(tables).passed:
                    failed_at = tables
                    break
                passed_at = tables
            if failed_at is not None and failed_at - passed_at > max(10, passed_at // 4):
                step_of((passed_at + failed_at) // 2)
    return results


def capacity(results: list[Step]) -> int:
    return max((step.tables for step in results if step.passed), default=0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=[*server.DATABASES, "all"], default="all")
    parser.add_argument("--workers", choices=["1", "2", "both"], default="both")
    parser.add_argument("--steps", default=DEFAULT_STEPS, help="tables per step, in order")
    parser.add_argument("--seconds", type=int, default=30, help="measured seconds per step")
    parser.add_argument("--p95", type=float, default=150.0, help="p95 budget in ms")
    parser.add_argument("--target", type=int, default=500, help="tables one core must carry")
    parser.add_argument("--json", type=Path, help="also write every step to this file")
    parser.add_argument(
        "--start",
        choices=["anywhere", "first-bid"],
        default="anywhere",
        help="where each table is in its first deal when the load starts (see _child_tables)",
    )
    parser.add_argument(
        "--by-kind",
        action="store_true",
        help="also count the server's CPU by kind of request (bench/load/by_kind.py)",
    )
    parser.add_argument("--child-tables", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child_tables:
        _child_tables(arguments.child_tables, arguments.out, arguments.start)
        return 0
    steps = sorted(int(n) for n in arguments.steps.split(","))
    databases = server.DATABASES if arguments.database == "all" else (arguments.database,)
    workers = (1, 2) if arguments.workers == "both" else (int(arguments.workers),)
    print(
        f"bench/load/run.py: steps {steps}, {arguments.seconds} s each, p95 < {arguments.p95:g} ms,"
        f" no failure; tables start {arguments.start}; {os.cpu_count()} cores"
    )
    started = time.monotonic()
    everything: list[Step] = []
    summary = []
    with tempfile.TemporaryDirectory(prefix="scorekeeper-load-") as folder:
        workdir = Path(folder)
        for database in databases:
            if database == "postgres" and not server.postgres_available():
                print(f"\npostgres: skipped, nothing answers at {server.POSTGRES_URL}")
                continue
            for count in workers:
                results = find_capacity(database, count, steps, arguments, workdir)
                everything += results
                best = capacity(results)
                rate = next((s.rate for s in results if s.tables == best), 0.0)
                # A saturated step serves fewer requests than its tables ask for: its CPU
                # per table says nothing. The steps that passed are not saturated.
                steady = [s for s in results if s.passed] or results
                by_cpu = statistics.median(s.tables_per_core_by_cpu for s in steady)
                per_table = statistics.median(s.per_table for s in steady)
                share = statistics.median(s.share_of_trivial for s in steady)
                summary.append((database, count, best, rate, int(by_cpu), per_table, share))
    print(f"\nTables carried with p95 < {arguments.p95:g} ms and no failure:")
    for database, count, best, rate, by_cpu, per_table, share in summary:
        per_core = f", {best // count} per core" if count > 1 else ""
        print(
            f"  {database:8} {count} worker{'s' if count > 1 else ' '}: {best:5} tables"
            f"{per_core} ({rate:.0f} req/s)"
        )
        print(
            f"           by the server's CPU: {by_cpu} tables per core"
            f" ({per_table:.2f} req/s a table; issue 6 assumed {ISSUE_RATE})"
        )
        yardstick = YARDSTICKS.get((database, count))
        if yardstick:
            trivial_tables = 1000 / yardstick / ISSUE_RATE
            print(
                f"           yardstick: the trivial view's CPU allows {trivial_tables:.0f} tables"
                f" per core at {ISSUE_RATE} req/s a table; ours reach"
                f" {by_cpu / trivial_tables:.0%} of that (issue 6 asks 500 of about 1,000: 50%);"
                f" against the yardstick measured before each step, {share:.0%}"
            )
        floor = FLOORS.get((database, count))
        if floor and yardstick:
            print(
                f"           floor: gunicorn without Django {floor:.2f} ms a request,"
                f" the trivial view {yardstick:.2f}"
            )
    print(f"({time.monotonic() - started:.0f} s)")
    if arguments.json:
        arguments.json.write_text(json.dumps([asdict(step) for step in everything]))
    one_core = [best for _database, count, best, *_rest in summary if count == 1]
    if one_core and min(one_core) < arguments.target:
        print(f"FAIL one core carries {min(one_core)} tables, fewer than {arguments.target}")
        return 1
    if one_core:
        print(f"One core carries at least {arguments.target} tables.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
