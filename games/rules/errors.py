"""The one exception the rules raise, and the marker for its translatable messages."""

from __future__ import annotations


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it here.

    The rules package stays free of Django; `makemessages` still finds these
    strings because it knows the `gettext_noop` keyword, and the Django layer
    translates `RuleError.template` before showing it.
    """
    return message


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
