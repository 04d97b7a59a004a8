"""The decisions of a duplicate tournament that change a line of an étui's travelling sheet
(fft-duplicate.md §1.6): a deal cancelled at the table with each player's assigned note, a score
adjusted, a line played with another version of the deal. The incident names the position and
the table; its deal number is the étui's number in the séance. Each decision is one ruling of
``scoring.formats.duplicate.services_rulings`` (a new version of the sheet), linked from the
``Decision`` row so undoing it restores that line as the version before had it.

The decision's ``marks`` keep the arbitre's figures: the assigned notes of a cancelled deal (four,
N, E, S, W, in the individuel; two, attack and defence, in the triplettes, stored on the line as
the taker's seat's note and the other seats'; none, or the PM of the attacking and the defending
quadrette in thousandths, in the quadrettes), the adjusted score, or the version of the deal.
"""

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from common.errors import field_error
from common.text import has_visible_text
from scoring.formats.duplicate import services_rulings as rulings
from scoring.formats.quadrettes.documents import pm_text
from scoring.models.duplicate import ORIENTATIONS, Board, Orientation, TravellingSheet
from tournaments.models.formats import CancelledLine

from .decision_kinds import Asked, DecisionKind, Kind, Outcome, record
from .models import Decision


def _line(asked: Asked) -> tuple[Board, int, int]:
    """The étui, position and table the decision is on."""
    incident = asked.incident
    number = asked.deal_number or incident.deal_number
    if incident.table is None or number is None:
        raise field_error(
            "deal_number", _("Which étui, at which table? The incident names the table."),
            "deal_required",
        )  # fmt: skip
    board = Board.objects.filter(session_id=incident.round.session_id, number=number).first()
    if board is None:
        raise field_error(
            "deal_number", _("This séance has no étui %(n)s."), "no_such_board", n=number
        )
    return board, incident.round.number, incident.table.number


def _figures(asked: Asked, count: int, field: str, message: str) -> list[int]:
    marks = list(asked.marks or [])
    if len(marks) != count or any(type(m) is not int for m in marks):
        raise field_error(field, message, "figures_required")
    return marks


def _apply(asked: Asked, ruling) -> Outcome:
    board, position, table = _line(asked)
    sheet = ruling(board=board, position=position, table=table, user=asked.user,
                   reason=asked.reason)  # fmt: skip
    decision = record(
        asked.incident,
        asked.user,
        kind=asked.kind,
        note=asked.note,
        position=position,
        deal_number=board.number,
        marks=list(asked.marks or []),
        travelling_sheet=sheet,
    )
    return Outcome(decision)


def _cancel(asked: Asked) -> Outcome:
    assigned = asked.incident.tournament.cancelled_line
    if assigned == CancelledLine.TEAM_NOTES:
        attack, defence = _figures(
            asked, 2, "note_attack", _("One assigned note per triplette: attack, defence.")
        )

        def by_orientation(board: Board) -> dict:
            # Stored per seat as the readers take it: the taker's seat is the attack's note.
            return {o: attack if o == board.taker else defence for o in ORIENTATIONS}
    elif assigned == CancelledLine.MATCH_POINTS:  # no note: 0 PM, or the PM assigned
        pm = None
        if asked.marks:
            attack, defence = _figures(asked, 2, "pm_attack", _("The PM of each quadrette."))
            pm = (Decimal(attack).scaleb(-3), Decimal(defence).scaleb(-3))
            if any(pm) and not has_visible_text(asked.note):
                raise field_error(
                    "note", _("Say why the arbitre assigns these PM."), "reason_required"
                )
        return _apply(asked, lambda **kw: rulings.line_cancel(notes={}, pm=pm, **kw))
    else:
        notes = _figures(asked, 4, "note_N", _("One assigned note per player."))

        def by_orientation(board: Board) -> dict:
            return dict(zip(ORIENTATIONS, notes, strict=True))

    return _apply(asked, lambda **kw: rulings.line_cancel(notes=by_orientation(kw["board"]), **kw))


def _adjust(asked: Asked) -> Outcome:
    (score,) = _figures(asked, 1, "score", _("Type the score with its sign (+56, −52)."))
    return _apply(asked, lambda **kw: rulings.line_adjust(score=score, **kw))


def _version(asked: Asked) -> Outcome:
    (version,) = _figures(asked, 1, "version", _("Which version of the deal was played?"))
    return _apply(asked, lambda **kw: rulings.line_version(version=version, **kw))


def _restore(decision: Decision, user, reason: str) -> None:
    """The line as the version before the decision had it, unless it changed since (a later
    decision or correction is undone first)."""
    made = decision.travelling_sheet
    board = made.board
    place = (decision.position, decision.incident.table.number)
    current = board.sheets.exclude(status=TravellingSheet.Status.SUPERSEDED).first()
    if rulings.sheet_entries(current).get(place) != rulings.sheet_entries(made).get(place):
        raise ValidationError(
            _(
                "Étui %(n)s's line for this table changed after this decision: undo the later "
                "change first, or correct the travelling sheet."
            ),
            code="line_changed_since",
            params={"n": board.number},
        )
    before = board.sheets.filter(version__lt=made.version).order_by("-version").first()
    rulings.line_restore(
        board=board,
        position=place[0],
        table=place[1],
        line=rulings.sheet_entries(before).get(place),
        user=user,
        reason=_("Decision on incident %(n)s undone: %(why)s")
        % {"n": decision.incident_id, "why": reason},
    )


def _values(decision: Decision) -> dict:
    marks = list(decision.marks or [])
    values = {
        "n": decision.deal_number,
        "t": decision.incident.table.number if decision.incident.table_id else "",
        "s": f"{marks[0]:+d}" if marks else "",
        "v": marks[0] if marks else "",
    }
    for orientation, note in zip(ORIENTATIONS, marks, strict=False):
        values[orientation] = note
    return values


def _say_cancel(decision: Decision) -> str:
    marks = decision.marks or []
    if decision.incident.tournament.cancelled_line == CancelledLine.MATCH_POINTS:
        if len(marks) != 2:
            return _("Étui %(n)s cancelled at table %(t)s: 0 PM to both quadrettes.") % _values(
                decision
            )
        attack, defence = (Decimal(m).scaleb(-3) for m in marks)
        return _(
            "Étui %(n)s cancelled at table %(t)s: %(a)s PM to the attacking quadrette, %(d)s PM "
            "to the defending one."
        ) % {**_values(decision), "a": pm_text(attack), "d": pm_text(defence)}
    if len(marks) == 2:  # a triplettes line: one note per triplette
        return _(
            "Étui %(n)s cancelled at table %(t)s: assigned notes attacking triplette %(a)s %%, "
            "defending triplette %(d)s %%."
        ) % {**_values(decision), "a": marks[0], "d": marks[1]}
    return (
        _(
            "Étui %(n)s cancelled at table %(t)s: assigned notes North %(N)s %%, East %(E)s %%, "
            "South %(S)s %%, West %(W)s %%."
        )
        % _values(decision)
        if len(decision.marks or []) == 4
        else _("Étui %(n)s cancelled at table %(t)s.") % _values(decision)
    )


def mark_rows(decision: Decision) -> list[tuple[str, str]]:
    """The decision's figures as the incident page lists them: (what, value)."""
    marks = list(decision.marks or [])
    if decision.kind == Kind.SCORE_ADJUSTED:
        return [(_("Score"), f"{m:+d}") for m in marks]
    if decision.kind == Kind.DEAL_VERSION:
        return [(_("Version"), str(m)) for m in marks]
    sides = (_("Attack"), _("Defence"))
    if decision.incident.tournament.cancelled_line == CancelledLine.MATCH_POINTS:  # none: 0 PM
        pm = [pm_text(Decimal(m).scaleb(-3)) for m in marks] if len(marks) == 2 else []
        return [(side, f"{value} PM") for side, value in zip(sides, pm, strict=False)]
    if len(marks) == 2:  # a triplettes line: one note per triplette
        return [(side, f"{m} %") for side, m in zip(sides, marks, strict=True)]
    names = dict(Orientation.choices)
    return [(str(names[o]), f"{m} %") for o, m in zip(ORIENTATIONS, marks, strict=False)]


DUPLICATE_KINDS: dict[str, DecisionKind] = {
    Kind.LINE_CANCELLED: DecisionKind(False, _cancel, _restore, _say_cancel),
    Kind.SCORE_ADJUSTED: DecisionKind(
        False,
        _adjust,
        _restore,
        lambda d: (
            _("Étui %(n)s at table %(t)s: the score is %(s)s, adjusted by the arbitre.")
            % _values(d)
        ),
    ),
    Kind.DEAL_VERSION: DecisionKind(
        False,
        _version,
        _restore,
        lambda d: (
            _("Étui %(n)s at table %(t)s was played with version %(v)s of the deal: topped apart.")
            % _values(d)
        ),
    ),
}
