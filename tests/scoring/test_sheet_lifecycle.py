"""The shared sheet lifecycle and closable unit, asked directly: ``may_confirm`` and
``kept_by_four_eyes`` as the pages ask them, the conflict answer, and a closed unit refusing.
The three formats' services are tested against these rules in their own test modules."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from scoring import closable, sheet_lifecycle
from scoring.formats.libre import services
from scoring.formats.libre.forms import read_entry
from scoring.formats.libre.services_rounds import POSITION
from scoring.models import ScoreSheet
from tests.scoring.conftest import SAMPLE, VISAS

pytestmark = pytest.mark.django_db


def save(table, user, base=0):
    return services.scoresheet_save(
        table=table, user=user, entry=read_entry({**SAMPLE, **VISAS}), base_version=base
    )


def test_may_confirm_asks_waiting_role_four_eyes_and_unit(table, staff):
    sheet = save(table, staff["arbitre"])
    may = sheet_lifecycle.may_confirm
    assert not may(staff["arbitre"], sheet)  # four-eyes: the arbitre entered it
    assert sheet_lifecycle.kept_by_four_eyes(staff["arbitre"], sheet)
    assert may(staff["organiser"], sheet)  # an organiser is an arbitre too
    assert not sheet_lifecycle.kept_by_four_eyes(staff["organiser"], sheet)
    assert not may(staff["scorer"], sheet) and not may(staff["organiser"], None)
    assert not may(staff["organiser"], sheet, is_arbitre=False)
    sheet.round.closed_at = timezone.now()  # as read by a page, not saved
    assert not may(staff["organiser"], sheet)  # its position is closed
    confirmed = services.scoresheet_confirm(
        sheet=ScoreSheet.objects.get(pk=sheet.pk), user=staff["organiser"]
    )
    assert not may(staff["organiser"], confirmed)  # nothing waits any more


def test_a_save_on_an_old_version_is_a_conflict_carrying_the_new_one(table, staff):
    first = save(table, staff["scorer"])
    with pytest.raises(sheet_lifecycle.Conflict) as exc:
        sheet_lifecycle.refuse_conflict(first, 0)
    assert exc.value.current == first and exc.value.code == "stale"
    assert sheet_lifecycle.resubmitted(first, 0, same=True)  # a double submit: no conflict
    assert not sheet_lifecycle.resubmitted(None, 0, same=False)


def test_a_closed_unit_refuses_with_its_own_words(round1, staff):
    closable.refuse_if_closed(round1, POSITION)
    round1.closed_at = timezone.now()
    with pytest.raises(ValidationError) as exc:
        closable.refuse_if_closed(round1, POSITION)
    assert exc.value.code == "round_closed"
    other = ValidationError("closed here", code="other")
    with pytest.raises(ValidationError) as exc:
        closable.refuse_if_closed(round1, POSITION, error=other)
    assert exc.value.code == "other"
