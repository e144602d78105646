"""Tysiąc's options (games.rules.tysiac)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.options import FLAG, Option
from games.rules import tysiac

#: Tysiąc / Тысяча (games.rules.tysiac): the house rules every family argues about.
OPTIONS = (
    Option(
        "steps",
        _("Contracts go up in steps of"),
        choices=((10, "10"), (5, "5")),
        said=_("steps of %(value)s"),
    ),
    Option(
        "rounding",
        _("Defenders' points are rounded"),
        choices=(
            (tysiac.Rounding.NONE.value, _("not at all")),
            (tysiac.Rounding.FIVE.value, _("to 5: 17 → 15, 18 → 20")),
            (tysiac.Rounding.TEN.value, _("to 10: 64 → 60, 65 → 70")),
        ),
        said=_("rounded %(value)s"),
    ),
    Option(
        "endgame",
        _("Near 1000"),
        choices=(
            (tysiac.Endgame.NONE.value, _("nothing special")),
            (tysiac.Endgame.BARREL.value, _("the barrel at 880")),
            (tysiac.Endgame.OVER_800.value, _("over 800, only contracts count")),
        ),
        said=_("%(value)s"),
    ),
    Option("bolts", _("Bolts: a third deal scoring nothing costs 120"), FLAG, said=_("bolts")),
    Option(
        "five_five_five",
        _("Exactly 555 or −555"),
        choices=(
            (tysiac.FiveFiveFive.OFF.value, _("nothing happens")),
            (tysiac.FiveFiveFive.ZERO.value, _("back to 0")),
        ),
        said=_("555: %(value)s"),
    ),
    Option(
        "given_up",
        _("A deal given up before play"),
        choices=(
            (tysiac.GivenUp.OFF.value, _("is not allowed")),
            (tysiac.GivenUp.SIXTY.value, _("gives each opponent 60")),
            (tysiac.GivenUp.HALF.value, _("gives each opponent half the contract")),
            (tysiac.GivenUp.GREATER.value, _("gives each opponent 60 or half, the greater")),
        ),
        said=_("given up: %(value)s"),
    ),
    Option(
        "sitting_out",
        _("With four players, sits out"),
        choices=(
            (tysiac.SittingOut.DEALER.value, _("the dealer")),
            (tysiac.SittingOut.RIGHT_OF_DEALER.value, _("the player right of the dealer")),
        ),
        said=_("sits out: %(value)s"),
    ),
    Option(
        "talon",
        _("The player sitting out scores the talon's aces (50) and marriage"),
        FLAG,
        said=_("the talon for the one sitting out"),
    ),
)
