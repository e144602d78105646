"""The live poll's lookup (games.access.version_seen): the session's version, the visitor's
role and seat, or None for a visitor who may not see it, in one query, whichever way the
phone holds its access: the notebook's cookie, one link, or several links."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from games import services
from games.access import version_seen
from games.models import Game, Notebook, ShareLink
from tests.games.test_sealed_bids import start  # Skull King for Anna, Ben and Cleo

pytestmark = pytest.mark.django_db


def seen(game: Game, cookie: str, django_assert_num_queries) -> tuple | None:
    request = RequestFactory().get("/", HTTP_COOKIE=cookie)
    with django_assert_num_queries(1):
        return version_seen(request, game.public_id)


def link(game: Game, role: str, seat: int | None = None) -> str:
    return services.new_share_link(game=game, role=role, seat=seat).key


def test_the_notebooks_cookie_sees_its_sessions_only(django_assert_num_queries) -> None:
    mine, other = Notebook.objects.create(), Notebook.objects.create()
    game = start(mine)
    version = Game.objects.get(pk=game.pk).version

    assert seen(game, f"notebook={mine.key}", django_assert_num_queries) == (version, "owner", None)
    assert seen(game, f"notebook={other.key}", django_assert_num_queries) is None
    # Another notebook's session, asked with this one's cookie: not seen.
    assert seen(start(other), f"notebook={mine.key}", django_assert_num_queries) is None


def test_one_link_gives_its_role_and_seat_while_it_is_live(django_assert_num_queries) -> None:
    game = start(Notebook.objects.create())
    version = Game.objects.get(pk=game.pk).version
    view, ben = link(game, "view"), link(game, "seat", seat=1)

    assert seen(game, f"links={view}", django_assert_num_queries) == (version, "view", None)
    assert seen(game, f"links={ben}", django_assert_num_queries) == (version, "seat", 1)
    assert (
        seen(start(Notebook.objects.create()), f"links={view}", django_assert_num_queries) is None
    )
    # Stopped, while another link of the session is live: the stopped one sees nothing.
    services.revoke_share_link(game=game, role="view")
    assert ShareLink.objects.filter(game=game, revoked_at__isnull=True).count() == 1
    assert seen(game, f"links={view}", django_assert_num_queries) is None


def test_several_links_give_the_widest_live_role(django_assert_num_queries) -> None:
    game = start(Notebook.objects.create())
    version = Game.objects.get(pk=game.pk).version
    view, edit = link(game, "view"), link(game, "edit")

    assert seen(game, f"links={view}.{edit}", django_assert_num_queries) == (version, "edit", None)
    services.revoke_share_link(game=game, role="edit")
    assert seen(game, f"links={view}.{edit}", django_assert_num_queries) == (version, "view", None)
