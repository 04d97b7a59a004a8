import pytest
from django.core.management import CommandError, call_command

from tournaments.models import AuditEntry, Registration, StaffRole, Team, Tournament

pytestmark = pytest.mark.django_db


def test_demo_is_idempotent_and_prints_logins(capsys, django_user_model):
    call_command("demo")
    first = capsys.readouterr().out
    call_command("demo")
    second = capsys.readouterr().out
    assert Tournament.objects.filter(slug="demo").count() == 1
    t = Tournament.objects.get(slug="demo")
    assert t.registrations.count() == 26
    assert t.registrations.filter(checked_in=True).count() == 26
    assert StaffRole.objects.filter(tournament=t).count() == 3
    assert list(t.rounds.values_list("number", "status")) == [(1, "published")]
    for text in (first, second):
        assert "organisateur / tarot-organisateur" in text
        assert "arbitre / tarot-arbitre" in text
    assert django_user_model.objects.get(username="arbitre").check_password("tarot-arbitre")


@pytest.mark.parametrize(("teams", "kind"), [(None, "individual"), (2, "teams_2"), (4, "teams_4")])
def test_simulate_tournament(teams, kind):
    args = ["--slug", "sim", "--players", "40", "--seed", "7"]
    if teams:
        args += ["--teams", str(teams)]
    call_command("simulate_tournament", *args)
    t = Tournament.objects.get(slug="sim")
    assert t.kind == kind
    assert t.registrations.filter(checked_in=True).count() == 40
    assert sorted(t.registrations.values_list("number", flat=True)) == list(range(1, 41))
    if teams:
        assert Team.objects.filter(tournament=t).count() == 40 // teams
        assert not Registration.objects.filter(tournament=t, team__isnull=True).exists()
    assert AuditEntry.objects.filter(tournament=t, action="tournament.simulated").exists()


def test_simulate_same_seed_same_field():
    call_command("simulate_tournament", "--slug", "a", "--players", "12", "--seed", "3")
    call_command("simulate_tournament", "--slug", "b", "--players", "12", "--seed", "3")

    def names(slug):
        qs = Registration.objects.filter(tournament__slug=slug).order_by("number")
        return [(r.player.last_name, r.player.first_name) for r in qs.select_related("player")]

    assert names("a") == names("b")


@pytest.mark.parametrize(
    "args",
    [
        ["--slug", "x", "--players", "0"],
        ["--slug", "x", "--players", "10", "--teams", "4"],
    ],
)
def test_simulate_refuses_bad_arguments(args):
    with pytest.raises(CommandError):
        call_command("simulate_tournament", *args)
    assert not Tournament.objects.exists()


def test_simulate_refuses_existing_slug():
    call_command("simulate_tournament", "--slug", "x", "--players", "4")
    with pytest.raises(CommandError):
        call_command("simulate_tournament", "--slug", "x", "--players", "4")


def test_simulate_seats_and_publishes_positions():
    call_command(
        "simulate_tournament", "--slug", "p", "--players", "28", "--teams", "2", "--positions", "3"
    )
    t = Tournament.objects.get(slug="p")
    assert list(t.rounds.values_list("number", "status")) == [(k, "published") for k in (1, 2, 3)]
    for r in t.rounds.all():
        assert r.seats.count() == 28
        assert r.report["repeats"] == 0
        assert r.report["team_clashes"] == []
    assert not t.registrations.filter(first_table__isnull=True).exists()


def test_a_simulated_tournament_opens_with_the_demo_organisers_login(capsys):
    call_command("demo")
    call_command("simulate_tournament", "--slug", "essai", "--players", "8")
    t = Tournament.objects.get(slug="essai")
    assert t.staff.get(role="organiser").user.username == "organisateur"
    call_command("simulate_tournament", "--slug", "autre", "--players", "8", "--organiser", "zoe")
    assert Tournament.objects.get(slug="autre").staff.get().user.username == "zoe"
