"""A quadrette's public page (fft-duplicate.md §4): its members and attacker of each séance,
where it plays at each published position, and, once the arbitre closes a séance, its feuille
de route for it (per étui the opposition, both attackers' scores, the écart and the PM; the
totals and the penalties).

Confidentiality (§1.7): while a séance is open, nothing of its scores is read for this page;
the public sees the movement only. The feuille de route is ``documents_quadrettes_results``'
(the printed one's figures, from the confirmed travelling sheets).
"""

from scoring.formats.quadrettes.documents_results import session_roadmaps
from scoring.public_live import live_results_page
from scoring.shown import pm_shown
from tournaments.models import SessionAttacker, Table


def _movement(tournament, team) -> list[dict]:
    """Per published position: the home table's visitor, and where its attacker plays."""
    positions = {}
    for table in (
        Table.objects.filter(round__tournament=tournament, round__status="published")
        .filter(round__session__isnull=False)
        .select_related("round", "ns_team", "ew_team")
        .order_by("round__number", "number")
    ):
        row = positions.setdefault(table.round.number, {"position": table.round.number})
        if table.ns_team_id == team.pk:
            row["set"], row["home_table"], row["visitor"] = (
                table.board_set,
                table.number,
                table.ew_team,
            )
        elif table.ew_team_id == team.pk:
            row["away_table"], row["opponent"] = table.number, table.ns_team
    return list(positions.values())


def quadrette_page(request, tournament, team):
    def make():
        return {
            "members": team.members.order_by("number"),
            "movement": _movement(tournament, team),
            "sessions": _sessions(tournament, team),
        }

    return live_results_page(
        request,
        tournament,
        "public/duplicate_quadrette.html",
        "public/_duplicate_quadrette.html",
        {"team": team},
        make,
        team.pk,
    )


def _sessions(tournament, team) -> list[dict]:
    """Each séance: the quadrette's attacker and, once closed, its feuille de route."""
    attackers = {
        a.session.number: a.registration
        for a in SessionAttacker.objects.filter(team=team).select_related("session", "registration")
    }
    sessions = []
    for session in tournament.sessions.order_by("number"):
        item = {"session": session, "attacker": attackers.get(session.number)}
        if session.is_closed:  # §1.7: the scores stay unread until then
            item["roadmap"] = next(
                (
                    page
                    for page in session_roadmaps(session, pm=pm_shown)
                    if page["team"].pk == team.pk
                ),
                None,
            )
        sessions.append(item)
    return sessions
