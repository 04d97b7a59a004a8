"""Arbitration pages: being written (helper A)."""

from django.http import Http404


def _todo(*args, **kwargs):
    raise Http404


incident_log = incident_new = incident_detail = incident_confirm = _todo
decision_add = decision_undo = incident_status = _todo
