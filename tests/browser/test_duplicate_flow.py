"""A 28-player, 7-position duplicate individuel in a real browser: the organiser creates it
with the form, checks the 28 players in, draws the movement, deals the étuis, publishes and
prints the travelling sheets and table cards; a phone's seating page shows position 1, being
played (position 5 on request); a scorer types all 28 travelling sheets from the keyboard (a
score per line, Enter to the next, Enter on the last saves and opens the next étui); a second
arbitre confirms them and closes the séance; the public standings, hidden until then, show the
rankings the pages computed, and the rankings print."""

import random

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.formats.duplicate.reads import session_results
from scoring.formats.duplicate.simulation import random_scores
from scoring.models.duplicate import ORIENTATIONS
from tests.browser.conftest import fetch_document
from tests.factories import RegistrationFactory, SiteOrganiserFactory, StaffRoleFactory
from tournaments.models import Seat, Session, Tournament

pytestmark = pytest.mark.browser


def test_a_28_player_duplicate_end_to_end(page, log_in, browser, live_server):
    organiser = SiteOrganiserFactory(username="odile")
    log_in(organiser)
    page.goto("/manage/new/")
    page.locator("#id_name").fill("Duplicate de la Saint-Nicolas")
    page.locator("#id_format").select_option("duplicate")
    page.locator("#id_positions").fill("7")
    page.get_by_role("button", name="Create").click()
    tournament = Tournament.objects.get(name="Duplicate de la Saint-Nicolas")
    assert (tournament.format == "duplicate") and tournament.positions == 7
    registrations = RegistrationFactory.create_batch(28, tournament=tournament, checked_in=False)
    scorer, arbitre = (get_user_model().objects.create(username=n) for n in ("sam", "ari"))
    StaffRoleFactory(tournament=tournament, user=scorer, role="scorer")
    StaffRoleFactory(tournament=tournament, user=arbitre, role="arbitre")

    page.goto(f"/manage/t/{tournament.slug}/checkin/")
    for present, registration in enumerate(registrations, start=1):
        page.get_by_test_id(f"checkin-{registration.number}").click()
        expect(page.get_by_test_id("present-count")).to_have_text(str(present))

    page.goto(f"/manage/t/{tournament.slug}/")
    page.get_by_test_id("session-link").click()
    page.get_by_test_id("draw").click()
    expect(page.get_by_test_id("movement-quality")).to_contain_text("Nobody meets twice.")
    page.get_by_test_id("deal").click()
    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id("published")).to_be_visible()
    session = Session.objects.get(tournament=tournament)
    assert session.boards.count() == 28
    # Print: the travelling sheets, pre-filled from the movement, and the table cards.
    for name in ("Travelling sheets (PDF)", "Table cards (PDF)"):
        href = page.get_by_role("link", name=name, exact=True).get_attribute("href")
        printed = fetch_document(page, href)  # made by the worker, off the request
        assert printed.ok and printed.body().startswith(b"%PDF")

    # The public sees where to sit, not a score.
    phone = browser.new_context(
        base_url=live_server.url, locale="en-US", viewport={"width": 390, "height": 800}
    ).new_page()
    phone.goto(f"/t/{tournament.slug}/standings/")
    expect(phone.get_by_test_id("hidden-until-closed")).to_be_visible()
    # Where to sit: position 1 (being played), not the last one published; 5 on request.
    phone.goto(f"/t/{tournament.slug}/seating/")
    expect(phone.get_by_test_id("seating-position")).to_have_text("Position 1, being played")
    first = Seat.objects.get(round__session=session, round__number=1, registration=registrations[0])
    expect(phone.get_by_test_id(f"table-{registrations[0].number}")).to_have_text(
        str(first.table.number)
    )
    phone.get_by_test_id("position-5").click()
    expect(phone.get_by_test_id("seating-position")).to_contain_text("Position 5 (position 1")

    log_in(scorer)
    rng = random.Random(19)
    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/etuis/1/")
    for number in range(1, 29):
        expect(page.locator("h1")).to_contain_text(f"Étui {number} ")
        scores = random_scores(rng, 7)
        for index, score in enumerate(scores):
            field = page.locator(f"#score-{index}")
            expect(field).to_be_focused()
            field.press_sequentially(f"{score:+d}")
            field.press("Enter")
    expect(page.get_by_test_id("progress")).to_contain_text("0 of 28 étuis confirmed")

    log_in(arbitre)
    for number in range(1, 29):
        page.goto(f"/manage/t/{tournament.slug}/duplicate/1/etuis/{number}/")
        page.get_by_test_id("confirm").click()
    expect(page.get_by_test_id("progress")).to_contain_text("28 of 28 étuis confirmed")

    # An incident on a late étui, from its line: étui 23's third line is cancelled with the
    # notes the arbitre gives (60 % to the players not at fault, 40 % to South), and South is
    # penalised 2 points of percentage.
    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/etuis/23/")
    link = page.get_by_test_id("incident-2")
    where = dict(part.split("=") for part in link.get_attribute("href").split("?")[1].split("&"))
    at = Seat.objects.filter(
        round__session=session, round__number=where["position"], table__number=where["table"]
    )
    players = {ORIENTATIONS[seat.number]: seat.registration_id for seat in at}
    link.click()
    page.locator("#id_kind").select_option("misdeal")
    page.get_by_test_id("save-incident").click()
    expect(page.get_by_test_id("incident-status")).to_be_visible()
    form = page.get_by_test_id("decision-form")
    form.locator("#id_kind").select_option("line_cancelled")
    expect(form.locator("#id_deal_number")).to_have_value("23")
    for orientation, note in (("N", "60"), ("E", "60"), ("S", "40"), ("W", "60")):
        form.locator(f"#id_note_{orientation}").select_option(note)
    form.locator("#id_note").fill("Carte exposée avant l'entame")
    page.get_by_test_id("decide").click()
    expect(page.get_by_test_id("decisions")).to_contain_text("60")
    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/etuis/23/")
    expect(page.get_by_test_id("assigned-2")).to_have_text(
        "North 60 %, East 60 %, South 40 %, West 60 %"
    )
    offender = tournament.registrations.get(pk=players["S"])
    page.get_by_test_id("incident-2").click()
    page.locator("#id_kind").select_option("misdeal")
    page.get_by_test_id("save-incident").click()
    form = page.get_by_test_id("decision-form")
    form.locator("#id_kind").select_option("penalty")
    form.locator("#id_player").select_option(str(offender.pk))
    form.locator("#id_points").fill("2")
    form.locator("#id_note").fill("Carte exposée")
    page.get_by_test_id("decide").click()
    expect(page.get_by_test_id("decisions")).to_contain_text("Penalty")
    # The cancellation made a new version of étui 23's sheet: another arbitre confirms it.
    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/")
    expect(page.get_by_test_id("progress")).to_contain_text("27 of 28 étuis confirmed")
    log_in(organiser)
    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/etuis/23/")
    page.get_by_test_id("confirm").click()
    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/")
    expect(page.get_by_test_id("progress")).to_contain_text("28 of 28 étuis confirmed")
    log_in(arbitre)
    results = session_results(session, official=True)
    noted = {p.registration.pk: n for p in results.players for n in p.notes if n.board == 23}
    assert noted[players["S"]].note == 40 and noted[players["E"]].note == 60
    assert next(p for p in results.players if p.registration == offender).penalty == 2

    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/")
    page.get_by_test_id("ranking-link").click()
    expect(page.get_by_test_id("alternate")).to_be_visible()
    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/")
    page.get_by_test_id("close").click()
    expect(page.get_by_test_id("session-closed")).to_be_visible()
    href = page.get_by_role("link", name="Rankings (PDF)", exact=True).get_attribute("href")
    printed = fetch_document(page, href)
    assert printed.ok and printed.body().startswith(b"%PDF")

    phone.goto(f"/t/{tournament.slug}/standings/")
    results = session_results(session, official=True)
    assert results.missing == 0 and len(results.players) == 28
    first = results.alternate[0].registration
    rows = phone.get_by_test_id("alternate").locator("tbody tr")
    expect(rows).to_have_count(28)
    expect(rows.first).to_contain_text(first.name)

    # The results menu and the federation file give the alterné and général of the séance.
    page.goto(f"/manage/t/{tournament.slug}/results/?official=1")
    general = page.get_by_test_id("ranking-general").locator("tbody tr")
    expect(general).to_have_count(28)
    expect(general.first).to_contain_text(results.players[0].registration.name)
    expect(page.get_by_test_id("ranking-alternate").locator("tbody tr").first).to_contain_text(
        first.name
    )
    href = page.get_by_role("link", name="Federation results file (CSV)").get_attribute("href")
    federation = fetch_document(page, href)
    assert federation.ok
    lines = federation.body().decode("utf-8-sig").splitlines()
    assert len(lines) == 29 and lines[0].startswith("Licence;Last name;First name;Club")
    ranks = [line.split(";")[5] for line in lines[1:]]
    assert ranks[0] == "1" and len(set(ranks)) > 1  # not everyone first with 0
