"""Printed papers of a quadrettes séance (fft-duplicate.md §4): the travelling sheets, blank or
topped, and the preparation page with the table cards.

A travelling sheet travels in each copy of an étui: a line per table that copy visits, by table
number, as the étui's page lists them for typing (every table plays the étui, each copy a group
of consecutive tables, ``board_relay``): the home quadrette (its defence keeps North, East and
West), the visiting quadrette and its attacker of the séance, who always takes South. The
topped sheet has every table's line of the étui, the score in the rulebook's columns and, for
the attacking quadrette, the écart against the other attacker of the opposition and its match
points (3 decimals, French comma, as copied by hand). The grid is the individuel's
(``documents_duplicate.sheets_pdf``) with the quadrettes' columns. The preparation page says
how many copies of each étui to make (``quadrette_copies``), at which tables each étui
starts (``quadrette_openings``: both the pure movement's) and how to turn an étui whose
printed taker is not South; the table cards name the home defenders in the seat each keeps
all séance and say, per position, who defends, who attacks, the étuis in the order the table
plays them with the table each goes to next (``quadrette_relays``), and where the attacker goes
next, and, when the tables enter at the table, its code at each position (``card_codes``).
They read the movement only: no score. Each function returns ``(filename, content_type,
bytes)``. Must not write (but the tables' codes, made the first time they are asked for).
"""

from collections import defaultdict
from decimal import Decimal

from django.utils.translation import gettext as _

from common.rendering import PDF, render_pdf
from scoring.formats.duplicate.card_codes import add_codes
from scoring.formats.duplicate.documents import _line_row, _name, sheets_pdf
from scoring.formats.duplicate.documents_results import MINUS, _série_boards, score_text
from scoring.formats.quadrettes.reads import (
    QuadretteMovement,
    line_points,
    quadrette_boards,
    quadrette_copies,
    quadrette_openings,
    quadrette_plays,
    quadrette_relays,
    session_attackers,
    session_defenders,
    session_movement,
)
from scoring.models.duplicate import ORIENTATIONS, Board, Orientation
from tournaments.models import Registration, Session, Team

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


def _copies(session: Session) -> dict[int, list[list[tuple[int, int]]]]:
    """Étui number -> per copy, the (position, table) it visits, by table number (its relay
    group's tables)."""
    visits = defaultdict(lambda: defaultdict(list))
    for position, tables in quadrette_relays(session).items():
        for table, relay in tables.items():
            for board, _next in relay.boards:
                visits[board][relay.group].append((position, table))
    return {
        board: [sorted(found) for _group, found in sorted(groups.items())]
        for board, groups in visits.items()
    }


def travelling_sheets_pdf(session: Session, topped: bool = False) -> tuple[str, str, bytes]:
    """A travelling sheet per copy of each étui, its tables' lines named by quadrette and
    attacker; topped, one per étui with every table's line:
    the scores from the confirmed sheets, each line's écart and PM."""
    teams, attackers = _people(session)
    copies = {} if topped else _copies(session)
    found = []
    for item in quadrette_boards(session, official=True):
        points = line_points(item.lines) if topped else {}
        rows = {}
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
            rows[(play.position, play.table)] = row
        held = copies.get(item.board.number, [])
        if len(held) < 2:
            found.append((item.board, list(rows.values()), ""))
            continue
        for index, places in enumerate(held, start=1):
            found.append(
                (item.board, [rows[p] for p in places if p in rows], "", (index, len(held)))
            )
    return sheets_pdf(session, found, topped=topped, variant=VARIANT, labels=_labels())


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


def _preparation(session: Session, movement: QuadretteMovement) -> dict:
    boards = _série_boards(session)
    copies = quadrette_copies(movement)
    opening = quadrette_openings(movement)
    played = {
        rnd[0]["set"]: k for k, rnd in zip(movement.positions, movement.schedule, strict=True)
    }
    series = [
        {
            "série": série,
            "boards": boards.get(série, ""),
            "position": played[série],
            "copies": copies[série],
            "starts": [
                {"board": board, "tables": ", ".join(map(str, found))}
                for board, found in opening[série].items()
            ],
        }
        for série in sorted(copies)
    ]
    turns = [
        found
        for board in Board.objects.filter(session=session).order_by("number")
        if (found := turned(board)) is not None
    ]
    return {"series": series, "turns": turns, "copies": max(copies.values(), default=0)}


def _cards(session: Session, movement: QuadretteMovement, by_set, teams, boards) -> list[dict]:
    """A card per home table: at each position its série, its defence, the visiting attacker,
    the étuis in the order played with the table each goes to next, and where that attacker
    goes next; a bye where its quadrette sits out (``by_set``: ``quadrette_plays``)."""
    positions = movement.positions
    relays = quadrette_relays(session, movement)
    at = {(p.position, p.table): (série, p) for série, found in by_set.items() for p in found}
    chosen = session_attackers(session)
    defenders = session_defenders(session)
    people = Registration.objects.in_bulk(
        [*chosen.values(), *(pk for seats in defenders.values() for pk in seats.values())]
    )
    attacker_of = {team: people.get(registration) for team, registration in chosen.items()}
    tables = sorted({table for _position, table in at})
    home_team = {table: p.home for (_position, table), (_série, p) in at.items()}
    away = {(p.visitor, p.position): p.table for _série, p in at.values()}
    cards = []
    for table in tables:
        rows = []
        for index, position in enumerate(positions):
            following = positions[index + 1] if index + 1 < len(positions) else None
            if (position, table) not in at:
                rows.append({"position": position, "bye": True})
                continue
            série, play = at[(position, table)]
            relay = relays[position][table]
            rows.append(
                {
                    "position": position,
                    "bye": False,
                    "série": série,
                    "boards": boards.get(série, ""),
                    "relay": [{"board": b, "next": t} for b, t in relay.boards],
                    "home": teams[play.home],
                    "visitor": teams[play.visitor],
                    "attacker": attacker_of.get(play.visitor),
                    "next": relay.attacker_next or "",
                    "next_bye": bool(following) and relay.attacker_next is None,
                    "ours": away.get((play.home, position), ""),
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


def cards_pdf(session: Session, site: str = "") -> tuple[str, str, bytes]:
    """The preparation page (per série the copies of each étui, the tables that start it;
    the étuis to turn), then a card per home table, with its code at each position when the
    tables enter at the table (``site``: the server as the players reach it). No score:
    printable before play."""
    teams, _attackers = _people(session)
    plays = quadrette_plays(session)
    movement = session_movement(session, plays)
    boards = _série_boards(session)
    cards = _cards(session, movement, plays, teams, boards)
    context = {
        "tournament": session.tournament,
        "session": session,
        "preparation": _preparation(session, movement),
        "cards": cards,
        "code_address": add_codes(cards, session, site),
    }
    content = render_pdf("print/quadrettes_cards.html", context)
    return _name(session, "cartons"), PDF, content
