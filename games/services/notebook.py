"""The notebook: its players, its sessions started and deleted, its link, forgetting it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import timedelta

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from games import inputs, limits
from games.kinds import kind_of
from games.models import Change, Game, IdempotencyKey, Notebook, Player, Seat, new_key
from games.options import as_options
from games.rules import RuleError, gettext_noop


def clean_name(name: str) -> str:
    if not inputs.text_ok(name or ""):
        raise RuleError(gettext_noop("A name cannot hold control characters."))
    name = " ".join((name or "").split())
    if not name:
        raise RuleError(gettext_noop("A player needs a name."))
    if len(name) > limits.NAME_LENGTH:
        raise RuleError(
            gettext_noop("A name can have at most %(most)s characters."), most=limits.NAME_LENGTH
        )
    return name


def check_table(kind: str, names: Sequence[str]) -> list[str]:
    names = [clean_name(name) for name in names]
    lowered = [name.casefold() for name in names]
    if len(set(lowered)) != len(lowered):
        raise RuleError(gettext_noop("Each player can sit at the table only once."))
    game = kind_of(kind)
    if not game.players[0] <= len(names) <= game.players[1]:
        raise game.wrong_table
    return names


def notebook_of_visitor(notebook: Notebook | None, promised_key: str | None) -> Notebook:
    """Locked until the transaction ends: the visitor's notebook, or on a first visit the one
    this browser was promised (games/access.py), made now. Two tabs, taps or retries
    carry the same promise: the second waits on the unique key and finds the first's row."""
    mine = Notebook.objects.select_for_update()
    if notebook is not None and (found := mine.filter(pk=notebook.pk).first()) is not None:
        # Locked: two starts at once add the same new player once.
        return found
    if promised_key is None:
        return Notebook.objects.create()
    Notebook.objects.get_or_create(key=promised_key)
    return mine.get(key=promised_key)


#: How long a phone keeps an entry it could not send (docs/phone.md, "Offline"): older, it
#: is shown as too old and never sent, so a form key must outlive this.
ENTRY_KEEP_DAYS = 30

#: A form key outlives anything that can send it again: a phone keeps an entry at most
#: ENTRY_KEEP_DAYS from its tap, and its key is noted no sooner than the tap; a day more for
#: the phone's clock. A deleted session keeps its keys (brought back by Undo, its entries
#: kept on a phone must not be made again); a forgotten notebook takes them with it.
KEY_LIFETIME = timedelta(days=ENTRY_KEEP_DAYS + 1)


def claim_form_key(notebook: Notebook, key: str | None) -> tuple[IdempotencyKey | None, bool]:
    """Inside a transaction: (the new row, True), or for a double tap or retry (the earlier
    row, False), to answer with what it made (``row.game``); a request at the same moment
    waits on the unique index. ``key`` None (not a form): always first."""
    if key is None:
        return None, True
    # Keys that have outlived any retry go here: once per thing made, not per entry.
    IdempotencyKey.objects.filter(
        notebook=notebook, created_at__lt=timezone.now() - KEY_LIFETIME
    ).delete()
    try:
        with transaction.atomic():
            return IdempotencyKey.objects.create(notebook=notebook, key=key), True
    except IntegrityError:
        return IdempotencyKey.objects.select_related("game").get(notebook=notebook, key=key), False


def note_made(claim: IdempotencyKey | None, game: Game) -> Game:
    """Note on the claimed key what its form made, for a retry to answer with."""
    if claim is not None:
        claim.game = game
        claim.save(update_fields=["game"])
    return game


def start_game(
    *,
    notebook: Notebook | None,
    kind: str,
    preset: str,
    options: dict,
    names: Sequence[str],
    first_dealer: int | None,
    form_key: str | None = None,
    promised_key: str | None = None,
) -> Game:
    """Players are found by name or added; a first visit's notebook is made in the same
    transaction, so a refused start leaves nothing. Once per form. ``first_dealer`` None
    draws one (seed 002 draws cards; a phone draws a number)."""
    names = check_table(kind, names)
    game_kind = kind_of(kind)
    rules = game_kind.rules_of(options)
    game_kind.table.check_start(game_kind, rules, len(names))
    if first_dealer is None:
        first_dealer = random.randrange(len(names))
    if not isinstance(first_dealer, int) or not 0 <= first_dealer < len(names):
        raise RuleError(gettext_noop("The first dealer must be one of the players."))
    try:
        with transaction.atomic():
            notebook = notebook_of_visitor(notebook, promised_key)
            claim, first = claim_form_key(notebook, form_key)
            if not first and claim.game is not None:
                return claim.game
            known = {player.name.casefold(): player for player in notebook.players.all()}
            new = [name for name in names if name.casefold() not in known]
            if new and len(known) + len(new) > limits.MOST_PLAYERS:
                raise limits.too_many_players()
            if notebook.games.count() >= limits.MOST_SESSIONS:
                raise limits.too_many_sessions()
            players = [
                known.get(name.casefold()) or Player.objects.create(notebook=notebook, name=name)
                for name in names
            ]
            game = Game.objects.create(
                notebook=notebook,
                kind=kind,
                preset=preset,
                options=as_options(rules),
                first_dealer=first_dealer,
            )
            Seat.objects.bulk_create(
                Seat(game=game, position=i, player=player) for i, player in enumerate(players)
            )
            game_kind.table.started(game, rules, len(names))
            Change.objects.create(game=game, action="start", params={"names": names}, before={})
            return note_made(claim, game)
    except IntegrityError:
        # Another phone gave a new player's name to someone, or deleted a player, meanwhile.
        raise RuleError(SAME_MOMENT) from None


#: A write that met a constraint another phone's write had just made true.
SAME_MOMENT = gettext_noop(
    "Another phone changed this notebook at the same moment. Nothing was saved: please try again."
)


def play_again(*, game: Game, form_key: str | None = None) -> Game:
    """Same table, rules and seats; the deal moves one seat on. Once per form."""
    names = [seat.player.name for seat in game.seats.select_related("player")]
    return start_game(
        notebook=game.notebook,
        kind=game.kind,
        preset=game.preset,
        options=game.options,
        names=names,
        first_dealer=(game.first_dealer + 1) % len(names),
        form_key=form_key,
    )


def _new_version(games) -> None:
    """The sessions show a new name: a new version redraws every open page."""
    Game.objects.filter(pk__in=list(games.values_list("pk", flat=True))).update(
        version=F("version") + 1, updated_at=timezone.now()
    )


def rename_player(*, player: Player, name: str) -> Player:
    name = clean_name(name)
    taken = RuleError(gettext_noop("There is already a player called %(name)s."), name=name)
    try:
        with transaction.atomic():
            clash = Player.objects.filter(notebook=player.notebook, name__iexact=name)
            if clash.exclude(pk=player.pk).exists():
                raise taken
            player.name = name
            player.save(update_fields=["name"])
            _new_version(Game.objects.filter(seats__player=player))
    except IntegrityError:
        # Another phone gave the name to someone at the same moment (the unique index).
        raise taken from None
    return player


def delete_player(*, player: Player) -> None:
    """Delete a player who sits in no session (a typo, a guest who never played)."""
    with transaction.atomic():
        player = Player.objects.select_for_update().filter(pk=player.pk).first()
        if player is None:
            return  # deleted already: a double tap
        if player.seats.exists():
            raise RuleError(
                gettext_noop(
                    "%(name)s has played: delete their sessions first, or merge them into"
                    " another player."
                ),
                name=player.name,
            )
        player.delete()


def merge_player(*, player: Player, into: Player) -> Player:
    """One player under two names ("Ann", "Anna"): ``player``'s seats go to ``into``."""
    other = RuleError(gettext_noop("Choose another player of this notebook."))
    if player.notebook_id != into.notebook_id or player.pk == into.pk:
        raise other
    together = RuleError(
        gettext_noop("%(name)s and %(other)s sat at the same table: they are two players."),
        name=player.name,
        other=into.name,
    )
    try:
        with transaction.atomic():
            Notebook.objects.select_for_update().get(pk=player.notebook_id)
            if Player.objects.filter(pk__in=[player.pk, into.pk]).count() != 2:
                raise other  # one of them was merged or deleted meanwhile
            games = Game.objects.filter(seats__player=player)
            if games.filter(seats__player=into).exists():
                raise together
            _new_version(games)
            Seat.objects.filter(player=player).update(player=into)
            player.delete()
    except IntegrityError:
        raise together from None  # a seat at the same table, taken meanwhile
    return into


def renew_notebook_link(*, notebook: Notebook, form_key: str | None = None) -> Notebook:
    """Once per form: else a double tap renews twice and the phone may keep a dead key."""
    with transaction.atomic():
        notebook = Notebook.objects.select_for_update().get(pk=notebook.pk)
        _claim, first = claim_form_key(notebook, form_key)
        if first:
            notebook.key = new_key()
            notebook.save(update_fields=["key"])
    return notebook


def forget_notebook(*, notebook: Notebook) -> None:
    """Everything in it, cached statistics too; its link and share links die at once."""
    with transaction.atomic():
        cache.delete(stats_key(notebook.pk))
        notebook.delete()


def stats_key(notebook_id: int) -> str:
    """The cache key of a notebook's statistics (games/views/stats.py); its number changes
    with the shape of what is kept (games.stats.NotebookStats)."""
    return f"stats:2:{notebook_id}"
