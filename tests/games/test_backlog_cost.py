"""A backlog's entry costs the same whatever the game's length (issue 38, item 6): the
session is loaded once for the backlog, each round is added to the rules' tally rather than
the game scored again, and the session's row is written once. The seconds are measured in
bench/backlog.py; here, what the cost is made of is counted."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.backlog import rounds_of_a_long_game
from games import services
from games.kinds import kind_of
from games.models import Game, Hand, Notebook
from games.rules.tysiac import scoring
from tests.games.conftest import form_key, play_deals, start_oh_hell

pytestmark = pytest.mark.django_db

#: Тысяча for three, never reaching 1000: bench/backlog.py's game.
LONG_GAME = rounds_of_a_long_game(80)


def played(notebook: Notebook, rounds: int) -> Game:
    game = services.start_game(
        notebook=notebook,
        kind="tysiac",
        preset="russian",
        options=kind_of("tysiac").preset_options("russian"),
        names=["Anna", "Ben", "Carla"],
        first_dealer=0,
    )
    for number, entry in enumerate(LONG_GAME[:rounds], 1):
        services.record_round(game=game, round_number=number, entry=entry)
    return game


def backlog(first: int, count: int) -> str:
    entries = []
    for number in range(first, first + count):
        entry = LONG_GAME[number - 1]
        fields = {"idem": form_key(), "deal": str(number)}
        fields.update({"e.bidder": str(entry["bidder"]), "e.contract": str(entry["contract"])})
        fields.update({f"e.points.{seat}": str(p) for seat, p in enumerate(entry["points"])})
        entries.append({"action": "round", "fields": fields})
    return json.dumps({"entries": entries})


def send(client, game: Game, body: str) -> dict:
    url = reverse("entries", args=[game.public_id])
    answer = client.post(url, body, content_type="application/json").json()
    assert answer["refused"] is None
    return answer


def rounds_checked(client, game: Game, body: str, monkeypatch) -> int:
    """How many times the rules checked a deal while the backlog was made and answered."""
    calls = []
    check = scoring.check_round

    def counted(*args: object) -> dict:
        calls.append(1)
        return check(*args)

    monkeypatch.setattr(scoring, "check_round", counted)
    send(client, game, body)
    return len(calls)


def test_a_backlogs_rounds_are_checked_once_each_however_long_the_game(
    client, notebook, monkeypatch
) -> None:
    """Ten rounds sent after 10 rounds, and after 60: the 50 more rounds are checked once
    for the backlog (its one load) and once for the table it answers with, not per entry
    (before: every entry scored the whole game again, 10 x 50 more)."""
    short = rounds_checked(client, played(notebook, 10), backlog(11, 10), monkeypatch)
    long = rounds_checked(client, played(notebook, 60), backlog(61, 10), monkeypatch)

    assert long - short == 2 * 50


def test_a_backlog_writes_the_sessions_row_once(client, notebook) -> None:
    game = played(notebook, 5)

    with CaptureQueriesContext(connection) as queries:
        answer = send(client, game, backlog(6, 10))

    updates = [q["sql"] for q in queries if q["sql"].startswith('UPDATE "games_game"')]
    assert answer["done"] == 10
    assert len(updates) == 1
    fresh = Game.objects.get(pk=game.pk)
    assert fresh.version == game.version + 10 == answer["version"]
    assert fresh.rounds.count() == 15


def test_a_refusal_inside_a_backlog_answers_the_sessions_version(client, notebook) -> None:
    """The refused entry's savepoint goes back, the ones before it stay, with their version."""
    game = played(notebook, 5)
    body = json.loads(backlog(6, 3))
    body["entries"][2]["fields"]["e.points.0"] = "1"  # no card is worth 1
    url = reverse("entries", args=[game.public_id])

    answer = client.post(url, json.dumps(body), content_type="application/json").json()

    fresh = Game.objects.get(pk=game.pk)
    assert answer["done"] == 2
    assert answer["refused"]["status"] == 422
    assert fresh.rounds.count() == 7
    assert answer["version"] == fresh.version == game.version + 2
    assert f'/live/?v={fresh.version}"' in answer["table"]  # the page polls from it


def hands_read(client, game: Game, body: str) -> int:
    """How many hands were read from the database while the backlog was made and answered."""
    read = []

    def counted(sender, instance, **kwargs) -> None:
        read.append(1)

    post_init.connect(counted, sender=Hand)
    try:
        send(client, game, body)
    finally:
        post_init.disconnect(counted, sender=Hand)
    return len(read)


def oh_hell_backlog(game: Game) -> str:
    """The next deal's trump and four bids (all 0), in turn."""
    table = services.load(Game.objects.get(pk=game.pk))
    number = table.deal_number(table.current)
    entries = [
        {"action": "trump", "fields": {"idem": form_key(), "deal": str(number), "trump": "H"}}
    ]
    entries += [
        {
            "action": "bid",
            "fields": {
                "idem": form_key(),
                "deal": str(number),
                "seat": str(seat),
                "bid": "0",
                "was": "",
            },
        }
        for seat in table.bidding.order
    ]
    return json.dumps({"entries": entries})


def test_an_oh_hell_backlog_reads_the_deals_it_changed_not_the_whole_game(client, notebook) -> None:
    """A trump and four bids after 2 deals and after 10: the 8 more deals' 32 hands are read
    for the backlog's one load and for the table it answers with, not for every entry."""
    short, long = start_oh_hell(notebook), start_oh_hell(notebook)
    play_deals(short, 2)
    play_deals(long, 10)

    difference = hands_read(client, long, oh_hell_backlog(long)) - hands_read(
        client, short, oh_hell_backlog(short)
    )

    assert difference == 2 * 8 * 4
