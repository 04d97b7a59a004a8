"""Documents made off the request (``tournaments.jobs``): asking for one downloads it at once
when it is ready, else shows its page, whose progress bar follows the rendering (htmx polling)
until it is made; then the page says so and starts the same download."""

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from common.views import download, is_htmx

from .. import jobs
from ..models import DocumentJob
from ..permissions import Role, has_role, role_required


def document_response(request, tournament, kind: str, params: dict):
    """The document ``kind`` with ``params``: its file when ready, else its job's page."""
    job = jobs.ask(tournament=tournament, user=request.user, kind=kind, params=params)
    if job.status == DocumentJob.Status.DONE:
        return _file(job)
    return redirect("manage:job", slug=tournament.slug, pk=job.pk)


def _file(job: DocumentJob):
    return download((job.filename, job.content_type, bytes(job.content)))


def _job(request, tournament, pk) -> tuple[DocumentJob, jobs.Kind]:
    job = get_object_or_404(DocumentJob.objects.defer("content"), tournament=tournament, pk=pk)
    kind = jobs.kind_of(job.kind)
    if kind is None:
        raise Http404
    if not has_role(request.user, tournament, kind.role):
        raise PermissionDenied
    return job, kind


@role_required(Role.SCORER)
def job_detail(request, tournament, pk):
    jobs.give_up_lost(DocumentJob.objects.filter(pk=pk, tournament=tournament))
    job, kind = _job(request, tournament, pk)
    context = {
        "tournament": tournament,
        "job": job,
        "label": kind.label(job.params),
        # Found made by the page's polling: the download starts by itself (js/job.js); a page
        # opened again later offers it without starting it.
        "autodownload": is_htmx(request),
    }
    template = "manage/_job.html" if is_htmx(request) else "manage/job.html"
    return render(request, template, context)


@role_required(Role.SCORER)
def job_file(request, tournament, pk):
    job, _kind = _job(request, tournament, pk)
    if job.status != DocumentJob.Status.DONE:
        return redirect("manage:job", slug=tournament.slug, pk=job.pk)
    return _file(DocumentJob.objects.get(pk=job.pk))
