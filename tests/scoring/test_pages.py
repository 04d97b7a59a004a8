"""The score sheet pages: entry with its live preview, conflicts, confirmation, dashboard,
history, closing; every page against every kind of visitor; the dashboard's query count."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.formats.libre import services
from scoring.formats.libre.forms import read_entry
from scoring.models import ScoreSheet
from tests.scoring.conftest import SAMPLE, VISAS, seat_and_publish
from tests.support import table_url as url
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db
VISITORS = ["anonymous", "scorer", "arbitre", "organiser", "other_organiser"]
ALLOWED = {"scorer": {"scorer", "arbitre", "organiser"}, "arbitre": {"arbitre", "organiser"}}


def post_sheet(client, table, data, base="0", token="t1", **extra):
    return client.post(url("sheet", table), {**data, "base_version": base, "token": token, **extra})


PAGES = [
    ("dashboard", "get", "scorer", 200),
    ("open", "get", "scorer", 302),
    ("sheet", "get", "scorer", 200),
    ("preview", "post", "scorer", 200),
    ("history", "get", "scorer", 200),
    ("confirm", "post", "arbitre", 302),
    ("close", "post", "arbitre", 302),
    ("reopen", "post", "arbitre", 302),
]


@pytest.mark.parametrize("visitor", VISITORS)
@pytest.mark.parametrize(("name", "method", "minimum", "ok"), PAGES)
def test_permissions(client, staff, table, visitor, name, method, minimum, ok):
    if visitor != "anonymous":
        client.force_login(staff[visitor])
    response = getattr(client, method)(url(name, table))
    if visitor == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    elif visitor in ALLOWED[minimum]:
        assert response.status_code == ok
    else:
        assert response.status_code == 403


def test_sheet_page_knows_the_table(client, staff, table):
    client.force_login(staff["scorer"])
    html = client.get(url("sheet", table)).content.decode()
    for seat in table.seats.select_related("registration__player"):
        assert seat.registration.player.last_name in html
    assert html.count('name="d5-contract"') == 1 and 'name="d6-contract"' not in html
    assert "hx-post" in html and url("preview", table) in html


def test_preview_answers_marks_totals_and_errors_out_of_band(client, staff, table):
    client.force_login(staff["scorer"])
    data = {**SAMPLE, "d2-mark3": "229"}
    html = client.post(url("preview", table), data).content.decode()
    assert 'id="d1-shown1" hx-swap-oob="true">318<' in html
    error = re.search(r'id="err-d2-total"[^>]*>([^<]*)<', html).group(1)
    assert "add up to 1" in error
    assert 'data-testid="bilan-0">-370<' in html  # Nord without deal 2
    assert not ScoreSheet.objects.exists()


def test_a_refused_save_lists_its_errors_with_links_to_their_fields(client, staff, table):
    client.force_login(staff["scorer"])
    response = post_sheet(client, table, {**SAMPLE, "d2-mark3": "229", "d4-taker": ""})
    assert response.status_code == 400
    page = response.content.decode()
    summary = page[page.index('id="error-summary"') : page.index("</section>")]
    assert 'role="alert"' in summary and 'tabindex="-1"' in summary
    # In the page's order: deal 2's taker mark, its sum (under its marks), deal 4's taker.
    links = re.findall(r'<a href="#([^"]+)">([^<]+)</a>', summary)
    assert links == [
        ("d2-mark3", "Deal 2: mark of West"),
        ("d2-mark0", "Deal 2: marks"),
        ("d4-taker", "Deal 4: taker"),
    ]
    assert re.search(r"<title>3 errors — ", page)
    assert re.search(r'id="d4-taker" aria-describedby="err-d4-taker" aria-invalid="true"', page)
    assert not ScoreSheet.objects.exists()


def test_save_confirm_and_correct_through_the_pages(client, staff, table):
    client.force_login(staff["scorer"])
    response = post_sheet(client, table, {**SAMPLE, **VISAS})
    assert response.status_code == 302
    sheet = ScoreSheet.objects.get()
    assert sheet.entered_by == staff["scorer"]
    page = client.get(url("sheet", table)).content.decode()
    assert 'value="1746"' in page and 'name="visa3" checked' in page
    assert 'data-testid="confirm"' not in page  # scorers do not confirm
    client.force_login(staff["arbitre"])
    page = client.get(url("sheet", table)).content.decode()
    assert 'data-testid="confirm"' in page
    assert client.post(url("confirm", table), {"version": "1"}).status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == "confirmed"
    # A correction needs a reason, shown next to its field; the typed values stay.
    data = {**SAMPLE, **VISAS, "d1-mark1": "321", "d1-mark0": "-107", "d1-mark2": "-107",
            "d1-mark3": "-107"}  # fmt: skip
    response = post_sheet(client, table, data, base="1", token="t2")
    assert response.status_code == 400
    page = response.content.decode()
    assert "Say why this confirmed sheet is corrected." in page and 'value="321"' in page
    response = post_sheet(client, table, {**data, "reason": "E1 misread"}, base="1", token="t3")
    assert response.status_code == 302
    history = client.get(url("history", table)).content.decode()
    assert 'data-testid="version-2"' in history and 'data-testid="version-1"' in history
    assert "E1 misread" in history and 'class="changed"' in history


def test_invalid_sheet_shows_errors_next_to_fields_and_keeps_the_typing(client, staff, table):
    client.force_login(staff["scorer"])
    data = {**SAMPLE, "d2-mode": "facts", "d2-bouts": "3", "d2-points": "91", "d2-pab": ""}
    response = post_sheet(client, table, data)
    assert response.status_code == 400
    page = response.content.decode()
    error = re.search(r'id="err-d2-chelem"[^>]*>([^<]*)<', page).group(1)
    assert "record the chelem" in error
    assert 'name="d2-points" value="91"' in page
    assert not ScoreSheet.objects.exists()


def test_conflict_shows_the_other_version_and_keeps_mine(client, staff, table):
    services.scoresheet_save(
        table=table, user=staff["arbitre"], entry=read_entry({**SAMPLE}), base_version=0
    )
    client.force_login(staff["scorer"])
    mine = {**SAMPLE, "d1-mark1": "321", "d1-mark0": "-107", "d1-mark2": "-107",
            "d1-mark3": "-107"}  # fmt: skip
    response = post_sheet(client, table, mine, base="0")
    assert response.status_code == 409
    page = response.content.decode()
    assert 'data-testid="conflict"' in page and "arbitre saved version 1" in page
    assert 'value="321"' in page and 'name="base_version" value="1"' in page
    assert ScoreSheet.objects.count() == 1
    # Saving again from the conflict page is a deliberate choice: it goes through.
    assert post_sheet(client, table, mine, base="1", token="t9").status_code == 302
    assert ScoreSheet.objects.count() == 2


def test_double_submit_creates_one_version(client, staff, table):
    client.force_login(staff["scorer"])
    for _ in range(2):
        assert post_sheet(client, table, SAMPLE, token="same").status_code == 302
    assert ScoreSheet.objects.count() == 1
    assert AuditEntry.objects.filter(action__startswith="sheet.").count() == 1


def test_four_eyes_hides_and_refuses_self_confirmation(client, staff, table):
    client.force_login(staff["arbitre"])
    post_sheet(client, table, {**SAMPLE, **VISAS})
    page = client.get(url("sheet", table)).content.decode()
    assert 'data-testid="confirm"' not in page and "four-eyes" in page
    response = client.post(url("confirm", table), {"version": "1"}, follow=True)
    assert "another arbitre must confirm" in response.content.decode()
    assert not ScoreSheet.objects.filter(status="confirmed").exists()


def test_open_by_table_number(client, staff, table):
    client.force_login(staff["scorer"])
    response = client.get(url("open", table), {"table": "2"})
    assert response["Location"].endswith("/sheets/2/")
    response = client.get(url("open", table), {"table": "99"}, follow=True)
    assert "has no table 99" in response.content.decode()


def test_dashboard_statuses_and_closing(client, staff, round1):
    t1, t2 = round1.tables.order_by("number")
    services.scoresheet_save(
        table=t1, user=staff["scorer"], entry=read_entry({**SAMPLE, **VISAS}), base_version=0
    )
    client.force_login(staff["arbitre"])
    page = client.get(url("dashboard", t1)).content.decode()
    assert 'data-testid="count-entered">1<' in page and 'data-testid="count-missing">1<' in page
    response = client.post(url("close", t1), follow=True)
    assert "not confirmed" in response.content.decode()
    for t in (t1, t2):
        if t == t2:
            services.scoresheet_save(
                table=t2,
                user=staff["scorer"],
                entry=read_entry({**SAMPLE, **VISAS}),
                base_version=0,
            )
        client.post(url("confirm", t), {"version": "1"})
    page = client.get(url("dashboard", t1)).content.decode()
    assert 'data-testid="count-confirmed">2<' in page and 'data-testid="close-round"' in page
    client.post(url("close", t1))
    round1.refresh_from_db()
    assert round1.is_closed
    client.post(url("reopen", t1), {"reason": ""})
    round1.refresh_from_db()
    assert round1.is_closed
    client.post(url("reopen", t1), {"reason": "wrong table 2"})
    round1.refresh_from_db()
    assert not round1.is_closed


def test_flagged_sheet_shows_on_the_dashboard(client, staff, table):
    data = {**SAMPLE, "d1-mark1": "321", "d1-mark0": "-107", "d1-mark2": "-107",
            "d1-mark3": "-107"}  # fmt: skip
    sheet = services.scoresheet_save(
        table=table, user=staff["scorer"], entry=read_entry(data), base_version=0
    )
    assert sheet.warnings and sheet.warnings[0]["code"] == "amount_unreachable"
    client.force_login(staff["scorer"])
    page = client.get(url("dashboard", table)).content.decode()
    assert 'data-testid="count-flagged">1<' in page
    page = client.get(url("sheet", table)).content.decode()
    assert "cannot come from a Garde" in page


def dashboard_queries(client, organiser, players: int) -> int:
    """SQL queries of the dashboard of a position of ``players``, every sheet entered."""
    from tests.factories import TournamentFactory

    tournament = TournamentFactory()
    round_ = seat_and_publish(tournament, organiser, players)
    for table in round_.tables.all():
        services.scoresheet_save(
            table=table, user=organiser, entry=read_entry({**SAMPLE, **VISAS}), base_version=0
        )
    address = url("dashboard", round_.tables.first())
    client.get(address)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(address).status_code == 200
    return len(queries)


def test_dashboard_query_count_does_not_grow_with_the_field(client, django_user_model):
    organiser = django_user_model.objects.create(username="boss", is_superuser=True)
    client.force_login(organiser)
    small = dashboard_queries(client, organiser, 8)
    assert dashboard_queries(client, organiser, 80) == small
    # The sheets, the seats, the ledger check of position and tournament, the bid bans.
    assert small <= 15


def selected(html: str, name: str) -> str | None:
    """The value selected in the select named ``name``."""
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S)
    found = re.search(r'<option value="([^"]*)" selected>', select.group(1)) if select else None
    return found.group(1) if found else None


def test_table_of_five_shows_who_sits_out(client, staff, tournament):
    tournament.remainder = "5"
    tournament.save()
    round_ = seat_and_publish(tournament, staff["organiser"], 9)  # a table of 4, one of 5
    table5 = round_.tables.get(size=5)
    client.force_login(staff["scorer"])
    page = client.get(url("sheet", table5)).content.decode()
    assert page.count("sits out") >= 5 and "the dealer sits out each deal" in page
    assert 'class="sheet-grid dealer-sits-out"' in page
    # Nord deals the first deal and sits it out, then the deal passes to the right.
    assert [selected(page, f"d{n}-dealer") for n in range(1, 6)] == ["0", "4", "3", "2", "1"]
    data = {"d1-contract": "garde", "d1-taker": "0", "d1-mark1": "3"}
    html = client.post(url("preview", table5), data).content.decode()
    assert "cannot take" in re.search(r'id="err-d1-taker"[^>]*>([^<]*)<', html).group(1)


@pytest.mark.parametrize("name", ["sheet", "preview"])
def test_hostile_posts_never_fail(client, staff, table, name):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    client.force_login(staff["scorer"])
    keys = st.sampled_from(
        [f"d{n}-{f}" for n in (1, 2, 7) for f in ("mode", "contract", "taker", "partner",
         "bouts", "points", "pab", "chelem", "chelem_announced", "mark0", "mark3", "poignee1")]
        + ["visa0", "visa9", "short_reason", "reason", "base_version", "token", "confirm"]
    )  # fmt: skip
    values = st.one_of(
        st.text(max_size=30),
        st.sampled_from(["0", "-1", "99999999999", "1e9", "NaN", "sNaN", "-inf", "1E+999999"]),
    )

    @settings(
        max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
    )
    @given(st.dictionaries(keys, values, max_size=12))
    def run(data):
        response = client.post(url(name, table), data)
        assert response.status_code in (200, 302, 400, 409)

    run()


def test_the_dealers_typed_are_kept(client, staff, tournament):
    tournament.remainder = "5"
    tournament.save()
    round_ = seat_and_publish(tournament, staff["organiser"], 9)
    table5 = round_.tables.get(size=5)
    client.force_login(staff["scorer"])
    data = {"d1-dealer": "3", "d1-contract": "garde", "d1-taker": "0",
            "d1-mark0": "-180", "d1-mark1": "60", "d1-mark2": "60", "d1-mark4": "60",
            "short_reason": "time"}  # fmt: skip
    assert post_sheet(client, table5, data).status_code == 302
    deal = ScoreSheet.objects.get().deals.get()
    seats = dict(table5.seats.values_list("number", "registration_id"))
    assert deal.dealer_id == deal.sitting_out_id == seats[3]
    html = client.get(url("sheet", table5)).content.decode()
    assert [selected(html, f"d{n}-dealer") for n in (1, 2, 3)] == ["3", "2", "1"]


NOT_A_COUNT = {
    "NaN": "NaN is not a number of points.",
    "nan": "nan is not a number of points.",
    "sNaN": "sNaN is not a number of points.",
    "-sNaN": "-sNaN is not a number of points.",
    "Infinity": "Infinity is not a number of points.",
    "-inf": "-inf is not a number of points.",
    "1E+999999": "Points are between 0 and 91.",
    "1e-999999": "Points go by halves",
}


@pytest.mark.parametrize(("typed", "message"), NOT_A_COUNT.items())
def test_a_count_that_is_no_number_is_refused_next_to_the_field(
    client, staff, table, typed, message
):
    """Decimal() reads NaN and Infinity: the save and the preview answered 500."""
    client.force_login(staff["scorer"])
    data = {**SAMPLE, **VISAS, "d2-mode": "facts", "d2-bouts": "2", "d2-points": typed}
    response = post_sheet(client, table, data)
    assert response.status_code == 400
    error = re.search(r'id="err-d2-points"[^>]*>([^<]*)<', response.content.decode()).group(1)
    assert message in error
    assert not ScoreSheet.objects.exists()
    html = client.post(url("preview", table), data).content.decode()
    assert message in re.search(r'id="err-d2-points"[^>]*>([^<]*)<', html).group(1)


def test_a_correction_with_an_invisible_reason_is_refused_next_to_the_reason(client, staff, table):
    """Zero-width spaces look like an empty box and were accepted as the reason."""
    services.scoresheet_confirm(
        sheet=services.scoresheet_save(
            table=table, user=staff["scorer"], entry=read_entry({**SAMPLE, **VISAS}), base_version=0
        ),
        user=staff["arbitre"],
    )
    client.force_login(staff["arbitre"])
    data = {**SAMPLE, **VISAS, "d3-mark0": "-42", "d3-mark2": "126", "d3-mark1": "-42",
            "d3-mark3": "-42", "d3-taker": "2"}  # fmt: skip
    data["reason"] = "\u200b\u200c\u200d\u2060\ufeff"
    response = post_sheet(client, table, data, base="1")
    assert response.status_code == 400
    error = re.search(r'id="err-reason"[^>]*>([^<]*)<', response.content.decode()).group(1)
    assert error == "Say why this confirmed sheet is corrected."
    assert ScoreSheet.objects.get().version == 1


def test_saving_the_sheet_unchanged_says_so_and_keeps_its_version(client, staff, table):
    client.force_login(staff["scorer"])
    post_sheet(client, table, {**SAMPLE, **VISAS}, base="0")
    # Opened again (another form, another token) and saved without a change.
    response = post_sheet(client, table, {**SAMPLE, **VISAS}, base="1", token="t2")
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "nothing changed, no new version" in page
    assert ScoreSheet.objects.get().version == 1


def test_a_sheet_without_visas_is_flagged_and_its_confirmer_records_them(client, staff, table):
    """Saved with no visa: a warning, "visas missing" on the dashboard; the confirming arbitre
    ticks the initials seen on the paper in the confirmation box and stays the confirmer,
    the scorer the author of the marks (four-eyes holds)."""
    client.force_login(staff["scorer"])
    response = post_sheet(client, table, {**SAMPLE, "visa0": "on"}, base="0")
    page = client.get(response["Location"]).content.decode()
    assert "Visas missing: East, South, West" in page
    board = client.get(url("dashboard", table)).content.decode()
    assert 'data-testid="visas-missing"' in board
    client.force_login(staff["arbitre"])
    sheet_page = client.get(url("sheet", table)).content.decode()
    assert 'data-testid="confirm-visas"' in sheet_page and 'name="visa1"' in sheet_page
    refused = client.post(url("confirm", table), {"version": "1", "visa1": "on"}, follow=True)
    assert "Visas missing: South, West" in refused.content.decode()
    assert ScoreSheet.objects.get().status == "entered"
    client.post(
        url("confirm", table), {"version": "1", "visa1": "on", "visa2": "on", "visa3": "on"}
    )
    sheet = ScoreSheet.objects.get()
    assert (sheet.status, sheet.visas, sheet.version) == ("confirmed", [0, 1, 2, 3], 1)
    assert (sheet.entered_by, sheet.confirmed_by) == (staff["scorer"], staff["arbitre"])
    board = client.get(url("dashboard", table)).content.decode()
    assert 'data-testid="visas-missing"' not in board


def test_stored_points_show_as_the_reader_writes_them(client, staff, tournament):
    """A deal entered as facts with 40.5 points is edited as "40,5" in French."""
    tournament.deals_table_3 = 1
    tournament.save()
    round_ = seat_and_publish(tournament, staff["organiser"], 3)  # one table of 3
    table = round_.tables.get()
    services.scoresheet_save(
        table=table, user=staff["scorer"], base_version=0,
        entry=read_entry({"d1-mode": "facts", "d1-contract": "prise", "d1-taker": "0",
                          "d1-bouts": "2", "d1-points": "40,5"}),
    )  # fmt: skip
    client.force_login(staff["scorer"])
    page = client.get(url("sheet", table), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'value="40,5"' in page
    page = client.get(url("sheet", table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'value="40.5"' in page
