"""What a refused table report says, in the reader's language: one sentence that says what is
wrong and what to do (``services_duplicate_reports.ReportProblem`` codes and params). A score's
problem is worded as on a travelling sheet (``messages_duplicate``), except where that wording
proposes an arbitre's adjustment, which a report does not have."""

from django.utils.translation import gettext as _

from scoring.formats.duplicate.messages import line_message


def report_message(code: str, params: dict) -> str:
    """What a refused report says, in the reader's language; the other score problems are
    worded as on a travelling sheet (``messages_duplicate``)."""
    if code == "report_not_played":
        return _(
            "Table %(table)s does not play étui %(board)s at position %(position)s by the "
            "movement: check the slip."
        ) % {key: params[key] for key in ("table", "board", "position")}
    if code == "no_score":
        return _("Type at least one score.")
    if code == "score_unreachable":  # a report has no arbitre's adjustment to propose
        signed = {key: f"{params[key]:+d}" for key in ("score", "below", "above")}
        return (
            _(
                "No Garde gives %(score)s (the nearest are %(below)s and %(above)s): check the "
                "slip with the table."
            )
            % signed
        )
    return line_message(code, params)
