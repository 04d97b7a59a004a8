"""A role's tournament menu links only to pages that role may open."""

import re

import pytest


@pytest.mark.parametrize(
    ("role", "hidden"),
    [
        ("scorer", {"Check-in", "Incidents", "Results", "Import", "Settings", "Staff", "Prizes"}),
        ("arbitre", {"Import", "Settings", "Staff", "Prizes"}),
        ("organiser", set()),
    ],
)
def test_every_link_of_the_menu_opens(client, tournament, staff, role, hidden):
    client.force_login(staff[role])
    page = client.get(f"/manage/t/{tournament.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    menu = re.search(r'data-testid="tournament-menu">(.*?)</nav>', page.content.decode(), re.S)
    links = {
        text: href for href, text in re.findall(r'<a href="([^"]+)">([^<]+)</a>', menu.group(1))
    }
    assert not hidden & set(links), links
    for text, href in links.items():
        assert client.get(href).status_code == 200, (role, text, href)


@pytest.mark.parametrize("role", ["scorer", "arbitre"])
@pytest.mark.parametrize("page", ["", "players/", "positions/"])
def test_the_pages_link_only_to_what_the_role_opens(client, tournament, staff, role, page):
    client.force_login(staff[role])
    html = client.get(f"/manage/t/{tournament.slug}/{page}").content.decode()
    hrefs = set(re.findall(rf'href="(/manage/t/{tournament.slug}/[^"?]*)"', html))
    assert hrefs
    for href in hrefs:
        assert client.get(href).status_code == 200, (role, page, href)
