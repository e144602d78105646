"""Every entry made at a table (ACTIONS: every game's, then each table's screens' own):
the form that reads it, the service that makes it, where a refusal shows, and its URL. The
deal screen's posts (games/views/table.py, ``act``) and a phone's backlog
(games/views/backlog.py) both make them here."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.http import Http404

from games import forms, inputs, services
from games.access import message
from games.models import Game
from games.rules import RuleError
from games.services import Conflict
from games.tables import designs

#: Form fields whose service keyword has another name.
KEYWORDS = {"deal": "deal_number", "trick": "trick_number", "took_trick": "zero_team_took_trick"}


def keywords(data: dict, post: dict) -> dict:
    return {KEYWORDS.get(name, name): value for name, value in data.items()}


@dataclass(frozen=True)
class Action:
    """``error_for``: where a refusal shows; ``arguments``: the service's keywords;
    ``segment``: its URL's last part; ``by_seat``: a player's own phone may make it for its
    own seat (the service then gets ``own_seat`` and refuses the rest)."""

    form: type
    service: Callable[..., object]
    error_for: str
    arguments: Callable[[dict, dict], dict] = keywords
    segment: str = ""
    by_seat: bool = False


#: The entry every game takes; each table's screens add their own (``ENTRIES``).
FOR_EVERY_GAME = {"undo": Action(forms.UndoForm, services.undo_last, "undo", segment="undo")}


@functools.cache
def actions() -> dict[str, Action]:
    """Every entry by name: every game's, then each design's (games.screens: ``ENTRIES``)."""
    found = dict(FOR_EVERY_GAME)
    for design in designs():
        found.update(design.screens().ENTRIES)
    return found


def __getattr__(name: str) -> object:
    if name == "ACTIONS":  # read once the app is loaded (the URLs, the views)
        return actions()
    raise AttributeError(name)


@dataclass(frozen=True)
class Refusal:
    """An entry not made: its answer's status, why (in the visitor's language), and where
    the table shows it."""

    status: int
    reason: str
    error_for: str
    #: The form field the rules named ("e.tricks.2", or a group "e.points"), if any.
    field: str = ""


def apply_entry(game: Game, action: str, data: Mapping[str, str]) -> Refusal | None:
    """One entry (ACTIONS) as its form sent it, made at most once per form key: None when
    made, now or before. After it ``game`` has the session's version. Http404 if the session
    was deleted meanwhile."""
    entry = actions()[action]
    form = entry.form(data)
    if not form.is_valid():
        first = next(iter(form.errors.values()))[0]
        return Refusal(422, first, entry.error_for)
    try:
        arguments = entry.arguments(form.cleaned_data, data)
        if getattr(game, "role", None) == "seat":  # a player's own phone (games.access)
            arguments["own_seat"] = game.seat
        entry.service(game=game, idempotency_key=inputs.form_key(data), **arguments)
    except Game.DoesNotExist:
        raise Http404 from None  # deleted meanwhile
    except (RuleError, Conflict) as refusal:
        game.refresh_from_db()  # the session as it stands: the action's copy went
        status = 409 if isinstance(refusal, Conflict) else 422
        named = getattr(refusal, "where", None)
        field = f"e.{named}" if named else ""  # a round's entry: games.inputs.entry_of
        return Refusal(status, message(refusal), entry.error_for, field)
    return None
