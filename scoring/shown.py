"""How the pages write a duplicate's figures, in the reader's language: a percentage at two
decimals (33,33 % in French, 33.33 % in English) and match points at three with their sign
(+4,000 / +4.000, −3,162, 0,000). The printed documents keep the rulebook's French comma
whatever the language (``documents_duplicate.note_text``, ``documents_quadrettes.pm_text``):
they are copied by hand onto its forms. Formatting only: no read, no rule.
"""

from decimal import Decimal

from django.utils.formats import number_format

from scoring.formats.duplicate.exports import decimal_text

MINUS = "−"


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
