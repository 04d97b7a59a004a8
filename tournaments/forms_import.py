"""The import preview's form: each row of the file as corrected in the table (``r-<i>-<field>``,
``r-<i>-skip`` to leave it out), whether to create the clubs the directory does not know and to
update the directory, and which button was pressed (check again, confirm, cancel).

It only reads the page: ``imports.check_rows`` judges the rows and the preview shows each
problem in its cell; nothing is written until the organiser confirms.
"""

from common.forms import Flag, PostedForm, PostedText, Pressed

from .imports import FIELDS, MAX_ROWS

CELL_LENGTH = 200  # a cell longer than any name, licence or club


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
        # One field object for every cell: it keeps no state, and a file has thousands.
        cell, skip = PostedText(missing=None), Flag()
        for index in range(len(self.previous)):
            self.fields[f"r-{index}-skip"] = skip
            for name in FIELDS:
                self.fields[f"r-{index}-{name}"] = cell

    def clean(self):
        data = super().clean()
        rows = []
        for index, row in enumerate(self.previous):
            if data[f"r-{index}-skip"]:
                continue
            typed = {name: data[f"r-{index}-{name}"] for name in FIELDS}
            rows.append(
                {
                    name: (row.get(name, "") if value is None else value)[:CELL_LENGTH]
                    for name, value in typed.items()
                }
            )
        return {**data, "rows": rows}
