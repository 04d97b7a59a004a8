"""Staff pages of the duplicate individuel: a séance (movement, étuis, progress, closing), an
étui's travelling sheet typed from the paper, and the provisional rankings.

Thin: reads through ``scoring.duplicate``, writes through the services, errors shown next to
the line they belong to. A donnes-libres tournament has none of these pages: its visitors are
sent back to the tournament's page.
"""

from decimal import Decimal
from functools import wraps

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Registration, Seat, Session
from tournaments.permissions import Role, has_role, role_required
from tournaments.seating.duplicate import repeated_meetings, series_played_twice
from tournaments.services_duplicate import (
    duplicate_players,
    movement_problem,
    session_movement_build,
    session_publish,
)

from .duplicate import board_plays, current_sheets, session_results, sheet_lines
from .exports_duplicate import decimal_text
from .messages_duplicate import line_message
from .models_duplicate import ORIENTATIONS, Board, TravellingSheet
from .services_duplicate import (
    LineEntry,
    TravellingEntry,
    TravellingRefused,
    boards_make,
    session_close,
    session_reopen,
    travelling_sheet_confirm,
    travelling_sheet_save,
)

MINUS = {"−", "–", "—"}  # a minus sign as typed or pasted


def duplicate_only(view):
    @wraps(view)
    def wrapper(request, tournament, *args, **kwargs):
        if not tournament.is_duplicate:
            messages.info(request, _("This tournament is played in donnes libres."))
            return redirect("manage:tournament", slug=tournament.slug)
        return view(request, tournament, *args, **kwargs)

    return wrapper


def _session(tournament, number) -> Session:
    session = Session.objects.filter(tournament=tournament, number=number).first()
    if session is None:
        if number != 1:
            raise Http404
        session = Session(tournament=tournament, number=1)
    return session


def parse_score(text: str) -> int | None:
    """ "+56", "56", "-52", "−52" → the int; "" → None; anything else raises ValueError."""
    text = "".join(text.split())
    if not text:
        return None
    sign = -1 if text[0] in MINUS or text[0] == "-" else 1
    digits = text[1:] if text[0] in MINUS or text[0] in "+-" else text
    if not digits.isascii() or not digits.isdigit() or len(digits) > 4:
        raise ValueError(text)
    return sign * int(digits)


def _movement(session: Session):
    """Per position: the tables with each orientation's player and the série."""
    seats = (
        Seat.objects.filter(round__session=session)
        .select_related("round", "table", "registration")
        .order_by("round__number", "table__number", "number")
    )
    positions = {}
    for seat in seats:
        tables = positions.setdefault(seat.round.number, {})
        row = tables.setdefault(seat.table.number, {"set": seat.table.board_set, "players": {}})
        row["players"][ORIENTATIONS[seat.number]] = seat.registration
    return positions


def _engine_view(positions):
    """The movement as the engine writes it, to count its repeats."""
    ids = {}
    out = []
    for tables in positions.values():
        rows = []
        for row in tables.values():
            seat = {o: ids.setdefault(row["players"][o].pk, len(ids)) for o in ORIENTATIONS}
            rows.append({**seat, "set": row["set"]})
        out.append(rows)
    return out


@role_required(Role.SCORER)
@duplicate_only
def session_page(request, tournament, session):
    session = _session(tournament, session)
    players = duplicate_players(tournament).count()
    positions = _movement(session) if session.pk else {}
    engine = _engine_view(positions)
    boards = list(session.boards.order_by("number")) if session.pk else []
    plays = board_plays(session) if session.pk else {}
    sheets = current_sheets(session, official=False) if session.pk else {}
    counts = {s.pk: s.lines.count() for s in sheets.values()}
    rows = []
    for board in boards:
        sheet = sheets.get(board.pk)
        expected = len(plays.get(board.board_set, ()))
        rows.append(
            {
                "board": board,
                "sheet": sheet,
                "lines": counts.get(sheet.pk, 0) if sheet else 0,
                "expected": expected,
            }
        )
    problem = movement_problem(players, tournament.positions)
    return render(
        request,
        "scoring/duplicate_session.html",
        {
            "tournament": tournament,
            "session": session,
            "players": players,
            "problem": problem.messages[0] if problem else "",
            "positions": positions,
            "repeats": repeated_meetings(engine) if engine else 0,
            "twice": series_played_twice(engine) if engine else 0,
            "rows": rows,
            "confirmed": sum(1 for r in rows if r["sheet"] and r["sheet"].is_confirmed),
            "published": session.pk and session.rounds.filter(status="published").exists(),
            "is_arbitre": has_role(request.user, tournament, Role.ARBITRE),
            "is_organiser": has_role(request.user, tournament, Role.ORGANISER),
        },
    )


def _act(request, tournament, session, action, done):
    try:
        action()
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, done)
    return redirect("scoring:duplicate", slug=tournament.slug, session=session)


@require_POST
@role_required(Role.ORGANISER)
@duplicate_only
def session_draw(request, tournament, session):
    return _act(
        request,
        tournament,
        session,
        lambda: session_movement_build(tournament=tournament, user=request.user, number=session),
        _("Movement drawn. Review it, deal the étuis, then publish."),
    )


@require_POST
@role_required(Role.ORGANISER)
@duplicate_only
def session_deal(request, tournament, session):
    found = _session(tournament, session)
    return _act(
        request,
        tournament,
        session,
        lambda: boards_make(session=found, user=request.user),
        _("Étuis dealt."),
    )


@require_POST
@role_required(Role.ORGANISER)
@duplicate_only
def session_show(request, tournament, session):
    found = _session(tournament, session)
    return _act(
        request,
        tournament,
        session,
        lambda: session_publish(session=found, user=request.user),
        _("The movement is published: players see where they sit."),
    )


@require_POST
@role_required(Role.ARBITRE)
@duplicate_only
def session_end(request, tournament, session):
    found = _session(tournament, session)
    if request.POST.get("reopen"):
        return _act(
            request,
            tournament,
            session,
            lambda: session_reopen(
                session=found, user=request.user, reason=request.POST.get("reason", "")
            ),
            _("Séance reopened: its scores are hidden from the public again."),
        )
    return _act(
        request,
        tournament,
        session,
        lambda: session_close(session=found, user=request.user),
        _("Séance closed: its results are public."),
    )


def _lines_form(board, plays, post=None, sheet_lines_=()):
    """One row per table that plays the étui, with what was typed or stored."""
    players = {
        r.pk: r
        for r in Registration.objects.filter(
            pk__in={p for play in plays for p in play.players.values()}
        )
    }
    stored = {(ln.round.number, ln.table_number): ln for ln in sheet_lines_}
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
        rows.append(
            {
                "index": index,
                "play": play,
                "text": text,
                "rature": rature,
                "adjusted": adjusted,
                "reason": reason,
                "cancelled": cancelled,
                "north": players.get(play.players.get("N")),
                "taker": players.get(play.players.get(board.taker)),
                "errors": [],
            }
        )
    return rows


@role_required(Role.SCORER)
@duplicate_only
def board_sheet(request, tournament, session, board):
    found = get_object_or_404(Session, tournament=tournament, number=session)
    board_ = get_object_or_404(Board, session=found, number=board)
    plays = board_plays(found).get(board_.board_set, [])
    sheet = board_.sheets.exclude(status=TravellingSheet.Status.SUPERSEDED).first()
    stored = sheet_lines([sheet.pk]).get(sheet.pk, []) if sheet else []
    errors, status = [], 200
    if request.method == "POST" and request.POST.get("confirm") and sheet:
        try:
            travelling_sheet_confirm(sheet=sheet, user=request.user)
        except ValidationError as exc:
            errors = exc.messages
            status = 400
        else:
            messages.success(request, _("Étui %(n)s confirmed.") % {"n": board_.number})
            return _next(tournament, found, board_)
        rows = _lines_form(board_, plays, None, stored)
    elif request.method == "POST":
        rows = _lines_form(board_, plays, request.POST)
        entry_lines, bad = [], False
        for row in rows:
            try:
                score = parse_score(row["text"])
            except ValueError:
                row["errors"].append(line_message("not_a_number", {"text": row["text"]}))
                bad = True
                continue
            if score is None and not row["cancelled"]:
                continue  # a line not typed: missing, shown as such
            entry_lines.append(
                (
                    row,
                    LineEntry(
                        position=row["play"].position,
                        table=row["play"].table,
                        score=score,
                        rature=row["rature"],
                        adjusted=row["adjusted"],
                        adjust_reason=row["reason"],
                        cancelled=row["cancelled"],
                    ),
                )
            )
        if not bad:
            entry = TravellingEntry(
                tuple(line for _row, line in entry_lines), request.POST.get("reason", "")
            )
            try:
                saved = travelling_sheet_save(board=board_, entry=entry, user=request.user)
            except TravellingRefused as exc:
                for problem in exc.problems:
                    message = line_message(problem.code, problem.params)
                    if problem.index is None:
                        errors.append(message)
                    else:
                        entry_lines[problem.index][0]["errors"].append(message)
            except ValidationError as exc:
                errors = exc.messages
            else:
                missing = len(plays) - saved.lines.count()
                if missing:
                    messages.warning(
                        request,
                        _("Étui %(n)s saved; %(m)s line(s) still missing.")
                        % {"n": board_.number, "m": missing},
                    )
                else:
                    messages.success(request, _("Étui %(n)s saved.") % {"n": board_.number})
                return _next(tournament, found, board_)
        status = 400
    else:
        rows = _lines_form(board_, plays, None, stored)
    is_arbitre = has_role(request.user, tournament, Role.ARBITRE)
    count = found.boards.count()
    return render(
        request,
        "scoring/duplicate_board.html",
        {
            "tournament": tournament,
            "session": found,
            "board": board_,
            "rows": rows,
            "sheet": sheet,
            "errors": errors,
            "error_count": len(errors) + sum(len(r["errors"]) for r in rows),
            "is_arbitre": is_arbitre,
            "correcting": sheet is not None and sheet.is_confirmed,
            "can_confirm": sheet is not None
            and sheet.status == TravellingSheet.Status.ENTERED
            and is_arbitre
            and not (tournament.four_eyes and sheet.entered_by_id == request.user.pk),
            "previous": board_.number - 1 if board_.number > 1 else None,
            "next": board_.number + 1 if board_.number < count else None,
            "taker_name": board_.get_taker_display(),
        },
        status=status,
    )


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


@role_required(Role.SCORER)
@duplicate_only
def session_ranking(request, tournament, session):
    found = get_object_or_404(Session, tournament=tournament, number=session)
    official = request.GET.get("official") == "1"
    results = session_results(found, official=official)
    return render(
        request,
        "scoring/duplicate_ranking.html",
        {
            "tournament": tournament,
            "session": found,
            "results": results,
            "official": official,
            "general": [_row(r) for r in results.players],
            "alternate": [_row(r) for r in results.alternate],
        },
    )


def _row(result):
    return {
        "result": result,
        "attack": _percent(result.attack),
        "defence": _percent(result.defence),
        "overall": _percent(result.overall),
    }


def _percent(value) -> str:
    """Two decimals in the reader's locale, as the pages show them (33,33 %)."""
    if value is None:
        return "—"
    return number_format(Decimal(decimal_text(value, 2)), 2) + " %"
