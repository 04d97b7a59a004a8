"""Audit actions are declared values with labels, never bare strings (issue 16)."""

import re
from pathlib import Path

import pytest
from django.utils import translation

from arbitration.actions import Action as ArbitrationAction
from scoring.actions import Action as ScoringAction
from tournaments.actions import Action as TournamentAction
from tournaments.extensions import audit_action_label
from tournaments.models import AuditEntry
from tournaments.services import audit_log

ROOT = Path(__file__).resolve().parents[2]
ACTIONS = [*TournamentAction, *ScoringAction, *ArbitrationAction]


@pytest.mark.django_db
def test_the_audit_log_refuses_an_action_no_app_declared():
    with pytest.raises(ValueError, match="sheet.entred"):
        audit_log(action="sheet.entred")
    assert not AuditEntry.objects.exists()
    entry = audit_log(action=ScoringAction.SHEET_ENTERED)
    assert AuditEntry.objects.get().action == "sheet.entered" == entry.action


def test_every_action_is_declared_once_and_shown_in_words():
    values = [action.value for action in ACTIONS]
    assert len(values) == len(set(values))
    with translation.override("fr"):
        for action in ACTIONS:
            label = audit_action_label(action.value)
            assert label and label != action.value
        assert AuditEntry(action="sheet.confirmed").label == "Feuille de marque confirmée"


def test_no_service_writes_an_action_as_a_bare_string():
    bare = re.compile(r'action\s*=\s*f?"[a-z_]+\.|else f?"[a-z_]+\.[a-z_]+"')
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for package in ("tournaments", "scoring", "arbitration", "common")
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if bare.search(line)
    ]
    assert found == []
