"""The treasurer's sheet of a challenge: per tournament, the fees collected and the prizes its
own list pays; then the challenge's own prizes and the balance.

Must not write the database.
"""

from dataclasses import dataclass

from django.db.models import Count, Q, Sum

from scoring.models import Challenge, ChallengeTournament, PrizeRule
from scoring.season.prizes import (
    Fees,
    PrizeList,
    build_list,
    challenge_prizes,
    tournament_ranked,
)
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
    """One query for the tournaments, one for their fees, one for their prize rules; then each
    tournament with rules reads its (cached) official ranking, and the challenge its list."""
    entries = list(
        ChallengeTournament.objects.filter(challenge=challenge)
        .select_related("tournament")
        .order_by("tournament__date", "tournament__name", "tournament_id")
    )
    tournaments = [entry.tournament for entry in entries]
    found = {
        row["tournament"]: Fees(count=row["count"], cents=row["cents"] or 0)
        for row in Registration.objects.filter(tournament__in=tournaments)
        .values("tournament")
        .annotate(count=Count("pk", filter=~Q(payment="")), cents=Sum("paid_cents"))
    }
    rules_of: dict[int, list[PrizeRule]] = {}
    for rule in PrizeRule.objects.filter(tournament__in=tournaments):
        rules_of.setdefault(rule.tournament_id, []).append(rule)
    lines = []
    for tournament in tournaments:
        fees = found.get(tournament.pk, Fees(0, 0))
        rules = rules_of.get(tournament.pk, [])
        ranked = tournament_ranked(tournament) if rules else []
        paid = build_list(ranked, rules, fees).paid_cents
        lines.append(TreasurerLine(tournament=tournament, fees=fees, prizes_cents=paid))
    return TreasurerSheet(
        challenge=challenge, lines=lines, prizes=challenge_prizes(challenge=challenge)
    )
