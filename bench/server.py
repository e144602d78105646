"""Temporary databases, static files and gunicorn on 127.0.0.1, for the benchmarks.

Nothing touches a checkout's db.sqlite3 or staticfiles/: each run gets a SQLite file in
a temporary folder or a new PostgreSQL database (dropped afterwards), and its own
collectstatic. Settings are read once per process, so each database gets processes of
its own. ``root`` is the checkout served: this one, or the previous design's worktree.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
#: A local server where `CREATE DATABASE` may run (trust auth).
POSTGRES_URL = os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test")


def setting(name: str, default: str) -> str:
    """A knob from the environment (BENCH_ROUNDS, BENCH_SECONDS ...), or its default."""
    return os.environ.get(name) or default


def databases() -> list[str]:
    """BENCH_DATABASES (sqlite,postgres); PostgreSQL only when it answers, said if not."""
    wanted = setting("BENCH_DATABASES", "sqlite,postgres").split(",")
    if "postgres" in wanted:
        try:
            import psycopg

            psycopg.connect(POSTGRES_URL, connect_timeout=3).close()
        except Exception:  # whatever the reason: skip it, and say so
            print(f"postgres: skipped, nothing answers at {POSTGRES_URL}")
            wanted.remove("postgres")
    return wanted


@contextlib.contextmanager
def postgres_database() -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database, dropped afterwards."""
    import psycopg

    name = f"scorekeeper_bench_{os.getpid()}_{secrets.token_hex(3)}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield POSTGRES_URL.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def build(*arguments: str) -> list[str]:
    """The command that makes bench/data.py's sessions (``pages N`` or ``tables N``)."""
    return ["-c", "import django; django.setup(); import bench.data; bench.data.main()", *arguments]


@contextlib.contextmanager
def prepared(database, command, root=ROOT, settings="bench.settings") -> Iterator[tuple]:
    """(the environment, what ``command`` made): a migrated temporary database with its
    static files, where ``command``, run in ``root`` with a file's path appended, wrote
    the JSON of the sessions it made. Production settings: no DEBUG, a secret key."""
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="scorekeeper-bench-")))
        ours = ("SCOREKEEPER_", "DATABASE_URL")
        env = {key: value for key, value in os.environ.items() if not key.startswith(ours)}
        env.update(DJANGO_SETTINGS_MODULE=settings, PYTHONPATH=str(root))
        env.update(SCOREKEEPER_SECRET_KEY=secrets.token_urlsafe(40))
        env.update(SCOREKEEPER_STATIC_ROOT=str(folder / "static"))
        if database == "postgres":
            env["DATABASE_URL"] = stack.enter_context(postgres_database())
        else:
            env["SCOREKEEPER_SQLITE_PATH"] = str(folder / "bench.sqlite3")
        out = folder / "made.json"
        for step in ("migrate", "collectstatic"):
            manage = [PYTHON, "manage.py", step, "--no-input", "-v0"]
            subprocess.run(manage, env=env, cwd=root, check=True)
        subprocess.run([PYTHON, *command, str(out)], env=env, cwd=root, check=True)
        yield env, json.loads(out.read_text())


@contextlib.contextmanager
def gunicorn(env, root=ROOT, cpus: str | None = None, log: Path | None = None) -> Iterator:
    """One gunicorn worker with ``root``'s gunicorn.conf.py on 127.0.0.1, pinned to
    ``cpus`` ("0") by taskset; yields its address and its process once it answers (any
    status). Its log goes to ``log``, or beside the static files ``prepared`` made."""
    log = log or Path(env["SCOREKEEPER_STATIC_ROOT"]).with_name("gunicorn.log")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [str(Path(PYTHON).with_name("gunicorn")), "-c", str(root / "gunicorn.conf.py")]
    command += ["--bind", f"127.0.0.1:{port}", "--workers", "1"]
    command = ["taskset", "-c", cpus, *command] if cpus else command
    with open(log, "ab") as sink:
        process = subprocess.Popen(command, env=env, cwd=root, stdout=sink, stderr=sink)
        url, deadline = f"http://127.0.0.1:{port}", time.monotonic() + 30
        try:
            while True:
                try:
                    urllib.request.urlopen(f"{url}/offline/", timeout=2).close()
                    break
                except urllib.error.HTTPError:
                    break  # it answers
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(f"gunicorn did not start (log: {log})") from None
                    time.sleep(0.2)
            yield url, process
        finally:
            process.terminate()
            process.wait(timeout=30)


@contextlib.contextmanager
def serving_pages(sessions: str) -> Iterator[tuple[str, dict]]:
    """gunicorn serving bench/data.py's pages (``sessions`` in the big notebook) on
    SQLite: its address, and the ids of what it serves."""
    with prepared("sqlite", build("pages", sessions)) as (env, ids), gunicorn(env) as (url, _):
        yield url, ids


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def finish(script: str, failures: list[str]) -> int:
    """Print each failed budget; the exit status (1 if any failed)."""
    print()
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"{script}: {'every budget holds' if not failures else 'a budget FAILED'}")
    return 1 if failures else 0
