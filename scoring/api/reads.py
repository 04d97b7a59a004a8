"""What the read API answers, as plain values its schemas check (``scoring.api.schemas``):
the public tournaments, a tournament's official ranking, a public challenge's standings and a
player's history. Only what the public pages show: public tournaments and challenges, the
official ranking once final (every unit closed: ``TournamentFormat.results_final``), placed
rows, names and clubs; never an e-mail, a licence number, a private tournament or a
provisional result. Figures are exact strings (a Fraction as "a/b", a % at 2 decimals, PM at
3), never floats. What costs is cached under the tournament's change stamp or the challenge's
version. Must not write the database (but the cache)."""

import re
from decimal import Decimal

from django.db.models import Count
from django.utils.translation import get_language

from common.cache import compute_once
from scoring.engine.duplicate import pm_round
from scoring.formats.registry import format_of
from scoring.models import Challenge
from scoring.official_ranking import Kind, cached_official_ranking
from scoring.season.history import player_history
from scoring.season.standings import challenge_standings
from scoring.shown import decimal_text
from tournaments.models import Player, Registration, Tournament

PAYLOAD_SECONDS = 600
SLUG = re.compile(r"[-a-zA-Z0-9_]{1,60}")


def figure_text(figure, kind: Kind) -> str | None:
    """A ranking's figure, exact: points as they are (an int, or a Fraction "a/b"), a % at 2
    decimals and PM at 3 (half away from zero, as the pages and files round them)."""
    if figure is None:
        return None
    if kind is Kind.PERCENT:
        return decimal_text(figure, 2)
    if kind is Kind.PM:
        return str(pm_round(Decimal(figure)))
    return str(figure)


def public_tournaments():
    """The public tournaments, the latest first, with their players: one query."""
    return (
        Tournament.objects.filter(is_public=True)
        .select_related("organiser_club")
        .annotate(player_count=Count("registrations"))
        .order_by("-date", "name", "pk")
    )


def _is_slug(text: str) -> bool:
    """A short address as the models allow them; anything else (a NUL byte, which PostgreSQL
    refuses to compare) is simply not found."""
    return bool(SLUG.fullmatch(text))


def public_tournament(slug: str) -> Tournament | None:
    return public_tournaments().filter(slug=slug).first() if _is_slug(slug) else None


def tournament_summary(tournament: Tournament) -> dict:
    club = tournament.organiser_club
    return {
        "slug": tournament.slug,
        "name": tournament.name,
        "date": tournament.date,
        "venue": tournament.venue,
        "format": tournament.format,
        "format_label": str(tournament.get_format_display()),
        "organiser_club": {"id": club.pk, "name": club.name} if club else None,
        "players": tournament.player_count,
    }


def _ranking(tournament: Tournament) -> dict:
    ranking = cached_official_ranking(tournament=tournament, official=True)
    final = format_of(tournament).results_final(tournament)
    names = {}
    if ranking.teams:  # the members' names: one query
        names = {
            reg.pk: reg.name
            for reg in Registration.objects.filter(tournament=tournament).only(
                "pk", "last_name", "first_name"
            )
        }
    rows = [
        {
            "place": row.place,
            "tied": row.tied,
            "number": row.number,
            "name": row.name,
            "club": row.club,
            "figure": figure_text(row.figure, row.kind),
            "members": [names[pk] for pk in row.members if pk in names],
        }
        for row in ranking.rows
        if row.place is not None and final
    ]
    return {"kind": str(ranking.kind), "teams": ranking.teams, "final": final, "rows": rows}


def ranking_payload(tournament: Tournament, stamp: int) -> dict:
    """The official ranking's placed rows, cached under the tournament's change stamp."""
    key = f"api:ranking:{tournament.pk}:{stamp}:{get_language()}"
    return compute_once(key, lambda: _ranking(tournament), PAYLOAD_SECONDS)


def public_challenge(slug: str) -> Challenge | None:
    if not _is_slug(slug):
        return None
    return Challenge.objects.filter(is_public=True, slug=slug).first()


def challenge_payload(challenge: Challenge) -> dict:
    """The standings (cached by ``challenge_standings``), naming only public tournaments."""
    standings = challenge_standings(challenge=challenge)
    shown = [entry for entry in standings.entries if entry.tournament.is_public]
    slugs = {entry.tournament_id: entry.tournament.slug for entry in shown}
    return {
        "slug": challenge.slug,
        "name": challenge.name,
        "rule": {
            "points": challenge.points_rule,
            "scale": list(challenge.scale)
            if challenge.points_rule == Challenge.PointsRule.SCALE
            else [],
            "best_of": challenge.best_of,
            "min_participations": challenge.min_participations,
        },
        "tournaments": [
            {
                "slug": entry.tournament.slug,
                "name": entry.tournament.name,
                "date": entry.tournament.date,
                "coefficient": str(entry.coefficient),
                "final": entry.tournament_id in standings.final,
            }
            for entry in shown
        ],
        "rows": [
            {
                "place": row.place,
                "tied": row.tied,
                "name": row.name,
                "club": row.club,
                "total": decimal_text(row.total, 2),
                "participations": row.participations,
                "counted": sorted(slugs[pk] for pk in row.counted if pk in slugs),
            }
            for row in standings.rows
        ],
    }


def player_payload(player_id: int) -> dict | None:
    """A directory player's public history; None when they played no public tournament (the
    directory itself is not published)."""
    player = Player.objects.select_related("club").filter(pk=player_id).first()
    if player is None:
        return None
    history = player_history(player=player)
    if not history:
        return None
    return {
        "id": player.pk,
        "name": str(player),
        "club": player.club.name if player.club_id else "",
        "tournaments": [
            {
                "slug": row.tournament.slug,
                "name": row.tournament.name,
                "date": row.tournament.date,
                "format": row.tournament.format,
                "number": row.number,
                "place": row.place,
                "tied": row.tied,
                "field_size": row.field_size,
                "figure": figure_text(row.figure, row.kind),
                "kind": str(row.kind),
                "team": row.team,
                "final": row.final,
            }
            for row in history
        ],
    }
