"""The import preview's form: each row of the file as corrected in the table (``r-<i>-<field>``,
``r-<i>-skip`` to leave it out), whether to create the clubs the directory does not know and to
update the directory, and which button was pressed (check again, confirm, cancel).

It only reads the page: ``imports.check_rows`` judges the rows and the preview shows each
problem in its cell; nothing is written until the organiser confirms.
"""

from django import forms

from common.forms import Flag, PostedForm, Pressed

from .imports import FIELDS, MAX_ROWS

CELL_LENGTH = 200  # a cell longer than any name, licence or club


class RowInput(forms.Widget):
    """One row of the preview, ``r-<i>``: its cells ``r-<i>-<field>`` (None when not sent)
    and its ``r-<i>-skip`` box."""

    def value_from_datadict(self, data, files, name):
        return {"skip": data.get(f"{name}-skip"), **{f: data.get(f"{name}-{f}") for f in FIELDS}}

    def value_omitted_from_data(self, data, files, name):
        return False


class RowField(forms.Field):
    """A row as sent (a field a row: a file has thousands of cells)."""

    widget = RowInput

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)


class ImportPreviewForm(PostedForm):
    """What the preview posted; ``rows`` are the waiting rows as corrected (``previous``: the
    rows the page showed). A column the page does not show (the team, on an individual
    tournament) keeps the file's value."""

    create_clubs = Flag()
    update_directory = Flag()
    confirm = Pressed()
    cancel = Pressed()

    def __init__(self, *args, previous: list[dict], **kwargs):
        super().__init__(*args, **kwargs)
        self.previous = previous[:MAX_ROWS]
        row = RowField()  # it keeps no state: one for every row
        for index in range(len(self.previous)):
            self.fields[f"r-{index}"] = row

    def clean(self):
        data = super().clean()
        rows = []
        for index, before in enumerate(self.previous):
            typed = data.pop(f"r-{index}")
            if not typed["skip"]:
                rows.append({name: _cell(typed[name], before.get(name, "")) for name in FIELDS})
        return {**data, "rows": rows}


def _cell(typed: str | None, before: str) -> str:
    """A cell as corrected: as typed, or as the file had it when the page did not send it."""
    return (before if typed is None else typed)[:CELL_LENGTH]
