"""A 32-player quadrettes tournament (8 quadrettes, a whole round-robin of 7 positions) in a
real browser: the organiser creates it with the form, the teams are made (the first on the
Teams page), the 32 players checked in; the oppositions drawn (the séance page says 2 copies of
each étui), one quadrette's attacker changed on the séance page, the étuis dealt taker South
and published; a scorer types the 28 étuis' eight lines (every étui at every table) from the
keyboard; a second arbitre confirms them and closes the séance; the public standings, hidden
until then, rank the quadrettes by the match points the pages computed."""

import random

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.formats.duplicate.simulation import random_scores
from scoring.formats.quadrettes.reads import quadrette_session_results
from tests.browser.conftest import printed_text
from tests.factories import RegistrationFactory, SiteOrganiserFactory, StaffRoleFactory
from tournaments.models import Session, SessionAttacker, Tournament
from tournaments.services_teams import team_create

pytestmark = pytest.mark.browser


def test_a_32_player_quadrettes_end_to_end(page, log_in, browser, live_server):
    organiser = SiteOrganiserFactory(username="quentin")
    log_in(organiser)
    page.goto("/manage/new/")
    page.locator("#id_name").fill("Quadrettes de Noël")
    page.locator("#id_format").select_option("quadrettes")
    page.locator("#id_positions").fill("7")
    page.get_by_role("button", name="Create").click()
    tournament = Tournament.objects.get(name="Quadrettes de Noël")
    assert (tournament.format == "quadrettes") and tournament.positions == 7
    registrations = RegistrationFactory.create_batch(32, tournament=tournament, checked_in=False)
    page.goto(f"/manage/t/{tournament.slug}/teams/new/")
    page.locator("#id_name").fill("Les As")
    for registration in registrations[:4]:
        page.get_by_label(f"{registration.number} · {registration.name}").check()
    page.get_by_role("button", name="Save").click()
    assert tournament.teams.get(name="Les As").members.count() == 4
    for k in range(1, 8):
        team_create(
            tournament=tournament,
            user=organiser,
            name=f"Quadrette {k + 1}",
            members=registrations[4 * k : 4 * k + 4],
        )
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
    expect(page.get_by_test_id("movement-quality")).to_contain_text("round-robin of oppositions")
    expect(page.get_by_test_id("copies")).to_contain_text("Prepare 2 copies of each étui.")
    team = tournament.teams.get(name="Les As")
    row = page.get_by_test_id(f"quadrette-{team.number}")
    row.locator("select").select_option(str(registrations[3].pk))
    row.get_by_role("button", name="Save").click()
    expect(page.locator("body")).to_contain_text("attacks for Les As in séance 1")
    page.get_by_test_id("deal").click()
    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id("published")).to_be_visible()
    session = Session.objects.get(tournament=tournament)
    assert SessionAttacker.objects.get(session=session, team=team).registration == registrations[3]
    assert session.boards.count() == 28 and {b.taker for b in session.boards.all()} == {"S"}
    # Print: a travelling sheet per étui, the taker South on each; the preparation page counts
    # the copies of each étui (their content: test_documents_quadrettes).
    sheets = " ".join(printed_text(page, "Travelling sheets (PDF)"))  # the grid is an image
    assert sheets.count("Taker South") == 28 * 2  # a sheet in each of the 2 copies of an étui
    cards = " ".join(printed_text(page, "Preparation and table cards (PDF)"))
    assert (
        "Prepare 2 copies of each étui" in cards
        and "None: every étui has its taker South." in cards
    )

    phone = browser.new_context(
        base_url=live_server.url, locale="en-US", viewport={"width": 390, "height": 800}
    ).new_page()
    phone.goto(f"/t/{tournament.slug}/standings/")
    expect(phone.get_by_test_id("hidden-until-closed")).to_be_visible()

    log_in(scorer)
    rng = random.Random(29)
    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/etuis/1/")
    expect(page.get_by_test_id("attack-0")).to_contain_text(":")
    for number in range(1, 29):
        expect(page.locator("h1")).to_contain_text(f"Étui {number} ")
        for index, score in enumerate(random_scores(rng, 8)):
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
    page.get_by_test_id("ranking-link").click()
    expect(page.get_by_test_id("general").locator("tbody tr")).to_have_count(8)
    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/")
    page.get_by_test_id("close").click()
    expect(page.get_by_test_id("session-closed")).to_be_visible()

    results = quadrette_session_results(session, official=True)
    assert results.missing == 0 and len(results.teams) == 8
    assert sum(r.pm for r in results.teams) == 0
    ranking = " ".join(printed_text(page, "Rankings (PDF)"))
    assert results.teams[0].team.name in ranking
    assert len(printed_text(page, "Feuilles de route (PDF)")) >= 8
    phone.goto(f"/t/{tournament.slug}/standings/")
    rows = phone.get_by_test_id("general").locator("tbody tr")
    expect(rows).to_have_count(8)
    expect(rows.first).to_contain_text(results.teams[0].team.name)
    # Each quadrette's name opens its public page, with its feuille de route now.
    first = results.teams[0]
    rows.first.get_by_role("link", name=first.team.name).click()
    expect(phone.get_by_test_id("roadmap")).to_be_visible()
    assert first.pm > 0  # the best of a zero-sum ranking
    expect(phone.locator("main")).to_contain_text(f"Result +{first.pm:.3f}")

    # Once the séance is closed the players still read where they played (it showed an empty
    # last position), on the seating page and on the projector.
    member = results.teams[0].team.members.order_by("number").first()
    phone.goto(f"/t/{tournament.slug}/seating/")
    expect(phone.get_by_test_id(f"table-{member.number}")).not_to_be_empty()
    phone.goto(f"/t/{tournament.slug}/screen/")
    expect(phone.locator("main")).to_contain_text(member.name)
    expect(phone.locator("main")).not_to_contain_text("Nobody is seated")
