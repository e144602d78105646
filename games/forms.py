"""Parse what a form sent; the rules and services decide whether it is allowed."""

from __future__ import annotations

from dataclasses import dataclass, field

from django import forms
from django.utils.translation import gettext_lazy as _

from games import inputs
from games.rules import RuleError, gettext_noop, kozel, oh_hell

SUITS = [("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣")]


class DealForm(forms.Form):
    """Every action on the current deal names the deal it was shown for."""

    deal = inputs.WholeNumberField(min_value=1, max_value=1000)


class BidForm(DealForm):
    seat = inputs.WholeNumberField(min_value=0, max_value=6)
    #: The bid this page showed for the seat ("" for none): another phone may have
    #: entered one since.
    was = inputs.WholeNumberField(min_value=0, max_value=60, required=False)
    bid = inputs.WholeNumberField(
        min_value=0, max_value=60, error_messages={"required": _("Pick a bid.")}
    )


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
        min_value=-1000,
        max_value=1000,
        error_messages={"required": _("Enter the points to add or take away.")},
    )
    note = forms.CharField(max_length=120, required=False)


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


class KozelDealForm(DealForm):
    team = forms.TypedChoiceField(
        choices=[(0, "0"), (1, "1")],
        coerce=int,
        error_messages={"required": _("Pick the team whose points you count.")},
    )
    points = inputs.WholeNumberField(
        min_value=0,
        max_value=120,
        error_messages={
            "required": _("Enter the card points."),
            "min_value": _("Card points must be between 0 and 120."),
            "max_value": _("Card points must be between 0 and 120."),
        },
    )
    took_trick = forms.TypedChoiceField(
        choices=[("", ""), ("yes", "yes"), ("no", "no")],
        coerce=lambda v: {"yes": True, "no": False}.get(v),
        empty_value=None,
        required=False,
    )
    last_trick_seat = forms.TypedChoiceField(
        choices=[("", "")] + [(i, str(i)) for i in range(4)],
        coerce=int,
        empty_value=None,
        required=False,
    )


# -- the new session form ------------------------------------------------------------


OH_HELL_CHOICES = {
    "schedule": [
        ("up", _("Up: 1, 2, 3 … the most cards")),
        ("down", _("Down: the most cards … 1")),
        ("down_and_up", _("Down and up: 10 … 1 … 10")),
        ("up_and_down", _("Up and down: 1 … the most … 1")),
        ("oh_well", _("Oh Well: the most cards every deal")),
        ("custom", _("Custom list")),
    ],
    "trump": [
        ("turn_up", _("Turned up; none left: no trump")),
        ("last_deal_no_trump", _("Turned up; last deal no trump")),
        ("drawn_before_deal", _("Drawn first: always a trump")),
        ("rotation", _("Rotation ♠ ♥ ♣ ♦ no trump")),
    ],
    "made": [
        ("ten_plus_bid", _("10 + bid")),
        ("ten_times_bid", _("10 × bid")),
        ("ten_plus_bid_squared", _("10 + bid²")),
        ("tricks_plus_five", _("tricks + 5")),
        ("oh_well", _("always 10 (a zero 12)")),
        ("wizard", _("20 + 10 per trick")),
    ],
    "zero": [
        ("formula", _("as any made bid")),
        ("ten", _("10")),
        ("five", _("5")),
        ("five_plus_cards", _("5 + cards in the deal")),
    ],
    "missed": [
        ("nothing", _("nothing")),
        ("tricks", _("1 per trick taken")),
        ("minus_bid", _("minus the bid")),
        ("minus_difference", _("minus the difference")),
        ("minus_ten_per_trick_off", _("minus 10 per trick off")),
        ("minus_difference_squared", _("minus the difference squared")),
    ],
    "tie_break": [
        ("shared", _("ties share the win")),
        ("most_made_bids", _("most bids made breaks a tie")),
    ],
}

KOZEL_CHOICES = {
    "match_limit": [(n, str(n)) for n in kozel.MATCH_LIMITS],
    "two_point_from": [(31, "31"), (30, "30"), (21, "21")],
    "six_points": [
        ("no_tricks", _("no trick at all")),
        ("no_card_points", _("no card points")),
    ],
    "eggs": [
        ("nothing", _("nothing happens")),
        ("double_next", _("next deal's defeat points doubled")),
        ("plus_two_next", _("+2 to the next deal's loser")),
    ],
}

PRESET_NAMES = {
    "oh_hell": [
        ("classic", _("Classic (Hoyle)")),
        ("italian", _("Italian table")),
        ("oh_well", _("Oh Well")),
        ("down_and_up_hook", _("Down and up with the hook")),
        ("nomination_whist", _("Nomination Whist")),
        ("wizard_style", _("Wizard-style")),
    ],
    "kozel": [
        ("classic", _("Classic: to 12")),
        ("short", _("Short match: to 6")),
        ("long", _("Long match: to 16")),
        ("doubled_eggs", _("Eggs double the next deal")),
        ("eggs_plus_two", _("Eggs: +2 to the next loser")),
    ],
}

OH_HELL_BOOLS = ("keep_card_to_turn", "double_turn", "hook", "hook_lifted_last_deal", "slams")
OH_HELL_INTS = {"cap": (1, 30), "hook_min_cards": (1, 30), "revoke_penalty": (0, 100)}


@dataclass
class NewSession:
    """The new session form's state, sent back and forth until Start."""

    kind: str = "oh_hell"
    preset: str = "classic"
    options: dict = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    first_dealer: str = "random"
    new_name: str = ""
    action: str = ""


def preset_options(kind: str, preset: str) -> dict:
    from games.services import rules_as_options

    presets = kozel.PRESETS if kind == "kozel" else oh_hell.PRESETS
    return rules_as_options(presets.get(preset) or next(iter(presets.values())))


def parse_new_session(data) -> NewSession:
    """Read the form; never raises (bad values fall back to the preset's)."""
    state = NewSession()
    state.kind = "kozel" if data.get("kind") == "kozel" else "oh_hell"
    presets = kozel.PRESETS if state.kind == "kozel" else oh_hell.PRESETS
    preset = data.get("preset", "")
    previous_kind = data.get("previous_kind", state.kind)
    state.preset = (
        preset if preset in presets and previous_kind == state.kind else next(iter(presets))
    )
    state.action = (data.get("action") or "").strip()
    options = preset_options(state.kind, state.preset)
    keep_options = data.get("previous_preset") == state.preset and previous_kind == state.kind
    if keep_options:
        options.update(_read_options(state.kind, data, options))
    state.options = options
    state.names = [" ".join(n.split()) for n in data.getlist("seat") if n.strip()][:8]
    state.first_dealer = data.get("first_dealer", "random") or "random"
    state.new_name = " ".join((data.get("new_name") or "").split())[:40]
    return state


def _read_options(kind: str, data, defaults: dict) -> dict:
    read: dict = {}
    if kind == "kozel":
        for name, choices in KOZEL_CHOICES.items():
            value = data.get(name)
            allowed = {str(v): v for v, _label in choices}
            if value in allowed:
                read[name] = allowed[value]
        return read
    for name, choices in OH_HELL_CHOICES.items():
        value = data.get(name)
        if value in {v for v, _label in choices}:
            read[name] = value
    for name in OH_HELL_BOOLS:
        read[name] = data.get(name) == "on"
    for name, (low, high) in OH_HELL_INTS.items():
        raw = (data.get(name) or "").strip()
        if raw == "" and name == "cap":
            read[name] = None
            continue
        number = inputs.choice_of(raw, low=-(10**9), high=10**9)
        if number is not None:
            read[name] = min(max(number, low), high)
    raw_custom = data.get("custom_schedule", "")
    numbers = []
    for part in raw_custom.replace(",", " ").split():
        number = inputs.choice_of(part, low=1, high=999)
        if number is not None:
            numbers.append(number)
    read["custom_schedule"] = numbers[:60]
    return read
