"""A prize list worked out from a ranking: a tournament's official ranking (a team's row gets its
prize as one row) or a challenge's standings, by the ``PrizeRule``s of the tournament or of the
challenge, applied in order and added up. The arithmetic is ``rules``' (whole cents); this module
reads the rankings, the fees collected and the rules, and says what each amount is made of.

Must not write the database nor format an amount for display (templates do, with
``common.money.format_cents``).
"""

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.formats.registry import format_of
from scoring.models import Challenge, PrizeRule
from scoring.official_ranking import cached_official_ranking
from scoring.season import rules
from scoring.season.standings import challenge_standings
from tournaments.models import Registration, Tournament

__all__ = [
    "Fees",
    "PrizeList",
    "PrizeRow",
    "Ranked",
    "Unpaid",
    "build_list",
    "challenge_fees",
    "challenge_prizes",
    "rounding_rule",
    "rule_text",
    "tournament_fees",
    "tournament_prizes",
    "tournament_ranked",
]


def rounding_rule() -> str:
    """``rules``' rounding, as every prize list states it."""
    return _(
        "A share of the fees: the pot is the fees paid times the percentage, rounded down to "
        "the cent; each place gets its weight's part of it, rounded down to the cent, and the "
        "cents these roundings leave go to the first place. Equal places share the amounts of "
        "the places they cover equally, rounded down to the cent; the cents left (fewer than "
        "the players sharing) are not paid out."
    )


@dataclass(frozen=True)
class Fees:
    """The entry fees collected: how many players paid, and how much."""

    count: int
    cents: int


def _fees(registrations) -> Fees:
    found = registrations.aggregate(
        count=Count("pk", filter=~Q(payment="")), cents=Sum("paid_cents")
    )
    return Fees(count=found["count"] or 0, cents=found["cents"] or 0)


def tournament_fees(*, tournament: Tournament) -> Fees:
    """One aggregate query."""
    return _fees(Registration.objects.filter(tournament=tournament))


def challenge_fees(*, challenge: Challenge) -> Fees:
    """The fees of every tournament of the challenge: one aggregate query."""
    return _fees(Registration.objects.filter(tournament__challenge_entries__challenge=challenge))


@dataclass(frozen=True)
class Ranked:
    """A row of the ranking prizes are given on (a player, or a team)."""

    key: object
    place: int | None  # None: not ranked (gets only a challenge's bonus)
    tied: bool
    name: str
    club: str  # the player's club, or the team's members
    participations: int = 1


@dataclass
class PrizeRow:
    place: int | None
    tied: bool
    name: str
    club: str
    cents: int = 0
    parts: list[tuple[str, int]] = field(default_factory=list)  # (what, cents)


@dataclass(frozen=True)
class Unpaid:
    """Cents a rule leaves unpaid: a rounding among equal places, or a place nobody holds."""

    what: str
    cents: int


@dataclass
class PrizeList:
    rows: list[PrizeRow]  # those who get something, in ranking order
    rules: list[PrizeRule]
    fees: Fees
    pot_cents: int  # what the shares of the fees put in
    paid_cents: int  # what the rows get
    unpaid: list[Unpaid]
    rounding: str
    final: bool = True  # False: worked out from results that are not final yet (provisional)

    @property
    def unpaid_cents(self) -> int:
        return sum(line.cents for line in self.unpaid)


def _places_text(place: int, count: int) -> str:
    if count == 1:
        return _("place %(place)s") % {"place": place}
    return _("places %(first)s to %(last)s shared by %(count)s") % {
        "first": place,
        "last": place + count - 1,
        "count": count,
    }


def rule_text(rule: PrizeRule) -> str:
    """What a rule gives, in words (the lists and the rules' table say it so)."""
    if rule.kind == PrizeRule.Kind.SHARE:
        scale = " ".join(str(w) for w in rule.scale) or _("decreasing evenly")
        return _("%(percent)s %% of the fees over the first %(places)s (scale: %(scale)s)") % {
            "percent": rule.share_percent,
            "places": rule.places,
            "scale": scale,
        }
    if rule.kind == PrizeRule.Kind.FIXED:
        return ngettext(
            "Fixed amount for the first place",
            "Fixed amounts for the first %(count)s places",
            len(rule.amounts_cents),
        ) % {"count": len(rule.amounts_cents)}
    return ngettext(
        "Bonus for playing at least %(count)s tournament",
        "Bonus for playing at least %(count)s tournaments",
        rule.min_tournaments,
    ) % {"count": rule.min_tournaments}


def _by_place(rule: PrizeRule, fees_cents: int) -> tuple[list[int], int]:
    """The amount of each place under ``rule``, and the pot it comes from (a share's)."""
    if rule.kind == PrizeRule.Kind.SHARE:
        pot = rules.pot_cents(fees_cents, rule.share_percent)
        return rules.share_by_place(pot, rule.places, rule.scale), pot
    return list(rule.amounts_cents), 0


def _apply_places(rule, by_place, ranked, rows, unpaid) -> None:
    """Give ``by_place`` to the placed rows, equal places sharing; note what is left unpaid."""
    groups: dict[int, list[Ranked]] = {}
    for entry in ranked:
        if entry.place is not None and entry.place <= len(by_place):
            groups.setdefault(entry.place, []).append(entry)
    label = rule_text(rule)
    held = set()
    for place, entries in groups.items():
        held.update(range(place, place + len(entries)))
        shared = rules.share_ties([(e.key, place) for e in entries], by_place)
        what = f"{label}: {_places_text(place, len(entries))}"
        for entry in entries:
            if shared.amounts.get(entry.key):
                rows[entry.key].parts.append((what, shared.amounts[entry.key]))
        if shared.unpaid_cents:
            unpaid.append(
                Unpaid(f"{label}: {_places_text(place, len(entries))}", shared.unpaid_cents)
            )
    for place, cents in enumerate(by_place, start=1):
        if cents and place not in held:
            what = _("%(rule)s: nobody ranked at place %(place)s") % {"rule": label, "place": place}
            unpaid.append(Unpaid(what, cents))


def _apply_bonus(rule, ranked, rows) -> None:
    label = rule_text(rule)
    for entry in ranked:
        if entry.participations >= rule.min_tournaments and rule.bonus_cents:
            rows[entry.key].parts.append((label, rule.bonus_cents))


def build_list(ranked: Sequence[Ranked], prize_rules: Sequence[PrizeRule], fees: Fees) -> PrizeList:
    """The prize list of ``ranked`` (in ranking order) under ``prize_rules`` (in order)."""
    rows = {e.key: PrizeRow(place=e.place, tied=e.tied, name=e.name, club=e.club) for e in ranked}
    unpaid: list[Unpaid] = []
    pot = 0
    for rule in prize_rules:
        if rule.kind == PrizeRule.Kind.BONUS:
            _apply_bonus(rule, ranked, rows)
            continue
        by_place, share_pot = _by_place(rule, fees.cents)
        pot += share_pot
        _apply_places(rule, by_place, ranked, rows, unpaid)
    paid_rows = []
    for entry in ranked:
        row = rows[entry.key]
        row.cents = sum(cents for _what, cents in row.parts)
        if row.cents:
            paid_rows.append(row)
    return PrizeList(
        rows=paid_rows,
        rules=list(prize_rules),
        fees=fees,
        pot_cents=pot,
        paid_cents=sum(row.cents for row in paid_rows),
        unpaid=unpaid,
        rounding=rounding_rule(),
    )


def _team_members(rows) -> dict[int, str]:
    """registration id -> "DUPONT Marie", for the members of team rows: one query."""
    ids = {pk for row in rows if len(row.members) > 1 for pk in row.members}
    if not ids:
        return {}
    found = Registration.objects.filter(pk__in=ids).values_list("pk", "last_name", "first_name")
    return {pk: f"{last.upper()} {first}" for pk, last, first in found}


def tournament_ranked(tournament: Tournament) -> list[Ranked]:
    """The placed rows of the tournament's official ranking (a team's row lists its members)."""
    ranking = cached_official_ranking(tournament=tournament, official=True)
    names = _team_members(ranking.rows) if ranking.teams else {}
    ranked = []
    for index, row in enumerate(ranking.rows):
        if row.place is None:
            continue
        club = row.club
        if ranking.teams:
            club = ", ".join(names[pk] for pk in row.members if pk in names) or club
        ranked.append(Ranked(index, row.place, row.tied, row.name, club))
    return ranked


def tournament_prizes(*, tournament: Tournament) -> PrizeList:
    """The tournament's prizes, from its official ranking and the fees its players paid."""
    prize_rules = list(PrizeRule.objects.filter(tournament=tournament))
    ranked = tournament_ranked(tournament) if prize_rules else []
    found = build_list(ranked, prize_rules, tournament_fees(tournament=tournament))
    return replace(found, final=format_of(tournament).results_final(tournament))


def challenge_prizes(*, challenge: Challenge) -> PrizeList:
    """The challenge's prizes, from its standings and the fees of all its tournaments."""
    prize_rules = list(PrizeRule.objects.filter(challenge=challenge))
    found = build_list([], prize_rules, challenge_fees(challenge=challenge))
    if not prize_rules:
        return found  # nothing to work out: the standings are not read
    standings = challenge_standings(challenge=challenge)
    ranked = [
        Ranked(row.player_id, row.place, row.tied, row.name, row.club, row.participations)
        for row in standings.rows
    ]
    found = build_list(ranked, prize_rules, found.fees)
    final = bool(standings.entries) and len(standings.final) == len(standings.entries)
    return replace(found, final=final)
