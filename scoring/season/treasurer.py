"""The treasurer's sheet of a challenge: per tournament, the fees collected and the prizes its
own list pays; then the challenge's own prizes and the balance.

Must not write the database.
"""

from dataclasses import dataclass

from django.db.models import Count, Q, Sum

from scoring.models import Challenge, ChallengeTournament
from scoring.season.prizes import Fees, PrizeList, challenge_prizes, tournament_prizes
from tournaments.models import Registration, Tournament


@dataclass(frozen=True)
class TreasurerLine:
    tournament: Tournament
    fees: Fees
    prizes_cents: int  # what the tournament's own prize list pays


@dataclass(frozen=True)
class TreasurerSheet:
    challenge: Challenge
    lines: list[TreasurerLine]
    prizes: PrizeList  # the challenge's own

    @property
    def fees(self) -> Fees:
        return Fees(
            count=sum(line.fees.count for line in self.lines),
            cents=sum(line.fees.cents for line in self.lines),
        )

    @property
    def tournament_prizes_cents(self) -> int:
        return sum(line.prizes_cents for line in self.lines)

    @property
    def paid_cents(self) -> int:
        return self.tournament_prizes_cents + self.prizes.paid_cents

    @property
    def balance_cents(self) -> int:
        """The fees collected less every prize paid (negative: the prizes cost more)."""
        return self.fees.cents - self.paid_cents


def treasurer_sheet(*, challenge: Challenge) -> TreasurerSheet:
    """One aggregate query for the fees of every tournament; each tournament's prize list reads
    its rules and its (cached) official ranking."""
    entries = list(
        ChallengeTournament.objects.filter(challenge=challenge)
        .select_related("tournament")
        .order_by("tournament__date", "tournament__name", "tournament_id")
    )
    found = {
        row["tournament"]: Fees(count=row["count"], cents=row["cents"] or 0)
        for row in Registration.objects.filter(tournament__in=[e.tournament for e in entries])
        .values("tournament")
        .annotate(count=Count("pk", filter=~Q(payment="")), cents=Sum("paid_cents"))
    }
    lines = [
        TreasurerLine(
            tournament=entry.tournament,
            fees=found.get(entry.tournament_id, Fees(0, 0)),
            prizes_cents=tournament_prizes(tournament=entry.tournament).paid_cents,
        )
        for entry in entries
    ]
    return TreasurerSheet(
        challenge=challenge, lines=lines, prizes=challenge_prizes(challenge=challenge)
    )
