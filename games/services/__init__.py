"""One function per thing a user does, each in one transaction. Refusals: `RuleError` (the
rules say no: 422) and `Conflict` (the page was out of date: 409); either way nothing is saved.

A game's own entries are its own module's (games.services.<design>, named by its screens'
``ENTRIES``), not re-exported here; what every game shares is."""

from games.options import as_options as rules_as_options
from games.services.notebook import (
    clean_name,
    delete_player,
    forget_notebook,
    merge_player,
    notebook_of_visitor,
    play_again,
    rename_player,
    renew_notebook_link,
    start_game,
    stats_key,
)
from games.services.rounds import (
    correct_round,
    end_game,
    record_bids,
    record_round,
    seat_bid,
)
from games.services.sessions import Conflict, holding, load, table_after
from games.services.sharing import new_share_link, revoke_share_link
from games.services.undo import last_undoable, rounds_after, seat_bids_kept, undo_last, whole
