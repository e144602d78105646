"""How points came to be, as sentences a player reads (issue 27: every score explains
itself); each rule says its own in its game's package (games.rules.<name>)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Why:
    """One line of an explanation: ``template`` (marked with gettext_noop, translated like a
    RuleError's) filled by ``params``; ``rule``: the table option that decided it, if any."""

    template: str
    params: dict = field(default_factory=dict)
    rule: str | None = None

    def __str__(self) -> str:
        text = self.template % self.params if self.params else self.template
        return f"{text} ({self.rule})" if self.rule else text
