"""Undo snapshots with named fields (issue 26): a hand was [seat, bid, out_of_turn,
tricks] and an adjustment [seat, points, note]; now each is an object with those names."""

from django.db import migrations


def named(apps, schema_editor):
    Change = apps.get_model("games", "Change")
    for change in Change.objects.exclude(before={}).iterator():
        deals = change.before.get("deals") or []
        touched = False
        for deal in deals:
            if deal.get("hands") and isinstance(deal["hands"][0], list):
                deal["hands"] = [
                    {"seat": s, "bid": b, "out_of_turn": o, "tricks": t}
                    for s, b, o, t in deal["hands"]
                ]
                touched = True
            if deal.get("adjustments") and isinstance(deal["adjustments"][0], list):
                deal["adjustments"] = [
                    {"seat": s, "points": p, "note": n} for s, p, n in deal["adjustments"]
                ]
                touched = True
        if touched:
            change.save(update_fields=["before"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_no_change_notifications"),
    ]

    operations = [migrations.RunPython(named, migrations.RunPython.noop)]
