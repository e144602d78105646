"""Backlogs racing each other for real, on SQLite and PostgreSQL (issue 38: entries made
twice, a co-scorekeeper's conflicting entry): each thread its own connection, each backlog
one transaction under the session's lock."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from games.models import Change, Game, Round
from tests.games.conftest import client_of, form_key
from tests.games.test_sharing import make_link, phone_with
from tests.games.test_stopped_links import start_sheet

pytestmark = pytest.mark.django_db(transaction=True)


def rounds(first: int, count: int, points: int) -> list[dict]:
    return [
        {
            "action": "round",
            "fields": {
                "idem": form_key(),
                "deal": str(number),
                "e.points.0": str(points),
                "e.points.1": "0",
                "e.points.2": "-5",
            },
        }
        for number in range(first, first + count)
    ]


def race(*sends: tuple[Client, Game, list[dict]]) -> list[dict]:
    barrier = threading.Barrier(len(sends))
    answers: list[dict] = [{}] * len(sends)

    def run(index: int, phone: Client, game: Game, entries: list[dict]) -> None:
        try:
            barrier.wait()
            url = reverse("entries", args=[game.public_id])
            body = json.dumps({"entries": entries})
            answers[index] = phone.post(url, body, content_type="application/json").json()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, *s)) for i, s in enumerate(sends)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    return answers


def test_one_backlog_sent_from_four_tabs_at_once_is_made_once(notebook) -> None:
    game = start_sheet(notebook)
    kept = rounds(1, 30, 10)
    phones = [client_of(notebook) for _ in range(4)]

    answers = race(*[(phone, game, kept) for phone in phones])

    assert [answer["done"] for answer in answers] == [30] * 4
    assert all(answer["refused"] is None for answer in answers)
    assert Round.objects.filter(game=game).count() == 30
    assert Change.objects.filter(game=game, action="round").count() == 30
    assert Game.objects.get(pk=game.pk).version == 30


def test_two_scorekeepers_conflicting_backlogs_make_one_and_refuse_the_other(notebook) -> None:
    """The owner and a co-scorekeeper kept different rounds 1 to 5 offline: whichever comes
    first is made whole; the other is refused at its first round (409), nothing of it made."""
    owner = client_of(notebook)
    game = start_sheet(notebook)
    co_scorekeeper = phone_with(make_link(owner, game, "edit"))

    answers = race((owner, game, rounds(1, 5, 10)), (co_scorekeeper, game, rounds(1, 5, 20)))

    made = sorted(answer["done"] for answer in answers)
    assert made == [0, 5]
    refused = next(answer["refused"] for answer in answers if answer["done"] == 0)
    assert refused["status"] == 409 and refused["index"] == 0
    assert "Round 1 was already entered" in refused["reason"]
    points = {entry["points"][0] for entry in Round.objects.values_list("entry", flat=True)}
    assert Round.objects.filter(game=game).count() == 5 and len(points) == 1
