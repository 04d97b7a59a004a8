"""Happy paths and bad input on the staff and public pages."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.factories import (
    ClubFactory,
    PlayerFactory,
    RegistrationFactory,
    SiteOrganiserFactory,
    StaffRoleFactory,
    TournamentFactory,
    UserFactory,
)
from tests.support import url
from tournaments.models import AuditEntry, Club, Player, Registration, StaffRole, Tournament

pytestmark = pytest.mark.django_db
User = get_user_model()

TOURNAMENT_FORM = {
    "name": "Open de Lyon",
    "slug": "open-lyon",
    "date": "2026-12-05",
    "venue": "Salle Molière",
    "kind": "individual",
    "positions": "5",
    "deals_table_4": "5",
    "deals_table_5": "5",
    "deals_table_3": "5",
    "remainder": "3",
    "table5_mode": "dealer_sits_out",
    "poignee_simple": "20",
    "poignee_double": "30",
    "poignee_triple": "40",
    "tie_break": "none",
    "four_eyes": "on",
    "is_public": "on",
}


def test_create_tournament(client, django_user_model):
    user = SiteOrganiserFactory(username="claire")
    client.force_login(user)
    response = client.post(url("manage:tournament_create"), TOURNAMENT_FORM)
    assert response.status_code == 302
    t = Tournament.objects.get(slug="open-lyon")
    assert response["Location"] == url("manage:tournament", t)
    assert StaffRole.objects.get(tournament=t, user=user).role == "organiser"
    assert client.get(url("manage:tournament", t)).status_code == 200


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": ""}, "name"),
        ({"slug": "not a slug!"}, "slug"),
        ({"date": "31/31/2026"}, "date"),
        ({"positions": "0"}, "positions"),
        ({"remainder": "5", "deals_table_5": "6"}, "deals_table_5"),
        ({"poignee_simple": "50"}, "poignee_triple"),
        ({"kind": "teams_3"}, "kind"),
    ],
)
def test_create_tournament_bad_input_shows_error_next_to_field(
    client, django_user_model, changes, field
):
    client.force_login(SiteOrganiserFactory(username="claire"))
    response = client.post(url("manage:tournament_create"), {**TOURNAMENT_FORM, **changes})
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert not Tournament.objects.exists()


def test_create_tournament_duplicate_slug(client, django_user_model):
    TournamentFactory(slug="open-lyon")
    client.force_login(SiteOrganiserFactory(username="claire"))
    response = client.post(url("manage:tournament_create"), TOURNAMENT_FORM)
    assert "slug" in response.context["form"].errors
    assert Tournament.objects.count() == 1


def test_edit_settings(organiser_client, tournament):
    data = {**TOURNAMENT_FORM, "slug": tournament.slug, "positions": "6"}
    response = organiser_client.post(url("manage:tournament_edit", tournament), data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.positions == 6 and tournament.name == "Open de Lyon"
    assert AuditEntry.objects.filter(action="tournament.updated").exists()
    bad = organiser_client.post(
        url("manage:tournament_edit", tournament), {**data, "positions": "x"}
    )
    assert "positions" in bad.context["form"].errors
    tournament.refresh_from_db()
    assert tournament.positions == 6


def test_registration_list_search_and_sort(organiser_client, tournament):
    RegistrationFactory(
        tournament=tournament,
        player=PlayerFactory(last_name="Zola", first_name="Jo", licence="1111"),
    )
    RegistrationFactory(
        tournament=tournament,
        player=PlayerFactory(last_name="Abel", first_name="Li", licence="2222"),
    )
    page = organiser_client.get(url("manage:registrations", tournament), {"sort": "last_name"})
    html = page.content.decode()
    assert html.index("Abel") < html.index("Zola")
    page = organiser_client.get(url("manage:registrations", tournament), {"q": "zol"})
    assert [r.player.last_name for r in page.context["table"].data] == ["Zola"]
    fragment = organiser_client.get(
        url("manage:registrations", tournament), {"q": "2222"}, HTTP_HX_REQUEST="true"
    )
    assert "<html" not in fragment.content.decode()
    assert "Abel" in fragment.content.decode()


# The check-in page reads the entry fees too (one query, whatever the field).
@pytest.mark.parametrize(("page", "queries"), [("manage:registrations", 8), ("manage:checkin", 9)])
def test_list_pages_keep_query_count_constant(
    organiser_client, tournament, page, queries, django_assert_num_queries
):
    RegistrationFactory.create_batch(5, tournament=tournament)
    with django_assert_num_queries(queries):
        organiser_client.get(url(page, tournament))
    RegistrationFactory.create_batch(60, tournament=tournament)
    with django_assert_num_queries(queries):
        organiser_client.get(url(page, tournament))


def test_public_home_query_count(client, django_assert_num_queries):
    for t in TournamentFactory.create_batch(5):
        RegistrationFactory.create_batch(3, tournament=t)
    with django_assert_num_queries(1):
        client.get(reverse("public:home"))


def test_add_player_with_new_club(organiser_client, tournament):
    response = organiser_client.post(
        url("manage:registration_add", tournament),
        {
            "licence": "123456",
            "last_name": "Durand",
            "first_name": "Anne",
            "new_club": "Les Bouts",
            "email": "",
            "joins_at_position": "1",
        },
    )
    assert response.status_code == 302
    reg = Registration.objects.get(tournament=tournament)
    assert reg.number == 1 and reg.player.club.name == "Les Bouts"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"licence": "12AB"}, "licence"),
        ({"licence": "123"}, "licence"),
        ({"last_name": ""}, "last_name"),
        ({"email": "nope"}, "email"),
        ({"joins_at_position": "0"}, "joins_at_position"),
        ({"joins_at_position": "9"}, "joins_at_position"),
        ({"new_club": "Autre"}, "new_club"),
    ],
)
def test_add_player_bad_input(organiser_client, tournament, changes, field):
    club = ClubFactory()
    data = {
        "licence": "123456",
        "last_name": "Durand",
        "first_name": "Anne",
        "club": club.pk,
        "email": "",
        "joins_at_position": "1",
        **changes,
    }
    response = organiser_client.post(url("manage:registration_add", tournament), data)
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert not Registration.objects.exists()
    assert Club.objects.count() == 1


def test_add_player_already_registered(organiser_client, tournament):
    RegistrationFactory(tournament=tournament, player=PlayerFactory(licence="123456"))
    response = organiser_client.post(
        url("manage:registration_add", tournament),
        {"licence": "123456", "last_name": "D", "first_name": "A", "joins_at_position": "1"},
    )
    assert "already registered" in str(response.context["form"].errors["licence"])


def test_edit_player_late_join_and_withdrawal(organiser_client, tournament):
    reg = RegistrationFactory(tournament=tournament)
    edit = url("manage:registration_edit", tournament, number=reg.number)
    assert organiser_client.get(edit).context["form"].initial["last_name"] == reg.player.last_name
    data = {
        "licence": reg.player.licence,
        "last_name": "Nouveau",
        "first_name": "Nom",
        "joins_at_position": "2",
        "withdrawn_after_position": "4",
    }
    assert organiser_client.post(edit, data).status_code == 302
    reg.refresh_from_db()
    assert (reg.joins_at_position, reg.withdrawn_after_position) == (2, 4)
    # The tournament's registration changes; the directory's record does not.
    assert reg.last_name == "Nouveau"
    assert reg.player.last_name != "Nouveau"
    response = organiser_client.post(edit, {**data, "withdrawn_after_position": "0"})
    assert "withdrawn_after_position" in response.context["form"].errors
    other = RegistrationFactory(tournament=tournament)
    response = organiser_client.post(edit, {**data, "licence": other.player.licence})
    assert "licence" in response.context["form"].errors


def test_delete_registration(organiser_client, tournament):
    reg = RegistrationFactory(tournament=tournament)
    response = organiser_client.post(
        url("manage:registration_delete", tournament, number=reg.number)
    )
    assert response.status_code == 302
    assert not Registration.objects.exists()
    assert Player.objects.filter(pk=reg.player_id).exists()


def test_check_in_with_htmx_updates_row_and_counts(client, staff, tournament):
    client.force_login(staff["arbitre"])
    regs = RegistrationFactory.create_batch(4, tournament=tournament)
    toggle = url("manage:checkin_toggle", tournament, number=regs[0].number)
    response = client.post(toggle, {"present": "1"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert f'id="checkin-{regs[0].number}"' in html and "present" in html
    assert 'hx-swap-oob="true"' in html
    assert response.context["summary"].present == 1
    regs[0].refresh_from_db()
    assert regs[0].checked_in
    response = client.post(toggle, {"present": "0"})
    assert response.status_code == 302
    regs[0].refresh_from_db()
    assert not regs[0].checked_in


def test_check_in_warns_about_impossible_table_mix(organiser_client, tournament):
    RegistrationFactory.create_batch(5, tournament=tournament, checked_in=True)
    page = organiser_client.get(url("manage:checkin", tournament))
    assert page.context["summary"].impossible
    assert 'data-testid="table-warning"' in page.content.decode()
    RegistrationFactory(tournament=tournament, checked_in=True)
    page = organiser_client.get(url("manage:checkin", tournament))
    assert not page.context["summary"].impossible
    assert page.context["summary"].tables == (3, 3)


def test_late_player_does_not_count_for_position_1(organiser_client, tournament):
    RegistrationFactory.create_batch(4, tournament=tournament, checked_in=True)
    RegistrationFactory(tournament=tournament, checked_in=True, joins_at_position=2)
    summary = organiser_client.get(url("manage:checkin", tournament)).context["summary"]
    assert (summary.present, summary.playing_first, summary.tables) == (5, 4, (4,))


def test_once_position_1_is_closed_the_banner_counts_position_2(organiser, tournament, staff):
    """Latecomers of position 2 count, a player withdrawn after position 1 does not."""
    from scoring.formats.libre.services import round_close
    from scoring.formats.libre.simulation import sheets_simulate
    from tournaments import services_seating
    from tournaments.selectors_presence import presence_summary

    regs = RegistrationFactory.create_batch(8, tournament=tournament, checked_in=True)
    RegistrationFactory.create_batch(4, tournament=tournament, checked_in=True, joins_at_position=2)
    round1 = services_seating.round_seat_players(tournament=tournament, number=1, user=organiser)
    services_seating.round_publish(round=round1, user=organiser)
    assert (
        presence_summary(tournament=tournament).position,
        presence_summary(tournament=tournament).tables,
    ) == (1, (4, 4))
    sheets_simulate(tournament=tournament, rng=__import__("random").Random(1))
    round_close(round=round1, user=staff["arbitre"])
    regs[0].withdrawn_after_position = 1
    regs[0].save()
    summary = presence_summary(tournament=tournament)
    assert (summary.position, summary.playing_first) == (2, 11)


def test_check_in_search(organiser_client, tournament):
    RegistrationFactory(
        tournament=tournament, player=PlayerFactory(last_name="Zola", first_name="Jo")
    )
    RegistrationFactory(
        tournament=tournament, player=PlayerFactory(last_name="Abel", first_name="Li")
    )
    page = organiser_client.get(
        url("manage:checkin", tournament), {"q": "abe"}, HTTP_HX_REQUEST="true"
    )
    assert [r.player.last_name for r in page.context["rows"]] == ["Abel"]


def test_teams_pages(organiser_client, organiser):
    t = TournamentFactory(kind="teams_2")
    StaffRole.objects.create(tournament=t, user=organiser, role="organiser")
    a, b, c = RegistrationFactory.create_batch(3, tournament=t)
    create = url("manage:team_create", t)
    response = organiser_client.post(create, {"name": "Trio", "members": [a.pk, b.pk, c.pk]})
    assert "members" in response.context["form"].errors
    response = organiser_client.post(create, {"name": "Duo", "members": [a.pk, b.pk]})
    assert response.status_code == 302
    team = t.teams.get()
    page = organiser_client.get(url("manage:teams", t))
    assert "Duo" in page.content.decode()
    assert list(page.context["without_team"]) == [c]
    # A team's form offers its own members and free players, never another team's.
    form = organiser_client.get(url("manage:team_edit", t, number=team.number)).context["form"]
    assert set(form.fields["members"].queryset) == {a, b, c}
    assert organiser_client.get(url("manage:teams", TournamentFactory())).status_code == 403


def test_individual_tournament_has_no_team_pages(organiser_client, tournament):
    assert organiser_client.get(url("manage:teams", tournament)).status_code == 404


def grant(client, tournament, username, role):
    data = {"form": "grant", "grant-username": username, "grant-role": role}
    return client.post(url("manage:staff", tournament), data, follow=True)


def test_staff_page_grants_roles_to_colleagues_and_says_what_a_change_replaces(
    organiser_client, tournament, organiser
):
    colleague = UserFactory(username="paul")
    # A colleague: staff of another tournament the organiser runs (named, not found by an order
    # of names that a factory's count can turn round: "Tournoi 1000" < "Tournoi 999").
    other = TournamentFactory()
    StaffRoleFactory(tournament=other, user=organiser, role="organiser")
    StaffRoleFactory(tournament=other, user=colleague)
    response = grant(organiser_client, tournament, "paul", "scorer")
    assert StaffRole.objects.get(tournament=tournament, user=colleague).role == "scorer"
    assert "paul is Scorer." in response.content.decode()
    response = grant(organiser_client, tournament, "paul", "arbitre")
    assert "paul was Scorer; now Arbitre." in response.content.decode()
    assert StaffRole.objects.filter(tournament=tournament, user=colleague).count() == 1


def test_granting_a_role_does_not_tell_which_usernames_exist(organiser_client, tournament):
    """The attack: try usernames in the form and read "no account" or "granted" back. An
    account the organiser does not work with is answered exactly as one that does not exist."""
    UserFactory(username="stranger")
    answers = []
    for username in ("stranger", "ghost"):
        response = grant(organiser_client, tournament, username, "scorer")
        assert response.status_code == 400
        errors = response.context["grant_form"].errors.as_json()
        answers.append(errors.replace(username, "NAME"))
    assert answers[0] == answers[1]
    assert not StaffRole.objects.filter(user__username="stranger").exists()


def test_an_organiser_creates_an_account_whose_one_time_link_sets_its_password(
    organiser_client, tournament
):
    client = Client()  # the account's owner, on their own phone
    response = organiser_client.post(
        url("manage:staff", tournament),
        {"form": "create", "create-username": "marie.scorer", "create-role": "scorer"},
    )
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    link = response.context["link"]["url"]
    account = User.objects.get(username="marie.scorer")
    assert not account.has_usable_password()
    assert StaffRole.objects.get(tournament=tournament, user=account).role == "scorer"
    # The link, opened by its owner (another browser): choose a password, logged in.
    page = client.get(link, follow=True)
    assert "Choose your password" in page.content.decode()
    password = "Tarot-du-jour-2026"
    done = client.post(
        page.redirect_chain[-1][0], {"new_password1": password, "new_password2": password}
    )
    assert done.status_code == 302 and done["Location"] == url("manage:home")
    assert client.get(url("manage:tournament", tournament)).status_code == 200
    account.refresh_from_db()
    assert account.check_password(password)
    # Once: the link no longer works, and no new link is given for this account.
    client.logout()
    assert "no longer works" in client.get(link, follow=True).content.decode()
    staff = StaffRole.objects.get(user=account)
    refused = organiser_client.post(url("manage:staff_link", tournament, pk=staff.pk), follow=True)
    assert "already has a password" in refused.content.decode()


def test_a_new_link_only_for_an_account_created_here(organiser_client, tournament, staff):
    """An organiser cannot get a password link for an account someone else uses."""
    scorer = StaffRole.objects.get(tournament=tournament, user=staff["scorer"])
    scorer.user.set_unusable_password()
    scorer.user.save()
    response = organiser_client.post(url("manage:staff_link", tournament, pk=scorer.pk))
    assert response.status_code == 302
    assert "link" not in (response.context or {})
    organiser_client.post(
        url("manage:staff", tournament),
        {"form": "create", "create-username": "newbie", "create-role": "arbitre"},
    )
    created = StaffRole.objects.get(user__username="newbie")
    again = organiser_client.post(url("manage:staff_link", tournament, pk=created.pk))
    assert again.status_code == 200 and "/accounts/welcome/" in again.context["link"]["url"]


def test_creating_an_account_with_a_bad_or_taken_username_says_so(organiser_client, tournament):
    taken = ("scorer", "cannot be used")  # the same answer as any taken name: see test_accounts
    for username, message in (("marie dupont", "Enter a valid username"), taken):
        response = organiser_client.post(
            url("manage:staff", tournament),
            {"form": "create", "create-username": username, "create-role": "scorer"},
        )
        assert response.status_code == 400
        assert message in str(response.context["account_form"].errors["username"])


def test_french_is_the_default_and_english_selectable(client, settings, tournament):
    settings.LANGUAGE_CODE = "fr"
    assert "Tournois" in client.get(reverse("public:home")).content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert "Tournaments" in client.get(reverse("public:home")).content.decode()


def test_create_tournament_makes_the_short_address_from_the_name(client, django_user_model):
    client.force_login(SiteOrganiserFactory(username="claire"))
    for _ in range(2):
        response = client.post(url("manage:tournament_create"), {**TOURNAMENT_FORM, "slug": ""})
        assert response.status_code == 302
    slugs = sorted(Tournament.objects.values_list("slug", flat=True))
    assert slugs == ["open-de-lyon", "open-de-lyon-2"]
