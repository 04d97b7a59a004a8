"""Printed documents of a duplicate séance (fft-duplicate.md §1.8, §2 "Documents"): the
travelling sheets, blank or topped, and the étui labels with the four hand diagrams (A4 PDFs).

Each function returns ``(filename, content_type, bytes)``; ``common.views.download`` turns that
into a response. A blank travelling sheet is pre-filled from the movement (the tables and
positions that will play the étui, each one's North player); the topped one reads the confirmed
sheets only (``official=True``) and shows each line's score in the rulebook's columns, with the
taker's and the defenders' notes at two decimals and a French comma (33,33), whatever the
reader's language: they are copied by hand onto the rulebook's forms. The rulebook's column
names are French terms of art and are printed as they are.
"""

from fractions import Fraction

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from common.rendering import PDF, render_pdf
from scoring.engine.cards import (
    RANK_CODES,
    SUIT_SYMBOLS,
    SUITS,
    Suit,
    card_label,
    parse_card,
    sort_cards,
)
from scoring.formats.duplicate import travelling_sheet_layout as layout
from scoring.formats.duplicate.exports import decimal_text
from scoring.formats.duplicate.reads import board_plays, session_results
from scoring.models.duplicate import ORIENTATIONS, Board, Orientation
from tournaments.models import Registration, Session
from tournaments.score_sheet_layout import fitted_size, png

# Two sheets share a page while a sheet has no more lines than this (one page each beyond).
HALF_PAGE_LINES = layout.max_rows(half=True)
# The sheet's title and its facts line (mm): shrunk, when too long, to fit beside the étui's
# number instead of being cut.
TITLE_SIZE, TITLE_ROOM = 4.58, 154.0
FACTS_SIZE, FACTS_ROOM = 3.53, 156.0
# The compass of a diagram, with each orientation's colour (§1.8).
COLOURS = {"N": "yellow", "E": "red", "S": "blue", "W": "green"}


def _name(session: Session, kind: str) -> str:
    return f"{session.tournament.slug}-seance-{session.number}-{kind}.pdf"


def note_text(value: Fraction | None) -> str:
    """A note at two decimals with a French comma: 100/3 -> "33,33"; "" for None."""
    return decimal_text(value, 2).replace(".", ",")


def _numbers(session: Session) -> dict[int, int]:
    """registration id -> the player's number in the tournament."""
    return dict(
        Registration.objects.filter(seats__round__session=session)
        .distinct()
        .values_list("pk", "number")
    )


def _line_row(line, note) -> dict:
    row = {"rature": line.rature, "cancelled": line.cancelled, "plus": "", "minus": ""}
    if line.score is not None and not line.cancelled:
        row["plus" if line.score >= 0 else "minus"] = str(abs(line.score))
    if note is not None:
        row["attack"], row["defence"] = note_text(note), note_text(100 - note)
    return row


def _sheet_rows(board, plays, numbers, topped_lines) -> list[dict]:
    """One row per table that plays the étui, in the order of positions; with the topage, each
    row's line (a line the movement does not know comes last)."""
    lines = {(line.round.number, line.table_number): (line, note) for line, note in topped_lines}
    rows = []
    for play in plays:
        row = {
            "position": play.position,
            "table": play.table,
            "north": numbers.get(play.players.get("N"), ""),
        }
        found = lines.pop((play.position, play.table), None)
        if found is not None:
            row.update(_line_row(*found))
        rows.append(row)
    for (position, table), found in sorted(lines.items()):
        rows.append({"position": position, "table": table, "north": "", **_line_row(*found)})
    return rows


def _chien(board: Board) -> list[str]:
    try:
        return [card_label(card) for card in sort_cards(parse_card(c) for c in board.chien)]
    except ValueError:
        return []


def travelling_sheets_pdf(session: Session, topped: bool = False) -> tuple[str, str, bytes]:
    """One travelling sheet per étui, two to a page when they fit; ``topped``: filled in from
    the confirmed sheets, with the topage. An étui that more tables play than a page holds
    goes on as many sheets as it needs."""
    plays = board_plays(session)
    numbers = _numbers(session)
    topped_boards = session_results(session, official=True).boards if topped else {}
    found = []
    for board in Board.objects.filter(session=session).order_by("number"):
        rows = _sheet_rows(
            board, plays.get(board.board_set, []), numbers, topped_boards.get(board.number, [])
        )
        found.append((board, rows, ""))
    return sheets_pdf(session, found, topped=topped)


def sheets_pdf(
    session: Session,
    found: list,
    *,
    topped: bool,
    variant: str = "",
    labels: dict | None = None,
) -> tuple[str, str, bytes]:
    """The travelling sheets of ``found``, (étui, its rows, its duplication duty or "") or
    (…, (copy, copies)) when the étui is prepared in several copies each with its own sheet
    (quadrettes), each row the values of the columns of ``variant``
    (``travelling_sheet_layout.COLUMNS``: "" the individuel's, "triplettes", "quadrettes");
    ``labels`` adds the variant's headings to the individuel's."""
    half = all(len(rows) <= HALF_PAGE_LINES for _board, rows, *_rest in found)
    most = layout.max_rows(half)
    labels = {**_sheet_labels(), **(labels or {})}
    sheets, backgrounds, resources = [], {}, {}
    title_size = fitted_size(session.tournament.name, TITLE_ROOM, TITLE_SIZE, "bold")
    for board, rows, duty, *copy in found:
        chien = _chien(board)
        parts = split_evenly(rows, most)
        facts = _facts(board, session.tournament, duty)
        for index, part in enumerate(parts, start=1):
            shape = layout.Shape(
                rows=len(part), topped=topped, chien_boxes=not chien, half=half, variant=variant
            )
            if shape not in backgrounds:
                backgrounds[shape] = f"sheet-{len(backgrounds)}"
                grid = layout.background(shape, labels)
                resources[backgrounds[shape]] = png(
                    layout.WIDTH, grid.height, grid.lines, grid.texts
                )
            sheets.append(
                {
                    "board": board,
                    "chien": chien,
                    "empty": not rows,
                    "background": backgrounds[shape],
                    "height": shape.height,
                    "row": shape.row,
                    "lines": _lines_html(part, shape.columns),
                    "facts": facts,
                    "facts_size": fitted_size(facts, FACTS_ROOM, FACTS_SIZE, "bold"),
                    "duty": duty,
                    "part": (index, len(parts)) if len(parts) > 1 else None,
                    "copy": copy[0] if copy else None,
                }
            )
    context = {
        "tournament": session.tournament,
        "session": session,
        "sheets": sheets,
        "title_size": title_size,
        "topped": topped,
        "half": half,
        "width": layout.WIDTH,
        "font_size": f"{layout.FONT_SIZE:.4f}",
        "grid_top": layout.GRID_TOP + layout.HEADINGS,
        "chien_left": layout.CHIEN_LEFT,
        "empty_top": layout.GRID_TOP,
    }
    return (
        _name(session, "fiches-topees" if topped else "fiches"),
        PDF,
        render_pdf("print/travelling_sheets.html", context, resources),
    )


def split_evenly(rows: list, most: int) -> list[list]:
    """``rows`` cut into as few sheets of at most ``most`` lines as they need, the sheets as
    even as can be (31 lines on sheets of 30: 16 and 15, not 30 and 1); one empty sheet for
    no rows."""
    count = max(1, -(-len(rows) // most))
    size, extra = divmod(len(rows), count)
    parts, start = [], 0
    for index in range(count):
        end = start + size + (index < extra)
        parts.append(rows[start:end])
        start = end
    return parts


def _facts(board: Board, tournament, duty: str = "") -> str:
    """The étui's line under the title: its série, taker, dealer, the tournament's colour and
    (triplettes) who duplicates it."""
    words = [
        (_("Série"), board.board_set),
        (_("Taker"), board.get_taker_display()),
        (_("Dealer"), board.get_dealer_display()),
    ]
    if tournament.colour:
        words.append((_("Colour"), tournament.colour))
    if duty:
        words.append((_("Duplication"), duty))
    return "   ".join(f"{label} {value}" for label, value in words)


def _sheet_labels() -> dict:
    """The grid's words. The rulebook's column names are French terms of art: as they are."""
    return {
        "etui": _("Étui"),
        "chien": _("Chien"),
        "position": _("Position"),
        "table": _("Table"),
        "north": _("North no."),
        "plus": "Preneur gagne (+)",
        "minus": "Preneur chute (−)",
        "attack": "Topage attaquant",
        "defence": "Topage défenseurs",
        "remark": _("Remark"),
        "ns": _("NS triplette"),
        "ew": _("EW triplette"),
        "expected": _("Expected attacker"),
        "attacker": _("Attacker"),
    }


def _lines_html(rows: list[dict], columns: tuple) -> str:
    """The sheet's lines, one monospaced line each (a cancelled one greyed), as safe HTML."""
    out = []
    for row in rows:
        flags = (("cancelled", "annulée"), ("rature", "rature"), ("out_of_turn", "hors tour"))
        marks = [word for flag, word in flags if row.get(flag)]
        text = escape(layout.line_text({**row, "remark": ", ".join(marks)}, columns))
        out.append(f'<span class="cancelled">{text}</span>' if row.get("cancelled") else text)
    return mark_safe("\n".join(out))


def _rank(card) -> str:
    return RANK_CODES.get(card.rank, str(card.rank))


def hand_groups(codes) -> list[dict]:
    """A hand grouped for its diagram: the trumps (21 down to the Petit, then the Excuse), then
    each colour from the king down; a void colour shows a dash."""
    cards = sort_cards(parse_card(code) for code in codes)
    trumps = [str(card.rank) for card in cards if card.is_trump]
    trumps += ["Excuse"] * any(card.suit == Suit.EXCUSE for card in cards)
    groups = [{"symbol": "Atouts", "cards": trumps or ["—"], "kind": "trump"}]
    for suit in SUITS:
        ranks = [_rank(card) for card in cards if card.suit == suit]
        kind = "red" if suit in (Suit.HEARTS, Suit.DIAMONDS) else "black"
        groups.append({"symbol": SUIT_SYMBOLS[suit], "cards": ranks or ["—"], "kind": kind})
    return groups


def board_labels_pdf(session: Session) -> tuple[str, str, bytes]:
    """Each étui's label (number, série, the four orientations, the taker's highlighted, the
    dealer) and, when the software dealt it, its four hands in their orientations' colours."""
    boards = []
    for board in Board.objects.filter(session=session).order_by("number"):
        try:
            hands = {o: hand_groups(board.hands[o]) for o in ORIENTATIONS}
        except (KeyError, TypeError, ValueError):
            hands = None
        seats = [
            {
                "orientation": o,
                "name": Orientation(o).label,
                "colour": COLOURS[o],
                "taker": o == board.taker,
                "dealer": o == board.dealer,
                "hand": hands[o] if hands else None,
            }
            for o in ORIENTATIONS
        ]
        boards.append(
            {
                "board": board,
                "seats": {seat["orientation"]: seat for seat in seats},
                "order": seats,
                "hands": hands is not None,
                "chien": _chien(board),
            }
        )
    context = {"tournament": session.tournament, "session": session, "boards": boards}
    return _name(session, "etuis"), PDF, render_pdf("print/board_diagrams.html", context)
