"""The staff page of one étui's travelling sheet, typed from the paper: one row per table that
plays it by the movement, the signed score, the arbitre's marks (crossed out, adjusted,
cancelled); errors next to their line, nothing saved from a refused sheet."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from common.views import form_version
from scoring.formats.duplicate.messages import line_message
from scoring.formats.duplicate.reads import board_plays, sheet_lines
from scoring.formats.duplicate.services import (
    LineEntry,
    TravellingEntry,
    TravellingRefused,
    travelling_sheet_check,
    travelling_sheet_confirm,
    travelling_sheet_save,
)
from scoring.formats.duplicate.travelling_entry import parse_score
from scoring.formats.duplicate.views import duplicate_only
from scoring.formats.registry import format_of
from scoring.models.duplicate import Board, TravellingLine, TravellingSheet
from scoring.sheet_lifecycle import Conflict as StaleSheet
from scoring.sheet_lifecycle import kept_by_four_eyes, may_confirm
from tournaments.models import Registration, Session
from tournaments.permissions import Role, has_role, role_required


def _lines_form(board, plays, post=None, sheet_lines_=()):
    """One row per table that plays the étui, with what was typed or stored."""
    players = {
        r.pk: r
        for r in Registration.objects.filter(
            pk__in={p for play in plays for p in play.players.values()}
        )
    }
    stored = {(ln.round.number, ln.table_number): ln for ln in sheet_lines_}
    game = format_of(board.session.tournament)
    teams = game.board_lines(board)  # the teams of each line, when teams are placed
    attackers = dict(
        TravellingLine.objects.filter(pk__in=[ln.pk for ln in sheet_lines_]).values_list(
            "pk", "attacker_id"
        )
    )
    rows = []
    for index, play in enumerate(plays):
        line = stored.get((play.position, play.table))
        if post is not None:
            text = post.get(f"score-{index}", "")
            rature = bool(post.get(f"rature-{index}"))
            adjusted = bool(post.get(f"adjusted-{index}"))
            reason = post.get(f"reason-{index}", "")
            cancelled = bool(post.get(f"cancelled-{index}"))
        else:
            text = "" if line is None or line.score is None else f"{line.score:+d}"
            rature = bool(line and line.rature)
            adjusted = bool(line and line.adjusted)
            reason = line.adjust_reason if line else ""
            cancelled = bool(line and line.cancelled)
        kept = dict(line.assigned_notes) if cancelled and line and line.cancelled else {}
        rows.append(
            {
                "index": index,
                "play": play,
                "text": text,
                "rature": rature,
                "adjusted": adjusted,
                "reason": reason,
                "cancelled": cancelled,
                "assigned_notes": kept,
                "assigned": game.assigned_text(board, kept),
                "north": players.get(play.players.get("N")),
                "taker": players.get(play.players.get(board.taker)),
                "errors": [],
            }
        )
        if teams:
            rows[-1]["team"] = teams[index]
        if game.attacker_per_line:
            team = teams[index]
            expected = team["expected"].pk if team["expected"] else None
            chosen = attackers.get(line.pk) if line else None
            if post is not None:
                chosen = _int_or_none(post.get(f"attacker-{index}"))
            rows[-1]["attacker"] = chosen if chosen is not None else expected
    return rows


def _int_or_none(text) -> int | None:
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


@role_required(Role.SCORER)
@duplicate_only
def board_sheet(request, tournament, session, board):
    found = get_object_or_404(Session, tournament=tournament, number=session)
    board_ = get_object_or_404(Board, session=found, number=board)
    plays = board_plays(found).get(board_.board_set, [])
    sheet = (
        board_.sheets.exclude(status=TravellingSheet.Status.SUPERSEDED)
        .select_related("board__session__tournament")
        .first()
    )
    stored = sheet_lines([sheet.pk]).get(sheet.pk, []) if sheet else []
    # base_version: the version the page's form is based on (see _save).
    page = {
        "errors": [],
        "status": 200,
        "conflict": None,
        "base_version": sheet.version if sheet else 0,
    }
    if request.method == "POST" and request.POST.get("confirm") and sheet:
        try:
            travelling_sheet_confirm(
                sheet=sheet, user=request.user, version=form_version(request.POST.get("version"))
            )
        except ValidationError as exc:
            page.update(errors=exc.messages, status=400)
        else:
            messages.success(request, _("Étui %(n)s confirmed.") % {"n": board_.number})
            return _next(tournament, found, board_)
        rows = _lines_form(board_, plays, None, stored)
    elif request.method == "POST":
        rows = _lines_form(board_, plays, request.POST, stored)
        if _save(request, board_, plays, rows, page) is not None:
            return _next(tournament, found, board_)
    else:
        rows = _lines_form(board_, plays, None, stored)
    return _board_page(request, tournament, found, board_, sheet, rows, page)


def _save(request, board, plays, rows, page) -> TravellingSheet | None:
    """Save the rows typed, saying so; or, refused, put on ``page`` why (next to each line
    where it belongs), the answer's status, and the version the form is now based on: the one
    the typing was based on, or after a conflict the other's (saving again is then a choice)."""
    entry_lines = _typed_lines(rows)
    entry = TravellingEntry(
        tuple(line for _row, line in entry_lines), request.POST.get("reason", "")
    )
    page["status"] = 400
    if any(row["errors"] for row in rows):
        # A line that is not a number: every other line's problem is said with it.
        problems = travelling_sheet_check(board=board, entry=entry, user=request.user)
        page["errors"] = _place([p for p in problems if p.code != "no_line"], entry_lines)
        return None
    base = form_version(request.POST.get("base_version"))
    if base is not None:
        page["base_version"] = base
    try:
        saved = travelling_sheet_save(
            board=board, entry=entry, user=request.user, base_version=base
        )
    except StaleSheet as exc:
        conflict = exc.current
        page.update(status=409, conflict=conflict, base_version=conflict.version if conflict else 0)
        if conflict is None:
            page["errors"] = exc.messages
        else:
            _beside(rows, sheet_lines([conflict.pk]).get(conflict.pk, []))
        return None
    except TravellingRefused as exc:
        page["errors"] = _place(exc.problems, entry_lines)
        return None
    except ValidationError as exc:
        page["errors"] = exc.messages
        return None
    missing = len(plays) - saved.lines.count()
    if missing:
        messages.warning(
            request,
            _("Étui %(n)s saved; %(m)s line(s) still missing.") % {"n": board.number, "m": missing},
        )
    elif saved.version == base:
        messages.info(
            request, _("Étui %(n)s: nothing changed, no new version.") % {"n": board.number}
        )
    else:
        messages.success(request, _("Étui %(n)s saved.") % {"n": board.number})
    return saved


def _board_page(request, tournament, session, board, sheet, rows, page):
    is_arbitre = has_role(request.user, tournament, Role.ARBITRE)
    count = session.boards.count()
    errors = page["errors"]
    return render(
        request,
        format_of(tournament).board_template,
        {
            "tournament": tournament,
            "session": session,
            "board": board,
            "rows": rows,
            "sheet": page["conflict"] or sheet,
            "conflict": page["conflict"],
            "base_version": page["base_version"],
            "errors": errors,
            "error_count": len(errors) + sum(len(r["errors"]) for r in rows),
            "is_arbitre": is_arbitre,
            "correcting": sheet is not None and sheet.is_confirmed,
            "reason": request.POST.get("reason", "") if request.method == "POST" else "",
            "can_confirm": may_confirm(request.user, sheet, is_arbitre=is_arbitre),
            # Four-eyes: the page says why there is no button to confirm.
            "entered_by_me": kept_by_four_eyes(request.user, sheet, is_arbitre=is_arbitre),
            "previous": board.number - 1 if board.number > 1 else None,
            "next": board.number + 1 if board.number < count else None,
            "taker_name": board.get_taker_display(),
            "versions": board.sheets.select_related("entered_by", "confirmed_by").order_by(
                "-version"
            ),
        },
        status=page["status"],
    )


def _beside(rows, lines) -> None:
    """Each row's score in the version someone else saved, to show beside the typing."""
    stored = {(ln.round.number, ln.table_number): ln for ln in lines}
    for row in rows:
        line = stored.get((row["play"].position, row["play"].table))
        if line is None:
            row["theirs"] = "—"
        elif line.cancelled:
            row["theirs"] = _("cancelled")
        else:
            row["theirs"] = f"{line.score:+d}"


def _typed_lines(rows) -> list[tuple[dict, LineEntry]]:
    """(row, line) for each row typed; a score that is not a number goes next to its row."""
    typed = []
    for row in rows:
        try:
            score = parse_score(row["text"])
        except ValueError:
            row["errors"].append(line_message("not_a_number", {"text": row["text"]}))
            continue
        if score is None and not row["cancelled"]:
            continue  # a line not typed: missing, shown as such
        line = LineEntry(
            position=row["play"].position,
            table=row["play"].table,
            score=score,
            rature=row["rature"],
            adjusted=row["adjusted"],
            adjust_reason=row["reason"],
            cancelled=row["cancelled"],
            assigned_notes=row["assigned_notes"],
            attacker=row.get("attacker"),
        )
        typed.append((row, line))
    return typed


def _place(problems, entry_lines) -> list[str]:
    """Each line's problem next to its row; the whole sheet's returned."""
    errors = []
    for problem in problems:
        message = line_message(problem.code, problem.params)
        if problem.index is None:
            errors.append(message)
        else:
            entry_lines[problem.index][0]["errors"].append(message)
    return errors


def _next(tournament, session, board):
    following = session.boards.filter(number__gt=board.number).order_by("number").first()
    if following is None:
        return redirect("scoring:duplicate", slug=tournament.slug, session=session.number)
    return redirect(
        "scoring:duplicate_board",
        slug=tournament.slug,
        session=session.number,
        board=following.number,
    )
