"""URL names are view names; a session's entries share table.act, told apart by action,
and backlog.entries makes several at once."""

from django.urls import path, register_converter

from games.entries import ACTIONS
from games.inputs import TokenConverter
from games.views import (
    backlog,
    export,
    home,
    notebook,
    offline,
    pwa,
    screen,
    sharing,
    sheet,
    stats,
    table,
)

register_converter(TokenConverter, "token")


def entry(segment: str, action: str):
    return path(f"s/<token:public_id>/{segment}/", table.act, {"action": action}, name=action)


urlpatterns = [
    path("", home.home, name="home"),
    path("new/", home.new_session, name="new_session"),
    path("s/<token:public_id>/", table.game, name="game"),
    path("s/<token:public_id>/live/", table.live, name="live"),
    path("s/<token:public_id>/ahead/", offline.ahead, name="ahead"),
    # Every entry of every game, each at its own URL (games.entries).
    *(entry(action.segment, name) for name, action in ACTIONS.items()),
    # A phone's entries kept offline, sent at once (docs/phone.md).
    path("s/<token:public_id>/entries/", backlog.entries, name="entries"),
    path("s/<token:public_id>/again/", table.play_again, name="play_again"),
    path("s/<token:public_id>/sheet/", sheet.sheet, name="sheet"),
    path("s/<token:public_id>/deals/<int:number>/", sheet.correct, name="correct"),
    path("s/<token:public_id>/history/", sheet.history, name="history"),
    path("s/<token:public_id>/share/", sharing.share, name="share"),
    # The big screen for a television across the room (docs/using.md).
    path("s/<token:public_id>/screen/", screen.big_screen, name="big_screen"),
    path("s/<token:public_id>/screen/live/", screen.big_screen_live, name="big_screen_live"),
    path("j/<token:key>/", sharing.join, name="join"),
    path("notebook/", notebook.notebook, name="notebook"),
    path("n/<token:key>/", notebook.open_notebook, name="open_notebook"),
    path("notebook/renew/", notebook.renew_notebook_link, name="renew_notebook_link"),
    path("players/<token:public_id>/rename/", notebook.rename_player, name="rename_player"),
    path("players/<token:public_id>/delete/", notebook.delete_player, name="delete_player"),
    path("players/<token:public_id>/merge/", notebook.merge_player, name="merge_player"),
    path("s/<token:public_id>/delete/", notebook.delete_session, name="delete_session"),
    path("notebook/undelete/", notebook.undo_delete_session, name="undo_delete_session"),
    path("notebook/forget/", notebook.forget_notebook, name="forget_notebook"),
    # docs/export-format.md
    path("s/<token:public_id>/export.csv", export.export_csv, name="export_csv"),
    path("s/<token:public_id>/export.json", export.export_json, name="export_json"),
    path("s/<token:public_id>/settle/", export.settle_up, name="settle_up"),
    path("notebook/backup/", export.backup_notebook, name="backup_notebook"),
    path("notebook/import/", export.import_session, name="import_session"),
    path("notebook/restore/", export.restore_notebook, name="restore_notebook"),
    # docs/statistics.md
    path("finished/", stats.finished, name="finished"),
    path("stats/", stats.statistics, name="statistics"),
    path("stats/<token:public_id>/", stats.player_statistics, name="player_statistics"),
    # At the root, so the service worker's scope is the whole site (docs/phone.md).
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("offline/", pwa.offline, name="offline"),
]
