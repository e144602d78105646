"""The project's own app: the link-miss limit's table, the cache's table, the admin site."""

from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps
from django.core.management import call_command
from django.db.models.signals import post_migrate


class ScorekeeperConfig(AppConfig):
    default = True  # this module also holds the admin's
    name = "scorekeeper"

    def ready(self) -> None:
        post_migrate.connect(create_cache_table, sender=self)


def create_cache_table(*, using: str, **kwargs) -> None:
    """`migrate` makes the cache's table too, so no deployment forgets `createcachetable`."""
    call_command("createcachetable", database=using, verbosity=0)


class SuperuserAdminConfig(admin_apps.AdminConfig):
    default = False  # named in INSTALLED_APPS
    default_site = "scorekeeper.sites.SuperuserAdminSite"
