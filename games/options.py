"""Each game's options (docs/rules.md): the new-session form brings a value out of bounds
within them, an import refuses it; `games.rules` checks them together."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games import inputs
from games.rules import RuleError, gettext_noop, kozel, skull_king, spades, tysiac
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


OH_HELL = (
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

KOZEL = (
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
    Options an earlier version wrote are read as today's first (the rules' ``from_earlier``:
    Skull King's ``advanced_cards``, Tysiąc's 555 ``minus``; docs/export-format.md)."""
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


#: A score sheet for any game (games.rules.sheet): the end, the winner, who goes out.
SHEET = (
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


#: Skull King (games.rules.skull_king): the 2021 rulebook and its alternative scoring.
SKULL_KING = (
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


#: Tysiąc / Тысяча (games.rules.tysiac): the house rules every family argues about.
TYSIAC = (
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


#: Spades (games.rules.spades; docs/rules-spades.md: each option's source).
SPADES = (
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
