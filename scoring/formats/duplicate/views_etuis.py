"""Arbitre's pages of a séance's étuis: an étui prepared by hand typed in (taker, dealer,
chien), instead of being dealt by the software, and how each étui was made at its first
position, and by which table (fft-duplicate.md §1.5, §1.8).

Thin: the forms of ``forms_duplicate`` read the page, the services of
``services_duplicate_boards`` write and refuse; a refusal is shown next to its field and saves
nothing. A donnes-libres tournament has none of these pages.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from scoring.engine.boards import dealer_for, takers_for_set
from scoring.formats.duplicate.forms import BoardMadeForm, BoardTypeForm
from scoring.formats.duplicate.services_boards import (
    board_made_record,
    board_type,
    first_tables,
    scored_boards,
)
from scoring.formats.duplicate.views import duplicate_only
from scoring.models.duplicate import Board, Orientation
from tournaments.models import Session
from tournaments.permissions import Role, role_required


def _count(session: Session) -> int:
    """How many étuis the séance has by its movement."""
    return session.tables * session.tournament.boards_per_set


def _in_turn(number: int, per_set: int) -> dict:
    """The taker and dealer an étui gets when the software deals it (the rule in turn)."""
    index = (number - 1) % per_set
    taker = takers_for_set(per_set)[index]
    return {"taker": str(taker), "dealer": str(dealer_for(index, taker))}


def _typed_initial(existing: Board | None, number: int, per_set: int) -> dict:
    """The étui as stored, to correct it; a new one in turn."""
    if existing is None:
        return _in_turn(number, per_set)
    return {"taker": existing.taker, "dealer": existing.dealer, "chien": " ".join(existing.chien)}


@role_required(Role.ARBITRE)
@duplicate_only
def boards_type_start(request, tournament, session):
    """The first étui of the séance not made yet, to type; the séance when none is left."""
    found = get_object_or_404(Session, tournament=tournament, number=session)
    made = set(found.boards.values_list("number", flat=True))
    missing = [n for n in range(1, _count(found) + 1) if n not in made]
    if not missing:
        messages.info(request, _("Every étui of this séance exists: open one to type it again."))
        return redirect("scoring:duplicate", slug=tournament.slug, session=found.number)
    return redirect(
        "scoring:duplicate_board_type",
        slug=tournament.slug,
        session=found.number,
        board=missing[0],
    )


@role_required(Role.ARBITRE)
@duplicate_only
def board_type_page(request, tournament, session, board):
    found = get_object_or_404(Session, tournament=tournament, number=session)
    count = _count(found)
    if not 1 <= board <= count:
        raise Http404
    existing = Board.objects.filter(session=found, number=board).first()
    scored = scored_boards(found.boards.filter(number=board)).exists()
    # While the arbitre types the étuis in a row, saving one opens the next not made yet.
    following = board + 1
    if following > count or found.boards.filter(number=following).exists():
        following = None
    status = 200
    if request.method == "POST":
        form = BoardTypeForm(request.POST)
        if form.is_valid():
            try:
                board_type(
                    session=found,
                    number=board,
                    user=request.user,
                    **form.cleaned_data,
                )
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(request, _("Étui %(n)s saved.") % {"n": board})
                if following is None:
                    return redirect("scoring:duplicate", slug=tournament.slug, session=found.number)
                return redirect(
                    "scoring:duplicate_board_type",
                    slug=tournament.slug,
                    session=found.number,
                    board=following,
                )
        status = 400
    else:
        form = BoardTypeForm(initial=_typed_initial(existing, board, tournament.boards_per_set))
    return render(
        request,
        "scoring/duplicate_board_type.html",
        {
            "tournament": tournament,
            "session": found,
            "number": board,
            "board_set": (board - 1) // tournament.boards_per_set + 1,
            "board": existing,
            "in_turn": {
                part: Orientation(value).label
                for part, value in _in_turn(board, tournament.boards_per_set).items()
            },
            "form": form,
            "scored": scored,
            "locked": scored or found.is_closed,
            "previous": board - 1 if board > 1 else None,
            "next": board + 1 if board < count else None,
            "following": following,
        },
        status=status,
    )


@role_required(Role.ARBITRE)
@duplicate_only
def board_made_page(request, tournament, session, board):
    found = get_object_or_404(Session, tournament=tournament, number=session)
    board_ = get_object_or_404(Board, session=found, number=board)
    position, tables = first_tables(board_)
    status = 200
    if request.method == "POST":
        form = BoardMadeForm(request.POST, tables=tables, position=position)
        if form.is_valid():
            try:
                board_made_record(board=board_, user=request.user, **form.cleaned_data)
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(
                    request, _("How étui %(n)s was made is recorded.") % {"n": board_.number}
                )
                return redirect("scoring:duplicate", slug=tournament.slug, session=found.number)
        status = 400
    else:
        recorded = board_.made != Board.Made.UNKNOWN
        form = BoardMadeForm(
            initial={
                "made": board_.made,
                "redeals": board_.redeals if recorded else 0,
                "table": board_.made_by_table
                if board_.made_by_table or len(tables) != 1
                else tables[0],
            },
            tables=tables,
            position=position,
        )
    return render(
        request,
        "scoring/duplicate_board_made.html",
        {
            "tournament": tournament,
            "session": found,
            "board": board_,
            "form": form,
            "position": position,
        },
        status=status,
    )
