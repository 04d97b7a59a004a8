"""Writes of the duplicate individuel's movement (fft-duplicate.md §2): a séance's positions,
tables, séries and seats, drawn from ``seating.duplicate.individual_movement``.

A séance's movement is drawn once its players are known (checked in, a multiple of 4): each
player gets a line (N, E, S, W, kept the whole séance) and a start table, at random from the
seed; every position is written as a ``Round`` of the séance with its tables (each with its
série) and seats (seat 0 North … 3 West). It may be drawn again until a score of the séance
exists (``extensions.rounds_with_results``); then it is locked. Publishing shows it to the players
(``services_seating.round_publish``, which gives each player the FFT number "Nord 3").
The séries and étuis themselves are ``scoring``'s: this module never names them.
"""

import random
from decimal import Decimal, InvalidOperation

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .actions import Action
from .extensions import rounds_with_results
from .models import Round, Seat, Session, StaffRole, Table, Tournament
from .models.formats import Movement
from .permissions import require_role
from .seating.duplicate import LINES, individual_movement
from .services_common import audit_log, lock_tournament
from .services_seating import round_publish


def duplicate_players(tournament: Tournament):
    """The registrations a duplicate séance seats: checked in, neither withdrawn nor excluded."""
    return tournament.registrations.filter(
        checked_in=True, excluded=False, withdrawn_after_position__isnull=True
    ).order_by("number")


def movement_problem(players: int, positions: int) -> ValidationError | None:
    """Why ``players`` cannot play ``positions`` positions of duplicate individuel, or None."""
    if players % 4:
        missing = 4 - players % 4
        return ValidationError(
            ngettext(
                "%(players)s players cannot sit four to a table: add %(missing)s stand-in "
                "(or withdraw %(extra)s players) before drawing the movement.",
                "%(players)s players cannot sit four to a table: add %(missing)s stand-ins "
                "(or withdraw %(extra)s players) before drawing the movement.",
                missing,
            )
            % {"players": players, "missing": missing, "extra": players % 4},
            code="not_multiple_of_4",
            params={"players": players, "missing": missing},
        )
    tables = players // 4
    if tables < 2:
        return ValidationError(
            _("A duplicate needs two tables at least (8 players): one has nothing to compare."),
            code="one_table",
        )
    if positions > tables:
        return ValidationError(
            _(
                "%(tables)s tables play at most %(tables)s positions (beyond, two players would "
                "meet twice): set %(tables)s positions or fewer."
            )
            % {"tables": tables},
            code="too_many_positions",
            params={"tables": tables, "positions": positions},
        )
    return None


def first_position(tournament: Tournament, number: int) -> int:
    """The number of the first position of séance ``number``: the séances follow one another."""
    return 1 + (number - 1) * tournament.positions


def session_to_draw(tournament: Tournament, number: int) -> Session:
    """Séance ``number``, created if needed, whose movement may be drawn (again): refused while
    the previous séance is open or once a score of this one exists. The caller holds the
    tournament's lock."""
    if (
        number > 1
        and not Session.objects.filter(
            tournament=tournament, number=number - 1, closed_at__isnull=False
        ).exists()
    ):
        raise ValidationError(
            _("Séance %(k)s must be played and closed before séance %(n)s is drawn.")
            % {"k": number - 1, "n": number},
            code="previous_open",
        )
    session, _created = Session.objects.get_or_create(tournament=tournament, number=number)
    if rounds_with_results(session.rounds.all()):
        raise ValidationError(
            _(
                "Scores of this séance have been entered: its movement can no longer change. "
                "An arbitre may correct a line instead."
            ),
            code="movement_scored",
        )
    return session


@transaction.atomic
def session_movement_build(
    *, tournament: Tournament, user, number: int = 1, seed: int | None = None
) -> Session:
    """Draw (or draw again) séance ``number``'s movement; refused once one of its scores exists."""
    require_role(user, tournament, StaffRole.Role.ORGANISER)
    tournament = lock_tournament(tournament)
    if tournament.seating_movement != Movement.INDIVIDUEL:
        raise PermissionDenied
    session = session_to_draw(tournament, number)
    registrations = list(duplicate_players(tournament))
    problem = movement_problem(len(registrations), tournament.positions)
    if problem is not None:
        raise problem
    seed = random.SystemRandom().randrange(10**6) if seed is None else seed
    tables = len(registrations) // 4
    movement = individual_movement(tables=tables, rounds=tournament.positions)
    drawn = registrations[:]
    random.Random(seed).shuffle(drawn)
    # Player k*T + p of the engine: line k, starting at table p.
    session.rounds.all().delete()
    start = first_position(tournament, number)
    for r, position in enumerate(movement):
        round_ = Round.objects.create(
            tournament=tournament, number=start + r, session=session, seed=seed
        )
        made = Table.objects.bulk_create(
            Table(round=round_, number=x + 1, size=4, board_set=table["set"] + 1)
            for x, table in enumerate(position)
        )
        Seat.objects.bulk_create(
            Seat(round=round_, table=made[x], registration=drawn[table[line]], number=k)
            for x, table in enumerate(position)
            for k, line in enumerate(LINES)
        )
    session.seed, session.tables = seed, tables
    session.save(update_fields=["seed", "tables"])
    audit_log(
        action=Action.MOVEMENT_BUILT,
        user=user,
        tournament=tournament,
        data={"session": number, "seed": seed, "tables": tables, "positions": len(movement)},
    )
    return session


@transaction.atomic
def session_publish(*, session: Session, user) -> Session:
    """Show the séance's whole movement to the players (where to sit at every position)."""
    require_role(user, session.tournament, StaffRole.Role.ORGANISER)
    for round_ in session.rounds.order_by("number"):
        round_publish(round=round_, user=user)
    return session


@transaction.atomic
def session_position_announce(*, session: Session, user, number) -> Session:
    """The arbitre's signal that position ``number`` of the séance is being played: the public
    seating page and the projector show it (or a later one, once the scores say that one is
    over) even when no score is typed before the end of the séance."""
    require_role(user, session.tournament, StaffRole.Role.ARBITRE)
    session = Session.objects.select_for_update().get(pk=session.pk)
    if session.is_closed:
        raise ValidationError(_("The séance is closed: every position has been played."))
    published = set(
        session.rounds.filter(status=Round.Status.PUBLISHED).values_list("number", flat=True)
    )
    try:
        number = int(number)
    except (TypeError, ValueError):
        number = None
    if number not in published:
        raise ValidationError(
            {
                "number": ValidationError(
                    _("Choose one of the séance's published positions."), code="not_published"
                )
            }
        )
    before, session.playing = session.playing, number
    session.save(update_fields=["playing"])
    audit_log(
        action=Action.SESSION_UPDATED,
        user=user,
        tournament=session.tournament,
        data={"session": session.number, "playing": [before, number]},
    )
    return session


MAX_COEFFICIENT = Decimal(10)


@transaction.atomic
def session_coefficient_set(*, session: Session, user, coefficient) -> Session:
    """The séance's weight in the tournament's total (fft-duplicate.md §2: 1 by default)."""
    require_role(user, session.tournament, StaffRole.Role.ORGANISER)
    try:
        value = Decimal(str(coefficient).replace(",", ".").strip())
    except InvalidOperation:
        value = None
    if (
        value is None
        or not value.is_finite()
        or not 0 < value <= MAX_COEFFICIENT
        or (value != value.quantize(Decimal("0.01")))
    ):
        raise ValidationError(
            {
                "coefficient": ValidationError(
                    _("A coefficient from 0.01 to 10, with two decimals at most (1, 1.5, 2)."),
                    code="coefficient_invalid",
                )
            }
        )
    session = Session.objects.select_for_update().get(pk=session.pk)
    before, session.coefficient = session.coefficient, value
    session.save(update_fields=["coefficient"])
    audit_log(
        action=Action.SESSION_UPDATED,
        user=user,
        tournament=session.tournament,
        data={"session": session.number, "coefficient": [str(before), str(value)]},
    )
    return session
