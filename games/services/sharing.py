"""Share links: view only, co-scorekeeper (enter and correct), or a player's own phone (a
seat: its own bids, in turn)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.models import Game, ShareLink
from games.rules import RuleError, gettext_noop
from games.services.notebook import claim_form_key

#: A player's own phone entering another seat's bid (in turn, or sealed).
NOT_YOUR_SEAT = gettext_noop("This phone's seat is %(player)s: it enters only that seat's bid.")
#: A player's own phone bidding out of turn, where the bids are made in turn.
NOT_YOUR_TURN = gettext_noop("It is not this seat's turn to bid.")
#: A bid kept on a player's phone (offline) that finds its seat's bid entered meanwhile.
BID_STANDS = gettext_noop(
    "This seat's bid was entered meanwhile: %(bid)s stands. Only the scorekeeper can change it."
)


def check_role(role: str) -> None:
    if role not in ShareLink.Role.values:
        raise RuleError(gettext_noop("A link is view only or co-scorekeeper."))


def check_seat(game: Game, role: str, seat: int | None) -> int | None:
    """A seat's link names a seat of the session; the other links none."""
    if role != ShareLink.Role.SEAT:
        return None
    if seat is None or not game.seats.filter(position=seat).exists():
        raise RuleError(gettext_noop("There is no such seat at this table."))
    return seat


def new_share_link(
    *, game: Game, role: str, form_key: str | None = None, seat: int | None = None
) -> ShareLink:
    """The previous link of that role (and seat) is revoked. Once per form: a retry gets
    the same link."""
    check_role(role)
    with transaction.atomic():
        Game.objects.select_for_update().get(pk=game.pk)
        seat = check_seat(game, role, seat)
        _claim, first = claim_form_key(game.notebook, form_key)
        live = ShareLink.objects.filter(game=game, role=role, seat=seat, revoked_at__isnull=True)
        if not first and (link := live.first()) is not None:
            return link
        live.update(revoked_at=timezone.now())
        return ShareLink.objects.create(game=game, role=role, seat=seat)


def revoke_share_link(*, game: Game, role: str, seat: int | None = None) -> None:
    check_role(role)
    with transaction.atomic():
        # A write through the link that holds the session's lock finishes first; any after
        # it sees the link stopped (services.sessions.lock): none is made after this answer.
        Game.objects.select_for_update().filter(pk=game.pk).first()
        seat = check_seat(game, role, seat)
        ShareLink.objects.filter(game=game, role=role, seat=seat, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
