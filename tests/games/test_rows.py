"""A session read with written-out SQL (games/rows.py) is the session the ORM reads,
field by field and type by type; the pages share one reading per version; and
the form keys that guard against double taps are forgotten after a day.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import (
    Adjustment,
    Deal,
    Game,
    Hand,
    IdempotencyKey,
    KozelDeal,
    Seat,
)
from tests.games.conftest import (
    ANNA,
    BEN,
    CARLA,
    DAN,
    enter_kozel_deal,
    place_bids,
    play_deal,
)


def fields(instance) -> dict:
    """Every stored value of a row, with its type (a date must stay a date)."""
    return {
        field.attname: (value := getattr(instance, field.attname), type(value))
        for field in type(instance)._meta.concrete_fields
    }


def test_an_oh_hell_session_reads_as_the_orm_reads_it(game) -> None:
    play_deal(game)
    services.add_adjustment(game=game, deal_number=1, seat=CARLA, points=-5, note="Late · ♥")
    services.add_adjustment(game=game, deal_number=1, seat=DAN, points=3, note="")
    place_bids(game, {ANNA: 0, BEN: 1, CARLA: 0, DAN: 0})
    services.record_trick(game=game, deal_number=2, trick_number=1, seat=BEN)
    services.record_revoke(game=game, deal_number=2, seat=CARLA)  # a deal done, no tricks

    table = services.load_oh_hell(Game.objects.get(pk=game.pk))

    seats = list(Seat.objects.filter(game=game).select_related("player").order_by("position"))
    assert [fields(s) for s in table.seats] == [fields(s) for s in seats]
    assert [fields(s.player) for s in table.seats] == [fields(s.player) for s in seats]
    deals = list(Deal.objects.filter(game=game).order_by("index"))
    assert [fields(d) for d in table.deals] == [fields(d) for d in deals]
    for read, stored in zip(table.deals, deals, strict=True):
        hands = Hand.objects.filter(deal=stored).order_by("seat")
        adjustments = Adjustment.objects.filter(deal=stored).order_by("created_at", "pk")
        assert [fields(h) for h in read.hands.all()] == [fields(h) for h in hands]
        assert [fields(a) for a in read.adjustments.all()] == [fields(a) for a in adjustments]
    assert [a.note for a in table.deals[0].adjustments.all()] == ["Late · ♥", ""]
    assert table.deals[1].revoke == CARLA and table.deals[1].done is True
    assert table.deals[1].trick_winners == [BEN] and table.deals[2].done is False


def test_a_kozel_session_reads_as_the_orm_reads_it(match) -> None:
    enter_kozel_deal(match, team=0, points=0, took_trick=True)
    enter_kozel_deal(match, team=1, points=61, last_trick_seat=BEN)

    table = services.load_kozel(Game.objects.get(pk=match.pk))

    stored = KozelDeal.objects.filter(game=match).order_by("index")
    assert [fields(d) for d in table.deals] == [fields(d) for d in stored]
    assert [d.zero_team_took_trick for d in table.deals] == [True, None]


def test_the_session_an_action_locks_is_the_stored_row(game) -> None:
    place_bids(game, {BEN: 1})

    assert fields(services._locked(game)) == fields(Game.objects.get(pk=game.pk))
    game.pk = 0
    with pytest.raises(Game.DoesNotExist):
        services._locked(game)


def test_pages_of_one_version_read_the_session_once(
    client, game, django_assert_num_queries
) -> None:
    play_deal(game)
    client.get(reverse("game", args=[game.public_id]))

    # the session's version and this phone's role; the session's row (its notebook's
    # name for the page); its deals and scores come from the deal screen's reading
    with django_assert_num_queries(2):
        response = client.get(reverse("sheet", args=[game.public_id]))

    assert response.status_code == 200
    assert "Anna" in response.content.decode()


def test_a_page_after_an_entry_shows_the_entry(client, game) -> None:
    before = services.load_to_show(Game.objects.get(pk=game.pk))
    client.get(reverse("game", args=[game.public_id]))
    play_deal(game)  # Ben takes every trick on a bid of 0

    page = client.get(reverse("game", args=[game.public_id])).content.decode()

    assert before.result.deals == ()
    assert services.load_to_show(Game.objects.get(pk=game.pk)).result.totals == (10, 0, 10, 10)
    assert "Deal 1 scored" in page and "Deal 2 of" in page


def test_form_keys_older_than_a_day_are_forgotten(game, monkeypatch) -> None:
    old = IdempotencyKey.objects.create(game=game, key="yesterday")
    IdempotencyKey.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=2))
    recent = IdempotencyKey.objects.create(game=game, key="an hour ago")
    monkeypatch.setattr(services, "_keys_swept", float("-inf"))

    place_bids(game, {})  # nothing: no key used
    services.set_trump(game=game, idempotency_key="now", deal_number=1, trump="H")

    assert set(IdempotencyKey.objects.values_list("key", flat=True)) == {"an hour ago", "now"}
    assert recent.pk in IdempotencyKey.objects.values_list("pk", flat=True)


def test_old_form_keys_are_swept_at_most_once_a_minute(game, monkeypatch) -> None:
    monkeypatch.setattr(services, "_keys_swept", float("-inf"))
    services.set_trump(game=game, idempotency_key="first", deal_number=1, trump="H")
    old = IdempotencyKey.objects.create(game=game, key="old")
    IdempotencyKey.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=2))

    services.set_trump(game=game, idempotency_key="second", deal_number=1, trump="S")

    assert IdempotencyKey.objects.filter(key="old").exists()  # the next sweep takes it
