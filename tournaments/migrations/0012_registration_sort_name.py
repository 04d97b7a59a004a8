"""Registrations sort and are found by their folded name (``common.text.name_sort_key``): the
column, its index, and its value for the registrations already there."""

from django.db import migrations, models

from common.text import name_sort_key


def fill(apps, schema_editor):
    Registration = apps.get_model("tournaments", "Registration")
    rows = list(Registration.objects.only("last_name", "first_name"))
    for row in rows:
        row.sort_name = name_sort_key(row.last_name, row.first_name)
    Registration.objects.bulk_update(rows, ["sort_name"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0011_seat_number")]

    operations = [
        migrations.AddField(
            model_name="registration",
            name="sort_name",
            field=models.CharField(
                blank=True, editable=False, max_length=300, verbose_name="sort name"
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="registration",
            index=models.Index(fields=["tournament", "sort_name"], name="registration_sort_name"),
        ),
    ]
