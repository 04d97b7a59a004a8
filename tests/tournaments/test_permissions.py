"""Every staff page against every kind of visitor: anonymous, scorer, arbitre, organiser of this
tournament, organiser of another one. Allowed visitors get the page; the others a login
redirect (anonymous) or 403, never a 500."""

import pytest
from django.urls import reverse

from tests.factories import RegistrationFactory, TeamFactory
from tournaments.models import StaffRole, Tournament

VISITORS = ["anonymous", "scorer", "arbitre", "organiser", "other_organiser"]
ALLOWED = {
    "scorer": {"scorer", "arbitre", "organiser"},
    "arbitre": {"arbitre", "organiser"},
    "organiser": {"organiser"},
}

# (url name, needs a registration/team number, method, minimum role, status when allowed)
PAGES = [
    ("manage:tournament", None, "get", "scorer", 200),
    ("manage:tournament_edit", None, "get", "organiser", 200),
    ("manage:staff", None, "get", "organiser", 200),
    ("manage:registrations", None, "get", "scorer", 200),
    ("manage:registration_add", None, "get", "organiser", 200),
    ("manage:registration_edit", "number", "get", "organiser", 200),
    ("manage:registration_delete", "number", "post", "organiser", 302),
    ("manage:checkin", None, "get", "arbitre", 200),
    ("manage:checkin_toggle", "number", "post", "arbitre", 302),
    ("manage:import_upload", None, "get", "organiser", 200),
    ("manage:import_preview", None, "get", "organiser", 302),
    ("manage:teams", None, "get", "scorer", 200),
    ("manage:team_create", None, "get", "organiser", 200),
    ("manage:team_edit", "team", "get", "organiser", 200),
    ("manage:team_delete", "team", "post", "organiser", 302),
]


@pytest.fixture
def team_tournament(staff, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(kind=Tournament.Kind.TEAMS_2)
    tournament.refresh_from_db()
    return tournament


def client_for(client, staff, visitor):
    if visitor != "anonymous":
        client.force_login(staff[visitor])
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("visitor", VISITORS)
@pytest.mark.parametrize(("name", "needs", "method", "minimum", "ok"), PAGES)
def test_staff_page_permissions(
    client, staff, team_tournament, visitor, name, needs, method, minimum, ok
):
    kwargs = {"slug": team_tournament.slug}
    if needs == "number":
        kwargs["number"] = RegistrationFactory(tournament=team_tournament, number=1).number
    elif needs == "team":
        kwargs["number"] = TeamFactory(tournament=team_tournament, number=1).number
    url = reverse(name, kwargs=kwargs)
    response = getattr(client_for(client, staff, visitor), method)(url)
    if visitor == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    elif visitor in ALLOWED[minimum]:
        assert response.status_code == ok
    else:
        assert response.status_code == 403


@pytest.mark.django_db
@pytest.mark.parametrize("visitor", VISITORS)
def test_manage_home_needs_an_account_and_creating_a_tournament_the_right(client, staff, visitor):
    client = client_for(client, staff, visitor)
    response = client.get(reverse("manage:home"))
    assert response.status_code == (302 if visitor == "anonymous" else 200)
    # Only the organiser has the site's "Organisers" group in these fixtures.
    expected = {"anonymous": 302, "organiser": 200}.get(visitor, 403)
    assert client.get(reverse("manage:tournament_create")).status_code == expected
    if visitor != "anonymous":
        shows_button = reverse("manage:tournament_create") in response.content.decode()
        assert shows_button == (visitor == "organiser")


@pytest.mark.django_db
@pytest.mark.parametrize("visitor", VISITORS)
def test_public_pages_are_open_to_all(client, staff, tournament, visitor):
    client = client_for(client, staff, visitor)
    assert client.get(reverse("public:home")).status_code == 200
    url = reverse("public:tournament", kwargs={"slug": tournament.slug})
    assert client.get(url).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("visitor", "status"),
    [("anonymous", 404), ("scorer", 200), ("organiser", 200), ("other_organiser", 404)],
)
def test_private_tournament_is_hidden_from_the_public(client, staff, tournament, visitor, status):
    Tournament.objects.filter(pk=tournament.pk).update(is_public=False)
    client = client_for(client, staff, visitor)
    assert tournament.name not in client.get(reverse("public:home")).content.decode()
    url = reverse("public:tournament", kwargs={"slug": tournament.slug})
    assert client.get(url).status_code == status


@pytest.mark.django_db
def test_superuser_counts_as_organiser_everywhere(client, tournament, django_user_model):
    admin = django_user_model.objects.create_superuser("boss", password="x-long-password")
    client.force_login(admin)
    assert (
        client.get(reverse("manage:tournament_edit", kwargs={"slug": tournament.slug})).status_code
        == 200
    )
    assert tournament in client.get(reverse("manage:home")).context["tournaments"]


@pytest.mark.django_db
def test_role_is_checked_per_tournament(client, staff, tournament):
    """An organiser of another tournament is nobody here, even for reads."""
    other = StaffRole.objects.get(user=staff["other_organiser"]).tournament
    client.force_login(staff["other_organiser"])
    assert client.get(reverse("manage:tournament", kwargs={"slug": other.slug})).status_code == 200
    assert (
        client.get(reverse("manage:tournament", kwargs={"slug": tournament.slug})).status_code
        == 403
    )
    assert client.get(reverse("manage:tournament", kwargs={"slug": "no-such"})).status_code == 404


SEATING_PAGES = [
    ("manage:rounds", {}, "get", "scorer", 200),
    ("manage:round", {"number": 1}, "get", "scorer", 200),
    ("manage:round_document", {"number": 1, "kind": "list"}, "get", "scorer", 302),  # its job
    ("manage:round_generate", {"number": 1}, "post", "organiser", 302),
    ("manage:round_swap", {"number": 1}, "post", "organiser", 400),  # no players named
    ("manage:round_publish", {"number": 1}, "post", "organiser", 302),
]


@pytest.mark.django_db
@pytest.mark.parametrize("visitor", VISITORS)
@pytest.mark.parametrize(("name", "kwargs", "method", "minimum", "ok"), SEATING_PAGES)
def test_seating_page_permissions(
    client, staff, tournament, visitor, name, kwargs, method, minimum, ok
):
    from tournaments import services_seating

    RegistrationFactory.create_batch(8, tournament=tournament, checked_in=True)
    services_seating.round_seat_players(
        tournament=tournament, number=1, user=staff["organiser"], seed=1
    )
    url = reverse(name, kwargs={"slug": tournament.slug, **kwargs})
    response = getattr(client_for(client, staff, visitor), method)(url)
    if visitor == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    elif visitor in ALLOWED[minimum]:
        assert response.status_code == ok
    else:
        assert response.status_code == 403
