"""Heavy documents on demand: an account may have one document rendered at a time and a few a
minute. The attack: any account asked for a 1,000-page PDF (20-40 s of the server) again and
again."""

from datetime import timedelta

import pytest
from django.db.models import F
from django.urls import reverse

from config import security
from tests.scoring.conftest import seat_and_publish
from tournaments.models import DocumentRun

pytestmark = pytest.mark.django_db


@pytest.fixture
def plan(tournament, staff):
    seat_and_publish(tournament, staff["organiser"], 8)
    return reverse("manage:round_document", args=[tournament.slug, 1, "tables"])


def test_a_few_documents_a_minute_then_a_clear_refusal(client, staff, plan):
    client.force_login(staff["scorer"])
    for _ in range(security.DOCUMENTS_PER_MINUTE):
        assert client.get(plan).status_code == 200
    refused = client.get(plan)
    assert refused.status_code == 429
    assert refused["Retry-After"] == "60"
    assert "many documents in the last minute" in refused.content.decode()
    # Someone else is not held back; the account itself, a minute later, is not either.
    client.force_login(staff["arbitre"])
    assert client.get(plan).status_code == 200
    DocumentRun.objects.update(started_at=F("started_at") - timedelta(minutes=1))
    client.force_login(staff["scorer"])
    assert client.get(plan).status_code == 200


def test_one_document_at_a_time(client, staff, plan):
    """While one of the account's documents renders, another is refused (requests sent
    together: each is counted before it renders, so they cannot all pass)."""
    first, why = security.document_begin(user=staff["scorer"], kind="rankings")
    assert first is not None and why == ""
    second, why = security.document_begin(user=staff["scorer"], kind="rankings")
    assert second is None and why == "busy"
    client.force_login(staff["scorer"])
    refused = client.get(plan)
    assert refused.status_code == 429
    assert "Another of your documents is being prepared" in refused.content.decode()
    # A rendering killed with its worker stops counting after a while.
    DocumentRun.objects.update(started_at=F("started_at") - security.DOCUMENT_STALE)
    assert client.get(plan).status_code == 200
    assert not DocumentRun.objects.filter(finished_at__isnull=True).exclude(pk=first.pk).exists()


def test_a_failed_rendering_does_not_block_the_account(client, staff, plan, monkeypatch):
    from tournaments.views import seating

    def broken(**kwargs):
        raise RuntimeError("renderer crashed")

    monkeypatch.setitem(seating.DOCUMENTS, "tables", broken)
    client.raise_request_exception = False
    client.force_login(staff["scorer"])
    assert client.get(plan).status_code == 500
    assert not DocumentRun.objects.exists()  # nothing rendered: no trace, nothing running


def test_every_heavy_download_is_limited(client, tournament, staff, plan):
    client.force_login(staff["organiser"])
    for _ in range(security.DOCUMENTS_PER_MINUTE):
        run, _why = security.document_begin(user=staff["organiser"], kind="x")
        DocumentRun.objects.filter(pk=run.pk).update(finished_at=F("started_at"))
    for address in (
        plan,
        reverse("manage:round_document", args=[tournament.slug, 1, "cards"]),
        reverse("manage:round_reprint", args=[tournament.slug, 1]) + "?table=1",
        reverse("manage:round_reprint", args=[tournament.slug, 1]) + "?missing=1",
        reverse("scoring:export", args=[tournament.slug, "individual", "pdf"]),
        reverse("arbitration:report", args=[tournament.slug, "pdf"]),
    ):
        assert client.get(address).status_code == 429, address
