"""Kozel is a round game (issue 39): the history lines of its deals entered before, written
as "kozel_deal" with both teams' card points, become the rounds' "round" lines with each
team's defeat points, as a deal entered now writes them, and its corrections the rounds'
"round_corrected"; an Undo's line of either too."""

from django.db import migrations

OLD, NEW = "kozel_deal", "round"
CORRECTED = {"corrected": "round_corrected"}


def as_round(params: dict) -> dict:
    return {"deal": params.get("deal"), "points": params.get("defeat_points", [])}


def renamed(action: str, params: dict) -> tuple[str, dict] | None:
    if action == OLD:
        return NEW, as_round(params)
    if action in CORRECTED:
        return CORRECTED[action], params
    return None


def forwards(apps, schema_editor):
    Change = apps.get_model("games", "Change")
    changed = []
    actions = [OLD, *CORRECTED, "undo"]
    for change in Change.objects.filter(game__kind="kozel", action__in=actions):
        if change.action == "undo":
            undone = renamed(change.params.get("action", ""), change.params)
            if undone is None:
                continue
            change.params = {**undone[1], "action": undone[0]}
        else:
            change.action, change.params = renamed(change.action, change.params)
        changed.append(change)
    Change.objects.bulk_update(changed, ["action", "params"])


class Migration(migrations.Migration):
    dependencies = [("games", "0014_kozel_deals_as_rounds")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
