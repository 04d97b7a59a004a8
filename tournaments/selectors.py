"""Reads for pages: each keeps its number of SQL queries constant as the tournament grows."""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Q

from common.text import folded

from .actions import Action
from .extensions import not_seating, seating_actions, unseen
from .models import AuditEntry, Registration, StaffRole, Tournament


def public_tournaments():
    return Tournament.objects.filter(is_public=True).annotate(player_count=Count("registrations"))


def staff_tournaments(*, user):
    qs = Tournament.objects.annotate(
        player_count=Count("registrations", distinct=True),
        present_count=Count(
            "registrations", filter=Q(registrations__checked_in=True), distinct=True
        ),
    )
    if user.is_superuser:
        return qs
    roles = StaffRole.objects.filter(user=user)
    return qs.filter(pk__in=roles.values("tournament"))


def registrations(*, tournament: Tournament, search: str = ""):
    qs = Registration.objects.filter(tournament=tournament).select_related("player", "club", "team")
    for word in search.replace("\x00", "").split():
        condition = (  # the registration's own name, without case or accents
            Q(sort_name__contains=folded(word))
            | Q(player__licence__startswith=word)
            | Q(club__name__icontains=word)
            | Q(team__name__icontains=word)
        )
        if word.isascii() and word.isdigit():
            condition |= Q(number=int(word))
        qs = qs.filter(condition)
    return qs


def next_position(tournament: Tournament) -> int:
    """The next position to seat: the first one not closed yet (2 once the first is closed)."""
    closed = tournament.rounds.filter(closed_at__isnull=False).values_list("number", flat=True)
    return min(max(closed, default=0) + 1, tournament.positions)


def plays(position: int) -> Q:
    """The registrations that play ``position``: joined by then, not withdrawn before it."""
    return Q(joins_at_position__lte=position) & (
        Q(withdrawn_after_position__isnull=True) | Q(withdrawn_after_position__gte=position)
    )


@dataclass(frozen=True)
class CheckInAll:
    entry: int  # the audit entry of the « all present » an undo takes back
    at: datetime  # the time it gave the players it checked in
    count: int  # those it checked in who are still as it left them


# What makes an « all present » too late to take back: a seating drawn from the players present
# (and those the apps above register: a team match's matches drawn).
_SEATINGS = (Action.ROUND_GENERATED, Action.MOVEMENT_BUILT)


def last_check_in_all(*, tournament: Tournament) -> CheckInAll | None:
    """The « all present » an undo takes back: the last one, unless undone or followed by a
    seating; None too when none of the players it checked in is still as it left them (checked
    out, or checked in again by hand since). Two queries."""
    last = (
        AuditEntry.objects.filter(
            tournament=tournament,
            action__in=[
                Action.CHECKED_IN_ALL,
                Action.CHECK_IN_ALL_UNDONE,
                *_SEATINGS,
                *seating_actions(),
            ],
        )
        .order_by("-id")
        .values_list("pk", "action", "data")
        .first()
    )
    if last is None or last[1] != Action.CHECKED_IN_ALL:
        return None
    entry, _action, data = last
    at = datetime.fromisoformat(data["at"])
    count = checked_in_by(tournament=tournament, registrations=data["registrations"], at=at).count()
    return CheckInAll(entry, at, count) if count else None


def checked_in_by(*, tournament: Tournament, registrations: list[int], at: datetime):
    """Those of ``registrations`` still checked in at ``at``: as an « all present » left them."""
    return Registration.objects.filter(
        tournament=tournament, pk__in=registrations, checked_in=True, checked_in_at=at
    )


def seating_stamp(*, tournament: Tournament) -> int:
    """Like ``change_stamp``, but moving only with what the seating page shows (positions
    generated, swapped, published, players and their names...): the players' "where do I
    sit?" page is told "nothing new" while the sheets of the position come in. In a duplicate
    the scores coming in move the players on (``selectors_seating.round_played``): every
    change counts."""
    if tournament.plays_duplicate:
        return change_stamp(tournament=tournament)
    return change_stamp(tournament=tournament, ignoring=not_seating())


def change_stamp(*, tournament: Tournament, ignoring: tuple[str, ...] = ()) -> int:
    """Changes whenever anything of the tournament changes (every write leaves an audit entry),
    but the actions starting with one of ``ignoring`` and those no public page shows
    (``extensions.unseen``): what public pages compare to know
    whether to refresh, and what caches are keyed by, on every server.

    The number of entries, not the last one's id: ids are handed out as entries are written,
    not as their transactions commit. Two writes at once (two tables confirmed) can commit in
    the other order; between the two commits the last id is already there, and the write
    committed last would not have moved it: every page, cached under that stamp on every
    server, would go on showing the state without it. Entries are never deleted (but with
    their tournament), so each commit adds to the count."""
    entries = AuditEntry.objects.filter(tournament=tournament)
    hidden = unseen()
    if hidden:  # what only the staff's pages show (``extensions.unseen``)
        entries = entries.exclude(action__in=hidden)
    for prefix in ignoring:
        entries = entries.exclude(action__startswith=prefix)
    return entries.count()


def change_stamps(*, tournament_ids) -> dict[int, int]:
    """``change_stamp`` of several tournaments in one query (a challenge's): id -> stamp."""
    entries = AuditEntry.objects.filter(tournament_id__in=list(tournament_ids))
    hidden = unseen()
    if hidden:
        entries = entries.exclude(action__in=hidden)
    counts = dict(
        entries.order_by()
        .values("tournament_id")
        .annotate(n=Count("pk"))
        .values_list("tournament_id", "n")
    )
    return {pk: counts.get(pk, 0) for pk in tournament_ids}
