"""What a refused travelling-sheet line says, in the reader's language: one sentence that says
what is wrong and what to do (``services_duplicate.LineProblem`` codes and params)."""

from django.utils.translation import gettext as _


def _signed(value) -> str:
    return f"{value:+d}" if isinstance(value, int) else str(value)


def contract_name(contract: str) -> str:
    """The contract a score was checked against, as a sentence names it ("a Garde Sans")."""
    names = {
        "garde_sans": _("a Garde Sans"),
        "garde_contre": _("a Garde Contre"),
    }
    return names.get(str(contract), _("a Garde"))


def line_message(code: str, params: dict, contract: str = "garde") -> str:
    """The sentence for ``code``; a score is said to be checked against ``contract`` (always
    a Garde but in the team match, where the taker also plays Garde Sans or Garde Contre)."""
    p = {key: _signed(value) for key, value in params.items()}
    p["contract"] = contract_name(contract)
    messages = {
        "line_not_played": _(
            "Table %(table)s does not play étui %(board)s at position %(position)s by the "
            "movement: check the table and position written on the travelling sheet."
        ),
        "line_twice": _(
            "Table %(table)s at position %(position)s is on this sheet twice: keep one line."
        ),
        "score_missing": _("Type the taker's score with its sign (+56, −52)."),
        "score_odd": _(
            "%(score)s is odd: every score of %(contract)s at 4 players is even. Check the sheet."
        ),
        "score_out_of_range": _(
            "%(score)s is beyond what %(contract)s can give (%(min)s to %(max)s). Check the sheet."
        ),
        "score_needs_chelem": _(
            "%(score)s needs a chelem (made, or announced and failed): check the sheet, or an "
            "arbitre records it as adjusted."
        ),
        "score_unreachable": _(
            "%(score)s cannot be scored in %(contract)s (the nearest are %(below)s and "
            "%(above)s): check the sheet, or an arbitre records it as adjusted, with a reason."
        ),
        "cancel_needs_arbitre": _("Only an arbitre cancels a deal."),
        "adjust_needs_arbitre": _("Only an arbitre records an adjusted score."),
        "adjust_reason_required": _("Say why this score is adjusted."),
        "reason_required": _("This travelling sheet was confirmed: say why it is corrected."),
        "no_line": _("Type at least one line."),
        # The team match (engine.duplicate_teams): the taker chooses one of three contracts.
        "contract_not_allowed": _(
            "In a team match the taker plays Garde, Garde Sans or Garde Contre."
        ),
        # Triplettes: the taker is one of the attacking triplette's three.
        "attacker_not_in_team": _(
            "The attacker of table %(table)s at position %(position)s must be a member of "
            "the triplette that attacks this étui there (%(team)s): check the sheet."
        ),
        "not_a_number": _("%(text)s is not a score: type digits with a sign (+56, −52)."),
    }
    text = messages.get(code, code)
    try:
        return text % p
    except (KeyError, ValueError, TypeError):
        return text
