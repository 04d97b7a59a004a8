"""Reads of the triplettes (fft-duplicate.md §3): which triplettes play each étui, who must
attack it, the topage between triplettes, their percentages and the général and alterné
rankings of a séance and of the tournament.

- ``triplette_plays``: série -> the tables that play it, each with its North-South and
  East-West triplette. The triplette whose line holds the étui's taker attacks it (NS for a
  taker N or S), the other defends.
- ``expected_attackers_of``: (séance, étui) -> (triplette, member) for every étui each triplette
  attacks, the colour advancing at each étui it attacks, in playing order, across positions and
  séances (``engine.duplicate_teams.expected_attackers``); members by surname in French
  collation, the starting colour the tournament's. A triplette's line is its table's at each
  position, so this holds for a Howell, whose lines change by position.
- ``triplette_session_results``: each étui topped as for the individuel (its lines' scores, each
  version of the deal apart), the attacking triplette given the taker's note and the defending
  one 100 − it; global = ½ attack + ½ defence; penalties (in percentage points, given to a
  member) taken off the triplette's global; the lines whose attacker is not the expected one
  listed for the arbitre (``flags``), without changing a note. A Howell séance keeps no line
  (each triplette's changes by position): its triplettes have none and there is no alterné,
  only the général.
- ``triplette_tournament_results``: the général over every séance, Σ coefficient × global.

``official`` as in ``duplicate``: confirmed travelling sheets only, or the staff's provisional
view of the current versions.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.engine.duplicate import (
    TRIPLETTE_ATTACK_WEIGHT,
    NoteSum,
    alternate_ranking,
    general_ranking,
    percentages_of,
)
from scoring.engine.duplicate_teams import colour_order, expected_attackers
from scoring.formats.duplicate.reads import (
    current_sheet_ids,
    sheet_lines,
    team_penalties,
    top_board_parts,
)
from scoring.formats.duplicate.values import DEFAULT_ASSIGNED, defence_seat
from scoring.models.duplicate import Board, TravellingLine
from tournaments.models import Session, Table, Team, Tournament

NS, EW = "NS", "EW"


def line_of(orientation: str) -> str:
    """The triplettes' line that holds ``orientation``."""
    return NS if orientation in "NS" else EW


@dataclass(frozen=True)
class TriplettePlay:
    position: int  # Round.number
    table: int
    ns_team: int  # Team ids
    ew_team: int

    def attack_team(self, taker: str) -> int:
        return self.ns_team if line_of(taker) == NS else self.ew_team

    def defence_team(self, taker: str) -> int:
        return self.ew_team if line_of(taker) == NS else self.ns_team


def triplette_plays(session) -> dict[int, list[TriplettePlay]]:
    """série -> the tables that play it, in the order of positions (one query)."""
    plays = defaultdict(list)
    for board_set, position, number, ns, ew in (
        Table.objects.filter(round__session=session, board_set__isnull=False)
        .order_by("round__number", "number")
        .values_list("board_set", "round__number", "number", "ns_team_id", "ew_team_id")
    ):
        plays[board_set].append(TriplettePlay(position, number, ns, ew))
    return dict(plays)


def colour_orders(tournament: Tournament) -> dict[int, list[int]]:
    """Team id -> its members' registration ids in colour order (Bleu, Blanc, Rouge); teams
    without exactly three members are left out (no attack order to follow)."""
    members = defaultdict(list)
    for pk, team_id, last, first, number in tournament.registrations.filter(
        team__isnull=False
    ).values_list("pk", "team_id", "last_name", "first_name", "number"):
        members[team_id].append((last, first, (number, pk)))
    return {
        team_id: [key[1] for key in colour_order(found)]
        for team_id, found in members.items()
        if len(found) == 3
    }


def expected_attackers_of(tournament: Tournament) -> dict[tuple[int, int], int]:
    """(séance number, étui number) -> the registration id that must attack it (see module)."""
    orders = colour_orders(tournament)
    if not tournament.start_colour:
        return {}
    attacked = defaultdict(list)
    boards = defaultdict(list)
    for session_number, board_set, number, taker in (
        Board.objects.filter(session__tournament=tournament)
        .order_by("number")
        .values_list("session__number", "board_set", "number", "taker")
    ):
        boards[(session_number, board_set)].append((number, taker))
    for session in tournament.sessions.order_by("number"):
        for board_set, plays in triplette_plays(session).items():
            for play in plays:
                for number, taker in boards.get((session.number, board_set), ()):
                    attacked[(play.position, play.attack_team(taker))].append(
                        (session.number, number)
                    )
    expected = {}
    by_team = defaultdict(list)
    for (_position, team), keys in sorted(attacked.items()):
        by_team[team].extend(keys)
    for team, keys in by_team.items():
        if team in orders:
            for key, member in expected_attackers(
                orders[team], tournament.start_colour, keys
            ).items():
                expected[(key, team)] = member
    return expected


@dataclass
class TripletteResult:
    team: Team
    line: str  # NS or EW: the line the triplette held this séance ("" in a Howell: none)
    attack: Fraction | None = None
    defence: Fraction | None = None
    overall: Fraction | None = None  # penalties taken off
    penalty: Fraction = Fraction(0)
    played: int = 0
    general_place: int | None = None
    alternate_place: int | None = None
    flags: list = field(default_factory=list)  # (étui, position, table, expected, actual)


@dataclass(frozen=True)
class TripletteSession:
    session: object
    teams: list  # général order
    alternate: list
    missing: int  # lines the movement expects and the sheets do not have yet


def fixed_lines(session) -> bool:
    """Whether every triplette holds one line for the whole séance (a Mitchell): then there is
    an alterné; in a Howell the lines change by position and only the général exists."""
    return session.movement != Session.Movement.HOWELL


def triplette_session_results(session, *, official: bool) -> TripletteSession:
    """The séance's topage between triplettes and its two rankings (see the module)."""
    tournament = session.tournament
    plays = triplette_plays(session)
    by_place = {(p.position, p.table): p for série in plays.values() for p in série}
    teams = Team.objects.in_bulk({t for p in by_place.values() for t in (p.ns_team, p.ew_team)})
    fixed = fixed_lines(session)  # a Howell has no line to keep
    first = {}
    for play in sorted(by_place.values(), key=lambda p: (p.position, p.table)):
        first.setdefault(play.ns_team, NS if fixed else "")
        first.setdefault(play.ew_team, EW if fixed else "")
    results = {pk: TripletteResult(teams[pk], first[pk]) for pk in teams}
    sums = {pk: (NoteSum(), NoteSum()) for pk in teams}
    sheets = current_sheet_ids(session, official)
    lines = sheet_lines(sheets.values())
    attackers = dict(
        TravellingLine.objects.filter(
            sheet_id__in=sheets.values(), attacker__isnull=False
        ).values_list("pk", "attacker_id")
    )
    expected = expected_attackers_of(tournament)
    missing = 0
    for board_id, number, board_set, taker in (
        Board.objects.filter(session=session)
        .order_by("number")
        .values_list("pk", "number", "board_set", "taker")
    ):
        board_lines = lines.get(sheets.get(board_id), [])
        missing += len(plays.get(board_set, ())) - len(board_lines)
        parts = top_board_parts(board_lines)
        defender = defence_seat(taker)
        for line in board_lines:
            play = by_place.get((line.round.number, line.table_number))
            if play is None:
                continue
            attack, defence = play.attack_team(taker), play.defence_team(taker)
            if line.cancelled:
                notes = line.assigned_notes
                sums[attack][0].add(*_parts(notes.get(taker, DEFAULT_ASSIGNED)))
                sums[defence][1].add(*_parts(notes.get(defender, DEFAULT_ASSIGNED)))
            else:
                numerator, denominator = parts[line.pk]
                sums[attack][0].add(numerator, denominator)
                sums[defence][1].add(100 * denominator - numerator, denominator)
            results[attack].played += 1
            results[defence].played += 1
            want = expected.get(((session.number, number), attack))
            actual = attackers.get(line.pk)
            if actual is not None and want is not None and actual != want:
                results[attack].flags.append((number, play.position, play.table, want, actual))
    _penalise(session, by_place.values(), results)
    for pk, result in results.items():
        counted = percentages_of(*sums[pk], attack_weight=TRIPLETTE_ATTACK_WEIGHT)
        result.attack, result.defence = counted.attack, counted.defence
        if counted.overall is not None:
            result.overall = counted.overall - result.penalty
    ranked, alternate = rank_triplettes(list(results.values()), alternate=fixed)
    return TripletteSession(session, ranked, alternate, max(missing, 0))


def _parts(note) -> tuple[int, int]:
    value = Fraction(note)
    return value.numerator, value.denominator


def _penalise(session, plays, results) -> None:
    """Penalties given to a member at a position of the séance, off the triplette's global."""
    for team, points in team_penalties(session, {play.position for play in plays}).items():
        if team in results:
            results[team].penalty += points


def _merit(result: TripletteResult) -> tuple:
    """Best first: global, then defence, then attack, then the team's number."""
    none = Fraction(-(10**9))
    return (
        -(result.overall if result.overall is not None else none),
        -(result.defence if result.defence is not None else none),
        -(result.attack if result.attack is not None else none),
        result.team.number,
    )


def rank_triplettes(results: list[TripletteResult], alternate: bool = True) -> tuple[list, list]:
    """(général order, alterné order), places filled in; a triplette with no note yet last. No
    alterné (an empty list) when not ``alternate``: the lines were not kept (a Howell)."""
    ordered = sorted(results, key=_merit)
    ranked = [r for r in ordered if r.overall is not None]
    for place, key in general_ranking([(i, r.overall) for i, r in enumerate(ranked)]):
        ranked[key].general_place = place
    if not alternate:
        return ordered, []
    for place, key in alternate_ranking([(i, r.line, r.overall) for i, r in enumerate(ranked)]):
        ranked[key].alternate_place = place
    alternate = sorted(ranked, key=lambda r: r.alternate_place)
    return ordered, alternate


@dataclass
class TripletteRow:
    team: Team
    total: Fraction
    sessions: dict  # séance number -> TripletteResult
    place: int | None = None


def triplette_tournament_results(tournament: Tournament, *, official: bool) -> list:
    """The général over every séance: Σ coefficient × (séance global − penalties)."""
    rows = {}
    for session in tournament.sessions.order_by("number"):
        for result in triplette_session_results(session, official=official).teams:
            row = rows.setdefault(result.team.pk, TripletteRow(result.team, Fraction(0), {}))
            row.sessions[session.number] = result
            if result.overall is not None:
                row.total += Fraction(session.coefficient) * result.overall
    ordered = sorted(rows.values(), key=lambda r: (-r.total, r.team.number))
    for place, key in general_ranking([(i, r.total) for i, r in enumerate(ordered)]):
        ordered[key].place = place
    return ordered


def attacking_members(board: Board) -> tuple[dict, dict]:
    """(position, table) -> the ids of the attacking triplette's members, and the name of that
    triplette, for the étui's tables: the attacker a line names must be one of them."""
    attackers, teams = {}, {}
    column = "ns_team" if board.taker in "NS" else "ew_team"
    for table in Table.objects.filter(
        round__session=board.session, board_set=board.board_set
    ).select_related("round", column):
        team = getattr(table, column)
        place = (table.round.number, table.number)
        teams[place] = team.name if team else ""
        attackers[place] = set(team.members.values_list("pk", flat=True)) if team else set()
    return attackers, teams
