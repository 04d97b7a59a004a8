"""A 42-player triplettes tournament (14 triplettes, a Mitchell of 7 tables and 7 positions) in
a real browser: the organiser creates it with the form, makes the first triplette on the Teams
page (the 13 others through the service, as an import would), checks the 42 players in, draws
the Mitchell, deals the étuis and publishes; a scorer types all 28 travelling sheets from the
keyboard, the expected attacker preselected on every line, one line attacked out of turn; a
second arbitre confirms them, sees the out-of-turn attack flagged and closes the séance; the
public standings, hidden until then, show the triplettes' rankings the pages computed."""

import random

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.formats.duplicate.simulation import random_scores
from scoring.formats.triplettes.reads import triplette_session_results
from tests.browser.conftest import printed_text
from tests.factories import RegistrationFactory, SiteOrganiserFactory, StaffRoleFactory
from tournaments.models import Session, Tournament
from tournaments.services_teams import team_create

pytestmark = pytest.mark.browser


def test_a_42_player_triplettes_end_to_end(page, log_in, browser, live_server):
    organiser = SiteOrganiserFactory(username="tristan")
    log_in(organiser)
    page.goto("/manage/new/")
    page.locator("#id_name").fill("Triplettes de la Sainte-Barbe")
    page.locator("#id_format").select_option("triplettes")
    page.locator("#id_positions").fill("7")
    page.get_by_role("button", name="Create").click()
    tournament = Tournament.objects.get(name="Triplettes de la Sainte-Barbe")
    assert (tournament.format == "triplettes") and tournament.positions == 7
    registrations = RegistrationFactory.create_batch(42, tournament=tournament, checked_in=False)

    page.goto(f"/manage/t/{tournament.slug}/teams/new/")
    page.locator("#id_name").fill("Les Mineurs")
    for registration in registrations[:3]:
        page.get_by_label(f"{registration.number} · {registration.name}").check()
    page.get_by_role("button", name="Save").click()
    assert [m.pk for m in tournament.teams.get(name="Les Mineurs").members.order_by("pk")] == [
        r.pk for r in registrations[:3]
    ]
    for k in range(1, 14):
        team_create(
            tournament=tournament,
            user=organiser,
            name=f"Triplette {k + 1}",
            members=registrations[3 * k : 3 * k + 3],
        )
    scorer, arbitre = (get_user_model().objects.create(username=n) for n in ("sam", "ari"))
    StaffRoleFactory(tournament=tournament, user=scorer, role="scorer")
    StaffRoleFactory(tournament=tournament, user=arbitre, role="arbitre")

    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/")
    expect(page.get_by_test_id("movement-problem")).to_contain_text("three present members")
    page.goto(f"/manage/t/{tournament.slug}/checkin/")
    for present, registration in enumerate(registrations, start=1):
        page.get_by_test_id(f"checkin-{registration.number}").click()
        expect(page.get_by_test_id("present-count")).to_have_text(str(present))

    page.goto(f"/manage/t/{tournament.slug}/")
    page.get_by_test_id("session-link").click()
    page.get_by_test_id("draw").click()
    expect(page.get_by_test_id("movement-quality")).to_contain_text("7 tables.")
    expect(page.get_by_test_id("movement-quality")).to_contain_text("Starting colour")
    page.get_by_test_id("deal").click()
    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id("published")).to_be_visible()
    session = Session.objects.get(tournament=tournament)
    assert session.boards.count() == 28
    # Print: each travelling sheet says who duplicates its étui (North-South the odd ones);
    # the cards, one per table and one per triplette (their content: test_documents_triplettes).
    sheets = " ".join(printed_text(page, "Travelling sheets (PDF)"))  # the grid is an image
    assert sheets.count("Duplication North-South") == sheets.count("Duplication East-West") == 14
    cards = printed_text(page, "Table cards (PDF)")
    assert len(cards) == 7 + 14 and "Étuis it attacks: who attacks" in cards[-1]

    phone = browser.new_context(
        base_url=live_server.url, locale="en-US", viewport={"width": 390, "height": 800}
    ).new_page()
    phone.goto(f"/t/{tournament.slug}/standings/")
    expect(phone.get_by_test_id("hidden-until-closed")).to_be_visible()

    log_in(scorer)
    rng = random.Random(23)
    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/etuis/1/")
    out_of_turn = None
    for number in range(1, 29):
        expect(page.locator("h1")).to_contain_text(f"Étui {number} ")
        if number == 3:  # table of line 0: another member took, as North wrote it
            expected = page.get_by_test_id("attacker-0").input_value()
            options = page.get_by_test_id("attacker-0").locator("option")
            other = next(
                options.nth(k).get_attribute("value")
                for k in range(3)
                if options.nth(k).get_attribute("value") != expected
            )
            page.get_by_test_id("attacker-0").select_option(other)
            out_of_turn = int(other)
        scores = random_scores(rng, 7)
        first = page.locator("#score-0")
        first.focus()
        for index, score in enumerate(scores):
            field = page.locator(f"#score-{index}")
            expect(field).to_be_focused()
            field.press_sequentially(f"{score:+d}")
            field.press("Enter")
    expect(page.get_by_test_id("progress")).to_contain_text("0 of 28 étuis confirmed")

    log_in(arbitre)
    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/etuis/3/")
    expect(page.get_by_test_id("out-of-turn-0")).to_be_visible()
    for number in range(1, 29):
        page.goto(f"/manage/t/{tournament.slug}/duplicate/1/etuis/{number}/")
        page.get_by_test_id("confirm").click()
    expect(page.get_by_test_id("progress")).to_contain_text("28 of 28 étuis confirmed")
    page.get_by_test_id("ranking-link").click()
    flags = page.get_by_test_id("attack-flags")
    expect(flags).to_contain_text("Étui 3, position 1")
    expect(flags.locator("li")).to_have_count(1)
    expect(page.get_by_test_id("alternate").locator("tbody tr")).to_have_count(14)
    page.goto(f"/manage/t/{tournament.slug}/duplicate/1/")
    page.get_by_test_id("close").click()
    expect(page.get_by_test_id("session-closed")).to_be_visible()

    results = triplette_session_results(session, official=True)
    assert results.missing == 0 and len(results.teams) == 14
    ranking = " ".join(printed_text(page, "Rankings (PDF)"))
    assert "Général ranking" in ranking and results.teams[0].team.name in ranking
    roadmaps = printed_text(page, "Feuilles de route (PDF)")
    assert len(roadmaps) == 14
    assert [flag[4] for r in results.teams for flag in r.flags] == [out_of_turn]
    phone.goto(f"/t/{tournament.slug}/standings/")
    rows = phone.get_by_test_id("alternate").locator("tbody tr")
    expect(rows).to_have_count(14)
    expect(rows.first).to_contain_text(results.alternate[0].team.name)
    expect(phone.get_by_test_id("general").locator("tbody tr").first).to_contain_text(
        results.teams[0].team.name
    )

    # Once the séance is closed the players still read where they played (it showed an empty
    # last position), on the seating page and on the projector.
    member = results.teams[0].team.members.order_by("number").first()
    phone.goto(f"/t/{tournament.slug}/seating/")
    expect(phone.get_by_test_id(f"table-{member.number}")).not_to_be_empty()
    phone.goto(f"/t/{tournament.slug}/screen/")
    expect(phone.locator("main")).to_contain_text(member.name)
    expect(phone.locator("main")).not_to_contain_text("Nobody is seated")
