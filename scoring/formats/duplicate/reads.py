"""Reads of the duplicate individuel (fft-duplicate.md §2): which tables play each étui, the
travelling sheets' lines, the topage into notes, percentages, and the général and alterné
rankings of each séance and of the tournament.

Everything here reads; the writes are ``services_duplicate``'s. The arithmetic is the pure
engine's (``engine.duplicate``): notes are exact fractions, rounded only where a page or a file
shows them. ``official=True`` reads only confirmed travelling sheets; ``official=False`` (the
staff's provisional view) reads the current version of each, confirmed or not. Whether anyone
but the staff may see a séance's scores is the callers' business: the public pages wait for
``Session.is_closed``. The provisional view also counts the scores the tables reported
(``TableReport``) where a travelling sheet has no line yet: ``with_reported``.
"""

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Q

from scoring.engine.duplicate import (
    NoteSum,
    alternate_ranking,
    general_ranking,
    note_parts,
    percentages_of,
)
from scoring.formats.duplicate.values import (  # the values, here for the callers that read them
    DEFAULT_ASSIGNED,  # noqa: F401
    At,
    BoardNote,  # noqa: F401
    Line,
    Played,
    PlayerResult,
    SessionResults,
    ToppedBoards,
)
from scoring.models import Penalty
from scoring.models.duplicate import ORIENTATIONS, Board, TravellingLine, TravellingSheet
from scoring.models.duplicate_reports import TableReport
from tournaments.models import Registration, Seat, Session, Table, Tournament

ATTACK_WEIGHT = Fraction(1, 4)  # individuel: global = ¼ attack + ¾ defence
# What the rankings, feuilles de route and exports show of a player (the rest stays unread).
REGISTRATION_FIELDS = (
    "pk", "tournament_id", "player_id", "number", "last_name", "first_name", "sort_name",
    "stand_in", "first_seat", "first_table", "team_id", "club_id",
)  # fmt: skip


@dataclass(frozen=True)
class Play:
    """One table that plays a série at one position: who sits in each orientation."""

    position: int  # Round.number
    round_id: int
    table: int
    players: dict  # orientation -> registration id


def board_plays(session: Session) -> dict[int, list[Play]]:
    """série -> the tables that play it, in the order of positions (two queries)."""
    tables = (
        Table.objects.filter(round__session=session, board_set__isnull=False)
        .order_by("round__number", "number")
        .values_list("pk", "board_set", "round__number", "round_id", "number")
    )
    seats = defaultdict(dict)
    for table_id, number, registration_id in Seat.objects.filter(
        round__session=session
    ).values_list("table_id", "number", "registration_id"):
        seats[table_id][ORIENTATIONS[number]] = registration_id
    plays = defaultdict(list)
    for table_id, board_set, position, round_id, number in tables:
        plays[board_set].append(Play(position, round_id, number, seats[table_id]))
    return dict(plays)


def current_sheets(session: Session, official: bool) -> dict[int, TravellingSheet]:
    """board id -> its current version (its confirmed one when ``official``)."""
    return {sheet.board_id: sheet for sheet in _current(session, official)}


def _current(session: Session, official: bool):
    sheets = TravellingSheet.objects.filter(board__session=session)
    if official:
        return sheets.filter(status=TravellingSheet.Status.CONFIRMED)
    return sheets.exclude(status=TravellingSheet.Status.SUPERSEDED)


def current_sheet_ids(session: Session, official: bool) -> dict[int, int]:
    """board id -> the id of its current version, as ``current_sheets`` finds it, without
    making the sheets."""
    return dict(_current(session, official).values_list("board_id", "pk"))


LINE_FIELDS = ("pk", "sheet_id", "round__number", "table_number", "score", "deal_version")
MARK_FIELDS = ("pk", "rature", "adjusted", "cancelled", "adjust_reason", "assigned_notes")


def sheet_lines(sheet_ids) -> dict[int, list[Line]]:
    """sheet id -> its lines in the order of positions and tables (two queries: the marks,
    reasons and assigned notes are read apart, for the few lines that have one)."""
    sheet_ids = list(sheet_ids)
    found = TravellingLine.objects.filter(sheet_id__in=sheet_ids)
    positions: dict[int, At] = {}
    lines, by_pk = defaultdict(list), {}
    for pk, sheet_id, position, table, score, version in found.order_by(
        "round__number", "table_number"
    ).values_list(*LINE_FIELDS):
        at = positions.get(position) or positions.setdefault(position, At(position))
        line = by_pk[pk] = Line(pk, sheet_id, at, table, score, deal_version=version)
        lines[sheet_id].append(line)
    marked = Q(rature=True) | Q(adjusted=True) | Q(cancelled=True)
    for pk, rature, adjusted, cancelled, reason, notes in found.filter(marked).values_list(
        *MARK_FIELDS
    ):
        line = by_pk[pk]
        line.rature, line.adjusted, line.cancelled = rature, adjusted, cancelled
        line.adjust_reason, line.assigned_notes = reason, notes or {}
    return lines


def top_board_parts(lines: list[Line]) -> dict[int, tuple[int, int]]:
    """line id -> the taker's note as a (numerator, denominator) pair
    (``engine.duplicate.note_parts``); each version of the deal topped on its own scale, the
    cancelled lines left out."""
    by_version = defaultdict(list)
    for line in lines:
        if not line.cancelled:
            by_version[line.deal_version].append(line)
    notes = {}
    for version_lines in by_version.values():
        for line, parts in zip(
            version_lines, note_parts([line.score for line in version_lines]), strict=True
        ):
            notes[line.pk] = parts
    return notes


def reported_lines(session: Session) -> dict[int, list[TravellingLine]]:
    """board id -> the scores the tables reported, as travelling-sheet lines never saved (not
    cancelled, deal version 1). Each one's ``pk`` is minus its report's, so that the topage,
    which keys notes by line, tells them from the sheets' lines. Staff's provisional view only."""
    lines = defaultdict(list)
    for report in TableReport.objects.filter(board__session=session).select_related("round"):
        lines[report.board_id].append(
            TravellingLine(
                pk=-report.pk,
                round=report.round,
                table_number=report.table_number,
                score=report.score,
            )
        )
    return lines


def with_reported(lines: list[TravellingLine], reported) -> list[TravellingLine]:
    """An étui's sheet lines, plus the reported score of each table the sheet has no line for:
    the travelling sheet always wins over a table's report."""
    have = {(line.round.number, line.table_number) for line in lines}
    extra = [line for line in reported if (line.round.number, line.table_number) not in have]
    if not extra:
        return lines
    return sorted([*lines, *extra], key=lambda line: (line.round.number, line.table_number))


def session_results(session: Session, *, official: bool) -> SessionResults:
    """The séance's topage, percentages and rankings, from its travelling sheets."""
    plays = board_plays(session)
    by_place = {(play.position, play.table): play for série in plays.values() for play in série}
    seated = {pk for play in by_place.values() for pk in play.players.values()}
    registrations = Registration.objects.only(*REGISTRATION_FIELDS).in_bulk(seated)
    results = {}
    for play in by_place.values():
        for orientation, registration_id in play.players.items():
            if registration_id not in results:
                results[registration_id] = PlayerResult(registrations[registration_id], orientation)
    boards = Board.objects.filter(session=session).order_by("number")
    sheets = current_sheet_ids(session, official)
    lines = sheet_lines(sheets.values())
    reported = {} if official else reported_lines(session)  # official results never read them
    sums = {pk: (NoteSum(), NoteSum()) for pk in results}  # attack, defence
    topped, missing = {}, 0
    for board_id, number, board_set, taker in boards.values_list(
        "pk", "number", "board_set", "taker"
    ):
        board_lines = lines.get(sheets.get(board_id), [])
        board_lines = with_reported(board_lines, reported.get(board_id, ()))
        missing += len(plays.get(board_set, ())) - len(board_lines)
        parts = top_board_parts(board_lines)
        topped[number] = board_lines, parts
        for line in board_lines:
            play = by_place.get((line.round.number, line.table_number))
            if play is not None:
                _credit(line, play, number, taker, parts.get(line.pk), results, sums)
    positions = {play.position for play in by_place.values()}
    for registration_id, points in session_penalties(session, positions):
        if registration_id in results:
            results[registration_id].penalty += points
    for pk, result in results.items():
        counted = percentages_of(*sums[pk], attack_weight=ATTACK_WEIGHT)
        result.attack, result.defence = counted.attack, counted.defence
        if counted.overall is not None:
            result.overall = counted.overall - result.penalty
    ranked = rank_players(list(results.values()))
    return SessionResults(session, ranked[0], ranked[1], ToppedBoards(topped), max(missing, 0))


def session_penalties(session: Session, positions) -> list[tuple[int, object]]:
    """(registration id, points) of each penalty in force given at one of ``positions`` of
    the séance: one query. The individuel takes it off the player's global, the team forms off
    the team's (``team_penalties``)."""
    return list(
        Penalty.objects.filter(
            tournament_id=session.tournament_id,
            cancelled_at__isnull=True,
            position__in=positions,
        ).values_list("registration_id", "points")
    )


def team_penalties(session: Session, positions) -> dict[int, object]:
    """team id -> the sum of the penalties its members were given at ``positions``: two
    queries (who is in which team, then the penalties)."""
    team_of = dict(
        session.tournament.registrations.filter(team__isnull=False).values_list("pk", "team_id")
    )
    totals: dict[int, object] = {}
    for registration_id, points in session_penalties(session, positions):
        team = team_of.get(registration_id)
        if team is not None:
            totals[team] = totals.get(team, 0) + points
    return totals


def _credit(line: Line, play: Play, number: int, taker: str, taker_parts, results, sums):
    """Each of the table's four players' note on étui ``number``, added to their results: the
    taker's note in attack, 100 − it in defence, or the note the arbitre assigned when the deal
    was cancelled there. One ``Played`` for the four, its notes kept as integer pairs: a
    séance of 400 players reads 20,000 notes at every look at the rankings."""
    numerator, denominator = taker_parts or (0, 1)
    played = Played(
        number, play.position, play.table, taker, line.score, numerator, denominator,
        line.cancelled, line.assigned_notes,
    )  # fmt: skip
    defence = 100 * denominator - numerator
    for orientation, registration_id in play.players.items():
        result = results[registration_id]
        if orientation != result.line:
            result.seats[len(result.played)] = orientation
        result.played.append(played)
        if line.cancelled:
            n, d = played.parts(orientation)
        else:  # Played.parts' rule, inline: this runs for each of a séance's 20,000 notes
            n, d = (numerator if orientation == taker else defence), denominator
        total = sums[registration_id][0 if orientation == taker else 1]
        total.numerators[d] = total.numerators.get(d, 0) + n
        total.count += 1


NO_NOTE = -(10**9)  # below every percentage: a player with no note yet sorts last


def _exact(value: Fraction | None) -> tuple:
    """A sort key equal in order to ``value`` that mostly compares floats: rounding to a float
    never reverses two values' order, and equal floats fall back on the exact fraction."""
    if value is None:
        return (NO_NOTE, NO_NOTE)
    return (float(value), value)


def _merit(result: PlayerResult) -> tuple:
    """What orders the players, best highest: global, then defence, then attack."""
    return (_exact(result.overall), _exact(result.defence), _exact(result.attack))


def rank_players(results: list[PlayerResult]) -> tuple[list, list]:
    """(général order, alterné order); each result's places filled in. Stand-ins are not
    ranked; a player with no note yet is ranked last, unplaced. Best first by global, then
    defence, then attack, then the tournament number: two stable sorts, so that no
    percentage is negated into a new Fraction."""
    ordered = sorted(results, key=lambda r: r.registration.number)
    ordered.sort(key=_merit, reverse=True)
    ranked = [r for r in ordered if r.ranked and r.overall is not None]
    for place, key in general_ranking([(i, r.overall) for i, r in enumerate(ranked)]):
        ranked[key].general_place = place
    for place, key in alternate_ranking([(i, r.line, r.overall) for i, r in enumerate(ranked)]):
        ranked[key].alternate_place = place
    # Stable: equal places keep the général's order.
    alternate = sorted(ranked, key=lambda r: r.alternate_place)
    placed = {id(r) for r in ranked}  # by identity: a dataclass's == compares every field
    return ranked + [r for r in ordered if id(r) not in placed], alternate


@dataclass
class TournamentRow:
    registration: Registration
    total: Fraction
    sessions: dict  # séance number -> PlayerResult or None
    place: int | None = None


def tournament_results(tournament: Tournament, *, official: bool) -> list[TournamentRow]:
    """The général over every séance: Σ coefficient × (séance global − penalties), a séance
    missed counting 0."""
    per_session = [
        (s, session_results(s, official=official)) for s in tournament.sessions.order_by("number")
    ]
    rows = {}
    for session, results in per_session:
        for result in results.players:
            if not result.ranked:
                continue
            row = rows.setdefault(
                result.registration.pk, TournamentRow(result.registration, Fraction(0), {})
            )
            row.sessions[session.number] = result
            if result.overall is not None:
                row.total += Fraction(session.coefficient) * result.overall
    ordered = sorted(rows.values(), key=lambda r: (-r.total, r.registration.number))
    for place, key in general_ranking([(i, r.total) for i, r in enumerate(ordered)]):
        ordered[key].place = place
    return ordered
