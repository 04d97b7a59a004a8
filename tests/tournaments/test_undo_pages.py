"""The organiser's ways back on the pages: who sees the buttons, what the confirmations say,
and the refusals shown as messages."""

import pytest

from tests.support import enter, url
from tests.tournaments.test_undo import places, present, seat, swap, withdraw
from tournaments import services
from tournaments.models import Round
from tournaments.selectors_seating import last_swap

pytestmark = pytest.mark.django_db


def page_as(client, user, tournament, name="manage:round", **kwargs):
    client.force_login(user)
    return client.get(url(name, tournament, **kwargs)).content.decode()


def test_only_the_organiser_sees_unpublish_and_it_asks_first(client, tournament, staff):
    present(tournament, 8)
    round_ = seat(tournament, staff["organiser"], 1)
    html = page_as(client, staff["organiser"], tournament, number=1)
    assert 'data-testid="unpublish"' in html
    assert 'data-confirm="Unpublish position 1? The players no longer see it' in html
    for role in ("arbitre", "scorer"):
        assert 'data-testid="unpublish"' not in page_as(client, staff[role], tournament, number=1)
    enter(round_.tables.get(number=1), staff["scorer"])
    assert 'data-testid="unpublish"' not in page_as(
        client, staff["organiser"], tournament, number=1
    )


def test_unpublishing_hides_the_position_from_the_public_page(client, tournament, staff):
    present(tournament, 8)
    seat(tournament, staff["organiser"], 1)
    public = url("public:seating", tournament)
    assert "not been published" not in client.get(public).content.decode()
    client.force_login(staff["organiser"])
    response = client.post(url("manage:round_unpublish", tournament, number=1), follow=True)
    assert "Position 1 unpublished: the players no longer see it." in response.content.decode()
    assert Round.objects.get().status == Round.Status.DRAFT
    client.logout()
    assert "not been published" in client.get(public).content.decode()


def test_a_refused_unpublish_says_why(client, tournament, staff):
    present(tournament, 8)
    seat(tournament, staff["organiser"], 1)
    present(tournament, 4, joins_at_position=2)
    seat(tournament, staff["organiser"], 2, publish=False)
    html = page_as(client, staff["organiser"], tournament, number=1)
    assert 'data-testid="unpublish"' not in html and "can no longer be unpublished" in html
    response = client.post(url("manage:round_unpublish", tournament, number=1), follow=True)
    assert "Position 2 is already seated" in response.content.decode()
    assert Round.objects.get(number=1).is_published


def test_undo_the_last_swap_from_the_review_page(client, tournament, staff):
    present(tournament, 12)
    round_ = seat(tournament, staff["organiser"], 1, publish=False)
    drawn = places(round_)
    html = page_as(client, staff["organiser"], tournament, number=1)
    assert 'data-testid="undo-swap"' not in html  # nothing swapped yet
    a, b = swap(round_, staff["organiser"], 1, 2)
    html = page_as(client, staff["organiser"], tournament, number=1)
    assert 'data-testid="undo-swap"' in html and f"{a.number} {a.name} ⇄ {b.number}" in html
    for role in ("arbitre", "scorer"):
        assert 'data-testid="undo-swap"' not in page_as(client, staff[role], tournament, number=1)
    client.force_login(staff["organiser"])
    address = url("manage:round_swap_undo", tournament, number=1)
    entry = last_swap(round=round_).entry
    response = client.post(address, {"swap": "not a number"}, follow=True)
    assert "has changed since the page was shown: nothing was undone" in response.content.decode()
    response = client.post(address, {"swap": entry}, follow=True)
    assert "Swap undone." in response.content.decode()
    assert places(round_) == drawn
    assert 'data-testid="undo-swap"' not in response.content.decode()


def test_no_undo_button_once_sheets_exist(client, tournament, staff):
    present(tournament, 8)
    round_ = seat(tournament, staff["organiser"], 1)
    swap(round_, staff["organiser"], 1, 2)
    enter(round_.tables.get(number=1), staff["scorer"])
    assert 'data-testid="undo-swap"' not in page_as(
        client, staff["organiser"], tournament, number=1
    )


def test_restore_a_withdrawn_player_from_their_page(client, tournament, staff):
    organiser = staff["organiser"]
    gone = present(tournament, 9)[0]
    withdraw(gone, organiser, after=1)
    seat(tournament, organiser, 1)
    seat(tournament, organiser, 2)
    html = page_as(client, organiser, tournament, "manage:registration_edit", number=gone.number)
    assert 'data-testid="restore"' in html
    assert "Restore this player from position 3 on?" in html
    assert "the positions already seated without them are not changed" in html
    response = client.post(
        url("manage:registration_restore", tournament, number=gone.number), follow=True
    )
    assert response.redirect_chain[-1][0] == url("manage:registrations", tournament)
    assert f"{gone.name} plays again from position 3." in response.content.decode()
    gone.refresh_from_db()
    assert gone.withdrawn_after_position is None


def test_restore_refusals_on_the_page(client, tournament, staff):
    organiser = staff["organiser"]
    excluded, playing = present(tournament, 2)
    services.registration_exclude(registration=excluded, user=staff["arbitre"], after_position=0)
    edit = "manage:registration_edit"
    html = page_as(client, organiser, tournament, edit, number=excluded.number)
    assert "Excluded by an arbitre" in html and 'data-testid="restore"' not in html
    html = page_as(client, organiser, tournament, edit, number=playing.number)
    assert 'data-testid="withdrawal"' not in html
    for registration, said in ((excluded, "only cancelling that decision"), (playing, "has not")):
        response = client.post(
            url("manage:registration_restore", tournament, number=registration.number),
            follow=True,
        )
        assert said in response.content.decode()
        assert response.redirect_chain[-1][0] == url(
            "manage:registration_edit", tournament, number=registration.number
        )
