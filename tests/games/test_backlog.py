"""Coming back (issue 32): a phone that lost its connection kept its entries in order,
each with its once-only key, and sends them all in one request (games/views/backlog.py,
docs/phone.md). Each is made as its own POST would make it, at most once, up to the first
refusal; the answer says how far it went and draws the table as it is now.

The game is seed 002's down and up with the hook: Anna deals deal 1 (10 cards), so Ben
bids first and leads, and Anna, the dealer, bids last.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Deal, Game, Hand, IdempotencyKey, Round
from games.views import backlog
from tests.games.conftest import (
    ANNA,
    BEN,
    CARLA,
    DAN,
    all_rows,
    deal_now,
    form_key,
    place_bids,
    start_oh_hell,
)


def url(game: Game, name: str) -> str:
    return reverse(name, args=[game.public_id])


def entry(action: str, **fields: object) -> dict:
    """One entry as the phone keeps it: the form's fields, as strings, and a new key."""
    return {
        "action": action,
        "fields": {"idem": form_key(), **{name: str(value) for name, value in fields.items()}},
    }


def send(phone: Client, game: Game, entries: list[dict], **headers: str):
    body = json.dumps({"entries": entries})
    return phone.post(url(game, "entries"), body, content_type="application/json", **headers)


#: Deal 1's tricks as they fall: Ben 3, Carla 3, Dan 2, Anna 2.
WINNERS = [BEN, CARLA, BEN, DAN, CARLA, ANNA, BEN, CARLA, DAN, ANNA]


def whole_deal() -> list[dict]:
    """Deal 1 as the scorekeeper enters it: trump, every bid in turn (Ben 3, Carla 3, Dan 2,
    Anna 3), every trick tapped, then everyone's tricks."""
    bids = [(BEN, 3), (CARLA, 3), (DAN, 2), (ANNA, 3)]
    tricks = {f"tricks-{seat}": WINNERS.count(seat) for seat in range(4)}
    return [
        entry("trump", deal=1, trump="H"),
        *[entry("bid", deal=1, seat=seat, bid=bid, was="") for seat, bid in bids],
        *[entry("trick", deal=1, trick=n, seat=seat) for n, seat in enumerate(WINNERS, 1)],
        entry("tricks", deal=1, **tricks),
    ]


def session_of(game: Game) -> tuple:
    """What a session is, whoever entered it: version, deals, hands, totals."""
    fresh = Game.objects.get(pk=game.pk)
    deals = list(
        Deal.objects.filter(game=game).order_by("index").values_list("trump", "trick_winners")
    )
    hands = list(
        Hand.objects.filter(deal__game=game)
        .order_by("deal__index", "seat")
        .values_list("seat", "bid", "out_of_turn", "tricks")
    )
    return fresh.version, deals, hands, deal_now(game).result.totals


def bids_of(game: Game) -> dict[int, int]:
    return dict(Hand.objects.filter(deal__game=game, deal__done=False).values_list("seat", "bid"))


def test_it_applies_entries_in_order(client, notebook, game) -> None:
    one_by_one = start_oh_hell(notebook)
    for item in whole_deal():  # keys of their own: a key names one entry in a notebook
        posted = client.post(url(one_by_one, item["action"]), item["fields"])
        assert posted.status_code == 302
    backlog = whole_deal()

    response = send(client, game, backlog)

    assert response.status_code == 200
    answer = response.json()
    assert answer["done"] == len(backlog) == 16
    assert answer["refused"] is None
    assert answer["version"] == Game.objects.get(pk=game.pk).version
    assert session_of(game) == session_of(one_by_one)
    assert deal_now(game).result.totals != (0, 0, 0, 0)
    assert 'id="table"' in answer["table"]
    assert "Deal 2" in answer["table"]


def test_the_same_backlog_sent_twice_is_applied_once(client, game) -> None:
    backlog = whole_deal()
    first = send(client, game, backlog).json()
    before = all_rows()

    again = send(client, game, backlog).json()

    assert again["done"] == first["done"] == len(backlog)
    assert again["refused"] is None
    assert again["version"] == first["version"]
    assert all_rows() == before


def test_a_backlog_resent_with_one_more_entry_applies_only_the_new_one(client, game) -> None:
    """The answer to the first request was lost: the phone sends its whole outbox again."""
    backlog = whole_deal()
    first = send(client, game, backlog[:5]).json()  # trump and the four bids

    again = send(client, game, backlog[:6]).json()  # and trick 1

    assert again["done"] == 6
    assert again["version"] == first["version"] + 1
    assert Deal.objects.get(game=game).trick_winners == [BEN]
    assert bids_of(game) == {BEN: 3, CARLA: 3, DAN: 2, ANNA: 3}


def test_a_refusal_in_the_middle_stops_the_backlog_there(client, game) -> None:
    """Anna, the dealer, may not bid 2 (3 + 3 + 2 + 2 = 10): the hook (seed 002)."""
    backlog = [
        entry("bid", deal=1, seat=BEN, bid=3, was=""),
        entry("bid", deal=1, seat=CARLA, bid=3, was=""),
        entry("bid", deal=1, seat=DAN, bid=2, was=""),
        entry("bid", deal=1, seat=ANNA, bid=2, was=""),
        entry("trick", deal=1, trick=1, seat=BEN),
    ]

    response = send(client, game, backlog)

    assert response.status_code == 200
    answer = response.json()
    reason = "The hook: 2 would make the bids add up to the number of tricks (10)."
    assert answer["done"] == 3
    assert answer["refused"] == {"index": 3, "status": 422, "reason": reason, "error_for": "bids"}
    assert bids_of(game) == {BEN: 3, CARLA: 3, DAN: 2}
    assert Deal.objects.get(game=game).trick_winners == []
    assert reason in answer["table"]
    assert answer["version"] == Game.objects.get(pk=game.pk).version


def test_a_refused_entry_comes_back_with_what_was_typed(client, game) -> None:
    """Tricks that do not add up: the counts typed are in the form again."""
    place_bids(game, {BEN: 3, CARLA: 3, DAN: 2, ANNA: 3})

    answer = send(client, game, [entry("tricks", **{"deal": 1, "tricks-0": 6, "tricks-1": 7})])

    refused = answer.json()["refused"]
    assert (refused["status"], refused["error_for"]) == (422, "tricks")
    assert 'name="tricks-0" value="6" checked' in answer.json()["table"]
    assert 'name="tricks-1" value="7" checked' in answer.json()["table"]


def test_a_bid_another_phone_entered_meanwhile_is_a_conflict(client, game) -> None:
    """The phone saw no bid for Ben (``was`` empty); another phone entered Ben's 2."""
    place_bids(game, {BEN: 2})

    answer = send(
        client,
        game,
        [
            entry("bid", deal=1, seat=BEN, bid=3, was=""),
            entry("bid", deal=1, seat=CARLA, bid=3, was=""),
        ],
    ).json()

    assert answer["done"] == 0
    assert answer["refused"]["index"] == 0
    assert answer["refused"]["status"] == 409
    assert answer["refused"]["reason"] == (
        "Ben's bid was entered on another phone meanwhile. Here is the table now."
    )
    assert bids_of(game) == {BEN: 2}
    assert "entered on another phone meanwhile" in answer["table"]


def test_a_kozel_backlog_is_applied_in_order(client, match) -> None:
    backlog = [
        entry("round", deal=1, **{"e.team": 0, "e.points": 45, "e.last_trick_seat": BEN}),
        entry("round", deal=2, **{"e.team": 1, "e.points": 95, "e.last_trick_seat": ""}),
    ]

    answer = send(client, match, backlog).json()

    assert answer["done"] == 2
    assert answer["refused"] is None
    deals = Round.objects.filter(game=match).order_by("index")
    assert [(deal.entry["team"], deal.entry["points"]) for deal in deals] == [(0, 45), (1, 95)]
    assert answer["version"] == Game.objects.get(pk=match.pk).version
    assert 'id="table"' in answer["table"]


def test_a_view_only_link_is_refused_as_a_single_entry_is(client, game) -> None:
    viewer = Client()
    viewer.cookies["links"] = services.new_share_link(game=game, role="view").key
    bid = entry("bid", deal=1, seat=BEN, bid=3, was="")
    before = all_rows()

    one = viewer.post(url(game, "bid"), bid["fields"])
    many = send(viewer, game, [bid])

    assert one.status_code == many.status_code == 403
    assert all_rows() == before


def test_a_stranger_is_not_found_as_with_a_single_entry(stranger, game) -> None:
    bid = entry("bid", deal=1, seat=BEN, bid=3, was="")

    one = stranger.post(url(game, "bid"), bid["fields"])
    many = send(stranger, game, [bid])

    assert one.status_code == many.status_code == 404
    assert not bids_of(game)


def test_the_request_needs_the_csrf_token(notebook, game) -> None:
    phone = Client(enforce_csrf_checks=True)
    phone.cookies["notebook"] = notebook.key
    phone.get(url(game, "game"))  # the page sets the CSRF cookie
    bid = [entry("bid", deal=1, seat=BEN, bid=3, was="")]

    without = send(phone, game, bid)
    with_token = send(phone, game, bid, HTTP_X_CSRFTOKEN=phone.cookies["csrftoken"].value)

    assert without.status_code == 403
    assert with_token.status_code == 200
    assert bids_of(game) == {BEN: 3}


def a_bid() -> dict:
    return entry("bid", deal=1, seat=BEN, bid=3, was="")


def after_a_bid(*entries: object) -> str:
    """A body whose first entry is good, so a refusal of the whole is seen to be whole."""
    return json.dumps({"entries": [a_bid(), *entries]})


MALFORMED = [
    pytest.param("not json", "could not be read", id="not JSON"),
    pytest.param('{"entries": [', "could not be read", id="cut short"),
    pytest.param("[" * 100_000, "could not be read", id="nested too deep"),
    pytest.param(json.dumps([a_bid()]), "could not be read", id="a list"),
    pytest.param(json.dumps({"entries": {"0": a_bid()}}), "could not be read", id="no list"),
    pytest.param(
        json.dumps({"entries": [a_bid()], "more": 1}), "could not be read", id="another key"
    ),
    pytest.param(
        after_a_bid({**a_bid(), "action": "delete"}), "could not be read", id="unknown action"
    ),
    pytest.param(
        after_a_bid({**a_bid(), "action": ["bid"]}), "could not be read", id="action not text"
    ),
    pytest.param(after_a_bid({"action": "bid"}), "could not be read", id="no fields"),
    pytest.param(
        after_a_bid({"action": "bid", "fields": {"idem": form_key(), "deal": 1}}),
        "could not be read",
        id="a number, not a string",
    ),
    pytest.param(
        json.dumps({"entries": [a_bid()] * 501}), "at most 500 entries", id="too many entries"
    ),
    pytest.param(
        after_a_bid({"action": "bid", "fields": {"deal": "1", "seat": "2", "bid": "3"}}),
        "out of date",
        id="no key",
    ),
    pytest.param(after_a_bid(entry("trump", deal=1, idem="no key!")), "out of date", id="bad key"),
    pytest.param(
        after_a_bid(entry("adjust", deal=1, seat=0, points=1, note="tea\x00")),
        "control character",
        id="NUL",
    ),
]


@pytest.mark.parametrize(("body", "reason"), MALFORMED)
def test_a_malformed_backlog_is_refused_whole(client, game, body, reason) -> None:
    before = all_rows()

    response = client.post(url(game, "entries"), body, content_type="application/json")

    assert response.status_code == 400
    assert reason in response.json()["error"]
    assert all_rows() == before


def test_a_body_over_the_upload_limit_is_refused(client, game, settings) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    before = all_rows()

    response = send(client, game, [a_bid() for _ in range(20)])

    assert response.status_code == 400
    assert all_rows() == before


def test_a_form_posted_there_is_no_backlog(client, game) -> None:
    before = all_rows()

    response = client.post(url(game, "entries"), a_bid()["fields"])

    assert response.status_code == 400
    assert all_rows() == before


def test_an_empty_backlog_answers_the_table(client, game) -> None:
    answer = send(client, game, []).json()

    assert answer["done"] == 0
    assert answer["refused"] is None
    assert answer["version"] == game.version
    assert "Ben bids:" in answer["table"]


def test_a_refusals_reason_comes_in_the_requests_language(client, game) -> None:
    place_bids(game, {BEN: 3, CARLA: 3, DAN: 2})

    answer = send(
        client, game, [entry("bid", deal=1, seat=ANNA, bid=2, was="")], HTTP_ACCEPT_LANGUAGE="it"
    ).json()

    reason = "Divieto: con 2 la somma delle dichiarazioni sarebbe uguale al numero di prese (10)."
    assert answer["refused"]["reason"] == reason
    assert reason in answer["table"]


def test_a_malformed_backlog_is_refused_in_the_requests_language(client, game) -> None:
    response = client.post(
        url(game, "entries"), "{}", content_type="application/json", HTTP_ACCEPT_LANGUAGE="pl"
    )

    assert response.json() == {"error": "Nie da się odczytać tych wpisów. Nic nie zapisano."}


def test_a_session_deleted_before_the_backlog_is_taken_makes_nothing_and_is_forgotten(
    client, game, monkeypatch
) -> None:
    """The backlog holds the session's lock from its first entry to its last, so a deletion
    comes before it or after it; before it, the phone is told to forget the session (issue
    38: the mark was empty)."""
    found = backlog.get_game

    def deleted_meanwhile(request, public_id: str, **kwargs: object) -> Game:
        session = found(request, public_id, **kwargs)
        Game.objects.filter(pk=session.pk).delete()
        return session

    monkeypatch.setattr(backlog, "get_game", deleted_meanwhile)

    answer = send(client, game, [entry("trump", deal=1, trump="S"), a_bid()]).json()

    assert answer["done"] == 0
    assert answer["refused"]["status"] == 404
    assert "no longer follows the session" in answer["refused"]["reason"]
    assert 'class="panel link-ended"' in answer["table"]
    assert f'data-forget-session="{game.public_id}"' in answer["table"]


def test_a_refused_entry_after_others_keeps_the_others_made(client, game, monkeypatch) -> None:
    """Each entry has its savepoint inside the backlog's one transaction."""
    answer = send(
        client, game, [entry("trump", deal=1, trump="S"), entry("bid", deal=1, seat=9, bid=1)]
    ).json()

    assert answer["done"] == 1
    assert answer["refused"]["status"] == 422
    assert Deal.objects.get(game=game, index=0).trump == "S"


@pytest.mark.django_db(transaction=True)  # committed, as on a server
def test_a_backlog_of_one_bid_costs_19_queries(client, notebook, django_assert_num_queries) -> None:
    game = start_oh_hell(notebook)
    bid = [a_bid()]

    # game with its notebook (the cookie is checked against it);
    # the backlog: begin, game locked with its notebook (the cookie checked again);
    # the entry in its savepoint and release: the form's key noted (in a savepoint: the
    #   unique index refuses a repeat), seats, deals, hands, adjustments (undo's snapshot
    #   is taken from those, and the hand found among them), then the new hand, game
    #   version, history line; commit;
    # the answer's table: the one the entry used, caught up from the deal it changed
    # (deals, hands, adjustments from it on: services.table_after); Undo would take back the
    # history line just written (the phone's figures after Undo)
    with django_assert_num_queries(19):
        response = send(client, game, bid)

    assert response.json()["done"] == 1
    assert bids_of(game) == {BEN: 3}
    assert IdempotencyKey.objects.filter(game=game).count() == 1
