"""How points came to be (games.rules.explain), translated once for screens and exports."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _

from games.rules.explain import Why


def explained(whys: Iterable[Why]) -> list[str]:
    """A rules module's ``explain_deal``, one line per step."""
    return [_line(why) for why in whys]


def _line(why: Why) -> str:
    """With the option that decided it: "... 10 + 2 = 12 (a made bid scores 10 + bid)"."""
    text = _(why.template) % why.params if why.params else _(why.template)
    return _("%(line)s (%(rule)s)") % {"line": text, "rule": _(why.rule)} if why.rule else text
