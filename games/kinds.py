"""A Kind is what the app knows of a game without asking which. A game scored round by round
(games.rules.rounds) is its rules module, its templates (``games/<name>.html`` with the
partials ``table`` and ``entry``), its options (games/options/<name>.py) and one Kind here: the
rounds' storage, screens, exports, statistics and offline entry are the same for all."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from django.utils.functional import Promise
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy as _

from games import options, units
from games.options import any_game as sheet_options
from games.options import kozel as kozel_options
from games.options import oh_hell as oh_hell_options
from games.options import skull_king as skull_king_options
from games.options import spades as spades_options
from games.options import tysiac as tysiac_options
from games.rules import (
    RuleError,
    gettext_noop,
    kozel,
    oh_hell,
    sheet,
    skull_king,
    spades,
    tysiac,
)


@dataclass(frozen=True)
class Kind:
    name: str
    label: Promise
    rules: type
    options: tuple[options.Option, ...]
    presets: dict
    #: The new-session form's preset names, in the order offered.
    preset_labels: tuple[tuple[str, Promise], ...]
    players: tuple[int, int]  # the fewest and the most at the table
    #: The refusal of a table of another size (translated when shown).
    wrong_table: RuleError
    #: Two teams, seats 0 and 2 against 1 and 3.
    teams: bool = False
    #: Settling up in money after the game (seed 000): its table's ``settle(stake)``.
    settles: bool = False
    #: The phone may say the call aloud after the bids (its settings offer the switch).
    call_aloud: bool = False
    #: Its own storage (a games.tables.Table's path), if it is not scored round by round.
    storage: str | None = None
    #: A game scored round by round: its rules module (games.rules.rounds), else None.
    rounds: ModuleType | None = None
    #: The table may end the game when it likes ("End the game").
    ends_by_table: bool = False
    #: The bids are entered first and the call shown before the round is played: the
    #: rules module has ``check_bids(rules, players, plan, bids, **others)`` and ``call(plan,
    #: bids)``; ``others``: what its ``BID_FIELDS`` name beside the bids (games.rules.rounds).
    bids_first: bool = False
    #: The bids are shown all at once (bids_first): where the players have their own
    #: phones (a seat's link), each sends its bid sealed, seen by nobody until all are in.
    sealed_bids: bool = False
    #: The bids are made in turn from the dealer's left, each shown as it is made
    #: (bids_first): where the players have their own phones (a seat's link), each sends
    #: its own when its turn comes.
    bids_in_turn: bool = False
    #: What it calls the part it is scored by, and every sentence that counts them.
    unit: units.Unit = units.ROUND

    @property
    def table(self) -> type:
        """How its sessions are stored and read (a games.tables.Table): a game scored round
        by round shares the rounds' storage."""
        return _design(self.storage if self.rounds is None else ROUNDS)

    @property
    def template(self) -> str:
        """The deal screen; its partial of the swappable element is named ``element``."""
        return f"games/{self.name}.html"

    @property
    def element(self) -> str:
        return "table"

    def preset_options(self, preset: str) -> dict:
        """A preset's options as a session stores them (the first preset if unknown)."""
        rules = self.presets.get(preset) or next(iter(self.presets.values()))
        return options.as_options(rules)

    def rules_of(self, chosen: Mapping[str, Any]) -> Any:
        """The rules from stored or checked options; an unknown option is refused."""
        return options.rules_of(self.options, self.rules, chosen)

    def summary(self, chosen: Mapping[str, Any]) -> list[str]:
        return options.summary(self.options, options.as_options(self.rules()), chosen)

    def read_form(self, data: Mapping[str, Any], defaults: dict) -> dict:
        return options.read_form(self.options, data, defaults)

    def read_file(self, raw: object) -> dict:
        return options.read_file(self.options, self.rules, raw)


OH_HELL = Kind(
    name="oh_hell",
    label=_("Oh Hell"),
    rules=oh_hell.OhHellRules,
    options=oh_hell_options.OPTIONS,
    presets=oh_hell.PRESETS,
    preset_labels=(
        ("classic", _("Classic (Hoyle)")),
        ("italian", _("Italian table")),
        ("oh_well", _("Oh Well")),
        ("down_and_up_hook", _("Down and up with the hook")),
        ("nomination_whist", _("Nomination Whist")),
        ("wizard_style", _("Wizard-style")),
    ),
    players=(oh_hell.MIN_PLAYERS, oh_hell.MAX_PLAYERS),
    wrong_table=RuleError(
        gettext_noop("Oh Hell is for %(low)s to %(high)s players."),
        low=oh_hell.MIN_PLAYERS,
        high=oh_hell.MAX_PLAYERS,
    ),
    settles=True,
    call_aloud=True,
    unit=units.DEAL,
    storage="games.tables.oh_hell.OhHellTable",
)

KOZEL = Kind(
    name="kozel",
    label=_("Kozel"),
    rules=kozel.KozelRules,
    options=kozel_options.OPTIONS,
    presets=kozel.PRESETS,
    preset_labels=(
        ("classic", _("Classic: to 12")),
        ("short", _("Short match: to 6")),
        ("long", _("Long match: to 16")),
        ("doubled_eggs", _("Eggs double the next deal")),
        ("eggs_plus_two", _("Eggs: +2 to the next loser")),
    ),
    players=(kozel.PLAYERS, kozel.PLAYERS),
    wrong_table=RuleError(gettext_noop("Kozel is for 4 players in two teams.")),
    teams=True,
    rounds=kozel,
    unit=units.DEAL,
)

ANY_GAME = Kind(
    name="any_game",
    label=_("Any game: a score sheet"),
    rules=sheet.Rules,
    options=sheet_options.OPTIONS,
    presets=sheet.PRESETS,
    preset_labels=(
        ("free", _("Free: the highest total wins")),
        ("scala_40", _("Scala 40: the lowest wins, out at 101")),
        ("burraco", _("Burraco: two teams, to 2005")),
        ("hearts", _("Hearts: the lowest wins, over at 100")),
        ("rummy", _("Rummy: to 500")),
    ),
    players=(sheet.MIN_PLAYERS, sheet.MAX_PLAYERS),
    wrong_table=RuleError(
        gettext_noop("A score sheet is for %(low)s to %(high)s players."),
        low=sheet.MIN_PLAYERS,
        high=sheet.MAX_PLAYERS,
    ),
    rounds=sheet,
    ends_by_table=True,
)

SKULL_KING = Kind(
    name="skull_king",
    label=_("Skull King"),
    rules=skull_king.Rules,
    options=skull_king_options.OPTIONS,
    presets=skull_king.PRESETS,
    preset_labels=(
        ("rulebook", _("The rulebook")),
        ("advanced", _("With the advanced cards")),
        ("rascal", _("Rascal scoring")),
    ),
    players=(skull_king.MIN_PLAYERS, skull_king.MAX_PLAYERS),
    wrong_table=RuleError(
        gettext_noop("Skull King is for %(low)s to %(high)s players."),
        low=skull_king.MIN_PLAYERS,
        high=skull_king.MAX_PLAYERS,
    ),
    rounds=skull_king,
    bids_first=True,
    sealed_bids=True,  # "Yo ho ho": every bid shown at once
)

TYSIAC = Kind(
    name="tysiac",
    label=_("Thousand (Tysiąc, Тысяча)"),
    rules=tysiac.Rules,
    options=tysiac_options.OPTIONS,
    presets=tysiac.PRESETS,
    preset_labels=(("russian", _("Тысяча: Russian")), ("polish", _("Tysiąc: Polish"))),
    players=(tysiac.MIN_PLAYERS, tysiac.MAX_PLAYERS),
    wrong_table=RuleError(
        gettext_noop("Tysiąc is for %(low)s or %(high)s players."),
        low=tysiac.MIN_PLAYERS,
        high=tysiac.MAX_PLAYERS,
    ),
    rounds=tysiac,
    unit=units.DEAL,
)

SPADES = Kind(
    name="spades",
    label=_("Spades"),
    rules=spades.Rules,
    options=spades_options.OPTIONS,
    presets=spades.PRESETS,
    preset_labels=(
        ("pagat", _("pagat.com's rules: to 500")),
        ("blind_nil", _("With blind nil for a team 100 behind")),
        ("short", _("Short game: to 250")),
    ),
    players=(spades.MIN_PLAYERS, spades.MAX_PLAYERS),
    wrong_table=RuleError(gettext_noop("Spades is for 4 players in two teams.")),
    teams=True,
    rounds=spades,
    unit=units.HAND,  # pagat: "a hand"
    bids_first=True,
    bids_in_turn=True,  # pagat: "each player in turn, starting with the dealer's left"
)

KINDS = {kind.name: kind for kind in (OH_HELL, KOZEL, SKULL_KING, TYSIAC, SPADES, ANY_GAME)}


def kind_of(name: str) -> Kind:
    """The Kind of a stored session, or of a checked choice: an unknown game is an error."""
    return KINDS[name]


ROUNDS = "games.tables.rounds.RoundsTable"


@functools.cache
def _design(path: str) -> type:
    return import_string(path)
