"""Staff pages for the seating of positions: list, generate, review and swap, publish, print,
and the ways back (unpublish, undo the last swap)."""

from functools import wraps

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from common.errors import add_service_error
from common.views import download

from .. import documents, jobs, services_seating, services_undo
from ..forms_actions import SeatForm, SwapUndoForm
from ..job_kinds import ON_THE_TABLE
from ..models import Registration, Round
from ..permissions import Role, has_role, role_required
from ..selectors_presence import presence_summary
from ..selectors_seating import last_swap, round_tables, round_tables_missing
from .helpers import seating_address, site_address
from .jobs import document_response

# The numbers these forms take: beyond, a message next to the field rather than a query with a
# number no column holds.
MOST_PLAYER, MOST_TABLE = 1_000_000, 999


class SwapForm(forms.Form):
    first = forms.IntegerField(label=gettext_lazy("Player no."), min_value=1, max_value=MOST_PLAYER)
    second = forms.IntegerField(
        label=gettext_lazy("with player no."), min_value=1, max_value=MOST_PLAYER
    )
    reason = forms.CharField(
        label=gettext_lazy("Reason (score sheets exist)"), max_length=300, required=False
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament

    def _registration(self, name):
        number = self.cleaned_data.get(name)
        reg = self.tournament.registrations.filter(number=number).select_related("player").first()
        if number is not None and reg is None:
            raise ValidationError(
                _("No player has number %(n)s."), code="no_such_player", params={"n": number}
            )
        return reg

    def clean_first(self):
        return self._registration("first")

    def clean_second(self):
        return self._registration("second")


class ReprintForm(forms.Form):
    """One table's sheet, printed again (a GET form: it changes nothing)."""

    table = forms.IntegerField(label=gettext_lazy("Table no."), min_value=1, max_value=MOST_TABLE)

    def __init__(self, *args, round, **kwargs):
        super().__init__(*args, **kwargs)
        self.round = round

    def clean_table(self):
        number = self.cleaned_data["table"]
        if not self.round.tables.filter(number=number).exists():
            raise ValidationError(
                _("Position %(k)s has no table %(t)s."),
                code="no_such_table",
                params={"k": self.round.number, "t": number},
            )
        return number


def _round(tournament, number) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


@role_required(Role.SCORER)
def round_list(request, tournament):
    if not tournament.plays_positions:
        return _played_elsewhere(request, tournament)
    rounds = {r.number: r for r in tournament.rounds.all()}
    positions = [(k, rounds.get(k)) for k in range(1, tournament.positions + 1)]
    next_number = next((k for k, r in positions if r is None), None)
    return render(
        request,
        "manage/rounds.html",
        {
            "tournament": tournament,
            "positions": positions,
            "next_number": next_number,
            "summary": presence_summary(tournament=tournament),
            "can_edit": has_role(request.user, tournament, Role.ORGANISER),
        },
    )


def _review(
    request, tournament, round_, *, swap_form=None, reprint_form=None, reprint_error="", status=200
):
    report = round_.report or {}
    locked = round_.is_locked
    can_edit = has_role(request.user, tournament, Role.ORGANISER)
    names = {
        r.pk: r
        for r in Registration.objects.filter(
            pk__in={p for pair in report.get("repeated_pairs", []) for p in pair[:2]}
            | {p for pair in report.get("team_clashes", []) for p in pair[:2]}
        ).select_related("player")
    }
    tables = round_tables(round=round_)
    return render(
        request,
        "manage/round.html",
        {
            "tournament": tournament,
            "round": round_,
            "tables": tables,
            "missing": round_tables_missing(round=round_),
            "reprint_form": reprint_form or ReprintForm(round=round_),
            "reprint_error": reprint_error,
            "report": report,
            "repeated_pairs": [
                (names.get(a), names.get(b), times)
                for a, b, times in report.get("repeated_pairs", [])
            ],
            "team_clashes": [
                (names.get(a), names.get(b)) for a, b in report.get("team_clashes", [])
            ],
            "swap_form": swap_form or SwapForm(tournament=tournament),
            "can_edit": can_edit,
            "locked": locked,
            # The ways back, while nothing has been played on the position.
            "can_unpublish": can_edit
            and round_.is_published
            and not locked
            and not tournament.rounds.filter(number__gt=round_.number).exists(),
            "last_swap": last_swap(round=round_) if can_edit and not locked else None,
            # Once sheets exist, moving players is an arbitre's correction.
            "can_swap": has_role(
                request.user, tournament, Role.ARBITRE if locked else Role.ORGANISER
            ),
        },
        status=status,
    )


@role_required(Role.SCORER)
def round_detail(request, tournament, number):
    round_ = _round(tournament, number)
    if not tournament.plays_positions:
        # Its seating, swaps and score sheets are the libre's: the format's own page instead.
        return _played_elsewhere(request, tournament, round_)
    return _review(request, tournament, round_)


def positions_only(view):
    """For the libre's position actions (after ``role_required``): a format that plays in
    séances or matches has its own page for them; its positions are never seated, published or
    swapped here (nothing written), the visitor is sent back to the positions page, which
    names that page."""

    @wraps(view)
    def wrapper(request, tournament, number, *args, **kwargs):
        if not tournament.plays_positions:
            messages.info(request, _("This game seats and publishes its positions elsewhere."))
            return redirect("manage:rounds", slug=tournament.slug)
        return view(request, tournament, number, *args, **kwargs)

    return wrapper


def _played_elsewhere(request, tournament, round_=None):
    context = {
        "tournament": tournament,
        "summary": presence_summary(tournament=tournament),
        "session": round_.session.number if round_ is not None and round_.session else 1,
    }
    return render(request, "manage/rounds.html", context)


@require_POST
@role_required(Role.ORGANISER)
@positions_only
def round_generate(request, tournament, number):
    try:
        services_seating.round_seat_players(
            tournament=tournament,
            number=number,
            user=request.user,
            fresh=SeatForm.read(request.POST)["fresh"],
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("manage:rounds", slug=tournament.slug)
    messages.success(request, _("Position %(k)s seated: review it, then publish.") % {"k": number})
    return redirect("manage:round", slug=tournament.slug, number=number)


@require_POST
@role_required(Role.ARBITRE)
@positions_only
def round_swap(request, tournament, number):
    round_ = _round(tournament, number)
    if not round_.is_locked and not has_role(request.user, tournament, Role.ORGANISER):
        raise PermissionDenied
    form = SwapForm(request.POST, tournament=tournament)
    if form.is_valid():
        try:
            services_seating.round_swap_players(
                round=round_,
                user=request.user,
                first=form.cleaned_data["first"],
                second=form.cleaned_data["second"],
                reason=form.cleaned_data["reason"],
            )
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Players swapped."))
            return redirect("manage:round", slug=tournament.slug, number=number)
    return _review(request, tournament, round_, swap_form=form, status=400)


@require_POST
@role_required(Role.ORGANISER)
@positions_only
def round_publish(request, tournament, number):
    services_seating.round_publish(round=_round(tournament, number), user=request.user)
    # Ready before anyone asks: a worker makes what will be printed now (tournaments.jobs).
    for kind in DOCUMENTS:
        params = position_document_params(request, tournament, number, kind)
        jobs.ask(
            tournament=tournament, user=None, kind=f"position.{kind}", params=params, soon=True
        )
    messages.success(request, _("Position %(k)s published: players can see it.") % {"k": number})
    return redirect("manage:round", slug=tournament.slug, number=number)


@require_POST
@role_required(Role.ORGANISER)
@positions_only
def round_unpublish(request, tournament, number):
    try:
        services_undo.round_unpublish(round=_round(tournament, number), user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(
            request,
            _("Position %(k)s unpublished: the players no longer see it.") % {"k": number},
        )
    return redirect("manage:round", slug=tournament.slug, number=number)


@require_POST
@role_required(Role.ORGANISER)
@positions_only
def round_swap_undo(request, tournament, number):
    swap = SwapUndoForm.read(request.POST)["swap"]
    try:
        services_undo.round_swap_undo(
            round=_round(tournament, number), user=request.user, swap=swap
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Swap undone."))
    return redirect("manage:round", slug=tournament.slug, number=number)


DOCUMENTS = ("sheets", "tables", "list", "cards")  # tournaments.job_kinds; made in this order
# Pinned to a wall: they carry the public seating page's address and QR code.
ON_THE_WALL = {"tables", "list"}


def position_document_params(request, tournament, number, kind) -> dict:
    """What the position document ``kind`` of position ``number`` is made from."""
    params = {"position": number}
    if kind in ON_THE_WALL:
        params["seating_url"] = seating_address(request, tournament)
    if kind in ON_THE_TABLE and tournament.table_entry:
        params["site"] = site_address(request)  # each table's code, to enter at the table
    return params


@role_required(Role.SCORER)
def round_document(request, tournament, number, kind):
    """A position's document: served when ready, else made by a worker while a page shows how
    far it is (tournaments.jobs)."""
    if kind not in DOCUMENTS:
        raise Http404
    round_ = _round(tournament, number)
    if not tournament.plays_positions:  # the libre's documents: the format's own page instead
        return _played_elsewhere(request, tournament, round_)
    params = position_document_params(request, tournament, number, kind)
    return document_response(request, tournament, f"position.{kind}", params)


@role_required(Role.SCORER)
def round_reprint(request, tournament, number):
    """The score sheet of one table again (``?table=7``), or of the tables whose sheet is not
    entered yet (``?missing=1``); a table the position does not have: the page, with why."""
    round_ = _round(tournament, number)
    if not tournament.plays_positions:  # no libre score sheet: the format's own page instead
        return _played_elsewhere(request, tournament, round_)
    if request.GET.get("missing") == "1":
        numbers = round_tables_missing(round=round_)
        if numbers:
            params = position_document_params(request, tournament, number, "sheets")
            params["tables"] = numbers
            return document_response(request, tournament, "position.sheets", params)
        nothing = _("Every table of this position has a sheet entered.")
        return _review(request, tournament, round_, reprint_error=nothing, status=400)
    form = ReprintForm(request.GET, round=round_)
    if not form.is_valid():
        return _review(request, tournament, round_, reprint_form=form, status=400)
    site = position_document_params(request, tournament, number, "sheets").get("site", "")
    numbers = [form.cleaned_data["table"]]
    return download(documents.score_sheets_pdf(round=round_, numbers=numbers, site=site))
