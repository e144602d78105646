"""A once-only key is forgotten only when nothing can send it again (issue 38, item 3): not
with its session (whose Undo brings it back), and not before a phone stops keeping the entry
(services.notebook.ENTRY_KEEP_DAYS)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import exports, services
from games.models import Adjustment, Game, IdempotencyKey
from games.services.notebook import ENTRY_KEEP_DAYS, KEY_LIFETIME
from tests.games.conftest import ANNA, BEN, CARLA, form_key, play_deal
from tests.games.test_backlog import entry, send

pytestmark = pytest.mark.django_db


def adjustments(game: Game) -> list[tuple[int, int]]:
    return list(
        Adjustment.objects.filter(deal__game__public_id=game.public_id)
        .order_by("pk")
        .values_list("seat", "points")
    )


@pytest.fixture
def kept(game) -> list[dict]:
    """Deal 1 played; the phone kept three adjustments to it."""
    play_deal(game)
    return [
        entry("adjust", deal=1, seat=ANNA, points=10),
        entry("adjust", deal=1, seat=BEN, points=-5),
        entry("adjust", deal=1, seat=CARLA, points=3),
    ]


def test_a_backlog_resent_to_a_session_brought_back_by_undo_is_made_once(
    client, notebook, game, kept
) -> None:
    """The issue's case: delete, Undo, resend: 3 adjustments became 6."""
    assert send(client, game, kept).json()["done"] == 3
    token = exports.delete_session(game=Game.objects.get(pk=game.pk))
    back = exports.undo_delete_session(notebook=notebook, token=token, form_key=form_key())

    answer = send(client, back, kept).json()

    assert answer["done"] == 3  # counted as made before
    assert adjustments(back) == [(ANNA, 10), (BEN, -5), (CARLA, 3)]


def test_a_deleted_sessions_keys_stay_with_its_notebook(client, game, kept) -> None:
    send(client, game, kept)

    exports.delete_session(game=Game.objects.get(pk=game.pk))

    keys = IdempotencyKey.objects.filter(key__in=[e["fields"]["idem"] for e in kept])
    assert keys.count() == 3
    assert {key.game_id for key in keys} == {None}


def test_keys_outlive_what_a_phone_keeps(client, game, kept) -> None:
    """A phone back after 29 days with the entries whose answer it never got: made once,
    even after another form swept the notebook's old keys."""
    send(client, game, kept)
    IdempotencyKey.objects.update(created_at=timezone.now() - timedelta(days=ENTRY_KEEP_DAYS - 1))
    services.new_share_link(game=game, role="view", form_key=form_key())  # sweeps

    answer = send(client, game, kept).json()

    assert answer["done"] == 3
    assert len(adjustments(game)) == 3
    assert timedelta(days=ENTRY_KEEP_DAYS) < KEY_LIFETIME


def test_keys_older_than_any_phone_keeps_are_swept(client, game, kept) -> None:
    send(client, game, kept)
    IdempotencyKey.objects.update(created_at=timezone.now() - KEY_LIFETIME - timedelta(hours=1))

    services.new_share_link(game=game, role="view", form_key=form_key())  # sweeps

    assert not IdempotencyKey.objects.filter(key__in=[e["fields"]["idem"] for e in kept]).exists()
