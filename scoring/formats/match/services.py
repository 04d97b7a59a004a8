"""Writes of the team match (fft-duplicate.md §5, ``models_match``): draw the matches of the
competition, fix the bonus, name a quarter's players, record a penalty. Each runs in one
transaction with its audit entry; a refusal raises a ``ValidationError`` (next to its field
where it has one) and saves nothing. A room's sheet entered and confirmed, a quarter closed and
reopened: ``services_match_sheets``, re-exported here.
"""

import random
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from common.errors import field_error
from common.text import clean_text
from scoring.actions import Action
from scoring.engine.duplicate import pm_round
from scoring.formats.match.services_sheets import match_sheet as match_sheet
from scoring.formats.match.services_sheets import quarter_close as quarter_close
from scoring.formats.match.services_sheets import quarter_reopen as quarter_reopen
from scoring.formats.match.services_sheets import sheet_confirm as sheet_confirm
from scoring.formats.match.services_sheets import sheet_save as sheet_save
from scoring.formats.registry import format_of
from scoring.models.match import QUARTERS, MatchQuarter, QuarterPlayer, TeamMatch
from tournaments.models import Registration, Tournament
from tournaments.permissions import Role, require_role
from tournaments.seating.duplicate_teams import quadrette_schedule
from tournaments.services import audit_log

DEFENDERS = 3
MOST_PM = Decimal("9999")


def _team_sizes_problem(tournament: Tournament) -> ValidationError | None:
    teams = list(tournament.teams.order_by("number"))
    if len(teams) < 2:
        return ValidationError(
            _("A team match needs two teams at least: make them on the Teams page."),
            code="too_few_teams",
        )
    low, high = tournament.team_size, tournament.team_size_most
    wrong = [
        team.name
        for team in teams
        if not low <= team.members.filter(excluded=False).count() <= high
    ]
    if wrong:
        return ValidationError(
            _("A team of a team match has 4 to 6 players: %(teams)s.")
            % {"teams": ", ".join(wrong)},
            code="team_size",
        )
    return None


@transaction.atomic
def matches_draw(*, tournament: Tournament, user, seed: int | None = None) -> list[TeamMatch]:
    """The round-robin of matches between the tournament's teams (circle method, a bye when
    their count is odd), who is A drawn by lot in each match. Drawn again while no quarter is
    named; refused after."""
    require_role(user, tournament, Role.ORGANISER)
    if not format_of(tournament).has_matches:
        raise ValidationError(_("This tournament is not a team match."), code="not_a_match")
    problem = _team_sizes_problem(tournament)
    if problem is not None:
        raise problem
    if MatchQuarter.objects.filter(match__tournament=tournament).exists():
        raise ValidationError(
            _("A quarter is under way: the matches can no longer be drawn again."),
            code="match_started",
        )
    TeamMatch.objects.filter(tournament=tournament).delete()
    teams = list(tournament.teams.order_by("number"))
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    rng = random.Random(seed)
    matches, number = [], 0
    for round_index, oppositions in enumerate(quadrette_schedule(teams=len(teams))):
        for opposition in oppositions:
            a, b = teams[opposition["A"]], teams[opposition["B"]]
            if rng.random() < 0.5:
                a, b = b, a
            number += 1
            matches.append(
                TeamMatch(
                    tournament=tournament,
                    number=number,
                    round_number=round_index + 1,
                    team_a=a,
                    team_b=b,
                )
            )
    TeamMatch.objects.bulk_create(matches)
    audit_log(
        action=Action.MATCHES_DRAWN,
        user=user,
        tournament=tournament,
        data={"matches": len(matches), "teams": len(teams), "seed": seed},
    )
    return matches


def _pm(field: str, value) -> Decimal:
    try:
        amount = Decimal(str(value).strip().replace(",", ".") or "0")
    except InvalidOperation:
        raise field_error(field, _("Type a number of PM, such as 2.5."), "not_a_number") from None
    if not amount.is_finite() or not 0 <= amount <= MOST_PM:
        raise field_error(field, _("Between 0 and 9999 PM."), "out_of_range")
    return pm_round(amount)


@transaction.atomic
def bonus_set(*, match: TeamMatch, user, bonus_a, bonus_b) -> TeamMatch:
    """The bonus in PM of each team, fixed before quarter 1 (§5)."""
    require_role(user, match.tournament, Role.ARBITRE)
    match = TeamMatch.objects.select_for_update().get(pk=match.pk)
    if match.quarters.exists():
        raise ValidationError(
            _("The bonus is fixed before quarter 1: quarter 1 is already named."),
            code="bonus_late",
        )
    match.bonus_a, match.bonus_b = _pm("bonus_a", bonus_a), _pm("bonus_b", bonus_b)
    match.save(update_fields=["bonus_a", "bonus_b"])
    audit_log(
        action=Action.MATCH_BONUS_SET,
        user=user,
        tournament=match.tournament,
        data={"match": match.number, "bonus_a": str(match.bonus_a), "bonus_b": str(match.bonus_b)},
    )
    return match


@transaction.atomic
def penalty_set(*, match: TeamMatch, user, penalty_a, penalty_b, reason: str) -> TeamMatch:
    """An arbitre's penalties in PM, taken off each team's total, with the reason."""
    require_role(user, match.tournament, Role.ARBITRE)
    reason = clean_text(reason or "", 300)
    match = TeamMatch.objects.select_for_update().get(pk=match.pk)
    match.penalty_a, match.penalty_b = _pm("penalty_a", penalty_a), _pm("penalty_b", penalty_b)
    if (match.penalty_a or match.penalty_b) and not reason:
        raise field_error("reason", _("Say why the penalty is given."), "reason_required")
    match.penalty_reason = reason[:300]
    match.save(update_fields=["penalty_a", "penalty_b", "penalty_reason"])
    audit_log(
        action=Action.MATCH_PENALTY_SET,
        user=user,
        tournament=match.tournament,
        data={
            "match": match.number,
            "penalty_a": str(match.penalty_a),
            "penalty_b": str(match.penalty_b),
            "reason": match.penalty_reason,
        },
    )
    return match


def _side_players(match, side, team, attacker, defenders, quarter_number) -> list:
    members = {r.pk: r for r in Registration.objects.filter(team=team, excluded=False)}
    field = f"attacker_{side.lower()}"
    if attacker is None or attacker.pk not in members:
        raise field_error(
            field,
            _("Choose the attacker among %(team)s's players."),
            "not_a_member",
            team=team.name,
        )
    before = QuarterPlayer.objects.filter(
        quarter__match=match, side=side, role=QuarterPlayer.Role.ATTACK, registration=attacker
    ).exclude(quarter__number=quarter_number)
    if before.exists():
        raise field_error(
            field,
            _("%(name)s attacked in quarter %(k)s: a new attacker each quarter."),
            "attacker_repeated",
            name=attacker.name,
            k=before.first().quarter.number,
        )
    defence = {r.pk for r in defenders}
    field = f"defenders_{side.lower()}"
    if len(defence) != DEFENDERS or not defence <= set(members) or attacker.pk in defence:
        raise field_error(
            field,
            _("Choose three defenders among %(team)s's other players."),
            "defenders",
            team=team.name,
        )
    return [(attacker, QuarterPlayer.Role.ATTACK)] + [
        (members[pk], QuarterPlayer.Role.DEFENCE) for pk in sorted(defence)
    ]


@transaction.atomic
def quarter_name(
    *, match, number, user, attacker_a, defenders_a, attacker_b, defenders_b, a_room, board_set
) -> MatchQuarter:
    """Name quarter ``number``'s players (each side's attacker and three defenders), the room
    of A's attacker and the série. Quarters are played in order; a quarter is named again until
    a line of it is entered."""
    require_role(user, match.tournament, Role.ARBITRE)
    match = TeamMatch.objects.select_for_update().get(pk=match.pk)
    if not 1 <= number <= QUARTERS:
        raise ValidationError(_("A match has four quarters."), code="no_quarter")
    earlier = match.quarters.filter(number__lt=number)
    if earlier.count() != number - 1 or earlier.filter(closed_at__isnull=True).exists():
        raise ValidationError(
            _("Close quarter %(k)s first: the quarters are played in order.") % {"k": number - 1},
            code="previous_open",
        )
    quarter = match.quarters.filter(number=number).first()
    if quarter is not None and quarter.lines.exists():
        raise ValidationError(
            _("Scores of this quarter are entered: its players can no longer change."),
            code="quarter_started",
        )
    if a_room not in MatchQuarter.Room.values:
        raise field_error("a_room", _("Choose the open or the closed room."), "room")
    if board_set not in range(1, QUARTERS + 1):
        raise field_error("board_set", _("Choose a série from 1 to 4."), "board_set")
    if match.quarters.filter(board_set=board_set).exclude(number=number).exists():
        raise field_error(
            "board_set",
            _("Série %(s)s was played in another quarter: choose another one."),
            "set_played",
            s=board_set,
        )
    players = [
        ("A", *pair)
        for pair in _side_players(match, "A", match.team_a, attacker_a, defenders_a, number)
    ] + [
        ("B", *pair)
        for pair in _side_players(match, "B", match.team_b, attacker_b, defenders_b, number)
    ]
    if quarter is None:
        quarter = MatchQuarter(match=match, number=number)
    quarter.a_room, quarter.board_set = a_room, board_set
    quarter.save()
    quarter.players.all().delete()
    QuarterPlayer.objects.bulk_create(
        QuarterPlayer(quarter=quarter, registration=reg, side=side, role=role)
        for side, reg, role in players
    )
    audit_log(
        action=Action.QUARTER_NAMED,
        user=user,
        tournament=match.tournament,
        data={
            "match": match.number,
            "quarter": number,
            "a_room": a_room,
            "set": board_set,
            "players": [[side, reg.number, str(role)] for side, reg, role in players],
        },
    )
    return quarter
