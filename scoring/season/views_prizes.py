"""The staff pages of prizes: a tournament's (its organisers) and a challenge's (its managers)
rules with the form that adds one and the prize list they give; the printed lists; the
challenge's treasurer sheet. Thin: the form parses, the services write, ``prizes`` works out."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.errors import add_service_error
from common.views import download
from scoring.models import PrizeRule
from scoring.season import services_prizes
from scoring.season.documents_prizes import prizes_pdf, treasurer_pdf
from scoring.season.forms_prizes import PrizeRuleForm
from scoring.season.permissions import challenge_required
from scoring.season.prizes import challenge_prizes, rule_text, tournament_prizes
from scoring.season.treasurer import treasurer_sheet
from tournaments.models import StaffRole
from tournaments.permissions import role_required

ORGANISER = StaffRole.Role.ORGANISER


def _rules_page(request, owner: dict, template: str, compute):
    """The rules, the form adding one (refused: next to its fields, 400) and the prize list."""
    form = PrizeRuleForm(request.POST or None, of_tournament="tournament" in owner)
    if request.method == "POST" and form.is_valid():
        try:
            services_prizes.prize_rule_add(user=request.user, values=form.values(), **owner)
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Prize rule added."))
            return redirect(request.path)
    rules = PrizeRule.objects.filter(**owner)
    context = {
        **owner,
        "form": form,
        "rules": [(rule, rule_text(rule)) for rule in rules],
        "prizes": compute(),
    }
    status = 400 if request.method == "POST" else 200
    return render(request, template, context, status=status)


@role_required(ORGANISER)
def tournament_page(request, tournament):
    return _rules_page(
        request,
        {"tournament": tournament},
        "manage/prizes_tournament.html",
        lambda: tournament_prizes(tournament=tournament),
    )


@require_POST
@role_required(ORGANISER)
def tournament_rule_delete(request, tournament, pk):
    rule = get_object_or_404(PrizeRule, pk=pk, tournament=tournament)
    services_prizes.prize_rule_delete(rule=rule, user=request.user)
    messages.success(request, _("Prize rule deleted."))
    return redirect("prizes:tournament", slug=tournament.slug)


@role_required(ORGANISER)
@require_GET
def tournament_pdf(request, tournament):
    return download(prizes_pdf(tournament=tournament))


@challenge_required
def challenge_page(request, challenge):
    return _rules_page(
        request,
        {"challenge": challenge},
        "manage/prizes_challenge.html",
        lambda: challenge_prizes(challenge=challenge),
    )


@require_POST
@challenge_required
def challenge_rule_delete(request, challenge, pk):
    rule = get_object_or_404(PrizeRule, pk=pk, challenge=challenge)
    services_prizes.prize_rule_delete(rule=rule, user=request.user)
    messages.success(request, _("Prize rule deleted."))
    return redirect("prizes:challenge", challenge=challenge.slug)


@challenge_required
@require_GET
def challenge_pdf(request, challenge):
    return download(prizes_pdf(challenge=challenge))


@challenge_required
@require_GET
def challenge_treasurer(request, challenge):
    sheet = treasurer_sheet(challenge=challenge)
    return render(
        request, "manage/treasurer_challenge.html", {"challenge": challenge, "sheet": sheet}
    )


@challenge_required
@require_GET
def challenge_treasurer_pdf(request, challenge):
    return download(treasurer_pdf(challenge=challenge))
