"""The organiser's ways back (services): unpublish a position, undo the last swap, restore a
withdrawn player. Each is allowed while nothing has happened that would make it wrong, refused
with a code otherwise, and audited."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tests.factories import RegistrationFactory
from tests.support import enter
from tournaments import services, services_undo
from tournaments import services_seating as seating
from tournaments.models import AuditEntry, Registration, Round
from tournaments.selectors_seating import current_round, last_swap

pytestmark = pytest.mark.django_db


def present(tournament, n, **kwargs):
    return RegistrationFactory.create_batch(n, tournament=tournament, checked_in=True, **kwargs)


def seat(tournament, user, number, publish=True):
    round_ = seating.round_seat_players(tournament=tournament, number=number, user=user, seed=1)
    return seating.round_publish(round=round_, user=user) if publish else round_


def places(round_):
    """The seating as {registration id: (table, seat)}."""
    return {
        s.registration_id: (s.table.number, s.number) for s in round_.seats.select_related("table")
    }


def numbers(tournament):
    return dict(tournament.registrations.values_list("pk", "first_table"))


def actions(action):
    entries = AuditEntry.objects.filter(action=action).order_by("id")
    return list(entries.values_list("data", flat=True))


# --- unpublish ------------------------------------------------------------------------------


def test_unpublish_takes_the_position_back_to_a_draft_keeping_its_seating(tournament, organiser):
    present(tournament, 8)
    round_ = seat(tournament, organiser, 1)
    seating_before = places(round_)
    assert all(numbers(tournament).values())
    services_undo.round_unpublish(round=round_, user=organiser)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT and round_.published_at is None
    assert places(round_) == seating_before
    assert current_round(tournament=tournament) is None  # the public pages no longer show it
    # The tournament numbers it gave are taken back, and given again by the next publication.
    assert not any(numbers(tournament).values())
    assert actions("round.unpublished") == [{"round": 1}]
    seating.round_publish(round=round_, user=organiser)
    nord = round_.seats.get(table__number=2, number=0).registration
    nord.refresh_from_db()
    assert nord.fft_number == "North 2"
    assert sorted(numbers(tournament).values()) == [1, 1, 1, 1, 2, 2, 2, 2]


def test_unpublish_is_refused_once_a_sheet_exists(tournament, staff):
    """Even a sheet only entered, not confirmed: scoring tells through ``extensions``."""
    present(tournament, 8)
    round_ = seat(tournament, staff["organiser"], 1)
    enter(round_.tables.get(number=1), staff["scorer"])
    with pytest.raises(ValidationError) as exc:
        services_undo.round_unpublish(round=round_, user=staff["organiser"])
    assert exc.value.code == "round_locked"
    assert "Score sheets of position 1 exist" in exc.value.messages[0]
    round_.refresh_from_db()
    assert round_.is_published and not actions("round.unpublished")


def test_only_the_last_seated_position_is_unpublished(tournament, organiser):
    present(tournament, 8)
    first = seat(tournament, organiser, 1)
    late = present(tournament, 4, joins_at_position=2)
    second = seat(tournament, organiser, 2, publish=False)
    with pytest.raises(ValidationError) as exc:
        services_undo.round_unpublish(round=first, user=organiser)
    assert exc.value.code == "later_position_exists"
    # A draft is refused (a double click, a page left open), with no audit entry.
    with pytest.raises(ValidationError) as exc:
        services_undo.round_unpublish(round=second, user=organiser)
    assert exc.value.code == "not_published"
    assert not actions("round.unpublished")
    seating.round_publish(round=second, user=organiser)
    services_undo.round_unpublish(round=second, user=organiser)
    # Only the numbers position 2 gave (its latecomers') are taken back.
    given = numbers(tournament)
    assert all(given[r.pk] is None for r in late)
    assert sum(1 for number in given.values() if number) == 8


def test_only_the_organiser_unpublishes(tournament, staff):
    present(tournament, 8)
    round_ = seat(tournament, staff["organiser"], 1)
    for role in ("arbitre", "scorer"):
        with pytest.raises(PermissionDenied):
            services_undo.round_unpublish(round=round_, user=staff[role])
    round_.refresh_from_db()
    assert round_.is_published


def test_a_position_drawn_again_after_publication_gets_its_numbers_from_its_new_seats(
    tournament, organiser
):
    present(tournament, 8)
    seat(tournament, organiser, 1)
    again = seating.round_seat_players(tournament=tournament, number=1, user=organiser, seed=9)
    seating.round_publish(round=again, user=organiser)
    for s in again.seats.select_related("table", "registration"):
        assert (s.registration.first_table, s.registration.first_seat) == (s.table.number, s.number)


# --- undo the last swap ---------------------------------------------------------------------


def swap(round_, user, first_table, second_table):
    a = round_.seats.get(table__number=first_table, number=0).registration
    b = round_.seats.get(table__number=second_table, number=1).registration
    seating.round_swap_players(round=round_, user=user, first=a, second=b)
    return a, b


def undo(round_, user, entry=None):
    round_.refresh_from_db()
    entry = last_swap(round=round_).entry if entry is None else entry
    return services_undo.round_swap_undo(round=round_, user=user, swap=entry)


def test_undoing_walks_back_through_the_swaps_in_order(tournament, organiser):
    present(tournament, 12)
    round_ = seat(tournament, organiser, 1, publish=False)
    drawn, report = places(round_), round_.report
    swap(round_, organiser, 1, 2)
    after_first = places(round_)
    a, b = swap(round_, organiser, 2, 3)
    assert (last_swap(round=round_).first, last_swap(round=round_).second) == (a, b)
    undo(round_, organiser)
    assert places(round_) == after_first
    undo(round_, organiser)
    assert places(round_) == drawn
    round_.refresh_from_db()
    assert round_.report == report
    assert last_swap(round=round_) is None
    assert [d["players"] for d in actions("round.swap_undone")] == [
        [a.number, b.number],
        list(actions("round.swapped")[0]["players"]),
    ]


def test_a_swap_after_an_undo_is_the_next_one_undone(tournament, organiser):
    present(tournament, 12)
    round_ = seat(tournament, organiser, 1)  # published, no sheet: swaps are allowed
    drawn = places(round_)
    swap(round_, organiser, 1, 2)
    undo(round_, organiser)
    c, d = swap(round_, organiser, 2, 3)
    assert (last_swap(round=round_).first, last_swap(round=round_).second) == (c, d)
    undo(round_, organiser)
    assert places(round_) == drawn and last_swap(round=round_) is None


def test_an_undo_asked_for_another_swap_changes_nothing(tournament, organiser):
    """The page offered to undo one swap; another move came since (a second click, a
    colleague): nothing is undone."""
    present(tournament, 12)
    round_ = seat(tournament, organiser, 1, publish=False)
    swap(round_, organiser, 1, 2)
    offered = last_swap(round=round_).entry
    swap(round_, organiser, 2, 3)
    before = places(round_)
    with pytest.raises(ValidationError) as exc:
        undo(round_, organiser, entry=offered)
    assert exc.value.code == "swap_changed"
    assert places(round_) == before
    latest = last_swap(round=round_).entry
    undo(round_, organiser, entry=latest)
    with pytest.raises(ValidationError):  # the same click again
        undo(round_, organiser, entry=latest)
    assert len(actions("round.swap_undone")) == 1


def test_a_new_draw_leaves_no_swap_to_undo(tournament, organiser):
    present(tournament, 12)
    round_ = seat(tournament, organiser, 1, publish=False)
    swap(round_, organiser, 1, 2)
    offered = last_swap(round=round_).entry
    seating.round_seat_players(tournament=tournament, number=1, user=organiser, fresh=True)
    assert last_swap(round=round_) is None
    with pytest.raises(ValidationError) as exc:
        undo(round_, organiser, entry=offered)
    assert exc.value.code == "swap_changed"


def test_no_undo_once_a_sheet_exists_nor_for_other_roles(tournament, staff):
    present(tournament, 8)
    round_ = seat(tournament, staff["organiser"], 1)
    swap(round_, staff["organiser"], 1, 2)
    for role in ("arbitre", "scorer"):
        with pytest.raises(PermissionDenied):
            undo(round_, staff[role])
    enter(round_.tables.get(number=1), staff["scorer"])
    before = places(round_)
    with pytest.raises(ValidationError) as exc:
        undo(round_, staff["organiser"])
    assert exc.value.code == "round_locked"
    assert places(round_) == before and not actions("round.swap_undone")


# --- restore a withdrawn player -------------------------------------------------------------


def withdraw(registration, user, after):
    return services.registration_update(
        registration=registration, user=user, withdrawn_after_position=after
    )


def test_a_restored_player_is_seated_again_from_the_next_position(tournament, organiser):
    players = present(tournament, 13)
    gone = players[0]
    withdraw(gone, organiser, after=1)
    first = seat(tournament, organiser, 1)
    second = seat(tournament, organiser, 2)
    assert gone.pk in places(first) and gone.pk not in places(second)
    seated_second = places(second)
    assert services_undo.registration_restore(registration=gone, user=organiser) == 3
    gone.refresh_from_db()
    assert gone.withdrawn_after_position is None
    [data] = actions("registration.restored")
    assert data["number"] == gone.number and data["plays_from"] == 3
    assert data["before"] == {"withdrawn_after_position": 1}
    # What is seated stays as it is: position 1 with them, position 2 without.
    assert gone.pk in places(first) and places(second) == seated_second
    # Position 2 planned position 3 without them: the next seating plans again, with them.
    third = seat(tournament, organiser, 3)
    assert gone.pk in places(third) and len(places(third)) == 13


def test_a_withdrawal_not_reached_yet_is_simply_cancelled(tournament, organiser):
    gone = present(tournament, 8)[0]
    withdraw(gone, organiser, after=3)
    seat(tournament, organiser, 1)
    assert services_undo.registration_restore(registration=gone, user=organiser) == 2
    gone.refresh_from_db()
    assert gone.plays_position(5)


def test_restore_refusals(tournament, staff):
    organiser = staff["organiser"]
    tournament.positions = 2
    tournament.save()
    plays_on, excluded, late = present(tournament, 3)
    present(tournament, 9)

    def refused(registration, user=organiser):
        with pytest.raises(ValidationError) as exc:
            services_undo.registration_restore(registration=registration, user=user)
        return exc.value.code

    assert refused(plays_on) == "not_withdrawn"
    services.registration_exclude(registration=excluded, user=staff["arbitre"], after_position=1)
    assert refused(excluded) == "excluded"
    withdraw(late, organiser, after=1)
    for role in ("arbitre", "scorer"):
        with pytest.raises(PermissionDenied):
            services_undo.registration_restore(registration=late, user=staff[role])
    seat(tournament, organiser, 1)
    seat(tournament, organiser, 2)
    assert refused(late) == "no_position_left"
    assert Registration.objects.get(pk=late.pk).withdrawn_after_position == 1
    assert not actions("registration.restored")


def test_a_position_with_an_incident_is_not_drawn_again(tournament, staff):
    """An incident logged at a table keeps the position's tables: drawing it again is refused
    with a message, never a server error (the incident protects its table)."""
    from arbitration import services as arbitration

    organiser = staff["organiser"]
    present(tournament, 8)
    round_ = seat(tournament, organiser, 1)
    table = round_.tables.order_by("number").first()
    arbitration.incident_log(
        tournament=tournament,
        user=staff["arbitre"],
        round=round_,
        table=table,
        deal_number=1,
        kind="conduct",
        offender=table.seats.get(number=0).registration,
        description="Late at the table.",
    )
    services_undo.round_unpublish(round=round_, user=organiser)  # nothing played: allowed
    with pytest.raises(ValidationError) as exc:
        seating.round_seat_players(tournament=tournament, number=1, user=organiser, seed=9)
    assert exc.value.code == "tables_have_records"
    assert round_.tables.count() == 2  # nothing half done


def test_restoring_names_the_draft_to_draw_again(tournament, organiser, client):
    present(tournament, 8)
    seat(tournament, organiser, 1)
    player = tournament.registrations.order_by("number").first()
    player.withdrawn_after_position = 1
    player.save()
    seat(tournament, organiser, 2, publish=False)  # a draft without them
    client.force_login(organiser)
    response = client.post(
        reverse("manage:registration_restore", args=[tournament.slug, player.number]), follow=True
    )
    text = response.content.decode()
    assert "plays again from position 2" in text
    assert "Position 2 is a draft: draw it again to seat them." in text
    seating.round_seat_players(tournament=tournament, number=2, user=organiser, seed=4)
    assert tournament.rounds.get(number=2).seats.filter(registration=player).exists()


def test_an_excluded_player_is_not_brought_back_by_the_edit_form(tournament, organiser):
    from tournaments import services_players

    present(tournament, 8)
    player = tournament.registrations.order_by("number").first()
    type(player).objects.filter(pk=player.pk).update(excluded=True, withdrawn_after_position=1)
    player.refresh_from_db()
    with pytest.raises(ValidationError) as exc:
        services_players.registration_update(
            registration=player, user=organiser, withdrawn_after_position=None
        )
    assert "withdrawn_after_position" in exc.value.message_dict
    player.refresh_from_db()
    assert player.withdrawn_after_position == 1
