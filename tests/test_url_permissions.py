"""Every named address of the site against every kind of visitor, from the URL configuration.

The resolver is walked and each named pattern must be declared in ``ACCESS`` with who may see
it: a new page that is not declared fails ``test_every_url_is_declared``, which names it. Then
each address is requested by each visitor of ``ROLES`` on one realistic tournament
(``tests/permissions_fixtures.py``) and the answer is checked against the rule:

- ``open``: anyone (the login form, the language switch, the home page).
- ``public``: anyone while the tournament is public; once private, a 404 to anyone outside its
  staff. The tournament is public for ``anonymous`` and private for every other visitor, so the
  same cases prove that staff still see it and that strangers do not.
- ``api``: the read API, anonymous: the tournament while public; once private, a 404 to
  anyone, its staff included.
- ``public_player``: a directory player's public history, which shows only public tournaments:
  anyone while the player's tournament is public (``anonymous``); once it is private, the
  player has nothing public and the page is a 404 to everyone, its staff too.
- ``account``: any account; anonymous visitors are sent to the login page.
- ``creator``: an account the site lets create tournaments (here the organiser, in the
  "Organisers" group, and the superuser); other accounts get a 403.
- ``challenge_manager``: a manager of the world's challenge (the organiser) or the superuser;
  other accounts get a 403 (the challenge is public: a private one is a 404 to them).
- ``directory``: an account with the player directory right (here the superuser); the pages do
  not exist (404) for other accounts.
- ``scorer``, ``arbitre``, ``organiser``: that role or a higher one in this tournament
  (superusers count as organisers); anonymous visitors are sent to the login page, the other
  staff get a 403, and an account with no role (the organiser of another tournament) a 404:
  the tournament is private for it, and a private tournament is not confirmed to exist.
- ``admin``: the Django admin, superusers only here (no tournament role makes an account staff);
  the others are sent to the admin's login.

Views that accept only POST are sent an empty POST (their GET must be a 405 or the refusal);
a refused POST must leave every row of the database as it was. Allowed visitors must get the
declared answer (never a 403 or a 500). The tournament is built once for the module, inside a
transaction rolled back at the end; each test runs in a savepoint of it, so what an allowed POST
changes is undone before the next one. A last test puts this tournament's numbers and ids under
the address of another tournament, whose organiser must find nothing there.
"""

import re
from dataclasses import dataclass

import pytest
from django.apps import apps
from django.conf import settings
from django.db import connection, transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.permissions_fixtures import build_format_worlds, build_world
from tournaments.models import StaffRole, Tournament

ROLES = (
    "anonymous",
    "private_visitor",  # no account, the tournament is private
    "scorer",
    "arbitre",
    "organiser",
    "other_organiser",
    "player",  # an account with no role anywhere
    "superuser",
)
NO_ACCOUNT = {"anonymous", "private_visitor"}
NO_ROLE_HERE = {"other_organiser", "player"}  # accounts with no role in the tournament
TOURNAMENT_ROLES = {role.value for role in StaffRole.Role}


@dataclass(frozen=True)
class Access:
    rule: str
    params: tuple = ()  # (URL parameter, key of World.values)
    fixed: tuple = ()  # (URL parameter, literal value)
    post_only: bool = False
    query: str = ""
    ok: tuple = (200,)  # the answers an allowed visitor may get
    post_rule: str = ""  # who may send the page's form, when fewer than may see it


def _access(rule, post_only, ok, query, fixed, params, post_rule="") -> Access:
    ok = ok if isinstance(ok, tuple) else (ok,)
    fixed = tuple((fixed or {}).items())
    return Access(rule, tuple(params.items()), fixed, post_only, query, ok, post_rule)


def page(rule, *, ok=200, query="", fixed=None, post_rule="", **params) -> Access:
    return _access(rule, False, ok, query, fixed, params, post_rule)


def action(rule, *, ok=302, fixed=None, **params) -> Access:
    """A view that accepts only POST."""
    return _access(rule, True, ok, "", fixed, params)


POSITION = {"number": "position"}
SHEET = {"number": "position", "table": "table"}
INCIDENT = {"pk": "incident"}
LIVE_TABLE = {"session": 1, "position": 1, "table": 1}

ACCESS = {
    # Public pages, shared by players
    "public:home": page("open"),
    "public:tournament": page("public"),
    "public:seating": page("public"),
    "standings:individual": page("public"),
    "standings:teams": page("public"),
    "standings:player": page("public", number="registration"),
    # A quadrettes tournament's page only (tests/scoring/duplicate/test_documents_quadrettes.py).
    "standings:quadrette": page("public", ok=404, number="team"),
    "screen:screen": page("public"),
    "screen:panel": page("public", query="panel=seating"),
    # A public challenge's pages and documents (its tournament may be private: it stays public).
    "challenge:standings": page("open", challenge_slug="challenge_slug"),
    "challenge:screen": page("open", challenge_slug="challenge_slug"),
    "challenge:screen_panel": page("open", challenge_slug="challenge_slug"),
    "challenge:pdf": page("open", challenge_slug="challenge_slug"),
    "challenge:xlsx": page("open", challenge_slug="challenge_slug"),
    # Staff pages of the tournaments app
    "manage:home": page("account"),
    "manage:tournament_create": page("creator"),
    "manage:directory": page("directory"),
    "manage:directory_player": page("directory", pk="tournaments.player"),
    # Merge a duplicate into this record: an empty form is refused next to the choice (400).
    "manage:directory_merge": page("directory", pk="tournaments.player"),
    # A player's public history (their public tournaments only).
    "players:history": page("public_player", pk="tournaments.player"),
    "manage:tournament": page("scorer"),
    "manage:tournament_edit": page("organiser"),
    "manage:staff": page("organiser"),
    # The arbitre's report being made: an arbitre's document; its file, once made.
    "manage:job": page("arbitre", pk="job"),
    "manage:job_file": page("arbitre", ok=302, pk="job"),
    "manage:staff_revoke": action("organiser", pk="staff"),
    # The scorer chose a password long ago: no link for them, back to the staff page.
    "manage:staff_link": action("organiser", pk="staff"),
    "manage:registrations": page("scorer"),
    "manage:registration_add": page("organiser"),
    "manage:registration_edit": page("organiser", number="registration"),
    "manage:registration_delete": action("organiser", number="registration"),
    # The player has not withdrawn: refused, with a message on their page.
    "manage:registration_restore": action("organiser", number="registration"),
    "manage:checkin": page("arbitre"),
    "manage:checkin_toggle": action("arbitre", number="registration"),
    "manage:checkin_all": action("arbitre"),
    # No « all present » to take back: refused, with a message on the check-in page.
    "manage:checkin_all_undo": action("arbitre"),
    # Entry fees: an empty form (no category) and a player who has not paid are refused, with
    # a message on the check-in page.
    "manage:checkin_pay": action("arbitre", number="registration"),
    "manage:checkin_unpay": action("arbitre", number="registration"),
    "manage:fees": page("organiser"),
    "manage:treasurer": page("organiser"),
    "manage:treasurer_pdf": page("organiser"),
    "manage:treasurer_xlsx": page("organiser"),
    "manage:import_upload": page("organiser"),
    "manage:import_preview": page("organiser", ok=302),  # nothing uploaded: back to the upload
    "manage:teams": page("scorer"),
    "manage:team_create": page("organiser"),
    "manage:team_edit": page("organiser", number="team"),
    "manage:team_delete": action("organiser", number="team"),
    "manage:rounds": page("scorer"),
    "manage:round": page("scorer", **POSITION),
    "manage:round_generate": action("organiser", **POSITION),
    # Sheets exist, so the position is locked and an arbitre may swap; nobody named: 400.
    "manage:round_swap": action("arbitre", ok=400, **POSITION),
    "manage:round_publish": action("organiser", **POSITION),
    # Sheets exist: unpublishing or undoing a swap is refused, with a message on the page.
    "manage:round_unpublish": action("organiser", **POSITION),
    "manage:round_swap_undo": action("organiser", **POSITION),
    # A document: served when ready, else its job's page (tournaments.jobs).
    "manage:round_document": page("scorer", ok=(200, 302), fixed={"kind": "list"}, **POSITION),
    "manage:round_reprint": page("scorer", query="table=1", **POSITION),
    # Score sheets and results
    "scoring:dashboard": page("scorer", **POSITION),
    "scoring:open": page("scorer", query="table=1", ok=302, **POSITION),
    "scoring:close": action("arbitre", **POSITION),
    "scoring:reopen": action("arbitre", **POSITION),
    "scoring:sheet": page("scorer", **SHEET),
    "scoring:preview": action("scorer", ok=200, **SHEET),
    "scoring:confirm": action("arbitre", **SHEET),
    "scoring:history": page("scorer", **SHEET),
    # The arbitre's live board of the tables' entries (issue 37): scorers watch, an arbitre
    # marks the alerts seen (an empty form: every one), puts a table on paper or back (an empty
    # form: refused next to its field, 400).
    "scoring:tables_board": page("scorer", post_rule="arbitre", **POSITION),
    "scoring:tables_table": page("scorer", post_rule="arbitre", **SHEET),
    "scoring:exports": page("arbitre"),
    # Its units are open: the declaration is refused, with a message on the results page.
    "scoring:results_final": action("arbitre"),
    "scoring:export": page("arbitre", ok=(200, 302), fixed={"kind": "individual", "fmt": "csv"}),
    # Duplicate pages: this tournament plays donnes libres, so back to its page.
    "scoring:duplicate": page("scorer", ok=302, fixed={"session": 1}),
    "scoring:duplicate_draw": action("organiser", fixed={"session": 1}),
    "scoring:duplicate_deal": action("organiser", fixed={"session": 1}),
    "scoring:duplicate_publish": action("organiser", fixed={"session": 1}),
    "scoring:duplicate_close": action("arbitre", fixed={"session": 1}),
    "scoring:duplicate_announce": action("arbitre", fixed={"session": 1}),
    "scoring:duplicate_coefficient": action("organiser", fixed={"session": 1}),
    "scoring:duplicate_attacker": action("arbitre", fixed={"session": 1, "team": 1}),
    # Team-match pages: this tournament plays donnes libres, so back to its page.
    "scoring:matches": page("scorer", ok=302),
    "scoring:matches_draw": action("organiser"),
    "scoring:match": page("scorer", ok=302, fixed={"match": 1}),
    "scoring:match_bonus": action("arbitre", fixed={"match": 1}),
    "scoring:match_penalty": action("arbitre", fixed={"match": 1}),
    "scoring:match_sheet": page("scorer", ok=302, fixed={"match": 1}),
    "scoring:match_quarter": page("scorer", ok=302, fixed={"match": 1, "quarter": 1}),
    "scoring:match_quarter_players": action("arbitre", fixed={"match": 1, "quarter": 1}),
    "scoring:match_quarter_sheet": action(
        "scorer", fixed={"match": 1, "quarter": 1, "room": "open", "keeper": "attack"}
    ),
    "scoring:match_quarter_sheet_confirm": action(
        "arbitre", fixed={"match": 1, "quarter": 1, "room": "open", "keeper": "attack"}
    ),
    "scoring:match_quarter_close": action("arbitre", fixed={"match": 1, "quarter": 1}),
    "scoring:match_board_cancel": action("arbitre", fixed={"match": 1, "quarter": 1}),
    "scoring:match_board_confirm": action("arbitre", fixed={"match": 1, "quarter": 1, "board": 1}),
    "scoring:match_board_restore": action("arbitre", fixed={"match": 1, "quarter": 1, "board": 1}),
    "scoring:match_board_restore_confirm": action(
        "arbitre", fixed={"match": 1, "quarter": 1, "board": 1}
    ),
    "scoring:duplicate_ranking": page("scorer", ok=302, fixed={"session": 1}),
    "scoring:duplicate_board": page("scorer", ok=302, fixed={"session": 1, "board": 1}),
    "scoring:duplicate_boards_type": page("arbitre", ok=302, fixed={"session": 1}),
    "scoring:duplicate_board_type": page("arbitre", ok=302, fixed={"session": 1, "board": 1}),
    "scoring:duplicate_board_made": page("arbitre", ok=302, fixed={"session": 1, "board": 1}),
    "scoring:duplicate_document": page("scorer", ok=302, fixed={"session": 1, "kind": "sheets"}),
    "scoring:duplicate_export": page("scorer", ok=302, fixed={"session": 1}),
    "scoring:duplicate_tables": page("scorer", ok=302, fixed={"session": 1}),
    "scoring:duplicate_table_view": page("scorer", ok=302, fixed={"session": 1, "table": 1}),
    "scoring:duplicate_live": page("scorer", ok=302, fixed={"session": 1}),
    "scoring:duplicate_live_table": page("scorer", ok=302, fixed=LIVE_TABLE),
    # The players' pages of a table (issue 37): no account, the secret of the table's QR code
    # instead (table 1 of position 1: open, published). Anyone holding it may enter; an empty
    # entry is refused on the page (422), an empty approval or dispute back to it with the
    # reason. The tournament's page that takes a table's short code: its form, or refused next
    # to its fields (422). Attacks on the codes: tests/scoring/at_table/test_attacks.py.
    "at_table:page": page("open", secret="secret"),
    "at_table:state": page("open", secret="secret"),
    "at_table:enter": action("open", ok=422, secret="secret"),
    "at_table:approve": action("open", secret="secret"),
    "at_table:dispute": action("open", secret="secret"),
    "at_table:code": page("open"),
    # Arbitration
    "arbitration:log": page("arbitre"),
    "arbitration:new": page("arbitre"),
    "arbitration:report": page("arbitre", ok=(200, 302), fixed={"fmt": "xlsx"}),
    "arbitration:incident": page("arbitre", **INCIDENT),
    "arbitration:confirm": action("arbitre", **INCIDENT),
    "arbitration:decide": action("arbitre", ok=400, **INCIDENT),  # an empty decision
    "arbitration:undo": action("arbitre", decision="decision", **INCIDENT),
    "arbitration:status": action("arbitre", **INCIDENT),
    "arbitration:record": page("arbitre", number="registration"),
    "arbitration:scale": page("organiser"),
    # The read API (scoring.api) for club websites: anonymous reads. A tournament's answers
    # and a player's (whose only tournament is this one) are a 404 to anyone once the
    # tournament is private, its staff included; the API has no forms: a POST is 405 to anyone.
    # Its root is a 404 (no documentation page: it would load scripts from a CDN).
    "api:api-root": page("open", ok=404),
    "api:openapi-json": page("open"),
    "api:tournaments": page("open"),
    "api:tournament": page("api", post_rule="open"),
    "api:tournament_ranking": page("api", post_rule="open"),
    "api:challenge": page("open", challenge_slug="challenge_slug"),
    "api:player": page("api", post_rule="open", player_id="tournaments.player"),
    "api:club_calendar": page("open", club_id="tournaments.club"),
    # Challenges (issue 38), staff side: the world's challenge is public and the organiser's.
    "challenges:list": page("account"),
    "challenges:create": page("creator"),
    "challenges:challenge": page("challenge_manager", challenge="challenge"),
    "challenges:edit": page("challenge_manager", challenge="challenge"),
    "challenges:standings": page("challenge_manager", challenge="challenge"),
    # An empty coefficient: refused next to its field.
    "challenges:entry_update": action(
        "challenge_manager", ok=400, challenge="challenge", pk="challenge_entry"
    ),
    "challenges:entry_remove": action(
        "challenge_manager", challenge="challenge", pk="challenge_entry"
    ),
    # Prizes (issue 38): a tournament's are its organisers'; an empty rule is refused (400).
    "prizes:tournament": page("organiser"),
    "prizes:tournament_rule_delete": action("organiser", pk="prize_rule"),
    "prizes:tournament_pdf": page("organiser"),
    # A challenge's are its managers' (the organiser manages the world's challenge); the
    # challenge is named ``<challenge>``, as on its other staff pages.
    "prizes:challenge": page("challenge_manager", challenge="challenge"),
    "prizes:challenge_rule_delete": action(
        "challenge_manager", challenge="challenge", pk="challenge_prize_rule"
    ),
    "prizes:challenge_pdf": page("challenge_manager", challenge="challenge"),
    "prizes:challenge_treasurer": page("challenge_manager", challenge="challenge"),
    "prizes:challenge_treasurer_pdf": page("challenge_manager", challenge="challenge"),
    # Accounts and language
    "login": page("open"),
    "logout": action("open"),
    # A token that is not one: the page says the link no longer works.
    "welcome": page("open", fixed={"uidb64": "MQ", "token": "set-password"}),
    "set_language": page("open", ok=302),
    "favicon": page("open", ok=302),
    # Django admin
    "admin:index": page("admin"),
    "admin:login": page("open", ok=(200, 302)),  # a superuser is sent on to the index
    "admin:logout": action("admin", ok=(200, 302)),
    "admin:password_change": page("admin"),
    "admin:password_change_done": page("admin"),
    "admin:jsi18n": page("admin"),
    "admin:autocomplete": page(
        "admin", query="app_label=tournaments&model_name=registration&field_name=tournament"
    ),
    "admin:view_on_site": page(
        "admin", ok=302, content_type_id="content_type", object_id="tournaments.tournament"
    ),
    "admin:app_list": page("admin", fixed={"app_label": "tournaments"}),
    "admin:auth_user_password_change": page("admin", id="auth.user"),
}

# Each model in the admin has five pages; the answers a superuser gets where the admin itself
# forbids a page to everyone (penalties and score sheets change only through the services; a
# "save" of 403: its change page shows the object and saves nothing).
ADMIN_MODELS = {
    "auth.group": {},
    "auth.user": {},
    "tournaments.tournament": {},
    "tournaments.player": {},
    "tournaments.registration": {},
    "tournaments.auditentry": {"delete": 403},  # the record, counted by the change stamp
    "tournaments.club": {},
    "tournaments.team": {},
    "tournaments.staffrole": {},
    "scoring.bidban": {},
    "scoring.penalty": {"add": 403, "save": 403},
    "scoring.scoresheet": {"add": 403, "delete": 403, "save": 403},
    # The queue of background jobs: read-only (its change page shows the task).
    "django_tasks_database.dbtaskresult": {"add": 403, "delete": 403, "save": 403},
}
for _label, _forbidden in ADMIN_MODELS.items():
    _prefix = "admin:" + _label.replace(".", "_")
    ACCESS[f"{_prefix}_changelist"] = page("admin")
    ACCESS[f"{_prefix}_add"] = page("admin", ok=_forbidden.get("add", 200))
    for _view in ("history", "delete", "change"):
        ACCESS[f"{_prefix}_{_view}"] = page(
            "admin", ok=_forbidden.get(_view, 200), object_id=_label
        )
    if "save" in _forbidden:  # its change page is shown, never saved
        ACCESS[f"{_prefix}_change"] = page("admin", object_id=_label, post_rule="admin_read_only")


# The other formats' tournaments (tests/permissions_fixtures.py: a duplicate individuel, a
# triplettes and a quadrettes séance in play, not closed; a team match with its first quarter
# in play). Every address under a tournament is declared again for each of them: the pages that
# do not depend on the game (players, staff, documents, incidents, results) as for the pairs
# tournament (``SAME_IN_EVERY_FORMAT``), the others in the format's own table. The rules are the
# decorators' (``role_required``), the README's: a scorer sees the scores being entered, an
# arbitre confirms, rules and closes, the organiser draws, deals, publishes and sets.
SAME_IN_EVERY_FORMAT = {
    *("manage:tournament", "manage:tournament_edit", "manage:staff", "manage:job"),
    *("manage:job_file", "manage:staff_revoke", "manage:staff_link", "manage:registrations"),
    *("manage:registration_add", "manage:registration_edit", "manage:registration_delete"),
    *("manage:registration_restore", "manage:checkin", "manage:checkin_toggle"),
    *("manage:checkin_all", "manage:checkin_all_undo", "manage:import_upload"),
    "manage:import_preview",
    *("manage:checkin_pay", "manage:checkin_unpay", "manage:fees", "manage:treasurer"),
    *("manage:treasurer_pdf", "manage:treasurer_xlsx"),
    *(
        "scoring:exports",
        "scoring:results_final",
        "arbitration:log",
        "arbitration:new",
        "arbitration:report",
    ),
    *("arbitration:record", "arbitration:scale", "public:tournament", "public:seating"),
    *("standings:individual", "standings:player", "screen:screen", "screen:panel"),
    *("api:tournament", "api:tournament_ranking"),
    *("prizes:tournament", "prizes:tournament_rule_delete", "prizes:tournament_pdf"),
}
# The team pages, in the team formats. A team the movement or a match names is not deleted:
# refused, with a message.
TEAM_PAGES = {
    name: ACCESS[name]
    for name in ("manage:teams", "manage:team_create", "manage:team_edit", "manage:team_delete")
}
SESSION = {"session": 1}
RANKING_CSV = {"kind": "ranking", "fmt": "csv"}  # the official ranking's (not "individual")


def _back(rule: str, *, post: bool = False, fixed=None, **params) -> Access:
    """A page of another format: back to the tournament's own page."""
    return (action if post else page)(rule, ok=302, fixed=fixed, **params)


# The libre's position actions: refused, back to the positions page, nothing written.
POSITION_ACTIONS = {
    "manage:round_generate": action("organiser", **POSITION),
    "manage:round_swap": action("arbitre", **POSITION),
    "manage:round_publish": action("organiser", **POSITION),
    "manage:round_unpublish": action("organiser", **POSITION),
    "manage:round_swap_undo": action("organiser", **POSITION),
}
# The libre's positions and score sheets, where a format has its séance's page instead.
POSITIONS_ELSEWHERE = {
    "manage:rounds": page("scorer"),
    "manage:round": page("scorer", **POSITION),  # the séance's page is named there
    **POSITION_ACTIONS,
    "manage:round_document": page("scorer", fixed={"kind": "list"}, **POSITION),
    "manage:round_reprint": page("scorer", query="table=1", **POSITION),
    "scoring:dashboard": _back("scorer", **POSITION),
    "scoring:open": _back("scorer", **POSITION),
    "scoring:close": _back("arbitre", post=True, **POSITION),
    "scoring:reopen": _back("arbitre", post=True, **POSITION),
    "scoring:sheet": _back("scorer", **SHEET),
    "scoring:preview": _back("scorer", post=True, **SHEET),
    "scoring:confirm": _back("arbitre", post=True, **SHEET),
    "scoring:history": _back("scorer", **SHEET),
    "scoring:tables_board": _back("scorer", **POSITION),
    "scoring:tables_table": _back("scorer", **SHEET),
}
MATCH_PAGES_ELSEWHERE = {
    name: _back(ACCESS[name].rule, post=ACCESS[name].post_only, fixed=dict(ACCESS[name].fixed))
    for name in ACCESS
    if name.startswith("scoring:match")
}
DUPLICATE_TEAMS = {
    **TEAM_PAGES,
    **POSITIONS_ELSEWHERE,
    **MATCH_PAGES_ELSEWHERE,
    "standings:teams": page("public", ok=302),  # the ranking is the triplettes' or quadrettes'
    "scoring:export": page("arbitre", ok=(200, 302), fixed=RANKING_CSV),
    "scoring:duplicate": page("scorer", fixed=SESSION),
    "scoring:duplicate_deal": action("organiser", fixed=SESSION),
    "scoring:duplicate_publish": action("organiser", fixed=SESSION),
    "scoring:duplicate_close": action("arbitre", fixed=SESSION),
    "scoring:duplicate_announce": action("arbitre", fixed=SESSION),
    "scoring:duplicate_coefficient": action("organiser", fixed=SESSION),
    "scoring:duplicate_ranking": page("scorer", fixed=SESSION),
    # Every sheet is confirmed: only an arbitre corrects one (the service refuses a scorer).
    "scoring:duplicate_board": page(
        "scorer", fixed={"session": 1, "board": 1}, post_rule="arbitre"
    ),
    "scoring:duplicate_boards_type": page("arbitre", ok=302, fixed=SESSION),  # étuis dealt
    "scoring:duplicate_board_type": page("arbitre", fixed={"session": 1, "board": 1}),
    "scoring:duplicate_board_made": page("arbitre", fixed={"session": 1, "board": 1}),
    "scoring:duplicate_document": page("scorer", ok=302, fixed={"session": 1, "kind": "sheets"}),
    "scoring:duplicate_export": page("scorer", ok=302, fixed=SESSION),
    # The tables' slips are the individuel's: back to the séance.
    "scoring:duplicate_tables": page("scorer", ok=302, fixed=SESSION),
    "scoring:duplicate_table_view": page("scorer", ok=302, fixed={"session": 1, "table": 1}),
    # Its tables enter their lines at the table: the board of the séance and a table's page.
    "scoring:duplicate_live": page("scorer", post_rule="arbitre", fixed=SESSION),
    "scoring:duplicate_live_table": page("scorer", post_rule="arbitre", fixed=LIVE_TABLE),
    "at_table:code": page("open"),
    "arbitration:incident": page("arbitre", **INCIDENT),
    "arbitration:confirm": action("arbitre", **INCIDENT),
    "arbitration:decide": action("arbitre", ok=400, **INCIDENT),
    "arbitration:undo": action("arbitre", decision="decision", **INCIDENT),
    "arbitration:status": action("arbitre", **INCIDENT),
}
FORMAT_ACCESS = {
    "duplicate": {
        **DUPLICATE_TEAMS,
        # No team: the team pages do not exist.
        **{
            name: _access(a.rule, a.post_only, 404, a.query, dict(a.fixed), dict(a.params))
            for name, a in TEAM_PAGES.items()
        },
        "standings:teams": page("public", ok=404),
        "standings:quadrette": page("public", ok=404, number="team"),
        "scoring:duplicate_draw": action("organiser", fixed=SESSION),
        "scoring:duplicate_attacker": action("arbitre", fixed={"session": 1, "team": 1}),
        # The tables' slips, for the staff's provisional ranking.
        "scoring:duplicate_tables": page("scorer", fixed=SESSION),
        "scoring:duplicate_table_view": page("scorer", fixed={"session": 1, "table": 1}),
    },
    "triplettes": {
        **DUPLICATE_TEAMS,
        "standings:quadrette": page("public", ok=404, number="team"),
        # Mitchell or Howell: which one is a field of the form, refused next to it.
        "scoring:duplicate_draw": action("organiser", ok=200, fixed=SESSION),
        # Only the quadrettes name an attacker for a séance: refused, with a message.
        "scoring:duplicate_attacker": action("arbitre", fixed={"session": 1, "team": 1}),
    },
    "quadrettes": {
        **DUPLICATE_TEAMS,
        "standings:quadrette": page("public", number="team"),
        "scoring:duplicate_draw": action("organiser", fixed=SESSION),
        "scoring:duplicate_attacker": action("arbitre", fixed={"session": 1, "team": 1}),
    },
    "match": {
        # No position: the libre's addresses of positions find none.
        **{
            name: _access(a.rule, a.post_only, 404, a.query, dict(a.fixed), dict(a.params))
            for name, a in POSITIONS_ELSEWHERE.items()
        },
        **TEAM_PAGES,
        "manage:rounds": page("scorer"),
        **POSITION_ACTIONS,
        "standings:teams": page("public"),  # the competition table
        "standings:quadrette": page("public", ok=404, number="team"),
        "scoring:export": page("arbitre", ok=(200, 302), fixed=RANKING_CSV),
        **{
            name: _back(a.rule, post=a.post_only, fixed=dict(a.fixed))
            for name, a in ACCESS.items()
            if name.startswith("scoring:duplicate")
        },
        # A team match plays on paper: no table's short code to type.
        "at_table:code": page("open", ok=404),
        "scoring:matches": page("scorer"),
        "scoring:matches_draw": action("organiser"),
        "scoring:match": page("scorer", fixed={"match": 1}),
        "scoring:match_bonus": action("arbitre", ok=400, fixed={"match": 1}),  # no bonus given
        "scoring:match_penalty": action("arbitre", fixed={"match": 1}),
        "scoring:match_sheet": page("scorer", fixed={"match": 1}),
        "scoring:match_quarter": page("scorer", fixed={"match": 1, "quarter": 1}),
        # Empty forms: refused, next to their fields.
        "scoring:match_quarter_players": action(
            "arbitre", ok=400, fixed={"match": 1, "quarter": 1}
        ),
        # An empty sheet names no version it was read from: the conflict answer (issue 36).
        "scoring:match_quarter_sheet": action(
            "scorer", ok=409, fixed={"match": 1, "quarter": 1, "room": "open", "keeper": "attack"}
        ),
        "scoring:match_quarter_sheet_confirm": action(
            "arbitre", fixed={"match": 1, "quarter": 1, "room": "open", "keeper": "attack"}
        ),
        "scoring:match_quarter_close": action("arbitre", fixed={"match": 1, "quarter": 1}),
        "scoring:match_board_cancel": action("arbitre", ok=400, fixed={"match": 1, "quarter": 1}),
        # No étui cancelled: nothing to confirm or undo.
        **{
            name: action("arbitre", ok=404, fixed={"match": 1, "quarter": 1, "board": 1})
            for name in (
                "scoring:match_board_confirm",
                "scoring:match_board_restore",
                "scoring:match_board_restore_confirm",
            )
        },
        # An incident names a position, which a match has not: the one given is another
        # tournament's, found nowhere here.
        "arbitration:incident": page("arbitre", ok=404, **INCIDENT),
        "arbitration:confirm": action("arbitre", ok=404, **INCIDENT),
        "arbitration:decide": action("arbitre", ok=404, **INCIDENT),
        "arbitration:undo": action("arbitre", ok=404, decision="decision", **INCIDENT),
        "arbitration:status": action("arbitre", ok=404, **INCIDENT),
    },
}


def collect_urls(resolver=None, namespace=(), params=frozenset()):
    """``(name, parameters, namespace)`` of every pattern under ``resolver``; the name is
    ``namespace:name`` (None for an unnamed pattern), the parameters include the prefixes'."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        found = params | set(entry.pattern.regex.groupindex)
        if isinstance(entry, URLResolver):
            inner = (*namespace, entry.namespace) if entry.namespace else namespace
            yield from collect_urls(entry, inner, found)
        elif isinstance(entry, URLPattern):
            name = ":".join((*namespace, entry.name)) if entry.name else None
            yield name, frozenset(found), namespace


URLS = {name: found for name, found, _ in collect_urls() if name}


def test_every_url_is_declared():
    missing = sorted(set(URLS) - set(ACCESS))
    assert not missing, f"declare who may see these addresses in ACCESS: {missing}"
    stale = sorted(set(ACCESS) - set(URLS))
    assert not stale, f"ACCESS declares addresses that no longer exist: {stale}"


def test_every_parameter_is_filled():
    for name in sorted(ACCESS.keys() & URLS.keys()):
        access = ACCESS[name]
        given = {"slug"} & URLS[name] | {p for p, _ in access.params} | {p for p, _ in access.fixed}
        assert given == URLS[name], f"{name} takes {sorted(URLS[name])}, ACCESS gives {given}"


TOURNAMENT_URLS = {name for name, found in URLS.items() if "slug" in found}


@pytest.mark.parametrize("game", sorted(FORMAT_ACCESS))
def test_every_tournament_url_is_declared_for_every_format(game):
    """A tournament of any format reaches every address under ``/t/<slug>/``: each must say
    what that format's visitors get, shared or its own, never both."""
    own = FORMAT_ACCESS[game]
    missing = sorted(TOURNAMENT_URLS - SAME_IN_EVERY_FORMAT - set(own))
    assert not missing, f"declare these addresses for the {game}: {missing}"
    assert not SAME_IN_EVERY_FORMAT & set(own), "declared twice"
    assert not set(own) - TOURNAMENT_URLS, "declared, but not under a tournament"
    for name, access in own.items():
        given = {"slug"} | {p for p, _ in access.params} | {p for p, _ in access.fixed}
        assert given == URLS[name], f"{name} takes {sorted(URLS[name])}, {game} gives {given}"


def test_only_the_admin_has_unnamed_urls():
    """An unnamed page cannot be declared: only the admin's redirects and catch-all may be."""
    unnamed = [ns for name, _, ns in collect_urls() if name is None and ns != ("admin",)]
    assert not unnamed, f"name these patterns (namespaces {unnamed}) and declare them in ACCESS"


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        _BASELINES.clear()  # a world built again is another state
        world = build_world()
        world.formats = build_format_worlds(world)
        # One session per account for the whole module: logging in for each case costs more
        # than the request it precedes.
        for role, user in world.users.items():
            client = Client()
            client.force_login(user)
            world.sessions[role] = client.cookies[settings.SESSION_COOKIE_NAME].value
        yield world
        transaction.set_rollback(True)


def expected(rule: str, role: str) -> str:
    """What ``role`` must get from a page under ``rule``: allowed, login, admin_login, 403, 404."""
    if rule == "open":
        return "allowed"
    if rule == "admin":
        return "allowed" if role == "superuser" else "admin_login"
    if rule == "admin_read_only":  # a page the admin shows and never saves, to anyone
        return "403" if role == "superuser" else "admin_login"
    # a private tournament is not in the read API, nor a player whose tournaments are private
    if rule in ("api", "public_player"):
        return "allowed" if role == "anonymous" else "404"
    if rule == "public":
        if role == "anonymous":
            return "allowed"
        return "404" if role in NO_ACCOUNT | NO_ROLE_HERE else "allowed"
    if role in NO_ACCOUNT:
        return "login"
    if rule == "account" or role == "superuser":
        return "allowed"
    if rule == "creator":
        return "allowed" if role == "organiser" else "403"
    if rule == "challenge_manager":  # the world's challenge: public, managed by the organiser
        return "allowed" if role == "organiser" else "403"
    if rule == "directory":
        return "404"
    if role not in TOURNAMENT_ROLES:
        return "404"  # no role in this private tournament
    if StaffRole.RANK[role] >= StaffRole.RANK[rule]:
        return "allowed"
    return "403"


def check(response, outcome: str, ok: tuple, what: str) -> None:
    status, where = response.status_code, response.get("Location", "")
    if outcome == "allowed":
        assert status in ok, f"{what}: {status}, expected one of {ok}"
    elif outcome == "login":
        assert status == 302 and where.startswith(reverse("login") + "?next="), f"{what}: {status}"
    elif outcome == "admin_login":
        # The admin sends a refused visitor to its login page (to its index after a logout).
        assert status == 302 and where.startswith(reverse("admin:index")), f"{what}: {status}"
    else:
        assert status == int(outcome), f"{what}: {status}, expected {outcome}"


WATCHED = ("tournaments", "scoring", "arbitration", "auth")
WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([\w.]+)"?', re.IGNORECASE)


def snapshot() -> dict:
    """Every row of the project's tables and of the accounts, to prove nothing was written."""
    return {
        model._meta.label: list(model.objects.order_by("pk").values_list())
        for label in WATCHED
        for model in apps.get_app_config(label).get_models()
    }


class Writes:
    """Whether a request sent any INSERT, UPDATE or DELETE to the tables ``snapshot`` reads:
    none sent, none can have changed them, and the rows need not be compared (which costs)."""

    def __init__(self):
        self.tables = {
            model._meta.db_table
            for label in WATCHED
            for model in apps.get_app_config(label).get_models(include_auto_created=True)
        }
        self.seen = False

    def __call__(self, execute, sql, params, many, context):
        found = WRITE.match(sql)
        if found and found[1] in self.tables:
            self.seen = True
        return execute(sql, params, many, context)


_BASELINES: dict = {}  # (tournament, public) -> the snapshot of the world as each test starts


def unchanged_by(send, key) -> None:
    """Assert that ``send()`` writes nothing: no write sent, or the rows as they were at the start
    of the test (``key`` names the world's state then: each test starts from the same one)."""
    writes = Writes()
    with connection.execute_wrapper(writes):
        response = send()
    if writes.seen:
        if key not in _BASELINES:
            raise AssertionError("a write before any baseline: compare snapshots by hand")
        assert snapshot() == _BASELINES[key], "a refused request changed the database"
    return response


def _url(values: dict, name: str, slug: str, access: Access) -> str:
    kwargs = {param: values[key] for param, key in access.params}
    kwargs.update(access.fixed)
    if "slug" in URLS[name]:
        kwargs["slug"] = slug
    return reverse(name, kwargs=kwargs) + (f"?{access.query}" if access.query else "")


def probe(client, world, role: str, name: str, game: str = "") -> None:
    """``role`` asks for ``name`` in the pairs tournament, or in the ``game``'s: GET, and POST
    (an empty form); a refused POST writes nothing."""
    tournament, values = world.tournament, world.values
    access = ACCESS[name]
    if game:
        tournament, values = world.formats[game].tournament, world.formats[game].values
        access = FORMAT_ACCESS[game].get(name, access)
    if role != "anonymous":
        Tournament.objects.filter(pk=tournament.pk).update(is_public=False)
    if role not in NO_ACCOUNT:
        client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions[role]
    url = _url(values, name, tournament.slug, access)
    outcome = expected(access.rule, role)
    what = f"{role} → {access.rule} page {url}"

    key = (tournament.pk, role == "anonymous")
    if key not in _BASELINES:
        _BASELINES[key] = snapshot()
    writes = Writes()
    with connection.execute_wrapper(writes):
        response = client.get(url)
    if not access.post_only:
        check(response, outcome, access.ok, f"GET by {what}")
    elif response.status_code != 405:  # a GET is refused as any request of this visitor would be
        assert outcome != "allowed", f"GET by {what}: {response.status_code}, expected 405"
        check(response, outcome, (), f"GET by {what}")
    outcome = expected(access.post_rule or access.rule, role)
    # The decorator that refuses a page's GET refuses its POST before the view: only the
    # actions' refusals are checked against the database. The rows are compared only when the
    # POST sent a write (which costs); the state before it is the test's first, unless the GET
    # wrote (a page that makes what it shows on first sight).
    refused = outcome != "allowed" and access.post_only
    if refused and writes.seen:
        key = ("after GET", url, role)
        _BASELINES[key] = snapshot()
    send = lambda: client.post(url, {})  # noqa: E731
    response = unchanged_by(send, key) if refused else send()
    status = response.status_code
    if access.post_only or outcome != "allowed":
        check(response, outcome, access.ok, f"POST by {what}")
    else:  # a page's empty form: refused next to its fields, or not a form (405)
        assert status != 403 or 403 in access.ok, f"POST by {what}: {status}"


CASES = [pytest.param(name, role, id=f"{name}-{role}") for name in ACCESS for role in ROLES]
FORMAT_CASES = [
    pytest.param(game, name, role, id=f"{game}-{name}-{role}")
    for game in FORMAT_ACCESS
    for name in sorted(TOURNAMENT_URLS)
    for role in ROLES
]


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "role"), CASES)
def test_url_permission(client, world, name, role):
    probe(client, world, role, name)


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "name", "role"), FORMAT_CASES)
def test_url_permission_in_every_format(client, world, game, name, role):
    """The same visitors in a duplicate individuel, a triplettes, a quadrettes and a team-match
    tournament in play."""
    probe(client, world, role, name, game)


# Pages that name an object of the tournament (a player, a team, an incident, a staff role...);
# generating a position names none: it makes the position.
NAMING_AN_OBJECT = [
    name
    for name, access in ACCESS.items()
    if "slug" in URLS.get(name, ())
    and access.params
    and access.rule != "admin"
    and name != "manage:round_generate"
]


@pytest.mark.django_db
@pytest.mark.parametrize("name", NAMING_AN_OBJECT)
def test_objects_are_not_reached_through_another_tournament(client, world, name):
    """The organiser of another (empty) tournament puts this tournament's numbers and ids under
    their own address: nothing is found there, nothing is written."""
    access = ACCESS[name]
    client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions["other_organiser"]
    url = _url(world.values, name, world.values["other_slug"], access)
    key = ("elsewhere", name)
    _BASELINES[key] = snapshot()
    send = (lambda: client.post(url, {})) if access.post_only else (lambda: client.get(url))
    response = unchanged_by(send, key)
    assert response.status_code == 404, f"{url}: {response.status_code}"


@pytest.mark.django_db
def test_the_write_detector_sees_writes_and_only_them(world):
    """The matrix skips comparing the rows when no write was sent: the detector must see one."""
    for send, wrote in (
        (lambda: Tournament.objects.filter(pk=world.tournament.pk).update(is_public=True), True),
        (lambda: list(Tournament.objects.all()), False),
        (lambda: StaffRole.objects.filter(pk=-1).delete(), True),
    ):
        writes = Writes()
        with connection.execute_wrapper(writes):
            send()
        assert writes.seen is wrote
