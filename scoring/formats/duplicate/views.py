"""Staff pages of the duplicate individuel: a séance (movement, étuis, progress, closing), an
étui's travelling sheet typed from the paper, and the provisional rankings.

Thin: reads through ``scoring.formats.duplicate.reads``, writes through the services, errors shown
next to the line they belong to. A donnes-libres tournament has none of these pages: its visitors
are sent back to the tournament's page.
"""

from functools import wraps

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.forms import ReopenForm
from scoring.formats.duplicate.forms import AnnounceForm, CoefficientForm
from scoring.formats.duplicate.reads import board_plays, current_sheets, session_results
from scoring.formats.duplicate.services import (
    boards_make,
    session_close,
    session_reopen,
)
from scoring.formats.quadrettes import views as views_quadrettes
from scoring.formats.quadrettes.reads import quadrette_session_results
from scoring.formats.triplettes import views as views_triplettes
from scoring.formats.triplettes.reads import triplette_session_results
from scoring.models.duplicate import ORIENTATIONS, TravellingLine
from scoring.shown import percent_shown, pm_shown
from tournaments.extensions import rounds_with_results
from tournaments.models import Seat, Session
from tournaments.permissions import Role, has_role, role_required
from tournaments.seating.duplicate import repeated_meetings, series_played_twice
from tournaments.selectors_seating import round_played
from tournaments.services_duplicate import (
    duplicate_players,
    movement_problem,
    session_coefficient_set,
    session_movement_build,
    session_position_announce,
    session_publish,
)
from tournaments.services_quadrettes import quadrettes_movement_build
from tournaments.services_triplettes import triplettes_movement_build


def duplicate_only(view):
    @wraps(view)
    def wrapper(request, tournament, *args, **kwargs):
        if not tournament.plays_duplicate:
            messages.info(request, _("This tournament is played in donnes libres."))
            return redirect("manage:tournament", slug=tournament.slug)
        return view(request, tournament, *args, **kwargs)

    return wrapper


def individuel_only(view):
    """A page the team duplicates do not have (the tables' view and its slips): back to the
    séance, saying so."""

    @wraps(view)
    def wrapper(request, tournament, session, *args, **kwargs):
        if tournament.places_teams:
            messages.info(
                request, _("Not yet for the team duplicates: see the séance and rankings.")
            )
            return redirect("scoring:duplicate", slug=tournament.slug, session=session)
        return view(request, tournament, session, *args, **kwargs)

    return wrapper


def _session(tournament, number) -> Session:
    """The séance, or the next one to draw (séance 1, or the one after a closed séance)."""
    session = Session.objects.filter(tournament=tournament, number=number).first()
    if session is None:
        if (
            number != 1
            and not Session.objects.filter(
                tournament=tournament, number=number - 1, closed_at__isnull=False
            ).exists()
        ):
            raise Http404
        session = Session(tournament=tournament, number=number)
    return session


def _other_sessions(tournament, session: Session) -> tuple[list[int], int | None]:
    """The numbers of the tournament's other séances, and the next one's once the last is
    closed (it can then be drawn)."""
    found = list(
        Session.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", "closed_at")
    )
    others = [number for number, _closed in found if number != session.number]
    following = found[-1][0] + 1 if found and found[-1][1] is not None else None
    return others, following if following != session.number else None


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
    return _session_page(request, tournament, session)


def _session_page(request, tournament, session, draw_form=None):
    session = _session(tournament, session)
    others, following = _other_sessions(tournament, session)
    if tournament.places_teams:
        views = views_triplettes if tournament.is_triplettes else views_quadrettes
        facts = views.movement_facts(tournament, session)
        players, positions, engine = facts["players"], facts["positions"], []
        if tournament.is_triplettes:
            draw_form = draw_form or views_triplettes.draw_form(tournament, session, facts)
    else:
        players = duplicate_players(tournament).count()
        positions = _movement(session) if session.pk else {}
        engine = _engine_view(positions)
        problem = movement_problem(players, tournament.positions)
        facts = {"problem": problem.messages[0] if problem else ""}
    boards = list(session.boards.order_by("number")) if session.pk else []
    plays = board_plays(session) if session.pk else {}
    sheets = current_sheets(session, official=False) if session.pk else {}
    counts = dict(
        TravellingLine.objects.filter(sheet__in=list(sheets.values()))
        .values("sheet")
        .annotate(n=Count("pk"))
        .values_list("sheet", "n")
    )
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
    return render(
        request,
        "scoring/duplicate_session.html",
        {
            "tournament": tournament,
            "session": session,
            "players": players,
            "teams": facts.get("teams"),
            "quadrettes": facts.get("quadrettes"),
            "copies": facts.get("copies"),
            "howell_lines": facts.get("lines"),
            "howell_lone": facts.get("lone"),
            "howell_compared": ", ".join(map(str, facts.get("compared", []))),
            "draw_form": draw_form,
            "problem": facts["problem"],
            "positions": positions,
            "repeats": repeated_meetings(engine) if engine else 0,
            "twice": series_played_twice(engine) if engine else 0,
            "rows": rows,
            "confirmed": sum(1 for r in rows if r["sheet"] and r["sheet"].is_confirmed),
            # Étuis of séries the movement does not play: dealt before another movement was drawn.
            "unplayed": sum(1 for r in rows if not r["expected"]) if positions else 0,
            "published": session.pk and session.rounds.filter(status="published").exists(),
            # Once a score exists the movement and the étuis are fixed: no button to redraw.
            "scored": bool(session.pk) and rounds_with_results(session.rounds.all()),
            "is_arbitre": has_role(request.user, tournament, Role.ARBITRE),
            "is_organiser": has_role(request.user, tournament, Role.ORGANISER),
            **_being_played(tournament, session),
            "other_sessions": others,
            "next_session": following,
        },
    )


def _act(request, tournament, number, action, done, *, drawn=True):
    """Run ``action(séance)`` and say how it went; a séance not drawn yet has nothing to deal,
    publish or close."""
    found = Session.objects.filter(tournament=tournament, number=number).first()
    if drawn and found is None:
        messages.error(request, _("Draw the séance's movement first."))
        return redirect("scoring:duplicate", slug=tournament.slug, session=number)
    try:
        action(found)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, done)
    return redirect("scoring:duplicate", slug=tournament.slug, session=number)


@require_POST
@role_required(Role.ORGANISER)
@duplicate_only
def session_draw(request, tournament, session):
    options = {}
    if tournament.is_triplettes:  # which movement: refused next to its field, nothing saved
        found = _session(tournament, session)
        facts = views_triplettes.movement_facts(tournament, found)
        form = views_triplettes.draw_form(tournament, found, facts, request.POST)
        if not form.is_valid():
            return _session_page(request, tournament, session, draw_form=form)
        options["movement"] = form.cleaned_data["movement"]
    return _act(
        request,
        tournament,
        session,
        lambda _found: _builder(tournament)(
            tournament=tournament, user=request.user, number=session, **options
        ),
        _("Movement drawn. Review it, deal the étuis, then publish."),
        drawn=False,
    )


def _builder(tournament):
    if tournament.is_triplettes:
        return triplettes_movement_build
    if tournament.is_quadrettes:
        return quadrettes_movement_build
    return session_movement_build


@require_POST
@role_required(Role.ORGANISER)
@duplicate_only
def session_deal(request, tournament, session):
    return _act(
        request,
        tournament,
        session,
        lambda found: boards_make(session=found, user=request.user),
        _("Étuis dealt."),
    )


@require_POST
@role_required(Role.ORGANISER)
@duplicate_only
def session_show(request, tournament, session):
    return _act(
        request,
        tournament,
        session,
        lambda found: session_publish(session=found, user=request.user),
        _("The movement is published: players see where they sit."),
    )


def _being_played(tournament, session) -> dict:
    """What the players are shown as the position being played, when it is this séance's, and
    the positions the arbitre may announce instead."""
    if not session.pk or session.is_closed:
        return {}
    numbers = list(
        session.rounds.filter(status="published")
        .order_by("number")
        .values_list("number", flat=True)
    )
    played = round_played(tournament=tournament) if numbers else None
    played = played.number if played and played.session_id == session.pk else None
    following = [k for k in numbers if played is None or k > played]
    return {
        "announce_numbers": numbers,
        "played": played,
        "announce_next": following[0] if following else played,
    }


@require_POST
@role_required(Role.ARBITRE)
@duplicate_only
def session_announce(request, tournament, session):
    number = AnnounceForm.read(request.POST)["number"]
    return _act(
        request,
        tournament,
        session,
        lambda found: session_position_announce(session=found, user=request.user, number=number),
        _("Players now see position %(k)s as being played.") % {"k": number},
    )


@require_POST
@role_required(Role.ARBITRE)
@duplicate_only
def session_end(request, tournament, session):
    asked = ReopenForm.read(request.POST)
    if asked["reopen"]:
        reason = asked["reason"]
        return _act(
            request,
            tournament,
            session,
            lambda found: session_reopen(session=found, user=request.user, reason=reason),
            _("Séance reopened: its scores are hidden from the public again."),
        )
    return _act(
        request,
        tournament,
        session,
        lambda found: session_close(session=found, user=request.user),
        _("Séance closed: its results are public."),
    )


@role_required(Role.SCORER)
@duplicate_only
def session_ranking(request, tournament, session):
    found = get_object_or_404(Session, tournament=tournament, number=session)
    official = request.GET.get("official") == "1"
    if tournament.is_triplettes:
        results = triplette_session_results(found, official=official)
        general, alternate = results.teams, results.alternate
    elif tournament.is_quadrettes:
        results = quadrette_session_results(found, official=official)
        general, alternate = results.teams, []
    else:
        results = session_results(found, official=official)
        general, alternate = results.players, results.alternate
    return render(
        request,
        "scoring/duplicate_ranking.html",
        {
            "tournament": tournament,
            "session": found,
            "results": results,
            "official": official,
            "general": [_row(r) for r in general],
            "pm": tournament.is_quadrettes,
            "alternate": [_row(r) for r in alternate],
            "flags": views_triplettes.flag_rows(general) if tournament.is_triplettes else [],
        },
    )


def _row(result):
    if hasattr(result, "pm"):  # a quadrette: its match points
        return {"result": result, "pm": pm_shown(result.pm)}
    return {
        "result": result,
        "attack": percent_shown(result.attack),
        "defence": percent_shown(result.defence),
        "overall": percent_shown(result.overall),
    }


@require_POST
@role_required(Role.ORGANISER)
@duplicate_only
def session_weight(request, tournament, session):
    found = get_object_or_404(Session, tournament=tournament, number=session)
    coefficient = CoefficientForm.read(request.POST)["coefficient"]
    try:
        session_coefficient_set(session=found, user=request.user, coefficient=coefficient)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Coefficient of séance %(k)s saved.") % {"k": found.number})
    return redirect("scoring:duplicate", slug=tournament.slug, session=found.number)
