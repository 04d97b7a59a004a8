"""How a tournament is played (``Tournament.format``) and what follows from it: the team
sizes and which pages a tournament has. ``Tournament`` takes these from ``GameFormat``.

``TRAITS`` describes each format, by its value, as tournaments and arbitration read it: what
it is played in, the movement it asks of ``tournaments.seating``, what a penalty is taken off,
where its teams come from. Callers ask these capabilities, never which format it is.
"""

from dataclasses import dataclass

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


class PlayUnit:
    """What a tournament is played in, and so which staff pages run it."""

    POSITIONS = "positions"  # donnes libres: positions seated here, a score sheet per table
    SEANCES = "seances"  # every duplicate form: séances of étuis and travelling sheets
    MATCHES = "matches"  # a team match: quarters in two rooms, on the matches' pages (§5)


class Movement:
    """The movement a format asks of ``tournaments.seating`` (fft-duplicate.md §2 to §5)."""

    POSITIONS = "positions"  # players seated anew at each position, tables of 3 to 5
    INDIVIDUEL = "individuel"  # each player moves on the individuel's Howell
    TEAMS_NS_EW = "teams_ns_ew"  # a Mitchell or a Howell of teams sitting North-South, East-West
    OPPOSITIONS = "oppositions"  # a home team defends, the visitor's attacker sits South
    MATCHES = "matches"  # two teams meet in two rooms


class PenaltyUnit:
    """What an arbitre's penalty is taken off, and in what."""

    POINTS = "points"  # the player's points (donnes libres)
    PERCENT = "percent"  # the séance's global percentage (the individuel)
    TEAM_PERCENT = "team_percent"  # the team's global percentage of the séance (triplettes)
    TEAM_MATCH_POINTS = "team_match_points"  # the team's result, in match points (quadrettes)
    MATCH_SHEET = "match_sheet"  # match points on the match's sheets, not through an incident


class TeamsFrom:
    """Where a tournament's teams come from, and so which ``kind`` it may have."""

    KIND = "kind"  # the kind chooses: individual, teams of 2 or of 4 (donnes libres)
    NONE = "none"  # no teams: the kind stays individual
    TEAMS_PAGE = "teams_page"  # the format's own teams, made on the Teams page


@dataclass(frozen=True)
class FormatTraits:
    """What one format does, as the pages, services and the arbitration read it."""

    plays_in: str  # ``PlayUnit``
    movement: str  # ``Movement``
    penalty_unit: str  # ``PenaltyUnit``
    teams_from: str  # ``TeamsFrom``
    # The team sizes a simulation may ask: a libre's kind follows from it; the individuel keeps
    # the libre's sizes, as the simulation always took them.
    team_sizes: tuple[int, ...]
    team_noun: str  # what a simulated team is called: "Triplette 1", "Équipe 2"
    stand_ins: bool = False  # a stand-in may complete a table, counted but not ranked
    team_size: int | None = None  # the members a team plays with; None: the kind says
    most_members: int | None = None  # the most a team may register; None: ``team_size``
    cancelled_line: str | None = None  # ``CancelledLine``; None: no séance of étuis


TRAITS: dict[str, FormatTraits] = {
    Format.LIBRE: FormatTraits(
        PlayUnit.POSITIONS, Movement.POSITIONS, PenaltyUnit.POINTS, TeamsFrom.KIND, (1, 2, 4),
        "Équipe",
    ),
    Format.DUPLICATE: FormatTraits(
        PlayUnit.SEANCES, Movement.INDIVIDUEL, PenaltyUnit.PERCENT, TeamsFrom.NONE, (1, 2, 4),
        "Équipe", stand_ins=True, cancelled_line=CancelledLine.SEAT_NOTES,
    ),
    Format.TRIPLETTES: FormatTraits(
        PlayUnit.SEANCES, Movement.TEAMS_NS_EW, PenaltyUnit.TEAM_PERCENT, TeamsFrom.TEAMS_PAGE,
        (3,), "Triplette", team_size=3, cancelled_line=CancelledLine.TEAM_NOTES,
    ),
    Format.QUADRETTES: FormatTraits(
        PlayUnit.SEANCES, Movement.OPPOSITIONS, PenaltyUnit.TEAM_MATCH_POINTS,
        TeamsFrom.TEAMS_PAGE, (4,), "Quadrette", team_size=4,
        cancelled_line=CancelledLine.MATCH_POINTS,
    ),
    Format.MATCH: FormatTraits(
        PlayUnit.MATCHES, Movement.MATCHES, PenaltyUnit.MATCH_SHEET, TeamsFrom.TEAMS_PAGE,
        (4, 5, 6), "Équipe", team_size=4, most_members=6,
    ),
}  # fmt: skip


class GameFormat:
    """What ``Tournament`` reads from its ``format`` (and, for the team sizes, its ``kind``):
    what the format does (``TRAITS``), never which it is."""

    Format = Format

    @property
    def team_size(self) -> int:
        """The members a team plays with: the format's, or the kind's (donnes libres)."""
        fixed = self.traits.team_size
        return fixed or {self.Kind.TEAMS_2: 2, self.Kind.TEAMS_4: 4}.get(self.kind, 1)

    @property
    def team_size_most(self) -> int:
        """The most members a team may have: a team match's 4 to 6, else ``team_size``."""
        return self.traits.most_members or self.team_size

    @property
    def has_bidding(self) -> bool:
        """Only donnes libres have bidding, and so bid bans after a renonce: a duplicate's étui
        comes with its taker, and its renonce bans nobody, whatever the camp."""
        return self.plays_positions

    @property
    def has_teams(self) -> bool:
        return self.team_size > 1

    @property
    def places_teams(self) -> bool:
        """A duplicate whose movement places teams at tables (triplettes, quadrettes): no seat
        rows; each member's place comes from the team's table."""
        return self.seating_movement in (Movement.TEAMS_NS_EW, Movement.OPPOSITIONS)

    @property
    def cancelled_line(self) -> str | None:
        """What a cancelled line's players get (``CancelledLine``); None outside the séances of
        étuis (donnes libres annul a deal; a team match cancels its étuis on its own page)."""
        return self.traits.cancelled_line

    @property
    def plays_duplicate(self) -> bool:
        """Any duplicate form of séances, étuis and travelling sheets rather than positions."""
        return self.plays_in == PlayUnit.SEANCES

    @property
    def traits(self) -> FormatTraits:
        """The description of the tournament's format (``TRAITS``)."""
        return TRAITS[self.format]

    @property
    def plays_in(self) -> str:
        """What it is played in (``PlayUnit``): positions, séances or matches."""
        return self.traits.plays_in

    @property
    def plays_positions(self) -> bool:
        """Positions seated on the staff's positions page, a score sheet per table."""
        return self.plays_in == PlayUnit.POSITIONS

    @property
    def plays_matches(self) -> bool:
        """Matches of two teams over quarters in two rooms (fft-duplicate.md §5): the matches'
        pages seat them, and a penalty is in match points on the match's sheets."""
        return self.plays_in == PlayUnit.MATCHES

    @property
    def seating_movement(self) -> str:
        """The movement it asks of ``tournaments.seating`` (``Movement``)."""
        return self.traits.movement

    @property
    def penalty_unit(self) -> str:
        """What an arbitre's penalty is taken off, and in what (``PenaltyUnit``)."""
        return self.traits.penalty_unit

    @property
    def teams_from(self) -> str:
        """Where its teams come from (``TeamsFrom``)."""
        return self.traits.teams_from

    @property
    def chooses_kind(self) -> bool:
        """Its kind (individual, teams of 2 or of 4) is chosen, and so names its game; the
        other formats fix their teams, and their format names the game."""
        return self.teams_from == TeamsFrom.KIND

    @property
    def has_stand_ins(self) -> bool:
        """A stand-in may complete a table: counted in the others' topage, never ranked."""
        return self.traits.stand_ins
