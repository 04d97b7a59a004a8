"""Documents made off the request (tournaments.jobs), with the real worker (tests/jobs.py): the
job's page until it is made, the same document of the same state made once, one job of a kind
at a time per account, a failure said, the progress written as it goes, and the position's
documents made as soon as it is published."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.formats.libre import exports
from tests.factories import UserFactory
from tests.jobs import run_jobs
from tests.tournaments.test_seating_workflow import present, seat_all
from tournaments import jobs, services_seating
from tournaments.models import DocumentJob

pytestmark = pytest.mark.django_db


def tables_url(tournament, number=1, kind="tables"):
    return reverse("manage:round_document", args=[tournament.slug, number, kind])


@pytest.fixture
def seated(tournament, organiser):
    present(tournament, 8)
    seat_all(tournament, organiser, 2)
    return tournament


def test_a_document_is_made_by_the_worker_while_its_page_follows(organiser_client, seated):
    asked = organiser_client.get(tables_url(seated))
    job = DocumentJob.objects.get()
    assert asked.status_code == 302
    assert asked["Location"] == reverse("manage:job", args=[seated.slug, job.pk])
    page = organiser_client.get(asked["Location"]).content.decode()
    assert "Waiting for a worker" in page and 'hx-trigger="every 1s"' in page
    assert 'data-testid="job-progress"' in page
    run_jobs()
    job.refresh_from_db()
    assert job.status == "done" and job.total == job.done == 2  # laid out, then written
    page = organiser_client.get(asked["Location"], headers={"HX-Request": "true"})
    html = page.content.decode()
    assert "hx-trigger" not in html  # the page stops asking
    assert reverse("manage:job_file", args=[seated.slug, job.pk]) in html
    served = organiser_client.get(tables_url(seated))  # the same address, now ready
    assert served.status_code == 200 and served["Content-Type"] == "application/pdf"
    assert len(PdfReader(io.BytesIO(served.content)).pages) >= 1
    assert bytes(job.content) == served.content
    assert DocumentJob.objects.count() == 1  # served again, not made again


def test_the_same_state_is_made_once_and_a_change_makes_it_again(client, seated, staff):
    for user in (staff["scorer"], staff["arbitre"]):  # two people ask for the same
        client.force_login(user)
        client.get(tables_url(seated))
    assert DocumentJob.objects.count() == 1
    run_jobs()
    client.get(tables_url(seated))
    assert DocumentJob.objects.count() == 1
    first, second = seated.rounds.get(number=1).seats.order_by("table__number", "number")[:2]
    services_seating.round_swap_players(  # a change of the seating
        round=first.round,
        user=staff["organiser"],
        first=first.registration,
        second=second.registration,
    )
    assert client.get(tables_url(seated)).status_code == 302
    assert DocumentJob.objects.count() == 2


def test_one_job_of_a_kind_at_a_time_per_account(organiser_client, seated):
    first = organiser_client.get(tables_url(seated, 1))
    again = organiser_client.get(tables_url(seated, 2))  # another position, same kind
    assert again["Location"] == first["Location"]
    assert DocumentJob.objects.count() == 1
    organiser_client.get(tables_url(seated, 1, "list"))  # another kind: its own job
    assert DocumentJob.objects.count() == 2


def test_a_failure_is_said_and_asking_again_tries_again(organiser_client, seated, monkeypatch):
    def broken(tournament, params, progress):
        raise RuntimeError("out of paper")

    kind = jobs.kind_of("position.cards")
    monkeypatch.setitem(
        jobs._KINDS, "position.cards", kind.__class__(**{**kind.__dict__, "make": broken})
    )
    asked = organiser_client.get(tables_url(seated, 1, "cards"))
    run_jobs()
    job = DocumentJob.objects.get()
    assert job.status == "failed" and "RuntimeError" in job.message
    assert "out of paper" not in job.message  # the page says what failed, not its inner detail
    page = organiser_client.get(asked["Location"]).content.decode()
    assert 'data-testid="job-failed"' in page and 'role="alert"' in page
    monkeypatch.setitem(jobs._KINDS, "position.cards", kind)
    again = organiser_client.get(tables_url(seated, 1, "cards"))
    assert again.status_code == 302 and again["Location"] != asked["Location"]
    run_jobs()
    assert organiser_client.get(tables_url(seated, 1, "cards")).status_code == 200


def test_a_thousand_pages_report_how_far_they_are(tournament, organiser):
    present(tournament, 60)
    seat_all(tournament, organiser, 1)

    class Heard:
        def __init__(self):
            self.total, self.steps = 0, []

        def start(self, total):
            self.total = total

        def advance(self, steps=1):
            self.steps.append(steps)

    heard = Heard()
    _name, _type, pdf = exports.player_sheets_pdf(tournament=tournament, progress=heard)
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    assert pages == 60 and heard.total == 61  # a page each, then the whole written
    assert heard.steps == [25, 25, 10, 1]  # laid out 25 players at a time


def test_progress_is_written_to_the_job_as_it_goes(seated, organiser):
    job = DocumentJob.objects.create(tournament=seated, kind="position.tables", stamp=0)
    progress = jobs.Progress(job, every=0)
    progress.start(4)
    progress.advance()
    job.refresh_from_db()
    assert (job.done, job.total, job.percent) == (1, 4, 25)


def test_publishing_makes_the_position_documents_before_anyone_asks(
    organiser_client, tournament, organiser
):
    present(tournament, 8)
    services_seating_draft(tournament, organiser)
    organiser_client.post(reverse("manage:round_publish", args=[tournament.slug, 1]))
    queued = set(DocumentJob.objects.values_list("kind", flat=True))
    assert queued == {"position.tables", "position.list", "position.sheets", "position.cards"}
    run_jobs()
    for kind in ("tables", "list", "sheets", "cards"):
        response = organiser_client.get(tables_url(tournament, 1, kind))
        assert response.status_code == 200, kind  # ready: served at once


def services_seating_draft(tournament, organiser):
    services_seating.round_seat_players(tournament=tournament, number=1, user=organiser, seed=1)


def test_a_job_is_seen_only_by_the_role_its_document_needs(client, tournament, staff):
    job = jobs.ask(
        tournament=tournament,
        user=staff["arbitre"],
        kind="arbitration.report",
        params={"fmt": "pdf"},
    )
    client.force_login(staff["scorer"])
    assert client.get(reverse("manage:job", args=[tournament.slug, job.pk])).status_code == 403
    client.force_login(staff["arbitre"])
    assert client.get(reverse("manage:job", args=[tournament.slug, job.pk])).status_code == 200
    client.force_login(UserFactory())  # no role in this tournament
    assert client.get(reverse("manage:job", args=[tournament.slug, job.pk])).status_code in (
        403,
        404,
    )


def test_a_document_is_made_in_the_language_it_was_asked_in(organiser_client, seated):
    from django.utils import translation

    with translation.override("fr"):
        french = jobs.ask(
            tournament=seated,
            user=None,
            kind="position.tables",
            params={"position": 1, "seating_url": "http://x/"},
        )
    english = jobs.ask(
        tournament=seated,
        user=None,
        kind="position.tables",
        params={"position": 1, "seating_url": "http://x/"},
    )
    assert french.pk != english.pk  # one document per language
    run_jobs()  # in this (English) thread
    french.refresh_from_db()
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(bytes(french.content))).pages)
    assert "Où suis-je placé" in text


def test_a_job_lost_with_its_worker_is_said_failed_and_made_again(organiser_client, seated):
    from datetime import timedelta

    from django.utils import timezone

    asked = organiser_client.get(tables_url(seated))
    DocumentJob.objects.update(status="running", started_at=timezone.now() - timedelta(hours=1))
    page = organiser_client.get(asked["Location"]).content.decode()
    assert 'data-testid="job-failed"' in page and "stopped before the end" in page
    again = organiser_client.get(tables_url(seated))
    assert again["Location"] != asked["Location"]  # a new job


def test_the_csv_files_are_made_at_once(client, seated, staff):
    client.force_login(staff["arbitre"])
    url = reverse("scoring:export", args=[seated.slug, "federation", "csv"])
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert not DocumentJob.objects.exists()


def test_a_document_is_always_downloaded_and_the_page_says_when_it_is_ready(
    organiser_client, seated
):
    """One behaviour, whether it was made already or not: the file comes as a download (it
    was shown in the tab when ready, after a job page when not), and the job's page, once the
    worker has made it, says so and starts that download itself."""
    asked = organiser_client.get(tables_url(seated))
    page = organiser_client.get(asked["Location"]).content.decode()
    assert "data-autodownload" not in page
    run_jobs()
    polled = organiser_client.get(asked["Location"], headers={"HX-Request": "true"})
    html = polled.content.decode()
    assert "Ready: the download starts." in html and "data-autodownload" in html
    job = DocumentJob.objects.get()
    file_url = reverse("manage:job_file", args=[seated.slug, job.pk])
    from_page = organiser_client.get(file_url)
    served = organiser_client.get(tables_url(seated))
    for response in (from_page, served):
        assert response.status_code == 200
        assert response["Content-Disposition"].startswith("attachment;")
    # Come back to the page later: it says it is ready and downloads only when asked.
    again = organiser_client.get(asked["Location"]).content.decode()
    assert "Ready" in again and "data-autodownload" not in again and file_url in again
