from django.urls import path, register_converter

from games import views, views_export, views_notebook, views_pwa, views_stats
from games.inputs import TokenConverter

register_converter(TokenConverter, "token")

urlpatterns = [
    # First: every open page of a session asks for it every 3 s, and Django tries the
    # patterns in order.
    path("s/<token:public_id>/live/", views.live, name="live"),
    path("", views.home, name="home"),
    path("new/", views.new_session, name="new_session"),
    path("notebook/", views.notebook, name="notebook"),
    path("n/<token:key>/", views.open_notebook, name="open_notebook"),
    path("players/<token:public_id>/rename/", views.rename_player, name="rename_player"),
    path("s/<token:public_id>/", views.game, name="game"),
    path("s/<token:public_id>/trump/", views.trump, name="trump"),
    path("s/<token:public_id>/bid/", views.bid, name="bid"),
    path("s/<token:public_id>/trick/", views.trick, name="trick"),
    path("s/<token:public_id>/trick/undo/", views.undo_trick, name="undo_trick"),
    path("s/<token:public_id>/tricks/", views.tricks, name="tricks"),
    path("s/<token:public_id>/revoke/", views.revoke, name="revoke"),
    path("s/<token:public_id>/adjust/", views.adjust, name="adjust"),
    path("s/<token:public_id>/kozel/", views.kozel_deal, name="kozel_deal"),
    path("s/<token:public_id>/undo/", views.undo, name="undo"),
    path("s/<token:public_id>/again/", views.play_again, name="play_again"),
    path("s/<token:public_id>/sheet/", views.sheet, name="sheet"),
    path("s/<token:public_id>/deals/<int:number>/", views.correct, name="correct"),
    path("s/<token:public_id>/history/", views.history, name="history"),
    path("s/<token:public_id>/share/", views.share, name="share"),
    path("j/<token:key>/", views.join, name="join"),
    path("notebook/renew/", views.renew_notebook_link, name="renew_notebook_link"),
    # Your data is yours: delete a session or a player, merge players, forget it all.
    path("s/<token:public_id>/delete/", views_notebook.delete_session, name="delete_session"),
    path("notebook/undelete/", views_notebook.undo_delete_session, name="undo_delete_session"),
    path("players/<token:public_id>/delete/", views_notebook.delete_player, name="delete_player"),
    path("players/<token:public_id>/merge/", views_notebook.merge_player, name="merge_player"),
    path("notebook/forget/", views_notebook.forget_notebook, name="forget_notebook"),
    # Export, import and backup, settling up (docs/export-format.md).
    path("s/<token:public_id>/export.csv", views_export.export_csv, name="export_csv"),
    path("s/<token:public_id>/export.json", views_export.export_json, name="export_json"),
    path("s/<token:public_id>/settle/", views_export.settle_up, name="settle_up"),
    path("notebook/backup/", views_export.backup_notebook, name="backup_notebook"),
    path("notebook/import/", views_export.import_session, name="import_session"),
    path("notebook/restore/", views_export.restore_notebook, name="restore_notebook"),
    # History and statistics (docs/statistics.md): the notebook owner's pages.
    path("finished/", views_stats.finished, name="finished"),
    path("stats/", views_stats.statistics, name="statistics"),
    path("stats/<token:public_id>/", views_stats.player_statistics, name="player_statistics"),
    # On the home screen (docs/phone.md): at the root, so the worker's scope is the site.
    path("sw.js", views_pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", views_pwa.manifest, name="manifest"),
    path("offline/", views_pwa.offline, name="offline"),
]
