"""Arbitration services against the database: incidents, each decision's effect on marks, bans
and totals, the automatic bans, undoing, permissions, reconciliation."""

from dataclasses import replace

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from arbitration import decisions, services
from arbitration.models import Decision, IncidentKind, PenaltyScale
from arbitration.selectors import player_record
from scoring.formats.libre import services as sheets
from scoring.formats.libre.forms import read_entry
from scoring.formats.libre.selectors import reconciliation, table_setup
from scoring.models import BidBan, Mark
from tests.arbitration.conftest import seat
from tests.scoring.conftest import SAMPLE, SAMPLE_BILANS, VISAS, refused, seat_and_publish
from tests.support import enter
from tests.tournaments.test_text import INVISIBLE_REASONS
from tournaments import services_seating
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db
VISAS_5 = {f"visa{s}": "on" for s in range(5)}


def log(table, user, **kwargs):
    kwargs.setdefault("kind", IncidentKind.RENONCE)
    if kwargs["kind"] == IncidentKind.RENONCE:  # no sheet yet: the arbitre says the camp
        kwargs.setdefault("offender_defending", True)
    return services.incident_log(
        tournament=table.round.tournament, user=user, round=table.round, table=table, **kwargs
    )


def test_only_arbitres_log_and_decide(table, staff):
    with pytest.raises(PermissionDenied):
        log(table, staff["scorer"])
    incident = log(table, staff["arbitre"], offender=seat(table, 1))
    with pytest.raises(PermissionDenied):
        services.decision_add(incident=incident, user=staff["scorer"], kind="warning")
    with pytest.raises(PermissionDenied):
        services.decision_add(incident=incident, user=staff["other_organiser"], kind="warning")


def test_people_must_sit_at_the_table(table, staff):
    other = table.round.tables.get(number=2)
    with pytest.raises(ValidationError) as exc:
        log(table, staff["arbitre"], offender=seat(other, 0))
    assert "offender" in exc.value.error_dict


def test_renonce_by_a_defender_bars_the_next_deal(table, staff):
    west = seat(table, 3)
    incident = log(table, staff["arbitre"], offender=west, deal_number=2, confirmed=True)
    (decision,) = incident.decisions.all()
    assert decision.automatic and decision.kind == "bid_ban" and decision.deal_number == 3
    assert table_setup(table=table).bans == {(west.pk, 3): decision.bid_ban.reason}
    data = {**SAMPLE, "d3-taker": "3", "d3-mark2": "42", "d3-mark3": "-126"}
    with pytest.raises(ValidationError) as exc:
        enter(table, staff["scorer"], data)
    assert "barred from bidding" in refused(exc.value)["d3-taker"][0]
    assert incident.status == "decided"


def test_renonce_on_the_last_deal_bars_the_first_deal_of_the_next_position(table, staff):
    east = seat(table, 1)
    incident = log(table, staff["arbitre"], offender=east, deal_number=5, confirmed=True)
    ban = incident.decisions.get().bid_ban
    assert (ban.position, ban.deal_number) == (2, None)
    round2 = services_seating.round_seat_players(
        tournament=table.round.tournament, number=2, user=staff["organiser"], seed=0
    )
    services_seating.round_publish(round=round2, user=staff["organiser"])
    table2 = round2.seats.get(registration=east).table
    setup = table_setup(table=table2)
    assert setup.ban(setup.registrations.index(east.pk), 1) == ban.reason


def test_renonce_by_the_taker_and_unconfirmed_faults_ban_nobody(table, staff):
    log(table, staff["arbitre"], offender=seat(table, 0), deal_number=1, offender_defending=False,
        confirmed=True)  # fmt: skip
    incident = log(table, staff["arbitre"], offender=seat(table, 1), deal_number=1)
    assert not BidBan.objects.exists()
    services.incident_confirm(incident=incident, user=staff["arbitre"])
    assert BidBan.objects.count() == 1


def test_misdeal_bars_the_dealer_on_the_deal_dealt_again(table, staff):
    """The ban falls on whoever dealt deal 4, as the sheet records it, not on whom the arbitre
    happened to name."""
    named = seat(table, 2)
    incident = log(table, staff["arbitre"], kind="misdeal", offender=named, deal_number=4,
                   confirmed=True)  # fmt: skip
    ban = incident.decisions.get().bid_ban
    assert (ban.registration, ban.table_number, ban.deal_number) == (None, table.number, 4)
    setup = table_setup(table=table)
    assert setup.bans == {} and setup.dealer_bans == {4: ban.reason}
    # In turn Est deals deal 4 (Nord, Ouest, Sud, Est): Nord, who took it, may.
    sheet = enter(table, staff["scorer"])
    assert sheet.deals.get(number=4).dealer == seat(table, 1)
    # The sheet says Nord dealt deal 4 again (and Sud deal 5): Nord may not have taken it.
    data = {**SAMPLE, **VISAS, "d4-dealer": "0", "d4-dealt_again": "on"}
    with pytest.raises(ValidationError) as exc:
        enter(table, staff["scorer"], data, base=1)
    assert "barred from bidding" in refused(exc.value)["d4-taker"][0]


def test_a_misdeal_decided_after_the_sheet_still_bars_its_dealer(table, staff):
    data = {**SAMPLE, **VISAS, "d4-dealer": "0"}  # Nord dealt deal 4 and took it
    sheet = enter(table, staff["scorer"], data)
    log(table, staff["arbitre"], kind="misdeal", deal_number=4, confirmed=True)
    with pytest.raises(ValidationError) as exc:
        sheets.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    assert "d4-taker" in refused(exc.value)


def test_the_sheet_says_who_was_defending_on_a_renonce(table, staff):
    enter(table, staff["scorer"])  # Est took deal 1, Ouest deal 2
    east, north = seat(table, 1), seat(table, 0)
    taker = services.incident_log(
        tournament=table.round.tournament, user=staff["arbitre"], round=table.round,
        table=table, kind="renonce", offender=east, deal_number=1, confirmed=True,
    )  # fmt: skip
    assert not taker.offender_defending and not taker.decisions.exists()
    defender = services.incident_log(
        tournament=table.round.tournament, user=staff["arbitre"], round=table.round,
        table=table, kind="renonce", offender=north, deal_number=1, confirmed=True,
    )  # fmt: skip
    assert defender.offender_defending and defender.decisions.get().bid_ban.deal_number == 2
    # Saying otherwise than the sheet is refused, next to the field, and nothing is saved.
    count = BidBan.objects.count()
    with pytest.raises(ValidationError) as exc:
        log(table, staff["arbitre"], offender=east, deal_number=1, offender_defending=True)
    assert "in the taker's camp" in exc.value.error_dict["offender_defending"][0].messages[0]
    with pytest.raises(ValidationError) as exc:
        log(table, staff["arbitre"], offender=north, deal_number=2, offender_defending=False)
    assert "was defending" in exc.value.error_dict["offender_defending"][0].messages[0]
    assert BidBan.objects.count() == count


def test_without_the_deal_on_the_sheet_the_arbitre_must_say_the_camp(table, staff):
    with pytest.raises(ValidationError) as exc:
        log(table, staff["arbitre"], offender=seat(table, 0), deal_number=1,
            offender_defending=None, confirmed=True)  # fmt: skip
    assert "Say whether" in exc.value.error_dict["offender_defending"][0].messages[0]
    assert not BidBan.objects.exists()


def test_no_renonce_on_a_deal_not_played_or_by_who_sat_it_out(table, staff):
    enter(table, staff["scorer"], {**SAMPLE, **VISAS, "d3-mode": "all_pass"})
    with pytest.raises(ValidationError) as exc:
        log(table, staff["arbitre"], offender=seat(table, 0), deal_number=3,
            offender_defending=None)  # fmt: skip
    assert "deal_number" in exc.value.error_dict


def test_automatic_ban_undone_with_a_reason(table, staff):
    incident = log(table, staff["arbitre"], offender=seat(table, 3), deal_number=2, confirmed=True)
    decision = incident.decisions.get()
    with pytest.raises(ValidationError):
        services.decision_undo(decision=decision, user=staff["arbitre"], reason="")
    services.decision_undo(decision=decision, user=staff["arbitre"], reason="the card was seen")
    assert table_setup(table=table).bans == {}
    decision.bid_ban.refresh_from_db()
    assert decision.bid_ban.cancel_reason == "the card was seen"


def test_penalty_from_the_scale_and_totals(table, staff):
    enter(table, staff["scorer"])
    PenaltyScale.objects.create(tournament=table.round.tournament, kind="conduct", points=50)
    south = seat(table, 2)
    incident = log(table, staff["arbitre"], kind="conduct", offender=south)
    outcome = services.decision_add(incident=incident, user=staff["arbitre"], kind="penalty")
    assert outcome.decision.points == 50
    assert player_record(registration=south).total == SAMPLE_BILANS[2] - 50
    with pytest.raises(ValidationError) as exc:  # another amount needs a reason
        services.decision_add(incident=incident, user=staff["arbitre"], kind="penalty", points=80)
    assert "note" in exc.value.error_dict
    services.decision_add(
        incident=incident, user=staff["arbitre"], kind="penalty", points=80, note="repeated"
    )
    assert player_record(registration=south).total == SAMPLE_BILANS[2] - 130
    check = reconciliation(tournament=table.round.tournament)
    assert check.ok and check.penalties == 130 and check.totals == -130
    services.decision_undo(decision=outcome.decision, user=staff["arbitre"], reason="mistake")
    assert player_record(registration=south).total == SAMPLE_BILANS[2] - 80


def test_second_warning_suggests_the_scale_without_applying_it(table, staff):
    PenaltyScale.objects.create(tournament=table.round.tournament, kind="late_or_slow", points=20)
    north = seat(table, 0)
    first = log(table, staff["arbitre"], kind="late_or_slow", offender=north)
    outcome = services.decision_add(incident=first, user=staff["arbitre"], kind="warning")
    assert outcome.warnings == 1 and outcome.suggested_points is None
    second = log(table, staff["arbitre"], kind="late_or_slow", offender=north)
    outcome = services.decision_add(incident=second, user=staff["arbitre"], kind="warning")
    assert outcome.warnings == 2 and outcome.suggested_points == 20
    assert player_record(registration=north).penalty_points == 0


def test_deal_annulled_and_adjusted_are_new_sheet_versions(table, staff):
    sheet = enter(table, staff["scorer"])
    sheets.scoresheet_confirm(sheet=sheet, user=staff["organiser"])
    incident = log(table, staff["arbitre"], offender=seat(table, 0), deal_number=1)
    outcome = services.decision_add(incident=incident, user=staff["arbitre"], kind="deal_annulled")
    v2 = outcome.decision.sheet
    assert v2.version == 2 and v2.status == "confirmed" and "Incident" in v2.reason
    assert (
        list(Mark.objects.filter(deal__sheet=v2, deal__number=1).values_list("value", flat=True))
        == [0] * 4
    )
    with pytest.raises(ValidationError):  # still zero-sum
        services.decision_add(incident=incident, user=staff["arbitre"], kind="adjusted_marks",
                              deal_number=2, marks=[10, 0, 0, 0])  # fmt: skip
    outcome = services.decision_add(
        incident=incident,
        user=staff["arbitre"],
        kind="adjusted_marks",
        deal_number=2,
        marks=[30, -10, -10, -10],
    )
    v3 = outcome.decision.sheet
    marks = Mark.objects.filter(deal__sheet=v3, deal__number=2).order_by("seat")
    assert list(marks.values_list("value", flat=True)) == [30, -10, -10, -10]
    assert reconciliation(tournament=table.round.tournament).ok
    services.decision_undo(decision=outcome.decision, user=staff["arbitre"], reason="wrong deal")
    restored = Mark.objects.filter(deal__sheet__version=4, deal__sheet__table=table, deal__number=2)
    assert list(restored.order_by("seat").values_list("value", flat=True)) == [-76, -76, -76, 228]


def test_exclusion_keeps_the_player_out_of_later_positions(table, staff):
    east = seat(table, 1)
    incident = log(table, staff["arbitre"], kind="conduct", offender=east)
    services.decision_add(incident=incident, user=staff["arbitre"], kind="exclusion")
    east.refresh_from_db()
    assert east.excluded and not east.plays_position(2) and east.plays_position(1)


def test_protest_links_and_late_flag(table, staff):
    incident = log(table, staff["arbitre"], offender=seat(table, 1), deal_number=1)
    with pytest.raises(ValidationError):
        log(table, staff["arbitre"], kind="protest")
    protest = log(table, staff["arbitre"], kind="protest", contests=incident)
    incident.refresh_from_db()
    assert incident.status == "protested" and not protest.late and protest.contests == incident


def test_a_late_protest_is_recorded_refused_and_never_decided(table, staff):
    incident = log(table, staff["arbitre"], offender=seat(table, 1), deal_number=1)
    late = log(table, staff["arbitre"], kind="protest", contests=incident, late=True,
               confirmed=True)  # fmt: skip
    incident.refresh_from_db()
    assert late.late and late.status == "refused" and not late.confirmed
    assert incident.status == "open"  # the refused protest does not reopen anything
    for kind in ("warning", "penalty", "deal_annulled"):
        with pytest.raises(ValidationError) as exc:
            services.decision_add(incident=late, user=staff["arbitre"], kind=kind, points=10,
                                  registration=seat(table, 0))  # fmt: skip
        assert exc.value.code == "late_protest"
    with pytest.raises(ValidationError):
        services.incident_confirm(incident=late, user=staff["arbitre"])
    with pytest.raises(ValidationError):
        services.incident_set_status(incident=late, user=staff["arbitre"], status="open")
    with pytest.raises(ValidationError):  # and nothing else is "refused"
        services.incident_set_status(incident=incident, user=staff["arbitre"], status="refused")
    assert not late.decisions.exists()
    assert AuditEntry.objects.filter(action="incident.logged", data__incident=late.pk).exists()


def test_every_decision_is_audited(table, staff):
    incident = log(table, staff["arbitre"], offender=seat(table, 3), deal_number=2, confirmed=True)
    services.decision_add(incident=incident, user=staff["arbitre"], kind="warning")
    actions = list(
        AuditEntry.objects.filter(data__incident=incident.pk).values_list("action", flat=True)
    )
    assert actions.count("decision.added") == 2 and "incident.logged" in actions
    assert Decision.objects.count() == 2


def test_one_ban_one_decision(table, staff):
    west = seat(table, 3)
    incident = log(table, staff["arbitre"], offender=west, deal_number=2, confirmed=True)
    again = log(table, staff["arbitre"], offender=west, deal_number=2, confirmed=True)
    assert not again.decisions.exists() and BidBan.objects.count() == 1
    with pytest.raises(ValidationError) as exc:
        services.decision_add(
            incident=incident, user=staff["arbitre"], kind="bid_ban", deal_number=3
        )
    assert exc.value.error_dict["deal_number"][0].code == "already_barred"


def test_a_deal_decision_is_not_undone_over_a_later_change(table, staff):
    enter(table, staff["scorer"])
    incident = log(table, staff["arbitre"], offender=seat(table, 0), deal_number=1)
    first = services.decision_add(incident=incident, user=staff["arbitre"], kind="deal_annulled")
    services.decision_add(incident=incident, user=staff["arbitre"], kind="adjusted_marks",
                          deal_number=1, marks=[3, -1, -1, -1])  # fmt: skip
    with pytest.raises(ValidationError) as exc:
        services.decision_undo(decision=first.decision, user=staff["arbitre"], reason="x")
    assert exc.value.code == "deal_changed_since"


def test_undoing_an_exclusion_restores_an_earlier_withdrawal(table, staff):
    east = seat(table, 1)
    east.withdrawn_after_position = 2
    east.save()
    incident = log(table, staff["arbitre"], kind="conduct", offender=east)
    outcome = services.decision_add(incident=incident, user=staff["arbitre"], kind="exclusion")
    east.refresh_from_db()
    assert east.excluded and east.withdrawn_after_position == 1
    services.decision_undo(decision=outcome.decision, user=staff["arbitre"], reason="appeal")
    east.refresh_from_db()
    assert not east.excluded and east.withdrawn_after_position == 2


def test_scale_refuses_what_is_not_a_number_of_points(table, staff):
    tournament = table.round.tournament
    with pytest.raises(PermissionDenied):
        services.scale_set(tournament=tournament, user=staff["arbitre"], points={"conduct": 5})
    for bad in (-5, 0, 10_001, "20"):
        with pytest.raises(ValidationError):
            services.scale_set(tournament=tournament, user=staff["organiser"],
                               points={"conduct": bad})  # fmt: skip
    services.scale_set(tournament=tournament, user=staff["organiser"], points={"conduct": 30})
    assert decisions.scale_points(tournament=tournament, kind="conduct") == 30


def test_the_incident_history_includes_its_effects_on_the_ledger(table, staff):
    from arbitration.selectors import incident_history

    incident = log(table, staff["arbitre"], offender=seat(table, 3), deal_number=2, confirmed=True)
    services.decision_add(
        incident=incident, user=staff["arbitre"], kind="penalty", points=10, note="x"
    )
    actions = [entry.action for entry in incident_history(incident=incident)]
    assert {"incident.logged", "bid_ban.created", "penalty.applied", "decision.added"} <= set(
        actions
    )


def test_a_deal_annulled_or_adjusted_keeps_its_dealer(table, staff):
    data = {**SAMPLE, **VISAS, "d3-dealer": "0", "d3-dealt_again": "on", "d4-dealer": "3"}
    enter(table, staff["scorer"], data)
    incident = log(table, staff["arbitre"], kind="conduct", offender=seat(table, 1), deal_number=3)
    sheet = services.decision_add(incident=incident, user=staff["arbitre"],
                                  kind="deal_annulled").decision.sheet  # fmt: skip
    third = sheet.deals.get(number=3)
    assert (third.mode, third.dealer, third.dealt_again) == ("annulled", seat(table, 0), True)
    assert [d.dealer for d in sheet.deals.order_by("number")] == [
        seat(table, s) for s in (0, 3, 0, 3, 2)
    ]


def test_a_renonce_without_a_table_needs_no_camp(table, staff):
    incident = services.incident_log(
        tournament=table.round.tournament, user=staff["arbitre"], round=table.round,
        kind="renonce", offender=seat(table, 0), confirmed=True,
    )  # fmt: skip
    assert not incident.decisions.exists()


def test_confirming_a_renonce_takes_the_camp_the_sheet_now_says(table, staff):
    """Logged during play as a defender's, confirmed once the sheet says the offender took
    that deal: no ban falls on the taker."""
    east = seat(table, 1)  # the sample sheet: Est took deal 1
    incident = log(table, staff["arbitre"], offender=east, deal_number=1, offender_defending=True)
    enter(table, staff["scorer"])
    assert services.incident_confirm(incident=incident, user=staff["arbitre"]) == []
    incident.refresh_from_db()
    assert incident.confirmed and not incident.offender_defending
    assert not BidBan.objects.exists()
    entry = AuditEntry.objects.get(action="incident.confirmed", data__incident=incident.pk)
    assert entry.data["offender_defending"] is False


def test_a_renonce_ban_at_a_table_of_five_passes_over_the_deal_the_offender_sits_out(
    tournament, staff
):
    tournament.remainder = "5"
    tournament.save()
    round_ = seat_and_publish(tournament, staff["organiser"], 9)
    five = round_.tables.get(size=5)
    north = seat(five, 0)
    # During play, before the sheet: Nord revoked on deal 1. The first dealer was drawn: Est.
    incident = log(five, staff["arbitre"], offender=north, deal_number=1, confirmed=True)
    assert incident.decisions.get().bid_ban.deal_number == 2
    # Est deals deal 1, Nord deal 2 (to the right) and sits it out: the ban falls on deal 3.
    setup = table_setup(table=five)
    setup = replace(setup, dealers=(1, 0, 4, 3, 2))
    assert setup.ban(0, 2) is None and setup.ban(0, 3) is not None
    data = {"d1-dealer": "1", "short_reason": "late", **VISAS_5}
    data |= {"d1-mode": "all_pass", "d2-mode": "all_pass", "d3-contract": "prise",
             "d3-taker": "0", "d3-mark0": "78", "d3-mark1": "-26", "d3-mark2": "-26",
             "d3-mark3": "-26"}  # fmt: skip
    with pytest.raises(ValidationError) as exc:
        sheets.scoresheet_save(
            table=five, user=staff["scorer"], entry=read_entry(data), base_version=0
        )
    assert "barred from bidding" in refused(exc.value)["d3-taker"][0]
    data |= {"d3-taker": "1", "d3-mark0": "-26", "d3-mark1": "78"}  # Est took it: accepted
    sheets.scoresheet_save(table=five, user=staff["scorer"], entry=read_entry(data), base_version=0)


def test_confirming_after_the_offender_moved_tables_is_no_error(table, staff):
    west = seat(table, 3)
    incident = log(table, staff["arbitre"], offender=west, deal_number=2)
    other = table.round.tables.get(number=2)
    services_seating.round_swap_players(round=table.round, user=staff["organiser"], first=west,
                                        second=seat(other, 0), reason="wrong table")  # fmt: skip
    (decision,) = services.incident_confirm(incident=incident, user=staff["arbitre"])
    assert decision.bid_ban.deal_number == 3


@pytest.mark.parametrize("reason", INVISIBLE_REASONS)
def test_an_invisible_reason_undoes_nothing(table, staff, reason):
    incident = log(table, staff["arbitre"], offender=seat(table, 3), deal_number=2, confirmed=True)
    decision = incident.decisions.get()
    with pytest.raises(ValidationError) as exc:
        services.decision_undo(decision=decision, user=staff["arbitre"], reason=reason)
    assert exc.value.message_dict == {"reason": ["Say why the decision is undone."]}
    decision.refresh_from_db()
    assert decision.is_active and decision.bid_ban.cancelled_at is None


def test_the_reason_kept_loses_its_invisible_ends(table, staff):
    incident = log(table, staff["arbitre"], offender=seat(table, 3), deal_number=2, confirmed=True)
    decision = incident.decisions.get()
    services.decision_undo(
        decision=decision, user=staff["arbitre"], reason="\ufeff\u200b the card was seen\u2060 "
    )
    decision.refresh_from_db()
    assert decision.undo_reason == decision.bid_ban.cancel_reason == "the card was seen"


@pytest.mark.parametrize("note", INVISIBLE_REASONS)
def test_a_penalty_off_the_scale_needs_a_visible_reason(table, staff, note):
    PenaltyScale.objects.create(tournament=table.round.tournament, kind="conduct", points=50)
    incident = log(table, staff["arbitre"], kind="conduct", offender=seat(table, 2))
    with pytest.raises(ValidationError) as exc:
        services.decision_add(
            incident=incident, user=staff["arbitre"], kind="penalty", points=80, note=note
        )
    assert "say why you take 80" in exc.value.message_dict["note"][0]
    assert not incident.decisions.exists()


def test_with_no_scale_a_penalty_needs_its_reason(client, table, staff):
    """An empty scale proposes nothing: any amount, with a reason; the pages say so."""
    tournament = table.round.tournament
    PenaltyScale.objects.filter(tournament=tournament).delete()
    incident = log(table, staff["arbitre"], kind=IncidentKind.CONDUCT, offender=seat(table, 1))
    with pytest.raises(ValidationError) as refused:
        services.decision_add(incident=incident, user=staff["arbitre"], kind="penalty", points=25)
    assert "has no amount for this incident" in refused.value.message_dict["note"][0]
    outcome = services.decision_add(
        incident=incident, user=staff["arbitre"], kind="penalty", points=25, note="insults"
    )
    assert outcome.decision.points == 25
    client.force_login(staff["organiser"])
    page = client.get(f"/manage/t/{tournament.slug}/incidents/{incident.pk}/").content.decode()
    assert 'data-testid="scale-empty"' in page and "/penalty-scale/" in page
    settings = client.get(f"/manage/t/{tournament.slug}/settings/").content.decode()
    assert 'data-testid="settings-note"' in settings and "penalty scale is empty" in settings
    services.scale_set(tournament=tournament, user=staff["organiser"], points={"conduct": 30})
    settings = client.get(f"/manage/t/{tournament.slug}/settings/").content.decode()
    assert 'data-testid="settings-note"' not in settings
