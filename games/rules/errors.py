"""The rules' one exception, its translatable-message marker, and a shared number check."""

from __future__ import annotations


def gettext_noop(message: str) -> str:
    """Mark a message for translation without Django: `makemessages` knows the keyword, and
    the Django layer translates `RuleError.template` before showing it."""
    return message


def is_whole(value: object) -> bool:
    """An int but not a bool: True is not a number of cards, seats or points."""
    return isinstance(value, int) and not isinstance(value, bool)


class RuleError(ValueError):
    """A refusal by the rules, with a short message a player can read: `template`, the
    msgid with ``%(name)s`` placeholders, filled by `params`; `str(error)` is the English.
    `where`: the entered field it is about, if it names one (`at`), kept by a refusal that
    gives it as its reason ("Round 3: ...")."""

    where = None

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)
        for value in params.values():
            if isinstance(value, RuleError) and value.where:
                self.where = value.where

    def at(self, where: str) -> RuleError:
        """This refusal, naming the field of a round's entry it is about: ``"tricks.2"``
        (a player's), or ``"tricks"`` (every player's together)."""
        self.where = where
        return self

    @property
    def message(self) -> str:
        return str(self)
