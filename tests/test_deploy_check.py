"""`manage.py check --deploy` under the production environment of docs/deploy.md
prints no warning at all, and nothing is silenced to get there."""

import subprocess
import sys

from tests.environment import PRODUCTION_ENV, REPO_ROOT, clean_env


def check_deploy(env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO_ROOT,
        env=clean_env(env),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_check_deploy_is_clean_under_production_settings() -> None:
    result = check_deploy(PRODUCTION_ENV)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
    assert "WARNING" not in result.stdout + result.stderr


def test_check_deploy_is_clean_with_postgresql_too() -> None:
    env = {**PRODUCTION_ENV, "DATABASE_URL": "postgres://scorekeeper@127.0.0.1:5432/scores"}

    result = check_deploy(env)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_check_deploy_would_tell_if_hsts_preload_were_turned_off() -> None:
    # The check above is not silent by accident: turn one setting off and it speaks.
    result = check_deploy({**PRODUCTION_ENV, "SCOREKEEPER_HSTS_PRELOAD": "0"})

    assert result.returncode != 0
    assert "security.W021" in result.stdout + result.stderr


def test_check_deploy_warns_about_the_lan_settings_of_make_run(tmp_path) -> None:
    # `make run` is plain HTTP on a LAN, not a site on the internet: the check says so.
    result = check_deploy({"SCOREKEEPER_SECRET_KEY_FILE": str(tmp_path / "key")})

    assert result.returncode != 0
    assert "security.W008" in result.stdout + result.stderr  # no SSL redirect
