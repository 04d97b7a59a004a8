"""django-tables2 class of the incident log: sortable columns, ordered in SQL.

Built on ``selectors.incidents`` (people joined, ``decision_count`` annotated): a cell never
queries. Knows no rule of the arbitration.
"""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import Incident

STATUS_TAGS = {
    Incident.Status.OPEN: "tag-warn",
    Incident.Status.DECIDED: "tag-info",
    Incident.Status.PROTESTED: "tag-warn",
    Incident.Status.CLOSED: "tag-ok",
}


def _link(record, table):
    return table.incident_url(record)


class IncidentTable(tables.Table):
    called_at = tables.DateTimeColumn(
        verbose_name=_("Called at"), order_by=("called_at", "id"), linkify=_link
    )
    position = tables.Column(
        accessor="round__number",
        verbose_name=_("Position"),
        order_by=("round__number", "called_at", "id"),
    )
    table_number = tables.Column(
        accessor="table__number",
        verbose_name=_("Table"),
        order_by=("round__number", "table__number", "called_at"),
        default="—",
    )
    deal = tables.Column(
        accessor="deal_number", verbose_name=_("Deal"), orderable=False, default="—"
    )
    kind = tables.Column(verbose_name=_("Type"), linkify=_link)
    offender = tables.Column(
        verbose_name=_("Offender"), order_by=("offender__number", "called_at"), default="—"
    )
    status = tables.Column(verbose_name=_("Status"), order_by=("status", "called_at"))
    decision_count = tables.Column(verbose_name=_("Decisions"), orderable=False)
    arbitre = tables.Column(verbose_name=_("Arbitre"), orderable=False)

    class Meta:
        model = Incident
        fields = ()
        attrs = {"class": "data-table", "data-testid": "incident-log"}
        row_attrs = {"data-testid": lambda record: f"incident-{record.pk}"}
        per_page = 100
        empty_text = _("No incident.")

    def __init__(self, *args, slug: str, etuis: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.slug = slug
        if etuis:  # a duplicate's incident names an étui of the séance
            self.columns["deal"].column.verbose_name = _("Étui")

    def incident_url(self, record) -> str:
        return reverse("arbitration:incident", kwargs={"slug": self.slug, "pk": record.pk})

    def render_offender(self, value):
        return f"{value.name} ({value.number})"

    def render_status(self, record):
        return format_html(
            '<span class="tag {}">{}</span>',
            STATUS_TAGS.get(record.status, ""),
            record.get_status_display(),
        )
