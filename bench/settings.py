"""The production settings (as the environment sets them: bench/server.py points them at
a temporary database and static root) plus bench/urls.py's trivial view."""

from scorekeeper.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
