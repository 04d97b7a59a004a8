"""The duplicate at the table (``scoring.at_table``): each étui's line, as the table plays it,
entered by the seat the rulebook names (North; the South attacker in quadrettes) and approved by
the other side, then written to the étui's travelling sheet (a new version). The page shows the
table its own lines only: no other table's score, no note and no rank before the séance closes.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring.actions import Action
from scoring.at_table.game import Item, Reading, SeatView, TableGame
from scoring.formats.duplicate import services
from scoring.formats.duplicate.messages import line_message
from scoring.formats.duplicate.reads import board_plays
from scoring.formats.duplicate.travelling_entry import (
    LineEntry,
    TravellingEntry,
    parse_score,
    stored_entry,
)
from scoring.models import TableEntry
from scoring.models.duplicate import (
    ORIENTATIONS,
    Board,
    Orientation,
    TravellingLine,
    TravellingSheet,
)
from scoring.sheet_lifecycle import stamp_confirmed
from tournaments.models import Registration
from tournaments.models.core import seat_name
from tournaments.services import audit_log

ORIENTATION_NAMES = dict(Orientation.choices)


class DuplicateTableGame(TableGame):
    kind = "lines"
    template = "table/_line_form.html"

    def __init__(self, game):
        self.game = game  # the tournament's DuplicateFamily: who writes, who approves

    def unit(self, table):
        return table.round.session

    def seats(self, table):
        return self.game.table_seat_views(table)

    def boards(self, table) -> dict[int, Board]:
        return {
            b.number: b
            for b in Board.objects.filter(
                session_id=table.round.session_id, board_set=table.board_set
            ).order_by("number")
        }

    def items(self, table, entries=None):
        items = []
        for number, board in self.boards(table).items():
            writer, _approvers = self.game.table_sides(board)
            notes = (
                _("Taker: %(seat)s") % {"seat": ORIENTATION_NAMES[board.taker]},
                _("Dealer: %(seat)s") % {"seat": ORIENTATION_NAMES[board.dealer]},
            )
            extra = {"attackers": self._attackers(table, board)}
            items.append(
                Item(
                    number,
                    _("Étui %(number)s") % {"number": number},
                    writers=frozenset({writer}),
                    notes=notes,
                    extra=extra,
                )
            )
        return items

    def _attackers(self, table, board) -> list[tuple[int, str]]:
        """Who may be named as the attacker (the triplettes' sheet names one), by name; else
        empty."""
        attackers, _teams = self.game.attacking_members(board)
        ids = attackers.get((table.round.number, table.number), ())
        if not ids:
            return []
        members = Registration.objects.filter(pk__in=ids).order_by("sort_name", "number")
        return [(member.pk, member.name) for member in members]

    def read(self, table, number, post, approved):
        board = self.boards(table).get(number)
        if board is None:
            return Reading({}, {"": [_("Your table does not play this étui at this position.")]})
        raw = str(post.get("score", ""))[:20]
        problems: dict[str, list[str]] = {}
        try:
            score = parse_score(raw)
            if score is None:  # a cancelled line is the arbitre's decision, not a blank
                raise ValueError(raw)
        except ValueError:
            problems["score"] = [_("Type the taker's score with its sign (+56, −52).")]
            return Reading({}, problems)
        attacker = None
        if self._attackers(table, board):
            raw_attacker = str(post.get("attacker", ""))
            # isdigit() alone lets "²" or five thousand digits through to int()
            if not (raw_attacker.isascii() and raw_attacker.isdigit() and len(raw_attacker) <= 9):
                problems["attacker"] = [_("Say which member of the attacking team took.")]
                return Reading({}, problems)
            attacker = int(raw_attacker)
        line = LineEntry(
            position=table.round.number, table=table.number, score=score, attacker=attacker
        )
        for problem in services.line_problems(board, TravellingEntry((line,)), arbitre=False):
            name = "attacker" if problem.code == "attacker_not_in_team" else "score"
            if problem.code == "line_not_played":
                name = ""
            problems.setdefault(name, []).append(line_message(problem.code, problem.params))
        data = {"score": score, "attacker": attacker}
        return Reading(data, problems, "" if problems else self.summary(table, number, data))

    def summary(self, table, number, data):
        score = data.get("score")
        text = _("cancelled") if score is None else f"{score:+d}"
        if data.get("attacker"):
            member = Registration.objects.filter(pk=data["attacker"]).first()
            text += f" ({member.name if member else ''})"
        return text

    def sides(self, table, number, data):
        board = self.boards(table).get(number)
        if board is None:
            return frozenset(), frozenset()
        writer, approvers = self.game.table_sides(board)
        return frozenset({writer}), frozenset(approvers)

    def ledger(self, table):
        """This table's line on each current travelling sheet of its série (one query)."""
        lines = TravellingLine.objects.filter(
            sheet__board__session_id=table.round.session_id,
            sheet__board__board_set=table.board_set,
            round=table.round,
            table_number=table.number,
        ).exclude(sheet__status=TravellingSheet.Status.SUPERSEDED)
        return {
            number: {"score": score, "attacker": attacker}
            for number, score, attacker in lines.values_list(
                "sheet__board__number", "score", "attacker_id"
            )
        }

    def record(self, table, number, data, *, user, confirm):
        board = services.lock_board(self.boards(table)[number])
        session = board.session
        services.refuse_if_closed(session)
        current = services.current_sheet(board)
        if current is not None and current.is_confirmed:
            raise ValidationError(
                _("This étui's travelling sheet is confirmed: only an arbitre can change it."),
                code="confirmed_sheet",
            )
        here = (table.round.number, table.number)
        kept = [
            line
            for line in (stored_entry(current).lines if current is not None else ())
            if (line.position, line.table) != here
        ]
        line = LineEntry(
            position=here[0], table=here[1], score=data["score"], attacker=data.get("attacker")
        )
        lines = sorted([*kept, line], key=lambda ln: (ln.position, ln.table))
        sheet = services.version_write(board, current, lines, user, "")
        audit_log(
            action=Action.TRAVELLING_ENTERED,
            user=user,
            tournament=session.tournament,
            data={
                "session": session.number,
                "board": board.number,
                "version": sheet.version,
                "lines": [[ln.position, ln.table, ln.score, ln.cancelled] for ln in lines],
                "reason": "",
                "at_table": True,
            },
        )
        if confirm and self._all_from_tables(board, lines):
            stamp_confirmed(sheet, user=user)
        return sheet

    def _all_from_tables(self, board, lines) -> bool:
        """Every table that plays the étui has its line, each approved at its table: the
        players' approvals sign the sheet (a line typed from paper waits for an arbitre)."""
        plays = {(p.position, p.table) for p in board_plays(board.session).get(board.board_set, ())}
        if {(ln.position, ln.table) for ln in lines} != plays:
            return False
        approved = {
            (position, number): (data.get("score"), data.get("attacker"))
            for position, number, data in TableEntry.objects.filter(
                table__round__session=board.session,
                table__board_set=board.board_set,
                number=board.number,
                status=TableEntry.Status.APPROVED,
            ).values_list("table__round__number", "table__number", "data")
        }
        # Each line as its table approved it: a line the staff changed since waits for an
        # arbitre's confirmation, as any typed sheet.
        return all(approved.get((ln.position, ln.table)) == (ln.score, ln.attacker) for ln in lines)


def seat_views(table) -> list[SeatView]:
    """Each player's ``Seat`` at the table, as the movement placed them (the individuel)."""
    seats = table.seats.select_related("registration__player").order_by("number")
    return [
        SeatView(s.number, seat_name(s.number), str(s.registration.player), s.registration.number)
        for s in seats
    ]


def orientation_views(
    names: dict[str, str], numbers: dict[str, int] | None = None
) -> list[SeatView]:
    """The four orientations N, E, S, W of a table whose movement places teams, not players
    (no ``Seat`` row): ``names`` says who sits there, orientation -> words."""
    numbers = numbers or {}
    return [
        SeatView(index, seat_name(index), names.get(o, ""), numbers.get(o))
        for index, o in enumerate(ORIENTATIONS)
    ]


def default_sides(board) -> tuple[int, frozenset[int]]:
    """North writes; the other side is the taker when North defends, else the defence."""
    writer = ORIENTATIONS.index("N")
    taker = ORIENTATIONS.index(board.taker)
    if taker == writer:
        return writer, frozenset(set(range(4)) - {writer})
    return writer, frozenset({taker})
