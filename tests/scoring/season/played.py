"""A libre tournament of one table of four played through the services: the official sample
sheet (tests/support.py) entered, confirmed and the position closed. Seat 0 ends with -446,
seat 1 with -390, seat 2 with 1346, seat 3 with -510: places 3, 2, 1 and 4."""

from scoring.formats.libre import services_rounds
from scoring.results_final import results_declare_final
from tests.factories import RegistrationFactory, TournamentFactory
from tests.support import enter
from tournaments import services_seating

# seat -> (place, total) once the sample sheet is confirmed
BY_SEAT = {0: (3, -446), 1: (2, -390), 2: (1, 1346), 3: (4, -510)}


def play_libre(*, players, scorer, arbitre, **tournament):
    """A tournament (``tournament``: its fields) where ``players`` and others up to four play
    the sample sheet; {player pk: (place, total)} as worked by hand from their seats."""
    tournament = TournamentFactory(**tournament)
    for player in players:
        RegistrationFactory(tournament=tournament, player=player, checked_in=True)
    RegistrationFactory.create_batch(4 - len(players), tournament=tournament, checked_in=True)
    round_ = services_seating.round_seat_players(
        tournament=tournament, number=1, user=scorer, seed=1
    )
    round_ = services_seating.round_publish(round=round_, user=scorer)
    table = round_.tables.get()
    enter(table, scorer, confirm_by=arbitre)
    services_rounds.round_close(round=round_, user=arbitre)
    results_declare_final(tournament=tournament, user=arbitre)
    seats = {seat.registration.player_id: seat.number for seat in table.seats.all()}
    return tournament, {pk: BY_SEAT[seat] for pk, seat in seats.items()}
