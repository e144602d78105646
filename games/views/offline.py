"""The pages a phone keeps for offline, and what it fetches ahead to keep the table going
without a connection (docs/phone.md, "Offline"): the lookups and words each game's screens
give (games.screens: ``ahead``; the session's state goes into the table itself)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, JsonResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from games import services
from games.access import get_game


@require_safe
def ahead(request: HttpRequest, public_id: str) -> JsonResponse:
    """The session's lookups and the words of the offline table, in the page's language:
    fetched once by the scorekeeper's phone (static/js/offline.js) and kept there."""
    game = get_game(request, public_id)
    if not game.can_edit:
        raise PermissionDenied
    table = services.load(game)
    screens = table.screens()
    data = screens.ahead(request, table)
    response = JsonResponse({**data, "language": get_language()})
    if getattr(screens, "AHEAD_FOLLOWS_GAME", False):
        # The forms drawn ahead follow the game: asked for again as the rounds go by.
        patch_cache_control(response, private=True, no_cache=True)
    else:
        # The plans of a session never change; the words follow the language (in the URL).
        patch_cache_control(response, private=True, max_age=24 * 3600)
    return response
