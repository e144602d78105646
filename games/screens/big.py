"""The big screen (issue 40): a session drawn for a television across the room, whatever its
game. Each table's screens module gives ``big_screen(table) -> BigScreen``, filled from what
its rules worked out; one shared template draws it (templates/games/big_screen.html). Its
drawing holds no form or token, so it is drawn once per version and language and kept in the
"tables" cache, as a follower's table is (games.screens.drawing)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.cache import caches
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import get_language, ngettext

from games.kinds import kind_of
from games.screens.common import BIDS_POLL_SECONDS, POLL_SECONDS

#: The rounds the grid shows, the last ones: what fits under the deal at 1080 px.
LAST_ROUNDS = 8


@dataclass(frozen=True)
class SeatLine:
    """A player in the deal in play: the bid so far and, once play has begun, the tricks."""

    name: str
    dealer: bool = False
    turn: bool = False  # the one to bid next
    bid: int | None = None
    tricks: int | None = None


@dataclass(frozen=True)
class Place:
    """A line of the totals, best first: a player, or a team."""

    place: int
    name: str
    total: int
    winner: bool = False
    out: bool = False
    mark: str = ""  # the game's own word beside a total (bags, the barrel)


@dataclass(frozen=True)
class GridRow:
    """One round of the grid: its number and each column's points (None: took no part)."""

    number: int
    points: list[int | None]


@dataclass
class BigScreen:
    """What the big screen shows, every text in the active language."""

    title: str
    facts: list[str] = field(default_factory=list)
    dealer: str = ""
    to_bid: str = ""
    hook: str = ""  # the number the hook forbids, said with who may not bid it
    call: str = ""  # over, under, even, contracts: what the game announces after the bids
    call_detail: str = ""
    seats: list[SeatLine] = field(default_factory=list)  # only where the game has bids
    standings: list[Place] = field(default_factory=list)
    heads: list[str] = field(default_factory=list)  # the grid's columns: players or teams
    rows: list[GridRow] = field(default_factory=list)
    finished: bool = False
    winners: list[str] = field(default_factory=list)
    bidding: bool = False  # the bids are being made: the reveal comes at the next poll

    @property
    def poll_seconds(self) -> int:
        return BIDS_POLL_SECONDS if self.bidding else POLL_SECONDS

    @property
    def has_tricks(self) -> bool:
        return any(seat.tricks is not None for seat in self.seats)


def last_rounds(rows: list[GridRow]) -> list[GridRow]:
    return rows[-LAST_ROUNDS:]


def screen_key(public_id: str, version: int) -> str:
    """Where the big screen's drawing of this version, in the page's language, is kept."""
    return f"screen:{public_id}:{version}:{get_language()}"


def kept_screen(public_id: str, version: int) -> str | None:
    return caches["tables"].get(screen_key(public_id, version))


def keep_screen(public_id: str, version: int, html: str) -> None:
    caches["tables"].set(screen_key(public_id, version), html)


def result_card(table) -> dict:
    """The final standings as the result card draws them (static/js/card.js), every word and
    figure from here: the script places them on the image and computes nothing."""
    screen = table.big().big_screen(table)
    game = table.game
    when = localtime(game.finished_at or game.updated_at)
    winners = screen.winners
    headline = (
        ngettext("Winner: %(names)s", "Winners, sharing the win: %(names)s", len(winners))
        % {"names": ", ".join(winners)}
        if winners
        else screen.title  # no winner to name: "Game over"
    )
    return {
        "game": str(kind_of(game.kind).label),
        "headline": headline,
        "date": date_format(when, "DATE_FORMAT"),
        "lines": [
            {
                "place": f"{line.place}.",
                "name": line.name,
                "total": f"−{-line.total}" if line.total < 0 else str(line.total),
                "winner": line.winner,
            }
            for line in screen.standings
        ],
        "file": f"scorekeeper-{game.public_id}-{when:%Y-%m-%d}.png",
        "footer": "Scorekeeper",
    }
