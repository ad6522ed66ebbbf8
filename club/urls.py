from django.contrib import admin
from django.http import HttpRequest, HttpResponseRedirect
from django.templatetags.static import static
from django.urls import include, path

from club.views import language_set


def favicon(request: HttpRequest) -> HttpResponseRedirect:
    """Browsers ask for /favicon.ico on pages that name no icon (the admin's, a JSON file): a 404 in
    every console otherwise."""
    return HttpResponseRedirect(static("img/favicon.svg"))


# In the reader's language even when the request failed before the locale middleware (club.middleware).
handler500 = "club.middleware.server_error"

urlpatterns = [
    path("favicon.ico", favicon),
    path("i18n/setlang/", language_set, name="set_language"),
    path("admin/", admin.site.urls),
    path("", include("ledger.urls")),
    path("", include("games.urls")),
    path("", include("club.urls_site")),
]
