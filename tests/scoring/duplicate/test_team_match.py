"""The team match (fft-duplicate.md §5): the round-robin of matches, a quarter's players, the
two rooms' four sheets and their differences, the PM to the side ahead only, bonus and
penalty, the result, the competition table, and nothing public before a quarter is closed.
The expected PM are computed here again by the rulebook's formula (no project code)."""

import io
from decimal import ROUND_HALF_UP, Decimal, localcontext

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse
from pypdf import PdfReader

from scoring.formats.libre.refusals import StaleSheet
from scoring.formats.match.history import sheet_versions
from scoring.formats.match.results import competition, match_results
from scoring.formats.match.services import (
    bonus_set,
    matches_draw,
    penalty_set,
    quarter_close,
    quarter_name,
    quarter_reopen,
    sheet_confirm,
    sheet_save,
)
from scoring.models.match import MatchLine, MatchQuarter, MatchSheet, TeamMatch
from tests.scoring.duplicate.helpers import staff_of
from tournaments import services_teams
from tournaments.models import AuditEntry, Tournament
from tournaments.simulation import tournament_simulate
from tournaments.transfer import tournament_export, tournament_import

pytestmark = pytest.mark.django_db

OPEN, CLOSED = MatchQuarter.Room.OPEN, MatchQuarter.Room.CLOSED
ATTACK, DEFENCE = MatchLine.Keeper.ATTACK, MatchLine.Keeper.DEFENCE


def pm(ecart: int) -> Decimal:
    with localcontext() as context:
        context.prec = 40
        root = Decimal(abs(ecart)).sqrt().quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)
    return root if ecart >= 0 else -root


def ahead_only(pairs) -> tuple[Decimal, Decimal]:
    """Per étui only the side ahead scores its √écart."""
    a = sum((pm(x - y) for x, y in pairs if x > y), Decimal(0))
    b = sum((pm(y - x) for x, y in pairs if y > x), Decimal(0))
    return a, b


def competition_of(teams=2, size=4, slug="match"):
    organiser = get_user_model().objects.get_or_create(username="match-organiser")[0]
    return tournament_simulate(
        slug=slug,
        players=teams * size,
        user=organiser,
        team_size=size,
        seed=4,
        positions=1,
        format=Tournament.Format.MATCH,
    )


def members(team):
    return list(team.members.order_by("number"))


def name(match, number, arbitre, a_room=OPEN, board_set=None):
    """Quarter ``number``: each side's (number − 1)th member attacks, three others defend."""
    players = {}
    for side, team in (("a", match.team_a), ("b", match.team_b)):
        people = members(team)
        attacker = people[(number - 1) % len(people)]
        others = [p for p in people if p != attacker][:3]
        players[f"attacker_{side}"], players[f"defenders_{side}"] = attacker, others
    return quarter_name(
        match=match,
        number=number,
        user=arbitre,
        a_room=a_room,
        board_set=board_set or number,
        **players,
    )


def fill(quarter, scorer, room, scores, contract="garde", keepers=(ATTACK, DEFENCE)):
    """The room's sheets as typed, each signed by the other side."""
    boards = range((quarter.board_set - 1) * 4 + 1, quarter.board_set * 4 + 1)
    rows = {b: (contract, f"{s:+d}") for b, s in zip(boards, scores, strict=True)}
    for keeper in keepers:
        sheet_save(quarter=quarter, room=room, keeper=keeper, rows=rows, user=scorer, signed=True)


def confirm_all(quarter, arbitre):
    for room in (OPEN, CLOSED):
        for keeper in (ATTACK, DEFENCE):
            sheet_confirm(quarter=quarter, room=room, keeper=keeper, user=arbitre)


def close(quarter, arbitre):
    """The four sheets confirmed by ``arbitre`` (who entered none), then the quarter closed."""
    confirm_all(quarter, arbitre)
    return quarter_close(quarter=quarter, user=arbitre)


def play(match, number, scorer, arbitre, a_scores, b_scores, a_room=OPEN):
    """A's attacker's scores in A's room, B's in the other; both sheets agree; closed."""
    quarter = name(match, number, arbitre, a_room=a_room)
    other = CLOSED if a_room == OPEN else OPEN
    fill(quarter, scorer, a_room, a_scores)
    fill(quarter, scorer, other, b_scores)
    return close(quarter, arbitre)


QUARTER_SCORES = [
    ([82, 68, -68, 56], [66, -76, -58, 56]),  # the rulebook's three écarts, and an equal étui
    ([100, -52, 60, 90], [40, -52, 70, 46]),
    ([-82, 30, 16, 62], [-100, 30, 36, 62]),
    ([56, 56, 56, 56], [52, 60, 56, 58]),
]


def test_a_whole_match_by_hand_with_bonus_and_penalty():
    tournament = competition_of()
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    match = TeamMatch.objects.get(pk=match.pk)
    bonus_set(match=match, user=arbitre, bonus_a="1,5", bonus_b="0")
    for number, (a_scores, b_scores) in enumerate(QUARTER_SCORES, start=1):
        play(
            match,
            number,
            scorer,
            arbitre,
            a_scores,
            b_scores,
            a_room=OPEN if number % 2 else CLOSED,
        )
    penalty_set(match=match, user=arbitre, penalty_a="0", penalty_b="2", reason="Retard")
    results = match_results(TeamMatch.objects.get(pk=match.pk))
    expected = [ahead_only(list(zip(a, b, strict=True))) for a, b in QUARTER_SCORES]
    assert [(q.pm_a, q.pm_b) for q in results.quarters] == expected
    assert expected[0] == (Decimal("16.000"), Decimal("3.162"))  # the rulebook's example
    total_a = sum((a for a, _b in expected), Decimal("1.5"))
    total_b = sum((b for _a, b in expected), Decimal(0)) - 2
    assert (results.total_a, results.total_b) == (total_a, total_b)
    assert results.finished and results.result == ("A" if total_a > total_b else "B")
    (first, second) = competition(tournament)
    winner = match.team_a if total_a > total_b else match.team_b
    assert (first[0], first[1], first[2]) == (1, winner, 2) and second[2] == 0


def test_the_sheets_of_a_room_must_agree_and_be_whole_before_closing():
    tournament = competition_of()
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    quarter = name(match, 1, arbitre)
    fill(quarter, scorer, OPEN, [82, 68, -68, 56])
    fill(quarter, scorer, CLOSED, [66, -76, -58, 56], keepers=(ATTACK,))
    with pytest.raises(ValidationError, match="not whole or differ on étuis 1, 2, 3, 4"):
        quarter_close(quarter=quarter, user=arbitre)
    fill(quarter, scorer, CLOSED, [66, -76, -58, 58], keepers=(DEFENCE,))
    with pytest.raises(ValidationError, match="differ on étuis 4"):
        quarter_close(quarter=quarter, user=arbitre)
    # The public sees nothing of the quarter in play; the staff follow it.
    assert match_results(match).total_a == 0 and match_results(match).quarters[0].counted is False
    assert match_results(match, official=False).total_a == Decimal("16.000")
    fill(quarter, scorer, CLOSED, [66, -76, -58, 56], keepers=(DEFENCE,))
    close(quarter, arbitre)
    assert match_results(match).total_a == Decimal("16.000")
    with pytest.raises(ValidationError, match="closed"):
        fill(quarter, scorer, OPEN, [82, 68, -68, 60])
    quarter_reopen(quarter=quarter, user=arbitre, reason="Étui 4 mal recopié")
    with pytest.raises(ValidationError, match="only an arbitre can correct it"):
        fill(quarter, scorer, OPEN, [82, 68, -68, 60])
    rows = {1: ("garde", "+82"), 2: ("garde", "+68"), 3: ("garde", "-68"), 4: ("garde", "+60")}
    with pytest.raises(ValidationError, match="Say why this confirmed sheet is corrected"):
        sheet_save(quarter=quarter, room=OPEN, keeper=ATTACK, rows=rows, user=arbitre)
    sheet_save(
        quarter=quarter, room=OPEN, keeper=ATTACK, rows=rows, user=arbitre, reason="Mal recopié"
    )
    assert MatchLine.objects.get(quarter=quarter, room=OPEN, keeper=ATTACK, board=4).score == 60


def test_a_score_is_read_as_on_a_travelling_sheet():
    """The sheets of a match read a typed score as the travelling sheets do (one parser): any
    typed minus sign and spaces inside; more than four digits or anything else is not a
    number."""
    tournament = competition_of(size=5)
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    quarter = name(match, 1, arbitre)
    rows = {1: ("garde", "x"), 2: ("garde", "00082"), 3: ("garde", "+-68"), 4: ("garde", "")}
    with pytest.raises(ValidationError) as refused:
        sheet_save(quarter=quarter, room=OPEN, keeper=ATTACK, rows=rows, user=scorer)
    errors = refused.value.message_dict
    assert {"score_1", "score_2", "score_3", "score_4"} <= set(errors)
    assert all("is not a score" in errors[f"score_{n}"][0] for n in (1, 2, 3))
    rows = {1: ("garde", "+ 82"), 2: ("garde", " 68 "), 3: ("garde", "–68"), 4: ("garde", "−76")}
    sheet_save(quarter=quarter, room=OPEN, keeper=ATTACK, rows=rows, user=scorer)
    stored = MatchLine.objects.filter(quarter=quarter, room=OPEN, keeper=ATTACK)
    assert sorted(stored.values_list("board", "score")) == [(1, 82), (2, 68), (3, -68), (4, -76)]


def test_bad_input_is_refused_and_nothing_is_saved():
    tournament = competition_of(size=5)
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    quarter = name(match, 1, arbitre)
    rows = {1: ("prise", "+56"), 2: ("garde", "+704"), 3: ("garde_sans", "+704"), 4: ("", "+56")}
    with pytest.raises(ValidationError) as refused:
        sheet_save(quarter=quarter, room=OPEN, keeper=ATTACK, rows=rows, user=scorer)
    errors = refused.value.message_dict
    assert "Garde, Garde Sans or Garde Contre" in errors["contract_1"][0]
    assert "beyond what a Garde can give" in errors["score_2"][0]
    assert "score_3" not in errors and "contract_4" in errors
    # Each score is checked against its own contract, and the message names it.
    rows = {1: ("garde_contre", "+1300"), 2: ("garde_sans", "+13"), 3: ("garde", "+20")}
    with pytest.raises(ValidationError) as refused:
        sheet_save(quarter=quarter, room=OPEN, keeper=ATTACK, rows=rows, user=scorer)
    errors = refused.value.message_dict
    assert "beyond what a Garde Contre can give" in errors["score_1"][0]
    assert "every score of a Garde Sans at 4 players is even" in errors["score_2"][0]
    assert "+20 cannot be scored in a Garde (" in errors["score_3"][0]
    assert not MatchLine.objects.filter(quarter=quarter).exists()
    fill(quarter, scorer, OPEN, [56, 56, 56, 56])
    fill(quarter, scorer, CLOSED, [56, 56, 56, 56])
    close(quarter, arbitre)
    # The same attacker again in quarter 2: refused; the same série: refused.
    a_members, b_members = members(match.team_a), members(match.team_b)
    again = {
        "attacker_a": a_members[0],
        "defenders_a": a_members[1:4],
        "attacker_b": b_members[1],
        "defenders_b": [b_members[0], *b_members[2:4]],
    }
    with pytest.raises(ValidationError, match="a new attacker each quarter"):
        quarter_name(match=match, number=2, user=arbitre, a_room=OPEN, board_set=2, **again)
    again["attacker_a"], again["defenders_a"] = a_members[1], [a_members[0], *a_members[2:4]]
    with pytest.raises(ValidationError, match="Série 1 was played"):
        quarter_name(match=match, number=2, user=arbitre, a_room=OPEN, board_set=1, **again)
    again["defenders_b"] = b_members[2:4]
    with pytest.raises(ValidationError, match="three defenders"):
        quarter_name(match=match, number=2, user=arbitre, a_room=OPEN, board_set=2, **again)
    with pytest.raises(ValidationError, match="Close quarter 2 first"):
        name(match, 3, arbitre)
    with pytest.raises(ValidationError, match="before quarter 1"):
        bonus_set(match=match, user=arbitre, bonus_a="1", bonus_b="0")
    with pytest.raises(ValidationError, match="can no longer be drawn"):
        matches_draw(tournament=tournament, user=tournament.created_by)
    with pytest.raises(ValidationError, match="Say why"):
        penalty_set(match=match, user=arbitre, penalty_a="1", penalty_b="0", reason=" ")


def test_the_round_robin_and_the_team_sizes():
    tournament = competition_of(teams=3)
    matches = matches_draw(tournament=tournament, user=tournament.created_by, seed=2)
    pairs = [frozenset((m.team_a_id, m.team_b_id)) for m in matches]
    assert len(pairs) == 3 == len(set(pairs))  # each team meets each other once
    assert sorted(m.round_number for m in matches) == [1, 2, 3]  # one match a round, a bye
    short = competition_of(slug="short")
    member = short.registrations.get(number=1)
    member.excluded = True
    member.save()
    with pytest.raises(ValidationError, match="4 to 6 players: Équipe 1"):
        matches_draw(tournament=short, user=short.created_by)


def test_an_export_carries_the_matches():
    tournament = competition_of()
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    play(match, 1, scorer, arbitre, *QUARTER_SCORES[0])
    copy_ = tournament_import(document=tournament_export(tournament=tournament), slug="copy")
    copied = TeamMatch.objects.get(tournament=copy_)
    assert (copied.team_a.number, copied.team_b.number) == (
        match.team_a.number,
        match.team_b.number,
    )
    assert match_results(copied).total_a == match_results(match).total_a == Decimal("16.000")


def test_the_pages_refuse_a_bad_line_next_to_it_and_the_public_waits_for_the_close(client):
    tournament = competition_of()
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    quarter = name(match, 1, arbitre)
    client.force_login(scorer)
    url = reverse(
        "scoring:match_quarter_sheet", args=[tournament.slug, match.number, 1, "open", "attack"]
    )
    response = client.post(
        url,
        {"base_version": "0", "open-attack-contract_1": "garde", "open-attack-score_1": "+21"},
    )
    assert response.status_code == 400
    assert "is odd" in response.content.decode()
    assert not MatchLine.objects.exists()
    fill(quarter, scorer, OPEN, [82, 68, -68, 56])
    fill(quarter, scorer, CLOSED, [66, -76, -58, 56])
    public = reverse("standings:individual", args=[tournament.slug])
    tournament.is_public = True
    tournament.save()
    client.logout()
    assert "16.000" not in client.get(public).content.decode()
    assert "Quarter 1: in play" in client.get(public).content.decode()
    close(quarter, arbitre)
    assert "16.000 – 3.162" in client.get(public).content.decode()


def test_the_result_sheet_holds_the_closed_quarters_the_totals_and_three_signatures(client):
    tournament = competition_of()
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    bonus_set(match=match, user=arbitre, bonus_a="0", bonus_b="2")
    play(match, 1, scorer, arbitre, *QUARTER_SCORES[0])
    quarter = name(match, 2, arbitre, a_room=CLOSED)
    fill(quarter, scorer, OPEN, [40, -52, 70, 46])  # in play: not on the sheet
    client.force_login(arbitre)
    response = client.get(reverse("scoring:match_sheet", args=[tournament.slug, match.number]))
    text = " ".join(
        page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages
    ).replace("\u00a0", " ")
    assert response["Content-Type"] == "application/pdf"
    assert "16.000 3.162" in text  # quarter 1 and its PM
    assert "Total 16.000 5.162" in text  # B: 3.162 + the bonus of 2; quarter 2 left out
    assert "Not finished: 2 quarters named" in text
    for signer in (match.team_a.name, match.team_b.name):
        assert signer in text
    assert "Arbitre" in text


def test_every_page_of_a_match_opens_and_shows_a_difference(client):
    tournament = competition_of(teams=3)
    tournament.is_public = True
    tournament.save()
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    match = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)[0]
    quarter = name(match, 1, arbitre)
    fill(quarter, scorer, OPEN, [82, 68, -68, 56], keepers=(ATTACK,))
    fill(quarter, scorer, OPEN, [82, 68, -68, 58], keepers=(DEFENCE,))
    client.force_login(arbitre)
    slug, number = tournament.slug, match.number
    html = client.get(reverse("scoring:match_quarter", args=[slug, number, 1])).content.decode()
    assert "Étui 4: the attacker's sheet says Garde +56, the defenders' Garde +58" in html
    assert "On neither sheet yet: étuis 1, 2, 3, 4" in html  # the closed room
    waiting = client.get(reverse("scoring:match_quarter", args=[slug, number, 2]))
    assert "Quarter 1 is not closed yet" in waiting.content.decode()
    for url in (
        reverse("scoring:matches", args=[slug]),
        reverse("scoring:match", args=[slug, number]),
        reverse("public:tournament", args=[slug]),
        reverse("screen:screen", args=[slug]),
    ):
        assert client.get(url).status_code == 200, url


def test_each_save_of_a_sheet_is_a_version_listed_with_who_and_what_changed(client):
    tournament = competition_of()
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    quarter = name(match, 1, arbitre)
    fill(quarter, scorer, OPEN, [82, 68, -68, 56], keepers=(ATTACK,))
    rows = {1: ("garde", "+82"), 2: ("garde_sans", "+68"), 3: ("garde", "-68")}  # 4 blank
    sheet_save(quarter=quarter, room=OPEN, keeper=ATTACK, rows=rows, user=arbitre)
    fill(quarter, scorer, OPEN, [82, 68, -68, 56], keepers=(DEFENCE,))
    versions = sheet_versions(quarter)
    first, second = versions[(OPEN, ATTACK)]
    assert (first.number, first.user, len(first.lines)) == (1, scorer, 4)
    assert (second.number, second.user) == (2, arbitre)
    assert second.changes == {2: (("garde", 68), ("garde_sans", 68)), 4: (("garde", 56), None)}
    assert len(versions[(OPEN, DEFENCE)]) == 1 and (CLOSED, ATTACK) not in versions
    client.force_login(scorer)
    html = client.get(
        reverse("scoring:match_quarter", args=[tournament.slug, match.number, 1])
    ).content.decode()
    assert 'data-testid="versions-open-attack"' in html and "2 versions" in html
    assert "Saved by dup-arbitre at" in html
    assert "étui 2 Garde +68 → Garde sans +68; étui 4 Garde +56 → nothing" in html


def four_eyed(tournament):
    tournament.four_eyes = True
    tournament.save()
    return tournament


def test_a_quarter_closes_once_its_four_sheets_are_signed_and_confirmed_by_another_arbitre():
    tournament = four_eyed(competition_of())
    _organiser, _scorer, arbitre, second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    quarter = name(match, 1, arbitre)
    fill(quarter, arbitre, OPEN, [82, 68, -68, 56])
    fill(quarter, arbitre, CLOSED, [66, -76, -58, 56])
    with pytest.raises(ValidationError, match="Not confirmed yet: Open room: Attacker's sheet;"):
        quarter_close(quarter=quarter, user=arbitre)
    with pytest.raises(ValidationError, match="another arbitre must confirm it") as refused:
        sheet_confirm(quarter=quarter, room=OPEN, keeper=ATTACK, user=arbitre)
    assert refused.value.code == "four_eyes"
    # A sheet the other side has not signed: its visa is ticked at the confirmation.
    rows = {1: ("garde", "+82"), 2: ("garde", "+68"), 3: ("garde", "-68"), 4: ("garde", "+56")}
    sheet_save(quarter=quarter, room=OPEN, keeper=ATTACK, rows=rows, user=arbitre, signed=False)
    with pytest.raises(ValidationError, match="has not signed this sheet") as refused:
        sheet_confirm(quarter=quarter, room=OPEN, keeper=ATTACK, user=second)
    assert refused.value.code == "visa_missing"
    sheet = sheet_confirm(quarter=quarter, room=OPEN, keeper=ATTACK, user=second, signed=True)
    assert sheet.is_confirmed and sheet.signed and sheet.confirmed_by == second
    assert AuditEntry.objects.filter(action="match.sheet_confirmed", user=second).count() == 1
    for room, keeper in ((OPEN, DEFENCE), (CLOSED, ATTACK), (CLOSED, DEFENCE)):
        sheet_confirm(quarter=quarter, room=room, keeper=keeper, user=second)
    # A new version is confirmed again before the close.
    fill(quarter, second, CLOSED, [66, -76, -58, 56], keepers=(DEFENCE,))  # the same: no change
    rows = {1: ("garde", "+66"), 2: ("garde", "-76"), 3: ("garde", "-58")}  # étui 4 dropped
    sheet_save(quarter=quarter, room=CLOSED, keeper=DEFENCE, rows=rows, user=second, reason="Relu")
    with pytest.raises(ValidationError, match="Étuis 4 are not on this sheet"):
        sheet_confirm(quarter=quarter, room=CLOSED, keeper=DEFENCE, user=arbitre)
    fill(quarter, second, CLOSED, [66, -76, -58, 56], keepers=(DEFENCE,))
    with pytest.raises(ValidationError, match="Not confirmed yet: Closed room: Defenders' sheet."):
        quarter_close(quarter=quarter, user=arbitre)
    sheet_confirm(quarter=quarter, room=CLOSED, keeper=DEFENCE, user=arbitre)
    assert quarter_close(quarter=quarter, user=arbitre).is_closed


def test_the_quarter_page_says_why_the_entering_arbitre_cannot_confirm_and_another_does(client):
    tournament = four_eyed(competition_of())
    _organiser, _scorer, arbitre, second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    quarter = name(match, 1, arbitre)
    slug = tournament.slug
    client.force_login(arbitre)
    for room, scores in ((OPEN, [82, 68, -68, 56]), (CLOSED, [66, -76, -58, 56])):
        for keeper in (ATTACK, DEFENCE):
            data = {"base_version": "0", f"{room}-{keeper}-signed": "on"}
            for board, score in zip(range(1, 5), scores, strict=True):
                data[f"{room}-{keeper}-contract_{board}"] = "garde"
                data[f"{room}-{keeper}-score_{board}"] = f"{score:+d}"
            url = reverse("scoring:match_quarter_sheet", args=[slug, match.number, 1, room, keeper])
            assert client.post(url, data).status_code == 302
    page = reverse("scoring:match_quarter", args=[slug, match.number, 1])
    closing = reverse("scoring:match_quarter_close", args=[slug, match.number, 1])
    html = client.post(closing, follow=True).content.decode()
    assert "Not confirmed yet: Open room: Attacker&#x27;s sheet" in html
    assert 'data-testid="confirm-open-attack"' not in html
    assert 'data-testid="four-eyes-open-attack"' in html
    assert "You entered this version: another arbitre must confirm it (four-eyes)." in html
    confirm = reverse(
        "scoring:match_quarter_sheet_confirm", args=[slug, match.number, 1, OPEN, ATTACK]
    )
    html = client.post(confirm, {"version": "1"}, follow=True).content.decode()
    assert "another arbitre must confirm it" in html
    assert not MatchSheet.objects.filter(confirmed_at__isnull=False).exists()
    client.force_login(second)
    html = client.get(page).content.decode()
    assert 'data-testid="confirm-open-attack"' in html and "four-eyes-open-attack" not in html
    for room in (OPEN, CLOSED):
        for keeper in (ATTACK, DEFENCE):
            url = reverse(
                "scoring:match_quarter_sheet_confirm", args=[slug, match.number, 1, room, keeper]
            )
            assert (
                "Sheet confirmed."
                in client.post(url, {"version": "1"}, follow=True).content.decode()
            )
    html = client.post(closing, follow=True).content.decode()
    assert 'data-testid="quarter-closed"' in html
    assert MatchQuarter.objects.get(pk=quarter.pk).is_closed


def test_a_match_sheet_saved_since_is_a_conflict_and_identical_submits_one_version(client):
    tournament = competition_of()
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    quarter = name(match, 1, arbitre)
    rows = {1: ("garde", "+82"), 2: ("garde", "+68"), 3: ("garde", "-68"), 4: ("garde", "+56")}
    sheets = [
        sheet_save(
            quarter=quarter, room=OPEN, keeper=ATTACK, rows=rows, user=scorer, base_version=0
        )
        for _ in range(5)
    ]
    assert {s.version for s in sheets} == {1} and MatchSheet.objects.count() == 1
    assert len(sheet_versions(quarter)[(OPEN, ATTACK)]) == 1
    theirs = {**rows, 4: ("garde", "+60")}
    sheet_save(quarter=quarter, room=OPEN, keeper=ATTACK, rows=theirs, user=arbitre, base_version=1)
    mine = {**rows, 3: ("garde", "-70")}
    with pytest.raises(StaleSheet) as exc:
        sheet_save(
            quarter=quarter, room=OPEN, keeper=ATTACK, rows=mine, user=scorer, base_version=1
        )
    assert exc.value.current.version == 2
    assert MatchLine.objects.get(quarter=quarter, room=OPEN, keeper=ATTACK, board=3).score == -68
    # The page keeps the typing and shows their version beside it; nothing is saved.
    client.force_login(scorer)
    url = reverse(
        "scoring:match_quarter_sheet", args=[tournament.slug, match.number, 1, OPEN, ATTACK]
    )
    data = {"base_version": "1"}
    for board, (contract, score) in mine.items():
        data[f"open-attack-contract_{board}"], data[f"open-attack-score_{board}"] = contract, score
    response = client.post(url, data)
    assert response.status_code == 409
    html = response.content.decode()
    assert 'data-testid="conflict-open-attack"' in html and "dup-arbitre saved version 2" in html
    assert "Étui 4: Garde +60" in html and 'value="-70"' in html
    assert 'name="base_version" value="2"' in html
    assert MatchSheet.objects.get().version == 2
    assert MatchLine.objects.get(quarter=quarter, room=OPEN, keeper=ATTACK, board=3).score == -68
    # Saving again from the conflict is a choice; sent five times (a double click): one version.
    data["base_version"] = "2"
    for _ in range(5):
        assert client.post(url, data).status_code == 302
    assert MatchSheet.objects.get().version == 3
    assert MatchLine.objects.get(quarter=quarter, room=OPEN, keeper=ATTACK, board=3).score == -70


def test_the_result_sheet_names_every_player_and_every_score(client):
    """The rulebook's result sheet: the names of the players and the scores. Each quarter's
    attackers and defenders, each étui's contracts and attackers' scores, and each team's
    members with what they played; a team without a penalty shows no « −0.000 »."""
    tournament = competition_of(size=5)
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    match = TeamMatch.objects.get(pk=match.pk)
    play(match, 1, scorer, arbitre, *QUARTER_SCORES[0])
    penalty_set(match=match, user=arbitre, penalty_a="0", penalty_b="2", reason="Retard")
    client.force_login(arbitre)
    response = client.get(reverse("scoring:match_sheet", args=[tournament.slug, match.number]))
    text = " ".join(
        page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages
    ).replace("\u00a0", " ")
    flat = " ".join(text.split())
    for team in (match.team_a, match.team_b):
        for member in members(team):  # the fifth, who played no quarter, too
            assert member.name in flat, member.name
    quarter = match.quarters.get(number=1)
    for player in quarter.players.all():
        assert player.registration.name in flat
    for score in ("+82", "+68", "−68", "+66", "−76", "−58", "+56"):
        assert score in flat, score
    assert "Garde" in flat
    assert "−0.000" not in flat and "-0.000" not in flat
    assert "−2.000" in flat


def test_the_match_page_shows_no_minus_zero_for_a_team_without_penalty(client):
    tournament = competition_of()
    _organiser, _scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    penalty_set(match=match, user=arbitre, penalty_a="1,5", penalty_b="0", reason="Bruit")
    client.force_login(arbitre)
    html = client.get(reverse("scoring:match", args=[tournament.slug, match.number]))
    html = html.content.decode()
    assert "−1.500" in html and "−0.000" not in html


def test_a_team_that_plays_a_match_is_not_deleted(client):
    """Deleting a team a drawn match names was a 500 (a protected row); now refused with a
    message on the team's page, nothing deleted, no audit entry."""
    tournament = competition_of()
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    team = match.team_a
    entries = AuditEntry.objects.count()
    client.force_login(tournament.created_by)
    url = reverse("manage:team_delete", args=[tournament.slug, team.number])
    response = client.post(url, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert response.redirect_chain[0][0] == reverse(
        "manage:team_edit", args=[tournament.slug, team.number]
    )
    assert "This team plays in the movement or a match: it cannot be deleted." in (
        response.content.decode()
    )
    assert team.members.count() == 4 and AuditEntry.objects.count() == entries
    with pytest.raises(ValidationError):
        services_teams.team_delete(team=team, user=tournament.created_by)
