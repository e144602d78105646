"""Once: PostgreSQL triggers that told every process what changed, for answers kept in
memory. That design was taken out (issue 26); 0008 drops what this made, and a new
database gets nothing here."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_game_notebook_updated"),
    ]

    operations = []
