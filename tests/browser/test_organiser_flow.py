"""The organiser's morning, in a real browser: log in, create the tournament, import the players
from a spreadsheet (fixing the one bad row in the preview), then check players in as they arrive.
"""

import re
import unicodedata

import pytest
from openpyxl import Workbook
from playwright.sync_api import expect

from tests.factories import (
    RegistrationFactory,
    SiteOrganiserFactory,
    StaffRoleFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import AuditEntry, Club, Player, Registration, StaffRole, Tournament

pytestmark = pytest.mark.browser

PASSWORD = "secret-pass-123"  # tests.factories.UserFactory's password
HEADER = ["Licence", "Nom", "Prénom", "Club", "Email"]
CLUBS = ["Tarot Club Lyonnais", "Les Excuses de Paris"]
LAST_NAMES = [
    "Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy",
    "Moreau", "Simon", "Laurent", "Lefebvre", "Michel", "Garcia", "David", "Bertrand", "Roux",
    "Vincent", "Fournier",
]  # fmt: skip
FIRST_NAMES = [
    "Jeanne", "Louis", "Alice", "Hugo", "Léa", "Paul", "Camille", "Jules", "Emma", "Arthur",
    "Chloé", "Victor", "Inès", "Gabriel", "Sarah", "Adam", "Manon", "Raphaël", "Zoé", "Nathan",
]  # fmt: skip
BAD_ROW = 6  # 0-based index among the players: its first name is missing in the file


def _ascii(name: str) -> str:
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()


def _players() -> list[dict]:
    return [
        {
            "licence": str(100001 + i),
            "last_name": last,
            "first_name": first,
            "club": CLUBS[i % 2],
            "email": f"{_ascii(first)}.{_ascii(last)}@example.org" if i % 3 == 0 else "",
        }
        for i, (last, first) in enumerate(zip(LAST_NAMES, FIRST_NAMES, strict=True))
    ]


def _write_xlsx(path, players: list[dict]) -> None:
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(HEADER)
    for i, p in enumerate(players):
        first_name = "" if i == BAD_ROW else p["first_name"]
        # Spreadsheets hold licence numbers as numbers: the import must read them back as text.
        sheet.append([int(p["licence"]), p["last_name"], first_name, p["club"], p["email"]])
    workbook.save(path)


def _label(text: str) -> re.Pattern:
    """A form label exactly, with or without Django's trailing colon."""
    return re.compile(rf"^{re.escape(text)}:?$")


def _subnav(page, name: str):
    return page.get_by_role("navigation", name="Tournament").get_by_role("link", name=name)


def _check_in(page, *, search: str, number: int, expected_present: int) -> None:
    """Find a player with the live search, tap their button, see the present count go up."""
    page.get_by_role("searchbox", name="Search").fill(search)
    rows = page.locator("#checkin-list li.checkin-row")
    expect(rows).to_have_count(1)
    expect(rows).to_have_id(f"checkin-{number}")  # htmx swapped in this search's results
    button = page.get_by_test_id(f"checkin-{number}")
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(page.get_by_test_id("present-count")).to_have_text(str(expected_present))
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(button).to_contain_text("Present")


def test_organiser_creates_a_tournament_imports_players_and_checks_them_in(page, tmp_path):
    user = SiteOrganiserFactory(username="organiser-ann")
    players = _players()
    upload = tmp_path / "players.xlsx"
    _write_xlsx(upload, players)

    # Log in.
    page.goto("/")
    page.get_by_role("link", name="Staff login").click()
    expect(page).to_have_url(re.compile(r"/accounts/login/"))
    page.get_by_label("Username").fill("organiser-ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()

    # My tournaments → New tournament.
    page.get_by_role("link", name="My tournaments").click()
    expect(page).to_have_url(re.compile(r"/manage/$"))
    expect(page.get_by_role("heading", name="My tournaments")).to_be_visible()
    page.get_by_role("link", name="New tournament").click()
    page.get_by_label(_label("Name")).fill("Open de printemps")
    page.get_by_label(_label("Short address")).fill("open-printemps")
    page.get_by_label(_label("Date")).fill("2031-04-12")
    page.get_by_label(_label("Venue")).fill("Salle Jean Moulin")
    page.get_by_label(_label("Positions")).fill("4")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page).to_have_url(re.compile(r"/manage/t/open-printemps/$"))
    expect(page.get_by_role("heading", name="Open de printemps", level=1)).to_be_visible()
    expect(page.locator("#messages")).to_contain_text("Tournament created")

    # Import: upload the spreadsheet; the preview shows the one bad row and its problem.
    _subnav(page, "Import").click()
    page.get_by_label("File of players").set_input_files(upload)
    page.get_by_role("button", name="Read the file").click()
    expect(page).to_have_url(re.compile(r"/import/preview/$"))
    expect(page.get_by_test_id("import-error-count")).to_contain_text("1 row has a problem")
    expect(page.get_by_test_id("import-ready")).to_have_count(0)
    expect(page.locator("table.import-table tbody tr.row-error")).to_have_count(1)
    bad_input = page.locator(f'input[name="r-{BAD_ROW}-first_name"]')
    expect(bad_input).to_have_value("")
    expect(bad_input).to_have_attribute("aria-invalid", "true")
    bad_cell = page.locator("td.has-error", has=bad_input)
    expect(bad_cell.get_by_role("alert")).to_have_text("The first name is missing.")
    # The other cells of the preview carry the file's values, licence numbers as text.
    expect(page.get_by_label(_label("Licence 1"))).to_have_value("100001")

    # Fix the value in the preview and check again.
    page.get_by_label(_label(f"First name {BAD_ROW + 1}")).fill(players[BAD_ROW]["first_name"])
    page.get_by_role("button", name="Check again").click()
    expect(page.get_by_test_id("import-ready")).to_be_visible()
    expect(page.get_by_test_id("import-error-count")).to_have_count(0)
    expect(page.get_by_role("alert")).to_have_count(0)
    create_clubs = page.get_by_label("Create the new clubs")
    if create_clubs.count():
        create_clubs.check()
    assert Registration.objects.count() == 0, "nothing is written before the confirmation"
    page.get_by_role("button", name="Confirm the import").click()

    # The players list shows the 20 players, nobody present yet.
    expect(page).to_have_url(re.compile(r"/manage/t/open-printemps/players/$"))
    expect(page.locator("#messages")).to_contain_text("20 players imported from players.xlsx")
    expect(page.locator("#registration-table tbody tr")).to_have_count(20)
    expect(page.locator("#registration-table")).to_contain_text(players[BAD_ROW]["first_name"])
    expect(page.get_by_test_id("present-count")).to_have_text("0")

    tournament = Tournament.objects.get(slug="open-printemps")
    number = dict(
        Registration.objects.filter(tournament=tournament).values_list("player__licence", "number")
    )
    assert len(number) == 20

    # Check-in: find players with the live search (by name, by licence, by number) and tap them.
    _subnav(page, "Check-in").click()
    expect(page.get_by_role("heading", name="Check-in")).to_be_visible()
    expect(page.locator("#checkin-list li.checkin-row")).to_have_count(20)
    moreau, simon, petit, roux = (players[i]["licence"] for i in (9, 10, 6, 17))
    _check_in(page, search="moreau", number=number[moreau], expected_present=1)
    _check_in(page, search=simon, number=number[simon], expected_present=2)
    _check_in(page, search=str(number[petit]), number=number[petit], expected_present=3)
    _check_in(page, search="Roux Raphaël", number=number[roux], expected_present=4)
    # Tapped by mistake: tapping again checks the player out.
    page.get_by_role("searchbox", name="Search").fill("")
    expect(page.locator("#checkin-list li.checkin-row")).to_have_count(20)
    simon_button = page.get_by_test_id(f"checkin-{number[simon]}")
    simon_button.click()
    expect(page.get_by_test_id("present-count")).to_have_text("3")
    expect(simon_button).to_have_attribute("aria-pressed", "false")
    # The state survives a reload: it is in the database, not only on the page.
    page.reload()
    expect(page.get_by_test_id("present-count")).to_have_text("3")
    expect(page.locator("#checkin-list li.checkin-row.present")).to_have_count(3)

    # And in the database.
    assert tournament.created_by == user
    assert StaffRole.objects.filter(
        tournament=tournament, user=user, role=StaffRole.Role.ORGANISER
    ).exists()
    registrations = Registration.objects.filter(tournament=tournament)
    assert registrations.count() == 20
    assert set(registrations.values_list("number", flat=True)) == set(range(1, 21))
    present = set(registrations.filter(checked_in=True).values_list("player__licence", flat=True))
    assert present == {moreau, petit, roux}
    assert all(r.checked_in_at is not None for r in registrations.filter(checked_in=True)), (
        "checking in stamps the time"
    )
    fixed = Player.objects.get(licence=players[BAD_ROW]["licence"])
    assert (fixed.last_name, fixed.first_name) == ("Petit", "Camille")
    assert fixed.club.name == CLUBS[0]
    assert Player.objects.get(licence="100001").email == "jeanne.martin@example.org"
    assert sorted(Club.objects.values_list("name", flat=True)) == sorted(CLUBS)
    imported = AuditEntry.objects.get(tournament=tournament, action="registration.imported")
    assert imported.user == user
    assert imported.data["count"] == 20
    assert imported.data["file"] == "players.xlsx"
    actions = list(
        AuditEntry.objects.filter(tournament=tournament).values_list("action", flat=True)
    )
    assert actions.count("registration.checked_in") == 4
    assert actions.count("registration.checked_out") == 1


@pytest.mark.parametrize(
    ("filename", "content"),
    [
        ("notes.txt", "Bring the cards and the score sheets.\nTables are set up at 13:00.\n"),
        ("players.csv", "100001;Martin;Jeanne;Tarot Club Lyonnais\n100002;Bernard;Louis;\n"),
    ],
    ids=["text-file", "csv-without-header"],
)
def test_a_file_without_a_header_is_refused_next_to_the_file_field(
    page, log_in, tmp_path, filename, content
):
    organiser = UserFactory(username="organiser-bob")
    tournament = TournamentFactory(name="Coupe d'automne", slug="coupe-automne")
    StaffRoleFactory(tournament=tournament, user=organiser, role=StaffRole.Role.ORGANISER)
    RegistrationFactory.create_batch(2, tournament=tournament)
    players_before = Player.objects.count()
    upload = tmp_path / filename
    upload.write_text(content, encoding="utf-8")
    log_in(organiser)

    page.goto(f"/manage/t/{tournament.slug}/import/")
    page.get_by_label("File of players").set_input_files(upload)
    page.get_by_role("button", name="Read the file").click()

    expect(page).to_have_url(re.compile(r"/manage/t/coupe-automne/import/$"))
    file_input = page.get_by_label("File of players")
    field = page.locator("div.field.has-error", has=file_input)
    expect(field.get_by_role("alert")).to_contain_text("No header row found")
    expect(page.get_by_test_id("import-error-count")).to_have_count(0)

    # Nothing changed, and no import waits in the session: the preview sends back to the upload.
    page.goto(f"/manage/t/{tournament.slug}/import/preview/")
    expect(page).to_have_url(re.compile(r"/manage/t/coupe-automne/import/$"))
    expect(page.locator("#messages")).to_contain_text("Choose a file to import.")
    assert Registration.objects.filter(tournament=tournament).count() == 2
    assert Player.objects.count() == players_before
    assert not AuditEntry.objects.filter(action="registration.imported").exists()
