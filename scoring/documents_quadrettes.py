"""Printed papers of a quadrettes séance (fft-duplicate.md §4): the travelling sheets, blank or
topped, and the preparation page with the table cards.

A travelling sheet has a line per table that plays the étui: the home quadrette (its defence
keeps North, East and West), the visiting quadrette and its attacker of the séance, who always
takes South; topped, the score in the rulebook's columns and, for the attacking quadrette, the
écart against the other attacker of the opposition and its match points (3 decimals, French
comma, as copied by hand). The grid is the individuel's (``documents_duplicate.sheets_pdf``)
with the quadrettes' columns. The preparation page says how many copies of each étui to make,
which tables start each série, and how to turn an étui whose printed taker is not South; the
table cards name the home defenders in the seat each keeps all séance and say, per position,
who defends, who attacks and where the attacker goes next. They
read the movement only: no score. Each function returns ``(filename, content_type, bytes)``.
Must not write.
"""

from decimal import Decimal

from django.utils.translation import gettext as _

from common.rendering import PDF, render_pdf
from tournaments.models import Registration, Session, Team
from tournaments.seating.duplicate_teams import copies_needed, opening_tables

from .documents_duplicate import _line_row, _name, sheets_pdf
from .documents_duplicate_results import MINUS, _série_boards, score_text
from .duplicate_quadrettes import (
    line_points,
    quadrette_boards,
    quadrette_plays,
    session_attackers,
    session_defenders,
)
from .models_duplicate import ORIENTATIONS, Board, Orientation

VARIANT = "quadrettes"


def pm_text(value: Decimal | None) -> str:
    """Match points at 3 decimals with a French comma and a sign: +4,000, −3,162, 0,000."""
    if value is None:
        return ""
    text = f"{abs(value):.3f}".replace(".", ",")
    if not value:
        return text
    return f"+{text}" if value > 0 else f"{MINUS}{text}"


def ecart_text(ecart: int | None) -> str:
    """An écart with its sign, as the scores: +16, −10; 0."""
    if ecart is None:
        return ""
    return score_text(ecart) if ecart else "0"


def _labels() -> dict:
    return {
        "defence_team": _("Defence (N, E, W)"),
        "attack_team": _("Attack"),
        "attacker": _("Attacker no."),
        "ecart": "Écart",
        "pm": "PM",
    }


def _people(session: Session):
    """(team id -> Team, team id -> its attacker's number)."""
    attackers = session_attackers(session)
    numbers = dict(
        Registration.objects.filter(pk__in=attackers.values()).values_list("pk", "number")
    )
    teams = Team.objects.filter(tournament=session.tournament).in_bulk()
    return teams, {team: numbers.get(registration) for team, registration in attackers.items()}


def travelling_sheets_pdf(session: Session, topped: bool = False) -> tuple[str, str, bytes]:
    """One travelling sheet per étui, its two lines named by quadrette and attacker; topped:
    the scores from the confirmed sheets, each line's écart and PM."""
    teams, attackers = _people(session)
    found = []
    for item in quadrette_boards(session, official=True):
        points = line_points(item.lines) if topped else {}
        rows = []
        for play, line in item.lines:
            row = {
                "position": play.position,
                "table": play.table,
                "defence_team": teams[play.home].number,
                "attack_team": teams[play.visitor].number,
                "attacker": attackers.get(play.visitor) or "",
            }
            if topped and line is not None:
                row.update(_line_row(line, None))
                ecart, pm = points.get(play, (None, None))
                if ecart is not None:
                    row["ecart"], row["pm"] = ecart_text(ecart), pm_text(pm)
            rows.append(row)
        found.append((item.board, rows, ""))
    return sheets_pdf(session, found, topped=topped, variant=VARIANT, labels=_labels())


def _schedule(session: Session, teams: dict) -> tuple[list[int], list[list[dict]]]:
    """(positions, the séance's oppositions as ``quadrette_schedule`` shapes them, with the
    teams' numbers, which are their home tables' numbers)."""
    by_position = {}
    for série, plays in quadrette_plays(session).items():
        numbers = sorted({teams[p.home].number for p in plays})
        if len(numbers) == 2:
            opposition = {"A": numbers[0], "B": numbers[1], "set": série}
            by_position.setdefault(plays[0].position, []).append(opposition)
    positions = sorted(by_position)
    return positions, [sorted(by_position[k], key=lambda o: o["set"]) for k in positions]


def turned(board: Board) -> dict | None:
    """How to turn an étui whose printed taker is not South (§4): each marked orientation to
    where its hand goes, the dealer with them; None when the taker is South already."""
    steps = (ORIENTATIONS.index("S") - ORIENTATIONS.index(board.taker)) % 4
    if not steps:
        return None

    def to(orientation: str) -> str:
        return ORIENTATIONS[(ORIENTATIONS.index(orientation) + steps) % 4]

    start = ORIENTATIONS.index(board.taker)
    order = ORIENTATIONS[start:] + ORIENTATIONS[:start]  # the taker's hand first
    hands = [(o, Orientation(to(o)).label) for o in order]
    return {
        "board": board.number,
        "taker": board.taker,
        "hands": ", ".join(
            _("hand marked %(o)s → %(to)s") % {"o": o, "to": label} for o, label in hands
        ),
        "dealer": f"{board.dealer} → {Orientation(to(board.dealer)).label}",
    }


def _preparation(session: Session, positions, schedule) -> dict:
    boards = _série_boards(session)
    copies = copies_needed(schedule)
    opening = opening_tables(schedule)
    played = {o["set"]: k for k, rnd in zip(positions, schedule, strict=True) for o in rnd}
    series = [
        {
            "série": série,
            "boards": boards.get(série, ""),
            "position": played[série],
            "copies": copies[série],
            "tables": ", ".join(str(t) for t in opening.get(série, [])),
        }
        for série in sorted(copies)
    ]
    turns = [
        found
        for board in Board.objects.filter(session=session).order_by("number")
        if (found := turned(board)) is not None
    ]
    return {"series": series, "turns": turns}


def _cards(session: Session, positions, teams, boards) -> list[dict]:
    """A card per home table: at each position its série, its defence, the visiting attacker
    and where that attacker goes next; a bye where its quadrette sits out."""
    by_set = quadrette_plays(session)
    plays = [p for found in by_set.values() for p in found]
    set_of, at = {}, {}
    visiting = {}  # (team id, position) -> the table its attacker plays at
    for série, found in by_set.items():
        for p in found:
            set_of[(p.position, p.table)] = série
            at[(p.position, p.table)] = p
            visiting[(p.visitor, p.position)] = p.table
    chosen = session_attackers(session)
    defenders = session_defenders(session)
    people = Registration.objects.in_bulk(
        [*chosen.values(), *(pk for seats in defenders.values() for pk in seats.values())]
    )
    attacker_of = {team: people.get(registration) for team, registration in chosen.items()}
    tables = sorted({p.table for p in plays})
    home_team = {p.table: p.home for p in plays}
    cards = []
    for table in tables:
        rows = []
        for index, position in enumerate(positions):
            following = positions[index + 1] if index + 1 < len(positions) else None
            play = at.get((position, table))
            if play is None:
                rows.append({"position": position, "bye": True})
                continue
            série = set_of[(position, table)]
            person = attacker_of.get(play.visitor)
            rows.append(
                {
                    "position": position,
                    "bye": False,
                    "série": série,
                    "boards": boards.get(série, ""),
                    "home": teams[play.home],
                    "visitor": teams[play.visitor],
                    "attacker": person,
                    "next": visiting.get((play.visitor, following), "") if following else "",
                    "next_bye": bool(following) and (play.visitor, following) not in visiting,
                    "ours": visiting.get((play.home, position), ""),
                }
            )
        team = teams[home_team[table]]
        seats = defenders.get(team.pk, {})
        cards.append(
            {
                "table": table,
                "team": team,
                "attacker": attacker_of.get(team.pk),
                "defenders": [(Orientation(o).label, people[pk]) for o, pk in seats.items()],
                "rows": rows,
            }
        )
    return cards


def cards_pdf(session: Session) -> tuple[str, str, bytes]:
    """The preparation page (per série the copies of each étui, the tables that start it;
    the étuis to turn), then a card per home table. No score: printable before play."""
    teams, _attackers = _people(session)
    positions, schedule = _schedule(session, teams)
    boards = _série_boards(session)
    context = {
        "tournament": session.tournament,
        "session": session,
        "preparation": _preparation(session, positions, schedule),
        "cards": _cards(session, positions, teams, boards),
    }
    content = render_pdf("print/quadrettes_cards.html", context)
    return _name(session, "cartons"), PDF, content
