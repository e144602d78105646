"""Home lists every session in play and only the last finished ones."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.models import Game
from tests.games.conftest import start_kozel, start_oh_hell


def test_home_lists_sessions_in_play_and_the_ten_last_finished(client, notebook) -> None:
    in_play = [start_oh_hell(notebook), start_kozel(notebook)]
    finished = [start_kozel(notebook) for _ in range(12)]
    now = timezone.now()
    for age, game in enumerate(finished):  # finished[0] ended last
        Game.objects.filter(pk=game.pk).update(finished_at=now - timedelta(hours=age))

    page = client.get("/").content.decode()

    for game in in_play + finished[:10]:
        assert f"/s/{game.public_id}/" in page
    for game in finished[10:]:
        assert f"/s/{game.public_id}/" not in page
    # Sessions in play come first.
    assert page.index(in_play[0].public_id) < page.index(finished[0].public_id)
