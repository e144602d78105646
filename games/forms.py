"""Parse what a form sent; the rules and services decide whether it is allowed."""

from __future__ import annotations

from dataclasses import dataclass, field

from django import forms
from django.utils.translation import gettext_lazy as _

from games import inputs, limits
from games.kinds import KINDS, kind_of
from games.rules import RuleError, gettext_noop

SUITS = [("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣")]


class DealForm(forms.Form):
    """Every action on the current deal names the deal it was shown for; a session holds
    at most limits.MOST_DEALS, said as the services say it."""

    deal = inputs.WholeNumberField(min_value=1)

    def clean_deal(self) -> int:
        number = self.cleaned_data["deal"]
        if number > limits.MOST_DEALS:
            raise forms.ValidationError(
                _("A session can have at most %(most)s deals.") % {"most": limits.MOST_DEALS}
            )
        return number


class EndForm(forms.Form):
    """ "End the game": nothing to say but the form's key."""


class BidForm(DealForm):
    seat = inputs.WholeNumberField(min_value=0, max_value=6)
    #: The bid the page showed ("" for none): another phone may have entered one since.
    was = inputs.WholeNumberField(min_value=0, max_value=60, required=False)
    bid = inputs.WholeNumberField(
        min_value=0, max_value=60, error_messages={"required": _("Pick a bid.")}
    )


class SeatBidForm(DealForm):
    """A seat's bid from a player's own phone, or the scorekeeper's for a seat, before every
    seat's is in (Kind.sealed_bids, Kind.bids_in_turn). ``bid``: the number, then any marks
    the game's bids phase enters beside it, each its field's name ("0+blind": a blind nil);
    cleaned to (number, {mark: True})."""

    seat = inputs.WholeNumberField(min_value=0, max_value=9)
    bid = forms.RegexField(
        regex=r"\A[0-9]{1,2}(\+[a-z_]{1,20}){0,3}\Z",
        error_messages={"required": _("Pick a bid."), "invalid": _("Pick a bid.")},
    )

    def clean_bid(self) -> tuple[int, dict]:
        number, *marks = self.cleaned_data["bid"].split("+")
        return int(number), dict.fromkeys(marks, True)


class TrumpForm(DealForm):
    trump = forms.ChoiceField(choices=[*SUITS, ("NT", "NT")])


class TrickForm(DealForm):
    trick = inputs.WholeNumberField(min_value=1, max_value=60)
    seat = inputs.WholeNumberField(min_value=0, max_value=6)


class UndoTrickForm(DealForm):
    trick = inputs.WholeNumberField(min_value=1, max_value=60)


class RevokeForm(DealForm):
    seat = inputs.WholeNumberField(
        min_value=0, max_value=6, error_messages={"required": _("Pick the player who revoked.")}
    )


class AdjustmentForm(DealForm):
    seat = inputs.WholeNumberField(
        min_value=0, max_value=6, error_messages={"required": _("Pick a player.")}
    )
    points = inputs.WholeNumberField(
        min_value=-limits.ADJUSTMENT_POINTS,
        max_value=limits.ADJUSTMENT_POINTS,
        error_messages={"required": _("Enter the points to add or take away.")},
    )
    note = forms.CharField(max_length=limits.NOTE_LENGTH, required=False)


class UndoForm(forms.Form):
    version = inputs.WholeNumberField(min_value=0)


def seat_values(data, prefix: str, players: int) -> list[int | None]:
    """Per-seat whole numbers from ``prefix-0``, ``prefix-1`` ... (blank -> None)."""
    values: list[int | None] = []
    for seat in range(players):
        try:
            values.append(inputs.whole_or_none(data.get(f"{prefix}-{seat}"), low=-999, high=999))
        except RuleError:
            raise RuleError(gettext_noop("Enter whole numbers only.")) from None
    return values


FIRST_GAME = next(iter(KINDS))


@dataclass
class NewSession:
    """The new session form's state, sent back and forth until Start."""

    kind: str = field(default_factory=lambda: FIRST_GAME)
    preset: str = field(default_factory=lambda: next(iter(KINDS[FIRST_GAME].presets)))
    options: dict = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    first_dealer: str = "random"
    new_name: str = ""
    action: str = ""


def parse_new_session(data) -> NewSession:
    """Read the form; never raises (bad values fall back to the preset's)."""
    kind = data.get("kind") if data.get("kind") in KINDS else FIRST_GAME
    game = kind_of(kind)
    same_kind = data.get("previous_kind", kind) == kind
    preset = data.get("preset", "")
    if preset not in game.presets or not same_kind:
        preset = next(iter(game.presets))
    chosen = game.preset_options(preset)
    if same_kind and data.get("previous_preset") == preset:
        chosen = game.read_form(data, chosen)
    return NewSession(
        kind=kind,
        preset=preset,
        options=chosen,
        names=[" ".join(n.split()) for n in data.getlist("seat") if n.strip()][:8],
        first_dealer=data.get("first_dealer", "random") or "random",
        # Room for a pasted list of names, each checked as added.
        new_name=" ".join((data.get("new_name") or "").split())[:400],
        action=(data.get("action") or "").strip(),
    )


SUIT_NAMES = {
    "S": gettext_noop("spades"),
    "H": gettext_noop("hearts"),
    "D": gettext_noop("diamonds"),
    "C": gettext_noop("clubs"),
}
