"""A three-tournament festival, built through the services: six directory players, three
donnes-libres tournaments of one table of four each (Friday, Saturday, Sunday), each playing
the official sample sheet (fft-rules.md section 2) at its position 1, confirmed.

The sample sheet's totals by seat, worked by hand from its marks (seats 0 North, 1 East,
2 South, 3 West): North -106 - 76 + 42 + 276 - 582 = -446; East 318 - 76 + 42 - 92 - 582 = -390;
South -106 - 76 - 126 - 92 + 1746 = 1346; West -106 + 228 + 42 - 92 - 582 = -510. So at every
table: South 1st, East 2nd, North 3rd, West 4th. Who sits where comes from the seating draw:
``places`` reads it back. ``played=False`` leaves one tournament unplayed (seated only).
This module asserts nothing.
"""

import datetime

from scoring.formats.libre.services_rounds import round_close
from scoring.results_final import results_declare_final
from tests.factories import PlayerFactory, RegistrationFactory, StaffRoleFactory, UserFactory
from tests.support import enter
from tournaments import services, services_seating
from tournaments.permissions import ORGANISERS_GROUP, site_group

PLACE_OF_SEAT = {2: 1, 1: 2, 0: 3, 3: 4}
TOTAL_OF_SEAT = {0: -446, 1: -390, 2: 1346, 3: -510}
# Who plays which day: player 0 plays all three, the others two each.
LINE_UPS = {"vendredi": (0, 1, 2, 3), "samedi": (0, 1, 4, 5), "dimanche": (0, 2, 4, 5)}


def organiser_account(username="organiser"):
    user = UserFactory(username=username)
    user.groups.add(site_group(ORGANISERS_GROUP))
    return user


def festival(organiser, arbitre=None, *, public=True, names=None, clubs=None):
    """(players, tournaments by day): each tournament played and confirmed at position 1.
    ``names``: six (last name, first name); ``clubs``: a club for each."""
    names = names or [(f"Joueur{i}", "Festival") for i in range(6)]
    players = [
        PlayerFactory(last_name=last, first_name=first, **({"club": clubs[i]} if clubs else {}))
        for i, (last, first) in enumerate(names)
    ]
    arbitre = arbitre or UserFactory(username="arbitre2")
    tournaments = {}
    for offset, (day, line_up) in enumerate(LINE_UPS.items()):
        tournament = services.tournament_create(
            user=organiser,
            name=f"Festival {day}",
            slug=f"festival-{day}",
            date=datetime.date(2027, 7, 9) + datetime.timedelta(days=offset),
            positions=1,
            is_public=public,
        )
        for number, index in enumerate(line_up, start=1):
            RegistrationFactory(
                tournament=tournament, player=players[index], number=number, checked_in=True
            )
        round_ = services_seating.round_seat_players(
            tournament=tournament, number=1, user=organiser, seed=offset
        )
        round_ = services_seating.round_publish(round=round_, user=organiser)
        StaffRoleFactory(tournament=tournament, user=arbitre, role="arbitre")
        enter(round_.tables.get(), organiser, confirm_by=arbitre)
        round_close(round=round_, user=arbitre)
        results_declare_final(tournament=tournament, user=arbitre)  # signed: final
        tournaments[day] = tournament
    return players, tournaments


def places(tournament) -> dict[int, tuple[int, int]]:
    """Directory player id -> (place, total) at ``tournament``'s only table."""
    table = tournament.rounds.get(number=1).tables.get()
    return {
        seat.registration.player_id: (PLACE_OF_SEAT[seat.number], TOTAL_OF_SEAT[seat.number])
        for seat in table.seats.select_related("registration")
    }
