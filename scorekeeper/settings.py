"""Scorekeeper settings, driven by the environment variables in README.md ("Configuration")."""

import os
import re
import socket
import sys
import tempfile
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF, WASM_UNSAFE_EVAL
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def env_int(name: str, default: int, minimum: int = 0) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isdigit() or int(value) < minimum:
        raise ImproperlyConfigured(f"{name} must be a whole number of at least {minimum}.")
    return int(value)


def lan_ipv4_addresses() -> list[str]:
    """This machine's LAN addresses, for the phones. Connecting a UDP socket sends nothing:
    it asks the kernel which local address routes to each private range."""
    found = []
    for target in ("10.255.255.255", "172.31.255.255", "192.168.255.255", "192.0.2.1"):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect((target, 9))
            except OSError:  # no route to that range
                continue
            address = probe.getsockname()[0]
        if not address.startswith(("127.", "0.")) and address not in found:
            found.append(address)
    return found


def secret_key_from_file(path: Path) -> str:
    """The key in `path`, made once at random so a LAN install keeps its sessions across
    restarts; hard-linked into place, so two processes starting together share one key."""
    if not path.exists():
        temporary = path.with_name(f"{path.name}.{os.getpid()}")
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as f:
            f.write(get_random_secret_key() + "\n")
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass
        finally:
            temporary.unlink()
    key = path.read_text().strip()
    if not key:
        raise ImproperlyConfigured(f"{path} is empty; delete it or set SCOREKEEPER_SECRET_KEY.")
    return key


def admin_path(value: str) -> str:
    """The admin's URL prefix ("" for none), chosen so its login is not where scanners look."""
    value = value.strip().strip("/")
    if not value:
        return ""
    if not re.fullmatch(r"[A-Za-z0-9._~-]+(/[A-Za-z0-9._~-]+)*", value):
        raise ImproperlyConfigured(
            "SCOREKEEPER_ADMIN_PATH may hold only letters, digits and . _ ~ - between slashes."
        )
    return value + "/"


# pytest-django imports these settings with pytest already loaded.
TESTING = "pytest" in sys.modules

DEBUG = env_bool("SCOREKEEPER_DEBUG")
HTTPS = env_bool("SCOREKEEPER_HTTPS")

SECRET_KEY = os.environ.get("SCOREKEEPER_SECRET_KEY", "").strip()
if not SECRET_KEY:
    if HTTPS:
        # Every app server of a site must share one key, not make its own file.
        raise ImproperlyConfigured(
            "Set SCOREKEEPER_SECRET_KEY (50 random characters or more) when SCOREKEEPER_HTTPS=1."
        )
    if DEBUG or TESTING:
        SECRET_KEY = "django-insecure-development-key-never-use-it-on-a-network"
    else:
        SECRET_KEY = secret_key_from_file(
            Path(os.environ.get("SCOREKEEPER_SECRET_KEY_FILE") or BASE_DIR / ".secret_key")
        )

ALLOWED_HOSTS = env_list("SCOREKEEPER_ALLOWED_HOSTS")
if not ALLOWED_HOSTS:
    if HTTPS:
        raise ImproperlyConfigured(
            "Set SCOREKEEPER_ALLOWED_HOSTS to the site's host name when SCOREKEEPER_HTTPS=1."
        )
    ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", *lan_ipv4_addresses()]
CSRF_TRUSTED_ORIGINS = env_list("SCOREKEEPER_CSRF_TRUSTED_ORIGINS")

ADMIN_PATH = admin_path(os.environ.get("SCOREKEEPER_ADMIN_PATH", ""))

INSTALLED_APPS = [
    "scorekeeper.apps.SuperuserAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "csp",
    "games",
    "scorekeeper",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "scorekeeper.middleware.ContentSecurityPolicy",
    "scorekeeper.middleware.permissions_policy",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # After whitenoise (pre-compressed), before anything that reads the body (docs/deploy.md).
    "scorekeeper.middleware.CompressionMiddleware",
    # After whitenoise (static files are never a miss), before anything that queries.
    "scorekeeper.middleware.link_miss_limit",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # After LocaleMiddleware, so its 400 is in the visitor's language.
    "games.inputs.RefuseControlCharacters",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": ["template_partials.templatetags.partials"],
        },
    },
]

if os.environ.get("DATABASE_URL"):
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ["DATABASE_URL"], conn_max_age=600, conn_health_checks=True
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # SQLite's durability (below): a machine crash may lose the last 600 ms of entries,
        # never half of one; waiting 1.3-2.9 ms for the disk idled a sync worker and every
        # poll behind it (docs/performance.md). A DATABASE_URL's ?options= wins.
        DATABASES["default"].setdefault("OPTIONS", {}).setdefault(
            "options", "-c synchronous_commit=off"
        )
    # One test database per test run, so parallel runs never collide.
    DATABASES["default"]["TEST"] = {"NAME": f"test_scorekeeper_{os.getpid()}"}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SCOREKEEPER_SQLITE_PATH") or BASE_DIR / "db.sqlite3",
            # IMMEDIATE locks at BEGIN: concurrent writers wait, not "database is locked".
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "timeout": 20,
            },
            # Reconnecting on every request halved page throughput.
            "CONN_MAX_AGE": None,
            # A file, so the race tests' threads contend for its lock; one per test run.
            "TEST": {
                "NAME": Path(tempfile.gettempdir()) / f"scorekeeper-test-{os.getpid()}.sqlite3"
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("it", _("Italian")),
    ("pl", _("Polish")),
    ("ru", _("Russian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# static/ and the rules' bundle for a phone offline (phone_rules/rules.json), written from
# games.rules when it is first asked for (scorekeeper/staticfiles.py, docs/phone.md).
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "scorekeeper.staticfiles.PhoneRulesFinder",
]
PHONE_RULES_BUILD = BASE_DIR / "build" / "phone_rules"
STATIC_ROOT = Path(os.environ.get("SCOREKEEPER_STATIC_ROOT") or BASE_DIR / "staticfiles")
# Production serves collectstatic's hashed, compressed files; development and tests the sources.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or TESTING
            else "scorekeeper.staticfiles.Storage"  # whitenoise's, with the modules' imports
        )
    },
}
if TESTING:
    WHITENOISE_USE_FINDERS = True
    WHITENOISE_AUTOREFRESH = True

# Cache, sessions and link misses are shared database rows, so no app server contradicts
# another. "tables" holds view-only tables drawn at one version in one language: what a key
# names never changes, so each process may keep its own (docs/performance.md).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "scorekeeper_cache",
    },
    "tables": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "TIMEOUT": 3600,
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}

# docs/deploy.md, "Security headers": no inline script or style; htmx runs without eval.
# 'wasm-unsafe-eval' lets our own WebAssembly start (the rules on a phone offline,
# docs/phone.md); it allows no eval() of script.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [NONE],
        "script-src": [SELF, WASM_UNSAFE_EVAL],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "manifest-src": [SELF],
        "worker-src": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "object-src": [NONE],
    }
}
# Django's defaults send nosniff, Referrer-Policy, COOP, X-Frame-Options DENY and an
# HttpOnly session cookie. No script reads the CSRF cookie: htmx sends it from <body>.
CSRF_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"

if HTTPS:
    # The TLS proxy must set X-Forwarded-Proto itself.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = env_int("SCOREKEEPER_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SCOREKEEPER_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SCOREKEEPER_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True

# Off in tests, whose many 404s share one address.
LINK_MISS_LIMIT = env_int("SCOREKEEPER_LINK_MISS_LIMIT", 0 if TESTING else 20)
LINK_MISS_WINDOW = env_int("SCOREKEEPER_LINK_MISS_WINDOW", 10 * 60, minimum=1)
# The proxy must always overwrite this header.
CLIENT_IP_HEADER = os.environ.get("SCOREKEEPER_CLIENT_IP_HEADER", "").strip()

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "INFO"},
    "loggers": {
        # Instead of Django's mail_admins, and console only in DEBUG.
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
    },
}
