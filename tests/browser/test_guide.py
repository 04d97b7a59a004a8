"""The user guide's two walks, in a real browser and in French: the organiser's day and the
arbitre's day. Each step checks what the user must see; with ``GUIDE_SCREENSHOTS=1`` (``make
guide``) it also saves the screenshot that docs/guide-utilisateur.md shows
(docs/images/NN-name.png). Every run walks the same steps, so a guide picture cannot show what
the tests no longer see; ``make guide`` takes them again, and only then do the tracked images
change (``make test`` leaves ``git status`` clean).

The data are fixed (names, licences, seed of the draw, the rulebook's sample sheet) so that a
new run draws the same pictures; only clocks and dates of the day change. What other workers
or the sheets' own tests already prove in detail is checked here only as far as the guide
tells it.
"""

import io
import os
import re
import types
from pathlib import Path

import pytest
from openpyxl import Workbook
from playwright.sync_api import expect
from pypdf import PdfReader

from scoring.formats.libre import services as sheets
from scoring.formats.libre.forms import read_entry
from scoring.models import ScoreSheet
from tests.browser.conftest import fetch_document
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    RegistrationFactory,
    SiteOrganiserFactory,
    StaffRoleFactory,
    TournamentFactory,
    UserFactory,
)
from tests.scoring.conftest import SAMPLE, VISAS
from tournaments import services_seating
from tournaments.models import Registration, Round, Seat, StaffRole, Tournament

pytestmark = pytest.mark.browser

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
PASSWORD = "secret-pass-123"  # tests.factories.UserFactory's password
STAFF_VIEWPORT = {"width": 1280, "height": 800}
PHONE_VIEWPORT = {"width": 390, "height": 844}
PROJECTOR_VIEWPORT = {"width": 1280, "height": 720}
TIMEOUT_MS = 15_000  # two slow shared cores: a little more than conftest's 10 s
SEED = 20260516  # the draw of position 1, fixed so that the pictures stay the same

TOURNAMENT = "Open de printemps"
SLUG = "open-printemps"
DATE = "2026-05-16"
VENUE = "Salle Jean Moulin, Lyon"
CLUBS = ["Tarot Club Lyonnais", "Les Excuses de Villeurbanne", "Petit au Bout Grenoblois"]
# (licence, last name, first name, club index): the 16 who come, then one who does not.
PLAYERS = [
    ("7401001", "Martin", "Jeanne", 0),
    ("7401002", "Bernard", "Louis", 1),
    ("7401003", "Dubois", "Alice", 2),
    ("7401004", "Thomas", "Hugo", 0),
    ("7401005", "Robert", "Léa", 1),
    ("7401006", "Richard", "Paul", 2),
    ("7401007", "Petit", "Camille", 0),
    ("7401008", "Durand", "Jules", 1),
    ("7401009", "Leroy", "Emma", 2),
    ("7401010", "Moreau", "Arthur", 0),
    ("7401011", "Simon", "Chloé", 1),
    ("7401012", "Laurent", "Victor", 2),
    ("7401013", "Lefebvre", "Inès", 0),
    ("7401014", "Michel", "Gabriel", 1),
    ("7401015", "Garcia", "Sarah", 2),
    ("7401016", "Fournier", "Nathan", 0),
    ("7401017", "Vincent", "Zoé", 1),
]
PRESENT = 16
BAD_ROW = 6  # 0-based: this row's first name is missing in the file (Camille Petit)

# The rulebook's sample sheet (fft-rules.md section 2) as typed on the keyboard, seats Nord,
# Est, Sud, Ouest: deal 1 given by its facts, the others by the marks written on the paper.
KEYBOARD_DEALS = [
    ("Garde", "Est", None),
    ("Garde sans", "Ouest", ["-76", "-76", "-76", "228"]),
    ("Prise", "Sud", ["42", "42", "-126", "42"]),
    ("Garde", "Nord", ["276", "-92", "-92", "-92"]),
    ("Garde", "Sud", ["-582", "-582", "1746", "-582"]),
]


# --- helpers -------------------------------------------------------------------------------


@pytest.fixture
def new_page(browser, live_server):
    """Open French browser pages on ``live_server``: staff, phone or projector sized."""
    contexts = []

    def new_page(viewport=STAFF_VIEWPORT, *, mobile=False):
        context = browser.new_context(
            base_url=live_server.url,
            locale="fr-FR",
            viewport=viewport,
            is_mobile=mobile,
            has_touch=mobile,
            timezone_id="Europe/Paris",
        )
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    expect.set_options(timeout=TIMEOUT_MS)
    yield new_page
    for context in contexts:
        context.close()


@pytest.fixture
def fixed_draw(monkeypatch):
    """The seating page draws with a random seed: make it ours, so the pictures do not move."""

    class Draw:
        def randrange(self, *args):
            return SEED

    monkeypatch.setattr(services_seating, "random", types.SimpleNamespace(SystemRandom=Draw))


def shot(page, name: str) -> None:
    """The picture of what the user sees now (the window, not the whole page), saved for the
    guide when asked (``make guide``); otherwise taken into memory, which still fails when the
    page cannot be drawn."""
    if not os.environ.get("GUIDE_SCREENSHOTS"):
        page.screenshot(full_page=False, animations="disabled", caret="hide")
        return
    IMAGES.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=str(IMAGES / f"{name}.png"), full_page=False, animations="disabled", caret="hide"
    )


def log_in(page, username: str) -> None:
    page.goto("/")
    page.get_by_role("link", name="Connexion organisateurs").click()
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    expect(page.get_by_role("button", name=f"Se déconnecter ({username})")).to_be_visible()


def subnav(page, name: str):
    return page.get_by_role("navigation", name="Tournoi").get_by_role("link", name=name)


def messages(page):
    return page.locator(".messages")


def sheet_data(plan) -> dict:
    """A sheet for the other tables, deal after deal ``(sample deal, taker's seat)``: the marks of
    the rulebook's sample deal, given to another taker, so that each table has its own results
    and the standings few ties."""
    data = {**VISAS}
    for number, (sample, taker) in enumerate(plan, start=1):
        sample_taker = int(SAMPLE[f"d{sample}-taker"])
        taker_mark = SAMPLE[f"d{sample}-mark{sample_taker}"]
        defender_mark = SAMPLE[f"d{sample}-mark{(sample_taker + 1) % 4}"]
        data[f"d{number}-contract"] = SAMPLE[f"d{sample}-contract"]
        data[f"d{number}-taker"] = str(taker)
        for seat in range(4):
            data[f"d{number}-mark{seat}"] = taker_mark if seat == taker else defender_mark
    return data


# Tables 2 to 4 of position 1 (table 1 is the sample sheet itself). Table 2's Ouest is the
# arbitre's renonce: he does not take deal 3, and ends with -510.
SHEETS = {
    1: {**SAMPLE, **VISAS},
    2: sheet_data([(2, 3), (1, 0), (3, 2), (5, 1), (4, 2)]),
    3: sheet_data([(4, 0), (1, 2), (2, 1), (4, 3), (3, 0)]),
    4: sheet_data([(1, 3), (2, 0), (4, 1), (1, 2), (3, 3)]),
}


def write_players_file(path) -> None:
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Licence", "Nom", "Prénom", "Club"])
    for i, (licence, last, first, club) in enumerate(PLAYERS):
        sheet.append([int(licence), last, "" if i == BAD_ROW else first, CLUBS[club]])
    workbook.save(path)


def register_present_players(tournament: Tournament) -> list[Registration]:
    """The arbitre's day starts where the organiser's morning ended: 16 players checked in."""
    clubs = [ClubFactory(name=name) for name in CLUBS]
    return [
        RegistrationFactory(
            tournament=tournament,
            number=number,
            checked_in=True,
            player=PlayerFactory(
                licence=licence, last_name=last, first_name=first, club=clubs[club]
            ),
        )
        for number, (licence, last, first, club) in enumerate(PLAYERS[:PRESENT], start=1)
    ]


def download(page, href: str, content_type: str) -> bytes:
    response = fetch_document(page, href)
    assert response.ok, href
    assert response.headers["content-type"].startswith(content_type), href
    return response.body()


def pdf_text(body: bytes) -> str:
    return "".join(p.extract_text() for p in PdfReader(io.BytesIO(body)).pages)


# --- the organiser's day ---------------------------------------------------------------------


def test_organiser_day(new_page, fixed_draw, tmp_path):
    SiteOrganiserFactory(username="claire")  # the site lets her create tournaments
    scorer, arbitre = UserFactory(username="marc"), UserFactory(username="odile")
    upload = tmp_path / "joueurs-open-printemps.xlsx"
    write_players_file(upload)
    page = new_page()

    # 1. Log in.
    page.goto("/")
    page.get_by_role("link", name="Connexion organisateurs").click()
    expect(page.get_by_role("heading", name="Connexion organisateurs")).to_be_visible()
    page.locator("input[name=username]").fill("claire")
    page.locator("input[name=password]").fill(PASSWORD)
    shot(page, "01-connexion")
    page.get_by_role("button", name="Se connecter").click()
    expect(page.get_by_role("button", name="Se déconnecter (claire)")).to_be_visible()

    # 2. Create the tournament.
    page.get_by_role("link", name="Mes tournois").click()
    expect(page.get_by_role("heading", name="Mes tournois")).to_be_visible()
    page.get_by_role("link", name="Nouveau tournoi").click()
    expect(page.get_by_role("heading", name="Nouveau tournoi")).to_be_visible()
    page.locator("[name=name]").fill(TOURNAMENT)
    page.locator("[name=slug]").fill(SLUG)
    page.locator("[name=date]").fill(DATE)
    page.locator("[name=venue]").fill(VENUE)
    page.locator("[name=positions]").fill("4")
    shot(page, "02-nouveau-tournoi")
    page.get_by_role("button", name="Créer le tournoi").click()
    expect(page).to_have_url(re.compile(rf"/manage/t/{SLUG}/$"))
    expect(page.get_by_role("heading", name=TOURNAMENT, level=1)).to_be_visible()
    expect(messages(page)).to_contain_text("Tournoi créé. Inscrivez maintenant les joueurs.")
    shot(page, "03-tournoi")
    tournament = Tournament.objects.get(slug=SLUG)
    # Claire's team: Marc and Odile have accounts; Lucie, a scorer for the day, gets one
    # from « Équipe d'organisation », with a one-time link to choose her password.
    StaffRoleFactory(tournament=tournament, user=scorer, role=StaffRole.Role.SCORER)
    StaffRoleFactory(tournament=tournament, user=arbitre, role=StaffRole.Role.ARBITRE)
    subnav(page, "Équipe d’organisation").click()
    page.get_by_label("Nom d’utilisateur").first.fill("lucie")
    page.locator("form:has(input[value=create])").get_by_role("button").click()
    expect(page.get_by_test_id("one-time-link")).to_contain_text("Le lien de lucie")
    shot(page, "03b-compte-du-jour")
    assert "/accounts/welcome/" in page.locator(".copy-link").input_value()

    # 3. Import the players: the preview shows the one bad row, fixed in place.
    subnav(page, "Import").click()
    page.get_by_label("Fichier des joueurs").set_input_files(upload)
    page.get_by_role("button", name="Lire le fichier").click()
    expect(page).to_have_url(re.compile(r"/import/preview/$"))
    expect(page.get_by_test_id("import-error-count")).to_contain_text("1 ligne")
    bad_input = page.locator(f'input[name="r-{BAD_ROW}-first_name"]')
    expect(bad_input).to_have_attribute("aria-invalid", "true")
    expect(page.locator("td.has-error", has=bad_input).get_by_role("alert")).to_be_visible()
    bad_input.scroll_into_view_if_needed()
    shot(page, "04-import-apercu")
    bad_input.fill(PLAYERS[BAD_ROW][2])
    page.get_by_role("button", name="Vérifier à nouveau").click()
    expect(page.get_by_test_id("import-ready")).to_be_visible()
    if page.locator("#create_clubs").count():
        page.locator("#create_clubs").check()
    page.get_by_role("button", name="Confirmer l’import").click()
    expect(page).to_have_url(re.compile(rf"/manage/t/{SLUG}/players/$"))
    expect(messages(page)).to_contain_text("17")
    expect(page.locator("#registration-table tbody tr")).to_have_count(len(PLAYERS))
    expect(page.get_by_test_id("present-count")).to_have_text("0")
    shot(page, "05-joueurs")
    number = dict(tournament.registrations.values_list("player__last_name", "number"))

    # 4. Check in: 16 players come, Zoé Vincent does not; the last one is found by name.
    subnav(page, "Pointage").click()
    expect(page.get_by_role("heading", name="Pointage")).to_be_visible()
    for present, (_, last, _, _) in enumerate(PLAYERS[: PRESENT - 1], start=1):
        page.get_by_test_id(f"checkin-{number[last]}").click()
        expect(page.get_by_test_id("present-count")).to_have_text(str(present))
    last = PLAYERS[PRESENT - 1][1]
    page.get_by_role("searchbox").fill(last.lower()[:4])
    expect(page.locator("#checkin-list li.checkin-row")).to_have_count(1)
    page.get_by_test_id(f"checkin-{number[last]}").click()
    expect(page.get_by_test_id("present-count")).to_have_text(str(PRESENT))
    expect(page.get_by_test_id(f"checkin-{number[last]}")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#presence")).to_contain_text("Position 1 : 4 tables : 4 + 4 + 4 + 4")
    page.get_by_role("searchbox").fill("")
    expect(page.locator("#checkin-list li.checkin-row")).to_have_count(len(PLAYERS))
    expect(page.locator("#checkin-list li.checkin-row.present")).to_have_count(PRESENT)
    shot(page, "06-pointage")

    # 5. Seat position 1, review it, swap two players, publish.
    subnav(page, "Positions").click()
    page.get_by_test_id("generate-1").click()
    expect(messages(page)).to_contain_text("Position 1 placée")
    expect(page.get_by_test_id("round-status")).to_have_text("Brouillon")
    expect(page.get_by_test_id("repeats")).to_have_text("0")
    expect(page.locator(".seating-table")).to_have_count(4)
    round_ = Round.objects.get(tournament=tournament, number=1)
    assert round_.seed == SEED
    a = Seat.objects.get(round=round_, table__number=1, number=0).registration
    b = Seat.objects.get(round=round_, table__number=2, number=0).registration
    swap = page.locator("form", has=page.get_by_role("button", name="Échanger", exact=True))
    swap.locator("[name=first]").fill(str(a.number))
    swap.locator("[name=second]").fill(str(b.number))
    shot(page, "07-placement")
    page.get_by_role("button", name="Échanger", exact=True).click()
    expect(messages(page)).to_contain_text("Joueurs échangés.")
    assert Seat.objects.get(round=round_, registration=a).table.number == 2
    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id("round-status")).to_have_text("Publiée")
    expect(messages(page)).to_contain_text("les joueurs peuvent la consulter")
    shot(page, "08-placement-publie")

    # 6. Download the documents to print: real PDFs, with the players' names.
    for label in ("Plan des tables (PDF)", "Liste alphabétique (PDF)", "Feuilles de marque (PDF)"):
        href = page.get_by_role("link", name=label).first.get_attribute("href")
        assert a.player.last_name.upper() in pdf_text(download(page, href, "application/pdf"))

    # 7. A player finds their table on their phone.
    phone = new_page(PHONE_VIEWPORT, mobile=True)
    phone.goto(f"/t/{SLUG}/")
    phone.get_by_role("link", name=re.compile("Où suis-je placé")).click()
    phone.get_by_placeholder("Tapez votre nom").fill("Moreau")
    expect(phone.locator("#seating-list .seat-card")).to_have_count(1)
    me = Seat.objects.select_related("table").get(
        round=round_, registration__number=number["Moreau"]
    )
    expect(phone.get_by_test_id(f"table-{number['Moreau']}")).to_have_text(str(me.table.number))
    shot(phone, "09-ou-suis-je")

    # 8. Follow the dashboard while the sheets come back (scorers type them, arbitres confirm).
    tables = {t.number: t for t in round_.tables.all()}
    for k in (1, 2, 3):
        sheet = sheets.scoresheet_save(
            table=tables[k], user=scorer, entry=read_entry(SHEETS[k]), base_version=0
        )
        if k < 3:
            sheets.scoresheet_confirm(sheet=sheet, user=arbitre)
    page.get_by_role("link", name="Feuilles de marque", exact=True).click()
    expect(page.get_by_role("heading", name="Position 1 : feuilles de marque")).to_be_visible()
    expect(page.get_by_test_id("count-confirmed")).to_have_text("2")
    expect(page.get_by_test_id("count-entered")).to_have_text("1")
    expect(page.get_by_test_id("count-missing")).to_have_text("1")
    expect(page.get_by_test_id("closing")).to_contain_text("2 feuilles")
    expect(page.get_by_test_id("reconciliation")).to_contain_text("✓")
    shot(page, "10-tableau-de-bord")

    # 9. The last sheets are confirmed: close the position.
    sheets.scoresheet_confirm(sheet=ScoreSheet.objects.get(table=tables[3]), user=arbitre)
    sheet = sheets.scoresheet_save(
        table=tables[4], user=scorer, entry=read_entry(SHEETS[4]), base_version=0
    )
    sheets.scoresheet_confirm(sheet=sheet, user=arbitre)
    page.reload()
    expect(page.get_by_test_id("count-confirmed")).to_have_text("4")
    expect(page.get_by_test_id("closing")).to_contain_text("Toutes les feuilles sont confirmées.")
    page.get_by_test_id("close-round").click()
    expect(messages(page)).to_contain_text("Position 1 clôturée.")
    expect(page.get_by_test_id("round-closed")).to_be_visible()
    shot(page, "11-position-cloturee")

    # 10. Rankings and exports.
    subnav(page, "Résultats").click()
    expect(page.get_by_role("heading", name="Résultats et téléchargements")).to_be_visible()
    page.get_by_label("officiel (feuilles confirmées seulement)").check()
    page.get_by_role("button", name="Choisir").click()
    expect(page.get_by_test_id("export-state")).to_contain_text("Classement officiel")
    expect(page.get_by_test_id("export-state")).to_contain_text("4 feuilles confirmées sur 4")
    shot(page, "12-resultats")
    ranking = page.get_by_role("link", name="Classement individuel (PDF)").get_attribute("href")
    assert "MOREAU" in pdf_text(download(page, ranking, "application/pdf")).upper()
    workbook = page.get_by_role("link", name="Tout dans un seul classeur Excel")
    download(page, workbook.get_attribute("href"), "application/vnd.openxmlformats")
    federation = page.get_by_role("link", name=re.compile("Fichier de résultats pour la féd"))
    body = download(page, federation.get_attribute("href"), "text/csv").decode("utf-8-sig")
    assert PLAYERS[0][0] in body  # licence numbers, for the federation


# --- the arbitre's day -----------------------------------------------------------------------


def test_arbitre_day(new_page):
    organiser = UserFactory(username="claire")
    odile, remi, scorer = (UserFactory(username=n) for n in ("odile", "remi", "marc"))
    tournament = TournamentFactory(name=TOURNAMENT, slug=SLUG, date=DATE, venue=VENUE, positions=4)
    StaffRoleFactory(tournament=tournament, user=organiser, role=StaffRole.Role.ORGANISER)
    StaffRoleFactory(tournament=tournament, user=odile, role=StaffRole.Role.ARBITRE)
    StaffRoleFactory(tournament=tournament, user=remi, role=StaffRole.Role.ARBITRE)
    StaffRoleFactory(tournament=tournament, user=scorer, role=StaffRole.Role.SCORER)
    register_present_players(tournament)
    round_ = services_seating.round_seat_players(
        tournament=tournament, number=1, user=organiser, seed=SEED
    )
    services_seating.round_publish(round=round_, user=organiser)
    tables = {t.number: t for t in round_.tables.all()}
    west_2 = tables[2].seats.get(number=3).registration

    # 1. Odile logs in and opens the sheets of position 1.
    page = new_page()
    log_in(page, "odile")
    page.get_by_role("link", name=TOURNAMENT).click()
    subnav(page, "Positions").click()
    page.get_by_test_id("sheets-1").click()
    expect(page.get_by_test_id("count-missing")).to_have_text("4")
    shot(page, "13-feuilles-a-saisir")

    # 2. She types table 1's sheet with the keyboard only: the totals follow the typing.
    page.get_by_label("Feuille de la table").focus()
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("sheet-status")).to_have_text("Non saisie")
    keys = page.keyboard
    expect(page.locator("select[name=d1-contract]")).to_be_focused()  # the sheet opens there
    for contract, taker, marks in KEYBOARD_DEALS:
        if marks is None:  # Garde by Est, 2 bouts, 49 points, Petit au bout, simple poignée
            keys.press("Shift+Tab")  # back to the way of entry
            for text in ("Faits", contract, taker, "2", "49", "Attaque"):
                keys.type(text)
                keys.press("Tab")
            keys.press("Tab")  # chelem: none
            keys.press("Tab")  # not announced
            keys.press("Tab")  # Nord's poignée: none
            keys.type("Simple")  # Est, the taker, showed a simple poignée
            keys.press("Enter")  # to the next deal
            expect(page.locator("#d1-shown1")).to_have_text("318")
            continue
        keys.type({"Garde sans": "S"}.get(contract, contract[0]))  # P, G, S or C
        keys.press("Tab")
        keys.type(taker[0])
        keys.press("Tab")
        keys.type(marks[0])  # Nord's mark: the others fill in as the deal gives them
        keys.press("Enter")
    for seat, bilan in enumerate(["-446", "-390", "1346", "-510"]):
        expect(page.get_by_test_id(f"bilan-{seat}")).to_have_text(bilan)
    expect(page.get_by_test_id("sheet-check")).to_contain_text("5")
    for _seat in range(4):  # the four visas
        keys.press("Space")
        keys.press("Tab")
    page.evaluate("document.querySelector('.sheet-scroll').scrollLeft = 0; window.scrollTo(0, 0)")
    shot(page, "14-saisie-au-clavier")
    keys.press("Enter")
    expect(messages(page)).to_contain_text("Table 1 : feuille enregistrée.")
    expect(page.get_by_test_id("sheet-status")).to_contain_text("Saisie")
    expect(page.get_by_test_id("confirm")).to_have_count(0)  # four-eyes: not her own version
    note = page.get_by_text("un autre arbitre doit la confirmer (double contrôle)")
    expect(note).to_be_visible()
    note.scroll_into_view_if_needed()
    shot(page, "15-double-controle")

    # 3. Rémi, the other arbitre, checks it against the paper and confirms it.
    other = new_page()
    log_in(other, "remi")
    other.goto(f"/manage/t/{SLUG}/positions/1/sheets/")
    expect(other.get_by_test_id("count-entered")).to_have_text("1")
    other.get_by_test_id("table-1").get_by_role("link", name="Vérifier et confirmer").click()
    confirm = other.get_by_test_id("confirm")
    expect(confirm).to_be_visible()
    confirm.scroll_into_view_if_needed()
    shot(other, "16-confirmer")
    confirm.click()
    expect(messages(other)).to_contain_text("Table 1 : feuille confirmée.")
    expect(other.get_by_test_id("sheet-status")).to_contain_text("Confirmée")
    assert ScoreSheet.objects.get(table=tables[1], status="confirmed").confirmed_by == remi

    # 4. Called to table 2: Ouest, defending, revoked on deal 2.
    page.goto(f"/manage/t/{SLUG}/positions/1/sheets/")
    page.get_by_test_id("table-2").get_by_role("link", name="Incident").click()
    expect(page.get_by_role("heading", name="Consigner un incident")).to_be_visible()
    expect(page.get_by_test_id("table-players")).to_contain_text("table 2")
    form = page.get_by_test_id("incident-form")
    form.locator("[name=deal_number]").fill("2")
    form.locator("[name=kind]").select_option("renonce")
    form.locator("[name=offender]").select_option(str(west_2.pk))
    # No sheet has the deal yet: the arbitre says the offender was defending.
    form.locator("[name=offender_defending][value=on]").check()
    form.locator("[name=description]").fill(
        "Pas fourni à cœur, du cœur en main ; constaté par Nord à la fin de la donne."
    )
    shot(page, "17-incident")
    page.get_by_test_id("save-incident").click()
    expect(messages(page)).to_contain_text("ne peut pas enchérir sur la donne 3 de la position 1")
    expect(page.get_by_test_id("confirmed")).to_be_visible()
    expect(page.get_by_test_id("decisions")).to_contain_text(
        west_2.player.last_name, ignore_case=True
    )
    shot(page, "18-incident-consigne")
    incident_url = page.url

    # 5. The sheet of table 2 then refuses Ouest as the taker of deal 3, saying why.
    page.get_by_test_id("sheet-link").click()
    page.wait_for_load_state("load")  # htmx binds the live check on load
    for deal in (1, 2):
        page.locator(f"select[name=d{deal}-contract]").select_option(SHEETS[2][f"d{deal}-contract"])
        page.locator(f"select[name=d{deal}-taker]").select_option(SHEETS[2][f"d{deal}-taker"])
        for seat in range(4):
            name = f"d{deal}-mark{seat}"
            page.locator(f"input[name={name}]").fill(SHEETS[2][name])
    page.locator("select[name=d3-contract]").select_option("prise")
    page.locator("select[name=d3-taker]").select_option("3")
    error = page.locator("#err-d3-taker")
    expect(error).to_contain_text("interdit d’enchère")
    expect(error).to_contain_text("donne 2")
    expect(page.locator("#err-d1-contract")).to_be_empty()  # deals 1 and 2 are fine
    page.locator("select[name=d1-mode]").scroll_into_view_if_needed()
    shot(page, "19-interdiction-d-enchere")

    # 6. The other sheets come back (typed by the scorer); then the decision: a penalty.
    for k in (2, 3, 4):
        sheet = sheets.scoresheet_save(
            table=tables[k],
            user=scorer,
            entry=read_entry(SHEETS[k]),
            base_version=0,
        )
        sheets.scoresheet_confirm(sheet=sheet, user=remi)
    page.goto(incident_url)
    decide = page.get_by_test_id("decision-form")
    decide.locator("[name=kind]").select_option("penalty")
    decide.locator("[name=points]").fill("40")
    decide.locator("[name=note]").fill("Renonce : pénalité du barème")
    page.get_by_test_id("decide").click()
    expect(page.get_by_test_id("decisions")).to_contain_text("40")
    expect(page.get_by_test_id("decisions")).to_contain_text("Pénalité")
    page.get_by_test_id("decisions").scroll_into_view_if_needed()
    shot(page, "20-decision")

    # 7. The player's record: marks, penalty, bid ban, incident, total.
    page.get_by_test_id("offender-record").click()
    expect(page.get_by_test_id("total")).to_have_text("-550")  # -510 marks, -40 penalty
    expect(page.get_by_test_id("bans")).to_be_visible()
    expect(page.get_by_test_id("penalties")).to_contain_text("-40")
    shot(page, "21-fiche-du-joueur")

    # 8. The standings on a phone: the penalty is in the total.
    phone = new_page(PHONE_VIEWPORT, mobile=True)
    phone.goto(f"/t/{SLUG}/")
    phone.get_by_test_id("standings-link").click()
    expect(phone.get_by_role("heading", name="Classement")).to_be_visible()
    expect(phone.get_by_test_id("ranking-kind")).to_contain_text("4 feuilles sur 4")
    expect(phone.get_by_test_id(f"total-{west_2.number}")).to_contain_text("-550")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE_VIEWPORT["width"]
    shot(phone, "22-classement-telephone")
    leader = phone.get_by_test_id("standings").locator("tbody tr").first
    leader.get_by_role("link").click()
    expect(phone.get_by_test_id("player-total")).to_have_text("1514")
    shot(phone, "23-page-du-joueur")

    # 9. The projector: the seating, then the standings by themselves.
    screen = new_page(PROJECTOR_VIEWPORT)
    screen.clock.install()  # time flows; the test jumps to the end of the seating's turn
    screen.goto(f"/t/{SLUG}/screen/?seconds=5")
    expect(screen.get_by_test_id("panel-seating")).to_be_visible()
    screen.clock.fast_forward(60_000)  # longer than any turn: the next panel comes, once
    standings = screen.get_by_test_id("panel-standings")
    expect(standings).to_be_visible()
    expect(standings.locator(".rank").first).to_have_text("1")
    screen.wait_for_timeout(600)  # the panel's fade-in
    shot(screen, "24-ecran")
