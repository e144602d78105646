"""A round of Skull King as entered: the bids, the tricks each player took and each
player's bonuses, checked against what one deck can make and normalised.

``{"bids": [int per seat], "tricks": [int per seat], "bonuses": [{...} per seat]}``; a
seat's bonuses hold only what is there, in the order of `BONUS_KEYS`.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.errors import RuleError, gettext_noop, is_whole
from games.rules.rounds import Plan
from games.rules.skull_king.table import Rules, Scoring, hands

STANDARD_FOURTEENS = 3  # green, yellow and purple: +10 each; the black 14 is apart
MERMAIDS = 2  # +20 each when taken with a pirate
PIRATES = 6  # 5 pirates and the Tigress played as one: +30 each with the Skull King
LOOT_CARDS = 2  # each makes one alliance: +20 to both when both bids are exact
WAGERS = (0, 10, 20)  # Rascal's wager

ENTRY_KEYS = ("bids", "tricks", "bonuses")
BONUS_KEYS = (
    "fourteens",
    "black_fourteen",
    "mermaids",
    "pirates",
    "skull_king",
    "loot",
    "wager",
    "cannonball",
)
CAPTURES = ("fourteens", "black_fourteen", "mermaids", "pirates", "skull_king")

#: The deck holds so many: a player's count, and the round's across the players.
DECK_HOLDS = {
    "fourteens": (
        STANDARD_FOURTEENS,
        gettext_noop("The deck holds %(most)s standard 14s (the black 14 is counted apart)."),
    ),
    "mermaids": (MERMAIDS, gettext_noop("The deck holds %(most)s mermaids.")),
    "pirates": (
        PIRATES,
        gettext_noop("The deck holds 5 pirates and the Tigress: at most %(most)s pirates."),
    ),
}
#: Its keys in the order they are checked (a tuple: MicroPython's dicts keep no order, and
#: with two faults the first met is the one named).
DECK_HOLD_KEYS = ("fourteens", "mermaids", "pirates")

BIDS = (
    gettext_noop("Enter every player's bid."),
    gettext_noop("A bid is from 0 to %(cards)s."),
)
TRICKS = (
    gettext_noop("Enter the tricks every player took."),
    gettext_noop("A player takes from 0 to %(cards)s tricks."),
)


def _counts(
    values: object, players: int, cards: int, missing: str, wrong: str, key: str
) -> list[int]:
    if not isinstance(values, list) or len(values) != players:
        raise RuleError(missing).at(key)
    for seat, value in enumerate(values):
        if not is_whole(value) or not 0 <= value <= cards:
            raise RuleError(wrong, cards=cards).at(f"{key}.{seat}")
    return list(values)


def check_bids(rules: Rules, players: int, plan: Plan, bids: object) -> list[int]:
    """Every player's bid, 0 to the round's cards: the rulebook's bids are made at once,
    in no order, and no sum is forbidden (no hook)."""
    return _counts(bids, players, plan.cards, *BIDS, "bids")


def trick_size(players: int) -> int:
    """Cards in a trick: one a player, and the third hand's with two players (the
    rulebook's two-player game: Graybeard plays a card to every trick)."""
    return hands(players)


def check_round(rules: Rules, players: int, plan: Plan, entry: object) -> dict:
    """The round checked and normalised, or a RuleError saying why the cards cannot
    have made it."""
    if not isinstance(entry, dict):
        raise RuleError(gettext_noop("Enter every player's bid and tricks."))
    unknown = sorted(str(key) for key in entry if key not in ENTRY_KEYS)
    if unknown:
        raise RuleError(gettext_noop("A round has no field %(field)s."), field=unknown[0])
    if "bids" not in entry or "tricks" not in entry:
        raise RuleError(gettext_noop("Enter every player's bid and tricks."))
    bids = _counts(entry["bids"], players, plan.cards, *BIDS, "bids")
    tricks = _counts(entry["tricks"], players, plan.cards, *TRICKS, "tricks")
    _check_tricks(rules, players, plan.cards, sum(tricks))
    raw = entry.get("bonuses")
    if raw is None:
        raw = [None] * players
    if not isinstance(raw, list) or len(raw) != players:
        raise RuleError(gettext_noop("Enter the bonuses of every player."))
    bonuses = [_bonus(rules, players, seat, raw[seat], tricks[seat]) for seat in range(players)]
    _check_the_deck(bonuses, tricks, players)
    return {"bids": bids, "tricks": tricks, "bonuses": bonuses}


def short_allowed(rules: Rules, players: int, cards: int) -> int:
    """How many fewer tricks than cards the players may have taken between them: the
    Kraken and the White Whale, each in the deck by its option, each remove the trick
    they end (one each, up to 2); with two players, Graybeard's tricks are nobody's (any
    number)."""
    if players == 2:
        return cards
    return min(int(rules.kraken) + int(rules.white_whale), cards)


def _check_tricks(rules: Rules, players: int, cards: int, taken: int) -> None:
    if taken > cards:
        raise RuleError(
            gettext_noop("The tricks add up to %(taken)s, more than the %(cards)s cards."),
            taken=taken,
            cards=cards,
        ).at("tricks")
    if taken < cards - short_allowed(rules, players, cards):
        raise RuleError(
            gettext_noop("The tricks add up to %(taken)s; the round has %(cards)s."),
            taken=taken,
            cards=cards,
        ).at("tricks")


def _bonus(rules: Rules, players: int, seat: int, raw: object, took: int) -> dict:
    """One player's bonuses, checked alone; only what is there is kept."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RuleError(gettext_noop("Enter the bonuses of every player."))
    if not all(key in BONUS_KEYS for key in raw):
        raise RuleError(gettext_noop("Unknown bonus."))
    bonus: dict = {}
    for key in DECK_HOLD_KEYS:
        most, holds = DECK_HOLDS[key]
        value = raw.get(key, 0)
        if not is_whole(value):
            raise RuleError(gettext_noop("“%(field)s” must be a whole number."), field=key)
        if not 0 <= value <= most:
            raise RuleError(holds, most=most)
        if value:
            bonus[key] = value
    for key in ("black_fourteen", "skull_king", "cannonball"):
        value = raw.get(key, False)
        if not isinstance(value, bool):
            raise RuleError(gettext_noop("“%(field)s” must be true or false."), field=key)
        if value:
            bonus[key] = True
    loot = _loot(rules, players, seat, raw.get("loot", []))
    if loot:
        bonus["loot"] = loot
    wager = raw.get("wager", 0)
    if not is_whole(wager) or wager not in WAGERS:
        raise RuleError(gettext_noop("Rascal's wager is 0, 10 or 20."))
    if wager:
        bonus["wager"] = wager
    if bonus.get("cannonball") and rules.scoring != Scoring.RASCAL:
        raise RuleError(gettext_noop("A cannonball is only for Rascal scoring."))
    if took == 0 and any(key in bonus for key in CAPTURES):
        raise RuleError(gettext_noop("A player who took no trick captured nothing."))
    if took == 0 and wager:
        # The 2021 rulebook: a pirate's ability is used by the player who wins the
        # trick with him; Rascal's is the wager.
        raise RuleError(
            gettext_noop(
                "A player who took no trick made no wager: Rascal's wager is made by the"
                " one who wins a trick with him."
            )
        )
    return {key: bonus[key] for key in BONUS_KEYS if key in bonus}


def _loot(rules: Rules, players: int, seat: int, loot: object) -> list[int]:
    """The seats a player is allied with by a Loot card, in seat order."""
    if not isinstance(loot, list):
        raise RuleError(gettext_noop("“%(field)s” must be a list."), field="loot")
    if not all(is_whole(ally) and 0 <= ally < players and ally != seat for ally in loot):
        raise RuleError(gettext_noop("An alliance is with another player at the table."))
    if len(set(loot)) != len(loot):
        raise RuleError(gettext_noop("An ally is listed once."))
    if len(loot) > LOOT_CARDS:
        raise RuleError(gettext_noop("The deck holds two Loot cards: at most two alliances."))
    if loot and not rules.loot:
        raise RuleError(gettext_noop("Loot needs the Loot cards in the deck."))
    return sorted(loot)


def _check_the_deck(bonuses: Sequence[dict], tricks: Sequence[int], players: int) -> None:
    """What the whole round's bonuses could be, with one deck."""
    for key in DECK_HOLD_KEYS:
        most, holds = DECK_HOLDS[key]
        if sum(bonus.get(key, 0) for bonus in bonuses) > most:
            raise RuleError(holds, most=most)
    if sum(bool(bonus.get("black_fourteen")) for bonus in bonuses) > 1:
        raise RuleError(gettext_noop("The deck holds one black 14: one player takes it."))
    if sum(bool(bonus.get("skull_king")) for bonus in bonuses) > 1:
        raise RuleError(gettext_noop("The deck holds one Skull King: one player takes it."))
    # The Skull King is played once: he takes pirates, or a mermaid takes him, in one trick.
    if sum(bool(bonus.get("pirates")) for bonus in bonuses) > 1:
        raise RuleError(gettext_noop("Only the one who took the Skull King takes pirates with it."))
    taken_king = any(bonus.get("skull_king") for bonus in bonuses)
    if taken_king and any(bonus.get("pirates") for bonus in bonuses):
        raise RuleError(gettext_noop("The Skull King taken by a mermaid captures no pirate."))
    most = trick_size(players) - 1
    if any(bonus.get("pirates", 0) > most for bonus in bonuses):
        raise RuleError(
            gettext_noop(
                "The Skull King wins one trick: it holds at most %(most)s pirates"
                " with %(players)s players."
            ),
            most=most,
            players=players,
        )
    # The mermaid that took the Skull King won her trick: no pirate took her.
    if taken_king and sum(bonus.get("mermaids", 0) for bonus in bonuses) > MERMAIDS - 1:
        raise RuleError(
            gettext_noop(
                "A mermaid took the Skull King: only the other mermaid can be taken by a pirate."
            )
        )
    if sum(bool(bonus.get("wager")) for bonus in bonuses) > 1:
        raise RuleError(gettext_noop("There is one Rascal: one player wagers in a round."))
    alliances = set()
    for seat, bonus in enumerate(bonuses):
        for ally in bonus.get("loot", []):
            if seat not in bonuses[ally].get("loot", []):
                raise RuleError(
                    gettext_noop("An alliance is made by both players: tick it for both.")
                )
            if tricks[seat] == 0 and tricks[ally] == 0:
                raise RuleError(
                    gettext_noop(
                        "An alliance is made with the player who won the Loot's trick:"
                        " one of the allies took a trick."
                    )
                )
            alliances.add(frozenset((seat, ally)))
    if len(alliances) > LOOT_CARDS:
        raise RuleError(gettext_noop("The deck holds two Loot cards: at most two alliances."))
