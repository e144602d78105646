"""Spades' options (games.rules.spades)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.options import FLAG, NUMBER, Option
from games.rules import spades

#: Spades (games.rules.spades; docs/rules-spades.md: each option's source).
OPTIONS = (
    Option(
        "target",
        _("The game is won at"),
        choices=tuple((n, str(n)) for n in spades.TARGETS),
        said=_("to %(value)s"),
        always=True,
    ),
    Option(
        "failed_nil",
        _("A failed nil's tricks"),
        choices=(
            (spades.FailedNil.BAGS.value, _("are bags, not the partner's contract")),
            (spades.FailedNil.COUNT.value, _("count toward the partner's contract")),
        ),
        said=_("a failed nil's tricks %(value)s"),
    ),
    Option(
        "blind_nil",
        _("Blind nil (±200, bid before looking at the cards)"),
        choices=(
            (spades.BlindNil.OFF.value, _("not played")),
            (spades.BlindNil.ON.value, _("for anyone")),
            (spades.BlindNil.BEHIND.value, _("only for a team 100 or more behind")),
        ),
        said=_("blind nil: %(value)s"),
    ),
    Option("bags", _("Bags: overtricks counted, and a penalty for them"), FLAG, said=_("bags")),
    Option(
        "bag_limit",
        _("The bag penalty every"),
        choices=tuple((n, str(n)) for n in spades.BAG_LIMITS),
        said=_("a penalty every %(value)s bags"),
    ),
    Option(
        "bag_penalty",
        _("The bag penalty"),
        choices=tuple((n, str(n)) for n in spades.BAG_PENALTIES),
        said=_("bag penalty %(value)s"),
    ),
    Option(
        "mercy",
        _("A team loses at or below"),
        choices=((0, _("never (no mercy rule)")), (-200, "−200"), (-500, "−500")),
        said=_("loses at %(value)s"),
    ),
    Option(
        "min_team_bid",
        _("The least team contract"),
        choices=((0, _("none")), (4, _("4 (a nil's partner bids 4 or more)"))),
        said=_("least team contract %(value)s"),
    ),
    Option(
        "ten_for_200",
        _("10 for 200: a made contract of 10 or more scores 200 plus bags"),
        FLAG,
        said=_("10 for 200"),
    ),
    Option(
        "moon",
        _("The moon (a team bids 13 and takes 13)"),
        choices=(
            (spades.Moon.OFF.value, _("130, as any contract")),
            (spades.Moon.WINS.value, _("wins the game")),
            (spades.Moon.POINTS.value, _("scores the points below in place of 130")),
        ),
        said=_("the moon: %(value)s"),
    ),
    Option(
        "moon_points",
        _("The moon's points"),
        NUMBER,
        low=spades.MOON_POINTS[0],
        high=spades.MOON_POINTS[1],
        said=_("the moon's points %(value)s"),
    ),
)
