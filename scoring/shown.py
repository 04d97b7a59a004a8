"""How the pages write a duplicate's figures, in the reader's language: a percentage at two
decimals (33,33 % in French, 33.33 % in English) and match points at three with their sign
(+4,000 / +4.000, −3,162, 0,000). The printed documents keep the rulebook's French comma
whatever the language (``documents_duplicate.note_text``, ``documents_quadrettes.pm_text``):
they are copied by hand onto its forms. Formatting only: no read, no rule.
"""

from decimal import Decimal
from fractions import Fraction

from django.utils.formats import number_format

MINUS = "−"


def decimal_text(value: Fraction | None, places: int = 4) -> str:
    """``value`` with ``places`` decimals, rounded half away from zero; "" for None."""
    if value is None:
        return ""
    value = Fraction(value)
    scale = 10**places
    magnitude = (abs(value.numerator) * scale * 2 + value.denominator) // (2 * value.denominator)
    sign = "-" if value < 0 and magnitude else ""
    whole, frac = divmod(magnitude, scale)
    return f"{sign}{whole}.{frac:0{places}d}" if places else f"{sign}{whole}"


def percent_shown(value) -> str:
    """A percentage (a Fraction) at two decimals, "—" when there is none."""
    if value is None:
        return "—"
    return number_format(Decimal(decimal_text(value, 2)), 2) + " %"


def pm_shown(value: Decimal | None) -> str:
    """Match points at three decimals with their sign; "" when there are none."""
    if value is None:
        return ""
    text = number_format(abs(value), 3)
    if not value:
        return text
    return f"+{text}" if value > 0 else f"{MINUS}{text}"
