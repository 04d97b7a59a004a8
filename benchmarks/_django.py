"""Django on an in-memory SQLite database, for the benchmarks that need the application.

``python -m benchmarks`` runs every benchmark in one process: they share that database, so the
account they build with is made once and reused.
"""

import os


def memory_django():
    """Set Django up on ``sqlite://:memory:``, migrate it, and return the benchmarks' account."""
    os.environ["DATABASE_URL"] = "sqlite://:memory:"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return get_user_model().objects.get_or_create(username="bench")[0]
