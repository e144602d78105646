"""Kozel's deals move onto the rounds every game shares (issue 39): each deal becomes one
round whose entry is the deal as entered, the same object a session file holds
({"team", "points", "zero_team_took_trick", "last_trick_seat"}); then the Kozel table goes.
Undo's snapshots already hold deals in that shape, so they restore as they are."""

from django.db import migrations

FIELDS = ("team", "points", "zero_team_took_trick", "last_trick_seat")
BATCH = 2000


def to_rounds(apps, schema_editor):
    KozelDeal = apps.get_model("games", "KozelDeal")
    Round = apps.get_model("games", "Round")
    rounds = [
        Round(
            game_id=deal.game_id,
            index=deal.index,
            entry={name: getattr(deal, name) for name in FIELDS},
            done=True,
            created_at=deal.created_at,
        )
        for deal in KozelDeal.objects.order_by("game_id", "index").iterator()
    ]
    Round.objects.bulk_create(rounds, batch_size=BATCH)


def to_kozel_deals(apps, schema_editor):
    KozelDeal = apps.get_model("games", "KozelDeal")
    Round = apps.get_model("games", "Round")
    played = Round.objects.filter(game__kind="kozel").order_by("game_id", "index")
    KozelDeal.objects.bulk_create(
        (
            KozelDeal(
                game_id=played_round.game_id,
                index=played_round.index,
                created_at=played_round.created_at,
                **{name: played_round.entry.get(name) for name in FIELDS},
            )
            for played_round in played.iterator()
        ),
        batch_size=BATCH,
    )
    played.delete()


class Migration(migrations.Migration):
    dependencies = [("games", "0013_round_corrections_named")]

    operations = [
        migrations.RunPython(to_rounds, to_kozel_deals),
        migrations.DeleteModel(name="KozelDeal"),
    ]
