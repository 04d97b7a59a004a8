"""The player directory: the records every tournament links, for accounts with the right.

Tournaments show the identity their registrations were made under; the directory is where a
federation or a club keeps each licence's own record (name, club, e-mail), and every change to
it is audited. An account without the right is told the pages do not exist.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from common.errors import add_service_error

from .. import services
from ..actions import Action
from ..forms import DirectoryPlayerForm, MergeForm, MergeSearchForm
from ..models import AuditEntry, Player
from ..permissions import can_edit_directory
from ..selectors_directory import merge_candidates, merge_side, possible_duplicates


def _require_directory(user) -> None:
    if not can_edit_directory(user):
        raise Http404


@login_required
def directory(request):
    _require_directory(request.user)
    search = request.GET.get("q", "").replace("\x00", "").strip()[:100]
    players = Player.objects.select_related("club").annotate(
        registration_count=Count("registrations")
    )
    for word in search.split():
        players = players.filter(
            Q(last_name__icontains=word)
            | Q(first_name__icontains=word)
            | Q(licence__startswith=word)
            | Q(club__name__icontains=word)
        )
    page = Paginator(players.order_by("last_name", "first_name", "pk"), 100).get_page(
        request.GET.get("page")
    )
    context = {"page": page, "search": search, "duplicates": possible_duplicates()}
    return render(request, "manage/directory.html", context)


@login_required
def directory_edit(request, pk):
    _require_directory(request.user)
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    form = DirectoryPlayerForm(request.POST or None, instance=Player.objects.get(pk=pk))
    if request.method == "POST" and form.is_valid():
        values = {name: form.cleaned_data[name] for name in form.Meta.fields}
        try:
            services.player_update(
                player=player,
                user=request.user,
                new_club=form.cleaned_data["new_club"],
                **values,
            )
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("%(player)s saved.") % {"player": player})
            return redirect("manage:directory")
    registrations = player.registrations.select_related("tournament").order_by("-tournament__date")
    history = AuditEntry.objects.filter(action=Action.PLAYER_UPDATED, data__player=player.pk)
    return render(
        request,
        "manage/directory_player.html",
        {
            "player": player,
            "form": form,
            "registrations": registrations,
            "history": history.select_related("user")[:20],
        },
    )


@login_required
def directory_merge(request, pk):
    """Merge a duplicate into this record: search it (GET ``q``), see both side by side
    (GET ``duplicate``), confirm (POST)."""
    _require_directory(request.user)
    kept = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    search = MergeSearchForm(request.GET)
    query = search.cleaned_data["q"] if search.is_valid() else ""
    posted = request.method == "POST"
    form = MergeForm(request.POST if posted else request.GET, kept=kept)
    duplicate = form.cleaned_data["duplicate"] if form.is_valid() else None
    if posted and duplicate is not None:
        name = str(duplicate)
        try:
            services.player_merge(user=request.user, kept=kept, duplicate=duplicate)
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(
                request,
                _("%(duplicate)s merged into %(player)s.") % {"duplicate": name, "player": kept},
            )
            return redirect("manage:directory_player", kept.pk)
    context = {
        "player": kept,
        "search": search,
        "query": query,
        "candidates": merge_candidates(kept=kept, search=query),
        "errors": form.errors if posted else {},
        "duplicate": duplicate,
        "sides": [merge_side(kept), merge_side(duplicate)] if duplicate else [],
    }
    status = 400 if posted else 200
    return render(request, "manage/directory_merge.html", context, status=status)
