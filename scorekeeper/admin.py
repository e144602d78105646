"""Notebooks and sessions in the admin site (scorekeeper/sites.py), so an operator can
find and delete one; what a table entered is changed only through the app, so
nothing here can be edited.
"""

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
    # The key is the notebook's secret link: not shown even here.
    exclude = ["key"]


@admin.register(Game)
class GameAdmin(ReadOnly):
    list_display = ["public_id", "kind", "notebook", "created_at", "finished_at"]
    list_filter = ["kind"]
    search_fields = ["public_id", "notebook__name"]
    list_select_related = ["notebook"]
