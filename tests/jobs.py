"""Documents made by the worker in tests: the real worker (django-tasks-db's ``db_worker``, in
batch mode: every queued job, then it stops), never a mock of the queue."""

from django.core.management import call_command


def run_jobs() -> None:
    """Run every queued job with the real worker, in this thread and database connection.

    The worker closes a connection it finds outside autocommit between two tasks, as a
    long-lived process should; inside a test's transaction that would close the test's own
    connection (PostgreSQL: "the connection is closed"). Only that is left out."""
    from unittest import mock

    from django_tasks_db.management.commands import db_worker

    with mock.patch.object(db_worker, "close_old_connections", lambda: None):
        call_command(
            "db_worker",
            "--batch",
            "--no-startup-delay",
            "--interval",
            "0",
            "--no-reload",
            verbosity=0,
        )


def fetch(client, url, *args, **kwargs):
    """GET a document as a user would wait for it: when the answer is its job's page, the
    worker makes it and the same address now serves the file."""
    response = client.get(url, *args, **kwargs)
    if response.status_code == 302 and "/documents/" in response["Location"]:
        run_jobs()
        response = client.get(url, *args, **kwargs)
    return response
