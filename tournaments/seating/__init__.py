"""Seating generation: plain Python, no Django, no import of our apps.

Takes plain values and returns plain values; ``tournaments.services`` reads the database, calls
it and writes the result. ``plan_rounds(SeatingRequest(...))`` plans positions in which nobody
meets twice where the numbers allow (else as few repeats as counting allows), team-mates never
share a table, tables of 3 or 5 go round fairly and seats balance; see
``shared/spec/seating-notes.md`` for the mathematics.

Modules: ``request`` (the dataclasses), ``errors``, ``tables`` (table sizes), ``problem``
(validation), ``algebra``/``designs``/``developed``/``fitting`` (constructions), ``fairness``
(who sits at the tables of 3 or 5), ``board`` (greedy positions), ``search`` (local search),
``seats``, ``report``, ``engine`` (``plan_rounds``).

Glossary: position = one round of play (every table plays the same deals); table of 3 / 5 =
the odd tables absorbing a count not a multiple of 4; Nord, Est, Sud, Ouest = the seats (Nord
keeps the score sheet); repeat = a pair of players meeting again.
"""

from .engine import plan_rounds
from .errors import CODES, SeatingError
from .request import SEAT_NAMES, SeatingPlan, SeatingReport, SeatingRequest
from .tables import Remainder, table_sizes

__all__ = [
    "CODES",
    "SEAT_NAMES",
    "Remainder",
    "SeatingError",
    "SeatingPlan",
    "SeatingReport",
    "SeatingRequest",
    "plan_rounds",
    "table_sizes",
]
