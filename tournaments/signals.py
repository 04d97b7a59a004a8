"""Signals ``tournaments`` sends so that apps built on it can follow, without it knowing them.

``seats_swapped``: an arbitre moved players of a position whose score sheets exist. Sent inside
the swap's transaction with ``round``, ``user``, ``reason`` and ``moves``, a list of
``(table_id, seat, old registration id, new registration id)``: who now sits where someone else
sat. ``scoring`` writes a new version of each sheet concerned, its marks following the seats.

``score_sheet_notes``: sent with ``round`` while the position's score sheets are printed; each
receiver answers ``{table number: [short texts]}``, printed on those tables' sheets under the
title (``scoring``: the bid bans in force, so the table knows them before it plays).

``audited``: an audit entry was written (``entry``), inside the transaction of the write it
records: every write does, so the tournament's change stamp has just moved. ``scoring``
recomputes the standings into the cache once that transaction commits.
"""

from django.dispatch import Signal

seats_swapped = Signal()
score_sheet_notes = Signal()
audited = Signal()
