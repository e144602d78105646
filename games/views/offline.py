"""What the deal screen sends ahead so the phone keeps the table going without a connection
(issue 32, docs/phone.md "Offline"): the rules' lookups for the deals left (games.rules), the
session as the server has it, and the words the page's script shows, in the page's
language. The state goes into the table with ``json_script``, the lookups and words come
once from ``ahead``; static/js/model.js only looks up."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games import services
from games.explanations import explained
from games.kinds import kind_of
from games.models import Game
from games.rules import RuleError, kozel, oh_hell
from games.rules.oh_hell.ahead import figures, offline_lookups
from games.views import rounds
from games.views.access import get_game, message

#: Plural forms for the script: one sentence per sample number; the script takes the one
#: whose plural category (Intl.PluralRules, the page's language) is that of its number.
SAMPLES = (1, 2, 5)


def counted(say: Callable[[int], str], **params: object) -> dict:
    """One sentence per sample number (``say(n)``, an ngettext call), "%(n)s" kept."""
    return {str(n): say(n) % {"n": keep("n"), **params} for n in SAMPLES}


def plural(singular: str, plural_: str, **params: object) -> dict:
    return counted(lambda n: ngettext(singular, plural_, n), **params)


def keep(name: str) -> str:
    """A placeholder the script fills in, kept through Django's ``%`` formatting."""
    return f"%({name})s"


# Written as ngettext calls, not through ``plural``, so that makemessages finds them:
# these sentences are said nowhere else.
def kept_words() -> dict:
    return counted(
        lambda n: ngettext(
            "No connection · %(n)s entry kept on this phone",
            "No connection · %(n)s entries kept on this phone",
            n,
        )
    )


def sending_words() -> dict:
    return counted(
        lambda n: ngettext(
            "Sending %(n)s entry kept on this phone…",
            "Sending %(n)s entries kept on this phone…",
            n,
        )
    )


def common_words() -> dict:
    return {
        "kept": kept_words(),
        "sending": sending_words(),
        "sent": _("Back online: every entry kept on this phone was sent."),
        "pending": _("not sent yet"),
        "refused": _(
            "The server refused an entry kept on this phone. The table below is the session"
            " as the server has it."
        ),
        "waiting": _("Kept on this phone, not sent:"),
        "drop": _("Drop it"),
        "undo": _("Undo"),
        "nothing_to_undo": _("There is nothing to undo."),
        "dealer": _("dealer"),
        "actions": {
            "trump": _("Trump"),
            "bid": _("Bid"),
            "trick": _("Trick"),
            "undo_trick": _("Trick taken back"),
            "tricks": _("Tricks taken"),
            "revoke": _("Revoke"),
            "adjust": _("Adjustment"),
            "kozel_deal": _("Deal"),
            "undo": _("Undo"),
        },
    }


def oh_hell_words() -> dict:
    """The deal screen's own sentences (templates/games/oh_hell.html); where the plural
    follows the cards, one per plural sample, the cards left for the script."""
    cards, tricks = keep("cards"), keep("tricks")
    return {
        **common_words(),
        "facts": plural("%(cards)s card", "%(cards)s cards", cards=cards),
        "bids_of": plural(
            "bids %(bids)s of %(tricks)s trick",
            "bids %(bids)s of %(tricks)s tricks",
            bids=keep("bids"),
            tricks=tricks,
        ),
        "hook": plural(
            "The hook: %(name)s may not bid %(n)s, or the bids would add up to the %(cards)s"
            " trick.",
            "The hook: %(name)s may not bid %(n)s, or the bids would add up to the %(cards)s"
            " tricks.",
            name=keep("name"),
            cards=cards,
        ),
        "call": plural(
            "%(bids)s bid for %(tricks)s trick",
            "%(bids)s bid for %(tricks)s tricks",
            bids=keep("bids"),
            tricks=tricks,
        ),
        "deal_title": _("Deal %(n)s of %(total)s"),
        "played_again": _("played again"),
        "trump": _("Trump"),
        "no_trump": _("No trump"),
        "suits": {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")},
        "not_noted": _("not noted yet"),
        "bids": _("Bids"),
        "bids_label": _("%(name)s bids:"),
        "forbidden": _("%(n)s, not allowed by the hook"),
        "dealer_badge": pgettext("dealer badge", "D"),
        "to_bid": _("to bid"),
        "out_of_turn": _("out of turn"),
        "pick_out_of_turn": _("bid out of turn"),
        "pick_change": _("change the bid"),
        "over": _("OVER by %(by)s"),
        "under": _("UNDER by %(by)s"),
        "even": _("EVEN"),
        "trick_question": _("Trick %(n)s of %(cards)s: who took it?"),
        "all_played": _("All tricks played"),
        "taken": _("taken %(t)s of %(b)s bid"),
        "take_back": _("Take back trick %(n)s"),
        "counts": _("Tricks taken") + ": " + _("enter everyone's count"),
        "bid_n": _("bid %(bid)s"),
        "score": _("Score this deal"),
        "totals": _("Totals"),
        "game_over": _("Game over"),
        "wins": _("%(name)s wins"),
        "shared_win": _("Shared win: %(names)s"),
        "scored": _("Deal %(n)s scored"),
        "revoked": _("Deal %(n)s: revoke"),
        "revoke": _("Revoke"),
        "revoke_rule": plural(
            "A player who did not follow suit, caught after the next trick: they lose %(p)s"
            " point and the deal is played again by the same dealer with the same cards.",
            "A player who did not follow suit, caught after the next trick: they lose %(p)s"
            " points and the deal is played again by the same dealer with the same cards.",
            p=keep("n"),
        ),
        "who_revoked": _("Who revoked?"),
        "record_revoke": _("Record the revoke (−%(p)s) and play the deal again"),
        "adjust_in": _("Adjust points in deal %(n)s"),
        "player": _("Player"),
        "adjust_points": _("Points (minus for a penalty)"),
        "note": _("Note"),
        "add_adjustment": _("Add the adjustment"),
        "taps": _(
            "These counts differ from the tricks tapped during play; take back a trick first."
        ),
        "tricks_sum": _(
            "The tricks add up to %(total)s, but %(cards)s were played: check the counts."
        ),
    }


def oh_hell_lookups(table: services.OhHellTable) -> dict:
    """The whole session's lookups: its plans never change once it has started."""
    lookups = offline_lookups(table.rules, table.players, table.result.plans)
    return {
        "game": "oh_hell",
        "total_deals": len(table.result.plans),
        "lookups": lookups,
        "words": oh_hell_words(),
    }


def keep_copy(request: HttpRequest, response: HttpResponse, game: Game) -> HttpResponse:
    """A page of a session this phone keeps score of: the service worker keeps its last copy,
    so it opens without a network (static/js/sw.js). A follower's page is not kept, nor an
    htmx answer: a piece of a page, never a page to open (docs/phone.md)."""
    if game.can_edit and response.status_code == 200 and not request.htmx:
        response["X-Offline-Copy"] = "keep"
    return response


def urls(game: Game, actions: tuple[str, ...]) -> dict:
    """Where the script sends each entry (the forms' own URLs), a backlog, and the lookups."""
    args = [game.public_id]
    return {
        "entry": {action: reverse(action, args=args) for action in (*actions, "undo")},
        "entries": reverse("entries", args=args),
        "ahead": reverse("ahead", args=args),
    }


OH_HELL_ACTIONS = ("trump", "bid", "trick", "undo_trick", "tricks", "revoke", "adjust")


def oh_hell_state(table: services.OhHellTable, context: dict) -> dict:
    """The session as the server has it now, drawn into the table with each swap, and as it
    would be after Undo (the phone may undo an entry the server has without a connection)."""
    deal = context.get("deal")
    playing = {
        "number": context.get("deal_number"),
        "trump": deal.trump if deal else "",
        "bids": table.bidding.as_list() if table.bidding else [],
        "out_of_turn": table.bidding.out_of_turn if table.bidding else (),
        "winners": deal.trick_winners if deal else [],
    }
    return {
        "game": "oh_hell",
        "version": table.game.version,
        # Said even before the lookups arrive (a connection lost in the first second).
        "kept": kept_words(),
        "urls": urls(table.game, OH_HELL_ACTIONS),
        "names": table.names,
        **figures(table.result, table.players, playing),
        "undo": oh_hell_undone(table),
    }


def oh_hell_undone(table: services.OhHellTable) -> dict | None:
    """The figures after Undo: the last action's snapshot (services.undo.snapshot) as the
    rules see it. None when there is nothing to undo."""
    last = services.last_undoable(table.game)
    if last is None:
        return None
    deals = services.whole(table, last.before)
    records = [
        services.record_of(
            hands={hand["seat"]: (hand["bid"], hand["tricks"]) for hand in deal["hands"]},
            trump=deal["trump"],
            revoke=deal["revoke"],
            adjustments=[(a["seat"], a["points"], a["note"]) for a in deal["adjustments"]],
            players=table.players,
        )
        for deal in deals
        if deal["done"]
    ]
    result = oh_hell.score_game(table.rules, table.players, table.game.first_dealer, records)
    index, deal = next(
        ((index, deal) for index, deal in enumerate(deals) if not deal["done"]), (None, None)
    )
    hands = deal["hands"] if deal else []
    playing = {
        "number": index + 1 if deal else None,
        "trump": deal["trump"] if deal else "",
        "bids": [
            next((h["bid"] for h in hands if h["seat"] == seat), None)
            for seat in range(table.players)
        ],
        "out_of_turn": [h["seat"] for h in hands if h["out_of_turn"]],
        "winners": deal["trick_winners"] if deal else [],
    }
    return figures(result, table.players, playing)


def translate_refusals(answer: object) -> None:
    """Each ``{"refused": template}`` in a lookup, in the page's language."""
    if isinstance(answer, dict):
        if "refused" in answer:
            answer["refused"] = message(RuleError(answer["refused"]))
        else:
            for value in answer.values():
                translate_refusals(value)


def kozel_lookups(table: services.KozelTable) -> dict:
    lookups = kozel.offline_lookups(table.rules, table.game.first_dealer)
    # Refusals the script may meet, in the page's language.
    for team in lookups["defeat"]:
        for answer in team:
            translate_refusals(answer)
    words = {
        **common_words(),
        "deal": _("Deal %(n)s"),
        "leads": _("leads"),
        "eggs_line": _("Deal %(n)s: eggs, 60–60."),
        "points_line": _("Deal %(n)s: %(a)s–%(b)s."),
        "take": plural(
            "%(name)s take %(points)s defeat point.",
            "%(name)s take %(points)s defeat points.",
            name=keep("name"),
            points=keep("n"),
        ),
        "goat": _("%(name)s are the goat!"),
    }
    return {"game": "kozel", "lookups": lookups, "words": words}


def kozel_state(table: services.KozelTable, context: dict) -> dict:
    """The match as the server has it now, and as it would be after Undo."""
    last = services.last_undoable(table.game)
    undone = None
    if last is not None:
        entries = [kozel.DealEntry(**deal) for deal in services.whole(table, last.before)]
        result = kozel.score_match(table.rules, table.game.first_dealer, entries)
        undone = kozel.offline_figures(result)
    return {
        "game": "kozel",
        "version": table.game.version,
        # Said even before the lookups arrive (a connection lost in the first second).
        "kept": kept_words(),
        "urls": urls(table.game, ("kozel_deal",)),
        "names": table.names,
        "teams": [table.team_names(team) for team in (0, 1)],
        **kozel.offline_figures(table.result),
        "undo": undone,
    }


#: How many rounds ahead a phone gets the forms of (one evening offline is rarely more).
ROUNDS_AHEAD = 4


def rounds_state(table: services.RoundsTable, context: dict) -> dict:
    """Where a game scored round by round stands: the next round's number and phase, the
    bids in (the form fields that hold them), and the same after Undo."""
    game = table.game
    last = services.last_undoable(game)
    undone = None
    if last is not None:
        before = last.before
        finished = before.get("finished_at") is not None
        undone = {
            "number": None if finished else services.rounds_after(before) + 1,
            "phase": _phase(game, before.get("pending")),
            "bids": _bid_fields(before.get("pending")),
        }
    plan = context["plan"]
    return {
        "game": "rounds",
        "version": game.version,
        "kept": kept_words(),
        "urls": urls(game, ("round", "bids", "end_game")),
        "names": table.names,
        "number": plan.number if plan else None,
        "phase": context["phase"],
        "bids": _bid_fields(table.pending.entry if table.pending else None),
        "undo": undone,
    }


def _phase(game: Game, pending: dict | None) -> str | None:
    if not kind_of(game.kind).bids_first:
        return None
    return "play" if pending is not None else "bids"


def _bid_fields(pending: dict | None) -> dict | None:
    """Bids in, as the round's form names them (``e.bids.0``), to fill the form with."""
    if pending is None:
        return None
    return {f"e.bids.{seat}": str(bid) for seat, bid in enumerate(pending["bids"])}


def rounds_ahead(request: HttpRequest, table: services.RoundsTable) -> dict:
    """The forms of the next rounds, drawn by the game's own template as the server would
    draw them, keyed "<round>:<phase>"; a phone offline shows the one it has reached."""
    kind = kind_of(table.game.kind)
    phases = ("bids", "play") if kind.bids_first else (None,)
    forms, calls = {}, {}
    plan = table.result.next_round
    first = plan.number if plan else None
    through = None
    for _step in range(ROUNDS_AHEAD):
        if plan is None:
            break
        if kind.bids_first:
            # The call for every sum the bids can come to: the phone adds, the rules say.
            most = table.players * (plan.cards or 0)
            calls[plan.number] = {
                total: explained([table.module.call(plan, [total])])[0] for total in range(most + 1)
            }
        for phase in phases:
            context = rounds.form_context(table, plan, phase)
            html = render_to_string("games/_round_form.html", context, request=request)
            forms[f"{plan.number}:{phase or 'play'}"] = html
        through = plan.number
        plan = table.module.plan_after(table.rules, table.players, table.game.first_dealer, plan)
    words = {
        **common_words(),
        "actions": {
            **common_words()["actions"],
            "round": _("Round"),
            "bids": _("Bids"),
            "end_game": _("End the game now"),
        },
        "later": _("Scores come when the connection is back: the server works them out."),
        "no_form": _("Every round drawn ahead is kept; the next comes with the connection."),
    }
    return {
        "game": "rounds",
        "lookups": {"calls": calls},
        "words": words,
        "forms": forms,
        # The rounds drawn, and whether the game has none after them: the phone asks again
        # as the game goes past them (static/js/offline.js, freshAhead).
        "from": first,
        "through": through,
        "last": plan is None,
    }


@require_safe
def ahead(request: HttpRequest, public_id: str) -> JsonResponse:
    """The session's lookups and the words of the offline table, in the page's language:
    fetched once by the scorekeeper's phone (static/js/offline.js) and kept there."""
    game = get_game(request, public_id)
    if not game.can_edit:
        raise PermissionDenied
    table = services.load(game)
    if isinstance(table, services.RoundsTable):
        data = rounds_ahead(request, table)
    elif isinstance(table, services.KozelTable):
        data = kozel_lookups(table)
    else:
        data = oh_hell_lookups(table)
    response = JsonResponse({**data, "language": get_language()})
    if data["game"] == "rounds":
        # The forms drawn ahead follow the game: asked for again as the rounds go by.
        patch_cache_control(response, private=True, no_cache=True)
    else:
        # The plans of a session never change; the words follow the language (in the URL).
        patch_cache_control(response, private=True, max_age=24 * 3600)
    return response
