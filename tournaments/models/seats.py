"""The seats of a table in the order of play, as the FFT names them."""

from django.utils.translation import pgettext_lazy

# Seats in the order of play, as the FFT names them; a table of 5 has a fifth seat.
SEAT_NAMES = [
    pgettext_lazy("seat", "North"),
    pgettext_lazy("seat", "East"),
    pgettext_lazy("seat", "South"),
    pgettext_lazy("seat", "West"),
    pgettext_lazy("seat", "Fifth"),
]


def seat_name(index: int) -> str:
    return str(SEAT_NAMES[index])
