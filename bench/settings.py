"""The production settings, plus a trivial view to compare with, for the benchmarks.

Everything else comes from `scorekeeper.settings` as the environment sets it:
`bench.server` points SCOREKEEPER_SQLITE_PATH or DATABASE_URL at a temporary
database and BENCH_STATIC_ROOT at a temporary collectstatic, so nothing in the
checkout is touched.
"""

import os

from scorekeeper.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
STATIC_ROOT = os.environ.get("BENCH_STATIC_ROOT") or STATIC_ROOT  # noqa: F405
