"""Writes of the triplettes' movement (fft-duplicate.md §3): a séance's positions and tables,
each table with its North-South and East-West triplettes and its série, drawn from
``seating.duplicate_teams.mitchell_movement`` or, for small fields, ``howell_movement``.

The triplettes are the tournament's teams of exactly three present members. In a Mitchell half
of them take the North-South line (they stay at their table), the other half East-West (they
move up one table a position, the séries down one), at random from the seed. In a Howell (5 to
16 triplettes) every triplette meets every other once and its line changes by position: each
table of a position holds the triplette's line there; with an odd count one triplette sits out
each position (no table). The movement drawn is kept on the séance (``Session.movement``).
The starting colour of the attack order (Bleu, Blanc or Rouge) is drawn with the first séance
and kept for the whole tournament. As for the individuel, the movement may be drawn again until
a score of the séance exists; no seat is written (a triplette's captain places its defenders
deal by deal).
"""

import random
from collections import Counter

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .actions import Action
from .models import Round, Session, StaffRole, Table, Team, Tournament
from .models.formats import Movement
from .permissions import require_role
from .seating.duplicate_howell import FEWEST_TEAMS, MOST_TEAMS
from .seating.duplicate_teams import (
    howell_movement,
    howell_positions,
    mitchell_max_rounds,
    mitchell_movement,
    series_count,
)
from .services_common import audit_log, lock_tournament
from .services_duplicate import duplicate_players, first_position, session_to_draw

TRIPLETTE = 3
# The attack colours in surname order (scoring.engine.duplicate_teams.COLOURS: this app is below
# scoring and cannot import it; a test checks the two agree).
COLOURS = ("Bleu", "Blanc", "Rouge")


def present_teams(tournament: Tournament) -> dict[Team, list]:
    """Each team of the tournament -> its present members (checked in, playing), by number."""
    members = {team: [] for team in tournament.teams.order_by("number")}
    by_pk = {team.pk: team for team in members}
    for registration in duplicate_players(tournament).filter(team__isnull=False):
        members[by_pk[registration.team_id]].append(registration)
    return members


def _team_size_problem(members: dict) -> ValidationError | None:
    wrong = [team.name for team, present in members.items() if len(present) != TRIPLETTE]
    if wrong:
        return ValidationError(
            _(
                "A triplette plays with three present members: %(teams)s. Check in, add or "
                "move players (or withdraw the team) before drawing the movement."
            )
            % {"teams": ", ".join(wrong)},
            code="team_size",
        )
    return None


def triplettes_problem(members: dict, positions: int) -> ValidationError | None:
    """Why these triplettes cannot play ``positions`` positions of a Mitchell, or None."""
    wrong = _team_size_problem(members)
    if wrong is not None:
        return wrong
    teams = len(members)
    if teams % 2 or teams < 4:
        return ValidationError(
            ngettext(
                "%(teams)s triplette cannot fill tables of one North-South and one East-West "
                "triplette: an even number, four at least, is needed (add or withdraw one).",
                "%(teams)s triplettes cannot fill tables of one North-South and one East-West "
                "triplette: an even number, four at least, is needed (add or withdraw one).",
                teams,
            )
            % {"teams": teams},
            code="teams_odd",
        )
    tables = teams // 2
    most = mitchell_max_rounds(tables)
    if positions > most:
        return ValidationError(
            _(
                "A Mitchell of %(tables)s tables plays %(most)s positions at most (beyond, a "
                "triplette would play a série again or meet a triplette twice): set %(most)s "
                "positions or fewer."
            )
            % {"tables": tables, "most": most},
            code="too_many_positions",
        )
    return None


def howell_problem(members: dict, positions: int) -> ValidationError | None:
    """Why these triplettes cannot play ``positions`` positions of a Howell, or None."""
    wrong = _team_size_problem(members)
    if wrong is not None:
        return wrong
    teams = len(members)
    if not FEWEST_TEAMS <= teams <= MOST_TEAMS:
        return ValidationError(
            _(
                "A Howell is for %(fewest)s to %(most)s triplettes (fewer cannot be compared; "
                "more play a Mitchell), and %(teams)s are present: add or withdraw triplettes, "
                "or draw a Mitchell."
            )
            % {"fewest": FEWEST_TEAMS, "most": MOST_TEAMS, "teams": teams},
            code="howell_teams",
        )
    most = howell_positions(teams)
    if positions > most:
        return ValidationError(
            _(
                "In a Howell of %(teams)s triplettes every triplette has met every other after "
                "%(most)s positions: set %(most)s positions or fewer."
            )
            % {"teams": teams, "most": most},
            code="too_many_positions",
        )
    return None


def howell_lone_series(teams: int, positions: int) -> int:
    """The séries a Howell of ``teams`` triplettes cut at ``positions`` plays at one table only:
    their étuis compare nothing (each line gets 50 %). Not refused: the organiser is told."""
    played = Counter(
        table["set"]
        for position in howell_movement(teams=teams, rounds=positions)
        for table in position
    )
    return sum(1 for count in played.values() if count == 1)


def howell_compared_positions(teams: int) -> list[int]:
    """The numbers of positions at which a Howell of ``teams`` triplettes plays every série at
    two tables at least."""
    return [
        positions
        for positions in range(1, howell_positions(teams) + 1)
        if not howell_lone_series(teams, positions)
    ]


PROBLEMS = {Session.Movement.MITCHELL: triplettes_problem, Session.Movement.HOWELL: howell_problem}


def triplettes_movement_problem(
    movement: str, members: dict, positions: int
) -> ValidationError | None:
    """Why ``movement`` (a ``Session.Movement``) cannot be drawn for these triplettes, or None."""
    if movement not in PROBLEMS:
        return ValidationError(_("Choose a movement: Mitchell or Howell."), code="movement_unknown")
    return PROBLEMS[movement](members, positions)


@transaction.atomic
def triplettes_movement_build(
    *,
    tournament: Tournament,
    user,
    number: int = 1,
    seed: int | None = None,
    movement: str = Session.Movement.MITCHELL,
) -> Session:
    """Draw (or draw again) séance ``number``'s Mitchell or Howell (``movement``); refused once
    one of its scores exists."""
    require_role(user, tournament, StaffRole.Role.ORGANISER)
    tournament = lock_tournament(tournament)
    if tournament.seating_movement != Movement.TEAMS_NS_EW:
        raise PermissionDenied
    session = session_to_draw(tournament, number)
    members = present_teams(tournament)
    problem = triplettes_movement_problem(movement, members, tournament.positions)
    if problem is not None:
        raise problem
    seed = random.SystemRandom().randrange(10**6) if seed is None else seed
    rng = random.Random(seed)
    teams = list(members)
    rng.shuffle(teams)  # Mitchell: triplettes 0..T-1 of the engine sit NS, T..2T-1 EW
    if not tournament.start_colour:
        tournament.start_colour = rng.choice(COLOURS)
        tournament.save(update_fields=["start_colour"])
    if movement == Session.Movement.HOWELL:
        drawn = howell_movement(teams=len(teams), rounds=tournament.positions)
        tables = len(teams) // 2  # at each position
        series = series_count(drawn)
    else:
        tables = len(teams) // 2
        drawn = mitchell_movement(tables=tables, rounds=tournament.positions)
        series = tables
    session.rounds.all().delete()
    start = first_position(tournament, number)
    for r, position in enumerate(drawn):
        round_ = Round.objects.create(
            tournament=tournament, number=start + r, session=session, seed=seed
        )
        Table.objects.bulk_create(
            Table(
                round=round_,
                number=x + 1,
                size=4,
                board_set=table["set"] + 1,
                ns_team=teams[table["NS"]],
                ew_team=teams[table["EW"]],
            )
            for x, table in enumerate(position)
        )
    # The séance counts its séries (the étuis dealt are séries × étuis per série): a Mitchell
    # plays as many as its tables, a Howell may need more (``series_count``).
    session.seed, session.tables, session.movement = seed, series, movement
    session.save(update_fields=["seed", "tables", "movement"])
    audit_log(
        action=Action.MOVEMENT_BUILT,
        user=user,
        tournament=tournament,
        data={
            "session": number,
            "seed": seed,
            "movement": str(movement),
            "tables": tables,
            "séries": series,
            "positions": len(drawn),
            "start_colour": tournament.start_colour,
        },
    )
    return session
