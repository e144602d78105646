"""Two phones, one session: real concurrent requests, on SQLite and on PostgreSQL.

Each race starts several threads at a barrier; every thread has its own database
connection, so they contend for the session's row lock (PostgreSQL) or the write
lock (SQLite's IMMEDIATE transactions) for real. Whatever the order, nothing may be
lost or entered twice, and the phones that lost are told (Conflict) or see a no-op.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Adjustment, Change, Deal, Game, Hand, Round
from games.services import Conflict
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import (
    ANNA,
    BEN,
    CARLA,
    DAN,
    place_bids,
    play_deal,
    start_kozel,
    start_oh_hell,
)

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 6


def race(*actions: Callable[[], object]) -> list[object]:
    """Run the actions at the same moment, one thread each; return what each gave or raised."""
    barrier = threading.Barrier(len(actions))
    outcomes: list[object] = [None] * len(actions)

    def run(index: int, action: Callable[[], object]) -> None:
        try:
            barrier.wait()
            outcomes[index] = action()
        except Exception as error:
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes


def errors(outcomes: list[object]) -> list[Exception]:
    return [o for o in outcomes if isinstance(o, Exception)]


def test_the_same_bid_from_several_phones_is_entered_once(notebook) -> None:
    game = start_oh_hell(notebook)

    outcomes = race(
        *[
            lambda: oh_hell_services.place_bid(game=game, deal_number=1, seat=BEN, bid=3, was=None)
            for _ in range(PHONES)
        ]
    )

    assert errors(outcomes) == []
    assert list(Hand.objects.filter(deal__game=game).values_list("seat", "bid")) == [(BEN, 3)]
    assert Change.objects.filter(game=game, action="bid").count() == 1
    assert Game.objects.get(pk=game.pk).version == 1


def test_different_first_bids_for_one_player_keep_one_and_tell_the_others(notebook) -> None:
    game = start_oh_hell(notebook)

    outcomes = race(
        *[
            lambda bid=bid: oh_hell_services.place_bid(
                game=game, deal_number=1, seat=BEN, bid=bid, was=None
            )
            for bid in range(PHONES)
        ]
    )

    # One bid won; every other phone had shown "no bid yet" and is told.
    assert len(errors(outcomes)) == PHONES - 1
    assert all(isinstance(e, Conflict) for e in errors(outcomes))
    (stored,) = Hand.objects.filter(deal__game=game).values_list("bid", flat=True)
    assert outcomes[stored] is not None and not isinstance(outcomes[stored], Exception)
    assert Change.objects.filter(game=game, action__startswith="bid").count() == 1


def test_two_phones_tapping_different_winners_of_one_trick_record_one(notebook) -> None:
    game = start_oh_hell(notebook)
    place_bids(game, {BEN: 3, CARLA: 2, DAN: 2, ANNA: 2})

    outcomes = race(
        *[
            lambda seat=seat: oh_hell_services.record_trick(
                game=game, deal_number=1, trick_number=1, seat=seat
            )
            for seat in (ANNA, BEN, CARLA, DAN)
        ]
    )

    assert len(errors(outcomes)) == 3
    assert all(isinstance(e, Conflict) for e in errors(outcomes))
    winners = Deal.objects.get(game=game, index=0).trick_winners
    assert len(winners) == 1
    assert Change.objects.filter(game=game, action="trick").count() == 1


def test_scoring_a_deal_from_several_phones_scores_it_once_and_opens_one_next_deal(
    notebook,
) -> None:
    game = start_oh_hell(notebook)
    place_bids(game, {BEN: 3, CARLA: 2, DAN: 2, ANNA: 2})
    tricks = [2, 3, 2, 3]  # Anna 2, Ben 3, Carla 2, Dan 3 = 10

    outcomes = race(
        *[
            lambda: oh_hell_services.record_tricks(game=game, deal_number=1, tricks=tricks)
            for _ in range(PHONES)
        ]
    )

    assert errors(outcomes) == []  # the repeats are no-ops, not errors
    assert Deal.objects.filter(game=game).count() == 2
    assert list(Deal.objects.filter(game=game).values_list("index", "done")) == [
        (0, True),
        (1, False),
    ]
    assert Change.objects.filter(game=game, action="tricks").count() == 1
    table = services.load(Game.objects.get(pk=game.pk))
    assert table.result.totals == (12, 13, 12, 0)  # Anna 10+2, Ben 10+3, Carla 10+2, Dan missed


def test_the_same_form_sent_again_is_applied_once(notebook) -> None:
    game = start_oh_hell(notebook)
    play_deal(game)

    outcomes = race(
        *[
            lambda: oh_hell_services.add_adjustment(
                game=game,
                idempotency_key="form-1",
                deal_number=1,
                seat=CARLA,
                points=-5,
                note="phone",
            )
            for _ in range(PHONES)
        ]
    )

    assert errors(outcomes) == []
    assert Adjustment.objects.filter(deal__game=game).count() == 1


def test_different_adjustments_from_two_phones_are_both_kept(notebook) -> None:
    game = start_oh_hell(notebook)
    play_deal(game)

    race(
        lambda: oh_hell_services.add_adjustment(
            game=game, idempotency_key="a", deal_number=1, seat=CARLA, points=-5, note=""
        ),
        lambda: oh_hell_services.add_adjustment(
            game=game, idempotency_key="b", deal_number=1, seat=DAN, points=3, note=""
        ),
    )

    assert sorted(Adjustment.objects.values_list("seat", "points")) == [(CARLA, -5), (DAN, 3)]


def test_a_kozel_deal_entered_twice_with_different_points_keeps_one(notebook) -> None:
    game = start_kozel(notebook)

    outcomes = race(
        *[
            lambda points=points: services.record_round(
                game=game, round_number=1, entry={"team": 0, "points": points}
            )
            for points in (40, 45, 50, 55)
        ]
    )

    assert len(errors(outcomes)) == 3
    assert all(isinstance(e, Conflict) for e in errors(outcomes))
    assert Round.objects.filter(game=game).count() == 1


def test_a_correction_made_on_a_stale_page_is_refused_not_lost(notebook) -> None:
    game = start_oh_hell(notebook)
    play_deal(game, bids={BEN: 3, CARLA: 2, DAN: 2, ANNA: 2}, tricks=[2, 3, 2, 3])
    version = Game.objects.get(pk=game.pk).version
    bids = [2, 3, 2, 2]

    outcomes = race(
        lambda: oh_hell_services.correct_deal(
            game=game, deal_number=1, bids=bids, tricks=[2, 3, 3, 2], trump="", version=version
        ),
        lambda: oh_hell_services.correct_deal(
            game=game, deal_number=1, bids=bids, tricks=[3, 3, 2, 2], trump="", version=version
        ),
    )

    assert len(errors(outcomes)) == 1
    assert isinstance(errors(outcomes)[0], Conflict)
    hands = Hand.objects.filter(deal__game=game, deal__index=0).order_by("seat")
    assert list(hands.values_list("tricks", flat=True)) in ([2, 3, 3, 2], [3, 3, 2, 2])


def test_two_phones_entering_different_players_bids_at_once_lose_nothing(notebook) -> None:
    """Phone A enters Ben's and Dan's bids, phone B Carla's and Anna's, as fast as they
    can; whichever lands first, every bid is kept (a bid ahead of its turn counts as
    out of turn, seed 000)."""
    game = start_oh_hell(notebook)
    bids = {BEN: 3, CARLA: 2, DAN: 2, ANNA: 2}  # 9 of 10: the hook never bites

    def phone(seats: tuple[int, ...]) -> None:
        for seat in seats:
            oh_hell_services.place_bid(
                game=game, deal_number=1, seat=seat, bid=bids[seat], was=None
            )

    outcomes = race(lambda: phone((BEN, DAN)), lambda: phone((CARLA, ANNA)))

    assert errors(outcomes) == []
    stored = dict(Hand.objects.filter(deal__game=game).values_list("seat", "bid"))
    assert stored == bids
    assert Change.objects.filter(game=game, action__startswith="bid").count() == 4


def test_a_double_tap_on_score_this_deal_over_http_scores_once(notebook, client) -> None:
    game = start_oh_hell(notebook)
    place_bids(game, {BEN: 3, CARLA: 2, DAN: 2, ANNA: 2})
    url = reverse("tricks", args=[game.public_id])
    form = {"deal": 1, "idem": "tap", "tricks-0": 2, "tricks-1": 3, "tricks-2": 2, "tricks-3": 3}
    cookies = client.cookies

    def tap() -> int:
        phone = Client()
        phone.cookies = cookies
        return phone.post(url, form, HTTP_HX_REQUEST="true").status_code

    statuses = race(tap, tap, tap)

    assert statuses == [200, 200, 200]
    assert Deal.objects.filter(game=game).count() == 2
    assert Change.objects.filter(game=game, action="tricks").count() == 1
