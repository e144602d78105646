"""PostgreSQL says what changed, so that every process can forget what it knew
(games/knowledge.py, scorekeeper/postgresql/listen.py). Nothing on SQLite.

- a session changed in place: ``v <public id> <notebook id> <version>`` (who may
  see it is as before, only its version is new);
- a session inserted, deleted or moved: ``g <public id> <notebook id>``;
- a share link: the same, for its session;
- a player: ``n <notebook id>``;
- a notebook's secret link changed, or the notebook deleted, or any of these
  tables emptied (TRUNCATE, as the tests' flush does): ``*``.
"""

from django.db import migrations

CHANNEL = "scorekeeper"

FUNCTIONS = {
    "scorekeeper_game_changed": f"""
        IF TG_OP = 'UPDATE' AND OLD.public_id = NEW.public_id
                AND OLD.notebook_id = NEW.notebook_id THEN
            PERFORM pg_notify('{CHANNEL}',
                'v ' || NEW.public_id || ' ' || NEW.notebook_id || ' ' || NEW.version);
            RETURN NULL;
        END IF;
        IF TG_OP <> 'INSERT' THEN
            PERFORM pg_notify('{CHANNEL}', 'g ' || OLD.public_id || ' ' || OLD.notebook_id);
        END IF;
        IF TG_OP <> 'DELETE' THEN
            PERFORM pg_notify('{CHANNEL}', 'g ' || NEW.public_id || ' ' || NEW.notebook_id);
        END IF;
        RETURN NULL;""",
    "scorekeeper_link_changed": f"""
        IF TG_OP <> 'INSERT' THEN
            PERFORM pg_notify('{CHANNEL}', 'g ' || game.public_id || ' ' || game.notebook_id)
                FROM {{game}} AS game WHERE game.id = OLD.game_id;
        END IF;
        IF TG_OP <> 'DELETE' THEN
            PERFORM pg_notify('{CHANNEL}', 'g ' || game.public_id || ' ' || game.notebook_id)
                FROM {{game}} AS game WHERE game.id = NEW.game_id;
        END IF;
        RETURN NULL;""",
    "scorekeeper_player_changed": f"""
        IF TG_OP <> 'INSERT' THEN
            PERFORM pg_notify('{CHANNEL}', 'n ' || OLD.notebook_id);
        END IF;
        IF TG_OP <> 'DELETE' THEN
            PERFORM pg_notify('{CHANNEL}', 'n ' || NEW.notebook_id);
        END IF;
        RETURN NULL;""",
    "scorekeeper_notebook_changed": f"""
        IF TG_OP = 'DELETE' OR OLD.key IS DISTINCT FROM NEW.key THEN
            PERFORM pg_notify('{CHANNEL}', '*');
        END IF;
        RETURN NULL;""",
    "scorekeeper_emptied": f"""
        PERFORM pg_notify('{CHANNEL}', '*');
        RETURN NULL;""",
}

#: (function, model): a row trigger after every insert, update and delete.
ROW_TRIGGERS = [
    ("scorekeeper_game_changed", "game"),
    ("scorekeeper_link_changed", "sharelink"),
    ("scorekeeper_player_changed", "player"),
    ("scorekeeper_notebook_changed", "notebook"),
]


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    quote = schema_editor.quote_name
    tables = {name: quote(apps.get_model("games", name)._meta.db_table) for _, name in ROW_TRIGGERS}
    for function, body in FUNCTIONS.items():
        schema_editor.execute(
            f"CREATE OR REPLACE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql"
            f" AS $$ BEGIN {body.replace('{game}', tables['game'])} END $$"
        )
    for function, name in ROW_TRIGGERS:
        schema_editor.execute(
            f"CREATE TRIGGER {function} AFTER INSERT OR UPDATE OR DELETE ON {tables[name]}"
            f" FOR EACH ROW EXECUTE FUNCTION {function}()"
        )
        schema_editor.execute(
            f"CREATE TRIGGER scorekeeper_emptied AFTER TRUNCATE ON {tables[name]}"
            " FOR EACH STATEMENT EXECUTE FUNCTION scorekeeper_emptied()"
        )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    quote = schema_editor.quote_name
    for function, name in ROW_TRIGGERS:
        table = quote(apps.get_model("games", name)._meta.db_table)
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {function} ON {table}")
        schema_editor.execute(f"DROP TRIGGER IF EXISTS scorekeeper_emptied ON {table}")
    for function in FUNCTIONS:
        schema_editor.execute(f"DROP FUNCTION IF EXISTS {function}()")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_game_notebook_updated"),
    ]

    operations = [migrations.RunPython(create, drop)]
