"""A correction of a round game's round is "round_corrected" in its history (it read
"Deal 2 corrected." in a game of rounds): the lines written before are renamed."""

from django.db import migrations

#: The games scored round by round when this was written (games/kinds.py).
ROUND_GAMES = ["skull_king", "tysiac", "any_game"]


def rename(apps, schema_editor):
    Change = apps.get_model("games", "Change")
    Change.objects.filter(action="corrected", game__kind__in=ROUND_GAMES).update(
        action="round_corrected"
    )


def rename_back(apps, schema_editor):
    Change = apps.get_model("games", "Change")
    Change.objects.filter(action="round_corrected").update(action="corrected")


class Migration(migrations.Migration):
    dependencies = [("games", "0012_skull_king_and_tysiac_as_the_cards_allow")]

    operations = [migrations.RunPython(rename, rename_back)]
