"""The tables' codes as printed on their table cards and score sheets: the page's absolute
address for the QR code, the short code and the short address to type it at.

Only when the tournament's tables enter at the table (its switch on, a format with a table game);
a table the arbitre put on paper prints none. Reads only: the codes are made, once, by
``services.accesses_of``.
"""

from django.urls import reverse

from scoring.at_table.services import accesses_of
from scoring.formats.registry import format_of
from tournaments.extensions import TableCode


def enters_at_table(tournament) -> bool:
    return tournament.table_entry and format_of(tournament).table_game() is not None


def table_codes(round_, site: str) -> dict[int, TableCode]:
    """{table number: ``TableCode``} for the tables of ``round_``; ``site`` is the server as
    the players reach it ("http://192.168.1.20:8000", no trailing slash)."""
    tournament = round_.tournament
    if not site or not enters_at_table(tournament):
        return {}
    site = site.rstrip("/")
    code_address = site + reverse("at_table:code", kwargs={"slug": tournament.slug})
    return {
        number: TableCode(
            site + reverse("at_table:page", kwargs={"secret": access.secret}),
            access.short_code,
            code_address,
        )
        for number, access in sorted(accesses_of(round_).items())
        if not access.on_paper
    }
