"""A club's calendar feed (RFC 5545, ``text/calendar``): its public tournaments from 30 days
ago on, each an all-day event with a UID that stays the same for the tournament whatever
changes in it, so that a calendar application updates it instead of adding another. The
``icalendar`` library escapes the text (commas, semicolons, backslashes, newlines) and folds
lines at 75 octets with CRLF line ends. Must not write.
"""

import datetime

from django.utils import timezone
from icalendar import Calendar, Event

from tournaments.models import Club, Tournament

PAST_DAYS = 30  # a tournament just played stays in the feed a month


def club_tournaments(club: Club) -> list[Tournament]:
    since = timezone.localdate() - datetime.timedelta(days=PAST_DAYS)
    return list(
        Tournament.objects.filter(organiser_club=club, is_public=True, date__gte=since).order_by(
            "date", "name", "pk"
        )
    )


def calendar_bytes(club: Club, tournaments: list[Tournament], page_url, host: str) -> bytes:
    """The feed; ``page_url(tournament)`` is the absolute address of its public page."""
    calendar = Calendar()
    calendar.add("prodid", "-//Tarot tournaments//Club calendar//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", club.name)
    stamp = timezone.now().replace(microsecond=0)
    for tournament in tournaments:
        event = Event()
        event.add("uid", f"tournament-{tournament.pk}@{host}")
        event.add("dtstamp", stamp)
        event.add("dtstart", tournament.date)
        event.add("dtend", tournament.date + datetime.timedelta(days=1))
        event.add("summary", tournament.name)
        if tournament.venue:
            event.add("location", tournament.venue)
        event.add("url", page_url(tournament))
        calendar.add_component(event)
    return calendar.to_ical()
