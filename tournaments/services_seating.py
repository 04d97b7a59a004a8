"""Writes for the seating of positions: generate (or regenerate), swap two players, publish.
The ways back (unpublish, undo a swap) are in ``services_undo``.

The services read the database, hand plain ids to the seating engine (``tournaments.seating``)
and write its answer back; the engine never sees a model. Each service runs in one transaction
and writes its audit entry there.
"""

import random

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Min, ProtectedError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.errors import field_error
from common.text import has_visible_text, trim_invisible

from .actions import Action
from .extensions import sheets_follow_seats
from .models import Registration, Round, Seat, Table, Tournament
from .permissions import Role, has_role, require_role
from .seating import SeatingError, SeatingRequest, plan_rounds
from .seating.review import review_position
from .services import audit_log, lock_tournament

# The engine's refusals a tournament can meet, as the organiser should read them.
SEATING_ERROR_MESSAGES = {
    "too_few_players": gettext_lazy(
        "%(players)s players present for this position: at least %(minimum)s are needed."
    ),
    "no_table_mix": gettext_lazy(
        "%(players)s players cannot be seated at tables of 4 and of %(remainder)s: check one "
        "more player in, or one fewer."
    ),
    "team_too_large": gettext_lazy(
        "A team has %(members)s players present but there are only %(tables)s tables: "
        "team-mates cannot be kept apart."
    ),
    "teams_unseatable": gettext_lazy(
        "The teams cannot be kept apart on %(tables)s tables: check the teams."
    ),
}


def _seatings(seats) -> list[tuple[tuple[int, ...], ...]]:
    """Positions as the engine sees them: tables of registration ids in seat order. One query."""
    seats = seats.order_by("round__number", "table__number", "number").values_list(
        "round__number", "table__number", "registration_id"
    )
    positions: dict[int, dict[int, list[int]]] = {}
    for number, table, registration in seats:
        positions.setdefault(number, {}).setdefault(table, []).append(registration)
    return [tuple(tuple(t) for t in tables.values()) for _, tables in sorted(positions.items())]


def _history(tournament: Tournament, before: int) -> list[tuple[tuple[int, ...], ...]]:
    """The positions played before position ``before``."""
    return _seatings(Seat.objects.filter(round__tournament=tournament, round__number__lt=before))


def _teams(tournament: Tournament) -> list[tuple[int, ...]]:
    if not tournament.has_teams:
        return []
    groups: dict[int, list[int]] = {}
    for reg_id, team_id in tournament.registrations.filter(team__isnull=False).values_list(
        "pk", "team_id"
    ):
        groups.setdefault(team_id, []).append(reg_id)
    return [tuple(members) for _, members in sorted(groups.items())]


def players_for(tournament: Tournament, number: int) -> list[int]:
    """Registrations that play position ``number``: present, joined, not withdrawn."""
    return [
        reg.pk
        for reg in tournament.registrations.filter(checked_in=True).order_by("number")
        if reg.plays_position(number)
    ]


def _seating_error(exc: SeatingError) -> ValidationError:
    """The engine's refusal as a user error. Other codes mean our own request was wrong."""
    if exc.code not in SEATING_ERROR_MESSAGES:
        raise exc
    return ValidationError(SEATING_ERROR_MESSAGES[exc.code], code=exc.code, params=exc.params)


def _write(round_: Round, tables) -> None:
    try:
        round_.tables.all().delete()
    except ProtectedError as exc:  # something recorded at a table (an incident) keeps it
        raise ValidationError(
            _(
                "Something was recorded at the tables of position %(k)s (an incident): it can no "
                "longer be drawn again. Swap players instead."
            ),
            code="tables_have_records",
            params={"k": round_.number},
        ) from exc
    for number, players in enumerate(tables, start=1):
        table = Table.objects.create(round=round_, number=number, size=len(players))
        Seat.objects.bulk_create(
            Seat(round=round_, table=table, registration_id=reg, number=seat)
            for seat, reg in enumerate(players)
        )


def refuse_if_closed(round_: Round) -> None:
    """Nothing of a closed position changes (its marks are final) until an arbitre reopens it."""
    if round_.is_closed:
        raise round_closed_error(round_)


def round_closed_error(round_: Round) -> ValidationError:
    """The refusal of a change to the closed position ``round_``."""
    return ValidationError(
        _("Position %(k)s is closed: an arbitre must reopen it first."),
        code="round_closed",
        params={"k": round_.number},
    )


def _locked() -> ValidationError:
    return ValidationError(
        _(
            "Scores of this position are recorded: only an arbitre's correction can move "
            "players now."
        ),
        code="round_locked",
    )


def _refuse_if_locked(round_: Round) -> None:
    if round_.is_locked:
        raise _locked()


def _report(tournament: Tournament, number: int, tables, history=None) -> dict:
    history = _history(tournament, number) if history is None else history
    return review_position(position=tables, history=history, teams=_teams(tournament))


@transaction.atomic
def round_seat_players(
    *, tournament: Tournament, number: int, user, seed: int | None = None, fresh: bool = False
):
    """Seat position ``number`` (again, while nothing has been played on it).

    Positions are planned together, from the players present through the last position: a
    plan of many positions avoids repeats that position-by-position planning cannot. The
    position follows the plan made with the previous one while the field is the same and
    nobody was swapped by hand; otherwise, or when ``fresh`` (a new draw) or ``seed`` is asked,
    the remaining positions are planned again with everything played as history.
    """
    tournament = lock_tournament(tournament)
    if not 1 <= number <= tournament.positions:
        raise ValidationError(
            _("This tournament has positions 1 to %(max)s."),
            code="no_such_position",
            params={"max": tournament.positions},
        )
    previous = tournament.rounds.filter(number=number - 1).first()
    if number > 1 and (previous is None or not previous.is_published):
        raise ValidationError(
            _("Publish position %(previous)s first."),
            code="previous_not_published",
            params={"previous": number - 1},
        )
    if tournament.rounds.filter(number__gt=number).exists():
        raise ValidationError(
            _("A later position is already seated: delete it before changing this one."),
            code="later_position_exists",
        )
    round_ = tournament.rounds.filter(number=number).first()
    if round_ is not None:
        _refuse_if_locked(round_)
    players = players_for(tournament, number)
    history = _history(tournament, number)
    ahead = previous.plan_ahead if previous is not None else []
    planned = ahead[0] if ahead and not fresh and seed is None else None
    if planned is not None and sorted(p for table in planned for p in table) == sorted(players):
        tables, rest, seed = [tuple(t) for t in planned], ahead[1:], previous.seed
    else:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        request = SeatingRequest(
            players=players,
            rounds=tournament.positions - number + 1,
            teams=_teams(tournament),
            remainder=tournament.remainder,
            history=history,
            seed=seed,
        )
        try:
            plan = plan_rounds(request)
        except SeatingError as exc:
            raise _seating_error(exc) from exc
        tables, rest = plan[0], [[list(t) for t in position] for position in plan[1:]]
    if round_ is None:
        round_ = Round(tournament=tournament, number=number)
    round_.seed = seed
    round_.status = Round.Status.DRAFT
    round_.published_at = None
    round_.report = _report(tournament, number, tables, history)
    round_.plan_ahead = rest
    round_.save()
    _write(round_, tables)
    audit_log(
        action=Action.ROUND_GENERATED,
        user=user,
        tournament=tournament,
        data={"round": number, "seed": seed, "players": len(players), "fresh": fresh},
    )
    return round_


def lock_round(round_: Round) -> Round:
    """The position read again, locked: closing it, entering a sheet or another move of its
    players waits for the write under way."""
    return (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round_.pk)
    )


def exchange_seats(
    round_: Round, first: Registration, second: Registration
) -> list[tuple[int, int]]:
    """Exchange the seats of two players of ``round_`` (locked) and review it again; returns
    their places (table id, seat) before the exchange."""
    if first.pk == second.pk:
        raise field_error("second", _("Choose two different players."), "same_player")
    seats = {s.registration_id: s for s in round_.seats.filter(registration__in=[first, second])}
    for field, reg in (("first", first), ("second", second)):
        if reg.pk not in seats:
            raise field_error(
                field,
                _("%(player)s is not seated at this position."),
                "not_seated",
                player=reg.name,
            )
    a, b = seats[first.pk], seats[second.pk]
    places = [(a.table_id, a.number), (b.table_id, b.number)]
    # Delete and re-create: the database refuses a player seated twice, even for an instant.
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        [
            Seat(round=round_, table_id=places[1][0], number=places[1][1], registration=first),
            Seat(round=round_, table_id=places[0][0], number=places[0][1], registration=second),
        ]
    )
    (tables,) = _seatings(round_.seats.all())
    round_.report = _report(round_.tournament, round_.number, tables)
    # The positions planned after this one assumed the seating before the exchange.
    round_.plan_ahead = []
    round_.save(update_fields=["report", "plan_ahead"])
    return places


@transaction.atomic
def round_swap_players(
    *, round: Round, user, first: Registration, second: Registration, reason: str = ""
):
    """Exchange the seats of two players of a position; the report is computed again.

    Once a score sheet of the position exists, this is an arbitre's correction: it needs a
    reason, kept in the audit entry, and the marks of the sheets follow the seats
    (``extensions.sheets_follow_seats``).
    """
    round_ = lock_round(round)
    refuse_if_closed(round_)
    locked = round_.is_locked
    reason = trim_invisible(reason)
    if not locked:
        require_role(user, round_.tournament, Role.ORGANISER)  # the organiser's draft
    else:
        if not has_role(user, round_.tournament, Role.ARBITRE):
            raise _locked()
        if not has_visible_text(reason):
            raise field_error(
                "reason",
                _("Scores of this position are recorded: say why the players are moved."),
                "reason_required",
            )
    places = exchange_seats(round_, first, second)
    if locked:
        moves = [(*places[0], first.pk, second.pk), (*places[1], second.pk, first.pk)]
        sheets_follow_seats(round=round_, moves=moves, user=user, reason=reason)
    audit_log(
        action=Action.ROUND_CORRECTED if locked else Action.ROUND_SWAPPED,
        user=user,
        tournament=round_.tournament,
        data={
            "round": round_.number,
            "players": [first.number, second.number],
            **({"reason": reason[:300]} if locked else {}),
        },
    )
    return round_


def _free_number(taken: set[tuple[int, int]], after: int) -> tuple[int, int]:
    """A tournament number nobody has: Nord, Est, Sud, Ouest of the tables after table
    ``after`` ("Nord 8", "Est 8"... for the latecomers of a 7-table position)."""
    table = after + 1
    while True:
        for seat in range(4):
            if (table, seat) not in taken:
                return table, seat
        table += 1


@transaction.atomic
def round_publish(*, round: Round, user):
    """Show the seating to the players; their FFT number comes from their first position
    ("Nord 3": their seat and table there). A latecomer whose seat is someone's number already
    gets the next free one after the last table, so that a number names one player."""
    round_ = round
    if round_.is_published:
        return round_
    round_.status = Round.Status.PUBLISHED
    round_.published_at = timezone.now()
    round_.save(update_fields=["status", "published_at"])
    first_round = {
        row["registration"]: row["first"]
        for row in Seat.objects.filter(round__tournament=round_.tournament)
        .values("registration")
        .annotate(first=Min("round__number"))
    }
    # The numbers this position gave when it was published before (then drawn again) are
    # given anew, from the seats it has now.
    taken = {
        (table, seat)
        for reg, table, seat in round_.tournament.registrations.filter(
            first_table__isnull=False
        ).values_list("pk", "first_table", "first_seat")
        if first_round.get(reg) != round_.number
    }
    newcomers = []
    seats = list(
        round_.seats.select_related("table", "registration").order_by("table__number", "number")
    )
    last = max([seat.table.number for seat in seats] + [t for t, _seat in taken], default=0)
    for seat in seats:
        if first_round.get(seat.registration_id) == round_.number:
            number = (seat.table.number, seat.number)
            if number in taken:  # a latecomer, where a player of an earlier position sat
                number = _free_number(taken, after=last)
            taken.add(number)
            seat.registration.first_table, seat.registration.first_seat = number
            newcomers.append(seat.registration)
    Registration.objects.bulk_update(newcomers, ["first_seat", "first_table"])
    audit_log(
        action=Action.ROUND_PUBLISHED,
        user=user,
        tournament=round_.tournament,
        data={"round": round_.number},
    )
    return round_
