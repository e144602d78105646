"""Settings as a fresh process reads them from its environment.

scorekeeper/settings.py reads the environment once, at import, and pytest's own
process has long imported it; so the production settings are read in a new
interpreter, without pytest (so TESTING is off), like gunicorn would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent

# 64 random characters, as docs/deploy.md makes one; fixed so runs compare.
SECRET_KEY = "r7Qm2vXk9LpE4tWz8nYc1HsB6dJf3GaU0iKoPq5ReTyMuNbVxCl7ZwAhSgDjFk2L"

# What docs/deploy.md puts in /etc/scorekeeper/env, less the database.
PRODUCTION_ENV = {
    "SCOREKEEPER_HTTPS": "1",
    "SCOREKEEPER_SECRET_KEY": SECRET_KEY,
    "SCOREKEEPER_ALLOWED_HOSTS": "scores.example.org",
    "SCOREKEEPER_CSRF_TRUSTED_ORIGINS": "https://scores.example.org",
}


def clean_env(env: dict[str, str]) -> dict[str, str]:
    """This process's environment without any Scorekeeper setting, plus ``env``."""
    base = {
        key: value
        for key, value in os.environ.items()
        # The browser tests set DJANGO_ALLOW_ASYNC_UNSAFE for themselves (tests/e2e/conftest.py).
        if not key.startswith("SCOREKEEPER_")
        and key not in ("DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")
    }
    return {**base, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", **env}


def run_python(
    code: str, env: dict[str, str], *, timeout: float = 60
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO_ROOT,
        env=clean_env(env),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def settings_under(env: dict[str, str], names: list[str]) -> dict:
    """The named settings, as JSON values, of scorekeeper/settings.py under ``env``."""
    # Through django.conf, so a name the file leaves out reads as Django's default.
    code = (
        "import json; from django.conf import settings as s; "
        f"print(json.dumps({{n: getattr(s, n, None) for n in {names!r}}}, default=str))"
    )
    result = run_python(code, env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def settings_error(env: dict[str, str]) -> str:
    """What importing the settings under ``env`` fails with (the last line of stderr)."""
    result = run_python("import scorekeeper.settings", env)
    assert result.returncode != 0, "the settings loaded"
    return result.stderr.strip().splitlines()[-1]
