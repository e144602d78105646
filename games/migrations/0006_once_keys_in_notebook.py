"""Form keys are unique in their notebook, and a key may name no session yet (a form
that creates one: issue 25); a player's seat restricts deleting the player alone,
but not deleting the whole notebook."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def notebook_of_each_key(apps, schema_editor):
    IdempotencyKey = apps.get_model("games", "IdempotencyKey")
    Game = apps.get_model("games", "Game")
    IdempotencyKey.objects.update(
        notebook_id=Subquery(Game.objects.filter(pk=OuterRef("game_id")).values("notebook_id")[:1])
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_change_notifications"),
    ]

    operations = [
        migrations.AddField(
            model_name="idempotencykey",
            name="notebook",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="games.notebook",
            ),
        ),
        migrations.RunPython(notebook_of_each_key, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="idempotencykey",
            name="notebook",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="games.notebook",
            ),
        ),
        migrations.AlterField(
            model_name="idempotencykey",
            name="game",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="games.game",
            ),
        ),
        migrations.RemoveConstraint(
            model_name="idempotencykey",
            name="idempotency_key_unique",
        ),
        migrations.AddConstraint(
            model_name="idempotencykey",
            constraint=models.UniqueConstraint(
                models.F("notebook"), models.F("key"), name="idempotency_key_unique_in_notebook"
            ),
        ),
        migrations.AlterField(
            model_name="seat",
            name="player",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.RESTRICT,
                related_name="seats",
                to="games.player",
            ),
        ),
    ]
