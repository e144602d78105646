"""The rules of the games Scorekeeper keeps, in pure Python (no Django).

Everything a screen, an export or a statistic needs to know about a game comes
from here; the database stores only what people entered. Every refusal is a
`RuleError`, whose message is a short English sentence a player can read
(`error.template` and `error.params` let the web layer translate it).

Each game is a package here, ``games.rules.<name>``, named by its registration
(games/kinds.py); its package docstring lists its public API and the seeds or rulebook it
follows.

Games scored round by round (`games.rules.rounds`)
---------------------------------------------------

Each such game's package has ``Rules``, ``PRESETS``, ``MIN_PLAYERS``, ``MAX_PLAYERS``,
``first_plan``, ``plan_after``, ``check_round``, ``Tally`` and ``score`` returning a
`rounds.Result` (sides, rounds with points, totals and `Why` lines, places, winners,
``next_round``), and may add ``FIGURES`` and ``round_figures`` (its statistics); a game
whose bids come first (its Kind's ``bids_first``) adds ``check_bids`` and ``call``.

A game with its own entries rather than rounds also names, in ``PHONE``, the module that
scores it on the phone (games.phone_rules.figures).
"""

from games.rules.errors import RuleError, gettext_noop

__all__ = ["RuleError", "gettext_noop"]
