"""Money as the application counts it: whole cents (``int``), never floats. Parses what a user
types ("12", "12,5", "12.50 €") into cents and writes cents back in the user's locale. Knows no
model.
"""

import re
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils import formats
from django.utils.translation import gettext as _

# [0-9], not \d: \d takes any script's digits ("٣"), which no one types for an amount.
_AMOUNT = re.compile(r"^([0-9]{1,7})(?:[.,]([0-9]{1,2}))?$")


def parse_cents(text: str) -> int:
    """Cents from an amount in euros as typed: "12", "12,5", "12.50", "12,50 €"."""
    cleaned = (text or "").replace("€", "").replace("\u00a0", "").replace(" ", "").strip()
    found = _AMOUNT.match(cleaned)
    if found is None:
        raise ValidationError(_("Enter an amount in euros, such as 12 or 12,50."), code="amount")
    euros, cents = found.groups()
    return int(euros) * 100 + int((cents or "0").ljust(2, "0"))


def euros(cents: int) -> Decimal:
    """The exact amount in euros (a Decimal with two places), for documents and JSON."""
    return Decimal(cents).scaleb(-2)


def format_cents(cents: int, *, symbol: bool = True) -> str:
    """12,50 € in French, 12.50 € in English: two decimals, the locale's separators."""
    text = formats.number_format(euros(cents), 2, use_l10n=True, force_grouping=True)
    return f"{text}\u00a0€" if symbol else text
