"""Regressions: a tournament export or a database backup edited to hold what the models refuse
(a role "god" gave a 500 on every staff page once imported; a sheet status "bogus" was silently
not counted) is refused before anything is written, with a message naming the row and the
field; the database is as it was."""

import copy
import io
import json
import re

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from scoring.formats.libre import services as scoring
from scoring.formats.libre.forms import read_entry
from scoring.services_ledger import penalty_apply
from tests.scoring.conftest import SAMPLE, VISAS, seat_and_publish
from tournaments import backups
from tournaments.transfer import tournament_export, tournament_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(tournament, staff):
    """A tournament with a row of each kind the cases spoil: roles, seats, a sheet and its
    marks, a penalty."""
    round1 = seat_and_publish(tournament, staff["organiser"], 8)
    table = round1.tables.get(number=1)
    scoring.scoresheet_save(
        table=table, user=staff["scorer"], entry=read_entry({**SAMPLE, **VISAS}), base_version=0
    )
    north = table.seats.get(number=0).registration
    penalty_apply(registration=north, points=20, reason="noise", user=staff["arbitre"])
    return tournament


def everything() -> dict[str, int]:
    return {m._meta.label: m._base_manager.count() for m in apps.get_models()}


# (section of the export, model of the backup, the change, the message expected)
CASES = {
    "a role that is no role": (
        "staff_roles", "tournaments.staffrole", {"role": "god"},
        r"role: Value 'god' is not a valid choice\.",
    ),
    "a sheet status that is no status": (
        "score_sheets", "scoring.scoresheet", {"status": "bogus"},
        r"status: Value 'bogus' is not a valid choice\.",
    ),
    "an integer out of range": (
        "marks", "scoring.mark", {"value": 10**12},
        r"value: Ensure this value is less than or equal to 2147483647\.",
    ),
    "a negative seat number": (
        "seats", "tournaments.seat", {"number": -1},
        r"number: Ensure this value is greater than or equal to 0\.",
    ),
    "a string too long": (
        "score_sheets", "scoring.scoresheet", {"short_reason": "x" * 301},
        r"short_reason: Ensure this value has at most 300 characters \(it has 301\)\.",
    ),
    "a broken check constraint": (
        "penalties", "scoring.penalty", {"points": 0},
        r"points: Constraint “penalty_points_positive” is violated\.",
    ),
    "a table of six": (
        "tables", "tournaments.table", {"size": 6},
        r"size: Constraint “table_size_3_4_5” is violated\.",
    ),
    "a licence that is no licence": (
        "players", "tournaments.player", {"licence": "<script>"},
        r"licence: ",
    ),
}  # fmt: skip


def export_with(document: dict, section: str, change: dict) -> dict:
    spoilt = copy.deepcopy(document)
    rows = spoilt["tournament"] if section == "tournament" else spoilt[section]
    rows[-1].update(change)
    return spoilt


@pytest.mark.parametrize("case", CASES)
def test_an_export_that_breaks_a_model_is_refused_before_any_write(played, case):
    section, _label, change, message = CASES[case]
    document = export_with(tournament_export(tournament=played), section, change)
    before = everything()
    with pytest.raises(ValidationError) as exc:
        tournament_import(document=document, slug="copie")
    assert exc.value.code == "invalid"
    last = document[section][-1]["id"]
    assert re.search(rf"{section} {last}, {message}", exc.value.messages[0]), exc.value.messages
    assert everything() == before


def test_two_rows_that_break_a_unique_constraint_are_refused(played, staff):
    document = tournament_export(tournament=played)
    first, second = document["staff_roles"][:2]
    second["user"] = first["user"]
    with pytest.raises(ValidationError) as exc:
        tournament_import(document=document, slug="copie")
    assert (
        f"staff_roles {second['id']}, tournament, user: the same as staff_roles {first['id']} "
        "(staff_role_unique)."
    ) in exc.value.messages[0]
    assert not played.__class__.objects.filter(slug="copie").exists()


def test_an_account_that_cannot_be_created_is_refused(played):
    document = tournament_export(tournament=played)
    document["staff_roles"][0]["user"] = "no spaces allowed" * 20
    before = everything()
    with pytest.raises(ValidationError) as exc:
        tournament_import(document=document, slug="copie")
    assert "account 'no spaces allowed" in exc.value.messages[0]
    assert everything() == before


def test_a_value_that_cannot_be_read_is_named(played):
    document = export_with(tournament_export(tournament=played), "rounds", {"published_at": [1]})
    with pytest.raises(ValidationError) as exc:
        tournament_import(document=document, slug="copie")
    last = document["rounds"][-1]["id"]
    assert f"rounds {last}, published_at: [1] cannot be read." in exc.value.messages[0]


def test_a_row_missing_its_position_says_so(played):
    document = tournament_export(tournament=played)
    with pytest.raises(ValidationError) as exc:
        tournament_import(document={**document, "seats": [{"id": 1}]}, slug="copie")
    assert "seats 1, round: This field cannot be null." in exc.value.messages[0]


def test_the_import_command_answers_with_the_message(played, tmp_path):
    document = export_with(tournament_export(tournament=played), "staff_roles", {"role": "god"})
    path = tmp_path / "spoilt.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CommandError, match=r"staff_roles \d+, role: Value 'god' is not a valid"):
        call_command("import_tournament", str(path), "--slug", "copie")
    with pytest.raises(CommandError, match=r"staff_roles \d+, role: Value 'god' is not a valid"):
        call_command("restore", str(path), "--slug", "copie")


# --- the whole database ----------------------------------------------------------------------


def database_document() -> dict:
    stream = io.StringIO()
    backups.database_backup(stream=stream)
    return json.loads(stream.getvalue())


def backup_with(document: dict, label: str, change: dict) -> tuple[dict, str]:
    spoilt = copy.deepcopy(document)
    row = [o for o in spoilt["objects"] if o["model"] == label][-1]
    row["fields"].update(change)
    return spoilt, f"{label} {row['pk']}"


@pytest.mark.parametrize("case", CASES)
def test_a_backup_that_breaks_a_model_is_refused_before_any_write(played, case):
    _section, label, change, message = CASES[case]
    document, name = backup_with(database_document(), label, change)
    before = everything()
    with pytest.raises(ValidationError) as exc:
        backups.database_restore(document=document, replace=True)
    assert exc.value.code == "invalid"
    assert re.search(rf"{name}, {message}", exc.value.messages[0]), exc.value.messages
    assert everything() == before


def test_a_backup_whose_rows_break_a_unique_constraint_is_refused(played):
    document = database_document()
    first, second = [o for o in document["objects"] if o["model"] == "tournaments.staffrole"][:2]
    second["fields"]["user"] = first["fields"]["user"]
    with pytest.raises(ValidationError) as exc:
        backups.database_restore(document=document, replace=True)
    assert (
        f"tournaments.staffrole {second['pk']}, tournament, user: the same as "
        f"tournaments.staffrole {first['pk']} (staff_role_unique)."
    ) in exc.value.messages[0]


def test_the_restore_command_answers_with_the_message(played, tmp_path):
    document, name = backup_with(database_document(), "scoring.scoresheet", {"status": "bogus"})
    path = tmp_path / "spoilt.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    before = everything()
    with pytest.raises(CommandError, match=rf"{name}, status: Value 'bogus' is not a valid"):
        call_command("restore", str(path), "--replace")
    assert everything() == before
