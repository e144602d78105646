"""The admin site, for superusers only (its own module: Django imports it for the default)."""

from django.contrib import admin
from django.http import HttpRequest


class SuperuserAdminSite(admin.AdminSite):
    site_header = "Scorekeeper administration"
    site_title = "Scorekeeper administration"

    def has_permission(self, request: HttpRequest) -> bool:
        return request.user.is_active and request.user.is_superuser
