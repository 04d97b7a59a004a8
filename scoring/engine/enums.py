"""The fixed vocabulary of a deal: contracts, camps, poignée levels, problem severities.

String enums whose values are the stored codes, so a plain string ("garde") and the member
(``Contract.GARDE``) compare and hash equal; the web layer's ``TextChoices`` use the same values.
Must not hold anything a club may change (prime values live in ``ruleset``), nor import Django.
"""

from enum import StrEnum


class Contract(StrEnum):
    """The four contracts, in ascending order. The coefficient is fixed by the rules."""

    PRISE = "prise"
    GARDE = "garde"
    GARDE_SANS = "garde_sans"
    GARDE_CONTRE = "garde_contre"

    @property
    def coefficient(self) -> int:
        return COEFFICIENTS[self]


COEFFICIENTS: dict[str, int] = {
    Contract.PRISE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
    Contract.GARDE_CONTRE: 6,
}


class Camp(StrEnum):
    """The two sides of a deal: the taker (and partner) against the others."""

    ATTACK = "attack"
    DEFENCE = "defence"


class PoigneeLevel(StrEnum):
    SIMPLE = "simple"
    DOUBLE = "double"
    TRIPLE = "triple"


class Severity(StrEnum):
    """How bad a problem found in transcribed marks is: an error blocks, a warning informs."""

    ERROR = "error"
    WARNING = "warning"


# Lookups that accept a member or its plain string value (StrEnum members hash as their value).
CONTRACTS: dict[str, Contract] = {c.value: c for c in Contract}
CAMPS: dict[str, Camp] = {c.value: c for c in Camp}
POIGNEE_LEVELS: dict[str, PoigneeLevel] = {p.value: p for p in PoigneeLevel}
