"""Names and notes saved before control characters were refused (issue 25) lose them,
so that every backup restores, on PostgreSQL too (which cannot store NUL)."""

import re

from django.db import migrations

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def clean(text: str) -> str:
    return " ".join(CONTROL.sub("", text).split())


def without_control_characters(apps, schema_editor):
    Notebook = apps.get_model("games", "Notebook")
    Player = apps.get_model("games", "Player")
    Adjustment = apps.get_model("games", "Adjustment")
    for notebook in Notebook.objects.filter(name__regex=CONTROL.pattern):
        notebook.name = clean(notebook.name)
        notebook.save(update_fields=["name"])
    for adjustment in Adjustment.objects.filter(note__regex=CONTROL.pattern):
        adjustment.note = clean(adjustment.note)
        adjustment.save(update_fields=["note"])
    for player in Player.objects.filter(name__regex=CONTROL.pattern):
        name = clean(player.name) or f"Player {player.pk}"
        taken = Player.objects.filter(notebook_id=player.notebook_id, name__iexact=name)
        if taken.exclude(pk=player.pk).exists():
            name = f"{name[:30]} ({player.pk})"
        player.name = name[:40]
        player.save(update_fields=["name"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_once_keys_in_notebook"),
    ]

    operations = [migrations.RunPython(without_control_characters, migrations.RunPython.noop)]
