"""Staff pages of a séance table by table: the index of its tables, and one table's page (at
each position the série it plays, its four players, each étui's score as known: travelling
sheet, else the table's report), with one form per position to type the table's report from
its slip.

Thin: reads through ``duplicate_tables``, writes through ``services_duplicate_reports``, each
refusal shown next to its étui's field and nothing saved. Staff only, scores included whatever
the séance's state: no public page links here (§1.7).
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from scoring.formats.duplicate.forms_entry import TableReportForm
from scoring.formats.duplicate.services_reports import ReportRefused, table_report_save
from scoring.formats.duplicate.tables import table_positions, tables_progress
from scoring.formats.duplicate.views import duplicate_only, individuel_only
from tournaments.models import Session
from tournaments.permissions import Role, role_required


@role_required(Role.SCORER)
@duplicate_only
@individuel_only
def session_tables(request, tournament, session):
    found = get_object_or_404(Session, tournament=tournament, number=session)
    return render(
        request,
        "scoring/duplicate_tables.html",
        {"tournament": tournament, "session": found, "rows": tables_progress(found)},
    )


def _forms(positions, form=None):
    """One report form per position as the page shows it: a field per étui, with the table's
    report (or, for the position just posted, what was typed and what is wrong)."""
    forms = []
    for position in positions:
        typed = form is not None and position.play.position == form.posted
        fields = []
        for known in position.boards:
            number = known.board.number
            if typed:
                text, errors = form.text(number), form.board_errors(number)
            else:
                text, errors = "" if known.reported is None else f"{known.reported:+d}", []
            fields.append(
                {
                    "known": known,
                    "taker": position.players.get(known.board.taker),
                    "name": f"score-{number}",
                    "id": f"report-{position.play.position}-{number}",
                    "text": text,
                    "errors": errors,
                }
            )
        errors = list(form.non_field_errors()) if typed else []
        forms.append({"position": position, "fields": fields, "errors": errors})
    return forms


def _focus_first_error(forms) -> None:
    """The first field in error takes the focus, so the scorer lands on it."""
    for form in forms:
        for field in form["fields"]:
            if field["errors"]:
                field["focus"] = True
                return


def _save(request, session, table, form) -> bool:
    """Save the report typed in ``form``; False (the errors put in the form) when refused."""
    if not form.is_valid():
        return False
    try:
        table_report_save(
            session=session,
            round_number=form.posted,
            table=table,
            scores=form.scores,
            user=request.user,
        )
    except ReportRefused as exc:
        form.refused(exc.problems)
        return False
    except ValidationError as exc:
        for message in exc.messages:
            form.add_error(None, message)
        return False
    return True


@role_required(Role.SCORER)
@duplicate_only
@individuel_only
def table_view(request, tournament, session, table):
    found = get_object_or_404(Session, tournament=tournament, number=session)
    positions = table_positions(found, table)
    if not positions:
        raise Http404
    status = 200
    if request.method == "POST":
        boards_at = {p.play.position: [b.board.number for b in p.boards] for p in positions}
        form = TableReportForm(request.POST, boards_at=boards_at)
        posted = form.posted
        if posted is None:
            raise Http404
        if _save(request, found, table, form):
            messages.success(
                request,
                _("Table %(t)s, position %(k)s: report saved.") % {"t": table, "k": posted},
            )
            url = redirect("scoring:duplicate_table_view", tournament.slug, found.number, table)
            url["Location"] += f"#position-{posted}"
            return url
        forms = _forms(positions, form)
        _focus_first_error(forms)
        status = 400
    else:
        forms = _forms(positions)
    return render(
        request,
        "scoring/duplicate_table_view.html",
        {
            "tournament": tournament,
            "session": found,
            "table": table,
            "forms": forms,
            "error_count": sum(
                len(f["errors"]) + sum(len(x["errors"]) for x in f["fields"]) for f in forms
            ),
            "previous": table - 1 if table > 1 else None,
            "next": table + 1 if table < found.tables else None,
        },
        status=status,
    )
