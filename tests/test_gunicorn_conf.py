"""gunicorn.conf.py's garbage-collector hooks: what the master loaded is frozen out
of collections before a worker forks, and a worker collects less often."""

from __future__ import annotations

import gc
import runpy

import pytest

from tests.environment import REPO_ROOT


@pytest.fixture
def conf() -> dict:
    return runpy.run_path(str(REPO_ROOT / "gunicorn.conf.py"))


@pytest.fixture
def collector():
    """The collector's state as it was, whatever the test does to it."""
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_what_the_master_loaded_is_frozen_before_a_fork(conf, collector) -> None:
    gc.unfreeze()
    conf["pre_fork"](None, None)
    assert gc.get_freeze_count() > 1000  # Django and the app, at least


def test_a_worker_collects_its_youngest_objects_less_often(conf, collector) -> None:
    gc.set_threshold(700, 10, 10)  # Python's defaults
    conf["post_fork"](None, None)
    assert gc.get_threshold() == conf["GC_THRESHOLD"]
    assert conf["GC_THRESHOLD"][0] > 700
