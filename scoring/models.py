"""The ledger counted in rankings: score sheets, deals, marks, penalties (a later issue).

Depends on ``tournaments``; never the other way round.
"""
