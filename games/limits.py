"""Every limit on what a notebook holds, in one place (docs/using.md, "What is refused").

Each is beyond any real table: it is there against a runaway phone or a hostile request,
and so that whatever the app accepted, its own import reads back. Entries stop at a limit
(games.services, a RuleError saying it); files are read up to it, never short of it
(games.exports.reading); the largest session the limits allow fits in a session file
(tests/games/test_limits.py builds one at every limit, exports and restores it).
Pure Python, like games.rules: the forms, the models and the services import it."""

from __future__ import annotations

from games.rules import RuleError, gettext_noop

#: Deals or rounds in a session: every deal (one played again after a revoke too, and the
#: deal in play), every round (and the round whose bids are in). The longest schedule a
#: table can choose is no longer: a game's options go up to 200 at most (games/options/).
MOST_DEALS = 200
#: Adjustments (a table's own bonus or penalty, in a game that has them) in a session, each from
#: −ADJUSTMENT_POINTS to ADJUSTMENT_POINTS (not 0), its note at most NOTE_LENGTH characters.
MOST_ADJUSTMENTS = 100
ADJUSTMENT_POINTS = 1000
NOTE_LENGTH = 120
#: Characters in a player's name, and in a notebook's (spaces folded).
NAME_LENGTH = 40
NOTEBOOK_NAME_LENGTH = 80
#: Players and sessions in one notebook (a session deleted no longer counts).
MOST_PLAYERS = 10_000
MOST_SESSIONS = 10_000
#: Files the import page reads. A session at every limit above is at most about 0.36 MB
#: (the largest game's, in Russian: a file carries its explanations in the page's language). A
#: notebook's backup larger than NOTEBOOK_FILE_LIMIT (over 2,000 usual evenings) is restored
#: by the server's operator (``manage.py restore_notebooks`` reads any size), and each of
#: its sessions can be exported and imported on its own.
SESSION_FILE_LIMIT = 1024 * 1024
NOTEBOOK_FILE_LIMIT = 20 * 1024 * 1024
#: Entries a phone sends in one request, its backlog (games/views/backlog.py): a request
#: past it is refused whole, before any is made.
MOST_BACKLOG = 500


def too_many_deals() -> RuleError:
    return RuleError(gettext_noop("A session can have at most %(most)s deals."), most=MOST_DEALS)


def too_many_adjustments() -> RuleError:
    return RuleError(
        gettext_noop("A session can have at most %(most)s adjustments."), most=MOST_ADJUSTMENTS
    )


def adjustment_too_large() -> RuleError:
    return RuleError(
        gettext_noop("An adjustment can be at most %(most)s points."), most=ADJUSTMENT_POINTS
    )


def note_too_long() -> RuleError:
    return RuleError(gettext_noop("A note can have at most %(most)s characters."), most=NOTE_LENGTH)


def too_many_players() -> RuleError:
    return RuleError(
        gettext_noop("A notebook can have at most %(most)s players."), most=MOST_PLAYERS
    )


def too_many_sessions() -> RuleError:
    return RuleError(
        gettext_noop("A notebook can have at most %(most)s sessions."), most=MOST_SESSIONS
    )
