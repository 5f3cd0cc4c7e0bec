"""A Tumult is fought against the Dangers the Director picks. A Tumult raging as this arrives
was started against every Danger of its Scene still in the picture: it keeps them."""

from django.db import migrations, models
from django.db.models import F, Q


def every_danger_of_the_scene(apps, schema_editor):
    Tumult = apps.get_model("table", "Tumult")
    Scene = apps.get_model("table", "Scene")
    Danger = apps.get_model("table", "Danger")
    for tumult in Tumult.objects.filter(active=True):
        scene = Scene.objects.filter(leg__adventure_id=tumult.adventure_id, status="playing").first()
        if scene is None:
            continue
        dangers = Q(scene=scene)
        if scene.key_location_id:
            dangers |= Q(key_location_id=scene.key_location_id)
        standing = Danger.objects.filter(dangers).exclude(successes__gte=F("success_threshold"))
        tumult.foes = sorted(standing.values_list("pk", flat=True))
        tumult.save(update_fields=["foes"])


class Migration(migrations.Migration):
    dependencies = [
        ("table", "0021_gamble_scene_end_warned"),
    ]

    operations = [
        migrations.AddField(
            model_name="tumult",
            name="foes",
            field=models.JSONField(default=list),
        ),
        migrations.RunPython(every_danger_of_the_scene, migrations.RunPython.noop),
    ]
