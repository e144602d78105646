"""Where a page's server time goes: cProfile over many calls of one page of bench/run.py.

    BENCH_PAGE="deal screen" .venv/bin/python bench/profile_page.py

The same data, settings and WSGI calls as bench/run.py (SQLite); prints the functions
with the most cumulative and own time. For finding work to cut, not a budget.
"""

from __future__ import annotations

import cProfile
import json
import os
import pstats
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import server
from bench.run import call, pages


def profile(ids: dict, label: str, calls: int) -> None:
    import django
    from django.core.handlers.wsgi import WSGIHandler

    django.setup()
    handler = WSGIHandler()
    page = next(each for each in pages(ids, 20) if each[0].startswith(label))
    _label, path, cookie, htmx, _expected = page
    for _ in range(30):
        call(handler, path, cookie, htmx)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(calls):
        call(handler, path, cookie, htmx)
    profiler.disable()
    stats = pstats.Stats(profiler).strip_dirs()
    stats.sort_stats("cumulative").print_stats(45)
    stats.sort_stats("tottime").print_stats(30)


def main() -> int:
    label = os.environ.get("BENCH_PAGE", "deal screen")
    calls = int(os.environ.get("BENCH_CALLS", "200"))
    if "BENCH_CHILD" in os.environ:
        profile(json.loads(os.environ["BENCH_CHILD"]), label, calls)
        return 0
    with server.prepared("sqlite", server.build("pages", "20")) as (env, ids):
        env["BENCH_CHILD"] = json.dumps(ids)
        subprocess.run([server.PYTHON, "-m", "bench.profile_page"], env=env, cwd=server.ROOT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
