"""Reads for pages: each keeps its number of SQL queries constant as the tournament grows."""

from dataclasses import dataclass

from django.db.models import Count, Q

from common.text import folded

from .extensions import not_seating
from .models import AuditEntry, Registration, StaffRole, Tournament
from .seating import table_sizes


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


@dataclass(frozen=True)
class PresenceSummary:
    registered: int
    present: int
    playing_first: int  # present and playing the next position to seat
    tables: tuple[int, ...] | None
    position: int = 1  # the next position to seat: the first one not closed yet

    @property
    def impossible(self) -> bool:
        return self.playing_first > 0 and self.tables is None


def presence_summary(*, tournament: Tournament) -> PresenceSummary:
    """Who is here, and the tables the next position to seat would have: the first position
    not closed yet (position 2 once the first is closed), with its latecomers and without
    those withdrawn before it."""
    closed = tournament.rounds.filter(closed_at__isnull=False).values_list("number", flat=True)
    position = min(max(closed, default=0) + 1, tournament.positions)
    counts = Registration.objects.filter(tournament=tournament).aggregate(
        registered=Count("pk"),
        present=Count("pk", filter=Q(checked_in=True)),
        playing_first=Count(
            "pk",
            filter=Q(checked_in=True, joins_at_position__lte=position)
            & (
                Q(withdrawn_after_position__isnull=True) | Q(withdrawn_after_position__gte=position)
            ),
        ),
    )
    return PresenceSummary(
        **counts,
        tables=table_sizes(counts["playing_first"], tournament.remainder),
        position=position,
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
    but the actions starting with one of ``ignoring``: what public pages compare to know
    whether to refresh, and what caches are keyed by, on every server.

    The number of entries, not the last one's id: ids are handed out as entries are written,
    not as their transactions commit. Two writes at once (two tables confirmed) can commit in
    the other order; between the two commits the last id is already there, and the write
    committed last would not have moved it: every page, cached under that stamp on every
    server, would go on showing the state without it. Entries are never deleted (but with
    their tournament), so each commit adds to the count."""
    entries = AuditEntry.objects.filter(tournament=tournament)
    for prefix in ignoring:
        entries = entries.exclude(action__startswith=prefix)
    return entries.count()
