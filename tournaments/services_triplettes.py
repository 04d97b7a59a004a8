"""Writes of the triplettes' movement (fft-duplicate.md §3): a séance's positions and tables,
each table with its North-South and East-West triplettes and its série, drawn from
``seating.duplicate_teams.mitchell_movement``.

The triplettes are the tournament's teams of exactly three present members; half of them take
the North-South line (they stay at their table), the other half East-West (they move up one
table a position, the séries down one), at random from the seed. The starting colour of the
attack order (Bleu, Blanc or Rouge) is drawn with the first séance and kept for the whole
tournament. As for the individuel, the movement may be drawn again until a score of the séance
exists; no seat is written (a triplette's captain places its defenders deal by deal).
"""

import random

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .actions import Action
from .models import Round, Session, StaffRole, Table, Team, Tournament
from .permissions import require_role
from .seating.duplicate_teams import mitchell_max_rounds, mitchell_movement
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


def triplettes_problem(members: dict, positions: int) -> ValidationError | None:
    """Why these triplettes cannot play ``positions`` positions of a Mitchell, or None."""
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


@transaction.atomic
def triplettes_movement_build(
    *, tournament: Tournament, user, number: int = 1, seed: int | None = None
) -> Session:
    """Draw (or draw again) séance ``number``'s Mitchell; refused once one of its scores exists."""
    require_role(user, tournament, StaffRole.Role.ORGANISER)
    tournament = lock_tournament(tournament)
    if not tournament.is_triplettes:
        raise PermissionDenied
    session = session_to_draw(tournament, number)
    members = present_teams(tournament)
    problem = triplettes_problem(members, tournament.positions)
    if problem is not None:
        raise problem
    seed = random.SystemRandom().randrange(10**6) if seed is None else seed
    rng = random.Random(seed)
    teams = list(members)
    rng.shuffle(teams)  # triplettes 0..T-1 of the engine sit North-South, T..2T-1 East-West
    if not tournament.start_colour:
        tournament.start_colour = rng.choice(COLOURS)
        tournament.save(update_fields=["start_colour"])
    tables = len(teams) // 2
    movement = mitchell_movement(tables=tables, rounds=tournament.positions)
    session.rounds.all().delete()
    start = first_position(tournament, number)
    for r, position in enumerate(movement):
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
    session.seed, session.tables = seed, tables
    session.save(update_fields=["seed", "tables"])
    audit_log(
        action=Action.MOVEMENT_BUILT,
        user=user,
        tournament=tournament,
        data={
            "session": number,
            "seed": seed,
            "tables": tables,
            "positions": len(movement),
            "start_colour": tournament.start_colour,
        },
    )
    return session
