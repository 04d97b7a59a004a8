"""Rows read from a file, checked before any is written: what an import or a restore refuses.

``row_errors`` takes unsaved instances of one model, each with the name a message gives it
("staff_roles 3"), and says, row and field named, every value the model does not accept: its
type, its choices, its length, its validators (the integer range the database holds among
them), null; every check constraint the row breaks; every unique constraint (unique fields,
``unique_together``, ``UniqueConstraint``, the primary key) two of the rows break together.
The database enforces only part of this (no database knows the choices, SQLite keeps any
length) and names what it refuses by table and constraint, after rows were written: checking
first refuses a file with one message per row and field, before anything is written.

It does not look at foreign keys, which name rows of the file: the callers check them (their
instances hold stand-ins, or the file's ids) and say how a foreign key identifies its row for
uniqueness. Nor does it compare with rows already stored: the callers' rows are all new (a
tournament imported) or go into an emptied database (a restore). Nor does it ask what only forms
ask (``blank``): Django itself stores an account without a password as an empty one.
Integers are held to their type's range on every database (see ``RANGES``).
A check constraint (and a unique constraint's condition) is evaluated by the database on the
row's values, by a query that reads no table (once for rows whose values are alike).
"""

from collections.abc import Callable, Hashable, Iterable, Iterator

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _

# How many problems a refusal lists: enough to see a pattern, not a wall of text.
SHOWN = 5
# What each integer type holds on PostgreSQL (and on most databases). Django's validators use
# the database in use, and SQLite takes 64 bits in any of them: a file checked on SQLite must
# still load on PostgreSQL, and a value out of its type's range is no value the app wrote.
RANGES = BaseDatabaseOperations.integer_field_ranges


def _same(field, value) -> Hashable:
    return value


def row_errors(
    model,
    rows: Iterable[tuple[str, models.Model]],
    *,
    identity: Callable[[models.Field, object], Hashable] = _same,
) -> Iterator[str]:
    """Every problem of ``rows`` (``(name, instance)``), as a sentence naming row and field.

    ``identity(field, value)``: what a foreign key's value stands for when rows are compared
    for uniqueness (two ids of the file may name the same row here).
    """
    sound, conditions = [], _Conditions(model)
    for name, obj in rows:
        problems = list(_field_errors(model, name, obj))
        yield from problems
        if not problems:  # the constraints read values of the right type only
            problems = list(_check_errors(model, name, obj, conditions))
            yield from problems
        if not problems:
            sound.append((name, obj))
    yield from _unique_errors(model, sound, identity, conditions)


def refusal(errors: Iterable[str], message: str, code: str) -> ValidationError | None:
    """A ValidationError listing the first problems of ``errors`` after ``message`` (which
    takes ``%(errors)s``), or None if there are none."""
    shown = []
    for error in errors:
        shown.append(error)
        if len(shown) > SHOWN:
            shown[SHOWN:] = ["…"]
            break
    if not shown:
        return None
    return ValidationError(message, code=code, params={"errors": "; ".join(shown)})


def _field_errors(model, name: str, obj) -> Iterator[str]:
    """What ``Model.clean_fields`` says of each field but the foreign keys (and ``blank``), and
    of a value so odd that reading it raises; then the integer ranges. Each field's value is
    left as read (a string of digits becomes a number), as ``clean_fields`` leaves it."""
    for f in model._meta.concrete_fields:
        raw = getattr(obj, f.attname)
        if f.is_relation or (f.blank and _empty(f, raw)):
            continue
        try:
            value = f.clean(raw, obj)
            low, high = RANGES.get(f.get_internal_type(), (None, None))
            if low is not None and value is not None:
                MinValueValidator(low)(value)
                MaxValueValidator(high)(value)
        except ValidationError as exc:
            messages = [m for e in exc.error_list if e.code != "blank" for m in e.messages]
            if messages:
                yield row_error(name, f.name, " ".join(messages))
        except (ArithmeticError, TypeError, ValueError):  # a date given as a list, say
            yield row_error(name, f.name, _("%(value).60r cannot be read.") % {"value": raw})
        else:
            setattr(obj, f.attname, value)


def _empty(field, value) -> bool:
    try:
        return value in field.empty_values
    except TypeError:  # "in" compares with ==: a value that refuses it is not empty
        return False


def row_error(name: str, fields: str, error) -> str:
    """One problem: "staff_roles 3, role: Value 'god' is not a valid choice."."""
    return _("%(row)s, %(fields)s: %(error)s") % {"row": name, "fields": fields, "error": error}


def missing_row(name: str, field, value) -> str:
    """A foreign key naming a row the file does not hold."""
    return row_error(
        name,
        field.name,
        _("names a %(model)s (%(id)r) that the file does not contain.")
        % {"model": field.related_model._meta.verbose_name, "id": value},
    )


class _Conditions:
    """Whether a row's values meet a constraint's condition, as ``CheckConstraint.validate``
    decides it: the database evaluates the condition on the values (a NULL result holds, as in
    SQL). Rows with the same values in the fields a condition reads get the same answer, asked
    once: a seat's number takes five values over thousands of seats."""

    def __init__(self, model):
        self.model, self.answers = model, {}

    def hold(self, obj, condition: models.Q) -> bool:
        fields = sorted(condition.referenced_base_fields)
        try:
            key = (id(condition), *(getattr(obj, self._attname(f)) for f in fields))
            return self.answers[key]
        except TypeError:  # a value that is no key (JSON): asked for this row alone
            return self._ask(obj, condition)
        except KeyError:
            self.answers[key] = self._ask(obj, condition)
            return self.answers[key]

    def _attname(self, name: str) -> str:
        return "pk" if name == "pk" else self.model._meta.get_field(name).attname

    def _ask(self, obj, condition) -> bool:
        against = obj._get_field_expression_map(meta=self.model._meta)
        return models.Q(condition).check(against)


def _check_errors(model, name: str, obj, conditions: _Conditions) -> Iterator[str]:
    for constraint in model._meta.constraints:
        if isinstance(constraint, models.CheckConstraint) and not conditions.hold(
            obj, constraint.condition
        ):
            fields = ", ".join(sorted(constraint.condition.referenced_base_fields))
            yield row_error(name, fields, constraint.get_violation_error_message())


def _unique_sets(model) -> list[tuple[str, tuple[models.Field, ...], models.Q | None, bool]]:
    """(name, fields, condition, nulls distinct) of every uniqueness the model declares."""
    meta = model._meta
    plain = {(f,): f.name for f in meta.local_concrete_fields if f.unique}  # the primary key too
    for names in meta.unique_together:
        plain.setdefault(tuple(meta.get_field(n) for n in names), ", ".join(names))
    sets = []
    for c in meta.constraints:
        if isinstance(c, models.UniqueConstraint) and c.fields:  # expressions: none here
            fields = tuple(meta.get_field(n) for n in c.fields)
            if c.condition is None and c.nulls_distinct is not False:
                plain.setdefault(fields, c.name)
            else:
                sets.append((c.name, fields, c.condition, c.nulls_distinct is not False))
    return [(name, fields, None, True) for fields, name in plain.items()] + sets


def _unique_errors(model, rows, identity, conditions: _Conditions) -> Iterator[str]:
    for constraint, fields, condition, nulls_distinct in _unique_sets(model):
        seen: dict[tuple, str] = {}
        for name, obj in rows:
            values = tuple(getattr(obj, f.attname) for f in fields)
            if nulls_distinct and None in values:
                continue  # NULL equals nothing, in SQL
            if condition is not None and not conditions.hold(obj, condition):
                continue
            key = tuple(
                identity(f, v) if f.is_relation else v for f, v in zip(fields, values, strict=True)
            )
            if key in seen:
                yield row_error(
                    name,
                    ", ".join(f.name for f in fields),
                    _("the same as %(other)s (%(constraint)s).")
                    % {"other": seen[key], "constraint": constraint},
                )
            else:
                seen[key] = name
