"""Browser tests: Playwright driving Debian's Chromium at a phone's viewport."""

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

# A shared machine under load (other test runs, builds) can take more than
# Playwright's default 5 s to answer and swap; 10 s still fails fast.
expect.set_options(timeout=10_000)

# Playwright's sync API runs an event loop in the test thread; Django would
# otherwise refuse the database calls of live_server tests.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Debian's build of Chromium's headless shell (package chromium-headless-shell), the
# browser Playwright itself runs for headless tests: the same engine as /usr/bin/chromium
# without the full browser's user interface, at about 60% of its CPU in these tests
# (docs/performance.md, "The test suite's time").
CHROMIUM = "/usr/bin/chromium-headless-shell"
E2E_DIR = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if E2E_DIR in item.path.parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(autouse=True)
def contexts_closed(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every browser context a test opened is closed when it ends. The browser is one a
    worker, so a context left open goes on polling, and a page whose CPU a test slowed
    (Emulation.setCPUThrottlingRate) kept half a core busy to the end of the run."""
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()


@pytest.fixture(scope="session", autouse=True)
def connections_closed_while_the_loop_runs(playwright) -> Iterator[None]:
    """Playwright's sync API runs an asyncio loop in this thread, and while it runs Django
    keeps a thread's database connections per context (asgiref's Local), not per thread:
    the tests after Playwright started use a connection of their own. Once Playwright stops,
    Django sees the thread's first connection again, and the other stayed open, idle after
    a test's ROLLBACK, until tests/conftest.py closed it at the end and warned (PostgreSQL:
    a stray connection named by that warning as the main thread's). It is closed here,
    before Playwright stops."""
    yield
    from django.db import connections

    connections.close_all()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not shutil.which(CHROMIUM):
        package = "chromium-headless-shell"
        message = f"{CHROMIUM} not found; install it with `apt-get install -y {package}`."
        if os.environ.get("CI", "").lower() in {"true", "1"}:
            pytest.fail(f"CI must run the browser tests: {message}", pytrace=False)
        pytest.skip(message)
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",  # we run as root
            "--disable-gpu",
            # No network here: keep Chromium from trying at start.
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """A phone: 390 x 844 CSS pixels (an iPhone 12 to 15), touch, English."""
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
        "locale": "en-US",
    }


@pytest.fixture
def screenshot_dir(pytestconfig: pytest.Config) -> Path:
    # Under pytest-playwright's output folder (--output, "test-results" by default),
    # which it empties at each run's start. Any pytest run in the same checkout empties
    # the default one: give a run of your own `--output /tmp/somewhere` to keep them.
    path = pytestconfig.rootpath / pytestconfig.getoption("--output") / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path
