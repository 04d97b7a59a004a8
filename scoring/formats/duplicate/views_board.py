"""The staff page of one étui's travelling sheet, typed from the paper: one row per table that
plays it by the movement, the signed score, the arbitre's marks (crossed out, adjusted,
cancelled); errors next to their line, nothing saved from a refused sheet."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from common.forms import ConfirmForm
from scoring.formats.duplicate.forms_entry import TravellingSheetForm
from scoring.formats.duplicate.reads import board_plays, sheet_lines
from scoring.formats.duplicate.services import (
    TravellingRefused,
    travelling_sheet_check,
    travelling_sheet_confirm,
    travelling_sheet_save,
)
from scoring.formats.duplicate.views import duplicate_only
from scoring.formats.registry import format_of
from scoring.models.duplicate import Board, TravellingLine, TravellingSheet
from scoring.sheet_lifecycle import Conflict as StaleSheet
from scoring.sheet_lifecycle import kept_by_four_eyes, may_confirm
from tournaments.models import Registration, Session
from tournaments.permissions import Role, has_role, role_required


def _sheet_form(board, plays, post=None, sheet_lines_=()):
    """The étui's travelling-sheet form: what was typed, or what is stored; and the teams of
    each line where the format places teams (none in the individuel)."""
    game = format_of(board.session.tournament)
    teams = game.board_lines(board)
    attackers = dict(
        TravellingLine.objects.filter(pk__in=[ln.pk for ln in sheet_lines_]).values_list(
            "pk", "attacker_id"
        )
    )
    expected = None  # who should attack each line, where the sheet names its attacker
    if game.attacker_per_line:
        expected = [t["expected"].pk if t["expected"] else None for t in teams]
    form = TravellingSheetForm(
        post, plays=plays, stored=sheet_lines_, attackers=attackers, expected=expected
    )
    return form, teams


def _rows(board, form, teams):
    """One row per table that plays the étui, as the page shows it: the players, the line
    typed or stored, what is wrong with it."""
    plays = form.plays
    players = {
        r.pk: r
        for r in Registration.objects.filter(
            pk__in={p for play in plays for p in play.players.values()}
        )
    }
    game = format_of(board.session.tournament)
    rows = []
    for index, (play, typed) in enumerate(zip(plays, form.typed, strict=True)):
        rows.append(
            {
                "index": index,
                "play": play,
                "text": typed.text,
                "rature": typed.rature,
                "adjusted": typed.adjusted,
                "reason": typed.reason,
                "cancelled": typed.cancelled,
                "assigned_notes": typed.assigned_notes,
                "assigned": game.assigned_text(board, typed.assigned_notes),
                "north": players.get(play.players.get("N")),
                "taker": players.get(play.players.get(board.taker)),
                "errors": form.row_errors(index),
            }
        )
        if teams:
            rows[-1]["team"] = teams[index]
        if game.attacker_per_line:
            rows[-1]["attacker"] = typed.attacker
    return rows


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
    confirm = ConfirmForm.read(request.POST) if request.method == "POST" else {}
    confirming = bool(confirm.get("confirm") and sheet)
    if confirming:
        try:
            done = travelling_sheet_confirm(
                sheet=sheet, user=request.user, version=confirm["version"]
            )
        except ValidationError as exc:
            page.update(errors=exc.messages, status=400)
        else:
            _confirmed_message(request, board_, done)
            return _next(tournament, found, board_)
    typed = request.POST if request.method == "POST" and not confirming else None
    form, teams = _sheet_form(board_, plays, typed, stored)
    if typed is not None and _save(request, board_, plays, form, page) is not None:
        return _next(tournament, found, board_)
    return _board_page(request, tournament, found, board_, sheet, form, teams, page)


def _confirmed_message(request, board, sheet) -> None:
    """Confirmed, or, when another arbitre's confirmation came first, who confirmed it: the
    second confirmation changed nothing."""
    if sheet.confirmed_by_id == request.user.pk:
        messages.success(request, _("Étui %(n)s confirmed.") % {"n": board.number})
        return
    messages.info(
        request,
        _("Étui %(n)s was already confirmed by %(user)s.")
        % {"n": board.number, "user": sheet.confirmed_by},
    )


def _save(request, board, plays, form, page) -> TravellingSheet | None:
    """Save the sheet typed, saying so; or, refused, put in ``form`` why (next to each line
    where it belongs), and on ``page`` the answer's status and the version the form is now
    based on: the one the typing was based on, or after a conflict the other's (saving again
    is then a choice)."""
    entry = form.entry
    page["status"] = 400
    if not form.is_valid():
        # A line that is not a number: every other line's problem is said with it.
        problems = travelling_sheet_check(board=board, entry=entry, user=request.user)
        form.refused([p for p in problems if p.code != "no_line"])
        return None
    base = form.cleaned_data["base_version"]
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
            form.told(exc.messages)
        else:
            page["theirs"] = sheet_lines([conflict.pk]).get(conflict.pk, [])
        return None
    except TravellingRefused as exc:
        form.refused(exc.problems)
        return None
    except ValidationError as exc:
        form.told(exc.messages)
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


def _board_page(request, tournament, session, board, sheet, form, teams, page):
    rows = _rows(board, form, teams)
    if page.get("theirs") is not None:
        _beside(rows, page["theirs"])
    is_arbitre = has_role(request.user, tournament, Role.ARBITRE)
    count = session.boards.count()
    errors = list(page["errors"]) + form.sheet_errors
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
            "reason": form.typed_reason,
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
