"""The duplicate formats' pages under the browser's own audit, as tests/browser/
test_accessibility.py does for donnes libres: axe-core finds no WCAG 2.1 A or AA violation at a
phone's width (390 px) and a tablet's (1,024 px), and nothing lies off screen sideways there
nor at 1,920 px. Each format once, its séance played and closed (the public pages then show
every ranking and feuille de route), plus an individuel séance still open (the étui being
typed, the public seeing where to sit and no score): the organiser's pages, then the public's."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tests.browser.test_accessibility import WIDTHS, _problems
from tournaments.models import Registration, Tournament

pytestmark = pytest.mark.browser

DUPLICATE = "/manage/t/{slug}/duplicate/1/"
STAFF = [
    "/manage/t/{slug}/",
    "/manage/t/{slug}/checkin/",
    DUPLICATE,
    DUPLICATE + "etuis/1/",
    DUPLICATE + "tables/",
    DUPLICATE + "ranking/",
    "/manage/t/{slug}/results/",
    "/manage/t/{slug}/incidents/new/",
]
PUBLIC = [
    "/t/{slug}/",
    "/t/{slug}/seating/",
    "/t/{slug}/standings/",
    "/t/{slug}/players/{player}/",
    "/t/{slug}/screen/",
]
TEAMS = ["/t/{slug}/standings/teams/"]
# The arbitre's live board of the tables' entries and one table's page (the open séance's
# tables enter at the table).
LIVE = [DUPLICATE + "live/", DUPLICATE + "live/1/1/"]
MATCH = [
    "/manage/t/{slug}/",
    "/manage/t/{slug}/matches/",
    "/manage/t/{slug}/matches/1/",
    "/manage/t/{slug}/matches/1/quarters/1/",
    "/manage/t/{slug}/results/",
    "/manage/t/{slug}/incidents/new/",
]

# format -> (simulate_tournament's arguments, the pages to audit)
FORMATS = {
    "individuel-open": (
        ["--format", "duplicate", "--players", "20"],
        STAFF[:5] + LIVE + PUBLIC,
    ),
    "individuel": (["--format", "duplicate", "--players", "20", "--sheets"], STAFF + PUBLIC),
    "triplettes": (
        ["--format", "triplettes", "--players", "24", "--positions", "3", "--sheets"],
        STAFF + PUBLIC + TEAMS,
    ),
    "quadrettes": (
        ["--format", "quadrettes", "--players", "16", "--sheets"],
        STAFF + PUBLIC + TEAMS + ["/t/{slug}/quadrettes/1/"],
    ),
}


def _simulated(key):
    arguments, pages = FORMATS[key]
    call_command("simulate_tournament", "--slug", key, "--organiser", "odile", *arguments)
    if LIVE[0] in pages:
        Tournament.objects.filter(slug=key).update(table_entry=True)
    return Tournament.objects.get(slug=key), pages


def _played_match():
    from scoring.formats.match.services import matches_draw
    from tests.scoring.duplicate.helpers import staff_of
    from tests.scoring.duplicate.test_team_match import QUARTER_SCORES, competition_of, play

    tournament = competition_of(slug="match")
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    for number, scores in enumerate(QUARTER_SCORES[:2], start=1):
        play(match, number, scorer, arbitre, *scores)
    return tournament, MATCH + PUBLIC + TEAMS


def _audit(page, tournament, pages):
    tournament.is_public = True
    tournament.save()
    values = {
        "slug": tournament.slug,
        "player": Registration.objects.filter(tournament=tournament).order_by("number")[0].number,
    }
    problems = []
    for width in WIDTHS:  # axe at 390 and 1,024 px, nothing off screen at all three
        page.set_viewport_size({"width": width, "height": 900})
        for path in pages:
            url = path.format(**values)
            response = page.goto(url)
            assert response.ok, f"{url}: {response.status}"
            problems += [f"{url} at {width} px: {p}" for p in _problems(page, width)]
    return problems


@pytest.mark.parametrize("key", [*FORMATS, "match"])
def test_no_wcag_violation_on_a_duplicate_s_pages(live_server, log_in, page, key):
    tournament, pages = _played_match() if key == "match" else _simulated(key)
    log_in(get_user_model().objects.get(pk=tournament.created_by_id))
    assert _audit(page, tournament, pages) == []
