"""Drop the PostgreSQL triggers and functions that 0005 once made (issue 26: nothing is
kept in a process's memory any more, so nothing needs telling). Nothing on SQLite."""

from django.db import migrations

FUNCTIONS = [
    "scorekeeper_game_changed",
    "scorekeeper_link_changed",
    "scorekeeper_player_changed",
    "scorekeeper_notebook_changed",
]
TABLES = ["games_game", "games_sharelink", "games_player", "games_notebook"]


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for function, table in zip(FUNCTIONS, TABLES, strict=True):
        schema_editor.execute(f'DROP TRIGGER IF EXISTS {function} ON "{table}"')
        schema_editor.execute(f'DROP TRIGGER IF EXISTS scorekeeper_emptied ON "{table}"')
    for function in [*FUNCTIONS, "scorekeeper_emptied"]:
        schema_editor.execute(f"DROP FUNCTION IF EXISTS {function}()")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_no_control_characters"),
    ]

    operations = [migrations.RunPython(drop, migrations.RunPython.noop)]
