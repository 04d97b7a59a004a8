"""The tables' codes on a duplicate séance's table cards, when its tables enter their étuis at
the table (``scoring.at_table.printed``).

A card covers its table for the whole séance, and a table has a code per position (the page of
one table at one position): each position row of the card carries that position's short code,
and under the movement a strip of QR codes, one per position the table plays, each under its
position's number, in the rows' order, so that the players scan the one of the position they
are playing. A position where the table sits out (a quadrette's bye) or that the arbitre put on
paper has none.
"""

from scoring.at_table.printed import session_codes

# QR codes a line of the strip holds (27 mm each, framed, across an A4 landscape page). A card
# with more positions has two lines of them: its rows go compact, one line each, to keep the
# card on its page (up to 13 positions; beyond, the strip goes on to the next page).
STRIP = 9


def compact_after(code_address: str, most: int) -> int:
    """How many positions a card shows at full size: ``most`` without codes."""
    return min(most, STRIP) if code_address else most


def add_codes(cards: list[dict], session, site: str) -> str:
    """Each card's rows get their table's code at that position (``row["code"]``, or None) and
    the card its strip (``card["codes"]``: [{"position", "code"}]); the address to type a code
    at, "" when no table enters at the table."""
    codes = session_codes(session, site)
    for card in cards:
        card["codes"] = []
        for row in card["rows"]:
            row["code"] = None if row.get("bye") else codes.get((row["position"], card["table"]))
            if row["code"] is not None:
                card["codes"].append({"position": row["position"], "code": row["code"]})
    return next(iter(codes.values())).code_address if codes else ""
