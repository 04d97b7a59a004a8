"""Every numeric field of every form, posted the values an attacker tries (issue 36): NaN,
infinities, a number beyond any column, a negative one, hexadecimal, an Arabic-Indic digit,
spaces, nothing. Each gets a message next to its field, or is read as the number it is and fits
the column it goes into on PostgreSQL (a smallint holds 32,767: SQLite, which the tests use,
would take any 64-bit number): never an exception, never a value the database refuses.

``tests/test_fuzz_forms.py`` posts random values to the entry and import pages and counts the
rows written; this module walks every numeric field by name, with the same fixed values, and
also asks that each declares both its bounds, so that no new field forgets them.
"""

import math
from decimal import Decimal

import pytest
from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import transaction

from arbitration.forms import DecisionForm, IncidentFilterForm, IncidentForm
from arbitration.models import Incident
from arbitration.views_extra import ScaleForm
from scoring.formats.duplicate.forms import BoardMadeForm
from scoring.formats.duplicate.forms_entry import TableReportForm
from scoring.formats.match.services import bonus_set, matches_draw, penalty_set
from scoring.models import Challenge, ChallengeTournament
from scoring.models.match import TeamMatch
from scoring.season.forms_manage import ChallengeForm, CoefficientForm
from tests.factories import TournamentFactory
from tests.scoring.conftest import seat_and_publish
from tests.scoring.duplicate.helpers import drawn_session, duplicate_tournament, staff_of
from tests.scoring.duplicate.test_team_match import competition_of
from tests.support import table_url, url
from tests.tournaments.test_pages import TOURNAMENT_FORM
from tournaments.forms import PlayerForm, TournamentForm
from tournaments.models import Tournament
from tournaments.row_checks import RANGES
from tournaments.services_duplicate import session_coefficient_set
from tournaments.views.seating import ReprintForm, SwapForm

pytestmark = pytest.mark.django_db

HOSTILE = ["NaN", "Infinity", "-Infinity", "1e309", "99999999999999999999", "-5", "0x10", "٣",
           " 5 ", "", "sNaN", "1e-999999999", "-0", "2147483648", "32768", "5.5"]  # fmt: skip
# PostgreSQL's integer: a field that no column holds is still a number some query compares.
INTEGER = RANGES["IntegerField"]


@pytest.fixture
def place(tournament, staff):
    """A published position of ``tournament`` (its table 1 with four seats), an incident there,
    and a duplicate tournament's incident."""
    table = seat_and_publish(tournament, staff["organiser"], 8).tables.get(number=1)
    incident = Incident.objects.create(
        tournament=tournament,
        round=table.round,
        table=table,
        kind="conduct",
        arbitre=staff["arbitre"],
    )
    duplicates = {}
    for game in ("duplicate", "quadrettes"):
        duplicates[game] = Incident(tournament=TournamentFactory(format=game), kind="conduct")
    return {
        "table": table,
        "incident": incident,
        "seats": list(table.seats.select_related("registration__player")),
        "registration": tournament.registrations.first(),
        "duplicates": duplicates,
    }


def _forms(tournament, p):
    """(name, form class, its keyword arguments, the model column its values go into or None)
    for every form with numeric fields."""
    return [
        ("tournament", TournamentForm, {"instance": tournament}, Tournament),
        ("player", PlayerForm, {"tournament": tournament}, None),
        ("player edit", PlayerForm, {"tournament": tournament, "registration": p["registration"]},
         None),
        ("swap", SwapForm, {"tournament": tournament}, None),
        ("reprint", ReprintForm, {"round": p["table"].round}, None),
        ("incident filter", IncidentFilterForm, {"tournament": tournament}, None),
        ("incident", IncidentForm, {"tournament": tournament}, None),
        ("decision", DecisionForm, {"incident": p["incident"], "seats": p["seats"]}, None),
        ("duplicate decision", DecisionForm,
         {"incident": p["duplicates"]["duplicate"], "seats": []}, None),
        ("quadrettes decision", DecisionForm,
         {"incident": p["duplicates"]["quadrettes"], "seats": []}, None),
        ("scale", ScaleForm, {"tournament": tournament}, None),
        ("étui made", BoardMadeForm, {"tables": [1, 2], "position": 1}, None),
        ("challenge", ChallengeForm, {}, Challenge),  # issue 38
        ("challenge coefficient", CoefficientForm, {}, ChallengeTournament),
    ]  # fmt: skip


def numeric_fields(form) -> list[str]:
    return [
        name
        for name, field in form.fields.items()
        if isinstance(field, forms.IntegerField | forms.DecimalField | forms.FloatField)
    ]


def bounds(field, model=None, name="") -> tuple:
    """The least and the most ``field`` lets through: its own bounds, and the column's
    validators that a model form runs after it."""
    validators = list(field.validators)
    if model is not None:
        validators += model._meta.get_field(name).validators
    low = [v.limit_value for v in validators if isinstance(v, MinValueValidator)]
    high = [v.limit_value for v in validators if isinstance(v, MaxValueValidator)]
    return max(low, default=None), min(high, default=None)


def column_range(model, name: str) -> tuple[int, int]:
    if model is None:
        return INTEGER
    field = model._meta.get_field(name)
    return RANGES.get(field.get_internal_type(), INTEGER)


def cases():
    names = [
        "tournament", "player", "player edit", "swap", "reprint", "incident filter", "incident",
        "decision", "duplicate decision", "quadrettes decision", "scale", "étui made",
        "challenge", "challenge coefficient",
    ]  # fmt: skip
    return [(name, value) for name in names for value in HOSTILE]


def _form(tournament, place, name):
    found = {n: (cls, kwargs, model) for n, cls, kwargs, model in _forms(tournament, place)}
    return found[name]


def test_every_numeric_field_declares_bounds_its_column_holds(tournament, place):
    unbounded = []
    for name, cls, kwargs, model in _forms(tournament, place):
        form = cls(**kwargs)
        assert numeric_fields(form), name
        for field in numeric_fields(form):
            low, high = bounds(form.fields[field], model, field)
            least, most = column_range(model, field)
            if low is None or high is None or not least <= low <= high <= most:
                unbounded.append((name, field, low, high))
    assert unbounded == []


@pytest.mark.parametrize(("name", "value"), cases())
def test_numeric_fields_refuse_or_read_each_hostile_value(tournament, place, name, value):
    cls, kwargs, model = _form(tournament, place, name)
    for field in numeric_fields(cls(**kwargs)):
        form = cls({field: value}, **kwargs)
        form.is_valid()  # never raises
        if field in form.errors:
            assert all(message.strip() for message in form.errors[field]), (field, value)
            continue
        read = form.cleaned_data.get(field)
        if read is None or not isinstance(read, int | float | Decimal):
            continue  # empty, or a choice the form made of it (a registration)
        assert math.isfinite(read), (name, field, value, read)
        least, most = column_range(model, field)
        assert least <= read <= most, (name, field, value, read)
        assert value.strip() in ("", "-0") or read == Decimal(value.strip()), (field, value, read)


@pytest.mark.parametrize("value", HOSTILE)
def test_a_table_report_reads_scores_as_digits_only(value):
    form = TableReportForm({"position": "1", "score-1": value}, boards_at={1: [1]})
    form.is_valid()
    if "score-1" not in form.errors:
        assert value.strip() in ("", "-0", "-5") or value.strip() == "5", value


# --- numbers the forms pass on as typed, read by the services ----------------------------------


def _fits(value: Decimal, digits: int, places: int) -> bool:
    """Whether ``value`` goes into a DecimalField(max_digits=digits, decimal_places=places)."""
    return value.is_finite() and abs(value) < Decimal(10) ** (digits - places)


@pytest.mark.parametrize("value", HOSTILE)
def test_a_match_bonus_and_penalty_refuse_or_read_each_hostile_value(value):
    tournament = competition_of(size=4)
    _organiser, _scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    for service, fields, extra in [
        (bonus_set, ("bonus_a", "bonus_b"), {}),
        (penalty_set, ("penalty_a", "penalty_b"), {"reason": "late"}),
    ]:
        for field in fields:
            other = next(f for f in fields if f != field)
            try:
                with transaction.atomic():
                    service(match=match, user=arbitre, **{field: value, other: "0"}, **extra)
            except ValidationError as exc:
                assert field in exc.message_dict, exc
                continue
            match.refresh_from_db()
            kept = getattr(match, field)
            column = TeamMatch._meta.get_field(field)
            assert _fits(kept, column.max_digits, column.decimal_places), (field, value, kept)
            # As typed, to the PM's rounding.
            assert abs(kept - Decimal(value.strip() or "0")) < Decimal("0.01"), (field, value)


@pytest.mark.parametrize("value", HOSTILE)
def test_a_seances_coefficient_refuses_or_reads_each_hostile_value(value):
    tournament = duplicate_tournament(players=8, positions=2)
    organiser = staff_of(tournament)[0]
    session = drawn_session(tournament, number=1, seed=3)
    try:
        session_coefficient_set(session=session, user=organiser, coefficient=value)
    except ValidationError as exc:
        assert "coefficient" in exc.message_dict
        session.refresh_from_db()
        assert session.coefficient == 1
    else:
        session.refresh_from_db()
        assert session.coefficient == Decimal(value.strip()), value


# --- through the pages: a message or the number as typed, nothing half-saved, never a 500 -------

SETTINGS = ["positions", "deals_table_4", "deals_table_3", "deals_table_5", "poignee_simple",
            "poignee_double", "poignee_triple"]  # fmt: skip


@pytest.mark.parametrize("value", HOSTILE)
def test_the_settings_page_refuses_or_keeps_each_hostile_number(
    organiser_client, tournament, value
):
    saved = {f: getattr(tournament, f) for f in SETTINGS}
    for field in SETTINGS:
        data = {**TOURNAMENT_FORM, "slug": tournament.slug, field: value}
        response = organiser_client.post(url("manage:tournament_edit", tournament), data)
        tournament.refresh_from_db()
        if response.status_code == 302:
            kept = getattr(tournament, field)
            assert kept == int(value) and RANGES["PositiveSmallIntegerField"][1] >= kept, value
            tournament.__dict__.update(saved)
            tournament.save()
        else:
            assert response.status_code in (200, 400), response.status_code
            # Next to the field, or to the poignée it now fails to stay below.
            assert response.context["form"].errors, (field, value)
            assert {f: getattr(tournament, f) for f in SETTINGS} == saved


@pytest.mark.parametrize("value", HOSTILE)
def test_the_swap_and_the_reprint_refuse_each_hostile_number(organiser_client, tournament, place,
                                                              value):  # fmt: skip
    round_ = place["table"].round
    before = list(round_.tables.values_list("seats__registration", flat=True))
    for field in ("first", "second"):
        data = {"first": "1", "second": "2", field: value}
        address = url("manage:round_swap", tournament, number=round_.number)
        response = organiser_client.post(address, data)
        assert response.status_code in (302, 400), (field, value)
    if value.strip() not in ("1", "2", "5"):  # no swap of two players took place
        assert list(round_.tables.values_list("seats__registration", flat=True)) == before
    address = url("manage:round_reprint", tournament, number=round_.number)
    assert organiser_client.get(address, {"table": value}).status_code in (200, 302, 400)


@pytest.mark.parametrize("value", [*HOSTILE, "9" * 5000, "1" * 4])
def test_the_dashboards_table_box_refuses_each_hostile_number(client, staff, place, value):
    """The scorer's "sheet of table N" box: 5,000 digits were a 500 (int() refuses them)."""
    client.force_login(staff["scorer"])
    response = client.get(table_url("open", place["table"]), {"table": value})
    assert response.status_code == 302
    sheet = table_url("sheet", place["table"])
    assert (response.url == sheet) == (value.strip() == "1"), (value, response.url)
