"""A decision's player is a registration: the field says so (``registration``), as on a
penalty and a bid ban. A rename: the column and its rows are kept."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("arbitration", "0002_incident_refused"),
    ]

    operations = [
        migrations.RenameField(model_name="decision", old_name="player", new_name="registration"),
    ]
