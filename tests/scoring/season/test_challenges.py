"""The staff side of challenges: the services (who may, what they refuse and where they say so,
the version and the audit), the standings read from hand-made official rankings (figures worked
by hand below) and from a tournament played through the services, and the staff pages."""

from dataclasses import replace
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from scoring.formats.base import TournamentFormat
from scoring.formats.libre.services_rounds import round_close
from scoring.models import Challenge, ChallengeTournament
from scoring.official_ranking import Kind, OfficialRanking, RankingRow
from scoring.results_final import results_declare_final
from scoring.season import services, standings
from scoring.season.forms_manage import ChallengeForm, TournamentAddForm
from scoring.season.selectors_staff import addable_tournaments, staff_rows
from scoring.season.standings import challenge_standings
from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory, UserFactory
from tests.scoring.conftest import seat_and_publish
from tests.support import enter
from tournaments.models import AuditEntry, Registration, StaffRole, Tournament

pytestmark = pytest.mark.django_db

RULE = {
    "name": "Challenge des clubs",
    "slug": "challenge-clubs",
    "points_rule": Challenge.PointsRule.SCALE,
    "scale": [10, 6, 4, 3],
    "best_of": None,
    "min_participations": 1,
    "is_public": True,
}


def challenge_audit(challenge):
    return list(
        AuditEntry.objects.filter(data__challenge=challenge.pk)
        .order_by("id")
        .values_list("action", "tournament")
    )


def field_errors(exc: ValidationError) -> dict:
    return {field: [e.code for e in errors] for field, errors in exc.error_dict.items()}


@pytest.fixture
def challenge(organiser):
    return services.challenge_create(user=organiser, **RULE)


# --- services ----------------------------------------------------------------------------------


def test_create_makes_the_creator_a_manager(organiser):
    challenge = services.challenge_create(user=organiser, **RULE)
    assert list(challenge.managers.all()) == [organiser]
    assert challenge.version == 1
    entry = AuditEntry.objects.get(action="challenge.created")
    assert entry.tournament is None and entry.user == organiser
    assert entry.data["challenge"] == challenge.pk and entry.data["scale"] == [10, 6, 4, 3]


@pytest.mark.parametrize("who", ["scorer", "arbitre", "other_organiser"])
def test_create_is_refused_without_the_right_and_writes_nothing(staff, who):
    with pytest.raises(PermissionDenied):
        services.challenge_create(user=staff[who], **RULE)
    assert not Challenge.objects.exists() and not AuditEntry.objects.exists()


@pytest.mark.parametrize(
    ("changes", "field", "code"),
    [
        ({"scale": [3, 6]}, "scale", "scale_order"),
        ({"scale": [10, -1]}, "scale", "scale_points"),
        ({"scale": [100_001, 5]}, "scale", "scale_most"),
        ({"scale": []}, "scale", "scale_empty"),
        ({"slug": "new"}, "slug", "reserved"),
        ({"min_participations": 0}, "min_participations", "min_value"),
        ({"best_of": 201}, "best_of", "max_value"),
    ],
)
def test_create_refuses_a_bad_rule_next_to_its_field(organiser, changes, field, code):
    with pytest.raises(ValidationError) as caught:
        services.challenge_create(user=organiser, **(RULE | changes))
    assert field_errors(caught.value) == {field: [code]}
    assert not Challenge.objects.exists() and not AuditEntry.objects.exists()


def test_the_short_address_is_unique(organiser, challenge):
    with pytest.raises(ValidationError) as caught:
        services.challenge_create(user=organiser, **(RULE | {"name": "Another"}))
    assert list(field_errors(caught.value)) == ["slug"]


def test_update_bumps_the_version_and_says_what_changed(organiser, challenge):
    services.challenge_update(user=organiser, challenge=challenge, best_of=3, name=challenge.name)
    challenge.refresh_from_db()
    assert (challenge.best_of, challenge.version) == (3, 2)
    entry = AuditEntry.objects.get(action="challenge.updated")
    assert entry.data == {"challenge": challenge.pk, "best_of": [None, 3]}


def test_update_by_another_account_is_refused(staff, challenge):
    with pytest.raises(PermissionDenied):
        services.challenge_update(user=staff["arbitre"], challenge=challenge, best_of=2)
    challenge.refresh_from_db()
    assert (challenge.best_of, challenge.version) == (None, 1)
    assert challenge_audit(challenge) == [("challenge.created", None)]


def test_add_update_remove_a_tournament(organiser, challenge, tournament):
    entry = services.challenge_tournament_add(
        user=organiser, challenge=challenge, tournament=tournament, coefficient=Decimal("1.5")
    )
    services.challenge_tournament_update(user=organiser, entry=entry, coefficient=Decimal("2"))
    entry.refresh_from_db()
    assert entry.coefficient == Decimal("2.00")
    services.challenge_tournament_remove(user=organiser, entry=entry)
    challenge.refresh_from_db()
    assert challenge.version == 4 and not challenge.entries.exists()
    assert challenge_audit(challenge) == [
        ("challenge.created", None),
        ("challenge.tournament_added", None),
        ("challenge.tournament_changed", None),
        ("challenge.tournament_removed", None),
    ]
    changed = AuditEntry.objects.get(action="challenge.tournament_changed")
    assert changed.data["coefficient"] == ["1.50", "2.00"]


@pytest.mark.parametrize("who", ["arbitre", "other_organiser"])
def test_adding_needs_a_manager_who_organises_the_tournament(staff, challenge, tournament, who):
    if who == "arbitre":  # a manager of the challenge, but only arbitre of the tournament
        challenge.managers.add(staff[who])
    with pytest.raises(PermissionDenied):
        services.challenge_tournament_add(
            user=staff[who], challenge=challenge, tournament=tournament, coefficient=1
        )
    assert not ChallengeTournament.objects.exists()
    challenge.refresh_from_db()
    assert challenge.version == 1


def test_adding_twice_or_a_bad_coefficient_is_refused_next_to_the_field(
    organiser, challenge, tournament
):
    add = {"user": organiser, "challenge": challenge, "tournament": tournament}
    with pytest.raises(ValidationError) as caught:
        services.challenge_tournament_add(**add, coefficient=Decimal("11"))
    assert field_errors(caught.value) == {"coefficient": ["max_value"]}
    services.challenge_tournament_add(**add, coefficient=1)
    with pytest.raises(ValidationError) as caught:
        services.challenge_tournament_add(**add, coefficient=1)
    assert field_errors(caught.value) == {"tournament": ["already_in"]}
    assert ChallengeTournament.objects.count() == 1


def test_a_percentage_challenge_holds_only_tournaments_ranked_by_percentage(organiser, staff):
    percent = services.challenge_create(
        user=organiser, **(RULE | {"points_rule": Challenge.PointsRule.PERCENT, "scale": []})
    )
    libre = Tournament.objects.get(staff__user=organiser)
    duplicate = TournamentFactory(format=Tournament.Format.DUPLICATE)
    StaffRole.objects.create(tournament=duplicate, user=organiser, role=StaffRole.Role.ORGANISER)
    with pytest.raises(ValidationError) as caught:
        services.challenge_tournament_add(
            user=organiser, challenge=percent, tournament=libre, coefficient=1
        )
    assert field_errors(caught.value) == {"tournament": ["not_percent"]}
    assert libre.name in caught.value.error_dict["tournament"][0].messages[0]
    services.challenge_tournament_add(
        user=organiser, challenge=percent, tournament=duplicate, coefficient=1
    )
    # A scale challenge holding a libre cannot turn to percentages either.
    scale = services.challenge_create(user=organiser, **(RULE | {"slug": "other"}))
    services.challenge_tournament_add(
        user=organiser, challenge=scale, tournament=libre, coefficient=1
    )
    with pytest.raises(ValidationError) as caught:
        services.challenge_update(user=organiser, challenge=scale, points_rule="percent")
    assert field_errors(caught.value) == {"points_rule": ["not_percent"]}
    scale.refresh_from_db()
    assert scale.points_rule == "scale" and scale.version == 2


@pytest.mark.parametrize(
    ("typed", "scale", "message"),
    [
        ("25, 20 16;13", [25, 20, 16, 13], None),
        ("10 10 0", [10, 10, 0], None),
        ("10, 12", None, "the scale decreases"),
        ("10, 5.5", None, "“5.5” is not a whole number of points"),
        ("10, -2", None, "“-2” is not a whole number of points"),
        ("10, ²", None, "“²” is not a whole number of points"),
        ("100000 10", [100_000, 10], None),
        ("100001 10", None, "A place gets at most 100000 points."),
        ("9" * 40, None, "A place gets at most 100000 points."),
        ("", None, "Give the points of the first places."),
    ],
)
def test_the_form_reads_the_scale_and_says_what_is_wrong_next_to_it(typed, scale, message):
    data = {k: v for k, v in RULE.items() if v is not None} | {"scale": typed}
    data["is_public"] = "on"
    form = ChallengeForm(data)
    if scale is not None:
        assert form.is_valid(), form.errors
        assert form.cleaned_data["scale"] == scale
    else:
        assert not form.is_valid()
        assert list(form.errors) == ["scale"] and message in form.errors["scale"][0]


def test_the_add_form_offers_only_the_accounts_tournaments(staff, challenge, tournament):
    TournamentFactory()  # nobody's here
    offered = addable_tournaments(user=staff["organiser"], challenge=challenge)
    assert list(offered) == [tournament]
    assert not addable_tournaments(user=staff["arbitre"], challenge=challenge).exists()
    form = TournamentAddForm(
        {"tournament": tournament.pk, "coefficient": "1,5"}, tournaments=offered
    )
    assert not form.is_valid()  # the English form wants "1.5"
    assert list(form.errors) == ["coefficient"]


# --- standings, from hand-made official rankings -----------------------------------------------


def _row(place, members, figure=None, tied=False):
    return RankingRow(place, tied, None, "", figure, Kind.POINTS, tuple(members))


class Season:
    """Players A, B, C, D of the directory in three tournaments: T1 (A 1st, B 2nd, C 3rd,
    D 4th), T2 (B 1st, A 2nd, C 3rd), T3 a pairs tournament (team A+C 1st, team B+D 2nd)."""

    def __init__(self, monkeypatch, organiser, **rule):
        self.players = {name: PlayerFactory(last_name=name) for name in "ABCD"}
        self.t = [
            TournamentFactory(date=f"2026-0{month}-01", name=f"T{month}") for month in (1, 2, 3)
        ]
        regs = {}
        for index, tournament in enumerate(self.t):
            for name, player in self.players.items():
                if index == 1 and name == "D":
                    continue
                regs[index, name] = RegistrationFactory(tournament=tournament, player=player).pk

        def ranking(index, order, kind=Kind.POINTS, figures=None):
            rows = [
                _row(place, [regs[index, n] for n in names], (figures or {}).get(names[0]))
                for place, names in order
            ]
            return OfficialRanking(kind, index == 2, False, rows)

        self.rankings = {
            self.t[0].pk: ranking(0, [(1, "A"), (2, "B"), (3, "C"), (4, "D")]),
            self.t[1].pk: ranking(1, [(1, "B"), (2, "A"), (3, "C")]),
            self.t[2].pk: ranking(2, [(1, "AC"), (2, "BD")]),
        }
        self.calls = 0

        def fake(*, tournament, official=True):
            assert official
            self.calls += 1
            return self.rankings[tournament.pk]

        monkeypatch.setattr(standings, "cached_official_ranking", fake)
        monkeypatch.setattr(TournamentFormat, "results_final", lambda self, tournament: True)
        self.challenge = Challenge.objects.create(**(RULE | rule))
        self.challenge.managers.add(organiser)

    def count(self, coefficients=(1, 1, 1)):
        for tournament, coefficient in zip(self.t, coefficients, strict=True):
            ChallengeTournament.objects.create(
                challenge=self.challenge, tournament=tournament, coefficient=Decimal(coefficient)
            )
        return challenge_standings(challenge=self.challenge)

    def table(self, found):
        """(place, name, total, participations, decided_by) of each row."""
        return [
            (r.place, self.name(r.player_id), float(r.total), r.participations, r.decided_by)
            for r in found.rows
        ]

    def name(self, player_id):
        return next(n for n, p in self.players.items() if p.pk == player_id)


def test_scale_with_a_coefficient_and_a_team_row(monkeypatch, organiser):
    """Scale 10, 6, 4, 3; T3 counts double. A 10 + 6 + 2×10 = 36; B 6 + 10 + 2×6 = 28;
    C 4 + 4 + 2×10 = 28, ahead of B on its best result (20 against 12); D 3 + 2×6 = 15."""
    season = Season(monkeypatch, organiser)
    found = season.count(coefficients=("1", "1", "2"))
    assert season.table(found) == [
        (1, "A", 36.0, 3, None),
        (2, "C", 28.0, 3, "best"),
        (3, "B", 28.0, 3, "best"),
        (4, "D", 15.0, 2, None),
    ]
    shown = staff_rows(found)
    assert [str(r.total) for r in shown] == ["36.00", "28.00", "28.00", "15.00"]
    assert [r.tie for r in shown] == ["", "ahead on best result", "behind on best result", ""]
    # D played no T2: an empty cell; the team's place gives each member its points.
    assert [c.points for c in shown[3].cells] == [Decimal("3.00"), None, Decimal("12.00")]


def test_best_of_and_minimum_participations(monkeypatch, organiser):
    """Best 2 of 3: A 20 + 10 = 30 (T2's 6 left out); C 20 + 4 = 24 (T1's 4 counts: the first
    of equal results); B 12 + 10 = 22; D, with 2 tournaments of the 3 required, unranked."""
    season = Season(monkeypatch, organiser, best_of=2, min_participations=3)
    found = season.count(coefficients=("1", "1", "2"))
    assert season.table(found) == [
        (1, "A", 30.0, 3, None),
        (2, "C", 24.0, 3, None),
        (3, "B", 22.0, 3, None),
        (None, "D", 15.0, 2, None),
    ]
    a = staff_rows(found)[0]
    assert [(c.points, c.counted) for c in a.cells] == [
        (Decimal("10.00"), True),
        (Decimal("6.00"), False),
        (Decimal("20.00"), True),
    ]


def test_field_points_with_a_fractional_coefficient(monkeypatch, organiser):
    """One point per player beaten plus one: T1 (4 placed) A 4, B 3, C 2, D 1; T2 (3 placed)
    B 3, A 2, C 1; T3 (2 teams) × 1.5: A and C 3, B and D 1.5. A 9, B 7.5, C 6, D 2.5."""
    season = Season(monkeypatch, organiser, points_rule="field", scale=[])
    found = season.count(coefficients=("1", "1", "1.5"))
    assert season.table(found) == [
        (1, "A", 9.0, 3, None),
        (2, "B", 7.5, 3, None),
        (3, "C", 6.0, 3, None),
        (4, "D", 2.5, 2, None),
    ]


def test_percent_points(monkeypatch, organiser):
    """The percentages themselves: A 61.25 + 40 = 101.25 and B 55.5 + 45.75 = 101.25, best
    61.25 against 55.5: A ahead on its best. C 40 + 40 = 80; D 40 (T1 only)."""
    season = Season(monkeypatch, organiser, points_rule="percent", scale=[])
    figures = {
        0: {"A": "61.25", "B": "55.5", "C": "40", "D": "40"},
        1: {"B": "45.75", "A": "40", "C": "40"},
    }
    player_of = dict(Registration.objects.values_list("pk", "player_id"))
    for index in (0, 1):
        rows = [
            replace(
                row,
                kind=Kind.PERCENT,
                figure=Decimal(figures[index][season.name(player_of[row.members[0]])]),
            )
            for row in season.rankings[season.t[index].pk].rows
        ]
        season.rankings[season.t[index].pk] = OfficialRanking(Kind.PERCENT, False, False, rows)
    season.t = season.t[:2]  # T3 counts no percentage
    found = season.count(coefficients=("1", "1"))
    assert season.table(found) == [
        (1, "A", 101.25, 2, "best"),
        (2, "B", 101.25, 2, "best"),
        (3, "C", 80.0, 2, None),
        (4, "D", 40.0, 1, None),
    ]
    assert [r.tie for r in staff_rows(found)][:2] == [
        "ahead on best result",
        "behind on best result",
    ]


def test_equal_on_everything_share_their_place(monkeypatch, organiser):
    """Scale 10, 6, 4, 3, T1 only, B and C given the same place 2: both 6, shared 2nd."""
    season = Season(monkeypatch, organiser)
    first = season.rankings[season.t[0].pk]
    rows = [row if row.place != 3 else replace(row, place=2, tied=True) for row in first.rows]
    season.rankings[season.t[0].pk] = replace(first, rows=rows)
    season.t = season.t[:1]
    found = season.count(coefficients=("1",))
    assert [(p, n, t) for p, n, t, _, _ in season.table(found)][:3] == [
        (1, "A", 10.0),
        (2, "B", 6.0),
        (2, "C", 6.0),
    ]
    assert [r.tie for r in staff_rows(found)][1:3] == ["shared", "shared"]


def test_the_standings_are_cached_under_the_version(monkeypatch, organiser):
    season = Season(monkeypatch, organiser)
    season.count()
    calls = season.calls
    challenge_standings(challenge=season.challenge)
    assert season.calls == calls  # from the cache
    entry = season.challenge.entries.get(tournament=season.t[2])
    services.challenge_tournament_update(user=organiser, entry=entry, coefficient=Decimal("3"))
    season.challenge.refresh_from_db()
    found = challenge_standings(challenge=season.challenge)
    assert season.calls > calls
    assert float(found.row_of(season.players["A"].pk).total) == 10 + 6 + 30


# --- standings, from a tournament played through the services ----------------------------------


def test_a_tournament_counts_once_final_and_the_cache_follows(staff, tournament):
    """Scale 10, 6, 4, 3 over the libre's official ranking of 8 players. Nothing counts while
    the position is open (one table confirmed, the other not: its players would sit on 0,
    ahead of real negative bilans). The official sample sheet (bilans -446, -390, 1346, -510
    for seats 0 to 3) confirmed at both tables and the position closed: 1346 twice, 1st equal
    (10 each); -390 twice, 3rd equal (4 each); the others 5th and 7th (0)."""
    organiser = staff["organiser"]
    round1 = seat_and_publish(tournament, organiser, 8)
    challenge = services.challenge_create(user=organiser, **RULE)
    services.challenge_tournament_add(
        user=organiser, challenge=challenge, tournament=tournament, coefficient=1
    )
    table1, table2 = round1.tables.order_by("number")
    players = [
        [seat.registration.player_id for seat in table.seats.order_by("number")]
        for table in (table1, table2)
    ]

    def points():
        found = challenge_standings(challenge=challenge)
        return [[found.row_of(p) and float(found.row_of(p).total) for p in t] for t in players]

    nothing = [[None] * 4, [None] * 4]
    assert points() == nothing  # now in the cache
    enter(table1, staff["scorer"], confirm_by=staff["arbitre"])
    assert points() == nothing
    enter(table2, staff["scorer"], confirm_by=staff["arbitre"])
    round_close(round=round1, user=staff["arbitre"])
    results_declare_final(tournament=tournament, user=staff["arbitre"])
    assert points() == [[0, 4, 10, 0], [0, 4, 10, 0]]
    assert challenge_standings(challenge=challenge).final == {tournament.pk}


# --- pages -------------------------------------------------------------------------------------


def test_the_pages_of_a_manager(organiser_client, organiser, monkeypatch):
    season = Season(monkeypatch, organiser)
    season.count(coefficients=("1", "1", "2"))
    slug = season.challenge.slug
    home = organiser_client.get(reverse("manage:home"))
    assert reverse("challenges:list") in home.content.decode()
    listing = organiser_client.get(reverse("challenges:list"))
    assert season.challenge.name in listing.content.decode()
    assert reverse("challenges:create") in listing.content.decode()
    page = organiser_client.get(reverse("challenges:challenge", args=[slug]))
    assert page.status_code == 200 and "T3" in page.content.decode()
    table = organiser_client.get(reverse("challenges:standings", args=[slug]))
    text = table.content.decode()
    assert table.status_code == 200
    for shown in ("36.00", "28.00", "15.00", "12.00", "ahead on best result"):
        assert shown in text


def test_the_staff_table_shows_points_however_big(organiser_client, organiser, monkeypatch):
    # A scale kept from before the cap: 10**30 points need 33 digits at 2 decimals, beyond the
    # default 28-digit context a Decimal quantize would use.
    season = Season(monkeypatch, organiser, scale=[10**30, 6, 4, 3])
    found = season.count()
    assert staff_rows(found)[0].total == Decimal(f"{2 * 10**30 + 6}.00")  # A: 1st, 2nd, 1st
    page = organiser_client.get(reverse("challenges:standings", args=[season.challenge.slug]))
    assert page.status_code == 200


def test_create_add_and_refusals_through_the_pages(organiser_client, organiser, tournament):
    data = {k: v for k, v in RULE.items() if v is not None} | {"scale": "10, 12"}
    refused = organiser_client.post(reverse("challenges:create"), data)
    assert refused.status_code == 200 and "the scale decreases" in refused.content.decode()
    assert not Challenge.objects.exists()
    data["scale"] = "10 6 4"
    created = organiser_client.post(reverse("challenges:create"), data)
    challenge = Challenge.objects.get()
    assert created.status_code == 302 and challenge.scale == [10, 6, 4]
    page = reverse("challenges:challenge", args=[challenge.slug])
    bad = organiser_client.post(page, {"tournament": tournament.pk, "coefficient": "abc"})
    assert bad.status_code == 400 and not challenge.entries.exists()
    assert (
        organiser_client.post(page, {"tournament": tournament.pk, "coefficient": "2"}).status_code
        == 302
    )
    entry = challenge.entries.get()
    update = reverse("challenges:entry_update", args=[challenge.slug, entry.pk])
    assert organiser_client.post(update, {f"e{entry.pk}-coefficient": "12"}).status_code == 400
    assert organiser_client.post(update, {f"e{entry.pk}-coefficient": "0.5"}).status_code == 302
    entry.refresh_from_db()
    assert entry.coefficient == Decimal("0.50")
    history = organiser_client.get(page).content.decode()
    assert "Coefficient of a challenge&#x27;s tournament changed" in history
    remove = reverse("challenges:entry_remove", args=[challenge.slug, entry.pk])
    assert organiser_client.post(remove).status_code == 302
    assert not challenge.entries.exists()


def test_an_account_that_may_not_create_sees_no_button(client, staff):
    client.force_login(staff["scorer"])
    assert reverse("challenges:list") not in client.get(reverse("manage:home")).content.decode()
    assert (
        reverse("challenges:create") not in client.get(reverse("challenges:list")).content.decode()
    )
    assert client.get(reverse("challenges:create")).status_code == 403
    player = UserFactory()
    client.force_login(player)
    assert client.get(reverse("challenges:list")).status_code == 200


def test_a_private_challenge_does_not_exist_for_other_accounts(client, staff, challenge):
    Challenge.objects.filter(pk=challenge.pk).update(is_public=False)
    address = reverse("challenges:standings", args=[challenge.slug])
    client.force_login(staff["arbitre"])
    assert client.get(address).status_code == 404
    Challenge.objects.filter(pk=challenge.pk).update(is_public=True)
    assert client.get(address).status_code == 403
    client.force_login(staff["organiser"])
    assert client.get(address).status_code == 200


def test_the_list_reads_in_constant_queries(client, organiser, django_assert_num_queries):
    client.force_login(organiser)
    services.challenge_create(user=organiser, **RULE)
    # The session, the account, its groups' permission, the list, its count.
    with django_assert_num_queries(5):
        client.get(reverse("challenges:list"))
    for number in range(3):
        services.challenge_create(user=organiser, **(RULE | {"slug": f"c{number}"}))
    with django_assert_num_queries(5):
        client.get(reverse("challenges:list"))


def test_the_rule_page_says_why_next_to_the_field(
    organiser_client, organiser, challenge, tournament
):
    services.challenge_tournament_add(
        user=organiser, challenge=challenge, tournament=tournament, coefficient=1
    )
    address = reverse("challenges:edit", args=[challenge.slug])
    data = {k: v for k, v in RULE.items() if v is not None} | {"scale": "10 6 4 3"}
    refused = organiser_client.post(address, data | {"points_rule": "percent"})
    assert refused.status_code == 200
    form = refused.context["form"]
    assert list(form.errors) == ["points_rule"]
    assert "does not rank its players by percentage" in form.errors["points_rule"][0]
    challenge.refresh_from_db()
    assert challenge.points_rule == "scale" and challenge.version == 2
    saved = organiser_client.post(address, data | {"slug": "renamed", "best_of": "2"})
    assert saved.status_code == 302 and saved["Location"].endswith("/renamed/")
    challenge.refresh_from_db()
    assert (challenge.slug, challenge.best_of, challenge.version) == ("renamed", 2, 3)
