"""The Team column of the player import: read in CSV and Excel, the teams created or joined on a
team tournament, full teams refused next to the row, the column ignored on an individual
tournament, and nothing half-saved."""

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import RegistrationFactory, TeamFactory
from tests.tournaments.test_imports import preview_url, rows_of, upload, xlsx_bytes
from tournaments import imports
from tournaments.import_teams import plan_teams
from tournaments.imports import check_rows, read_player_file
from tournaments.models import AuditEntry, Registration, Team
from tournaments.services_import import players_import

pytestmark = pytest.mark.django_db

HEADER = ["Licence", "Nom", "Prénom", "Club", "Email", "Équipe"]


def team_rows(*teams):
    """One player per team name given ("" for none), licences 400000 and on."""
    return [
        [str(400000 + i), f"Nom{i}", f"Prénom{i}", "", "", team] for i, team in enumerate(teams)
    ]


@pytest.fixture
def pairs(tournament):
    tournament.kind = "teams_2"
    tournament.save()
    return tournament


def plan(tournament, rows):
    checked, _ = check_rows(tournament=tournament, rows=rows_of(*rows), create_clubs=True)
    return checked, plan_teams(tournament=tournament, checked=checked)


# --- reading ---------------------------------------------------------------------------------


@pytest.mark.parametrize("header", ["Équipe", "EQUIPE", "equipe", "Team", "team name", "Équipes"])
def test_the_team_column_is_read_under_its_usual_headers_in_csv(header):
    text = f"Nom;Prénom;{header}\nDurand;Anne;Les As\nMartin;Jean;\n"
    rows = read_player_file("j.csv", text.encode("cp1252" if header != "Équipes" else "utf-8"))
    assert [r["team"] for r in rows] == ["Les As", ""]


def test_the_team_column_is_read_in_excel_numbers_included():
    data = xlsx_bytes(
        [
            HEADER,
            [400001, "Durand", "Anne", None, None, "Les  As "],
            [None, "B", "C", None, None, 7],
        ]
    )
    rows = read_player_file("j.xlsx", data)
    assert [r["team"] for r in rows] == ["Les As", "7"]


def test_a_file_without_team_column_reads_no_team():
    rows = read_player_file("j.csv", "Nom;Prénom\nDurand;Anne\n".encode())
    assert rows[0]["team"] == ""


# --- the plan --------------------------------------------------------------------------------


def test_the_plan_creates_joins_and_refuses_beyond_the_team_size(pairs):
    TeamFactory(tournament=pairs, name="Les Rois", number=1)
    full = TeamFactory(tournament=pairs, name="Complets", number=2)
    RegistrationFactory(tournament=pairs, team=pairs.teams.get(name="Les Rois"))
    RegistrationFactory.create_batch(2, tournament=pairs, team=full)
    checked, teams = plan(
        pairs, team_rows("Les As", "Les Rois", "Les As", "Les As", "", "Complets", "Seuls")
    )
    assert [sorted(row.errors) for row in checked] == [[], [], [], ["team"], [], ["team"], []]
    full = "Team “Les As” is full with rows 1, 3 (a team has 2 players)."
    assert full in checked[3].errors["team"]
    assert "Team “Complets” already has its 2 players" in checked[5].errors["team"][0]
    summary = {t.name: (t.is_new, t.registered, t.rows, t.is_full) for t in teams.teams}
    assert summary == {
        "Les As": (True, 0, [1, 3], True),
        "Les Rois": (False, 1, [2], True),
        "Complets": (False, 2, [], True),
        "Seuls": (True, 0, [7], False),
    }
    assert [t.name for t in teams.new] == ["Les As", "Seuls"]
    assert [t.name for t in teams.joined] == ["Les Rois"]
    assert teams.without_team == 1 and not teams.ignored


def test_an_existing_team_with_members_is_full_sooner(pairs):
    team = TeamFactory(tournament=pairs, name="Les Rois", number=1)
    RegistrationFactory(tournament=pairs, team=team)
    checked, _ = plan(pairs, team_rows("Les Rois", "Les Rois"))
    assert "full with its 1 registered players and rows 1" in checked[1].errors["team"][0]


def test_names_match_as_the_uniqueness_rule_does_and_near_spellings_are_flagged(pairs):
    TeamFactory(tournament=pairs, name="Les Rois", number=1)
    checked, teams = plan(pairs, team_rows("les rois", "Les Rois"))
    assert [(t.name, t.is_new) for t in teams.teams] == [("les rois", True), ("Les Rois", False)]
    assert "also spelled “Les Rois”" in checked[0].warnings[0]
    assert not any(row.errors for row in checked)


def test_a_team_name_too_long_is_refused_next_to_the_cell(pairs):
    checked, teams = plan(pairs, team_rows("x" * 121))
    assert checked[0].errors["team"] == ["At most 120 characters."]
    assert teams.teams == []


def test_an_individual_tournament_ignores_the_column(tournament, django_assert_num_queries):
    checked, _ = check_rows(
        tournament=tournament, rows=rows_of(*team_rows("Les As")), create_clubs=True
    )
    with django_assert_num_queries(0):
        teams = plan_teams(tournament=tournament, checked=checked)
    assert teams.ignored and teams.teams == [] and not checked[0].errors
    assert [f for f, *_ in checked[0].cells()] == imports.IDENTITY


def test_the_plan_costs_one_query_whatever_the_rows(pairs, django_assert_num_queries):
    checked, _ = check_rows(
        tournament=pairs,
        rows=rows_of(*team_rows(*[f"T{i // 2}" for i in range(200)])),
        create_clubs=True,
    )
    with django_assert_num_queries(1):
        teams = plan_teams(tournament=pairs, checked=checked)
    assert len(teams.new) == 100


# --- the service -----------------------------------------------------------------------------


def test_the_import_creates_the_teams_puts_the_players_in_them_and_audits(pairs, organiser):
    kings = TeamFactory(tournament=pairs, name="Les Rois", number=3)
    RegistrationFactory(tournament=pairs, team=kings, number=1)
    regs = players_import(
        tournament=pairs,
        user=organiser,
        rows=rows_of(*team_rows("Les As", "Les Rois", "Les As", "", "Seuls")),
        create_clubs=True,
    )
    assert [r.team.name if r.team else "" for r in regs] == [
        "Les As", "Les Rois", "Les As", "", "Seuls"
    ]  # fmt: skip
    aces = Team.objects.get(tournament=pairs, name="Les As")
    assert aces.number == 4 and Team.objects.get(name="Seuls").number == 5
    assert sorted(aces.members.values_list("number", flat=True)) == [2, 4]
    assert kings.members.count() == 2
    created = AuditEntry.objects.filter(action="team.created").order_by("pk")
    assert [e.data for e in created] == [
        {"team": aces.pk, "name": "Les As", "members": [2, 4]},
        {"team": aces.pk + 1, "name": "Seuls", "members": [6]},
    ]
    joined = AuditEntry.objects.get(action="team.updated")
    assert joined.data == {"team": kings.pk, "name": "Les Rois", "members": [1, 3]}
    assert joined.user == organiser and joined.tournament == pairs


def test_a_full_team_refuses_the_whole_import(pairs, organiser):
    with pytest.raises(ValidationError) as refused:
        players_import(
            tournament=pairs,
            user=organiser,
            rows=rows_of(*team_rows("Les As", "Les As", "Les As")),
            create_clubs=True,
        )
    assert refused.value.code == "rows_invalid"
    assert not Registration.objects.exists() and not Team.objects.exists()
    assert not AuditEntry.objects.exists()


def test_a_failure_after_the_teams_leaves_no_team_behind(pairs, organiser, monkeypatch):
    """Teams are written before the players: a failure then must undo them too."""

    def broken(*args, **kwargs):
        raise ValidationError("disk full")

    monkeypatch.setattr(Registration.objects, "bulk_create", broken)
    with pytest.raises(ValidationError):
        players_import(
            tournament=pairs,
            user=organiser,
            rows=rows_of(*team_rows("Les As", "Les As")),
            create_clubs=True,
        )
    assert not Team.objects.exists() and not AuditEntry.objects.exists()


def test_an_individual_tournament_imports_the_players_without_teams(tournament, organiser):
    regs = players_import(
        tournament=tournament,
        user=organiser,
        rows=rows_of(*team_rows("Les As", "Les As", "Les As")),
        create_clubs=True,
    )
    assert len(regs) == 3 and not Team.objects.exists()
    assert not Registration.objects.filter(team__isnull=False).exists()
    assert not AuditEntry.objects.filter(action__startswith="team.").exists()


# --- the pages -------------------------------------------------------------------------------


def form_of(rows):
    return {
        f"r-{i}-{f}": v
        for i, row in enumerate(rows)
        for f, v in zip(imports.FIELDS, row, strict=True)
    }


def test_preview_shows_each_rows_team_the_teams_and_the_refusal(organiser_client, pairs):
    rows = team_rows("Les As", "Les As", "Les As", "Seuls")
    upload(organiser_client, pairs, "j.xlsx", xlsx_bytes([HEADER, *rows]))
    page = organiser_client.get(preview_url(pairs))
    html = page.content.decode()
    assert page.context["error_count"] == 1
    assert 'name="r-0-team" value="Les As"' in html
    assert "Team “Les As” is full with rows 1, 2" in html
    assert html.count('data-testid="import-team"') == 2
    assert "1 of 2" in html and "incomplete" in html  # Seuls
    # The third row moves to a team of its own: the import goes through.
    form = form_of(rows) | {"r-2-team": "Les Bouts", "confirm": "1"}
    response = organiser_client.post(preview_url(pairs), form)
    assert response.status_code == 302
    assert sorted(Team.objects.values_list("name", flat=True)) == ["Les As", "Les Bouts", "Seuls"]
    assert Registration.objects.get(player__licence="400002").team.name == "Les Bouts"


def test_preview_of_an_individual_tournament_says_the_column_is_ignored(
    organiser_client, tournament
):
    rows = team_rows("Les As", "Les As", "Les As")
    text = "\n".join(";".join(r) for r in [HEADER, *rows])
    upload(organiser_client, tournament, "j.csv", text.encode())
    html = organiser_client.get(preview_url(tournament)).content.decode()
    assert 'data-testid="import-team-ignored"' in html
    assert 'name="r-0-team"' not in html and 'data-testid="import-teams"' not in html
    # Checked again without the team inputs: the notice stays, the import goes through.
    form = {k: v for k, v in form_of(rows).items() if not k.endswith("-team")}
    response = organiser_client.post(preview_url(tournament), form | {"check": "1"})
    assert 'data-testid="import-team-ignored"' in response.content.decode()
    response = organiser_client.post(preview_url(tournament), form | {"confirm": "1"})
    assert response.status_code == 302 and tournament.registrations.count() == 3
    assert not Team.objects.exists()


def test_upload_page_tells_a_team_tournament_about_the_column(organiser_client, pairs):
    url = reverse("manage:import_upload", kwargs={"slug": pairs.slug})
    html = organiser_client.get(url).content.decode()
    assert 'data-testid="import-team-help"' in html and "at most 2 players" in html


# --- whatever the team cells say --------------------------------------------------------------

TEAM_CELLS = st.sampled_from(["", "Les As", "les as", "Solo", "Complets", "x" * 121, " Les As "])


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(teams=st.lists(TEAM_CELLS, min_size=3, max_size=3), skip=st.sets(st.sampled_from([0, 1, 2])))
def test_no_team_ever_exceeds_its_size_and_a_refusal_writes_nothing(
    client, organiser, pairs, teams, skip
):
    with transaction.atomic():
        full = TeamFactory(tournament=pairs, name="Complets", number=1)
        RegistrationFactory.create_batch(2, tournament=pairs, team=full)
        RegistrationFactory(
            tournament=pairs, team=TeamFactory(tournament=pairs, name="Solo", number=2)
        )
        client.force_login(organiser)
        rows = team_rows(*teams)
        upload(client, pairs, "j.csv", "\n".join(";".join(r) for r in [HEADER, *rows]).encode())
        before = (Registration.objects.count(), Team.objects.count(), AuditEntry.objects.count())
        form = form_of(rows) | {f"r-{i}-skip": "1" for i in skip} | {"confirm": "1"}
        response = client.post(preview_url(pairs), form)
        after = (Registration.objects.count(), Team.objects.count(), AuditEntry.objects.count())
        if response.status_code == 302:
            assert after[0] == before[0] + 3 - len(skip)
            for team in pairs.teams.annotate(n=Count("members")):
                assert 1 <= team.n <= 2, (team.name, team.n)
        else:
            assert response.status_code == 400 and after == before
        transaction.set_rollback(True)


def test_a_team_of_four_to_six_is_complete_in_a_team_match(organiser_client, pairs):
    """A match's team has 4 to 6 players: 5 is complete, not « incomplète »; 3 is short; a
    seventh is refused."""
    pairs.format = pairs.Format.MATCH
    pairs.kind = pairs.Kind.INDIVIDUAL
    pairs.save()
    rows = team_rows(*["Cinq"] * 5, *["Trois"] * 3, *["Sept"] * 7)
    checked, teams = plan(pairs, rows)
    summary = {t.name: (t.count, t.is_complete, t.is_full) for t in teams.teams}
    assert summary == {
        "Cinq": (5, True, False),
        "Trois": (3, False, False),
        "Sept": (6, True, True),
    }
    assert "a team has 4 to 6 players" in checked[-1].errors["team"][0]
    upload(organiser_client, pairs, "j.xlsx", xlsx_bytes([HEADER, *rows]))
    html = organiser_client.get(preview_url(pairs)).content.decode()
    cells = {
        name: html.split(f"<strong>{name}</strong>")[1].split("</tr>")[0]
        for name in ("Cinq", "Trois")
    }
    assert "5 (4 to 6)" in cells["Cinq"] and "incomplete" not in cells["Cinq"]
    assert "3 (4 to 6)" in cells["Trois"] and "incomplete" in cells["Trois"]
    assert "A team has 4 to 6 players" in html
