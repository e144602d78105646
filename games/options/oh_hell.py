"""Oh Hell's options (games.rules.oh_hell)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.options import CARDS, FLAG, NUMBER, Option

OPTIONS = (
    Option(
        "schedule",
        _("Cards per deal"),
        choices=(
            ("up", _("Up: 1, 2, 3 … the most cards")),
            ("down", _("Down: the most cards … 1")),
            ("down_and_up", _("Down and up: 10 … 1 … 10")),
            ("up_and_down", _("Up and down: 1 … the most … 1")),
            ("oh_well", _("Oh Well: the most cards every deal")),
            ("custom", _("Custom list")),
        ),
        said=_("%(value)s"),
        always=True,
    ),
    Option(
        "custom_schedule",
        _("Custom list of cards per deal (for a custom schedule)"),
        CARDS,
        low=1,
        high=60,
        said=_("cards %(value)s"),
    ),
    Option(
        "cap",
        _("Never more than this many cards (empty: no cap)"),
        NUMBER,
        low=1,
        high=30,
        blank=True,
        said=_("at most %(value)s cards"),
    ),
    Option(
        "keep_card_to_turn",
        _("Always leave a card to turn up"),
        FLAG,
        said=_("a card left to turn up"),
    ),
    Option("double_turn", _("Play the turning hand twice"), FLAG, said=_("the turning hand twice")),
    # Set by a preset (Wizard-style's 60 cards), not on the form.
    Option("deck_size", _("Cards in the deck"), choices=((52, "52"), (60, "60")), on_form=False),
    Option(
        "trump",
        _("Trump"),
        choices=(
            ("turn_up", _("Turned up; none left: no trump")),
            ("last_deal_no_trump", _("Turned up; last deal no trump")),
            ("drawn_before_deal", _("Drawn first: always a trump")),
            ("rotation", _("Rotation ♠ ♥ ♣ ♦ no trump")),
        ),
        said=_("%(value)s"),
        always=True,
    ),
    Option(
        "hook",
        _("The hook: the dealer may not make the bids add up to the tricks"),
        FLAG,
        said=_("hook on"),
    ),
    Option(
        "hook_min_cards",
        _("The hook applies from this many cards"),
        NUMBER,
        low=1,
        high=30,
        said=_("the hook from %(value)s cards"),
    ),
    Option(
        "hook_lifted_last_deal",
        _("No hook in the last deal"),
        FLAG,
        said=_("no hook in the last deal"),
    ),
    Option(
        "made",
        _("A made bid scores"),
        choices=(
            ("ten_plus_bid", _("10 + bid")),
            ("ten_times_bid", _("10 × bid")),
            ("ten_plus_bid_squared", _("10 + bid²")),
            ("tricks_plus_five", _("tricks + 5")),
            ("oh_well", _("always 10 (a zero 12)")),
            ("wizard", _("20 + 10 per trick")),
        ),
        said=_("made bid: %(value)s"),
    ),
    Option(
        "zero",
        _("A made zero scores"),
        choices=(
            ("formula", _("as any made bid")),
            ("ten", _("10")),
            ("five", _("5")),
            ("five_plus_cards", _("5 + cards in the deal")),
        ),
        said=_("made zero: %(value)s"),
    ),
    Option(
        "missed",
        _("A missed bid scores"),
        choices=(
            ("nothing", _("nothing")),
            ("tricks", _("1 per trick taken")),
            ("minus_bid", _("minus the bid")),
            ("minus_difference", _("minus the difference")),
            ("minus_ten_per_trick_off", _("minus 10 per trick off")),
            ("minus_difference_squared", _("minus the difference squared")),
        ),
        said=_("missed bid: %(value)s"),
    ),
    Option(
        "slams",
        _("Slams: all tricks 50 + tricks, all but one 25 + tricks (5 cards or more)"),
        FLAG,
        said=_("slams"),
    ),
    Option(
        "revoke_penalty",
        _("Revoke penalty (points)"),
        NUMBER,
        low=0,
        high=100,
        said=_("revoke −%(value)s"),
    ),
    Option(
        "tie_break",
        _("Ties"),
        choices=(
            ("shared", _("ties share the win")),
            ("most_made_bids", _("most bids made breaks a tie")),
        ),
        said=_("%(value)s"),
    ),
)
