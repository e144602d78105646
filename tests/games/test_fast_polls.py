"""The live poll answered in front of Django (games/fast_polls.py) answers exactly as
Django would, and leaves everything else to Django."""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from http.cookies import SimpleCookie
from unittest import mock

import pytest
from django.core import signals
from django.core.handlers.wsgi import WSGIHandler
from django.db import OperationalError, close_old_connections, connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import resolve, reverse

from games import fast_polls, page_cache, services, views
from games.models import Game, ShareLink
from tests.games.conftest import BEN, HTMX, place_bids, without_tokens

POLL = {"HTTP_HX_REQUEST": "true", "HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


@dataclass
class Answer:
    status: str
    headers: list[tuple[str, str]]
    body: bytes

    def header(self, name: str) -> str | None:
        values = [value for key, value in self.headers if key.lower() == name.lower()]
        return values[-1] if values else None

    def cookies(self) -> SimpleCookie:
        cookies = SimpleCookie()
        for key, value in self.headers:
            if key == "Set-Cookie":
                cookies.load(value)
        return cookies

    def text(self) -> str:
        if self.header("Content-Encoding") == "gzip":
            return gzip.decompress(self.body).decode()
        return self.body.decode()

    def comparable(self) -> tuple:
        """Status, headers and text, less what differs in every answer: the masked
        CSRF token and form keys, the cookie values, the gzip padding's length."""
        headers = sorted(
            (key, value)
            for key, value in self.headers
            if key not in {"Set-Cookie", "Content-Length"}
        )
        cookies = {
            name: {key: morsel[key] for key in morsel if morsel[key]}
            for name, morsel in self.cookies().items()
        }
        return self.status, headers, cookies, without_tokens(self.text())


class Counted:
    """A WSGI application that counts the requests passed on to it."""

    def __init__(self, app) -> None:
        self.app = app
        self.calls = 0

    def __call__(self, environ, start_response):
        self.calls += 1
        return self.app(environ, start_response)


@pytest.fixture
def django_app() -> WSGIHandler:
    """Django's handler, its middleware made with the test's settings."""
    return WSGIHandler()


@pytest.fixture
def passed_on(django_app) -> Counted:
    return Counted(django_app)


@pytest.fixture
def fast(passed_on) -> fast_polls.FastPolls:
    return fast_polls.FastPolls(passed_on)


def call(app, path: str, *, query: str = "", cookies: str = "", method: str = "GET", **headers):
    """One request through a WSGI application, as a server makes it. As Django's test
    client does, the test's transaction is kept: the connection is not closed."""
    environ = RequestFactory()._base_environ(
        PATH_INFO=path, QUERY_STRING=query, REQUEST_METHOD=method, HTTP_COOKIE=cookies, **headers
    )
    started: list = []
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        result = app(
            environ, lambda status, headers, exc_info=None: started.extend([status, headers])
        )
        body = b"".join(result)
        if hasattr(result, "close"):  # as a server does
            result.close()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)
    return Answer(started[0], started[1], body)


def live(game: Game) -> str:
    return reverse("live", args=[game.public_id])


def version(game: Game) -> int:
    return Game.objects.get(pk=game.pk).version


def poll_in(app, game: Game, cookies: str, language: str) -> Answer:
    """An up-to-date poll from a phone whose browser asks for ``language``."""
    return call(
        app,
        live(game),
        query=f"v={version(game)}",
        cookies=cookies,
        HTTP_ACCEPT_LANGUAGE=language,
        **POLL,
    )


@pytest.fixture
def view_cookie(game) -> str:
    return "links=" + services.new_share_link(game=game, role=ShareLink.Role.VIEW).key


@pytest.fixture
def owner_cookie(notebook) -> str:
    return f"notebook={notebook.key}"


def both(fast, django_app, path: str, **kwargs) -> tuple[Answer, Answer]:
    """The same request answered twice by ``fast`` (the first answer of its kind
    runs the middleware's steps, the second reuses their headers) and once by
    Django; the two fast answers must agree. The second, and Django's."""
    first, second = call(fast, path, **kwargs), call(fast, path, **kwargs)
    assert second.comparable() == first.comparable()
    return second, call(django_app, path, **kwargs)


# -- what it answers ------------------------------------------------------------------


def test_its_path_is_the_live_views() -> None:
    path = reverse("live", args=["AbC-12_x"])
    assert fast_polls.LIVE_PATH.fullmatch(path).group(1) == "AbC-12_x"
    assert resolve(path).func is views.live


def test_an_up_to_date_poll_is_answered_as_django_answers_it(
    game, view_cookie, fast, passed_on, django_app
) -> None:
    query = f"v={version(game)}"
    answer, django = both(fast, django_app, live(game), query=query, cookies=view_cookie, **POLL)

    assert passed_on.calls == 0
    assert answer.status == "204 No Content"
    assert answer.headers == django.headers  # the same headers, in the same order
    assert answer.body == django.body == b""
    assert answer.header("Content-Security-Policy")
    assert answer.header("X-Frame-Options") == "DENY"


def test_an_up_to_date_poll_costs_one_query(
    game, view_cookie, fast, passed_on, django_assert_num_queries
) -> None:
    query = f"v={version(game)}"
    with django_assert_num_queries(1):  # the version and the visitor's role
        answer = call(fast, live(game), query=query, cookies=view_cookie, **POLL)
    assert answer.status == "204 No Content"
    assert passed_on.calls == 0


def test_the_scorekeepers_own_poll_too(game, owner_cookie, fast, passed_on, django_app) -> None:
    query = f"v={version(game)}"
    answer, django = both(fast, django_app, live(game), query=query, cookies=owner_cookie, **POLL)
    assert passed_on.calls == 0
    assert answer.status == "204 No Content"
    assert answer.headers == django.headers


@pytest.mark.parametrize(
    ("language", "headers"),
    [
        ("it", {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9"}),
        ("pl", {"HTTP_ACCEPT_LANGUAGE": "de", "HTTP_COOKIE": "django_language=pl"}),
        ("en", {"HTTP_ACCEPT_LANGUAGE": "xx"}),
    ],
)
def test_the_visitors_language_is_djangos(
    game, view_cookie, fast, passed_on, django_app, language, headers
) -> None:
    cookies = "; ".join(filter(None, [view_cookie, headers.pop("HTTP_COOKIE", "")]))
    query = f"v={version(game)}"
    answer, django = both(
        fast, django_app, live(game), query=query, cookies=cookies, **POLL, **headers
    )
    assert passed_on.calls == 0
    assert answer.header("Content-Language") == language
    assert answer.headers == django.headers
    assert ("view", language) in page_cache.followers(game.public_id)


def test_a_poll_notes_its_follower_for_the_next_entry(game, view_cookie, fast) -> None:
    call(fast, live(game), query=f"v={version(game)}", cookies=view_cookie, **POLL)
    assert page_cache.followers(game.public_id) == {("view", "en")}


def test_a_swap_kept_for_the_new_version_is_answered_as_django_answers_it(
    game, view_cookie, fast, passed_on, django_app
) -> None:
    place_bids(game, {BEN: 3})  # version 1; the follower's page shows 0
    call(django_app, live(game), query="v=0", cookies=view_cookie, **POLL)  # drawn and kept
    answer, django = both(fast, django_app, live(game), query="v=0", cookies=view_cookie, **POLL)

    assert passed_on.calls == 0
    assert answer.status == "200 OK"
    assert answer.header("Content-Encoding") == "gzip"
    assert answer.comparable() == django.comparable()
    assert int(answer.header("Content-Length")) == len(answer.body)
    assert "?v=1" in answer.text()


def test_a_swap_drawn_ahead_by_an_entry_is_answered(
    game, view_cookie, client, fast, passed_on
) -> None:
    call(fast, live(game), query="v=0", cookies=view_cookie, **POLL)  # a follower is noted
    entry = client.post(
        reverse("bid", args=[game.public_id]), {"deal": 1, "seat": BEN, "bid": 3}, **HTMX
    )
    assert entry.status_code == 200

    answer = call(fast, live(game), query="v=0", cookies=view_cookie, **POLL)

    assert passed_on.calls == 0
    assert answer.status == "200 OK"
    assert "?v=1" in answer.text()
    assert "Ben" in answer.text()


def test_a_kept_swap_with_forms_gets_this_answers_tokens(
    game, owner_cookie, fast, passed_on, django_app
) -> None:
    place_bids(game, {BEN: 3})
    first = call(django_app, live(game), query="v=0", cookies=owner_cookie, **POLL)
    answer = call(fast, live(game), query="v=0", cookies=owner_cookie, **POLL)
    again = call(fast, live(game), query="v=0", cookies=owner_cookie, **POLL)

    assert passed_on.calls == 0
    assert answer.comparable() == first.comparable()
    assert 'name="csrfmiddlewaretoken"' in answer.text()
    assert answer.text() != again.text()  # a new masked token and new form keys
    # No CSRF cookie yet: both answers set one, as Django's does.
    assert "csrftoken" in answer.cookies() and "csrftoken" in first.cookies()


def test_a_swap_not_kept_yet_is_drawn_by_django(game, view_cookie, fast, passed_on) -> None:
    place_bids(game, {BEN: 3})
    answer = call(fast, live(game), query="v=0", cookies=view_cookie, **POLL)
    assert passed_on.calls == 1
    assert answer.status == "200 OK"
    assert "?v=1" in answer.text()


def test_uncompressed_for_a_browser_that_does_not_take_gzip(
    game, view_cookie, fast, passed_on, django_app
) -> None:
    place_bids(game, {BEN: 3})
    headers = {"HTTP_HX_REQUEST": "true"}
    call(django_app, live(game), query="v=0", cookies=view_cookie, **headers)  # kept
    answer, django = both(fast, django_app, live(game), query="v=0", cookies=view_cookie, **headers)
    assert passed_on.calls == 0
    assert answer.header("Content-Encoding") is None
    assert answer.headers == django.headers
    assert answer.body == django.body


# -- what it leaves to Django ---------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "method", "headers"),
    [
        ("v=0", "POST", POLL),
        ("v=0", "HEAD", POLL),
        ("v=0", "GET", {}),  # not htmx: a page asked for by hand
        ("v=0", "GET", {**POLL, "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"}),
        ("v=0&seat=1", "GET", POLL),
        ("", "GET", POLL),
        ("v=x", "GET", POLL),
    ],
)
def test_any_other_request_goes_to_django(
    game, view_cookie, fast, passed_on, django_app, query, method, headers
) -> None:
    kwargs = {"query": query, "method": method, "cookies": view_cookie, **headers}
    answer, django = call(fast, live(game), **kwargs), call(django_app, live(game), **kwargs)
    assert passed_on.calls == 1
    assert answer.status == django.status


def test_a_session_not_visible_goes_to_django_and_is_404(game, fast, passed_on, stranger) -> None:
    revoked = services.new_share_link(game=game, role=ShareLink.Role.VIEW)
    services.revoke_share_link(game=game, role=ShareLink.Role.VIEW)
    for cookies in ["", f"links={revoked.key}", "notebook=" + "x" * 32]:
        answer = call(fast, live(game), query="v=0", cookies=cookies, **POLL)
        assert answer.status == "404 Not Found"
    assert passed_on.calls == 3


def test_a_host_not_allowed_goes_to_django_and_is_400(game, view_cookie, fast, passed_on) -> None:
    answer = call(
        fast, live(game), query="v=0", cookies=view_cookie, HTTP_HOST="evil.example", **POLL
    )
    assert answer.status.startswith("400")
    assert passed_on.calls == 1


@pytest.fixture
def https(settings) -> None:
    """The settings behind a TLS proxy (scorekeeper/settings.py, HTTPS), set before
    the middleware is made."""
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 3600
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = True


def test_behind_https_the_answer_has_djangos_hsts(
    https, game, view_cookie, fast, passed_on, django_app
) -> None:
    query = f"v={version(game)}"
    answer, django = both(
        fast,
        django_app,
        live(game),
        query=query,
        cookies=view_cookie,
        HTTP_X_FORWARDED_PROTO="https",
        **POLL,
    )
    assert passed_on.calls == 0
    assert answer.header("Strict-Transport-Security") == "max-age=3600"
    assert answer.headers == django.headers


def test_plain_http_goes_to_django_and_is_redirected(
    https, game, view_cookie, fast, passed_on
) -> None:
    answer = call(fast, live(game), query=f"v={version(game)}", cookies=view_cookie, **POLL)
    assert answer.status.startswith("301")
    assert answer.header("Location").startswith("https://")
    assert passed_on.calls == 1


@pytest.mark.parametrize("cookie", ["csrftoken=broken", "sessionid=short"])
def test_a_bad_cookie_is_mended_as_django_mends_it(
    game, view_cookie, fast, passed_on, django_app, cookie
) -> None:
    cookies = f"{view_cookie}; {cookie}"
    query = f"v={version(game)}"
    answer, django = both(fast, django_app, live(game), query=query, cookies=cookies, **POLL)
    assert passed_on.calls == 0
    assert answer.comparable() == django.comparable()
    name = cookie.split("=")[0]
    assert name in answer.cookies()  # a new CSRF cookie, or the session's deleted


def test_other_middleware_and_every_request_goes_to_django(
    game, view_cookie, fast, passed_on, settings
) -> None:
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, "django.middleware.gzip.GZipMiddleware"]
    call(fast, live(game), query=f"v={version(game)}", cookies=view_cookie, **POLL)
    assert passed_on.calls == 1


def test_in_debug_every_request_goes_to_django(
    game, view_cookie, fast, passed_on, settings
) -> None:
    settings.DEBUG = True
    call(fast, live(game), query=f"v={version(game)}", cookies=view_cookie, **POLL)
    assert passed_on.calls == 1


def test_a_database_error_goes_to_django(game, view_cookie, fast, passed_on) -> None:
    query = f"v={version(game)}"
    real = views.visible_version
    failures = [OperationalError("the connection was lost")]

    def fails_once(*args, **kwargs):
        if failures:
            raise failures.pop()
        return real(*args, **kwargs)

    with (
        mock.patch.object(views, "visible_version", side_effect=fails_once),
        mock.patch.object(fast_polls.logger, "warning") as warned,
    ):
        answer = call(fast, live(game), query=query, cookies=view_cookie, **POLL)
    assert passed_on.calls == 1
    assert warned.called
    assert answer.status == "204 No Content"


def test_every_request_is_started_and_finished_as_djangos(game, view_cookie, fast) -> None:
    """request_started and request_finished in pairs (their receivers close a
    connection that failed or is too old), once for each request that builds one; a
    known phone's lookup builds none and sends neither."""
    heard: list[str] = []

    def started(**_kwargs) -> None:
        heard.append("started")

    def finished(**_kwargs) -> None:
        heard.append("finished")

    signals.request_started.connect(started)
    signals.request_finished.connect(finished)
    try:
        call(fast, live(game), query=f"v={version(game)}", cookies=view_cookie, **POLL)
        place_bids(game, {BEN: 2})
        call(fast, live(game), query="v=0", cookies=view_cookie, **POLL)  # passed on
        assert heard == ["started", "finished"] * 3  # the second: ours, then Django's
        heard.clear()
        answer = call(fast, live(game), query=f"v={version(game)}", cookies=view_cookie, **POLL)
    finally:
        signals.request_started.disconnect(started)
        signals.request_finished.disconnect(finished)
    assert answer.status == "204 No Content"
    assert heard == []


@pytest.mark.django_db(transaction=True)
def test_a_known_phones_poll_closes_a_failed_connection(game, view_cookie, fast) -> None:
    """What close_old_connections does for Django's requests, tidy does for a known
    phone's poll, before and after: a connection that failed is closed."""
    query = f"v={version(game)}"
    call(fast, live(game), query=query, cookies=view_cookie, **POLL)  # now known
    environ = RequestFactory()._base_environ(
        PATH_INFO=live(game), QUERY_STRING=query, HTTP_COOKIE=view_cookie, **POLL
    )
    with mock.patch.object(
        connection, "close_if_unusable_or_obsolete", autospec=True
    ) as closes_if_failed:
        answer = fast.answer(environ, game.public_id)
    assert answer[0] == "204 No Content"
    assert closes_if_failed.call_count == 2


def test_an_answer_with_cookies_is_not_the_next_ones_pattern(
    game, view_cookie, fast, passed_on, django_app
) -> None:
    query = f"v={version(game)}"
    mended = call(fast, live(game), query=query, cookies=f"{view_cookie}; csrftoken=broken", **POLL)
    answer, django = both(fast, django_app, live(game), query=query, cookies=view_cookie, **POLL)
    assert "csrftoken" in mended.cookies()
    assert not answer.cookies()
    assert answer.headers == django.headers
    assert passed_on.calls == 0


def test_each_language_is_its_own_pattern(game, view_cookie, fast, passed_on) -> None:
    for language in ["it", "pl", "it"]:
        assert poll_in(fast, game, view_cookie, language).header("Content-Language") == language
    assert passed_on.calls == 0


def test_a_swap_drawn_by_django_checks_access_once(
    game, view_cookie, fast, passed_on, django_app
) -> None:
    """A poll passed on for a render costs the queries Django's own poll costs: the
    access just checked goes with it."""
    place_bids(game, {BEN: 3})
    kwargs = {"query": "v=0", "cookies": view_cookie, **POLL}
    counted = []
    for app in (django_app, fast):
        page_cache.caches["pages"].clear()
        services.forget_shown()
        with CaptureQueriesContext(connection) as captured:
            answer = call(app, live(game), **kwargs)
        assert "?v=1" in answer.text()
        counted.append(len(captured))
    assert passed_on.calls == 1
    assert counted[1] == counted[0]


def test_a_header_cannot_pass_for_the_access_check(game, fast, passed_on) -> None:
    """The key the poll is passed on with is the environ's own: a request header
    named like it arrives as HTTP_..., and the view checks access itself."""
    answer = call(fast, live(game), query="v=0", HTTP_SCOREKEEPER_LIVE_VISIBLE="owner", **POLL)
    assert answer.status == "404 Not Found"


# -- a phone seen before: the request steps not run again ------------------------------


def refuse_requests(monkeypatch) -> None:
    """From now on building a request fails: a poll answered that way is passed on
    to Django (``passed_on`` counts it)."""
    monkeypatch.setattr(fast_polls, "WSGIRequest", mock.Mock(side_effect=AssertionError))


def test_a_known_phones_up_to_date_poll_builds_no_request(
    game, view_cookie, fast, passed_on, django_app, monkeypatch
) -> None:
    kwargs = {"query": f"v={version(game)}", "cookies": view_cookie, **POLL}
    first = call(fast, live(game), **kwargs)  # the request steps run, and are kept
    refuse_requests(monkeypatch)
    again = call(fast, live(game), **kwargs)
    django = call(django_app, live(game), **kwargs)

    assert passed_on.calls == 0
    assert again.status == first.status == "204 No Content"
    assert again.headers == first.headers == django.headers
    assert again.body == b""


def test_a_known_phones_poll_costs_one_query(
    game, view_cookie, fast, passed_on, django_assert_num_queries
) -> None:
    kwargs = {"query": f"v={version(game)}", "cookies": view_cookie, **POLL}
    call(fast, live(game), **kwargs)
    with django_assert_num_queries(1):  # the version and the visitor's role, every time
        answer = call(fast, live(game), **kwargs)
    assert answer.status == "204 No Content"
    assert passed_on.calls == 0


def test_a_known_phone_gets_the_kept_swap_without_a_request(
    game, view_cookie, fast, passed_on, django_app, monkeypatch
) -> None:
    call(fast, live(game), query=f"v={version(game)}", cookies=view_cookie, **POLL)
    place_bids(game, {BEN: 3})  # version 1; the follower's page shows 0
    django = call(django_app, live(game), query="v=0", cookies=view_cookie, **POLL)  # kept
    call(fast, live(game), query="v=0", cookies=view_cookie, **POLL)  # the first of its kind
    refuse_requests(monkeypatch)

    answer = call(fast, live(game), query="v=0", cookies=view_cookie, **POLL)

    assert passed_on.calls == 0
    assert answer.status == "200 OK"
    assert answer.header("Content-Encoding") == "gzip"
    assert answer.comparable() == django.comparable()
    assert int(answer.header("Content-Length")) == len(answer.body)
    assert "?v=1" in answer.text()
    assert ("view", "en") in page_cache.followers(game.public_id)


def test_a_known_phones_swap_with_forms_still_gets_its_own_tokens(
    game, owner_cookie, fast, passed_on, django_app
) -> None:
    call(fast, live(game), query=f"v={version(game)}", cookies=owner_cookie, **POLL)
    place_bids(game, {BEN: 3})
    first = call(django_app, live(game), query="v=0", cookies=owner_cookie, **POLL)
    answer = call(fast, live(game), query="v=0", cookies=owner_cookie, **POLL)
    again = call(fast, live(game), query="v=0", cookies=owner_cookie, **POLL)

    assert passed_on.calls == 0
    assert answer.comparable() == first.comparable()
    assert 'name="csrfmiddlewaretoken"' in answer.text()
    assert answer.text() != again.text()
    assert "csrftoken" in answer.cookies()


def test_a_known_phone_is_checked_every_time(game, view_cookie, fast, passed_on) -> None:
    """Access is not kept with the phone: a revoked link stops its polls."""
    kwargs = {"query": f"v={version(game)}", "cookies": view_cookie, **POLL}
    assert call(fast, live(game), **kwargs).status == "204 No Content"
    services.revoke_share_link(game=game, role=ShareLink.Role.VIEW)

    answer = call(fast, live(game), **kwargs)

    assert answer.status == "404 Not Found"
    assert passed_on.calls == 1


def test_a_phone_whose_headers_change_is_another_phone(game, view_cookie, fast, passed_on) -> None:
    query = f"v={version(game)}"
    call(fast, live(game), query=query, cookies=view_cookie, **POLL)
    assert poll_in(fast, game, view_cookie, "it").header("Content-Language") == "it"
    assert len(fast.phones) == 2
    assert passed_on.calls == 0


def test_a_phone_with_a_session_is_not_kept(game, view_cookie, fast, passed_on) -> None:
    kwargs = {"query": f"v={version(game)}", "cookies": f"{view_cookie}; sessionid=x", **POLL}
    for _ in range(2):
        assert call(fast, live(game), **kwargs).status == "204 No Content"
    assert fast.phones == {}


def test_a_mended_cookie_is_not_kept(game, view_cookie, fast, passed_on) -> None:
    kwargs = {"query": f"v={version(game)}", "cookies": f"{view_cookie}; csrftoken=broken"}
    for _ in range(2):
        assert "csrftoken" in call(fast, live(game), **kwargs, **POLL).cookies()
    assert fast.phones == {}


def test_phones_are_forgotten_when_the_settings_change(
    game, view_cookie, fast, passed_on, settings
) -> None:
    call(fast, live(game), query=f"v={version(game)}", cookies=view_cookie, **POLL)
    assert len(fast.phones) == 1
    settings.LANGUAGE_CODE = "it"
    assert fast.phones == {}


def test_phones_kept_are_bounded(game, view_cookie, fast, passed_on, monkeypatch) -> None:
    monkeypatch.setattr(fast_polls, "PHONES_KEEP", 2)
    for language in ["it", "pl", "en", "it"]:
        assert poll_in(fast, game, view_cookie, language).header("Content-Language") == language
    assert len(fast.phones) <= 2
    assert passed_on.calls == 0
