"""Seating generation: plain Python, no Django, no import of our apps.

Takes plain values and returns plain values; ``tournaments.services`` reads the database, calls
it and writes the result. The full generator (positions without repeated meetings, team-mates
apart, seat balance) comes with the seating issue; see ``shared/spec/seating-notes.md``.
"""

from .tables import Remainder, table_sizes

__all__ = ["Remainder", "table_sizes"]
