"""What apps built on ``tournaments`` tell it, so that it never names them.

``tournaments`` is the lowest layer (import-linter holds it to that), yet a few of its rules
depend on what the layers above record:

- ``results_exist``: a position with results (score sheets) is locked, its seating changed
  only by an arbitre's correction, and a tournament with results keeps the settings its sheets
  were checked against. ``scoring`` registers how to tell.
- ``register_table_results``: the tables of a position that have results (a score sheet
  entered), so that the position page can print again the sheets of those still missing.
  ``scoring`` registers how to tell.
- ``register_finished_rounds``: the positions of a duplicate séance whose play is over (every
  table's scores in), so that the public seating page and the projector show the position being
  played. ``scoring`` registers how to tell.
- ``register_seating_page``: the public seating page of a tournament whose players are not
  seated by positions (a team match: its quarters and rooms). ``scoring`` registers it.
- ``not_seating``: the audit actions that never change where anyone sits (sheets, penalties,
  incidents...), left out of the seating page's change stamp. ``scoring`` and ``arbitration``
  register their prefixes.
- ``register_seating_actions``: the audit actions of an app above that seat the players from
  those present (a team match's matches drawn), after which an « all present » is no longer
  taken back. ``scoring`` registers its own.
- ``register_renamed_field``: a field an app renamed; a tournament document or a backup
  written before the rename is read with the new name.
- ``register_audit_actions``: the audit actions an app writes, with their labels; the audit
  log refuses any other, and the pages show the labels.
- the tournament document (``transfer``): the sections of rows an app adds to a tournament
  (``register_sections``), the ids its rows hide in JSON or text (``register_hidden_ids``), the
  keys of its audit data that hold ids (``register_audit_ids``) or another value to translate
  (``register_audit_value``). The import remaps them with the new ids; ``tournaments`` names
  no model of theirs.

Registered from the apps' ``AppConfig.ready``; a registry is a plain list read at request time.
"""

from collections.abc import Callable
from typing import NamedTuple

from django.db.models import QuerySet

# Each: rounds (a queryset of Round) -> the subset of them that has results.
_RESULTS: list[Callable[[QuerySet], QuerySet]] = []
_NOT_SEATING: set[str] = set()


def register_results(with_results: Callable[[QuerySet], QuerySet]) -> None:
    if with_results not in _RESULTS:
        _RESULTS.append(with_results)


def register_not_seating(*prefixes: str) -> None:
    _NOT_SEATING.update(prefixes)


def rounds_with_results(rounds: QuerySet) -> bool:
    """True when one of ``rounds`` has results an app above recorded."""
    return any(with_results(rounds).exists() for with_results in _RESULTS)


_TABLE_RESULTS: list[Callable[[QuerySet], QuerySet]] = []


def register_table_results(with_results: Callable[[QuerySet], QuerySet]) -> None:
    """``with_results``: tables (a queryset of Table) -> the subset of them that has results."""
    if with_results not in _TABLE_RESULTS:
        _TABLE_RESULTS.append(with_results)


def tables_without_results(tables: QuerySet) -> QuerySet:
    """``tables`` less those that have results an app above recorded (all of them if no app
    registered how to tell)."""
    for with_results in _TABLE_RESULTS:
        tables = tables.exclude(pk__in=with_results(tables).values("pk"))
    return tables


# Each: rounds (a queryset of Round) -> the ids of those whose play is over.
_FINISHED: list[Callable[[QuerySet], set[int]]] = []


def register_finished_rounds(finished: Callable[[QuerySet], set[int]]) -> None:
    if finished not in _FINISHED:
        _FINISHED.append(finished)


def finished_rounds(rounds: QuerySet) -> set[int]:
    """The ids of ``rounds`` whose play is over, as an app above tells (none if no app
    registered how to tell)."""
    return set().union(*(finished(rounds) for finished in _FINISHED))


# Each: (tournament -> whether the page is its, view(request, tournament) -> response).
_SEATING_PAGES: list[tuple[Callable, Callable]] = []


def register_seating_page(applies: Callable, view: Callable) -> None:
    if (applies, view) not in _SEATING_PAGES:
        _SEATING_PAGES.append((applies, view))


def seating_page(tournament) -> Callable | None:
    """The view an app above shows as ``tournament``'s seating page, or None (positions)."""
    return next((view for applies, view in _SEATING_PAGES if applies(tournament)), None)


def not_seating() -> tuple[str, ...]:
    return tuple(sorted(_NOT_SEATING))


class Section(NamedTuple):
    """A list of rows in a tournament document: its key, the model's label, the path from a
    row to its tournament, and fields left out (meaningless on another installation)."""

    key: str
    model: str
    path: str
    left_out: tuple[str, ...] = ()


# (value, row, maps) -> the value with the new ids; ``maps``: model label -> {old id: new id}.
Convert = Callable[[object, dict, dict], object]
_SECTIONS: list[Section] = []
_HIDDEN_IDS: dict[tuple[str, str], Convert] = {}
_AUDIT_IDS: dict[str, str] = {}
_AUDIT_VALUES: dict[str, Convert] = {}


def register_sections(*sections: Section, before: str | None = None) -> None:
    """Add ``sections`` to the document, in the order the import creates them: after those
    registered before, or just before the section ``before`` (one that its rows' ids must be
    known to)."""
    new = [s for s in sections if s.key not in {known.key for known in _SECTIONS}]
    at = next((i for i, s in enumerate(_SECTIONS) if s.key == before), len(_SECTIONS))
    _SECTIONS[at:at] = new


def register_hidden_ids(model: str, field: str, convert: Convert) -> None:
    """``field`` of ``model`` holds ids (or names rows) in JSON or text: ``convert`` remaps it."""
    _HIDDEN_IDS[(model, field)] = convert


def register_audit_ids(**keys: str) -> None:
    """Keys of audit data holding the primary key of a row of a model (key=model label)."""
    _AUDIT_IDS.update(keys)


def register_audit_value(key: str, convert: Convert) -> None:
    """A key of audit data whose value names rows otherwise: ``convert`` remaps it."""
    _AUDIT_VALUES[key] = convert


def transfer_sections() -> tuple[Section, ...]:
    return tuple(_SECTIONS)


def hidden_ids() -> dict[tuple[str, str], Convert]:
    return dict(_HIDDEN_IDS)


def audit_ids() -> dict[str, str]:
    return dict(_AUDIT_IDS)


def audit_values() -> dict[str, Convert]:
    return dict(_AUDIT_VALUES)


_ACTIONS: dict[str, object] = {}  # value -> label


def register_audit_actions(choices) -> None:
    """The actions (a ``TextChoices``) an app's services write in the audit log."""
    _ACTIONS.update(choices.choices)


_SEATING_ACTIONS: list[str] = []


def register_seating_actions(*actions: str) -> None:
    _SEATING_ACTIONS.extend(a for a in actions if a not in _SEATING_ACTIONS)


def seating_actions() -> tuple[str, ...]:
    return tuple(_SEATING_ACTIONS)


def is_audit_action(action: str) -> bool:
    return action in _ACTIONS


def audit_action_label(action: str) -> str:
    """What an audit entry's action says, in the reader's language (the value if unknown)."""
    return str(_ACTIONS.get(action, action))


_RENAMED: dict[str, dict[str, str]] = {}  # model label, lower case -> {old name: new name}


def register_renamed_field(model: str, old: str, new: str) -> None:
    _RENAMED.setdefault(model.lower(), {})[old] = new


def renamed_fields(model: str) -> dict[str, str]:
    """{old name: new name}: the fields of ``model`` (a label) renamed since files were written."""
    return _RENAMED.get(model.lower(), {})


def rename_old_fields(model: str, row: dict) -> None:
    """Give ``row`` (a file's values for a row of ``model``) the fields' current names."""
    for old, new in renamed_fields(model).items():
        if old in row and new not in row:
            row[new] = row.pop(old)


# Each: tournament -> (what to say, the link's text, its URL), or None: what an app above asks
# the organiser to fill, shown on the settings page (arbitration: an empty penalty scale).
_SETTINGS_NOTES: list[Callable] = []


def register_settings_note(note: Callable) -> None:
    if note not in _SETTINGS_NOTES:
        _SETTINGS_NOTES.append(note)


def settings_notes(tournament) -> list[tuple[str, str, str]]:
    return [said for note in _SETTINGS_NOTES if (said := note(tournament)) is not None]
