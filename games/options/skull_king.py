"""Skull King's options (games.rules.skull_king)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.options import CARDS, FLAG, Option
from games.rules import skull_king

#: Skull King (games.rules.skull_king): the 2021 rulebook and its alternative scoring.
OPTIONS = (
    Option(
        "scoring",
        _("Scoring"),
        choices=(
            (skull_king.Scoring.STANDARD.value, _("The rulebook's")),
            (skull_king.Scoring.RASCAL.value, _("Rascal: 10 a card, half when off by one")),
        ),
        said=_("%(value)s"),
    ),
    # The rulebook's advanced cards, each on its own: the deck and the largest deal follow.
    Option(
        "kraken",
        _("The Kraken (+1 card): the trick it is played to is won by nobody"),
        FLAG,
        said=_("the Kraken"),
    ),
    Option(
        "white_whale",
        _("The White Whale (+1 card): a trick of special cards only is won by nobody"),
        FLAG,
        said=_("the White Whale"),
    ),
    Option(
        "loot",
        _("Loot (+2 cards): alliances worth 20 to each ally"),
        FLAG,
        said=_("Loot"),
    ),
    Option(
        "rounds",
        _("Cards in each round (empty: 1 to 10, as the deck allows)"),
        CARDS,
        low=1,
        # Kept up to a whole deck, so that the rules say why the deck cannot deal more.
        high=skull_king.ADVANCED_DECK,
        said=_("cards %(value)s"),
    ),
)
