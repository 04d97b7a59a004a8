"""Printed results and movement of a duplicate séance (fft-duplicate.md §2 "Documents"): the
général and alterné rankings (with the tournament's général over every séance when there are
several), each player's feuille de route, and the table cards.

Each function returns ``(filename, content_type, bytes)`` for ``common.views.download``. The
rankings and the feuilles de route read the confirmed travelling sheets only
(``session_results(official=True)``), the figures an arbitre signs; percentages print with two
decimals in the reader's language, as the pages show them. The table cards read the movement
only (``board_plays``): they are printed before play and carry no score; when the tables enter
at the table, each card carries its table's code at each position (``card_codes``). Must not
write (but the tables' codes, made the first time they are asked for).
"""

from collections import Counter, defaultdict
from decimal import Decimal
from fractions import Fraction

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from common.rendering import PDF, render_pdf
from scoring.formats.duplicate.card_codes import add_codes, compact_after
from scoring.formats.duplicate.documents import _name
from scoring.formats.duplicate.exports import decimal_text
from scoring.formats.duplicate.reads import (
    PlayerResult,
    board_plays,
    session_results,
    tournament_results,
)
from scoring.models.duplicate import ORIENTATIONS, Board, Orientation
from tournaments.models import Registration, Session

# Two feuilles de route share a page while a player has no more étuis than this.
HALF_PAGE_NOTES = 20
# A table card keeps to one landscape page: smaller rows beyond this many positions.
COMPACT_POSITIONS = 13
PLAYERS_PER_PAGE = 38  # lines of the players' list on a landscape page
HALF_PAGE_RANKING = 24  # rows of a ranking that fit in half a page
MINUS = "−"  # U+2212: a printed minus as wide as the plus


def percent(value: Fraction | None) -> str:
    """Two decimals in the reader's language (33,33 in French); "—" for none."""
    if value is None:
        return "—"
    return number_format(Decimal(decimal_text(value, 2)), 2)


def score_text(score: int | None) -> str:
    """A score as the travelling sheet reads it: +56, −52."""
    if score is None:
        return ""
    return f"+{score}" if score >= 0 else f"{MINUS}{-score}"


def _penalty_text(points: Fraction) -> str:
    """Penalty points as taken off the global: −2 (−2,50 when not whole)."""
    if not points:
        return ""
    whole = Fraction(points).denominator == 1
    return f"{MINUS}{int(points) if whole else percent(points)}"


def _places(places) -> set[int]:
    """The places more than one player holds (printed "2=")."""
    return {place for place, count in Counter(places).items() if place and count > 1}


def _bands(results) -> dict[int, int]:
    """registration id -> its alterné band: 0 for the first of each line, 1 for the seconds…
    (``results`` in the général's order, which is also the order inside a line)."""
    seen = Counter()
    bands = {}
    for result in results:
        if result.alternate_place:
            bands[result.registration.pk] = seen[result.line]
            seen[result.line] += 1
    return bands


def _ranking_rows(results: list[PlayerResult], place_of, bands=None) -> list[dict]:
    shared = _places(place_of(r) for r in results)
    rows, band = [], None
    for r in results:
        new_band = bands is not None and band is not None and bands[r.registration.pk] != band
        band = bands[r.registration.pk] if bands is not None else None
        rows.append(
            {
                "place": place_of(r) or "",
                "tied": place_of(r) in shared,
                "registration": r.registration,
                "line": Orientation(r.line).label,
                "attack": percent(r.attack),
                "defence": percent(r.defence),
                "overall": percent(r.overall),
                "penalty": _penalty_text(r.penalty),
                "ranked": r.ranked,
                "band": new_band,
            }
        )
    return rows


def total_table(session: Session, read, who, value, text) -> dict | None:
    """The whole tournament's général for a rankings PDF, in a tournament of several séances
    (None with one): ``read(tournament)`` gives its rows, ``who(row)`` the player or team (a
    number and a name), ``value(result)`` a séance's figure and ``text`` writes them. The
    individuel, the triplettes and the quadrettes alike (``print/_ranking_total.html``)."""
    coefficients = dict(session.tournament.sessions.values_list("number", "coefficient"))
    if len(coefficients) < 2:
        return None
    numbers = sorted(coefficients)
    rows = read(session.tournament)
    shared = _places(row.place for row in rows)
    return {
        "sessions": [{"number": n, "coefficient": coefficients[n]} for n in numbers],
        "rows": [
            {
                "place": row.place or "",
                "tied": row.place in shared,
                "who": who(row),
                "sessions": [
                    text(value(row.sessions[n])) if n in row.sessions else "—" for n in numbers
                ],
                "total": text(row.total),
            }
            for row in rows
        ],
    }


def _state(session: Session, missing: int) -> dict:
    return {"closed": session.is_closed, "missing": missing}


def ranking_pdf(session: Session) -> tuple[str, str, bytes]:
    """The séance's alterné and général rankings from the confirmed travelling sheets; then,
    in a tournament of several séances, the général on the total of every séance."""
    results = session_results(session, official=True)
    total = total_table(
        session,
        lambda tournament: tournament_results(tournament, official=True),
        lambda row: row.registration,
        lambda result: result.overall if result is not None else None,
        percent,
    )
    context = {
        "tournament": session.tournament,
        "session": session,
        "state": _state(session, results.missing),
        "parts": [
            {
                "kind": "alternate",
                "rows": _ranking_rows(
                    results.alternate, lambda r: r.alternate_place, _bands(results.players)
                ),
            },
            {"kind": "general", "rows": _ranking_rows(results.players, lambda r: r.general_place)},
        ],
        "total": total,
        # Beyond half a page each, the général starts a page of its own (no orphan rows).
        "new_page": len(results.players) > HALF_PAGE_RANKING,
    }
    return _name(session, "classements"), PDF, render_pdf("print/duplicate_ranking.html", context)


def _expected_boards(session: Session) -> dict[int, int]:
    """registration id -> how many étuis the movement gives the player."""
    per_set = Counter(Board.objects.filter(session=session).values_list("board_set", flat=True))
    expected = Counter()
    for série, plays in board_plays(session).items():
        for play in plays:
            for registration_id in play.players.values():
                expected[registration_id] += per_set[série]
    return expected


def text_columns(rows: list[list], left: set[int]) -> list[str]:
    """Rows of cells as lines of text in columns as wide as their widest cell, three spaces
    apart: the columns in ``left`` aligned left (words), the others right (figures)."""
    cells = [[str(cell) for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    return [
        "   ".join(
            cell.ljust(width) if i in left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in cells
    ]


def _roadmap_lines(result: PlayerResult) -> tuple[str, list[dict]]:
    """The étuis of a feuille de route as monospaced lines (the header apart), each with its
    role: one block of text per page, not a table (WeasyPrint lays a table out cell by cell,
    several times slower)."""
    header = [
        _("Position"), _("Table"), _("Étui"), _("Orientation"), _("Role"), _("Score"),
        _("Note %"),
    ]  # fmt: skip
    rows = [
        [
            n.position, n.table, n.board, Orientation(n.orientation).label,
            _("attack") if n.attack else _("defence"),
            _("cancelled") if n.cancelled else score_text(n.score), percent(n.note),
        ]
        for n in result.notes
    ]  # fmt: skip
    head, *body = text_columns([header, *rows], left={3, 4})
    return head, [
        {"text": text, "attack": n.attack, "cancelled": n.cancelled}
        for text, n in zip(body, result.notes, strict=True)
    ]


def _roadmap(result: PlayerResult, expected: int, ranked: int) -> dict:
    counted = Counter(n.attack for n in result.notes)
    head, lines = _roadmap_lines(result)
    return {
        "registration": result.registration,
        "line": Orientation(result.line).label,
        "head": head,
        "notes": lines,
        "attack": percent(result.attack),
        "defence": percent(result.defence),
        "overall": percent(result.overall),
        "attack_count": counted[True],
        "defence_count": counted[False],
        "penalty": _penalty_text(result.penalty),
        "general_place": result.general_place,
        "alternate_place": result.alternate_place,
        "ranked_players": ranked,
        "ranked": result.ranked,
        "missing": max(expected - len(result.played), 0),
    }


def roadmaps_pdf(session: Session) -> tuple[str, str, bytes]:
    """Every player's feuille de route, in alphabetical order, from the confirmed travelling
    sheets: each étui played (position, table, étui, orientation, role, score, note), then the
    attack, defence and global percentages, the penalties and the places. Stand-ins are
    included, marked as not ranked. One page each, two to a page when they are short."""
    results = session_results(session, official=True)
    expected = _expected_boards(session)
    ranked = sum(1 for r in results.players if r.general_place)
    players = sorted(
        results.players, key=lambda r: (r.registration.sort_name, r.registration.number)
    )
    pages = [_roadmap(r, expected[r.registration.pk], ranked) for r in players]
    context = {
        "tournament": session.tournament,
        "session": session,
        "state": _state(session, results.missing),
        "pages": pages,
        "half": all(len(page["notes"]) <= HALF_PAGE_NOTES for page in pages),
    }
    content = render_pdf("print/duplicate_roadmaps.html", context)
    return _name(session, "feuilles-de-route"), PDF, content


def _série_boards(session: Session) -> dict[int, str]:
    """série -> its étuis as printed ("9–12"); empty before the étuis are dealt."""
    numbers = defaultdict(list)
    for série, number in Board.objects.filter(session=session).values_list("board_set", "number"):
        numbers[série].append(number)
    return {
        série: f"{min(found)}–{max(found)}" if len(found) > 1 else str(found[0])
        for série, found in numbers.items()
    }


def _movement(session: Session):
    """(positions in order, {(position, table): (série, Play)}, {(registration id, position):
    table}), read from ``board_plays``."""
    at = {}
    seat_of = {}
    for série, plays in board_plays(session).items():
        for play in plays:
            at[(play.position, play.table)] = (série, play)
            for registration_id in play.players.values():
                seat_of[(registration_id, play.position)] = play.table
    positions = sorted({position for position, _table in at})
    return positions, at, seat_of


def _table_card(table, positions, at, seat_of, boards, people) -> dict:
    set_table = {(série, play.position): play.table for série, play in at.values()}
    rows = []
    for index, position in enumerate(positions):
        found = at.get((position, table))
        if found is None:
            continue
        série, play = found
        following = positions[index + 1] if index + 1 < len(positions) else None
        upcoming = at.get((following, table)) if following is not None else None
        seats = []
        for orientation in ORIENTATIONS:
            registration_id = play.players.get(orientation)
            person = people.get(registration_id)
            seats.append(
                {
                    "orientation": orientation,
                    "number": person.number if person else "",
                    "name": person.name if person else "",
                    "next": seat_of.get((registration_id, following), "")
                    if following is not None
                    else "",
                }
            )
        rows.append(
            {
                "position": position,
                "série": série,
                "boards": boards.get(série, ""),
                "seats": seats,
                "next_série": upcoming[0] if upcoming else "",
                "boards_to": set_table.get((série, following), "") if following else "",
            }
        )
    return {"table": table, "rows": rows}


def cards_pdf(session: Session, site: str = "") -> tuple[str, str, bytes]:
    """The table cards, from the movement: for each table, at each position, the série it
    plays (its étuis), the table its étuis go to and the série it gets next; each player by
    orientation with the table they go to at the next position; when the tables enter at the
    table, its code at each position (``card_codes``; ``site``: the server as the players
    reach it). Then every player's table at every position, alphabetically. No score:
    printable before play."""
    positions, at, seat_of = _movement(session)
    people = {
        r.pk: r
        for r in Registration.objects.filter(pk__in={pk for pk, _p in seat_of}).order_by(
            "sort_name", "number"
        )
    }
    boards = _série_boards(session)
    tables = sorted({table for _position, table in at})
    cards = [_table_card(t, positions, at, seat_of, boards, people) for t in tables]
    code_address = add_codes(cards, session, site)
    context = {
        "tournament": session.tournament,
        "session": session,
        "positions": positions,
        "cards": cards,
        "code_address": code_address,
        "compact": len(positions) > compact_after(code_address, COMPACT_POSITIONS),
        "players_pages": _players_pages(positions, at, seat_of, people),
        "orientation_labels": [Orientation(o).label for o in ORIENTATIONS],
    }
    content = render_pdf("print/duplicate_table_cards.html", context)
    return _name(session, "cartons"), PDF, content


def _players_pages(positions, at, seat_of, people) -> list[dict]:
    """Every player's table at each position, as monospaced lines (a table of hundreds of rows
    is slow to lay out), a landscape page at a time, each with its header line."""
    lines = {}
    for _série, play in at.values():
        for orientation, registration_id in play.players.items():
            lines[registration_id] = Orientation(orientation).label
    header = [_("No."), _("Name"), _("Line"), *positions]
    rows = [
        [
            person.number,
            person.name,
            lines.get(pk, ""),
            *(seat_of.get((pk, k), "") for k in positions),
        ]
        for pk, person in people.items()
    ]
    if not rows:
        return []
    head, *body = text_columns([header, *rows], left={1, 2})
    return [
        {"head": head, "lines": body[i : i + PLAYERS_PER_PAGE]}
        for i in range(0, len(body), PLAYERS_PER_PAGE)
    ]
