"""The app on a phone's home screen: its manifest, its service worker, its offline page.

The service worker keeps only static files and the offline page, never a page
with a notebook's data: a phone passed round the table must not show one
notebook's sessions to the next person from a cache. See docs/phone.md.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

# What a page needs to draw itself offline: the files base.html links. In
# production these are whitenoise's hashed names, so a deploy that changes a file
# changes the list, and with it the cache's name. The manifest's PNG icons stay
# out: no page shows them and the browser fetches them itself when the app is
# installed (30.6 KB less on every first visit).
PRECACHE = [
    "css/app.css",
    "js/app.js",
    "js/wake.js",
    "django_htmx/htmx-2.min.js",
    "img/favicon.svg",
    "img/apple-touch-icon.png",  # base.html links it (3 KB)
]
SERVICE_WORKER = "js/sw.js"
# Matches the header (--surface) and the page (--bg) of the light scheme in app.css;
# base.html's <meta name="theme-color"> switches the bar for the dark scheme.
THEME_COLOR = "#ffffff"
BACKGROUND_COLOR = "#f7f5f0"


def static_bytes(path: str) -> bytes:
    """A static file's content, from the source folders or collectstatic's output."""
    found = finders.find(path)
    if found:
        with open(found, "rb") as f:
            return f.read()
    with staticfiles_storage.open(path) as f:
        return f.read()


def worker_script() -> tuple[str, str]:
    """The service worker's source with its settings on top, and the cache's version.

    The version hashes every precached URL and file, the worker's own code and the
    offline page's templates: any change gives a new cache, and the old one is
    deleted when the new worker takes over.
    """
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
        "// Written by games/views_pwa.py from the static files it serves.\n"
        f"const CACHE = {json.dumps('scorekeeper-' + version)};\n"
        f"const PRECACHE = {json.dumps(urls, indent=2)};\n"
        f"const OFFLINE_URL = {json.dumps(offline_url)};\n"
        f"const STATIC_URL = {json.dumps(settings.STATIC_URL)};\n\n"
    )
    return header + static_bytes(SERVICE_WORKER).decode(), version


# In production files change only with a deploy, which restarts the process.
worker_script_cached = cache(worker_script)


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """/sw.js: at the site's root, so it may answer for every page."""
    # In development a changed file must show at once.
    source, _version = worker_script() if settings.DEBUG else worker_script_cached()
    response = HttpResponse(source, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = reverse("home")
    # The browser compares the script at every visit; it must never see a stale one.
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, with the icons' real (hashed) static URLs."""
    home = reverse("home")
    icons = [
        {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {"src": static("img/favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        {
            "src": static("img/icon-maskable-192.png"),
            "sizes": "192x192",
            "type": "image/png",
            "purpose": "maskable",
        },
        {
            "src": static("img/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    body = {
        "id": home,
        "name": "Scorekeeper",
        "short_name": "Scorekeeper",
        "description": _("A score notebook for the card table: Oh Hell and Kozel."),
        "lang": request.LANGUAGE_CODE,
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "categories": ["games", "utilities"],
        "icons": icons,
    }
    response = JsonResponse(
        body, content_type="application/manifest+json", json_dumps_params={"indent": 2}
    )
    response["Cache-Control"] = "max-age=3600"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """What the service worker shows when a page cannot be loaded. It holds no data."""
    return render(request, "games/offline.html")
