"""Kozel's options (games.rules.kozel)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.options import Option
from games.rules import kozel

OPTIONS = (
    Option(
        "match_limit",
        _("The match ends at (defeat points)"),
        choices=tuple((n, str(n)) for n in kozel.MATCH_LIMITS),
        said=_("to %(value)s"),
        always=True,
    ),
    Option(
        "two_point_from",
        _("A loser with this many card points or more takes only 2"),
        choices=tuple((n, str(n)) for n in kozel.TWO_POINT_FROM_CHOICES),
        said=_("2 defeat points from %(value)s"),
    ),
    Option(
        "six_points",
        _("6 defeat points for a loser with"),
        choices=(
            ("no_tricks", _("no trick at all")),
            ("no_card_points", _("no card points")),
        ),
        said=_("6 defeat points: %(value)s"),
    ),
    Option(
        "eggs",
        _("Eggs (60–60)"),
        choices=(
            ("nothing", _("nothing happens")),
            ("double_next", _("next deal's defeat points doubled")),
            ("plus_two_next", _("+2 to the next deal's loser")),
        ),
        said=_("eggs: %(value)s"),
    ),
)
