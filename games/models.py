"""What people entered at the table, and the constraints the database keeps. Scores come
from `games.rules`, never stored, so an edit to deal 2 shows in every total after it."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from games import limits

if TYPE_CHECKING:
    from games.kinds import Kind


def new_key() -> str:
    """A secret link key: 128 random bits."""
    return secrets.token_urlsafe(16)


def new_public_id() -> str:
    """An id for URLs: 72 random bits, not a secret, just not guessable."""
    return secrets.token_urlsafe(9)


class Notebook(models.Model):
    """A table group's private space: its players and its sessions."""

    key = models.CharField(max_length=43, unique=True, default=new_key)
    name = models.CharField(max_length=limits.NOTEBOOK_NAME_LENGTH, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name or f"Notebook {self.pk}"


class Player(models.Model):
    notebook = models.ForeignKey(Notebook, on_delete=models.CASCADE, related_name="players")
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id)
    name = models.CharField(max_length=limits.NAME_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                "notebook", Lower("name"), name="player_name_unique_in_notebook"
            ),
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name


def registered_games() -> list[tuple[str, str]]:
    """Every game games/kinds.py registers, as the ``kind`` field's choices: a callable, so
    a new game needs no migration."""
    from games.kinds import KINDS  # the registry reads the rules, not the models

    return [(name, kind.label) for name, kind in KINDS.items()]


#: The most seats any game has (a Kind's ``players``; tests/test_layout.py checks it).
MAX_SEATS = 8


class Game(models.Model):
    """One session of any game games/kinds.py registers (``kind`` is its name)."""

    notebook = models.ForeignKey(Notebook, on_delete=models.CASCADE, related_name="games")
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id)
    kind = models.CharField(max_length=20, choices=registered_games)
    preset = models.CharField(max_length=40)
    options = models.JSONField(default=dict)
    first_dealer = models.PositiveSmallIntegerField()
    #: Bumped by every change, so a page can tell it is out of date.
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(first_dealer__lt=MAX_SEATS), name="game_first_dealer_seat"
            ),
        ]
        # Home's list, and the statistics' count and last change from the index alone.
        indexes = [models.Index(fields=["notebook", "updated_at"], name="game_notebook_updated")]

    def __str__(self) -> str:
        return f"{self.kind} {self.public_id}"

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def registered(self) -> Kind:
        """What the app knows of its game (games/kinds.py), for a template that asks."""
        from games.kinds import kind_of  # the registry reads the rules, not the models

        return kind_of(self.kind)

    def get_kind_display(self) -> str:
        """The game's name (games/kinds.py), in the visitor's language."""
        return str(self.registered.label)


class ShareLink(models.Model):
    """A secret link to a session; a new link revokes the old one of its role (of its seat,
    for a player's own phone)."""

    class Role(models.TextChoices):
        VIEW = "view", "view only"
        EDIT = "edit", "co-scorekeeper"
        SEAT = "seat", "a player's own phone"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="share_links")
    role = models.CharField(max_length=4, choices=Role.choices)
    #: A player's own phone: the seat (its position) it enters for; None for the others.
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    key = models.CharField(max_length=43, unique=True, default=new_key)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                "game",
                "role",
                condition=Q(revoked_at__isnull=True) & ~Q(role="seat"),
                name="share_link_one_active_per_role",
            ),
            models.UniqueConstraint(
                "game",
                "seat",
                condition=Q(revoked_at__isnull=True, role="seat"),
                name="share_link_one_active_per_seat",
            ),
            models.CheckConstraint(
                condition=Q(role__in=["view", "edit"], seat__isnull=True)
                | Q(role="seat", seat__isnull=False),
                name="share_link_role",
            ),
        ]


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    #: A seated player goes only with the whole notebook or session.
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="seats")

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint("game", "position", name="seat_position_unique"),
            models.UniqueConstraint("game", "player", name="seat_player_unique"),
            models.CheckConstraint(condition=Q(position__lt=MAX_SEATS), name="seat_position_range"),
        ]


class Deal(models.Model):
    """One deal as played, in a game that keeps its own rows (games.tables: its Kind's
    ``storage``): a replay after a revoke is a deal of its own."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="deals")
    index = models.PositiveSmallIntegerField()  # 0-based order of play
    trump = models.CharField(max_length=2, blank=True)
    #: Winners of the tricks as they fell, seats in order (optional).
    trick_winners = models.JSONField(default=list, blank=True)
    revoke = models.PositiveSmallIntegerField(null=True, blank=True)  # seat that revoked
    done = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint("game", "index", name="deal_index_unique"),
            models.CheckConstraint(
                condition=Q(trump__in=["", "S", "H", "D", "C", "NT"]), name="deal_trump_known"
            ),
            models.CheckConstraint(
                condition=Q(revoke__isnull=True) | Q(done=True), name="deal_revoke_is_done"
            ),
        ]


class Hand(models.Model):
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="hands")
    seat = models.PositiveSmallIntegerField()
    bid = models.PositiveSmallIntegerField(null=True, blank=True)
    out_of_turn = models.BooleanField(default=False)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint("deal", "seat", name="hand_seat_unique"),
            models.CheckConstraint(condition=Q(seat__lt=7), name="hand_seat_range"),
            models.CheckConstraint(
                condition=Q(bid__isnull=False) | Q(out_of_turn=False),
                name="hand_out_of_turn_needs_bid",
            ),
        ]


class Adjustment(models.Model):
    """A table's own penalty or bonus for one player in one deal."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="adjustments")
    seat = models.PositiveSmallIntegerField()
    points = models.IntegerField()
    note = models.CharField(max_length=limits.NOTE_LENGTH, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.CheckConstraint(condition=~Q(points=0), name="adjustment_not_zero"),
            models.CheckConstraint(condition=Q(seat__lt=7), name="adjustment_seat_range"),
        ]


class Round(models.Model):
    """One round of a game scored round by round (games.rules.rounds), as entered: its
    rules check it on the way in and score it on the way out."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    index = models.PositiveSmallIntegerField()
    entry = models.JSONField()
    #: False: the bids are in, the round not yet played (a game whose Kind has ``bids_first``).
    done = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint("game", "index", name="round_index_unique")]


class SeatBid(models.Model):
    """A seat's bid for the next round, sent from the player's own phone (a seat's link) or
    by the scorekeeper for that seat, before every seat's is in: then they become the
    round's bids (games.services.rounds.seat_bid) and these rows go. Where the bids are shown
    all at once (Kind.sealed_bids) nobody sees one before; where they are made in turn
    (Kind.bids_in_turn) each is shown as it is made. Kept apart from the rounds, so no
    page, export or history reads a sealed one."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_bids")
    #: The round it is for (1 = the first): a bid left from a round undone is not shown.
    round_number = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    bid = models.PositiveSmallIntegerField()
    #: What the game's bids phase enters beside the bid, for this seat (games.rules.rounds
    #: ``bid_fields``): {"blind": true}.
    marks = models.JSONField(default=dict)

    class Meta:
        constraints = [
            models.UniqueConstraint("game", "round_number", "seat", name="seat_bid_once")
        ]


class Change(models.Model):
    """The session's history: one row per action, with what undo needs."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    action = models.CharField(max_length=30)
    #: Values for the readable description (names, numbers).
    params = models.JSONField(default=dict)
    #: The entered state before this action, restored by undo.
    before = models.JSONField(default=dict)
    undone = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]


class IdempotencyKey(models.Model):
    """A submitted form's key, so a double tap or retry counts once; ``game`` is the entry's
    session, or the one a creating form made (a retry answers with it)."""

    notebook = models.ForeignKey(Notebook, on_delete=models.CASCADE, related_name="+")
    #: Kept when the session is deleted: its Undo brings it back with its id, and a phone
    #: may still send the entries it kept (services.notebook.KEY_LIFETIME).
    game = models.ForeignKey(Game, on_delete=models.SET_NULL, related_name="+", null=True)
    key = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint("notebook", "key", name="idempotency_key_unique_in_notebook")
        ]
