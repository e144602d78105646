"""Temporary databases, a temporary collectstatic and gunicorn on 127.0.0.1, for the
benchmarks. Nothing here touches the checkout's db.sqlite3 or staticfiles/.

Settings are read once per process, so each database gets processes of its own:
`prepared(database)` makes the database (SQLite in a temporary folder, or a new
PostgreSQL database that is dropped afterwards), migrates it, collects the static
files, makes the sessions (`bench.data.build_pages`) in a child process, and yields
the environment and the sessions' ids; `gunicorn(...)` serves it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
#: A database on the local server where `CREATE DATABASE` may run (trust auth).
POSTGRES_URL = os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test")
DATABASES = ("sqlite", "postgres")


def postgres_available() -> bool:
    try:
        import psycopg

        with psycopg.connect(POSTGRES_URL, connect_timeout=3):
            return True
    except Exception:  # any failure means: skip PostgreSQL, and say so
        return False


@contextlib.contextmanager
def temporary_database(database: str) -> Iterator[dict[str, str]]:
    """The environment variables that point the settings at a new, empty database."""
    if database == "sqlite":
        with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as folder:
            yield {"SCOREKEEPER_SQLITE_PATH": str(Path(folder) / "bench.sqlite3")}
        return
    import psycopg

    name = f"scorekeeper_bench_{os.getpid()}_{secrets.token_hex(3)}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield {"DATABASE_URL": POSTGRES_URL.rsplit("/", 1)[0] + "/" + name}
    finally:
        with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def bench_env(database_env: dict[str, str], static_root: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "SCOREKEEPER_SQLITE_PATH", "SCOREKEEPER_DEBUG"}
    }
    env.update(database_env)
    env.update(
        DJANGO_SETTINGS_MODULE="bench.settings",
        # Production settings: no debug, hashed and pre-compressed static files.
        SCOREKEEPER_SECRET_KEY=secrets.token_urlsafe(40),
        BENCH_STATIC_ROOT=static_root,
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
    )
    return env


@contextlib.contextmanager
def prepared(database: str, *, sessions: int = 0) -> Iterator[tuple[dict[str, str], dict]]:
    """A migrated temporary database with the benchmark sessions, and static files."""
    with (
        temporary_database(database) as database_env,
        tempfile.TemporaryDirectory(prefix="scorekeeper-static-") as static_root,
    ):
        env = bench_env(database_env, static_root)
        output = subprocess.run(
            [PYTHON, "-m", "bench.server", "prepare", "--sessions", str(sessions)],
            env=env,
            cwd=ROOT,
            check=True,
            stdout=subprocess.PIPE,
            text=True,
        ).stdout
        yield env, json.loads(output.strip().splitlines()[-1])


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def _prepare(sessions: int) -> None:
    """In the child process: migrate, collectstatic, make the sessions, print their ids."""
    setup_django()
    from django.core.management import call_command

    from bench.data import build_pages

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    pages = build_pages(sessions=sessions)
    print(json.dumps(dataclasses.asdict(pages)))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclasses.dataclass
class Gunicorn:
    url: str
    pid: int

    def cpu_seconds(self) -> float:
        """CPU time (user + system) its workers have used so far."""
        import psutil

        total = 0.0
        for worker in psutil.Process(self.pid).children():
            with contextlib.suppress(psutil.NoSuchProcess):
                times = worker.cpu_times()
                total += times.user + times.system
        return total


@contextlib.contextmanager
def gunicorn(
    env: dict[str, str],
    *,
    workers: int = 2,
    cpus: str | None = None,
    log: Path | None = None,
    app: str | None = None,
    config: Path | None = None,
) -> Iterator[Gunicorn]:
    """gunicorn with the project's gunicorn.conf.py on 127.0.0.1.

    ``cpus`` ("0", "0-1") pins the server to those cores with taskset, so a load
    generator on another core does not take its time. ``app`` ("module:name") serves
    another WSGI application than the project's (bench/bare_wsgi.py); it must answer
    200 at ``/bench/trivial/``, which is asked for until the server is up. ``config``
    replaces gunicorn.conf.py (bench/load/by_kind.py, which loads it).
    """
    port = free_port()
    command = [
        str(Path(PYTHON).with_name("gunicorn")),
        "-c",
        str(config or ROOT / "gunicorn.conf.py"),
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        *([app] if app else []),
    ]
    if cpus is not None and shutil.which("taskset"):
        command = ["taskset", "-c", cpus, *command]
    sink = open(log or os.devnull, "ab")  # noqa: SIM115 - closed below
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=sink, stderr=sink)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/bench/trivial/", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"gunicorn did not start (see {log})") from None
                time.sleep(0.2)
        yield Gunicorn(base, process.pid)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        sink.close()


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("command", choices=["prepare"])
    parser.add_argument("--sessions", type=int, default=0)
    arguments = parser.parse_args()
    _prepare(arguments.sessions)
