"""A seat's index at its table is its number (0 Nord, 1 Est, 2 Sud, 3 Ouest, 4 the fifth seat),
as a round's and a table's are: "position" is the round's word. A rename: the column and its
rows are kept. Django has no operation renaming a check constraint, and a rename of the field
does not rewrite the constraints that name it, so both are removed before the rename and added
under their new names after it."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_document_run"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="seat", name="seat_position_unique"),
        migrations.RemoveConstraint(model_name="seat", name="seat_position_0_4"),
        migrations.RenameField(model_name="seat", old_name="position", new_name="number"),
        migrations.AlterModelOptions(
            name="seat",
            options={
                "ordering": ["table", "number"],
                "verbose_name": "seat",
                "verbose_name_plural": "seats",
            },
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.UniqueConstraint(
                fields=("table", "number"), name="seat_number_unique"
            ),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.CheckConstraint(
                condition=models.Q(("number__lte", 4)), name="seat_number_0_4"
            ),
        ),
    ]
