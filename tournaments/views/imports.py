"""Importing a file of players: upload, a preview where each row's problems can be fixed, confirm.

The rows wait in the session between the steps (database sessions: any process can serve the
next request). Nothing is written until the organiser confirms a preview without errors. On a
team tournament the preview also lists the teams the file creates or joins (``import_teams``).
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..forms import ImportUploadForm
from ..forms_import import ImportPreviewForm
from ..import_teams import plan_teams
from ..imports import (
    FIELD_LABELS,
    MAX_FILE_BYTES,
    ImportFileError,
    check_rows,
    read_player_file,
    shown_fields,
)
from ..permissions import Role, can_edit_directory, role_required
from ..services_import import players_import


def _session_key(tournament) -> str:
    return f"player-import:{tournament.pk}"


@role_required(Role.ORGANISER)
def import_upload(request, tournament):
    form = ImportUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            rows = read_player_file(upload.name, upload.read(MAX_FILE_BYTES + 1))
        except ImportFileError as exc:
            form.add_error("file", exc.message)
        else:
            request.session[_session_key(tournament)] = {
                "filename": upload.name,
                "rows": rows,
                "create_clubs": True,
            }
            return redirect("manage:import_preview", slug=tournament.slug)
    return render(request, "manage/import_upload.html", {"tournament": tournament, "form": form})


@role_required(Role.ORGANISER)
def import_preview(request, tournament):
    key = _session_key(tournament)
    pending = request.session.get(key)
    directory = can_edit_directory(request.user)
    if not pending:
        messages.info(request, _("Choose a file to import."))
        return redirect("manage:import_upload", slug=tournament.slug)
    asked = {}
    if request.method == "POST":
        asked = ImportPreviewForm.read(request.POST, previous=pending["rows"])
        if asked["cancel"]:
            del request.session[key]
            messages.info(request, _("Import cancelled: nothing was changed."))
            return redirect("manage:registrations", slug=tournament.slug)
        pending["rows"] = asked["rows"]
        pending["create_clubs"] = asked["create_clubs"]
        pending["update_directory"] = directory and asked["update_directory"]
        request.session[key] = pending
    rows, create_clubs = pending["rows"], pending["create_clubs"]
    update_directory = pending.get("update_directory", False)
    checked, unknown_clubs = check_rows(
        tournament=tournament, rows=rows, create_clubs=create_clubs, directory=directory
    )
    teams = plan_teams(tournament=tournament, checked=checked)
    error_count = sum(1 for row in checked if row.errors)
    status = 200
    if asked.get("confirm"):
        if error_count == 0 and checked:
            try:
                created = players_import(
                    tournament=tournament,
                    user=request.user,
                    rows=rows,
                    create_clubs=create_clubs,
                    filename=pending["filename"],
                    update_directory=update_directory,
                )
            except ValidationError as exc:
                messages.error(request, " ".join(exc.messages))
                status = 400
            else:
                del request.session[key]
                messages.success(
                    request,
                    ngettext(
                        "%(count)s player imported from %(file)s.",
                        "%(count)s players imported from %(file)s.",
                        len(created),
                    )
                    % {"count": len(created), "file": pending["filename"]},
                )
                return redirect("manage:registrations", slug=tournament.slug)
        else:
            status = 400
    return render(
        request,
        "manage/import_preview.html",
        {
            "tournament": tournament,
            "filename": pending["filename"],
            "rows": checked,
            "fields": [(f, FIELD_LABELS[f]) for f in shown_fields(tournament)],
            "teams": teams,
            "unknown_clubs": unknown_clubs,
            "create_clubs": create_clubs,
            "error_count": error_count,
            "directory": directory,
            "update_directory": update_directory,
        },
        status=status,
    )
