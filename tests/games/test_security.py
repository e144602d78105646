"""Security headers, error pages, the limit on links that do not exist, the admin site.

The headers are asserted under the production settings themselves: a fresh process
reads them from the environment of docs/deploy.md (tests/environment.py), and this
one takes them over with override_settings.
"""

from __future__ import annotations

import importlib
import re
import threading
from datetime import timedelta

import pytest
from csp.decorators import csp_update
from csp.utils import build_policy
from django.contrib.auth.models import User
from django.db import connection
from django.http import HttpResponse
from django.test import Client, RequestFactory, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import clear_url_caches, reverse
from django.utils import timezone
from django.views.defaults import server_error
from pytest_django.asserts import assertContains, assertNotContains

import scorekeeper.urls
from games.models import Game, ShareLink
from scorekeeper.middleware import ContentSecurityPolicy, client_address, record_miss
from scorekeeper.models import LinkMisses
from tests.environment import PRODUCTION_ENV, settings_under
from tests.games.conftest import NAMES, form_key

HOST = "scores.example.org"
# A request that reached nginx over HTTPS: the proxy says so in X-Forwarded-Proto.
OVER_HTTPS = {"HTTP_HOST": HOST, "HTTP_X_FORWARDED_PROTO": "https"}
SIX_MONTHS = 182 * 24 * 3600

PRODUCTION_SETTINGS = [
    "DEBUG",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "SECURE_PROXY_SSL_HEADER",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_CONTENT_TYPE_NOSNIFF",
    "SECURE_REFERRER_POLICY",
    "SECURE_CROSS_ORIGIN_OPENER_POLICY",
    "X_FRAME_OPTIONS",
    "CONTENT_SECURITY_POLICY",
    "SESSION_COOKIE_SECURE",
    "SESSION_COOKIE_HTTPONLY",
    "CSRF_COOKIE_SECURE",
    "CSRF_COOKIE_HTTPONLY",
    "CSRF_COOKIE_SAMESITE",
    "LANGUAGE_COOKIE_SECURE",
]


@pytest.fixture(scope="session")
def production_values() -> dict:
    values = settings_under(PRODUCTION_ENV, PRODUCTION_SETTINGS)
    values["SECURE_PROXY_SSL_HEADER"] = tuple(values["SECURE_PROXY_SSL_HEADER"])
    return values


@pytest.fixture
def production(settings, production_values) -> None:
    """This process under the settings a site on the internet runs with."""
    for name, value in production_values.items():
        setattr(settings, name, value)


def directives(response) -> dict[str, list[str]]:
    policy = response.headers["Content-Security-Policy"]
    parsed = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        parsed[name] = sources
    return parsed


def cookie_flags(response, name: str) -> dict:
    morsel = response.cookies[name]
    return {
        "secure": bool(morsel["secure"]),
        "httponly": bool(morsel["httponly"]),
        "samesite": morsel["samesite"],
    }


def start_from_the_form(client: Client, **extra) -> Game:
    """Start a session through the new session form, as a phone does."""
    client.get(reverse("new_session"), **extra)
    data = {
        "kind": "oh_hell",
        "preset": "classic",
        "seat": NAMES,
        "action": "start",
        "idem": form_key(),
    }
    response = client.post(reverse("new_session"), data, **extra)
    assert response.status_code == 302, response.content.decode()[:500]
    return Game.objects.get(public_id=response.url.split("/")[2])


# -- headers -----------------------------------------------------------------------


def test_a_page_over_https_carries_every_header_of_an_a_plus_grade(production, client) -> None:
    response = client.get(reverse("home"), **OVER_HTTPS)

    assert response.status_code == 200
    hsts = response.headers["Strict-Transport-Security"]
    assert int(re.search(r"max-age=(\d+)", hsts).group(1)) >= SIX_MONTHS
    assert "includeSubDomains" in hsts
    assert "preload" in hsts
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert "screen-wake-lock=(self)" in response.headers["Permissions-Policy"]
    assert "camera=()" in response.headers["Permissions-Policy"]


def test_the_content_security_policy_allows_nothing_inline_and_no_framing(
    production, client
) -> None:
    policy = directives(client.get(reverse("home"), **OVER_HTTPS))

    assert policy["default-src"] == ["'none'"]
    # Our own WebAssembly may start (the rules offline, docs/phone.md); no eval() of script.
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["img-src"] == ["'self'", "data:"]
    assert policy["connect-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    every_source = [source for sources in policy.values() for source in sources]
    assert not [s for s in every_source if s.startswith("'unsafe") or s in ("*", "http:", "https:")]


def test_the_policy_built_once_is_the_one_django_csp_builds(production, client, game) -> None:
    pages = [reverse("home"), reverse("game", args=[game.public_id])]
    answers = [client.get(page, **OVER_HTTPS) for page in pages * 2]
    live = client.get(
        reverse("live", args=[game.public_id]) + "?v=0", HTTP_HX_REQUEST="true", **OVER_HTTPS
    )

    expected = build_policy()
    assert {a.headers["Content-Security-Policy"] for a in [*answers, live]} == {expected}
    with override_settings(
        CONTENT_SECURITY_POLICY={"DIRECTIVES": {"default-src": ["'self'"]}}
    ):  # a change of settings is seen at once
        changed = client.get(pages[0], **OVER_HTTPS)
        assert changed.headers["Content-Security-Policy"] == "default-src 'self'"


def test_a_views_own_policy_still_goes_through_django_csp(rf) -> None:
    @csp_update({"img-src": ["https://maps.example.org"]})
    def view(request):
        return HttpResponse("map")

    request = rf.get("/")
    response = ContentSecurityPolicy(view)(request)

    assert "https://maps.example.org" in response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]


@pytest.mark.parametrize("name", ["game", "sheet", "history", "share"])
def test_every_session_page_carries_the_policy(production, client, game, name) -> None:
    response = client.get(reverse(name, args=[game.public_id]), **OVER_HTTPS)

    assert response.status_code == 200
    assert directives(response)["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert response.headers["X-Frame-Options"] == "DENY"


def test_pages_have_no_inline_script_or_style(client, game) -> None:
    # What the policy would block: a <script> without src, a style attribute or element.
    # Data for the page's script (json_script, type="application/json") is not run.
    for url in [reverse("home"), reverse("new_session"), reverse("game", args=[game.public_id])]:
        html = client.get(url).content.decode()
        assert not re.search(r"<script(?![^>]*\b(?:src=|type=\"application/json\"))[^>]*>", html), (
            url
        )
        assert not re.search(r"<style\b|\sstyle=", html), url
        assert not re.search(r"\son[a-z]+=", html), url  # onclick= and the like


def test_plain_http_is_redirected_to_https(production, client) -> None:
    response = client.get(reverse("home"), HTTP_HOST=HOST, HTTP_X_FORWARDED_PROTO="http")

    assert response.status_code == 301
    assert response.url == f"https://{HOST}/"


def test_an_unknown_host_name_is_refused(production, client) -> None:
    response = client.get(reverse("home"), HTTP_HOST="evil.example", HTTP_X_FORWARDED_PROTO="https")

    assert response.status_code == 400
    assertContains(response, "That request could not be read", status_code=400)


def test_cookies_over_https_are_secure_httponly_and_same_site(production, visitor, db) -> None:
    game = start_from_the_form(visitor, **OVER_HTTPS)
    visitor.cookies.pop("csrftoken")  # Django sets it again only when it is missing
    response = visitor.get(reverse("new_session"), **OVER_HTTPS)
    link = ShareLink.objects.create(game=game, role=ShareLink.Role.VIEW)
    joined = Client().get(reverse("join", args=[link.key]), **OVER_HTTPS)

    expected = {"secure": True, "httponly": True, "samesite": "Lax"}
    assert cookie_flags(response, "csrftoken") == expected
    assert cookie_flags(joined, "links") == expected
    renewed = visitor.post(reverse("renew_notebook_link"), {"idem": form_key()}, **OVER_HTTPS)
    assert cookie_flags(renewed, "notebook") == expected


# -- error pages -------------------------------------------------------------------


def test_an_unknown_page_gets_the_404_page_in_the_apps_style(visitor, db) -> None:
    response = visitor.get("/n/no-such-link/")

    assertContains(response, "This page is not here", status_code=404)
    assertContains(response, "a share link that is still valid", status_code=404)
    assertContains(response, 'href="/static/css/app.css"', status_code=404)
    assertContains(response, 'href="/">Back to the start</a>', status_code=404)


def test_a_view_only_link_that_tries_a_change_gets_the_403_page_with_the_reason(game) -> None:
    link = ShareLink.objects.create(game=game, role=ShareLink.Role.VIEW)
    viewer = Client()
    viewer.get(reverse("join", args=[link.key]))

    response = viewer.post(reverse("bid", args=[game.public_id]), {"deal": 1, "seat": 1, "bid": 0})

    assertContains(response, "You can't do that here", status_code=403)
    assertContains(response, "This link can only view the session, not change it.", status_code=403)


def test_a_form_without_its_csrf_token_gets_the_expired_form_page(db) -> None:
    phone = Client(enforce_csrf_checks=True)

    response = phone.post(reverse("new_session"), {"action": "start"})

    assertContains(response, "That form has expired", status_code=403)
    assertContains(response, "Nothing was saved", status_code=403)
    assert Game.objects.count() == 0


def test_the_500_page_renders_without_the_database() -> None:
    # No `db` fixture: any query here would fail the test.
    response = server_error(RequestFactory().get("/"))

    assert response.status_code == 500
    html = response.content.decode()
    assert "Something went wrong on our side" in html
    assert 'href="/static/css/app.css"' in html


def test_a_crash_inside_a_view_answers_the_500_page(client, game, monkeypatch) -> None:
    def broken(game):
        raise RuntimeError("a bug")

    monkeypatch.setattr("games.tables.load", broken)  # every session is loaded through it
    client.raise_request_exception = False

    response = client.get(reverse("game", args=[game.public_id]))

    assertContains(response, "Something went wrong on our side", status_code=500)
    assertNotContains(response, "a bug", status_code=500)


# -- links that do not exist -------------------------------------------------------


@pytest.fixture
def limit(settings) -> int:
    """The limit as a site has it (the test settings turn it off)."""
    settings.LINK_MISS_LIMIT = 20
    settings.LINK_MISS_WINDOW = 600
    return 20


def miss(client: Client, count: int, prefix: str = "/j/", **extra) -> list[int]:
    return [client.get(f"{prefix}guess-{n}/", **extra).status_code for n in range(count)]


def test_an_address_gets_429_after_20_links_that_do_not_exist(limit, visitor, db) -> None:
    assert miss(visitor, 20) == [404] * 20

    response = visitor.get("/j/one-more-guess/")

    assertContains(response, "Too many links that do not exist", status_code=429)
    assertContains(response, "wait 10 minutes, then try the link again", status_code=429)
    assert 590 <= int(response.headers["Retry-After"]) <= 600


def test_notebook_links_share_links_and_session_ids_all_count(limit, visitor, db) -> None:
    statuses = miss(visitor, 7, "/n/") + miss(visitor, 7, "/j/") + miss(visitor, 6, "/s/")

    assert statuses == [404] * 20
    assert visitor.get("/s/another-guess/").status_code == 429


def test_a_blocked_address_cannot_open_even_a_real_link(limit, visitor, notebook, game) -> None:
    link = ShareLink.objects.create(game=game, role=ShareLink.Role.EDIT)
    miss(visitor, 20)

    # Not looked up at all: a hit would look different from a miss.
    assert visitor.get(reverse("open_notebook", args=[notebook.key])).status_code == 429
    assert visitor.get(reverse("join", args=[link.key])).status_code == 429
    assert "notebook" not in visitor.cookies
    assert "links" not in visitor.cookies


def test_a_phone_with_its_notebook_keeps_scoring_behind_a_blocked_address(
    limit, client, visitor, game
) -> None:
    miss(visitor, 21, "/s/")  # the same address: one router for the whole club

    assert client.get(reverse("game", args=[game.public_id])).status_code == 200
    response = client.post(reverse("bid", args=[game.public_id]), {"deal": 1, "seat": 1, "bid": 2})
    assert response.status_code == 302
    assert client.get("/s/not-ours/").status_code == 429


def test_another_address_is_not_blocked(limit, visitor, notebook) -> None:
    miss(visitor, 21)

    other = Client(REMOTE_ADDR="198.51.100.7")
    assert other.get("/j/a-guess/").status_code == 404
    assert other.get(reverse("open_notebook", args=[notebook.key])).status_code == 302


def test_the_block_ends_with_its_window(limit, visitor, notebook) -> None:
    miss(visitor, 21)
    LinkMisses.objects.update(since=timezone.now() - timedelta(minutes=10, seconds=1))

    assert visitor.get(reverse("open_notebook", args=[notebook.key])).status_code == 302
    assert miss(visitor, 20) == [404] * 20  # a new window, a new 20


def test_ended_windows_are_deleted_when_a_new_one_starts(limit, db) -> None:
    Client(REMOTE_ADDR="198.51.100.1").get("/j/a/")
    Client(REMOTE_ADDR="198.51.100.2").get("/j/a/")
    LinkMisses.objects.update(since=timezone.now() - timedelta(minutes=11))

    Client(REMOTE_ADDR="198.51.100.3").get("/j/a/")

    assert list(LinkMisses.objects.values_list("address", "misses")) == [("198.51.100.3", 1)]


def test_the_live_poll_of_a_revoked_link_never_counts(limit, game) -> None:
    link = ShareLink.objects.create(game=game, role=ShareLink.Role.VIEW)
    viewer = Client()
    viewer.get(reverse("join", args=[link.key]))
    link.revoked_at = timezone.now()
    link.save()

    # The page keeps polling every three seconds; a minute of it must not block the club.
    statuses = {viewer.get(reverse("live", args=[game.public_id])).status_code for _ in range(30)}

    assert statuses == {404}
    assert not LinkMisses.objects.exists()


def test_a_page_that_is_found_costs_no_query_for_the_limit(
    settings, client, game, django_assert_num_queries
) -> None:
    url = reverse("game", args=[game.public_id])
    client.get(url)  # the page is kept from here on: both requests below are served alike
    settings.LINK_MISS_LIMIT = 0
    with CaptureQueriesContext(connection) as without_limit:
        client.get(url)
    settings.LINK_MISS_LIMIT = 20

    with django_assert_num_queries(len(without_limit)):
        assert client.get(url).status_code == 200


def test_behind_a_proxy_the_address_comes_from_its_header(limit, settings, db) -> None:
    settings.CLIENT_IP_HEADER = "X-Real-IP"
    proxy = Client(REMOTE_ADDR="127.0.0.1")  # every request arrives from nginx
    miss(proxy, 20, HTTP_X_REAL_IP="203.0.113.7")

    assert proxy.get("/j/x/", HTTP_X_REAL_IP="203.0.113.8").status_code == 404
    assert proxy.get("/j/x/", HTTP_X_REAL_IP="203.0.113.7").status_code == 429


@pytest.mark.parametrize(
    ("remote", "forwarded", "address"),
    [
        ("192.0.2.5", None, "192.0.2.5"),
        ("2001:db8:1:2:3:4:5:6", None, "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff::1", None, "2001:db8:1:2::/64"),  # the same home
        ("::ffff:192.0.2.5", None, "192.0.2.5"),
        ("127.0.0.1", "203.0.113.9", "203.0.113.9"),
        # A client may send the header itself; the proxy appends the real address.
        ("127.0.0.1", "10.0.0.1, 203.0.113.9", "203.0.113.9"),
        ("127.0.0.1", "not an address", "not an address"),
        ("127.0.0.1", "", "127.0.0.1"),
    ],
)
def test_the_address_that_counts(settings, remote, forwarded, address) -> None:
    settings.CLIENT_IP_HEADER = "X-Forwarded-For" if forwarded is not None else ""
    extra = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}

    request = RequestFactory().get("/j/x/", REMOTE_ADDR=remote, **extra)

    assert client_address(request) == address


@pytest.mark.django_db(transaction=True)
def test_misses_counted_at_the_same_moment_all_count(limit) -> None:
    # As on several app servers: no count is lost between the read and the write.
    def miss_five() -> None:
        try:
            for _ in range(5):
                record_miss(address="203.0.113.50")
        finally:
            connection.close()

    threads = [threading.Thread(target=miss_five) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert LinkMisses.objects.get(address="203.0.113.50").misses == 30


# -- the admin site ----------------------------------------------------------------


@pytest.fixture
def admin_at():
    """The site with SCOREKEEPER_ADMIN_PATH=office-7f3k (urls.py reads it at import)."""
    with override_settings(ADMIN_PATH="office-7f3k/"):
        importlib.reload(scorekeeper.urls)
        clear_url_caches()
        yield "/office-7f3k/"
    importlib.reload(scorekeeper.urls)
    clear_url_caches()


def test_there_is_no_admin_site_unless_the_operator_names_its_path(visitor, db) -> None:
    assert visitor.get("/admin/").status_code == 404
    assert visitor.get("/admin/login/").status_code == 404


def test_the_admin_site_answers_at_the_operators_path(admin_at, visitor, db) -> None:
    response = visitor.get(admin_at)

    assert response.status_code == 302
    assert response.url.startswith(f"{admin_at}login/")
    assert visitor.get("/admin/").status_code == 404


def test_a_superuser_gets_in(admin_at, game) -> None:
    boss = User.objects.create_superuser("boss", password="a long passphrase")
    operator = Client()
    operator.force_login(boss)

    assertContains(operator.get(admin_at), "Scorekeeper administration")
    assertContains(operator.get(f"{admin_at}games/game/"), game.public_id)


def test_staff_without_superuser_status_is_turned_away(admin_at, db) -> None:
    helper = User.objects.create_user("helper", password="a long passphrase", is_staff=True)
    phone = Client()
    phone.force_login(helper)

    response = phone.get(admin_at)

    assert response.status_code == 302
    assert response.url.startswith(f"{admin_at}login/")


def test_the_admin_never_shows_a_notebooks_secret_key(admin_at, notebook) -> None:
    boss = User.objects.create_superuser("boss", password="a long passphrase")
    operator = Client()
    operator.force_login(boss)

    response = operator.get(f"{admin_at}games/notebook/{notebook.pk}/change/")

    assert response.status_code == 200
    assertNotContains(response, notebook.key)
