"""Entry at the table: the players' phones enter each deal or étui line, an opponent approves it,
the arbitre watches every table live (``scoring.models.table_entry``). Shared by every format
that offers it; a format says what its table plays and how an entry is read and recorded with a
``TableGame`` (``game``)."""
