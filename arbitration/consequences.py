"""The rules' automatic consequences of a fault (section 6), and the facts they rest on.

A defender's confirmed renonce bars them from bidding on the next deal they play (the next deal
at the table, or the first of their next position); a renonce by the taker's camp bars nobody.
A confirmed misdeal bars whoever dealt that deal from bidding on it, dealt again: the ban names
the table and the deal, and the sheet says who dealt, so nobody names the offender by hand.
Which camp the offender of a renonce was in is the sheet's to say once it has the deal.
Called by ``services`` inside their transactions; writes only through ``scoring``'s services.
"""

from django.utils.translation import gettext as _

from common.errors import field_error
from scoring import services_ledger as ledger
from scoring.engine.sheet import ARBITRE_MODES, TableSetup
from scoring.formats.libre.selectors import current_sheet, load_sheet, sheet_deals, table_setup
from scoring.models import Deal
from tournaments.models import Table

from .models import Decision, Incident, IncidentKind

Kind = Decision.Kind


def _sheet_setup(table: Table) -> tuple[TableSetup, list]:
    """The table's setup with the dealers its current sheet records, and that sheet's deals."""
    setup = table_setup(table=table)
    sheet = current_sheet(table=table)
    if sheet is None:
        return setup, []
    deals = sheet_deals(load_sheet(sheet.pk))
    return setup.as_recorded(deals), deals


def camp_on_sheet(incident: Incident) -> bool | None:
    """Whether the offender was defending on the incident's deal as the sheet now says, or None
    when the sheet does not say (no sheet yet, no such deal, not played, sat out)."""
    if incident.table_id is None or incident.deal_number is None or incident.offender_id is None:
        return None
    played = _sheet_deal(incident.table, incident.deal_number)
    if played is None:
        return None
    deal, setup = played
    if deal.taker is None or incident.offender_id not in setup.registrations:
        return None
    seat = setup.registrations.index(incident.offender_id)
    return None if seat == deal.sitting_out else seat not in (deal.taker, deal.partner)


def renonce_camp(table, number, offender, said: bool | None) -> bool:
    """Whether the offender of a renonce was defending on deal ``number``: as the table's sheet
    says when it has the deal (contradicting it is an error), else as the arbitre says."""
    played = _sheet_deal(table, number)
    if played is None:
        if said is None:
            raise field_error(
                "offender_defending",
                _(
                    "Say whether %(player)s was defending: the sheet of this table does not "
                    "have that deal yet."
                ),
                "camp_required",
                player=offender.name,
            )
        return said
    deal, setup = played
    seat = setup.registrations.index(offender.pk)
    if seat == deal.sitting_out:
        raise field_error(
            "offender",
            _("%(player)s sat out deal %(n)s: no renonce."),
            "sat_out",
            player=offender.name,
            n=number,
        )
    if deal.taker is None:
        raise field_error(
            "deal_number",
            _("Deal %(n)s was not played (%(why)s): no renonce."),
            "not_played",
            n=number,
            why=Deal.Mode(deal.mode).label,
        )
    defending = seat not in (deal.taker, deal.partner)
    if said is not None and said != defending:
        message = (
            _("The sheet says %(player)s was defending on deal %(n)s.")
            if defending
            else _("The sheet says %(player)s was in the taker's camp on deal %(n)s.")
        )
        raise field_error(
            "offender_defending", message, "camp_contradicts_sheet",
            player=offender.name, n=number,
        )  # fmt: skip
    return defending


def _sheet_deal(table: Table, number: int):
    """(the deal as the current sheet has it, the table's setup) or None when it lacks it."""
    setup, deals = _sheet_setup(table)
    deal = next((d for d in deals if d.number == number), None)
    if deal is None or deal.mode in ARBITRE_MODES and deal.taker is None:
        return None
    return deal, setup


def next_deal_played(incident: Incident) -> tuple[int, int | None] | None:
    """(position, deal) of the ban after a defender's renonce: the first deal the offender
    plays after the incident's (the ban passes over a deal they sit out, whoever the sheet
    comes to say dealt it); deal None is the first deal of their next position. None when
    the tournament is over for them."""
    table, number, position = incident.table, incident.deal_number, incident.round.number
    setup, deals = _sheet_setup(table)
    seat = (
        setup.registrations.index(incident.offender_id)
        if incident.offender_id in setup.registrations
        else None
    )
    # At a table of 5 whose sheet says the offender sits out every deal left, the ban goes on.
    rest_sat_out = deals and seat is not None and setup.first_bid(seat, number + 1) is None
    if number < setup.deals and not rest_sat_out:
        return position, number + 1
    if position < incident.tournament.positions:
        return position + 1, None
    return None


def automatic_ban(incident: Incident, user) -> dict | None:
    """The ban the rules impose for a confirmed fault, created; the decision recording it, as
    fields for ``Decision`` (None when the rules impose nothing, or the ban exists already)."""
    offender, number, table = incident.offender, incident.deal_number, incident.table
    if number is None or table is None:
        return None
    if not incident.tournament.has_bidding:
        return None  # the contract is imposed or announced, never bid: no ban to impose
    if incident.kind == IncidentKind.MISDEAL:
        # Whoever dealt that deal, as the sheet records it: nobody names them.
        offender, dealer_at, position, deal = None, table, incident.round.number, number
        reason = _(
            "Incident %(i)s, misdeal of deal %(n)s: the dealer may not bid on the deal dealt again."
        ) % {"i": incident.pk, "n": number}
    elif incident.kind == IncidentKind.RENONCE and offender and incident.offender_defending:
        target = next_deal_played(incident)
        if target is None:
            return None
        dealer_at, (position, deal) = None, target
        reason = _(
            "Incident %(i)s, renonce on deal %(n)s of position %(k)s: no bid on the next deal "
            "played."
        ) % {"i": incident.pk, "n": number, "k": incident.round.number}
    else:  # a renonce by the taker's camp: no automatic ban (the arbitre may decide one)
        return None
    ban, created = ledger.bid_ban_create(
        registration=offender,
        position=position,
        deal_number=deal,
        reason=reason,
        user=user,
        reference=incident.reference,
        dealer_at=dealer_at,
    )
    if not created:
        return None  # already barred from that deal: one ban, one decision
    return {
        "kind": Kind.BID_BAN,
        "registration": offender,
        "position": position,
        "deal_number": deal,
        "note": reason,
        "automatic": True,
        "bid_ban": ban,
    }
