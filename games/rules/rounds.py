"""What every game scored round by round gives the rest of the app (each its own package,
games.rules.<name>): a round is one JSON object as entered, and the result is the same
shape whatever the game, so screens, exports, statistics and charts read it without
asking which game it is. A game's module provides:

- ``Rules``: a frozen dataclass of its options (defaults = the game's own rules);
  ``PRESETS``; ``MIN_PLAYERS``, ``MAX_PLAYERS``;
- ``check_round(rules, players, plan, entry) -> dict``: a round as entered, checked
  and normalised, or a `RuleError` saying why not;
- ``Tally(rules, players, first_dealer)``: the game so far, with ``add(entry)`` (the next
  round checked again and scored, or a `RuleError` naming the round; nothing changed then)
  and ``result(ended=False) -> Result``, so a round entered costs the same whatever the
  game's length; and ``score(rules, players, first_dealer, entries, ended=False) ->
  Result``, every round scored and explained (``ended``: the table said the game is
  over), which is `fold` of a new Tally;
- ``first_plan(rules, players, first_dealer) -> Plan``, refusing a table the rules
  cannot seat, and ``plan_after(rules, players, first_dealer, plan) -> Plan | None``:
  the next round if nothing changes who plays (a phone offline draws its form ahead).

Optional: ``check_bids`` and ``call`` (Kind.bids_first), with ``BID_FIELDS`` where the
bids phase enters more than the bids (`bid_fields`) and ``check_bids_so_far`` where a bid
made in turn can be refused before the others are in (`checked_bids_so_far`),
``form_facts(rules, players, plan) -> dict`` for what the game's form shows beyond the
plan; ``FORM_VARIANTS`` (names, the first the default) with ``form_variant(plan,
bids_entry) -> str``, where the play phase's form after the bids (Kind.bids_first) is drawn
one of several ways that the bids decide (the tricks per team, say, or per player once a
bid is scored apart); ``bids_entry`` is the bids phase as entered (`checked_bids`, or the
form's fields read back), and the default is the form while the bids are not known (a
phone offline draws each way ahead and asks the rules which one); and ``FIGURES`` with
``round_figures(entry, seat, rules) -> dict[str, int]``: what a player's statistics count
in a round as checked (bids made, contracts) under the table's ``rules`` (its options),
each ``Figure`` naming one count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.errors import RuleError, gettext_noop
from games.rules.explain import Why


@dataclass(frozen=True)
class Plan:
    """A round before it is played."""

    number: int  # from 1
    dealer: int | None = None  # a seat; None where the game keeps no dealer
    cards: int | None = None  # cards dealt to each player, where the game says
    #: Seats that take no part: sitting out (a dealer's turn, say) or out of the game.
    sitting_out: tuple[int, ...] = ()


@dataclass(frozen=True)
class Figure:
    """A count a player's statistics show for a game (its ``FIGURES``), and the count it is
    a share of, if any ("bids made exactly" of "bids")."""

    key: str
    label: str  # marked with gettext_noop: translated where it is shown
    of: str | None = None


@dataclass(frozen=True)
class RoundScore:
    """A round as scored: one figure per side (a player, or a team)."""

    plan: Plan
    entry: dict  # as checked by ``check_round``
    #: Per side; None: the side had no part in the round (out, sitting out).
    points: tuple[int | None, ...]
    totals: tuple[int, ...]  # per side, after the round
    whys: tuple[tuple[Why, ...], ...]  # per side: how its points came to be
    notes: tuple[Why, ...] = ()  # the round as a whole ("over by 1")


@dataclass(frozen=True)
class Result:
    #: The seats of each scoring side, in order: ((0,), (1,), ...) or teams ((0, 2), (1, 3)).
    sides: tuple[tuple[int, ...], ...]
    rounds: tuple[RoundScore, ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]  # per side, 1 is the best; equal totals share a place
    winners: tuple[int, ...]  # sides; empty until finished
    finished: bool
    next_round: Plan | None  # None when finished
    #: Per side, where it stands beyond its total ("out at 101", "on the barrel, deal 2 of 3").
    marks: tuple[Why | None, ...] = ()
    out: frozenset[int] = frozenset()  # sides out of the game (the sheet's elimination)


#: The fields of a round its bids phase enters (Kind.bids_first), unless the game's module
#: names its own in ``BID_FIELDS``: "bids" first, then what goes with them (blind marks).
BID_FIELDS = ("bids",)


def bid_fields(module: object) -> tuple[str, ...]:
    """The fields the bids phase of ``module``'s rounds enters, "bids" first."""
    return tuple(getattr(module, "BID_FIELDS", BID_FIELDS))


def checked_bids(module: object, rules: object, players: int, plan: Plan, entry: object) -> dict:
    """The bids phase of a round as entered (``entry``: the round's fields, or more), checked
    by the module's ``check_bids``: the bids, then each other field of its ``BID_FIELDS`` as
    a keyword argument; kept as the pending round (the bids, and the others sent)."""
    if not isinstance(entry, dict):
        entry = {}
    others = [key for key in bid_fields(module) if key != "bids"]
    sent = {key: entry.get(key) for key in others}
    bids = module.check_bids(rules, players, plan, entry.get("bids"), **sent)
    pending = {"bids": bids}
    pending.update((key, value) for key, value in sent.items() if value is not None)
    return pending


def bid_order(plan: Plan, players: int) -> list[int]:
    """Who bids, in turn from the dealer's left (the first seat where the game keeps no
    dealer); a seat taking no part in the round does not."""
    start = 0 if plan.dealer is None else plan.dealer + 1
    seats = [(start + step) % players for step in range(players)]
    return [seat for seat in seats if seat not in plan.sitting_out]


def next_bidder(plan: Plan, players: int, made: dict | set) -> int | None:
    """Whose turn it is to bid, in turn from the dealer's left (`bid_order`), the seats in
    ``made`` having bid; None once every seat has."""
    return next((seat for seat in bid_order(plan, players) if seat not in made), None)


def checked_bids_so_far(
    module: object, rules: object, players: int, plan: Plan, entry: dict
) -> None:
    """The bids made so far, before every seat's is in (``entry``: the bids phase's fields,
    None for a seat still to bid), refused where the rules already refuse them whatever the
    others bid: by the module's ``check_bids_so_far`` (same arguments as ``check_bids``)
    where it has one, else by ``check_bids`` with the seats still to bid as bidding 0."""
    own = getattr(module, "check_bids_so_far", None)
    if own is None:
        bids = [0 if bid is None else bid for bid in entry["bids"]]
        checked_bids(module, rules, players, plan, dict(entry, bids=bids))
        return
    others = {key: entry.get(key) for key in bid_fields(module) if key != "bids"}
    own(rules, players, plan, entry["bids"], **others)


def fold(tally, entries: object, ended: bool = False) -> Result:
    """``tally`` (a game's ``Tally``) with every round of ``entries`` added: its result."""
    if not isinstance(entries, (list, tuple)):
        raise RuleError(gettext_noop("“%(field)s” must be a list."), field="rounds")
    for entry in entries:
        tally.add(entry)
    return tally.result(ended)


def places_of(totals: Sequence[int], lowest_wins: bool = False) -> tuple[int, ...]:
    """Competition places: 1 for the best total, equal totals share a place (1, 1, 3)."""
    key = (lambda total: total) if lowest_wins else (lambda total: -total)
    return tuple(1 + sum(key(other) < key(total) for other in totals) for total in totals)


def singles(players: int) -> tuple[tuple[int, ...], ...]:
    """Every player a side of its own."""
    return tuple((seat,) for seat in range(players))
