"""Score a game from plain JSON and answer in plain JSON, under CPython and under
MicroPython alike: what the phone's script would call, and what the test compares.

A request is ``{"game", "options", "players", "first_dealer", "entries", "ended"}``. The
options are the fields of the game's ``Rules`` (a preset's, or the table's own). The
entries are as entered: a round game's rounds as its ``check_round`` takes them, a game
with its own entries as its own ``phone`` module takes them (its rules' ``PHONE``). The
answer is the whole result, every dataclass as a dict of its fields, each `Why` also said
in English (``text``; games.rules.plain), and what the game's own module adds.
"""

import json
import sys

from games.rules.entry_fields import entry_of
from games.rules.errors import RuleError, gettext_noop
from games.rules.plain import plain, rules_of


def _rounds(game):
    def score(request):
        rules = rules_of(game.Rules, request)
        players, first_dealer = request["players"], request["first_dealer"]
        ended = request.get("ended", False)
        result = game.score(rules, players, first_dealer, request["entries"], ended)
        return plain(result)

    return score


def rules_module(name):
    """A game's rules module by its name in games.rules (a request's ``game``, which the
    server takes from the game's Kind), imported when first asked: no list of games lives
    here, so a new game is its own rules module and its registration."""
    plain_name = isinstance(name, str) and name and not name[0].isdigit()
    if not plain_name or not all(c.isalpha() or c.isdigit() or c == "_" for c in name):
        raise KeyError(name)  # (MicroPython's str has no isidentifier)
    path = "games.rules." + name
    try:
        __import__(path)
    except ImportError:
        raise KeyError(name) from None
    return sys.modules[path]


def own_phone(name):
    """A game's own entry points on the phone, if its rules say where (``PHONE``: the path
    of a module with ``score(request)`` and ``table(request)``), else None."""
    path = getattr(rules_module(name), "PHONE", None)
    if path is None:
        return None
    __import__(path)
    return sys.modules[path]


def round_game(name):
    """A game scored round by round: its rules module (``Tally``, ``score``,
    ``check_round``: games.rules.rounds), scored on the phone by the rounds' code here."""
    module = rules_module(name)
    if own_phone(name) is not None or not hasattr(module, "Tally"):
        raise KeyError(name)
    return module


def scorer(name):
    """What scores a whole game of ``name``: its own ``score``, or a round game's rounds."""
    own = own_phone(name)
    return own.score if own is not None else _rounds(round_game(name))


def score(request):
    """The whole result of a game as plain JSON, or ``{"error": template, "params": ...}``
    for a refusal by the rules (a `RuleError`), as the server would refuse it. A request
    with ``kept`` is a table on a phone (`table`, or the game's own ``table``)."""
    try:
        if "kept" in request:
            own = own_phone(request["game"])
            return table(request) if own is None else own.table(request)
        return scorer(request["game"])(request)
    except RuleError as error:
        return plain(error)


#: What the server says to a round sent after the game's end (games.services.rounds).
FINISHED = gettext_noop("This session is finished.")

#: The game a phone is scoring, kept between its requests: (what it is, the rounds added,
#: its Tally). A round kept offline then costs one ``Tally.add``, not the whole game again.
_kept = {}


def table(request):
    """A round game's table on a phone offline (docs/phone.md "Rules on the phone"): the
    stored ``entries`` and then the rounds ``kept`` on the phone, each as its form's fields
    (name -> value), made into the entry the server would store (games.rules.entry_fields)
    and added to a Tally kept from the request before when the game and the rounds before
    are the same. The answer: the standings, ``count`` rounds, the rounds from ``since`` on
    (points, totals, explanations), and the first kept round the rules refuse, if any
    (``refused``: its index in ``kept`` and the refusal), the rounds after it left out; with
    ``bids`` (the next round's bids form's fields, where they are in), the ``call``, and
    ``form``: which way the next round's form is drawn for them, where the game's module
    draws it more than one way (its ``form_variant``; the server drew each ahead)."""
    game = round_game(request["game"])
    options = request.get("options", {})
    players, first_dealer = request["players"], request["first_dealer"]
    rounds = list(request["entries"])
    refused = None
    for index, form in enumerate(request.get("kept", ())):
        try:
            rounds.append(entry_of([(name, [value]) for name, value in form.items()]))
        except RuleError as error:
            refused = {"index": index, "error": plain(error)}
            break
    key = json.dumps([request["game"], options, players, first_dealer])
    kept = _kept.get(key)
    added = kept[1] if kept else None
    if added is None or added != rounds[: len(added)]:
        kept = (key, [], game.Tally(rules_of(game.Rules, request), players, first_dealer))
        _kept.clear()
        _kept[key] = kept
    added, tally = kept[1], kept[2]
    stored = len(request["entries"])
    rules = tally.rules
    for index in range(len(added), len(rounds)):
        try:
            if index >= stored:
                # Checked as the server checks a round sent to it (services.record_round),
                # so a refusal says the server's words.
                plan = tally.result(False).next_round
                if plan is None:
                    raise RuleError(FINISHED)
                game.check_round(rules, players, plan, rounds[index])
            tally.add(rounds[index])
        except RuleError as error:
            if index < stored:
                raise
            refused = {"index": index - stored, "error": plain(error)}
            break
        added.append(rounds[index])
    result = tally.result(request.get("ended", False))
    since = request.get("since", 0)
    call = form = None
    if refused is None and request.get("bids") and result.next_round is not None:
        bids = _bids_in(request["bids"])
        call = _call(game, result.next_round, bids)
        form = _form(game, result.next_round, bids)
    return {
        "sides": plain(result.sides),
        "totals": plain(result.totals),
        "places": plain(result.places),
        "winners": plain(result.winners),
        "finished": result.finished,
        "next_round": plain(result.next_round),
        "marks": plain(result.marks),
        "out": plain(result.out),
        "count": len(result.rounds),
        "rounds": [plain(scored) for scored in result.rounds[since:]],
        "refused": refused,
        "call": call,
        "form": form,
    }


def _bids_in(fields):
    """The next round's bids phase kept on the phone (its bids form's fields) as entered, or
    None where the form cannot have sent them."""
    try:
        entry = entry_of([(name, [value]) for name, value in fields.items()])
    except RuleError:
        return None
    return entry if isinstance(entry.get("bids"), list) else None


def _call(game, plan, entry):
    """The call for the bids in, as the deal screen says it once they are in (the game's
    ``call``), or None."""
    call = getattr(game, "call", None)
    if call is None or entry is None:
        return None
    return plain(call(plan, entry["bids"]))


def _form(game, plan, entry):
    """Which way the next round's form is drawn for the bids in (the game's
    ``form_variant``), or None where the game draws it one way."""
    form_variant = getattr(game, "form_variant", None)
    if form_variant is None or entry is None:
        return None
    return form_variant(plan, entry)
