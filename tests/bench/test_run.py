"""The pages bench/run.py and bench/weight.py measure answer as they expect, so a renamed
URL shows here and not only in a long benchmark run."""

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client

from bench import data, run, weight
from games.models import Notebook


@pytest.fixture
def handler(settings):
    """The bench's URLs, and the test's connection kept across calls (it holds the
    test's transaction), as Django's test client keeps it."""
    settings.ROOT_URLCONF = "bench.urls"
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield WSGIHandler()
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def ids(db) -> dict:
    notebook = Notebook.objects.create(name="Bench")
    deal = data.oh_hell_session(notebook, data.SEVEN[:4], played=1, bids=4, tricks=1)
    sheet = data.oh_hell_session(notebook, data.SEVEN[:3], played=2)
    games_notebook = Notebook.objects.create(name="Bench, other games")
    skull = data.skull_king_game(games_notebook, 2)
    tysiac = data.tysiac_game(games_notebook, 2)
    return {
        "notebook": notebook.key,
        "big_notebook": notebook.key,
        "games_notebook": games_notebook.key,
        "deal": deal.public_id,
        "version": deal.version,
        "sheet": sheet.public_id,
        "skull": skull.public_id,
        "tysiac": tysiac.public_id,
    }


def test_every_page_answers_as_run_py_expects(handler, ids) -> None:
    measured = run.pages(ids, sessions=2)

    assert measured[0][1] == "/bench/trivial/"
    for label, path, cookie, htmx, expected in measured:
        assert run.call(handler, path, cookie, htmx) == expected, label


def test_the_weight_counts_the_files_a_page_fetches_and_its_service_worker(ids) -> None:
    client = Client()
    client.cookies["notebook"] = ids["notebook"]

    page = client.get(f"/s/{ids['deal']}/").text
    fetched = {"".join(found) for found in weight.LINKED.findall(page)}

    assert any(url.endswith(".css") for url in fetched)
    assert any("htmx" in url and url.endswith(".js") for url in fetched)
    assert any(url.endswith(".svg") for url in fetched)
    assert "/sw.js" in fetched and "/manifest.webmanifest" in fetched
    assert weight.PRECACHE.search(client.get("/sw.js").text)
