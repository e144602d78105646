from django.conf import settings
from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("games.urls")),
]

# Only where the operator set SCOREKEEPER_ADMIN_PATH; superusers only (scorekeeper/sites.py).
if settings.ADMIN_PATH:
    urlpatterns.insert(0, path(settings.ADMIN_PATH, admin.site.urls))
