"""What a game calls the part it is scored by: a round, a deal or a hand, as its own rules
call it. Its Kind names its unit (games/kinds.py);
every screen, refusal and history line that counts them takes its words from there.

The words are whole sentences, each marked for the catalogues, so that every language
can decline the noun and make the rest agree with it: Italian's "mano" and "smazzata"
are feminine, Polish's "runda" feminine and "rozdanie" neuter, Russian's "раунд"
masculine and "сдача" feminine. A template says one with ``{{ unit.title|say:n }}``
(games.templatetags.entries); Python with ``gettext(unit.title) % {"n": n}``, or as a
RuleError's message. The placeholders: ``n`` on the screens, ``number`` in a refusal,
``deal`` and ``deals`` in the history (games/views/sheet.py), ``rounds`` or ``deals`` in
the chart's description and the summary."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_noop, ngettext_lazy


@dataclass(frozen=True)
class Unit:
    name: str
    #: A column's head: "Round".
    head: str
    #: The statistics' column head, and a figure: "Rounds", "Rounds played".
    heads: str
    played: str
    #: A table's title: "Round 3".
    title: str
    #: Its form's button: "Save round 3".
    save: str
    #: The line after it: "Round 3 scored".
    scored: str
    #: The score sheet's link: "Correct round 3"; the page's title: "Correct a round".
    correct: str
    correct_one: str
    #: A cell's explanation, titled: "Anna, round 3".
    cell: str
    #: The score sheet's help.
    each_cell: str
    tap_to_correct: str
    none_entered: str
    #: The big screen: the grid's title and an empty grid.
    last: str
    none_scored: str
    #: Refusals.
    not_played: str
    already: str
    all_bids_in: str
    ends_early: str
    #: The phone offline (games/screens/rounds.py).
    ahead_kept: str
    not_scored: str
    #: The chart's description, by the number played (``rounds``, or ``deals``).
    chart: Promise
    #: The summary to copy into a chat, by the number played (``rounds``, or ``deals``).
    after: Promise
    #: The history's lines, by the action they tell of (games/views/sheet.py).
    history: dict


ROUND = Unit(
    name="round",
    head=gettext_noop("Round"),
    heads=gettext_noop("Rounds"),
    played=gettext_noop("Rounds played"),
    title=gettext_noop("Round %(n)s"),
    save=gettext_noop("Save round %(n)s"),
    scored=gettext_noop("Round %(n)s scored"),
    correct=gettext_noop("Correct round %(n)s"),
    correct_one=gettext_noop("Correct a round"),
    cell=gettext_noop("%(name)s, round %(n)s"),
    each_cell=gettext_noop("Each cell: the round's points, then the running total."),
    tap_to_correct=gettext_noop("Tap a round's number to correct it."),
    none_entered=gettext_noop("No round entered yet."),
    last=gettext_noop("The last rounds"),
    none_scored=gettext_noop("No round scored yet."),
    not_played=gettext_noop("Round %(number)s has not been played yet."),
    already=gettext_noop(
        "Round %(number)s was already entered. Open it from the score sheet to correct it."
    ),
    all_bids_in=gettext_noop("Every bid of this round is in already."),
    ends_early=gettext_noop("With this correction the game ends before its last round."),
    ahead_kept=gettext_noop("Every round drawn ahead is kept; the next comes with the connection."),
    not_scored=gettext_noop("Not scored on this phone: a round before it was refused."),
    chart=ngettext_lazy(
        "Each player's total after every round, %(rounds)s round so far. Now: %(finals)s.",
        "Each player's total after every round, %(rounds)s rounds so far. Now: %(finals)s.",
        "rounds",
    ),
    after=ngettext_lazy(
        "After %(rounds)s round: %(scores)s", "After %(rounds)s rounds: %(scores)s", "rounds"
    ),
    history={
        "round_corrected": gettext_noop("Round %(deal)s corrected."),
        "round": gettext_noop("Round %(deal)s: %(points)s."),
        "bids": gettext_noop("Round %(deal)s: bids %(bids)s."),
        # Who sent a bid, never the bid: it is shown when every seat's is in.
        "bid_sealed": gettext_noop(
            "Round %(deal)s: a bid is in, hidden until all are (%(player)s)."
        ),
        # A bid made in turn from a player's own phone (Kind.bids_in_turn).
        "seat_bid": gettext_noop("Round %(deal)s: %(player)s bids %(bid)s."),
        "ended": gettext_noop("The table ended the game after round %(deal)s."),
        "import": gettext_noop("Imported from a file (%(deals)s rounds)."),
        "restored": gettext_noop("Brought back after it was deleted (%(deals)s rounds)."),
    },
)

DEAL = Unit(
    name="deal",
    head=gettext_noop("Deal"),
    heads=gettext_noop("Deals"),
    played=gettext_noop("Deals played"),
    title=gettext_noop("Deal %(n)s"),
    save=gettext_noop("Save deal %(n)s"),
    scored=gettext_noop("Deal %(n)s scored"),
    correct=gettext_noop("Correct deal %(n)s"),
    correct_one=gettext_noop("Correct a deal"),
    cell=gettext_noop("%(name)s, deal %(n)s"),
    each_cell=gettext_noop("Each cell: the deal's points, then the running total."),
    tap_to_correct=gettext_noop("Tap a deal's number to correct it."),
    none_entered=gettext_noop("No deal entered yet."),
    last=gettext_noop("The last deals"),
    none_scored=gettext_noop("No deal scored yet."),
    not_played=gettext_noop("Deal %(number)s has not been played yet."),
    already=gettext_noop(
        "Deal %(number)s was already entered. Open it from the score sheet to correct it."
    ),
    all_bids_in=gettext_noop("Every bid of this deal is in already."),
    ends_early=gettext_noop("With this correction the game ends before its last deal."),
    ahead_kept=gettext_noop("Every deal drawn ahead is kept; the next comes with the connection."),
    not_scored=gettext_noop("Not scored on this phone: a deal before it was refused."),
    chart=ngettext_lazy(
        "Each player's total after every deal, %(deals)s deal so far. Now: %(finals)s.",
        "Each player's total after every deal, %(deals)s deals so far. Now: %(finals)s.",
        "deals",
    ),
    after=ngettext_lazy(
        "After %(deals)s deal: %(scores)s", "After %(deals)s deals: %(scores)s", "deals"
    ),
    history={
        "round_corrected": gettext_noop("Deal %(deal)s corrected."),
        "round": gettext_noop("Deal %(deal)s: %(points)s."),
        "bids": gettext_noop("Deal %(deal)s: bids %(bids)s."),
        "bid_sealed": gettext_noop(
            "Deal %(deal)s: a bid is in, hidden until all are (%(player)s)."
        ),
        "seat_bid": gettext_noop("Deal %(deal)s: %(player)s bids %(bid)s."),
        "ended": gettext_noop("The table ended the game after deal %(deal)s."),
        "import": gettext_noop("Imported from a file (%(deals)s deals)."),
        "restored": gettext_noop("Brought back after it was deleted (%(deals)s deals)."),
    },
)

HAND = Unit(
    name="hand",
    head=gettext_noop("Hand"),
    heads=gettext_noop("Hands"),
    played=gettext_noop("Hands played"),
    title=gettext_noop("Hand %(n)s"),
    save=gettext_noop("Save hand %(n)s"),
    scored=gettext_noop("Hand %(n)s scored"),
    correct=gettext_noop("Correct hand %(n)s"),
    correct_one=gettext_noop("Correct a hand"),
    cell=gettext_noop("%(name)s, hand %(n)s"),
    each_cell=gettext_noop("Each cell: the hand's points, then the running total."),
    tap_to_correct=gettext_noop("Tap a hand's number to correct it."),
    none_entered=gettext_noop("No hand entered yet."),
    last=gettext_noop("The last hands"),
    none_scored=gettext_noop("No hand scored yet."),
    not_played=gettext_noop("Hand %(number)s has not been played yet."),
    already=gettext_noop(
        "Hand %(number)s was already entered. Open it from the score sheet to correct it."
    ),
    all_bids_in=gettext_noop("Every bid of this hand is in already."),
    ends_early=gettext_noop("With this correction the game ends before its last hand."),
    ahead_kept=gettext_noop("Every hand drawn ahead is kept; the next comes with the connection."),
    not_scored=gettext_noop("Not scored on this phone: a hand before it was refused."),
    chart=ngettext_lazy(
        "Each player's total after every hand, %(rounds)s hand so far. Now: %(finals)s.",
        "Each player's total after every hand, %(rounds)s hands so far. Now: %(finals)s.",
        "rounds",
    ),
    after=ngettext_lazy(
        "After %(rounds)s hand: %(scores)s", "After %(rounds)s hands: %(scores)s", "rounds"
    ),
    history={
        "round_corrected": gettext_noop("Hand %(deal)s corrected."),
        "round": gettext_noop("Hand %(deal)s: %(points)s."),
        "bids": gettext_noop("Hand %(deal)s: bids %(bids)s."),
        "bid_sealed": gettext_noop(
            "Hand %(deal)s: a bid is in, hidden until all are (%(player)s)."
        ),
        "seat_bid": gettext_noop("Hand %(deal)s: %(player)s bids %(bid)s."),
        "ended": gettext_noop("The table ended the game after hand %(deal)s."),
        "import": gettext_noop("Imported from a file (%(deals)s hands)."),
        "restored": gettext_noop("Brought back after it was deleted (%(deals)s hands)."),
    },
)
