"""The switch of entry at the tables on the settings page: offered where the tournament's game
has a table game, refused (next to the field, nothing saved) where it plays on paper only."""

import pytest

from tests.factories import SiteOrganiserFactory, StaffRoleFactory, TournamentFactory
from tests.support import url
from tests.tournaments.test_pages import TOURNAMENT_FORM
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_switch_is_offered_and_saved(organiser_client, tournament):
    page = organiser_client.get(url("manage:tournament_edit", tournament))
    assert 'name="table_entry"' in page.content.decode()
    assert 'name="table_entry_confirmed"' in page.content.decode()
    data = {**TOURNAMENT_FORM, "slug": tournament.slug, "table_entry": "on"}
    response = organiser_client.post(url("manage:tournament_edit", tournament), data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.table_entry and not tournament.table_entry_confirmed


def test_a_team_match_has_no_switch(organiser_client, staff):
    match = TournamentFactory(format=Tournament.Format.MATCH, created_by=staff["organiser"])

    StaffRoleFactory(tournament=match, user=staff["organiser"])
    page = organiser_client.get(url("manage:tournament_edit", match))
    assert page.status_code == 200
    assert 'name="table_entry"' not in page.content.decode()


def test_a_new_team_match_with_the_switch_is_refused_next_to_it(client):
    client.force_login(SiteOrganiserFactory(username="claire"))
    data = {**TOURNAMENT_FORM, "format": "match", "kind": "individual", "table_entry": "on"}
    response = client.post(url("manage:tournament_create"), data)
    assert response.status_code == 200
    assert "table_entry" in response.context["form"].errors
    assert not Tournament.objects.exists()


def test_the_service_refuses_the_switch_where_the_game_is_on_paper(staff, tournament):
    match = TournamentFactory(format=Tournament.Format.MATCH)
    with pytest.raises(services.ValidationError) as refused:
        services.tournament_update(tournament=match, user=staff["organiser"], table_entry=True)
    assert "table_entry" in refused.value.message_dict
