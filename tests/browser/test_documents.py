"""A document made off the request, as an arbitre meets it: the link opens the job's page with
its progress bar, which says it is ready and starts the download once the worker has made it,
without a reload (the worker is the real one, run while the page waits); asked again, the same
document is downloaded at once."""

import pytest
from playwright.sync_api import expect

from tests.factories import StaffRoleFactory, TournamentFactory, UserFactory
from tests.jobs import run_jobs
from tests.scoring.conftest import seat_and_publish

pytestmark = pytest.mark.browser


def test_the_progress_bar_turns_into_the_download(page, log_in):
    arbitre = UserFactory(username="ines")
    tournament = TournamentFactory(slug="attente", name="Open de l'attente")
    StaffRoleFactory(tournament=tournament, user=arbitre, role="arbitre")
    seat_and_publish(tournament, arbitre, 16)
    log_in(arbitre)
    page.goto(f"/manage/t/{tournament.slug}/results/")
    page.get_by_role("link", name="Individual ranking (PDF)").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Individual ranking (PDF)")
    expect(page.get_by_test_id("job-progress")).to_be_visible()
    navigations = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url))
    with page.expect_download() as made:
        run_jobs()  # the page asks again, finds it made and downloads it by itself
    expect(page.get_by_test_id("job-ready")).to_have_text("Ready: the download starts.")
    assert navigations == []  # without a reload
    assert made.value.suggested_filename.endswith(".pdf")
    download = page.get_by_test_id("job-download")
    response = page.request.get(download.get_attribute("href"))
    assert response.ok and response.headers["content-type"] == "application/pdf"
    # Asked again, the same document of the same state is downloaded at once, the same way.
    page.goto(f"/manage/t/{tournament.slug}/results/")
    with page.expect_download() as again:
        page.get_by_role("link", name="Individual ranking (PDF)").click()
    assert again.value.suggested_filename == made.value.suggested_filename
    with open(again.value.path(), "rb") as file:
        assert file.read() == response.body()
