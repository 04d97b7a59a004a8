"""Backups of the whole database and of one tournament, restored onto an emptied database:
every row and the standings identical, accounts that still log in, new rows after a restore
(sequences); the refusals (a database with data, corrupt or foreign files), which write
nothing; an interrupted backup, which leaves no file under its name."""

import datetime
import gzip
import json
import random
import re
from dataclasses import asdict

import pytest
from django.apps import apps
from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.core import serializers
from django.core.cache import cache
from django.core.management import CommandError, call_command

from scoring.formats.libre.simulation import sheets_simulate
from scoring.formats.libre.standings import standings
from scoring.season import services as season
from scoring.season.services_prizes import PrizeRuleValues, prize_rule_add
from tests.tournaments.test_transfer import build, snapshot
from tournaments import backups, services
from tournaments.models import Tournament
from tournaments.simulation import tournament_simulate

User = get_user_model()
PASSWORD = "secret-pass-123"  # the factories' password
# Made again by ``migrate`` (compared by count only), or not backed up at all.
COUNTED_ONLY = {"contenttypes.contenttype", "auth.permission"}
NOT_BACKED_UP = {"sessions.session"}


def populate(tournament, staff):
    """Two tournaments (the rich one of the transfer tests: teams, penalties, incidents,
    corrected and unconfirmed sheets; and a simulated one), a group with permissions, an
    account with its own permission, an admin log entry."""
    build(tournament, staff)
    organiser = staff["organiser"]
    simulated = tournament_simulate(
        slug="simule", players=8, user=organiser, team_size=2, seed=3, positions=2
    )
    sheets_simulate(tournament=simulated, rng=random.Random(3))
    group = Group.objects.create(name="Organisateurs")
    group.permissions.set(Permission.objects.filter(codename__in=["add_tournament", "add_club"]))
    organiser.groups.add(group)
    organiser.user_permissions.add(Permission.objects.get(codename="change_player"))
    LogEntry.objects.log_actions(
        user_id=organiser.pk, queryset=[simulated], action_flag=ADDITION, change_message="[]"
    )
    season_of([tournament, simulated], User.objects.get(pk=organiser.pk))
    return [tournament, simulated]


def season_of(tournaments, organiser):
    """A challenge across the tournaments, with its managers and a prize rule of its own (the
    tournaments' fees and rules come with ``build``)."""
    challenge = season.challenge_create(
        user=organiser,
        name="Saison",
        slug="saison",
        points_rule="scale",
        scale=[10, 6, 4, 2],
        best_of=2,
        min_participations=1,
        is_public=True,
    )
    for tournament in tournaments:
        season.challenge_tournament_add(
            user=organiser, challenge=challenge, tournament=tournament, coefficient=2
        )
    prize_rule_add(
        user=organiser,
        challenge=challenge,
        values=PrizeRuleValues("bonus", min_tournaments=2, bonus_cents=500),
    )


def rows():
    """Every row of every model but the sessions, every field; content types and permissions
    (given new ids by ``migrate``) counted only."""
    out = {}
    for model in apps.get_models():
        label = model._meta.label_lower
        if label in NOT_BACKED_UP:
            continue
        queryset = model._base_manager.order_by("pk")
        if label in COUNTED_ONLY:
            out[label] = queryset.count()
        else:
            out[label] = serializers.serialize("python", queryset, use_natural_foreign_keys=True)
            # A many-to-many (an account's groups) is a set: its order is the database's.
            for row in out[label]:
                for field in model._meta.many_to_many:
                    row["fields"][field.name] = sorted(row["fields"].get(field.name, []))
    return out


def results(tournament, ids=True):
    """Official and provisional standings, individual and by team, every row and bilan."""
    out = []
    for official in (True, False):
        ranking = standings(tournament=tournament, official=official)
        out.append([asdict(ranking), [asdict(team) for team in ranking.teams()]])
    return out if ids else _without_ids(out)


def _without_ids(value):
    if isinstance(value, dict):
        return {
            k: _without_ids(v)
            for k, v in value.items()
            if k not in {"registration_id", "tournament_id"}
        }
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


def flush():
    call_command("flush", interactive=False, verbosity=0)
    assert not Tournament.objects.exists() and not User.objects.exists()


def new_rows_work(tournament, organiser):
    """Rows created after a restore get fresh ids (the sequences were set past the restored)."""
    created = services.tournament_create_unchecked(
        user=organiser, name="Après", slug="apres", date=datetime.date.today(), positions=3
    )
    registration = services.player_register(
        tournament=tournament, user=organiser, licence="123456", last_name="Neuf", first_name="Ana"
    )
    User.objects.create_user(username="nouveau", password=PASSWORD)
    assert created.pk and registration.pk
    assert created.audit_entries.filter(action="tournament.created").exists()


@pytest.mark.django_db(transaction=True)
def test_whole_database_round_trip(tournament, staff, tmp_path, client, capsys):
    tournaments = populate(tournament, staff)
    before = rows()
    standings_before = [results(t) for t in tournaments]
    assert standings_before[0][0] != standings_before[0][1]  # an unconfirmed sheet counts
    assert any(row["penalties"] for row in standings_before[0][0][0]["rows"])
    assert standings_before[0][0][1] and standings_before[1][0][1]  # team rankings
    path = tmp_path / "all.json.gz"

    call_command("backup", "--output", str(path))
    out = capsys.readouterr().out
    assert (
        str(path) in out and "kB" in out and "tournaments.tournament: 3" in out
    )  # one of another organiser
    assert path.stat().st_mode & 0o077 == 0  # password hashes: the owner's only
    assert User.objects.get(username="organiser").password in gzip.decompress(
        path.read_bytes()
    ).decode("utf-8")

    flush()
    call_command("restore", str(path))
    out = capsys.readouterr().out
    assert "Restored the database" in out and "scoring.mark:" in out

    assert rows() == before
    assert [results(Tournament.objects.get(slug=t.slug)) for t in tournaments] == standings_before
    assert client.login(username="organiser", password=PASSWORD)
    assert User.objects.get(username="organiser").has_perm("tournaments.add_tournament")
    new_rows_work(Tournament.objects.get(slug=tournament.slug), staff["organiser"])


@pytest.mark.django_db(transaction=True)
def test_tournament_round_trip(tournament, staff, tmp_path, capsys):
    build(tournament, staff)
    before, standings_before = snapshot(tournament), results(tournament, ids=False)
    path = tmp_path / "one.json.gz"
    call_command("backup", "--tournament", tournament.slug, "--output", str(path))
    assert "13 players, 2 positions" in capsys.readouterr().out

    flush()
    call_command("restore", str(path))
    assert f"as /t/{tournament.slug}/" in capsys.readouterr().out

    restored = Tournament.objects.get()
    assert snapshot(restored) == before
    assert results(restored, ids=False) == standings_before
    new_rows_work(restored, User.objects.get(username="organiser"))


@pytest.mark.django_db(transaction=True)
def test_a_database_with_data_is_refused_unless_replaced(tournament, staff, tmp_path, client):
    populate(tournament, staff)
    path = tmp_path / "all.json.gz"
    call_command("backup", "--output", str(path), verbosity=0)
    before = rows()
    cache.set("fragment:probe", "a page cached under ids the restore reuses")
    with pytest.raises(CommandError, match="The database is not empty .*--replace"):
        call_command("restore", str(path))
    assert cache.get("fragment:probe") is not None  # refused: nothing changed
    services.player_register(
        tournament=tournament, user=staff["organiser"], licence=None, last_name="X", first_name="Y"
    )
    client.login(username="organiser", password=PASSWORD)  # a session, deleted by the restore
    call_command("restore", str(path), "--replace", verbosity=0)
    assert rows() == before
    assert not apps.get_model("sessions", "Session").objects.exists()
    assert cache.get("fragment:probe") is None  # every server's shared cache, emptied


# --- refusals and failures (no flush: the test's transaction is enough) ----------------------


@pytest.fixture
def good_backup(tournament, staff, tmp_path):
    path = tmp_path / "good.json.gz"
    call_command("backup", "--output", str(path), verbosity=0)
    return path


def _database_document(path) -> dict:
    return json.loads(gzip.decompress(path.read_bytes()))


def _with(document, **changes) -> bytes:
    return gzip.compress(json.dumps({**document, **changes}).encode())


def _object(document, label) -> dict:
    return next(o for o in document["objects"] if o["model"] == label)


CASES = {
    "truncated gzip": (lambda raw, doc: raw[: len(raw) // 2], "corrupt or truncated"),
    "damaged gzip": (  # the checksum no longer matches
        lambda raw, doc: raw[:-8] + bytes(b ^ 0xFF for b in raw[-8:-4]) + raw[-4:],
        "corrupt or truncated",
    ),
    "gzipped non-JSON": (lambda raw, doc: gzip.compress(b"{not json"), "not a JSON file"),
    "plain text": (lambda raw, doc: b"tarot, tarot\n", "not a JSON file"),
    "not UTF-8": (lambda raw, doc: b"\xff\xfe{}", "not a JSON file"),
    "nested too deeply": (lambda raw, doc: b"[" * 200_000, "nested too deeply"),
    "a JSON list": (lambda raw, doc: gzip.compress(b"[]"), "not a backup of this application"),
    "another format": (
        lambda raw, doc: _with(doc, format="dumpdata"),
        "not a backup of this application",
    ),
    "a format that is no name": (
        lambda raw, doc: _with(doc, format=["tarot-backup"]),
        "not a backup of this application",
    ),
    "another version": (lambda raw, doc: _with(doc, version=99), "version 99"),
    "rows not a list": (lambda raw, doc: _with(doc, objects="x"), "incomplete or damaged"),
    "counts missing": (lambda raw, doc: _with(doc, counts=None), "incomplete or damaged"),
    "rows lost": (
        lambda raw, doc: _with(doc, objects=doc["objects"][1:]),
        "differ from its counts",
    ),
    "a model not restored": (
        lambda raw, doc: _with(
            doc,
            objects=[*doc["objects"], {"model": "auth.permission", "pk": 1, "fields": {}}],
            counts={**doc["counts"], "auth.permission": 1},
        ),
        "does not restore: auth.permission",
    ),
    "a newer schema": (
        lambda raw, doc: _with(doc, migrations=[*doc["migrations"], ["tournaments", "9999_x"]]),
        "newer version .*tournaments.9999_x",
    ),
    "a wrong value": (
        lambda raw, doc: _with(
            doc,
            objects=[
                {**o, "fields": {**o["fields"], "date": "someday"}}
                if o["model"] == "tournaments.tournament"
                else o
                for o in doc["objects"]
            ],
        ),
        "incomplete or damaged .*someday",
    ),
    "a dangling reference": (
        lambda raw, doc: _with(
            doc,
            objects=[
                {**o, "fields": {**o["fields"], "tournament": 10**6}}
                if o == _object(doc, "tournaments.staffrole")
                else o
                for o in doc["objects"]
            ],
        ),
        r"refuses \(nothing restored\): tournaments.staffrole \d+, tournament: names a tournament "
        r"\(1000000\)",
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("case", CASES)
def test_a_bad_file_is_refused_and_writes_nothing(good_backup, tmp_path, case):
    spoil, message = CASES[case]
    raw = good_backup.read_bytes()
    bad = tmp_path / "bad.json.gz"
    bad.write_bytes(spoil(raw, json.loads(gzip.decompress(raw))))
    before = rows()
    with pytest.raises(CommandError, match=message):
        call_command("restore", str(bad), "--replace")
    assert rows() == before


@pytest.mark.django_db
def test_refusals_of_the_commands(good_backup, tournament, tmp_path):
    with pytest.raises(CommandError, match="Cannot read .*missing"):
        call_command("restore", str(tmp_path / "missing.json.gz"))
    with pytest.raises(CommandError, match="--slug is for a tournament backup"):
        call_command("restore", str(good_backup), "--slug", "copie")
    with pytest.raises(CommandError, match="no tournament with slug 'nowhere'"):
        call_command("backup", "--tournament", "nowhere")
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    with pytest.raises(CommandError, match="cannot write"):
        call_command("backup", "--output", str(a_file / "x.json.gz"))
    one = tmp_path / "one.json.gz"
    call_command("backup", "--tournament", tournament.slug, "--output", str(one), verbosity=0)
    with pytest.raises(CommandError, match="already exists"):
        call_command("restore", str(one))
    with pytest.raises(CommandError, match="--replace is for a whole-database backup"):
        call_command("restore", str(one), "--replace")


@pytest.mark.django_db
def test_a_plain_export_restores_under_a_new_slug(tournament, staff, tmp_path):
    build(tournament, staff)
    path = tmp_path / "export.json"
    call_command("export_tournament", "--slug", tournament.slug, "--output", str(path))
    call_command("restore", str(path), "--slug", "copie", verbosity=0)
    assert snapshot(Tournament.objects.get(slug="copie")) == snapshot(tournament)


@pytest.mark.django_db
def test_default_names_are_timestamped_beside_manage_py(tournament, settings, tmp_path, capsys):
    settings.BASE_DIR = tmp_path
    call_command("backup")
    call_command("backup", "--tournament", tournament.slug)
    call_command("backup", "--output", str(tmp_path / "elsewhere") + "/")
    names = sorted(p.name for p in (tmp_path / "backups").iterdir())
    assert re.fullmatch(r"tarot-\d{8}-\d{6}\.json\.gz", names[0])
    assert re.fullmatch(rf"tarot-{tournament.slug}-\d{{8}}-\d{{6}}\.json\.gz", names[1])
    assert len(list((tmp_path / "elsewhere").glob("tarot-*.json.gz"))) == 1
    assert str(tmp_path / "backups" / names[0]) in capsys.readouterr().out


@pytest.mark.django_db
def test_an_interrupted_backup_leaves_no_file_under_its_name(good_backup, monkeypatch):
    complete = good_backup.read_bytes()
    original, models = backups._serialized, []

    def failing(model):  # a few models written, then the writing fails
        models.append(model)
        if len(models) > 3:
            raise RuntimeError("the disk went away")
        yield from original(model)

    monkeypatch.setattr(backups, "_serialized", failing)
    with pytest.raises(RuntimeError, match="the disk went away"):
        call_command("backup", "--output", str(good_backup))
    assert good_backup.read_bytes() == complete  # the previous backup, untouched
    assert [p.name for p in good_backup.parent.iterdir()] == [good_backup.name]
    with pytest.raises(RuntimeError):
        call_command("backup", "--output", str(good_backup.parent / "new.json.gz"))
    assert [p.name for p in good_backup.parent.iterdir()] == [good_backup.name]


@pytest.mark.django_db(transaction=True)
def test_a_backup_written_before_a_field_was_renamed_restores(tournament, staff, tmp_path):
    """A decision's ``player`` became ``registration`` (arbitration 0003): an older backup
    restores with every decision's player."""
    build(tournament, staff)
    before = rows()
    path = tmp_path / "old.json.gz"
    call_command("backup", "--output", str(path), verbosity=0)
    document = _database_document(path)
    decisions = [o for o in document["objects"] if o["model"] == "arbitration.decision"]
    assert any(o["fields"]["registration"] for o in decisions)
    for obj in decisions:
        obj["fields"]["player"] = obj["fields"].pop("registration")
    path.write_bytes(_with(document))
    flush()
    call_command("restore", str(path), verbosity=0)
    assert rows() == before


@pytest.mark.django_db(transaction=True)
def test_a_backup_written_before_the_seats_were_numbered_restores(tournament, staff, tmp_path):
    """A seat's ``position`` became its ``number`` (tournaments 0011): an older backup restores
    with everyone in the seat they had."""
    build(tournament, staff)
    before = rows()
    path = tmp_path / "old.json.gz"
    call_command("backup", "--output", str(path), verbosity=0)
    document = _database_document(path)
    seats = [o for o in document["objects"] if o["model"] == "tournaments.seat"]
    assert {o["fields"]["number"] for o in seats} == {0, 1, 2, 3, 4}
    for obj in seats:
        obj["fields"]["position"] = obj["fields"].pop("number")
    path.write_bytes(_with(document))
    flush()
    call_command("restore", str(path), verbosity=0)
    assert rows() == before
