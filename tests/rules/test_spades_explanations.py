"""Spades says every figure in words the catalogues can carry: each line, option and refusal
a literal marked with gettext_noop in the package (games.explanations reads them so), and
the package's documented names are there and import no Django."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules import spades
from games.rules.errors import RuleError
from tests.rules.test_rules_under_micropython import CASES
from tests.rules.test_spades_games import BOTH_SET, TO_440_EACH, E, M, X

PACKAGE = Path(spades.__file__).parent
ROOT = PACKAGE.parents[2]


def marked() -> set[str]:
    """The literal strings of gettext_noop(...) calls in the package and the shared rules."""
    files = [*PACKAGE.glob("*.py")]
    files += [PACKAGE.parent / name for name in ("errors.py", "rounds.py", "explain.py")]
    found = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "gettext_noop"
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(node.args[0].value)
    return found


def said(result) -> list:
    whys = [*result.marks]
    for scored in result.rounds:
        whys += [*scored.notes, *(why for side in scored.whys for why in side)]
    return [why for why in whys if why is not None]


GAMES = [
    (spades.Rules(mercy=-200), [M, M]),
    (spades.Rules(mercy=-200), [BOTH_SET, BOTH_SET]),
    (spades.Rules(), [*TO_440_EACH, E]),
    (spades.Rules(moon="wins"), [X]),
    *(
        (spades.Rules(**case["options"]), case["entries"])
        for name, case in CASES.items()
        if name.startswith("spades") and "refused" not in name
    ),
]


@pytest.mark.parametrize(("rules", "hands"), GAMES)
def test_every_line_and_the_option_it_names_is_a_marked_message(rules, hands) -> None:
    messages = marked()

    for why in said(spades.score(rules, 4, 0, hands)):
        assert why.template in messages
        assert why.rule is None or why.rule in messages


@pytest.mark.parametrize(
    "refuse",
    [
        lambda: spades.Rules(target=400),
        lambda: spades.Rules(bags="yes"),
        lambda: spades.first_plan(spades.Rules(), 3, 0),
        lambda: spades.score(spades.Rules(), 4, 0, [{"bids": [3, 3, 3, 3]}]),
        lambda: spades.score(spades.Rules(target=250), 4, 0, [X, X, X]),
        lambda: spades.check_bids(spades.Rules(), 4, spades.Hand(1), [0, 3, 0, 3], [True] * 4),
        lambda: spades.check_bids(spades.Rules(min_team_bid=4), 4, spades.Hand(1), [0, 3, 3, 4]),
    ],
)
def test_every_refusal_is_a_marked_sentence(refuse) -> None:
    with pytest.raises(RuleError) as refused:
        refuse()

    error = refused.value
    reason = error.params.get("reason", error)
    assert error.template in marked()
    assert reason.template in marked()
    assert str(error).endswith(".")


def test_why_blind_nil_is_not_offered_is_a_marked_message() -> None:
    plan = spades.Hand(number=2, dealer=0, cards=13, behind=(20, 0))
    for rules in (spades.Rules(), spades.Rules(blind_nil="behind")):
        why = spades.form_facts(rules, 4, plan)["blind_nil_why_not"][0]
        assert why.template in marked()


@pytest.mark.parametrize("name", spades.__all__)
def test_every_name_the_package_exports_is_there(name) -> None:
    assert getattr(spades, name) is not None


@pytest.mark.parametrize(
    "name",
    ["Rules", "PRESETS", "Hand", "hand_score", "side_counts", "check_bids", "call", "Tally"],
)
def test_the_package_docstring_documents_its_names(name) -> None:
    assert name in spades.__doc__


def test_the_package_imports_no_django() -> None:
    code = (
        "import sys, games.rules.spades; "
        "bad=[m for m in sys.modules if m=='django' or m.startswith('django.')]; "
        "sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False)

    assert done.returncode == 0
