"""Compression of the pages: scorekeeper.middleware.CompressionMiddleware (Django's
GZipMiddleware with its random padding) and the never_compress decorator
(docs/deploy.md, "Compression").

Django's test client sends no Accept-Encoding unless told, as every other test
here relies on; these tests send it themselves.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.test import Client, override_settings
from django.urls import path, reverse

from scorekeeper.middleware import never_compress
from tests.games.conftest import HTMX, form_key, without_tokens

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}
COMPRESSION = "scorekeeper.middleware.CompressionMiddleware"
WHITENOISE = "whitenoise.middleware.WhiteNoiseMiddleware"

# A body well over the 200 bytes below which nothing is compressed.
BODY = "".join(f"<p>Line {n}: the secret is not here.</p>\n" for n in range(100))


def plain_view(request: HttpRequest) -> HttpResponse:
    return HttpResponse(BODY)


def streaming_view(request: HttpRequest) -> StreamingHttpResponse:
    return StreamingHttpResponse(line + "\n" for line in BODY.splitlines())


# The URLs of the tests marked `pytest.mark.urls(__name__)`.
urlpatterns = [
    path("plain/", plain_view),
    path("secret/", never_compress(plain_view)),
    path("stream/", streaming_view),
]


def vary(response: HttpResponse) -> list[str]:
    return [part.strip().lower() for part in response.get("Vary", "").split(",")]


# -- where it sits -----------------------------------------------------------------------


def test_it_sits_right_after_whitenoise_before_every_middleware_that_uses_the_body() -> None:
    middleware = list(settings.MIDDLEWARE)

    assert middleware.index(COMPRESSION) == middleware.index(WHITENOISE) + 1
    after = middleware[middleware.index(COMPRESSION) + 1 :]
    for name in (
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.middleware.common.CommonMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
        "django_htmx.middleware.HtmxMiddleware",
        "scorekeeper.middleware.link_miss_limit",
    ):
        assert name in after
    assert "django.middleware.gzip.GZipMiddleware" not in middleware


# -- pages and swaps ---------------------------------------------------------------------


def test_a_page_asked_with_gzip_comes_back_gzipped_and_whole(client, playing) -> None:
    page = reverse("game", args=[playing.public_id])
    plain = client.get(page)

    response = client.get(page, **GZIP)

    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "accept-encoding" in vary(response)
    assert int(response["Content-Length"]) == len(response.content)
    html = gzip.decompress(response.content).decode()
    assert "<html" in html
    assert without_tokens(html) == without_tokens(plain.content.decode())
    assert len(response.content) < len(plain.content) / 3


def test_each_answer_is_padded_at_random_against_breach(client) -> None:
    sizes = set()
    for _ in range(20):
        response = client.get(reverse("home"), **GZIP)
        assert response["Content-Encoding"] == "gzip"
        # Heal The Breach: a file name of 0 to 99 random bytes in the gzip header.
        assert response.content[3] & gzip.FNAME
        sizes.add(len(response.content))

    assert len(sizes) > 1


def test_without_accept_encoding_the_page_is_plain(client, playing) -> None:
    response = client.get(reverse("game", args=[playing.public_id]))

    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")
    assert "<html" in response.content.decode()
    # A cache in between must still keep the two versions apart.
    assert "accept-encoding" in vary(response)


def test_a_client_that_takes_only_brotli_gets_the_page_plain(client, playing) -> None:
    response = client.get(reverse("game", args=[playing.public_id]), HTTP_ACCEPT_ENCODING="br")

    assert not response.has_header("Content-Encoding")
    assert "<html" in response.content.decode()


def test_an_htmx_swap_comes_back_gzipped(client, playing) -> None:
    swap = f"{reverse('live', args=[playing.public_id])}?v=0"

    response = client.get(swap, **HTMX, **GZIP)

    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    html = gzip.decompress(response.content).decode()
    assert 'id="table"' in html
    assert "<html" not in html


def test_an_up_to_date_poll_still_answers_204_with_no_body(client, playing) -> None:
    poll = f"{reverse('live', args=[playing.public_id])}?v={playing.version}"

    response = client.get(poll, **HTMX, **GZIP)

    assert response.status_code == 204
    assert response.content == b""
    assert not response.has_header("Content-Encoding")


# -- never_compress and streaming --------------------------------------------------------


@pytest.mark.urls(__name__)
def test_the_same_view_is_compressed_without_the_decorator(visitor) -> None:
    response = visitor.get("/plain/", **GZIP)

    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.content).decode() == BODY


@pytest.mark.urls(__name__)
def test_a_view_marked_never_compress_is_sent_plain(visitor) -> None:
    response = visitor.get("/secret/", **GZIP)

    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")
    assert response.content.decode() == BODY


def test_never_compress_keeps_the_views_name() -> None:
    assert never_compress(plain_view).__name__ == "plain_view"


@pytest.mark.urls(__name__)
def test_a_streaming_answer_is_compressed_as_it_streams(visitor) -> None:
    response = visitor.get("/stream/", **GZIP)

    assert response.streaming
    assert response["Content-Encoding"] == "gzip"
    assert not response.has_header("Content-Length")
    assert gzip.decompress(response.getvalue()).decode() == BODY


@pytest.mark.urls(__name__)
def test_a_streaming_answer_without_accept_encoding_is_plain(visitor) -> None:
    response = visitor.get("/stream/")

    assert not response.has_header("Content-Encoding")
    assert response.getvalue().decode() == BODY


# -- the pages that show a secret link -------------------------------------------------
# games/views.py is to mark them with never_compress; until it does, these fail.


def test_the_notebook_page_with_its_secret_link_is_never_compressed(client, notebook) -> None:
    response = client.get(reverse("notebook"), **GZIP)

    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")
    assert notebook.key in response.content.decode()


def test_the_share_page_with_its_links_is_never_compressed(client, playing) -> None:
    page = reverse("share", args=[playing.public_id])
    client.post(page, {"role": "view", "idem": form_key()})
    key = playing.share_links.get(revoked_at__isnull=True).key

    response = client.get(page, **GZIP)

    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")
    assert key in response.content.decode()


# -- static files ------------------------------------------------------------------------

PRODUCTION_STORAGES = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "scorekeeper.staticfiles.Storage"},
}


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> Path:
    """collectstatic's hashed, compressed files, as `make run` serves them (without the
    admin's, which take long to compress and are not what is checked here)."""
    root = tmp_path_factory.mktemp("static")
    with override_settings(STATIC_ROOT=root, STORAGES=PRODUCTION_STORAGES):
        call_command("collectstatic", interactive=False, verbosity=0, ignore_patterns=["admin"])
    return root


@pytest.fixture
def served(collected, settings) -> Iterator[tuple[Path, dict[str, str]]]:
    """Whitenoise serving the collected files as in production; the manifest's names."""
    settings.STATIC_ROOT = collected
    settings.STORAGES = PRODUCTION_STORAGES
    settings.WHITENOISE_USE_FINDERS = False
    settings.WHITENOISE_AUTOREFRESH = False
    manifest = json.loads((collected / "staticfiles.json").read_text())["paths"]
    yield collected, manifest


def static_get(url: str, **headers: str) -> HttpResponse:
    # A new client loads the middleware again, so whitenoise reads the settings above.
    return Client().get(settings.STATIC_URL + url, **headers)


def test_an_es_modules_imports_name_the_hashed_files(served) -> None:
    """A module imported by its hashed name is the one the page and the others import: one
    copy, and a new name whenever it changes (the service worker keeps each name)."""
    root, manifest = served
    outbox, offline = (Path(manifest[f"js/{name}.js"]).name for name in ("outbox", "offline"))

    view = (root / manifest["js/offline.js"]).read_text()
    deal_screen = (root / manifest["js/table.js"]).read_text()

    assert f'from "./{outbox}";' in view
    assert f'import("./{offline}")' in deal_screen


@pytest.mark.parametrize(("accept", "encoding"), [("gzip, deflate, br", "br"), ("gzip", "gzip")])
def test_a_static_file_keeps_whitenoises_own_compressed_file(
    served, accept: str, encoding: str
) -> None:
    root, manifest = served
    hashed = manifest["django_htmx/htmx-2.min.js"]

    response = static_get(hashed, HTTP_ACCEPT_ENCODING=accept)

    assert response.status_code == 200
    assert response["Content-Encoding"] == encoding
    suffix = ".br" if encoding == "br" else ".gz"
    # Exactly the file collectstatic compressed: not compressed a second time.
    assert response.getvalue() == (root / (hashed + suffix)).read_bytes()
    assert vary(response) == ["accept-encoding"]


def test_a_static_file_whitenoise_leaves_uncompressed_is_not_gzipped(served) -> None:
    root, manifest = served
    hashed = manifest["img/apple-touch-icon.png"]

    response = static_get(hashed, **GZIP)

    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")
    assert response.getvalue() == (root / hashed).read_bytes()
