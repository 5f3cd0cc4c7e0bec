from django.db import migrations, models

import sessions.joincode


def give_codes(apps, schema_editor):
    Adventure = apps.get_model("table", "Adventure")
    taken = set()
    for adventure in Adventure.objects.only("pk"):
        code = sessions.joincode.new_join_code()
        while code in taken:
            code = sessions.joincode.new_join_code()
        taken.add(code)
        Adventure.objects.filter(pk=adventure.pk).update(join_code=code)


class Migration(migrations.Migration):
    dependencies = [("table", "0013_crib")]

    operations = [
        migrations.AddField(
            model_name="adventure",
            name="join_code",
            field=models.CharField(blank=True, max_length=6, null=True),
        ),
        migrations.RunPython(give_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="adventure",
            name="join_code",
            field=models.CharField(
                blank=True,
                default=sessions.joincode.new_join_code,
                max_length=6,
                null=True,
                unique=True,
            ),
        ),
        migrations.AddField(
            model_name="adventure",
            name="join_on_screen",
            field=models.BooleanField(default=False),
        ),
    ]
