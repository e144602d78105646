"""Deleting a session, and its Undo: the session's file travels signed in the Undo form, so
the server keeps nothing of a deleted session (docs/export-format.md)."""

from __future__ import annotations

from django.core import signing
from django.db import transaction

from games.exports import files, importing, reading
from games.models import Game, Notebook
from games.rules import RuleError, gettext_noop
from games.services.sessions import load

#: Undo of a deletion carries the signed session file this long; the server keeps none.
DELETED_SALT = "games.services.delete_session"
UNDO_DELETE_SECONDS = 60 * 60


def delete_session(*, game: Game) -> str:
    """The players stay. Returns Undo's token: the signed session file (docs/export-format.md)."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        data = files.session_json(load(locked))
        locked.delete()
    return signing.dumps(
        {"notebook": game.notebook_id, "session": data}, salt=DELETED_SALT, compress=True
    )


def undo_delete_session(*, notebook: Notebook, token: str, form_key: str | None = None) -> Game:
    """Back with its id, share links still dead; a foreign, old or altered token is refused."""
    try:
        data = signing.loads(token, salt=DELETED_SALT, max_age=UNDO_DELETE_SECONDS)
    except signing.BadSignature:
        raise RuleError(
            gettext_noop("This session can no longer be brought back: undo within an hour.")
        ) from None
    if data.get("notebook") != notebook.pk:
        raise RuleError(gettext_noop("This session can no longer be brought back."))
    plan = reading.session_plan(data["session"])
    with transaction.atomic():
        Notebook.objects.select_for_update().get(pk=notebook.pk)
        # Brought back already (another tab's Undo): that one.
        back = Game.objects.filter(notebook=notebook, public_id=plan.public_id).first()
        if back is not None:
            return back
        restored = importing.restore(
            notebook=notebook,
            players=[],
            sessions=[plan],
            form_key=form_key,
            keep_ids=True,
            action="restored",
        )
    if not restored.games:  # a retry, and what it brought back was deleted again since
        raise RuleError(gettext_noop("This session can no longer be brought back."))
    return restored.games[0]
