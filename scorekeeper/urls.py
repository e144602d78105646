from django.conf import settings
from django.contrib import admin
from django.core.exceptions import ImproperlyConfigured
from django.urls import include, path

from games.urls import urlpatterns as games_urlpatterns

urlpatterns = [
    path("", include("games.urls")),
    # set_language, for the switcher at the foot of every page (docs/languages.md).
    path("i18n/", include("django.conf.urls.i18n")),
]


if settings.ADMIN_PATH:
    segment = settings.ADMIN_PATH.split("/")[0]
    # The app's own first path segments ("s", "new", "sw.js" ...).
    if segment in {"static", "i18n", *(str(p.pattern).split("/")[0] for p in games_urlpatterns)}:
        raise ImproperlyConfigured(
            f"SCOREKEEPER_ADMIN_PATH must not start with {segment}/: the app uses that path."
        )
    urlpatterns.insert(0, path(settings.ADMIN_PATH, admin.site.urls))
