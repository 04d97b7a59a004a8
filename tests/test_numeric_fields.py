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
from django.core.validators import MaxValueValidator, MinValueValidator

from arbitration.forms import DecisionForm, IncidentFilterForm, IncidentForm
from arbitration.models import Incident
from arbitration.views_extra import ScaleForm
from scoring.formats.duplicate.forms import BoardMadeForm
from scoring.formats.duplicate.forms_entry import TableReportForm
from tests.factories import TournamentFactory
from tests.scoring.conftest import seat_and_publish
from tournaments.forms import PlayerForm, TournamentForm
from tournaments.models import Tournament
from tournaments.row_checks import RANGES
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
