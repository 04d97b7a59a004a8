"""django-tables2 classes for staff lists: sortable columns, ordered in SQL."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import Registration


class RegistrationTable(tables.Table):
    number = tables.Column(verbose_name=_("No."))
    last_name = tables.Column(
        accessor="last_name",
        verbose_name=_("Last name"),
        order_by=("sort_name", "number"),
        linkify=lambda record, table: table.edit_url(record),
    )
    first_name = tables.Column(accessor="first_name", verbose_name=_("First name"))
    fft_number = tables.Column(
        accessor="fft_number",
        verbose_name=_("Tournament no."),
        order_by=("first_table", "first_seat"),
        default="",
    )
    licence = tables.Column(accessor="player__licence", verbose_name=_("Licence"), default="—")
    club = tables.Column(accessor="club__name", verbose_name=_("Club"), default="—")
    team = tables.Column(accessor="team__name", verbose_name=_("Team"), default="—")
    checked_in = tables.BooleanColumn(verbose_name=_("Present"))
    plays = tables.Column(empty_values=(), verbose_name=_("Plays"), order_by=("joins_at_position",))

    class Meta:
        model = Registration
        fields = ()
        sequence = (
            "number",
            "last_name",
            "first_name",
            "fft_number",
            "licence",
            "club",
            "team",
            "checked_in",
        )
        attrs = {"class": "data-table"}
        order_by = ("number",)
        per_page = 100

    def __init__(self, *args, show_team: bool, slug: str, can_edit: bool, **kwargs):
        if not show_team:
            kwargs["exclude"] = ("team",)
        super().__init__(*args, **kwargs)
        self.slug = slug
        self.can_edit = can_edit

    def edit_url(self, record):
        if not self.can_edit:
            return None
        return reverse(
            "manage:registration_edit", kwargs={"slug": self.slug, "number": record.number}
        )

    def render_plays(self, record):
        if record.withdrawn_after_position is not None:
            return format_html(
                '<span class="tag tag-warn">{}</span>',
                _("withdrawn after %(k)s") % {"k": record.withdrawn_after_position},
            )
        if record.joins_at_position > 1:
            return format_html(
                '<span class="tag">{}</span>',
                _("from position %(k)s") % {"k": record.joins_at_position},
            )
        return _("all positions")
