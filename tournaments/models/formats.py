"""How a tournament is played (``Tournament.format``) and what follows from it: the team
sizes and which pages a tournament has. ``Tournament`` takes these from ``GameFormat``."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Format(models.TextChoices):
    """How the deals are played: free deals, or duplicate (fft-duplicate.md)."""

    LIBRE = "libre", _("Donnes libres")
    DUPLICATE = "duplicate", _("Duplicate individuel")
    TRIPLETTES = "triplettes", _("Duplicate triplettes")
    QUADRETTES = "quadrettes", _("Duplicate quadrettes")
    MATCH = "match", _("Team match (teams of 4 to 6)")


class CancelledLine:
    """What the players of a line the arbitre cancels get (fft-duplicate.md §1.6): what the
    format asks of the decision, so that callers need not test which format it is."""

    SEAT_NOTES = "seat_notes"  # individuel: a note to each of the four seats
    TEAM_NOTES = "team_notes"  # triplettes: one note to each triplette of the line
    MATCH_POINTS = "match_points"  # quadrettes: 0 PM to both, or the PM assigned


class GameFormat:
    """What ``Tournament`` reads from its ``format`` (and, for the team sizes, its ``kind``)."""

    Format = Format

    @property
    def team_size(self) -> int:
        if self.format == self.Format.TRIPLETTES:
            return 3
        if self.format in (self.Format.QUADRETTES, self.Format.MATCH):
            return 4
        return {self.Kind.TEAMS_2: 2, self.Kind.TEAMS_4: 4}.get(self.kind, 1)

    @property
    def team_size_most(self) -> int:
        """The most members a team may have: a team match's 4 to 6, else ``team_size``."""
        return 6 if self.format == self.Format.MATCH else self.team_size

    @property
    def has_bidding(self) -> bool:
        """Only donnes libres have bidding, and so bid bans after a renonce: a duplicate's étui
        comes with its taker, and its renonce bans nobody, whatever the camp."""
        return self.format == self.Format.LIBRE

    @property
    def has_teams(self) -> bool:
        return self.team_size > 1

    @property
    def is_duplicate(self) -> bool:
        """The duplicate individuel (the team forms have their own pages and reads)."""
        return self.format == self.Format.DUPLICATE

    @property
    def is_triplettes(self) -> bool:
        return self.format == self.Format.TRIPLETTES

    @property
    def is_quadrettes(self) -> bool:
        return self.format == self.Format.QUADRETTES

    @property
    def is_team_match(self) -> bool:
        """Two teams over four quarters in two rooms (fft-duplicate.md §5): its own pages."""
        return self.format == self.Format.MATCH

    @property
    def places_teams(self) -> bool:
        """A duplicate whose movement places teams at tables (triplettes, quadrettes): no seat
        rows; each member's place comes from the team's table."""
        return self.format in (self.Format.TRIPLETTES, self.Format.QUADRETTES)

    @property
    def cancelled_line(self) -> str | None:
        """What a cancelled line's players get (``CancelledLine``); None outside the séances of
        étuis (donnes libres annul a deal; a team match cancels its étuis on its own page)."""
        return {
            self.Format.DUPLICATE: CancelledLine.SEAT_NOTES,
            self.Format.TRIPLETTES: CancelledLine.TEAM_NOTES,
            self.Format.QUADRETTES: CancelledLine.MATCH_POINTS,
        }.get(self.format)

    @property
    def plays_duplicate(self) -> bool:
        """Any duplicate form of séances, étuis and travelling sheets rather than positions."""
        return self.format not in (self.Format.LIBRE, self.Format.MATCH)
