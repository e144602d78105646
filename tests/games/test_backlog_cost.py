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
from games.rules.oh_hell import scoring as oh_hell_scoring
from games.rules.tysiac import scoring
from tests.games.conftest import HTMX, form_key, place_bids, play_deals, start_oh_hell

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
    """Ten rounds sent after 10 rounds, and after 60: the 50 more rounds are checked once,
    for the backlog's one load, and the table it answers with goes on from it
    (services.table_after), not per entry (before: every entry scored the whole game again,
    10 x 50 more; then the answer's table loaded it again, 2 x 50)."""
    short = rounds_checked(client, played(notebook, 10), backlog(11, 10), monkeypatch)
    long = rounds_checked(client, played(notebook, 60), backlog(61, 10), monkeypatch)

    assert long - short == 50


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
    once, for the backlog's one load (the table it answers with is caught up from the deal
    the entries changed: services.table_after), not for every entry."""
    short, long = start_oh_hell(notebook), start_oh_hell(notebook)
    play_deals(short, 2)
    play_deals(long, 10)

    difference = hands_read(client, long, oh_hell_backlog(long)) - hands_read(
        client, short, oh_hell_backlog(short)
    )

    assert difference == 8 * 4


def deals_scored_for_the_counts(client, game: Game, monkeypatch) -> int:
    """How many deals the rules score while the current deal's counts are entered (an
    htmx post, answered with the table)."""
    scored = 0
    score_record = oh_hell_scoring._score_record

    def counting(*args, **kwargs):
        nonlocal scored
        scored += 1
        return score_record(*args, **kwargs)

    table = services.load(Game.objects.get(pk=game.pk))
    place_bids(game, dict.fromkeys(range(table.players), 0))
    leader = services.load(Game.objects.get(pk=game.pk)).bidding.order[0]
    fields = {"deal": table.deal_number(table.current), "idem": form_key()}
    fields.update({f"tricks-{seat}": table.plan.cards * (seat == leader) for seat in range(4)})
    monkeypatch.setattr(oh_hell_scoring, "_score_record", counting)
    answer = client.post(reverse("tricks", args=[game.public_id]), fields, **HTMX)
    monkeypatch.undo()
    assert answer.status_code == 200
    return scored


def test_scoring_a_deal_scores_that_deal_not_the_whole_game(client, notebook, monkeypatch) -> None:
    """The counts of the 3rd deal and of the 15th: the 12 more deals are scored once, for the
    session's one load; the deal is added to the scores so far (games.rules.oh_hell.Tally)
    for the service and for the table it answers with, and the phone's figures after Undo
    start from them (before: the whole game scored four times, 48 more)."""
    early, late = start_oh_hell(notebook), start_oh_hell(notebook)
    play_deals(early, 2)
    play_deals(late, 14)

    early_cost = deals_scored_for_the_counts(client, early, monkeypatch)
    late_cost = deals_scored_for_the_counts(client, late, monkeypatch)

    assert early_cost == 2 + 1 + 1  # the load's 2, the deal for the service and the answer
    assert late_cost - early_cost == 12
