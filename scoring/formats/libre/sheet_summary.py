"""A refused sheet's errors listed at the top of the page, each with a link to its field, so
that a keyboard or screen reader user hears what to correct and can go straight to it."""

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models.core import seat_name

# A line's fields in the order the page shows them, with what the summary calls them.
_LINE_FIELDS = {
    "dealer": gettext_lazy("dealer"),
    "mode": gettext_lazy("entered as"),
    "contract": gettext_lazy("contract"),
    "taker": gettext_lazy("taker"),
    "partner": gettext_lazy("partner"),
    "bouts": gettext_lazy("bouts"),
    "points": gettext_lazy("attack's points"),
    "pab": gettext_lazy("Petit au bout"),
    "chelem": gettext_lazy("chelem"),
    "mark": gettext_lazy("mark of %(seat)s"),
    "poignee": gettext_lazy("poignée of %(seat)s"),
    "poignees": gettext_lazy("poignées"),
    "total": gettext_lazy("marks"),
}
_LINE_NAME = re.compile(r"d(?P<deal>\d+)-(?P<field>[a-z_]+?)(?P<seat>\d?)$")
_SHEET_FIELDS = {
    "first_dealer": ("d1-dealer", gettext_lazy("Deal 1: dealer")),
    "short_reason": ("short_reason", gettext_lazy("Reason, if fewer deals were played")),
    "reason": ("reason", gettext_lazy("Reason for the correction")),
}


def error_summary(errors: dict[str, list[str]], seats: int, sitting_out=lambda deal: None):
    """[{anchor, label, message}] for every message of ``errors`` ({page field: [message]}),
    in the page's order; the anchor is the id of the field to go to ("" for none).
    ``sitting_out(deal)``: the seat without a mark on that deal, if any."""
    entries = []
    for name, messages in errors.items():
        key, anchor, label = _place(name, seats, sitting_out)
        entries += [{"key": key, "anchor": anchor, "label": label, "message": m} for m in messages]
    entries.sort(key=lambda e: e["key"])
    return [{k: v for k, v in e.items() if k != "key"} for e in entries]


def _place(name: str, seats: int, sitting_out) -> tuple[tuple, str, str]:
    """(sort key, anchor, label) of the page field ``name``."""
    line = _LINE_NAME.match(name)
    if line and line["field"] in _LINE_FIELDS:
        deal, field = int(line["deal"]), line["field"]
        seat = int(line["seat"]) if line["seat"] else None
        what = str(_LINE_FIELDS[field])
        if seat is not None:
            what = what % {"seat": seat_name(seat)}
        anchor = name
        if field == "total":  # the line's sum: its first mark
            anchor = f"d{deal}-mark{1 if sitting_out(deal) == 0 else 0}"
        elif field == "poignees":
            anchor = f"d{deal}-poignee0"
        order = (1, deal, list(_LINE_FIELDS).index(field), seat or 0)
        return order, anchor, _("Deal %(n)s: %(what)s") % {"n": deal, "what": what}
    if name.startswith("visa") and name[4:].isdigit() and int(name[4:]) < seats:
        seat = int(name[4:])
        return (2, seat), name, _("Visa of %(seat)s") % {"seat": seat_name(seat)}
    if name in _SHEET_FIELDS:
        anchor, label = _SHEET_FIELDS[name]
        return (3 if name != "first_dealer" else 0, name), anchor, str(label)
    return (0, name), "", ""
