"""Skull King's and Tysiąc's stored sessions under today's rules (issue 38, item 7), so that
every one still loads, exports and restores (docs/rules-skull_king.md, docs/rules-tysiac.md):

- Skull King: the one option ``advanced_cards`` becomes ``kraken``, ``white_whale`` and
  ``loot``, each with its value (the deck they made, 74 cards or 70, is the same).
- Skull King for two: a round of a table's own list that the deck cannot deal to two
  players and Graybeard's third hand (more than the deck // 3: 23, or 24 with the
  advanced cards) deals that most; in the rounds played, a bid or a player's tricks above
  it come down to it, and tricks that add up to more are taken one at a time from the
  player with the most (the later seat on a tie), so nobody who took a trick is left
  with none.
- Skull King: Rascal's wager by a player who took no trick is removed (the wager is made
  by the player who wins a trick with him).
- Tysiąc: 555 "minus" (555 went to −555: no source has it) becomes "zero".
- Tysiąc: a player's 1 card point (no card is worth 1) becomes 2, the point taken from
  the player in the deal with the most card points (the first in seat order on a tie):
  [1, 59, 60] becomes [2, 59, 59], [119, 1, 0] becomes [118, 2, 0].

The rounds an Undo can bring back (Change.before) are mended the same way. The logic is
written here, not imported, so that this migration does what it did when it was written.
"""

from django.db import migrations

ADVANCED = {"kraken": 1, "white_whale": 1, "loot": 2}
DECK = 70


def skull_king_options(options: dict) -> dict:
    options = dict(options)
    if "advanced_cards" in options:
        value = bool(options.pop("advanced_cards"))
        for name in ADVANCED:
            options.setdefault(name, value)
    return options


def most_for_two(options: dict) -> int:
    """Two players and Graybeard: three hands from the deck."""
    deck = DECK + sum(count for name, count in ADVANCED.items() if options.get(name))
    return deck // 3


def skull_king_round(entry: dict, cards: int | None) -> dict:
    """A round (or a pending round's bids) brought within ``cards`` (None: as it is) and
    without a wager by a player who took no trick."""
    entry = dict(entry)
    if cards is not None and isinstance(entry.get("bids"), list):
        entry["bids"] = [min(bid, cards) if isinstance(bid, int) else bid for bid in entry["bids"]]
    tricks = entry.get("tricks")
    if not isinstance(tricks, list) or not all(isinstance(took, int) for took in tricks):
        return entry
    if cards is not None:
        tricks = [min(took, cards) for took in tricks]
        while sum(tricks) > cards:
            most = max(range(len(tricks)), key=lambda seat: (tricks[seat], seat))
            tricks[most] -= 1
        entry["tricks"] = tricks
    bonuses = entry.get("bonuses")
    if isinstance(bonuses, list) and len(bonuses) == len(tricks):
        entry["bonuses"] = [
            {key: value for key, value in bonus.items() if key != "wager"}
            if isinstance(bonus, dict) and tricks[seat] == 0
            else bonus
            for seat, bonus in enumerate(bonuses)
        ]
    return entry


def tysiac_round(entry: dict) -> dict:
    points = entry.get("points")
    if not isinstance(points, list):
        return entry
    points = list(points)
    for seat, value in enumerate(points):
        if value == 1 and not isinstance(value, bool):
            others = [s for s, v in enumerate(points) if s != seat and isinstance(v, int)]
            richest = max(others, key=lambda s: (points[s], -s))
            points[seat], points[richest] = 2, points[richest] - 1
    return {**entry, "points": points}


def mender(game, seats: int):
    """The game's options as today's rules read them, and how each of its rounds (by its
    index from 0) is mended."""
    if game.kind == "tysiac":
        options = dict(game.options)
        if options.get("five_five_five") == "minus":
            options["five_five_five"] = "zero"
        return options, lambda entry, index: tysiac_round(entry)
    options = skull_king_options(game.options)
    listed = options.get("rounds") or []
    most = most_for_two(options)
    if seats != 2 or not listed or max(listed) <= most:
        return options, lambda entry, index: skull_king_round(entry, None)
    options["rounds"] = [min(cards, most) for cards in listed]

    def mend(entry: dict, index: int) -> dict:
        over = index < len(listed) and listed[index] > most
        return skull_king_round(entry, most if over else None)

    return options, mend


def mend_game(game, seats: int, rounds: list, changes: list) -> tuple[bool, list, list]:
    """The game's options mended in place; the rounds and changes whose JSON changed."""
    options, mend = mender(game, seats)
    touched_game = options != game.options
    game.options = options
    touched_rounds = []
    for played in rounds:
        mended = mend(played.entry, played.index) if isinstance(played.entry, dict) else None
        if mended is not None and mended != played.entry:
            played.entry = mended
            touched_rounds.append(played)
    touched_changes = []
    for change in changes:
        before = change.before
        if not isinstance(before, dict) or not isinstance(before.get("deals"), list):
            continue
        start = before.get("from", 0) if isinstance(before.get("from"), int) else 0
        deals = [
            mend(entry, start + offset) if isinstance(entry, dict) else entry
            for offset, entry in enumerate(before["deals"])
        ]
        pending = before.get("pending")
        if isinstance(pending, dict):
            pending = mend(pending, start + len(deals))
        mended = {**before, "deals": deals, **({"pending": pending} if pending else {})}
        if mended != before:
            change.before = mended
            touched_changes.append(change)
    return touched_game, touched_rounds, touched_changes


def as_the_cards_allow(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Round = apps.get_model("games", "Round")
    Change = apps.get_model("games", "Change")
    # One game at a time, by key: SQLite does not isolate a read from the writes below.
    keys = list(Game.objects.filter(kind__in=["skull_king", "tysiac"]).values_list("pk", flat=True))
    for key in keys:
        game = Game.objects.get(pk=key)
        seats = game.seats.count()
        rounds = list(Round.objects.filter(game=game).order_by("index"))
        changes = list(Change.objects.filter(game=game).exclude(before={}))
        touched_game, touched_rounds, touched_changes = mend_game(game, seats, rounds, changes)
        if touched_game:
            game.save(update_fields=["options"])
        for played in touched_rounds:
            played.save(update_fields=["entry"])
        for change in touched_changes:
            change.save(update_fields=["before"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0011_keys_outlive_their_session"),
    ]

    operations = [migrations.RunPython(as_the_cards_allow, migrations.RunPython.noop)]
