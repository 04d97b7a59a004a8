"""A whole tournament exported to one document and imported again, here under a new address
or as on another installation: every row of every model compared, foreign keys and the ids
hidden in JSON replaced by stable values (numbers, usernames, licences); the refusals; the
commands."""

import copy
import json
import random
from dataclasses import replace

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db.models import Sum

from arbitration import services as arbitration
from arbitration.models import Decision, Incident, IncidentKind
from arbitration.selectors import incident_history
from scoring.at_table import services as at_table
from scoring.formats.libre import services as scoring
from scoring.formats.libre.selectors import current_sheet, table_setup
from scoring.formats.libre.simulation import random_sheet, sheets_simulate
from scoring.models import (
    BidBan,
    Deal,
    Mark,
    Penalty,
    PrizeRule,
    ScoreSheet,
    TableEntry,
    TableRefusal,
)
from scoring.season import services_prizes as prizes
from tournaments import services, services_fees, services_seating
from tournaments.models import (
    Club,
    Player,
    Registration,
    Round,
    Seat,
    Table,
    Team,
    Tournament,
)
from tournaments.transfer import FORMAT, VERSION, sections, tournament_export, tournament_import

pytestmark = pytest.mark.django_db

User = get_user_model()

# Every model a tournament's rows live in, with the path from a row to its tournament. Written
# here again rather than taken from ``transfer``: the test must not trust the list it checks.
MODELS = [
    ("tournaments.Tournament", "pk"),
    ("tournaments.Club", "players__registrations__tournament"),
    ("tournaments.Player", "registrations__tournament"),
    ("tournaments.Team", "tournament"),
    ("tournaments.Registration", "tournament"),
    ("tournaments.EntryFee", "tournament"),
    ("tournaments.StaffRole", "tournament"),
    ("tournaments.Session", "tournament"),
    ("tournaments.SessionAttacker", "session__tournament"),
    ("tournaments.SessionDefender", "session__tournament"),
    ("tournaments.Round", "tournament"),
    ("tournaments.Table", "round__tournament"),
    ("tournaments.Seat", "round__tournament"),
    ("scoring.ScoreSheet", "round__tournament"),
    ("scoring.Deal", "sheet__round__tournament"),
    ("scoring.Mark", "sheet__round__tournament"),
    ("scoring.BidBan", "tournament"),
    ("scoring.Penalty", "tournament"),
    ("scoring.Board", "session__tournament"),
    ("scoring.TravellingSheet", "board__session__tournament"),
    ("scoring.TravellingLine", "sheet__board__session__tournament"),
    ("scoring.TableReport", "board__session__tournament"),
    ("scoring.TeamMatch", "tournament"),
    ("scoring.MatchQuarter", "match__tournament"),
    ("scoring.QuarterPlayer", "quarter__match__tournament"),
    ("scoring.MatchLine", "quarter__match__tournament"),
    ("scoring.MatchSheet", "quarter__match__tournament"),
    ("scoring.CancelledBoard", "quarter__match__tournament"),
    ("scoring.TableEntry", "table__round__tournament"),
    ("scoring.TableRefusal", "table__round__tournament"),
    ("scoring.PrizeRule", "tournament"),
    ("arbitration.Incident", "tournament"),
    ("arbitration.Decision", "incident__tournament"),
    ("arbitration.PenaltyScale", "tournament"),
    ("tournaments.AuditEntry", "tournament"),
]
# The address differs by design; a form's one-time token is not carried (see ``transfer``).
NOT_COMPARED = {("tournaments.Tournament", "slug"), ("scoring.ScoreSheet", "token")}
# Matched by their own values: their primary keys' order differs between installations.
SORTED = {"tournaments.Club", "tournaments.Player"}
AUDIT_IDS = {
    "registration": Registration,
    "team": Team,
    "incident": Incident,
    "decision": Decision,
    "penalty": Penalty,
    "ban": BidBan,
    "bid_ban": BidBan,
    "prize_rule": PrizeRule,
}


class Naturals:
    """Stable names of a tournament's rows: what a foreign key becomes in a snapshot."""

    def __init__(self, tournament):
        def ordinal(model, path="tournament"):  # rows without a number: their rank
            rows = model.objects.filter(**{path: tournament}).order_by("pk")
            return {pk: f"#{i}" for i, pk in enumerate(rows.values_list("pk", flat=True), 1)}

        def by(model, path, *names):
            rows = model.objects.filter(**{path: tournament}).values_list("pk", *names)
            return {pk: tuple(rest) for pk, *rest in rows}

        sheet = ("sheet__round__number", "sheet__table__number", "sheet__version")
        self.keys = {
            User: dict(User.objects.values_list("pk", "username")),
            Club: dict(Club.objects.values_list("pk", "name")),
            Player: {
                p.pk: p.licence or f"{p.last_name} {p.first_name}"
                for p in Player.objects.filter(registrations__tournament=tournament)
            },
            Tournament: {tournament.pk: "this tournament"},
            Team: by(Team, "tournament", "number"),
            Registration: by(Registration, "tournament", "number"),
            Round: by(Round, "tournament", "number"),
            Table: by(Table, "round__tournament", "round__number", "number"),
            ScoreSheet: by(
                ScoreSheet, "round__tournament", "round__number", "table__number", "version"
            ),
            Deal: by(Deal, "sheet__round__tournament", *sheet, "number"),
            Incident: ordinal(Incident),
            BidBan: ordinal(BidBan),
            Penalty: ordinal(Penalty),
            PrizeRule: ordinal(PrizeRule),
            Decision: ordinal(Decision, "incident__tournament"),
        }

    def key(self, model, pk):
        return None if pk is None else self.keys[model].get(pk)

    def reference(self, text):
        if text.startswith("incident "):
            return ("incident", self.key(Incident, int(text.split()[1])))
        return text

    def audit(self, data, entry):
        data = dict(data)
        for name, model in AUDIT_IDS.items():
            if name in data:
                data[name] = self.key(model, data[name])
        if "reference" in data:
            data["reference"] = self.reference(data["reference"])
        if "seats" in data:
            data["seats"] = {s: self.key(Registration, r) for s, r in data["seats"].items()}
        if entry.action.startswith("registration."):
            if "player" in data:
                data["player"] = self.key(Player, data["player"])
            if "club" in data:
                data["club"] = [self.key(Club, c) for c in data["club"]]
        return data

    def report(self, report, row):
        report = dict(report)
        for name in ("repeated_pairs", "team_clashes"):
            report[name] = [
                [self.key(Registration, a), self.key(Registration, b), *rest]
                for a, b, *rest in report.get(name, [])
            ]
        return report

    def plan(self, plan, row):
        return [[[self.key(Registration, p) for p in t] for t in position] for position in plan]

    def poignees(self, poignees, row):
        return [[self.key(Registration, reg), level] for reg, level in poignees]


JSON = {
    ("tournaments.Round", "report"): Naturals.report,
    ("tournaments.Round", "plan_ahead"): Naturals.plan,
    ("scoring.Deal", "poignees"): Naturals.poignees,
    ("scoring.BidBan", "reference"): lambda n, value, row: n.reference(value),
    ("scoring.Penalty", "reference"): lambda n, value, row: n.reference(value),
    ("tournaments.AuditEntry", "data"): Naturals.audit,
}


def snapshot(tournament) -> dict[str, list[dict]]:
    """Every row of every model of ``tournament``, every field, with stable values."""
    naturals = Naturals(tournament)
    out = {}
    for label, path in MODELS:
        model = apps.get_model(label)
        rows = model.objects.filter(**{path: tournament.pk}).distinct().order_by("pk")
        listed = []
        for obj in rows:
            row = {}
            for f in model._meta.concrete_fields:
                if f.primary_key or (label, f.name) in NOT_COMPARED:
                    continue
                value = getattr(obj, f.attname)
                if f.is_relation:
                    value = naturals.key(f.related_model, value)
                elif (label, f.name) in JSON:
                    value = JSON[label, f.name](naturals, value, obj)
                row[f.name] = value
            listed.append(row)
        if label in SORTED:
            listed.sort(key=repr)
        out[label] = listed
    return out


def totals(tournament):
    """What standings sum: marks of the current sheets and active penalties, per number."""
    marks = (
        Mark.objects.filter(sheet__round__tournament=tournament)
        .exclude(sheet__status=ScoreSheet.Status.SUPERSEDED)
        .values_list("registration__number")
        .annotate(total=Sum("value"))
    )
    penalties = (
        Penalty.objects.filter(tournament=tournament, cancelled_at__isnull=True)
        .values_list("registration__number")
        .annotate(total=Sum("points"))
    )
    return dict(marks.order_by()), dict(penalties.order_by())


def seated(table, number):
    return table.seats.get(number=number).registration


def build(tournament, staff):
    """13 players (2 guests), teams of 2 and one player alone, tables of 4 and 5 (the dealer
    sits out), sheets entered, confirmed, changed and corrected, incidents with every kind of
    effect, one decision undone, a penalty scale, a team and a registration deleted."""
    organiser, scorer, arbitre = staff["organiser"], staff["scorer"], staff["arbitre"]
    tournament = services.tournament_update(
        tournament=tournament,
        user=organiser,
        kind=Tournament.Kind.TEAMS_2,
        positions=3,
        remainder=Tournament.Remainder.FIVE,
    )
    regs = [
        services.player_register(
            tournament=tournament,
            user=organiser,
            licence=f"{7000 + i}" if i < 11 else None,
            last_name=f"Nom{i}",
            first_name="Zoé" if i % 2 else "Émile",
            new_club=f"Club {i % 3}" if i % 4 else "",
        )
        for i in range(14)
    ]
    services.registration_update(registration=regs[1], user=organiser, new_club="Club neuf")
    services.registration_delete(registration=regs.pop(), user=organiser)
    for reg in regs:
        services.registration_check_in(registration=reg, user=organiser, present=True)
    # Entry fees, paid at the door (one free, one not yet), by a club no player belongs to.
    tournament = services.tournament_update(
        tournament=tournament, user=organiser, organiser_club=Club.objects.create(name="Hôte")
    )
    services_fees.fees_set(
        user=organiser, tournament=tournament, amounts={"licensed": 1200, "free": 0}
    )
    services_fees.registration_pay(
        user=arbitre, registration=regs[0], category="licensed", payment="cheque"
    )
    services_fees.registration_pay(user=arbitre, registration=regs[2], category="free", payment="")
    for i in range(0, 12, 2):
        services.team_create(
            tournament=tournament, user=organiser, name=f"Équipe {i}", members=regs[i : i + 2]
        )
    services.team_delete(team=tournament.teams.get(number=6), user=organiser)
    services.team_create(
        tournament=tournament, user=organiser, name="Dernière", members=regs[10:12]
    )
    arbitration.scale_set(tournament=tournament, user=organiser, points={"conduct": 50})
    # Its prize rules, one deleted (its audit entries name both).
    prizes.prize_rule_add(
        tournament=tournament,
        user=organiser,
        values=prizes.PrizeRuleValues(kind="share", share_percent=90, places=4, scale=(4, 3, 2, 1)),
    )
    gone = prizes.prize_rule_add(
        tournament=tournament,
        user=organiser,
        values=prizes.PrizeRuleValues(kind="fixed", amounts_cents=(5000, 2000)),
    )
    prizes.prize_rule_delete(rule=gone, user=organiser)
    rng = random.Random(5)

    round1 = services_seating.round_seat_players(
        tournament=tournament, number=1, user=organiser, seed=1
    )
    services_seating.round_publish(round=round1, user=organiser)
    sheets_simulate(tournament=tournament, rng=rng, scorer=scorer, arbitre=arbitre)
    t1, t2 = round1.tables.get(number=1), round1.tables.get(number=2)
    correction = replace(random_sheet(table_setup(table=t1), rng), reason="misread")
    corrected = scoring.scoresheet_save(table=t1, user=arbitre, entry=correction, base_version=1)
    scoring.scoresheet_confirm(sheet=corrected, user=organiser)  # four-eyes
    annulled = arbitration.incident_log(
        tournament=tournament, user=arbitre, round=round1, table=t2, kind=IncidentKind.MISDEAL,
        offender=seated(t2, 0), deal_number=2, confirmed=True,
    )  # fmt: skip
    arbitration.decision_add(incident=annulled, user=arbitre, kind="deal_annulled")
    services.staff_account_create(
        tournament=tournament, user=organiser, username="late_arbitre", role="arbitre"
    )
    scoring.round_close(round=round1, user=arbitre)

    round2 = services_seating.round_seat_players(tournament=tournament, number=2, user=organiser)
    services_seating.round_publish(round=round2, user=organiser)
    t1, t2 = round2.tables.get(number=1), round2.tables.get(number=2)
    scoring.scoresheet_save(table=t1, user=scorer, entry=random_sheet(table_setup(table=t1), rng),
                            base_version=0)  # fmt: skip
    scoring.scoresheet_save(table=t1, user=scorer, entry=random_sheet(table_setup(table=t1), rng),
                            base_version=1)  # fmt: skip
    services_seating.round_swap_players(
        round=round2, user=arbitre, first=seated(t1, 0), second=seated(t2, 1), reason="wrong seat"
    )
    renonce = arbitration.incident_log(
        tournament=tournament, user=arbitre, round=round2, table=t1, kind=IncidentKind.RENONCE,
        offender=seated(t1, 3), caller=seated(t1, 1), deal_number=1, confirmed=True,
        description="Pas de cœur fourni",
    )  # fmt: skip
    arbitration.decision_undo(decision=renonce.decisions.get(), user=arbitre, reason="seen")
    conduct = arbitration.incident_log(
        tournament=tournament, user=arbitre, round=round2, table=t2, kind=IncidentKind.CONDUCT,
        offender=seated(t2, 2),
    )  # fmt: skip
    arbitration.decision_add(incident=conduct, user=arbitre, kind="warning")
    arbitration.decision_add(incident=conduct, user=arbitre, kind="penalty")
    arbitration.decision_add(
        incident=conduct, user=arbitre, kind="bid_ban", position=3, note="repeated"
    )
    arbitration.incident_log(
        tournament=tournament, user=arbitre, round=round2, table=t1, kind=IncidentKind.PROTEST,
        contests=renonce, contests_sheet=current_sheet(table=t1), late=True,
    )  # fmt: skip
    # Table 2 enters at the table: one deal waits for its approval, one entry was refused.
    Tournament.objects.filter(pk=tournament.pk).update(table_entry=True)
    access = at_table.access_of(Table.objects.get(pk=t2.pk))
    at_table.submit(access=access, number=1, seat=0, post={"d1-mode": "all_pass"}, client_key="a")
    with pytest.raises(at_table.EntryRefused):
        at_table.submit(access=access, number=2, seat=0, post={"d2-mode": "facts"}, client_key="b")
    tournament.refresh_from_db()
    return tournament


def test_build_covers_what_the_transfer_must_carry(tournament, staff):
    """The rich tournament has a row of every kind, so the comparisons below mean something."""
    build(tournament, staff)
    assert TableEntry.objects.filter(table__round__tournament=tournament).count() == 1
    assert TableRefusal.objects.filter(table__round__tournament=tournament).count() == 1
    assert Player.objects.filter(registrations__tournament=tournament, licence=None).count() == 2
    assert [(r.number, r.is_closed) for r in tournament.rounds.order_by("number")] == [
        (1, True),
        (2, False),
    ]
    sizes = Table.objects.filter(round__tournament=tournament).values_list("size", flat=True)
    assert set(sizes) == {4, 5}
    statuses = ScoreSheet.objects.filter(round__tournament=tournament).values_list("status")
    assert {s for (s,) in statuses} == {"entered", "confirmed", "superseded"}
    assert Deal.objects.filter(sheet__round__tournament=tournament, sitting_out__isnull=False)
    assert Decision.objects.filter(incident__tournament=tournament, undone_at__isnull=False)
    assert BidBan.objects.filter(tournament=tournament, cancelled_at__isnull=False)
    assert Penalty.objects.filter(tournament=tournament).count() == 1
    assert Incident.objects.filter(tournament=tournament, contests__isnull=False).count() == 1
    actions = set(tournament.audit_entries.values_list("action", flat=True))
    assert {"team.deleted", "registration.deleted", "round.corrected", "sheet.corrected"} <= actions
    assert Deal.objects.filter(sheet__round__tournament=tournament).exclude(poignees=[])
    assert tournament.rounds.get(number=2).report["repeated_pairs"]
    assert tournament.rounds.get(number=1).plan_ahead
    assert tournament.fees.count() == 2 and tournament.organiser_club.name == "Hôte"
    paid = tournament.registrations.exclude(fee_category="")
    assert sorted(paid.values_list("fee_category", "payment", "paid_cents")) == [
        ("free", "", 0),
        ("licensed", "cheque", 1200),
    ]


def test_round_trip_under_a_new_slug(tournament, staff):
    build(tournament, staff)
    players = Player.objects.count()
    document = json.loads(json.dumps(tournament_export(tournament=tournament)))
    assert {type(deal["points"]) for deal in document["deals"]} == {str, type(None)}
    assert document["audit_entries"][0]["created_at"].endswith("+00:00")
    copy_ = tournament_import(document=document, slug="copie")
    assert copy_.slug == "copie" and copy_.pk != tournament.pk
    assert snapshot(copy_) == snapshot(tournament)
    assert totals(copy_) == totals(tournament)
    # Licensed players are the same people; guests cannot be told apart, so they are new.
    assert Player.objects.count() == players + 2
    assert not set(copy_.registrations.values_list("pk", flat=True)) & set(
        tournament.registrations.values_list("pk", flat=True)
    )
    assert not ScoreSheet.objects.filter(round__tournament=copy_, token__isnull=False).exists()


def test_round_trip_to_another_installation(tournament, staff):
    build(tournament, staff)
    before, sums = snapshot(tournament), totals(tournament)
    text = json.dumps(tournament_export(tournament=tournament), ensure_ascii=False)
    assert "password" not in text
    _wipe()
    imported = tournament_import(document=json.loads(text))
    assert imported.slug == tournament.slug
    assert snapshot(imported) == before
    assert totals(imported) == sums
    arbitre = User.objects.get(username="arbitre")
    assert not arbitre.is_active and not arbitre.has_usable_password()


def _wipe():
    """What another installation lacks: this tournament, its players, clubs and accounts.
    Row by row: ``Tournament.delete()`` is refused once seats exist (``Seat.registration``,
    ``Mark.registration``, ``Incident.round``… are PROTECT)."""
    Incident.objects.update(contests=None)
    Tournament.objects.update(organiser_club=None)  # PROTECT: the clubs go before it
    for label, _path in reversed(MODELS):
        apps.get_model(label).objects.all().delete()
    User.objects.all().delete()


def test_standings_sums_are_identical(tournament, staff):
    build(tournament, staff)
    marks, penalties = totals(tournament)
    assert sum(marks.values()) == 0 and len(marks) == 13 and penalties
    copy_ = tournament_import(document=tournament_export(tournament=tournament), slug="copie")
    assert totals(copy_) == (marks, penalties)


def test_histories_and_bans_follow_the_new_ids(tournament, staff):
    build(tournament, staff)
    copy_ = tournament_import(document=tournament_export(tournament=tournament), slug="copie")
    pairs = zip(tournament.incidents.order_by("pk"), copy_.incidents.order_by("pk"), strict=True)
    for old, new in pairs:
        old_history = [(e.action, e.created_at) for e in incident_history(incident=old)]
        assert [(e.action, e.created_at) for e in incident_history(incident=new)] == old_history
        assert old_history
    in_force = BidBan.objects.filter(tournament=copy_, cancelled_at__isnull=True)
    source = BidBan.objects.filter(tournament=tournament, cancelled_at__isnull=True)
    ban, was = in_force.get(registration__isnull=False), source.get(registration__isnull=False)
    assert (
        ban.registration.tournament == copy_ and ban.registration.number == was.registration.number
    )
    assert (ban.position, ban.deal_number, ban.reason) == (was.position, None, was.reason)
    # The misdeal's ban falls on whoever dealt, at the same table of the copy.
    dealer = in_force.get(registration__isnull=True)
    table = copy_.rounds.get(number=dealer.position).tables.get(number=dealer.table_number)
    assert table_setup(table=table).dealer_bans == {dealer.deal_number: dealer.reason}


# A tournament's former addresses are this installation's: another one never served them. Its
# documents made off the request are made again from what is carried. So are its tables' codes
# for the players' phones: their secrets are this installation's, made again on the first print.
NOT_CARRIED = {
    "tournaments.TournamentAddress",
    "tournaments.DocumentJob",
    "scoring.TableAccess",
    # A challenge spans tournaments: the database backup holds it, not one tournament's file.
    "scoring.Challenge",
    "scoring.ChallengeTournament",
}


def test_every_model_pointing_into_a_tournament_is_carried():
    """A model added later that refers to a tournament's rows must join the transfer."""
    carried = {apps.get_model(label) for label, _path in MODELS}
    order = [s.model for s in sections()]
    assert sorted(order) == sorted(label for label, _path in MODELS[3:])
    # The import creates what a row names first: incidents before the effects they decide,
    # every row before the audit entries that name them.
    assert order.index("arbitration.Incident") < order.index("scoring.BidBan")
    assert order[-1] == "tournaments.AuditEntry"
    for model in apps.get_models():
        targets = {f.related_model for f in model._meta.concrete_fields if f.is_relation}
        if targets & (carried - {Club, Player}) and model._meta.label not in NOT_CARRIED:
            assert model in carried, model._meta.label


@pytest.fixture
def document(tournament, staff):
    return tournament_export(tournament=build(tournament, staff))


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"format": "something-else"}, "format"),
        ({"version": VERSION + 1}, "version"),
        ({"registrations": None}, "malformed"),
        ({"tournament": "a text"}, "malformed"),
        ({"seats": [{"id": 1}]}, "invalid"),  # a seat at no table, found before any write
    ],
)
def test_refuses_what_it_cannot_read(document, change, code):
    count = Tournament.objects.count()
    with pytest.raises(ValidationError) as exc:
        tournament_import(document={**document, **change}, slug="copie")
    assert exc.value.code == code
    assert Tournament.objects.count() == count


def test_refuses_a_taken_slug_and_a_dangling_reference(document):
    with pytest.raises(ValidationError) as exc:
        tournament_import(document=document)
    assert (
        exc.value.code == "slug_taken" and document["tournament"]["slug"] in exc.value.messages[0]
    )
    broken = copy.deepcopy(document)
    broken["marks"][0]["registration"] = 10**9
    with pytest.raises(ValidationError) as exc:
        tournament_import(document=broken, slug="copie")
    assert exc.value.code == "dangling"
    assert not Tournament.objects.filter(slug="copie").exists()
    assert document["format"] == FORMAT


def test_commands_round_trip(tournament, staff, tmp_path, capsys):
    build(tournament, staff)
    path = tmp_path / "tournoi.json"
    call_command("export_tournament", "--slug", tournament.slug, "--output", str(path))
    assert "Exported" in capsys.readouterr().out
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == FORMAT
    assert "Zoé" in path.read_text(encoding="utf-8")  # UTF-8, not \u escapes
    call_command("import_tournament", str(path), "--slug", "copie")
    assert "/t/copie/" in capsys.readouterr().out
    assert snapshot(Tournament.objects.get(slug="copie")) == snapshot(tournament)
    call_command("export_tournament", "--slug", "copie")
    assert json.loads(capsys.readouterr().out)["tournament"]["slug"] == "copie"


def test_commands_refuse_bad_input(tournament, tmp_path):
    with pytest.raises(CommandError, match="no tournament"):
        call_command("export_tournament", "--slug", "nowhere")
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_tournament", str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="not a JSON file"):
        call_command("import_tournament", str(bad))
    bad.write_text(json.dumps({"format": "other"}), encoding="utf-8")
    with pytest.raises(CommandError, match="not a tournament export"):
        call_command("import_tournament", str(bad))
    bad.write_text(json.dumps({"format": FORMAT, "version": 99}), encoding="utf-8")
    with pytest.raises(CommandError, match="version 99"):
        call_command("import_tournament", str(bad))
    good = tmp_path / "good.json"
    call_command("export_tournament", "--slug", tournament.slug, "--output", str(good))
    with pytest.raises(CommandError, match="already exists"):
        call_command("import_tournament", str(good))
    with pytest.raises(CommandError, match="slug: Enter a valid"):
        call_command("import_tournament", str(good), "--slug", "not a slug!")


def test_registrations_keep_their_identity_across_a_transfer(document):
    """A registration carries the name it was registered under; the directory record a known
    licence finds here is neither shown nor changed. A document from before registrations had
    their own identity takes each player's as the document has it."""
    licensed = next(row for row in document["registrations"] if row["player"] in {
        p["id"] for p in document["players"] if p["licence"]})  # fmt: skip
    licensed["last_name"] = "Tel-Qu-Inscrit"
    copy_ = tournament_import(document=copy.deepcopy(document), slug="copie")
    reg = copy_.registrations.get(number=licensed["number"])
    assert reg.last_name == "Tel-Qu-Inscrit"
    assert reg.player.last_name != "Tel-Qu-Inscrit"
    old = copy.deepcopy(document)
    for row in old["registrations"]:
        for name in ("last_name", "first_name", "club", "email"):
            del row[name]
    older = tournament_import(document=old, slug="ancienne")
    players = {row["id"]: row for row in old["players"]}
    for row in old["registrations"]:
        reg = older.registrations.get(number=row["number"])
        assert reg.last_name == players[row["player"]]["last_name"]
        assert reg.first_name == players[row["player"]]["first_name"]


def test_a_document_written_before_a_field_was_renamed_keeps_its_values(tournament, staff):
    """A decision's ``player`` became ``registration``: an older export still gives each
    decision its player."""
    build(tournament, staff)
    document = json.loads(json.dumps(tournament_export(tournament=tournament)))
    for row in document["decisions"]:
        row["player"] = row.pop("registration")
    copy_ = tournament_import(document=document, slug="ancienne")
    assert snapshot(copy_) == snapshot(tournament)
    assert Decision.objects.filter(incident__tournament=copy_, registration__isnull=False)


def seating(tournament) -> list[tuple[int, int, int, int]]:
    """(position, table, seat, registration's number) of every seat of ``tournament``."""
    return sorted(
        Seat.objects.filter(round__tournament=tournament).values_list(
            "round__number", "table__number", "number", "registration__number"
        )
    )


def test_a_document_written_before_the_seats_were_numbered_keeps_their_seats(tournament, staff):
    """A seat's ``position`` became its ``number`` (tournaments 0011): an older export still
    puts everyone in the seat they had."""
    build(tournament, staff)
    document = json.loads(json.dumps(tournament_export(tournament=tournament)))
    assert document["seats"] and all("number" in row for row in document["seats"])
    for row in document["seats"]:
        row["position"] = row.pop("number")
    copy_ = tournament_import(document=document, slug="ancienne")
    assert snapshot(copy_) == snapshot(tournament)
    assert seating(copy_) == seating(tournament)
    assert {seat for _k, _t, seat, _r in seating(copy_)} == {0, 1, 2, 3, 4}  # a table of 5


def test_a_seance_keeps_its_movement_and_an_older_document_draws_none(tournament, staff):
    """A séance's movement (Mitchell or Howell, tournaments 0020) is carried; a document written
    before it had one reads as a Mitchell, the only movement then; an unknown one is refused."""
    from tournaments.models import Session

    Session.objects.create(tournament=tournament, number=1, movement=Session.Movement.HOWELL)
    Session.objects.create(tournament=tournament, number=2)
    document = json.loads(json.dumps(tournament_export(tournament=tournament)))
    assert [row["movement"] for row in document["sessions"]] == ["howell", "mitchell"]
    copy_ = tournament_import(document=copy.deepcopy(document), slug="copie")
    assert list(copy_.sessions.order_by("number").values_list("movement", flat=True)) == [
        "howell",
        "mitchell",
    ]
    older = copy.deepcopy(document)
    for row in older["sessions"]:
        del row["movement"]
    imported = tournament_import(document=older, slug="ancienne")
    assert set(imported.sessions.values_list("movement", flat=True)) == {"mitchell"}
    wrong = copy.deepcopy(document)
    wrong["sessions"][0]["movement"] = "emmanuel"
    with pytest.raises(ValidationError) as exc:
        tournament_import(document=wrong, slug="fausse")
    assert exc.value.code == "invalid" and "movement" in exc.value.messages[0]
    assert not Tournament.objects.filter(slug="fausse").exists()
