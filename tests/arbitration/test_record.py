"""A player's record, the penalty scale page, and the ledger check on the score-sheet
dashboard: contents, refusals, permissions, query count."""

import re

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from arbitration import decisions, services
from arbitration.models import IncidentKind, PenaltyScale, incident_kinds
from scoring.models import Mark
from tests.arbitration.conftest import seat
from tests.scoring.conftest import SAMPLE_BILANS
from tests.support import enter

pytestmark = pytest.mark.django_db
VISITORS = ["anonymous", "scorer", "arbitre", "organiser", "other_organiser"]


def record_url(registration):
    return reverse(
        "arbitration:record",
        kwargs={"slug": registration.tournament.slug, "number": registration.number},
    )


def scale_url(tournament):
    return reverse("arbitration:scale", kwargs={"slug": tournament.slug})


def dashboard_url(table):
    return reverse(
        "scoring:dashboard",
        kwargs={"slug": table.round.tournament.slug, "number": table.round.number},
    )


def log(table, user, **kwargs):
    if kwargs.get("kind") == "renonce":  # no sheet yet: the arbitre says the camp
        kwargs.setdefault("offender_defending", True)
    return services.incident_log(
        tournament=table.round.tournament, user=user, round=table.round, table=table, **kwargs
    )


def by_testid(html: str, name: str) -> str:
    return re.search(rf'data-testid="{name}"[^>]*>(.*?)<', html, re.S).group(1).strip()


# --- the record ----------------------------------------------------------------------------


def test_total_after_a_penalty(client, staff, table):
    arbitre = staff["arbitre"]
    enter(table, staff["scorer"])
    sud = seat(table, 2)
    incident = log(table, arbitre, kind=IncidentKind.CONDUCT, offender=sud, deal_number=4)
    services.decision_add(incident=incident, user=arbitre, kind="penalty", points=50,
                          note="Comments during the play")  # fmt: skip
    client.force_login(arbitre)
    html = client.get(record_url(sud)).content.decode()
    assert by_testid(html, "total") == str(SAMPLE_BILANS[2] - 50)
    assert "Comments during the play" in html and "in force" in html
    assert f"/incidents/{incident.pk}/" in html  # the incident, linked
    assert sud.player.last_name.upper() in html and sud.player.club.name in html
    sud.refresh_from_db()
    assert sud.fft_number and sud.fft_number in html


def test_cancelled_penalty_stays_listed_but_counts_no_more(client, staff, table):
    arbitre = staff["arbitre"]
    enter(table, staff["scorer"])
    nord = seat(table, 0)
    incident = log(table, arbitre, kind=IncidentKind.LATE_OR_SLOW, offender=nord)
    penalty = services.decision_add(
        incident=incident, user=arbitre, kind="penalty", points=30, note="x"
    )
    services.decision_undo(decision=penalty.decision, user=arbitre, reason="He was on time")
    client.force_login(arbitre)
    html = client.get(record_url(nord)).content.decode()
    assert by_testid(html, "total") == str(SAMPLE_BILANS[0])
    assert "cancelled" in html and "He was on time" in html and "undone" in html


def test_bans_and_incidents_called(client, staff, table):
    arbitre = staff["arbitre"]
    est, ouest = seat(table, 1), seat(table, 3)
    log(table, arbitre, kind=IncidentKind.RENONCE, offender=ouest, caller=est, deal_number=2,
        confirmed=True)  # fmt: skip
    log(table, arbitre, kind=IncidentKind.RENONCE, offender=ouest, deal_number=5, confirmed=True)
    client.force_login(arbitre)
    html = client.get(record_url(ouest)).content.decode()
    bans = html[html.index('data-testid="bans"') :]
    assert "first deal played" in bans  # the renonce on the last deal: next position
    assert re.search(r'<td class="num">1</td>\s*<td>3</td>', bans)  # position 1, deal 3
    assert html.count("automatic") >= 2
    caller = client.get(record_url(est)).content.decode()
    assert "called the arbitre" in caller and "Renonce" in caller
    assert 'data-testid="bans"' not in caller


def test_excluded_player_is_marked(client, staff, table):
    arbitre = staff["arbitre"]
    nord = seat(table, 0)
    incident = log(table, arbitre, kind=IncidentKind.CONDUCT, offender=nord)
    client.force_login(arbitre)
    assert 'data-testid="excluded"' not in client.get(record_url(nord)).content.decode()
    services.decision_add(incident=incident, user=arbitre, kind="exclusion", note="Insults")
    assert 'data-testid="excluded"' in client.get(record_url(nord)).content.decode()


def test_unknown_number_is_404(client, staff, table):
    client.force_login(staff["arbitre"])
    address = reverse(
        "arbitration:record", kwargs={"slug": table.round.tournament.slug, "number": 999}
    )
    assert client.get(address).status_code == 404


def record_queries(client, table, user, incidents: int) -> int:
    """Queries of the record of a player with ``incidents`` more incidents, each with a penalty
    (the first one cancelled), a warning undone and an automatic ban undone."""
    offender, caller = seat(table, 3), seat(table, 0)
    for n in range(incidents):
        incident = log(table, user, kind=IncidentKind.RENONCE, offender=offender, caller=caller,
                       deal_number=n % 4 + 1, confirmed=n < 4)  # fmt: skip
        penalty = services.decision_add(
            incident=incident, user=user, kind="penalty", points=10, note="x"
        )
        if n == 0:
            services.decision_undo(decision=penalty.decision, user=user, reason="too much")
        warning = services.decision_add(incident=incident, user=user, kind="warning").decision
        services.decision_undo(decision=warning, user=user, reason="by mistake")
        ban = incident.decisions.filter(kind="bid_ban").first()
        if ban is not None:
            services.decision_undo(decision=ban, user=user, reason="not a renonce")
    address = record_url(offender)
    client.get(address)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(address).status_code == 200
    return len(queries)


def test_record_query_count_does_not_grow_with_incidents(client, staff, table, round1):
    client.force_login(staff["arbitre"])
    few = record_queries(client, table, staff["arbitre"], 1)
    many = record_queries(client, table, staff["arbitre"], 6)
    # session, user, tournament, role, registration; 6 for the record (the deals the player
    # dealt, for a misdeal's ban); who made and who cancelled the penalties and bans: 2 each.
    assert few == many == 11


@pytest.mark.parametrize("visitor", VISITORS)
def test_record_permissions(client, staff, table, visitor):
    if visitor != "anonymous":
        client.force_login(staff[visitor])
    response = client.get(record_url(seat(table, 0)))
    if visitor == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    elif visitor in ("arbitre", "organiser"):
        assert response.status_code == 200
    else:
        assert response.status_code == 403


# --- the penalty scale ---------------------------------------------------------------------


def test_scale_saves_and_clears(organiser_client, tournament, organiser):
    PenaltyScale.objects.create(tournament=tournament, kind=IncidentKind.MISDEAL, points=10)
    html = organiser_client.get(scale_url(tournament)).content.decode()
    assert html.count('type="number"') == len(incident_kinds(tournament)) == 15  # libre types
    assert re.search(r'name="misdeal" value="10"', html)
    response = organiser_client.post(
        scale_url(tournament), {"renonce": "40", "conduct": " 15 ", "misdeal": ""}
    )
    assert response.status_code == 302
    scale = dict(PenaltyScale.objects.filter(tournament=tournament).values_list("kind", "points"))
    assert scale == {"renonce": 40, "conduct": 15}
    html = organiser_client.get(scale_url(tournament)).content.decode()
    assert re.search(r'name="renonce" value="40"', html)
    assert decisions.scale_points(tournament=tournament, kind="renonce") == 40


@pytest.mark.parametrize("typed", ["-5", "0", "abc", "1.5", "99999999999999999999", "1e3"])
def test_scale_refuses_bad_numbers_and_saves_nothing(organiser_client, tournament, typed):
    PenaltyScale.objects.create(tournament=tournament, kind=IncidentKind.MISDEAL, points=10)
    response = organiser_client.post(scale_url(tournament), {"renonce": typed, "misdeal": ""})
    assert response.status_code == 400
    html = response.content.decode()
    row = html[html.index('data-testid="scale-renonce"') :]
    row = row[: row.index("</tr>")]
    assert 'class="field-errors"' in row and 'aria-invalid="true"' in row
    assert list(PenaltyScale.objects.values_list("kind", "points")) == [("misdeal", 10)]


@pytest.mark.parametrize("visitor", VISITORS)
def test_scale_is_the_organisers(client, staff, tournament, visitor):
    if visitor != "anonymous":
        client.force_login(staff[visitor])
    for response in (
        client.get(scale_url(tournament)),
        client.post(scale_url(tournament), {"renonce": "5"}),
    ):
        if visitor == "anonymous":
            assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        elif visitor == "organiser":
            assert response.status_code in (200, 302)
        else:
            assert response.status_code == 403
    saved = PenaltyScale.objects.filter(tournament=tournament).exists()
    assert saved == (visitor == "organiser")


# --- the ledger check on the dashboard -----------------------------------------------------


def test_dashboard_reconciles_marks_and_penalties(client, staff, table):
    arbitre = staff["arbitre"]
    enter(table, staff["scorer"])
    incident = log(table, arbitre, kind=IncidentKind.CONDUCT, offender=seat(table, 1))
    services.decision_add(incident=incident, user=arbitre, kind="penalty", points=20, note="x")
    client.force_login(staff["scorer"])
    html = client.get(dashboard_url(table)).content.decode()
    for key in ("position", "tournament"):
        check = html[html.index(f'data-testid="reconciliation-{key}"') :]
        check = check[: check.index("</dd>")]
        assert 'class="ok-text"' in check
        assert "Marks sum to 0 ✓" in check
        assert "Penalties: 20 points; totals sum to -20" in check


def test_dashboard_flags_a_table_whose_marks_do_not_sum_to_zero(client, staff, table):
    enter(table, staff["scorer"])
    enter(table.round.tables.get(number=2), staff["scorer"])
    Mark.objects.filter(sheet__table=table, deal__number=3, seat=0).update(value=F("value") + 7)
    client.force_login(staff["scorer"])
    html = client.get(dashboard_url(table)).content.decode()
    position = html[html.index('data-testid="reconciliation-position"') :]
    position = position[: position.index("</dd>")]
    assert 'class="error-text"' in position
    assert "Marks sum to 7 ✗" in position
    assert 'data-testid="bad-table-1-1"' in position and "bad-table-1-2" not in position
    assert "(sum 7)" in position
    assert "totals sum to 7" in position
    tournament = html[html.index('data-testid="reconciliation-tournament"') :]
    assert "position 1 table 1" in tournament[: tournament.index("</dd>")]


def test_a_misdeal_ban_shows_on_the_record_of_who_dealt(client, staff, table):
    enter(table, staff["scorer"])  # in turn, Est dealt deal 4
    log(table, staff["arbitre"], kind=IncidentKind.MISDEAL, deal_number=4, confirmed=True)
    client.force_login(staff["arbitre"])
    east, north = seat(table, 1), seat(table, 0)
    html = client.get(record_url(east)).content.decode()
    bans = html[html.index('data-testid="bans"') :]
    assert "misdeal of deal 4" in bans and "dealt again" in bans
    assert 'data-testid="bans"' not in client.get(record_url(north)).content.decode()
