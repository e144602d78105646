"""A file read whole and checked through `games.rules` before anything is written. Every
refusal is a `RuleError` with one sentence for the visitor ("Session 3: Deal 5: ...")."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from games import inputs, limits
from games.exports.files import NOTEBOOK_FORMAT, NOTEBOOKS_FORMAT, SESSION_FORMAT, VERSION
from games.kinds import KINDS, kind_of
from games.rules import RuleError, gettext_noop
from games.rules.errors import is_whole
from games.services.notebook import check_table, clean_name

#: The limits (games/limits.py) are those entry stops at, so whatever the app accepted is
#: read back; a hostile file is refused at the first count past one, before the rules.
SESSION_FILE_LIMIT = limits.SESSION_FILE_LIMIT
NOTEBOOK_FILE_LIMIT = limits.NOTEBOOK_FILE_LIMIT

NOT_AN_EXPORT = gettext_noop("This file is not a Scorekeeper export.")


# -- reading a file ------------------------------------------------------------------


def read_json(raw: bytes, *, limit: int) -> object:
    if len(raw) > limit:
        raise RuleError(
            gettext_noop("This file is larger than %(size)s MB, too large to import."),
            size=limit // (1024 * 1024),
        )
    try:
        return json.loads(raw.decode("utf-8-sig"), parse_constant=_refuse_constant)
    # ValueError: not JSON, or a number thousands of digits long. RecursionError: deep nesting.
    except (ValueError, RecursionError):
        raise RuleError(
            gettext_noop("This file is not a Scorekeeper export: it is not valid JSON.")
        ) from None


def _refuse_constant(name: str) -> object:
    raise ValueError(name)  # NaN and Infinity are not JSON


@contextmanager
def within(where: str, number: int) -> Iterator[None]:
    templates = {
        "deal": gettext_noop("Deal %(number)s: %(reason)s"),
        "session": gettext_noop("Session %(number)s: %(reason)s"),
        "notebook": gettext_noop("Notebook %(number)s: %(reason)s"),
    }
    try:
        yield
    except RuleError as error:
        raise RuleError(templates[where], number=number, reason=error) from error


_MUST_BE = {
    int: gettext_noop("“%(field)s” must be a whole number."),
    str: gettext_noop("“%(field)s” must be text."),
    bool: gettext_noop("“%(field)s” must be true or false."),
    list: gettext_noop("“%(field)s” must be a list."),
    dict: gettext_noop("“%(field)s” must be a JSON object."),
}


class Fields:
    """Typed reads of one JSON object; a refusal names the field."""

    def __init__(self, data: object, refusal: str) -> None:
        if not isinstance(data, dict):
            raise RuleError(refusal)
        self.data = data

    def get(
        self, name: str, kind: type = object, *, required: bool = True, null: bool = False
    ) -> Any:
        """None for an allowed null, or an optional field absent or null. A bool is no int."""
        if name not in self.data:
            if required:
                raise RuleError(gettext_noop("“%(field)s” is missing."), field=name)
            return None
        value = self.data[name]
        if value is None and (null or not required):
            return None
        if not isinstance(value, kind) or (kind is int and not is_whole(value)):
            raise RuleError(_MUST_BE[kind], field=name)
        if kind is str and not inputs.text_ok(value):
            raise RuleError(
                gettext_noop("“%(field)s” holds a control character, which cannot be stored."),
                field=name,
            )
        return value


def _check_format(fields: Fields, expected: str) -> None:
    kind = fields.get("format", required=False)
    if kind is not None and kind != expected:
        if kind in (NOTEBOOK_FORMAT, NOTEBOOKS_FORMAT) and expected == SESSION_FORMAT:
            raise RuleError(
                gettext_noop("This file is a notebook backup: restore it as a backup instead.")
            )
        if kind == SESSION_FORMAT:
            raise RuleError(
                gettext_noop("This file is one session: import it as a session instead.")
            )
        raise RuleError(NOT_AN_EXPORT)
    version = fields.get("version", int)
    if version != VERSION:
        raise RuleError(
            gettext_noop(
                "This file has format version %(version)s; Scorekeeper reads version %(known)s."
            ),
            version=version if abs(version) < 10**6 else "?",
            known=VERSION,
        )


def _when(fields: Fields, name: str) -> datetime | None:
    value = fields.get(name, str, required=False)
    if value is None:
        return None
    try:
        if len(value) > 40:
            raise ValueError
        moment = datetime.fromisoformat(value)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC)
    # OverflowError: the first day of year 1 east of Greenwich is still year 0 in UTC.
    except (ValueError, OverflowError):
        raise RuleError(
            gettext_noop("“%(field)s” must be a date and time like 2025-01-31T20:15:00Z."),
            field=name,
        ) from None


# -- checking a session --------------------------------------------------------------


@dataclass(frozen=True)
class SessionPlan:
    kind: str
    preset: str
    options: dict
    names: list[str]
    first_dealer: int
    #: Each deal as a session's undo snapshot holds it (services.undo.snapshot).
    deals: list[dict]
    finished: bool
    created_at: datetime | None
    finished_at: datetime | None
    #: The file's ``id`` if the app could have made it: undoing a deletion keeps its links.
    public_id: str | None = None
    #: A game scored round by round: the next round's bids, in before it is played.
    pending: dict | None = None

    def snapshot(self, finished_at: datetime | None) -> dict:
        """As an undo snapshot, so undoing the import puts back what was imported."""
        finished = finished_at.isoformat() if finished_at else None
        if self.pending is not None:
            return {"deals": self.deals, "pending": self.pending, "finished_at": finished}
        return {"deals": self.deals, "finished_at": finished}


def session_plan(data: object, *, standalone: bool = True) -> SessionPlan:
    """Check a session whole through the rules. ``standalone``: not inside a notebook."""
    fields = Fields(data, NOT_AN_EXPORT)
    if standalone:
        _check_format(fields, SESSION_FORMAT)
    kind = fields.get("kind", str)
    if kind not in KINDS:
        raise RuleError(gettext_noop("“kind” must be one of: %(kinds)s."), kinds=", ".join(KINDS))
    preset = fields.get("preset", str)
    if preset not in kind_of(kind).presets:
        raise RuleError(gettext_noop("Unknown preset for this game."))
    options = kind_of(kind).read_file(fields.get("options", dict))
    seats = fields.get("seats", list)
    if len(seats) > 100 or not all(isinstance(name, str) for name in seats):
        raise RuleError(gettext_noop("“seats” must list the players' names in seat order."))
    names = check_table(kind, seats)
    first_dealer = fields.get("first_dealer", int)
    if not 0 <= first_dealer < len(names):
        raise RuleError(gettext_noop("The first dealer must be one of the players."))
    deals = fields.get("deals", list)
    if len(deals) > limits.MOST_DEALS:
        raise limits.too_many_deals()
    created_at = _when(fields, "created_at")
    finished_at = _when(fields, "finished_at")
    game = kind_of(kind)
    rows, finished, pending = game.table.files().read_deals(
        game, options, len(names), first_dealer, deals, fields.get, finished_at
    )
    if len(rows) + (pending is not None) > limits.MOST_DEALS:  # with the deal in play
        raise limits.too_many_deals()
    public_id = fields.get("id", str, required=False)
    return SessionPlan(
        kind=kind,
        preset=preset,
        options=options,
        names=names,
        first_dealer=first_dealer,
        deals=rows,
        finished=finished,
        created_at=created_at,
        finished_at=finished_at,
        public_id=public_id if public_id and inputs.token_ok(public_id) else None,
        pending=pending,
    )


# -- checking a notebook -------------------------------------------------------------


@dataclass(frozen=True)
class NotebookPlan:
    name: str
    key: str | None
    players: list[str]
    sessions: list[SessionPlan]


KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,43}")


def notebook_plan(data: object, *, standalone: bool = True) -> NotebookPlan:
    fields = Fields(data, NOT_AN_EXPORT)
    if standalone:
        _check_format(fields, NOTEBOOK_FORMAT)
    name = fields.get("name", str, required=False) or ""
    name = " ".join(name.split())
    if len(name) > limits.NOTEBOOK_NAME_LENGTH:
        raise RuleError(
            gettext_noop("A notebook's name can have at most %(most)s characters."),
            most=limits.NOTEBOOK_NAME_LENGTH,
        )
    key = fields.get("key", str, required=False)
    players = fields.get("players", list)
    sessions = fields.get("sessions", list)
    if len(players) > limits.MOST_PLAYERS:
        raise limits.too_many_players()
    if len(sessions) > limits.MOST_SESSIONS:
        raise limits.too_many_sessions()
    names: dict[str, str] = {}  # by their casefold
    for raw in players:
        if not isinstance(raw, str):
            raise RuleError(gettext_noop("“players” must list the players' names."))
        player = clean_name(raw)
        if player.casefold() in names:
            raise RuleError(gettext_noop("%(name)s is listed twice in “players”."), name=player)
        names[player.casefold()] = player
    plans = []
    for position, session in enumerate(sessions, start=1):
        with within("session", position):
            plans.append(session_plan(session, standalone=False))
    return NotebookPlan(
        name=name,
        key=key if key and KEY_PATTERN.fullmatch(key) else None,
        players=list(names.values()),
        sessions=plans,
    )


def notebooks_plan(data: object) -> list[NotebookPlan]:
    """The operators' backup (several notebooks), or one notebook's backup."""
    fields = Fields(data, NOT_AN_EXPORT)
    if fields.get("format", required=False) == NOTEBOOK_FORMAT:
        return [notebook_plan(data)]
    _check_format(fields, NOTEBOOKS_FORMAT)
    plans = []
    for position, notebook in enumerate(fields.get("notebooks", list), start=1):
        with within("notebook", position):
            plans.append(notebook_plan(notebook, standalone=False))
    return plans
