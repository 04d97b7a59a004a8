"""The triplettes' étuis line by line, as their documents read them (fft-duplicate.md §3): for
every étui, each table the movement sends it to, with its North-South and East-West triplettes,
the attacking and defending one, the attacker the attack order expects and, once the travelling
sheet is typed, its line: score, the attacker North wrote, the attacking and defending
triplettes' notes (the arbitre's assigned notes on a cancelled line, as
``triplette_session_results`` counts them). Also each triplette's members in colour order.

The travelling sheets, the table and triplette cards, the feuilles de route and the workbook of a
triplettes séance all read this, so that they agree with each other and with
``triplette_session_results``. The lines and notes are ``session_results``' topage
(``official=True``: confirmed sheets only). Must not write; knows no page or file format.
"""

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from scoring.engine.duplicate_teams import COLOURS
from scoring.formats.duplicate.reads import session_results
from scoring.formats.duplicate.values import DEFAULT_ASSIGNED, Line, defence_seat
from scoring.formats.triplettes.reads import (
    colour_orders,
    expected_attackers_of,
    line_of,
    triplette_plays,
)
from scoring.models.duplicate import Board, TravellingLine
from tournaments.models import Registration, Session, Team


@dataclass(frozen=True)
class TripletteLine:
    """One table's line of one étui: the movement's, with the travelling sheet's when typed."""

    board: Board
    position: int
    table: int
    ns_team: int | None  # Team ids; None for a line the movement does not know
    ew_team: int | None
    expected: int | None  # the registration id the attack order wants
    line: Line | None = None
    attacker: int | None = None  # the registration id North wrote
    attack_note: Fraction | None = None  # None while not topped
    defence_note: Fraction | None = None

    @property
    def attack_line(self) -> str:
        """NS or EW: the line that attacks the étui (the taker's)."""
        return line_of(self.board.taker)

    @property
    def attack_team(self) -> int | None:
        return self.ns_team if self.attack_line == "NS" else self.ew_team

    @property
    def defence_team(self) -> int | None:
        return self.ew_team if self.attack_line == "NS" else self.ns_team

    @property
    def out_of_turn(self) -> bool:
        """Another member attacked than the attack order's (flagged, no note changed)."""
        return bool(self.attacker and self.expected and self.attacker != self.expected)


def _notes(line: Line, note: Fraction | None, taker: str) -> tuple:
    """(attacking triplette's note, defending triplette's note) of a typed line."""
    if line.cancelled:
        assigned = line.assigned_notes
        return (
            Fraction(assigned.get(taker, DEFAULT_ASSIGNED)),
            Fraction(assigned.get(defence_seat(taker), DEFAULT_ASSIGNED)),
        )
    if note is None:
        return None, None
    return note, 100 - note


def triplette_lines(
    session: Session, *, official: bool = True
) -> list[tuple[Board, list[TripletteLine]]]:
    """Each étui in order with its lines in the order of positions and tables; a typed line the
    movement does not have comes last. Blank (no score, no note) where no sheet is typed yet."""
    plays = triplette_plays(session)
    expected = expected_attackers_of(session.tournament)
    topped = session_results(session, official=official).boards
    line_ids = {line.pk for lines in topped.values() for line, _note in lines}
    attackers = dict(
        TravellingLine.objects.filter(pk__in=line_ids, attacker__isnull=False).values_list(
            "pk", "attacker_id"
        )
    )
    found = []
    for board in Board.objects.filter(session=session).order_by("number"):
        typed = {
            (line.round.number, line.table_number): (line, note)
            for line, note in (topped.get(board.number) or [])
        }
        rows = []
        for play in plays.get(board.board_set, []):
            want = expected.get(((session.number, board.number), play.attack_team(board.taker)))
            row = TripletteLine(board, play.position, play.table, play.ns_team, play.ew_team, want)
            rows.append(_typed(row, typed.pop((play.position, play.table), None), attackers))
        for (position, table), pair in sorted(typed.items()):
            row = TripletteLine(board, position, table, None, None, None)
            rows.append(_typed(row, pair, attackers))
        found.append((board, rows))
    return found


def _typed(row: TripletteLine, pair, attackers) -> TripletteLine:
    if pair is None:
        return row
    line, note = pair
    attack, defence = _notes(line, note, row.board.taker)
    return TripletteLine(
        row.board, row.position, row.table, row.ns_team, row.ew_team, row.expected,
        line, attackers.get(line.pk), attack, defence,
    )  # fmt: skip


@dataclass(frozen=True)
class Member:
    registration: Registration
    colour: str  # Bleu, Blanc or Rouge (the attack order's badge)


def team_members(session: Session) -> tuple[dict[int, Team], dict[int, list[Member]]]:
    """(team id -> Team, team id -> its members in colour order) for the séance's triplettes;
    a team without three members has them by number, without colours."""
    tournament = session.tournament
    teams = {team.pk: team for team in tournament.teams.order_by("number")}
    orders = colour_orders(tournament)
    people = defaultdict(list)
    for registration in tournament.registrations.filter(team__isnull=False).order_by("number"):
        people[registration.team_id].append(registration)
    members = {}
    for pk, found in people.items():
        order = orders.get(pk)
        if order is None:
            members[pk] = [Member(r, "") for r in found]
            continue
        by_pk = {r.pk: r for r in found}
        members[pk] = [Member(by_pk[r], COLOURS[i]) for i, r in enumerate(order)]
    return teams, members
