"""The live poll answered in front of Django's request cycle, when the answer is a
lookup (docs/performance.md, "Polls answered in front of Django").

Every open page of a session asks ``/s/<id>/live/?v=<version>`` every three
seconds. Almost every answer is a lookup: 204 when the page is up to date, or the
swap kept for the new version (games/page_cache.py). Through Django's handler such a
poll paid about as much again as the lookup for the handler's request cycle: URL
resolving and sixteen middleware, each wrapped for exceptions.

FastPolls wraps Django's WSGI application (scorekeeper/wsgi.py). For a plain htmx
poll it runs what the live view runs (views.visible_version, note_follower, the
kept swap) and, around it, the request and response steps of exactly those
middleware that can change such an answer, Django's own instances, in
settings.MIDDLEWARE's order, so the answer is the one Django would give: the same
status, headers, cookies and body. Anything else goes to Django unchanged: another
method, path or query, a history restore, a poll whose session is not visible (404),
a swap not kept yet (a render), a refused host, debug, a redirect to HTTPS, and every
request while settings.MIDDLEWARE is not the list this module was written for.
tests/games/test_fast_polls.py compares each kind of answer with Django's.
"""

from __future__ import annotations

import functools
import logging
import re
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.sessions.middleware import SessionMiddleware
from django.core import signals
from django.core.exceptions import DisallowedHost
from django.core.handlers.wsgi import WSGIRequest, get_script_name
from django.core.signals import setting_changed
from django.db import DEFAULT_DB_ALIAS, connections
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.common import CommonMiddleware
from django.middleware.csrf import CsrfViewMiddleware
from django.middleware.locale import LocaleMiddleware
from django.middleware.security import SecurityMiddleware
from django.urls import set_script_prefix
from django_htmx.middleware import HtmxDetails

from games import knowledge, page_cache, views
from scorekeeper import middleware

#: The list this module follows; any other, and every request goes to Django.
MIDDLEWARE = (
    "django.middleware.security.SecurityMiddleware",
    "scorekeeper.middleware.ContentSecurityPolicy",
    "scorekeeper.middleware.permissions_policy",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files only
    "scorekeeper.middleware.CompressionMiddleware",
    "scorekeeper.middleware.link_miss_limit",  # never counts a live poll
    "games.knowledge.stamp_writes",  # a poll writes nothing: no stamp
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",  # a lazy user, unused
    "scorekeeper.middleware.MessageMiddleware",  # its storage made on first use only
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",  # request.htmx: checked here from the headers
)

#: The live view's path (games/urls.py); a test checks that it resolves to it.
LIVE_PATH = re.compile(r"/s/([^/]+)/live/")
VERSION_QUERY = re.compile(r"v=[0-9]{1,18}")

logger = logging.getLogger(__name__)

WSGIApp = Callable[[dict, Callable], Iterable[bytes]]


def _no_view(request: HttpRequest) -> HttpResponse:
    raise AssertionError("the middleware here is only asked for its own steps")


class Steps:
    """Django's instances of the middleware whose steps can change a poll's answer;
    each is asked only for its process_request and process_response."""

    def __init__(self) -> None:
        self.security = SecurityMiddleware(_no_view)
        self.policy = middleware.ContentSecurityPolicy(_no_view)
        self.compression = middleware.CompressionMiddleware(_no_view)
        self.session = SessionMiddleware(_no_view)
        self.locale = LocaleMiddleware(_no_view)
        self.common = CommonMiddleware(_no_view)
        self.csrf = CsrfViewMiddleware(_no_view)
        self.frame = XFrameOptionsMiddleware(_no_view)

    def before(self, request: HttpRequest) -> bool:
        """The request steps, in settings.MIDDLEWARE's order; False if one would
        answer or refuse the request itself (Django's handler then does)."""
        if self.security.process_request(request) is not None:
            return False  # the redirect to HTTPS
        self.policy.process_request(request)
        self.session.process_request(request)
        self.locale.process_request(request)
        try:
            if self.common.process_request(request) is not None:
                return False  # PREPEND_WWW's redirect
        except DisallowedHost:
            return False  # Django answers it with its 400
        self.csrf.process_request(request)
        request.htmx = HtmxDetails(request)
        return True

    def after(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        """The response steps, in the reverse order."""
        response = self.frame.process_response(request, response)
        response = self.csrf.process_response(request, response)
        response = self.common.process_response(request, response)
        response = self.locale.process_response(request, response)
        response = self.session.process_response(request, response)
        response = middleware.add_policies(self.compression.process_response(request, response))
        response = self.policy.process_response(request, response)
        return self.security.process_response(request, response)


Answer = tuple[str, list[tuple[str, str]], bytes]  # the status line, headers, body
#: An answer kind's headers but its Content-Length, and where that goes among them.
Known = tuple[tuple[tuple[str, str], ...], int]
#: An answer's kind: its status, Content-Encoding, language, whether over HTTPS.
Shape = tuple[int, str | None, str, bool]


@dataclass(frozen=True, slots=True)
class Phone:
    """What the request steps found for one phone's polls (its headers, host and
    path): who it is to the access check, its write stamp, its language, whether it
    came over HTTPS and takes gzip, and the key of its kept swaps."""

    visitor: knowledge.Visitor
    stamp: str | None
    language: str
    secure: bool
    gzip: bool
    poll: str  # page_cache.request_key

    def kept_swap(self, key: str) -> HttpResponse | None:
        """The swap kept under ``key`` if it has no form (the same for every phone: no
        token to fill in); else None."""
        kept = page_cache.kept(key, self.poll)
        if kept is None or kept.gaps:
            return None
        return kept.answer(None, compress=self.gzip)


def looked_up(
    public_id: str,
    asked: str,
    visible: views.Visible,
    kept_swap: Callable[[str], HttpResponse | None],
) -> HttpResponse | None:
    """What the live view answers when that is a lookup (views.live): the 204 when
    the page is up to date, else ``kept_swap`` of the new version's key, or None."""
    if asked == str(visible.version):
        return HttpResponse(status=204)
    return kept_swap(page_cache.session_key("live", public_id, visible.version, visible.role))


#: The environ's parts that are neither a request header nor one of these are not
#: read by the request steps: the method, the query (checked above, and ``v`` only)
#: and the server's own keys.
SERVED_KEYS = ("PATH_INFO", "SCRIPT_NAME", "SERVER_NAME", "SERVER_PORT", "wsgi.url_scheme")
PHONES_KEEP = 10_000


def phone_key(environ: dict) -> tuple:
    """Everything of a request the request steps can read: its headers (the cookies,
    the languages, the host), the path and the server's name, port and scheme."""
    return tuple(
        item for item in environ.items() if item[0].startswith("HTTP_") or item[0] in SERVED_KEYS
    )


class FastPolls:
    """A WSGI application: ``app`` (Django's), with the live polls whose answer is a
    lookup answered in front of it.

    The middleware's response steps give every answer of one kind (status, encoding,
    language, HTTPS) the same headers but its Content-Length, unless a step sets a
    cookie (a new CSRF cookie, the form tokens' cookie renewed, a session's) or the
    visitor has a session. So they run in full for the first answer of each kind, and
    later answers of that kind reuse its headers; the others always run them.

    The request steps give the same result for the same headers, host and path: a
    phone polling one page sends the same every three seconds. So once they have
    run for a phone's poll whose answer was plain (no cookie to set, no session),
    what they found is kept under those (``phones``), and its next up-to-date poll
    is answered without building a request or running them, and without Django's
    request signals (``known``): the access check, then the 204, or the swap kept for
    the new version if it has no form (a view-only phone's), with the headers of its
    kind. Any other answer is found as before.
    """

    def __init__(self, app: WSGIApp) -> None:
        self.app = app
        # Made once, with the settings of the moment, as Django's handler makes its own.
        self.steps = Steps()
        #: Per kind of answer: its headers, and where its Content-Length goes.
        self.shapes: dict[Shape, Known] = {}
        #: Per phone (phone_key): what the request steps found for its polls.
        self.phones: dict[tuple, Phone] = {}
        _instances.add(self)

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        if (
            environ.get("REQUEST_METHOD") == "GET"
            and environ.get("HTTP_HX_REQUEST") == "true"
            and environ.get("HTTP_HX_HISTORY_RESTORE_REQUEST") != "true"
            and VERSION_QUERY.fullmatch(environ.get("QUERY_STRING", ""))
            and (path := LIVE_PATH.fullmatch(environ.get("PATH_INFO", "")))
            and enabled()
        ):
            answer = self.answer(environ, path.group(1))
            if answer is not None:
                status, headers, body = answer
                start_response(status, headers)
                return [body]
        return self.app(environ, start_response)

    def answer(self, environ: dict, public_id: str) -> Answer | None:
        """The poll's answer as Django would give it, or None to let Django answer."""
        try:
            phone = self.phones.get(key := phone_key(environ))
            visible = None
            if phone is not None:
                visible, answer = self.known(phone, environ, public_id)
                if answer is not None or visible is None:
                    return answer
            return self.through_steps(environ, public_id, key, phone, visible)
        except Exception:
            # Django's handler meets the same again and answers as it does for any
            # request; if it does not (a lost connection, say), the player's poll
            # goes on as before.
            logger.warning("a live poll goes to Django after an error", exc_info=True)
            return None

    def through_steps(
        self,
        environ: dict,
        public_id: str,
        key: tuple,
        phone: Phone | None,
        visible: views.Visible | None,
    ) -> Answer | None:
        """The poll through the middleware's request and response steps, kept for the
        phone (``key``) if it is not known yet and its answer was plain."""
        # As Django's handler: a connection that failed or is too old is closed
        # before and after (the signals' receivers), and anything else that listens
        # hears of the request.
        signals.request_started.send(sender=self.__class__, environ=environ)
        try:
            set_script_prefix(get_script_name(environ))
            request = WSGIRequest(environ)
            if not self.steps.before(request):
                return None
            found = self.lookup(request, public_id, visible)
            if found is None:
                return None
            answer, plain = self.finish(request, found)
            if plain and phone is None:  # a known phone's key gives the same again
                if len(self.phones) >= PHONES_KEEP:
                    self.phones = {}
                self.phones[key] = Phone(
                    views.visitor_of(request),
                    request.COOKIES.get(knowledge.SEEN_COOKIE),
                    request.LANGUAGE_CODE,
                    request.is_secure(),
                    page_cache.takes_gzip(request),
                    page_cache.request_key(request),
                )
            return answer
        finally:
            signals.request_finished.send(sender=self.__class__)

    def known(
        self, phone: Phone, environ: dict, public_id: str
    ) -> tuple[views.Visible | None, Answer | None]:
        """A known phone's poll: the access check, then the answer if it is a lookup
        of a kind answered before. (None, None): not visible, Django answers (404);
        (visible, None): the request steps answer, with this check.

        This is not one of Django's requests (no request is built, no middleware
        runs), so it sends none of their signals, as a static file answered by a WSGI
        application in front of Django does not. Their receivers cost a quarter of
        such a poll; what one of them does for it, closing the database connection
        if it failed or is too old, ``tidy`` does here, before and after."""
        tidy()
        try:
            asked = environ["QUERY_STRING"][2:]  # VERSION_QUERY: "v=<digits>"
            visible = views.visible_to(phone.visitor, phone.stamp, public_id, asked)
            if visible is None:
                return None, None  # the view's 404 (and app.js stops polling)
            page_cache.note_follower(public_id, visible.role, phone.language)
            found = looked_up(public_id, asked, visible, phone.kept_swap)
            if found is not None:
                shape = (found.status_code, found.get("Content-Encoding"), phone.language)
                if known := self.shapes.get((*shape, phone.secure)):
                    status = f"{found.status_code} {found.reason_phrase}"
                    return visible, self.with_length(known, status, found.content)
            return visible, None
        finally:
            tidy()

    @staticmethod
    def with_length(known: Known, status: str, body: bytes) -> Answer:
        headers, at = known
        return status, [*headers[:at], ("Content-Length", str(len(body))), *headers[at:]], body

    def finish(self, request: WSGIRequest, found: HttpResponse) -> tuple[Answer, bool]:
        """The view's answer through the middleware's response steps, or with the
        headers they gave the last answer of its kind; and whether it was plain (no
        cookie set, no session)."""
        status = f"{found.status_code} {found.reason_phrase}"
        body = found.content
        plain = settings.SESSION_COOKIE_NAME not in request.COOKIES and not request.META.get(
            "CSRF_COOKIE_NEEDS_UPDATE"
        )
        shape = (
            found.status_code,
            found.get("Content-Encoding"),
            request.LANGUAGE_CODE,
            request.is_secure(),
        )
        if plain and (known := self.shapes.get(shape)):
            return self.with_length(known, status, body), True
        response = self.steps.after(request, found)
        headers = list(response.items())
        plain = plain and not response.cookies
        if plain and response.content == body:
            names = [name for name, _ in headers]
            if names.count("Content-Length") == 1:
                at = names.index("Content-Length")
                self.shapes[shape] = (tuple(headers[:at] + headers[at + 1 :]), at)
        cookies = [("Set-Cookie", c.output(header="")) for c in response.cookies.values()]
        return (status, headers + cookies, response.content), plain

    def lookup(
        self, request: WSGIRequest, public_id: str, visible: views.Visible | None = None
    ) -> HttpResponse | None:
        """What the live view answers when that is a lookup (views.live); ``visible``
        the access check already made for this poll, if it was."""
        asked = request.GET["v"]
        if visible is None:
            visible = views.visible_version(request, public_id, asked)
            if visible is None:
                return None  # the view's 404 (and app.js stops polling)
            page_cache.note_follower(public_id, visible.role)
        kept = looked_up(
            public_id, asked, visible, functools.partial(page_cache.kept_answer, request)
        )
        if kept is None:
            # Django draws the swap: the live view takes what was just checked instead
            # of asking again (a WSGI key, which no request header can set).
            request.environ[views.LIVE_VISIBLE] = visible
        return kept


_instances: weakref.WeakSet[FastPolls] = weakref.WeakSet()


def tidy() -> None:
    """What Django's close_old_connections does at a request's start and end, for the
    one connection a known phone's poll uses: closed if it failed or is too old. A
    request never starts inside a transaction; one still open belongs to whoever
    opened it (a test's, kept across its requests, as Django's test client keeps it),
    and is left alone."""
    connection = connections[DEFAULT_DB_ALIAS]
    if not connection.in_atomic_block:
        connection.close_if_unusable_or_obsolete()


@functools.cache
def enabled() -> bool:
    return not settings.DEBUG and tuple(settings.MIDDLEWARE) == MIDDLEWARE


@receiver(setting_changed)
def _settings_changed(**_kwargs: object) -> None:
    enabled.cache_clear()
    for app in list(_instances):  # what the steps found may differ now
        app.phones = {}
