"""Forms of the arbitration pages: they check what was typed and hand the services model
instances of this tournament only.

Every choice of a position, a player, an incident or a sheet is a ``ModelChoiceField`` whose
queryset is limited to the tournament (or the table), so an id of another tournament is "not
one of the choices", never a write elsewhere. The forms decide nothing the rules decide (who
sits where, which deal exists, what a penalty needs): that is the services', which check again.
They do not write.
"""

import datetime

from django import forms
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.models import ScoreSheet
from tournaments.models import Registration, Round, Table, Tournament
from tournaments.models.core import seat_name

from . import forms_duplicate
from .decisions import kinds_for
from .models import Decision, Incident, IncidentKind, incident_kinds

MAX_NUMBER = 999
MAX_DEAL = 40
MAX_MARK = 100_000
DATETIME_LOCAL = "%Y-%m-%dT%H:%M"


def small_int(value) -> int | None:
    """A positive number typed in an address or a field, or None for anything else."""
    text = str(value if value is not None else "").strip()
    if text.isascii() and text.isdigit() and len(text) <= 6:
        return int(text)
    return None


def person_label(registration: Registration) -> str:
    """ "North · DUPONT Jean (12)" at a table, "DUPONT Jean (12)" otherwise."""
    name = f"{registration.name} ({registration.number})"
    seat = getattr(registration, "seat_number", None)
    return name if seat is None else f"{seat_name(seat)} · {name}"


def people(tournament: Tournament, table: Table | None):
    """The players to choose from: the table's, in seat order, or the whole field by name."""
    if table is not None and (table.ns_team_id or table.ew_team_id):
        # A team duplicate's table hosts two teams, not seated players: their members.
        return (
            Registration.objects.filter(
                tournament=tournament, team_id__in=[table.ns_team_id, table.ew_team_id]
            )
            .select_related("player")
            .order_by("team__number", "sort_name", "number")
        )
    if table is not None:
        # The annotation reuses the seats join of the filter: one seat per table and player.
        return (
            Registration.objects.filter(tournament=tournament, seats__table=table)
            .annotate(seat_number=F("seats__number"))
            .select_related("player")
            .order_by("seats__number")
        )
    return (
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("sort_name", "number")
    )


class PersonChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        return person_label(obj)


class RoundChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        return _("Position %(k)s") % {"k": obj.number}


class IncidentChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        where = _("position %(k)s") % {"k": obj.round.number}
        if obj.table_id:
            where += " · " + _("table %(t)s") % {"t": obj.table.number}
        return f"#{obj.pk} {obj.get_kind_display()} · {where}"


class SheetChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        return _("Version %(v)s (%(status)s)") % {
            "v": obj.version,
            "status": obj.get_status_display(),
        }


class DateTimeLocalInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, **kwargs):
        super().__init__(format=DATETIME_LOCAL, **kwargs)


class IncidentFilterForm(forms.Form):
    """The log's filters. A value that is not one is ignored, never an error page."""

    position = forms.IntegerField(
        label=_("Position"), required=False, min_value=1, max_value=MAX_NUMBER
    )
    table = forms.IntegerField(label=_("Table"), required=False, min_value=1, max_value=MAX_NUMBER)
    player = forms.IntegerField(
        label=_("Player no."), required=False, min_value=1, max_value=1_000_000
    )
    kind = forms.ChoiceField(
        label=_("Type"), required=False, choices=[("", _("all types")), *IncidentKind.choices]
    )
    status = forms.ChoiceField(
        label=_("Status"),
        required=False,
        choices=[("", _("all statuses")), *Incident.Status.choices],
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [("", _("all types")), *incident_kinds(tournament)]

    def filters(self) -> dict:
        """The valid filters, as ``selectors.incidents`` takes them."""
        self.is_valid()
        return {key: value for key, value in self.cleaned_data.items() if value}


class IncidentForm(forms.Form):
    """What the arbitre was called for, logged in seconds from a tablet."""

    round = RoundChoiceField(
        label=_("Position"),
        queryset=Round.objects.none(),
        to_field_name="number",
        empty_label=None,
    )
    table = forms.IntegerField(label=_("Table"), required=False, min_value=1, max_value=MAX_NUMBER)
    deal_number = forms.IntegerField(
        label=_("Deal"), required=False, min_value=1, max_value=MAX_DEAL
    )
    kind = forms.ChoiceField(label=_("Type"), choices=[("", "---------"), *IncidentKind.choices])
    offender = PersonChoiceField(
        label=_("Offender"), queryset=Registration.objects.none(), required=False
    )
    caller = PersonChoiceField(
        label=_("Called by"), queryset=Registration.objects.none(), required=False
    )
    offender_defending = forms.ChoiceField(
        label=_("For a renonce, the offender was"),
        required=False,
        initial="",
        choices=[
            ("", _("as the score sheet says")),
            ("on", _("defending")),
            ("off", _("in the taker's camp")),
        ],
        widget=forms.RadioSelect,
        help_text=_(
            "A defender's renonce bars them from bidding on the next deal they play; a renonce "
            "by the taker or the partner bars nobody (decide a penalty if needed). Once the "
            "sheet has the deal, it says who took it."
        ),
    )
    confirmed = forms.BooleanField(
        label=_("Fault confirmed"),
        required=False,
        initial=True,
        help_text=_("Confirming applies the automatic consequences at once."),
    )
    description = forms.CharField(
        label=_("What happened"),
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    contests = IncidentChoiceField(
        label=_("The protest is against the decision on"),
        queryset=Incident.objects.none(),
        required=False,
    )
    contests_sheet = SheetChoiceField(
        label=_("or against the score sheet"),
        queryset=ScoreSheet.objects.none(),
        required=False,
    )
    late = forms.BooleanField(
        label=_("Late protest (fault not reported when discovered)"), required=False
    )
    called_at = forms.DateTimeField(
        label=_("Called at"),
        required=False,
        widget=DateTimeLocalInput(),
        help_text=_("Empty: now."),
    )

    PROTEST_FIELDS = ("contests", "contests_sheet", "late")

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.fields["round"].queryset = tournament.rounds.order_by("number")
        forms_duplicate.incident_types(self)  # the game's types of incident, an étui
        self.at_table = self._table(self.data if self.is_bound else self.initial)
        for name in ("offender", "caller"):
            self.fields[name].queryset = people(tournament, self.at_table)
        self.fields["contests"].queryset = (
            Incident.objects.filter(tournament=tournament)
            .select_related("round", "table")
            .order_by("-called_at", "-id")
        )
        if self.at_table is not None:
            self.fields["contests_sheet"].queryset = ScoreSheet.objects.filter(
                table=self.at_table
            ).exclude(status=ScoreSheet.Status.SUPERSEDED)
        else:
            del self.fields["contests_sheet"]

    def _table(self, source) -> Table | None:
        """The table named by the position and table fields, before they are checked: the
        people to choose from depend on it."""
        position, number = small_int(source.get("round")), small_int(source.get("table"))
        if position is None or number is None:
            return None
        return (
            Table.objects.filter(
                round__tournament=self.tournament, round__number=position, number=number
            )
            .select_related("round")
            .first()
        )

    def fieldsets(self):
        main = [name for name in self.fields if name not in self.PROTEST_FIELDS]
        protest = [name for name in self.PROTEST_FIELDS if name in self.fields]
        return [
            (None, [self[name] for name in main]),
            (_("For a protest"), [self[name] for name in protest]),
        ]

    def clean_called_at(self):
        when = self.cleaned_data.get("called_at")
        # A typo in the year must not reach the database (years far off do not convert).
        if when is not None and not (
            datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)
            <= when
            <= timezone.now() + datetime.timedelta(days=1)
        ):
            raise forms.ValidationError(_("Give the time the arbitre was called."), "when_invalid")
        return when

    def clean(self):
        data = super().clean()
        round_, number = data.get("round"), data.get("table")
        if number is None or round_ is None:
            return data
        if self.at_table is None or self.at_table.round_id != round_.pk:
            self.add_error(
                "table",
                forms.ValidationError(
                    _("Position %(k)s has no table %(t)s."),
                    "no_such_table",
                    params={"k": round_.number, "t": number},
                ),
            )
        return data

    def service_kwargs(self) -> dict:
        """The cleaned values as ``services.incident_log`` takes them."""
        data = self.cleaned_data
        protest = data["kind"] == IncidentKind.PROTEST
        return {
            "round": data["round"],
            "table": self.at_table if data.get("table") is not None else None,
            "kind": data["kind"],
            "deal_number": data.get("deal_number"),
            "offender": data.get("offender"),
            "caller": data.get("caller"),
            "offender_defending": {"on": True, "off": False}.get(data.get("offender_defending")),
            "confirmed": data.get("confirmed", False),
            "description": data.get("description", ""),
            "called_at": data.get("called_at"),
            # Only a protest contests something: nothing else may mark an incident protested.
            "contests": data.get("contests") if protest else None,
            "contests_sheet": data.get("contests_sheet") if protest else None,
            "late": data.get("late", False) and protest,
        }


class DecisionForm(forms.Form):
    """One decision on an incident. The fields a kind does not use are ignored."""

    kind = forms.ChoiceField(label=_("Decision"), choices=Decision.Kind.choices)
    player = PersonChoiceField(
        label=_("Player"),
        queryset=Registration.objects.none(),
        required=False,
        empty_label=_("the offender"),
    )
    points = forms.IntegerField(
        label=_("Points (penalty)"), required=False, min_value=1, max_value=MAX_MARK
    )
    note = forms.CharField(
        label=_("Reason"),
        required=False,
        max_length=300,
        help_text=_(
            "Required for a penalty that differs from the scale, or that the scale has no "
            "amount for."
        ),
    )
    position = forms.IntegerField()  # bounded by the tournament's positions in __init__
    deal_number = forms.IntegerField(
        label=_("Deal"),
        required=False,
        min_value=1,
        max_value=MAX_DEAL,
        help_text=_(
            "The deal annulled or adjusted; for a bid ban, the ban falls on the first deal the "
            "player plays from this one on (empty: from the first of the position)."
        ),
    )

    def __init__(self, *args, incident: Incident, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.incident = incident
        self.seats = list(seats)
        tournament = incident.tournament
        self.fields["player"].queryset = people(tournament, incident.table)
        self.fields["position"] = forms.IntegerField(
            label=_("Position (bid ban)"),
            required=False,
            min_value=1,
            max_value=tournament.positions,
            help_text=_("Empty: the incident's position."),
        )
        # Only the kinds its game has: a duplicate's kind posted on a libre's incident would
        # find none of the fields it reads.
        self.fields["kind"].choices = [
            (value, label)
            for value, label in Decision.Kind.choices
            if value in kinds_for(tournament)
        ]
        if tournament.plays_matches:  # its penalties are PM on the match's page
            self.seats = []
        elif tournament.plays_duplicate:  # no marks: the lines of travelling sheets
            self.seats = []
            forms_duplicate.duplicate_fields(self)
        for seat in self.seats:
            self.fields[f"mark{seat.number}"] = forms.IntegerField(
                label=f"{seat.seat_name} · {seat.registration.name}",
                required=False,
                min_value=-MAX_MARK,
                max_value=MAX_MARK,
            )

    def mark_fields(self):
        return [self[f"mark{seat.number}"] for seat in self.seats]

    def clean(self):
        data = super().clean()
        if data.get("kind") == Decision.Kind.ADJUSTED_MARKS:
            if not self.seats:
                self.add_error("kind", _("Only a table's deal can get adjusted marks."))
            for seat in self.seats:
                name = f"mark{seat.number}"
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, _("One mark per player."))
        if self.incident.tournament.plays_duplicate:
            forms_duplicate.duplicate_clean(self, data)
        return data

    def service_kwargs(self) -> dict:
        """The cleaned values the chosen kind uses, as ``services.decision_add`` takes them."""
        data, kind = self.cleaned_data, self.cleaned_data["kind"]
        Kind = Decision.Kind
        kwargs = {"kind": kind, "registration": data.get("player"), "note": data.get("note", "")}
        if kind == Kind.PENALTY:
            kwargs["points"] = data.get("points")
        elif kind == Kind.BID_BAN:
            kwargs["position"] = data.get("position")
            kwargs["deal_number"] = data.get("deal_number")
        elif kind in (Kind.DEAL_ANNULLED, Kind.ADJUSTED_MARKS):
            kwargs["registration"] = None
            kwargs["deal_number"] = data.get("deal_number")
            if kind == Kind.ADJUSTED_MARKS:
                kwargs["marks"] = [data[f"mark{seat.number}"] for seat in self.seats]
        return forms_duplicate.duplicate_kwargs(self, kwargs)


class StatusForm(forms.Form):
    # "Refused" belongs to late protests alone, which keep it: it is not offered.
    status = forms.ChoiceField(
        label=_("Status"),
        choices=[c for c in Incident.Status.choices if c[0] != Incident.Status.REFUSED],
    )
