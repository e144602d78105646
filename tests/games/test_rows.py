"""A session read with written-out SQL (games/rows.py) is the session the ORM reads,
field by field and type by type; what an action writes with it is what the ORM
would write; the pages share one reading per version, the one the action read
back once it committed; and the form keys that guard against double taps are
forgotten after a day.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection, models, transaction
from django.db.models import signals
from django.urls import reverse
from django.utils import timezone

from games import rows, services
from games.models import (
    Adjustment,
    Change,
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
    start_oh_hell,
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
    game.public_id = "no-such-id"
    with pytest.raises(Game.DoesNotExist):
        services._locked(game)


@pytest.mark.django_db(transaction=True)  # the rows read back are kept once committed
def test_what_an_action_reads_back_is_the_session_the_pages_show(notebook) -> None:
    game = start_oh_hell(notebook)
    place_bids(game, {BEN: 1, CARLA: 0, DAN: 2, ANNA: 3})
    services.record_trick(game=game, deal_number=1, trick_number=1, seat=CARLA)

    kept = services.load_to_show(Game.objects.get(pk=game.pk))
    services.forget_shown()
    fresh = services.load_to_show(Game.objects.get(pk=game.pk))

    assert [fields(d) for d in kept.deals] == [fields(d) for d in fresh.deals]
    assert [fields(h) for h in kept.deals[0].hands.all()] == [
        fields(h) for h in fresh.deals[0].hands.all()
    ]
    assert kept.bidding == fresh.bidding and kept.bidding.bids == {
        BEN: 1,
        CARLA: 0,
        DAN: 2,
        ANNA: 3,
    }
    assert kept.deals[0].trick_winners == [CARLA]


@pytest.mark.django_db(transaction=True)
def test_the_page_after_an_action_reads_nothing_it_read_back(
    notebook, django_assert_num_queries
) -> None:
    game = start_oh_hell(notebook)
    place_bids(game, {BEN: 1})

    with django_assert_num_queries(0):
        table = services.load_to_show(game)  # the game holds the action's new version

    assert table.bidding.bids == {BEN: 1}


@pytest.mark.django_db(transaction=True)
def test_an_action_whose_transaction_rolls_back_leaves_nothing_for_the_pages(notebook) -> None:
    game = start_oh_hell(notebook)
    with pytest.raises(RuntimeError), transaction.atomic():
        services.place_bid(game=game, deal_number=1, seat=BEN, bid=1)
        raise RuntimeError  # after the action, before the commit

    stored = Game.objects.get(pk=game.pk)
    assert stored.version == 0 and game.version == 1  # the bid was never stored
    place_bids(stored, {BEN: 0})  # another bid makes version 1 for real
    assert services.load_to_show(Game.objects.get(pk=game.pk)).bidding.bids == {BEN: 0}


def test_an_actions_writes_are_the_rows_the_orm_writes(game) -> None:
    place_bids(game, {BEN: 1, CARLA: 0, DAN: 2, ANNA: 3})
    services.record_trick(game=game, deal_number=1, trick_number=1, seat=BEN)

    change = Change.objects.filter(game=game).first()  # the newest
    stored = Game.objects.get(pk=game.pk)
    hand = Hand.objects.get(deal__game=game, seat=BEN)
    assert change.action == "trick" and change.params == {"deal": 1, "trick": 1, "player": "Ben"}
    assert change.before["deals"][0]["trick_winners"] == [] and not change.undone
    assert type(change.created_at) is type(stored.updated_at) and change.created_at.tzinfo
    assert stored.version == 5
    assert abs(stored.updated_at - change.created_at) < timedelta(seconds=1)
    assert (hand.bid, hand.out_of_turn, hand.tricks) == (1, False, None)
    assert Deal.objects.get(game=game).trick_winners == [BEN]


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
    old = IdempotencyKey.objects.create(notebook=game.notebook, game=game, key="yesterday")
    IdempotencyKey.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=2))
    recent = IdempotencyKey.objects.create(notebook=game.notebook, game=game, key="an hour ago")
    monkeypatch.setattr(services, "_keys_swept", float("-inf"))

    place_bids(game, {})  # nothing: no key used
    services.set_trump(game=game, idempotency_key="now", deal_number=1, trump="H")

    assert set(IdempotencyKey.objects.values_list("key", flat=True)) == {"an hour ago", "now"}
    assert recent.pk in IdempotencyKey.objects.values_list("pk", flat=True)


def test_old_form_keys_are_swept_at_most_once_a_minute(game, monkeypatch) -> None:
    monkeypatch.setattr(services, "_keys_swept", float("-inf"))
    services.set_trump(game=game, idempotency_key="first", deal_number=1, trump="H")
    old = IdempotencyKey.objects.create(notebook=game.notebook, game=game, key="old")
    IdempotencyKey.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=2))

    services.set_trump(game=game, idempotency_key="second", deal_number=1, trump="S")

    assert IdempotencyKey.objects.filter(key="old").exists()  # the next sweep takes it


# -- instances made without Model.__init__ (rows.plain_init) ---------------------------


def every_row(game) -> list:
    """One stored row of each kind a session has, read by the ORM."""
    play_deal(game)
    services.add_adjustment(game=game, deal_number=1, seat=CARLA, points=-5, note="Late")
    return [
        Game.objects.get(pk=game.pk),
        Seat.objects.filter(game=game).first(),
        Seat.objects.filter(game=game).first().player,
        Deal.objects.filter(game=game).first(),
        Hand.objects.filter(deal__game=game).first(),
        Adjustment.objects.filter(deal__game=game).first(),
        Change.objects.filter(game=game).first(),
        game.notebook,
    ]


def test_every_model_of_a_session_is_made_as_from_db_makes_it(game) -> None:
    for stored in every_row(game):
        model = type(stored)
        columns = rows.columns(model)
        assert columns.plain, model.__name__
        table = rows.table_of(model)
        raw = rows.fetch(f"SELECT {columns.sql} FROM {table} WHERE {table}.id = %s", [stored.pk])

        built = columns.build(raw[0])
        values = [getattr(stored, name) for name in columns.names]
        expected = model.from_db(connection.alias, columns.names, values)

        assert type(built) is model
        assert vars(built).keys() == vars(expected).keys()
        assert fields(built) == fields(stored) == fields(expected)
        assert (built._state.adding, built._state.db) == (False, connection.alias)
        assert built == stored
        assert not built._state.fields_cache  # nothing related cached: read on use
        if model is Hand:
            assert built.deal == stored.deal  # a foreign key still reads its row


def test_a_model_with_init_signals_listened_to_goes_through_init(game) -> None:
    heard: list[tuple[str, object]] = []

    def before(sender, **kwargs) -> None:
        heard.append(("pre", sender))

    def after(sender, instance, **kwargs) -> None:
        heard.append(("post", instance.pk))

    deal = Deal.objects.create(game=game, index=5)
    columns = rows.columns(Deal)
    table = rows.table_of(Deal)
    values = rows.fetch(f"SELECT {columns.sql} FROM {table} WHERE {table}.id = %s", [deal.pk])[0]
    signals.post_init.connect(after, sender=Deal)
    try:
        built = columns.build(values)
        assert heard == [("post", deal.pk)]
        signals.pre_init.connect(before, sender=Deal)
        try:
            columns.build(values)
        finally:
            signals.pre_init.disconnect(before, sender=Deal)
    finally:
        signals.post_init.disconnect(after, sender=Deal)
    assert heard == [("post", deal.pk), ("pre", Deal), ("post", deal.pk)]
    assert built.pk == deal.pk


def test_a_model_whose_init_or_fields_do_more_is_made_by_init(monkeypatch) -> None:
    assert rows.plain_init(Deal)

    class Setter:
        """A field attribute that does something when set."""

        def __get__(self, instance, owner=None):
            return self if instance is None else instance.__dict__.get("trump")

        def __set__(self, instance, value) -> None:
            instance.__dict__["trump"] = value

    with monkeypatch.context() as patched:
        patched.setattr(Deal, "trump", Setter())
        assert not rows.plain_init(Deal)

    def init(self, *args, **kwargs) -> None:
        models.Model.__init__(self, *args, **kwargs)

    monkeypatch.setattr(Deal, "__init__", init)
    assert not rows.plain_init(Deal)
