"""The benchmarks' sessions, made the way a table makes them: through `games.services`.

Every bid, trick and Kozel deal goes through the same service a phone calls, so the
rows are exactly what the app stores. Only `notebook_with_sessions` copies rows: a
notebook of 200 sessions is a few sessions played through the services, then copied
(with their deals, hands and history) until there are enough, because playing 200
games one call at a time would take minutes on each database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games import services
from games.models import (
    Adjustment,
    Change,
    Deal,
    Game,
    Hand,
    KozelDeal,
    Notebook,
    Seat,
    ShareLink,
    new_public_id,
)
from games.rules import kozel, oh_hell

SEVEN = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn", "Gus"]

#: Seven players hold at most 7 cards, so the down-and-up schedule has only 13 deals
#: for them; the 19-deal session of issue 6 uses the same rules with a custom schedule
#: of 19 deals (down to 1, back up, then six more full hands).
NINETEEN_DEALS = (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 7)


def start_oh_hell(
    notebook: Notebook | None,
    names: Sequence[str],
    *,
    preset: str = "down_and_up_hook",
    schedule: Sequence[int] | None = None,
    first_dealer: int = 0,
) -> Game:
    rules = oh_hell.PRESETS[preset]
    if schedule is not None:
        rules = rules.with_options(schedule="custom", custom_schedule=tuple(schedule))
    return services.start_game(
        notebook=notebook,
        kind="oh_hell",
        preset=preset,
        options=services.rules_as_options(rules),
        names=list(names),
        first_dealer=first_dealer,
    )


def start_kozel(notebook: Notebook | None, names: Sequence[str], first_dealer: int = 0) -> Game:
    return services.start_game(
        notebook=notebook,
        kind="kozel",
        preset="classic",
        options=services.rules_as_options(kozel.PRESETS["classic"]),
        names=list(names),
        first_dealer=first_dealer,
    )


def _table(game: Game) -> services.OhHellTable:
    return services.load_oh_hell(Game.objects.get(pk=game.pk))


def place_bids(game: Game, count: int | None = None) -> list[int]:
    """Bids in the table's order, varied from deal to deal, never what the hook forbids."""
    table = _table(game)
    number, plan = table.deal_number(table.current), table.plan
    bidding = table.bidding
    for seat in bidding.order[:count]:
        bid = (number + seat) % 3 % (plan.cards + 1)
        if bid == bidding.forbidden(seat):
            bid = (bid + 1) % (plan.cards + 1)
        bidding = services.place_bid(game=game, deal_number=number, seat=seat, bid=bid)
    return [bidding.bids.get(seat) for seat in range(table.players)]


def tricks_for(bids: Sequence[int], cards: int) -> list[int]:
    """Tricks close to the bids (most players make theirs) that add up to the cards."""
    tricks = list(bids)
    extra = cards - sum(tricks)
    seat = 0
    while extra:
        if extra > 0:
            tricks[seat] += 1
            extra -= 1
        elif tricks[seat] > 0:
            tricks[seat] -= 1
            extra += 1
        seat = (seat + 1) % len(tricks)
    return tricks


def tap_tricks(game: Game, count: int) -> None:
    """Winners of the first ``count`` tricks of the current deal, as they fall."""
    table = _table(game)
    number = table.deal_number(table.current)
    tricks = tricks_for([table.bidding.bids[s] for s in range(table.players)], table.plan.cards)
    winners = [seat for seat, n in enumerate(tricks) for _ in range(n)]
    done = len(table.current.trick_winners)
    for index in range(done, min(count, len(winners))):
        services.record_trick(
            game=game, deal_number=number, trick_number=index + 1, seat=winners[index]
        )


def play_deal(game: Game) -> None:
    bids = place_bids(game)
    table = _table(game)
    services.record_tricks(
        game=game,
        deal_number=table.deal_number(table.current),
        tricks=tricks_for(bids, table.plan.cards),
    )


def oh_hell_session(
    notebook: Notebook | None,
    names: Sequence[str],
    *,
    played: int,
    schedule: Sequence[int] | None = None,
    bids: int = 0,
    tricks: int = 0,
    adjustment: bool = True,
) -> Game:
    """A session with ``played`` deals scored; in the next one ``bids`` bids placed and
    ``tricks`` tricks tapped. A penalty in deal 2 makes the sheet show an adjustment."""
    game = start_oh_hell(notebook, names, schedule=schedule)
    for number in range(played):
        play_deal(game)
        if adjustment and number == 1:
            services.add_adjustment(game=game, deal_number=2, seat=1, points=-10, note="late")
    if bids:
        place_bids(game, bids)
    if tricks:
        tap_tricks(game, tricks)
    return Game.objects.get(pk=game.pk)


def kozel_match(notebook: Notebook | None, deals: int) -> Game:
    """A Kozel match with ``deals`` deals entered: the teams take turns losing 2 points,
    so 10 deals leave it at 10-10, still in play; more deals end it."""
    game = start_kozel(notebook, SEVEN[:4])
    points = [70, 65, 75, 61]  # the losers keep 31 or more: 2 points each time
    for index in range(deals):
        services.record_kozel_deal(
            game=game,
            deal_number=index + 1,
            team=index % 2,
            points=points[index % len(points)],
            zero_team_took_trick=None,
            last_trick_seat=None,
        )
        if Game.objects.get(pk=game.pk).finished:
            break
    return Game.objects.get(pk=game.pk)


def view_link(game: Game) -> str:
    """A view-only share link's key, as the phones following the table use."""
    return services.new_share_link(game=game, role=ShareLink.Role.VIEW).key


def copy_session(game: Game, *, age: timedelta) -> Game:
    """The same session again, with every deal, hand, adjustment and history line."""
    copy = Game.objects.get(pk=game.pk)
    copy.pk = None
    copy.public_id = new_public_id()
    copy.save()
    when = timezone.now() - age
    Game.objects.filter(pk=copy.pk).update(created_at=when, updated_at=when)
    Seat.objects.bulk_create(
        Seat(game=copy, position=s.position, player_id=s.player_id) for s in game.seats.all()
    )
    for deal in game.deals.prefetch_related("hands", "adjustments"):
        new = Deal.objects.create(
            game=copy,
            index=deal.index,
            trump=deal.trump,
            trick_winners=deal.trick_winners,
            revoke=deal.revoke,
            done=deal.done,
        )
        Hand.objects.bulk_create(
            Hand(deal=new, seat=h.seat, bid=h.bid, out_of_turn=h.out_of_turn, tricks=h.tricks)
            for h in deal.hands.all()
        )
        Adjustment.objects.bulk_create(
            Adjustment(deal=new, seat=a.seat, points=a.points, note=a.note)
            for a in deal.adjustments.all()
        )
    KozelDeal.objects.bulk_create(
        KozelDeal(
            game=copy,
            index=d.index,
            team=d.team,
            points=d.points,
            zero_team_took_trick=d.zero_team_took_trick,
            last_trick_seat=d.last_trick_seat,
        )
        for d in game.kozel_deals.all()
    )
    Change.objects.bulk_create(
        Change(game=copy, action=c.action, params=c.params, before=c.before, undone=c.undone)
        for c in game.changes.all()
    )
    return copy


def notebook_with_sessions(sessions: int) -> Notebook:
    """A notebook with ``sessions`` sessions: finished Oh Hell games of 3 to 7 players
    and Kozel matches, played through the services, then copied."""
    notebook = Notebook.objects.create(name="Two hundred evenings")
    played = [
        oh_hell_session(notebook, SEVEN[:4], played=19),
        oh_hell_session(notebook, SEVEN[:5], played=19, adjustment=False),
        oh_hell_session(notebook, SEVEN[:3], played=19),
        oh_hell_session(notebook, SEVEN[:7], played=13),
        kozel_match(notebook, 30),
    ]
    with transaction.atomic():
        for number in range(sessions - len(played)):
            copy_session(played[number % len(played)], age=timedelta(days=number + 1))
    return notebook


@dataclass
class Pages:
    """The sessions every benchmark opens, and who may open them."""

    notebook_key: str
    #: 7 players, 19 deals (NINETEEN_DEALS), all scored.
    sheet_game: str
    #: The same table in its last deal: 18 scored, every bid in, 3 tricks tapped.
    deal_game: str
    deal_game_version: int
    #: Kozel, 6 deals entered.
    kozel_game: str
    #: The smallest case, to check that query counts do not grow: 3 players, 1 deal.
    small_game: str
    small_notebook_key: str
    #: A view-only link to deal_game, as the phones following the table open it.
    view_link: str = ""
    #: A notebook with many sessions (home, statistics); None unless asked for.
    big_notebook_key: str | None = None


def build_pages(*, sessions: int = 0) -> Pages:
    """Every session the benchmarks need, in one notebook (plus a small one)."""
    notebook = Notebook.objects.create(name="Bench table")
    sheet = oh_hell_session(notebook, SEVEN, played=19, schedule=NINETEEN_DEALS)
    deal = oh_hell_session(notebook, SEVEN, played=18, schedule=NINETEEN_DEALS, bids=7, tricks=3)
    match = kozel_match(notebook, 6)
    small_notebook = Notebook.objects.create(name="Small table")
    small = oh_hell_session(small_notebook, SEVEN[:3], played=1, adjustment=False)
    big = notebook_with_sessions(sessions) if sessions else None
    return Pages(
        notebook_key=notebook.key,
        sheet_game=sheet.public_id,
        deal_game=deal.public_id,
        deal_game_version=deal.version,
        kozel_game=match.public_id,
        small_game=small.public_id,
        small_notebook_key=small_notebook.key,
        view_link=view_link(deal),
        big_notebook_key=big.key if big else None,
    )
