"""The engine's and the sheet check's problem codes as messages people read, in their language.

One place maps every code a user can cause to a translated sentence; a code missing here is a
programming error and shows its code (a test lists every code the engine and the sheet check
can produce and fails if one has no message). Must not decide anything: it only words.
"""

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext, pgettext_lazy

from scoring.engine import Camp, Span
from scoring.models import CampChoice, ContractChoice

MESSAGES = {
    # Reading the form
    "deal_missing": gettext_lazy("Deal %(deal)s is empty but a later deal is filled in."),
    "mode_invalid": gettext_lazy("Choose marks or facts."),
    "contract_required": gettext_lazy("Choose the contract."),
    "contract_invalid": gettext_lazy("Choose a contract from the list."),
    "taker_required": gettext_lazy("Choose the taker."),
    "taker_invalid": gettext_lazy("Choose the taker from the table's players."),
    "taker_sitting_out": gettext_lazy("The dealer sits this deal out and cannot take."),
    "taker_banned": gettext_lazy("This player is barred from bidding on this deal: %(reason)s"),
    "taker_dealt_again": gettext_lazy(
        "The dealer dealt this deal again after a misdeal and may not bid on it."
    ),
    "taker_barred": gettext_lazy("The taker of deal %(deal)s is barred from bidding on it."),
    "arbitre_mode": gettext_lazy("Only an arbitre adjusts or annuls a deal."),
    "dealer_invalid": gettext_lazy("Choose the dealer from the table's players."),
    "dealers_uneven": gettext_lazy(
        "This dealer sits out more deals than the others (%(share)s each): check who dealt "
        "each deal."
    ),
    "partner_invalid": gettext_lazy("Choose the partner from the table's players."),
    "partner_is_taker": gettext_lazy("The taker cannot be their own partner."),
    "partner_not_five_players": gettext_lazy("A partner is called only in the five-player game."),
    "bouts_required": gettext_lazy("How many bouts did the attack have?"),
    "points_required": gettext_lazy("How many points did the attack make?"),
    "poignee_sitting_out": gettext_lazy("The dealer sits this deal out: no poignée."),
    "mark_required": gettext_lazy("Enter this player's mark."),
    "mark_invalid": gettext_lazy("%(mark)s is not a mark: a whole number, with its sign."),
    "mark_sitting_out": gettext_lazy("The dealer sits this deal out and scores 0."),
    # score_deal (section 3 of the rules)
    "bouts_out_of_range": gettext_lazy("Bouts are 0, 1, 2 or 3."),
    "points_invalid": gettext_lazy("%(points)s is not a number of points."),
    "points_out_of_range": gettext_lazy("Points are between 0 and 91."),
    "points_not_half_multiple": gettext_lazy("Points go by halves: %(points)s is not possible."),
    "points_half_four_players": gettext_lazy(
        "In a four-player deal both camps hold an even number of cards, so every count is "
        "whole: %(points)s is not possible."
    ),
    "points_bouts_mismatch": gettext_lazy(
        "With %(bouts_text)s the cards allow the attack a count of %(possible)s, not %(points)s."
    ),
    "petit_au_bout_invalid": gettext_lazy("Choose who took the Petit au bout."),
    "petit_au_bout_without_bout": gettext_lazy(
        "The attack cannot take the Petit au bout with no bout."
    ),
    "petit_au_bout_defence_all_bouts": gettext_lazy(
        "The defence cannot take the Petit au bout when the attack has the three bouts."
    ),
    "petit_au_bout_against_chelem": gettext_lazy(
        "In a chelem the Petit au bout goes to the camp that took every trick."
    ),
    "poignee_invalid": gettext_lazy("Choose a poignée from the list."),
    "too_many_poignees": gettext_lazy("One poignée per player: %(count)s is too many."),
    "poignees_exceed_trumps": gettext_lazy(
        "These poignées need %(trumps)s trumps; there are only 21 and the Excuse."
    ),
    "chelem_announced_invalid": gettext_lazy("Tick the box if a chelem was announced."),
    "chelem_invalid": gettext_lazy("Choose who took every trick."),
    "chelem_points_mismatch": gettext_lazy(
        "When %(camp_text)s takes every trick in a %(contract)s, the cards allow the attack a "
        "count of %(possible)s, not %(points)s with %(bouts_text)s."
    ),
    "chelem_defence_contract_won": gettext_lazy(
        "The defence cannot take every trick when the contract is made."
    ),
    "chelem_not_recorded": gettext_lazy(
        "%(points)s points with %(bouts_text)s happen only when %(camp_text)s takes every "
        "trick: record the chelem."
    ),
    # check_marks (transcribed marks)
    "marks_not_zero_sum": gettext_lazy("The marks of this deal add up to %(sum)s, not 0."),
    "defenders_unequal": gettext_lazy("Every defender should have the same mark."),
    "taker_not_multiple": gettext_lazy(
        "The taker's mark should be %(factor)s times the defenders': %(expected)s."
    ),
    "partner_not_multiple": gettext_lazy(
        "The partner's mark should equal the defenders' with the sign reversed: %(expected)s."
    ),
    "amount_unreachable": gettext_lazy(
        "A defender's mark of %(defender)s cannot come from a %(contract)s: check the paper sheet."
    ),
    # The whole sheet
    "no_deal": gettext_lazy("Enter at least one deal."),
    "short_reason_required": gettext_lazy(
        "%(played)s deals instead of %(expected)s: give the reason."
    ),
    "reason_required": gettext_lazy("Say why this confirmed sheet is corrected."),
    "visa_missing": gettext_lazy("Tick the visa once this player has initialled the sheet."),
}

_LABELS = {**dict(ContractChoice.choices), **dict(CampChoice.choices)}
# A camp as the subject of a sentence ("when the defence takes every trick").
_CAMPS = {
    Camp.ATTACK: pgettext_lazy("subject", "the attack"),
    Camp.DEFENCE: pgettext_lazy("subject", "the defence"),
}


def _shown(value, players: int | None = None):
    """A value as the reader expects it: a choice by its label, a decimal in their locale,
    the counts the cards allow as a list of runs."""
    if isinstance(value, str):
        return _LABELS.get(value, value)
    if isinstance(value, Decimal):
        # number_format() fails on NaN and Infinity: they show as typed.
        return number_format(value) if value.is_finite() else str(value)
    if isinstance(value, tuple) and value and isinstance(value[0], Span):
        return points_list(value, players)
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return by_bouts_list(value, players)
    return value


def bouts_text(bouts: int) -> str:
    return ngettext("%(n)s bout", "%(n)s bouts", bouts) % {"n": bouts}


def points_list(spans: tuple[Span, ...], players: int | None = None) -> str:
    """ "13 to 85", "4.5, 5.5 to 75, 76 or 77.5": the runs of a set of counts, readable."""
    parts = []
    for span in spans:
        ends = {"first": number_format(span.first), "last": number_format(span.last)}
        if span.first == span.last:
            parts.append(ends["first"])
        elif span.step == 1 and span.last - span.first == 1:  # two values: name both
            parts.extend([ends["first"], ends["last"]])
        elif span.step == 1 and players != 4:  # at 4 players every count is whole anyway
            parts.append(gettext("%(first)s to %(last)s (whole points)") % ends)
        else:
            parts.append(gettext("%(first)s to %(last)s") % ends)
    return _or_list(parts)


def _or_list(parts: list[str]) -> str:
    """ "a, b or c" in the reader's language."""
    if len(parts) == 1:
        return parts[0]
    separator = pgettext("list separator", ", ")
    return gettext("%(items)s or %(last)s") % {
        "items": separator.join(parts[:-1]),
        "last": parts[-1],
    }


def by_bouts_list(possible: tuple[tuple[int, tuple[Span, ...]], ...], players=None) -> str:
    """ "87 with 2 bouts or 91 with 3 bouts"."""
    parts = [
        gettext("%(points)s with %(bouts)s")
        % {"points": points_list(spans, players), "bouts": bouts_text(bouts)}
        for bouts, spans in possible
    ]
    return _or_list(parts)


def problem_message(code: str, params: dict) -> str:
    """The message for ``code``; values that are choices show their label."""
    template = MESSAGES.get(code)
    if template is None:
        return code
    if code == "short_reason_required" and type(params.get("played")) is int:  # "1 deal"
        template = ngettext(
            "%(played)s deal instead of %(expected)s: give the reason.",
            "%(played)s deals instead of %(expected)s: give the reason.",
            params["played"],
        )
    players = params.get("players")
    shown = {key: _shown(value, players) for key, value in params.items()}
    if type(params.get("bouts")) is int:
        shown["bouts_text"] = bouts_text(params["bouts"])
    if params.get("camp") in _CAMPS:
        shown["camp_text"] = _CAMPS[params["camp"]]
    try:
        return str(template) % shown
    except (KeyError, TypeError, ValueError):
        return str(template)
