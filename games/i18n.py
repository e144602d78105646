"""Messages translated at run time whose source does not mark them for makemessages.

`games.views.message()` translates a refusal by looking its English template up
in the catalogue, and the home and finished lists translate a session's game name
(`Game.get_kind_display`). A few of those strings are written without a
translation marker, so makemessages would not put them in the catalogue and they
would stay English. They are marked here, once, until their own modules mark them
(docs/languages.md); tests/games/test_languages.py fails when one is missing.
"""

from django.utils.translation import gettext_noop

#: Refusals raised with a plain string in games/views.py (new_session and correct).
VIEW_REFUSALS = (
    gettext_noop("%(name)s already has a seat."),
    gettext_noop("The table is full."),
    gettext_noop("Pick the adjustment to remove."),
    gettext_noop("Every player needs a bid."),
)

#: games/models.py's Game.Kind labels, shown through get_kind_display.
GAME_NAMES = (
    gettext_noop("Oh Hell"),
    gettext_noop("Kozel"),
)
