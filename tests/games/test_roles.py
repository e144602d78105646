"""One render for every role after an entry (games/roles.py): each role's
page cut from it must be exactly the page that role's own render gives, and nothing
that reads the role may sit outside a role part."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import caches
from django.template import engines
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation
from django_htmx.middleware import HtmxDetails
from jinja2 import TemplateSyntaxError

from games import page_cache, roles, services, views
from games.models import Game
from tests.games.conftest import (
    BEN,
    CARLA,
    HTMX,
    enter_kozel_deal,
    place_bids,
    play_deal,
    play_deals,
    without_tokens,
)
from tests.games.test_sharing import make_link, phone_with

TEMPLATES = Path(settings.BASE_DIR) / "templates" / "games"
#: The templates an entry's answer is drawn from.
SESSION_TEMPLATES = ["oh_hell_table.jinja", "kozel_table.jinja", "_session_nav.jinja"]
#: What differs with the role, or with the action asked about.
ROLE_NAMES = re.compile(r"\b(game\.can_edit|game\.is_owner|error_for)\b")


def test_cut_gives_each_role_its_parts() -> None:
    html = (
        f"<a>{roles.BEGIN}form{roles.NEXT}view{roles.END}<b>{roles.BEGIN}1{roles.NEXT}2{roles.END}"
    )

    assert roles.cut(html, 2) == ["<a>form<b>1", "<a>view<b>2"]
    assert roles.cut("<p>no part</p>", 3) == ["<p>no part</p>"] * 3


def test_cut_refuses_parts_drawn_for_other_roles() -> None:
    with pytest.raises(ValueError, match="3 roles"):
        roles.cut(f"{roles.BEGIN}a{roles.NEXT}b{roles.END}", 3)


def outside_role_parts(source: str) -> list[str]:
    """The tags and values of a Jinja2 template that read the role outside a role part.

    "if error and ...": an entry's one render is of a success, with no error."""
    depth, outside, tag = 0, [], []
    for _line, kind, value in engines["jinja2"].env.lex(source):
        if kind in ("block_begin", "variable_begin"):
            tag = []
        elif kind in ("block_end", "variable_end"):
            contents = re.sub(r" ?\. ?", ".", " ".join(tag))
            if contents == "role_part":
                depth += 1
            elif contents == "endrole_part":
                depth -= 1
            elif (
                depth == 0
                and ROLE_NAMES.search(contents)
                and not contents.startswith("if error and ")
            ):
                outside.append(contents)
        elif kind != "whitespace":
            tag.append(value)
    assert depth == 0, "a role part is not closed"
    return outside


def test_the_reader_finds_the_role_read_outside_a_role_part() -> None:
    source = (
        "{% if game.can_edit %}<form>{% endif %}{{ game . is_owner }}"
        "{% role_part %}{% if game.can_edit %}<a>{% endif %}{% endrole_part %}"
        '{% if error and error_for == "undo" %}<p>{% endif %}'
    )

    assert outside_role_parts(source) == ["if game.can_edit", "game.is_owner"]


@pytest.mark.parametrize("name", SESSION_TEMPLATES)
def test_everything_that_reads_the_role_is_in_a_role_part(name) -> None:
    assert outside_role_parts((TEMPLATES / name).read_text()) == []


def test_a_role_part_inside_a_role_part_is_refused() -> None:
    with pytest.raises(TemplateSyntaxError, match="a role part inside a role part"):
        engines["jinja2"].env.from_string(
            "{% role_part %}{% role_part %}x{% endrole_part %}{% endrole_part %}"
        )


# -- each role's page, cut from one render, is its own render --------------------------


def _bidding(game: Game) -> None:
    place_bids(game, {BEN: 2, CARLA: 1})


def _announced(game: Game) -> None:
    place_bids(game, {BEN: 2, CARLA: 1, 3: 3, 0: 1})


def _tricks(game: Game) -> None:
    _announced(game)
    for trick, seat in enumerate([BEN, CARLA, BEN], start=1):
        services.record_trick(game=game, deal_number=1, trick_number=trick, seat=seat)


def _scored(game: Game) -> None:
    play_deal(game)


def _over(game: Game) -> None:
    play_deals(game, 19)


OH_HELL_STATES = {
    "first bid": lambda game: None,
    "bidding": _bidding,
    "announced": _announced,
    "tricks": _tricks,
    "a deal scored": _scored,
    "game over": _over,
}
KOZEL_STATES = {
    "first deal": lambda match: None,
    "a deal entered": lambda match: enter_kozel_deal(match, points=50),
    "match over": lambda match: _match_over(match),
}


def _match_over(match: Game) -> None:
    while not services.load_kozel(Game.objects.get(pk=match.pk)).result.finished:
        enter_kozel_deal(match, points=0, took_trick=False)


ROLES = ["owner", "edit", "view"]


def _pages(game: Game, language: str, error_for: str) -> tuple[list[str], list[str]]:
    """Every role's page cut from one render, and each role's own render."""
    request = RequestFactory().post(f"/s/{game.public_id}/bid/", **HTMX)
    request.htmx = HtmxDetails(request)
    game = Game.objects.select_related("notebook").get(pk=game.pk)
    views_ = [{"game": views.as_role(game, role), "error_for": error_for} for role in ROLES]
    with translation.override(language):
        one = views.render_game(
            request,
            views.as_role(game, "owner"),
            error_for=error_for,
            extra={**page_cache.placeholders(), roles.ROLE_VIEWS: views_},
        )
        own = [
            views.render_game(
                request,
                views.as_role(game, role),
                error_for=error_for,
                extra=page_cache.placeholders(),
            ).content.decode()
            for role in ROLES
        ]
    return roles.cut(one.content.decode(), len(ROLES)), own


@pytest.mark.parametrize("error_for", ["bids", "adjust", ""])
@pytest.mark.parametrize("state", OH_HELL_STATES)
def test_each_role_cut_from_one_oh_hell_render_is_its_own_render(game, state, error_for) -> None:
    OH_HELL_STATES[state](game)

    cut, own = _pages(game, "en", error_for)

    assert cut == own
    assert len(set(own)) == 3  # the roles' pages do differ
    assert ("View only" in own[2]) and ("View only" not in own[1])


@pytest.mark.parametrize("state", KOZEL_STATES)
def test_each_role_cut_from_one_kozel_render_is_its_own_render(match, state) -> None:
    KOZEL_STATES[state](match)

    cut, own = _pages(match, "pl", "kozel")

    assert cut == own
    assert len(set(own)) == 3


# -- through the views ------------------------------------------------------------------


def test_an_entry_answers_its_phone_and_keeps_each_followers_swap_from_one_render(
    client, game, django_assert_num_queries, monkeypatch
) -> None:
    viewer, editor = (
        phone_with(make_link(client, game, "view")),
        phone_with(make_link(client, game, "edit")),
    )
    up_to_date = (
        reverse("live", args=[game.public_id]) + f"?v={Game.objects.get(pk=game.pk).version}"
    )
    for phone in (viewer, editor):
        assert phone.get(up_to_date, **HTMX).status_code == 204
    rendered = []
    render_game = views.render_game

    def counting(*args, **kwargs):
        rendered.append((kwargs.get("extra") or {}).get(roles.ROLE_VIEWS))
        return render_game(*args, **kwargs)

    monkeypatch.setattr(views, "render_game", counting)
    answer = client.post(
        reverse("bid", args=[game.public_id]), {"deal": 1, "seat": BEN, "bid": 2, "was": ""}, **HTMX
    ).content.decode()
    monkeypatch.undo()

    assert [len(views_) for views_ in rendered] == [3]  # one render: owner, edit, view
    with django_assert_num_queries(1):  # each follower's poll: a lookup
        seen_by_viewer = viewer.get(up_to_date, **HTMX).content.decode()
    with django_assert_num_queries(1):
        seen_by_editor = editor.get(up_to_date, **HTMX).content.decode()
    caches["pages"].clear()
    assert without_tokens(seen_by_viewer) == without_tokens(
        viewer.get(up_to_date, **HTMX).content.decode()
    )
    assert without_tokens(seen_by_editor) == without_tokens(
        editor.get(up_to_date, **HTMX).content.decode()
    )
    assert roles.MARK not in answer + seen_by_viewer + seen_by_editor
    assert reverse("share", args=[game.public_id]) in answer
    assert reverse("bid", args=[game.public_id]) in seen_by_editor
    assert "View only" in seen_by_viewer


def test_the_answer_after_an_entry_has_its_own_csrf_token_and_new_form_keys(client, game) -> None:
    phone_with(make_link(client, game, "view")).get(
        reverse("live", args=[game.public_id]) + "?v=0", **HTMX
    )
    bid = reverse("bid", args=[game.public_id])

    first = client.post(bid, {"deal": 1, "seat": BEN, "bid": 2, "was": ""}, **HTMX).content.decode()
    second = client.post(
        bid, {"deal": 1, "seat": CARLA, "bid": 1, "was": ""}, **HTMX
    ).content.decode()

    keys = re.findall(r'name="idem" value="([^"]+)"', first + second)
    assert len(keys) == len(set(keys)) > 4
    assert page_cache.CSRF_PLACEHOLDER not in first + second
    assert page_cache.FORM_KEY_PLACEHOLDER not in first + second
    assert re.search(r'bidder-name">Carla</span>\s*<span class="bidder-bid">1', second)
