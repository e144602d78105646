"""The app on a phone's home screen. The service worker caches static files and the offline
page, never a notebook's page: a phone passed round the table must not show one notebook to
the next person (docs/phone.md)."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

# The files base.html links. The manifest's PNG icons stay out: no page shows them and the
# browser fetches them on install (30.6 KB less on every first visit). So do the deal
# screen's offline scripts: the worker keeps them when that page loads them through it,
# with the page's own copy (13 KB less on every other page's first visit).
PRECACHE = [
    "css/app.css",
    "js/app.js",
    "js/wake.js",
    "django_htmx/htmx-2.min.js",
    "img/favicon.svg",
    "img/apple-touch-icon.png",  # base.html links it (3 KB)
]
SERVICE_WORKER = "js/sw.js"


def static_bytes(path: str) -> bytes:
    if found := finders.find(path):
        return Path(found).read_bytes()
    with staticfiles_storage.open(path) as f:
        return f.read()


def worker_script() -> tuple[str, str]:
    """The worker's source with its settings on top, and a version hashing every precached
    file, the worker and the offline page's templates: a change gives a new cache."""
    urls = [static(path) for path in PRECACHE]
    offline_url = reverse("offline")
    digest = hashlib.sha256()
    digest.update(json.dumps([urls, offline_url, settings.STATIC_URL]).encode())
    for path in [*PRECACHE, SERVICE_WORKER]:
        digest.update(static_bytes(path))
    for name in ("base.html", "games/offline.html"):
        digest.update(get_template(name).template.source.encode())
    version = digest.hexdigest()[:12]
    header = (
        "// Written by games/views/pwa.py from the static files it serves.\n"
        f"const CACHE = {json.dumps('scorekeeper-' + version)};\n"
        f"const PRECACHE = {json.dumps(urls, indent=2)};\n"
        f"const OFFLINE_URL = {json.dumps(offline_url)};\n"
        f"const STATIC_URL = {json.dumps(settings.STATIC_URL)};\n\n"
    )
    return header + static_bytes(SERVICE_WORKER).decode(), version


# In production files change only with a deploy, which restarts the process.
worker_script_cached = cache(worker_script)


@require_safe
@cache_control(no_cache=True)  # the browser compares the script at every visit
def service_worker(request: HttpRequest) -> HttpResponse:
    """At the site's root, so it may answer for every page; in DEBUG a change shows at once."""
    source, _version = worker_script() if settings.DEBUG else worker_script_cached()
    response = HttpResponse(source, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = reverse("home")
    return response


def icon(name: str, sizes: str, kind: str = "image/png", **extra: str) -> dict:
    return {"src": static(f"img/{name}"), "sizes": sizes, "type": kind, **extra}


@require_safe
@cache_control(max_age=3600)
def manifest(request: HttpRequest) -> JsonResponse:
    home = reverse("home")
    body = {
        "id": home,
        "name": "Scorekeeper",
        "short_name": "Scorekeeper",
        "description": _("A score notebook for the card table."),
        "lang": request.LANGUAGE_CODE,
        "start_url": home,
        "scope": home,
        "display": "standalone",
        # app.css's light --surface and --bg; base.html's theme-color switches for dark.
        "theme_color": "#ffffff",
        "background_color": "#f7f5f0",
        "categories": ["games", "utilities"],
        "icons": [
            icon("icon-192.png", "192x192"),
            icon("icon-512.png", "512x512"),
            icon("favicon.svg", "any", "image/svg+xml"),
            icon("icon-maskable-192.png", "192x192", purpose="maskable"),
            icon("icon-maskable-512.png", "512x512", purpose="maskable"),
        ],
    }
    return JsonResponse(
        body, content_type="application/manifest+json", json_dumps_params={"indent": 2}
    )


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """What the service worker shows when a page cannot be loaded. It holds no data."""
    return render(request, "games/offline.html")
