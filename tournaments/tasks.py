"""The background tasks (django-tasks, database backend: ``manage.py db_worker`` runs them, on
any server sharing the database)."""

from django_tasks import task

from . import jobs


@task()
def render_document(job_id: int) -> None:
    """Make a queued document (``tournaments.jobs.run``)."""
    jobs.run(job_id)
