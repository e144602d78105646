"""Skull King's table: the options, the deck, the rounds and who deals them, and the call.

Sources: the 2021 rulebook (Grandpa Beck's Games), "Dealing Cards": ten rounds, round n
deals n cards; "8 Players": the largest hand the deck allows is dealt again in the rounds
after it. Its "Contents": 70 cards (four suits of 1-14, the black Jolly Roger suit
trumps; 5 escapes, 5 pirates, the Tigress, the Skull King, 2 mermaids); the advanced
cards, each chosen on its own, add the Kraken (1), the White Whale (1) and two Loot cards
(74 with all of them). With two players Graybeard's third hand is dealt too (the
publisher's FAQ), so every hand of two or three players is the deck // 3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from games.rules.errors import RuleError, gettext_noop, is_whole
from games.rules.explain import Why
from games.rules.rounds import Plan

MIN_PLAYERS = 2
MAX_PLAYERS = 8
ROUNDS = 10
DECK = 70
#: The advanced cards, each an option: how many cards each adds to the deck.
ADVANCED_CARDS = {"kraken": 1, "white_whale": 1, "loot": 2}
#: Their names in order (a tuple: MicroPython's dicts keep no order, and of two faulty
#: options the first met is the one named).
ADVANCED_NAMES = ("kraken", "white_whale", "loot")
ADVANCED_DECK = DECK + sum(ADVANCED_CARDS.values())  # 74: all of them
MOST_ROUNDS = 20  # a table's own list of rounds
HANDS = 3  # the most hands the fewest players are dealt: two and Graybeard's, or three
MOST_CARDS = ADVANCED_DECK // HANDS  # 24: the most any table is dealt


def deck(rules: Rules) -> int:
    """The cards in the deck: 70, and the advanced cards the table chose (74 with all)."""
    return DECK + sum(count for name, count in ADVANCED_CARDS.items() if getattr(rules, name))


def hands(players: int) -> int:
    """The hands dealt: one a player, and Graybeard's with two (the third hand)."""
    return players + 1 if players == 2 else players


class Scoring(StrEnum):
    """STANDARD: the rulebook's. RASCAL: its alternative "Rascal scoring" (a round is worth
    10 per card: all of it for an exact bid, half when off by one, else nothing)."""

    STANDARD = "standard"
    RASCAL = "rascal"


@dataclass(frozen=True)
class Rules:
    """A table's options; the defaults are the 2021 rulebook's."""

    scoring: Scoring = Scoring.STANDARD
    #: The Kraken is in the deck: the trick it is played to is won by nobody.
    kraken: bool = False
    #: The White Whale is in the deck: a trick of special cards only is won by nobody.
    white_whale: bool = False
    #: The two Loot cards are in the deck: each allies two players.
    loot: bool = False
    #: Cards in each round; empty: the rulebook's 1 … 10, capped by the deck.
    rounds: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "scoring", Scoring(self.scoring))
        except ValueError:
            raise RuleError(
                gettext_noop("Unknown value for the option %(option)s."), option="scoring"
            ) from None
        for name in ADVANCED_NAMES:
            if not isinstance(getattr(self, name), bool):
                raise RuleError(gettext_noop("“%(field)s” must be true or false."), field=name)
        rounds = tuple(self.rounds) if isinstance(self.rounds, (list, tuple)) else None
        if (
            rounds is None
            or len(rounds) > MOST_ROUNDS
            or not all(is_whole(n) and n >= 1 for n in rounds)
        ):
            raise RuleError(
                gettext_noop("List the cards of each round: 1 to %(most)s rounds."),
                most=MOST_ROUNDS,
            )
        if rounds and max(rounds) > deck(self) // HANDS:
            # Two players are dealt three hands (Graybeard's), as three players are.
            raise RuleError(
                gettext_noop(
                    "A deck of %(deck)s cards deals at most %(most)s cards each (three hands:"
                    " two players and Graybeard, or three players)."
                ),
                deck=deck(self),
                most=deck(self) // HANDS,
            )
        object.__setattr__(self, "rounds", rounds)

    @staticmethod
    def from_earlier(options: dict) -> dict:
        """Options as an earlier version stored them, in today's names: one
        ``advanced_cards`` for the Kraken, the White Whale and Loot together became one
        option each (a session or file with it takes all three, or none)."""
        if "advanced_cards" not in options or any(name in options for name in ADVANCED_NAMES):
            return options  # nothing earlier, or both: refused by name
        mended = dict(options)
        value = mended.pop("advanced_cards")
        if not isinstance(value, bool):
            raise RuleError(
                gettext_noop("“%(field)s” must be true or false."), field="advanced_cards"
            )
        return mended | dict.fromkeys(ADVANCED_NAMES, value)


PRESETS = {
    "rulebook": Rules(),
    "advanced": Rules(kraken=True, white_whale=True, loot=True),
    "rascal": Rules(scoring=Scoring.RASCAL),
}


def most_cards(rules: Rules, players: int) -> int:
    """What the deck deals each: 70 // 8 = 8 for eight players (72 // 8 = 9 with the
    Kraken and the White Whale); two players are dealt Graybeard's hand too, 70 // 3 = 23."""
    return deck(rules) // hands(players)


def schedule(rules: Rules, players: int) -> tuple[int, ...]:
    """Cards in each round. The rulebook's: round n deals n, the largest deal the deck
    allows repeated in the rounds after it (eight players: 1 … 8, 8, 8). A table's own
    list is kept as it is, if the deck can deal it."""
    if not is_whole(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            gettext_noop("Skull King is for %(low)s to %(high)s players."),
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )
    most = most_cards(rules, players)
    if not rules.rounds:
        return tuple(min(n, most) for n in range(1, ROUNDS + 1))
    if max(rules.rounds) > most:
        raise RuleError(
            gettext_noop("The deck deals at most %(most)s cards each to %(players)s players."),
            most=most,
            players=players,
        )
    return rules.rounds


def plan_of(rules: Rules, players: int, first_dealer: int, number: int) -> Plan:
    """Round ``number`` (from 1): its cards, and its dealer, who passes clockwise."""
    cards = schedule(rules, players)[number - 1]
    if not is_whole(first_dealer) or not 0 <= first_dealer < players:
        raise RuleError(gettext_noop("The first dealer must be one of the players."))
    return Plan(number=number, dealer=(first_dealer + number - 1) % players, cards=cards)


def first_plan(rules: Rules, players: int, first_dealer: int) -> Plan:
    """Round 1, or a refusal of a table the rules cannot seat or deal to."""
    return plan_of(rules, players, first_dealer, 1)


def plan_after(rules: Rules, players: int, first_dealer: int, plan: Plan) -> Plan | None:
    """The round after ``plan``, or None after the last (what a phone offline shows next)."""
    if plan.number >= len(schedule(rules, players)):
        return None
    return plan_of(rules, players, first_dealer, plan.number + 1)


def bid_call(bids: Sequence[int], cards: int) -> Why:
    """Over, under or even, once every bid is in: the bids' sum against the
    round's tricks. The rulebook's bids are made at once, so nothing forbids any sum."""
    total = sum(bids)
    params = {"bids": total, "cards": cards, "by": abs(total - cards)}
    if total > cards:
        return Why(gettext_noop("OVER by %(by)s: bids %(bids)s, tricks %(cards)s"), params)
    if total < cards:
        return Why(gettext_noop("UNDER by %(by)s: bids %(bids)s, tricks %(cards)s"), params)
    return Why(gettext_noop("EVEN: bids %(bids)s, tricks %(cards)s"), params)


def call(plan: Plan, bids: Sequence[int]) -> Why:
    """`bid_call` for a round's plan (Kind.bids_first: the screen shows it)."""
    return bid_call(bids, plan.cards)
