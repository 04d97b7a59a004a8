"""Score sheet services against the database: versions, refusals, confirmation, audit."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from scoring.formats.libre import services
from scoring.formats.libre.selectors import sheet_history
from scoring.models import BidBan, Mark, ScoreSheet
from tests.scoring.conftest import SAMPLE, SAMPLE_BILANS, VISAS, refused
from tests.support import enter as save
from tests.tournaments.test_text import INVISIBLE_REASONS
from tournaments import services_seating
from tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


def bilans(sheet):
    totals = {}
    for mark in Mark.objects.filter(sheet=sheet):
        totals[mark.seat] = totals.get(mark.seat, 0) + mark.value
    return [totals[s] for s in range(4)]


def test_save_stores_marks_per_player_per_deal(table, staff):
    sheet = save(table, staff["scorer"])
    assert sheet.version == 1 and sheet.status == "entered"
    assert Mark.objects.filter(sheet=sheet).count() == 20
    assert bilans(sheet) == SAMPLE_BILANS
    seats = dict(table.seats.values_list("number", "registration_id"))
    nord = Mark.objects.filter(sheet=sheet, registration_id=seats[0])
    assert sorted(nord.values_list("value", flat=True)) == sorted([-106, -76, 42, 276, -582])
    entry = AuditEntry.objects.get(action="sheet.entered")
    assert entry.user == staff["scorer"]
    assert entry.data["before"] is None
    assert [d["marks"] for d in entry.data["after"]["deals"]][0] == [-106, 318, -106, -106]


def test_invalid_sheet_saves_nothing(table, staff):
    data = {**SAMPLE, "d3-mark0": "43"}
    with pytest.raises(ValidationError) as exc:
        save(table, staff["scorer"], data)
    assert "d3-total" in refused(exc.value)
    assert "add up to 1" in refused(exc.value)["d3-total"][0]
    assert (
        not ScoreSheet.objects.exists()
        and not AuditEntry.objects.filter(action__startswith="sheet").exists()
    )


def test_fewer_deals_need_a_reason(table, staff):
    data = {k: v for k, v in SAMPLE.items() if not k.startswith("d5-")}
    with pytest.raises(ValidationError) as exc:
        save(table, staff["scorer"], data)
    assert list(refused(exc.value)) == ["short_reason"]
    sheet = save(table, staff["scorer"], {**data, "short_reason": "time"})
    assert sheet.deals.count() == 4 and sheet.short_reason == "time"


def test_empty_sheet_is_refused(table, staff):
    with pytest.raises(ValidationError) as exc:
        save(table, staff["scorer"], {})
    assert "d1-contract" in refused(exc.value)


def test_confirm_requires_every_visa(table, staff):
    sheet = save(table, staff["scorer"], {**SAMPLE, "visa0": "on", "visa2": "on"})
    with pytest.raises(ValidationError) as exc:
        services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    assert exc.value.code == "visa_missing" and "East, West" in exc.value.messages[0]
    sheet = save(table, staff["scorer"], base=1)
    confirmed = services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    assert confirmed.status == "confirmed" and confirmed.confirmed_by == staff["arbitre"]
    assert AuditEntry.objects.filter(action="sheet.confirmed").count() == 1


def test_only_arbitres_confirm(table, staff):
    sheet = save(table, staff["organiser"])
    with pytest.raises(PermissionDenied):
        services.scoresheet_confirm(sheet=sheet, user=staff["scorer"])
    with pytest.raises(PermissionDenied):
        services.scoresheet_confirm(sheet=sheet, user=staff["other_organiser"])
    with pytest.raises(PermissionDenied):
        save(table.round.tables.get(number=2), staff["other_organiser"])


def test_four_eyes_in_the_service(table, staff):
    sheet = save(table, staff["arbitre"])
    with pytest.raises(ValidationError) as exc:
        services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    assert exc.value.code == "four_eyes"
    with pytest.raises(ValidationError):
        save(table, staff["arbitre"], base=1, confirm=True)
    assert not ScoreSheet.objects.filter(status="confirmed").exists()
    # The organiser (an arbitre too) may confirm what the arbitre entered.
    services.scoresheet_confirm(sheet=sheet, user=staff["organiser"])


def test_without_four_eyes_an_arbitre_saves_and_confirms(table, staff):
    table.round.tournament.four_eyes = False
    table.round.tournament.save()
    sheet = save(table, staff["arbitre"], confirm=True)
    assert sheet.status == "confirmed"


def test_stale_version_is_refused(table, staff):
    save(table, staff["scorer"])
    with pytest.raises(services.StaleSheet) as exc:
        save(table, staff["arbitre"], base=0)
    assert exc.value.current.version == 1
    assert ScoreSheet.objects.count() == 1


def test_double_submit_creates_one_version(table, staff):
    first = save(table, staff["scorer"], token="abc")
    again = save(table, staff["scorer"], token="abc")
    assert again.pk == first.pk
    assert ScoreSheet.objects.count() == 1


def test_double_submit_committed_between_the_checks_is_still_one_version(table, staff, monkeypatch):
    """The second send looks for its version just before the first one commits, then finds the
    token taken: that is its own form on this table, not another table's (found by the load
    test, where the second send met its own version as a conflict)."""
    first = save(table, staff["scorer"], token="abc")
    real, calls = services._sent_before, []

    def first_look_misses(*args):
        calls.append(args)
        return None if len(calls) == 1 else real(*args)

    monkeypatch.setattr(services, "_sent_before", first_look_misses)
    again = save(table, staff["scorer"], token="abc")
    assert again.pk == first.pk and len(calls) == 2
    assert ScoreSheet.objects.count() == 1


def test_correction_after_confirmation(table, staff):
    sheet = save(table, staff["scorer"])
    services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    data = {**SAMPLE, **VISAS, "d3-mark0": "-42", "d3-mark2": "126",
            "d3-mark1": "-42", "d3-mark3": "-42", "d3-taker": "2"}  # fmt: skip
    with pytest.raises(ValidationError) as exc:
        save(table, staff["scorer"], data, base=1)
    assert exc.value.code == "confirmed_sheet"
    with pytest.raises(ValidationError) as exc:
        save(table, staff["arbitre"], data, base=1)
    assert list(refused(exc.value)) == ["reason"]
    corrected = save(table, staff["arbitre"], {**data, "reason": "prise made"}, base=1)
    # Four-eyes covers corrections: the corrector cannot confirm, another arbitre does.
    assert corrected.version == 2 and corrected.status == "entered"
    assert corrected.entered_by == staff["arbitre"] and corrected.confirmed_by is None
    with pytest.raises(ValidationError) as exc:
        services.scoresheet_confirm(sheet=corrected, user=staff["arbitre"])
    assert exc.value.code == "four_eyes"
    corrected = services.scoresheet_confirm(sheet=corrected, user=staff["organiser"])
    assert corrected.status == "confirmed" and corrected.confirmed_by == staff["organiser"]
    sheet.refresh_from_db()
    assert sheet.status == "superseded" and sheet.confirmed_by == staff["arbitre"]
    assert bilans(corrected)[2] == SAMPLE_BILANS[2] + 252
    assert bilans(sheet) == SAMPLE_BILANS  # the old version stays readable
    history = sheet_history(table=table)
    assert [v.sheet.version for v in history] == [2, 1]
    assert history[0].changes == {3: {"mark0", "mark1", "mark2", "mark3"}}
    entry = AuditEntry.objects.get(action="sheet.corrected")
    assert entry.data["reason"] == "prise made"
    assert entry.data["before"]["deals"][2]["marks"] != entry.data["after"]["deals"][2]["marks"]


def test_a_single_arbitre_tournament_confirms_its_corrections_at_once(table, staff, client):
    """Four-eyes off (a tournament with one arbitre): the correction is confirmed by its
    author, and the history says so."""
    Tournament.objects.filter(pk=table.round.tournament_id).update(four_eyes=False)
    table.round.tournament.refresh_from_db()
    sheet = save(table, staff["scorer"])
    services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    data = {**SAMPLE, **VISAS, "d3-mark0": "-42", "d3-mark2": "126", "d3-mark1": "-42",
            "d3-mark3": "-42", "d3-taker": "2", "reason": "the taker misread"}  # fmt: skip
    corrected = save(table, staff["arbitre"], data, base=1)
    assert corrected.status == "confirmed"
    assert corrected.entered_by == corrected.confirmed_by == staff["arbitre"]
    client.force_login(staff["organiser"])
    tournament = table.round.tournament
    page = client.get(
        reverse("scoring:history", args=[tournament.slug, table.round.number, table.number])
    )
    assert "confirmed by its own author: four-eyes is off" in page.content.decode()


def test_bid_ban_refuses_the_taker(table, staff):
    seats = dict(table.seats.values_list("number", "registration_id"))
    BidBan.objects.create(
        tournament=table.round.tournament,
        position=1,
        registration_id=seats[1],
        deal_number=1,
        reason="renonce",
    )
    with pytest.raises(ValidationError) as exc:
        save(table, staff["scorer"])
    assert "barred from bidding" in refused(exc.value)["d1-taker"][0]


def test_ban_decided_after_entry_blocks_confirmation(table, staff):
    sheet = save(table, staff["scorer"])
    seats = dict(table.seats.values_list("number", "registration_id"))
    BidBan.objects.create(
        tournament=table.round.tournament,
        position=1,
        registration_id=seats[0],
        deal_number=4,
        reason="x",
    )
    with pytest.raises(ValidationError) as exc:
        services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    assert "d4-taker" in refused(exc.value)


def test_close_and_reopen(round1, staff):
    tables = list(round1.tables.order_by("number"))
    sheet = save(tables[0], staff["scorer"])
    services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    with pytest.raises(ValidationError) as exc:
        services.round_close(round=round1, user=staff["arbitre"])
    assert "2" in exc.value.messages[0]
    sheet = save(tables[1], staff["scorer"])
    with pytest.raises(PermissionDenied):
        services.round_close(round=round1, user=staff["scorer"])
    services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    closed = services.round_close(round=round1, user=staff["arbitre"])
    assert closed.is_closed
    with pytest.raises(ValidationError) as exc:
        save(tables[0], staff["arbitre"], {**SAMPLE, **VISAS, "reason": "x"}, base=1)
    assert exc.value.code == "round_closed"
    with pytest.raises(ValidationError):
        services.round_reopen(round=round1, user=staff["arbitre"], reason=" ")
    reopened = services.round_reopen(round=round1, user=staff["arbitre"], reason="typo table 1")
    assert not reopened.is_closed
    assert AuditEntry.objects.get(action="round.reopened").data["reason"] == "typo table 1"


def test_sheet_locks_the_seating_for_non_arbitres(round1, table, staff):
    assert not round1.is_locked
    save(table, staff["scorer"])
    assert round1.is_locked
    a, b = (s.registration for s in table.seats.all()[:2])
    with pytest.raises(ValidationError):
        services_seating.round_swap_players(
            round=round1, user=staff["organiser"], first=a, second=b
        )


def test_unpublished_position_takes_no_sheet(tournament, staff):
    from tests.factories import RegistrationFactory

    RegistrationFactory.create_batch(8, tournament=tournament, checked_in=True)
    round_ = services_seating.round_seat_players(
        tournament=tournament, number=1, user=staff["organiser"], seed=1
    )
    with pytest.raises(ValidationError) as exc:
        save(round_.tables.first(), staff["scorer"])
    assert exc.value.code == "round_not_published"


def test_arbitre_moves_players_after_sheets_and_marks_follow_the_seats(round1, staff):
    t1, t2 = round1.tables.order_by("number")
    sheet = save(t1, staff["scorer"])
    services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    a = t1.seats.get(number=2).registration  # South: +1346 on the sample sheet
    b = t2.seats.get(number=0).registration
    with pytest.raises(ValidationError):  # an organiser alone no longer moves players
        services_seating.round_swap_players(
            round=round1, user=staff["scorer"], first=a, second=b, reason="x"
        )
    with pytest.raises(ValidationError) as exc:
        services_seating.round_swap_players(round=round1, user=staff["arbitre"], first=a, second=b)
    assert list(exc.value.error_dict) == ["reason"]
    services_seating.round_swap_players(
        round=round1, user=staff["arbitre"], first=a, second=b, reason="sat at the wrong table"
    )
    assert t2.seats.get(number=0).registration == a
    new = ScoreSheet.objects.get(table=t1, status="confirmed")
    assert new.version == 2 and new.reason == "sat at the wrong table"
    marks = Mark.objects.filter(sheet=new)
    assert sum(marks.filter(registration=b).values_list("value", flat=True)) == 1346
    assert not marks.filter(registration=a).exists()
    assert new.deals.get(number=3).taker == b
    assert bilans(sheet) == SAMPLE_BILANS  # the old version keeps its names
    assert Mark.objects.filter(sheet=sheet, registration=a).exists()
    entry = AuditEntry.objects.get(action="round.corrected")
    assert entry.data["reason"] == "sat at the wrong table" and entry.user == staff["arbitre"]
    corrected = AuditEntry.objects.get(action="sheet.corrected")
    assert corrected.data["before"]["version"] == 1 and corrected.data["after"]["version"] == 2


def test_swap_within_one_table_after_sheets(table, staff):
    save(table, staff["scorer"])
    north, south = (table.seats.get(number=p).registration for p in (0, 2))
    services_seating.round_swap_players(
        round=table.round, user=staff["arbitre"], first=north, second=south, reason="seats"
    )
    marks = Mark.objects.filter(sheet__table=table, sheet__version=2)
    assert sum(marks.filter(registration=north).values_list("value", flat=True)) == 1346
    assert sum(marks.filter(registration=south).values_list("value", flat=True)) == -446


def test_no_seat_moves_in_a_closed_position(round1, staff):
    for table in round1.tables.all():
        services.scoresheet_confirm(sheet=save(table, staff["scorer"]), user=staff["arbitre"])
    services.round_close(round=round1, user=staff["arbitre"])
    a, b = (s.registration for s in round1.seats.all()[:2])
    with pytest.raises(ValidationError) as exc:
        services_seating.round_swap_players(
            round=round1, user=staff["arbitre"], first=a, second=b, reason="late"
        )
    assert exc.value.code == "round_closed"


def test_a_version_that_never_existed_is_a_conflict_not_a_crash(table, staff):
    with pytest.raises(services.StaleSheet) as exc:
        save(table, staff["scorer"], base=3)
    assert exc.value.current is None and "changed since you opened it" in exc.value.messages[0]


def test_a_token_from_another_tables_form_is_not_a_double_click(round1, staff):
    t1, t2 = round1.tables.order_by("number")
    first = save(t1, staff["scorer"], token="tok")
    second = save(t2, staff["scorer"], token="tok")
    assert second.pk != first.pk and second.table == t2


def test_off_is_not_a_visa(table, staff):
    data = {**SAMPLE, **VISAS, "visa1": "off", "visa2": "false"}
    assert save(table, staff["scorer"], data).visas == [0, 3]


def test_only_arbitres_annul_or_adjust_through_the_sheet(table, staff):
    data = {**SAMPLE, **VISAS, "d1-mode": "annulled"}
    with pytest.raises(ValidationError) as exc:
        save(table, staff["scorer"], data)
    assert "d1-mode" in refused(exc.value)
    sheet = save(table, staff["arbitre"], data)
    assert list(sheet.deals.get(number=1).marks.values_list("value", flat=True)) == [0] * 4


def test_settings_the_sheets_depend_on_are_frozen_once_a_sheet_exists(table, staff):
    from tournaments.services import tournament_update

    tournament = table.round.tournament
    save(table, staff["scorer"])
    with pytest.raises(ValidationError) as exc:
        tournament_update(tournament=tournament, user=staff["organiser"], deals_table_4=4)
    assert list(exc.value.error_dict) == ["deals_table_4"]
    tournament_update(tournament=tournament, user=staff["organiser"], venue="Salle B")


def test_a_form_sent_again_with_other_values_is_a_conflict_not_a_lost_edit(table, staff):
    save(table, staff["scorer"], token="tok1")
    edited = {**SAMPLE, **VISAS, "d1-mark1": "321", "d1-mark0": "-107", "d1-mark2": "-107",
              "d1-mark3": "-107"}  # fmt: skip
    with pytest.raises(services.StaleSheet):
        save(table, staff["scorer"], edited, token="tok1")
    assert save(table, staff["scorer"], token="tok1").version == 1  # a true double click
    assert save(table, staff["scorer"], edited, token="bad\x00token", base=1).version == 2


def test_a_correction_needs_every_visa(table, staff):
    sheet = save(table, staff["scorer"])
    services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    with pytest.raises(ValidationError) as exc:
        save(table, staff["arbitre"], {**SAMPLE, "reason": "x", "visa0": "on"}, base=1)
    assert set(refused(exc.value)) == {"visa1", "visa2", "visa3"}


def short_sheet():
    return {k: v for k, v in SAMPLE.items() if not k.startswith("d5-")}


@pytest.mark.parametrize("reason", INVISIBLE_REASONS)
def test_an_invisible_reason_is_no_reason_for_fewer_deals(table, staff, reason):
    with pytest.raises(ValidationError) as exc:
        save(table, staff["scorer"], {**short_sheet(), "short_reason": reason})
    assert refused(exc.value) == {"short_reason": ["4 deals instead of 5: give the reason."]}
    assert not ScoreSheet.objects.exists()


@pytest.mark.parametrize("reason", INVISIBLE_REASONS)
def test_an_invisible_reason_corrects_no_confirmed_sheet(table, staff, reason):
    services.scoresheet_confirm(sheet=save(table, staff["scorer"]), user=staff["arbitre"])
    data = {**SAMPLE, **VISAS, "d3-mark0": "-42", "d3-mark2": "126",
            "d3-mark1": "-42", "d3-mark3": "-42", "d3-taker": "2", "reason": reason}  # fmt: skip
    with pytest.raises(ValidationError) as exc:
        save(table, staff["arbitre"], data, base=1)
    assert refused(exc.value) == {"reason": ["Say why this confirmed sheet is corrected."]}
    assert ScoreSheet.objects.get().version == 1


def test_the_reasons_kept_lose_their_invisible_ends(table, staff):
    data = {**short_sheet(), **VISAS, "short_reason": "\u200btime\ufeff "}
    sheet = save(table, staff["scorer"], data)
    assert sheet.short_reason == "time"
    services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    data = {**short_sheet(), **VISAS, "short_reason": "time", "reason": "\u2060 E1 misread\u200b"}
    assert save(table, staff["arbitre"], data, base=1).reason == "E1 misread"


@pytest.mark.parametrize("reason", INVISIBLE_REASONS)
def test_an_invisible_reason_reopens_no_position(round1, staff, reason):
    for table in round1.tables.all():
        services.scoresheet_confirm(sheet=save(table, staff["scorer"]), user=staff["arbitre"])
    services.round_close(round=round1, user=staff["arbitre"])
    with pytest.raises(ValidationError) as exc:
        services.round_reopen(round=round1, user=staff["arbitre"], reason=reason)
    assert exc.value.message_dict == {"reason": ["Say why the position is reopened."]}
    round1.refresh_from_db()
    assert round1.is_closed and not AuditEntry.objects.filter(action="round.reopened").exists()


@pytest.mark.parametrize("reason", INVISIBLE_REASONS)
def test_an_invisible_reason_moves_nobody_once_sheets_exist(round1, staff, reason):
    t1, t2 = round1.tables.order_by("number")
    save(t1, staff["scorer"])
    a, b = t1.seats.get(number=2).registration, t2.seats.get(number=0).registration
    with pytest.raises(ValidationError) as exc:
        services_seating.round_swap_players(
            round=round1, user=staff["arbitre"], first=a, second=b, reason=reason
        )
    assert exc.value.message_dict == {
        "reason": ["Scores of this position are recorded: say why the players are moved."]
    }
    assert t1.seats.get(number=2).registration == a and ScoreSheet.objects.count() == 1
    with pytest.raises(ValidationError) as exc:  # the sheet's own service refuses it too
        services.scoresheet_reseat(table=t1, user=staff["arbitre"], reason=reason)
    assert list(exc.value.message_dict) == ["reason"] and ScoreSheet.objects.count() == 1


@pytest.mark.parametrize("reason", INVISIBLE_REASONS)
def test_an_invisible_reason_is_no_reason_for_the_ledger(table, staff, reason):
    from scoring.models import Penalty
    from scoring.services_ledger import effect_cancel, penalty_apply

    north = table.seats.get(number=0).registration
    with pytest.raises(ValidationError) as exc:
        penalty_apply(registration=north, points=20, reason=reason, user=staff["arbitre"])
    assert exc.value.message_dict == {"reason": ["Give the reason."]}
    assert not Penalty.objects.exists()
    penalty = penalty_apply(registration=north, points=20, reason="noise", user=staff["arbitre"])
    with pytest.raises(ValidationError) as exc:
        effect_cancel(effect=penalty, user=staff["arbitre"], reason=reason)
    assert exc.value.message_dict == {"reason": ["Give the reason."]}
    penalty.refresh_from_db()
    assert penalty.cancelled_at is None
