"""The arbitration pages: the incident log and its filters, logging an incident from a tablet,
one incident with its decisions, undoing, the second warning's prompt; every page against every
kind of visitor; hostile input; the log's query count."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from arbitration import services
from arbitration.models import Decision, Incident, PenaltyScale
from scoring.formats.libre import services as sheets
from scoring.models import BidBan, Mark, Penalty, ScoreSheet
from tests.arbitration.conftest import seat
from tests.factories import RegistrationFactory, StaffRoleFactory, TournamentFactory
from tests.scoring.conftest import seat_and_publish
from tests.support import enter, urls_of
from tournaments.models import AuditEntry, StaffRole

pytestmark = pytest.mark.django_db
url = urls_of("arbitration")
VISITORS = ["anonymous", "scorer", "arbitre", "organiser", "other_organiser"]


def log(table, user, **kwargs):
    kwargs.setdefault("kind", "conduct")
    if kwargs.get("kind") == "renonce":  # no sheet yet: the arbitre says the camp
        kwargs.setdefault("offender_defending", True)
    return services.incident_log(
        tournament=table.round.tournament, user=user, round=table.round, table=table, **kwargs
    )


def enter_and_confirm(table, staff):
    return sheets.scoresheet_confirm(sheet=enter(table, staff["scorer"]), user=staff["organiser"])


def page(client, incident, **params):
    address = url("incident", incident.tournament, pk=incident.pk)
    return client.get(address, params).content.decode()


@pytest.fixture
def incident(table, staff):
    return log(table, staff["arbitre"], offender=seat(table, 1), deal_number=1)


@pytest.fixture
def arbitre_client(client, staff):
    client.force_login(staff["arbitre"])
    return client


def written() -> tuple[int, ...]:
    return (
        Incident.objects.count(),
        Decision.objects.count(),
        Penalty.objects.count(),
        BidBan.objects.count(),
        ScoreSheet.objects.count(),
        AuditEntry.objects.count(),
    )


# ---------------------------------------------------------------- permissions

PAGES = [
    ("log", "get", False, {}, 200),
    ("new", "get", False, {}, 200),
    ("incident", "get", True, {}, 200),
    ("confirm", "post", True, {}, 302),
    ("decide", "post", True, {"kind": "warning"}, 302),
    ("undo", "post", True, {"reason": "mistake"}, 302),
    ("status", "post", True, {"status": "closed"}, 302),
]


@pytest.mark.parametrize("visitor", VISITORS)
@pytest.mark.parametrize(("name", "method", "on_incident", "data", "ok"), PAGES)
def test_permissions(client, staff, incident, visitor, name, method, on_incident, data, ok):
    tournament = incident.tournament
    kwargs = {"pk": incident.pk} if on_incident else {}
    if name == "undo":
        warning = services.decision_add(incident=incident, user=staff["arbitre"], kind="warning")
        kwargs["decision"] = warning.decision.pk
    if visitor != "anonymous":
        client.force_login(staff[visitor])
    before = written()
    response = getattr(client, method)(url(name, tournament, **kwargs), data)
    if visitor == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    elif visitor in ("arbitre", "organiser"):
        assert response.status_code == ok
    else:
        assert response.status_code == 403
    if visitor not in ("arbitre", "organiser"):
        assert written() == before


@pytest.mark.parametrize("name", ["confirm", "decide", "status"])
def test_post_only_addresses_refuse_get(arbitre_client, incident, name):
    response = arbitre_client.get(url(name, incident.tournament, pk=incident.pk))
    assert response.status_code == 405


def test_links_from_the_sheets_and_the_nav(arbitre_client, table, staff):
    tournament = table.round.tournament
    new = url("new", tournament)
    sheet = reverse("scoring:sheet", args=[tournament.slug, 1, 1])
    html = arbitre_client.get(sheet).content.decode()
    assert f"{new}?position=1&amp;table=1" in html and url("log", tournament) in html
    dashboard = reverse("scoring:dashboard", args=[tournament.slug, 1])
    html = arbitre_client.get(dashboard).content.decode()
    assert f"{new}?position=1&amp;table=2" in html
    arbitre_client.force_login(staff["scorer"])
    assert new not in arbitre_client.get(sheet).content.decode()


# ---------------------------------------------------------------- logging an incident


def test_new_incident_offers_the_tables_players(arbitre_client, table):
    tournament = table.round.tournament
    response = arbitre_client.get(url("new", tournament), {"position": "1", "table": "1"})
    form = response.context["form"]
    seated = [s.registration for s in table.seats.order_by("number")]
    assert list(form.fields["offender"].queryset) == seated
    assert list(form.fields["caller"].queryset) == seated
    north = seated[0]
    html = response.content.decode()
    assert f">North · {north.player} ({north.number})</option>" in html
    assert form["round"].value() == 1 and form["table"].value() == 1
    assert form["confirmed"].value() and form["offender_defending"].value() == ""  # the sheet's
    # Without a table: the whole field, and the latest published position.
    form = arbitre_client.get(url("new", tournament)).context["form"]
    assert form.fields["offender"].queryset.count() == 8
    assert form["round"].value() == 1 and "contests_sheet" not in form.fields


def test_log_a_renonce_from_the_page_bans_the_next_deal(arbitre_client, table):
    tournament = table.round.tournament
    west = seat(table, 3)
    data = {
        "round": "1",
        "table": "1",
        "deal_number": "2",
        "kind": "renonce",
        "offender": west.pk,
        "caller": seat(table, 0).pk,
        "offender_defending": "on",
        "confirmed": "on",
        "description": "Did not follow hearts.",
        "called_at": "",
    }
    response = arbitre_client.post(url("new", tournament), data, follow=True)
    incident = Incident.objects.get()
    assert response.redirect_chain[-1][0] == url("incident", tournament, pk=incident.pk)
    html = response.content.decode()
    assert f"{west.player} may not bid on deal 3 of position 1." in html
    assert incident.confirmed and incident.table == table and incident.arbitre.username == "arbitre"
    assert BidBan.objects.get().deal_number == 3
    assert "Did not follow hearts." in html and 'data-testid="confirmed"' in html


def test_unconfirmed_fault_then_confirm_from_the_page(arbitre_client, table):
    tournament = table.round.tournament
    called = timezone.localtime() - datetime.timedelta(hours=2)
    data = {
        "round": "1",
        "table": "1",
        "deal_number": "4",
        "kind": "misdeal",
        "offender": seat(table, 2).pk,
        "called_at": called.strftime("%Y-%m-%dT%H:%M"),
    }
    arbitre_client.post(url("new", tournament), data)
    incident = Incident.objects.get()
    assert not incident.confirmed and not BidBan.objects.exists()
    assert incident.called_at == called.replace(second=0, microsecond=0)  # typed in local time
    assert 'data-testid="confirm"' in page(arbitre_client, incident)
    response = arbitre_client.post(url("confirm", tournament, pk=incident.pk), follow=True)
    html = response.content.decode()
    assert "Whoever dealt deal 4 at table 1 may not bid on it, dealt again." in html
    incident.refresh_from_db()
    assert incident.confirmed and BidBan.objects.count() == 1
    assert BidBan.objects.get().registration is None  # not the player named: the dealer
    response = arbitre_client.post(url("confirm", tournament, pk=incident.pk), follow=True)
    assert "already confirmed" in response.content.decode() and BidBan.objects.count() == 1


def test_service_errors_show_next_to_the_fields(arbitre_client, table):
    tournament = table.round.tournament
    data = {"round": "1", "table": "1", "kind": "renonce", "deal_number": "9"}
    response = arbitre_client.post(url("new", tournament), data)
    assert response.status_code == 400
    assert "numbered 1 to 5" in str(response.context["form"].errors["deal_number"])
    data = {"round": "1", "table": "7", "kind": "conduct"}
    response = arbitre_client.post(url("new", tournament), data)
    assert "Position 1 has no table 7." in str(response.context["form"].errors["table"])
    response = arbitre_client.post(url("new", tournament), {"round": "1", "kind": "protest"})
    assert "Say which incident" in str(response.context["form"].errors["contests"])
    assert not Incident.objects.exists()


def test_protest_through_the_page(arbitre_client, incident, table):
    tournament = incident.tournament
    form = arbitre_client.get(
        url("new", tournament),
        {"position": "1", "table": "1", "kind": "protest", "contests": str(incident.pk)},
    ).context["form"]
    assert form["kind"].value() == "protest" and form["contests"].value() == incident.pk
    data = {"round": "1", "table": "1", "kind": "protest", "contests": incident.pk,
            "late": "on", "caller": seat(table, 2).pk}  # fmt: skip
    response = arbitre_client.post(url("new", tournament), data, follow=True)
    protest = Incident.objects.get(kind="protest")
    assert protest.late and protest.contests == incident and protest.status == "refused"
    html = response.content.decode()
    assert 'data-testid="late"' in html and 'data-testid="refused"' in html
    assert "recorded and refused under the rules" in html
    # Refused: no way to confirm it or decide on it, and the decision it contests stands.
    assert 'data-testid="decision-form"' not in html and 'data-testid="confirm"' not in html
    incident.refresh_from_db()
    assert incident.status != "protested"
    html = page(arbitre_client, incident)
    assert url("incident", tournament, pk=protest.pk) in html and 'data-testid="protests"' in html
    decided = arbitre_client.post(
        url("decide", tournament, pk=protest.pk), {"kind": "warning"}, follow=True
    )
    assert not protest.decisions.exists()
    assert "A late protest is refused under the rules" in decided.content.decode()
    # A protest in time marks the decision protested.
    data.pop("late")
    arbitre_client.post(url("new", tournament), data)
    incident.refresh_from_db()
    assert incident.status == "protested"


def test_a_contested_incident_is_ignored_unless_it_is_a_protest(arbitre_client, incident):
    data = {"round": "1", "kind": "conduct", "contests": incident.pk, "late": "on"}
    arbitre_client.post(url("new", incident.tournament), data)
    logged = Incident.objects.get(kind="conduct", table=None)
    assert logged.contests is None and not logged.late
    incident.refresh_from_db()
    assert incident.status == "open"


# ---------------------------------------------------------------- decisions


def decide(client, incident, **data):
    return client.post(url("decide", incident.tournament, pk=incident.pk), data)


def test_each_decision_through_the_page(arbitre_client, incident, table, staff):
    enter_and_confirm(table, staff)
    tournament = incident.tournament
    PenaltyScale.objects.create(tournament=tournament, kind="conduct", points=50)
    east = seat(table, 1)
    assert page(arbitre_client, incident).count('name="points" value="50"') == 1
    assert decide(arbitre_client, incident, kind="warning").status_code == 302
    assert decide(arbitre_client, incident, kind="penalty", points="").status_code == 302
    response = decide(arbitre_client, incident, kind="penalty", points="80")
    assert response.status_code == 400
    assert "say why you take 80" in str(response.context["decision_form"].errors["note"])
    decide(arbitre_client, incident, kind="penalty", points="80", note="repeated")
    decide(arbitre_client, incident, kind="bid_ban", player=seat(table, 0).pk, position="2")
    decide(arbitre_client, incident, kind="deal_annulled", deal_number="1")
    response = decide(arbitre_client, incident, kind="adjusted_marks", deal_number="2",
                      mark0="30", mark1="-10", mark2="-10", mark3="-10")  # fmt: skip
    assert response.status_code == 302
    decide(arbitre_client, incident, kind="exclusion")
    kinds = list(incident.decisions.values_list("kind", "registration", "points"))
    assert kinds == [
        ("warning", east.pk, None),
        ("penalty", east.pk, 50),
        ("penalty", east.pk, 80),
        ("bid_ban", seat(table, 0).pk, None),
        ("deal_annulled", None, None),
        ("adjusted_marks", None, None),
        ("exclusion", east.pk, None),
    ]
    ban = BidBan.objects.get()
    assert (ban.position, ban.deal_number, ban.registration) == (2, None, seat(table, 0))
    assert sorted(Penalty.objects.values_list("points", flat=True)) == [50, 80]
    latest = ScoreSheet.objects.filter(table=table).order_by("-version").first()
    marks = Mark.objects.filter(deal__sheet=latest, deal__number=2).order_by("seat")
    assert latest.version == 3 and list(marks.values_list("value", flat=True)) == [
        30,
        -10,
        -10,
        -10,
    ]
    east.refresh_from_db()
    assert east.excluded
    html = page(arbitre_client, incident)
    assert "position 2, first deal played" in html and "scale: 50" in html
    assert "North 30" in html and "after position 1" in html


def test_adjusted_marks_need_one_mark_per_seat(arbitre_client, incident, table, staff):
    enter_and_confirm(table, staff)
    response = decide(arbitre_client, incident, kind="adjusted_marks", deal_number="2",
                      mark0="30", mark1="-30")  # fmt: skip
    assert response.status_code == 400
    assert "mark2" in response.context["decision_form"].errors
    assert 'value="30"' in response.content.decode()  # the typing stays
    response = decide(arbitre_client, incident, kind="adjusted_marks", deal_number="2",
                      mark0="30", mark1="-30", mark2="1", mark3="0")  # fmt: skip
    assert response.status_code == 400 and not Decision.objects.exists()
    assert ScoreSheet.objects.count() == 1


def test_deal_decisions_without_a_sheet_say_so(arbitre_client, incident):
    response = decide(arbitre_client, incident, kind="deal_annulled", deal_number="1")
    assert response.status_code == 400
    assert "no score sheet yet" in response.content.decode() and not Decision.objects.exists()


def test_undo_refuses_an_invisible_reason(arbitre_client, incident, staff):
    penalty = services.decision_add(
        incident=incident, user=staff["arbitre"], kind="penalty", points=20, note="noise"
    ).decision
    address = url("undo", incident.tournament, pk=incident.pk, decision=penalty.pk)
    for reason in ["\u200b", "\ufeff\u2060", "\u0301", "..."]:
        response = arbitre_client.post(address, {"reason": reason}, follow=True)
        assert "Say why the decision is undone." in response.content.decode()
    penalty.refresh_from_db()
    assert penalty.is_active and penalty.penalty.cancelled_at is None


def test_undo_needs_a_reason(arbitre_client, incident, staff):
    penalty = services.decision_add(
        incident=incident, user=staff["arbitre"], kind="penalty", points=20, note="noise"
    ).decision
    address = url("undo", incident.tournament, pk=incident.pk, decision=penalty.pk)
    response = arbitre_client.post(address, {"reason": "  "}, follow=True)
    assert "Say why the decision is undone." in response.content.decode()
    penalty.refresh_from_db()
    assert penalty.is_active and penalty.penalty.cancelled_at is None
    response = arbitre_client.post(address, {"reason": "wrong player"}, follow=True)
    penalty.refresh_from_db()
    assert not penalty.is_active and penalty.undo_reason == "wrong player"
    assert penalty.penalty.cancelled_at is not None
    html = response.content.decode()
    assert f'data-testid="undo-note-{penalty.pk}"' in html and "wrong player" in html
    assert f'data-testid="undo-{penalty.pk}"' not in html and "<s>Penalty</s>" in html
    response = arbitre_client.post(address, {"reason": "again"}, follow=True)
    assert "already undone" in response.content.decode()


def test_undo_an_automatic_ban_from_the_page(arbitre_client, table, staff):
    incident = log(table, staff["arbitre"], kind="renonce", offender=seat(table, 3),
                   deal_number=2, confirmed=True)  # fmt: skip
    ban = incident.decisions.get()
    assert "automatic" in page(arbitre_client, incident)
    address = url("undo", incident.tournament, pk=incident.pk, decision=ban.pk)
    arbitre_client.post(address, {"reason": "the card was seen"})
    ban.bid_ban.refresh_from_db()
    assert ban.bid_ban.cancel_reason == "the card was seen"


def test_status_change(arbitre_client, incident):
    address = url("status", incident.tournament, pk=incident.pk)
    response = arbitre_client.post(address, {"status": "closed"}, follow=True)
    incident.refresh_from_db()
    assert incident.status == "closed" and "Status: Closed." in response.content.decode()
    response = arbitre_client.post(address, {"status": "nonsense"}, follow=True)
    incident.refresh_from_db()
    assert incident.status == "closed" and "Choose a status." in response.content.decode()
    html = page(arbitre_client, incident)
    assert "Status changed — Open → Closed" in html


def test_second_warning_prompts_for_the_scale_without_applying_it(arbitre_client, table, staff):
    tournament = table.round.tournament
    PenaltyScale.objects.create(tournament=tournament, kind="late_or_slow", points=20)
    north = seat(table, 0)
    first = log(table, staff["arbitre"], kind="late_or_slow", offender=north)
    second = log(table, staff["arbitre"], kind="late_or_slow", offender=north)
    response = decide(arbitre_client, first, kind="warning")
    assert "second_warning" not in response["Location"]
    response = decide(arbitre_client, second, kind="warning")
    warning = second.decisions.get()
    assert response["Location"].endswith(f"?second_warning={warning.pk}#second-warning")
    html = arbitre_client.get(response["Location"]).content.decode()
    assert f"Second warning to {north.player} in this tournament" in html
    assert "The scale proposes 20 points." in html and 'data-testid="apply-penalty"' in html
    assert 'id="sw-points"' in html and 'value="20"' in html
    assert not Penalty.objects.exists()
    data = {"kind": "penalty", "player": north.pk, "points": "20", "note": "Second warning"}
    assert decide(arbitre_client, second, **data).status_code == 302
    assert Penalty.objects.get().points == 20
    # Once a warning is undone, an old link no longer prompts.
    services.decision_undo(decision=warning, user=staff["arbitre"], reason="not slow")
    assert 'data-testid="second-warning"' not in page(
        arbitre_client, second, second_warning=warning.pk
    )


def test_second_warning_without_a_scale(arbitre_client, table, staff):
    east = seat(table, 1)
    for _ in range(2):
        incident = log(table, staff["arbitre"], kind="conduct", offender=east)
        response = decide(arbitre_client, incident, kind="warning")
    html = arbitre_client.get(response["Location"]).content.decode()
    assert "The scale has no amount for this type" in html
    assert not Penalty.objects.exists()


# ---------------------------------------------------------------- hostile input


@pytest.fixture
def elsewhere(staff):
    """Another tournament, seated, with an incident and a decision."""
    other = TournamentFactory(positions=2)
    round_ = seat_and_publish(other, staff["other_organiser"], 4)
    table = round_.tables.get()
    user = staff["other_organiser"]
    StaffRole.objects.get_or_create(tournament=other, user=user, defaults={"role": "organiser"})
    incident = log(table, user, offender=seat(table, 0))
    decision = services.decision_add(incident=incident, user=user, kind="warning").decision
    return {"tournament": other, "table": table, "incident": incident, "decision": decision}


def test_ids_of_another_tournament_are_refused(arbitre_client, incident, table, elsewhere):
    tournament = incident.tournament
    stranger = seat(elsewhere["table"], 0)
    before = written()
    posts = [
        {"round": "1", "kind": "conduct", "offender": stranger.pk},
        {"round": "1", "table": "1", "kind": "conduct", "caller": stranger.pk},
        {"round": "1", "kind": "protest", "contests": elsewhere["incident"].pk},
        {"round": "3", "kind": "conduct"},
        {"round": str(elsewhere["table"].round.pk), "table": "1", "kind": "conduct"},
    ]
    for data in posts:
        response = arbitre_client.post(url("new", tournament), data)
        assert response.status_code == 400, data
    response = decide(arbitre_client, incident, kind="warning", player=stranger.pk)
    assert response.status_code == 400 and "player" in response.context["decision_form"].errors
    assert written() == before
    other_incident, other_decision = elsewhere["incident"], elsewhere["decision"]
    for name, kwargs in [
        ("incident", {"pk": other_incident.pk}),
        ("confirm", {"pk": other_incident.pk}),
        ("decide", {"pk": other_incident.pk}),
        ("status", {"pk": other_incident.pk}),
        ("undo", {"pk": incident.pk, "decision": other_decision.pk}),
        ("undo", {"pk": other_incident.pk, "decision": other_decision.pk}),
    ]:
        method = arbitre_client.get if name == "incident" else arbitre_client.post
        response = method(url(name, tournament, **kwargs), {"kind": "warning", "reason": "x"})
        assert response.status_code == 404, name
    other_decision.refresh_from_db()
    assert other_decision.is_active and written() == before


GARBAGE = ["", "0", "-1", "99999999999999999999", "1e9", "abc", "\x00", "<script>", "ß" * 500,
           "1.5", " 1 ", "0001-01-01T00:00", "9999-12-31T23:59", "on", "None"]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "fields"),
    [
        ("new", ["round", "table", "deal_number", "kind", "offender", "caller", "description",
                 "contests", "contests_sheet", "called_at", "late", "confirmed"]),
        ("decide", ["kind", "player", "points", "note", "position", "deal_number", "mark0",
                    "mark3", "mark9"]),
    ],
)  # fmt: skip
def test_garbage_never_fails_and_writes_nothing(arbitre_client, incident, name, fields):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    kwargs = {"pk": incident.pk} if name == "decide" else {}
    address = url(name, incident.tournament, **kwargs)
    before = written()
    values = st.one_of(st.sampled_from(GARBAGE), st.text(max_size=20))

    @settings(
        max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
    )
    @given(st.dictionaries(st.sampled_from(fields), values, max_size=8))
    def run(data):
        assert arbitre_client.post(address, data).status_code == 400

    run()
    for value in GARBAGE:  # every field at once with the same nonsense
        assert arbitre_client.post(address, dict.fromkeys(fields, value)).status_code == 400
    assert written() == before


NOT_FINITE = ["NaN", "nan", "sNaN", "Infinity", "-inf", "1E+999999", "1e-999999"]


@pytest.mark.parametrize("value", NOT_FINITE)
@pytest.mark.parametrize(
    ("kind", "field"),
    [("penalty", "points"), ("bid_ban", "position"), ("bid_ban", "deal_number"),
     ("deal_annulled", "deal_number"), ("adjusted_marks", "mark0"), ("adjusted_marks", "mark3")],
)  # fmt: skip
def test_a_number_field_refuses_nan_and_infinity_next_to_it(
    arbitre_client, incident, kind, field, value
):
    """What Decimal() reads as a number (NaN, Infinity, huge exponents) is no whole number."""
    before = written()
    data = {"kind": kind, "points": "10", "note": "scale", "position": "1", "deal_number": "1",
            "mark0": "10", "mark1": "-10", "mark2": "0", "mark3": "0", field: value}  # fmt: skip
    response = decide(arbitre_client, incident, **data)
    assert response.status_code == 400
    assert field in response.context["decision_form"].errors
    assert written() == before


@pytest.mark.parametrize("value", NOT_FINITE)
def test_the_penalty_scale_refuses_nan_and_infinity(client, staff, incident, value):
    client.force_login(staff["organiser"])
    response = client.post(url("scale", incident.tournament), {"conduct": value})
    assert response.status_code in (200, 400)
    assert "conduct" in response.context["form"].errors
    assert not PenaltyScale.objects.exists()


def test_garbage_in_the_addresses(arbitre_client, incident):
    tournament = incident.tournament
    for params in [{"position": "x", "table": "-3", "deal": "999999999999"},
                   {"position": "99999999999999999999", "table": "1", "contests": "abc"},
                   {"kind": "<b>", "position": "\x00"}]:  # fmt: skip
        assert arbitre_client.get(url("new", tournament), params).status_code == 200
    for value in ["abc", "-1", "99999999999999999999", "\x00"]:
        html = page(arbitre_client, incident, second_warning=value)
        assert 'data-testid="second-warning"' not in html


# ---------------------------------------------------------------- the log


def test_log_filters_and_sorting(arbitre_client, round1, staff):
    t1, t2 = round1.tables.order_by("number")
    a = log(t1, staff["arbitre"], kind="renonce", offender=seat(t1, 0))
    b = log(t2, staff["arbitre"], kind="conduct", offender=seat(t2, 1), caller=seat(t2, 2))
    c = log(t2, staff["arbitre"], kind="misdeal")
    services.incident_set_status(incident=c, user=staff["arbitre"], status="closed")
    address = url("log", round1.tournament)

    def shown(**params):
        response = arbitre_client.get(address, params)
        assert response.status_code == 200
        return {row.pk for row in response.context["table"].data}

    assert shown() == {a.pk, b.pk, c.pk}
    assert shown(kind="conduct") == {b.pk}
    assert shown(table="2") == {b.pk, c.pk}
    assert shown(position="1", table="1") == {a.pk}
    assert shown(position="2") == set()
    assert shown(player=str(seat(t2, 2).number)) == {b.pk}
    assert shown(status="closed") == {c.pk}
    # Nonsense is ignored, never an error page.
    assert shown(kind="nope", status="x", table="abc", position="-4", player="1e99") == {
        a.pk,
        b.pk,
        c.pk,
    }
    assert shown(table="99999999999999999999", page="zz", sort="nonsense") == {a.pk, b.pk, c.pk}
    for column in ["called_at", "position", "table_number", "kind", "offender", "status"]:
        for sort in (column, f"-{column}"):
            assert len(shown(sort=sort)) == 3
    html = arbitre_client.get(address, {"sort": "kind"}).content.decode()
    rows = html[html.index('data-testid="incident-log"') :]
    assert rows.index("Conduct") < rows.index("Misdeal") < rows.index("Renonce")
    assert url("incident", round1.tournament, pk=a.pk) in html
    assert url("report", round1.tournament, fmt="pdf") in html
    assert url("report", round1.tournament, fmt="xlsx") in html


def log_queries(client, organiser, incidents: int) -> int:
    tournament = TournamentFactory()
    StaffRoleFactory(tournament=tournament, user=organiser, role="arbitre")
    table = seat_and_publish(tournament, organiser, 8).tables.first()
    people = [seat(table, n) for n in range(4)]
    for n in range(incidents):
        incident = log(table, organiser, offender=people[n % 4], caller=people[(n + 1) % 4])
        services.decision_add(incident=incident, user=organiser, kind="warning")
    address = url("log", tournament)
    client.get(address)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(address).status_code == 200
    return len(queries)


def test_log_query_count_does_not_grow(client, django_user_model):
    boss = django_user_model.objects.create(username="boss")
    client.force_login(boss)
    # session, user, tournament, role, count, incidents, their decisions
    assert log_queries(client, boss, 2) == 6
    assert log_queries(client, boss, 30) == 6


def test_registration_of_another_tournament_cannot_be_a_table_player(arbitre_client, table):
    """A player of the field who does not sit at the table is refused next to the field."""
    other_table = table.round.tables.get(number=2)
    data = {"round": "1", "table": "1", "kind": "conduct", "offender": seat(other_table, 0).pk}
    response = arbitre_client.post(url("new", table.round.tournament), data)
    assert response.status_code == 400 and "offender" in response.context["form"].errors
    extra = RegistrationFactory(tournament=table.round.tournament)
    data = {"round": "1", "kind": "conduct", "offender": extra.pk}
    assert arbitre_client.post(url("new", table.round.tournament), data).status_code == 302


def test_a_ban_that_already_exists_is_refused_with_a_message(arbitre_client, table, staff):
    """One ban, one decision: a manual ban on a deal already barred is refused with a message;
    a second confirmed renonce on the same deal adds no second ban."""
    tournament = table.round.tournament
    west = seat(table, 3)
    first = log(table, staff["arbitre"], kind="renonce", offender=west, deal_number=2,
                confirmed=True)  # fmt: skip
    before = written()
    response = decide(arbitre_client, first, kind="bid_ban", position="1", deal_number="3")
    assert response.status_code == 400
    assert "already barred" in str(response.context["decision_form"].errors["deal_number"])
    data = {"round": "1", "table": "1", "deal_number": "2", "kind": "renonce",
            "offender": west.pk, "offender_defending": "on", "confirmed": "on"}  # fmt: skip
    assert arbitre_client.post(url("new", tournament), data).status_code == 302
    second = Incident.objects.latest("id")
    assert second.confirmed and not second.decisions.exists()
    assert written()[1:4] == before[1:4]  # no decision, penalty or ban more


def test_a_tournament_without_positions(arbitre_client, tournament, staff):
    response = arbitre_client.get(url("new", tournament))
    assert response.status_code == 200
    assert "No position has been seated yet" in response.content.decode()
    response = arbitre_client.post(url("new", tournament), {"round": "1", "kind": "conduct"})
    assert response.status_code == 400 and not Incident.objects.exists()
    assert arbitre_client.get(url("log", tournament)).status_code == 200


def test_a_renonce_logged_before_the_sheet_is_checked_against_it(arbitre_client, table, staff):
    """Logged during play as a defender's, the renonce gave a ban; the sheet entered later says
    the offender took that deal: the incident's page says so."""
    east = seat(table, 1)  # the sample sheet: Est took deal 1
    incident = log(table, staff["arbitre"], kind="renonce", offender=east, deal_number=1,
                   offender_defending=True, confirmed=True)  # fmt: skip
    assert 'data-testid="camp-contradicted"' not in page(arbitre_client, incident)
    enter(table, staff["scorer"])
    html = page(arbitre_client, incident)
    assert 'data-testid="camp-contradicted"' in html
    assert "was in the taker's camp on deal 1, not defending" in html


def test_a_renonce_by_the_taker_from_the_page_says_why_nobody_is_barred(
    arbitre_client, table, staff
):
    enter(table, staff["scorer"])
    tournament = table.round.tournament
    data = {"round": "1", "table": "1", "deal_number": "2", "kind": "renonce",
            "offender": seat(table, 3).pk, "confirmed": "on"}  # fmt: skip
    # Ouest took deal 2: saying "defending" contradicts the sheet, next to the field.
    response = arbitre_client.post(url("new", tournament), {**data, "offender_defending": "on"})
    assert response.status_code == 400 and not Incident.objects.exists()
    errors = response.context["form"].errors["offender_defending"]
    assert "in the taker's camp on deal 2" in errors[0]
    # Left to the sheet: logged, confirmed, no ban, and the page says why.
    response = arbitre_client.post(url("new", tournament), data, follow=True)
    html = response.content.decode()
    assert "No automatic bid ban" in html and 'data-testid="no-automatic-ban"' in html
    assert not BidBan.objects.exists() and Incident.objects.get().confirmed
