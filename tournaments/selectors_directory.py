"""Reads for the player directory's merge: the records that may be one person (same name as a
French reader files it, at most one licence between them), and what the merge page shows of
a record. Must not write.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q

from common.text import name_sort_key

from .models import Player

DUPLICATES_SHOWN = 20
SEARCH_SHOWN = 20


@dataclass(frozen=True)
class Candidate:
    pk: int
    name: str
    licence: str
    club: str
    club_id: int | None


@dataclass(frozen=True)
class PossibleDuplicate:
    kept: Candidate  # the one with a licence, else the older record
    duplicate: Candidate
    same_club: bool


def _pair(a: Candidate, b: Candidate) -> PossibleDuplicate | None:
    if a.licence and b.licence:
        return None  # two licences: two people
    kept, duplicate = (b, a) if b.licence and not a.licence else (a, b)
    return PossibleDuplicate(kept, duplicate, a.club_id is not None and a.club_id == b.club_id)


def possible_duplicates(limit: int = DUPLICATES_SHOWN) -> list[PossibleDuplicate]:
    """Pairs of records of one name (``name_sort_key``) where at least one has no licence,
    those of one club first: one query over the directory, grouped here (the key is Python's)."""
    rows = Player.objects.order_by("pk").values_list(
        "pk", "last_name", "first_name", "licence", "club_id", "club__name"
    )
    groups: dict[str, list[Candidate]] = defaultdict(list)
    for pk, last, first, licence, club_id, club in rows:
        name = f"{last.upper()} {first}"
        groups[name_sort_key(last, first)].append(
            Candidate(pk, name, licence or "", club or "", club_id)
        )
    pairs = [
        pair
        for group in groups.values()
        for i, a in enumerate(group)
        for b in group[i + 1 :]
        if (pair := _pair(a, b)) is not None
    ]
    pairs.sort(key=lambda p: (not p.same_club, p.kept.name, p.kept.pk, p.duplicate.pk))
    return pairs[:limit]


def merge_candidates(*, kept: Player, search: str) -> list[Player]:
    """The records that ``search`` finds (every word in a name, or a licence's start), but
    ``kept``: the duplicates to choose from."""
    players = Player.objects.exclude(pk=kept.pk).select_related("club")
    words = search.split()
    for word in words:
        players = players.filter(
            Q(last_name__icontains=word)
            | Q(first_name__icontains=word)
            | Q(licence__startswith=word)
        )
    return list(players.order_by("last_name", "first_name", "pk")[:SEARCH_SHOWN]) if words else []


def merge_side(player: Player) -> dict:
    """A record as the merge page shows it beside the other: its identity and tournaments."""
    registrations = player.registrations.select_related("tournament").order_by(
        "-tournament__date", "tournament__name"
    )
    return {"player": player, "tournaments": [r.tournament for r in registrations]}
