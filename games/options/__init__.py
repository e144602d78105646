"""Options (docs/rules.md): each game's own table of them is its module here
(games/options/<game>.py, ``OPTIONS``), named by its Kind; this module reads them. The
new-session form brings a value out of bounds within them, an import refuses it;
`games.rules` checks them together."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games import inputs
from games.rules import RuleError, gettext_noop
from games.rules.errors import is_whole

CHOICE, FLAG, NUMBER, CARDS = "choice", "flag", "number", "cards"
T = TypeVar("T")


@dataclass(frozen=True)
class Option:
    name: str
    label: Promise
    type: str = CHOICE  # CHOICE, FLAG, NUMBER, or CARDS (a list of cards per deal)
    choices: tuple[tuple[Any, Promise | str], ...] = ()
    low: int = 0
    high: int = 0
    #: A NUMBER that may be left empty (None): "no cap".
    blank: bool = False
    #: Shown on the new-session form (else only a preset sets it).
    on_form: bool = True
    #: The summary's words ("made bid: %(value)s"): said off the rules' default, or ``always``.
    said: Promise | None = None
    always: bool = False

    def values(self) -> list:
        return [value for value, _label in self.choices]

    def allows(self, number: object) -> bool:
        """A whole number (not a bool) within the bounds."""
        return is_whole(number) and self.low <= number <= self.high


def summary(table: Sequence[Option], defaults: Mapping[str, Any], chosen: Mapping) -> list[str]:
    """Each option's ``said`` ("hook on"), when not at the rules' default or ``always``."""
    said = []
    for option in table:
        value = chosen.get(option.name)
        if option.said is None or not (option.always or value != defaults.get(option.name)):
            continue
        if option.type == FLAG and not value:
            continue
        if option.type == CHOICE:
            value = dict(option.choices).get(value, value)
        elif option.type == CARDS:
            value = " ".join(str(n) for n in value or [])
        said.append(str(option.said) % {"value": value})
    return said


def rules_of(table: Sequence[Option], rules: Callable[..., T], chosen: Mapping[str, Any]) -> T:
    """The rules from stored or checked options; an unknown option is refused."""
    known = {option.name for option in table}
    unknown = sorted(set(chosen) - known)
    if unknown:
        shown = unknown[0] if len(unknown[0]) <= 40 else unknown[0][:40] + "…"
        raise RuleError(gettext_noop("Unknown option %(option)s."), option=shown)
    return rules(**chosen)


def as_options(rules: object) -> dict:
    """Every option of ``rules`` as a session stores it: enums as values, lists as lists."""
    stored = {}
    for field in fields(rules):
        value = getattr(rules, field.name)
        value = list(value) if isinstance(value, tuple) else getattr(value, "value", value)
        stored[field.name] = value
    return stored


def read_form(table: Sequence[Option], data: Mapping[str, Any], defaults: dict) -> dict:
    """A new-session form's options over ``defaults``, kept for a bad value; unticked: off."""
    read = dict(defaults)
    for option in table:
        if not option.on_form:
            continue
        raw = data.get(option.name)
        if option.type == FLAG:
            read[option.name] = raw == "on"
        elif option.type == CHOICE:
            allowed = {str(value): value for value in option.values()}
            if raw in allowed:
                read[option.name] = allowed[raw]
        elif option.type == NUMBER and option.name in data:
            if option.blank and not (raw or "").strip():
                read[option.name] = None
                continue
            number = inputs.choice_of(raw, low=-(10**9), high=10**9)
            if number is not None:
                read[option.name] = min(max(number, option.low), option.high)
        elif option.type == CARDS and option.name in data:
            parts = (raw or "").replace(",", " ").split()
            cards = [inputs.choice_of(part, low=option.low, high=option.high) for part in parts]
            read[option.name] = [n for n in cards if n is not None][:60]
    return read


def read_file(table: Sequence[Option], rules: Callable[..., object], raw: object) -> dict:
    """An import's options, checked by bounds then rules, as stored; RuleError names it.
    Options an earlier version wrote are read as today's first (a game's rules'
    ``from_earlier``, where it has one; docs/export-format.md lists them)."""
    if not isinstance(raw, dict):
        raise RuleError(gettext_noop("“options” must be a JSON object."))
    earlier = getattr(rules, "from_earlier", None)  # an earlier version's names and values
    if earlier is not None:
        raw = earlier(raw)
    by_name = {option.name: option for option in table}
    for name, value in raw.items():
        option = by_name.get(name)
        if option is None:
            break  # rules_of refuses it, by name
        if option.type == FLAG and not isinstance(value, bool):
            raise RuleError(gettext_noop("“%(field)s” must be true or false."), field=name)
        if option.type == CHOICE and (  # a bool or a float is no choice, even if equal
            not (is_whole(value) or isinstance(value, str)) or value not in option.values()
        ):
            raise RuleError(gettext_noop("Unknown value for the option %(option)s."), option=name)
        blank = option.blank and value is None
        if option.type == NUMBER and not (blank or option.allows(value)):
            raise RuleError(
                gettext_noop("The option %(option)s must be from %(low)s to %(high)s."),
                option=name,
                low=option.low,
                high=option.high,
            )
        if option.type == CARDS and (
            not isinstance(value, list) or len(value) > 200 or not all(map(option.allows, value))
        ):
            raise RuleError(
                gettext_noop("“%(option)s” must list whole numbers from %(low)s to %(high)s."),
                option=name,
                low=option.low,
                high=option.high,
            )
    return as_options(rules_of(table, rules, raw))
