"""The read API for club and committee websites (django-ninja): the public tournaments, a
tournament's official ranking, a public challenge's standings, a player's history and a club's
calendar feed. Anonymous reads only: a private tournament or challenge, an unknown one and a
player with no public tournament all get the same 404. Every answer is limited per client
address (``throttle``); a ranking and a challenge carry an ETag made of the change stamps, so
that a website polling gets a 304 for one count query, and what they compute is cached under
it (``reads``). The interactive documentation page is off: it loads its scripts from a CDN and
the product uses no outside resource; ``/api/openapi.json`` is the schema. Must not write.
"""

import hashlib

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from ninja import NinjaAPI
from ninja.errors import Throttled

from scoring.api import reads
from scoring.api.calendar import calendar_bytes, club_tournaments
from scoring.api.schemas import ChallengeOut, ErrorOut, PlayerOut, RankingOut, TournamentOut
from scoring.api.throttle import AddressThrottle
from scoring.season.standings import standings_key
from tournaments.models import Club
from tournaments.selectors import change_stamp

MAX_AGE = 30  # seconds a website or a proxy may keep an answer without asking again
NOT_FOUND = {404: ErrorOut}


def _throttled_schema(view):
    """The schema's page (not an operation of ninja's, which throttles those) counts too."""

    def counted(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        throttle = AddressThrottle()
        if not throttle.allow_request(request):
            return throttled(request, Throttled(wait=throttle.wait()))
        return view(request, *args, **kwargs)

    return counted


api = NinjaAPI(
    title="Tarot tournaments: read API",
    version="1",
    description="Public tournaments, official rankings, challenges, players' histories and "
    "clubs' calendars, as the public pages show them.",
    urls_namespace="api",
    docs_url=None,
    docs_decorator=_throttled_schema,
    throttle=[AddressThrottle()],
)


@api.exception_handler(Http404)
def not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    # The same answer whatever was not found, in DEBUG too (ninja's names the exception there).
    return api.create_response(request, {"detail": "Not Found"}, status=404)


@api.exception_handler(Throttled)
def throttled(request: HttpRequest, exc: Throttled) -> HttpResponse:
    response = api.create_response(request, {"detail": "Too many requests."}, status=429)
    if exc.wait:
        response["Retry-After"] = str(max(1, round(exc.wait)))
    return response


def _fresh(response: HttpResponse, etag: str | None = None) -> None:
    if etag:
        response["ETag"] = etag
    patch_cache_control(response, public=True, max_age=MAX_AGE)
    # A club website's scripts may read it from their own address: anonymous data only, and
    # "*" never lets a browser send its cookies along.
    response["Access-Control-Allow-Origin"] = "*"


def _not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    asked = request.headers.get("If-None-Match", "")
    if etag in (tag.strip() for tag in asked.split(",")):
        response = HttpResponseNotModified()
        _fresh(response, etag)
        return response
    return None


def _summary(request: HttpRequest, tournament) -> dict:
    links = {
        "page": request.build_absolute_uri(tournament.get_absolute_url()),
        "ranking": request.build_absolute_uri(
            reverse("api:tournament_ranking", kwargs={"slug": tournament.slug})
        ),
    }
    return {**reads.tournament_summary(tournament), "links": links}


def _tournament(slug: str):
    tournament = reads.public_tournament(slug)
    if tournament is None:
        raise Http404
    return tournament


@api.get("/tournaments", response=list[TournamentOut], url_name="tournaments")
def tournaments(request: HttpRequest, response: HttpResponse):
    """The public tournaments, the latest first."""
    _fresh(response)
    return [_summary(request, tournament) for tournament in reads.public_tournaments()]


@api.get("/tournaments/{slug}", response={200: TournamentOut, **NOT_FOUND}, url_name="tournament")
def tournament(request: HttpRequest, response: HttpResponse, slug: str):
    """A public tournament."""
    found = _tournament(slug)
    _fresh(response)
    return _summary(request, found)


@api.get(
    "/tournaments/{slug}/ranking",
    response={200: RankingOut, **NOT_FOUND},
    url_name="tournament_ranking",
)
def tournament_ranking(request: HttpRequest, response: HttpResponse, slug: str):
    """A public tournament's official ranking: what an arbitre signed, placed rows only."""
    found = _tournament(slug)
    stamp = change_stamp(tournament=found)
    etag = f'"ranking-{found.pk}-{stamp}-{get_language()}"'
    if (unchanged := _not_modified(request, etag)) is not None:
        return unchanged
    _fresh(response, etag)
    return {"tournament": _summary(request, found), **reads.ranking_payload(found, stamp)}


@api.get(
    "/challenges/{challenge_slug}", response={200: ChallengeOut, **NOT_FOUND}, url_name="challenge"
)
def challenge(request: HttpRequest, response: HttpResponse, challenge_slug: str):
    """A public challenge's standings across its tournaments."""
    found = reads.public_challenge(challenge_slug)
    if found is None:
        raise Http404
    # Its version and each tournament's change stamp: a count query per tournament.
    stamp = hashlib.sha256(standings_key(found).encode()).hexdigest()[:20]
    etag = f'"challenge-{stamp}-{get_language()}"'
    if (unchanged := _not_modified(request, etag)) is not None:
        return unchanged
    _fresh(response, etag)
    return reads.challenge_payload(found)


@api.get("/players/{int:player_id}", response={200: PlayerOut, **NOT_FOUND}, url_name="player")
def player(request: HttpRequest, response: HttpResponse, player_id: int):
    """A player's public tournaments, places and figures, the latest first."""
    payload = reads.player_payload(player_id)
    if payload is None:
        raise Http404
    _fresh(response)
    return payload


@api.get(
    "/clubs/{int:club_id}/calendar.ics",
    response={200: None, **NOT_FOUND},
    url_name="club_calendar",
    openapi_extra={
        "responses": {
            200: {
                "description": "The club's public tournaments (iCalendar, RFC 5545).",
                "content": {"text/calendar": {"schema": {"type": "string"}}},
            }
        }
    },
)
def club_calendar(request: HttpRequest, club_id: int):
    """The club's public tournaments from 30 days ago on, as all-day events."""
    club = get_object_or_404(Club, pk=club_id)

    def page_url(tournament) -> str:
        return request.build_absolute_uri(tournament.get_absolute_url())

    body = calendar_bytes(club, club_tournaments(club), page_url, request.get_host())
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="club-{club.pk}.ics"'
    _fresh(response)
    return response
