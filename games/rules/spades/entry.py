"""A hand of Spades as entered: the four bids with their blind marks, and the tricks each
player took, or each team where no nil was bid; checked and normalised.

``{"bids": [int per seat], "blind": [bool per seat], "tricks": [int per seat]}``, or with
``"team_tricks": [side 0, side 1]`` in place of ``tricks``. A bid of 0 is nil; ``blind``
marks a nil bid before looking at the cards, and may be left out (none).
"""

from __future__ import annotations

from games.rules.errors import RuleError, gettext_noop, is_whole
from games.rules.rounds import Plan
from games.rules.spades.table import (
    BLIND_NIL_BEHIND,
    HIGHEST_BID,
    PLAYERS,
    SIDES,
    TRICKS,
    BlindNil,
    Rules,
    blind_nil_why_not,
    check_table,
    contracts,
    team_of,
)

ENTRY_KEYS = ("bids", "blind", "tricks", "team_tricks")
#: What the bids phase enters (games.rules.rounds.bid_fields): the bids and their blind marks.
BID_FIELDS = ("bids", "blind")

#: The ways the hand's form asks the tricks (games.rules.rounds, ``form_variant``): per
#: player, the default while the bids are not known, or per team.
FORM_VARIANTS = ("players", "teams")

NO_BIDS = gettext_noop("Enter every player's bid.")
NO_TRICKS = gettext_noop("Enter the tricks of every player, or of each team.")


def check_bids(
    rules: Rules, players: int, plan: Plan, bids: object, blind: object = None
) -> list[int]:
    """The four bids, each 0 (nil) to 13, with their blind marks (``blind``: one true or
    false a seat, or None for none), checked against the table's options: blind nil as
    the table plays it, each team's contract at most 13 and at least the least team bid."""
    check_table(players, 0)
    checked, _ = _bids(rules, plan, bids, blind)
    return checked


def check_bids_so_far(
    rules: Rules, players: int, plan: Plan, bids: object, blind: object = None
) -> None:
    """The bids made in turn so far (None for a seat still to bid; ``blind`` likewise),
    refused as `check_bids` refuses them where the bids still to come cannot change that:
    a team's least bid is checked once both partners have bid."""
    check_table(players, 0)
    _bids(rules, plan, bids, blind, so_far=True)


def _bids(
    rules: Rules, plan: Plan, bids: object, blind: object, so_far: bool = False
) -> tuple[list[int], list[bool]]:
    if not isinstance(bids, list) or len(bids) != PLAYERS:
        raise RuleError(NO_BIDS).at("bids")
    for seat, bid in enumerate(bids):
        if so_far and bid is None:
            continue
        if not is_whole(bid) or not 0 <= bid <= HIGHEST_BID:
            raise RuleError(
                gettext_noop("A bid is from 0 (nil) to %(most)s."), most=HIGHEST_BID
            ).at(f"bids.{seat}")
    if so_far:  # the seats still to bid, as bidding none, blind or not
        if blind is not None:
            blind = [False if mark is None else mark for mark in blind]
        made = [bid is not None for bid in bids]
        bids = [0 if bid is None else bid for bid in bids]
    marks = _blind(rules, plan, bids, blind)
    for side, contract in enumerate(contracts(bids)):
        where = f"bids.{SIDES[side][1]}"
        if contract > TRICKS:
            raise RuleError(
                gettext_noop("A team's contract is at most %(most)s tricks: %(contract)s bid."),
                most=TRICKS,
                contract=contract,
            ).at(where)
        if so_far and not all(made[seat] for seat in SIDES[side]):
            continue  # a partner still to bid
        if contract < rules.min_team_bid:
            raise RuleError(
                gettext_noop(
                    "A team's contract is at least %(least)s tricks (a nil's partner bids"
                    " %(least)s or more): %(contract)s bid."
                ),
                least=rules.min_team_bid,
                contract=contract,
            ).at(where)
    return list(bids), marks


def _blind(rules: Rules, plan: Plan, bids: list, blind: object) -> list[bool]:
    if blind is None:
        return [False] * PLAYERS
    if not isinstance(blind, list) or len(blind) != PLAYERS:
        raise RuleError(gettext_noop("Mark blind nil true or false for every player.")).at("blind")
    for seat, mark in enumerate(blind):
        if not isinstance(mark, bool):
            raise RuleError(gettext_noop("Mark blind nil true or false for every player.")).at(
                f"blind.{seat}"
            )
    for seat, mark in enumerate(blind):
        if not mark:
            continue
        if bids[seat] != 0:
            raise RuleError(gettext_noop("Only a bid of nil can be blind.")).at(f"blind.{seat}")
        if rules.blind_nil == BlindNil.OFF:
            raise RuleError(gettext_noop("Blind nil is not played at this table.")).at(
                f"blind.{seat}"
            )
        if blind_nil_why_not(rules, plan, team_of(seat)) is not None:
            raise RuleError(
                gettext_noop(
                    "Blind nil is only for a side at least %(least)s behind; this side is"
                    " %(behind)s behind."
                ),
                least=BLIND_NIL_BEHIND,
                behind=plan.behind[team_of(seat)],
            ).at(f"blind.{seat}")
    return list(blind)


def form_variant(plan: Plan, bids_entry: object) -> str:
    """How the hand's form asks the tricks once ``bids_entry`` (the bids phase as entered:
    ``{"bids": [...], "blind": [...]}``) is in: per team when nobody bid nil (a blind nil is
    a nil), else per player, whose nil is scored apart; per player while the bids are not
    known (None, or not four bids)."""
    bids = bids_entry.get("bids") if isinstance(bids_entry, dict) else None
    if not isinstance(bids, list) or len(bids) != PLAYERS or 0 in bids:
        return FORM_VARIANTS[0]
    return FORM_VARIANTS[1]


def _counts(values: object, size: int, most: int, wrong: str, key: str) -> list[int]:
    if not isinstance(values, list) or len(values) != size:
        raise RuleError(NO_TRICKS).at(key)
    for index, value in enumerate(values):
        if not is_whole(value) or not 0 <= value <= most:
            raise RuleError(wrong, most=most).at(f"{key}.{index}")
    return list(values)


def check_round(rules: Rules, players: int, plan: Plan, entry: object) -> dict:
    """The hand checked and normalised (``blind`` always one mark a seat; ``tricks`` or
    ``team_tricks`` as entered), or a RuleError saying why the cards cannot have made it."""
    check_table(players, 0)
    if not isinstance(entry, dict):
        raise RuleError(gettext_noop("Enter every player's bid and the tricks taken."))
    unknown = sorted(str(key) for key in entry if key not in ENTRY_KEYS)
    if unknown:
        raise RuleError(gettext_noop("A hand has no field %(field)s."), field=unknown[0])
    if "bids" not in entry:
        raise RuleError(NO_BIDS).at("bids")
    bids, blind = _bids(rules, plan, entry["bids"], entry.get("blind"))
    per_player = entry.get("tricks")
    per_team = entry.get("team_tricks")
    if (per_player is None) == (per_team is None):
        raise RuleError(NO_TRICKS).at("tricks")
    checked = {"bids": bids, "blind": blind}
    if per_player is not None:
        tricks = _counts(
            per_player,
            PLAYERS,
            TRICKS,
            gettext_noop("A player takes from 0 to %(most)s tricks."),
            "tricks",
        )
        key = "tricks"
    else:
        if 0 in bids:
            raise RuleError(gettext_noop("A nil was bid: enter the tricks of every player.")).at(
                "tricks"
            )
        tricks = _counts(
            per_team,
            len(SIDES),
            TRICKS,
            gettext_noop("A team takes from 0 to %(most)s tricks."),
            "team_tricks",
        )
        key = "team_tricks"
    taken = sum(tricks)
    if taken != TRICKS:
        raise RuleError(
            gettext_noop("The tricks add up to %(taken)s; a hand has %(tricks)s."),
            taken=taken,
            tricks=TRICKS,
        ).at(key)
    checked[key] = tricks
    return checked


def side_tricks(entry: dict) -> tuple[int, int]:
    """Each side's tricks, from a checked hand."""
    if "team_tricks" in entry:
        return (entry["team_tricks"][0], entry["team_tricks"][1])
    tricks = entry["tricks"]
    return (tricks[0] + tricks[2], tricks[1] + tricks[3])
