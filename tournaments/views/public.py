"""Public pages: no account needed, only tournaments marked public (staff see their own too)."""

from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import render

from common.text import folded

from ..extensions import seating_page
from ..selectors import change_stamp, public_tournaments, seating_stamp
from ..selectors_places import round_places_by_name, with_mates
from ..selectors_seating import (
    published_numbers,
    published_round,
    round_played,
    round_seats_by_name,
    with_table_mates,
)
from .helpers import (
    live_page,
    polled_unchanged,
    public_tournament,
    refresh_seconds,
    seating_address,
)

# A search finding more players than this lists them without their table-mates: the player has
# not typed enough of their name yet, and a phone would scroll through every table.
MATES_AT_MOST = 12


def home(request):
    return render(request, "public/home.html", {"tournaments": public_tournaments()})


def tournament(request, slug):
    t = public_tournament(request, slug)
    stamp = change_stamp(tournament=t)
    polling = request.GET.get("fragment") == "1"
    if polled_unchanged(request, stamp):
        return HttpResponse(status=204)  # nothing new since the page showed it
    return render(
        request,
        "public/_tournament_live.html" if polling else "public/tournament.html",
        {
            "tournament": t,
            "player_count": t.registrations.count(),
            "current_round": round_played(tournament=t),
            "stamp": stamp,
            "refresh": refresh_seconds(),
            "seating_url": seating_address(request, t),
        },
    )


def _position_asked(request, tournament):
    """The published position a visitor chose (``?position=``) in a duplicate, or None."""
    raw = request.GET.get("position", "")
    if not tournament.plays_duplicate or not (raw.isascii() and raw.isdigit() and len(raw) < 4):
        return None
    return published_round(tournament=tournament, number=int(raw))


def _seats(round_, search: str):
    """The position's seats by name (those of the players searched for), and the players
    found with their table-mates when few enough (else None)."""
    seats = round_seats_by_name(round=round_) if round_ else []
    if not (round_ and search):
        return seats, None
    for word in search.split():  # "elodie" finds Élodie
        seats = seats.filter(
            Q(registration__sort_name__contains=folded(word))
            | Q(registration__number=int(word) if word.isascii() and word.isdigit() else -1)
        )
    first = list(seats[: MATES_AT_MOST + 1])
    return seats, with_table_mates(seats=first) if len(first) <= MATES_AT_MOST else None


def _team_seats(round_, search: str):
    """``_seats`` for triplettes and quadrettes: where each member plays (``Place``)."""
    places = round_places_by_name(round=round_) if round_ else []
    if not (round_ and search):
        return places, None
    shown = places
    for word in search.split():
        number = int(word) if word.isascii() and word.isdigit() else -1
        shown = [
            p
            for p in shown
            if folded(word) in p.registration.sort_name or p.registration.number == number
        ]
    if len(shown) > MATES_AT_MOST:
        return shown, None
    return shown, with_mates(places=places, found=shown)


def seating(request, slug):
    t = public_tournament(request, slug)
    other = seating_page(t)
    if other is not None:  # a team match: its quarters and rooms, no positions
        return other(request, t)
    stamp = seating_stamp(tournament=t)
    if polled_unchanged(request, stamp):
        return HttpResponse(status=204)  # nothing new since the page showed it
    played = round_played(tournament=t)
    asked = _position_asked(request, t)
    round_ = asked or played
    search = request.GET.get("q", "").replace("\x00", "").strip()[:60]
    if t.places_teams:  # their movements place teams: no seat rows
        seats, found = _team_seats(round_, search)
    else:
        seats, found = _seats(round_, search)
    context = {
        "tournament": t,
        "round": round_,
        "seats": seats,
        "found": found,
        "search": search,
        "stamp": stamp,
        "refresh": refresh_seconds(),
        # A duplicate publishes its séance's positions at once: the visitor may look at another.
        "positions": published_numbers(tournament=t) if t.plays_duplicate else [],
        "played": played,
        "asked": asked,
    }
    if search:  # a player looking for their name: for them alone
        polling = request.GET.get("fragment") == "1"
        template = "public/_seating_live.html" if polling else "public/seating.html"
        return render(request, template, context)
    # The whole list: the same for every player until the seating changes.
    key = (t.pk, round_ and round_.pk, bool(asked), stamp)
    return live_page(
        request, "public/seating.html", "public/_seating_live.html", context, dict, *key
    )
