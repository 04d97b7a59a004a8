"""A quadrette's defenders keep the seat stored for the séance (fft-duplicate.md §4,
``SessionDefender``): lines.csv, the table cards and the public places read it, so a member
withdrawn after the séance changes nothing of what it printed; naming another attacker seats
the previous one in defence; a tournament's export carries the seats."""

import pytest
from django.core.management import call_command

from scoring.formats.quadrettes.documents import cards_pdf
from scoring.formats.quadrettes.reads import session_attackers, session_defenders
from tests.support import page_texts as _text
from tournaments.models import SessionDefender, Tournament
from tournaments.selectors_places import registration_places
from tournaments.services_quadrettes import session_attacker_set
from tournaments.transfer import tournament_export, tournament_import

from .helpers import staff_of
from .test_commands import read
from .test_quadrettes import drawn, quadrettes

pytestmark = pytest.mark.django_db


def test_a_member_withdrawn_later_changes_neither_lines_csv_nor_the_cards(tmp_path):
    call_command(
        "simulate_tournament",
        "--slug", "seats", "--players", "16", "--format", "quadrettes", "--sheets", "--seed", "5",
    )  # fmt: skip
    tournament = Tournament.objects.get(slug="seats")
    session = tournament.sessions.get()
    call_command("export_duplicate", "seats", "--out", str(tmp_path / "before"))
    cards = _text(cards_pdf(session)[2])
    seats = session_defenders(session)
    north = tournament.registrations.get(pk=seats[tournament.teams.get(number=1).pk]["N"])
    north.checked_in = False  # gone home after the séance
    north.save()
    call_command("export_duplicate", "seats", "--out", str(tmp_path / "after"))
    before, after = read(tmp_path / "before" / "lines.csv"), read(tmp_path / "after" / "lines.csv")
    assert after == before
    assert str(north.number) in {row["north"] for row in after if row["defence_team"] == "1"}
    assert _text(cards_pdf(session)[2]) == cards
    assert session_defenders(session) == seats


def test_the_seats_are_stored_named_in_public_and_follow_the_attacker():
    tournament = quadrettes(players=8, positions=1)
    session = drawn(tournament)
    session.rounds.update(status="published")
    team = tournament.teams.get(number=1)
    members = list(team.members.order_by("number"))
    attacker = session_attackers(session)[team.pk]
    assert attacker == members[0].pk  # the lowest number by default
    assert session_defenders(session)[team.pk] == {
        "N": members[1].pk, "E": members[2].pk, "W": members[3].pk,
    }  # fmt: skip
    names = {m.pk: [p.seat_name for p in registration_places(registration=m)] for m in members}
    assert names[members[1].pk] == ["North, defence"]
    assert names[members[2].pk] == ["East, defence"]
    assert names[members[3].pk] == ["West, defence"]
    _organiser, _scorer, arbitre, _second = staff_of(tournament)
    session_attacker_set(session=session, team=team, registration=members[2], user=arbitre)
    assert session_defenders(session)[team.pk] == {
        "N": members[0].pk, "E": members[1].pk, "W": members[3].pk,
    }  # fmt: skip
    assert SessionDefender.objects.filter(session=session).count() == 2 * 3
    copy_ = tournament_import(document=tournament_export(tournament=tournament), slug="seats-copy")
    carried = SessionDefender.objects.filter(session__tournament=copy_)
    assert sorted((d.team.number, d.orientation, d.registration.number) for d in carried) == sorted(
        (d.team.number, d.orientation, d.registration.number)
        for d in SessionDefender.objects.filter(session=session)
    )
