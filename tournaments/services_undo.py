"""The organiser's ways back: unpublish a position, undo the last swap, restore a player, take
back an « all present ».

Each one takes back a write of ``services_seating`` or ``services_players`` while nothing has
happened since that would make taking it back wrong: no score sheet of the position (scoring
says so through ``extensions``, read by ``Round.is_locked``), no later position seated, no other
move of the players. Each runs in one transaction, under the locks the write it takes back
takes, and writes its audit entry there. An arbitre's decisions are undone in arbitration, with
a reason, never here.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from .actions import Action
from .models import AuditEntry, Registration, Round, Seat, Tournament
from .permissions import Role, require_role
from .selectors import checked_in_by, last_check_in_all
from .selectors_seating import last_swap, restore_position
from .services_common import audit_log, hold_tournament
from .services_seating import exchange_seats, lock_round


@transaction.atomic
def round_unpublish(*, round: Round, user) -> Round:
    """Take a published position back to a draft while nothing has been played on it: the
    public pages stop showing it; its seating is kept, to be changed or published again. The
    tournament numbers its publication gave are taken back (publishing gives them again)."""
    tournament = hold_tournament(round.tournament)  # no next position is seated meanwhile
    round_ = lock_round(round)  # nor a sheet entered
    require_role(user, tournament, Role.ORGANISER)
    if not round_.is_published:  # a double click, a page left open: said, not done twice
        raise ValidationError(
            _("Position %(k)s is not published."), code="not_published", params={"k": round_.number}
        )
    if round_.is_closed or round_.is_locked:
        raise ValidationError(
            _("Score sheets of position %(k)s exist: it can no longer be unpublished."),
            code="round_locked",
            params={"k": round_.number},
        )
    later = tournament.rounds.filter(number__gt=round_.number).order_by("number").first()
    if later is not None:
        raise ValidationError(
            _("Position %(later)s is already seated: only the last position can be unpublished."),
            code="later_position_exists",
            params={"later": later.number},
        )
    round_.status = Round.Status.DRAFT
    round_.published_at = None
    round_.save(update_fields=["status", "published_at"])
    earlier = Seat.objects.filter(round__tournament=tournament, round__number__lt=round_.number)
    tournament.registrations.filter(seats__round=round_).exclude(
        pk__in=earlier.values("registration")
    ).update(first_table=None, first_seat=None)
    audit_log(
        action=Action.ROUND_UNPUBLISHED,
        user=user,
        tournament=tournament,
        data={"round": round_.number},
    )
    return round_


@transaction.atomic
def round_swap_undo(*, round: Round, user, swap: int) -> Round:
    """Put back the two players of the position's last swap (``selectors_seating.last_swap``)
    where they sat before it; undoing again takes back the swap before it, and so on back to
    the draw. ``swap`` is the audit entry of the swap the page offered to undo: if another
    move came since (a second click, a colleague), nothing is undone. Once a sheet exists,
    moving players is an arbitre's correction, never an undo."""
    round_ = lock_round(round)
    require_role(user, round_.tournament, Role.ORGANISER)
    if round_.is_closed or round_.is_locked:
        raise ValidationError(
            _("Scores of this position are recorded: the swap can no longer be undone."),
            code="round_locked",
        )
    last = last_swap(round=round_)
    if last is None or last.entry != swap:
        raise ValidationError(
            _(
                "The seating of this position has changed since the page was shown: nothing "
                "was undone. Look at it again."
            ),
            code="swap_changed",
        )
    exchange_seats(round_, last.first, last.second)
    audit_log(
        action=Action.ROUND_SWAP_UNDONE,
        user=user,
        tournament=round_.tournament,
        data={"round": round_.number, "players": [last.first.number, last.second.number]},
    )
    return round_


@transaction.atomic
def registration_restore(*, registration: Registration, user) -> int:
    """Cancel a player's withdrawal from the first position not seated yet on; returns that
    position. What they played stays as it is, and the positions already seated without them
    are not changed: the next position seated is planned afresh (the field changed) with them.
    An exclusion is an arbitre's decision: only cancelling it (arbitration) brings them back."""
    tournament = hold_tournament(registration.tournament)  # no position is seated meanwhile
    require_role(user, tournament, Role.ORGANISER)
    # Nor the player excluded: the exclusion writes the registration first, then its entry.
    registration = Registration.objects.select_for_update(no_key=True).get(pk=registration.pk)
    params = {"player": registration.name}
    if registration.excluded:
        raise ValidationError(
            _(
                "%(player)s was excluded by an arbitre: only cancelling that decision brings "
                "them back."
            ),
            code="excluded",
            params=params,
        )
    withdrawn = registration.withdrawn_after_position
    if withdrawn is None:
        raise ValidationError(
            _("%(player)s has not withdrawn."), code="not_withdrawn", params=params
        )
    registration.tournament = tournament
    position = restore_position(registration=registration)
    if position is None:
        raise ValidationError(
            _("Every position is already seated: none is left for %(player)s to play."),
            code="no_position_left",
            params=params,
        )
    registration.withdrawn_after_position = None
    registration.save(update_fields=["withdrawn_after_position"])
    audit_log(
        action=Action.REGISTRATION_RESTORED,
        user=user,
        tournament=tournament,
        data={
            "registration": registration.pk,
            "number": registration.number,
            "before": {"withdrawn_after_position": withdrawn},
            "plays_from": position,
        },
    )
    return position


@transaction.atomic
def check_in_all_undo(*, tournament: Tournament, user, entry: int) -> int:
    """Take back the last « all present » (``selectors.last_check_in_all``): the players it
    checked in who are still as it left them are absent again; a player checked out or in
    by hand since keeps that. ``entry`` is the audit entry the page offered to undo: if it
    was undone already, or a position was seated since, nothing is done. Returns how many."""
    tournament = hold_tournament(tournament)  # no position is seated meanwhile
    require_role(user, tournament, Role.ARBITRE)
    last = last_check_in_all(tournament=tournament)
    if last is None or last.entry != entry:
        raise ValidationError(
            _(
                "The check-in has changed since the page was shown (undone already, or a "
                "position seated): nothing was undone. Look at it again."
            ),
            code="check_in_changed",
        )
    data = AuditEntry.objects.get(pk=entry).data
    players = checked_in_by(tournament=tournament, registrations=data["registrations"], at=last.at)
    numbers = sorted(players.values_list("number", flat=True))
    players.update(checked_in=False, checked_in_at=None)
    audit_log(
        action=Action.CHECK_IN_ALL_UNDONE,
        user=user,
        tournament=tournament,
        data={"entry": entry, "numbers": numbers},
    )
    return len(numbers)
