"""The project's own 403, 404 and 500 pages: in the visitor's language, with a way back."""

import pytest
from django.test import Client, override_settings
from django.urls import path

from tests.factories import TournamentFactory


def boom(request):
    raise RuntimeError("a fault")


urlpatterns = [path("boom/", boom)]


@pytest.mark.django_db
def test_a_missing_page_under_a_public_tournament_leads_back_to_it(client):
    tournament = TournamentFactory(slug="open-ete", name="Open d'été", is_public=True)
    response = client.get("/t/open-ete/no-such-page/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Page introuvable" in page and f'href="/t/{tournament.slug}/"' in page
    assert 'data-testid="error-page"' in page


@pytest.mark.django_db
def test_a_private_tournament_is_not_named_by_the_404(client):
    TournamentFactory(slug="prive", name="Secret", is_public=False)
    page = client.get("/t/prive/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Page not found" in page and "Secret" not in page


@pytest.mark.django_db
def test_a_refusal_says_so_in_french(client, django_user_model):
    user = django_user_model.objects.create_user("intrus", password="x-very-long-pass")
    client.force_login(user)
    TournamentFactory(slug="club", is_public=True)
    response = client.get("/manage/players/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code in (403, 404)
    assert 'data-testid="error-page"' in response.content.decode()


@pytest.mark.django_db
@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_a_server_fault_shows_the_page_of_its_own():
    import config.urls as urls

    globals()["handler500"] = urls.handler500
    client = Client(raise_request_exception=False)
    response = client.get("/boom/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 500
    assert "Une erreur s’est produite" in response.content.decode()


@pytest.mark.django_db
def test_the_favicon_is_served(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302 and response["Location"].endswith("img/favicon.ico")
