import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from tests.factories import (
    ClubFactory,
    PlayerFactory,
    RegistrationFactory,
    SiteOrganiserFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments import services
from tournaments.models import AuditEntry, Player, Registration, StaffRole, Tournament

pytestmark = pytest.mark.django_db


def audit_actions(tournament=None):
    qs = AuditEntry.objects.all() if tournament is None else tournament.audit_entries.all()
    return list(qs.order_by("id").values_list("action", flat=True))


def test_tournament_create_makes_creator_organiser_and_audits():
    user = SiteOrganiserFactory()
    t = services.tournament_create(
        user=user, name="Open de Lyon", slug="open-lyon", date=datetime.date(2026, 12, 5)
    )
    assert StaffRole.objects.get(tournament=t, user=user).role == StaffRole.Role.ORGANISER
    entry = t.audit_entries.get()
    assert entry.action == "tournament.created"
    assert entry.user == user
    assert entry.data["slug"] == "open-lyon"
    assert (t.positions, t.deals_table_4, t.remainder) == (5, 5, "3")


def test_tournament_create_refuses_duplicate_slug_and_saves_nothing():
    user = SiteOrganiserFactory()
    TournamentFactory(slug="taken")
    with pytest.raises(ValidationError) as exc:
        services.tournament_create(user=user, name="X", slug="taken", date=datetime.date.today())
    assert "slug" in exc.value.error_dict
    assert Tournament.objects.count() == 1
    assert not StaffRole.objects.filter(user=user).exists()


def test_tables_of_5_with_dealer_sitting_out_need_a_multiple_of_5_deals():
    with pytest.raises(IntegrityError), transaction.atomic():
        TournamentFactory(remainder="5", table5_mode="dealer_sits_out", deals_table_5=6)
    TournamentFactory(remainder="5", table5_mode="called_king", deals_table_5=6)


def test_tournament_update_audits_only_changes(tournament, organiser):
    services.tournament_update(
        tournament=tournament, user=organiser, positions=7, name=tournament.name
    )
    tournament.refresh_from_db()
    assert tournament.positions == 7
    entry = tournament.audit_entries.get(action="tournament.updated")
    assert entry.data == {"positions": [5, 7]}
    services.tournament_update(tournament=tournament, user=organiser, positions=7)
    assert tournament.audit_entries.filter(action="tournament.updated").count() == 1


def test_tournament_kind_cannot_change_while_teams_exist(organiser):
    t = TournamentFactory(kind=Tournament.Kind.TEAMS_2)
    regs = RegistrationFactory.create_batch(2, tournament=t)
    services.team_create(tournament=t, user=organiser, name="A", members=regs)
    with pytest.raises(ValidationError) as exc:
        services.tournament_update(tournament=t, user=organiser, kind=Tournament.Kind.INDIVIDUAL)
    assert exc.value.error_dict["kind"][0].code == "kind_has_teams"
    t.refresh_from_db()
    assert t.kind == Tournament.Kind.TEAMS_2


def test_player_register_numbers_players_and_reuses_known_licence(tournament, organiser):
    club = ClubFactory()
    first = services.player_register(
        tournament=tournament,
        user=organiser,
        licence="123456",
        last_name="Durand",
        first_name="Anne",
        club=club,
    )
    guest = services.player_register(
        tournament=tournament, user=organiser, licence="", last_name="Invité", first_name="Paul"
    )
    assert (first.number, guest.number) == (1, 2)
    assert guest.player.licence is None
    other = TournamentFactory()
    again = services.player_register(
        tournament=other,
        user=organiser,
        licence="123456",
        last_name="Durand-Leroy",
        first_name="Anne",
        club=club,
    )
    assert again.player == first.player
    # Another tournament's form does not rewrite a known player, nor the first tournament's
    # registration: each tournament shows the name it registered the player under.
    assert Player.objects.get(licence="123456").last_name == "Durand"
    first.refresh_from_db()
    assert (first.name, again.name) == ("DURAND Anne", "DURAND-LEROY Anne")
    assert audit_actions(tournament) == ["registration.created", "registration.created"]


def test_player_register_refuses_twice_in_a_tournament(tournament, organiser):
    services.player_register(
        tournament=tournament, user=organiser, licence="123456", last_name="A", first_name="B"
    )
    with pytest.raises(ValidationError) as exc:
        services.player_register(
            tournament=tournament, user=organiser, licence="123456", last_name="A", first_name="B"
        )
    assert exc.value.error_dict["licence"][0].code == "already_registered"
    assert tournament.registrations.count() == 1


def test_player_register_refuses_bad_licence_and_saves_nothing(tournament, organiser):
    with pytest.raises(ValidationError) as exc:
        services.player_register(
            tournament=tournament, user=organiser, licence="12AB", last_name="A", first_name="B"
        )
    assert "licence" in exc.value.error_dict
    assert not Player.objects.exists()
    assert not AuditEntry.objects.filter(action="registration.created").exists()


def test_registration_update_late_join_and_withdrawal(tournament, organiser):
    reg = RegistrationFactory(tournament=tournament)
    services.registration_update(registration=reg, user=organiser, joins_at_position=3)
    reg.refresh_from_db()
    assert reg.joins_at_position == 3
    assert not reg.plays_position(2) and reg.plays_position(3)
    services.registration_update(registration=reg, user=organiser, withdrawn_after_position=4)
    reg.refresh_from_db()
    assert reg.plays_position(4) and not reg.plays_position(5)
    with pytest.raises(ValidationError):
        services.registration_update(registration=reg, user=organiser, withdrawn_after_position=1)
    entries = tournament.audit_entries.filter(action="registration.updated")
    assert entries.count() == 2


def test_tournament_create_is_a_right_the_site_grants(tournament, staff):
    """A scorer's, an arbitre's, even another tournament's organiser's account cannot create
    a tournament by having an account (the attack: a scorer made one to reach the players)."""
    for username in ("scorer", "arbitre", "other_organiser"):
        with pytest.raises(PermissionDenied):
            services.tournament_create(
                user=staff[username], name="X", slug=f"x-{username}", date=datetime.date.today()
            )
    assert Tournament.objects.count() == 2


def test_registration_update_relinks_a_corrected_licence_and_leaves_the_directory(
    tournament, organiser
):
    other = PlayerFactory(licence="555555", last_name="Autre", email="autre@example.org")
    reg = RegistrationFactory(tournament=tournament, last_name="Martin", first_name="Léa")
    before = reg.player
    services.registration_update(registration=reg, user=organiser, licence="555555")
    reg.refresh_from_db()
    other.refresh_from_db()
    assert reg.player == other
    assert (reg.last_name, reg.email) == ("Martin", "")  # nothing of the record shown here
    assert (other.last_name, other.email) == ("Autre", "autre@example.org")
    entry = tournament.audit_entries.get(action="registration.updated")
    assert entry.data["licence"] == [before.licence, "555555"]


def test_registration_update_refuses_a_licence_registered_in_the_tournament(tournament, organiser):
    taken = RegistrationFactory(tournament=tournament)
    reg = RegistrationFactory(tournament=tournament)
    with pytest.raises(ValidationError) as exc:
        services.registration_update(registration=reg, user=organiser, licence=taken.player.licence)
    assert "licence" in exc.value.error_dict


def test_check_in_and_out_are_audited_once(tournament, organiser):
    reg = RegistrationFactory(tournament=tournament)
    services.registration_check_in(registration=reg, user=organiser, present=True)
    services.registration_check_in(registration=reg, user=organiser, present=True)
    reg.refresh_from_db()
    assert reg.checked_in and reg.checked_in_at is not None
    services.registration_check_in(registration=reg, user=organiser, present=False)
    reg.refresh_from_db()
    assert not reg.checked_in and reg.checked_in_at is None
    assert audit_actions(tournament) == ["registration.checked_in", "registration.checked_out"]


@pytest.mark.parametrize("kind,size", [("teams_2", 2), ("teams_4", 4)])
def test_team_create_checks_size_and_membership(organiser, kind, size):
    t = TournamentFactory(kind=kind)
    regs = RegistrationFactory.create_batch(size * 2, tournament=t)
    with pytest.raises(ValidationError) as exc:
        services.team_create(tournament=t, user=organiser, name="Short", members=regs[: size - 1])
    assert exc.value.error_dict["members"][0].code == "team_size"
    team = services.team_create(tournament=t, user=organiser, name="Les Bouts", members=regs[:size])
    assert set(team.members.all()) == set(regs[:size])
    with pytest.raises(ValidationError) as exc:
        services.team_create(
            tournament=t, user=organiser, name="Again", members=[regs[0], *regs[size + 1 :]]
        )
    assert exc.value.error_dict["members"][0].code == "already_in_team"
    assert t.teams.count() == 1
    assert "team.created" in audit_actions(t)


def test_individual_tournament_has_no_teams(tournament, organiser):
    regs = RegistrationFactory.create_batch(2, tournament=tournament)
    with pytest.raises(ValidationError) as exc:
        services.team_create(tournament=tournament, user=organiser, name="X", members=regs)
    assert exc.value.code == "not_a_team_event"


def test_team_update_and_delete(organiser):
    t = TournamentFactory(kind="teams_2")
    a, b, c = RegistrationFactory.create_batch(3, tournament=t)
    team = services.team_create(tournament=t, user=organiser, name="Un", members=[a, b])
    services.team_update(team=team, user=organiser, name="Deux", members=[a, c])
    b.refresh_from_db()
    assert b.team is None
    assert set(team.members.all()) == {a, c}
    services.team_delete(team=team, user=organiser)
    assert not Registration.objects.filter(team__isnull=False).exists()
    assert audit_actions(t)[-2:] == ["team.updated", "team.deleted"]


def test_staff_roles_grant_and_revoke(tournament, staff, organiser):
    newcomer = UserFactory(username="newcomer")
    # Someone the organiser works with: on the staff of another tournament they organise.
    elsewhere = TournamentFactory()
    StaffRole.objects.create(tournament=elsewhere, user=organiser, role="organiser")
    StaffRole.objects.create(tournament=elsewhere, user=newcomer, role="scorer")
    granted = services.staff_role_grant(
        tournament=tournament, user=organiser, username="newcomer", role="arbitre"
    )
    assert granted.previous is None
    role = StaffRole.objects.get(tournament=tournament, user=newcomer)
    assert role.role == "arbitre"
    granted = services.staff_role_grant(
        tournament=tournament, user=organiser, username="newcomer", role="scorer"
    )
    assert granted.previous == "arbitre"
    role.refresh_from_db()
    assert role.role == "scorer"
    # Someone with an account but no role in the organiser's tournaments: as unknown.
    UserFactory(username="stranger")
    with pytest.raises(ValidationError) as exc:
        services.staff_role_grant(
            tournament=tournament, user=organiser, username="stranger", role="scorer"
        )
    assert exc.value.error_dict["username"][0].code == "unknown_account"
    with pytest.raises(ValidationError) as exc:
        services.staff_role_grant(
            tournament=tournament, user=organiser, username="nobody", role="scorer"
        )
    assert exc.value.error_dict["username"][0].code == "unknown_account"
    with pytest.raises(ValidationError):
        services.staff_role_revoke(
            staff=StaffRole.objects.get(tournament=tournament, user=organiser), user=organiser
        )
    services.staff_role_revoke(staff=role, user=organiser)
    assert not StaffRole.objects.filter(tournament=tournament, user=newcomer).exists()
    assert audit_actions(tournament)[-3:] == [
        "tournament.role.granted",
        "tournament.role.granted",
        "tournament.role.revoked",
    ]


def test_licence_unique_when_given_but_guests_may_share_none(db):
    PlayerFactory(licence=None)
    PlayerFactory(licence=None)
    PlayerFactory(licence="777777")
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerFactory(licence="777777")
