"""A session as CSV and JSON, a notebook as JSON (docs/export-format.md), from what
`games.services.load` gives (no query). Explanations are translated as on screen, in the
page's language (games.explanations, docs/languages.md), so the three never disagree."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from games.kinds import kind_of
from games.models import Game, Notebook, Player, Seat
from games.tables import Table, designs

VERSION = 1
SESSION_FORMAT = "scorekeeper.session"
NOTEBOOK_FORMAT = "scorekeeper.notebook"
NOTEBOOKS_FORMAT = "scorekeeper.notebooks"  # what backup_notebooks writes

LINES_IN_A_CELL = "; "


# -- writing files -------------------------------------------------------------------


def to_json(value: object, indent: str = "") -> str:
    """JSON a person can read: anything that fits in 100 characters on one line."""
    flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if len(indent) + len(flat) <= 100 or not isinstance(value, dict | list) or not value:
        return flat
    inner = indent + "  "
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(key, ensure_ascii=False)}: {to_json(item, inner)}"
            for key, item in value.items()
        ]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    items = [inner + to_json(item, inner) for item in value]
    return "[\n" + ",\n".join(items) + f"\n{indent}]"


#: What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(value: object) -> object:
    """A leading apostrophe, as OWASP advises, on text a spreadsheet would read as a formula
    (a player named ``=HYPERLINK(...)``). Numbers are the app's own, never a player's text."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """With a byte order mark, so spreadsheets read names with accents as UTF-8."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out)
    writer.writerows([spreadsheet_cell(value) for value in row] for row in rows)
    return out.getvalue()


def filename(game: Game, extension: str) -> str:
    """``oh-hell-2025-01-31.csv``: the game and the day the session started."""
    day = timezone.localtime(game.created_at).date().isoformat()
    return f"{game.kind.replace('_', '-')}-{day}.{extension}"


def _time(value: datetime | None) -> str | None:
    if value is None:
        return None
    return value.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


# -- a session as CSV ----------------------------------------------------------------


def csv_rows(table: Table) -> list[list[object]]:
    """A header, then one row per player or team per deal or round (its design's files)."""
    return table.files().csv_rows(table)


# -- a session as JSON ---------------------------------------------------------------


def session_json(table: Table) -> dict:
    """Everything needed to rebuild the session, then ``result`` (an import ignores it)."""
    game = table.game
    return {
        "format": SESSION_FORMAT,
        "version": VERSION,
        "id": game.public_id,
        "kind": game.kind,
        "preset": game.preset,
        "options": dict(game.options),
        "seats": table.names,
        "first_dealer": game.first_dealer,
        "created_at": _time(game.created_at),
        "finished_at": _time(game.finished_at),
        **table.files().deals_json(table),
    }


# -- a notebook as JSON --------------------------------------------------------------


def prefetches() -> list[Prefetch]:
    """What every design reads, each once."""
    found = {p.prefetch_to: p for design in designs() for p in design.PREFETCH}
    return list(found.values())


def load_notebooks(notebooks: QuerySet[Notebook]) -> list[tuple[Notebook, list[Table]]]:
    """Each notebook with its sessions, oldest first, in eight queries however many."""
    games = Game.objects.order_by("created_at", "pk").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")),
        *prefetches(),
    )
    loaded = []
    for notebook in notebooks.order_by("pk").prefetch_related(
        Prefetch("players", queryset=Player.objects.order_by("name", "pk")),
        Prefetch("games", queryset=games),
    ):
        tables: list[Table] = []
        for game in notebook.games.all():
            tables.append(kind_of(game.kind).table.prefetched(game, list(game.seats.all())))
        loaded.append((notebook, tables))
    return loaded


def notebook_json(notebook: Notebook, tables: Sequence[Table], *, with_key: bool = False) -> dict:
    """``with_key`` for operators' backups: a restore on a new server keeps phones' links."""
    data: dict = {"format": NOTEBOOK_FORMAT, "version": VERSION, "name": notebook.name}
    if with_key:
        data["key"] = notebook.key
    data["created_at"] = _time(notebook.created_at)
    data["players"] = [player.name for player in notebook.players.all()]
    data["sessions"] = [session_json(table) for table in tables]
    return data


def notebooks_json(loaded: Sequence[tuple[Notebook, Sequence[Table]]]) -> dict:
    return {
        "format": NOTEBOOKS_FORMAT,
        "version": VERSION,
        "notebooks": [notebook_json(nb, tables, with_key=True) for nb, tables in loaded],
    }
