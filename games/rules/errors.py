"""The one exception the rules raise, the marker for its translatable messages, and the
whole-number check the refusals share."""

from __future__ import annotations


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it here.

    The rules package stays free of Django; `makemessages` still finds these
    strings because it knows the `gettext_noop` keyword, and the Django layer
    translates `RuleError.template` before showing it.
    """
    return message


def is_whole(value: object) -> bool:
    """An int but not a bool: True is not a number of cards, seats or points."""
    return isinstance(value, int) and not isinstance(value, bool)


class RuleError(ValueError):
    """A refusal by the rules, with a short message a player can read.

    `template` is the English message with ``%(name)s`` placeholders (the msgid
    a translation is looked up by) and `params` fills them; `str(error)` is the
    English sentence.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)

    @property
    def message(self) -> str:
        return str(self)
