"""Writing what `reading` checked: one transaction, the same queries for 1 session or 1000."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from games import limits
from games.exports.reading import SessionPlan
from games.kinds import kind_of
from games.models import Change, Game, Notebook, Player, Seat
from games.rules import RuleError, gettext_noop
from games.services.notebook import claim_form_key, note_made, notebook_of_visitor
from games.tables import designs


def import_session(
    *,
    notebook: Notebook | None,
    plan: SessionPlan,
    form_key: str | None = None,
    promised_key: str | None = None,
) -> Game:
    """Into the visitor's (or promised) notebook, once per form: a retry gets the first game."""
    restored = restore(
        notebook=notebook, players=[], sessions=[plan], form_key=form_key, promised_key=promised_key
    )
    if not restored.games:  # a retry, and what the first one made was deleted since
        raise RuleError(gettext_noop("This file was imported already."))
    return restored.games[0]


@dataclass(frozen=True)
class Restored:
    notebook: Notebook
    games: list[Game]
    #: A retried form: nothing written; ``games`` is what the first made, if any is left.
    repeated: bool = False


def restore(
    *,
    notebook: Notebook | None,
    players: Sequence[str],
    sessions: Sequence[SessionPlan],
    name: str = "",
    key: str | None = None,
    form_key: str | None = None,
    promised_key: str | None = None,
    keep_ids: bool = False,
    action: str = "import",
) -> Restored:
    """Write checked sessions in one transaction, once per ``form_key``. No ``notebook``: with
    ``key`` (an operator's restore) a new one keeping ``key`` unless taken, else the
    visitor's promised one. Players are matched by name whatever the case, or added."""
    try:
        with transaction.atomic():
            if notebook is None and key is not None:
                taken = Notebook.objects.filter(key=key).exists()
                notebook = Notebook.objects.create(name=name, **({} if taken else {"key": key}))
            elif notebook is None:  # a first visit: the backup's name goes with it
                notebook = notebook_of_visitor(None, promised_key)
                if name and not notebook.name:
                    notebook.name = name
                    notebook.save(update_fields=["name"])
            else:
                notebook = notebook_of_visitor(notebook, None)
            claim, first = claim_form_key(notebook, form_key)
            if not first:
                return Restored(notebook, [claim.game] if claim.game else [], repeated=True)
            games = _write(notebook, players, sessions, keep_ids, action)
            if games:
                note_made(claim, games[0])
            return Restored(notebook, games)
    except IntegrityError:
        # Another phone added the same player, or took the key, at the same moment.
        raise RuleError(
            gettext_noop("The notebook changed while the file was read. Please try again.")
        ) from None


#: Sessions whose times one statement writes: a statement of a few hundred stays cheap to
#: build and to run (PostgreSQL runs a CASE of 10,000 arms 10,000 times).
TIMES_BATCH = 500


def _write(
    notebook: Notebook,
    players: Sequence[str],
    sessions: Sequence[SessionPlan],
    keep_ids: bool = False,
    action: str = "import",
) -> list[Game]:
    """Into the locked notebook: a second import waits, then finds the first's players.
    ``keep_ids``: a session keeps the file's id unless another has it."""
    known = {player.name.casefold(): player for player in notebook.players.all()}
    new: dict[str, Player] = {}
    for player_name in [*players, *(n for plan in sessions for n in plan.names)]:
        folded = player_name.casefold()
        if folded not in known and folded not in new:
            new[folded] = Player(notebook=notebook, name=player_name)
    if len(known) + len(new) > limits.MOST_PLAYERS:
        raise limits.too_many_players()
    if sessions and notebook.games.count() + len(sessions) > limits.MOST_SESSIONS:
        raise limits.too_many_sessions()
    Player.objects.bulk_create(new.values())
    known.update(new)

    now = timezone.now()
    games = [
        Game(
            notebook=notebook,
            kind=plan.kind,
            preset=plan.preset,
            options=plan.options,
            first_dealer=plan.first_dealer,
            finished_at=(plan.finished_at or now) if plan.finished else None,
        )
        for plan in sessions
    ]
    if keep_ids:
        wanted = [plan.public_id for plan in sessions if plan.public_id]
        taken = set(Game.objects.filter(public_id__in=wanted).values_list("public_id", flat=True))
        for game, plan in zip(games, sessions, strict=True):
            if plan.public_id and plan.public_id not in taken:
                game.public_id = plan.public_id
    Game.objects.bulk_create(games)
    # The file's own times, so a restored history keeps its order: written after the
    # insert, which stamps created_at and updated_at; updated_at in one statement.
    for game, plan in zip(games, sessions, strict=True):
        game.created_at = plan.created_at or now
    if any(plan.created_at for plan in sessions):
        Game.objects.bulk_update(games, ["created_at"], batch_size=TIMES_BATCH)
    written = Game.objects.filter(pk__in=[game.pk for game in games])
    written.filter(finished_at__isnull=False).update(updated_at=F("finished_at"))
    for game in games:
        game.updated_at = game.finished_at or game.updated_at

    Seat.objects.bulk_create(
        Seat(game=game, position=position, player=known[player_name.casefold()])
        for game, plan in zip(games, sessions, strict=True)
        for position, player_name in enumerate(plan.names)
    )
    for design in designs():  # the same queries for 1 session or 1000
        design.create(
            [
                (game, plan.deals, plan.pending)
                for game, plan in zip(games, sessions, strict=True)
                if kind_of(plan.kind).table is design
            ]
        )
    Change.objects.bulk_create(
        Change(
            game=game,
            action=action,
            params={"deals": len(plan.deals)},
            before=plan.snapshot(game.finished_at),
        )
        for game, plan in zip(games, sessions, strict=True)
    )
    return games
