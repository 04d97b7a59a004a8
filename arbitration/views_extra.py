"""Arbitration record, scale and report pages: being written (helper B)."""

from django.http import Http404


def _todo(*args, **kwargs):
    raise Http404


report = player_record = penalty_scale = _todo
