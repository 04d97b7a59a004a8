"""The rows of a standings table, built in Python: a thousand rows through the template engine
took over 100 ms, most of the page's time; ``format_html`` escapes every value the same way."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag
def standings_rows(rows, player_url):
    excluded = _("excluded")
    penalties = _("penalties")

    def cells(row):
        return (
            row.number,
            f"{row.rank}=" if row.tied else row.rank,
            player_url,
            row.number,
            row.name,
            row.number,
            f" · {row.fft_number}" if row.fft_number else "",
            format_html(' <span class="tag tag-warn">{}</span>', excluded) if row.excluded else "",
            format_html('<br><small class="muted">{}</small>', row.team) if row.team else "",
            row.club,
            row.number,
            row.total,
            format_html(' <small class="muted" title="{}">(−{})</small>', penalties, row.penalties)
            if row.penalties
            else "",
        )

    return format_html_join(
        "\n",
        '<tr data-testid="row-{}"><td class="rank">{}</td>'
        '<td><a href="{}{}/">{}</a> <small class="muted">{}{}</small>{}{}</td>'
        '<td class="hide-phone">{}</td>'
        '<td class="num total" data-testid="total-{}">{}{}</td></tr>',
        (cells(row) for row in rows),
    )
