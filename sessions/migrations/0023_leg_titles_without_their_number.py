"""A Leg titled "Leg 2: The Docks" is kept as "The Docks": every screen writes the Leg's
number itself, and showed "Leg 2: Leg 2: The Docks". A title that says nothing else ("Leg 2")
is left as it is (the screens already say it once). The pattern is copied here, not imported,
so that this step stays as it was written."""

import re

from django.db import migrations

NUMBER_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()  # noqa: SIM905
LEG_PREFIX = re.compile(
    rf"\s*leg\s+(?:\d+\b|(?:{'|'.join(NUMBER_WORDS)})(?=\s*(?:[:.,;–—-]|$)))\s*(?:[:.,;–—-]+\s*)?",
    re.IGNORECASE,
)


def titles_without_their_number(apps, schema_editor):
    Leg = apps.get_model("table", "Leg")
    for leg in Leg.objects.filter(title__iregex=r"^\s*leg\s").only("pk", "title"):
        found = LEG_PREFIX.match(leg.title)
        own = leg.title[found.end() :].strip() if found else ""
        if own and own != leg.title:
            leg.title = own
            leg.save(update_fields=["title"])


class Migration(migrations.Migration):
    dependencies = [
        ("table", "0022_tumult_foes"),
    ]

    operations = [
        migrations.RunPython(titles_without_their_number, migrations.RunPython.noop),
    ]
