"""The admin site, for superusers only: staff accounts without superuser status are
turned away. Its own module, as Django imports it to build the default site."""

from django.contrib import admin
from django.http import HttpRequest


class SuperuserAdminSite(admin.AdminSite):
    site_header = "Scorekeeper administration"
    site_title = "Scorekeeper administration"

    def has_permission(self, request: HttpRequest) -> bool:
        return request.user.is_active and request.user.is_superuser
