"""Writes of the quadrettes (fft-duplicate.md §4): a séance's round-robin of oppositions and
each quadrette's attacker for the séance.

The quadrettes are the tournament's teams of exactly four present members, numbered at random
from the seed into ``seating.duplicate_teams.quadrette_schedule``'s teams 0..n−1. Each team has
a home table, numbered as the team, where its three defenders keep North, East and West; at
each position, in an opposition A–B, A's attacker plays South at B's home table and B's
attacker at A's. A position is a round of the schedule and every table plays its série (série
k at position k of the séance), so every quadrette plays the same étuis; a quadrette with the
bye (an odd field) sits out. The positions of a séance are its first rounds.

A quadrette's attacker for a séance is its captain's choice (``session_attacker_set``): the
previous séance's attacker, else the member with the lowest number, until changed; changes are
refused once a score of the séance exists. Its three other present members defend, seated
North, East and West by number, and the seats are stored with the attacker
(``SessionDefender``). As for the other forms, the movement may be drawn again until a score
exists.
"""

import random

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from .actions import Action
from .extensions import rounds_with_results
from .models import (
    Registration,
    Round,
    Session,
    SessionAttacker,
    SessionDefender,
    StaffRole,
    Table,
    Tournament,
)
from .models.formats import Movement
from .permissions import require_role
from .seating.duplicate_teams import quadrette_schedule
from .services_common import audit_log, lock_tournament
from .services_duplicate import duplicate_players, first_position, session_to_draw
from .services_triplettes import present_teams

QUADRETTE = 4


def most_rounds(teams: int) -> int:
    """The rounds of a whole round-robin of ``teams`` quadrettes (one more when odd: byes)."""
    return teams - 1 + teams % 2


def quadrettes_problem(members: dict, positions: int) -> ValidationError | None:
    """Why these quadrettes cannot play ``positions`` positions of oppositions, or None."""
    wrong = [team.name for team, present in members.items() if len(present) != QUADRETTE]
    if wrong:
        return ValidationError(
            _(
                "A quadrette plays with four present members: %(teams)s. Check in, add or "
                "move players (or withdraw the team) before drawing the movement."
            )
            % {"teams": ", ".join(wrong)},
            code="team_size",
        )
    if len(members) < 2:
        return ValidationError(
            _("Quadrettes need two teams at least: an opposition is two quadrettes."),
            code="one_team",
        )
    most = most_rounds(len(members))
    if positions > most:
        return ValidationError(
            _(
                "%(teams)s quadrettes meet each other in %(most)s positions (beyond, two would "
                "meet again): set %(most)s positions or fewer."
            )
            % {"teams": len(members), "most": most},
            code="too_many_positions",
        )
    return None


def _default_attackers(session: Session, members: dict) -> dict:
    """Team -> its attacker for the séance: kept, else the previous séance's, else the member
    with the lowest number."""
    kept = {a.team_id: a.registration_id for a in session.attackers.all()}
    previous = {
        a.team_id: a.registration_id
        for a in SessionAttacker.objects.filter(
            session__tournament=session.tournament, session__number=session.number - 1
        )
    }
    chosen = {}
    for team, present in members.items():
        ids = [r.pk for r in present]
        for candidate in (kept.get(team.pk), previous.get(team.pk)):
            if candidate in ids:
                chosen[team] = candidate
                break
        else:
            chosen[team] = min(present, key=lambda r: r.number).pk
    return chosen


def _defenders(session: Session, team, attacker: int, present) -> list[SessionDefender]:
    """The quadrette's defenders for the séance: its present members but its attacker, by
    number, North, East and West **(choice)**; each keeps that seat all séance (the rulebook),
    stored so that a member withdrawn later changes nothing of what the séance printed."""
    defenders = [r.pk for r in present if r.pk != attacker]
    return [
        SessionDefender(session=session, team=team, registration_id=pk, orientation=seat)
        for seat, pk in zip(SessionDefender.Orientation.values, defenders, strict=False)
    ]


@transaction.atomic
def quadrettes_movement_build(
    *, tournament: Tournament, user, number: int = 1, seed: int | None = None
) -> Session:
    """Draw (or draw again) séance ``number``'s oppositions; refused once a score exists."""
    require_role(user, tournament, StaffRole.Role.ORGANISER)
    tournament = lock_tournament(tournament)
    if tournament.seating_movement != Movement.OPPOSITIONS:
        raise PermissionDenied
    session = session_to_draw(tournament, number)
    members = present_teams(tournament)
    problem = quadrettes_problem(members, tournament.positions)
    if problem is not None:
        raise problem
    seed = random.SystemRandom().randrange(10**6) if seed is None else seed
    teams = list(members)
    random.Random(seed).shuffle(teams)  # who meets whom when
    schedule = quadrette_schedule(len(teams))[: tournament.positions]
    attackers = _default_attackers(session, members)
    session.rounds.all().delete()
    session.attackers.all().delete()
    session.defenders.all().delete()
    SessionAttacker.objects.bulk_create(
        SessionAttacker(session=session, team=team, registration_id=attackers[team])
        for team in teams
    )
    SessionDefender.objects.bulk_create(
        seat for team in teams for seat in _defenders(session, team, attackers[team], members[team])
    )
    start = first_position(tournament, number)
    for r, oppositions in enumerate(schedule):
        round_ = Round.objects.create(
            tournament=tournament, number=start + r, session=session, seed=seed
        )
        Table.objects.bulk_create(
            Table(
                round=round_,
                number=teams[home].number,
                size=4,
                board_set=opposition["set"] + 1,  # the round's série, at every table
                ns_team=teams[home],
                ew_team=teams[visitor],
            )
            for opposition in oppositions
            for home, visitor in (
                (opposition["A"], opposition["B"]),
                (opposition["B"], opposition["A"]),
            )
        )
    series = len(schedule)  # one série a position, played at every table
    session.seed, session.tables = seed, series  # a quadrettes' séance counts its séries
    session.save(update_fields=["seed", "tables"])
    audit_log(
        action=Action.MOVEMENT_BUILT,
        user=user,
        tournament=tournament,
        data={"session": number, "seed": seed, "séries": series, "positions": len(schedule)},
    )
    return session


@transaction.atomic
def session_attacker_set(*, session: Session, team, registration: Registration, user):
    """The quadrette's attacker for the séance (its captain's choice, typed by the staff)."""
    tournament = session.tournament
    require_role(user, tournament, StaffRole.Role.ARBITRE)
    lock_tournament(tournament)
    if registration.team_id != team.pk or registration.tournament_id != tournament.pk:
        raise ValidationError(
            {
                "attacker": ValidationError(
                    _("The attacker must be a member of %(team)s.") % {"team": team.name},
                    code="attacker_not_in_team",
                )
            }
        )
    if rounds_with_results(session.rounds.all()):
        raise ValidationError(
            {
                "attacker": ValidationError(
                    _(
                        "Scores of this séance are entered: its attackers no longer change "
                        "(name another one for the next séance)."
                    ),
                    code="attackers_scored",
                )
            }
        )
    found, _created = SessionAttacker.objects.update_or_create(
        session=session, team=team, defaults={"registration": registration}
    )
    SessionDefender.objects.filter(session=session, team=team).delete()
    present = duplicate_players(tournament).filter(team=team).order_by("number")
    SessionDefender.objects.bulk_create(_defenders(session, team, registration.pk, present))
    audit_log(
        action=Action.SESSION_UPDATED,
        user=user,
        tournament=tournament,
        data={"session": session.number, "team": team.number, "attacker": registration.number},
    )
    return found
