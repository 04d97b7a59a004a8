"""The forms that own the pages' field names read a POST as the views used to by hand: the
shared fields (common/forms.py), the travelling sheet and the table report
(scoring/formats/duplicate/forms_entry.py), the import preview (tournaments/forms_import.py).
No database: they only read."""

from types import SimpleNamespace

import pytest
from django.http import QueryDict

from common.forms import BaseVersionForm, ConfirmForm, ReopenForm
from scoring.formats.duplicate.forms_entry import TableReportForm, TravellingSheetForm
from scoring.formats.duplicate.travelling_entry import LineEntry
from scoring.formats.libre.forms_actions import SheetSaveForm
from tournaments.forms_actions import AddAnotherForm, CheckInAllUndoForm, CheckInForm
from tournaments.forms_import import ImportPreviewForm


def post(text: str) -> QueryDict:
    return QueryDict(text)


@pytest.mark.parametrize(
    ("sent", "version"),
    [("", -1), ("base_version=3", 3), ("base_version=-2", 0), ("base_version=x", -1)],
)
def test_a_version_missing_or_no_number_matches_none(sent, version):
    """Issue 36: a sheet posted without its version meets the conflict answer."""
    assert BaseVersionForm.read(post(sent))["base_version"] == version
    travelling = TravellingSheetForm(post(sent), plays=PLAYS)
    assert travelling.is_valid() and travelling.cleaned_data["base_version"] == version


def test_the_libre_save_takes_a_missing_version_for_none_and_cuts_the_token():
    assert SheetSaveForm.read(post("")) == {"base_version": -1, "token": None, "confirm": False}
    read = SheetSaveForm.read(post(f"base_version=2&token={'a' * 70}&confirm=1"))
    assert read == {"base_version": 2, "token": "a" * 64, "confirm": True}


def test_flags_buttons_and_reasons_read_as_before():
    assert ReopenForm.read(post("reopen=1&reason=+a+typo+")) == {
        "reopen": True,
        "reason": " a typo ",  # as typed: the service cleans it
    }
    assert ReopenForm.read(post("reopen=")) == {"reopen": False, "reason": ""}
    assert ConfirmForm.read(post("confirm=1&version=4")) == {"confirm": True, "version": 4}
    assert ConfirmForm.read(post("confirm=1"))["version"] == -1  # issue 36: matches none
    assert CheckInForm.read(post("present=on"))["present"] is False  # "1" only
    assert AddAnotherForm.read(post("another="))["another"] is True  # the button was sent
    assert AddAnotherForm.read(post(""))["another"] is False
    assert CheckInAllUndoForm.read(post("entry=%D9%A3"))["entry"] == 0  # not ASCII digits
    assert CheckInAllUndoForm.read(post("entry=12"))["entry"] == 12


def play(position, table):
    return SimpleNamespace(position=position, table=table)


def stored(position, table, score, **marks):
    values = {"rature": False, "adjusted": False, "cancelled": False, "adjust_reason": ""}
    values |= {"assigned_notes": {}, **marks}
    return SimpleNamespace(
        pk=position * 100 + table,
        round=SimpleNamespace(number=position),
        table_number=table,
        score=score,
        **values,
    )


PLAYS = [play(1, 1), play(2, 3), play(3, 2)]


def test_the_travelling_sheet_builds_the_entry_the_services_take():
    form = TravellingSheetForm(
        post("score-0=%2B56&score-1=&score-2=%E2%88%9252&rature-2=on&reason=late"),
        plays=PLAYS,
    )
    assert form.is_valid()
    assert form.entry.reason == "late"
    assert form.entry.lines == (
        LineEntry(position=1, table=1, score=56),
        LineEntry(position=3, table=2, score=-52, rature=True),
    )
    assert form.typed[1].text == "" and form.row_errors(1) == []


def test_a_score_that_is_no_number_is_said_next_to_its_row_and_left_out():
    form = TravellingSheetForm(post("score-0=12a&score-1=%2B40"), plays=PLAYS)
    assert not form.is_valid()
    assert "12a" in form.row_errors(0)[0]
    assert [line.table for line in form.entry.lines] == [3]
    problem = SimpleNamespace(code="line_twice", params={"table": 3, "position": 2}, index=0)
    form.refused([problem, SimpleNamespace(code="line_twice", params=problem.params, index=None)])
    assert len(form.row_errors(1)) == 1 and len(form.sheet_errors) == 1


def test_before_anything_is_posted_the_sheet_shows_the_stored_lines():
    lines = [stored(1, 1, 56), stored(3, 2, None, cancelled=True, assigned_notes={"N": 60})]
    form = TravellingSheetForm(plays=PLAYS, stored=lines)
    assert [row.text for row in form.typed] == ["+56", "", ""]
    assert form.typed[2].cancelled and form.typed[2].assigned_notes == {"N": 60}
    assert form.typed_reason == "" and form.sheet_errors == []


def test_the_triplettes_attacker_is_the_one_chosen_else_the_one_expected():
    form = TravellingSheetForm(
        post("score-0=10&attacker-0=7&score-1=20&attacker-1=x&score-2=30"),
        plays=PLAYS,
        expected=[5, 6, None],
    )
    assert [line.attacker for line in form.entry.lines] == [7, 6, None]
    assert "attacker-0" not in TravellingSheetForm(plays=PLAYS).fields  # no such column


def test_a_table_report_reads_the_position_sent_and_its_scores():
    boards_at = {1: [1, 2], 2: [3, 4]}
    form = TableReportForm(post("position=2&score-3=%2B12&score-4=&score-1=9"), boards_at=boards_at)
    assert form.is_valid() and form.posted == 2 and form.scores == {3: 12}
    form = TableReportForm(post("position=1&score-1=zz"), boards_at=boards_at)
    assert not form.is_valid() and form.text(1) == "zz" and form.board_errors(1)
    assert TableReportForm(post("position=5"), boards_at=boards_at).posted is None


def test_the_import_preview_keeps_what_it_does_not_show_and_leaves_out_the_skipped():
    previous = [
        {"licence": "1", "last_name": "A", "team": "Reds"},
        {"licence": "2", "last_name": "B", "team": ""},
    ]
    asked = ImportPreviewForm.read(
        post(f"r-0-last_name=Alpha&r-0-club={'x' * 250}&r-1-skip=1&create_clubs=1&confirm=1"),
        previous=previous,
    )
    assert asked["rows"] == [
        {
            "licence": "1",
            "last_name": "Alpha",
            "first_name": "",
            "club": "x" * 200,
            "email": "",
            "team": "Reds",
        }
    ]
    assert asked["create_clubs"] and asked["confirm"]
    assert not asked["cancel"] and not asked["update_directory"]
