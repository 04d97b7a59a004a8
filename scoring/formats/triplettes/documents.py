"""Printed documents of a triplettes séance (fft-duplicate.md §3) that the individuel's have too:
the travelling sheets, blank or topped, and the table and triplette cards.

- The travelling sheets are the individuel's (``documents_duplicate.sheets_pdf``, the same grid
  and page), with the triplettes' columns: on each line the North-South and East-West
  triplettes by number, the attacker the attack order expects (a member's number) and, topped,
  the one North wrote (a star and "hors tour" when it is another), the score and the notes.
  Each sheet prints its étui's duplication duty: the NS triplette for odd étuis, the EW one for
  even ones (``seating.duplicate_teams.duplication_duty``), named at the étui's first table.
- The cards: per table and position, the NS and EW triplettes, the série and where each
  triplette and the étuis go next; then one card per triplette, its members with their colours
  on top, per position its table, its line (read per position: a Howell changes it), its
  opponent, the série and, for each étui it attacks, who must attack it.

Each function returns ``(filename, content_type, bytes)``. Reads ``triplettes_lines`` (the
topped sheets read the confirmed travelling sheets only); the cards read the movement only and
carry no score; when the tables enter at the table, each table card carries its table's code
at each position (``card_codes``). Must not write (but the tables' codes, made the first time
they are asked for).
"""

from collections import defaultdict

from django.utils.translation import gettext as _

from common.rendering import PDF, render_pdf
from scoring.formats.duplicate.card_codes import add_codes, compact_after
from scoring.formats.duplicate.documents import _line_row, _name, sheets_pdf
from scoring.formats.duplicate.documents_results import COMPACT_POSITIONS, _série_boards
from scoring.formats.triplettes.lines import TripletteLine, team_members, triplette_lines
from scoring.formats.triplettes.reads import expected_attackers_of, triplette_plays
from tournaments.models import Session
from tournaments.seating.duplicate_teams import duplication_duty


def line_label(line: str) -> str:
    return _("North-South") if line == "NS" else _("East-West")


def _sheet_row(row: TripletteLine, teams: dict, people: dict, topped: bool) -> dict:
    """A line's values by column: teams and members by number."""
    values = {
        "position": row.position,
        "table": row.table,
        "ns": teams.get(row.ns_team, ""),
        "ew": teams.get(row.ew_team, ""),
        "expected": people.get(row.expected, ""),
    }
    if topped and row.line is not None:
        values.update(_line_row(row.line, None if row.line.cancelled else row.attack_note))
        if row.attacker:
            star = "*" if row.out_of_turn else " "
            values["attacker"] = f"{people.get(row.attacker, '')}{star}"
        values["out_of_turn"] = row.out_of_turn
    return values


def duty_text(rows: list[TripletteLine], board_number: int, teams: dict) -> str:
    """Who duplicates the étui: its line and, at the étui's first table, the triplette."""
    line = duplication_duty(board_number)
    first = next((row for row in rows if row.ns_team is not None), None)
    if first is None:
        return line_label(line)
    team = first.ns_team if line == "NS" else first.ew_team
    return _("%(line)s, triplette %(number)s") % {
        "line": line_label(line),
        "number": teams.get(team, ""),
    }


def numbers_of(session: Session) -> tuple[dict[int, int], dict[int, int]]:
    """(team id -> its number, registration id -> the player's number)."""
    tournament = session.tournament
    return (
        dict(tournament.teams.values_list("pk", "number")),
        dict(tournament.registrations.values_list("pk", "number")),
    )


def travelling_sheets_pdf(session: Session, topped: bool = False) -> tuple[str, str, bytes]:
    """One travelling sheet per étui, in the individuel's layout with the triplettes' columns."""
    teams, people = numbers_of(session)
    found = [
        (
            board,
            [_sheet_row(row, teams, people, topped) for row in rows],
            duty_text(rows, board.number, teams),
        )
        for board, rows in triplette_lines(session, official=True)
    ]
    return sheets_pdf(session, found, topped=topped, variant="triplettes")


def _movement(session: Session):
    """(positions, {(position, table): (série, play)}, {(team id, position): (série, play)})."""
    at, of_team = {}, {}
    for série, plays in triplette_plays(session).items():
        for play in plays:
            at[(play.position, play.table)] = (série, play)
            of_team[(play.ns_team, play.position)] = (série, play)
            of_team[(play.ew_team, play.position)] = (série, play)
    return sorted({position for position, _table in at}), at, of_team


def _seat(team, following, of_team) -> dict:
    upcoming = of_team.get((team.pk, following)) if following is not None else None
    return {"number": team.number, "name": team.name, "next": upcoming[1].table if upcoming else ""}


def _table_card(table, positions, at, of_team, teams, boards) -> dict:
    set_table = {(série, play.position): play.table for série, play in at.values()}
    rows = []
    for index, position in enumerate(positions):
        found = at.get((position, table))
        if found is None:
            continue
        série, play = found
        following = positions[index + 1] if index + 1 < len(positions) else None
        upcoming = at.get((following, table)) if following is not None else None
        seats = [_seat(teams[pk], following, of_team) for pk in (play.ns_team, play.ew_team)]
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


def _team_card(team, members, positions, of_team, teams, context) -> dict:
    """A triplette's card: its members and colours, then per position where it plays, on which
    line, against whom, which série, and for each étui it attacks who must attack it."""
    boards, takers, expected, session = context
    member_of = {m.registration.pk: m for m in members}
    rows = []
    for position in positions:
        found = of_team.get((team.pk, position))
        if found is None:  # a Howell with an odd count: the triplette sits this position out
            rows.append({"position": position, "bye": True})
            continue
        série, play = found
        line = "NS" if play.ns_team == team.pk else "EW"
        attacks = []
        for number, taker in takers.get(série, []):
            if play.attack_team(taker) != team.pk:
                continue
            member = member_of.get(expected.get(((session.number, number), team.pk)))
            attacks.append({"board": number, "member": member})
        rows.append(
            {
                "position": position,
                "table": play.table,
                "line": line_label(line),
                "opponent": teams[play.ew_team if line == "NS" else play.ns_team],
                "série": série,
                "boards": boards.get(série, ""),
                "attacks": attacks,
            }
        )
    return {"team": team, "members": members, "rows": rows}


def cards_pdf(session: Session, site: str = "") -> tuple[str, str, bytes]:
    """The table cards, with their tables' codes when they enter at the table (``site``: the
    server as the players reach it), then one card per triplette, from the movement (no
    score)."""
    positions, at, of_team = _movement(session)
    teams, members = team_members(session)
    boards = _série_boards(session)
    takers = defaultdict(list)
    for number, série, taker in session.boards.order_by("number").values_list(
        "number", "board_set", "taker"
    ):
        takers[série].append((number, taker))
    context = (boards, takers, expected_attackers_of(session.tournament), session)
    tables = sorted({table for _position, table in at})
    playing = sorted({pk for pk, _position in of_team}, key=lambda pk: teams[pk].number)
    cards = [_table_card(t, positions, at, of_team, teams, boards) for t in tables]
    code_address = add_codes(cards, session, site)
    content = render_pdf(
        "print/duplicate_table_cards.html",
        {
            "tournament": session.tournament,
            "session": session,
            "positions": positions,
            "cards": cards,
            "code_address": code_address,
            "compact": len(positions) > compact_after(code_address, COMPACT_POSITIONS),
            "players_pages": [],
            "orientation_labels": [line_label("NS"), line_label("EW")],
            "team_cards": [
                _team_card(teams[pk], members.get(pk, []), positions, of_team, teams, context)
                for pk in playing
            ],
        },
    )
    return _name(session, "cartons"), PDF, content
