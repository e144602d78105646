"""Share links: view only, or co-scorekeeper (enter and correct)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.models import Game, ShareLink
from games.rules import RuleError, gettext_noop
from games.services.notebook import claim_form_key


def check_role(role: str) -> None:
    if role not in ShareLink.Role.values:
        raise RuleError(gettext_noop("A link is view only or co-scorekeeper."))


def new_share_link(*, game: Game, role: str, form_key: str | None = None) -> ShareLink:
    """The previous link of that role is revoked. Once per form: a retry gets the same link."""
    check_role(role)
    with transaction.atomic():
        Game.objects.select_for_update().get(pk=game.pk)
        _claim, first = claim_form_key(game.notebook, form_key)
        live = ShareLink.objects.filter(game=game, role=role, revoked_at__isnull=True)
        if not first and (link := live.first()) is not None:
            return link
        live.update(revoked_at=timezone.now())
        return ShareLink.objects.create(game=game, role=role)


def revoke_share_link(*, game: Game, role: str) -> None:
    check_role(role)
    with transaction.atomic():
        # A write through the link that holds the session's lock finishes first; any after
        # it sees the link stopped (services.sessions.lock): none is made after this answer.
        Game.objects.select_for_update().filter(pk=game.pk).first()
        ShareLink.objects.filter(game=game, role=role, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
