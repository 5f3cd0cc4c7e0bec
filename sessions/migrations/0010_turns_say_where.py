"""The log's turning points name their Leg and Scene (the event data written since Campaigns):
older events get them too, found by the title or beat their summary gave, so that careers,
recaps and the log's Scene filter reach back to the first game."""

import re

from django.db import migrations

LEG = re.compile(r"^Leg (\d+) (?:begins|ends): (.*?)\. ")
SCENE = re.compile(r"^New Scene(?: at (.*?))?: (.*?)\.(?: Wide Shot!.*)?$")


def backfill(apps, schema_editor):
    TableEvent = apps.get_model("table", "TableEvent")
    Leg = apps.get_model("table", "Leg")
    Scene = apps.get_model("table", "Scene")
    turns = TableEvent.objects.filter(
        kind__in=("leg_started", "leg_ended", "scene_started")
    ).order_by("pk")
    legs, scenes = {}, {}
    for event in turns.iterator():
        data = event.data or {}
        if "leg" in data or "scene" in data:
            continue
        if event.adventure_id not in legs:
            legs[event.adventure_id] = list(
                Leg.objects.filter(adventure_id=event.adventure_id).order_by("position", "pk")
            )
            scenes[event.adventure_id] = list(
                Scene.objects.filter(leg__adventure_id=event.adventure_id).order_by("pk")
            )
        if event.kind == "scene_started":
            found = SCENE.match(event.summary)
            if not found:
                continue
            place, beat = found.group(1) or "", found.group(2)
            scene = next((s for s in scenes[event.adventure_id] if s.beat == beat), None)
            data |= {"scene": scene.pk if scene else None, "beat": beat, "place": place}
        else:
            found = LEG.match(event.summary)
            if not found:
                continue
            number, title = int(found.group(1)), found.group(2)
            leg = next((leg for leg in legs[event.adventure_id] if leg.title == title), None)
            data |= {"leg": leg.pk if leg else None, "number": number, "title": title}
        event.data = data
        event.save(update_fields=["data"])


class Migration(migrations.Migration):
    dependencies = [("table", "0009_campaigns")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
