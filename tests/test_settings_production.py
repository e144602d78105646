"""scorekeeper/settings.py read from the environment, in a fresh process each time
(tests/environment.py): a site on the internet, and `make run` on a LAN."""

from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from scorekeeper.settings import admin_path
from tests.environment import PRODUCTION_ENV, run_python, settings_error, settings_under

SIX_MONTHS = 182 * 24 * 3600


@pytest.fixture
def lan_env(tmp_path: Path) -> dict[str, str]:
    """`make run` at home: nothing set, the key file in a folder of the test's own."""
    return {"SCOREKEEPER_SECRET_KEY_FILE": str(tmp_path / "secret_key")}


def test_debug_is_off_unless_asked_for(lan_env) -> None:
    assert settings_under(lan_env, ["DEBUG"]) == {"DEBUG": False}
    assert settings_under(PRODUCTION_ENV, ["DEBUG"]) == {"DEBUG": False}
    assert settings_under({**lan_env, "SCOREKEEPER_DEBUG": "1"}, ["DEBUG"]) == {"DEBUG": True}


def test_a_site_on_https_refuses_to_start_without_a_secret_key() -> None:
    env = {**PRODUCTION_ENV, "SCOREKEEPER_SECRET_KEY": ""}

    error = settings_error(env)

    assert "ImproperlyConfigured" in error
    assert "Set SCOREKEEPER_SECRET_KEY" in error


def test_a_site_on_https_refuses_to_start_without_its_host_name() -> None:
    env = {**PRODUCTION_ENV, "SCOREKEEPER_ALLOWED_HOSTS": ""}

    assert "Set SCOREKEEPER_ALLOWED_HOSTS" in settings_error(env)


def test_a_site_on_https_takes_its_key_hosts_and_origins_from_the_environment() -> None:
    read = settings_under(PRODUCTION_ENV, ["SECRET_KEY", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS"])

    assert read == {
        "SECRET_KEY": PRODUCTION_ENV["SCOREKEEPER_SECRET_KEY"],
        "ALLOWED_HOSTS": ["scores.example.org"],
        "CSRF_TRUSTED_ORIGINS": ["https://scores.example.org"],
    }


def test_https_turns_on_hsts_for_a_year_secure_cookies_and_the_redirect() -> None:
    read = settings_under(
        PRODUCTION_ENV,
        [
            "SECURE_PROXY_SSL_HEADER",
            "SECURE_SSL_REDIRECT",
            "SECURE_HSTS_SECONDS",
            "SECURE_HSTS_INCLUDE_SUBDOMAINS",
            "SECURE_HSTS_PRELOAD",
            "SESSION_COOKIE_SECURE",
            "CSRF_COOKIE_SECURE",
            "LANGUAGE_COOKIE_SECURE",
        ],
    )

    assert read == {
        "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 365 * 24 * 3600,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "SECURE_HSTS_PRELOAD": True,
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "LANGUAGE_COOKIE_SECURE": True,
    }
    assert read["SECURE_HSTS_SECONDS"] >= SIX_MONTHS


def test_hsts_subdomains_and_preload_can_be_turned_off() -> None:
    env = {
        **PRODUCTION_ENV,
        "SCOREKEEPER_HSTS_INCLUDE_SUBDOMAINS": "0",
        "SCOREKEEPER_HSTS_PRELOAD": "0",
        "SCOREKEEPER_HSTS_SECONDS": "15768000",
    }

    read = settings_under(
        env, ["SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD"]
    )

    assert read == {
        "SECURE_HSTS_SECONDS": 15768000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": False,
        "SECURE_HSTS_PRELOAD": False,
    }


def test_a_number_setting_that_is_not_a_number_stops_the_start_with_its_name() -> None:
    env = {**PRODUCTION_ENV, "SCOREKEEPER_HSTS_SECONDS": "a year"}

    assert "SCOREKEEPER_HSTS_SECONDS must be a whole number" in settings_error(env)


def test_without_https_cookies_are_not_marked_secure(lan_env) -> None:
    # `make run` serves plain HTTP on the LAN: a Secure cookie would never come back.
    read = settings_under(lan_env, ["SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE"])

    assert read == {"SESSION_COOKIE_SECURE": False, "CSRF_COOKIE_SECURE": False}


def test_on_a_lan_the_key_is_generated_once_into_its_file(lan_env) -> None:
    first = settings_under(lan_env, ["SECRET_KEY"])["SECRET_KEY"]
    second = settings_under(lan_env, ["SECRET_KEY"])["SECRET_KEY"]

    key_file = Path(lan_env["SCOREKEEPER_SECRET_KEY_FILE"])
    assert first == second == key_file.read_text().strip()
    assert len(first) >= 50
    assert key_file.stat().st_mode & 0o077 == 0  # readable by its owner only


def test_on_a_lan_this_machine_and_its_lan_addresses_are_allowed(lan_env) -> None:
    hosts = settings_under(lan_env, ["ALLOWED_HOSTS"])["ALLOWED_HOSTS"]

    assert hosts[:3] == ["localhost", "127.0.0.1", "[::1]"]
    assert all(not host.startswith("127.") for host in hosts[3:])


def test_static_files_are_hashed_and_compressed_outside_debug(lan_env) -> None:
    storages = settings_under(lan_env, ["STORAGES"])["STORAGES"]

    # whitenoise's storage, with our ES modules' imports written to the hashed names.
    assert storages["staticfiles"]["BACKEND"] == "scorekeeper.staticfiles.Storage"
    assert (
        "whitenoise.middleware.WhiteNoiseMiddleware"
        in settings_under(lan_env, ["MIDDLEWARE"])["MIDDLEWARE"]
    )


def test_app_servers_keep_no_state_of_their_own() -> None:
    read = settings_under(PRODUCTION_ENV, ["CACHES", "SESSION_ENGINE", "LINK_MISS_LIMIT"])

    # The cache, sessions and the link-miss counts all live in the shared database.
    caches = read["CACHES"]
    assert caches["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    # A process keeps only drawn tables, under keys whose content never changes (a
    # session's version): nothing another server could contradict (test_two_servers).
    assert set(caches) == {"default", "tables"}
    assert caches["tables"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    assert read["SESSION_ENGINE"] == "django.contrib.sessions.backends.db"
    assert read["LINK_MISS_LIMIT"] == 20


def test_postgresql_keeps_its_connections_and_checks_them() -> None:
    env = {**PRODUCTION_ENV, "DATABASE_URL": "postgres://scorekeeper@db.internal:5432/scores"}

    database = settings_under(env, ["DATABASES"])["DATABASES"]["default"]

    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["NAME"] == "scores"
    assert database["CONN_MAX_AGE"] > 0
    assert database["CONN_HEALTH_CHECKS"] is True


def test_a_postgresql_commit_does_not_wait_for_the_disk_unless_the_url_says_so() -> None:
    url = "postgres://scorekeeper@db.internal:5432/scores"

    def options(database_url: str) -> dict:
        env = {**PRODUCTION_ENV, "DATABASE_URL": database_url}
        return settings_under(env, ["DATABASES"])["DATABASES"]["default"]["OPTIONS"]

    assert options(url) == {"options": "-c synchronous_commit=off"}  # as SQLite's NORMAL
    assert options(url + "?options=-c%20synchronous_commit%3Don") == {
        "options": "-c synchronous_commit=on"
    }


def test_there_is_no_admin_site_unless_the_operator_names_its_path() -> None:
    assert settings_under(PRODUCTION_ENV, ["ADMIN_PATH"]) == {"ADMIN_PATH": ""}

    env = {**PRODUCTION_ENV, "SCOREKEEPER_ADMIN_PATH": "/office-7f3k/"}
    assert settings_under(env, ["ADMIN_PATH"]) == {"ADMIN_PATH": "office-7f3k/"}


@pytest.mark.parametrize(
    ("value", "path"),
    [
        ("", ""),
        ("/", ""),
        ("office", "office/"),
        ("/office/", "office/"),
        ("club/office-7f3k", "club/office-7f3k/"),
    ],
)
def test_the_admin_path_is_read_with_or_without_slashes(value, path) -> None:
    assert admin_path(value) == path


@pytest.mark.parametrize("value", ["off ice", "a//b", "<x>", "café"])
def test_an_admin_path_that_is_not_a_plain_path_is_refused(value) -> None:
    with pytest.raises(ImproperlyConfigured):
        admin_path(value)


@pytest.mark.parametrize("value", ["s", "n/admin", "static", "new", "sw.js"])
def test_the_site_refuses_an_admin_path_the_app_uses(value) -> None:
    env = {**PRODUCTION_ENV, "SCOREKEEPER_ADMIN_PATH": value}
    result = run_python("import django; django.setup(); import scorekeeper.urls", env)

    assert result.returncode != 0
    assert f"SCOREKEEPER_ADMIN_PATH must not start with {value.split('/')[0]}/" in result.stderr
