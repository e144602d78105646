"""What every game's screens share: the words the phone's offline table shows in the page's
language, the URLs its script sends entries to, and the form helpers of corrections."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games import inputs
from games.access import message
from games.models import Game
from games.rules import RuleError

#: Plural forms for the script: one sentence per sample number; the script takes the one
#: whose plural category (Intl.PluralRules, the page's language) is that of its number.
SAMPLES = (1, 2, 5)

#: How often an open page asks for the table again (its ``hx-trigger``, in seconds), and how
#: often while the players' own phones are bidding: the reveal of the bids reaches every
#: phone within 3 s of the last one (issue 40), the poll's period plus its answer.
POLL_SECONDS = 3
BIDS_POLL_SECONDS = 2


#: What scores a game on a phone offline, fetched once the page is up and kept by the
#: service worker (docs/phone.md "Rules on the phone"): the page's module, its worker,
#: MicroPython and the rules' bundle (scorekeeper/staticfiles.py).
PHONE_RULES_FILES = {
    "module": "js/phone-rules.js",
    "worker": "js/rules-worker.js",
    "runtime": "vendor/micropython/micropython.mjs",
    "wasm": "vendor/micropython/micropython.wasm",
    "bundle": "phone_rules/rules.json",
}


def counted(say: Callable[[int], str], **params: object) -> dict:
    """One sentence per sample number (``say(n)``, an ngettext call), "%(n)s" kept."""
    return {str(n): say(n) % {"n": keep("n"), **params} for n in SAMPLES}


def plural(singular: str, plural_: str, **params: object) -> dict:
    return counted(lambda n: ngettext(singular, plural_, n), **params)


def keep(name: str) -> str:
    """A placeholder the script fills in, kept through Django's ``%`` formatting."""
    return f"%({name})s"


# Written as ngettext calls, not through ``plural``, so that makemessages finds them:
# these sentences are said nowhere else.
def kept_words() -> dict:
    return counted(
        lambda n: ngettext(
            "No connection · %(n)s entry kept on this phone",
            "No connection · %(n)s entries kept on this phone",
            n,
        )
    )


def sending_words() -> dict:
    return counted(
        lambda n: ngettext(
            "Sending %(n)s entry kept on this phone…",
            "Sending %(n)s entries kept on this phone…",
            n,
        )
    )


def offline_start(drawing: str, table, entries: dict) -> dict:
    """What every game's offline state begins with: which drawing, the session's version,
    the words said before the rest arrive (a connection lost in the first second), where
    each entry is sent, and the names at the table."""
    return {
        "game": drawing,
        "version": table.game.version,
        "kept": kept_words(),
        "urls": urls(table.game, tuple(entries)),
        "names": table.names,
    }


def common_words() -> dict:
    return {
        "kept": kept_words(),
        "sending": sending_words(),
        "sent": _("Back online: every entry kept on this phone was sent."),
        "pending": _("not sent yet"),
        "refused": _(
            "The server refused an entry kept on this phone. The table below is the session"
            " as the server has it."
        ),
        "waiting": _("Kept on this phone, not sent:"),
        "drop": _("Drop it"),
        "undo": _("Undo"),
        "nothing_to_undo": _("There is nothing to undo."),
        "dealer": _("dealer"),
        "actions": {
            "trump": _("Trump"),
            "bid": _("Bid"),
            "trick": _("Trick"),
            "undo_trick": _("Trick taken back"),
            "tricks": _("Tricks taken"),
            "revoke": _("Revoke"),
            "adjust": _("Adjustment"),
            "undo": _("Undo"),
        },
    }


def urls(game: Game, actions: tuple[str, ...]) -> dict:
    """Where the script sends each entry (the forms' own URLs), a backlog, and the lookups."""
    args = [game.public_id]
    return {
        "entry": {action: reverse(action, args=args) for action in (*actions, "undo")},
        "entries": reverse("entries", args=args),
        "ahead": reverse("ahead", args=args),
    }


def translate_refusals(answer: object) -> None:
    """Each ``{"refused": template}`` in a lookup, in the page's language."""
    if isinstance(answer, dict):
        if "refused" in answer:
            answer["refused"] = message(RuleError(answer["refused"]))
        else:
            for value in answer.values():
                translate_refusals(value)


def cleaned(form) -> dict:
    """The form's data, or its first error as a refusal."""
    if not form.is_valid():
        raise RuleError(next(iter(form.errors.values()))[0])
    return form.cleaned_data


def posted_version(request: HttpRequest) -> int | None:
    """None from a page older than the field (docs/using.md); a damaged one is refused."""
    if "version" not in request.POST:
        return None
    try:
        return inputs.whole(request.POST["version"], low=0, high=inputs.MOST_VERSION)
    except RuleError:
        raise RuleError(
            gettext_noop("This form is damaged: open the deal again from the score sheet.")
        ) from None
