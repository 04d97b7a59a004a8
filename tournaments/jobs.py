"""Documents made off the request: a PDF of a thousand pages, the results workbook, a position's
score sheets. Asking for one (``ask``) gives it at once when the same document of the same
state of the tournament was made already; otherwise it queues a job (``DocumentJob``) that a
worker runs (``render_document``, django-tasks' database backend, so any application server's
worker may take it), and the page follows its progress.

Each kind of document is registered by the app that knows how to make it (``register``):
tournaments its position documents, scoring the results, arbitration the arbitre's report.
A kind says who may ask for it, how to make it from its parameters (given a ``Progress`` to
report how far it is), and which change stamp says its state. This module knows no document.

- The same document of the same state renders once: a job is found by its tournament, kind,
  parameters (the language asked in among them: the worker makes it in that language) and the
  kind's change stamp, and a ready one is served again until that stamp moves.
- An account has at most one job of a kind waiting or being made: asking again, for anything
  of that kind, gives that job. The application's own asking (at a publication) has no account,
  waits for no one's job, and goes before the others in the queue.
- A failure is kept with what failed; asking again tries again. A job left "being made" by a
  worker that died is given up after ``STALE``.
"""

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django_tasks import task

from .models import DocumentJob, Tournament
from .selectors import change_stamp
from .services_common import hold_tournament

logger = logging.getLogger(__name__)

Document = tuple[str, str, bytes]  # filename, content type, content
KEPT = timedelta(days=2)  # finished jobs older than this are deleted as new ones come
STALE = timedelta(minutes=30)  # a job "being made" for longer was lost with its worker


class Progress:
    """What a document maker reports: ``total`` steps, then each step ``advance``d. Written to
    the job at most every ``every`` seconds (and at the end), so that reporting costs nothing
    next to the rendering."""

    def __init__(self, job: DocumentJob | None = None, every: float = 0.5):
        self.job, self.every = job, every
        self.done = self.total = 0
        self._written = 0.0

    def start(self, total: int) -> None:
        self.total, self.done = max(total, 0), 0
        self._write(force=True)

    def advance(self, steps: int = 1) -> None:
        self.done = min(self.done + steps, self.total) if self.total else self.done + steps
        self._write()

    def _write(self, force: bool = False) -> None:
        now = time.monotonic()
        if self.job is None or (not force and now - self._written < self.every):
            return
        self._written = now
        DocumentJob.objects.filter(pk=self.job.pk).update(done=self.done, total=self.total)


@dataclass(frozen=True)
class Kind:
    name: str
    role: str  # the least role that may ask for it and fetch it (tournaments.permissions.Role)
    make: Callable[[Tournament, dict, Progress], Document | None]  # None: no such document
    label: Callable[[dict], str]  # what the page calls it, given its parameters
    # The state it shows: by default anything of the tournament (every write's audit entry).
    stamp: Callable[..., int] = change_stamp


_KINDS: dict[str, Kind] = {}


def register(kind: Kind) -> None:
    _KINDS[kind.name] = kind


def kind_of(name: str) -> Kind | None:
    return _KINDS.get(name)


def ask(
    *, tournament: Tournament, user, kind: str, params: dict, soon: bool = False
) -> DocumentJob:
    """The job that answers ``user`` asking for ``kind`` with ``params`` (without its file): a
    ready one of this state of the tournament, the one of that kind they are waiting for, or a
    new one, queued. ``user`` None: the application's own asking (a publication), which waits
    for no one's other job; ``soon``: before the documents asked for later."""
    params = {"language": translation.get_language() or settings.LANGUAGE_CODE, **params}
    stamp = _KINDS[kind].stamp(tournament=tournament)
    jobs = DocumentJob.objects.defer("content").filter(tournament=tournament, kind=kind)
    ready = jobs.filter(params=params, stamp=stamp, status=DocumentJob.Status.DONE).first()
    if ready is not None:  # most asks: no lock, no file read
        return ready
    with transaction.atomic():
        hold_tournament(tournament)  # two asks at once wait here, then share one job
        give_up_lost(jobs)
        live = jobs.exclude(status__in=[DocumentJob.Status.DONE, DocumentJob.Status.FAILED])
        found = (
            jobs.filter(params=params, stamp=stamp, status=DocumentJob.Status.DONE).first()
            or live.filter(params=params, stamp=stamp).first()  # the very same, being made
            or (live.filter(requested_by=user).first() if user is not None else None)
        )
        if found is not None:
            return found
        job = DocumentJob.objects.create(
            tournament=tournament, requested_by=user, kind=kind, params=params, stamp=stamp
        )
        # Queued in the same transaction: the queue is a table of the same database.
        render_document.using(priority=10 if soon else 0).enqueue(job.pk)
    _forget_old()
    return job


def give_up_lost(jobs) -> None:
    """Jobs being made for longer than ``STALE`` were lost with their worker (killed, out of
    memory): failed, so that their page says so and asking again makes them anew."""
    DocumentJob.objects.filter(
        pk__in=jobs.filter(
            status=DocumentJob.Status.RUNNING, started_at__lt=timezone.now() - STALE
        ).values("pk")
    ).update(
        status=DocumentJob.Status.FAILED,
        finished_at=timezone.now(),
        message=_("The worker making it stopped before the end."),
    )


def _forget_old() -> None:
    DocumentJob.objects.filter(created_at__lt=timezone.now() - KEPT).delete()


def run(job_id: int) -> None:
    """Make job ``job_id``'s document (a worker's task): at most once, whatever the queue does."""
    started = DocumentJob.objects.filter(pk=job_id, status=DocumentJob.Status.QUEUED).update(
        status=DocumentJob.Status.RUNNING, started_at=timezone.now()
    )
    if not started:
        return  # already made, or being made, by another worker
    job = DocumentJob.objects.select_related("tournament").get(pk=job_id)
    kind = kind_of(job.kind)
    language = job.params.get("language") or settings.LANGUAGE_CODE
    try:
        with translation.override(language):  # the document in the language it was asked in
            if kind is None:
                raise LookupError(job.kind)
            document = kind.make(job.tournament, job.params, Progress(job))
            if document is None:
                raise LookupError(job.kind)
    except BaseException as exc:  # a stopped worker too: never left "being made"
        logger.exception("document job %s (%s) failed", job.pk, job.kind)
        with translation.override(language):
            message = _failure(exc)[:300]
        DocumentJob.objects.filter(pk=job.pk).update(
            status=DocumentJob.Status.FAILED, finished_at=timezone.now(), message=message
        )
        if not isinstance(exc, Exception):
            raise
        return
    filename, content_type, content = document
    DocumentJob.objects.filter(pk=job.pk).update(
        status=DocumentJob.Status.DONE,
        finished_at=timezone.now(),
        filename=filename,
        content_type=content_type,
        content=content,
        size=len(content),
        done=F("total"),
    )


@task()
def render_document(job_id: int) -> None:
    """The worker's task (``manage.py db_worker``, on any server sharing the database): make a
    queued document (``run``)."""
    run(job_id)


def _failure(exc: Exception) -> str:
    """What the page says of a failure: the kind of error, not its inner details."""
    if isinstance(exc, LookupError):
        return _("There is no such document.")
    if isinstance(exc, MemoryError):
        return _("The document is too large for this machine's memory.")
    if not isinstance(exc, Exception):
        return _("The worker making it stopped before the end.")
    return _("The document could not be made (%(error)s).") % {"error": type(exc).__name__}
