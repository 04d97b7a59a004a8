import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0013_team_name_message")]

    operations = [
        migrations.CreateModel(
            name="TournamentAddress",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("slug", models.SlugField(unique=True, verbose_name="former short address")),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="changed at")),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="former_addresses",
                        to="tournaments.tournament",
                        verbose_name="tournament",
                    ),
                ),
            ],
            options={"verbose_name": "former address", "verbose_name_plural": "former addresses"},
        ),
    ]
