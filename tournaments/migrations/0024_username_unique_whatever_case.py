"""No two accounts whose usernames differ only by case: a unique index on ``lower(username)``
of ``auth_user`` (the same SQL on SQLite and PostgreSQL), the database's guard behind
``tournaments.accounts.username_check_free``.

An installation that already has such accounts (made before this rule) stops here, with the
accounts named, rather than keeping both under one login: an administrator renames one of each
pair in the admin (Users), then runs ``migrate`` again. Nothing is renamed for them, since only
they know which account is whose.
"""

import unicodedata

from django.db import migrations


def _key(username):
    return unicodedata.normalize("NFKC", username).casefold()


def refuse_accounts_alike(apps, schema_editor):
    User = apps.get_model("auth", "User")
    seen, clashes = {}, []
    for username in User.objects.order_by("pk").values_list("username", flat=True):
        other = seen.setdefault(_key(username), username)
        if other != username:
            clashes.append(f"{other!r} and {username!r}")
    if clashes:
        raise RuntimeError(
            "These accounts' usernames differ only by case: "
            + ", ".join(clashes)
            + ". Rename one of each pair in the admin (Users), then run migrate again."
        )


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("tournaments", "0023_login_failure_cleared"),
    ]

    operations = [
        migrations.RunPython(refuse_accounts_alike, migrations.RunPython.noop),
        migrations.RunSQL(
            "CREATE UNIQUE INDEX tournaments_username_lower_uniq ON auth_user (lower(username))",
            "DROP INDEX tournaments_username_lower_uniq",
        ),
    ]
