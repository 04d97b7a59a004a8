"""Printed results of a triplettes séance (fft-duplicate.md §3): the rankings and the
triplettes' feuilles de route, in the individuel's pages (``print/duplicate_ranking.html``,
``print/duplicate_roadmaps.html``).

- Rankings: the général of the séance and, when every triplette held one line all séance (a
  Mitchell), the alterné on North-South and East-West; a Howell changes the lines by position and
  has the général only. Attack, defence and global percentages (global = ½ attack + ½ defence,
  penalties off) as ``triplette_session_results`` gives them; then, in a tournament of several
  séances, the général on the total (``triplette_tournament_results``).
- Feuilles de route, one per triplette (each captain prints the triplette's): its members and
  colours, then per étui its position, table, line, role, opponent, the attacker the attack
  order expects and the one who attacked (starred when out of turn), the score and the
  triplette's note; its percentages, penalties and places.

Confirmed travelling sheets only. Each function returns ``(filename, content_type, bytes)``.
Must not write.
"""

from collections import Counter

from django.utils.translation import gettext as _

from common.rendering import PDF, render_pdf
from scoring.formats.duplicate.documents import _name
from scoring.formats.duplicate.documents_results import (
    HALF_PAGE_NOTES,
    HALF_PAGE_RANKING,
    _penalty_text,
    _places,
    _state,
    percent,
    score_text,
    text_columns,
    total_table,
)
from scoring.formats.triplettes.lines import team_members, triplette_lines
from scoring.formats.triplettes.reads import (
    TripletteResult,
    fixed_lines,
    triplette_session_results,
    triplette_tournament_results,
)
from tournaments.models import Session


def short_line(line: str) -> str:
    return _("NS") if line == "NS" else _("EW")


def _rows(
    results: list[TripletteResult], place_of, banded: bool = False, fixed: bool = True
) -> list[dict]:
    """The ranking's rows; ``banded`` (the alterné): a rule where a band starts (the firsts of
    both lines, then the seconds…); not ``fixed``: no line to show (it changed)."""
    shared = _places(place_of(r) for r in results)
    rows, seen, previous = [], Counter(), None
    for r in results:
        band = seen[r.line]
        seen[r.line] += 1
        rows.append(
            {
                "place": place_of(r) or "",
                "tied": place_of(r) in shared,
                "registration": r.team,  # who is ranked, by the template's name
                "line": short_line(r.line) if fixed else "—",
                "attack": percent(r.attack),
                "defence": percent(r.defence),
                "overall": percent(r.overall),
                "penalty": _penalty_text(r.penalty),
                "ranked": True,
                "band": banded and previous is not None and band != previous,
            }
        )
        previous = band
    return rows


def _total(session: Session) -> dict | None:
    return total_table(
        session,
        lambda tournament: triplette_tournament_results(tournament, official=True),
        lambda row: row.team,
        lambda result: result.overall,
        percent,
    )


def ranking_pdf(session: Session) -> tuple[str, str, bytes]:
    """The séance's alterné (fixed lines only) and général between triplettes, then the
    tournament's total when it has several séances."""
    results = triplette_session_results(session, official=True)
    parts, fixed = [], fixed_lines(session)
    if fixed:
        parts.append(
            {
                "kind": "alternate",
                "rows": _rows(results.alternate, lambda r: r.alternate_place, True),
            }
        )
    parts.append(
        {"kind": "general", "rows": _rows(results.teams, lambda r: r.general_place, fixed=fixed)}
    )
    context = {
        "tournament": session.tournament,
        "session": session,
        "state": _state(session, results.missing),
        "parts": parts,
        "total": _total(session),
        "teams": True,
        "new_page": len(results.teams) > HALF_PAGE_RANKING,
    }
    return _name(session, "classements"), PDF, render_pdf("print/duplicate_ranking.html", context)


def _member_text(registration_id, members_of: dict) -> str:
    member = members_of.get(registration_id)
    if member is None:
        return ""
    number = member.registration.number
    return f"{number} {member.colour}" if member.colour else str(number)


def _roadmap(result: TripletteResult, rows, teams, members, members_of, ranked, fixed) -> dict:
    """One triplette's feuille de route: each of its étuis as a monospaced line."""
    team = result.team.pk
    mine = sorted(
        (row for row in rows if team in (row.ns_team, row.ew_team)),
        key=lambda row: (row.position, row.board.number),
    )
    header = [
        _("Position"), _("Table"), _("Étui"), _("Line"), _("Role"), _("Opponent"),
        _("Expected"), _("Attacker"), _("Score"), _("Note %"),
    ]  # fmt: skip
    cells, notes = [], []
    for row in mine:
        attack = row.attack_team == team
        opponent = row.defence_team if attack else row.attack_team
        typed = row.line is not None
        note = row.attack_note if attack else row.defence_note
        attacker = _member_text(row.attacker, members_of) + ("*" if row.out_of_turn else "")
        score = ""
        if typed:
            score = _("cancelled") if row.line.cancelled else score_text(row.line.score)
        cells.append(
            [
                row.position, row.table, row.board.number,
                short_line("NS" if row.ns_team == team else "EW"),
                _("attack") if attack else _("defence"), teams[opponent].number,
                _member_text(row.expected, members_of), attacker, score,
                percent(note) if typed else "",
            ]
        )  # fmt: skip
        notes.append({"attack": attack, "cancelled": typed and row.line.cancelled})
    head, *body = text_columns([header, *cells], left={3, 4, 6, 7})
    counted = Counter(n["attack"] for row, n in zip(mine, notes, strict=True) if row.line)
    return {
        "registration": result.team,  # who the page is for, by the template's name
        "members": members.get(team, []),
        "line": short_line(result.line) if fixed else _("changes by position"),
        "head": head,
        "notes": [{"text": text, **n} for text, n in zip(body, notes, strict=True)],
        "attack": percent(result.attack),
        "defence": percent(result.defence),
        "overall": percent(result.overall),
        "attack_count": counted[True],
        "defence_count": counted[False],
        "penalty": _penalty_text(result.penalty),
        "general_place": result.general_place,
        "alternate_place": result.alternate_place if fixed else None,
        "ranked_players": ranked,
        "ranked": True,
        "missing": sum(1 for row in mine if row.line is None),
        "out_of_turn": any(row.out_of_turn for row in mine if row.attack_team == team),
    }


def roadmaps_pdf(session: Session) -> tuple[str, str, bytes]:
    """Every triplette's feuille de route, by number (see the module)."""
    results = triplette_session_results(session, official=True)
    rows = [row for _board, board_rows in triplette_lines(session) for row in board_rows]
    teams, members = team_members(session)
    members_of = {m.registration.pk: m for found in members.values() for m in found}
    ranked = sum(1 for r in results.teams if r.general_place)
    fixed = fixed_lines(session)
    pages = [
        _roadmap(r, rows, teams, members, members_of, ranked, fixed)
        for r in sorted(results.teams, key=lambda r: r.team.number)
    ]
    context = {
        "tournament": session.tournament,
        "session": session,
        "state": _state(session, results.missing),
        "pages": pages,
        "teams": True,
        "half": all(len(page["notes"]) <= HALF_PAGE_NOTES for page in pages),
    }
    content = render_pdf("print/duplicate_roadmaps.html", context)
    return _name(session, "feuilles-de-route"), PDF, content
