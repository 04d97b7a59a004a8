"""Printed results of a quadrettes séance (fft-duplicate.md §4): the ranking by result and
each quadrette's feuille de route.

The ranking orders the quadrettes by result (PM won − PM lost − penalties), equal results
sharing the place, with the tournament's total over its séances when there are several
(``quadrette_tournament_results``). A feuille de route is the attacker's blue part and the
defence's pink part of the paper ones in one: per étui the opposition, our attacker's score,
the other attacker's score against our defence, the écart and the PM; then the totals and the
penalties. Both read the confirmed travelling sheets only, the figures an arbitre signs; match
points print with 3 decimals and a French comma. Each function returns ``(filename,
content_type, bytes)``. Must not write.
"""

from decimal import Decimal

from django.utils.translation import gettext as _

from common.rendering import PDF, render_pdf
from scoring.formats.duplicate.documents import _name
from scoring.formats.duplicate.documents_results import (
    _places,
    score_text,
    text_columns,
    total_table,
)
from scoring.formats.quadrettes.documents import ecart_text, pm_text
from scoring.formats.quadrettes.reads import (
    ZERO,
    QuadretteResult,
    quadrette_roadmaps,
    quadrette_session_results,
    quadrette_tournament_results,
    session_attackers,
)
from tournaments.models import Registration, Session, Team

# Two feuilles de route share a page while a quadrette has no more étuis than this.
HALF_PAGE_BOARDS = 20


def won_lost(result: QuadretteResult) -> tuple[Decimal, Decimal]:
    """(PM won, PM lost) over the quadrette's étuis, both as positive sums."""
    won = sum((v for v in result.per_board.values() if v > 0), ZERO)
    lost = sum((-v for v in result.per_board.values() if v < 0), ZERO)
    return won, lost


def _members(session: Session) -> dict[int, str]:
    """team id -> its members' names, the séance's attacker first and marked."""
    attackers = session_attackers(session)
    names = {}
    for member in Registration.objects.filter(
        tournament=session.tournament, team__isnull=False
    ).order_by("number"):
        names.setdefault(member.team_id, []).append(member)
    return {
        team: ", ".join(
            _("%(name)s (attacker)") % {"name": m.name} if attackers.get(team) == m.pk else m.name
            for m in sorted(people, key=lambda m: attackers.get(team) != m.pk)
        )
        for team, people in names.items()
    }


def ranking_pdf(session: Session) -> tuple[str, str, bytes]:
    """The séance's ranking by result; then, with several séances, the tournament's."""
    results = quadrette_session_results(session, official=True)
    members = _members(session)
    shared = _places(r.place for r in results.teams)
    rows = []
    for r in results.teams:
        won, lost = won_lost(r)
        rows.append(
            {
                "place": r.place or "",
                "tied": r.place in shared,
                "team": r.team,
                "members": members.get(r.team.pk, ""),
                "won": pm_text(won),
                "lost": pm_text(-lost),
                "penalty": pm_text(-r.penalty) if r.penalty else "",
                "result": pm_text(r.pm),
                "boards": r.boards,
            }
        )
    total = total_table(
        session,
        lambda tournament: quadrette_tournament_results(tournament, official=True),
        lambda row: row.team,
        lambda result: result.pm,
        pm_text,
    )
    context = {
        "tournament": session.tournament,
        "session": session,
        "state": {"closed": session.is_closed, "missing": results.missing},
        "rows": rows,
        "total": total,
    }
    content = render_pdf("print/quadrettes_ranking.html", context)
    return _name(session, "classements"), PDF, content


def roadmap(
    team: Team, lines: list, result: QuadretteResult | None, teams: dict, pm=pm_text
) -> dict:
    """What a quadrette's feuille de route shows, for the PDF and the public page: its étuis
    as rows of text and the totals, match points written by ``pm`` (the printed sheets' French
    comma by default; a page, in its reader's language)."""
    rows = []
    for line in lines:
        opponent = teams.get(line.opponent)
        rows.append(
            {
                "board": line.board,
                "position": line.position,
                "opponent": opponent,
                "attack": _score(line.attack),
                "defence": _score(line.defence),
                "ecart": ecart_text(line.ecart),
                "pm": pm(line.pm),
            }
        )
    result = result or QuadretteResult(team)
    won, lost = won_lost(result)
    return {
        "team": team,
        "rows": rows,
        "won": pm(won),
        "lost": pm(-lost),
        "sum": pm(won - lost),
        "penalty": pm(-result.penalty) if result.penalty else "",
        "result": pm(result.pm),
        "place": result.place,
        "counted": result.boards,
    }


def _score(line) -> str:
    if line is None:
        return ""
    if line.cancelled:
        return _("cancelled")
    return score_text(line.score)


def session_roadmaps(session: Session, *, official: bool = True, pm=pm_text) -> list[dict]:
    """Every quadrette's feuille de route, in the order of their numbers (``pm``: as
    ``roadmap``)."""
    results = quadrette_session_results(session, official=official)
    by_team = {r.team.pk: r for r in results.teams}
    found = quadrette_roadmaps(session, official=official)
    teams = Team.objects.filter(tournament=session.tournament).in_bulk()
    members = _members(session)
    pages = []
    for team_id in sorted(found, key=lambda pk: teams[pk].number):
        page = roadmap(teams[team_id], found[team_id], by_team.get(team_id), teams, pm)
        page["members"] = members.get(team_id, "")
        pages.append(page)
    return pages


def _as_text(page: dict) -> tuple[str, list[str]]:
    header = [
        _("Position"), _("Étui"), _("Opponent"), _("Our attacker"), _("Their attacker"),
        "Écart", "PM",
    ]  # fmt: skip
    rows = [
        [
            r["position"], r["board"], r["opponent"].number if r["opponent"] else "",
            r["attack"], r["defence"], r["ecart"], r["pm"],
        ]
        for r in page["rows"]
    ]  # fmt: skip
    head, *body = text_columns([header, *rows], left=set())
    return head, body


def roadmaps_pdf(session: Session) -> tuple[str, str, bytes]:
    """Each quadrette's feuille de route from the confirmed travelling sheets."""
    pages = session_roadmaps(session)
    for page in pages:
        page["head"], page["lines"] = _as_text(page)
    context = {
        "tournament": session.tournament,
        "session": session,
        "closed": session.is_closed,
        "pages": pages,
        "half": all(len(page["rows"]) <= HALF_PAGE_BOARDS for page in pages),
    }
    content = render_pdf("print/quadrettes_roadmaps.html", context)
    return _name(session, "feuilles-de-route"), PDF, content
