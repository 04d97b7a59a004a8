"""Seating positions: generate, swap, publish, print, and the public page."""

import io
import itertools
import re

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import RegistrationFactory, TeamFactory, TournamentFactory
from tests.jobs import fetch
from tests.support import text_of, url
from tournaments import services_seating as seating
from tournaments.models import AuditEntry, Registration, Round, Seat

pytestmark = pytest.mark.django_db


def present(tournament, n, **kwargs):
    return RegistrationFactory.create_batch(n, tournament=tournament, checked_in=True, **kwargs)


def meetings(tournament):
    pairs = {}
    for table in itertools.chain.from_iterable(r.tables.all() for r in tournament.rounds.all()):
        ids = sorted(table.seats.values_list("registration_id", flat=True))
        for pair in itertools.combinations(ids, 2):
            pairs[pair] = pairs.get(pair, 0) + 1
    return pairs


def seat_all(tournament, user, rounds):
    for k in range(1, rounds + 1):
        r = seating.round_seat_players(tournament=tournament, number=k, user=user, seed=k)
        seating.round_publish(round=r, user=user)


def test_generate_seats_every_present_player_once(tournament, organiser):
    regs = present(tournament, 18)
    RegistrationFactory(tournament=tournament, checked_in=False)
    r = seating.round_seat_players(tournament=tournament, number=1, user=organiser, seed=5)
    assert r.status == Round.Status.DRAFT
    assert sorted(r.tables.values_list("size", flat=True)) == [3, 3, 4, 4, 4]
    assert sorted(r.seats.values_list("registration_id", flat=True)) == sorted(x.pk for x in regs)
    assert r.report["repeats"] == 0
    assert AuditEntry.objects.filter(action="round.generated").count() == 1


def test_positions_avoid_repeated_meetings(tournament, organiser):
    present(tournament, 20)
    seat_all(tournament, organiser, 5)
    assert max(meetings(tournament).values()) == 1


def test_late_arrival_and_withdrawal(tournament, organiser):
    regs = present(tournament, 16)
    late = RegistrationFactory(tournament=tournament, checked_in=True, joins_at_position=2)
    gone = regs[0]
    seat_all(tournament, organiser, 1)
    assert not Seat.objects.filter(registration=late).exists()
    gone.withdrawn_after_position = 1
    gone.save()
    seating.round_seat_players(tournament=tournament, number=2, user=organiser, seed=1)
    seated = set(Seat.objects.filter(round__number=2).values_list("registration_id", flat=True))
    assert late.pk in seated and gone.pk not in seated
    assert len(seated) == 16


def test_team_mates_never_share_a_table(organiser, staff):
    t = TournamentFactory(kind="teams_2")
    t.staff.create(user=organiser, role="organiser")
    regs = present(t, 16)
    for i in range(0, 16, 2):
        team = TeamFactory(tournament=t)
        Registration.objects.filter(pk__in=[regs[i].pk, regs[i + 1].pk]).update(team=team)
    seat_all(t, organiser, 4)
    for table in itertools.chain.from_iterable(r.tables.all() for r in t.rounds.all()):
        teams = list(table.seats.values_list("registration__team_id", flat=True))
        assert len(teams) == len(set(teams))


def test_same_seed_same_seating(tournament, organiser):
    present(tournament, 12)
    r = seating.round_seat_players(tournament=tournament, number=1, user=organiser, seed=9)
    first = list(r.seats.order_by("table__number", "number").values_list("registration_id"))
    seating.round_seat_players(tournament=tournament, number=1, user=organiser, seed=9)
    again = list(r.seats.order_by("table__number", "number").values_list("registration_id"))
    assert first == again


def test_refusals(tournament, organiser):
    present(tournament, 5)
    with pytest.raises(ValidationError) as exc:
        seating.round_seat_players(tournament=tournament, number=1, user=organiser)
    assert not Round.objects.exists()
    present(tournament, 3)
    with pytest.raises(ValidationError) as exc:
        seating.round_seat_players(tournament=tournament, number=2, user=organiser)
    assert exc.value.code == "previous_not_published"
    with pytest.raises(ValidationError) as exc:
        seating.round_seat_players(tournament=tournament, number=99, user=organiser)
    assert exc.value.code == "no_such_position"
    seat_all(tournament, organiser, 2)
    with pytest.raises(ValidationError) as exc:
        seating.round_seat_players(tournament=tournament, number=1, user=organiser)
    assert exc.value.code == "later_position_exists"


def test_swap_updates_seats_and_report(tournament, organiser):
    present(tournament, 8)
    seat_all(tournament, organiser, 1)
    r2 = seating.round_seat_players(tournament=tournament, number=2, user=organiser, seed=3)
    t1, t2 = r2.tables.order_by("number")
    a = t1.seats.get(number=0).registration
    b = t2.seats.get(number=0).registration
    seating.round_swap_players(round=r2, user=organiser, first=a, second=b)
    assert t2.seats.get(number=0).registration == a
    assert t1.seats.get(number=0).registration == b
    r2.refresh_from_db()
    # Two tables of four twice: any swap that puts a next to b's old table-mates makes repeats.
    assert r2.report["repeats"] == sum(m - 1 for m in meetings(tournament).values() if m > 1)
    with pytest.raises(ValidationError):
        seating.round_swap_players(round=r2, user=organiser, first=a, second=a)
    outsider = RegistrationFactory(tournament=tournament)
    with pytest.raises(ValidationError):
        seating.round_swap_players(round=r2, user=organiser, first=a, second=outsider)


def test_only_the_organiser_moves_players_before_any_sheet(tournament, organiser, staff):
    """The service itself refuses, whatever page calls it: an arbitre's correction is for a
    position with sheets."""
    present(tournament, 8)
    seat_all(tournament, organiser, 1)
    round_ = tournament.rounds.get(number=1)
    t1, t2 = round_.tables.order_by("number")
    a, b = t1.seats.get(number=0).registration, t2.seats.get(number=0).registration
    for role in ("arbitre", "scorer"):
        with pytest.raises(PermissionDenied):
            seating.round_swap_players(round=round_, user=staff[role], first=a, second=b)
    assert t1.seats.get(number=0).registration == a


def test_publish_gives_fft_numbers_from_position_1(tournament, organiser):
    present(tournament, 8)
    seat_all(tournament, organiser, 1)
    nord = Seat.objects.get(round__number=1, table__number=2, number=0).registration
    nord.refresh_from_db()
    assert nord.fft_number == "North 2"
    assert AuditEntry.objects.filter(action="round.published").exists()


# --- pages ---------------------------------------------------------------------------------


def test_pages_generate_swap_publish(organiser_client, tournament):
    regs = present(tournament, 9)
    page = organiser_client.get(url("manage:rounds", tournament))
    assert 'data-testid="generate-1"' in page.content.decode()
    response = organiser_client.post(url("manage:round_generate", tournament, number=1))
    assert response.status_code == 302
    page = organiser_client.get(url("manage:round", tournament, number=1))
    assert page.status_code == 200
    response = organiser_client.post(
        url("manage:round_swap", tournament, number=1), {"first": regs[0].number, "second": 999}
    )
    assert response.status_code == 400
    assert "No player has number 999" in response.content.decode()
    response = organiser_client.post(
        url("manage:round_swap", tournament, number=1),
        {"first": regs[0].number, "second": regs[1].number},
    )
    assert response.status_code == 302
    assert (
        organiser_client.post(url("manage:round_publish", tournament, number=1)).status_code == 302
    )
    assert Round.objects.get().is_published


def test_generate_page_error_is_shown_not_raised(organiser_client, tournament):
    present(tournament, 5)
    response = organiser_client.post(
        url("manage:round_generate", tournament, number=1), follow=True
    )
    assert response.status_code == 200
    assert "cannot be seated" in response.content.decode()


def test_public_seating_page(client, tournament, organiser):
    regs = present(tournament, 8)
    page = client.get(url("public:seating", tournament))
    assert "not been published" in page.content.decode()
    r = seating.round_seat_players(tournament=tournament, number=1, user=organiser, seed=1)
    assert "not been published" in client.get(url("public:seating", tournament)).content.decode()
    seating.round_publish(round=r, user=organiser)
    target = regs[3]
    page = client.get(url("public:seating", tournament), {"q": target.player.last_name})
    seat = Seat.objects.get(registration=target)
    html = page.content.decode()
    assert f'data-testid="table-{target.number}">{seat.table.number}<' in html


@pytest.mark.parametrize("kind", ["tables", "list", "sheets"])
def test_pdfs_name_every_player_and_table(organiser_client, tournament, organiser, kind):
    regs = present(tournament, 7)
    seat_all(tournament, organiser, 1)
    response = fetch(
        organiser_client, url("manage:round_document", tournament, number=1, kind=kind)
    )
    assert response["Content-Type"] == "application/pdf"
    text = text_of(response.content)
    for reg in regs:
        assert reg.player.last_name.upper() in text
    assert "Table" in text
    if kind == "sheets":
        reader = PdfReader(io.BytesIO(response.content))
        assert len(reader.pages) == 2  # one sheet per table: a 4 and a 3
        # The grid and its headings are one image shared by the pages: two sheets, one image.
        images = {img.name for page in reader.pages for img in page.images}
        assert len(images) >= 1


def test_document_of_unknown_kind_is_404(organiser_client, tournament, organiser):
    present(tournament, 4)
    seat_all(tournament, organiser, 1)
    response = organiser_client.get(url("manage:round_document", tournament, number=1, kind="x"))
    assert response.status_code == 404


def test_positions_follow_the_plan_so_a_tight_field_never_meets_twice(organiser):
    t = TournamentFactory(positions=10)
    t.staff.create(user=organiser, role="organiser")
    present(t, 40)
    for k in range(1, 11):  # 40 players can play 13 positions without a repeat
        seed = 1 if k == 1 else None  # later positions follow the plan
        r = seating.round_seat_players(tournament=t, number=k, user=organiser, seed=seed)
        seating.round_publish(round=r, user=organiser)
    assert max(meetings(t).values()) == 1
    assert [r.seed for r in t.rounds.order_by("number")] == [1] * 10  # one plan, kept


def test_a_changed_field_or_a_swap_makes_a_new_plan(tournament, organiser):
    regs = present(tournament, 16)
    seat_all(tournament, organiser, 1)
    first = Round.objects.get(number=1)
    assert len(first.plan_ahead) == tournament.positions - 1
    r2 = seating.round_seat_players(tournament=tournament, number=2, user=organiser)
    planned = sorted(sorted(t) for t in first.plan_ahead[0])
    assert (
        sorted(sorted(t.seats.values_list("registration_id", flat=True)) for t in r2.tables.all())
        == planned
    )
    seating.round_swap_players(round=r2, user=organiser, first=regs[0], second=regs[5])
    r2.refresh_from_db()
    assert r2.plan_ahead == []
    # A player leaves: position 2 is planned again without them.
    seating.round_publish(round=r2, user=organiser)
    Registration.objects.filter(pk=regs[1].pk).update(withdrawn_after_position=2)
    r3 = seating.round_seat_players(tournament=tournament, number=3, user=organiser)
    assert not r3.seats.filter(registration=regs[1]).exists()
    assert r3.seats.count() == 15


def test_pdf_footer_prints_the_tournament_name_as_typed(organiser_client, tournament, organiser):
    tournament.name = 'Tournoi d\'été - "Lyon" <b>\\'
    tournament.save()
    present(tournament, 8)
    seat_all(tournament, organiser, 1)
    response = fetch(
        organiser_client, url("manage:round_document", tournament, number=1, kind="tables")
    )
    text = text_of(response.content)
    # The footer (a CSS string) as well as the page's own heading: no escape code shows.
    assert text.count('Tournoi d\'été - "Lyon" <b>\\') >= 2
    assert "0027" not in text and "&#" not in text


def test_public_seating_polls_and_shows_a_new_publication(client, tournament, organiser):
    present(tournament, 8)
    address = reverse("public:seating", kwargs={"slug": tournament.slug})
    page = client.get(address).content.decode()
    assert "has not been published yet" in page and 'hx-trigger="every' in page
    stamp = re.search(r"stamp=(\d+)", page).group(1)
    assert client.get(address, {"fragment": "1", "stamp": stamp}).status_code == 204
    seat_all(tournament, organiser, 1)
    fragment = client.get(address, {"fragment": "1", "stamp": stamp, "q": ""})
    assert fragment.status_code == 200 and "Position 1" in fragment.content.decode()
    assert "<html" not in fragment.content.decode()


def test_public_home_polls_and_shows_the_first_position(client, tournament, organiser):
    present(tournament, 8)
    address = reverse("public:tournament", kwargs={"slug": tournament.slug})
    page = client.get(address).content.decode()
    stamp = re.search(r"stamp=(\d+)", page).group(1)
    assert client.get(address, {"fragment": "1", "stamp": stamp}).status_code == 204
    seat_all(tournament, organiser, 1)
    fragment = client.get(address, {"fragment": "1", "stamp": stamp}).content.decode()
    assert "Where do I sit? (position 1)" in fragment and "<html" not in fragment


def test_latecomers_get_a_tournament_number_nobody_has(tournament, organiser):
    """A player joining at position 2 is not named after a seat someone of position 1 holds:
    their own seat when nobody has it, else the next free number after the last table."""
    present(tournament, 8)
    seat_all(tournament, organiser, 1)
    late = present(tournament, 4, joins_at_position=2)
    r2 = seating.round_seat_players(tournament=tournament, number=2, user=organiser, seed=2)
    seating.round_publish(round=r2, user=organiser)
    numbers = [r.fft_number for r in tournament.registrations.all()]
    assert len(set(numbers)) == 12 and "" not in numbers
    for registration in tournament.registrations.filter(pk__in=[r.pk for r in late]):
        seat = r2.seats.select_related("table").get(registration=registration)
        own = (seat.table.number, seat.number)
        assert (registration.first_table, registration.first_seat) == own or (
            registration.first_table == 4 and own[0] in (1, 2)  # r2 has 3 tables
        )
    # The first position's players keep theirs.
    first = Seat.objects.get(round__number=1, table__number=2, number=0).registration
    first.refresh_from_db()
    assert first.fft_number == "North 2"


FRENCH_NAMES = [("THOMAS", "Paul"), ("de La Rochefoucauld", "Marie"), ("Ølsen", "Åsa"),
                ("ÉMERY", "Élodie"), ("lambert", "Jean"), ("Martin", "Éric"), ("Durand", "Léa"),
                ("Petit", "Zoé")]  # fmt: skip


def test_lists_sort_and_searches_find_names_as_a_french_reader_expects(
    client, tournament, organiser
):
    """Case, accents and particles are folded for the sort and the search, shown as typed."""
    for last, first in FRENCH_NAMES:
        RegistrationFactory(
            tournament=tournament, checked_in=True, last_name=last, first_name=first
        )
    seat_all(tournament, organiser, 1)
    round_ = tournament.rounds.get(number=1)
    from tournaments.selectors import registrations
    from tournaments.selectors_seating import round_seats_by_name

    order = [s.registration.last_name for s in round_seats_by_name(round=round_)]
    assert order == ["Durand", "ÉMERY", "de La Rochefoucauld", "lambert", "Martin", "Ølsen",
                     "Petit", "THOMAS"]  # fmt: skip
    found = [r.first_name for r in registrations(tournament=tournament, search="elodie")]
    assert found == ["Élodie"]
    assert [r.last_name for r in registrations(tournament=tournament, search="ROCHEFOUCAULD")] == [
        "de La Rochefoucauld"
    ]
    tournament.is_public = True
    tournament.save()
    # Each player found is a card (their table-mates are named in it too).
    number = {r.first_name: r.number for r in tournament.registrations.all()}
    page = client.get(f"/t/{tournament.slug}/seating/", {"q": "olsen"}).content.decode()
    assert re.findall(r'data-testid="found-(\d+)"', page) == [str(number["Åsa"])]
    page = client.get(f"/t/{tournament.slug}/seating/", {"q": "elodie"}).content.decode()
    assert re.findall(r'data-testid="found-(\d+)"', page) == [str(number["Élodie"])]


def test_a_renamed_registration_sorts_under_its_new_name(tournament, organiser):
    registration = RegistrationFactory(tournament=tournament, last_name="Zidane", first_name="Éa")
    from tournaments.services import registration_update

    registration_update(registration=registration, user=organiser, last_name="Abel")
    registration.refresh_from_db()
    assert registration.sort_name == "abel ea"


def test_the_review_counts_and_names_the_pairs_meeting_again_here(
    organiser_client, tournament, organiser
):
    """12 players, 4 positions: meetings repeat. The count shown is the pairs of this position
    meeting again, each named below; the tournament's total is shown apart."""
    present(tournament, 12)
    seat_all(tournament, organiser, 3)
    round_ = seating.round_seat_players(tournament=tournament, number=4, user=organiser, seed=4)
    html = organiser_client.get(
        reverse("manage:round", kwargs={"slug": tournament.slug, "number": 4})
    ).content.decode()
    shown = int(re.search(r'data-testid="repeats">(\d+)<', html).group(1))
    pairs = round_.report["repeated_pairs"]
    assert shown == len(pairs) > 0
    assert html.count(" times)") == len(pairs)
    assert f"so far: {round_.report['repeats']}" in html


@pytest.mark.parametrize("kind", ["tables", "list"])
def test_every_printed_page_says_which_position_it_is(
    organiser_client, tournament, organiser, kind
):
    """A page pinned to the wall stands alone: each one names its position."""
    present(tournament, 60)
    seat_all(tournament, organiser, 1)
    response = fetch(
        organiser_client, url("manage:round_document", tournament, number=1, kind=kind)
    )
    pages = PdfReader(io.BytesIO(response.content)).pages
    assert len(pages) > 1
    assert all("Position 1" in page.extract_text() for page in pages)
