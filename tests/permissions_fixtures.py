"""One realistic tournament for the URL permission test, built through the services.

A pairs tournament of 8 players (4 teams), position 1 seated and published, the sheet of table 1
entered and confirmed, the sheet of table 2 entered only, an incident at table 1 with a penalty
and a bid ban decided; plus one account per role, an organiser of another tournament, an
account with no role and a superuser. ``values`` holds what the addresses need (slug, numbers,
ids), by name. ``build_format_worlds`` adds a duplicate individuel, a triplettes, a quadrettes
and a team-match tournament in play, with the same accounts in the same roles.

This module builds data and asserts nothing: the expectations live in the test.
"""

import contextlib
import random
from dataclasses import dataclass, field, replace

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.contenttypes.models import ContentType
from django_tasks_db.models import DBTaskResult

from arbitration import services as arbitration
from scoring.at_table import services as table_access
from scoring.formats.duplicate.simulation import duplicate_simulate, session_sheets_simulate
from scoring.formats.libre import services as scoring
from scoring.formats.libre.selectors import table_setup
from scoring.formats.libre.simulation import random_sheet
from scoring.formats.match.services import matches_draw, quarter_name
from scoring.formats.match.services import sheet_confirm as match_sheet_confirm
from scoring.formats.match.services import sheet_save as match_sheet_save
from scoring.formats.quadrettes.simulation import quadrettes_sheets_simulate, quadrettes_simulate
from scoring.formats.triplettes.simulation import triplettes_sheets_simulate, triplettes_simulate
from scoring.models import BidBan, Challenge, ChallengeTournament, Penalty, PrizeRule, ScoreSheet
from scoring.season import services as season
from tests.factories import StaffRoleFactory, TournamentFactory, UserFactory
from tournaments import jobs
from tournaments.models import AuditEntry, StaffRole, Tournament
from tournaments.permissions import ORGANISERS_GROUP, site_group
from tournaments.simulation import tournament_simulate

Role = StaffRole.Role


@dataclass
class World:
    tournament: Tournament
    users: dict = field(default_factory=dict)  # role name -> account (no entry: anonymous)
    values: dict = field(default_factory=dict)  # what URL parameters are filled with
    sessions: dict = field(default_factory=dict)  # role name -> session key, once logged in
    formats: dict = field(default_factory=dict)  # game -> FormatWorld (build_format_worlds)


def _sheet(table, *, scorer, arbitre=None, seed: int, deals: int | None = None) -> ScoreSheet:
    """The table's sheet typed by the staff (its first ``deals`` deals, when given)."""
    seats = list(table.seats.order_by("number"))
    entry = random_sheet(table_setup(table=table, seats=seats), random.Random(seed))
    if deals is not None:
        entry = replace(entry, deals=entry.deals[:deals], short_reason="the rest at the table")
    sheet = scoring.scoresheet_save(table=table, user=scorer, entry=entry, base_version=0)
    return scoring.scoresheet_confirm(sheet=sheet, user=arbitre) if arbitre else sheet


def _garde(number: int, *, points: int) -> dict:
    """A phone's fields of a garde taken by East with 2 bouts (95 points: impossible)."""
    facts = {"mode": "facts", "contract": "garde", "taker": "1", "bouts": "2", "points": points}
    return {f"d{number}-{key}": str(value) for key, value in facts.items()}


def _staff_pk(tournament, user) -> int:
    return StaffRole.objects.get(tournament=tournament, user=user).pk


def _prize_rule(tournament) -> int:
    """A share of the fees among the tournament's prize rules (its pages have one to delete)."""
    rule = PrizeRule.objects.create(
        tournament=tournament, kind=PrizeRule.Kind.SHARE, share_percent=90, places=3
    )
    return rule.pk


def _challenge_prizes(tournament, organiser) -> dict:
    """The prize pages of the world's challenge (the one holding its tournament, managed by
    the organiser), with one rule to delete."""
    challenge = Challenge.objects.filter(entries__tournament=tournament).first()
    if challenge is None:  # none in this world yet: a minimal one (the challenges' pages make it)
        challenge = Challenge.objects.create(
            name="Challenge des permissions", slug="perm-challenge"
        )
        ChallengeTournament.objects.create(challenge=challenge, tournament=tournament)
    challenge.managers.add(organiser)
    bonus = PrizeRule.objects.create(
        challenge=challenge, kind=PrizeRule.Kind.BONUS, min_tournaments=1, bonus_cents=500
    )
    return {"challenge": challenge.slug, "challenge_prize_rule": bonus.pk}


def build_world() -> World:
    organiser = UserFactory(username="perm-organiser")
    organiser.groups.add(site_group(ORGANISERS_GROUP))  # may create tournaments
    tournament = tournament_simulate(
        slug="permissions", players=8, user=organiser, team_size=2, positions=1, seed=3
    )
    # Its tables may enter their deals at the table (issue 37): the table's pages answer.
    Tournament.objects.filter(pk=tournament.pk).update(is_public=True, table_entry=True)
    tournament.refresh_from_db()
    users = {"organiser": organiser}
    for role in (Role.SCORER, Role.ARBITRE):
        users[role.value] = UserFactory(username=f"perm-{role.value}")
        StaffRoleFactory(tournament=tournament, user=users[role.value], role=role)
    users["other_organiser"] = UserFactory(username="perm-other-organiser")
    elsewhere = TournamentFactory(slug="someone-elses", is_public=True)
    StaffRoleFactory(tournament=elsewhere, user=users["other_organiser"])
    # An account with no role anywhere and no right (a player who has an account).
    users["player"] = UserFactory(username="perm-player")
    users["superuser"] = get_user_model().objects.create_superuser(
        "perm-superuser", password="not-used-anywhere"
    )

    round1 = tournament.rounds.get(number=1)
    table1, table2 = round1.tables.order_by("number")[:2]
    confirmed = _sheet(table1, scorer=users["scorer"], arbitre=users["arbitre"], seed=1)
    # Table 2's staff typed three deals; its phones enter the others (issue 37).
    _sheet(table2, scorer=users["scorer"], seed=2, deals=3)

    offender = table1.seats.get(number=0).registration
    incident = arbitration.incident_log(
        tournament=tournament,
        user=users["arbitre"],
        round=round1,
        table=table1,
        deal_number=2,
        kind="conduct",
        offender=offender,
        description="Spoke during the play.",
    )
    penalty = arbitration.decision_add(
        incident=incident, user=users["arbitre"], kind="penalty", points=20, note="noise"
    ).decision
    arbitration.decision_add(
        incident=incident, user=users["arbitre"], kind="bid_ban", registration=offender, position=2
    )

    team = tournament.teams.order_by("number").first()
    job = jobs.ask(
        tournament=tournament,
        user=users["arbitre"],
        kind="arbitration.report",
        params={"fmt": "xlsx"},
    )
    # A waiting entry from table 2's phone and one the checks refused: the arbitre's board and
    # the table's page have something to show.
    second = table_access.access_of(table2)
    entry = table_access.submit(
        access=second, number=4, seat=1, post=_garde(4, points=45), client_key="perm"
    )
    with contextlib.suppress(table_access.EntryRefused):  # kept as an alert for the board
        table_access.submit(
            access=second, number=5, seat=1, post=_garde(5, points=95), client_key="bad"
        )
    values = {
        # A public challenge holding the tournament, managed by its organiser: its staff pages
        # (``challenge``) and its public pages and API answer (``challenge_slug``).
        **_challenge_values(tournament, organiser),
        "other_slug": elsewhere.slug,
        # The secret of a real table's QR code (table 1: its sheet confirmed by the staff).
        "secret": table_access.access_of(table1).secret,
        "entry": entry.pk,
        "position": round1.number,
        "table": table1.number,
        "registration": offender.number,
        "team": team.number,
        "job": job.pk,
        "incident": incident.pk,
        "decision": penalty.pk,
        "staff": _staff_pk(tournament, users["scorer"]),
        "prize_rule": _prize_rule(tournament),
        **_challenge_prizes(tournament, organiser),
        # Django admin objects, by model label
        "auth.group": Group.objects.create(name="referees").pk,
        "auth.user": users["superuser"].pk,
        "tournaments.tournament": tournament.pk,
        "tournaments.player": offender.player_id,
        "tournaments.registration": offender.pk,
        "tournaments.auditentry": AuditEntry.objects.filter(tournament=tournament).first().pk,
        "tournaments.club": offender.player.club_id,
        "tournaments.team": team.pk,
        "tournaments.staffrole": _staff_pk(tournament, users["arbitre"]),
        "scoring.bidban": BidBan.objects.get(tournament=tournament).pk,
        "scoring.penalty": Penalty.objects.get(tournament=tournament).pk,
        "scoring.scoresheet": confirmed.pk,
        "content_type": ContentType.objects.get_for_model(Tournament).pk,
        "django_tasks_database.dbtaskresult": DBTaskResult.objects.get().pk,
    }
    return World(tournament=tournament, users=users, values=values)


# --- Challenges (issue 38) ---------------------------------------------------------------------


def _challenge_values(tournament, organiser) -> dict:
    """A public challenge holding the world's tournament, managed by its organiser."""
    challenge = season.challenge_create(
        user=organiser,
        name="Challenge des permissions",
        slug="perm-challenge",
        points_rule="scale",
        scale=[10, 6, 4, 3],
        best_of=None,
        min_participations=1,
        is_public=True,
    )
    entry = season.challenge_tournament_add(
        user=organiser, challenge=challenge, tournament=tournament, coefficient=1
    )
    return {
        "challenge": challenge.slug,
        "challenge_slug": challenge.slug,
        "challenge_entry": entry.pk,
    }


@dataclass
class FormatWorld:
    """A tournament of another format, with the same accounts in the same roles."""

    tournament: Tournament
    values: dict = field(default_factory=dict)


def _format_staff(tournament, users) -> None:
    """The world's scorer and arbitre take their roles here too; the organiser created it."""
    for role in (Role.SCORER, Role.ARBITRE):
        StaffRoleFactory(tournament=tournament, user=users[role.value], role=role)
    Tournament.objects.filter(pk=tournament.pk).update(is_public=True)
    tournament.refresh_from_db()


def _common_values(tournament, users) -> dict:
    """What the format-blind staff pages need: a player, a team, a staff role, a document."""
    registration = tournament.registrations.order_by("number").first()
    job = jobs.ask(
        tournament=tournament,
        user=users["arbitre"],
        kind="arbitration.report",
        params={"fmt": "xlsx"},
    )
    return {
        "registration": registration.number,
        # An individuel has none: its team addresses find nothing.
        "team": getattr(tournament.teams.order_by("number").first(), "number", 1),
        "staff": _staff_pk(tournament, users["scorer"]),
        "job": job.pk,
        "prize_rule": _prize_rule(tournament),
    }


def _incident_values(tournament, users) -> dict:
    """An incident at table 1 of position 1 (the team's seats are not stored: the warning
    names a player)."""
    table = tournament.rounds.get(number=1).tables.order_by("number").first()
    incident = arbitration.incident_log(
        tournament=tournament,
        user=users["arbitre"],
        round=table.round,
        table=table,
        kind="conduct",
        deal_number=1,
        description="Spoke during the play.",
    )
    warning = arbitration.decision_add(
        incident=incident,
        user=users["arbitre"],
        kind="warning",
        note="noise",
        registration=tournament.registrations.order_by("number").first(),
    ).decision
    return {"incident": incident.pk, "decision": warning.pk, "position": 1, "table": 1}


# A triplettes séance of 12 players at 2 tables, a quadrettes round-robin of 8 players.
TEAM_GAMES = {
    "triplettes": (3, 12, triplettes_simulate, triplettes_sheets_simulate),
    "quadrettes": (4, 8, quadrettes_simulate, quadrettes_sheets_simulate),
}
# A duplicate individuel of 8 players (2 tables, 2 positions).
SEANCE_GAMES = {**TEAM_GAMES, "duplicate": (1, 8, duplicate_simulate, session_sheets_simulate)}


def build_duplicate_teams_world(users, game: str) -> FormatWorld:
    """A duplicate individuel, triplettes or quadrettes séance drawn, dealt, published, every
    travelling sheet entered and confirmed and the séance left open: nothing of it may be
    public yet (fft-duplicate.md §1.7)."""
    size, players, simulate, sheets_simulate = SEANCE_GAMES[game]
    tournament = tournament_simulate(
        slug=f"permissions-{game}",
        players=players,
        user=users["organiser"],
        team_size=size,
        positions=2 if size == 1 else 1,
        seed=5,
        format=game,
    )
    _format_staff(tournament, users)
    # Its tables may enter their lines at the table: the arbitre's board of the séance answers.
    Tournament.objects.filter(pk=tournament.pk).update(table_entry=True)
    tournament.refresh_from_db()
    session = simulate(tournament=tournament, user=users["organiser"], seed=5)
    sheets_simulate(session=session, rng=random.Random(5), close=False)
    values = _common_values(tournament, users) | _incident_values(tournament, users)
    return FormatWorld(tournament=tournament, values=values)


def build_match_world(users, elsewhere: dict) -> FormatWorld:
    """Two teams of four in one match, its quarter 1 named, the open room's two sheets entered
    (one confirmed): the quarter is in play, nothing of it public yet."""
    tournament = tournament_simulate(
        slug="permissions-match",
        players=8,
        user=users["organiser"],
        team_size=4,
        positions=1,
        seed=4,
        format=Tournament.Format.MATCH,
    )
    _format_staff(tournament, users)
    (match,) = matches_draw(tournament=tournament, user=users["organiser"], seed=1)
    players = {}
    for side, team in (("a", match.team_a), ("b", match.team_b)):
        attacker, *others = team.members.order_by("number")
        players[f"attacker_{side}"], players[f"defenders_{side}"] = attacker, others[:3]
    quarter = quarter_name(
        match=match, number=1, user=users["arbitre"], a_room="open", board_set=1, **players
    )
    rows = dict.fromkeys(range(1, 5), ("garde", "+56"))
    for keeper in ("attack", "defence"):
        match_sheet_save(
            quarter=quarter,
            room="open",
            keeper=keeper,
            rows=rows,
            user=users["scorer"],
            signed=True,
        )
    match_sheet_confirm(quarter=quarter, room="open", keeper="attack", user=users["arbitre"])
    # A match has no position: the addresses of the positions find none, and an incident
    # names one, so the incident given is the pairs tournament's: not found under this one.
    values = _common_values(tournament, users) | {"position": 1, "table": 1}
    values |= {key: elsewhere[key] for key in ("incident", "decision")}
    return FormatWorld(tournament=tournament, values=values)


def build_format_worlds(world: World) -> dict[str, FormatWorld]:
    """One tournament of each team format, built after the pairs tournament of ``world``."""
    return {
        **{game: build_duplicate_teams_world(world.users, game) for game in SEANCE_GAMES},
        "match": build_match_world(world.users, world.values),
    }
