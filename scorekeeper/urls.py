from django.conf import settings
from django.contrib import admin
from django.core.exceptions import ImproperlyConfigured
from django.urls import include, path

from games.urls import urlpatterns as games_urlpatterns

urlpatterns = [
    path("", include("games.urls")),
    # Languages (docs/languages.md): the switcher at the foot of every page posts to set_language.
    path("i18n/", include("django.conf.urls.i18n")),
]


def app_paths() -> set[str]:
    """The first segments of the app's own paths ("s", "new", "sw.js" ...)."""
    return {str(pattern.pattern).split("/")[0] for pattern in games_urlpatterns} | {
        "static",
        "i18n",
    }


# Only where the operator set SCOREKEEPER_ADMIN_PATH; superusers only (scorekeeper/sites.py).
if settings.ADMIN_PATH:
    if settings.ADMIN_PATH.split("/")[0] in app_paths():
        raise ImproperlyConfigured(
            f"SCOREKEEPER_ADMIN_PATH must not start with {settings.ADMIN_PATH.split('/')[0]}/: "
            "the app uses that path."
        )
    urlpatterns.insert(0, path(settings.ADMIN_PATH, admin.site.urls))
