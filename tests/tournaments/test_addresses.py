"""Changing a tournament's short address keeps the old one working, and asks first once the
seating is published."""

from tests.factories import UserFactory
from tests.tournaments.test_seating_workflow import present, seat_all
from tournaments import services
from tournaments.models import TournamentAddress


def settings_of(tournament) -> dict:
    """The settings form as the page would post it (an empty choice posts nothing)."""
    values = {name: getattr(tournament, name) for name in services.TOURNAMENT_SETTINGS}
    return {name: value for name, value in values.items() if value is not None} | {
        "date": tournament.date.isoformat()
    }


def test_old_addresses_lead_to_the_new_one(client, organiser_client, tournament, organiser):
    tournament.is_public = True
    tournament.save()
    present(tournament, 8)
    seat_all(tournament, organiser, 1)
    old = tournament.slug
    url = f"/manage/t/{old}/settings/"
    data = settings_of(tournament) | {"slug": "nouvelle-adresse"}
    refused = organiser_client.post(url, data)
    assert refused.status_code == 200  # the form again, asking
    assert "tick the box to change its short address" in refused.content.decode()
    tournament.refresh_from_db()
    assert tournament.slug == old
    organiser_client.post(url, data | {"confirm_address": "on"})
    tournament.refresh_from_db()
    assert tournament.slug == "nouvelle-adresse"
    # Every bookmarked page follows: public, with its query, and staff.
    response = client.get(f"/t/{old}/seating/", {"q": "martin"})
    assert response.status_code == 302
    assert response["Location"] == "/t/nouvelle-adresse/seating/?q=martin"
    assert organiser_client.get(f"/manage/t/{old}/positions/")["Location"] == (
        "/manage/t/nouvelle-adresse/positions/"
    )
    assert client.get("/t/nouvelle-adresse/seating/").status_code == 200
    # Back to the old address: it is the tournament's own again, and the other one redirects.
    services.tournament_update(tournament=tournament, user=organiser, slug=old)
    assert set(TournamentAddress.objects.values_list("slug", flat=True)) == {"nouvelle-adresse"}
    assert client.get(f"/t/{old}/").status_code == 200


def test_a_private_tournament_is_not_followed_for_strangers(client, tournament, organiser):
    tournament.is_public = False
    tournament.save()
    old = tournament.slug
    services.tournament_update(tournament=tournament, user=organiser, slug="cachee")
    assert client.get(f"/t/{old}/").status_code == 404


def test_a_private_tournament_is_followed_for_its_staff_only(client, tournament, organiser, staff):
    """A signed-in account with no role in the private tournament gets the 404 of an unknown
    address, not a redirect that tells it where the tournament went."""
    tournament.is_public = False
    tournament.save()
    old = tournament.slug
    services.tournament_update(tournament=tournament, user=organiser, slug="cachee")
    unknown = "/t/never-was-an-address/"
    outsider = UserFactory(username="outsider")
    client.force_login(outsider)
    for path in (f"/t/{old}/", f"/manage/t/{old}/"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.templates[0].name == client.get(unknown).templates[0].name
        assert b"cachee" not in response.content
    client.force_login(staff["scorer"])
    assert client.get(f"/manage/t/{old}/")["Location"] == "/manage/t/cachee/"
    assert client.get(f"/t/{old}/")["Location"] == "/t/cachee/"
