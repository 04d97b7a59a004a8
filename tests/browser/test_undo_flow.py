"""An organiser takes things back in a real browser: undoes a swap, unpublishes a position
(after dismissing, then accepting, its confirmation) and restores a withdrawn player."""

import pytest
from playwright.sync_api import expect

from tests.factories import RegistrationFactory, StaffRoleFactory, TournamentFactory, UserFactory
from tournaments import services, services_seating
from tournaments.models import Round, Seat

pytestmark = pytest.mark.browser


def test_undo_a_swap_unpublish_and_restore_a_player(page, log_in):
    organiser = UserFactory(username="claire")
    tournament = TournamentFactory(slug="open-noel", name="Open de Noël")
    StaffRoleFactory(tournament=tournament, user=organiser, role="organiser")
    regs = RegistrationFactory.create_batch(9, tournament=tournament, checked_in=True)
    gone = regs[0]
    services.registration_update(registration=gone, user=organiser, withdrawn_after_position=0)
    round_ = services_seating.round_seat_players(
        tournament=tournament, number=1, user=organiser, seed=1
    )
    services_seating.round_publish(round=round_, user=organiser)
    log_in(organiser)

    page.goto(f"/manage/t/{tournament.slug}/positions/1/")
    a = Seat.objects.get(round=round_, table__number=1, number=0).registration
    b = Seat.objects.get(round=round_, table__number=2, number=0).registration
    page.get_by_label("Player no.", exact=True).fill(str(a.number))
    page.get_by_label("with player no.", exact=True).fill(str(b.number))
    page.get_by_role("button", name="Swap", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Players swapped.")
    page.get_by_test_id("undo-swap").click()
    expect(page.locator(".messages")).to_contain_text("Swap undone.")
    assert Seat.objects.get(round=round_, registration=a).table.number == 1
    expect(page.get_by_test_id("undo-swap")).to_have_count(0)

    questions = []
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.dismiss()))
    page.get_by_test_id("unpublish").click()
    expect(page.get_by_test_id("round-status")).to_have_text("Published")
    assert questions == [
        "Unpublish position 1? The players no longer see it; its seating is kept, to be "
        "published again."
    ]
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("unpublish").click()
    expect(page.locator(".messages")).to_contain_text("Position 1 unpublished")
    expect(page.get_by_test_id("round-status")).to_have_text("Draft")
    assert Round.objects.get(pk=round_.pk).status == Round.Status.DRAFT
    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id("round-status")).to_have_text("Published")

    page.goto(f"/manage/t/{tournament.slug}/players/{gone.number}/")
    expect(page.get_by_test_id("withdrawal")).to_contain_text("Withdrawn after position 0.")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("restore").click()
    expect(page.locator(".messages")).to_contain_text(f"{gone.name} plays again from position 2.")
    gone.refresh_from_db()
    assert gone.withdrawn_after_position is None
