"""Entry fees (issue 38): the organiser's amounts typed in euros, a payment recorded at check-in
and taken back, who may do it, and the treasurer's sheet worked by hand (page, PDF, workbook)."""

import io
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from openpyxl import load_workbook

from tests.factories import ClubFactory, PlayerFactory, RegistrationFactory
from tests.support import text_of, url
from tests.tournaments.test_addresses import settings_of
from tournaments import services, services_fees
from tournaments.models import AuditEntry, EntryFee, FeeCategory, Registration
from tournaments.selectors_fees import treasurer_sheet

pytestmark = pytest.mark.django_db

FEES = {"licensed": 1200, "unlicensed": 1500, "young": 600, "free": 0}


def register(tournament, number, *, licence=True, **kwargs):
    player = PlayerFactory(licence=None) if not licence else PlayerFactory()
    return RegistrationFactory(tournament=tournament, player=player, number=number, **kwargs)


@pytest.fixture
def field(tournament, staff):
    """Ten players: five licensed at 12,00 (3 cash, 2 cheque), two not licensed at 15,00 (cash,
    transfer), one young at 6,00 (cash), one free, one licensed who has not paid (checked in)."""
    services_fees.fees_set(user=staff["organiser"], tournament=tournament, amounts=FEES)
    arbitre = staff["arbitre"]
    paid = [
        ("licensed", "cash"),
        ("licensed", "cash"),
        ("licensed", "cash"),
        ("licensed", "cheque"),
        ("licensed", "cheque"),
        ("unlicensed", "cash"),
        ("unlicensed", "transfer"),
        ("young", "cash"),
        ("free", "cash"),  # a free entry takes no payment, whatever the button
    ]
    for number, (category, payment) in enumerate(paid, 1):
        reg = register(tournament, number, licence=category != "unlicensed")
        services_fees.registration_pay(
            user=arbitre, registration=reg, category=category, payment=payment
        )
    register(tournament, 10, checked_in=True, last_name="Zola", first_name="Émile")
    return tournament


def test_the_treasurer_sums_worked_by_hand(field):
    sheet = treasurer_sheet(tournament=field)
    assert sheet.fees == FEES
    by_category = {line.key: (line.count, line.cents, line.fee_cents) for line in sheet.by_category}
    assert by_category == {
        "licensed": (5, 6000, 1200),
        "unlicensed": (2, 3000, 1500),
        "young": (1, 600, 600),
        "free": (1, 0, 0),
    }
    by_payment = {line.key: (line.count, line.cents) for line in sheet.by_payment}
    # cash: 3 × 12 + 15 + 6 = 57; cheque: 2 × 12 = 24; transfer: 15. The free entry is in none.
    assert by_payment == {"cash": (5, 5700), "cheque": (2, 2400), "transfer": (1, 1500)}
    assert sheet.collected_cents == 9600 == 5700 + 2400 + 1500
    assert sheet.paid_count == 9
    ((unpaid),) = sheet.unpaid
    assert (unpaid.number, unpaid.name, unpaid.checked_in) == (10, "ZOLA Émile", True)
    assert (unpaid.category, unpaid.due_cents) == ("licensed", 1200)
    assert sheet.due_cents == 1200


def test_the_sheet_costs_two_queries(field, django_assert_num_queries):
    with django_assert_num_queries(2):
        treasurer_sheet(tournament=field)


def test_a_payment_keeps_the_fee_of_its_moment(field, staff):
    services_fees.fees_set(
        user=staff["organiser"], tournament=field, amounts={**FEES, "licensed": 1400}
    )
    sheet = treasurer_sheet(tournament=field)
    assert sheet.collected_cents == 9600  # paid before the change: 12,00 each still
    assert sheet.unpaid[0].due_cents == 1400


def test_payment_recorded_and_taken_back_with_their_audit(field, staff):
    reg = Registration.objects.get(tournament=field, number=10)
    services_fees.registration_pay(
        user=staff["arbitre"], registration=reg, category="young", payment="transfer"
    )
    reg.refresh_from_db()
    assert (reg.fee_category, reg.payment, reg.paid_cents) == ("young", "transfer", 600)
    entry = AuditEntry.objects.filter(tournament=field).latest("pk")
    assert entry.action == "registration.paid"
    assert entry.data == {
        "registration": reg.pk, "number": 10, "category": "young", "payment": "transfer",
        "cents": 600,
    }  # fmt: skip
    assert treasurer_sheet(tournament=field).collected_cents == 10200
    with pytest.raises(ValidationError) as exc:  # twice: refused, not counted twice
        services_fees.registration_pay(
            user=staff["arbitre"], registration=reg, category="young", payment="cash"
        )
    assert exc.value.code == "already_paid"
    services_fees.registration_unpay(user=staff["arbitre"], registration=reg)
    reg.refresh_from_db()
    assert (reg.fee_category, reg.payment, reg.paid_cents) == ("", "", 0)
    entry = AuditEntry.objects.filter(tournament=field).latest("pk")
    assert entry.action == "registration.unpaid" and entry.data["cents"] == 600
    assert treasurer_sheet(tournament=field).collected_cents == 9600
    with pytest.raises(ValidationError):
        services_fees.registration_unpay(user=staff["arbitre"], registration=reg)


def test_a_free_entry_is_settled_at_nothing(field):
    reg = Registration.objects.get(tournament=field, number=9)
    assert (reg.fee_category, reg.payment, reg.paid_cents) == ("free", "", 0)


def test_payment_refusals(field, staff):
    reg = Registration.objects.get(tournament=field, number=10)
    arbitre = staff["arbitre"]
    with pytest.raises(ValidationError) as exc:
        services_fees.registration_pay(
            user=arbitre, registration=reg, category="licensed", payment=""
        )
    assert "payment" in exc.value.error_dict
    EntryFee.objects.filter(tournament=field, category="young").delete()
    with pytest.raises(ValidationError) as exc:
        services_fees.registration_pay(
            user=arbitre, registration=reg, category="young", payment="cash"
        )
    assert "category" in exc.value.error_dict
    reg.refresh_from_db()
    assert reg.fee_category == "" and reg.paid_cents == 0


def test_a_scorer_may_not_take_money_and_writes_nothing(field, staff):
    reg = Registration.objects.get(tournament=field, number=10)
    entries = AuditEntry.objects.count()
    with pytest.raises(PermissionDenied):
        services_fees.registration_pay(
            user=staff["scorer"], registration=reg, category="licensed", payment="cash"
        )
    with pytest.raises(PermissionDenied):
        services_fees.registration_unpay(
            user=staff["scorer"], registration=Registration.objects.get(number=1)
        )
    with pytest.raises(PermissionDenied):
        services_fees.fees_set(user=staff["arbitre"], tournament=field, amounts={"young": 1})
    assert AuditEntry.objects.count() == entries
    assert treasurer_sheet(tournament=field).collected_cents == 9600
    assert EntryFee.objects.get(tournament=field, category="young").amount_cents == 600


def test_the_scorer_posting_the_check_in_form_is_refused(client, field, staff):
    client.force_login(staff["scorer"])
    response = client.post(
        url("manage:checkin_pay", field, number=10), {"category": "licensed", "payment": "cash"}
    )
    assert response.status_code == 403
    assert Registration.objects.get(tournament=field, number=10).paid_cents == 0


# The organiser's page


def test_amounts_typed_in_euros_are_saved_in_cents(organiser_client, tournament):
    response = organiser_client.post(
        url("manage:fees", tournament),
        {"licensed": "12", "unlicensed": "15,50", "young": " 6.5 € ", "free": "on"},
    )
    assert response.status_code == 302
    fees = dict(
        EntryFee.objects.filter(tournament=tournament).values_list("category", "amount_cents")
    )
    assert fees == {"licensed": 1200, "unlicensed": 1550, "young": 650, "free": 0}
    entry = AuditEntry.objects.filter(tournament=tournament).latest("pk")
    assert entry.action == "tournament.fees_set" and entry.data["after"] == fees
    page = organiser_client.get(url("manage:fees", tournament)).content.decode()
    assert 'value="15.50"' in page or 'value="15,50"' in page
    # Left empty, unticked: no longer charged.
    organiser_client.post(url("manage:fees", tournament), {"licensed": "12"})
    assert list(EntryFee.objects.filter(tournament=tournament).values_list("category")) == [
        ("licensed",)
    ]


@pytest.mark.parametrize("typed", ["12,505", "douze", "-3", "12,50,1", "1e3"])
def test_an_amount_that_is_none_is_refused_next_to_its_field(organiser_client, tournament, typed):
    response = organiser_client.post(
        url("manage:fees", tournament), {"licensed": "12", "young": typed}
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert list(form.errors) == ["young"]
    assert "Enter an amount in euros, such as 12 or 12,50." in form.errors["young"]
    assert not EntryFee.objects.filter(tournament=tournament).exists()  # nothing half-saved


def test_a_fee_above_a_thousand_euros_is_refused(organiser_client, tournament):
    response = organiser_client.post(url("manage:fees", tournament), {"licensed": "1250,00"})
    assert response.status_code == 200
    assert "between 0 and 1000 euros" in str(response.context["form"].errors["licensed"])
    assert not EntryFee.objects.exists()


# Check-in


def test_check_in_rows_say_what_each_player_owes(client, field, staff):
    client.force_login(staff["arbitre"])
    register(field, 11, licence=False)
    page = client.get(url("manage:checkin", field)).content.decode()
    assert 'data-testid="unpay-1"' in page  # paid: taken back from its row
    assert 'data-testid="pay-cash-10"' in page
    row11 = page[page.index('id="checkin-11"') :]
    assert '<option value="unlicensed" selected>' in row11  # no licence: not licensed
    assert "15.00" in row11[: row11.index("</li>")]


def test_paying_without_javascript_and_with_htmx(client, field, staff):
    client.force_login(staff["arbitre"])
    pay = url("manage:checkin_pay", field, number=10)
    response = client.post(pay, {"category": "young", "payment": "cheque"})
    assert response.status_code == 302 and response["Location"] == url("manage:checkin", field)
    reg = Registration.objects.get(tournament=field, number=10)
    assert (reg.fee_category, reg.payment, reg.paid_cents) == ("young", "cheque", 600)
    response = client.post(url("manage:checkin_unpay", field, number=10), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert 'id="checkin-10"' in response.content.decode()
    assert 'data-testid="pay-cash-10"' in response.content.decode()
    response = client.post(pay, {"category": "nothing", "payment": "cash"}, HTTP_HX_REQUEST="true")
    assert "Choose the player&#x27;s category." in response.content.decode()
    assert Registration.objects.get(tournament=field, number=10).paid_cents == 0


def test_check_in_without_fees_shows_no_fee(client, tournament, staff):
    client.force_login(staff["arbitre"])
    register(tournament, 1)
    page = client.get(url("manage:checkin", tournament)).content.decode()
    assert "checkin-fee" not in page


# The treasurer's sheet as a page and as documents


def test_the_treasurer_page(organiser_client, field):
    page = organiser_client.get(url("manage:treasurer", field)).content.decode()
    assert "96.00" in page and "ZOLA" in page and "57.00" in page


def test_the_treasurer_pdf(organiser_client, field):
    response = organiser_client.get(url("manage:treasurer_pdf", field))
    assert response["Content-Type"] == "application/pdf"
    text = text_of(response.content)
    assert "Treasurer" in text and "96.00" in text
    assert "ZOLA Émile" in text and "57.00" in text and "24.00" in text


def test_the_treasurer_workbook_holds_euros_as_numbers(organiser_client, field):
    response = organiser_client.get(url("manage:treasurer_xlsx", field))
    workbook = load_workbook(io.BytesIO(response.content))
    summary = [list(row) for row in workbook["Fees"].iter_rows(values_only=True)]
    assert summary[0] == ["Category or payment", "Fee (€)", "Players", "Amount (€)"]
    assert summary[1] == ["Licensed", 12, 5, 60]
    assert summary[2] == ["Not licensed", 15, 2, 30]
    assert summary[3] == ["Young", 6, 1, 6]
    assert summary[4] == ["Free", 0, 1, 0]
    assert summary[5] == ["Cash", None, 5, 57]
    assert summary[-2] == ["Total collected", None, 9, 96]
    assert summary[-1] == ["Still due", None, 1, 12]
    cell = workbook["Fees"]["D3"]
    assert cell.number_format == "#,##0.00" and isinstance(cell.value, int | float)
    assert Decimal(str(cell.value)) == Decimal("30")
    unpaid = list(workbook["Not paid"].iter_rows(values_only=True))
    assert unpaid[1] == (10, "ZOLA Émile", None, "yes", "Licensed", 12)  # no club: empty


def test_the_organising_club_is_a_setting(organiser_client, tournament):
    club = ClubFactory(name="Tarot Club de Lille")
    page = organiser_client.get(url("manage:tournament_edit", tournament)).content.decode()
    assert "Tarot Club de Lille" in page
    data = settings_of(tournament) | {"organiser_club": club.pk}
    response = organiser_client.post(url("manage:tournament_edit", tournament), data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.organiser_club == club
    entry = AuditEntry.objects.filter(tournament=tournament).latest("pk")
    assert entry.data == {"organiser_club": [None, club.pk]}


def test_categories_are_the_models():
    assert set(FEES) == set(FeeCategory.values)


# A paid registration is not deleted, and who never played owes nothing


def test_a_paid_registration_is_not_deleted_until_the_payment_is_taken_back(field, staff):
    reg = Registration.objects.get(tournament=field, number=1)  # licensed, 12,00 in cash
    before = treasurer_sheet(tournament=field)
    entries = AuditEntry.objects.count()
    with pytest.raises(ValidationError) as exc:
        services.registration_delete(registration=reg, user=staff["organiser"])
    assert exc.value.code == "registration_paid"
    assert "take the payment back on the check-in page first" in exc.value.messages[0]
    assert Registration.objects.filter(pk=reg.pk).exists()
    assert AuditEntry.objects.count() == entries
    assert treasurer_sheet(tournament=field) == before
    services_fees.registration_unpay(user=staff["arbitre"], registration=reg)
    services.registration_delete(registration=reg, user=staff["organiser"])
    assert not Registration.objects.filter(pk=reg.pk).exists()
    sheet = treasurer_sheet(tournament=field)
    assert sheet.collected_cents == 9600 - 1200 and sheet.paid_count == 8


def test_a_paid_registration_deleted_from_its_page_is_refused_with_a_message(
    organiser_client, field
):
    reg = Registration.objects.get(tournament=field, number=1)
    delete = url("manage:registration_delete", field, number=1)
    response = organiser_client.post(delete)
    assert response.status_code == 302
    assert response["Location"] == url("manage:registration_edit", field, number=1)
    page = organiser_client.get(response["Location"]).content.decode()
    assert "has paid their entry fee: take the payment back on the check-in page first." in page
    reg.refresh_from_db()
    assert (reg.fee_category, reg.paid_cents) == ("licensed", 1200)


def test_who_never_played_is_not_due_worked_by_hand(tournament, staff):
    """Four registered at 10,00: one plays, one withdrawn before the first position, one
    stand-in, one withdrawn after the second (they played: they owe). Due: 2 × 10,00."""
    services_fees.fees_set(
        user=staff["organiser"], tournament=tournament, amounts={"licensed": 1000}
    )
    register(tournament, 1)
    register(tournament, 2, withdrawn_after_position=0)
    register(tournament, 3, stand_in=True)
    register(tournament, 4, withdrawn_after_position=2)
    sheet = treasurer_sheet(tournament=tournament)
    assert [row.number for row in sheet.unpaid] == [1, 4]
    assert sheet.due_cents == 2000
    assert (sheet.collected_cents, sheet.paid_count) == (0, 0)
