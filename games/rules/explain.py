"""How points came to be, as a sentence a player reads (issue 27: every score explains
itself). Each rule says its own beside it: games.rules.oh_hell.scoring, games.rules.kozel.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Why:
    """One line of an explanation: ``template`` is an English message marked with
    gettext_noop, ``params`` fills it (the web layer translates it as it does a
    RuleError's), ``rule`` names the table option that decided it, if one did."""

    template: str
    params: dict = field(default_factory=dict)
    rule: str | None = None

    def __str__(self) -> str:
        text = self.template % self.params if self.params else self.template
        return f"{text} ({self.rule})" if self.rule else text
