"""gunicorn.conf.py with every request's CPU counted by kind, for
``bench/load/run.py --by-kind`` (docs/performance.md, "The load test").

The project's settings and hooks, unchanged, and two more: ``pre_request`` and
``post_request`` read the worker's thread CPU time around each request (gunicorn's
work to build the request's environ and to send the answer included; accepting the
connection and reading the request line and headers not), and add it to the
request's kind: its method, what it asks for (``live``, ``page``, an action such as
``bid``, ``trivial``, ``other``) and the answer's status. Every half second at most,
a worker writes what it has counted so far to ``BENCH_KINDS_DIR/<pid>.json``;
run.py reads the files at the start and the end of a step and divides.
"""

from __future__ import annotations

import json
import os
import runpy
import time
from pathlib import Path

_project = runpy.run_path(str(Path(__file__).resolve().parents[2] / "gunicorn.conf.py"))
globals().update({name: value for name, value in _project.items() if not name.startswith("_")})

#: Where the workers write (run.py sets it; the readers below take a folder).
FOLDER = Path(os.environ.get("BENCH_KINDS_DIR", "."))
#: Seconds between two writes of a worker's counts.
EVERY = 0.5

#: Per kind: requests answered, CPU seconds spent on them.
_counted: dict[str, list[float]] = {}
_written = 0.0


def kind_of(method: str, path: str) -> str:
    if path.startswith("/s/"):
        last = path.rstrip("/").rsplit("/", 1)[-1]
        asked = "live" if last == "live" else last if method == "POST" else "page"
    else:
        asked = "trivial" if path == "/bench/trivial/" else "other"
    return f"{method} {asked}"


def pre_request(worker, req) -> None:
    req.bench_cpu = time.thread_time()


def post_request(worker, req, environ, resp) -> None:
    global _written
    spent = time.thread_time() - req.bench_cpu
    counted = _counted.setdefault(f"{kind_of(req.method, req.path)} {resp.status_code}", [0, 0.0])
    counted[0] += 1
    counted[1] += spent
    now = time.monotonic()
    if now - _written >= EVERY:
        _written = now
        target = FOLDER / f"{os.getpid()}.json"
        draft = target.with_suffix(".draft")
        draft.write_text(json.dumps(_counted))
        os.replace(draft, target)


def read(folder: Path) -> dict[str, tuple[int, float]]:
    """Every worker's counts so far, added up: per kind, requests and CPU seconds."""
    total: dict[str, tuple[int, float]] = {}
    for file in folder.glob("*.json"):
        for kind, (requests, cpu) in json.loads(file.read_text()).items():
            before = total.get(kind, (0, 0.0))
            total[kind] = (before[0] + int(requests), before[1] + cpu)
    return total


def between(
    before: dict[str, tuple[int, float]], after: dict[str, tuple[int, float]]
) -> dict[str, tuple[int, float]]:
    """Per kind, the requests answered and the CPU milliseconds each took on average
    from ``before`` to ``after`` (kinds with no request meanwhile left out)."""
    found = {}
    for kind, (requests, cpu) in after.items():
        was_requests, was_cpu = before.get(kind, (0, 0.0))
        if requests > was_requests:
            found[kind] = (
                requests - was_requests,
                1000 * (cpu - was_cpu) / (requests - was_requests),
            )
    return found
