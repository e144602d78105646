"""A deal of Tysiąc as the scorekeeper enters it, checked and put in one fixed form.

``{"bidder": seat, "contract": int, "given_up": bool, "points": [card points per seat,
None for the seat sitting out], "marriages": {suit: seat}, "talon": {"aces": int,
"marriage": suit or None}}``; "talon" only where the player sitting out scores it (the
Polish option, four players). A deal given up has no card points and no marriages.
"""

from __future__ import annotations

from games.rules.errors import RuleError, gettext_noop, is_whole
from games.rules.rounds import Figure, Plan
from games.rules.tysiac.table import (
    CARD_POINTS,
    HIGHEST_CONTRACT,
    IMPOSSIBLE_CARD_POINTS,
    LOWEST_CONTRACT,
    MARRIAGES,
    TALON_CARDS,
    GivenUp,
    Rules,
    check_players,
    playing,
    talon_seat,
)

KEYS = ("bidder", "contract", "given_up", "points", "marriages", "talon")


def check_round(rules: Rules, players: int, plan: Plan, entry: object) -> dict:
    """The deal as entered, or a `RuleError` saying what cannot be (docs/rules-tysiac.md,
    "A deal as entered")."""
    check_players(players)
    if not isinstance(entry, dict):
        raise RuleError(gettext_noop("Enter who won the auction and the contract."))
    if not set(entry) <= set(KEYS):
        raise RuleError(
            gettext_noop(
                "A deal holds only the bidder, the contract, given up, the card points, "
                "the marriages and the talon."
            )
        )
    if "bidder" not in entry or "contract" not in entry:
        missing = "bidder" if "bidder" not in entry else "contract"
        raise RuleError(gettext_noop("Enter who won the auction and the contract.")).at(missing)
    seats = playing(players, plan)
    bidder = entry["bidder"]
    if not is_whole(bidder) or bidder not in seats:
        raise RuleError(gettext_noop("The auction is won by a player in the deal.")).at("bidder")
    contract = entry["contract"]
    if (
        not is_whole(contract)
        or not LOWEST_CONTRACT <= contract <= HIGHEST_CONTRACT
        or contract % rules.steps
    ):
        # the issue: at least 100; 400 is every card point and every marriage
        raise RuleError(
            gettext_noop("A contract is from 100 to 400, in steps of %(steps)s."),
            steps=rules.steps,
        ).at("contract")
    given_up = entry.get("given_up", False)
    if not isinstance(given_up, bool):
        raise RuleError(gettext_noop("“%(field)s” must be true or false."), field="given_up")
    checked: dict = {"bidder": bidder, "contract": contract, "given_up": given_up}
    if given_up:
        if rules.given_up == GivenUp.OFF:
            raise RuleError(gettext_noop("At this table a deal cannot be given up."))
        _nothing_played(entry.get("points"), entry.get("marriages"), players)
        checked.update(points=[None] * players, marriages={})
    else:
        checked.update(
            points=_card_points(entry.get("points"), players, seats),
            marriages=_marriages(entry.get("marriages"), seats),
        )
    seat = talon_seat(rules, plan)
    if seat is not None and players == 4:
        checked["talon"] = _talon(entry.get("talon"))
    elif entry.get("talon") is not None:
        raise RuleError(gettext_noop("Only a player sitting out scores the talon."))
    return checked


def _nothing_played(points: object, marriages: object, players: int) -> None:
    """A deal given up is not played: no card points (nulls are nothing), no marriages."""
    empty_points = points is None or (
        isinstance(points, list) and len(points) <= players and all(p is None for p in points)
    )
    if not empty_points or marriages not in (None, {}):
        raise RuleError(gettext_noop("A deal given up has no card points or marriages."))


def _card_points(points: object, players: int, seats: list[int]) -> list[int | None]:
    """Every player in the deal, 0 to 120 but not 1 or 119 (no card is worth 1), adding up
    to 120; None for the one out."""
    if not isinstance(points, list) or len(points) != players:
        raise RuleError(gettext_noop("Enter the card points of every player in the deal."))
    for seat, value in enumerate(points):
        if seat not in seats:
            if value is not None:
                raise RuleError(gettext_noop("The player sitting out has no card points."))
        elif not is_whole(value) or not 0 <= value <= CARD_POINTS:
            raise RuleError(gettext_noop("Card points are from 0 to 120.")).at(f"points.{seat}")
        elif value in IMPOSSIBLE_CARD_POINTS:
            raise RuleError(
                gettext_noop("A player cannot have exactly 1 card point: no card is worth 1.")
                if value == 1
                else gettext_noop(
                    "A player cannot have 119 card points: the others would have 1 between them."
                )
            ).at(f"points.{seat}")
    total = sum(points[seat] for seat in seats)
    if total != CARD_POINTS:
        raise RuleError(
            gettext_noop("The card points add up to %(total)s; they must make 120."),
            total=total,
        ).at("points")
    return list(points)


def _marriages(marriages: object, seats: list[int]) -> dict[str, int]:
    """Suit -> the seat that declared it: each suit's marriage belongs to one player at most
    (there is one king and one queen of each suit)."""
    if marriages is None:
        return {}
    if not isinstance(marriages, dict) or not set(marriages) <= set(MARRIAGES):
        raise RuleError(gettext_noop("A marriage is hearts, diamonds, clubs or spades."))
    for seat in marriages.values():
        if not is_whole(seat) or seat not in seats:
            raise RuleError(gettext_noop("A marriage is declared by a player in the deal."))
    return {suit: marriages[suit] for suit in MARRIAGES if suit in marriages}


def _talon(talon: object) -> dict:
    """The talon's three cards, as the player sitting out scores them (zagraj.pl): how many
    aces, and which suit's king and queen, if both are there. Nothing entered is none."""
    if talon is None:
        talon = {}
    if not isinstance(talon, dict) or not set(talon) <= {"aces", "marriage"}:
        raise RuleError(gettext_noop("The talon holds aces and perhaps a marriage."))
    aces, marriage = talon.get("aces", 0), talon.get("marriage")
    if not is_whole(aces) or aces < 0:
        raise RuleError(gettext_noop("The talon holds aces and perhaps a marriage."))
    if marriage is not None and (not isinstance(marriage, str) or marriage not in MARRIAGES):
        raise RuleError(gettext_noop("The talon holds aces and perhaps a marriage."))
    if aces + (2 if marriage else 0) > TALON_CARDS:
        raise RuleError(gettext_noop("The talon holds three cards."))
    return {"aces": aces, "marriage": marriage}


def own_marriages(entry: dict, seat: int) -> int:
    """What the marriages a player declared are worth."""
    return sum(MARRIAGES[suit] for suit, by in entry["marriages"].items() if by == seat)


def bidder_made(entry: dict) -> bool:
    """The issue: card points plus own marriages reach the contract, not rounded (137
    against 140 fails); a deal given up is not made."""
    if entry["given_up"]:
        return False
    bidder = entry["bidder"]
    return entry["points"][bidder] + own_marriages(entry, bidder) >= entry["contract"]


#: What a player's statistics count (``round_figures``).
FIGURES = (
    Figure("contracts", gettext_noop("Contracts played")),
    Figure("made", gettext_noop("Contracts made"), of="contracts"),
    Figure("given_up", gettext_noop("Deals given up"), of="contracts"),
)


def round_figures(entry: dict, seat: int, rules: object = None) -> dict[str, int]:
    """A player's counts in a deal as checked: a contract played as the bidder, made or
    given up."""
    bidder = entry["bidder"] == seat
    return {
        "contracts": int(bidder),
        "made": int(bidder and bidder_made(entry)),
        "given_up": int(bidder and entry["given_up"]),
    }
