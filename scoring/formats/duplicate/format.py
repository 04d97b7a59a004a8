"""What every duplicate form (individuel, triplettes, quadrettes) answers alike: séances of
étuis and travelling sheets. Each subclasses ``DuplicateFamily`` and says what is its own."""

from scoring.formats.base import TournamentFormat


class DuplicateFamily(TournamentFormat):
    """A duplicate: séances, étuis, travelling sheets (fft-duplicate.md §1-§2)."""
