"""A round game's ``form_facts`` may say why something is not offered (a `Why`): the form
(and the forms drawn ahead for a phone offline) gets it as a sentence in the page's
language, wherever it sits in the facts."""

from __future__ import annotations

from types import SimpleNamespace

from django.utils import translation
from django.utils.translation import gettext

from games.rules.explain import Why
from games.rules.rounds import Plan
from games.screens.rounds import facts_of

SAID = "Round %(n)s scored"  # a sentence the catalogues have


def table_saying(facts: dict) -> SimpleNamespace:
    module = SimpleNamespace(form_facts=lambda rules, players, plan: facts)
    return SimpleNamespace(module=module, rules=None, players=4)


def test_a_why_in_the_facts_is_shown_as_its_sentence_in_the_pages_language() -> None:
    facts = {"why_not": [None, Why(SAID, {"n": 2})], "limit": 12, "pairs": [("H", 100)]}

    with translation.override("it"):
        shown = facts_of(table_saying(facts), Plan(number=1))
        expected = gettext(SAID) % {"n": 2}

    assert expected != "Round 2 scored"
    assert shown == {"why_not": [None, expected], "limit": 12, "pairs": [["H", 100]]}


def test_no_plan_no_facts() -> None:
    assert facts_of(table_saying({"limit": 12}), None) == {}
