"""Issue 32's property: any interleaving of going offline and back during a random evening
ends with the same server state as the same taps made online (docs/phone.md, "Offline").

An evening is drawn as the scorekeeper taps it, each tap the fields its form posts
(static/js/offline.js keeps them less the CSRF token) with a fresh once-only key:

- Oh Hell (a preset, 3 to 5 players, sometimes cut to its first deals so the game ends):
  per deal the bids in bidding order, never the number the hook forbids, sometimes one
  changed before the next player bids; sometimes a trump where the deal's plan fixes
  none; the tricks tapped one by one (sometimes a wrong one taken back) and then their
  counts, or the counts alone; sometimes an adjustment to the deal just scored.
- Kozel (a preset): deals of possible card points, a team on 0 said to have taken a trick
  or not, until the match ends or the evening does.

It is played twice, on two sessions of the same table in two notebooks (a form key names
one entry in its notebook, so both may be sent the same keys):

(a) every tap online: its own form POST, as htmx sends it;
(b) the same taps in drawn stretches: online, one POST each, sometimes sent twice (a retry
    after a timeout); offline, kept and sent in one request when the connection returns
    (one entry alone goes as its own POST, as the outbox sends it), sometimes after
    requests whose answers were lost: the same entries, or fewer, made on the server
    while the phone kept them all and sent them again.

Every answer must be a 200 with nothing refused (the taps are valid), and both sessions
must end the same: version, history, deals, hands, taps, trumps, adjustments, Kozel deals,
the totals the score sheet works out, and each form key used once.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from games import services
from games.models import Change, Game, IdempotencyKey, Notebook
from games.rules import kozel, oh_hell
from games.tables.rounds import RoundsTable
from tests.games.conftest import HTMX, client_of, form_key
from tests.games.conftest import NAMES as CAST

NAMES = [*CAST, "Eve"]

#: Drawn, then shrunk toward: no, not the value taken.
SOMETIMES = st.sampled_from([False, False, False, True])


@dataclass(frozen=True)
class Tap:
    """One entry as the page posts it: the form's action and fields, every value a string."""

    action: str
    fields: dict[str, str]


KOZEL_FIELDS = ("team", "points", "zero_team_took_trick", "last_trick_seat")


def tap(action: str, **fields: object) -> Tap:
    return Tap(action, {"idem": form_key(), **{name: str(value) for name, value in fields.items()}})


@dataclass(frozen=True)
class Evening:
    kind: str
    preset: str
    options: dict
    names: tuple[str, ...]
    first_dealer: int
    taps: tuple[Tap, ...]


# -- an evening of Oh Hell ----------------------------------------------------------------


def allowed_bids(bidding: oh_hell.Bidding, seat: int) -> list[int]:
    """The keypad less the number the hook strikes out."""
    return [bid for bid in range(bidding.cards + 1) if bid != bidding.forbidden(seat)]


def counts(cards: int, players: int) -> st.SearchStrategy[list[int]]:
    """Tricks by seat that add up to ``cards``."""
    winners = st.lists(st.integers(0, players - 1), min_size=cards, max_size=cards)
    return winners.map(lambda won: [won.count(seat) for seat in range(players)])


@st.composite
def oh_hell_evenings(draw) -> Evening:
    preset = draw(st.sampled_from(sorted(oh_hell.PRESETS)), label="preset")
    players = draw(st.integers(3, 5), label="players")
    first_dealer = draw(st.integers(0, players - 1), label="first dealer")
    deals = draw(st.integers(1, 3), label="deals")
    rules = oh_hell.PRESETS[preset]
    if draw(st.booleans(), label="the game ends"):
        played = oh_hell.schedule(rules, players)[:deals]
        rules = rules.with_options(schedule="custom", custom_schedule=played)
    plans = oh_hell.plan(rules, players, first_dealer)
    seat = st.integers(0, players - 1)
    taps = []
    for number, plan in enumerate(plans[:deals], start=1):
        bidding = oh_hell.Bidding(players, plan.dealer, plan.cards, hook=plan.hook)
        # The trump's suits show with the keypad, before the last bid (none if fixed).
        trump_at = None
        if plan.trump is None:
            trump_at = draw(st.none() | st.integers(0, players - 1), label="trump before bid")
        for position, bidder in enumerate(bidding.order):
            if position == trump_at:
                suit = draw(st.sampled_from([str(suit) for suit in oh_hell.Suit]), label="trump")
                taps.append(tap("trump", deal=number, trump=suit))
            bid = draw(st.sampled_from(allowed_bids(bidding, bidder)), label="bid")
            taps.append(tap("bid", deal=number, seat=bidder, was="", bid=bid))
            bidding = bidding.place(bidder, bid)
            other = [value for value in allowed_bids(bidding, bidder) if value != bid]
            if other and draw(SOMETIMES, label="bid changed"):
                changed = draw(st.sampled_from(other), label="changed to")
                taps.append(tap("bid", deal=number, seat=bidder, was=bid, bid=changed))
                bidding = bidding.place(bidder, changed)
        if draw(st.booleans(), label="tricks tapped"):
            winners: list[int] = []
            while len(winners) < plan.cards:
                trick = len(winners) + 1
                if draw(SOMETIMES, label="a wrong tap taken back"):
                    wrong = draw(seat, label="tapped by mistake")
                    taps.append(tap("trick", deal=number, trick=trick, seat=wrong))
                    taps.append(tap("undo_trick", deal=number, trick=trick))
                winners.append(draw(seat, label="took the trick"))
                taps.append(tap("trick", deal=number, trick=trick, seat=winners[-1]))
            tricks = oh_hell.tally_tricks(winners, plan.cards, players)
        else:
            tricks = draw(counts(plan.cards, players), label="counts")
        # Either form lists the counts in bidding order.
        by_seat = {f"tricks-{bidder}": tricks[bidder] for bidder in bidding.order}
        taps.append(tap("tricks", deal=number, **by_seat))
        # The form shows while a next deal is to play.
        if number < len(plans) and draw(SOMETIMES, label="adjusted"):
            points = draw(st.integers(-50, 50).filter(bool), label="points")
            note = draw(st.sampled_from(["", "late", "  two  spaces ", "Ünïcødé"]), label="note")
            taps.append(tap("adjust", deal=number, seat=draw(seat), points=points, note=note))
    return Evening(
        kind="oh_hell",
        preset=preset,
        options=services.rules_as_options(rules),
        names=tuple(NAMES[:players]),
        first_dealer=first_dealer,
        taps=tuple(taps),
    )


# -- a match of Kozel ---------------------------------------------------------------------

#: The bands' edges and the no-trick cases, or any points a team can hold.
EDGES = st.sampled_from([0, 120, 60, 30, 31, 59, 61, 90])
CARD_POINTS = EDGES | st.integers(0, 120).filter(kozel.possible_points)


@st.composite
def kozel_matches(draw) -> Evening:
    preset = draw(st.sampled_from(sorted(kozel.PRESETS)), label="preset")
    first_dealer = draw(st.integers(0, 3), label="first dealer")
    rules = kozel.PRESETS[preset]
    entries: list[kozel.DealEntry] = []
    taps = []
    for number in range(1, draw(st.integers(1, 16), label="deals") + 1):
        if kozel.score_match(rules, first_dealer, entries).finished:
            break
        team = draw(st.integers(0, 1), label="team")
        points = draw(CARD_POINTS, label="card points")
        zero_team = team if points == 0 else 1 - team if points == 120 else None
        took = None if zero_team is None else draw(st.booleans(), label="took a trick")
        seats = [seat for seat in range(4) if took is not False or seat % 2 != zero_team]
        last = draw(st.none() | st.sampled_from(seats), label="last trick")
        entries.append(kozel.DealEntry(team, points, took, last))
        kozel.score_match(rules, first_dealer, entries)  # the drawing's own check
        # The answer's radio is sent only when checked; "not noted" is the empty key.
        answer = {} if took is None else {"e.zero_team_took_trick": "true" if took else "false"}
        fields = {"deal": number, "e.team": team, "e.points": points, **answer}
        taps.append(tap("round", **fields, **{"e.last_trick_seat": "" if last is None else last}))
    return Evening(
        kind="kozel",
        preset=preset,
        options=services.rules_as_options(rules),
        names=tuple(CAST),
        first_dealer=first_dealer,
        taps=tuple(taps),
    )


# -- going offline and back ---------------------------------------------------------------


@dataclass(frozen=True)
class Stretch:
    """``taps`` made in a row, online or offline. Online: ``retried`` counts the taps
    (from 0) sent twice. Offline: ``lost`` the requests whose answers never came, each
    with the first this many of the stretch's taps, before the one answered (all)."""

    taps: int
    offline: bool
    retried: tuple[int, ...] = ()
    lost: tuple[int, ...] = ()


@st.composite
def interleavings(draw, count: int) -> tuple[Stretch, ...]:
    stretches = []
    left = count
    while left:
        # Short stretches, the connection coming and going, or long ones: a deal offline.
        length = draw(st.integers(1, min(left, 4)) | st.integers(1, left), label="taps")
        if draw(st.booleans(), label="offline"):
            lost = draw(st.lists(st.integers(1, length), max_size=2), label="lost answers")
            stretches.append(Stretch(length, offline=True, lost=tuple(sorted(lost))))
        else:
            retried = draw(st.sets(st.integers(0, length - 1), max_size=2), label="retried")
            stretches.append(Stretch(length, offline=False, retried=tuple(sorted(retried))))
        left -= length
    return tuple(stretches)


class Phone:
    """The scorekeeper's phone at a session of its own notebook, sending as the outbox does."""

    def __init__(self, evening: Evening) -> None:
        notebook = Notebook.objects.create(name="The Thursday table")
        self.client: Client = client_of(notebook)
        self.game = services.start_game(
            notebook=notebook,
            kind=evening.kind,
            preset=evening.preset,
            options=evening.options,
            names=list(evening.names),
            first_dealer=evening.first_dealer,
        )

    def url(self, name: str) -> str:
        return reverse(name, args=[self.game.public_id])

    def post(self, entry: Tap) -> None:
        """One entry as its own form POST, with htmx's header."""
        response = self.client.post(self.url(entry.action), entry.fields, **HTMX)
        error = re.search(r'class="error"[^>]*>([^<]*)<', response.content.decode())
        assert response.status_code == 200, (entry, response.status_code, error and error[1])

    def send(self, batch: tuple[Tap, ...]) -> None:
        """Entries kept offline: one alone as its own POST, more as one backlog request."""
        if len(batch) == 1:
            self.post(batch[0])
            return
        entries = [{"action": entry.action, "fields": entry.fields} for entry in batch]
        body = json.dumps({"entries": entries})
        response = self.client.post(self.url("entries"), body, content_type="application/json")
        assert response.status_code == 200, response.content
        answer = response.json()
        assert answer["refused"] is None, (batch[answer["done"]], answer["refused"])
        assert answer["done"] == len(batch)


def play_online(evening: Evening) -> Game:
    phone = Phone(evening)
    for entry in evening.taps:
        phone.post(entry)
    return phone.game


def play_interleaved(evening: Evening, stretches: tuple[Stretch, ...]) -> Game:
    phone = Phone(evening)
    start = 0
    for stretch in stretches:
        taps = evening.taps[start : start + stretch.taps]
        start += stretch.taps
        if stretch.offline:
            for sent in stretch.lost:
                phone.send(taps[:sent])  # made on the server; the phone never heard
            phone.send(taps)
            continue
        for index, entry in enumerate(taps):
            phone.post(entry)
            if index in stretch.retried:
                phone.post(entry)
    assert start == len(evening.taps)
    return phone.game


def server_state(game: Game) -> dict:
    """The session as the server has it, and as the score sheet works it out."""
    game = Game.objects.get(pk=game.pk)
    table = services.load(game)
    lines = Change.objects.filter(game=game).exclude(action="start").order_by("pk")
    state = {
        "version": game.version,
        "finished": game.finished_at is not None,
        "history": list(lines.values_list("action", "params", "undone")),
        "keys": set(IdempotencyKey.objects.filter(game=game).values_list("key", flat=True)),
    }
    if isinstance(table, RoundsTable):
        deals = [
            tuple(deal.entry.get(name) for name in KOZEL_FIELDS)
            for deal in game.rounds.order_by("index")
        ]
        result = table.result
        return {**state, "kozel": list(deals), "defeat_points": result.totals}
    deals = [
        {
            "trump": deal.trump,
            "trick_winners": deal.trick_winners,
            "revoke": deal.revoke,
            "done": deal.done,
            "hands": [(h.seat, h.bid, h.out_of_turn, h.tricks) for h in deal.hand_list],
            "adjustments": [(a.seat, a.points, a.note) for a in deal.adjustment_list],
        }
        for deal in table.deals
    ]
    return {**state, "deals": deals, "totals": table.result.totals}


def assert_the_same_session(evening: Evening, stretches: tuple[Stretch, ...]) -> None:
    count_cases(evening, stretches)
    online = server_state(play_online(evening))
    interleaved = server_state(play_interleaved(evening, stretches))

    assert interleaved == online
    if online["finished"]:
        event("the session finished")
    # Every tap made once: its key claimed; every new version a line of the history.
    assert online["keys"] == {entry.fields["idem"] for entry in evening.taps}
    assert len(online["history"]) == online["version"]


def count_cases(evening: Evening, stretches: tuple[Stretch, ...]) -> None:
    """What the drawn cases cover (pytest --hypothesis-show-statistics)."""
    event("taps", len(evening.taps) // 10 * 10)
    for action in {entry.action for entry in evening.taps}:
        event(f"a {action} tap")
    if any(entry.fields.get("was") for entry in evening.taps):
        event("a bid changed")
    offline = [stretch for stretch in stretches if stretch.offline]
    event("offline stretches", len(offline))
    if any(stretch.lost for stretch in offline):
        event("an answer lost")
    if any(stretch.taps > 1 for stretch in offline):
        event("a backlog request")
    if any(stretch.retried for stretch in stretches):
        event("a POST retried")


INTERLEAVINGS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,  # fixed cases, like a table of cases
    database=None,
    phases=[Phase.generate, Phase.shrink],  # a failure is reported shrunk, without "explain"
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.long
@pytest.mark.django_db
@INTERLEAVINGS
@given(evening=oh_hell_evenings(), data=st.data())
def test_an_oh_hell_evening_ends_the_same_however_the_phone_went_offline(evening, data) -> None:
    stretches = data.draw(interleavings(len(evening.taps)), label="stretches")
    assert_the_same_session(evening, stretches)


@pytest.mark.long
@pytest.mark.django_db
@INTERLEAVINGS
@given(match=kozel_matches(), data=st.data())
def test_a_kozel_match_ends_the_same_however_the_phone_went_offline(match, data) -> None:
    stretches = data.draw(interleavings(len(match.taps)), label="stretches")
    assert_the_same_session(match, stretches)
