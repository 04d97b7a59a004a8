"""Prize lists worked out from a ranking, with figures worked by hand: a share of the fees on a
scale, equal places sharing (and the cent they leave), fixed amounts, a challenge's bonus; the
services that add and delete rules; the staff pages, the printed list and the treasurer's sheet.

Most rankings are hand-made ``OfficialRanking`` rows (``ranked``); one tournament is played
through the services."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import translation

from scoring.formats.base import TournamentFormat
from scoring.models import Challenge, ChallengeTournament, PrizeRule
from scoring.ranking import Kind, OfficialRanking, RankingRow
from scoring.season import prizes as prizes_module
from scoring.season import standings as standings_module
from scoring.season.documents_prizes import prizes_pdf, treasurer_pdf
from scoring.season.forms_prizes import PrizeRuleForm
from scoring.season.prizes import challenge_prizes, tournament_prizes
from scoring.season.services_prizes import PrizeRuleValues, prize_rule_add, prize_rule_delete
from scoring.season.treasurer import treasurer_sheet
from tests.factories import (
    PlayerFactory,
    RegistrationFactory,
    StaffRoleFactory,
    TournamentFactory,
    UserFactory,
)
from tests.support import enter, text_of
from tournaments import services_seating
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db

SHARE_90_ON_4321 = PrizeRuleValues(kind="share", share_percent=90, places=4, scale=(4, 3, 2, 1))


def paid(tournament, count: int, cents: int, **kwargs) -> list:
    """``count`` players who paid ``cents`` each, in cash."""
    return [
        RegistrationFactory(
            tournament=tournament, number=i, payment="cash", paid_cents=cents, **kwargs
        )
        for i in range(1, count + 1)
    ]


def ranking_of(registrations, places, *, teams=False) -> OfficialRanking:
    """Hand-made official ranking: ``registrations[i]`` at ``places[i]`` (None: unranked)."""
    ties = {p for p in places if p is not None and places.count(p) > 1}
    rows = [
        RankingRow(
            place=place,
            tied=place in ties,
            number=reg.number,
            name=reg.name,
            figure=100 - i,
            kind=Kind.POINTS,
            members=(reg.pk,),
            club="Club A",
        )
        for i, (reg, place) in enumerate(zip(registrations, places, strict=False))
    ]
    return OfficialRanking(kind=Kind.POINTS, teams=teams, alternate=False, rows=rows)


@pytest.fixture
def rankings(monkeypatch):
    """tournament id -> the OfficialRanking that ``cached_official_ranking`` answers."""
    found: dict[int, OfficialRanking] = {}

    def fake(*, tournament, official=True):
        assert official
        return found[tournament.pk]

    monkeypatch.setattr(prizes_module, "cached_official_ranking", fake)
    monkeypatch.setattr(standings_module, "cached_official_ranking", fake)
    # Each tournament given a ranking here is over: its results are final.
    monkeypatch.setattr(TournamentFormat, "results_final", lambda self, t: t.pk in found)
    return found


@pytest.fixture
def organiser(tournament):
    user = UserFactory(username="treasurer")
    StaffRoleFactory(tournament=tournament, user=user, role="organiser")
    return user


def amounts(prizes) -> list[tuple]:
    return [(row.place, row.name, row.cents) for row in prizes.rows]


def test_a_share_of_the_fees_on_a_scale(tournament, organiser, rankings):
    # 10 players paid 12,00 € = 120,00 €; 90 % = 108,00 € over the first 4 on 4-3-2-1:
    # 108 x 4/10 = 43,20; x 3/10 = 32,40; x 2/10 = 21,60; x 1/10 = 10,80.
    regs = paid(tournament, 10, 1200)
    rankings[tournament.pk] = ranking_of(regs, list(range(1, 11)))
    prize_rule_add(tournament=tournament, user=organiser, values=SHARE_90_ON_4321)
    prizes = tournament_prizes(tournament=tournament)
    assert prizes.fees.cents == 12000 and prizes.fees.count == 10
    assert prizes.pot_cents == 10800
    assert [row.cents for row in prizes.rows] == [4320, 3240, 2160, 1080]
    assert [row.name for row in prizes.rows] == [r.name for r in regs[:4]]
    assert prizes.paid_cents == 10800 and prizes.unpaid_cents == 0


def test_two_players_tied_second_share_the_second_and_third_prizes(tournament, organiser, rankings):
    # 32,40 + 21,60 = 54,00 -> 27,00 each; the 4th keeps 10,80.
    regs = paid(tournament, 10, 1200)
    rankings[tournament.pk] = ranking_of(regs, [1, 2, 2, 4, 5, 6, 7, 8, 9, 10])
    prize_rule_add(tournament=tournament, user=organiser, values=SHARE_90_ON_4321)
    prizes = tournament_prizes(tournament=tournament)
    assert [(row.place, row.tied, row.cents) for row in prizes.rows] == [
        (1, False, 4320),
        (2, True, 2700),
        (2, True, 2700),
        (4, False, 1080),
    ]
    assert prizes.rows[1].parts[0][0].endswith("places 2 to 3 shared by 2")
    assert prizes.paid_cents == 10800 and not prizes.unpaid


def test_a_tie_that_leaves_a_cent_unpaid(tournament, organiser, rankings):
    # 9 players paid 12,50 € = 112,50 €; 90 % = 101,25 € (rounded down: 10125 cents) on 4-3-2-1:
    # 10125 x 4 // 10 = 4050; x 3 // 10 = 3037; x 2 // 10 = 2025; x 1 // 10 = 1012; they sum
    # to 10124, the cent left goes to the 1st: 4051. The 3rd and 4th tied share
    # 2025 + 1012 = 3037: 1518 each, 1 cent not paid out.
    regs = paid(tournament, 9, 1250)
    rankings[tournament.pk] = ranking_of(regs, [1, 2, 3, 3, 5, 6, 7, 8, 9])
    prize_rule_add(tournament=tournament, user=organiser, values=SHARE_90_ON_4321)
    prizes = tournament_prizes(tournament=tournament)
    assert prizes.pot_cents == 10125
    assert [row.cents for row in prizes.rows] == [4051, 3037, 1518, 1518]
    assert prizes.paid_cents == 10124
    assert prizes.unpaid_cents == 1
    assert [line.cents for line in prizes.unpaid] == [1]
    assert "places 3 to 4 shared by 2" in prizes.unpaid[0].what


def test_fixed_amounts_add_to_a_share_and_a_place_nobody_holds_is_said(
    tournament, organiser, rankings
):
    # 3 players paid 10,00 € = 30,00 €; 50 % = 15,00 € over 2 places, default scale 2-1:
    # 10,00 and 5,00. Fixed 100 / 60 / 40 €, the 2nd and 3rd tied: (60 + 40) / 2 = 50,00 each.
    # Fixed amounts for 4 places with 3 ranked: the 4th's 20,00 € is not paid, and said.
    regs = paid(tournament, 3, 1000)
    rankings[tournament.pk] = ranking_of(regs, [1, 2, 2])
    prize_rule_add(
        tournament=tournament,
        user=organiser,
        values=PrizeRuleValues(kind="share", share_percent=50, places=2),
    )
    prize_rule_add(
        tournament=tournament,
        user=organiser,
        values=PrizeRuleValues(kind="fixed", amounts_cents=(10000, 6000, 4000, 2000)),
    )
    prizes = tournament_prizes(tournament=tournament)
    # The 2nd place's share (5,00 €) is shared too: 250 each.
    assert [row.cents for row in prizes.rows] == [11000, 5250, 5250]
    assert [len(row.parts) for row in prizes.rows] == [2, 2, 2]
    assert prizes.paid_cents == 21500
    assert [line.cents for line in prizes.unpaid] == [2000]
    assert "nobody ranked at place 4" in prizes.unpaid[0].what


def test_a_team_gets_its_prize_as_one_row_with_its_members(tournament, organiser, rankings):
    regs = paid(tournament, 4, 1000)
    rows = [
        RankingRow(1, False, 1, "Les As", 10, Kind.POINTS, (regs[0].pk, regs[1].pk)),
        RankingRow(2, False, 2, "Les Rois", 5, Kind.POINTS, (regs[2].pk, regs[3].pk)),
    ]
    rankings[tournament.pk] = OfficialRanking(Kind.POINTS, True, False, rows)
    prize_rule_add(
        tournament=tournament,
        user=organiser,
        values=PrizeRuleValues(kind="fixed", amounts_cents=(3000,)),
    )
    (row,) = tournament_prizes(tournament=tournament).rows
    assert (row.name, row.cents) == ("Les As", 3000)
    assert row.club == f"{regs[0].name}, {regs[1].name}"


def festival_challenge(rankings, manager):
    """Two tournaments: T1 (A 1st, B 2nd, C 3rd; 3 paid 10,00 €), T2 (B 1st, A 2nd; 2 paid
    10,00 €); the challenge's scale 10-6-3."""
    players = [PlayerFactory(last_name=name, first_name="X") for name in ("Alpha", "Beta", "Gamma")]
    challenge = Challenge.objects.create(name="Saison", slug="saison", scale=[10, 6, 3])
    challenge.managers.add(manager)
    days = []
    for offset, line_up in enumerate(((0, 1, 2), (1, 0))):
        tournament = TournamentFactory(date=datetime.date(2027, 3, 1 + offset))
        regs = [
            RegistrationFactory(
                tournament=tournament,
                player=players[i],
                number=n,
                last_name=players[i].last_name,
                payment="cash",
                paid_cents=1000,
            )
            for n, i in enumerate(line_up, start=1)
        ]
        rankings[tournament.pk] = ranking_of(regs, list(range(1, len(regs) + 1)))
        ChallengeTournament.objects.create(challenge=challenge, tournament=tournament)
        days.append(tournament)
    return challenge, players, days


def test_a_challenge_shares_its_fees_and_gives_its_bonus(rankings):
    # A: 10 + 6 = 16, B: 6 + 10 = 16, same best (10), same participations: tied 1st. C: 3, 3rd.
    # Fees: 5 x 10,00 € = 50,00 €; 50 % = 25,00 € on 2-1: 2500 x 2 // 3 = 1666, 833, the cent
    # left to the 1st: 1667. A and B share 1667 + 833 = 2500: 12,50 each. Bonus 5,00 € for 2
    # tournaments: A and B, 17,50 each; C (1 tournament, 3rd) gets nothing.
    manager = UserFactory(username="manager")
    challenge, players, _days = festival_challenge(rankings, manager)
    prize_rule_add(
        challenge=challenge,
        user=manager,
        values=PrizeRuleValues(kind="share", share_percent=50, places=2, scale=(2, 1)),
    )
    prize_rule_add(
        challenge=challenge,
        user=manager,
        values=PrizeRuleValues(kind="bonus", bonus_cents=500, min_tournaments=2),
    )
    prizes = challenge_prizes(challenge=challenge)
    assert prizes.fees.cents == 5000 and prizes.pot_cents == 2500
    assert {row.name: (row.place, row.cents) for row in prizes.rows} == {
        str(players[0]): (1, 1750),
        str(players[1]): (1, 1750),
    }
    assert prizes.paid_cents == 3500 and prizes.unpaid_cents == 0
    challenge.refresh_from_db()
    assert challenge.version == 2  # each rule added moved it
    entry = AuditEntry.objects.filter(action="prize_rule.added").latest("pk")
    assert entry.tournament is None and entry.data["challenge"] == challenge.pk


def test_the_treasurer_sheet_of_a_challenge(rankings):
    # Fees: T1 3 paid (30,00 €), T2 2 paid (20,00 €). T1's own list: 10,00 € fixed to its 1st.
    # The challenge's: the bonus 5,00 € to A and B = 10,00 €. Balance: 50 - 10 - 10 = 30,00 €.
    manager = UserFactory(username="manager")
    challenge, _players, (t1, t2) = festival_challenge(rankings, manager)
    StaffRoleFactory(tournament=t1, user=manager, role="organiser")
    prize_rule_add(
        tournament=t1, user=manager, values=PrizeRuleValues(kind="fixed", amounts_cents=(1000,))
    )
    prize_rule_add(
        challenge=challenge,
        user=manager,
        values=PrizeRuleValues(kind="bonus", bonus_cents=500, min_tournaments=2),
    )
    sheet = treasurer_sheet(challenge=challenge)
    assert [
        (ln.tournament, ln.fees.count, ln.fees.cents, ln.prizes_cents) for ln in sheet.lines
    ] == [
        (t1, 3, 3000, 1000),
        (t2, 2, 2000, 0),
    ]
    assert sheet.prizes.paid_cents == 1000
    assert sheet.fees.cents == 5000 and sheet.paid_cents == 2000 and sheet.balance_cents == 3000
    with translation.override("fr"):
        _name, _type, pdf = treasurer_pdf(challenge=challenge)
    text = " ".join(text_of(pdf).split())
    assert "30,00 €" in text and "50,00 €" in text and "20,00 €" in text


def test_a_prize_list_reads_a_constant_number_of_queries(
    tournament, organiser, rankings, django_assert_num_queries
):
    """The rules, the fees (one aggregate); a team ranking adds its members' names."""
    regs = paid(tournament, 30, 1000)
    rankings[tournament.pk] = ranking_of(regs, list(range(1, 31)))
    prize_rule_add(tournament=tournament, user=organiser, values=SHARE_90_ON_4321)
    prize_rule_add(
        tournament=tournament, user=organiser, values=PrizeRuleValues("fixed", amounts_cents=(5,))
    )
    with django_assert_num_queries(2):
        prizes = tournament_prizes(tournament=tournament)
    assert prizes.paid_cents == 27000 + 5


def test_the_treasurer_sheet_reads_its_tournaments_at_once(rankings, django_assert_num_queries):
    """The tournaments, their fees, their rules: three queries however many; then the
    challenge's rules and fees (no rule: its standings are not read)."""
    manager = UserFactory(username="manager")
    challenge, _players, _days = festival_challenge(rankings, manager)
    with django_assert_num_queries(5):
        sheet = treasurer_sheet(challenge=challenge)
    assert len(sheet.lines) == 2


# --- services ----------------------------------------------------------------------------------


def test_rules_are_the_organisers_and_write_their_audit_entry(tournament, organiser, staff):
    with pytest.raises(PermissionDenied):
        prize_rule_add(tournament=tournament, user=staff["arbitre"], values=SHARE_90_ON_4321)
    rule = prize_rule_add(tournament=tournament, user=organiser, values=SHARE_90_ON_4321)
    second = prize_rule_add(
        tournament=tournament, user=organiser, values=PrizeRuleValues("fixed", amounts_cents=(5,))
    )
    assert (rule.order, second.order) == (1, 2)
    assert (rule.share_percent, rule.places, rule.scale) == (90, 4, [4, 3, 2, 1])
    added = AuditEntry.objects.get(
        tournament=tournament, action="prize_rule.added", data__prize_rule=rule.pk
    )
    assert added.data["share_percent"] == 90
    with pytest.raises(PermissionDenied):
        prize_rule_delete(rule=rule, user=staff["arbitre"])
    prize_rule_delete(rule=rule, user=organiser)
    assert list(PrizeRule.objects.filter(tournament=tournament)) == [second]
    assert (
        AuditEntry.objects.filter(tournament=tournament, action="prize_rule.deleted").count() == 1
    )


@pytest.mark.parametrize(
    ("values", "field"),
    [
        (PrizeRuleValues(kind="bonus", bonus_cents=500, min_tournaments=2), "kind"),
        (PrizeRuleValues(kind="share", share_percent=0, places=4), "share_percent"),
        (PrizeRuleValues(kind="share", share_percent=90, places=0), "places"),
        (PrizeRuleValues(kind="share", share_percent=90, places=4, scale=(3, 2)), "scale"),
        (PrizeRuleValues(kind="fixed"), "amounts"),
        (PrizeRuleValues(kind="share", share_percent=90, places=2, scale=(1001, 1)), "scale"),
        (PrizeRuleValues(kind="fixed", amounts_cents=(10_000_001,)), "amounts"),
    ],
)
def test_a_rule_that_cannot_be_applied_is_refused_next_to_its_field(
    tournament, organiser, values, field
):
    with pytest.raises(ValidationError) as exc:
        prize_rule_add(tournament=tournament, user=organiser, values=values)
    assert field in exc.value.error_dict
    assert (
        not PrizeRule.objects.exists()
        and not AuditEntry.objects.filter(action="prize_rule.added").exists()
    )


def test_the_same_rule_twice_is_refused(tournament, organiser, rankings):
    """A double click on "Add the rule": the second post finds the first one's rule."""
    prize_rule_add(tournament=tournament, user=organiser, values=SHARE_90_ON_4321)
    with pytest.raises(ValidationError) as exc:
        prize_rule_add(tournament=tournament, user=organiser, values=SHARE_90_ON_4321)
    assert exc.value.code == "prize_rule_twice"
    assert exc.value.messages == ["This rule is already in the list."]
    assert PrizeRule.objects.count() == 1
    assert AuditEntry.objects.filter(action="prize_rule.added").count() == 1
    # Another rule of the same kind, or the same rule of another owner, is welcome.
    other = PrizeRuleValues(kind="share", share_percent=10, places=4, scale=(4, 3, 2, 1))
    prize_rule_add(tournament=tournament, user=organiser, values=other)
    manager = UserFactory(username="manager")
    challenge, _players, _days = festival_challenge(rankings, manager)
    prize_rule_add(challenge=challenge, user=manager, values=SHARE_90_ON_4321)
    with pytest.raises(ValidationError) as exc:
        prize_rule_add(challenge=challenge, user=manager, values=SHARE_90_ON_4321)
    assert exc.value.code == "prize_rule_twice"
    assert PrizeRule.objects.filter(challenge=challenge).count() == 1


def test_the_page_says_a_rule_posted_twice_is_already_there(
    client, tournament, organiser, rankings
):
    rankings[tournament.pk] = ranking_of(paid(tournament, 4, 1000), [1, 2, 3, 4])
    client.force_login(organiser)
    url = f"/manage/t/{tournament.slug}/prizes/"
    data = {"kind": "fixed", "amounts": "100 60"}
    assert client.post(url, data).status_code == 302
    again = client.post(url, data)
    assert again.status_code == 400
    assert again.context["form"].non_field_errors() == ["This rule is already in the list."]
    assert "This rule is already in the list." in again.content.decode()
    assert PrizeRule.objects.count() == 1


@pytest.mark.parametrize(
    ("posted", "field", "message"),
    [
        ({"kind": "share", "share_percent": "90", "scale": "5 ²"}, "scale", "whole numbers"),
        ({"kind": "share", "share_percent": "90", "scale": "5 ٣"}, "scale", "whole numbers"),
        ({"kind": "share", "share_percent": "90", "scale": "1001 1"}, "scale", "at most 1000"),
        ({"kind": "fixed", "amounts": "100000,01"}, "amounts", "at most 100,000.00"),
        ({"kind": "fixed", "amounts": "9999999"}, "amounts", "at most 100,000.00"),
        ({"kind": "fixed", "amounts": "٣"}, "amounts", "Enter an amount in euros"),
        ({"kind": "fixed", "amounts": "1²"}, "amounts", "Enter an amount in euros"),
    ],
)
def test_the_page_refuses_odd_digits_and_huge_numbers_next_to_the_field(
    client, tournament, organiser, rankings, posted, field, message
):
    rankings[tournament.pk] = ranking_of(paid(tournament, 4, 1000), [1, 2, 3, 4])
    client.force_login(organiser)
    response = client.post(f"/manage/t/{tournament.slug}/prizes/", posted)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert list(errors) == [field] and message in errors[field][0], errors
    assert not PrizeRule.objects.exists()


def test_the_fixed_amounts_and_the_bonus_go_up_to_100000_euros(tournament, organiser):
    form = PrizeRuleForm({"kind": "fixed", "amounts": "100000 1000 1,5"})
    assert form.is_valid(), form.errors
    assert form.values().amounts_cents == (10_000_000, 100_000, 150)
    challenge_form = PrizeRuleForm({"kind": "bonus", "bonus": "100000,01", "min_tournaments": 2})
    assert not challenge_form.is_valid() and list(challenge_form.errors) == ["bonus"]
    with pytest.raises(ValidationError) as exc:
        prize_rule_add(
            tournament=tournament,
            user=organiser,
            values=PrizeRuleValues(kind="fixed", amounts_cents=(5, 10_000_001)),
        )
    assert list(exc.value.error_dict) == ["amounts"]


# --- a tournament played through the services --------------------------------------------------


def test_prizes_of_a_libre_tournament_played_through_the_services(tournament, staff):
    # One table of four plays the official sample sheet (totals by seat: North -446, East -390,
    # South 1346, West -510): South 1st, East 2nd, North 3rd, West 4th. 4 paid 10,00 € = 40,00 €;
    # 90 % = 36,00 € over 3 places on the default scale 3-2-1: 18,00, 12,00, 6,00.
    organiser = staff["organiser"]
    for number in range(1, 5):
        RegistrationFactory(
            tournament=tournament, number=number, checked_in=True, payment="cash", paid_cents=1000
        )
    round_ = services_seating.round_seat_players(
        tournament=tournament, number=1, user=organiser, seed=1
    )
    round_ = services_seating.round_publish(round=round_, user=organiser)
    table = round_.tables.get()
    enter(table, organiser, confirm_by=staff["arbitre"])
    prize_rule_add(
        tournament=tournament,
        user=organiser,
        values=PrizeRuleValues(kind="share", share_percent=90, places=3),
    )
    seat = {s.number: s.registration.name for s in table.seats.select_related("registration")}
    prizes = tournament_prizes(tournament=tournament)
    assert amounts(prizes) == [(1, seat[2], 1800), (2, seat[1], 1200), (3, seat[0], 600)]


# --- pages and the printed list ----------------------------------------------------------------


def test_the_page_adds_a_rule_from_euros_and_refuses_bad_input(
    client, tournament, organiser, rankings
):
    regs = paid(tournament, 10, 1200)
    rankings[tournament.pk] = ranking_of(regs, list(range(1, 11)))
    client.force_login(organiser)
    url = f"/manage/t/{tournament.slug}/prizes/"
    response = client.post(url, {"kind": "fixed", "amounts": "100 60 40,50"})
    assert response.status_code == 302
    assert PrizeRule.objects.get().amounts_cents == [10000, 6000, 4050]
    response = client.post(url, {"kind": "fixed", "amounts": "100 soixante"})
    assert response.status_code == 400
    assert "Enter an amount in euros" in response.content.decode()
    response = client.post(url, {"kind": "share", "share_percent": "90", "scale": "1 2 3"})
    assert response.status_code == 400 and "must decrease" in response.content.decode()
    # A bonus is a challenge's: not even offered here, refused if posted.
    response = client.post(url, {"kind": "bonus", "bonus": "5", "min_tournaments": "2"})
    assert response.status_code == 400
    assert PrizeRule.objects.count() == 1
    response = client.post(url, {"kind": "share", "share_percent": "90", "scale": "4 3 2 1"})
    assert response.status_code == 302
    # Fixed then the share (108,00 € on 4-3-2-1): 100,00 + 43,20; 60,00 + 32,40; 40,50 + 21,60;
    # 10,80. Total 308,50.
    page = client.get(url).content.decode()
    for text in ("143.20\xa0€", "92.40\xa0€", "62.10\xa0€", "10.80\xa0€", "308.50\xa0€"):
        assert text in page
    rule = PrizeRule.objects.get(kind="share")
    assert rule.places == 4  # the scale says how many places
    response = client.post(f"{url}{rule.pk}/delete/")
    assert response.status_code == 302 and not PrizeRule.objects.filter(kind="share").exists()


def test_the_printed_list_shows_the_amounts_the_total_and_the_rounding(
    client, tournament, organiser, rankings
):
    regs = paid(tournament, 9, 1250)
    rankings[tournament.pk] = ranking_of(regs, [1, 2, 3, 3, 5, 6, 7, 8, 9])
    prize_rule_add(tournament=tournament, user=organiser, values=SHARE_90_ON_4321)
    client.force_login(organiser)
    response = client.get(f"/manage/t/{tournament.slug}/prizes.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = " ".join(text_of(response.content).split())
    for amount in ("40.51", "30.37", "15.18", "101.24"):
        assert amount in text
    assert regs[0].name in text
    assert "equal places share the amounts" in text.lower()
    assert "shared by 2: 0.01" in text  # the cent not paid out, on its own line
    with translation.override("fr"):
        _name, _type, pdf = prizes_pdf(tournament=tournament)
    french = " ".join(text_of(pdf).split())
    assert "40,51" in french and "101,24" in french


def test_the_challenge_pages_and_its_treasurer_sheet(client, rankings):
    manager = UserFactory(username="manager")
    challenge, _players, _days = festival_challenge(rankings, manager)
    client.force_login(manager)
    url = f"/manage/challenges/{challenge.slug}/prizes/"
    response = client.post(url, {"kind": "bonus", "bonus": "5", "min_tournaments": "2"})
    assert response.status_code == 302
    assert PrizeRule.objects.get(challenge=challenge).bonus_cents == 500
    response = client.post(url, {"kind": "bonus", "bonus": "", "min_tournaments": "2"})
    assert response.status_code == 400 and "amount of the bonus" in response.content.decode()
    assert "10.00\xa0€" in client.get(url).content.decode()  # 2 x 5,00
    sheet = client.get(f"/manage/challenges/{challenge.slug}/treasurer/").content.decode()
    assert "50.00\xa0€" in sheet and "40.00\xa0€" in sheet  # fees; balance 50 - 10
    pdf = client.get(f"/manage/challenges/{challenge.slug}/prizes.pdf")
    assert "10.00" in text_of(pdf.content)
    other = UserFactory(username="someone")
    client.force_login(other)
    assert (
        client.post(url, {"kind": "bonus", "bonus": "5", "min_tournaments": "1"}).status_code == 403
    )
    assert PrizeRule.objects.filter(challenge=challenge).count() == 1
