"""Sharing a session: view-only and co-scorekeeper links, their QR codes, revoking
them, the notebook's own link, and following a session live (issue 4).

The cast: the owner (`client`, the notebook's cookie), the viewer and the
co-scorekeeper (phones that opened the links the owner made on the Share page),
the stranger (a notebook of their own) and a visitor with no cookie at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains, assertRedirects

from games import services
from games.models import Game, Notebook, ShareLink
from games.rules import oh_hell
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import (
    ANNA,
    BEN,
    CARLA,
    DAN,
    HTMX,
    all_rows,
    client_of,
    enter_kozel_deal,
    form_key,
    place_bids,
    play_deal,
    start_kozel,
)

#: A share key: at least 22 URL-safe characters, 6 bits each (>= 128 random bits).
KEY = re.compile(r"[A-Za-z0-9_-]{22,}")


def make_link(owner: Client, game: Game, role: str) -> str:
    """The owner taps "Make a link" (or "New link") on the Share page; the new key."""
    response = owner.post(
        reverse("share", args=[game.public_id]), {"role": role, "idem": form_key()}
    )
    assertRedirects(response, reverse("share", args=[game.public_id]))
    return ShareLink.objects.get(game=game, role=role, revoked_at__isnull=True).key


def phone_with(key: str) -> Client:
    """A phone that opened a share link (and has no notebook of its own)."""
    phone = Client()
    phone.get(reverse("join", args=[key]))
    return phone


def url(game: Game, name: str) -> str:
    return reverse(name, args=[game.public_id])


def write_urls(game: Game) -> list[str]:
    """Every URL that changes the session; none may appear on a view-only page."""
    names = [
        "trump",
        "bid",
        "trick",
        "undo_trick",
        "tricks",
        "revoke",
        "adjust",
        "round",
        "undo",
        "play_again",
        "share",
    ]
    return [url(game, name) for name in names] + [reverse("correct", args=[game.public_id, 1])]


@pytest.fixture
def bidding(game) -> Game:
    """Deal 1 played; deal 2 (9 cards, Ben deals): Carla, Dan and Anna bid 0, Ben to bid."""
    play_deal(game)
    place_bids(game, {CARLA: 0, DAN: 0, ANNA: 0})
    return Game.objects.get(pk=game.pk)


@pytest.fixture
def kozel_played(match) -> Game:
    """Kozel, deal 1 entered: Anna & Carla 45 card points, Ben took the last trick."""
    enter_kozel_deal(match, points=45, last_trick_seat=BEN)
    return Game.objects.get(pk=match.pk)


@pytest.fixture
def viewer(client, playing) -> Client:
    return phone_with(make_link(client, playing, "view"))


@pytest.fixture
def co_scorekeeper(client, playing) -> Client:
    return phone_with(make_link(client, playing, "edit"))


# -- the Share page ------------------------------------------------------------------


def test_a_new_session_offers_to_make_each_link(client, game) -> None:
    response = client.get(url(game, "share"))

    assertContains(response, "View only")
    assertContains(response, "Co-scorekeeper")
    assertContains(response, "Make a link", count=2)
    assertNotContains(response, "/j/")
    assertNotContains(response, "<svg")


@pytest.mark.parametrize(("role", "title"), [("view", "View only"), ("edit", "Co-scorekeeper")])
def test_making_a_link_shows_the_link_and_its_qr_code(client, game, role, title) -> None:
    key = make_link(client, game, role)

    page = client.get(url(game, "share")).content.decode()

    card = re.search(rf'<section[^>]*aria-labelledby="share-{role}">(.*?)</section>', page, re.S)
    assert card, f"no card for {role}"
    assert f'value="http://testserver/j/{key}/"' in card.group(1)
    svg = re.search(r"<svg.*?</svg>", card.group(1), re.S)
    assert svg, "no inline SVG QR code"
    assert f"<title>QR code: {title}</title>" in svg.group(0)
    assert "Stop this link" in card.group(1)
    assert "New link" in card.group(1)


def test_a_new_link_gets_a_new_qr_code(client, game) -> None:
    make_link(client, game, "view")
    first = re.search(r"<svg.*?</svg>", client.get(url(game, "share")).content.decode(), re.S)
    make_link(client, game, "view")
    second = re.search(r"<svg.*?</svg>", client.get(url(game, "share")).content.decode(), re.S)

    assert first.group(0) != second.group(0)


def test_a_role_that_does_not_exist_is_refused_and_saves_nothing(client, game) -> None:
    response = client.post(url(game, "share"), {"role": "owner", "idem": form_key()})

    assertContains(response, "A link is view only or co-scorekeeper.", status_code=422)
    assert not ShareLink.objects.exists()


@pytest.mark.parametrize("method", ["get", "post"])
def test_the_share_page_is_not_found_by_a_stranger(stranger, client, game, method) -> None:
    make_link(client, game, "view")
    before = all_rows()

    response = getattr(stranger, method)(url(game, "share"), {"role": "edit"})

    assert response.status_code == 404
    assert all_rows() == before


@pytest.mark.parametrize("method", ["get", "post"])
def test_the_share_page_is_not_found_without_a_cookie(visitor, game, method) -> None:
    response = getattr(visitor, method)(url(game, "share"), {"role": "edit"})

    assert response.status_code == 404
    assert not ShareLink.objects.exists()


@pytest.mark.parametrize("role", ["view", "edit"])
@pytest.mark.parametrize(
    "data", [{}, {"role": "view"}, {"role": "edit"}, {"role": "view", "action": "revoke"}]
)
def test_the_share_page_is_refused_to_a_phone_with_a_link(client, game, role, data) -> None:
    """Only the owner shares: a co-scorekeeper could otherwise mint a link for itself."""
    phone = phone_with(make_link(client, game, role))
    before = all_rows()

    assert phone.get(url(game, "share")).status_code == 403
    assert phone.post(url(game, "share"), data).status_code == 403
    assert all_rows() == before


# -- the keys -------------------------------------------------------------------------


def common_prefix(a: str, b: str) -> int:
    """How many characters two keys agree on from the start."""
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


def test_every_link_carries_at_least_128_random_bits(client, game) -> None:
    keys = [make_link(client, game, role) for role in ["view", "edit"] * 10]

    for key in keys:
        assert KEY.fullmatch(key), key
    assert len(set(keys)) == len(keys)


def test_no_link_can_be_guessed_from_another(client, notebook, game) -> None:
    """Twenty links of one session, both roles: no two share a prefix of six characters
    (1 in 64**6 by chance) or agree in eight places; none holds the notebook's key or
    the session's id."""
    keys = [make_link(client, game, role) for role in ["view", "edit"] * 10]

    for index, key in enumerate(keys):
        assert notebook.key not in key and game.public_id not in key
        for other in keys[index + 1 :]:
            assert common_prefix(key, other) < 6, (key, other)
            assert sum(x == y for x, y in zip(key, other, strict=False)) < 8, (key, other)


def test_the_view_link_and_the_co_scorekeeper_link_differ(client, game) -> None:
    view = make_link(client, game, "view")
    edit = make_link(client, game, "edit")

    assert view != edit
    assert common_prefix(view, edit) < 6


# -- opening a link -------------------------------------------------------------------


@pytest.mark.parametrize("role", ["view", "edit"])
def test_a_link_sets_the_links_cookie_and_opens_the_session(client, game, role) -> None:
    key = make_link(client, game, role)
    phone = Client()

    response = phone.get(reverse("join", args=[key]))

    assertRedirects(response, url(game, "game"))
    assert key in response.cookies["links"].value.split(".")
    assert response.cookies["links"]["httponly"]
    assert "notebook" not in response.cookies  # a link never hands out the notebook
    assertContains(phone.get(url(game, "game")), "Deal 1 of 19")


def test_a_phone_with_two_links_keeps_both(client, game, match) -> None:
    phone = phone_with(make_link(client, game, "view"))
    phone.get(reverse("join", args=[make_link(client, match, "view")]))

    assert phone.get(url(game, "game")).status_code == 200
    assert phone.get(url(match, "game")).status_code == 200


def test_a_link_that_does_not_exist_is_not_found(visitor, db) -> None:
    response = visitor.get(reverse("join", args=["x" * 22]))

    assert response.status_code == 404
    assert "links" not in response.cookies


def test_a_link_opens_only_its_own_session(client, notebook, game, match) -> None:
    phone = phone_with(make_link(client, game, "edit"))

    assert phone.get(url(match, "game")).status_code == 404
    assert (
        phone.post(url(match, "round"), {"deal": 1, "e.team": 0, "e.points": 60}).status_code == 404
    )
    assert phone.get(reverse("home")).status_code == 200
    assert phone.get(reverse("notebook")).status_code == 404
    assert phone.get(reverse("statistics")).status_code == 404


# -- view only ------------------------------------------------------------------------


@pytest.mark.parametrize("state", ["bidding", "playing"])
def test_a_viewer_sees_the_deal_without_any_control(client, request, state) -> None:
    game = request.getfixturevalue(state)
    viewer = phone_with(make_link(client, game, "view"))

    response = viewer.get(url(game, "game"))

    assertContains(response, "Deal 2 of 19")
    assertContains(response, "View only")
    assertContains(response, "Score sheet")
    for control in ["keypad-form", "trick-row", "tricks-form", "revoke-form", 'name="idem"']:
        assertNotContains(response, control)
    for write in write_urls(game):
        assertNotContains(response, f'"{write}"')
    # The owner, on the same deal, has the controls the viewer lacks.
    owner = client.get(url(game, "game"))
    assertContains(owner, f'action="{url(game, "undo")}"')
    assertContains(owner, f'href="{url(game, "share")}"')
    assertNotContains(owner, "View only")


def test_a_viewer_sees_who_bid_what(client, bidding) -> None:
    viewer = phone_with(make_link(client, bidding, "view"))

    page = viewer.get(url(bidding, "game")).content.decode()

    bids = re.findall(r'class="bidder-name">(\w+).*?class="bidder-bid">([^<]*)<', page, re.S)
    assert [(name, bid.strip()) for name, bid in bids] == [
        ("Carla", "0"),
        ("Dan", "0"),
        ("Anna", "0"),
        ("Ben", ""),
    ]


def test_a_viewer_sees_the_score_sheet_without_correct_links(client, viewer, playing) -> None:
    response = viewer.get(url(playing, "sheet"))

    assertContains(response, "Score sheet")
    assertContains(response, '<span class="bt">0/10</span>')  # Ben bid 0 and took all ten
    assertContains(response, "After 1 of 19 deals: Anna 10, Carla 10, Dan 10, Ben 0")
    assertNotContains(response, "Correct deal")
    for write in write_urls(playing):
        assertNotContains(response, f'"{write}"')
    assertContains(client.get(url(playing, "sheet")), "Correct deal 1")


def test_a_viewer_sees_the_history(viewer, playing) -> None:
    response = viewer.get(url(playing, "history"))

    assertContains(response, "Deal 2: trick 1 to Carla.")
    assertContains(response, "Session started with Anna, Ben, Carla, Dan.")
    for write in write_urls(playing):
        assertNotContains(response, f'"{write}"')


def test_a_viewer_sees_a_kozel_match_without_its_form(client, kozel_played) -> None:
    viewer = phone_with(make_link(client, kozel_played, "view"))

    response = viewer.get(url(kozel_played, "game"))

    assertContains(response, "View only")
    assertNotContains(response, "data-split")
    assertNotContains(response, 'name="idem"')
    for write in write_urls(kozel_played):
        assertNotContains(response, f'"{write}"')
    assertContains(client.get(url(kozel_played, "game")), "data-split")


#: Every write a session has, as the owner would send it from the state it needs:
#: (state fixture, URL name, deal number in the URL or None, method, form).
WRITES = [
    ("bidding", "trump", None, "post", {"deal": 2, "trump": "H"}),
    ("bidding", "bid", None, "post", {"deal": 2, "seat": BEN, "bid": 1}),
    ("playing", "trick", None, "post", {"deal": 2, "trick": 2, "seat": DAN}),
    ("playing", "undo_trick", None, "post", {"deal": 2, "trick": 1}),
    (
        "playing",
        "tricks",
        None,
        "post",
        {"deal": 2} | {f"tricks-{s}": 0 for s in range(4)} | {"tricks-2": 9},
    ),
    ("playing", "revoke", None, "post", {"deal": 2, "seat": DAN}),
    ("playing", "adjust", None, "post", {"deal": 1, "seat": ANNA, "points": 5, "note": "late"}),
    ("playing", "undo", None, "post", {"version": "current"}),
    ("playing", "play_again", None, "post", {}),
    ("playing", "correct", 1, "get", {}),
    (
        "playing",
        "correct",
        1,
        "post",
        {"action": "save", "trump": "S", "version": "current"}
        | {"bid-0": 0, "bid-1": 1, "bid-2": 0, "bid-3": 0}
        | {"tricks-0": 0, "tricks-1": 10, "tricks-2": 0, "tricks-3": 0},
    ),
    ("playing", "share", None, "get", {}),
    ("playing", "share", None, "post", {"role": "view"}),
    ("playing", "share", None, "post", {"role": "view", "action": "revoke"}),
    ("kozel_played", "round", None, "post", {"deal": 2, "e.team": 1, "e.points": 30}),
    ("kozel_played", "undo", None, "post", {"version": "current"}),
    ("kozel_played", "correct", 1, "get", {}),
    (
        "kozel_played",
        "correct",
        1,
        "post",
        {"deal": 1, "e.team": 0, "e.points": 90, "version": "current"},
    ),
    ("kozel_played", "play_again", None, "post", {}),
    ("kozel_played", "share", None, "post", {"role": "edit"}),
]


def send(phone: Client, game: Game, name: str, number: int | None, method: str, data: dict):
    args = [game.public_id] if number is None else [game.public_id, number]
    version = str(Game.objects.get(pk=game.pk).version)
    data = {key: version if value == "current" else value for key, value in data.items()}
    return getattr(phone, method)(reverse(name, args=args), data)


@pytest.mark.parametrize(("state", "name", "number", "method", "data"), WRITES)
@pytest.mark.parametrize("htmx", [False, True], ids=["form", "htmx"])
def test_every_write_from_a_view_only_link_is_refused(
    client, request, state, name, number, method, data, htmx
) -> None:
    game = request.getfixturevalue(state)
    viewer = phone_with(make_link(client, game, "view"))
    if htmx:
        viewer.defaults.update(HTMX)
    before = all_rows()

    response = send(viewer, game, name, number, method, data)

    assert response.status_code == 403
    assert all_rows() == before


# -- co-scorekeeper -------------------------------------------------------------------


def test_a_co_scorekeeper_has_the_keypad_but_no_share_link(client, bidding) -> None:
    phone = phone_with(make_link(client, bidding, "edit"))

    response = phone.get(url(bidding, "game"))

    assertContains(response, "Ben bids:")
    assertContains(response, "keypad-form")
    assertContains(response, f'action="{url(bidding, "undo")}"')
    assertNotContains(response, f'href="{url(bidding, "share")}"')
    assertNotContains(response, "View only")


def test_a_co_scorekeepers_sheet_links_each_deal_to_its_correction(co_scorekeeper, playing):
    assertContains(co_scorekeeper.get(url(playing, "sheet")), "Correct deal 1")


def test_a_co_scorekeeper_bids(client, bidding) -> None:
    phone = phone_with(make_link(client, bidding, "edit"))

    response = phone.post(url(bidding, "bid"), {"deal": 2, "seat": BEN, "bid": 1}, **HTMX)

    assert response.status_code == 200
    assertContains(response, "UNDER by 8")
    assert services.load(Game.objects.get(pk=bidding.pk)).bidding.bids[BEN] == 1


#: What the co-scorekeeper may do: every write but the owner's two (share, again).
CO_SCOREKEEPER_WRITES = [
    write for write in WRITES if write[1] not in ("share", "play_again") and write[3] == "post"
]


@pytest.mark.parametrize(("state", "name", "number", "method", "data"), CO_SCOREKEEPER_WRITES)
def test_a_co_scorekeeper_enters_scores_and_corrects(
    client, request, state, name, number, method, data
) -> None:
    game = request.getfixturevalue(state)
    phone = phone_with(make_link(client, game, "edit"))
    version = Game.objects.get(pk=game.pk).version
    before = all_rows()

    response = send(phone, game, name, number, method, data)

    assert response.status_code == 302, response.content.decode()[:500]
    assert all_rows() != before
    assert Game.objects.get(pk=game.pk).version > version


def test_a_co_scorekeeper_opens_a_deal_to_correct_it(co_scorekeeper, playing) -> None:
    response = co_scorekeeper.get(reverse("correct", args=[playing.public_id, 1]))

    assert response.status_code == 200


@pytest.mark.parametrize("state", ["playing", "kozel_played"])
def test_only_the_owner_starts_a_new_session_from_one(client, notebook, request, state) -> None:
    game = request.getfixturevalue(state)
    phone = phone_with(make_link(client, game, "edit"))
    before = all_rows()

    response = phone.post(url(game, "play_again"))

    assertContains(response, "Only the notebook", status_code=403)
    assert all_rows() == before
    assert client.post(url(game, "play_again"), {"idem": form_key()}).status_code == 302
    assert notebook.games.count() == 2


# -- revoking --------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["view", "edit"])
def test_a_new_link_of_a_role_revokes_the_old_one(client, playing, role) -> None:
    old = make_link(client, playing, role)
    joined = phone_with(old)
    assert joined.get(url(playing, "game")).status_code == 200

    new = make_link(client, playing, role)

    assert Client().get(reverse("join", args=[old])).status_code == 404
    for name in ["game", "sheet", "history", "live", "export_csv"]:
        assert joined.get(url(playing, name)).status_code == 404, name
    assert phone_with(new).get(url(playing, "game")).status_code == 200


def test_a_new_link_leaves_the_other_roles_link_alone(client, playing) -> None:
    viewer = phone_with(make_link(client, playing, "view"))

    make_link(client, playing, "edit")

    assert viewer.get(url(playing, "game")).status_code == 200


@pytest.mark.parametrize(("role", "other"), [("view", "edit"), ("edit", "view")])
def test_stop_this_link_revokes_it(client, playing, role, other) -> None:
    key = make_link(client, playing, role)
    other_key = make_link(client, playing, other)
    joined = phone_with(key)

    response = client.post(url(playing, "share"), {"role": role, "action": "revoke"})

    assertRedirects(response, url(playing, "share"))
    assert Client().get(reverse("join", args=[key])).status_code == 404
    assert joined.get(url(playing, "game")).status_code == 404
    assert joined.get(url(playing, "live")).status_code == 404
    page = client.get(url(playing, "share"))
    assertContains(page, "Make a link", count=1)
    assertNotContains(page, key)
    assertContains(page, other_key)
    assert phone_with(other_key).get(url(playing, "game")).status_code == 200


def test_a_revoked_co_scorekeeper_can_no_longer_write(client, playing) -> None:
    phone = phone_with(make_link(client, playing, "edit"))
    client.post(url(playing, "share"), {"role": "edit", "action": "revoke"})
    before = all_rows()

    response = phone.post(url(playing, "trick"), {"deal": 2, "trick": 2, "seat": DAN})

    assert response.status_code == 404
    assert all_rows() == before


# -- the notebook's link ------------------------------------------------------------------


def test_the_notebook_page_shows_its_link_and_qr_code(client, notebook) -> None:
    response = client.get(reverse("notebook"))

    assertContains(response, f"http://testserver/n/{notebook.key}/")
    assertContains(response, "<title>QR code of the notebook's link</title>")


def test_renewing_the_notebook_link_shuts_out_the_old_one(client, notebook, game) -> None:
    old = notebook.key
    other_phone = client_of(notebook)

    response = client.post(reverse("renew_notebook_link"), {"idem": form_key()})

    assertRedirects(response, reverse("notebook"))
    new = Notebook.objects.get(pk=notebook.pk).key
    assert new != old and KEY.fullmatch(new)
    assert response.cookies["notebook"].value == new
    assert Client().get(reverse("open_notebook", args=[old])).status_code == 404
    assert other_phone.get(url(game, "game")).status_code == 404
    # This phone keeps the notebook (its cookie is the new key) ...
    assert client.get(url(game, "game")).status_code == 200
    assertContains(client.get(reverse("notebook")), f"/n/{new}/")
    # ... and the new link opens it anywhere.
    phone = Client()
    assertRedirects(phone.get(reverse("open_notebook", args=[new])), reverse("home"))
    assert phone.get(url(game, "game")).status_code == 200


def test_renewing_needs_a_post(client, notebook) -> None:
    assert client.get(reverse("renew_notebook_link")).status_code == 405
    assert Notebook.objects.get(pk=notebook.pk).key == notebook.key


def test_renewing_is_not_found_without_the_notebook(visitor, stranger, notebook) -> None:
    assert visitor.post(reverse("renew_notebook_link")).status_code == 404
    stranger.post(reverse("renew_notebook_link"))

    assert Notebook.objects.get(pk=notebook.pk).key == notebook.key


def test_renewing_the_notebook_keeps_the_share_links(client, playing) -> None:
    viewer = phone_with(make_link(client, playing, "view"))

    client.post(reverse("renew_notebook_link"), {"idem": form_key()})

    assert viewer.get(url(playing, "game")).status_code == 200


# -- following live ----------------------------------------------------------------------


def live(game: Game, version: int | str | None = None) -> str:
    game.refresh_from_db()
    current = game.version if version is None else version
    return f"{url(game, 'live')}?v={current}"


def test_the_page_polls_with_its_version(client, game) -> None:
    game.refresh_from_db()

    response = client.get(url(game, "game"))

    assertContains(response, f'hx-get="{url(game, "live")}?v={game.version}"')
    assertContains(response, 'hx-trigger="every 3s"')


@pytest.mark.parametrize("phone", ["owner", "viewer", "co_scorekeeper"])
def test_an_up_to_date_page_gets_204_from_one_query(
    client, request, playing, phone, django_assert_num_queries
) -> None:
    asking = client if phone == "owner" else request.getfixturevalue(phone)
    poll = live(playing)

    # The session's version, where this phone may see it (notebook cookie or live link).
    with django_assert_num_queries(1):
        response = asking.get(poll, **HTMX)

    assert response.status_code == 204
    assert response.content == b""


@pytest.mark.parametrize("phone", ["owner", "viewer", "co_scorekeeper"])
def test_an_out_of_date_page_gets_the_table_alone(client, request, playing, phone) -> None:
    asking = client if phone == "owner" else request.getfixturevalue(phone)
    poll = live(playing)
    oh_hell_services.record_trick(game=playing, deal_number=2, trick_number=2, seat=DAN)

    response = asking.get(poll, **HTMX)

    assertContains(response, 'id="table"')
    assertContains(response, "Trick 3 of 9")
    assertNotContains(response, "<html")
    assertContains(response, f"?v={Game.objects.get(pk=playing.pk).version}")
    assert asking.get(live(playing), **HTMX).status_code == 204


def test_a_viewers_update_brings_no_controls(viewer, playing) -> None:
    response = viewer.get(live(playing, 0), **HTMX)

    assertContains(response, 'id="table"')
    assertContains(response, "View only")
    assertNotContains(response, "trick-row")
    assertNotContains(response, 'name="idem"')


def test_a_poll_without_a_version_gets_the_table(client, playing) -> None:
    response = client.get(url(playing, "live"), **HTMX)

    assertContains(response, 'id="table"')
    assertNotContains(response, "<html")


def test_a_kozel_page_gets_its_match_alone(client, kozel_played) -> None:
    poll = live(kozel_played)
    enter_kozel_deal(kozel_played, points=90)

    response = client.get(poll, **HTMX)

    assertContains(response, 'id="table"')
    assertContains(response, "Deal 3")
    assertNotContains(response, "<html")


def test_a_bid_on_one_phone_reaches_the_others_next_poll(client, bidding) -> None:
    viewer = phone_with(make_link(client, bidding, "view"))
    co_scorekeeper = phone_with(make_link(client, bidding, "edit"))
    polls = {phone: live(bidding) for phone in (client, viewer)}

    co_scorekeeper.post(url(bidding, "bid"), {"deal": 2, "seat": BEN, "bid": 2}, **HTMX)

    for phone, poll in polls.items():
        response = phone.get(poll, **HTMX)
        assertContains(response, "UNDER by 7")
        assertContains(response, "2 bid for 9 tricks")


@pytest.mark.parametrize("who", ["stranger", "visitor", "revoked viewer", "revoked co-scorekeeper"])
def test_the_poll_is_not_found_without_access(client, request, playing, who) -> None:
    if who.startswith("revoked"):
        role = "view" if who == "revoked viewer" else "edit"
        asking = phone_with(make_link(client, playing, role))
        client.post(url(playing, "share"), {"role": role, "action": "revoke"})
    else:
        asking = request.getfixturevalue(who)

    for version in [Game.objects.get(pk=playing.pk).version, 0, ""]:
        assert asking.get(live(playing, version), **HTMX).status_code == 404


def test_the_poll_of_a_session_that_does_not_exist_is_not_found(client, viewer) -> None:
    assert client.get("/s/nothing-here/live/?v=0", **HTMX).status_code == 404
    assert viewer.get("/s/nothing-here/live/?v=0", **HTMX).status_code == 404


def test_the_poll_answers_only_get(client, playing) -> None:
    assert client.post(live(playing)).status_code == 405


def finished_oh_hell(notebook: Notebook) -> Game:
    """A one-deal game (classic scoring, one card), played."""
    rules = oh_hell.PRESETS["classic"].with_options(
        schedule=oh_hell.Schedule.CUSTOM, custom_schedule=(1,), cap=None
    )
    game = services.start_game(
        notebook=notebook,
        kind="oh_hell",
        preset="classic",
        options=services.rules_as_options(rules),
        names=["Anna", "Ben", "Carla"],
        first_dealer=0,
    )
    play_deal(game)
    return Game.objects.get(pk=game.pk)


def finished_kozel(notebook: Notebook) -> Game:
    match = start_kozel(notebook)
    enter_kozel_deal(match, points=0, took_trick=False)
    enter_kozel_deal(match, points=0, took_trick=False)
    return Game.objects.get(pk=match.pk)


@pytest.mark.parametrize("finish", [finished_oh_hell, finished_kozel])
@pytest.mark.parametrize("phone", ["owner", "viewer"])
def test_a_finished_session_keeps_the_updates(
    client, notebook, finish: Callable[[Notebook], Game], phone
) -> None:
    """A correction after the end shows on every phone (docs/using.md)."""
    game = finish(notebook)
    assert game.finished
    asking = client if phone == "owner" else phone_with(make_link(client, game, "view"))

    response = asking.get(url(game, "game"))

    assert response.status_code == 200
    assertContains(response, 'hx-trigger="every 3s"')
    assertContains(response, f"{url(game, 'live')}?v={game.version}")


def test_a_phone_that_opened_two_links_polls_with_the_wider_one(client, game) -> None:
    """A phone that opened the view-only link, then the co-scorekeeper's: its poll is the
    co-scorekeeper's (forms in the swap); the co-scorekeeper's link stopped, a viewer's."""
    phone = phone_with(make_link(client, game, "view"))
    phone.get(reverse("join", args=[make_link(client, game, "edit")]))
    oh_hell_services.place_bid(game=game, deal_number=1, seat=1, bid=2)  # Ben, first
    behind = url(game, "live") + "?v=0"  # the page from before the bid
    assert phone.get(url(game, "live") + "?v=1", **HTMX).status_code == 204

    assertContains(phone.get(behind, **HTMX), 'name="idem"')
    services.revoke_share_link(game=game, role="edit")
    seen = phone.get(behind, **HTMX)
    assert seen.status_code == 200
    assertNotContains(seen, 'name="idem"')


def test_a_stopped_links_poll_ends_while_another_link_of_the_session_is_live(client, game) -> None:
    """The view link stopped, the co-scorekeeper's still live: the viewer's poll reads its
    own link, stopped, and is answered as a stopped link is (not the table)."""
    viewer = phone_with(make_link(client, game, "view"))
    make_link(client, game, "edit")
    oh_hell_services.place_bid(game=game, deal_number=1, seat=1, bid=2)
    behind = url(game, "live") + "?v=0"
    assert viewer.get(behind, **HTMX).status_code == 200

    services.revoke_share_link(game=game, role="view")
    stopped = viewer.get(behind, **HTMX)
    assert stopped.status_code != 200 or "no longer follows" in stopped.content.decode()
    assertNotContains(stopped, "Deal 1", status_code=stopped.status_code)
    assert viewer.get(url(game, "live") + "?v=1", **HTMX).status_code != 204
