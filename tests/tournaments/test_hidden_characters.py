"""Names carry no invisible nor direction-changing character (issue 36): every name field of the
staff pages and every name cell of the player import refuses one inside the name, next to the
field or cell, and saves nothing; the ends of a name lose what shows nothing (a zero-width
space, a byte order mark) but keep a direction control, which is refused there too."""

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.factories import (
    DirectoryEditorFactory,
    PlayerFactory,
    RegistrationFactory,
    SiteOrganiserFactory,
    TournamentFactory,
)
from tests.support import url
from tests.tournaments.test_pages import TOURNAMENT_FORM
from tournaments.models import AuditEntry, Club, Player, Registration, StaffRole, Team, Tournament

pytestmark = pytest.mark.django_db

MESSAGE = "This name contains an invisible or direction-changing character: remove it."
RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: "Du\u202erand" shows as "Dudnar"
ZWSP = "\u200b"  # ZERO WIDTH SPACE
PLANTED = {"rlo": f"Du{RLO}rand", "zwsp": f"Du{ZWSP}rand"}


def counts() -> dict:
    models = [Tournament, Player, Registration, Club, Team, StaffRole, get_user_model()]
    return {m.__name__: m.objects.count() for m in models} | {"audit": AuditEntry.objects.count()}


# --- each form ---------------------------------------------------------------------------------
# A surface makes what its page needs and gives the address, the data it posts around the name,
# the form's name in the page's context and the field's name in that form.

PLAYER = {"licence": "", "last_name": "Martin", "first_name": "Paul", "joins_at_position": "1"}


def _tournament_create(client, tournament):
    client.force_login(SiteOrganiserFactory())
    return url("manage:tournament_create"), TOURNAMENT_FORM, "form"


def _tournament_settings(client, tournament):
    return (
        url("manage:tournament_edit", tournament),
        {**TOURNAMENT_FORM, "slug": tournament.slug},
        "form",
    )


def _registration_add(client, tournament):
    return url("manage:registration_add", tournament), PLAYER, "form"


def _registration_edit(client, tournament):
    reg = RegistrationFactory(tournament=tournament, last_name="Martin", first_name="Paul")
    return url("manage:registration_edit", tournament, number=reg.number), PLAYER, "form"


def _directory(client, tournament):
    player = PlayerFactory(licence="111111", last_name="Martin", first_name="Paul")
    client.force_login(DirectoryEditorFactory())
    data = {"licence": "111111", "last_name": "Martin", "first_name": "Paul"}
    return url("manage:directory_player", pk=player.pk), data, "form"


def _team(client, tournament):
    tournament.kind = "teams_2"
    tournament.save()
    a, b = RegistrationFactory.create_batch(2, tournament=tournament)
    return url("manage:team_create", tournament), {"members": [a.pk, b.pk]}, "form"


def _new_account(client, tournament):
    data = {"form": "create", "create-role": "scorer"}
    return url("manage:staff", tournament), data, "account_form"


def _granted_account(client, tournament):
    # An account the organiser works with, under the name as it shows.
    colleague = get_user_model().objects.create_user(username="Durand")
    StaffRole.objects.create(tournament=tournament, user=colleague, role="scorer")
    data = {"form": "grant", "grant-role": "arbitre"}
    return url("manage:staff", tournament), data, "grant_form"


SURFACES = {
    "tournament name": (_tournament_create, "name"),
    "tournament venue": (_tournament_create, "venue"),
    "settings name": (_tournament_settings, "name"),
    "settings venue": (_tournament_settings, "venue"),
    "last name": (_registration_add, "last_name"),
    "first name": (_registration_add, "first_name"),
    "new club": (_registration_add, "new_club"),
    "edited last name": (_registration_edit, "last_name"),
    "edited first name": (_registration_edit, "first_name"),
    "edited new club": (_registration_edit, "new_club"),
    "directory last name": (_directory, "last_name"),
    "directory first name": (_directory, "first_name"),
    "directory new club": (_directory, "new_club"),
    "team name": (_team, "name"),
    "new account": (_new_account, "create-username"),
    "granted account": (_granted_account, "grant-username"),
}


@pytest.mark.parametrize("planted", sorted(PLANTED))
@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_a_name_with_a_hidden_character_is_refused_next_to_its_field(
    organiser_client, tournament, surface, planted
):
    make, field = SURFACES[surface]
    address, data, form_name = make(organiser_client, tournament)
    before = counts()
    response = organiser_client.post(address, {**data, field: PLANTED[planted]})
    assert response.status_code in (200, 400), response.status_code
    form = response.context[form_name]
    assert form.errors.get(field.split("-")[-1]) == [MESSAGE], form.errors
    assert counts() == before


@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_the_same_surfaces_save_a_plain_name(organiser_client, tournament, surface):
    """Each refusal above is the name's alone: the same post with a plain name saves."""
    make, field = SURFACES[surface]
    address, data, _form = make(organiser_client, tournament)
    before = counts() | {"roles": list(StaffRole.objects.values_list("role", flat=True))}
    response = organiser_client.post(address, {**data, field: "Durand"})
    assert response.status_code in (200, 302), response.status_code
    assert response.status_code == 302 or "link" in response.context, response.context
    assert counts() | {"roles": list(StaffRole.objects.values_list("role", flat=True))} != before


@pytest.mark.parametrize("control", [RLO, "\u2067", "\u200f"])
def test_a_direction_control_at_an_end_is_refused_not_trimmed(
    organiser_client, tournament, control
):
    for typed in (f"{control}Durand", f"Durand{control}"):
        data = {**PLAYER, "last_name": typed}
        response = organiser_client.post(url("manage:registration_add", tournament), data)
        assert response.context["form"].errors["last_name"] == [MESSAGE]
    assert not Registration.objects.exists()


def test_what_shows_nothing_at_the_ends_of_a_name_is_trimmed(organiser_client, tournament):
    typed = {"last_name": f"{ZWSP}\ufeffDurand{ZWSP} ", "first_name": "\u00adAnne\u2060"}
    response = organiser_client.post(
        url("manage:registration_add", tournament), {**PLAYER, **typed, "new_club": "Club\u200c"}
    )
    assert response.status_code == 302
    reg = Registration.objects.get()
    assert (reg.last_name, reg.first_name, reg.club.name) == ("Durand", "Anne", "Club")
    assert (reg.player.last_name, reg.player.first_name) == ("Durand", "Anne")


def test_a_name_of_hidden_characters_only_is_missing(organiser_client, tournament):
    data = {**PLAYER, "last_name": ZWSP * 3}
    response = organiser_client.post(url("manage:registration_add", tournament), data)
    assert response.context["form"].errors["last_name"] == ["This field is required."]


def test_names_in_other_scripts_and_with_marks_are_kept(organiser_client, tournament):
    for last, first in [("Ølsen", "Åse"), ("Nguyễn", "Thị"), ("O’Brien-Dupré", "J.-P."),
                        ("Ἀλέξανδρος", "Σ"), ("עברית", "ملك"), ("Łukasz", "e\u0301")]:  # fmt: skip
        response = organiser_client.post(
            url("manage:registration_add", tournament),
            {**PLAYER, "last_name": last, "first_name": first},
        )
        assert response.status_code == 302, (last, response.context["form"].errors)
    assert Registration.objects.count() == 6


# --- the player import -------------------------------------------------------------------------


def _upload(client, tournament, text: str):
    upload = url("manage:import_upload", tournament)
    response = client.post(upload, {"file": SimpleUploadedFile("j.csv", text.encode())})
    assert response.status_code == 302
    return url("manage:import_preview", tournament)


@pytest.mark.parametrize("planted", sorted(PLANTED))
@pytest.mark.parametrize("column", ["Nom", "Prénom", "Club"])
def test_an_imported_name_with_a_hidden_character_is_an_error_of_its_row(
    organiser_client, tournament, column, planted
):
    cells = {"Nom": "Martin", "Prénom": "Paul", "Club": "Les Bouts"}
    cells[column] = PLANTED[planted]
    text = "Nom;Prénom;Club\nLéger;Anne;\n" + ";".join(cells.values()) + "\n"
    preview = _upload(organiser_client, tournament, text)
    page = organiser_client.get(preview)
    rows = page.context["rows"]
    field = {"Nom": "last_name", "Prénom": "first_name", "Club": "club"}[column]
    assert rows[0].errors == {}
    assert rows[1].errors == {field: [MESSAGE]}
    assert page.context["error_count"] == 1
    before = counts()
    form = {f"r-{i}-{f}": v for i, row in enumerate(rows) for f, v in row.values.items()}
    response = organiser_client.post(preview, {**form, "create_clubs": "1", "confirm": "1"})
    assert response.status_code != 302
    assert counts() == before
    # Corrected in the preview, the row goes in.
    form[f"r-1-{field}"] = "Durand"
    response = organiser_client.post(preview, {**form, "create_clubs": "1", "confirm": "1"})
    assert response.status_code == 302
    assert Registration.objects.count() == 2


def test_a_hidden_character_typed_into_the_preview_is_refused(organiser_client, tournament):
    preview = _upload(organiser_client, tournament, "Nom;Prénom\nMartin;Paul\n")
    form = {"r-0-last_name": f"Mar{RLO}tin", "r-0-first_name": "Paul", "confirm": "1"}
    response = organiser_client.post(preview, form)
    assert response.status_code != 302
    assert not Registration.objects.exists()
    assert response.context["rows"][0].errors == {"last_name": [MESSAGE]}


def test_an_imported_team_name_with_a_hidden_character_is_an_error_of_its_row(
    organiser_client, organiser
):
    teams = TournamentFactory(kind="teams_2")
    StaffRole.objects.create(tournament=teams, user=organiser, role="organiser")
    text = f"Nom;Prénom;Équipe\nMartin;Paul;Les{ZWSP}As\nLéger;Anne;Les{ZWSP}As\n"
    page = organiser_client.get(_upload(organiser_client, teams, text))
    assert [row.errors for row in page.context["rows"]] == [{"team": [MESSAGE]}] * 2


def test_the_ends_of_an_imported_name_are_trimmed(organiser_client, tournament):
    preview = _upload(organiser_client, tournament, f"Nom;Prénom\n\ufeff{ZWSP}Martin{ZWSP};Paul\n")
    page = organiser_client.get(preview)
    assert page.context["rows"][0].values["last_name"] == "Martin"
    assert page.context["rows"][0].errors == {}


# --- the administration ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("model", "data", "field"),
    [
        ("club", {}, "name"),
        ("player", {"last_name": "Martin", "first_name": "Paul"}, "last_name"),
        ("player", {"last_name": "Martin", "first_name": "Paul"}, "first_name"),
        ("user", {"username": "anne"}, "last_name"),
    ],
)
@pytest.mark.parametrize("planted", sorted(PLANTED))
def test_the_administration_refuses_a_hidden_character_in_a_name(
    client, model, data, field, planted
):
    client.force_login(get_user_model().objects.create_superuser("root", password="x"))
    app = "auth" if model == "user" else "tournaments"
    address = f"/admin/{app}/{model}/add/"
    if model == "user":
        account = get_user_model().objects.create_user(username="anne")
        address = f"/admin/auth/user/{account.pk}/change/"
    before = counts()
    response = client.post(address, {**data, field: PLANTED[planted]})
    assert response.status_code == 200
    assert response.context["adminform"].form.errors[field] == [MESSAGE]
    assert counts() == before
