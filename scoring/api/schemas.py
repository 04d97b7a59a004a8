"""The shapes of the read API's answers, from which django-ninja writes the OpenAPI schema
(``/api/openapi.json``): no schema is written by hand. Figures and totals are strings (exact
decimals or fractions), never floats. Declares shapes only: no read, no rule.
"""

import datetime

from ninja import Field, Schema


class ClubOut(Schema):
    id: int
    name: str


class Links(Schema):
    page: str = Field(description="The tournament's public page.")
    ranking: str = Field(description="Its official ranking in this API.")


class TournamentOut(Schema):
    slug: str
    name: str
    date: datetime.date
    venue: str
    format: str = Field(description="libre, duplicate, triplettes, quadrettes or match.")
    format_label: str = Field(description="The format's name, in the request's language.")
    organiser_club: ClubOut | None
    players: int = Field(description="The players registered.")
    links: Links


class RankingRowOut(Schema):
    place: int
    tied: bool = Field(description="Another row shares the place.")
    number: int | None = Field(description="The player's or the team's tournament number.")
    name: str
    club: str
    figure: str | None = Field(
        description="Exact: points as an integer or a fraction, a % at 2 decimals, PM at 3."
    )
    members: list[str] = Field(description="The team's members, where rows are teams.")


class RankingOut(Schema):
    tournament: TournamentOut
    kind: str = Field(description="What the figure counts: points, percent or pm.")
    teams: bool = Field(description="The rows are teams.")
    final: bool = Field(
        description="Every séance, position or quarter is closed: the ranking is official. "
        "Until then, rows is empty."
    )
    rows: list[RankingRowOut] = Field(description="The official ranking's placed rows.")


class RuleOut(Schema):
    points: str = Field(description="scale, field or percent.")
    scale: list[int] = Field(description="The points of the 1st, 2nd... place (scale rule).")
    best_of: int | None = Field(description="The best results counted; null: every one.")
    min_participations: int


class ChallengeTournamentOut(Schema):
    slug: str
    name: str
    date: datetime.date
    coefficient: str
    final: bool = Field(description="Its results are final, so they count.")


class ChallengeRowOut(Schema):
    place: int | None = Field(description="null: fewer tournaments than the minimum.")
    tied: bool
    name: str
    club: str
    total: str = Field(description="Points, at 2 decimals.")
    participations: int
    counted: list[str] = Field(description="The slugs of the tournaments whose result counts.")


class ChallengeOut(Schema):
    slug: str
    name: str
    rule: RuleOut
    tournaments: list[ChallengeTournamentOut] = Field(description="Its public tournaments.")
    rows: list[ChallengeRowOut]


class HistoryRowOut(Schema):
    slug: str
    name: str
    date: datetime.date
    format: str
    number: int
    place: int | None
    tied: bool
    field_size: int
    figure: str | None
    kind: str
    team: str
    final: bool = Field(description="Its results are final; until then no place nor figure.")


class PlayerOut(Schema):
    id: int
    name: str
    club: str
    tournaments: list[HistoryRowOut] = Field(description="Public tournaments, the latest first.")


class ErrorOut(Schema):
    detail: str
