"""A challenge's standings as its public page, its projector panel and its documents show them:
the rule in one sentence, each row's cells (the total at 2 decimals, each tournament's points,
counted or not), and each tie explained in words. Built on ``standings.challenge_standings``;
the workbook's rows are numbers, the pages' texts. Must not write, and reads no more than the
standings do.
"""

import hashlib
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.models import Challenge, ChallengeTournament
from scoring.season import rules
from scoring.season.standings import ChallengeRow, ChallengeStandings, standings_key
from scoring.shown import decimal_text


def points_value(points: Fraction) -> Decimal:
    """Points for a file: a number at 2 decimals (half away from zero)."""
    return Decimal(decimal_text(points, 2))


def points_text(points: Fraction) -> str:
    """Points as pages and prints show them: 2 decimals, the reader's separator."""
    return number_format(points_value(points), 2)


def coefficient_text(coefficient: Decimal) -> str:
    """A tournament's coefficient without trailing zeros: 1.5, 2, 10."""
    return number_format(Decimal(format(coefficient.normalize(), "f")))


def stamp_of(challenge: Challenge, key: str | None = None) -> str:
    """A short token that changes with the standings (``standings_key``: the challenge's version
    and each tournament's change stamp): what the page's poll compares."""
    key = standings_key(challenge) if key is None else key
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def _names(items: list[str]) -> str:
    """ "A, B and C"."""
    if len(items) == 1:
        return items[0]
    return _("%(names)s and %(last)s") % {"names": ", ".join(items[:-1]), "last": items[-1]}


def _scale_text(scale: list[int]) -> str:
    if not scale:
        return _("Points by place, from a scale that gives none")
    return ngettext(
        "Points by place: %(points)s for the first place",
        "Points by place: %(points)s for the first %(count)d places",
        len(scale),
    ) % {"points": ", ".join(str(p) for p in scale), "count": len(scale)}


def rule_sentence(challenge: Challenge, entries: list[ChallengeTournament]) -> str:
    """The challenge's rule in one sentence."""
    parts = [
        {
            rules.SCALE: lambda: _scale_text(list(challenge.scale or [])),
            rules.FIELD: lambda: _(
                "Points proportional to the field: one per player beaten, plus one"
            ),
            rules.PERCENT: lambda: _("Points: the tournament's percentage"),
        }[challenge.points_rule]()
    ]
    if challenge.best_of:
        parts.append(
            ngettext("the best result counts", "the best %(n)s results count", challenge.best_of)
            % {"n": challenge.best_of}
        )
    else:
        parts.append(_("every result counts"))
    if challenge.min_participations > 1:
        parts.append(
            _("ranked from %(n)d tournaments played") % {"n": challenge.min_participations}
        )
    weighted = [e for e in entries if e.coefficient != 1]
    if weighted:
        coefficients = ", ".join(
            f"{e.tournament.name} × {coefficient_text(e.coefficient)}" for e in weighted
        )
        parts.append(_("coefficients: %(list)s") % {"list": coefficients})
    return "; ".join(parts) + "."


def _tie_messages() -> dict[tuple[str, str], str]:
    """Whole sentences, so that each language words them its own way."""
    return {
        (rules.BY_BEST, "ahead"): _("Level with %(names)s on total: ahead on best result"),
        (rules.BY_BEST, "behind"): _("Level with %(names)s on total: behind on best result"),
        (rules.BY_BEST, "between"): _(
            "Level with %(names)s on total: ahead of %(below)s, behind %(above)s on best result"
        ),
        (rules.BY_PARTICIPATIONS, "ahead"): _(
            "Level with %(names)s on total and best result: ahead on participations"
        ),
        (rules.BY_PARTICIPATIONS, "behind"): _(
            "Level with %(names)s on total and best result: behind on participations"
        ),
        (rules.BY_PARTICIPATIONS, "between"): _(
            "Level with %(names)s on total and best result: ahead of %(below)s, behind "
            "%(above)s on participations"
        ),
    }


def tie_note(row: ChallengeRow, rows: list[ChallengeRow]) -> str:
    """Why ``row`` sits where it does beside those on its total, in words ("" for no tie)."""
    if row.decided_by is None or row.place is None:
        return ""
    level = [o for o in rows if o.place is not None and o.total == row.total and o is not row]
    if row.decided_by == rules.SHARED:
        same = [
            o.name for o in level if (o.best, o.participations) == (row.best, row.participations)
        ]
        return _("Level with %(names)s on total, best result and participations: shared place") % {
            "names": _names(same or [o.name for o in level])
        }
    if row.decided_by == rules.BY_BEST:
        mine, theirs = row.best, lambda o: o.best
    else:
        level = [o for o in level if o.best == row.best]
        mine, theirs = row.participations, lambda o: o.participations
    others = [o for o in level if theirs(o) != mine]
    below = [o.name for o in others if theirs(o) < mine]
    above = [o.name for o in others if theirs(o) > mine]
    side = "between" if above and below else "behind" if above else "ahead"
    return _tie_messages()[row.decided_by, side] % {
        "names": _names([o.name for o in others]),
        "below": _names(below) if below else "",
        "above": _names(above) if above else "",
    }


@dataclass(frozen=True)
class Cell:
    """One tournament's points of one player: ``counted`` False for a result left out (best
    N); ``text`` "" where the player did not play (or was not placed)."""

    text: str
    counted: bool
    about: str  # "3rd of 12" or what the figure was


@dataclass(frozen=True)
class ShownRow:
    place: str  # "3", "3=" or "" (unranked)
    row: ChallengeRow
    total: str
    cells: list[Cell]
    note: str


def _cell(row: ChallengeRow, entry: ChallengeTournament) -> Cell:
    result = row.results.get(entry.tournament_id)
    if result is None:
        return Cell("", True, "")
    about = _("place %(place)s of %(field)d") % {
        "place": f"{result.place}{'=' if result.tied else ''}",
        "field": result.field_size,
    }
    return Cell(points_text(result.points), entry.tournament_id in row.counted, about)


@dataclass(frozen=True)
class ShownStandings:
    challenge: Challenge
    entries: list[ChallengeTournament]
    rule: str
    tournaments: list[dict]  # entry_list
    ranked: list[ShownRow]
    unranked: list[ShownRow]


def shown_standings(standings: ChallengeStandings) -> ShownStandings:
    """The standings as a page or a print shows them."""
    rows, entries = standings.rows, standings.entries
    shown = [
        ShownRow(
            place="" if row.place is None else f"{row.place}{'=' if row.tied else ''}",
            row=row,
            total=points_text(row.total),
            cells=[_cell(row, entry) for entry in entries],
            note=tie_note(row, rows),
        )
        for row in rows
    ]
    return ShownStandings(
        challenge=standings.challenge,
        entries=entries,
        rule=rule_sentence(standings.challenge, entries),
        tournaments=entry_list(entries, standings.final),
        ranked=[s for s in shown if s.row.qualified],
        unranked=[s for s in shown if not s.row.qualified],
    )


def tournament_label(entry: ChallengeTournament) -> str:
    return entry.tournament.name


def entry_list(entries: list[ChallengeTournament], final=frozenset()) -> list[dict]:
    """The tournaments as pages and prints list them: each with its coefficient's text where
    it is not 1, and whether it counts yet (its results are final)."""
    return [
        {
            "tournament": e.tournament,
            "coefficient": "" if e.coefficient == 1 else coefficient_text(e.coefficient),
            "final": e.tournament_id in final,
        }
        for e in entries
    ]


# --- Rows for a workbook: numbers stay numbers ------------------------------------------------


def standings_rows(standings: ChallengeStandings):
    """The standings sheet: place, tied, name, club, total, each tournament's points (counted
    or not), participations, the tie in words."""
    entries = standings.entries
    yield [
        _("Place"), _("Tied"), _("Name"), _("Club"), _("Total"),
        *(tournament_label(e) for e in entries), _("Participations"), _("Tie"),
    ]  # fmt: skip
    for row in standings.rows:
        points = [
            points_value(row.results[e.tournament_id].points)
            if e.tournament_id in row.results
            else None
            for e in entries
        ]
        yield [
            row.place, _("yes") if row.tied else "", row.name, row.club,
            points_value(row.total), *points, row.participations,
            tie_note(row, standings.rows),
        ]  # fmt: skip


def results_rows(standings: ChallengeStandings):
    """Each player's results, one row per tournament played: the tournament, its place, the
    field, the points and whether they count."""
    dates = {e.tournament_id: e for e in standings.entries}
    yield [
        _("Name"), _("Club"), _("Date"), _("Tournament"), _("Place"), _("Tied"),
        _("Players placed"), _("Coefficient"), _("Points"), _("Counted"),
    ]  # fmt: skip
    for row in standings.rows:
        for entry in standings.entries:
            result = row.results.get(entry.tournament_id)
            if result is None:
                continue
            yield [
                row.name, row.club, dates[entry.tournament_id].tournament.date,
                entry.tournament.name, result.place, _("yes") if result.tied else "",
                result.field_size, entry.coefficient, points_value(result.points),
                _("yes") if entry.tournament_id in row.counted else _("no"),
            ]  # fmt: skip
