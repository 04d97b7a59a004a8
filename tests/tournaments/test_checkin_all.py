"""« Tous présents »: the check-in page checks in, at once, every player of the next position
not checked in yet, and takes it back (those it checked in, as it left them) until a position
is seated."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests.factories import RegistrationFactory
from tests.support import url
from tournaments import services_seating as seating
from tournaments import services_undo
from tournaments.actions import Action
from tournaments.models import AuditEntry, Registration
from tournaments.selectors import last_check_in_all
from tournaments.services_players import registration_check_in, registrations_check_in_all

pytestmark = pytest.mark.django_db


def present_numbers(tournament):
    return set(tournament.registrations.filter(checked_in=True).values_list("number", flat=True))


@pytest.fixture
def field(tournament):
    """Eight players: 1 and 2 already checked in, 7 withdrawn, 8 joining at position 2."""
    for number in range(1, 9):
        RegistrationFactory(
            tournament=tournament,
            number=number,
            checked_in=number <= 2,
            withdrawn_after_position=0 if number == 7 else None,
            joins_at_position=2 if number == 8 else 1,
        )
    return tournament


# --- the service ----------------------------------------------------------------------------


def test_every_player_of_the_next_position_is_checked_in_at_once_and_audited(field, staff):
    assert registrations_check_in_all(tournament=field, user=staff["arbitre"]) == 4
    assert present_numbers(field) == {1, 2, 3, 4, 5, 6}  # not the withdrawn, nor the latecomer
    (entry,) = AuditEntry.objects.filter(action=Action.CHECKED_IN_ALL)
    assert entry.data["numbers"] == [3, 4, 5, 6] and entry.user == staff["arbitre"]
    with pytest.raises(ValidationError) as refused:  # a second click: said, not done twice
        registrations_check_in_all(tournament=field, user=staff["arbitre"])
    assert refused.value.code == "all_present"
    assert AuditEntry.objects.filter(action=Action.CHECKED_IN_ALL).count() == 1


def test_only_an_arbitre_or_the_organiser_checks_everyone_in(field, staff):
    for role in ("scorer", "other_organiser"):
        with pytest.raises(PermissionDenied):
            registrations_check_in_all(tournament=field, user=staff[role])
        with pytest.raises(PermissionDenied):
            services_undo.check_in_all_undo(tournament=field, user=staff[role], entry=0)
    assert present_numbers(field) == {1, 2}


def test_the_undo_takes_back_those_it_checked_in_as_it_left_them(field, staff):
    registrations_check_in_all(tournament=field, user=staff["arbitre"])
    last = last_check_in_all(tournament=field)
    assert last.count == 4
    # Player 4 leaves and comes back by hand: theirs is a check-in of its own, kept.
    four = Registration.objects.get(tournament=field, number=4)
    registration_check_in(registration=four, user=staff["arbitre"], present=False)
    registration_check_in(registration=four, user=staff["arbitre"], present=True)
    assert last_check_in_all(tournament=field).count == 3
    undone = services_undo.check_in_all_undo(
        tournament=field, user=staff["organiser"], entry=last.entry
    )
    assert undone == 3
    assert present_numbers(field) == {1, 2, 4}
    (entry,) = AuditEntry.objects.filter(action=Action.CHECK_IN_ALL_UNDONE)
    assert entry.data == {"entry": last.entry, "numbers": [3, 5, 6]}
    assert last_check_in_all(tournament=field) is None
    with pytest.raises(ValidationError) as refused:  # undone already: nothing happens
        services_undo.check_in_all_undo(tournament=field, user=staff["arbitre"], entry=last.entry)
    assert refused.value.code == "check_in_changed"


def test_once_a_position_is_seated_the_check_in_is_no_longer_undone(field, staff):
    registrations_check_in_all(tournament=field, user=staff["arbitre"])
    entry = last_check_in_all(tournament=field).entry
    seating.round_seat_players(tournament=field, number=1, user=staff["organiser"], seed=1)
    assert last_check_in_all(tournament=field) is None
    with pytest.raises(ValidationError) as refused:
        services_undo.check_in_all_undo(tournament=field, user=staff["organiser"], entry=entry)
    assert refused.value.code == "check_in_changed"
    assert present_numbers(field) == {1, 2, 3, 4, 5, 6}


# --- the page -------------------------------------------------------------------------------


def test_the_check_in_page_offers_all_present_then_its_undo(client, field, staff):
    client.force_login(staff["arbitre"])
    html = client.get(url("manage:checkin", field)).content.decode()
    assert 'data-testid="checkin-all"' in html
    assert "Check in the 4 players not present yet?" in html  # its confirmation
    assert 'data-testid="checkin-all-undo"' not in html
    response = client.post(url("manage:checkin_all", field), follow=True)
    html = response.content.decode()
    assert "4 players checked in." in html
    assert present_numbers(field) == {1, 2, 3, 4, 5, 6}
    assert 'data-testid="checkin-all-undo"' in html and 'data-testid="checkin-all"' not in html
    entry = last_check_in_all(tournament=field).entry
    response = client.post(url("manage:checkin_all_undo", field), {"entry": entry}, follow=True)
    assert "Check-in of 4 players undone." in response.content.decode()
    assert present_numbers(field) == {1, 2}
    # Posted again (a double click, a page left open): said, nothing changed.
    response = client.post(url("manage:checkin_all_undo", field), {"entry": entry}, follow=True)
    assert "nothing was undone" in response.content.decode()
    response = client.post(url("manage:checkin_all_undo", field), {"entry": "x"}, follow=True)
    assert response.status_code == 200 and present_numbers(field) == {1, 2}


@pytest.mark.parametrize("visitor", ["anonymous", "scorer", "arbitre", "organiser"])
def test_all_present_and_its_undo_need_an_arbitre(client, field, staff, visitor):
    if visitor != "anonymous":
        client.force_login(staff[visitor])
    allowed = visitor in ("arbitre", "organiser")
    response = client.post(url("manage:checkin_all", field))
    expected = 302 if allowed or visitor == "anonymous" else 403
    assert response.status_code == expected
    assert present_numbers(field) == ({1, 2, 3, 4, 5, 6} if allowed else {1, 2})
    response = client.post(url("manage:checkin_all_undo", field), {"entry": "1"})
    assert response.status_code == expected
    assert client.get(url("manage:checkin_all", field)).status_code in (302, 403, 405)


def test_once_a_team_match_s_matches_are_drawn_the_check_in_is_no_longer_undone():
    from scoring.formats.match.services import matches_draw
    from tests.scoring.duplicate.helpers import staff_of
    from tests.scoring.duplicate.test_team_match import competition_of

    tournament = competition_of()
    organiser, _scorer, arbitre, _second = staff_of(tournament)
    tournament.registrations.filter(number__in=[2, 5]).update(checked_in=False)
    assert registrations_check_in_all(tournament=tournament, user=arbitre) == 2
    entry = last_check_in_all(tournament=tournament).entry
    matches_draw(tournament=tournament, user=organiser, seed=1)
    assert last_check_in_all(tournament=tournament) is None
    with pytest.raises(ValidationError) as refused:
        services_undo.check_in_all_undo(tournament=tournament, user=organiser, entry=entry)
    assert refused.value.code == "check_in_changed"
    assert tournament.registrations.filter(checked_in=False).count() == 0
