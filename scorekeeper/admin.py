"""Notebooks and sessions, for an operator to find and delete; read-only, as what a table
entered changes only through the app."""

from django.contrib import admin
from django.http import HttpRequest

from games.models import Game, Notebook


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


@admin.register(Notebook)
class NotebookAdmin(ReadOnly):
    list_display = ["__str__", "created_at"]
    search_fields = ["name"]
    # The notebook's secret link: not shown even here.
    exclude = ["key"]


@admin.register(Game)
class GameAdmin(ReadOnly):
    list_display = ["public_id", "kind", "notebook", "created_at", "finished_at"]
    list_filter = ["kind"]
    search_fields = ["public_id", "notebook__name"]
    list_select_related = ["notebook"]
