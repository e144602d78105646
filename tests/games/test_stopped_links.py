"""A stopped link writes nothing once its stop is answered (issue 38, item 2): access is
checked again under the session's lock for every write, and a backlog holds that lock from
its first entry to its last, so the owner's stop comes before it (nothing made) or waits for
it (the stop is answered after it). Races run on SQLite and PostgreSQL alike."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from games import services
from games.kinds import kind_of
from games.models import Game, Hand, Notebook, Round, ShareLink
from games.views import backlog, table
from tests.games.conftest import BEN, client_of, form_key
from tests.games.test_sharing import make_link, phone_with


def url(game: Game, name: str) -> str:
    return reverse(name, args=[game.public_id])


def start_sheet(notebook: Notebook) -> Game:
    return services.start_game(
        notebook=notebook,
        kind="any_game",
        preset="free",
        options=kind_of("any_game").preset_options("free"),
        names=["Anna", "Ben", "Carla"],
        first_dealer=0,
    )


def rounds_backlog(first: int, count: int) -> dict:
    return {
        "entries": [
            {
                "action": "round",
                "fields": {
                    "idem": form_key(),
                    "deal": str(number),
                    "e.points.0": "10",
                    "e.points.1": "-5",
                    "e.points.2": "0",
                },
            }
            for number in range(first, first + count)
        ]
    }


def send(phone: Client, game: Game, body: dict):
    return phone.post(url(game, "entries"), json.dumps(body), content_type="application/json")


def stopped_after_lookup(monkeypatch, module, game: Game) -> None:
    """The owner stops the link just after the request found the session through it."""
    found = module.get_game

    def then_stopped(request, public_id: str, **kwargs: object) -> Game:
        session = found(request, public_id, **kwargs)
        services.revoke_share_link(game=game, role="edit")
        return session

    monkeypatch.setattr(module, "get_game", then_stopped)


@pytest.mark.django_db
def test_a_bid_through_a_link_stopped_after_its_lookup_is_not_made(
    client, game, monkeypatch
) -> None:
    phone = phone_with(make_link(client, game, "edit"))
    stopped_after_lookup(monkeypatch, table, game)

    form = {"deal": 1, "seat": BEN, "bid": 2, "was": "", "idem": form_key()}
    response = phone.post(url(game, "bid"), form)

    assert response.status_code == 404
    assert not Hand.objects.filter(deal__game=game).exists()
    assert Game.objects.get(pk=game.pk).version == 0


@pytest.mark.django_db
def test_a_backlog_through_a_link_stopped_after_its_lookup_makes_nothing(
    client, notebook, monkeypatch
) -> None:
    game = start_sheet(notebook)
    phone = phone_with(make_link(client, game, "edit"))
    stopped_after_lookup(monkeypatch, backlog, game)

    answer = send(phone, game, rounds_backlog(1, 3)).json()

    assert answer["done"] == 0
    assert answer["refused"]["status"] == 404
    assert f'data-forget-session="{game.public_id}"' in answer["table"]
    assert not Round.objects.filter(game=game).exists()


@pytest.mark.django_db
def test_a_renewed_notebook_link_stops_the_old_cookies_writes(client, game, monkeypatch) -> None:
    """The owner's other phone, whose key the owner renewed meanwhile."""
    found = table.get_game

    def renewed_meanwhile(request, public_id: str, **kwargs: object) -> Game:
        session = found(request, public_id, **kwargs)
        services.renew_notebook_link(notebook=Notebook.objects.get(pk=game.notebook_id))
        return session

    monkeypatch.setattr(table, "get_game", renewed_meanwhile)

    form = {"deal": 1, "seat": BEN, "bid": 2, "was": "", "idem": form_key()}
    response = client.post(url(game, "bid"), form)

    assert response.status_code == 404
    assert not Hand.objects.filter(deal__game=game).exists()


@pytest.mark.django_db(transaction=True)  # committed, as on a server: real locks
@pytest.mark.parametrize("attempt", range(4))
def test_no_round_is_written_through_a_link_after_its_stop_is_answered(notebook, attempt) -> None:
    """A co-scorekeeper's backlog of 150 rounds races the owner's stop: whatever the order,
    the rounds counted when the stop is answered are all the rounds there will ever be."""
    owner = client_of(notebook)
    game = start_sheet(notebook)
    phone = phone_with(make_link(owner, game, "edit"))
    started = threading.Event()
    seen: dict[str, object] = {}

    def co_scorekeeper() -> None:
        try:
            started.set()
            seen["backlog"] = send(phone, game, rounds_backlog(1, 150)).status_code
        finally:
            connection.close()

    def owner_stops() -> None:
        try:
            started.wait()
            response = owner.post(url(game, "share"), {"role": "edit", "action": "revoke"})
            seen["stop"] = response.status_code
            seen["rounds when answered"] = Round.objects.filter(game=game).count()
        finally:
            connection.close()

    threads = [threading.Thread(target=co_scorekeeper), threading.Thread(target=owner_stops)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert not any(thread.is_alive() for thread in threads)
    assert seen["backlog"] in (200, 404)  # 404: the stop came before the lookup
    assert seen["stop"] in (200, 302)
    assert not ShareLink.objects.filter(game=game, revoked_at__isnull=True).exists()
    assert Round.objects.filter(game=game).count() == seen["rounds when answered"]
    assert seen["rounds when answered"] in (0, 150)  # one backlog: all of it, or none
