"""The results menu of the official ranking, every format's by default
(``scoring.formats.base.TournamentFormat``: duplicate individuel, triplettes, quadrettes, team
match): the ranking as the page's table, a PDF, CSV rows, a workbook and the federation's file.
Donnes libres have their own (``scoring.formats.libre.exports``), whose rankings carry a bilan
per position. The format (``game``) says what is its own: how far its ranking counts, what its
players played, its workbook's sheets, whether the ledger's penalties count. This module names
no format package and does not look the format up, so that the interface can build on it.

Figures: a global % with 2 decimals (as the séance's pages and prints), PM with 3; in files
they stay numbers. Must not write, and no query count here grows with the field.
"""

from collections.abc import Callable, Iterator
from decimal import Decimal
from fractions import Fraction

from django.db.models import Count
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from common.rendering import CSV, PDF, XLSX, csv_bytes, render_pdf, xlsx_bytes
from scoring import ranking_cache
from scoring.engine.duplicate import pm_round
from scoring.models.duplicate import ORIENTATIONS, Orientation
from scoring.penalty_rows import penalty_rows
from scoring.ranking import Kind, OfficialRanking, RankingRow
from scoring.shown import decimal_text
from tournaments.models import Registration, Table, Tournament

MINUS = "−"  # U+2212: a printed minus as wide as the plus

# Sheets that apps built on scoring add to every results workbook, after scoring's own: each a
# function of the tournament giving (title, rows). ``arbitration`` registers the arbitre's
# report ("Arbitrage") from its AppConfig.ready, so that scoring never imports it.
WORKBOOK_SHEETS: list[Callable[[Tournament], tuple[str, Iterator[list]]]] = []


def register_workbook_sheet(sheet: Callable[[Tournament], tuple[str, Iterator[list]]]) -> None:
    if sheet not in WORKBOOK_SHEETS:
        WORKBOOK_SHEETS.append(sheet)


def figure_label(ranking: OfficialRanking) -> str:
    if "points" in ranking.extras:  # a team match: competition points first, then this
        return _("PM for − against")
    if ranking.kind is Kind.PERCENT and "percentages" not in ranking.extras:
        return _("Total")  # several séances: Σ coefficient × global
    return {
        Kind.POINTS: _("Total"),
        Kind.PERCENT: _("Global %"),
        Kind.PM: pgettext("match points", "PM"),
    }[ranking.kind]


def legend(ranking: OfficialRanking, official: bool) -> str:
    """What the figure is, under a ranking's title (the séance's own prints' words)."""
    if ranking.kind is Kind.PERCENT and "percentages" not in ranking.extras:
        return _(
            "Total: Σ coefficient × global of each séance, penalties taken off; a séance "
            "missed counts 0."
        )
    if ranking.kind is Kind.PERCENT and ranking.teams:
        return _("Global = ½ attack + ½ defence, penalties taken off. Percentages of the séance.")
    if ranking.kind is Kind.PERCENT:
        return _("Global = ¼ attack + ¾ defence, penalties taken off. Percentages of the séance.")
    if "points" in ranking.extras:
        if not official:
            return _(
                "2 points a win, 1 a draw, then PM for minus PM against; every quarter entered."
            )
        return _("2 points a win, 1 a draw, then PM for minus PM against; finished matches only.")
    if ranking.kind is Kind.PM:
        return _(
            "Result = PM won − PM lost − penalties, over every étui of the séance (oppositions "
            "won do not count in themselves). Equal results share the place."
        )
    return ""


def figure_value(row: RankingRow) -> int | Decimal | None:
    """The figure as a number for a file: a percentage at 2 decimals, PM at 3 (both half
    away from zero)."""
    if row.figure is None:
        return None
    if row.kind is Kind.PERCENT:
        return Decimal(decimal_text(row.figure, 2))
    if row.kind is Kind.PM:
        return pm_round(Decimal(row.figure))
    return row.figure


def _percent(value) -> str:
    return "—" if value is None else number_format(Decimal(decimal_text(value, 2)), 2)


def figure_text(row: RankingRow) -> str:
    """The figure as pages and prints show it: 56,25; +12,838 PM; 1346."""
    value = figure_value(row)
    if value is None:
        return "—"
    if row.kind is Kind.PERCENT:
        return _percent(row.figure)
    if row.kind is Kind.PM:
        text = number_format(abs(value), 3)
        return text if not value else f"+{text}" if value > 0 else f"{MINUS}{text}"
    return str(value)


def member_names(tournament: Tournament) -> dict[int, str]:
    """registration id -> "12 DUPONT Marie": one query."""
    return {
        reg.pk: f"{reg.number} {reg.name}"
        for reg in Registration.objects.filter(tournament=tournament).only(
            "pk", "number", "last_name", "first_name"
        )
    }


def _filename(tournament: Tournament, kind: str, official: bool, ext: str) -> str:
    state = "official" if official else "provisional"
    return f"{tournament.slug}-{kind}-{state}.{ext}"


# header, cell, its class on a page: "num" a figure (right), "name" a name (never cut inside
# a word), "line" a line (named in the reader's language), "" other text.
Column = tuple[str, Callable[[RankingRow], object], str]


def _columns(ranking: OfficialRanking, alternate_part: bool = False) -> list[Column]:
    """The columns of a ranking after its place, for files and pages alike: number, name (and
    club) or team, the line and the alterné's place where there is one, the percentages or
    the competition points the format gives, the figure."""
    columns: list[Column] = [(_("No."), lambda r: r.number, "num")]
    if ranking.teams:
        columns.append((_("Team"), lambda r: r.name, "name"))
    else:
        columns += [(_("Name"), lambda r: r.name, "name"), (_("Club"), lambda r: r.club, "")]
    if ranking.alternate:
        columns.append((_("Line"), lambda r: r.line, "line"))
        if not alternate_part:
            columns.append((_("Alterné place"), lambda r: r.alternate_place, "num"))
    if "percentages" in ranking.extras:
        columns += [
            (_("Attack %"), lambda r: r.attack, "num"),
            (_("Defence %"), lambda r: r.defence, "num"),
        ]
    if "points" in ranking.extras:
        columns += [
            (_("Points"), lambda r: r.points, "num"),
            (_("PM for"), lambda r: r.pm_for, "num"),
            (_("PM against"), lambda r: r.pm_against, "num"),
        ]
    return columns


def _file_value(value):
    return Decimal(decimal_text(value, 2)) if isinstance(value, Fraction) else value


def ranking_rows(ranking: OfficialRanking, names: dict[int, str]) -> Iterator[list]:
    """The ranking as rows for a CSV file or a workbook sheet, in the général's order: place,
    tie, the format's columns, the figure, then a team's members."""
    columns = _columns(ranking)
    header = [_("Place"), _("Tied"), *(label for label, _cell, _css in columns)]
    header.append(figure_label(ranking))
    yield header + ([_("Members")] if ranking.teams else [])
    for row in ranking.rows:
        cells = [row.place, _("yes") if row.tied else ""]
        cells += [_file_value(cell(row)) for _label, cell, _css in columns]
        cells.append(figure_value(row))
        if ranking.teams:
            cells.append(", ".join(names.get(pk, "") for pk in row.members))
        yield cells


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return _percent(value)
    return number_format(value, 3) if isinstance(value, Decimal) else str(value)


def _line_text(line: str) -> str:
    """A line as the séance's pages name it: North… for a player, NS or EW for a team."""
    if line in ORIENTATIONS:
        return Orientation(line).label
    if not line:
        return ""
    return _("NS") if line == "NS" else _("EW")  # a team's line, as triplettes print it


def _part(kind: str, title: str, ranking: OfficialRanking, rows, names) -> dict:
    """A ranking as a table for the page and the PDF: a head and rows of cells, each cell a
    text and its class (``Column``)."""
    alternate = kind == "alternate"
    columns = _columns(ranking, alternate_part=alternate)
    head = [(_("Place"), "rank"), *((label, css) for label, _c, css in columns)]
    head.append((figure_label(ranking), "num"))
    if ranking.teams:
        head.append((_("Members"), "members"))
    places = [row.alternate_place if alternate else row.place for row in rows]
    shared = {p for p in places if p is not None and places.count(p) > 1}
    lines = []
    for row, place in zip(rows, places, strict=True):
        cells = [(f"{place}{'=' if place in shared else ''}" if place else "—", "rank")]
        cells += [
            (_line_text(row.line) if css == "line" else _text(cell(row)), css)
            for _label, cell, css in columns
        ]
        cells.append((figure_text(row), "num total"))
        if ranking.teams:
            cells.append((", ".join(names.get(pk, "") for pk in row.members), "members"))
        lines.append(cells)
    return {"kind": kind, "title": title, "head": head, "rows": lines, "about": ""}


def ranking_parts(ranking: OfficialRanking, names: dict[int, str]) -> list[dict]:
    """The tables of the ranking: the alterné then the général where there is an alterné,
    else the one ranking."""
    if ranking.alternate:
        alternate = _part("alternate", _("Alterné ranking"), ranking, ranking.alternate_rows, names)
        alternate["about"] = (
            _(
                "Each line ranked apart; the firsts of North-South and East-West take places 1 "
                "and 2, the seconds 3 and 4, and so on."
            )
            if ranking.teams
            else _(
                "Each line ranked apart; the firsts of the four lines take places 1 to 4, the "
                "seconds 5 to 8, and so on."
            )
        )
        return [alternate, _part("general", _("Général ranking"), ranking, ranking.rows, names)]
    title = _("Competition table") if "points" in ranking.extras else _("Ranking")
    return [_part("general", title, ranking, ranking.rows, names)]


def page_context(game, tournament: Tournament, official: bool) -> dict:
    """What the results menu's page shows: the ranking's tables, how much it counts, what its
    figure is, whether there is a penalties file."""
    ranking = ranking_cache.cached(
        tournament, lambda counted: game.official_ranking(tournament, official=counted), official
    )  # where each write's commit left it (``TournamentFormat.refresh_rankings``)
    return {
        "parts": ranking_parts(ranking, member_names(tournament)),
        "progress": game.ranking_progress(tournament),
        "legend": legend(ranking, official),
        "penalties": ("penalties", "csv") in kinds(game, tournament),
    }


def ranking_pdf(game, *, tournament: Tournament, official: bool, progress=None):
    ranking = game.official_ranking(tournament, official=official)
    context = {
        "tournament": tournament,
        "official": official,
        "parts": ranking_parts(ranking, member_names(tournament)),
        "progress": game.ranking_progress(tournament),
        "legend": legend(ranking, official),
    }
    pdf = render_pdf("print/official_ranking.html", context, progress=progress)
    return _filename(tournament, "ranking", official, "pdf"), PDF, pdf


def positions_played_column(tournament: Tournament) -> tuple[str, dict[int, int]]:
    """The federation file's column of positions played: at a seat (individuel) or, in a team
    form, at a table of the player's team. Two queries."""
    played = dict(
        Registration.objects.filter(tournament=tournament)
        .annotate(played=Count("seats"))
        .values_list("pk", "played")
    )
    rounds: dict[int, set[int]] = {}
    for round_id, *teams in Table.objects.filter(round__tournament=tournament).values_list(
        "round_id", "ns_team_id", "ew_team_id"
    ):
        for team in teams:
            if team is not None:
                rounds.setdefault(team, set()).add(round_id)
    for pk, team in Registration.objects.filter(
        tournament=tournament, team__isnull=False
    ).values_list("pk", "team_id"):
        played[pk] = played.get(pk, 0) + len(rounds.get(team, ()))
    return _("Positions played"), played


def federation_rows(
    game, *, tournament: Tournament, ranking: OfficialRanking, official: bool
) -> Iterator[list]:
    """The federation's results file, as in donnes libres (licence, names, club, rank, the
    figure, what was played), one row per player in the ranking's order: a team's members
    each with the team's place and figure, and the team."""
    played_title, played = game.federation_played(tournament, official)
    header = [
        _("Licence"), _("Last name"), _("First name"), _("Club"), _("Club number"), _("Rank"),
        figure_label(ranking), played_title,
    ]  # fmt: skip
    yield header + ([_("Team")] if ranking.teams else [])
    people = {
        reg["pk"]: reg
        for reg in Registration.objects.filter(tournament=tournament)
        .order_by("number")
        .values(
            "pk", "player__licence", "last_name", "first_name",
            "club__name", "club__federation_number",
        )
    }  # fmt: skip
    for row in ranking.rows:
        for pk in row.members:
            reg = people[pk]
            cells = [
                reg["player__licence"] or "", reg["last_name"].upper(), reg["first_name"],
                reg["club__name"] or "", reg["club__federation_number"] or "",
                row.place, figure_value(row), played.get(pk, 0),
            ]  # fmt: skip
            yield cells + ([f"{row.number} {row.name}"] if ranking.teams else [])


def _csv_rows(game, tournament: Tournament, kind: str, official: bool) -> Iterator[list]:
    """The rows of the CSV file ``kind``: ranking, federation or penalties."""
    if kind == "penalties":
        return penalty_rows(tournament=tournament)
    ranking = game.official_ranking(tournament, official=official)
    if kind == "federation":
        return federation_rows(game, tournament=tournament, ranking=ranking, official=official)
    return ranking_rows(ranking, member_names(tournament))


def kinds(game, tournament: Tournament) -> set[tuple[str, str]]:
    """The documents of the official ranking's results menu."""
    found = {("ranking", "pdf"), ("ranking", "csv"), ("federation", "csv"), ("results", "xlsx")}
    if game.ledger_penalties:
        found.add(("penalties", "csv"))
    return found


def workbook(game, *, tournament: Tournament, official: bool) -> tuple[str, str, bytes]:
    """The ranking, then the format's own sheets (a duplicate form: every line of every
    travelling sheet in the columns of fft-duplicate.md §6), the penalties, then the sheets
    other apps registered (``WORKBOOK_SHEETS``)."""
    ranking = game.official_ranking(tournament, official=official)
    parts = [(_("Ranking"), ranking_rows(ranking, member_names(tournament)))]
    parts += game.workbook_sheets(tournament, official)
    if game.ledger_penalties:
        parts.append((_("Penalties"), penalty_rows(tournament=tournament)))
    parts += [sheet(tournament) for sheet in WORKBOOK_SHEETS]
    return _filename(tournament, "results", official, "xlsx"), XLSX, xlsx_bytes(parts)


def document(game, *, tournament: Tournament, kind: str, fmt: str, official: bool,
             progress=None):  # fmt: skip
    """The official ranking's results document ``<kind>.<fmt>``, or None."""
    if (kind, fmt) not in kinds(game, tournament):
        return None
    if fmt == "csv":
        content = csv_bytes(_csv_rows(game, tournament, kind, official))
        return _filename(tournament, kind, official, "csv"), CSV, content
    if fmt == "xlsx":
        return workbook(game, tournament=tournament, official=official)
    return ranking_pdf(game, tournament=tournament, official=official, progress=progress)
