"""A session as stored and as the rules see it, the write path of every action, and undo."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

from django.db import IntegrityError, transaction

from games import tables
from games.models import Change, Game, IdempotencyKey, ShareLink
from games.rules import RuleError, gettext_noop
from games.tables import Table

T = TypeVar("T")


class Conflict(Exception):
    """The session changed since the page was shown (another phone, a double tap): 409."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)


def load(game: Game) -> Table:
    """The session as its game's design stores it (games.tables)."""
    return tables.load(game)


def table_after(game: Game) -> Table:
    """The session's table after the action just made through ``game`` (`game_action`), as
    that action kept it, or caught up from the first deal it changed, without loading the
    session again; else (no action, or one that refused or wrote nothing) loaded."""
    after = game.__dict__.pop("after", None)
    return (after and after.next_table()) or load(game)


@dataclass
class Hold:
    """A session locked once for several actions (`holding`), and its table as loaded."""

    game: Game
    table: Table | None = None
    #: The first deal the last action changed, if it did not keep ``table`` in step.
    changed_from: int | None = None

    def next_table(self) -> Table | None:
        """The table for the next action: as it is if the last one kept it in step or wrote
        nothing, else caught up from the first deal it changed; None: load it."""
        if self.table is None or self.changed_from is None:
            return self.table
        return self.table.caught_up(self.changed_from)


@contextmanager
def holding(game: Game) -> Iterator[None]:
    """Every action on ``game`` inside runs in this one transaction, under one lock, the
    access checked once, and on one table loaded once and kept in step by the actions that
    can (a backlog's entries: games/views/backlog.py): a backlog costs what its entries
    cost, not that times the game's length. Each action keeps its own savepoint, so a
    refusal undoes only itself. Game.DoesNotExist if the session is gone or the visitor's
    access was stopped."""
    with transaction.atomic():
        locked = lock(game)
        version, locked.save_later = locked.version, True
        game.hold = Hold(locked)
        try:
            yield
            held = game.hold.game
            if held.version != version:  # `commit` left it to here: one UPDATE for them all
                held.save(update_fields=COMMITTED)
            for name in COMMITTED:  # a refusal read the row as it was before
                setattr(game, name, getattr(held, name))
        finally:
            del game.hold


def lock(game: Game) -> Game:
    """The session's row locked, with its notebook's on PostgreSQL (a renewed notebook link
    waits for it), and the visitor's access checked again under the lock: a link stopped,
    or a notebook link renewed, before this point writes nothing, and its stop waits for
    a write already past it (docs/using.md, "Sharing"). Game.DoesNotExist if it is gone."""
    locked = (
        Game.objects.select_for_update().select_related("notebook").get(public_id=game.public_id)
    )
    if not still_allowed(game, locked):
        raise Game.DoesNotExist
    return locked


def still_allowed(game: Game, locked: Game) -> bool:
    """``game`` as `games.access.get_game` found it (``role``, ``link_key``): its
    access still holds for ``locked``. A session handed in by the app itself (an import,
    a test) carries no role and is not checked again."""
    role = getattr(game, "role", None)
    if role is None:
        return True
    if role == "owner":
        return locked.notebook.key == game.notebook.key
    links = ShareLink.objects.filter(game=locked, key=game.link_key, revoked_at__isnull=True)
    return links.exists()


def game_action(kind: str | None) -> Callable[[Callable[..., T]], Callable[..., T | None]]:
    """Run a service in one transaction with the session's row locked (on SQLite the
    IMMEDIATE transaction already serialises writers), passing ``table`` loaded under the lock.
    ``kind`` None serves every game. A repeated ``idempotency_key`` (double tap, retried
    POST) does nothing and returns None. After it the caller's ``game`` has the new version,
    and the table as the action left it (`table_after`).
    Inside `holding` the lock and the table are the hold's. Game.DoesNotExist if the session
    is gone or the visitor's access was stopped (`lock`)."""

    def decorate(func: Callable[..., T]) -> Callable[..., T | None]:
        @functools.wraps(func)
        def action(*, game: Game, idempotency_key: str | None = None, **kwargs: object) -> T | None:
            hold = getattr(game, "hold", None)
            kept = hold and {name: getattr(hold.game, name) for name in COMMITTED}
            try:
                with transaction.atomic():
                    locked = lock(game) if hold is None else hold.game
                    if kind is not None and locked.kind != kind:
                        raise RuleError(gettext_noop("This action is not for this game."))
                    result = None
                    if claim_entry_key(locked, idempotency_key):
                        table = (hold and hold.next_table()) or load(locked)
                        table.in_step, locked.changed_from = False, None
                        result = func(table=table, **kwargs)
                        changed_from = None if table.in_step else locked.changed_from
                        if hold is not None:
                            hold.table, hold.changed_from = table, changed_from
                        game.after = Hold(locked, table, changed_from)
            except Exception:
                if hold is not None:  # its savepoint went back: so does what it had in hand
                    for name, value in kept.items():
                        setattr(hold.game, name, value)
                    hold.table = None
                    hold.game.__dict__.pop("last_change", None)
                game.__dict__.pop("after", None)
                raise
            for column in Game._meta.concrete_fields:
                setattr(game, column.attname, getattr(locked, column.attname))
            return result

        return action

    return decorate


def claim_entry_key(game: Game, key: str | None) -> bool:
    """Under the session's lock: False if this form key was sent before (unique index)."""
    if key is None:
        return True
    try:
        with transaction.atomic():
            IdempotencyKey.objects.create(notebook_id=game.notebook_id, game=game, key=key)
    except IntegrityError:
        return False
    return True


#: What `commit` saves of the session's row.
COMMITTED = ["version", "finished_at", "updated_at"]


def commit(game: Game, action: str, params: dict, before: dict) -> None:
    """Every action ends here: version bumped, ``finished_at`` saved, history line. Inside
    `holding` the row is saved once, at the end: PostgreSQL keeps every version of a row
    updated in one transaction, and each update walks them (an entry of a 200-round
    backlog took 1.6 times as long in its second half)."""
    game.version += 1
    game.changed_from = before.get("from", 0)  # what a backlog's table reads again
    if not getattr(game, "save_later", False):
        game.save(update_fields=COMMITTED)
    change = Change.objects.create(game=game, action=action, params=params, before=before)
    # The newest line of the history, as reading it would give it (JSON: lists, string keys):
    # what Undo takes back next, unless Undo skips it (games.services.undo.last_undoable).
    change.params, change.before = json.loads(json.dumps([params, before]))
    game.last_change = change


def refuse_if_changed(game: Game, version: int | None) -> None:
    if version is not None and version != game.version:
        raise Conflict(
            gettext_noop(
                "The session changed on another phone while you were correcting."
                " Here it is now; correct it again if you still need to."
            )
        )


def refuse_if_finished(game: Game) -> None:
    if game.finished_at is not None:
        raise RuleError(gettext_noop("This session is finished."))
