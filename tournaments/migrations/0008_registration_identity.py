"""Each registration keeps the identity its player was registered under; two site-level groups.

The names, club and e-mail are copied from the player as the directory holds them today. The
groups "Organisers" (may create tournaments) and "Player directory" (may edit the shared player
records) are what an administrator gives an account in the admin.
"""

import django.db.models.deletion
from django.contrib.auth.management import create_permissions
from django.db import migrations, models
from django.db.models import OuterRef, Subquery

GROUPS = {
    "Organisers": ["add_tournament"],
    "Player directory": ["view_player", "change_player"],
}


def copy_identity(apps, schema_editor):
    Registration = apps.get_model("tournaments", "Registration")
    Player = apps.get_model("tournaments", "Player")
    player = Player.objects.filter(pk=OuterRef("player_id"))
    Registration.objects.update(
        last_name=Subquery(player.values("last_name")[:1]),
        first_name=Subquery(player.values("first_name")[:1]),
        club_id=Subquery(player.values("club_id")[:1]),
        email=Subquery(player.values("email")[:1]),
    )


def create_groups(apps, schema_editor):
    # Permissions are created after all migrations of a fresh database: make them now.
    for config in apps.get_app_configs():
        config.models_module = True
        create_permissions(config, verbosity=0, apps=apps)
        config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, codenames in GROUPS.items():
        group, _created = Group.objects.get_or_create(name=name)
        group.permissions.add(
            *Permission.objects.filter(
                content_type__app_label="tournaments", codename__in=codenames
            )
        )


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("tournaments", "0007_login_failure"),
    ]

    operations = [
        migrations.AddField(
            model_name="registration",
            name="last_name",
            field=models.CharField(default="", max_length=80, verbose_name="last name"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="registration",
            name="first_name",
            field=models.CharField(default="", max_length=80, verbose_name="first name"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="registration",
            name="club",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="registrations",
                to="tournaments.club",
                verbose_name="club",
            ),
        ),
        migrations.AddField(
            model_name="registration",
            name="email",
            field=models.EmailField(blank=True, max_length=254, verbose_name="email"),
        ),
        migrations.RunPython(copy_identity, migrations.RunPython.noop, elidable=True),
        migrations.RunPython(create_groups, migrations.RunPython.noop),
    ]
