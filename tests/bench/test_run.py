"""The server-time benchmark and the page-weight report measure pages that answer.

bench/run.py calls the application as gunicorn serves it (Django's WSGI handler, with
the live polls answered in front of it) directly; these tests make the same calls
on small sessions, so a renamed URL or a page that starts failing shows here and
not only in a long benchmark run.
"""

import pytest
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client

from bench import data, run, weight
from games.models import Notebook


@pytest.fixture
def handler(settings):
    """The bench's URLs (the trivial view), and connections kept open across calls
    as Django's own test client keeps them (the test runs inside a transaction)."""
    settings.ROOT_URLCONF = "bench.urls"
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield run.served()
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def ids(db) -> dict:
    """The sessions bench/data.py makes, small: the pages are the same."""
    notebook = Notebook.objects.create(name="Bench")
    deal = data.oh_hell_session(notebook, data.SEVEN[:4], played=1, bids=4, tricks=1)
    small_notebook = Notebook.objects.create(name="Small")
    small = data.oh_hell_session(small_notebook, data.SEVEN[:3], played=1, adjustment=False)
    return {
        "notebook_key": notebook.key,
        "sheet_game": data.oh_hell_session(notebook, data.SEVEN[:5], played=2).public_id,
        "deal_game": deal.public_id,
        "deal_game_version": deal.version,
        "kozel_game": data.kozel_match(notebook, 2).public_id,
        "small_game": small.public_id,
        "small_notebook_key": small_notebook.key,
        "view_link": data.view_link(deal),
        "big_notebook_key": notebook.key,
    }


def test_the_trivial_view_answers_without_a_query(handler, db) -> None:
    status, body = run.call(handler, "/bench/trivial/", "", htmx=False)

    assert (status, body) == (200, b"ok")
    assert run.queries(handler, "/bench/trivial/", "", htmx=False) == 0


def test_every_page_it_measures_answers_as_a_phone_would_see_it(handler, ids) -> None:
    pages = run.pages_to_measure(ids)

    assert [page.label for page in pages if page.heavy][:2] == [
        "deal screen, 7 players, deal 19",
        "score sheet, 7 players, 19 deals",
    ]
    for page in pages:
        status, _body = run.call(handler, page.path, page.cookie, page.htmx)
        assert status == page.status, page.label
        if page.small_path:
            assert run.call(handler, page.small_path, page.small_cookie, page.htmx)[0] == 200


def test_every_live_poll_it_measures_is_asked_as_the_page_asks(ids) -> None:
    """The pages' hx-get sends HX-Request: a poll measured without it would get the
    whole page, not the swap."""
    polls = [page for page in run.pages_to_measure(ids) if "/live/" in page.path]
    assert {page.label for page in polls} >= {"live poll, up to date (204)"}
    assert all(page.htmx for page in polls)


def test_the_up_to_date_live_poll_costs_one_query(handler, ids) -> None:
    path = f"/s/{ids['deal_game']}/live/?v={ids['deal_game_version']}"

    assert run.queries(handler, path, f"notebook={ids['notebook_key']}", htmx=True) == 1


def test_the_weight_report_counts_the_stylesheet_the_scripts_and_the_icon(ids) -> None:
    client = Client()
    client.cookies["notebook"] = ids["notebook_key"]

    assets = weight.Assets.of(client.get(f"/s/{ids['deal_game']}/").text)

    assert any(url.endswith(".css") for url in assets)
    assert any("htmx" in url and url.endswith(".js") for url in assets)
    assert any(url.endswith(".svg") for url in assets)


def test_the_floor_answers_the_trivial_path_as_gunicorn_expects() -> None:
    """bench/load/run.py serves bench/bare_wsgi.py and asks for /bench/trivial/ until
    it answers 200; the body's length is the one its header gives."""
    from wsgiref.util import setup_testing_defaults

    from bench import bare_wsgi

    environ: dict = {"PATH_INFO": "/bench/trivial/"}
    setup_testing_defaults(environ)
    started = []
    body = b"".join(
        bare_wsgi.application(environ, lambda status, headers: started.append((status, headers)))
    )
    ((status, headers),) = started
    assert status == "200 OK"
    assert dict(headers)["Content-Length"] == str(len(body)) and body == b"ok"
