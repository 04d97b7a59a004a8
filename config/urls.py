"""Root addresses. Public pages at the top (players share them), staff pages under /manage/."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from arbitration.urls import arbitration_patterns
from common.views import favicon
from config.security import ThrottledAdminAuthenticationForm, ThrottledLoginView
from scoring.urls import scoring_patterns
from scoring.urls_public import screen_patterns
from scoring.urls_standings import standings_patterns
from scoring.urls_table import table_patterns
from tournaments.accounts import WelcomeView
from tournaments.urls import manage_patterns, public_patterns

# The admin has its own login page: throttle it like ours.
admin.site.login_form = ThrottledAdminAuthenticationForm

handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"

urlpatterns = [
    # Browsers ask for it at the root whatever the page says.
    path("favicon.ico", favicon, name="favicon"),
    path("", include(public_patterns)),
    path("", include(standings_patterns)),
    path("", include(screen_patterns)),
    path("", include(table_patterns)),
    path("manage/", include(manage_patterns)),
    path("manage/", include(scoring_patterns)),
    path("manage/", include(arbitration_patterns)),
    path("manage/challenges/", include("scoring.season.urls_manage")),
    path("manage/", include("scoring.season.urls_prizes")),
    path("c/", include("scoring.season.urls_public")),
    path("players/", include("scoring.season.urls_players")),
    path("api/", include("scoring.api.urls")),
    path("accounts/login/", ThrottledLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/welcome/<uidb64>/<token>/", WelcomeView.as_view(), name="welcome"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
