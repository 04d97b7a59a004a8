"""What every app shares and none owns: typed text as kept, a user error tied to a field, the
PDF, Excel and CSV writers, view helpers and the filters of the printed documents.

Knows nothing of tournaments, sheets or incidents: ``tournaments``, ``scoring`` and
``arbitration`` build on it, never the reverse (an import-linter contract checks it).
"""
