"""Staff pages of every duplicate form: a séance (movement, étuis, progress, closing), an étui's
travelling sheet typed from the paper, and the provisional rankings.

Thin: reads through ``scoring.formats.duplicate.reads``, writes through the services, errors shown
next to the line they belong to; what differs between the forms (the movement, the rankings,
the page's template) the tournament's format says (``DuplicateFamily``). A donnes-libres
tournament has none of these pages: its visitors are sent back to the tournament's page.
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
from scoring.formats.duplicate.pages import result_row
from scoring.formats.duplicate.reads import board_plays, current_sheets
from scoring.formats.duplicate.services import (
    boards_make,
    session_close,
    session_reopen,
)
from scoring.formats.registry import format_of
from scoring.models.duplicate import TravellingLine
from tournaments.extensions import rounds_with_results
from tournaments.models import Session
from tournaments.permissions import Role, has_role, role_required
from tournaments.selectors_seating import round_played
from tournaments.services_duplicate import (
    session_coefficient_set,
    session_position_announce,
    session_publish,
)


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
        if not format_of(tournament).tables_view:
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


@role_required(Role.SCORER)
@duplicate_only
def session_page(request, tournament, session):
    return _session_page(request, tournament, session)


def _session_page(request, tournament, session, draw_form=None):
    session = _session(tournament, session)
    others, following = _other_sessions(tournament, session)
    game = format_of(tournament)
    facts = game.movement_facts(tournament, session)
    positions = facts["positions"]
    draw_form = draw_form or game.draw_form(tournament, session, facts)
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
        game.session_template,
        {
            "tournament": tournament,
            "session": session,
            **_movement_shown(facts),
            "draw_form": draw_form,
            "document_names": game.document_names(),
            "rows": rows,
            "confirmed": sum(1 for r in rows if r["sheet"] and r["sheet"].is_confirmed),
            # Étuis of séries the movement does not play: dealt before another movement was drawn.
            "unplayed": sum(1 for r in rows if not r["expected"]) if positions else 0,
            "published": session.pk and session.rounds.filter(status="published").exists(),
            # Once a score exists the movement and the étuis are fixed: no button to redraw.
            "scored": bool(session.pk) and rounds_with_results(session.rounds.all()),
            "is_arbitre": has_role(request.user, tournament, Role.ARBITRE),
            "is_organiser": has_role(request.user, tournament, Role.ORGANISER),
            "table_entry": tournament.table_entry and game.table_game() is not None,
            **_being_played(tournament, session),
            "other_sessions": others,
            "next_session": following,
        },
    )


def _movement_shown(facts: dict) -> dict:
    """The movement's facts (``DuplicateFamily.movement_facts``) under the page's names."""
    return {
        "players": facts["players"],
        "teams": facts.get("teams"),
        "quadrettes": facts.get("quadrettes"),
        "copies": facts.get("copies"),
        "howell_lines": facts.get("lines"),
        "howell_lone": facts.get("lone"),
        "howell_compared": ", ".join(map(str, facts.get("compared", []))),
        "problem": facts["problem"],
        "positions": facts["positions"],
        "repeats": facts.get("repeats", 0),
        "twice": facts.get("twice", 0),
    }


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
    game = format_of(tournament)
    options = {}
    if game.chooses_movement:  # which movement: refused next to its field, nothing saved
        found = _session(tournament, session)
        facts = game.movement_facts(tournament, found)
        form = game.draw_form(tournament, found, facts, request.POST)
        if not form.is_valid():
            return _session_page(request, tournament, session, draw_form=form)
        options["movement"] = form.cleaned_data["movement"]
    return _act(
        request,
        tournament,
        session,
        lambda _found: game.build_movement(
            tournament=tournament, user=request.user, number=session, **options
        ),
        _("Movement drawn. Review it, deal the étuis, then publish."),
        drawn=False,
    )


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
    game = format_of(tournament)
    results, general, alternate = game.session_rankings(found, official=official)
    return render(
        request,
        "scoring/duplicate_ranking.html",
        {
            "tournament": tournament,
            "session": found,
            "results": results,
            "official": official,
            "general": [result_row(r) for r in general],
            "pm": game.ranks_in_pm,
            "no_alternate": not game.has_alternate(found),
            "alternate": [result_row(r) for r in alternate],
            "flags": game.attack_flags(general),
        },
    )


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
