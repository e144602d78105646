"""How many card tables one core carries: this design and the previous one side by side.

    .venv/bin/python bench/load/run.py   # SQLite and PostgreSQL, both designs: about 30 min
    BENCH_TABLE_STEPS=20,40 BENCH_SECONDS=20 .venv/bin/python bench/load/run.py   # a smoke run

On each database each design gets tables made by its own code in a temporary database
(the previous design, BENCH_OLD=b9186fb or empty for none, from a git worktree) and one
gunicorn worker with its own gunicorn.conf.py on core 0, PostgreSQL's processes there too;
locust (bench/load/locustfile.py) runs on core 1. The tables step up (BENCH_TABLE_STEPS),
the designs taking turns, each until its first failure: a p95 of 150 ms or an error,
counted from BENCH_SETTLE_SECONDS (6) after every table's pages were answered, for
BENCH_SECONDS (30). Before each step the trivial view's server CPU a request is measured:
the tables per core it would allow, and the share of them a step reaches.
Budget (issue 6): this design carries 500 tables on one core, on each database.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import server

P95_BUDGET, TARGET = 150.0, 500
STEPS = server.setting("BENCH_TABLE_STEPS", "250,500,750,1000")
SECONDS = float(server.setting("BENCH_SECONDS", "30"))
SETTLE = float(server.setting("BENCH_SETTLE_SECONDS", "6"))
RUSH_LIMIT = 60  # seconds the tables' opening rush may take: the step has no figures


@dataclass
class Step:
    tables: int
    requests: int
    errors: int
    rate: float
    p95_ms: float
    entries: int
    cpu_ms: float  # the server's CPU a request
    trivial_ms: float  # the trivial view's, just before the step
    counted: bool = True
    locust_busy: bool = False

    @property
    def passed(self) -> bool:
        return self.counted and self.requests > 0 and not self.errors and self.p95_ms < P95_BUDGET

    @property
    def trivial_tables(self) -> int:
        """Tables a core carries if each request cost the trivial view's CPU."""
        return int(1000 / self.trivial_ms / (self.rate / self.tables)) if self.rate else 0

    @property
    def share(self) -> float:
        return self.trivial_ms / self.cpu_ms if self.cpu_ms else 0.0


def carried(steps: list[Step]) -> int:
    """The most tables a design carried: its last step before the first that failed."""
    passed = itertools.takewhile(lambda step: step.passed, steps)
    return max((step.tables for step in passed), default=0)


@contextlib.contextmanager
def old_checkout(commit: str) -> Iterator[Path | None]:
    """The previous design in a temporary git worktree, removed afterwards."""
    if not commit:
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="scorekeeper-old-") as folder:
        old, git = f"{folder}/old", ["git", "-C", str(server.ROOT), "worktree"]
        subprocess.run([*git, "prune"], check=True)  # a worktree an interrupted run left
        subprocess.run([*git, "add", "-q", "--detach", old, commit], check=True)
        try:
            yield Path(old)
        finally:
            subprocess.run([*git, "remove", "--force", old], check=False)


def postgres(database: str = "") -> list:
    """The local PostgreSQL server's processes; with a database's name, its backends.
    (psutil: the bench extra's, locust's, not `make test`'s.)"""
    import psutil

    named = (p for p in psutil.process_iter(["name", "cmdline"]) if p.info["name"] == "postgres")
    return [p for p in named if database in " ".join(p.info["cmdline"] or [])]


def cpu_seconds(gunicorn: subprocess.Popen, database: str = "") -> float:
    """CPU seconds (user and system) used so far by gunicorn's worker and, when named, the
    PostgreSQL backends of ``database``."""
    import psutil

    total, processes = 0.0, psutil.Process(gunicorn.pid).children()
    for process in processes + (postgres(database) if database else []):
        with contextlib.suppress(psutil.NoSuchProcess):
            total += sum(process.cpu_times()[:2])
    return total


@contextlib.contextmanager
def database_on_core_0(database: str) -> Iterator[None]:
    """PostgreSQL's processes on the server's core (a backend forked meanwhile inherits
    it): one core holds the server and its database, as with SQLite. Given back after."""
    import psutil

    before = {}
    for process in postgres() if database == "postgres" else []:
        with contextlib.suppress(psutil.Error):
            before[process] = process.cpu_affinity()
            process.cpu_affinity([0])
    try:
        yield
    finally:
        for process, cpus in before.items():
            with contextlib.suppress(psutil.Error):
                process.cpu_affinity(cpus)


def trivial_cost(url: str, gunicorn: subprocess.Popen, seconds: float = 4.0) -> float:
    """The worker's CPU milliseconds a request of the trivial view (bench/urls.py), asked
    as fast as eight client threads can: what a request costs Django on this machine."""
    url, deadline = f"{url}/bench/trivial/", time.monotonic() + seconds

    def client(_number: int) -> int:
        done = 0
        while time.monotonic() < deadline:
            urllib.request.urlopen(url, timeout=5).close()
            done += 1
        return done

    before = cpu_seconds(gunicorn)
    with ThreadPoolExecutor(8) as pool:
        answered = sum(pool.map(client, range(8)))
    return 1000 * (cpu_seconds(gunicorn) - before) / max(1, answered)


def run_step(url: str, cpu, tables_file: Path, tables: int, trivial_ms: float) -> Step:
    """Locust on core 1 for one step; the server's CPU (``cpu()``, seconds) read over the
    counted part only (from when locustfile.count_when_settled writes the counting file)."""
    spawn_rate = max(20, tables // 5)  # every table started within about 5 s
    limit = tables / spawn_rate + RUSH_LIMIT + SETTLE
    prefix = tables_file.with_name(f"step-{time.monotonic_ns()}")
    counting = prefix.with_suffix(".counting")
    command = ["taskset", "-c", "1", str(Path(server.PYTHON).with_name("locust")), "--headless"]
    command += ["-f", str(Path(__file__).with_name("locustfile.py")), "--host", url]
    command += ["--users", str(tables), "--spawn-rate", str(spawn_rate), "--csv", str(prefix)]
    command += ["--run-time", f"{int(limit + SECONDS + 5)}s", "--only-summary", "-L", "WARNING"]
    env = {**os.environ, "BENCH_TABLES": str(tables_file), "BENCH_COUNTING_FILE": str(counting)}
    env.update(BENCH_SETTLE_SECONDS=str(SETTLE), BENCH_MEASURE_SECONDS=str(SECONDS))
    log = Path(f"{prefix}.log")
    with open(log, "w") as sink:
        locust = subprocess.Popen(command, env=env, stdout=sink, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + limit + 2
    while not counting.exists() and locust.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    used, started = cpu(), time.monotonic()
    time.sleep(max(1.0, SECONDS - 2))
    used, elapsed = cpu() - used, time.monotonic() - started
    locust.wait(timeout=limit + SECONDS + 60)
    with open(f"{prefix}_stats.csv") as file:
        rows = {row["Name"]: row for row in csv.DictReader(file)}
    total, rate = rows["Aggregated"], float(rows["Aggregated"]["Requests/s"])
    return Step(
        tables=tables,
        requests=int(total["Request Count"]),
        errors=int(total["Failure Count"]),
        rate=rate,
        p95_ms=float(total["95%"]) if total["95%"] != "N/A" else 0.0,
        entries=sum(int(rows[n]["Request Count"]) for n in ("bid", "trick", "tricks") if n in rows),
        cpu_ms=1000 * used / elapsed / max(rate, 0.1),
        trivial_ms=trivial_ms,
        counted=counting.exists(),
        locust_busy="CPU usage" in log.read_text(),  # locust warns near all of its core
    )


def steps_of_database(database: str, old: Path | None, label: str, work: Path) -> dict:
    """Both designs' steps on one database, taking turns at each step; printed as they go."""
    steps = [int(n) for n in STEPS.split(",")]
    designs = {"new": (server.ROOT, server.build("tables", str(max(steps))), "bench.settings")}
    if old is not None:  # the previous design's own code makes its tables
        made = ["-m", "bench.load.run", "--child-tables", str(max(steps)), "--out"]
        designs[label] = (old, made, "scorekeeper.settings")
    results: dict[str, list[Step]] = {design: [] for design in designs}
    with contextlib.ExitStack() as stack:
        served = {}
        for design, (root, command, settings) in designs.items():
            env, tables = stack.enter_context(server.prepared(database, command, root, settings))
            (work / f"{design}.json").write_text(json.dumps(tables))
            log = work / f"gunicorn-{design}-{database}.log"
            url, gunicorn = stack.enter_context(server.gunicorn(env, root, "0", log))
            name = env.get("DATABASE_URL", "").rsplit("/", 1)[-1]
            served[design] = url, gunicorn, functools.partial(cpu_seconds, gunicorn, name)
        stack.enter_context(database_on_core_0(database))
        for tables in steps:
            trivial_ms = trivial_cost(*served["new"][:2])
            for design, (url, _gunicorn, cpu) in served.items():
                if results[design] and not results[design][-1].passed:
                    continue
                step = run_step(url, cpu, work / f"{design}.json", tables, trivial_ms)
                results[design].append(step)
                row = f"  {database:8} {design:8} {tables:6}{column(step)}{notes(step)}"
                print(row, flush=True)
            if not any(done[-1].passed for done in results.values()):
                break
    return results


def column(step: Step | None) -> str:
    """A step's figures in the side-by-side table; blank once the design had stopped."""
    if step is None:
        return f" | {'':44}"
    return (
        f" | {step.rate:14.1f} {step.p95_ms:4.0f} {step.errors:6} {step.cpu_ms:6.2f}"
        f" {step.share:5.0%} {server.verdict(step.passed)}"
    )


def heading(design: str) -> str:
    return f" | {design + ' req/s':>14}  p95 errors CPU ms share     "


def notes(step: Step) -> str:
    """The trivial view's figures beside a step, the entries made, what went wrong."""
    return (
        f"  {step.trivial_ms:4.2f} {step.trivial_tables:5}; {step.entries} entries"
        + ("" if step.counted else "; no figures: the tables' opening rush outlasted 60 s")
        + ("; locust near all of its core" if step.locust_busy else "")
    )


def side_by_side(everything: dict[str, dict[str, list[Step]]]) -> None:
    """Both designs' steps in columns, a line for each database and number of tables."""
    designs = list(next(iter(everything.values()), {}))
    print(f"\nSide by side: one gunicorn worker on one core (p95 < {P95_BUDGET:g} ms, no error)")
    print("  database tables" + "".join(map(heading, designs)))
    for database, results in everything.items():
        by_tables = [{step.tables: step for step in steps} for steps in results.values()]
        for tables in sorted(set().union(*by_tables)):
            print(f"  {database:8} {tables:6}" + "".join(column(s.get(tables)) for s in by_tables))
        best = ", ".join(f"{design} {carried(steps)}" for design, steps in results.items())
        print(f"  {database}: carried {best}")


def main() -> int:
    commit = os.environ.get("BENCH_OLD", "b9186fb")
    print(
        f"bench/load/run.py: steps {STEPS}, {server.setting('BENCH_SECONDS', '30')} s each;"
        f" the previous design: {commit or 'left out'}; load average {os.getloadavg()[0]:.2f}"
    )
    everything, failures = {}, []
    with (
        tempfile.TemporaryDirectory(prefix="scorekeeper-load-") as work,
        old_checkout(commit) as old,
    ):
        for database in server.databases():
            print(
                f"  database design   tables{heading('')}  trivial view: ms a request, tables/core"
            )
            everything[database] = steps_of_database(database, old, commit, Path(work))
    side_by_side(everything)
    for database, results in everything.items():
        best = carried(results["new"])
        ok = server.verdict(best >= TARGET)
        print(f"  {database}: this design carries {best} tables, budget >= {TARGET}: {ok}")
        if best < TARGET:
            failures.append(f"{database}: one core carries {best} tables, fewer than {TARGET}")
    return server.finish("bench/load/run.py", failures)


if __name__ == "__main__":
    sys.exit(main())
