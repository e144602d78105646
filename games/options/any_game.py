"""The score sheet's options (games.rules.sheet)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.options import FLAG, NUMBER, Option

#: A score sheet for any game (games.rules.sheet): the end, the winner, who goes out.
OPTIONS = (
    Option("lowest_wins", _("The lowest total wins"), FLAG, said=_("lowest wins")),
    Option(
        "target",
        _("The game ends when someone reaches (empty: no target)"),
        NUMBER,
        low=1,
        high=100000,
        blank=True,
        said=_("to %(value)s"),
    ),
    Option(
        "rounds",
        _("The game ends after this many rounds (empty: no limit)"),
        NUMBER,
        low=1,
        high=200,
        blank=True,
        said=_("%(value)s rounds"),
    ),
    Option(
        "out_at",
        _("A player who reaches this total is out (empty: nobody goes out)"),
        NUMBER,
        low=1,
        high=100000,
        blank=True,
        said=_("out at %(value)s"),
    ),
    Option("dealer", _("A dealer who moves on each round"), FLAG, said=_("the deal moves on")),
    Option(
        "teams",
        _("Two teams of two: seats 1 and 3 against 2 and 4"),
        FLAG,
        said=_("two teams"),
    ),
)
