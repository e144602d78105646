"""The ``kind`` field's choices are every game games/kinds.py registers, read from the
registry when asked (a callable): only the choices change, nothing in the database."""

from django.db import migrations, models

import games.models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0015_kozel_history_as_rounds"),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="kind",
            field=models.CharField(choices=games.models.registered_games, max_length=20),
        ),
    ]
