"""Forms of the staff pages. They check input and hand clean values to the services."""

import datetime

from django import forms
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from common.forms import NameField

from .extensions import enters_at_table
from .imports import MAX_FILE_BYTES, MAX_ROWS
from .models import Club, Player, Registration, StaffRole, Tournament
from .models.formats import TRAITS, TeamsFrom
from .row_checks import RANGES
from .services import TOURNAMENT_SETTINGS


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%d", **kwargs)


class TournamentForm(forms.ModelForm):
    FIELDSETS = [
        (
            _("The tournament"),
            ["name", "slug", "date", "venue", "organiser_club", "format", "kind", "is_public"],
        ),
        (
            _("Positions and tables"),
            [
                "positions",
                "deals_table_4",
                "deals_table_3",
                "deals_table_5",
                "remainder",
                "table5_mode",
            ],
        ),
        (_("Duplicate"), ["boards_per_set", "colour"]),
        (
            _("Scoring and ranking"),
            ["poignee_simple", "poignee_double", "poignee_triple", "tie_break", "four_eyes"],
        ),
        (_("Entry at the tables"), ["table_entry", "table_entry_confirmed"]),
    ]
    TABLE_ENTRY = ("table_entry", "table_entry_confirmed")

    class Meta:
        model = Tournament
        fields = TOURNAMENT_SETTINGS
        field_classes = {"name": NameField, "venue": NameField}
        widgets = {"date": DateInput()}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The browser's bounds are the server's ("min 0" came from the column's type alone).
        for name, field in self.fields.items():
            if isinstance(field, forms.IntegerField):
                low, high = _setting_bounds(name)
                field.validators += [MinValueValidator(low), MaxValueValidator(high)]
                field.widget.attrs.update(min=low, max=high)
        self.fields["slug"].required = False
        self.fields["organiser_club"].queryset = Club.objects.order_by("name")
        self.fields["organiser_club"].help_text = _(
            "Optional: the club's calendar feed and its challenges list the tournament."
        )
        # Older forms and scripts post neither: a donnes-libres tournament, séries of 4.
        self.fields["format"].required = False
        self.fields["boards_per_set"].required = False
        self.fields["slug"].help_text = _(
            "Used in public addresses: /t/<short address>/. Leave empty to make one from the name."
        )
        if self.instance.pk is None:
            self.initial.setdefault("date", datetime.date.today())
        elif not enters_at_table(self.instance.format):  # played on paper only: no switch
            for name in self.TABLE_ENTRY:
                del self.fields[name]
        self.published = (
            self.instance.pk is not None
            and self.instance.rounds.filter(status="published").exists()
        )
        if self.published:  # players hold this address: changing it is asked twice
            self.fields["confirm_address"] = forms.BooleanField(
                label=_("Change the short address although the seating is published"),
                required=False,
                help_text=_(
                    "Bookmarks, QR codes and the projector use it; the old address will "
                    "lead to the new one."
                ),
            )

    def fieldsets(self):
        fieldsets = [(label, list(names)) for label, names in self.FIELDSETS]
        if self.published:
            fieldsets[0][1].insert(fieldsets[0][1].index("slug") + 1, "confirm_address")
        shown = [
            (label, [self[name] for name in names if name in self.fields])
            for label, names in fieldsets
        ]
        return [(label, fields) for label, fields in shown if fields]

    def clean_format(self):
        return self.cleaned_data.get("format") or self.instance.format or Tournament.Format.LIBRE

    def clean_boards_per_set(self):
        return self.cleaned_data.get("boards_per_set") or self.instance.boards_per_set or 4

    def clean_slug(self):
        slug = self.cleaned_data.get("slug")
        if slug or not self.data.get("name"):
            return slug
        base = slugify(self.data["name"])[:50] or "tournoi"
        slug, n = base, 1
        others = Tournament.objects.exclude(pk=self.instance.pk)
        while others.filter(slug=slug).exists():
            n += 1
            slug = f"{base}-{n}"
        return slug

    def clean(self):
        data = super().clean()
        moved = data.get("slug") and data["slug"] != self.instance.slug
        if self.published and moved and not data.get("confirm_address"):
            self.add_error(
                "confirm_address",
                _(
                    "The seating of this tournament is published: tick the box to change "
                    "its short address."
                ),
            )
        if (
            data.get("remainder") == Tournament.Remainder.FIVE
            and data.get("table5_mode") == Tournament.Table5Mode.DEALER_SITS_OUT
            and data.get("deals_table_5")
            and data["deals_table_5"] % 5
        ):
            self.add_error(
                "deals_table_5",
                _(
                    "When the dealer sits out, a table of 5 plays a multiple of 5 deals "
                    "so that everyone sits out equally."
                ),
            )
        per_set = data.get("boards_per_set")
        if per_set and per_set % 4:
            self.add_error(
                "boards_per_set",
                _(
                    "A série holds a multiple of 4 étuis (4, 8 or 12), so that North, East, "
                    "South and West take in turn."
                ),
            )
        traits = TRAITS.get(data.get("format"))
        if traits and data.get("kind") and data["kind"] != Tournament.Kind.INDIVIDUAL:
            if traits.teams_from == TeamsFrom.NONE:
                self.add_error(
                    "kind",
                    _("The duplicate individuel has no teams: choose Individual."),
                )
            elif traits.teams_from == TeamsFrom.TEAMS_PAGE:
                self.add_error(
                    "kind",
                    _(
                        "The triplettes, quadrettes and team matches make their own teams: leave "
                        "the kind at Individual and make the teams on the Teams page."
                    ),
                )
        if data.get("table_entry") and data.get("format") and not enters_at_table(data["format"]):
            self.add_error(
                "table_entry",
                _("This game is played on paper only: its tables cannot enter their own scores."),
            )
        simple, double, triple = (data.get(f"poignee_{k}") for k in ("simple", "double", "triple"))
        if None not in (simple, double, triple) and not simple <= double <= triple:
            self.add_error("poignee_triple", _("Poignée values go up: simple ≤ double ≤ triple."))
        return data


def _setting_bounds(name: str) -> tuple[int, int]:
    """The least and the most a whole-number setting takes: its model's bounds, within what its
    column holds on PostgreSQL whatever the database in use (SQLite takes any 64-bit number):
    a poignée of 40,000 is a message next to its field, never the database's refusal."""
    column = Tournament._meta.get_field(name)
    low, high = RANGES[column.get_internal_type()]
    for validator in column.validators:
        if isinstance(validator, MinValueValidator):
            low = max(low, validator.limit_value)
        elif isinstance(validator, MaxValueValidator):
            high = min(high, validator.limit_value)
    return low, high


class PlayerForm(forms.Form):
    """A registration: the player's identity in this tournament and when they play.

    With ``registration``, the form edits it; without, it registers a player. The licence
    links the player directory's record, whose details it never shows nor changes.
    """

    licence = forms.CharField(
        label=_("Licence number"),
        required=False,
        max_length=10,
        help_text=_("FFT licence number; leave empty for a guest."),
    )
    last_name = NameField(label=_("Last name"), max_length=80)
    first_name = NameField(label=_("First name"), max_length=80)
    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.all(), required=False)
    new_club = NameField(
        label=_("or a new club"),
        required=False,
        max_length=120,
        help_text=_("Created when the player is saved."),
    )
    email = forms.EmailField(label=_("Email"), required=False)
    joins_at_position = forms.IntegerField(label=_("Plays from position"), min_value=1, initial=1)
    withdrawn_after_position = forms.IntegerField(
        label=_("Withdrawn after position"),
        min_value=0,
        required=False,
        help_text=_("Empty while the player plays on."),
    )
    stand_in = forms.BooleanField(
        label=_("Stand-in"),
        required=False,
        help_text=_(
            "Duplicate: completes a table and counts in the others' topage, but is not ranked."
        ),
    )

    def __init__(
        self, *args, tournament: Tournament, registration: Registration | None = None, **kwargs
    ):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.registration = registration
        if not tournament.has_stand_ins:
            del self.fields["stand_in"]
        if registration is None:
            # A player is registered to play; withdrawing comes later, on their page.
            del self.fields["withdrawn_after_position"]
        for name in self.fields.keys() & {"joins_at_position", "withdrawn_after_position"}:
            self.fields[name].validators.append(MaxValueValidator(tournament.positions))
            self.fields[name].widget.attrs["max"] = tournament.positions

    def clean_licence(self):
        licence = self.cleaned_data["licence"].strip()
        if not licence:
            return ""
        Player._meta.get_field("licence").run_validators(licence)
        others = self.tournament.registrations.filter(player__licence=licence)
        if self.registration is not None:
            others = others.exclude(pk=self.registration.pk)
        if others.exists():
            raise forms.ValidationError(
                _("Licence %(licence)s is already registered in this tournament."),
                code="already_registered",
                params={"licence": licence},
            )
        return licence

    def clean(self):
        data = super().clean()
        joins, withdrawn = data.get("joins_at_position"), data.get("withdrawn_after_position")
        if joins and withdrawn is not None and withdrawn < joins - 1:
            self.add_error(
                "withdrawn_after_position",
                _("A player cannot withdraw before the position they join at."),
            )
        if data.get("club") and data.get("new_club"):
            self.add_error("new_club", _("Choose a club or type a new one, not both."))
        return data


class DirectoryPlayerForm(forms.ModelForm):
    """A record of the player directory, for an account with the directory right."""

    new_club = NameField(
        label=_("or a new club"),
        required=False,
        max_length=120,
        help_text=_("Created when the player is saved."),
    )

    class Meta:
        model = Player
        fields = ["licence", "last_name", "first_name", "club", "email"]
        field_classes = {"last_name": NameField, "first_name": NameField}

    def clean(self):
        data = super().clean()
        if data.get("club") and data.get("new_club"):
            self.add_error("new_club", _("Choose a club or type a new one, not both."))
        return data


class MergeSearchForm(forms.Form):
    """The merge page's search for the duplicate: a name or a licence."""

    q = forms.CharField(label=_("Name or licence"), required=False, max_length=100)

    def clean_q(self):
        return self.cleaned_data["q"].replace("\x00", "").strip()


class MergeForm(forms.Form):
    """The duplicate to merge into ``kept`` (any other record of the directory)."""

    duplicate = forms.ModelChoiceField(
        label=_("Duplicate"), queryset=Player.objects.none(), widget=forms.HiddenInput
    )

    def __init__(self, *args, kept: Player, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["duplicate"].queryset = Player.objects.exclude(pk=kept.pk).select_related(
            "club"
        )


class TeamForm(forms.Form):
    name = NameField(label=_("Team name"), max_length=120, required=False)
    members = forms.ModelMultipleChoiceField(
        label=_("Members"),
        queryset=Registration.objects.none(),
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, tournament: Tournament, team=None, **kwargs):
        super().__init__(*args, **kwargs)
        free = tournament.registrations.select_related("player", "team").order_by(
            "player__last_name", "player__first_name"
        )
        if team is None:
            free = free.filter(team__isnull=True)
        else:
            free = free.filter(team__isnull=True) | free.filter(team=team)
        self.fields["members"].queryset = free
        self.fields["members"].label_from_instance = lambda r: f"{r.number} · {r.name}"
        if tournament.team_size_most > tournament.team_size:
            self.fields["members"].help_text = _("Choose %(size)s to %(most)s players.") % {
                "size": tournament.team_size,
                "most": tournament.team_size_most,
            }
        else:
            self.fields["members"].help_text = _("Choose exactly %(size)s players.") % {
                "size": tournament.team_size
            }


class StaffRoleForm(forms.Form):
    """A role for an account the organiser already works with."""

    username = NameField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=StaffRole.Role.choices)


class StaffAccountForm(forms.Form):
    """A new account for the day; its owner chooses the password through a one-time link."""

    username = NameField(
        label=_("Username"),
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text=_("Letters, digits and @ . + - _ only; for example marie.dupont."),
    )
    role = forms.ChoiceField(label=_("Role"), choices=StaffRole.Role.choices)


class ImportUploadForm(forms.Form):
    """The file's size and name are checked before anything reads it; its content is then
    checked by ``imports.read_player_file`` (an .xlsx that is no workbook, a binary .csv)."""

    # .xls is let through so that the reader can say how to convert it.
    EXTENSIONS = (".xlsx", ".xlsm", ".csv", ".txt", ".tsv", ".xls")

    file = forms.FileField(
        label=_("File of players"),
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv,.txt"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Set here, in the request's language: the limits are numbers put into the text.
        self.fields["file"].help_text = _(
            "Excel (.xlsx) or CSV, with a header row: Licence, Nom, Prénom, Club, Email. At most "
            "%(rows)s players and %(size)s MB."
        ) % {"rows": MAX_ROWS, "size": MAX_FILE_BYTES // (1024 * 1024)}

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                _("This file is larger than %(size)s MB; split it or remove what is not needed.")
                % {"size": MAX_FILE_BYTES // (1024 * 1024)},
                code="too_large",
            )
        if not upload.name.lower().endswith(self.EXTENSIONS):
            raise forms.ValidationError(
                _("Choose an Excel (.xlsx) or CSV (.csv) file."), code="not_a_spreadsheet"
            )
        return upload
