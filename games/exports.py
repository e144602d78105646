"""Sessions and notebooks as files, the summary line, and settling up.

- A session as CSV rows for a spreadsheet, and as a JSON dict with everything
  needed to rebuild it; a notebook (players and every session) as one JSON dict.
  The format is documented in docs/export-format.md.
- Import: a JSON file is read whole and checked through `games.rules` before
  anything is written (`read_json`, `session_plan`, `notebook_plan`); then
  `restore` creates the rows in one transaction. Every refusal is a `RuleError`
  with one sentence for the visitor; nothing is saved.
- `summary`: one line to paste into a chat. `settle`: seed 000's stake per point.

Reading a session takes what `games.services.load` gives (the rules' result
included) and makes no query of its own.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation

from django.db import IntegrityError, transaction
from django.db.models import Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from games import inputs, services
from games.models import (
    Adjustment,
    Change,
    Deal,
    Game,
    Hand,
    KozelDeal,
    Notebook,
    Player,
    Seat,
)
from games.rules import RuleError, gettext_noop, kozel, oh_hell

VERSION = 1
SESSION_FORMAT = "scorekeeper.session"
NOTEBOOK_FORMAT = "scorekeeper.notebook"
NOTEBOOKS_FORMAT = "scorekeeper.notebooks"  # what backup_notebooks writes

#: A session file is a few kilobytes (a 19-deal game of five is about 9 kB).
SESSION_FILE_LIMIT = 1024 * 1024
#: A notebook backup holds every session: room for a few thousand.
NOTEBOOK_FILE_LIMIT = 20 * 1024 * 1024

# Bounds that no real table reaches, so a hostile file cannot make us work or
# write without end (the rules allow endless revokes, or eggs in Kozel).
MAX_DEALS = 200
MAX_ADJUSTMENTS = 100  # in one deal
MAX_SESSIONS = 10_000  # in one notebook
MAX_PLAYERS = 10_000  # in one notebook
NOTE_LENGTH = 120
NOTEBOOK_NAME_LENGTH = 80
ADJUSTMENT_LIMIT = 1000  # points, as the correction form allows

# The CSV's words are in the language of the page that asked for it (docs/languages.md).
SUIT_WORDS = {
    "S": gettext_noop("spades"),
    "H": gettext_noop("hearts"),
    "D": gettext_noop("diamonds"),
    "C": gettext_noop("clubs"),
    "NT": gettext_noop("no trump"),
}

Table = services.OhHellTable | services.KozelTable


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
    """A text cell that a spreadsheet would read as a formula, made plain text with a
    leading apostrophe, as OWASP advises (a player named ``=HYPERLINK(...)``).
    Numbers stay numbers: ours are the app's own, never a player's text."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """CSV with a byte order mark, so spreadsheets read names with accents as UTF-8;
    text that would start a formula is neutralised (spreadsheet_cell)."""
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

OH_HELL_COLUMNS = [
    pgettext_lazy("CSV column", "deal"),
    pgettext_lazy("CSV column", "cards"),
    pgettext_lazy("CSV column", "dealer"),
    pgettext_lazy("CSV column", "trump"),
    pgettext_lazy("CSV column", "player"),
    pgettext_lazy("CSV column", "bid"),
    pgettext_lazy("CSV column", "tricks"),
    pgettext_lazy("CSV column", "deal score"),
    pgettext_lazy("CSV column", "running total"),
]
KOZEL_COLUMNS = [
    pgettext_lazy("CSV column", "deal"),
    pgettext_lazy("CSV column", "dealer"),
    pgettext_lazy("CSV column", "team"),
    pgettext_lazy("CSV column", "card points"),
    pgettext_lazy("CSV column", "took a trick"),
    pgettext_lazy("CSV column", "defeat points"),
    pgettext_lazy("CSV column", "running defeat points"),
]


def csv_rows(table: Table) -> list[list[object]]:
    """The header, then one row per player per deal (Oh Hell) or per team per deal
    (Kozel). A revoked Oh Hell deal has no tricks; its replay has the same number."""
    if isinstance(table, services.KozelTable):
        return _kozel_rows(table)
    names = table.names
    rows: list[list[object]] = [[str(column) for column in OH_HELL_COLUMNS]]
    for scored in table.result.deals:
        plan, record = scored.plan, scored.record
        for seat, name in enumerate(names):
            rows.append(
                [
                    plan.number,
                    plan.cards,
                    names[plan.dealer],
                    _(SUIT_WORDS[scored.trump]) if scored.trump in SUIT_WORDS else "",
                    name,
                    record.bids[seat],
                    "" if record.tricks is None else record.tricks[seat],
                    scored.scores[seat],
                    scored.totals[seat],
                ]
            )
    return rows


def _kozel_rows(table: services.KozelTable) -> list[list[object]]:
    names = table.names
    rows: list[list[object]] = [[str(column) for column in KOZEL_COLUMNS]]
    for outcome in table.result.outcomes:
        for team in (0, 1):
            points = outcome.card_points[team]
            took = pgettext("CSV cell", "yes")
            if points == 0:
                took = {
                    True: pgettext("CSV cell", "yes"),
                    False: pgettext("CSV cell", "no"),
                    None: "",
                }[outcome.entry.zero_team_took_trick]
            rows.append(
                [
                    outcome.number,
                    names[outcome.dealer],
                    table.team_names(team),
                    points,
                    took,
                    outcome.defeat_points[team],
                    outcome.running_defeat_points[team],
                ]
            )
    return rows


# -- a session as JSON ---------------------------------------------------------------


def session_json(table: Table) -> dict:
    """Everything needed to rebuild the session, then the scores as computed."""
    game = table.game
    data = {
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
    }
    if isinstance(table, services.KozelTable):
        data["deals"] = [_kozel_deal_json(deal) for deal in table.deals]
        data["result"] = _kozel_result_json(table.result)
    else:
        data["deals"] = [_oh_hell_deal_json(deal, table.players) for deal in table.deals]
        data["result"] = _oh_hell_result_json(table.result)
    return data


def _oh_hell_deal_json(deal: Deal, players: int) -> dict:
    hands = {hand.seat: hand for hand in deal.hands.all()}
    seats = range(players)
    scored = deal.done and deal.revoke is None
    return {
        "trump": deal.trump or None,
        "bids": [hands[s].bid if s in hands else None for s in seats],
        "out_of_turn": [hands[s].out_of_turn if s in hands else False for s in seats],
        "trick_winners": list(deal.trick_winners),
        "tricks": [hands[s].tricks if s in hands else None for s in seats] if scored else None,
        "revoke": deal.revoke,
        "adjustments": [
            {"seat": adj.seat, "points": adj.points, "note": adj.note}
            for adj in deal.adjustments.all()
        ],
    }


def _oh_hell_result_json(result: oh_hell.GameResult) -> dict:
    places = {standing.seat: standing.place for standing in result.standings}
    return {
        "finished": result.finished,
        "totals": list(result.totals),
        "places": [places[seat] for seat in range(result.players)],
        "winners": list(result.winners),
        "deals": [
            {
                "number": scored.plan.number,
                "cards": scored.plan.cards,
                "dealer": scored.plan.dealer,
                "trump": scored.trump,
                "replay": scored.replay,
                "made": list(scored.made),
                "points": list(scored.scores),
                "totals": list(scored.totals),
            }
            for scored in result.deals
        ],
    }


def _kozel_deal_json(deal: KozelDeal) -> dict:
    return {
        "team": deal.team,
        "points": deal.points,
        "zero_team_took_trick": deal.zero_team_took_trick,
        "last_trick_seat": deal.last_trick_seat,
    }


def _kozel_result_json(result: kozel.MatchResult) -> dict:
    return {
        "finished": result.finished,
        "defeat_points": list(result.defeat_points),
        "goat": result.goat,
        "goat_with_eggs": result.goat_with_eggs,
        "deals": [
            {
                "number": outcome.number,
                "dealer": outcome.dealer,
                "leader": outcome.leader,
                "card_points": list(outcome.card_points),
                "eggs": outcome.eggs,
                "defeat_points": list(outcome.defeat_points),
                "running_defeat_points": list(outcome.running_defeat_points),
            }
            for outcome in result.outcomes
        ],
    }


# -- a notebook as JSON --------------------------------------------------------------


def load_notebooks(notebooks: QuerySet[Notebook]) -> list[tuple[Notebook, list[Table]]]:
    """Each notebook with every session loaded, oldest first, in eight queries
    however many notebooks and sessions there are."""
    deals = Deal.objects.order_by("index").prefetch_related(
        Prefetch("hands", queryset=Hand.objects.order_by("seat")),
        Prefetch("adjustments", queryset=Adjustment.objects.order_by("created_at", "pk")),
    )
    games = Game.objects.order_by("created_at", "pk").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")),
        Prefetch("deals", queryset=deals),
        Prefetch("kozel_deals", queryset=KozelDeal.objects.order_by("index")),
    )
    loaded = []
    for notebook in notebooks.order_by("pk").prefetch_related(
        Prefetch("players", queryset=Player.objects.order_by("name", "pk")),
        Prefetch("games", queryset=games),
    ):
        tables: list[Table] = []
        for game in notebook.games.all():
            seats = list(game.seats.all())
            if game.kind == Game.Kind.KOZEL:
                tables.append(
                    services.KozelTable(game=game, seats=seats, deals=list(game.kozel_deals.all()))
                )
            else:
                tables.append(
                    services.OhHellTable(game=game, seats=seats, deals=list(game.deals.all()))
                )
        loaded.append((notebook, tables))
    return loaded


def notebook_json(notebook: Notebook, tables: Sequence[Table], *, with_key: bool = False) -> dict:
    """The notebook's players and every session. The secret key only for operators'
    backups (``with_key``): a restore on a new server then keeps every phone's link."""
    data: dict = {"format": NOTEBOOK_FORMAT, "version": VERSION, "name": notebook.name}
    if with_key:
        data["key"] = notebook.key
    data["created_at"] = _time(notebook.created_at)
    data["players"] = [player.name for player in notebook.players.all()]
    data["sessions"] = [session_json(table) for table in tables]
    return data


def notebooks_json(loaded: Sequence[tuple[Notebook, Sequence[Table]]]) -> dict:
    """Several notebooks in one file (the operators' backup)."""
    return {
        "format": NOTEBOOKS_FORMAT,
        "version": VERSION,
        "notebooks": [notebook_json(nb, tables, with_key=True) for nb, tables in loaded],
    }


# -- reading a file ------------------------------------------------------------------


def read_json(raw: bytes, *, limit: int) -> object:
    """The parsed file, or one sentence saying why it cannot be read."""
    if len(raw) > limit:
        raise RuleError(
            gettext_noop("This file is larger than %(size)s MB, too large to import."),
            size=limit // (1024 * 1024),
        )
    try:
        text = raw.decode("utf-8-sig")
        return json.loads(text, parse_constant=_refuse_constant)
    # RecursionError: nested thousands deep. ValueError: not JSON, or a number
    # of thousands of digits (Python refuses to read those).
    except (ValueError, RecursionError):
        raise RuleError(
            gettext_noop("This file is not a Scorekeeper export: it is not valid JSON.")
        ) from None


def _refuse_constant(name: str) -> object:
    raise ValueError(name)  # NaN and Infinity are not JSON


def _in(where: str, number: int, error: RuleError) -> RuleError:
    """A refusal inside one part of the file, e.g. "Deal 3: ..."."""
    templates = {
        "deal": gettext_noop("Deal %(number)s: %(reason)s"),
        "session": gettext_noop("Session %(number)s: %(reason)s"),
        "notebook": gettext_noop("Notebook %(number)s: %(reason)s"),
    }
    return RuleError(templates[where], number=number, reason=error)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Fields:
    """Typed reads of one JSON object; a refusal names the field."""

    def __init__(self, data: object, refusal: str) -> None:
        if not isinstance(data, dict):
            raise RuleError(refusal)
        self.data = data

    def get(self, name: str, *, required: bool = True) -> object:
        if name not in self.data:
            if required:
                raise RuleError(gettext_noop("“%(field)s” is missing."), field=name)
            return None
        return self.data[name]

    def whole(self, name: str, *, required: bool = True, null: bool = False) -> int | None:
        value = self.get(name, required=required)
        if value is None and (null or not required):
            return None
        if not _whole(value):
            raise RuleError(gettext_noop("“%(field)s” must be a whole number."), field=name)
        return value

    def text(self, name: str, *, required: bool = True, null: bool = False) -> str | None:
        value = self.get(name, required=required)
        if value is None and (null or not required):
            return None
        if not isinstance(value, str):
            raise RuleError(gettext_noop("“%(field)s” must be text."), field=name)
        if not inputs.text_ok(value):
            raise RuleError(
                gettext_noop("“%(field)s” holds a control character, which cannot be stored."),
                field=name,
            )
        return value

    def flag(self, name: str, *, required: bool = True, null: bool = False) -> bool | None:
        value = self.get(name, required=required)
        if value is None and (null or not required):
            return None
        if not isinstance(value, bool):
            raise RuleError(gettext_noop("“%(field)s” must be true or false."), field=name)
        return value

    def list(self, name: str, *, required: bool = True, null: bool = False) -> list | None:
        value = self.get(name, required=required)
        if value is None and (null or not required):
            return None
        if not isinstance(value, list):
            raise RuleError(gettext_noop("“%(field)s” must be a list."), field=name)
        return value

    def object(self, name: str, *, required: bool = True) -> dict | None:
        value = self.get(name, required=required)
        if value is None and not required:
            return None
        if not isinstance(value, dict):
            raise RuleError(gettext_noop("“%(field)s” must be a JSON object."), field=name)
        return value


NOT_AN_EXPORT = gettext_noop("This file is not a Scorekeeper export.")


def _check_format(fields: _Fields, expected: str) -> None:
    """The file's kind and format version, checked before anything else."""
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
    version = fields.whole("version")
    if version != VERSION:
        raise RuleError(
            gettext_noop(
                "This file has format version %(version)s; Scorekeeper reads version %(known)s."
            ),
            version=version if abs(version) < 10**6 else "?",
            known=VERSION,
        )


def _when(fields: _Fields, name: str) -> datetime | None:
    value = fields.text(name, required=False, null=True)
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
class DealRows:
    """One Oh Hell deal as the database stores it."""

    trump: str
    trick_winners: list[int]
    revoke: int | None
    done: bool
    hands: list[tuple[int, int | None, bool, int | None]]  # seat, bid, out of turn, tricks
    adjustments: list[tuple[int, int, str]]  # seat, points, note


@dataclass(frozen=True)
class SessionPlan:
    """A session from a file, checked by the rules and ready to be written."""

    kind: str
    preset: str
    options: dict
    names: list[str]
    first_dealer: int
    deals: list[DealRows] | list[kozel.DealEntry]
    finished: bool
    created_at: datetime | None
    finished_at: datetime | None
    #: The session's id in the file (``id``), when it is one the app could have made:
    #: kept by the undo of a deletion, so links to the session work again.
    public_id: str | None = None

    def snapshot(self, finished_at: datetime | None) -> dict:
        """The session as `services.snapshot` describes it, so that an undo of the
        import puts back what was imported: it changes nothing."""
        if self.kind == Game.Kind.KOZEL:
            deals = [_kozel_fields(entry) for entry in self.deals]
        else:
            deals = [
                {
                    "trump": deal.trump,
                    "trick_winners": deal.trick_winners,
                    "revoke": deal.revoke,
                    "done": deal.done,
                    "hands": [list(hand) for hand in deal.hands],
                    "adjustments": [list(adj) for adj in deal.adjustments],
                }
                for deal in self.deals
            ]
        return {"deals": deals, "finished_at": finished_at.isoformat() if finished_at else None}


def _kozel_fields(entry: kozel.DealEntry) -> dict:
    return {
        "team": entry.team,
        "points": entry.points,
        "zero_team_took_trick": entry.zero_team_took_trick,
        "last_trick_seat": entry.last_trick_seat,
    }


OH_HELL_ENUMS = {
    "schedule": oh_hell.Schedule,
    "trump": oh_hell.TrumpRule,
    "made": oh_hell.MadeBid,
    "zero": oh_hell.ZeroBid,
    "missed": oh_hell.MissedBid,
    "tie_break": oh_hell.TieBreak,
}
OH_HELL_FLAGS = ("keep_card_to_turn", "double_turn", "hook", "hook_lifted_last_deal", "slams")
#: Whole-number options and their bounds (the rules check what the game needs).
OH_HELL_NUMBERS = {
    "cap": (1, 60),
    "deck_size": (52, 60),
    "hook_min_cards": (1, 60),
    "revoke_penalty": (0, 1000),
}
KOZEL_ENUMS = {"six_points": kozel.SixPointRule, "eggs": kozel.EggsRule}
KOZEL_NUMBERS = {"match_limit": (1, 100), "two_point_from": (1, 60)}


def _options(kind: str, raw: dict) -> dict:
    """The options as the database stores them (every option, enums as strings)."""
    enums = KOZEL_ENUMS if kind == Game.Kind.KOZEL else OH_HELL_ENUMS
    flags = () if kind == Game.Kind.KOZEL else OH_HELL_FLAGS
    numbers = KOZEL_NUMBERS if kind == Game.Kind.KOZEL else OH_HELL_NUMBERS
    fields = _Fields(raw, gettext_noop("“options” must be a JSON object."))
    for name, value in raw.items():
        if name in enums:
            if not isinstance(value, str) or value not in {item.value for item in enums[name]}:
                raise RuleError(
                    gettext_noop("Unknown value for the option %(option)s."), option=name
                )
        elif name in flags:
            fields.flag(name)
        elif name in numbers:
            low, high = numbers[name]
            number = fields.whole(name, null=name == "cap")
            if number is not None and not low <= number <= high:
                raise RuleError(
                    gettext_noop("The option %(option)s must be from %(low)s to %(high)s."),
                    option=name,
                    low=low,
                    high=high,
                )
        elif name == "custom_schedule" and kind == Game.Kind.OH_HELL:
            cards = fields.list(name)
            if len(cards) > MAX_DEALS or not all(_whole(c) and 0 < c <= 60 for c in cards):
                raise RuleError(
                    gettext_noop("“custom_schedule” must list the cards of each deal (1 to 60).")
                )
        else:
            shown = name if len(name) <= 40 else name[:40] + "…"
            raise RuleError(gettext_noop("Unknown option %(option)s."), option=shown)
    if kind == Game.Kind.KOZEL:
        return services.rules_as_options(services.kozel_rules(raw))
    return services.rules_as_options(services.oh_hell_rules(raw))


def session_plan(data: object, *, standalone: bool = True) -> SessionPlan:
    """Check a session from a file, whole, through the rules; RuleError when it is not
    valid. ``standalone``: a file of its own (its format and version are checked),
    not a session inside a notebook backup."""
    fields = _Fields(data, NOT_AN_EXPORT)
    if standalone:
        _check_format(fields, SESSION_FORMAT)
    kind = fields.text("kind")
    if kind not in Game.Kind.values:
        raise RuleError(gettext_noop("“kind” must be “oh_hell” or “kozel”."))
    preset = fields.text("preset")
    presets = kozel.PRESETS if kind == Game.Kind.KOZEL else oh_hell.PRESETS
    if preset not in presets:
        raise RuleError(gettext_noop("Unknown preset for this game."))
    options = _options(kind, fields.object("options"))
    seats = fields.list("seats")
    if len(seats) > 100 or not all(isinstance(name, str) for name in seats):
        raise RuleError(gettext_noop("“seats” must list the players' names in seat order."))
    names = services.check_table(kind, seats)
    first_dealer = fields.whole("first_dealer")
    if not 0 <= first_dealer < len(names):
        raise RuleError(gettext_noop("The first dealer must be one of the players."))
    deals = fields.list("deals")
    if len(deals) > MAX_DEALS:
        raise RuleError(gettext_noop("A session can have at most %(most)s deals."), most=MAX_DEALS)
    created_at = _when(fields, "created_at")
    finished_at = _when(fields, "finished_at")
    if kind == Game.Kind.KOZEL:
        rows, finished = _kozel_deals(options, first_dealer, deals)
    else:
        rows, finished = _oh_hell_deals(options, len(names), first_dealer, deals)
    public_id = fields.text("id", required=False)
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
    )


def _seat_list(fields: _Fields, name: str, players: int, *, null: bool) -> list | None:
    """A list with one entry per seat: whole numbers, or null where ``null`` allows."""
    values = fields.list(name, null=null)
    if values is None:
        return None
    if len(values) != players or not all(_whole(v) or v is None for v in values):
        raise RuleError(
            gettext_noop("“%(field)s” must have one whole number or null per seat."),
            field=name,
        )
    return values


@dataclass(frozen=True)
class _Entered:
    """One Oh Hell deal as the file has it, its types checked."""

    position: int
    trump: str | None
    bids: list
    out_of_turn: list[bool]
    winners: list[int]
    tricks: list | None
    revoke: int | None
    adjustments: list[tuple[int, int, str]]

    @property
    def done(self) -> bool:
        return self.tricks is not None or self.revoke is not None


def _oh_hell_entry(raw: object, position: int, players: int) -> _Entered:
    fields = _Fields(raw, gettext_noop("Each deal must be a JSON object."))
    bids = _seat_list(fields, "bids", players, null=False)
    out_of_turn = fields.list("out_of_turn")
    if len(out_of_turn) != players or not all(isinstance(v, bool) for v in out_of_turn):
        raise RuleError(gettext_noop("“out_of_turn” must have true or false for each seat."))
    if any(flag and bid is None for flag, bid in zip(out_of_turn, bids, strict=True)):
        raise RuleError(gettext_noop("Only a bid can be made out of turn."))
    winners = fields.list("trick_winners")
    if len(winners) > 60 or not all(_whole(v) for v in winners):
        raise RuleError(gettext_noop("“trick_winners” must list seats, one per trick."))
    entered = _Entered(
        position=position,
        trump=fields.text("trump", null=True),
        bids=bids,
        out_of_turn=out_of_turn,
        winners=winners,
        tricks=_seat_list(fields, "tricks", players, null=True),
        revoke=fields.whole("revoke", null=True),
        adjustments=_adjustments(fields.list("adjustments"), players),
    )
    if entered.revoke is not None and entered.tricks is not None:
        raise RuleError(gettext_noop("A revoked deal has no tricks."))
    return entered


def _oh_hell_deals(
    options: dict, players: int, first_dealer: int, deals: list
) -> tuple[list[DealRows], bool]:
    """Every deal through `oh_hell.score_game`; the last may be the deal in play."""
    rules = services.oh_hell_rules(options)
    entered = []
    for position, raw in enumerate(deals, start=1):
        try:
            entered.append(_oh_hell_entry(raw, position, players))
        except RuleError as error:
            raise _in("deal", position, error) from error
    playing = entered.pop() if entered and not entered[-1].done else None
    for deal in entered:
        if not deal.done:  # only the last deal can be in play
            refusal = RuleError(gettext_noop("Enter everyone's tricks to score the deal."))
            raise _in("deal", deal.position, refusal)
    if playing is not None and playing.adjustments:
        refusal = RuleError(gettext_noop("Adjust a deal once it is scored."))
        raise _in("deal", playing.position, refusal)
    records = [
        oh_hell.DealRecord(
            bids=tuple(deal.bids),
            tricks=None if deal.tricks is None else tuple(deal.tricks),
            trump=deal.trump or None,
            revoke=deal.revoke,
            adjustments=tuple(oh_hell.Adjustment(*adj) for adj in deal.adjustments),
        )
        for deal in entered
    ]
    result = oh_hell.score_game(rules, players, first_dealer, records)
    rows = []
    for deal, scored in zip(entered, result.deals, strict=True):
        winners = list(deal.winners)
        try:
            oh_hell.tally_tricks(winners, scored.plan.cards, players)
        except RuleError as error:
            raise _in("deal", scored.plan.number, error) from error
        if deal.tricks is not None and not oh_hell.taps_agree(
            winners, deal.tricks, scored.plan.cards, players
        ):
            # Written by a version before corrections dropped the taps they contradict
            # (docs/export-format.md): the counts are what was scored.
            winners = []
        rows.append(
            DealRows(
                trump=scored.trump or "",
                trick_winners=winners,
                revoke=deal.revoke,
                done=True,
                hands=[
                    (seat, deal.bids[seat], deal.out_of_turn[seat], _tricks(deal, seat))
                    for seat in range(players)
                ],
                adjustments=deal.adjustments,
            )
        )
    if result.finished:
        if playing is not None:
            raise RuleError(gettext_noop("The game is over: the schedule has no more deals."))
        return rows, True
    rows.append(_open_deal(result.next_deal, players, playing))
    return rows, False


def _tricks(deal: _Entered, seat: int) -> int | None:
    return None if deal.tricks is None else deal.tricks[seat]


def _open_deal(plan: oh_hell.DealPlan, players: int, deal: _Entered | None) -> DealRows:
    """The deal in play: its trump, the bids so far, the tricks tapped so far."""
    if deal is None:  # a file may leave out a deal nobody has bid in yet
        return DealRows(plan.trump or "", [], None, False, [], [])
    try:
        trump = oh_hell.check_trump(deal.trump, plan) or ""
        for bid in deal.bids:
            if bid is not None:
                oh_hell.check_bid(bid, plan.cards)
        complete = None not in deal.bids
        if complete:
            oh_hell.check_bids(deal.bids, plan.cards, plan.hook, players)
        if deal.winners:
            if not complete:
                raise RuleError(gettext_noop("Finish the bidding before play starts."))
            oh_hell.tally_tricks(deal.winners, plan.cards, players)
    except RuleError as error:
        raise _in("deal", plan.number, error) from error
    hands = [
        (seat, bid, deal.out_of_turn[seat], None)
        for seat, bid in enumerate(deal.bids)
        if bid is not None
    ]
    return DealRows(trump, list(deal.winners), None, False, hands, [])


def _adjustments(raw: list, players: int) -> list[tuple[int, int, str]]:
    if len(raw) > MAX_ADJUSTMENTS:
        raise RuleError(
            gettext_noop("A deal can have at most %(most)s adjustments."), most=MAX_ADJUSTMENTS
        )
    adjustments = []
    for item in raw:
        fields = _Fields(item, gettext_noop("Each adjustment must be a JSON object."))
        seat = fields.whole("seat")
        points = fields.whole("points")
        note = fields.text("note", required=False) or ""
        if not 0 <= seat < players:
            raise RuleError(gettext_noop("No such player at this table."))
        if points == 0:
            raise RuleError(gettext_noop("Enter the points to add or take away (not 0)."))
        if abs(points) > ADJUSTMENT_LIMIT:
            raise RuleError(gettext_noop("An adjustment can be at most 1000 points."))
        note = " ".join(note.split())
        if len(note) > NOTE_LENGTH:
            raise RuleError(
                gettext_noop("A note can have at most %(most)s characters."), most=NOTE_LENGTH
            )
        adjustments.append((seat, points, note))
    return adjustments


def _kozel_deals(
    options: dict, first_dealer: int, deals: list
) -> tuple[list[kozel.DealEntry], bool]:
    rules = services.kozel_rules(options)
    entries = []
    for position, raw in enumerate(deals, start=1):
        try:
            fields = _Fields(raw, gettext_noop("Each deal must be a JSON object."))
            team = fields.whole("team")
            points = fields.whole("points")
            took = fields.flag("zero_team_took_trick", required=False, null=True)
            last = fields.whole("last_trick_seat", required=False, null=True)
        except RuleError as error:
            raise _in("deal", position, error) from error
        entries.append(kozel.DealEntry(team, points, took, last))
    result = kozel.score_match(rules, first_dealer, entries)
    return [outcome.entry for outcome in result.outcomes], result.finished


# -- checking a notebook -------------------------------------------------------------


@dataclass(frozen=True)
class NotebookPlan:
    name: str
    key: str | None
    players: list[str]
    sessions: list[SessionPlan]


KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,43}")


def notebook_plan(data: object, *, standalone: bool = True) -> NotebookPlan:
    """Check a notebook backup whole; RuleError ("Session 3: Deal 5: ...") when it is
    not valid."""
    fields = _Fields(data, NOT_AN_EXPORT)
    if standalone:
        _check_format(fields, NOTEBOOK_FORMAT)
    name = fields.text("name", required=False) or ""
    name = " ".join(name.split())
    if len(name) > NOTEBOOK_NAME_LENGTH:
        raise RuleError(
            gettext_noop("A notebook's name can have at most %(most)s characters."),
            most=NOTEBOOK_NAME_LENGTH,
        )
    key = fields.text("key", required=False)
    players = fields.list("players")
    sessions = fields.list("sessions")
    if len(players) > MAX_PLAYERS:
        raise RuleError(
            gettext_noop("A notebook can have at most %(most)s players."), most=MAX_PLAYERS
        )
    if len(sessions) > MAX_SESSIONS:
        raise RuleError(
            gettext_noop("A notebook can have at most %(most)s sessions."), most=MAX_SESSIONS
        )
    names: list[str] = []
    seen: set[str] = set()
    for raw in players:
        if not isinstance(raw, str):
            raise RuleError(gettext_noop("“players” must list the players' names."))
        player = services.clean_name(raw)
        if player.casefold() in seen:
            raise RuleError(gettext_noop("%(name)s is listed twice in “players”."), name=player)
        seen.add(player.casefold())
        names.append(player)
    plans = []
    for position, session in enumerate(sessions, start=1):
        try:
            plans.append(session_plan(session, standalone=False))
        except RuleError as error:
            raise _in("session", position, error) from error
    return NotebookPlan(
        name=name,
        key=key if key and KEY_PATTERN.fullmatch(key) else None,
        players=names,
        sessions=plans,
    )


def notebooks_plan(data: object) -> list[NotebookPlan]:
    """The operators' backup (several notebooks), or one notebook's backup."""
    fields = _Fields(data, NOT_AN_EXPORT)
    if fields.get("format", required=False) == NOTEBOOK_FORMAT:
        return [notebook_plan(data)]
    _check_format(fields, NOTEBOOKS_FORMAT)
    plans = []
    for position, notebook in enumerate(fields.list("notebooks"), start=1):
        try:
            plans.append(notebook_plan(notebook, standalone=False))
        except RuleError as error:
            raise _in("notebook", position, error) from error
    return plans


# -- writing what was checked --------------------------------------------------------


def import_session(
    *,
    notebook: Notebook | None,
    plan: SessionPlan,
    form_key: str | None = None,
    promised_key: str | None = None,
) -> Game:
    """A session from a file, into the visitor's notebook (on a first visit the one
    promised, services.notebook_of_visitor). Once per form: a retry answers with the
    session the first one made."""
    restored = restore(
        notebook=notebook,
        players=[],
        sessions=[plan],
        form_key=form_key,
        promised_key=promised_key,
    )
    if not restored.games:  # a retry, and what the first one made was deleted since
        raise RuleError(gettext_noop("This file was imported already."))
    return restored.games[0]


@dataclass(frozen=True)
class Restored:
    notebook: Notebook
    games: list[Game]
    #: A retry of a form already restored: ``games`` is what the first one made, if
    #: anything is left of it, and nothing was written.
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
    """Write checked sessions into the notebook in one transaction, with the same
    number of queries for one session or a thousand.

    Without a notebook: with ``key`` (an operator's restore) a new one, with ``name``,
    keeping ``key`` when no other notebook has it; otherwise the visitor's promised
    one (services.notebook_of_visitor). Players are found by name, whatever the
    case, or added. Each session gets a history line "import". Once per form
    (``form_key``).
    """
    try:
        with transaction.atomic():
            if notebook is None and key is not None:
                taken = Notebook.objects.filter(key=key).exists()
                notebook = Notebook.objects.create(name=name, **({} if taken else {"key": key}))
            elif notebook is None:  # a first visit: the backup's name goes with it
                notebook = services.notebook_of_visitor(None, promised_key)
                if name and not notebook.name:
                    notebook.name = name
                    notebook.save(update_fields=["name"])
            else:
                notebook = services.notebook_of_visitor(notebook, None)
            claim, first = services.claim_form_key(notebook, form_key)
            if not first:
                return Restored(notebook, [claim.game] if claim.game else [], repeated=True)
            games = _write(notebook, players, sessions, keep_ids, action)
            if games:
                services.note_made(claim, games[0])
            return Restored(notebook, games)
    except IntegrityError:
        # Another phone added the same player, or took the key, at the same moment.
        raise RuleError(
            gettext_noop("The notebook changed while the file was read. Please try again.")
        ) from None


def _write(
    notebook: Notebook,
    players: Sequence[str],
    sessions: Sequence[SessionPlan],
    keep_ids: bool = False,
    action: str = "import",
) -> list[Game]:
    """The rows of ``sessions`` in ``notebook``, locked (one import at a time into a
    notebook: the second waits, then finds the players the first one added).
    ``keep_ids``: each session keeps its id from the file if no session has it."""
    known = {player.name.casefold(): player for player in notebook.players.all()}
    new: dict[str, Player] = {}
    for player_name in [*players, *(n for plan in sessions for n in plan.names)]:
        folded = player_name.casefold()
        if folded not in known and folded not in new:
            new[folded] = Player(notebook=notebook, name=player_name)
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
    for game, plan in zip(games, sessions, strict=True):
        # The file's own times, so the history of a restored notebook keeps its order.
        game.created_at = plan.created_at or now
        game.finished_at = (plan.finished_at or now) if plan.finished else None
        game.updated_at = game.finished_at or now
    Game.objects.bulk_update(games, ["created_at", "updated_at", "finished_at"])

    Seat.objects.bulk_create(
        Seat(game=game, position=position, player=known[player_name.casefold()])
        for game, plan in zip(games, sessions, strict=True)
        for position, player_name in enumerate(plan.names)
    )
    deals: list[tuple[Deal, DealRows]] = []
    kozel_deals: list[KozelDeal] = []
    for game, plan in zip(games, sessions, strict=True):
        for index, rows in enumerate(plan.deals):
            if plan.kind == Game.Kind.KOZEL:
                kozel_deals.append(KozelDeal(game=game, index=index, **_kozel_fields(rows)))
                continue
            deal = Deal(
                game=game,
                index=index,
                trump=rows.trump,
                trick_winners=rows.trick_winners,
                revoke=rows.revoke,
                done=rows.done,
            )
            deals.append((deal, rows))
    KozelDeal.objects.bulk_create(kozel_deals)
    Deal.objects.bulk_create(deal for deal, _rows in deals)
    Hand.objects.bulk_create(
        Hand(deal=deal, seat=seat, bid=bid, out_of_turn=out_of_turn, tricks=tricks)
        for deal, rows in deals
        for seat, bid, out_of_turn, tricks in rows.hands
    )
    Adjustment.objects.bulk_create(
        Adjustment(deal=deal, seat=seat, points=points, note=note)
        for deal, rows in deals
        for seat, points, note in rows.adjustments
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


# -- the summary line and settling up -------------------------------------------------


def summary(table: Table) -> str:
    """One line for a chat: "Final: Anna 112, Ben 98, …" (best first), or for Kozel
    "Anna & Carla 12 (goat), Ben & Dan 6"."""
    if isinstance(table, services.KozelTable):
        result = table.result
        teams = []
        for team in (0, 1):
            text = f"{table.team_names(team)} {result.defeat_points[team]}"
            if result.goat == team:
                text += " " + _("(goat)")
            teams.append(text)
        scores = ", ".join(teams)
        if result.finished:
            return scores
        if not result.outcomes:
            return _("No deal entered yet.")
        return ngettext(
            "After %(deals)s deal: %(scores)s",
            "After %(deals)s deals: %(scores)s",
            len(result.outcomes),
        ) % {"deals": len(result.outcomes), "scores": scores}
    result = table.result
    scores = ", ".join(f"{table.names[s.seat]} {s.total}" for s in result.standings)
    if result.finished:
        return _("Final: %(scores)s") % {"scores": scores}
    if not result.deals:
        return _("No deal scored yet.")
    return ngettext(
        "After %(done)s of %(deals)s deal: %(scores)s",
        "After %(done)s of %(deals)s deals: %(scores)s",
        len(result.plans),
    ) % {
        "done": result.next_deal.number - 1,
        "deals": len(result.plans),
        "scores": scores,
    }


STAKE_LIMIT = Decimal(1000)


def parse_stake(raw: str) -> Decimal:
    """A stake per point as typed: "0.10", "0,10" or "1"."""
    text = (raw or "").strip().replace(",", ".")
    try:
        stake = Decimal(text) if len(text) <= 20 else None
    except InvalidOperation:
        stake = None
    if stake is None or not stake.is_finite():
        raise RuleError(gettext_noop("Enter the stake per point as a number, for example 0.10."))
    if stake <= 0:
        raise RuleError(gettext_noop("The stake must be more than 0."))
    if stake > STAKE_LIMIT:
        raise RuleError(gettext_noop("The stake can be at most 1000 per point."))
    if stake != stake.quantize(Decimal("0.01")):
        raise RuleError(gettext_noop("Enter the stake with at most two decimals, like 0.10."))
    return stake


@dataclass(frozen=True)
class Payment:
    name: str
    total: int
    winner: bool
    amount: float  # what this player pays (> 0) or receives (< 0)

    @property
    def pays(self) -> str:
        return f"{self.amount:.2f}" if self.amount > 0 else ""

    @property
    def receives(self) -> str:
        return f"{-self.amount:.2f}" if self.amount < 0 else ""


def settle(table: services.OhHellTable, stake: Decimal) -> list[Payment]:
    """Seed 000: each player pays the winner the stake times the points between them;
    tied winners share (`oh_hell.settle_up`). Best first."""
    result = table.result
    amounts = oh_hell.settle_up(result.totals, stake)
    return [
        Payment(table.names[s.seat], s.total, s.total == max(result.totals), amounts[s.seat])
        for s in result.standings
    ]
