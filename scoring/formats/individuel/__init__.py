"""The duplicate individuel (fft-duplicate.md §2): the family's machinery
(``scoring.formats.duplicate``) with the général and alterné rankings of each player."""
