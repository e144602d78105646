"""Our own response headers, page compression, and the limit on links that do not exist.

The Content-Security-Policy comes from django-csp (settings.CONTENT_SECURITY_POLICY), its
text built once a process (`ContentSecurityPolicy`)."""

from __future__ import annotations

import functools
import ipaddress
import math
from collections.abc import Callable
from datetime import datetime, timedelta

from csp.constants import HEADER
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.db import IntegrityError, transaction
from django.db.models import F
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.middleware.gzip import GZipMiddleware
from django.shortcuts import render
from django.utils import timezone

from scorekeeper.models import LinkMisses

Middleware = Callable[[HttpRequest], HttpResponse]

# Every feature the app never uses is off; the screen may stay awake (static/js/wake.js).
PERMISSIONS_POLICY = (
    "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), "
    "gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), "
    "publickey-credentials-get=(), screen-wake-lock=(self), usb=()"
)


#: What a view or a decorator of django-csp sets on a response to change its policy.
OWN_POLICY = tuple(
    f"_csp_{what}{report_only}"
    for what in ("config", "update", "replace", "exempt")
    for report_only in ("", "_ro")
)


@functools.cache
def site_policy() -> tuple[str, tuple[str, ...]] | None:
    """settings.CONTENT_SECURITY_POLICY as the header says it and the paths it leaves out,
    read and built once; None with a report-only policy (django-csp writes both)."""
    if getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None):
        return None
    policy = getattr(settings, "CONTENT_SECURITY_POLICY", None) or {}
    return build_policy(), tuple(policy.get("EXCLUDE_URL_PREFIXES") or ())


@receiver(setting_changed)
def _policy_changed(*, setting: str, **_kwargs: object) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        site_policy.cache_clear()


class ContentSecurityPolicy(CSPMiddleware):
    """django-csp's middleware, with the site's policy written once a process.

    django-csp builds the header's text anew for every response (twice, with the report-only
    one), though ours is the same for every response: no page uses a nonce and no view
    changes the policy. Under the load test, where nineteen requests in twenty are a phone's
    poll, that was 4% of the server's time (docs/performance.md). Anything else (a nonce, a
    view's own policy or exemption, a report-only policy, debug, an excluded path) goes
    through django-csp as it comes.
    """

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        site = site_policy()
        if (
            site is None
            or settings.DEBUG
            or HEADER in response
            or getattr(request, "_csp_nonce", None) is not None
            or any(getattr(response, name, None) is not None for name in OWN_POLICY)
            or request.path_info.startswith(site[1])
        ):
            return super().process_response(request, response)
        if header := site[0]:
            response[HEADER] = header
        # As django-csp does: a nonce asked for after this would not be in the header.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response


def permissions_policy(get_response: Middleware) -> Middleware:
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        response.headers.setdefault("Cross-Origin-Resource-Policy", "same-origin")
        return response

    return middleware


class CompressionMiddleware(GZipMiddleware):
    """GZipMiddleware (padded against BREACH) but for ``never_compress``: `make run` has no
    proxy to compress. Why that is safe enough: docs/deploy.md ("Compression")."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if getattr(response, "holds_secret", False):
            return response
        return super().process_response(request, response)


def never_compress(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """Its responses hold a notebook's or share link's key: uncompressed, against BREACH."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        response = view(request, *args, **kwargs)
        response.holds_secret = True
        return response

    return wrapped


# The URL is the secret: a blocked address is refused before the lookup, or a 429 for a
# miss beside a redirect for a hit would still tell.
LINK_PREFIXES = ("/n/", "/j/")
# The cookie is the secret: a blocked address (a phone behind a guesser's router) still
# opens what its cookies give it; only its misses get 429.
SESSION_PREFIXES = ("/s/", "/players/")


def link_miss_limit(get_response: Middleware) -> Middleware:
    """429 for an address past LINK_MISS_LIMIT 404s under link paths in LINK_MISS_WINDOW
    seconds. Not the live poll: a revoked link's page keeps polling, blocking its network."""

    def middleware(request: HttpRequest) -> HttpResponse:
        path = request.path_info
        limit = settings.LINK_MISS_LIMIT
        if (
            not limit
            or not path.startswith(LINK_PREFIXES + SESSION_PREFIXES)
            or path.endswith("/live/")
        ):
            return get_response(request)
        address = client_address(request)
        if path.startswith(LINK_PREFIXES) and (until := blocked_until(address=address)):
            return too_many(request, until)
        response = get_response(request)
        if response.status_code == 404:
            misses, since = record_miss(address=address)
            if misses > limit:
                return too_many(request, since + timedelta(seconds=settings.LINK_MISS_WINDOW))
        return response

    return middleware


def client_address(request: HttpRequest) -> str:
    """An IPv4 address, or an IPv6 /64: one home or phone gets a whole /64."""
    raw = request.META.get("REMOTE_ADDR", "")
    if settings.CLIENT_IP_HEADER:
        header = "HTTP_" + settings.CLIENT_IP_HEADER.upper().replace("-", "_")
        # The right-most entry is the one our own proxy wrote.
        forwarded = request.META.get(header, "").split(",")[-1].strip()
        raw = forwarded or raw
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        return raw[:64] or "unknown"
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def blocked_until(*, address: str) -> datetime | None:
    """When ``address`` may try links again, if it is over the limit now."""
    window = timedelta(seconds=settings.LINK_MISS_WINDOW)
    since = (
        LinkMisses.objects.filter(
            address=address,
            since__gt=timezone.now() - window,
            misses__gte=settings.LINK_MISS_LIMIT,
        )
        .values_list("since", flat=True)
        .first()
    )
    return since + window if since is not None else None


def record_miss(*, address: str) -> tuple[int, datetime]:
    """Count a miss; the window's misses and start. One UPDATE, so concurrent misses count."""
    now = timezone.now()
    cutoff = now - timedelta(seconds=settings.LINK_MISS_WINDOW)
    with transaction.atomic():
        current = LinkMisses.objects.filter(address=address, since__gt=cutoff)
        if not current.update(misses=F("misses") + 1):
            # A first miss, or the last window is over: forget every window that is.
            LinkMisses.objects.filter(since__lte=cutoff).delete()
            try:
                with transaction.atomic():
                    LinkMisses.objects.create(address=address, since=now, misses=1)
            except IntegrityError:  # another server made the row just now
                current.update(misses=F("misses") + 1)
        row = current.values_list("misses", "since").first()
    return row if row is not None else (1, now)


def too_many(request: HttpRequest, until: datetime) -> HttpResponse:
    seconds = max(1, math.ceil((until - timezone.now()).total_seconds()))
    response = render(request, "429.html", {"minutes": math.ceil(seconds / 60)}, status=429)
    response["Retry-After"] = str(seconds)
    return response
