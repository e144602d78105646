"""Random evenings of every game, and after every step the files the app writes read
back the same (issue 25, "a backup that cannot be restored").

A hypothesis state machine plays a notebook's evening through the services: bids in
and out of turn, bid changes, trick taps and take-backs, scoring, revokes, adjustments
added and removed, corrections of any past deal, undo, finishing, "same table again",
Kozel deals and corrections, and for the games scored round by round (Skull King, the
score sheet) bids, rounds, corrections and the table's end. Some of its moves are
refused by the rules (a bid the hook forbids, counts that contradict the taps, a bonus
without a trick): a refusal must leave the session as it was. After every step:

- each session's export, imported into a fresh notebook and exported again, is the
  same file apart from its id and times;
- the notebook's backup, restored into an empty database, gives the same backup.

Both checks run in a savepoint that is rolled back, so the evening goes on unchanged.
"""

from __future__ import annotations

import contextlib

import pytest
from django.apps import apps
from django.db import connection, transaction
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from games import exports, services
from games.kinds import KINDS, kind_of
from games.models import Game, Notebook
from games.rules import RuleError, kozel, oh_hell, skull_king, spades
from games.services import Conflict
from games.services import oh_hell as oh_hell_services
from games.tables.oh_hell import OhHellTable
from games.tables.rounds import RoundsTable

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn", "Gus"]
#: Short schedules, so that games end within an evening of a few dozen steps.
SCHEDULES = [[1, 2], [2, 1], [1, 1, 1], [3, 2], [2]]


class Rollback(Exception):
    """Leaves a savepoint without keeping what was done in it."""


def without_ids(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("id", "created_at", "finished_at")}


def empty_database() -> None:
    """Every row of the app's tables gone, one DELETE a table (the ORM's cascade fetched
    every row of the notebooks first: a sixth of this test's time). The foreign keys are
    checked when the transaction ends; it is rolled back."""
    with connection.cursor() as cursor:
        for model in apps.get_app_config("games").get_models(include_auto_created=True):
            cursor.execute(f"DELETE FROM {connection.ops.quote_name(model._meta.db_table)}")


def backup_without_ids(notebook: Notebook) -> dict:
    [(notebook, tables)] = exports.load_notebooks(Notebook.objects.filter(pk=notebook.pk))
    data = exports.notebook_json(notebook, tables)
    data.pop("created_at")
    data["sessions"] = [without_ids(session) for session in data["sessions"]]
    return data


class Evening(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.notebook = Notebook.objects.create(name="An evening")
        self.game: Game | None = None

    # -- starting ------------------------------------------------------------------------

    @initialize(
        # Every registered game (a new one needs its moves below: ROUNDS, and its start).
        kind=st.sampled_from(sorted(KINDS)),
        players=st.integers(min_value=3, max_value=5),
        schedule=st.sampled_from(SCHEDULES),
        hook=st.booleans(),
        preset=st.sampled_from(["classic", "italian", "oh_well", "down_and_up_hook"]),
        kozel_preset=st.sampled_from(["short", "doubled_eggs", "eggs_plus_two"]),
        first_dealer=st.integers(min_value=0, max_value=3),
        sheet_preset=st.sampled_from(["free", "scala_40", "hearts", "burraco"]),
        advanced=st.booleans(),
        spades_options=st.fixed_dictionaries(
            {
                "failed_nil": st.sampled_from(["bags", "count"]),
                "blind_nil": st.sampled_from(["off", "on", "behind"]),
                "bags": st.booleans(),
                "bag_limit": st.sampled_from([10, 5]),
                "min_team_bid": st.sampled_from([0, 4]),
                "moon": st.sampled_from(["off", "wins", "points"]),
            }
        ),
    )
    def start(
        self,
        kind,
        players,
        schedule,
        hook,
        preset,
        kozel_preset,
        first_dealer,
        sheet_preset,
        advanced,
        spades_options,
    ) -> None:
        if kind == "spades":
            # A short game, so that some evenings reach its end.
            rules = spades.Rules(target=250, ten_for_200=advanced, **spades_options)
            options, preset, players = services.rules_as_options(rules), "short", 4
        elif kind == "skull_king":
            rules = skull_king.Rules(
                rounds=tuple(schedule), kraken=advanced, white_whale=advanced, loot=advanced
            )
            options, preset = services.rules_as_options(rules), "rulebook"
        elif kind == "tysiac":
            preset = "russian" if advanced else "polish"
            players = 3 + players % 2
            options = kind_of(kind).preset_options(preset)
        elif kind == "any_game":
            preset = sheet_preset
            players = 4 if preset == "burraco" else players
            options = kind_of(kind).preset_options(preset)
        elif kind == "kozel":
            options = services.rules_as_options(kozel.PRESETS[kozel_preset])
            preset, players = kozel_preset, 4
        else:
            rules = oh_hell.PRESETS[preset].with_options(
                schedule="custom", custom_schedule=tuple(schedule), hook=hook
            )
            options = services.rules_as_options(rules)
        self.game = services.start_game(
            notebook=self.notebook,
            kind=kind,
            preset=preset,
            options=options,
            names=NAMES[:players],
            first_dealer=first_dealer % players,
        )

    # -- reading the session ------------------------------------------------------------------

    def fresh(self) -> Game:
        self.game = Game.objects.get(pk=self.game.pk)
        return self.game

    def oh_hell_table(self) -> OhHellTable | None:
        game = self.fresh()
        if game.kind != "oh_hell":
            return None
        return services.load(game)

    def in_play(self) -> bool:
        table = self.oh_hell_table()
        return table is not None and table.current is not None

    def attempt(self, action, **kwargs) -> bool:
        """Run a service; a refusal must leave the session as it was. True if it
        changed the session."""
        version = self.fresh().version
        try:
            action(game=self.game, **kwargs)
        except (RuleError, Conflict):
            assert self.fresh().version == version
            event(f"{action.__name__} refused")
            return False
        changed = self.fresh().version != version
        if changed:
            event(f"{action.__name__} taken")
        return changed

    # -- Oh Hell --------------------------------------------------------------------------------

    @precondition(lambda self: self.in_play())
    @rule(suit=st.sampled_from(["S", "H", "D", "C", "NT"]))
    def trump(self, suit) -> None:
        table = self.oh_hell_table()
        self.attempt(
            oh_hell_services.set_trump, deal_number=table.deal_number(table.current), trump=suit
        )

    @precondition(lambda self: self.in_play())
    @rule(data=st.data())
    def bids_in_turn(self, data) -> None:
        """The players still to bid, in turn (a bid the hook forbids is refused)."""
        while (table := self.oh_hell_table()).current is not None:
            seat = table.bidding.to_bid
            if seat is None:
                return
            bid = data.draw(st.integers(min_value=0, max_value=table.plan.cards), label="bid")
            if bid == table.bidding.forbidden(seat):
                event("the hook refuses a bid")
            self.attempt(
                oh_hell_services.place_bid,
                deal_number=table.deal_number(table.current),
                seat=seat,
                bid=bid,
                was=None,
            )
            if self.oh_hell_table().bidding.bids.get(seat) != bid:
                return

    @precondition(lambda self: self.in_play())
    @rule(data=st.data())
    def bid_out_of_turn_or_change(self, data) -> None:
        table = self.oh_hell_table()
        seat = data.draw(st.integers(min_value=0, max_value=table.players - 1), label="seat")
        bid = data.draw(st.integers(min_value=0, max_value=table.plan.cards), label="bid")
        self.attempt(
            oh_hell_services.place_bid,
            deal_number=table.deal_number(table.current),
            seat=seat,
            bid=bid,
        )

    @precondition(lambda self: self.in_play())
    @rule(data=st.data())
    def tap_tricks(self, data) -> None:
        """A few tricks tapped as they fall."""
        for _ in range(data.draw(st.integers(1, 3), label="taps")):
            table = self.oh_hell_table()
            if table.current is None:
                return
            seat = data.draw(st.integers(min_value=0, max_value=table.players - 1), label="seat")
            self.attempt(
                oh_hell_services.record_trick,
                deal_number=table.deal_number(table.current),
                trick_number=len(table.current.trick_winners) + 1,
                seat=seat,
            )

    @precondition(lambda self: self.in_play())
    @rule()
    def take_back_trick(self) -> None:
        table = self.oh_hell_table()
        if table.current.trick_winners:
            self.attempt(
                oh_hell_services.undo_trick,
                deal_number=table.deal_number(table.current),
                trick_number=len(table.current.trick_winners),
            )

    @precondition(lambda self: self.in_play())
    @rule(data=st.data(), from_taps=st.booleans())
    def score_deal(self, data, from_taps) -> None:
        table = self.oh_hell_table()
        cards, players = table.plan.cards, table.players
        tricks = data.draw(_counts(cards, players), label="tricks")
        winners = table.current.trick_winners
        if from_taps and winners:  # the taps, and the rest to one player
            tricks = list(oh_hell.tally_tricks(winners, cards, players))
            tricks[data.draw(st.integers(0, players - 1), label="rest")] += cards - len(winners)
        self.attempt(
            oh_hell_services.record_tricks,
            deal_number=table.deal_number(table.current),
            tricks=tricks,
        )
        if self.fresh().version != table.game.version:
            event("a deal scored" + (" after taps" if winners else ""))
            if self.game.finished:
                event("a game finished")

    @precondition(lambda self: self.in_play())
    @rule(data=st.data())
    def play_a_whole_deal(self, data) -> None:
        """Bids in turn that the hook allows, a few tricks tapped, and counts that agree
        with the taps: the evening moves on to its end."""
        table = self.oh_hell_table()
        number, cards, players = table.deal_number(table.current), table.plan.cards, table.players
        while (bidding := self.oh_hell_table().bidding).to_bid is not None:
            seat = bidding.to_bid
            allowed = [bid for bid in range(cards + 1) if bid != bidding.forbidden(seat)]
            bid = data.draw(st.sampled_from(allowed), label="bid")
            self.attempt(
                oh_hell_services.place_bid, deal_number=number, seat=seat, bid=bid, was=None
            )
        tapped = data.draw(st.lists(st.integers(0, players - 1), max_size=cards), label="taps")
        first = len(self.oh_hell_table().current.trick_winners) + 1
        for trick, seat in enumerate(tapped, start=first):
            if trick <= cards:
                self.attempt(
                    oh_hell_services.record_trick, deal_number=number, trick_number=trick, seat=seat
                )
        winners = self.oh_hell_table().current.trick_winners
        tricks = list(oh_hell.tally_tricks(winners, cards, players))
        tricks[data.draw(st.integers(0, players - 1), label="rest")] += cards - len(winners)
        if self.attempt(oh_hell_services.record_tricks, deal_number=number, tricks=tricks):
            event("a whole deal played" + (" with taps" if winners else ""))
            if self.game.finished:
                event("a game finished")

    @precondition(lambda self: self.in_play())
    @rule(data=st.data())
    def revoke(self, data) -> None:
        table = self.oh_hell_table()
        seat = data.draw(st.integers(min_value=0, max_value=table.players - 1), label="seat")
        self.attempt(
            oh_hell_services.record_revoke, deal_number=table.deal_number(table.current), seat=seat
        )

    @precondition(lambda self: self.game is not None and self.game.kind == "oh_hell")
    @rule(data=st.data())
    def adjust(self, data) -> None:
        table = self.oh_hell_table()
        if not table.done_deals:
            return
        number = data.draw(st.integers(1, len(table.deals)), label="deal")
        self.attempt(
            oh_hell_services.add_adjustment,
            deal_number=number,
            seat=data.draw(st.integers(0, table.players - 1), label="seat"),
            points=data.draw(st.integers(-30, 30).filter(bool), label="points"),
            note=data.draw(
                st.sampled_from(["", "late", "  two  spaces ", "Ünïcødé"]), label="note"
            ),
        )

    @precondition(lambda self: self.game is not None and self.game.kind == "oh_hell")
    @rule(data=st.data())
    def remove_adjustment(self, data) -> None:
        table = self.oh_hell_table()
        with_adjustments = [
            number for number, deal in enumerate(table.deals, start=1) if deal.adjustment_list
        ]
        if with_adjustments:
            number = data.draw(st.sampled_from(with_adjustments), label="deal")
            self.attempt(oh_hell_services.remove_adjustment, deal_number=number, index=0)

    @precondition(lambda self: self.game is not None and self.game.kind == "oh_hell")
    @rule(data=st.data())
    def correct_a_past_deal(self, data) -> None:
        table = self.oh_hell_table()
        scored = table.result.deals
        if not scored:
            return
        number = data.draw(st.integers(1, len(scored)), label="deal")
        cards, players = scored[number - 1].plan.cards, table.players
        bids = data.draw(st.lists(st.integers(0, cards), min_size=players, max_size=players))
        self.attempt(
            oh_hell_services.correct_deal,
            deal_number=number,
            bids=bids,
            tricks=data.draw(_counts(cards, players), label="tricks"),
            trump=data.draw(st.sampled_from(["", "S", "H", "NT"]), label="trump"),
            version=self.game.version,
        )

    # -- games scored round by round ---------------------------------------------------------

    def rounds_table(self) -> RoundsTable | None:
        table = services.load(self.fresh())
        return table if isinstance(table, RoundsTable) else None

    def next_round(self):
        table = self.rounds_table()
        return None if table is None else table.result.next_round

    @precondition(lambda self: self.game is not None and self.next_round() is not None)
    @rule(data=st.data())
    def round_bids(self, data) -> None:
        table = self.rounds_table()
        plan = table.result.next_round
        if table.game.kind == "skull_king":
            bids = data.draw(st.lists(st.integers(0, plan.cards), min_size=3, max_size=3))
            bids = (bids * 3)[: table.players]
            self.attempt(services.record_bids, round_number=plan.number, entry={"bids": bids})
        elif table.game.kind == "spades":
            entry = _spades(data, table, plan)
            entry.pop("tricks", None)
            entry.pop("team_tricks", None)
            self.attempt(services.record_bids, round_number=plan.number, entry=entry)

    @precondition(lambda self: self.game is not None and self.next_round() is not None)
    @rule(data=st.data())
    def round_entry(self, data) -> None:
        table = self.rounds_table()
        plan = table.result.next_round
        entry = _round(data, table, plan)
        self.attempt(services.record_round, round_number=plan.number, entry=entry)

    @precondition(lambda self: self.game is not None and self.rounds_table() is not None)
    @rule(data=st.data())
    def round_correction(self, data) -> None:
        table = self.rounds_table()
        if table.deals:
            number = data.draw(st.integers(1, len(table.deals)), label="round")
            plan = table.result.rounds[number - 1].plan
            entry = _round(data, table, plan)
            self.attempt(
                services.correct_round, round_number=number, entry=entry, version=self.game.version
            )

    @precondition(lambda self: self.game is not None and self.fresh().kind == "any_game")
    @rule()
    def end_the_game(self) -> None:
        self.attempt(services.end_game)

    # -- either game -------------------------------------------------------------------------

    @precondition(lambda self: self.game is not None)
    @rule()
    def undo(self) -> None:
        self.attempt(services.undo_last, version=self.fresh().version)

    @precondition(lambda self: self.game is not None and self.fresh().finished)
    @rule()
    def same_table_again(self) -> None:
        self.game = services.play_again(game=self.fresh())

    # -- the files read back the same ---------------------------------------------------------

    @invariant()
    def every_session_file_reads_back_the_same(self) -> None:
        if self.game is None:
            return
        for game in Game.objects.filter(notebook=self.notebook):
            exported = exports.session_json(services.load(game))
            with contextlib.suppress(Rollback), transaction.atomic():
                plan = exports.session_plan(exported)
                copy = exports.import_session(notebook=Notebook.objects.create(), plan=plan)
                again = exports.session_json(services.load(copy))
                assert without_ids(again) == without_ids(exported)
                raise Rollback

    @invariant()
    def the_backup_restores_into_an_empty_database(self) -> None:
        if self.game is None:
            return
        backup = backup_without_ids(self.notebook)
        [(notebook, tables)] = exports.load_notebooks(Notebook.objects.filter(pk=self.notebook.pk))
        data = exports.notebooks_json([(notebook, tables)])
        with contextlib.suppress(Rollback), transaction.atomic():
            empty_database()
            assert not Game.objects.exists() and not Notebook.objects.exists()
            [plan] = exports.notebooks_plan(data)
            restored = exports.restore(
                notebook=None,
                players=plan.players,
                sessions=plan.sessions,
                name=plan.name,
                key=plan.key,
            )
            assert restored.notebook.key == self.notebook.key
            assert backup_without_ids(restored.notebook) == backup
            raise Rollback


def _counts(cards: int, players: int):
    """Tricks by seat that add up to ``cards``."""
    return st.lists(st.integers(0, players - 1), min_size=cards, max_size=cards).map(
        lambda winners: [winners.count(seat) for seat in range(players)]
    )


def _round(data, table: RoundsTable, plan) -> dict:
    """A round as a scorekeeper might enter it; now and then one the rules refuse."""
    if table.game.kind == "skull_king":
        bids = [data.draw(st.integers(0, plan.cards), label="bid") for _ in range(table.players)]
        tricks = data.draw(_counts(plan.cards, table.players), label="tricks")
        bonuses = [{} for _ in range(table.players)]
        seat = data.draw(st.integers(0, table.players - 1), label="bonus seat")
        bonus = data.draw(
            st.sampled_from([{}, {"fourteens": 1}, {"pirates": 1}, {"wager": 10}]), label="bonus"
        )
        bonuses[seat] = bonus  # refused when that player took no trick
        return {"bids": bids, "tricks": tricks, "bonuses": bonuses}
    if table.game.kind == "tysiac":
        return _tysiac(data, table, plan)
    if table.game.kind == "spades":
        return _spades(data, table, plan)
    if table.game.kind == "kozel":
        return _kozel(data)
    out = set(plan.sitting_out)
    points = [
        None if out and set(side) <= out else data.draw(st.integers(-50, 150), label="points")
        for side in table.result.sides
    ]
    return {"points": points}


def _tysiac(data, table: RoundsTable, plan) -> dict:
    playing = [seat for seat in range(table.players) if seat not in plan.sitting_out]
    bidder = data.draw(st.sampled_from(playing), label="bidder")
    contract = data.draw(st.sampled_from([100, 120, 125, 150, 200]), label="contract")
    if data.draw(st.booleans(), label="given up"):
        return {"bidder": bidder, "contract": contract, "given_up": True}
    winners = data.draw(_counts(12, len(playing)), label="card points")
    points = [None] * table.players
    for seat, tricks in zip(playing, winners, strict=True):
        points[seat] = tricks * 10  # 120 card points in all
    suits = data.draw(st.lists(st.sampled_from("HDCS"), max_size=2, unique=True), label="suits")
    marriages = {suit: data.draw(st.sampled_from(playing), label="by") for suit in suits}
    return {"bidder": bidder, "contract": contract, "points": points, "marriages": marriages}


def _spades(data, table: RoundsTable, plan) -> dict:
    """A hand: bids of 0 (nil) to 5, blind marks now and then (refused where the table does
    not play blind nil, or on a bid that is not nil), the tricks per player, or per team
    where nobody bid nil; a team bid or tricks now and then the rules refuse."""
    bids = [data.draw(st.sampled_from([0, 1, 2, 3, 4, 5]), label="bid") for _ in range(4)]
    entry: dict = {"bids": bids}
    if data.draw(st.booleans(), label="blind marks"):
        entry["blind"] = [bid == 0 and data.draw(st.booleans(), label="blind") for bid in bids]
    if 0 not in bids and data.draw(st.booleans(), label="per team"):
        first = data.draw(st.integers(0, 13), label="team tricks")
        entry["team_tricks"] = [first, 13 - first]
    else:
        entry["tricks"] = data.draw(_counts(13, 4), label="tricks")
    return entry


#: The games scored round by round whose rounds the evening enters (`_round`).
ROUND_GAMES = ("skull_king", "tysiac", "spades", "kozel", "any_game")


def test_the_evening_enters_the_rounds_of_every_registered_round_game() -> None:
    assert {name for name, kind in KINDS.items() if kind.rounds is not None} == set(ROUND_GAMES)


def _kozel(data) -> dict:
    points = data.draw(st.sampled_from([0, 20, 30, 45, 59, 60, 61, 90, 120]), label="points")
    took = (
        data.draw(st.sampled_from([None, True, False]), label="took")
        if points in (0, 120)
        else None
    )
    return {
        "team": data.draw(st.integers(0, 1), label="team"),
        "points": points,
        "zero_team_took_trick": took,
        "last_trick_seat": data.draw(st.sampled_from([None, 0, 1, 2, 3]), label="last"),
    }


Evening.TestCase.settings = settings(
    max_examples=40,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@pytest.mark.long
@pytest.mark.django_db
class TestEvenings(Evening.TestCase):
    pass
