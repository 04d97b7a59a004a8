"""Two teams of a tournament cannot share a name: the organiser is told so in plain words."""

import pytest
from django.core.exceptions import ValidationError

from tests.factories import RegistrationFactory
from tournaments import services


def test_a_second_team_with_the_same_name_is_refused_in_plain_words(tournament, staff):
    tournament.kind = "teams_2"
    tournament.save()
    regs = RegistrationFactory.create_batch(4, tournament=tournament)
    organiser = staff["organiser"]
    services.team_create(tournament=tournament, user=organiser, name="Les As", members=regs[:2])
    with pytest.raises(ValidationError) as refused:
        services.team_create(tournament=tournament, user=organiser, name="Les As", members=regs[2:])
    assert "A team of this tournament already has this name." in " ".join(refused.value.messages)
    assert "already exists" not in " ".join(refused.value.messages)


def test_the_settings_form_tells_the_browser_the_bounds_the_server_keeps(
    organiser_client, tournament
):
    html = organiser_client.get(f"/manage/t/{tournament.slug}/settings/").content.decode()
    assert 'name="positions" value="5" min="1" max="30"' in html
    assert 'name="deals_table_4" value="5" min="1" max="40"' in html
    assert 'min="0"' not in html.split('name="positions"')[1].split(">")[0]
