"""What the apps built on ``tournaments`` tell it, so that it never names them: one object per app.

``tournaments`` is the lowest layer (import-linter holds it to that), yet a few of its rules
depend on what the layers above record. Each app says all of it in one place: a subclass of
``Extension`` (``scoring.extension``, ``arbitration.extension``; ``tournaments`` has its own in
``tournaments.apps``), of which its ``AppConfig.ready`` registers one instance (``register``).
What an app has nothing to say about keeps the default, which says nothing.

What an extension tells (attributes, read at request time):

- ``results``: how to tell a position with results (score sheets): it is locked, its seating
  changed only by an arbitre's correction, and a tournament with results keeps the settings its
  sheets were checked against. Each filter narrows a queryset of ``Round`` to those with results.
- ``not_seating``: the prefixes of the audit actions that never change where anyone sits
  (sheets, penalties, incidents...), left out of the seating page's change stamp.
- ``unseen``: the audit actions that change nothing a page outside the staff's shows, nor a
  document prints (a deal entered at a table, waiting for its approval): they do not move the
  tournament's change stamp, so the public pages and the caches keyed by it stay as they are.
- ``seating_actions``: the audit actions that seat the players from those present (a team
  match's matches drawn), after which an « all present » is no longer taken back.
- ``audit_actions``: the actions (a ``TextChoices``) the app writes in the audit log, with their
  labels; the log refuses any other, and the pages show the labels.
- ``renamed_fields``: fields the app renamed (model label -> {old name: new name}); a tournament
  document or a backup written before the rename is read with the new names.
- the tournament document (``tournaments.transfer``): the ``sections`` of rows the app adds (in
  the order the import creates them; a section's ``before`` puts it ahead of another one), the
  ids its rows hide in JSON or text (``hidden_ids``), the keys of its audit data that hold ids
  (``audit_ids``) or another value to translate (``audit_values``). The import remaps them with
  the new ids; ``tournaments`` names no model of theirs.

What ``tournaments`` asks or tells an extension (methods, each with a default):

- ``tables_with_results``: the tables of a position that have results (a score sheet entered),
  so that the position page prints again the sheets of those still missing.
- ``finished_rounds``: the positions of a duplicate séance whose play is over (every table's
  scores in), so that the public seating page and the projector show the position being played.
- ``seating_page``: the public seating page of a tournament whose players are not seated by
  positions (a team match: its quarters and rooms).
- ``settings_note``: what the app asks the organiser to fill, on the settings page.
- ``enters_at_table``: whether the tables of a tournament of a format may enter their own
  scores on the players' phones, so that the settings page offers the switch only where it
  works (a team match plays on paper).
- ``score_sheet_notes``: short texts printed on a position's score sheets, by table.
- ``table_codes``: how each table of a position reaches its own page to enter its deals (an
  address for a QR code, a short code and where to type it), printed on the table cards and
  score sheets; none where the tables enter on paper.
- ``sheets_follow_seats``: an arbitre moved players of a position whose results exist, inside
  the swap's transaction: the app's records follow the seats.
- ``after_audit``: an audit entry was written, inside the transaction of the write it records
  (every write writes one, so the tournament's change stamp has just moved).

The module-level functions are what ``tournaments`` reads: each asks every registered extension.
"""

from collections.abc import Callable, Mapping
from functools import cache
from typing import NamedTuple

from django.db.models import QuerySet


class Section(NamedTuple):
    """A list of rows in a tournament document: its key, the model's label, the path from a
    row to its tournament, fields left out (meaningless on another installation), and the key
    of a section that must come after it (one whose rows name this one's), if any."""

    key: str
    model: str
    path: str
    left_out: tuple[str, ...] = ()
    before: str | None = None


# (value, row, maps) -> the value with the new ids; ``maps``: model label -> {old id: new id}.
Convert = Callable[[object, dict, dict], object]
# A queryset of rows -> the subset of them that has results.
Narrow = Callable[[QuerySet], QuerySet]


class TableCode(NamedTuple):
    """How the players of one table reach its page at one position: ``address`` (absolute,
    drawn as a QR code), or ``code`` typed at ``code_address`` (absolute, short)."""

    address: str
    code: str
    code_address: str


class Extension:
    """What one app built on ``tournaments`` tells it (see the module's docstring). Subclass it,
    override what concerns the app, and register one instance at start-up."""

    results: tuple[Narrow, ...] = ()
    not_seating: tuple[str, ...] = ()
    unseen: tuple[str, ...] = ()
    seating_actions: tuple[str, ...] = ()
    audit_actions = None  # a TextChoices
    renamed_fields: Mapping[str, Mapping[str, str]] = {}
    sections: tuple[Section, ...] = ()
    hidden_ids: Mapping[tuple[str, str], Convert] = {}
    audit_ids: Mapping[str, str] = {}
    audit_values: Mapping[str, Convert] = {}

    def tables_with_results(self, tables: QuerySet) -> QuerySet | None:
        """``tables`` (a queryset of Table) narrowed to those with results; None: no say."""
        return None

    def finished_rounds(self, rounds: QuerySet) -> set[int]:
        """The ids of ``rounds`` whose play is over."""
        return set()

    def seating_page(self, tournament) -> Callable | None:
        """The view (request, tournament) -> response shown as ``tournament``'s seating page,
        or None (the positions' page)."""
        return None

    def settings_note(self, tournament) -> tuple[str, str, str] | None:
        """(what to say, the link's text, its URL), shown on the settings page, or None."""
        return None

    def home_links(self, user) -> list[tuple[str, str]]:
        """(the link's text, its URL) of the app's staff pages ``user`` may open, shown on the
        staff home page."""
        return []

    def enters_at_table(self, format: str) -> bool:
        """Whether the tables of a tournament of ``format`` (a ``Tournament.Format`` value) may
        enter their own scores."""
        return False

    def score_sheet_notes(self, round) -> Mapping[int, list[str]]:
        """{table number: [short texts]} printed on those tables' sheets under the title."""
        return {}

    def table_codes(self, round, site: str) -> Mapping[int, TableCode]:
        """{table number: its ``TableCode``} for the tables of ``round`` that enter at the
        table; ``site`` is the server's address as the players reach it ("http://10.0.0.2:8000")."""
        return {}

    def sheets_follow_seats(self, *, round, moves, user, reason: str) -> None:
        """``moves``: ``(table id, seat, old registration id, new registration id)``, who now
        sits where someone else sat. Called inside the swap's transaction."""

    def after_audit(self, entry) -> None:
        """``entry`` (an ``AuditEntry``) was written, inside its write's transaction."""


_EXTENSIONS: list[Extension] = []


def register(extension: Extension) -> None:
    """Add an app's extension (once: registering its class again changes nothing)."""
    if not any(type(known) is type(extension) for known in _EXTENSIONS):
        _EXTENSIONS.append(extension)
        _actions.cache_clear()


def registered() -> tuple[Extension, ...]:
    return tuple(_EXTENSIONS)


def rounds_with_results(rounds: QuerySet) -> bool:
    """True when one of ``rounds`` has results an app above recorded."""
    return any(with_results(rounds).exists() for ext in _EXTENSIONS for with_results in ext.results)


def tables_without_results(tables: QuerySet) -> QuerySet:
    """``tables`` less those that have results an app above recorded (all of them if no app
    tells)."""
    for ext in _EXTENSIONS:
        with_results = ext.tables_with_results(tables)
        if with_results is not None:
            tables = tables.exclude(pk__in=with_results.values("pk"))
    return tables


def finished_rounds(rounds: QuerySet) -> set[int]:
    """The ids of ``rounds`` whose play is over, as an app above tells (none if no app tells)."""
    return set().union(*(ext.finished_rounds(rounds) for ext in _EXTENSIONS))


def seating_page(tournament) -> Callable | None:
    """The view an app above shows as ``tournament``'s seating page, or None (positions)."""
    return next(
        (view for ext in _EXTENSIONS if (view := ext.seating_page(tournament)) is not None), None
    )


def not_seating() -> tuple[str, ...]:
    return tuple(sorted({prefix for ext in _EXTENSIONS for prefix in ext.not_seating}))


def unseen() -> tuple[str, ...]:
    return tuple(sorted({action for ext in _EXTENSIONS for action in ext.unseen}))


def seating_actions() -> tuple[str, ...]:
    return tuple(dict.fromkeys(action for ext in _EXTENSIONS for action in ext.seating_actions))


def transfer_sections() -> tuple[Section, ...]:
    """The apps' sections in the order the import creates them: each app's after those of the
    apps registered before it, but a section with ``before`` just ahead of that one."""
    placed: list[Section] = []
    for section in (s for ext in _EXTENSIONS for s in ext.sections):
        if section.key in {known.key for known in placed}:
            continue
        keys = [known.key for known in placed]
        at = keys.index(section.before) if section.before in keys else len(placed)
        placed.insert(at, section)
    return tuple(placed)


def hidden_ids() -> dict[tuple[str, str], Convert]:
    """(model label, field) -> how to remap the ids that field holds in JSON or text."""
    return {key: convert for ext in _EXTENSIONS for key, convert in ext.hidden_ids.items()}


def audit_ids() -> dict[str, str]:
    """Keys of audit data holding the primary key of a row of a model (key -> model label)."""
    return {key: model for ext in _EXTENSIONS for key, model in ext.audit_ids.items()}


def audit_values() -> dict[str, Convert]:
    """Keys of audit data whose value names rows otherwise -> how to remap it."""
    return {key: convert for ext in _EXTENSIONS for key, convert in ext.audit_values.items()}


@cache
def _actions() -> dict[str, object]:
    """value -> label of every audit action an app declared (read at each write and label)."""
    return {
        value: label
        for ext in _EXTENSIONS
        if ext.audit_actions is not None
        for value, label in ext.audit_actions.choices
    }


def is_audit_action(action: str) -> bool:
    return action in _actions()


def audit_action_label(action: str) -> str:
    """What an audit entry's action says, in the reader's language (the value if unknown)."""
    return str(_actions().get(action, action))


def renamed_fields(model: str) -> dict[str, str]:
    """{old name: new name}: the fields of ``model`` (a label) renamed since files were written."""
    return {
        old: new
        for ext in _EXTENSIONS
        for label, names in ext.renamed_fields.items()
        if label.lower() == model.lower()
        for old, new in names.items()
    }


def rename_old_fields(model: str, row: dict) -> None:
    """Give ``row`` (a file's values for a row of ``model``) the fields' current names."""
    for old, new in renamed_fields(model).items():
        if old in row and new not in row:
            row[new] = row.pop(old)


def settings_notes(tournament) -> list[tuple[str, str, str]]:
    """What the apps above ask the organiser to fill (arbitration: an empty penalty scale)."""
    return [said for ext in _EXTENSIONS if (said := ext.settings_note(tournament)) is not None]


def home_links(user) -> list[tuple[str, str]]:
    """The staff pages of the apps above that ``user`` may open (a club's challenges)."""
    return [link for ext in _EXTENSIONS for link in ext.home_links(user)]


def enters_at_table(format: str) -> bool:
    """Whether an app above lets the tables of a tournament of ``format`` enter their scores."""
    return any(ext.enters_at_table(format) for ext in _EXTENSIONS)


def score_sheet_notes(round) -> dict[int, list[str]]:
    """{table number: [short texts]}: what the apps above print on a position's sheets."""
    notes: dict[int, list[str]] = {}
    for ext in _EXTENSIONS:
        for number, texts in (ext.score_sheet_notes(round) or {}).items():
            notes.setdefault(number, []).extend(texts)
    return notes


def table_codes(round, site: str) -> dict[int, TableCode]:
    """{table number: ``TableCode``}: how the tables of ``round`` reach their page, printed on
    their card and sheet (none when no app says: the tables enter on paper)."""
    codes: dict[int, TableCode] = {}
    for ext in _EXTENSIONS:
        codes.update(ext.table_codes(round, site) or {})
    return codes


def sheets_follow_seats(*, round, moves, user, reason: str) -> None:
    """Players of ``round``, which has results, were moved: each app's records follow."""
    for ext in _EXTENSIONS:
        ext.sheets_follow_seats(round=round, moves=moves, user=user, reason=reason)


def after_audit(entry) -> None:
    """An audit entry was written: each app hears of it, inside the write's transaction."""
    for ext in _EXTENSIONS:
        ext.after_audit(entry)
