"""Oh Hell at the table, entry by entry: the deals scored (a `Tally`) and the deal in play
(its trump, bids and tricks tapped), each entry checked as the server checks it
(games.services.oh_hell, which takes its words from here) so a phone offline refuses what
the server would, in the server's words (docs/phone.md, "Rules on the phone").

What a phone cannot know stays the server's: another phone's entry meanwhile (a page out
of date, a bid entered elsewhere) and the session's limits (games.limits).
"""

from __future__ import annotations

from dataclasses import replace

from games.rules.errors import RuleError, gettext_noop
from games.rules.oh_hell.bidding import (
    Bidding,
    check_tricks,
    complete_tricks,
    tally_tricks,
    taps_agree,
)
from games.rules.oh_hell.scoring import Adjustment, DealRecord, Tally
from games.rules.oh_hell.table import DealPlan, _check_seat, check_trump

FINISHED = gettext_noop("This session is finished.")
NO_SEAT = gettext_noop("No such player at this table.")
BIDS_BEFORE_PLAY = gettext_noop("Finish the bidding before play starts.")
BIDS_BEFORE_TRICKS = gettext_noop("Every player needs a bid before the tricks.")
TAPS_DIFFER = gettext_noop(
    "These counts differ from the tricks tapped during play; take back a trick first."
)
REVOKE_IN_PLAY = gettext_noop("A revoke can only happen once play has started.")
NO_DEAL = gettext_noop("There is no deal %(number)s.")
ADJUST_SCORED = gettext_noop("Adjust a deal once it is scored.")
ADJUST_POINTS = gettext_noop("Enter the points to add or take away (not 0).")
NOT_WHOLE = gettext_noop("Enter whole numbers only.")


class Evening:
    """A session's table as its entries come. ``records``: the deals scored so far (a
    revoked one followed by its replay), the table's deal numbers counting each; the deal in
    play: ``trump`` (None: not chosen), ``bids`` and ``out_of_turn`` by seat, ``winners`` of
    the tricks tapped. Each entry changes it or raises `RuleError`, changing nothing."""

    def __init__(
        self, tally: Tally, records: list, playing: dict | None = None, known: Tally | None = None
    ) -> None:
        self.tally = tally
        #: The same game scored before (a phone's request before this one): a deal entered
        #: as it was then is taken from it rather than scored again.
        self.known = known
        self.records = list(records)
        playing = playing or {}
        plan = self.plan
        self.trump = playing.get("trump") or (plan.trump if plan else None)
        self.bids = {
            seat: bid for seat, bid in enumerate(playing.get("bids") or ()) if bid is not None
        }
        self.out_of_turn = frozenset(playing.get("out_of_turn") or ())
        self.winners = list(playing.get("winners") or ())

    @property
    def plan(self) -> DealPlan | None:
        """The deal in play, None once the schedule is over."""
        tally = self.tally
        return tally.plans[tally.slot] if tally.slot < len(tally.plans) else None

    @property
    def number(self) -> int:
        """The deal in play as the table counts deals (a replay has its own number)."""
        return len(self.records) + 1

    @property
    def bidding(self) -> Bidding:
        plan = self._playing()
        return Bidding(
            players=self.tally.players,
            dealer=plan.dealer,
            cards=plan.cards,
            hook=plan.hook,
            bids=dict(self.bids),
            out_of_turn=self.out_of_turn,
            play_started=bool(self.winners),
        )

    def _playing(self) -> DealPlan:
        plan = self.plan
        if plan is None:
            raise RuleError(FINISHED)
        return plan

    def _seat(self, seat: object) -> int:
        _check_seat(seat, self.tally.players, NO_SEAT)
        return seat

    # -- the entries (games.services.oh_hell: set_trump, place_bid, ...) ----------------

    def set_trump(self, trump: str | None) -> None:
        self.trump = check_trump(trump, self._playing())

    def bid(self, seat: object, bid: object) -> None:
        self._playing()
        seat = self._seat(seat)
        if self.bids.get(seat) == bid:
            return  # a double tap
        placed = self.bidding.place(seat, bid)
        self.bids, self.out_of_turn = dict(placed.bids), placed.out_of_turn

    def trick(self, number: int, seat: object) -> None:
        plan = self._playing()
        seat = self._seat(seat)
        if not self.bidding.complete:
            raise RuleError(BIDS_BEFORE_PLAY)
        if number <= len(self.winners):
            return  # tapped already (a double tap)
        tally_tricks(self.winners + [seat], plan.cards, self.tally.players)  # noqa: RUF005
        self.winners.append(seat)

    def undo_trick(self, number: int) -> None:
        if len(self.winners) == number:
            self.winners.pop()

    def tricks(self, counts: list) -> None:
        """Everyone's tricks (one missing is what remains): the deal scored."""
        plan = self._playing()
        players = self.tally.players
        if not self.bidding.complete:
            raise RuleError(BIDS_BEFORE_TRICKS)
        filled = complete_tricks(list(counts)[:players], plan.cards)
        checked = check_tricks(filled, plan.cards, players)
        if not taps_agree(self.winners, checked, plan.cards, players):
            raise RuleError(TAPS_DIFFER)
        self._score(DealRecord(bids=self._bids(), tricks=checked, trump=self.trump))

    def revoke(self, seat: object) -> None:
        self._playing()
        seat = self._seat(seat)
        if not self.bidding.complete:
            raise RuleError(REVOKE_IN_PLAY)
        self._score(DealRecord(bids=self._bids(), trump=self.trump, revoke=seat))

    def adjust(self, number: int, seat: object, points: object, note: str = "") -> None:
        """An adjustment to deal ``number``, scored already; every total after it follows."""
        if not 0 < number <= len(self.records) + (self.plan is not None):
            raise RuleError(NO_DEAL, number=number)
        if number > len(self.records):
            raise RuleError(ADJUST_SCORED)
        seat = self._seat(seat)
        if not isinstance(points, int) or isinstance(points, bool) or points == 0:
            raise RuleError(ADJUST_POINTS)
        record = self.records[number - 1]
        # Lists and tuples joined with +: MicroPython has no (*a, b) displays.
        adjustments = list(record.adjustments)
        adjustments.append(Adjustment(seat, points, " ".join(note.split())))
        adjusted = replace(record, adjustments=tuple(adjustments))
        records = list(self.records)
        records[number - 1] = adjusted
        tally = self._known(records)
        if tally is None:
            tally = self.tally.upto(number - 1)
            for each in records[number - 1 :]:
                tally.add(each)
        self.tally, self.records = tally, records

    def _added(self, record: DealRecord) -> Tally:
        self.tally.add(record)
        return self.tally

    def _bids(self) -> tuple:
        return tuple(self.bids.get(seat) for seat in range(self.tally.players))

    def _known(self, records: list) -> Tally | None:
        """The known tally's first deals, if they are ``records``."""
        known = self.known
        if known is None or len(known.results) < len(records):
            return None
        if any(known.results[i].record != record for i, record in enumerate(records)):
            return None
        return known.upto(len(records))

    def _score(self, record: DealRecord) -> None:
        records = list(self.records)
        records.append(record)
        self.tally = self._known(records) or self._added(record)  # a refusal changes nothing
        self.records = records
        plan = self.plan
        self.trump = plan.trump if plan else None
        self.bids, self.out_of_turn, self.winners = {}, frozenset(), []
