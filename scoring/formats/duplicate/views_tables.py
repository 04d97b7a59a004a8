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

from scoring.formats.duplicate.messages import line_message
from scoring.formats.duplicate.messages_reports import report_message
from scoring.formats.duplicate.services_reports import ReportRefused, table_report_save
from scoring.formats.duplicate.tables import table_positions, tables_progress
from scoring.formats.duplicate.travelling_entry import parse_score
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


def _forms(positions, post=None, posted=None):
    """One report form per position: a field per étui, with the table's report (or, for the
    position just posted, what was typed)."""
    forms = []
    for position in positions:
        typed = post is not None and position.play.position == posted
        fields = []
        for known in position.boards:
            name = f"score-{known.board.number}"
            if typed:
                text = post.get(name, "")
            else:
                text = "" if known.reported is None else f"{known.reported:+d}"
            fields.append(
                {
                    "known": known,
                    "taker": position.players.get(known.board.taker),
                    "name": name,
                    "id": f"report-{position.play.position}-{known.board.number}",
                    "text": text,
                    "errors": [],
                }
            )
        forms.append({"position": position, "fields": fields, "errors": []})
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
    scores, bad = {}, False
    for field in form["fields"]:
        try:
            score = parse_score(field["text"])
        except ValueError:
            field["errors"].append(line_message("not_a_number", {"text": field["text"]}))
            bad = True
            continue
        if score is not None:
            scores[field["known"].board.number] = score
    if bad:
        return False
    by_board = {field["known"].board.number: field for field in form["fields"]}
    try:
        table_report_save(
            session=session,
            round_number=form["position"].play.position,
            table=table,
            scores=scores,
            user=request.user,
        )
    except ReportRefused as exc:
        for problem in exc.problems:
            message = report_message(problem.code, problem.params)
            if problem.board in by_board:
                by_board[problem.board]["errors"].append(message)
            else:
                form["errors"].append(message)
        return False
    except ValidationError as exc:
        form["errors"].extend(exc.messages)
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
        try:
            posted = int(request.POST.get("position", ""))
        except ValueError:
            posted = None
        forms = _forms(positions, request.POST, posted)
        form = next((f for f in forms if f["position"].play.position == posted), None)
        if form is None:
            raise Http404
        if _save(request, found, table, form):
            messages.success(
                request,
                _("Table %(t)s, position %(k)s: report saved.") % {"t": table, "k": posted},
            )
            url = redirect("scoring:duplicate_table_view", tournament.slug, found.number, table)
            url["Location"] += f"#position-{posted}"
            return url
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
